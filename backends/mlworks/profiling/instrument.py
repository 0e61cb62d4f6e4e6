"""Call counting, use recording and allocation-site naming done by the emulated code itself
(issue 11, items 1, 3; issue 15, item 2).

What flows in: the code generator walker's hook points (``codegen/walker.py``:
``on_entry(walker, item)``, ``on_use(walker, loc)``, ``on_call(walker, site)``) ask an
:class:`Instrumentation` for the instructions to emit there; what flows out: instruction
lists in the target assembler's own form (``asm_x86``: capstone-syntax strings, ``Label``,
``Jump``; ``asm_sparc``: strings, hand-encoded words, ``Label``, ``Branch``, ``SetImm``),
and after the run the counters and use flags read back with numpy (:class:`CallCounts`,
:class:`UseTable`).

Guest memory (runtime/memory.py):

* ``CALL_COUNTS + 4*i``: a 32-bit counter per code item ``i`` (numbered in the order the
  walker first asks about it), incremented at every entry: the entry hook (once per real
  call) and every self tail call (the walker's jump back to the item's top), so the counts
  are the reference interpreter's (every application);
* the *use table*: one byte per address, at ``use_entry(v) = USE_TABLE + v``. A use of the
  tagged pointer ``v`` stores a non-zero byte there (in the first 8-byte granule of the
  object's part of the table: a granule's flag is its 8 bytes or-ed). The collector's tracker reads the tables of every
  from-space area at each collection, turns the flagged objects' header ``last_use`` into
  the current era (the era only changes at a census, which always follows a collection of
  every generation, so a flag read at a collection means "used in the current era"), and
  clears those entries before the space is reused: flags never move with objects, they
  are folded into the profiling header first, which is what carrying them along would
  give. Large objects (never moved) are folded at each census and at the end.

* the *site table* (issue 15): one 16-bit entry per 8-byte granule at
  ``site_entry(a) = SITE_TABLE + 2 * (a >> 3)``. When a scheme wants objects named by
  what they are (``-hd``, ``-hy``, their restrictions, a scheme's ``needs_info_names``),
  every named inline allocation site (``on_alloc``: constructors, tuples, records, refs,
  reals, exception packets, closures) stores its number there, one number per distinct
  (description, type) (:attr:`Instrumentation.site_names`). The tracker reads the numbers
  of the creation-space objects when it gives them their header rows (their ``info``
  becomes the site's), and clears the creation space's entries before the space is
  reused; objects built by the runtime, large objects and unnamed sites read 0 and keep
  their kind's info.

Uses (the LDVU seed's, in ML terms): ``"call"`` (a closure about to be entered) and a self
tail call (its closure entered again), ``"select"`` (a field of a record, tuple or
constructor), ``"is_int"`` (a match telling boxed from unboxed constructors: guarded, an
integer is no object). ``"switch"`` scrutinises integers (constructor tags, chars), and
``"deref"`` reads a ref, which like strings and arrays is inherently used: no code.

Why this is equivalent to MLWorks-style patching: MLWorks rewrote the code of the selected
functions when profiling started and restored it at the end, so unprofiled runs paid
nothing. profkit loads all code before the run and never loads more, so generating the
instrumented code at load time -- only when a scheme needs calls or uses -- gives the same
two properties (no cost when off; every site counted when on) without a rewrite pass; with
the schemes off the image is byte-for-byte the uninstrumented one (the walker's promise).

Sequences (hook code keeps every register; it may change the flags; SPARC may clobber
%g3/%g4, x86 has no free register, hence the rotate of the site store)::

    x86    inc dword ptr [CALL_COUNTS + 4*i]
           cmp byte ptr [R + USE_TABLE], 0 ; jne L ; mov byte ptr [R + USE_TABLE], 1 ; L:
                                           (a store only for the first use since the last read)
           test R, 1 ; je skip ; <use> ; skip:                      (maybe an integer)
           ror R, 3 ; mov word ptr [R*2 + SITE_TABLE - (tag << 30)], n ; rol R, 3   (a site)
    SPARC  sethi/or %g3, CALL_COUNTS + 4*i ; ld [%g3], %g4 ; add %g4, 1, %g4 ; st %g4, [%g3]
           sethi %hi(USE_TABLE), %g3 ; stb R, [R + %g3]      (R is odd: its low byte is not 0)
           andcc R, 1, %g0 ; be skip ; nop ; <use> ; skip:
           srl R, 2, %g3 ; sethi %hi(SITE_TABLE), %g4 ; add %g3, %g4, %g3 ;
           or %g0, n, %g4 ; sth %g4, [%g3 - (tag >> 2)]                            (a site)
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from ..runtime import memory as M

_labels = itertools.count()


def _label(hint: str) -> str:
    return f".instr_{hint}_{next(_labels)}"


# ---------------------------------------------------------------- x86
def x86_count(index: int) -> list:
    """Increment code item ``index``'s call counter."""
    return [f"inc dword ptr [{M.CALL_COUNTS + 4 * index:#x}]"]


#: the x86 repeated use: two 8-byte nops, as many bytes as the recording sequence (7 + 2 + 7)
REPEATED_X86 = "nop dword ptr [eax + eax - 0x80000000]"


def x86_use(reg: str, maybe_int: bool = False, repeated: bool = False) -> list:
    """Record a use of the object the value in ``reg`` points into (``reg`` unchanged).
    ``maybe_int``: the value may be an integer: skip it. ``repeated``: its flag is known
    to be set: two ``nop``s, the two instructions the sequence runs then (cmp, jne)."""
    from ..codegen.asm_x86 import Jump, Label

    # (a guest store costs ~30x a load under unicorn: store only the first use since the
    # table was last read)
    done = _label("used")
    at = f"byte ptr [{reg} {_x86_disp(M.USE_TABLE)}]"
    body = ([REPEATED_X86, REPEATED_X86] if repeated
            else [f"cmp {at}, 0", Jump("ne", done), f"mov {at}, 1", Label(done)])
    if not maybe_int:
        return body
    skip = _label("nouse")
    return [f"test {reg}, 1", Jump("e", skip), *body, Label(skip)]


def _x86_disp(v: int) -> str:
    """A 32-bit displacement as capstone prints it (``+ 0x...`` or ``- 0x...``)."""
    return f"+ {v:#x}" if v < 0x80000000 else f"- {(1 << 32) - v:#x}"


def x86_site(reg: str, primary: int, number: int) -> list:
    """Store site ``number`` at the site-table entry of the new object in ``reg`` (tagged
    ``primary``; ``reg`` unchanged)."""
    imm = str(number) if number <= 9 else hex(number)
    return [f"ror {reg}, 3", f"mov word ptr [{reg}*2 {_x86_disp(M.site_disp(primary))}], {imm}",
            f"rol {reg}, 3"]


# ---------------------------------------------------------------- SPARC
def sparc_site(reg: str, primary: int, number: int) -> list:
    from ..codegen.asm_sparc import sethi_or

    if reg in ("%g3", "%g4"):
        raise ValueError("the site sequence clobbers %g3 and %g4")
    # (a + tag) >> 2 = a/4 + (tag >> 2) for an 8-aligned a: the entry is 2-aligned
    off = primary >> 2
    put = [f"or %g0, {number}, %g4"] if number < 4096 else list(sethi_or("%g4", number))
    return [f"srl {reg}, 2, %g3", sethi_or("%g4", M.SITE_TABLE)[0], "add %g3, %g4, %g3",
            *put, f"sth %g4, [%g3-{off}]" if off else "sth %g4, [%g3]"]


def sparc_count(index: int) -> list:
    from ..codegen.asm_sparc import SetImm

    return [SetImm("%g3", f"#{M.CALL_COUNTS + 4 * index:#x}"), "ld [%g3], %g4",
            "add %g4, 1, %g4", "st %g4, [%g3]"]


def sparc_use(reg: str, maybe_int: bool = False, repeated: bool = False) -> list:
    """As ``x86_use`` (``repeated``: two ``nop``s for the sethi and the store)."""
    from ..codegen.asm_sparc import Branch, Label, sethi_or

    if reg in ("%g3", "%g4"):
        raise ValueError("the use sequence clobbers %g3 and %g4")
    assert M.USE_TABLE & 0x3FF == 0  # sethi alone
    body = (["nop", "nop"] if repeated
            else [sethi_or("%g3", M.USE_TABLE)[0], f"stb {reg}, [{reg} + %g3]"])
    if not maybe_int:
        return body
    skip = _label("nouse")
    return [f"andcc {reg}, 1, %g0", Branch("e", skip), *body, Label(skip)]


#: site numbers are 16-bit table entries; 0 means "no site"
SITE_MAX = 0xFFFF

#: the register holding the current closure inside an item (a self tail call's closure)
SELF_CLOSURE = {"x86": "edi", "sparc": "%i1"}


# ---------------------------------------------------------------- the hook object
class Instrumentation:
    """The walker's hooks (``codegen/walker.py``, "Instrumentation hooks").

    ``calls``: count entries; ``uses``: record uses; ``names``: store each inline
    allocation's site number in the site table. The target comes from ``walker.ARCH``
    ("x86" or "sparc")."""

    def __init__(self, arch: str = "x86", *, calls: bool = True, uses: bool = False,
                 names: bool = False) -> None:
        if arch not in ("x86", "sparc"):
            raise ValueError(f"no instrumentation for --arch {arch}")
        self.arch = arch
        self.calls = calls
        self.uses = uses
        self.names = names
        #: (description, type) of site number k + 1 (0 = no site: unknown)
        self.site_names: list[tuple[str, str]] = []
        self._site_number: dict[tuple[str, str], int] = {}
        #: code item names in counter order (index = position)
        self.items: list[str] = []
        self._index: dict[str, int] = {}

    def index(self, item: Any) -> int:
        name = getattr(item, "name", item)
        i = self._index.get(name)
        if i is None:
            i = self._index[name] = len(self.items)
            self.items.append(name)
            if 4 * len(self.items) > M.CALL_COUNTS_MAX:
                raise ValueError("too many code items for the call counters")
        return i

    def _arch(self, walker: Any) -> str:
        return getattr(walker, "ARCH", self.arch)

    def count(self, arch: str, item: Any) -> list:
        i = self.index(item)
        return x86_count(i) if arch == "x86" else sparc_count(i)

    def use(self, arch: str, reg: str, maybe_int: bool = False) -> list:
        return x86_use(reg, maybe_int) if arch == "x86" else sparc_use(reg, maybe_int)

    # ---- the walker's hook points
    def on_entry(self, walker: Any, item: Any) -> list:
        """After the prologue, once per real entry: count it."""
        arch = self._arch(walker)
        self.index(item)
        return self.count(arch, item) if self.calls else []

    def on_use(self, walker: Any, loc: Any) -> list:
        if not self.uses or loc.kind in ("switch", "deref"):
            return []
        return self.use(self._arch(walker), loc.reg, maybe_int=loc.kind == "is_int")

    def on_repeated_use(self, walker: Any, loc: Any) -> list:
        """A use of a value whose use this code already recorded since the last GC point
        (``codegen/hooks.py`` ``HookSites.use``): its flag is still set, so no load or
        store, but as many instructions as the recording code runs on a set flag (virtual
        time is the instruction count: every profile stays the same)."""
        if self._arch(walker) == "x86":
            return x86_use(loc.reg, loc.kind == "is_int", repeated=True)
        return sparc_use(loc.reg, loc.kind == "is_int", repeated=True)

    def site_number(self, name: tuple[str, str]) -> int:
        """The number of the sites building ``name`` (one per distinct description and
        type, from 1); 0 when the 16-bit numbers are used up (the objects stay unnamed)."""
        n = self._site_number.get(name)
        if n is None:
            if len(self.site_names) >= SITE_MAX:
                return 0
            self.site_names.append(name)
            n = self._site_number[name] = len(self.site_names)
        return n

    def on_alloc(self, walker: Any, site: Any) -> list:
        """A new object: its site's number into the site table, when names are wanted."""
        if not self.names or not site.what:
            return []
        n = self.site_number((site.what, site.type_desc))
        if not n:
            return []
        if self._arch(walker) == "x86":
            return x86_site(site.reg, site.primary, n)
        return sparc_site(site.reg, site.primary, n)

    def on_call(self, walker: Any, site: Any) -> list:
        """A self tail call enters the item again: count it and use its closure."""
        if site.kind != "self_tail":
            return []
        arch = self._arch(walker)
        out = self.count(arch, site.item) if self.calls else []
        if self.uses:
            out += self.use(arch, SELF_CLOSURE[arch])
        return out


# ---------------------------------------------------------------- readers
class CallCounts:
    """The call counters of one machine (mapped by ``map_areas``)."""

    def __init__(self, machine, names: list[str]) -> None:
        self.m = machine
        self.names = list(names)

    def read(self) -> np.ndarray:
        n = len(self.names)
        if not n:
            return np.zeros(0, dtype=np.int64)
        return np.frombuffer(self.m.read(M.CALL_COUNTS, 4 * n), dtype="<u4").astype(np.int64)

    def by_name(self) -> dict[str, int]:
        return dict(zip(self.names, self.read().tolist()))


class UseTable:
    """numpy view of the use table (host memory, ``HeapSpace.use_table``): which objects
    of an area were used since the last read. A granule's flag is its 8 bytes or-ed, so
    the SPARC CPU's byte order (which moves a byte within its word) does not matter; the
    table is read and cleared in host memory, as the CPU stores it."""

    def __init__(self, machine) -> None:
        self.m = machine
        self.view = machine.heap_space.use_table
        self.reads = 0

    def flags(self, start: int, end: int) -> np.ndarray:
        """Whether each 8-byte granule of [start, end) (8-aligned) was flagged."""
        n = (end - start) >> 3
        if n <= 0:
            return np.zeros(0, dtype=bool)
        self.reads += 1
        return self.view[start:end].view("<u8") != 0

    def clear(self, start: int, end: int) -> None:
        if end > start:
            self.view[start:end] = 0

    def used_objects(self, start: int, end: int, starts_words: np.ndarray,
                     clear: bool = True) -> np.ndarray:
        """Indices (into ``starts_words``: object starts in words from ``start``, ascending)
        of the objects of [start, end) with a flagged granule; the entries are cleared."""
        f = self.flags(start, end)
        hit = np.flatnonzero(f)
        if clear and len(hit):
            self.clear(start, end)
        if not len(hit) or not len(starts_words):
            return np.zeros(0, dtype=np.int64)
        g0 = np.asarray(starts_words, dtype=np.int64) >> 1
        obj = np.searchsorted(g0, hit, "right") - 1
        obj = obj[obj >= 0]  # ascending (hit is): distinct values without np.unique's hash
        return obj[np.concatenate([[True], obj[1:] != obj[:-1]])] if len(obj) else obj


class SiteTable:
    """The site table of one machine, read by the tracker (runtime/tracker.py): the site
    number of objects at given addresses, and clearing a space before it is reused (so a
    stale number never names an object built by the runtime or an unnamed site). Reads and
    clears go through a numpy view of the table's host memory, in the CPU's byte order."""

    def __init__(self, machine, names: list[tuple[str, str]]) -> None:
        self.view = machine.heap_space.site_table
        #: (description, type) of site number k + 1
        self.names = list(names)

    def read(self, addrs: np.ndarray) -> np.ndarray:
        """Site numbers (0 = none) of the objects starting at ``addrs`` (8-aligned)."""
        return self.view[np.asarray(addrs, dtype=np.int64) >> 3].astype(np.int32)

    def clear(self, start: int, end: int) -> None:
        self.view[start >> 3:end >> 3] = 0


def map_areas(machine, *, calls: bool, uses: bool, names: bool = False) -> None:
    """Map the counter area, the use tables and the site table into ``machine``'s
    emulator."""
    from unicorn import UC_PROT_ALL

    if calls:
        machine.uc.mem_map(M.CALL_COUNTS - M.MAP_SLACK, M.MAP_SLACK + M.CALL_COUNTS_MAX,
                           UC_PROT_ALL)
    if uses:
        machine.heap_space.map_use_table()
    if names:
        machine.heap_space.map_site_table()
