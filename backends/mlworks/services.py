"""Runtime services: numbering (shared with the code generators) and Python implementations.

ML code calls service ``n`` with ``call [esi+0x80+4n]`` (x86); the slot holds the address of
the service's stub in the stub page, where an address-limited code hook runs the Python
implementation below. Argument in EBX (a tuple argument is a pair/record), result in EBX,
EDI = current closure. Services may allocate (through the runtime's allocator, which may
collect and fix the registers) and may raise ML exceptions (the runtime unwinds to the
innermost handler frame).
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
        ]
    )
}

SERVICE_NAMES: list[str] = sorted(SERVICES, key=SERVICES.__getitem__)

SERVICE_SLOT_BASE = 0x80  # offset in the implicit vector of service 0's slot


def service_slot(name: str) -> int:
    """Offset from the implicit vector (ESI) of the slot holding service ``name``'s stub."""
    return SERVICE_SLOT_BASE + 4 * SERVICES[name]
