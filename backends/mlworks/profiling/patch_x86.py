"""MLWorks's i386 allocation-site rewrite for space profiling (mlworks.md §3a).

Walk a code item one instruction at a time (capstone finds the boundaries, as MLWorks's
table-driven ``read_instr`` did); at each boundary

* ``3B /r`` with ModRM mod=01, rm=ESI and disp8 0x54 (``cmp r32,[esi+0x54]``, the limit
  check) gets its disp8 byte changed to 0x50 (``cmp r32,[esi+0x50]``: gc_base compares
  equal, so the ``jb`` to the fast path is never taken);
* ``FF 56 04`` (``call [esi+4]``, the GC call) gets its disp8 byte changed to 0x38
  (``call [esi+0x38]`` = ml_profile_alloc).

Only those two bytes per site change. The two counts must agree (every site has one of
each); otherwise the item is refused and nothing is written, like MLWorks's "Code
replacement ... found %d/%d mismatch". The patch list keeps the offsets, so the undo
restores exactly the bytes it changed (and checks they still hold the patched values).
"""

from __future__ import annotations

from dataclasses import dataclass

from capstone import CS_ARCH_X86, CS_MODE_32, Cs

from profkit.errors import UsageError

CMP_BYTE_1, CMP_BYTE_2_MASK, CMP_BYTE_2_TEST = 0x3B, 0xC7, 0x46
IMPLICIT_GC, IMPLICIT_PROFILE_ALLOC = 0x04, 0x38
IMPLICIT_GC_BASE, IMPLICIT_GC_LIMIT = 0x50, 0x54

_cs = Cs(CS_ARCH_X86, CS_MODE_32)


@dataclass
class ItemPatch:
    """The byte changes of one code item: absolute addresses of changed bytes with their
    (old, new) values."""

    first: int
    last: int
    edits: list[tuple[int, int, int]]

    @property
    def sites(self) -> int:
        return len(self.edits) // 2


def plan(code: bytes, first: int) -> ItemPatch:
    """The edits that profile the code ``code`` found at ``[first, first+len(code))``.
    Raises UsageError on unreadable code or a cmp/call count mismatch."""
    edits: list[tuple[int, int, int]] = []
    cmps = calls = 0
    pos = 0
    for addr, size, _mn, _ops in _cs.disasm_lite(code, first):
        b = code[pos:pos + size]
        if size >= 3 and b[0] == CMP_BYTE_1 and (b[1] & CMP_BYTE_2_MASK) == CMP_BYTE_2_TEST \
                and b[2] == IMPLICIT_GC_LIMIT:
            edits.append((addr + 2, IMPLICIT_GC_LIMIT, IMPLICIT_GC_BASE))
            cmps += 1
        elif b[:3] == bytes((0xFF, 0x56, IMPLICIT_GC)):
            edits.append((addr + 2, IMPLICIT_GC, IMPLICIT_PROFILE_ALLOC))
            calls += 1
        pos += size
    last = first + len(code)
    if pos < len(code) and any(x != 0x90 for x in code[pos:]):
        raise UsageError(f"space profiling: found unreadable code at {first + pos:#010x}")
    if cmps != calls:
        raise UsageError(f"space profiling: code replacement from {first:#010x} to "
                         f"{last:#010x} found {cmps}/{calls} mismatch")
    return ItemPatch(first, last, edits)


def apply(buf: bytearray, base: int, patch: ItemPatch, undo: bool = False) -> None:
    """Write (or undo) ``patch`` into ``buf`` holding memory from address ``base``."""
    for addr, old, new in patch.edits:
        want, put = (new, old) if undo else (old, new)
        if buf[addr - base] != want:
            raise UsageError(f"space profiling: code at {addr:#010x} changed while "
                             "profiling")
        buf[addr - base] = put
