"""The contract between the MLWorks code generators and the runtime: how ML code reaches the
runtime's services, and what the runtime raises to end a program.

ML code calls service ``n`` through slot ``n`` of the implicit vector: ``call
[esi+0x80+4n]`` (x86) or ``ld [%g5+0x80+4n], %g3 ; jmpl %g3, %o7`` (SPARC); the slot holds
the address of the service's stub. The code generators (``codegen``) need only this
numbering; the runtime (``runtime.services``) implements the services and ``runtime.machine``
fills the slots. Both import this module, so neither stage imports the other for it.
"""

from __future__ import annotations

#: Service name -> number. Slot of service n: implicit vector + 0x80 + 4n. Append only.
SERVICES: dict[str, int] = {
    name: n
    for n, name in enumerate(
        [
            "print",  # string -> unit
            "int_to_string",  # int -> string (SML format: ~ for negative)
            "real_to_string",  # real -> string (SML Real.toString format)
            "string_concat",  # (string, string) -> string
            "string_concat_list",  # string list -> string
            "string_size",  # string -> int
            "string_sub",  # (string, int) -> char; raises Subscript
            "substring",  # (string, int, int) -> string; raises Subscript
            "implode",  # char list -> string
            "explode",  # string -> char list
            "string_eq",  # (string, string) -> bool
            "string_lt",  # (string, string) -> bool
            "array_make",  # (int, 'a) -> 'a array; raises Size
            "array_sub",  # ('a array, int) -> 'a; raises Subscript
            "array_update",  # ('a array, int, 'a) -> unit; raises Subscript; write barrier
            "array_length",  # 'a array -> int
            "int_from_string",  # string -> int option (NONE = 0, SOME i = record (1-field)?)
            "structural_eq",  # ('a, 'a) -> bool: polymorphic equality on data
            "exit",  # int -> 'a: stops the program with that status
            "raise_uncaught",  # exn -> 'a: print the uncaught-exception message, exit 1
            "assign",  # ('a ref, 'a) -> unit: ref := v with the write barrier
            "string_compare",  # (string, string) -> int: ~1 / 0 / 1
            "char_to_string",  # char -> string (str)
            "string_gt",  # (string, string) -> bool
            "string_le",  # (string, string) -> bool
            "string_ge",  # (string, string) -> bool
            "array_from_list",  # 'a list -> 'a array
            "real_from_string",  # string -> real option
            "int_to_real_string",  # reserved
            "bytearray_make",  # (int, int) -> bytearray (REFPTR, BYTEARRAY header); Size
            "bytearray_sub",  # (bytearray, int) -> int (a byte); raises Subscript
            "bytearray_update",  # (bytearray, int, int) -> unit; raises Subscript
            "bytearray_length",  # bytearray -> int
            "real_fmt",  # (int, int, real) -> string: Real.fmt (0 FIX 1 SCI 2 GEN 3 EXACT, n)
        ]
    )
}

SERVICE_NAMES: list[str] = sorted(SERVICES, key=SERVICES.__getitem__)

SERVICE_SLOT_BASE = 0x80  # offset in the implicit vector of service 0's slot


def service_slot(name: str) -> int:
    """Offset from the implicit vector (ESI) of the slot holding service ``name``'s stub."""
    return SERVICE_SLOT_BASE + 4 * SERVICES[name]


class ExitProgram(Exception):
    """Raised inside a hook to end the program with a status (the ``exit`` service)."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status
