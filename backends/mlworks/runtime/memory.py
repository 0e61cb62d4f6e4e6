"""The MLWorks machine's memory map and its unicorn mapping (CONVENTIONS.md "Memory map").

| address      | what |
| ---          | ---  |
| 0x00010000   | implicit vector (ESI / %g5); runtime-service slots at +0x80 + 4n |
| 0x00011000   | runtime stubs, 16 bytes each (GC, services, exit, uncaught handler) |
| 0x00020000   | globals vector (64 KB) |
| 0x00100000   | static space: the load image, then large objects (never moved) |
| 0x01000000   | moving heap: the creation space, then generation blocks (64 KB pages) |
| 0x5F000000   | call counters (profiling/instrument.py; mapped on demand) |
| 0x60000000   | site table: 16-bit allocation-site numbers per granule (mapped on demand) |
| STACK_LO..STACK_TOP | the stack (grows down from STACK_TOP - 16) |
| 0x80555000   | use table: a byte per address below HEAP_HI (mapped on demand) |

The stack is larger than the 8 MB the conventions table gives (up to 120 MB): ``lists.sml``
recurses a million frames deep without tail calls. It is mapped in 256 KB regions, on
demand as it grows (an unmapped-access hook limited to the stack range maps the next
regions and the access is retried), as real MLWorks grew its stack.

Stack barrier (``StackSpace``): after each collection every stack region entirely above
the one holding ESP is made read-only. Those regions hold no pointer into the creation
space (the collection has just forwarded them all). The first write into one (the stack
unwinding into old frames) faults into a protection hook limited to the stack range, which
makes the region writable again and performs the write. A creation-space collection then
scans only the writable regions between ESP and the stack base, so programs with deep
stacks do not pay for the whole stack at every minor collection; collections of older
generations still scan it all.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from unicorn import UC_MODE_BIG_ENDIAN, UC_PROT_ALL, UC_PROT_READ, Uc
from unicorn.unicorn_const import (
    UC_HOOK_MEM_READ_UNMAPPED, UC_HOOK_MEM_WRITE_PROT, UC_HOOK_MEM_WRITE_UNMAPPED,
)

IMPLICIT = 0x00010000
IMPLICIT_SIZE = 0x1000
STUBS = 0x00011000
STUBS_SIZE = 0x1000
STUB_BYTES = 16
GLOBALS = 0x00020000
GLOBALS_SIZE = 0x10000
STATIC = 0x00100000
STATIC_END = 0x01000000
HEAP_LO = 0x01000000
HEAP_HI = 0x40000000
STACK_TOP = 0x7F800000
STACK_LO = 0x78000000
STACK_START = STACK_TOP - 16

# implicit-vector slots (mlworks.md §1), byte offsets from IMPLICIT
SLOT_GC = 0x04
SLOT_PROFILE_ALLOC = 0x38
SLOT_PROFILE_ALLOC_2 = 0x3C
SLOT_GC_BASE = 0x50
SLOT_GC_LIMIT = 0x54
SLOT_REAL_GC_LIMIT = 0x58
SLOT_HANDLER = 0x5C
SLOT_SERVICES = 0x80

# Profiling areas written by instrumented ML code (profiling/instrument.py; issue 11):
# one 32-bit call counter per code item, and the *use table*: one byte per byte of the
# address space below HEAP_HI. A use of the object a tagged pointer ``v`` points into
# writes a non-zero byte at ``use_entry(v) = USE_TABLE + v``: on x86 one instruction,
# ``mov byte [r + USE_TABLE], 1`` (after a ``cmp`` of the same byte), on SPARC ``sethi`` and
# ``stb``. Every object is 8-aligned and every tag is below 8, so the byte lies in the
# object's first 8-byte granule of the table whatever the tag (an interior pointer, e.g.
# into a shared closure record, lands on a later granule of the same object), and a
# granule's flag is its 8 bytes or-ed (SPARC's byte order within a word moves a byte
# within its granule only). The table is host memory (an anonymous mmap: a page costs
# nothing until a use touches it), mapped as the heap grows and read by numpy directly.
CALL_COUNTS = 0x5F000000
CALL_COUNTS_MAX = 0x00100000
USE_TABLE = 0x80555000  # up to USE_TABLE + HEAP_HI = 0xC0555000
# (Why not 0x80000000: the emulator's software TLB is direct-mapped, indexed by the page
# number modulo a power of two, so a table placed a multiple of that span above the heap
# gives each heap page and its table page the same entry: every use evicted the page being
# used, and x86 use recording cost 1.5-1.6x an unrecorded run. 0x555 pages apart, an odd
# number, they fall on different entries for every TLB size: 1.2x. The site table's page of
# heap page p is p/4 + a constant, and moving it made no measurable difference.)


# The *site table* (profiling/instrument.py, issue 15): one 16-bit entry per 8-byte granule
# of the address space below HEAP_HI, at ``site_entry(a) = SITE_TABLE + 2 * (a >> 3)``: an
# inline allocation site whose objects the schemes want named stores its number at the
# entry of its new object's first granule. x86 (no free register):
# ``ror r,3 ; mov word [r*2 + site_disp(tag)], n ; rol r,3`` (``r*2`` is then
# ``2 * (a >> 3) + (tag << 30)`` mod 2^32, so the displacement takes the tag back out);
# SPARC: ``srl r,2,%g3`` (``a/4 + (tag >> 2)``) ; ``sth n, [%g3 + SITE_TABLE - (tag >> 2)]``.
SITE_TABLE = 0x60000000
SITE_TABLE_SIZE = HEAP_HI >> 2  # up to 0x70000000: below the stack (STACK_LO)


def site_disp(tag: int) -> int:
    """The x86 displacement of the site-table store for a pointer with primary tag ``tag``
    (``[ror(v, 3) * 2 + site_disp(tag)]`` is ``site_entry(v - tag)``)."""
    return (SITE_TABLE - (tag << 30)) & 0xFFFFFFFF


def site_entry(addr: int) -> int:
    """The site-table entry of the object at (untagged) ``addr``."""
    return SITE_TABLE + 2 * (addr >> 3)


def use_entry(v: int) -> int:
    """The use-table byte of the tagged value ``v``."""
    return (USE_TABLE + v) & 0xFFFFFFFF


PAGE = 0x10000  # heap block granularity (64 KB)
ARENA = 0x400000  # the heap is mapped into unicorn in 4 MB steps as it grows


def align(n: int, a: int) -> int:
    return (n + a - 1) & ~(a - 1)


# Writes to the first bytes of a unicorn memory region are very slow (measured: ~100x on
# the first 256 bytes, unicorn 2.1), so every fixed region is mapped from a little below
# its documented start, and the heap's first page is left unused.
MAP_SLACK = 0x1000


def map_fixed(uc: Uc) -> None:
    """Map every fixed region (the heap is mapped on demand by ``HeapSpace``)."""
    uc.mem_map(IMPLICIT - MAP_SLACK, MAP_SLACK + IMPLICIT_SIZE + STUBS_SIZE, UC_PROT_ALL)
    uc.mem_map(GLOBALS - MAP_SLACK, MAP_SLACK + GLOBALS_SIZE, UC_PROT_ALL)
    uc.mem_map(STATIC - MAP_SLACK, MAP_SLACK + STATIC_END - STATIC, UC_PROT_ALL)


def stub_address(index: int) -> int:
    return STUBS + STUB_BYTES * index


@dataclass
class StaticSpace:
    """Bump allocator over static space above the load image (large objects live here and
    are never moved; see gc.py)."""

    top: int
    end: int = STATIC_END

    def alloc(self, nbytes: int) -> int | None:
        nbytes = align(nbytes, 8)
        if self.top + nbytes > self.end:
            return None
        addr = self.top
        self.top += nbytes
        return addr


def host_pages(nbytes: int, dense: bool = False) -> np.ndarray:
    """``nbytes`` of zeroed host memory as a uint8 array: an anonymous mmap, whose pages
    cost nothing until touched.

    ``dense``: memory used from its start without gaps (the heap, the stack, the
    collector's work arrays) is private and asks for transparent huge pages, so that
    touching it for the first time (the collector's to-space, a growing stack) takes one
    page fault per 2 MB instead of one per 4 KB (measured here: 4-5x less time per fresh
    MB; the kernel decides, and falls back to small pages). Sparse tables (use, site)
    keep small pages: a huge page would back 2 MB for every byte written."""
    import mmap

    if dense:
        m = mmap.mmap(-1, max(nbytes, 1), flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        try:
            m.madvise(mmap.MADV_HUGEPAGE)
        except (AttributeError, OSError):  # pragma: no cover - no THP on this system
            pass
    else:
        m = mmap.mmap(-1, max(nbytes, 1))
    return np.frombuffer(m, dtype=np.uint8)[:nbytes]


def reserve(uc: Uc, nbytes: int, dense: bool = False) -> np.ndarray:
    """``nbytes`` of zeroed host memory (``host_pages``) for guest memory mapped with
    ``uc.mem_map_ptr``, as a uint8 array."""
    ram = host_pages(nbytes, dense)
    # unicorn reads this memory for as long as the engine lives: keep the buffer with the
    # engine itself, not only with its owner here, so it cannot be unmapped first
    raw = getattr(uc, "raw", uc)
    try:
        raw.__dict__.setdefault("_profkit_ram", []).append(ram)
    except AttributeError:  # pragma: no cover - an engine object without a __dict__
        pass
    return ram


def cpu_word_dtype(uc: Uc) -> str:
    """The numpy dtype of a guest word as the CPU stores it (SPARC is big-endian)."""
    return ">u4" if uc.ctl_get_mode() & UC_MODE_BIG_ENDIAN else "<u4"


@dataclass
class HeapSpace:
    """Address-space manager of the moving heap: 64 KB-page blocks handed to generations,
    recycled through a free list, mapped into unicorn lazily in 4 MB arenas.

    The heap's guest memory is host memory profkit owns: one anonymous ``mmap`` reserving
    the whole heap range (pages cost nothing until touched), whose arenas are handed to
    unicorn with ``mem_map_ptr`` as the heap grows. ``words(addr, nbytes)`` is then a numpy
    view of guest words, read and written by the collector without a copy through
    ``mem_read``/``mem_write``. Only heap *data* is ever written through a view (unicorn
    would not notice a write to translated code there; no code lives in the heap)."""

    uc: Uc
    lo: int = HEAP_LO
    hi: int = HEAP_HI
    bump: int = HEAP_LO + PAGE  # (the first bytes of a unicorn region are slow to write)
    mapped_hi: int = HEAP_LO
    free: list[tuple[int, int]] = field(default_factory=list)  # (start, size), by address
    #: the use table (``map_use_table``): one byte per address below HEAP_HI, as the CPU
    #: stores them; its part for the heap is mapped as the heap grows
    use_table: np.ndarray | None = field(default=None, repr=False, compare=False)
    #: the site table is mapped (``map_site_table``): a view of it, grown with the heap
    site_table: np.ndarray | None = field(default=None, repr=False, compare=False)
    _site_ram: np.ndarray | None = field(default=None, repr=False, compare=False)
    #: the CPU's word order in memory ("<u4", or ">u4" for a big-endian engine: SPARC)
    word_dtype: str = ""
    _ram: np.ndarray | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.word_dtype:
            self.word_dtype = cpu_word_dtype(self.uc)

    def words(self, addr: int, nbytes: int) -> np.ndarray:
        """The guest words of the mapped heap range [addr, addr + nbytes) as a writable
        numpy view, in the CPU's byte order (``word_dtype``)."""
        if not (self.lo <= addr and addr + nbytes <= self.mapped_hi and self._ram is not None):
            raise ValueError(f"{addr:#x}+{nbytes:#x} is not in the mapped heap")
        o = addr - self.lo
        return self._ram[o:o + nbytes].view(self.word_dtype)

    def _ensure_mapped(self, end: int) -> None:
        if end > self.mapped_hi:
            new_hi = align(end, ARENA)
            if self._ram is None:
                self._ram = reserve(self.uc, self.hi - self.lo, dense=True)
            ptr = self._ram.ctypes.data + (self.mapped_hi - self.lo)
            self.uc.mem_map_ptr(self.mapped_hi, new_hi - self.mapped_hi, UC_PROT_ALL, ptr)
            if self.use_table is not None:
                self._map_uses(self.mapped_hi, new_hi)
            if self._site_ram is not None:
                self._map_sites(self.mapped_hi, new_hi)
            self.mapped_hi = new_hi

    def _map_sites(self, lo: int, hi: int) -> None:
        ram = self._site_ram
        assert ram is not None
        self.uc.mem_map_ptr(SITE_TABLE + (lo >> 2), (hi - lo) >> 2, UC_PROT_ALL,
                            ram.ctypes.data + (lo >> 2))

    def map_site_table(self) -> None:
        """Map the site table for every address below the mapped heap (host memory profkit
        owns, so ``site_table`` -- one entry per granule, in the CPU's byte order -- is read
        and cleared by the tracker without a copy); the rest follows the heap's growth."""
        if self._site_ram is None:
            self._site_ram = reserve(self.uc, SITE_TABLE_SIZE)
            self.site_table = self._site_ram.view(self.word_dtype[0] + "u2")
            self._map_sites(0, self.mapped_hi)

    def _map_uses(self, lo: int, hi: int) -> None:
        assert self.use_table is not None
        self.uc.mem_map_ptr(USE_TABLE + lo, hi - lo, UC_PROT_ALL,
                            self.use_table.ctypes.data + lo)

    def map_use_table(self) -> None:
        """Map the use table for every address below the mapped heap (static space, the
        heap so far); the rest follows the heap's growth. Unused entries cost no memory
        until written."""
        if self.use_table is None:
            self.use_table = reserve(self.uc, self.hi)
            self._map_uses(0, self.mapped_hi)

    def take(self, nbytes: int) -> int | None:
        """A block of at least ``nbytes`` (rounded to pages); None if the address space is
        exhausted."""
        size = align(max(nbytes, 1), PAGE)
        for i, (s, n) in enumerate(self.free):
            if n >= size:
                if n == size:
                    del self.free[i]
                else:
                    self.free[i] = (s + size, n - size)
                return s
        if self.bump + size > self.hi:
            return None
        s = self.bump
        self.bump += size
        self._ensure_mapped(self.bump)
        return s

    def give_back(self, start: int, nbytes: int) -> None:
        size = align(nbytes, PAGE)
        self.free.append((start, size))
        self.free.sort()
        merged: list[tuple[int, int]] = []
        for s, n in self.free:
            if merged and merged[-1][0] + merged[-1][1] == s:
                merged[-1] = (merged[-1][0], merged[-1][1] + n)
            else:
                merged.append((s, n))
        self.free = merged


STACK_REGION = 0x40000


class StackSpace:
    """The stack: regions mapped on demand, and the write barrier described above.

    Like the heap, the stack is host memory profkit owns (``reserve``; each region handed to
    unicorn with ``mem_map_ptr``), so the collector reads and fixes stack roots through
    numpy views (``words``) instead of copying the stack out and back."""

    def __init__(self, uc: Uc, initial: int = 0x100000, word_dtype: str = "<u4") -> None:
        self.uc = uc
        self.wdt = np.dtype(word_dtype)
        self.cpu_dtype = cpu_word_dtype(uc)
        self._ram = reserve(uc, STACK_TOP - STACK_LO, dense=True)
        self.lo = STACK_TOP
        for r in range(STACK_TOP - STACK_REGION, STACK_TOP - align(initial, STACK_REGION) - 1,
                       -STACK_REGION):
            self._map(r)
        self.protected: set[int] = set()
        self.min_gen: dict[int, int] = {}  # region -> youngest generation it points into
        self._scanned: list[int] = []
        self.faults = 0
        uc.hook_add(UC_HOOK_MEM_WRITE_UNMAPPED | UC_HOOK_MEM_READ_UNMAPPED, self._on_unmapped,
                    begin=STACK_LO, end=STACK_TOP - 1)
        uc.hook_add(UC_HOOK_MEM_WRITE_PROT, self._on_prot, begin=STACK_LO, end=STACK_TOP - 1)

    def _on_unmapped(self, uc, access, address, size, value, data) -> bool:
        # (a failure here is reported by unicorn as the guest fault it would have been)
        if not STACK_LO <= address < self.lo:
            return False
        try:
            self._grow(address)
        except Exception:
            return False
        return True

    def _map(self, r: int) -> None:
        # separate regions: cheap to protect
        self.uc.mem_map_ptr(r, STACK_REGION, UC_PROT_ALL,
                            self._ram.ctypes.data + (r - STACK_LO))
        self.lo = r

    def _grow(self, address: int) -> None:
        new_lo = max(STACK_LO, address & ~(STACK_REGION - 1))
        for r in range(self.lo - STACK_REGION, new_lo - 1, -STACK_REGION):
            self._map(r)

    def words(self, addr: int, nbytes: int) -> np.ndarray | None:
        """The guest words of [addr, addr + nbytes) as a writable numpy view in the CPU's
        byte order, or None if the range is not all in the mapped stack. (Writes through
        the view ignore the barrier's protection, as ``mem_write`` does.)"""
        if not (self.lo <= addr and addr + nbytes <= STACK_TOP):
            return None
        o = addr - STACK_LO
        return self._ram[o:o + nbytes].view(self.cpu_dtype)

    def _on_prot(self, uc, access, address, size, value, data) -> bool:
        r = address & ~(STACK_REGION - 1)
        if r not in self.protected:
            return False
        try:
            self._unprotect(uc, r, address, size, value)
        except Exception:
            return False
        return True

    def _unprotect(self, uc, r: int, address: int, size: int, value: int) -> None:
        uc.mem_protect(r, STACK_REGION, UC_PROT_ALL)
        self.protected.discard(r)
        self.faults += 1
        # unicorn does not redo the faulting store after this hook: perform it here
        order = "big" if self.wdt.byteorder == ">" else "little"
        uc.mem_write(address, (value & ((1 << (8 * size)) - 1)).to_bytes(size, order))

    def root_ranges(self, sp: int, level: int) -> list[tuple[int, int]]:
        """(address, bytes) of the stack words a collection of generations 0..level must
        scan: writable regions, and protected ones that may point into those
        generations."""
        out: list[tuple[int, int]] = []
        self._scanned = []
        r = sp & ~(STACK_REGION - 1)
        while r < STACK_TOP:
            if r not in self.protected or self.min_gen.get(r, 0) <= level:
                self._scanned.append(r)
                a = max(r, sp)
                if out and out[-1][0] + out[-1][1] == a:
                    out[-1] = (out[-1][0], out[-1][1] + r + STACK_REGION - a)
                else:
                    out.append((a, r + STACK_REGION - a))
            r += STACK_REGION
        return out

    def after_gc(self, sp: int, gen_of) -> None:
        """Record the youngest generation each scanned region now points into, then
        protect every writable region entirely above the one holding ``sp``."""
        for r in self._scanned:
            a = max(r, sp)
            w = self.words(a, r + STACK_REGION - a)
            w = w[(w & 1) == 1].astype(np.int64)
            self.min_gen[r] = int(gen_of(w).min()) if len(w) else 1 << 20
        self._scanned = []
        r = (sp & ~(STACK_REGION - 1)) + STACK_REGION
        while r < STACK_TOP:
            if r not in self.protected:
                self.uc.mem_protect(r, STACK_REGION, UC_PROT_READ)
                self.protected.add(r)
            r += STACK_REGION
