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

1. view each from-space area as numpy words of guest memory (``HeapSpace.words``: the
   heap is host memory mapped into unicorn with ``mem_map_ptr``, so no copy through
   ``mem_read``; SPARC's big-endian words are converted once) and parse them as one
   array (``gcmark.parse_heads``: heapscan.parse's objects, with per-object arrays only
   for the headed ones; the object holding a word is a table per double word, none for
   a heap of pairs);
2. find every scanned field that points into from-space and the object it points into
   (a range test on all words, then a table per 64 KB page of the from-space span;
   interior pointers such as shared closures are allowed), giving the from-space graph;
   the roots likewise, the stack through its own view (``StackSpace.words``);
3. mark the live objects: a breadth-first search in C over the graph as a CSR matrix
   (scipy, the ``fast`` extra) for large graphs, else a walk in Python (``mark_python``);
4. give each survivor its new address (survivors keep their address order, so a cumsum),
   relocate every pointer with one vectorised uint32 add, copy the live double words of
   each to-space block (objects are whole double words: selected as uint64) with one
   boolean selection and store them through the heap's view; root words are fixed in
   place. The forwarding table is the pair of arrays
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

from . import gcmark
from . import heapscan as HS
from .gcmark import array_extents, mark_bfs, mark_python, parse, parse_heads, scan_extents
from .gcscan import FromSpace
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
        # direct numpy views of the heap's guest words (memory.HeapSpace.words), if any
        self._view = getattr(heap, "words", None)
        #: more views of guest words, f(address, bytes) -> array or None, tried for root
        #: ranges (the machine adds the stack's: memory.StackSpace.words)
        self.views: list[Callable[[int, int], np.ndarray | None]] = []
        self._scr: dict[str, np.ndarray] = {}
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

    # ------------------------------------------------------------------ guest words
    def _area(self, start: int, top: int) -> np.ndarray | None:
        """Native uint32 words of the heap range [start, top) as a view of guest memory
        (not to be written) when the heap owns it in the host's byte order; else None."""
        if top <= start:
            return np.zeros(0, dtype=np.uint32)
        if self._view is not None:
            v = self._view(start, top - start)
            if v.dtype == np.uint32:
                return v
        return None

    def _load(self, start: int, top: int, out: np.ndarray) -> None:
        """Read the heap range [start, top) into the native uint32 array ``out``."""
        if top <= start:
            return
        if self._view is not None:
            out[:] = self._view(start, top - start)  # (converts from the CPU's order)
        else:
            out[:] = np.frombuffer(self.read(start, top - start), dtype=np.uint32)

    def _scratch(self, name: str, n: int, dtype) -> np.ndarray:
        """A work array of ``n`` elements kept between collections: fresh memory for every
        temporary would make the kernel zero new pages at each collection (measured: a
        third of a cold run's collector time)."""
        a = self._scr.get(name)
        if a is None or len(a) < n:
            a = self._scr[name] = np.empty(max(n, 1 << 16), dtype=dtype)
        return a[:n]

    def _store(self, addr: int, words: np.ndarray) -> None:
        """Write native uint32 ``words`` to the heap at ``addr``."""
        if self._view is not None:
            self._view(addr, 4 * len(words))[:] = words  # (converts to the CPU's order)
        else:
            self.write(addr, words.tobytes())

    def _root_area(self, addr: int, nbytes: int) -> tuple[np.ndarray, np.ndarray | None]:
        """(uint32 words, the writable guest view or None) of a root range."""
        for f in self.views:
            v = f(addr, nbytes)
            if v is not None:
                return v, v
        return np.frombuffer(self.read(addr, nbytes), dtype=np.uint32), None

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
        # ---- 1. from-space areas, parsed (as one: objects never straddle two areas)
        segs: list[tuple[int, int, int, Block | None]] = [
            (self.creation_start, creation_top, 0, None)]
        for g in range(1, level + 1):
            segs += [(b.start, b.top, g, b) for b in self.gens[g] if b.top > b.start]
        segs.sort(key=lambda s: s[0])
        woff = []
        off = 0
        for start, top, _g, _b in segs:
            woff.append(off)
            off += (top - start) >> 2
        W_all = self._area(*segs[0][:2]) if len(segs) == 1 else None
        # (W_all may be guest memory itself, not to be written)
        private = W_all is None
        if private:  # areas copied one after the other (in native order) into a work array
            W_all = self._scratch("W", off, np.uint32)
            for (start, top, _g, _b), o in zip(segs, woff):
                self._load(start, top, W_all[o:o + ((top - start) >> 2)])
        H = parse_heads(W_all, self._scratch)
        starts_d, hd = H.starts_d, H.hd
        # the whole parse (per-object arrays) only for the tracker
        P = H.parsed() if self.tracker is not None else None
        obj_size = P.sizes if P is not None else None
        nobj = len(starts_d)
        seg_addr = np.array([s[0] for s in segs], dtype=np.int64)
        seg_top = np.array([s[1] for s in segs], dtype=np.int64)
        seg_woff = np.array(woff, dtype=np.int64)
        if len(segs) == 1:  # (generation and area of every object: for the tracker only)
            seg_first = np.zeros(1, dtype=np.int64)
            seg_base = seg_addr
            if self.tracker is not None:
                obj_seg = np.zeros(nobj, dtype=np.int64)
                obj_gen = np.full(nobj, segs[0][2], dtype=np.int64)
            else:
                obj_seg = obj_gen = None
        else:
            seg_first = np.searchsorted(starts_d, seg_woff // 2)  # (areas: whole dwords)
            counts = np.diff(np.append(seg_first, nobj))
            seg_base = seg_addr - 4 * seg_woff
            if self.tracker is not None:
                obj_seg = np.repeat(np.arange(len(segs)), counts)
                obj_gen = np.repeat(np.array([s[2] for s in segs], dtype=np.int64), counts)
            else:
                obj_seg = obj_gen = None

        def addr_of(t: np.ndarray) -> np.ndarray:
            """The (from-space) addresses of the objects ``t``."""
            return 8 * starts_d[t] + seg_base[np.searchsorted(seg_first, t, "right") - 1]

        # per-area views of the parse, for the tracker
        bounds = np.append(seg_first, nobj).tolist()
        parsed = [HS.Parsed(*(x[i:j] - (o if k != 1 and k != 2 else 0)
                              for k, x in enumerate((P.starts, P.sizes, P.hdr, P.scan_lo,
                                                     P.scan_hi))))
                  for i, j, o in zip(bounds, bounds[1:], woff)] \
            if self.tracker is not None else []

        # own(w): the object holding word w of from-space (objects tile the areas, in
        # whole double words); a heap of pairs only (list spines) needs no table: object
        # w // 2; else a table per double word, the number of object starts before it
        pairs_only = not len(hd)
        if pairs_only:
            def own(w: np.ndarray) -> np.ndarray:
                return w >> 1
        else:
            objd = self._scratch("objd", H.m + 1, np.int32)
            objd[0] = 0
            np.cumsum(H.dstart[1:], out=objd[1:H.m])
            objd[H.m] = nobj - 1  # (an odd last word: in no object)

            def own(w: np.ndarray) -> np.ndarray:
                return objd[w >> 1]
        fs = FromSpace(seg_addr, seg_top, woff, nobj, len(W_all), own, self._scratch)
        scan_words, locate = fs.scan, fs.locate

        # ---- 2. the from-space graph: odd words in scanned fields that point into
        # from-space. Pairs are scanned whole; only headed objects have words that are
        # not scanned (headers, array links, bytes), cleared here range by range.
        clear = None
        if len(hd) or len(W_all) & 1:  # (an odd last word is in no object)
            st = 2 * starts_d[hd]
            # (the words before and after each headed object's fields, ascending)
            clear = (np.concatenate([np.column_stack([st, H.hi]).ravel(), [len(W_all) & ~1]]),
                     np.concatenate([np.column_stack([H.lo - st, st + H.size - H.hi]).ravel(),
                                     [len(W_all) & 1]]))
        cand, vals, tobj, src = scan_words(W_all, clear, keep="f", owners=True)
        # roots
        root_objs: list[np.ndarray] = []
        root_sets: list[tuple[int, np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []

        def add_root_words(addr: int, words: np.ndarray, target=None, keep="") -> None:
            pos, v, t, _ = scan_words(words, keep=keep)
            if len(pos):
                root_objs.append(t)
                root_sets.append((addr, words, pos, v, t, target))

        for i, (addr, nbytes) in enumerate(mem_roots):
            if nbytes > 0:  # (the stack, the globals: their results in work arrays)
                add_root_words(addr, *self._root_area(addr, nbytes), keep=f"r{i}")
        rem_roots = [a for a in self.remembered if not locate(np.array([a + 3]))[0][0]]
        for a, n in array_extents(self.read, rem_roots):
            add_root_words(a, np.frombuffer(self.read(a, n), dtype=np.uint32))
        for a, n in scan_extents(self.read, [a for a, _ in self.large]):
            add_root_words(a, np.frombuffer(self.read(a, n), dtype=np.uint32))
        rv = np.array(regs, dtype=np.int64)
        okr, rt = locate(rv)
        if okr.any():
            root_objs.append(rt[okr])

        # ---- 3. mark
        live = self._mark(nobj, src, tobj, root_objs)

        # ---- 4. place, relocate, write
        dsts = sorted({min(g + 1, self.G - 1) for _s, _t, g, _b in segs})
        dst_gen = np.minimum(obj_gen + 1, self.G - 1) if obj_gen is not None else None
        seg_dst = [min(g + 1, self.G - 1) for _s, _t, g, _b in segs]
        # new addresses and moves (bytes, mod 2^32: relocation is a uint32 add, as the
        # machine's words) of the survivors; dead objects' entries are never read
        new_addr = self._scratch("new_addr", nobj, np.int64)
        delta = self._scratch("delta", nobj, np.uint32)
        placements: list[tuple[int, Block, np.ndarray, bool]] = []
        new_blocks: dict[int, list[Block]] = {}
        copied = 0
        for d in dsts:
            if len(dsts) == 1:
                sel = np.flatnonzero(live)
            else:  # the live objects of the areas promoted into d, in address order
                sel = np.concatenate([np.flatnonzero(live[i:j]) + i for i, j, sd in
                                      zip(bounds, bounds[1:], seg_dst) if sd == d])
            k = len(sel)
            if not k:
                continue
            if pairs_only:
                need = 8 * k
                block, appended = self._to_block(d, need, level)
                at = np.arange(block.top, block.top + need, 8, dtype=np.int64)
            else:  # (pairs are 8 bytes: only the headed objects' sizes are looked up)
                sizes_b = np.full(k, 8, dtype=np.int64)
                i = np.searchsorted(sel, hd)
                ok = i < k
                ok[ok] = sel[i[ok]] == hd[ok]
                sizes_b[i[ok]] = 4 * H.size[ok]
                at = np.cumsum(sizes_b)
                need = int(at[-1])
                block, appended = self._to_block(d, need, level)
                at -= sizes_b
                at += block.top
            new_addr[sel] = at
            # the move: the new address less the old, 8 * starts_d + the area's base
            old = starts_d[sel]
            old <<= 3
            at -= old
            cut = np.searchsorted(sel, seg_first).tolist() + [k]
            for s_, b_ in enumerate(seg_base.tolist()):
                at[cut[s_]:cut[s_ + 1]] -= b_
            delta[sel] = at  # (mod 2^32)
            block.top += need
            copied += need >> 2
            placements.append((d, block, sel, appended))
            new_blocks.setdefault(d, [])
            if not appended:
                new_blocks[d].append(block)

        def reloc(v: np.ndarray, t: np.ndarray) -> np.ndarray:
            return np.asarray(v).astype(np.uint32) + delta[t]

        # relocate every pointer field in a private copy of from-space (those of dead
        # objects too: cheaper than selecting, and never copied), then copy the survivors
        if private and self.tracker is None:
            W2 = W_all
        else:
            W2 = self._scratch("W2", len(W_all), np.uint32)
            W2[:] = W_all
        rel = delta[tobj]
        rel += vals
        W2[cand] = rel
        # the survivors' double words (objects are whole double words), selected as uint64
        lvd = live if pairs_only else live[objd[:H.m]]
        W64 = W2[:2 * H.m].view(np.uint64)
        for d, block, sel, appended in placements:
            if len(dsts) == 1:
                addr = int(new_addr[sel[0]])
                dst = self._view(addr, 4 * copied) if self._view is not None else None
                if dst is not None and dst.dtype == np.uint32:  # (straight into the heap)
                    np.compress(lvd, W64, out=dst.view(np.uint64))
                    continue
                body = W64[lvd]
            else:  # the areas promoted into d, in address order (as ``sel``)
                parts = []
                for (a, t, _g, _b), o, sd in zip(segs, woff, seg_dst):
                    if sd == d:
                        d0, d1 = o // 2, o // 2 + ((t - a) >> 3)
                        parts.append(W64[d0:d1][lvd[d0:d1]])
                body = np.concatenate(parts)
            self._store(int(new_addr[sel[0]]), body.view(np.uint32))
        self.words_copied += copied
        for addr, words, pos, v, t, target in root_sets:
            if target is not None:  # only the words that change
                target[pos] = reloc(v, t)
            else:
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
            tf = t[okf]
            out[okf] = np.where(live[tf], new_addr[tf] + (a[okf] - addr_of(tf)), 0)
            return out

        self.forward = forward

        # ---- remembered set: arrays outside the creation space pointing to younger gens
        self._rebuild_remembered(locate, live, H.hdr, hd, new_addr, addr_of)
        self.gc_seconds += time.process_time() - t0
        return out_regs

    def _mark(self, nobj: int, src: np.ndarray, tobj: np.ndarray,
              root_objs: list[np.ndarray]) -> np.ndarray:
        """Live objects: everything reachable from the roots over the graph (``src`` ->
        ``tobj`` edges, ``src`` ascending)."""
        if not root_objs or nobj == 0:
            return np.zeros(nobj, dtype=bool)
        roots = np.concatenate(root_objs)
        if len(tobj) >= max(gcmark.SCIPY_MIN_EDGES, 1) and gcmark.have_scipy():
            return mark_bfs(nobj, src, tobj, roots, self._scratch)
        return mark_python(nobj, src, tobj, roots)

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

    def _rebuild_remembered(self, locate, live, hdr, hd, new_addr, addr_of) -> None:
        """``hdr``: the header words of the headed objects ``hd`` of from-space."""
        cands: set[int] = set()
        for a in self.remembered:
            ok, t = locate(np.array([a + 3], dtype=np.int64))
            if ok[0]:
                if live[t[0]]:
                    cands.add(int(new_addr[t[0]] + (a - addr_of(t[:1])[0])))
            else:
                cands.add(a)
        sec = hdr & 0x3F
        arr = hd[live[hd] & ((sec == V.ARRAY) | (sec == V.WEAKARRAY))]
        cands.update(new_addr[arr].tolist())
        keep = set()
        for a, n in array_extents(self.read, cands):
            w = np.frombuffer(self.read(a, n), dtype=np.uint32).astype(np.int64)
            w = w[(w & 1) == 1]
            if len(w) and (self.gen_of(w) < self.gen_of(np.array([a]))[0]).any():
                keep.add(a - 12)
        self.remembered = keep
