"""MLWorks value representation: tags, header words, object sizes (mlworks.md §2, §9).

Shared by the code generators (which emit headers and sizes inline) and the runtime (which
parses the heap). Everything is in bytes and 32-bit words.
"""

from __future__ import annotations

# Primary tags (low 3 bits of a value)
INTEGER0 = 0
PAIRPTR = 1
HEADER = 2
REFPTR = 3
INTEGER1 = 4
POINTER = 5

# Secondary tags (low 6 bits of a header word)
RECORD = 2
STRING = 10
ARRAY = 18
BYTEARRAY = 26
BACKPTR = 34
CODE = 42
HEADER50 = 50
WEAKARRAY = 58

EVACUATED = 1  # forwarding marker written over a header by the collector
CODE_OFFSET = 3  # code pointer + 3 = first instruction (item + 8)

WORD = 4
MLUNIT = 0
MLFALSE = 0
MLTRUE = 4
MLNIL = 0  # profkit's choice (MLWorks used MLINT(1)); see CONVENTIONS.md

INT_BITS = 30
INT_MIN = -(1 << (INT_BITS - 1))
INT_MAX = (1 << (INT_BITS - 1)) - 1


def mlint(i: int) -> int:
    """Tag an integer (as a 32-bit unsigned word)."""
    return (i << 2) & 0xFFFFFFFF


def unint(w: int) -> int:
    """Untag an integer word (sign-extended)."""
    w &= 0xFFFFFFFF
    if w & 0x80000000:
        w -= 1 << 32
    return w >> 2


def primary(w: int) -> int:
    return w & 7


def is_pointer(w: int) -> bool:
    return bool(w & 1)


def make_header(secondary: int, length: int) -> int:
    return ((length << 6) | secondary) & 0xFFFFFFFF


def header_secondary(h: int) -> int:
    return h & 0x3F


def header_length(h: int) -> int:
    return (h & 0xFFFFFFFF) >> 6


def double_align(n: int) -> int:
    return (n + 7) & ~7


# ---------------------------------------------------------------- sizes of inline allocations
# (mlworks.md §2 table: the bytes an ALLOCATE of each MIR kind requests)


def record_bytes(n: int) -> int:
    """A record (or vector) of n fields: 8*((n+2)//2); a pair (n == 2, unheaded) is 8."""
    return 8 * ((n + 2) // 2)


def record_needs_pad(n: int) -> bool:
    return n % 2 == 0


def string_bytes(n: int) -> int:
    """A string whose header length is n (the NUL included)."""
    return ((n + 11) // 8) * 8


REAL_BYTES = 16


def ref_bytes(n: int) -> int:
    """An array of n elements laid out {header, forward, back, elements}."""
    return 8 + 8 * ((n + 2) // 2)


def ref_needs_pad(n: int) -> bool:
    return n % 2 == 0


def bytearray_bytes_x86(n: int) -> int:
    return ((n + 12) // 8) * 8


def bytearray_bytes_sparc(n: int) -> int:
    return ((n + 11) // 8) * 8


# ---------------------------------------------------------------- parsing a heap object
# (mlworks.md §9 OBJECT_SIZE / DATA_SIZE, used by the collector and the space profiler)


def object_bytes(header: int) -> int:
    """Total size in bytes of a headed object from its header word."""
    sec = header_secondary(header)
    n = header_length(header)
    if sec in (RECORD, CODE, HEADER50):
        return double_align(4 + 4 * n)
    if sec in (STRING, BYTEARRAY):
        return double_align(4 + n)
    if sec in (ARRAY, WEAKARRAY):
        return double_align(4 * (n + 2) + 4)
    if sec == BACKPTR:
        raise ValueError("a BACKPTR header is inside a code vector, not an object")
    raise ValueError(f"bad header word {header:#x}")


def data_bytes(header: int) -> int:
    """Bytes of payload (MLWorks's DATA_SIZE): the rest of object_bytes is overhead."""
    sec = header_secondary(header)
    n = header_length(header)
    if sec in (STRING, BYTEARRAY):
        return n
    return 4 * n


def has_pointers(header: int) -> bool:
    """Whether the collector must scan the object's fields (bit 3 clear = may hold
    pointers)."""
    return not (header_secondary(header) & 8)
