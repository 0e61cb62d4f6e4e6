"""The generational copying collector of the MLWorks runtime (mlworks.md §10).

Spaces: the *creation space* (generation 0, fixed, ``config.creation_space`` bytes, MLWorks's
CREATION_SIZE 1 MB by default) and generations 1..G-1 (``config.ml_generations`` = G), each
a list of blocks in the moving heap. A collection of level ``g`` collects generations
0..g together; the survivors of generation i are promoted into i+1 (all creation-space
survivors go to generation 1, as in MLWorks), the oldest generation is copied into fresh
blocks of itself. Generation i (1 <= i < G-1) is collected when it holds more than
``max(creation * 4**i, 256 KB * 4**(i-1))`` bytes; the oldest when it also doubled since its
last collection.

How it copies. MLWorks's collector is Cheney's algorithm, forwarding objects by writing
EVACUATED over their first word. Doing that one word at a time from Python would be slow,
and it is ambiguous for pairs (a pair's first field may be any value). profkit computes the
same result in four vectorised phases instead, with forwarding kept *outside* the heap:

1. read each from-space area with one ``mem_read`` and parse it into objects (heapscan.py);
2. find every scanned field that points into from-space and the object it points into
   (``np.searchsorted``; interior pointers such as shared closures are allowed), giving the
   from-space graph as CSR; the roots likewise;
3. mark the live objects (a depth-first walk over the CSR, the only per-object loop);
4. give each survivor its new address (survivors keep their address order, so a cumsum),
   relocate every pointer with one vectorised expression, and write each to-space block
   back with one ``mem_write``. The forwarding table is the pair of arrays
   (old address, new address) of this collection.

Roots, exactly by tags (a word is a pointer iff it is odd and points into an object of
from-space): every stack word from ESP to the stack base, the registers the runtime
passes, the globals vector, the remembered set (arrays/refs outside the creation space
that the ``assign``/``array_update`` services wrote a pointer into) and large objects.

Large objects (bigger than the creation space) are allocated in static space and never
move or die (simply kept; they are scanned as roots at every collection). Code vectors
are in static space too and hold no heap pointers.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from profkit.errors import ResourceLimitError

from . import heapscan as HS
from .. import values as V
from .memory import HeapSpace, StaticSpace, align

MIN_BLOCK = 1 << 20
OLD_GEN = 1 << 20  # "generation" of static/large objects: older than everything


class Block:
    __slots__ = ("start", "size", "top", "gen", "ids")

    def __init__(self, start: int, size: int, gen: int) -> None:
        self.start = start
        self.size = size
        self.top = start
        self.gen = gen
        self.ids: np.ndarray | None = None

    @property
    def room(self) -> int:
        return self.start + self.size - self.top


class Collector:
    """Owns the heap spaces of one machine. ``read``/``write`` are the emulator's memory
    accessors (unicorn's mem_read/mem_write)."""

    def __init__(
        self,
        read: Callable[[int, int], bytes],
        write: Callable[[int, bytes], None],
        heap: HeapSpace,
        static: StaticSpace,
        *,
        creation_bytes: int = 1 << 20,
        generations: int = 4,
        max_heap: int | None = None,
        code_range: tuple[int, int] = (0, 0),
        tracker=None,
        word_dtype: str = "<u4",
    ) -> None:
        # memory is read and written through these, in the machine's byte order; the
        # collector itself works on native uint32 arrays
        self._read = read
        self._write = write
        self.wdt = np.dtype(word_dtype)
        self.heap = heap
        self.static = static
        self.creation_bytes = max(align(creation_bytes, 8), 256)
        self.G = max(2, generations)
        start = heap.take(self.creation_bytes)
        if start is None:
            raise ResourceLimitError("cannot map the creation space")
        self.creation_start = start
        self.creation_end = start + self.creation_bytes
        self.gens: list[list[Block]] = [[] for _ in range(self.G)]
        self.oldest_live = 0
        self.max_heap = max_heap
        self.code_range = code_range
        self.tracker = tracker
        self.forward = None  # set during gc observers: see runtime.Machine.gc_observers
        self.large: list[tuple[int, int]] = []  # (address, bytes)
        self.remembered: set[int] = set()  # header addresses of arrays written with pointers
        # statistics
        self.collections = [0] * self.G
        self.words_copied = 0
        self.gc_seconds = 0.0

    def read(self, addr: int, nbytes: int) -> bytes:
        b = bytes(self._read(addr, nbytes))
        if self.wdt.byteorder == ">":
            b = np.frombuffer(b, dtype=self.wdt).astype(np.uint32).tobytes()
        return b

    def write(self, addr: int, data: bytes) -> None:
        if self.wdt.byteorder == ">":
            data = np.frombuffer(data, dtype=np.uint32).astype(self.wdt).tobytes()
        self._write(addr, data)

    # ------------------------------------------------------------------ sizes and policy
    def used(self, g: int) -> int:
        return sum(b.top - b.start for b in self.gens[g])

    def budget(self, g: int) -> int:
        # at least 256 KB * 4**(g-1): a tiny creation space (--creation-space 16k) should
        # mean many minor collections, not long-lived data copied through every generation
        base = max(self.creation_bytes * 4**g, (1 << 18) * 4 ** (g - 1))
        if g == self.G - 1:
            return max(base, 2 * self.oldest_live)
        return base

    def choose_level(self) -> int:
        level = 0
        for g in range(1, self.G):
            if self.used(g) > self.budget(g):
                level = g
            else:
                break
        return level

    def heap_bytes(self) -> int:
        return (self.creation_bytes + sum(self.used(g) for g in range(1, self.G))
                + sum(n for _, n in self.large))

    # ------------------------------------------------------------------ allocation
    def alloc_large(self, nbytes: int) -> int:
        addr = self.static.alloc(nbytes)
        if addr is None:
            raise ResourceLimitError("Run out of store: no room for a large object of "
                                     f"{nbytes} bytes")
        self.large.append((addr, align(nbytes, 8)))
        if self.tracker is not None:
            self.tracker.pending_large.append(addr)
        self._check_cap()
        return addr

    def _check_cap(self) -> None:
        if self.max_heap is not None and self.heap_bytes() > self.max_heap:
            raise ResourceLimitError(
                f"Run out of store: heap exhausted ({self.heap_bytes()} bytes in use, "
                f"limit -M {self.max_heap})")

    def remember(self, header_addr: int) -> None:
        """Write barrier: an array/ref at ``header_addr`` got a pointer stored into it."""
        if not (self.creation_start <= header_addr < self.creation_end):
            self.remembered.add(header_addr)

    def gen_of(self, vals: np.ndarray) -> np.ndarray:
        """Generation of each address (0 creation, OLD_GEN outside the moving heap)."""
        blocks = [(self.creation_start, self.creation_end, 0)]
        for g in range(1, self.G):
            blocks += [(b.start, b.top, g) for b in self.gens[g]]
        blocks.sort()
        st = np.array([b[0] for b in blocks], dtype=np.int64)
        en = np.array([b[1] for b in blocks], dtype=np.int64)
        gn = np.array([b[2] for b in blocks], dtype=np.int64)
        k = np.searchsorted(st, vals, "right") - 1
        kc = np.maximum(k, 0)
        inside = (k >= 0) & (vals < en[kc])
        return np.where(inside, gn[kc], OLD_GEN)

    # ------------------------------------------------------------------ collection
    def collect(self, level: int, creation_top: int, mem_roots: list[tuple[int, int]],
                regs: list[int]) -> list[int]:
        """Collect generations 0..level. ``creation_top``: end of the used part of the
        creation space. ``mem_roots``: (address, bytes) ranges of tagged words (stack,
        globals). ``regs``: register values. Returns the fixed register values."""
        import time

        t0 = time.process_time()
        level = min(level, self.G - 1)
        for g in range(level + 1):
            self.collections[g] += 1
        # ---- 1. from-space areas, parsed
        segs: list[tuple[int, int, int, Block | None]] = [
            (self.creation_start, creation_top, 0, None)]
        for g in range(1, level + 1):
            segs += [(b.start, b.top, g, b) for b in self.gens[g] if b.top > b.start]
        segs.sort(key=lambda s: s[0])
        Ws, parsed, woff = [], [], []
        off = 0
        for start, top, _g, _b in segs:
            W = np.frombuffer(self.read(start, top - start), dtype=np.uint32) if top > start \
                else np.zeros(0, dtype=np.uint32)
            Ws.append(W)
            parsed.append(HS.parse(W))
            woff.append(off)
            off += len(W)
        W_all = np.concatenate(Ws) if Ws else np.zeros(0, dtype=np.uint32)
        seg_addr = np.array([s[0] for s in segs], dtype=np.int64)
        seg_top = np.array([s[1] for s in segs], dtype=np.int64)
        seg_woff = np.array(woff, dtype=np.int64)
        seg_gen = np.array([s[2] for s in segs], dtype=np.int64)
        counts = [len(p.starts) for p in parsed]
        obj_seg = np.repeat(np.arange(len(segs)), counts)
        obj_start = np.concatenate([p.starts + o for p, o in zip(parsed, woff)])
        obj_size = np.concatenate([p.sizes for p in parsed])
        obj_hdr = np.concatenate([p.hdr for p in parsed])
        scan_lo = np.concatenate([p.scan_lo + o for p, o in zip(parsed, woff)])
        scan_hi = np.concatenate([p.scan_hi + o for p, o in zip(parsed, woff)])
        obj_addr = seg_addr[obj_seg] + 4 * (obj_start - seg_woff[obj_seg])
        obj_gen = seg_gen[obj_seg]
        nobj = len(obj_start)

        # owner[w]: the object holding word w of from-space (objects tile the areas)
        owner = np.repeat(np.arange(nobj, dtype=np.int64), obj_size)
        last_w = max(len(owner) - 1, 0)

        def locate(vals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
            if len(seg_addr) == 1:
                ok = (vals >= seg_addr[0]) & (vals < seg_top[0]) & ((vals & 1) == 1)
                widx = (vals - seg_addr[0]) >> 2
            else:
                s = np.searchsorted(seg_addr, vals, "right") - 1
                sc = np.maximum(s, 0)
                ok = (s >= 0) & (vals < seg_top[sc]) & ((vals & 1) == 1)
                widx = seg_woff[sc] + ((vals - seg_addr[sc]) >> 2)
            if not len(owner):
                return ok & False, np.zeros(len(vals), dtype=np.int64)
            return ok, owner[np.clip(widx, 0, last_w)]

        # ---- 2. the from-space graph
        mask = HS.scan_mask(len(W_all), scan_lo, scan_hi) & ((W_all & 1) == 1)
        cand = np.flatnonzero(mask)
        vals = W_all[cand].astype(np.int64)
        ok, tobj = locate(vals)
        cand, vals, tobj = cand[ok], vals[ok], tobj[ok]
        src = owner[cand]
        # roots
        root_objs: list[np.ndarray] = []
        root_sets: list[tuple[int, np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []

        def add_root_words(addr: int, words: np.ndarray) -> None:
            odd = np.flatnonzero(words & 1)
            if not len(odd):
                return
            v = words[odd].astype(np.int64)
            okr, t = locate(v)
            if okr.any():
                root_objs.append(t[okr])
                root_sets.append((addr, words, odd[okr], v[okr], t[okr]))

        for addr, nbytes in mem_roots:
            if nbytes > 0:
                add_root_words(addr, np.frombuffer(self.read(addr, nbytes), dtype=np.uint32))
        rem_roots = [a for a in self.remembered if not locate(np.array([a + 3]))[0][0]]
        for a, n in self._array_extents(rem_roots):
            add_root_words(a, np.frombuffer(self.read(a, n), dtype=np.uint32))
        for a, n in self._scan_extents([a for a, _ in self.large]):
            add_root_words(a, np.frombuffer(self.read(a, n), dtype=np.uint32))
        rv = np.array(regs, dtype=np.int64)
        okr, rt = locate(rv)
        if okr.any():
            root_objs.append(rt[okr])

        # ---- 3. mark
        live = self._mark(nobj, src, tobj, root_objs)

        # ---- 4. place, relocate, write
        dst_gen = np.minimum(obj_gen + 1, self.G - 1)
        new_addr = np.zeros(nobj, dtype=np.int64)
        placements: list[tuple[int, Block, np.ndarray, bool]] = []
        new_blocks: dict[int, list[Block]] = {}
        for d in sorted(set(dst_gen[live].tolist())):
            sel = np.flatnonzero(live & (dst_gen == d))
            sizes_b = obj_size[sel] * 4
            need = int(sizes_b.sum())
            block, appended = self._to_block(d, need, level)
            base = block.top
            new_addr[sel] = base + np.cumsum(sizes_b) - sizes_b
            block.top += need
            placements.append((d, block, sel, appended))
            new_blocks.setdefault(d, [])
            if not appended:
                new_blocks[d].append(block)

        def reloc(v: np.ndarray, t: np.ndarray) -> np.ndarray:
            return ((new_addr[t] + (v - obj_addr[t])) & 0xFFFFFFFF).astype(np.uint32)

        W2 = W_all.copy()
        W2[cand] = reloc(vals, tobj)
        for d, block, sel, appended in placements:
            idx = HS.concat_ranges(obj_start[sel], obj_size[sel])
            self.write(int(new_addr[sel[0]]), W2[idx].tobytes())
        copied = int(obj_size[live].sum())
        self.words_copied += copied
        for addr, words, pos, v, t in root_sets:
            w = words.copy()
            w[pos] = reloc(v, t)
            self.write(addr, w.tobytes())
        out_regs = list(regs)
        for i in np.flatnonzero(okr).tolist():
            out_regs[i] = int(reloc(rv[i:i + 1], rt[i:i + 1])[0])

        # ---- events (only when some scheme listens)
        if self.tracker is not None:
            self.tracker.collected(self, W_all, segs, parsed, woff, obj_seg, obj_gen, dst_gen,
                                   obj_size, live, placements, level)

        # ---- free from-space, install to-space
        for g in range(1, level + 1):
            for b in self.gens[g]:
                self.heap.give_back(b.start, b.size)
            self.gens[g] = []
        for d, blocks in new_blocks.items():
            self.gens[d].extend(blocks)
        if level == self.G - 1:
            self.oldest_live = self.used(self.G - 1)

        # ---- forwarding for observers (the space profiler), valid until the next collection
        def forward(addrs: np.ndarray) -> np.ndarray:
            a = np.asarray(addrs, dtype=np.int64)
            okf, t = locate(a | 1)
            out = a.copy()
            out[okf] = np.where(live[t[okf]], new_addr[t[okf]] + (a[okf] - obj_addr[t[okf]]), 0)
            return out

        self.forward = forward

        # ---- remembered set: arrays outside the creation space pointing to younger gens
        self._rebuild_remembered(locate, live, obj_hdr, new_addr, obj_addr)
        self.gc_seconds += time.process_time() - t0
        return out_regs

    def _mark(self, nobj: int, src: np.ndarray, tobj: np.ndarray,
              root_objs: list[np.ndarray]) -> np.ndarray:
        """Live objects: everything reachable from the roots over the CSR graph."""
        if not root_objs or nobj == 0:
            return np.zeros(nobj, dtype=bool)
        m0 = np.zeros(nobj, dtype=bool)
        m0[np.concatenate(root_objs)] = True
        offs_a = np.searchsorted(src, np.arange(nobj + 1))
        if len(tobj) == 0:
            return m0
        # breadth-first in numpy while the frontier is wide (many roots, wide records),
        # then depth-first in Python (chains: list spines)
        deg = np.diff(offs_a)
        frontier = np.flatnonzero(m0 & (deg > 0))
        while len(frontier) > 2048:
            kids = tobj[HS.concat_ranges(offs_a[frontier], deg[frontier])]
            kids = np.unique(kids[~m0[kids]])
            m0[kids] = True
            frontier = kids[deg[kids] > 0]
        return _mark_dfs(nobj, tobj, offs_a, m0, frontier)

    def _to_block(self, d: int, need: int, level: int) -> tuple[Block, bool]:
        """Where the survivors promoted into generation ``d`` go: the tail block of ``d``
        if it is not being collected and has room, else a fresh block."""
        if d > level and self.gens[d] and self.gens[d][-1].room >= need:
            return self.gens[d][-1], True
        size = max(need, MIN_BLOCK)
        start = self.heap.take(size)
        if start is None:
            raise ResourceLimitError("Run out of store: the heap address space is exhausted")
        return Block(start, align(size, 0x10000), d), False

    def _scan_extents(self, addrs) -> list[tuple[int, int]]:
        """(address, bytes) of the tagged fields of the headed objects at ``addrs``
        (records after the header, arrays after header and links; none for bytes)."""
        out = []
        for a in addrs:
            h = int.from_bytes(self.read(a, 4), "little")
            sec, n = V.header_secondary(h), V.header_length(h)
            if sec == V.RECORD and n:
                out.append((a + 4, 4 * n))
            elif sec in (V.ARRAY, V.WEAKARRAY) and n:
                out.append((a + 12, 4 * n))
        return out

    def _array_extents(self, addrs) -> list[tuple[int, int]]:
        """(address of the first element, bytes) of the elements of arrays at ``addrs``."""
        out = []
        for a in sorted(addrs):
            h = int.from_bytes(self.read(a, 4), "little")
            n = V.header_length(h)
            if V.header_secondary(h) in (V.ARRAY, V.WEAKARRAY) and n:
                out.append((a + 12, 4 * n))
        return out

    def _rebuild_remembered(self, locate, live, obj_hdr, new_addr, obj_addr) -> None:
        cands: set[int] = set()
        for a in self.remembered:
            ok, t = locate(np.array([a + 3], dtype=np.int64))
            if ok[0]:
                if live[t[0]]:
                    cands.add(int(new_addr[t[0]] + (a - obj_addr[t[0]])))
            else:
                cands.add(a)
        sec = obj_hdr & 0x3F
        arr = np.flatnonzero(live & ((sec == V.ARRAY) | (sec == V.WEAKARRAY)) & (obj_hdr != 0))
        cands.update(new_addr[arr].tolist())
        keep = set()
        for a, n in self._array_extents(cands):
            w = np.frombuffer(self.read(a, n), dtype=np.uint32).astype(np.int64)
            w = w[(w & 1) == 1]
            if len(w) and (self.gen_of(w) < self.gen_of(np.array([a]))[0]).any():
                keep.add(a - 12)
        self.remembered = keep


# ------------------------------------------------------------------ marking
# (Measured: ranking list spines with numpy pointer jumping, so that whole chains are marked
# at once, was slower than this loop on the reference programs; the loop it is.)


def _mark_dfs(nobj: int, tobj: np.ndarray, offs_a: np.ndarray, m0: np.ndarray,
              start: np.ndarray) -> np.ndarray:
    """Depth-first in Python from ``start`` (marked objects whose children may not be),
    following each object's last child (a
    list's tail) without touching the stack: last[o] = last child or -1; prev[o] = the other
    child of a 2-child object, -1 none, -2 several (read from the CSR)."""
    deg = np.diff(offs_a)
    nt = len(tobj)
    has = deg > 0
    last = np.where(has, tobj[np.clip(offs_a[1:] - 1, 0, nt - 1)], -1)
    prev = np.where(deg == 2, tobj[np.clip(offs_a[1:] - 2, 0, nt - 1)],
                    np.where(deg > 2, -2, -1))
    if (deg > 2).any():
        offs_l, tl = offs_a.tolist(), tobj.tolist()
    else:
        offs_l = tl = []
    last_l, prev_l = last.tolist(), prev.tolist()
    mark = bytearray(m0.astype(np.uint8).tobytes())
    stack = start.tolist()
    pop, push = stack.pop, stack.append
    while stack:
        o = pop()
        while True:
            p = prev_l[o]
            if p != -1:
                if p == -2:
                    for j in range(offs_l[o], offs_l[o + 1] - 1):
                        c = tl[j]
                        if not mark[c]:
                            mark[c] = 1
                            push(c)
                elif not mark[p]:
                    mark[p] = 1
                    push(p)
            c = last_l[o]
            if c < 0 or mark[c]:
                break
            mark[c] = 1
            o = c
    return np.frombuffer(bytes(mark), dtype=np.uint8).astype(bool)
