"""MLWorks's SPARC allocation-site rewrite and profiling routines (mlworks.md §3b, §4b).

Patch (arch_code.c recognisers, word for word): a 3-word window

    taddcctv %g1, SIZE, %g1   /  add|or %g2, TAG, rd  /  add %g2, SIZE, %g2
becomes
    jmpl %g5+0x38|0x44, %g5   /  or %g0, SIZE, %g4    /  add|or %g4, TAG, rd

(0x44 = the leaf entry, chosen by the ``or``). The scanner advances 3 words after a hit,
else 1. Undo is the inverse; the edit list is kept so exactly the changed words are
restored.

Profiling entry: the jmpl lands on a 3-word stub in the implicit vector (slots
profile_alloc 0x38..0x40, profile_alloc_leaf 0x44..0x4c) ``sethi %hi(R), %g3 ; jmpl
%g3+%lo(R), %g0 ; nop`` leading to ``ml_profile_alloc[_leaf]`` R. Deviation from MLWorks:
the stub uses %g3 (profkit's raw scratch register) instead of %g1, because in profkit %g1
is the live limit-test register and the routine performs the allocation with it, and the
routine runs without a register window (profkit's flat convention, codegen_sparc.py):

    taddcctv %g1, %g4, %g1     the ordinary allocation: traps into the GC when full
    add|or   %g2, 0, %g3       (the trap handler decodes it like any site; rd = %g3)
    add      %g2, %g4, %g2
    record (%i1 = current closure, %g3 = address) at [AREA_PTR], unless the area is full
    (then the thread word DROPPED counts it), %g5 = the implicit vector again, %g4 = the
    address, return to the continuation + 8 (the site's third word tags %g4 into rd).

Limitation: runs whose instructions are counted (ticks, censuses, --max-steps) have every
``jmpl`` emulated by a hook that skips its delay slot (arch_sparc.jmpl_hooks); a patched
site's delay slot sets %g4, so space profiling on SPARC refuses counted runs.
"""

from __future__ import annotations

import struct

from ..codegen import asm_sparc as A
from ..runtime import memory as M
from ..codegen.asm_sparc import Branch, Label
from .patch_x86 import ItemPatch
from .routines import AREA_LIMIT, AREA_PTR

JMPINSTR, JMPINSTR_LEAF = 0x8BC16038, 0x8BC16044
SIZE_MASK = 0x3FFF
MOV_BITS = 0x88100000
ADD_OR_G4_BITS = 0x80012000
G2_G4 = 0x8000

RET = 0x810  # thread word: the continuation while the routine runs
TMP = 0x814
DROPPED = 0x818  # records lost because the area was full (never in practice)
# In the implicit-vector page, not the stub page: the SPARC runtime restarts a slice that
# stopped just after a control transfer in the stub page at the caller's %o7 + 8 (a stub's
# ``retl``), which would be wrong in a routine's branch delay slot (counted runs).
ROUTINES_SPARC = M.IMPLICIT + 0xC00


def plan(words: list[int], first: int) -> ItemPatch:
    """Edits (address, old word, new word) profiling the words at ``first``."""
    edits: list[tuple[int, int, int]] = []
    for i, leaf in A.alloc_sites(words):
        i1, i2, _i3 = words[i:i + 3]
        size = i1 & SIZE_MASK
        new = (JMPINSTR_LEAF if leaf else JMPINSTR, MOV_BITS + size, i2 + G2_G4)
        for k in range(3):
            edits.append((first + 4 * (i + k), words[i + k], new[k]))
    return ItemPatch(first, first + 4 * len(words), edits)


def unpatch_words(words: list[int]) -> list[int]:
    """MLWorks's ``remove_space_profiling`` scan (the inverse rewrite), for checking."""
    out = list(words)
    i = 0
    while i + 2 < len(out):
        p0, p1, p2 = out[i:i + 3]
        if p0 in (JMPINSTR, JMPINSTR_LEAF) and (p1 & A.ARITH_MASK) == MOV_BITS \
                and (p2 & A.ADD_OR_MASK) == ADD_OR_G4_BITS:
            size = p1 & SIZE_MASK
            out[i:i + 3] = [A.TADDCCTV_BITS + size, p2 - G2_G4, A.ADD_BITS + size]
            i += 3
        else:
            i += 1
    return out


def apply_words(buf: bytearray, base: int, patch: ItemPatch, undo: bool = False) -> None:
    """Write (or undo) ``patch`` into ``buf`` (the runtime's little-endian word view)."""
    for addr, old, new in patch.edits:
        want, put = (new, old) if undo else (old, new)
        if struct.unpack_from("<I", buf, addr - base)[0] != want:
            from profkit.errors import UsageError

            raise UsageError(f"space profiling: code at {addr:#010x} changed while profiling")
        struct.pack_into("<I", buf, addr - base, put)


def _routine(leaf: bool) -> list:
    imp = f"{M.IMPLICIT:#x}"
    return [
        "taddcctv %g1, %g4, %g1",
        f"{'or' if leaf else 'add'} %g2, 0, %g3",
        "add %g2, %g4, %g2",
        f"sethi %hi({imp}), %g4",
        f"st %g5, [%g4+{RET:#x}]",
        f"ld [%g4+{AREA_PTR:#x}], %g5",
        f"st %g3, [%g4+{TMP:#x}]",
        f"ld [%g4+{AREA_LIMIT:#x}], %g3",
        "subcc %g5, %g3, %g0",
        f"ld [%g4+{TMP:#x}], %g3",
        Branch("cs", "room"),  # AREA_PTR < AREA_LIMIT (unsigned borrow)
        f"ld [%g4+{DROPPED:#x}], %g5",
        "add %g5, 1, %g5",
        f"st %g5, [%g4+{DROPPED:#x}]",
        Branch("a", "done"),
        Label("room"),
        "st %i1, [%g5]",
        "st %g3, [%g5+4]",
        "add %g5, 8, %g5",
        f"st %g5, [%g4+{AREA_PTR:#x}]",
        Label("done"),
        "or %g4, %g0, %g5",  # %g5 = the implicit vector again
        "or %g3, %g0, %g4",  # the result: untagged address
        f"ld [%g5+{RET:#x}], %g3",
        "jmpl %g3+8, %g0",  # to the site's third word (delay slot nop: see asm_sparc)
        "nop",
    ]


def routines(origin: int = ROUTINES_SPARC) -> tuple[bytes, int, int]:
    """(code in the runtime's word view, address of ml_profile_alloc, of the leaf one)."""
    a = A.assemble(_routine(False))
    b = A.assemble(_routine(True))
    code = a.link(origin) + b.link(origin + a.size)
    return code, origin, origin + a.size


def stub(target: int) -> bytes:
    """The 3-word implicit-vector stub: ``sethi %hi(R),%g3; jmpl %g3+%lo(R),%g0; nop``."""
    hi = (3 << 25) | (4 << 22) | (target >> 10)
    jmpl = (2 << 30) | (0 << 25) | (0x38 << 19) | (3 << 14) | (1 << 13) | (target & 0x3FF)
    return struct.pack("<3I", hi, jmpl, A.NOP)
