"""MLWorks's time profiler: scanning the emulated ML stack at every tick (mlworks.md §0, §6).

What flows in: the machine (stack memory, registers, the code vector's items) at each
virtual-timer tick; what flows out: the stack of code items at that instant, as a
StackTable id for ``profkit_tick`` (so ``-p``/``-P``/``-pj`` get a real call tree), and
MLWorks's per-function time statistics (``TimeStats``) for the time report.

Frames are found by walking the stack with the code items' frame sizes (framewalk.py:
one word read per frame, from the PC's item and its place in its prologue or epilogue);
each return address names its frame's caller through the code vector, as MLWorks named
frames. On SPARC a function whose link is still (or again) only in %o7 has its caller
there.

From a scan (innermost first) the tick's stack is built outermost first on MAIN with GHC's
loop check (pushing a cost centre already on the stack returns to that stack), so nfib's
million-deep recursion is one ``MAIN/<Setup>/main/nfib`` node. Scans are incremental: the
part of the stack below the deepest frame unchanged since the previous tick (same stack
addresses, same return addresses) keeps its stack ids, so only new frames are pushed.

MLWorks's statistics per scan (profiler.c ``time_profile_scan``): ``found`` += frames of the
function, ``scans`` += 1 if it has any, ``top`` += 1 for the innermost, ``depth`` = the most
frames of it in one scan minus one, ``self`` = the longest run of consecutive frames of it
minus one; with a manner depth d > 0, the same counts for its chains of up to d callers.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from profkit.tables import StackTable

from ..runtime import memory as M
from .framewalk import C_SOURCE, FrameWalk


#: scans of at most this many frames are counted in plain Python lists: numpy's cost per
#: call dominates on short stacks
SMALL = 256

class TimeStats:
    """Per code item (index = image item order) MLWorks time-profile counters."""

    def __init__(self, n: int, depth: int = 0) -> None:
        self.found = np.zeros(n, dtype=np.int64)
        self.scans_of = np.zeros(n, dtype=np.int64)
        self.top = np.zeros(n, dtype=np.int64)
        self.max_depth = np.zeros(n, dtype=np.int64)
        self.self_ = np.zeros(n, dtype=np.int64)
        self.depth = depth
        #: (item, caller chain innermost first) -> [found, scans, top]
        self.callers: dict[tuple[int, tuple[int, ...]], list[int]] = defaultdict(
            lambda: [0, 0, 0])
        self.scans = 0
        self.frames = 0
        self.max_frames = 0

    def add(self, f) -> None:
        """One scan: ``f`` = item index of every frame, innermost first (a list or an
        array)."""
        self.scans += 1
        n = len(f)
        self.frames += n
        self.max_frames = max(self.max_frames, n)
        if not n:
            return
        if n <= SMALL and not self.depth:  # the same counts, without numpy's per-call cost
            self._add_small(f if isinstance(f, list) else f.tolist())
            return
        f = np.asarray(f, dtype=np.int64)
        cnt = np.bincount(f, minlength=len(self.found))
        present = cnt > 0
        self.found += cnt
        self.scans_of += present
        self.top[f[0]] += 1
        np.maximum(self.max_depth, np.where(present, cnt - 1, 0), out=self.max_depth)
        # runs of equal consecutive frames
        brk = np.flatnonzero(np.diff(f) != 0)
        starts = np.concatenate([[0], brk + 1])
        lens = np.diff(np.concatenate([starts, [n]]))
        np.maximum.at(self.self_, f[starts], lens - 1)
        if self.depth:
            self._callers(f)

    def _add_small(self, f: list[int]) -> None:
        counts: dict[int, int] = {}
        for x in f:
            counts[x] = counts.get(x, 0) + 1
        found, scans_of, max_depth = self.found, self.scans_of, self.max_depth
        for x, c in counts.items():
            found[x] += c
            scans_of[x] += 1
            if c - 1 > max_depth[x]:
                max_depth[x] = c - 1
        self.top[f[0]] += 1
        self_ = self.self_
        run, prev = 0, f[0]
        for x in f[1:] + [-1]:
            if x == prev:
                run += 1
                continue
            if run > self_[prev]:
                self_[prev] = run
            run, prev = 0, x

    def _callers(self, f: np.ndarray) -> None:
        n = len(f)
        pad = np.concatenate([f, np.full(self.depth, -1, dtype=f.dtype)])
        for k in range(1, self.depth + 1):
            if n < 2:
                break
            rows = np.stack([pad[j: j + n] for j in range(k + 1)], axis=1)[: max(n - k, 0)]
            if not len(rows):
                break
            is_top = np.zeros(len(rows), dtype=bool)
            is_top[0] = True
            uniq, inv, counts = np.unique(rows, axis=0, return_inverse=True, return_counts=True)
            tops = np.bincount(inv.reshape(-1), weights=is_top, minlength=len(uniq))
            for r, c, t in zip(uniq.tolist(), counts.tolist(), tops.tolist()):
                e = self.callers[(r[0], tuple(r[1:]))]
                e[0] += c
                e[1] += 1
                e[2] += int(t)


class StackScanner:
    """Scans the machine's stack; ``scan(pc)`` -> StackTable id of the current stack."""

    def __init__(self, machine, tables, item_cc: list[int], time_depth: int = 0,
                 stats: bool = False, use_c: bool | None = None) -> None:
        self.m = machine
        self.stacks = tables.stacks
        self.item_cc = item_cc
        items = machine.items  # sorted by address
        self.order = np.array([machine.image.items.index(it) for it in items], dtype=np.int64)
        base = machine.image.base
        self.starts = np.array([base + it.offset for it in items], dtype=np.int64)
        self.ends = np.array([base + it.offset + max(it.size, 8) for it in items],
                             dtype=np.int64)
        self.sparc = machine.arch.name == "sparc"
        self.walk = FrameWalk(machine, items, self.order, self._item_at)
        self.stats = TimeStats(len(items), time_depth) if stats else None
        # previous scan, outermost first: stack addresses, return addresses, stack ids
        self._addr = np.zeros(0, dtype=np.int64)
        self._val = np.zeros(0, dtype=np.int64)
        self._ids: list[int] = []
        #: ticks whose stack passed through each StackTable id (for call-count sharing)
        self.weight: dict[int, int] = defaultdict(int)
        #: item -> its node on the most recent stack seen with it newly pushed (allocation
        #: producers; the backend takes and empties it at each tick)
        self.last_top: dict[int, int] = {}
        #: stacks seen at an item's first entry (``watch_first_entries``)
        self.seen: set[int] = set()
        self._hooks: dict[int, int] = {}
        self._flush: list[tuple[int, int]] = []
        #: called after each first-entry scan (the backend takes ``last_top``)
        self.on_first_entry = None
        self._item_cache: dict[int, int] = {}
        #: the C scan (``C_SOURCE``; None: the Python one). ``use_c`` None: when compiled
        self._c = _CScan(self) if use_c is not False else None
        if self._c is not None and not self._c.ok:
            if use_c:
                raise RuntimeError("stack scan in C: no C compiler or no host stack memory")
            self._c = None

    def _item_at(self, a: int) -> int:
        """``_item_of`` of one address, remembered (return addresses and PCs repeat)."""
        k = self._item_cache.get(a)
        if k is None:
            k = self._item_cache[a] = int(self._item_of(np.array([a], dtype=np.int64))[0])
        return k

    def _item_of(self, addrs: np.ndarray) -> np.ndarray:
        """Image item index of each code address (-1: not inside an item's instructions)."""
        k = np.searchsorted(self.starts, addrs, "right") - 1
        kc = np.maximum(k, 0)
        ok = (k >= 0) & (addrs < self.ends[kc]) & (addrs - self.starts[kc] >= 8)
        return np.where(ok, self.order[kc], -1)

    def frames(self, pc: int) -> tuple[int, int, list[int], list[int], list[int]]:
        """(innermost item, SPARC's caller from %o7 or -1, and the stack frames outermost
        first: stack addresses, return words, items) in Python (framewalk.FrameWalk)."""
        sp = self.m.reg32(self.m.arch.SP) & ~3
        inner, extra, a, owner = self.walk.start(pc, sp)
        if not (self.m.stack.lo <= sp < M.STACK_TOP):
            return inner, extra, [], [], []
        return (inner, extra, *self.walk.walk(sp, M.STACK_TOP, a, owner))

    def watch_first_entries(self) -> None:
        """Scan the stack once more at the first instruction each code item runs, so that
        every function called has at least the stack of its first call (``seen``), however
        short-lived: without it a function no tick catches has no caller in the call tree.
        One address-limited block hook per item, deleted at its first hit (its translated
        code is dropped at the next tick, ``flush_first_entries``): a Python call per item
        per run, no cost per call. A block hook, not a code hook: the first instruction an
        item runs starts a block (its entry is a call target), a block hook costs nothing
        to the other blocks (unicorn walks every code hook's bounds at every hooked
        instruction), and no code hook covers a SPARC ``jmpl``'s delay slot (arch_sparc)."""
        from unicorn.unicorn_const import UC_HOOK_BLOCK

        uc = self.m.uc
        self._hooks: dict[int, int] = {}
        self._flush: list[tuple[int, int]] = []
        for k in range(len(self.starts)):
            lo, hi = int(self.starts[k]) + 8, int(self.ends[k]) - 1
            if hi >= lo:
                self._hooks[k] = uc.hook_add(UC_HOOK_BLOCK, self._first_entry, k,
                                             begin=lo, end=hi)

    def _first_entry(self, uc, address, size, k) -> None:
        h = self._hooks.pop(k, None)
        if h is None:
            return
        try:
            uc.hook_del(h)
            self._flush.append((int(self.starts[k]), int(self.ends[k])))
            self.seen.add(self.scan(address, tick=False))
            if self.on_first_entry is not None:
                self.on_first_entry()
        except BaseException as e:  # raised after emu_start returns (the machine's rule)
            self.m._pending = e
            uc.emu_stop()

    def flush_first_entries(self) -> None:
        """Drop the translated code of items whose first-entry hook is gone (outside
        ``emu_start``), so their code runs without the hook's helper call."""
        if self._flush:
            uc = self.m.uc
            for lo, hi in self._flush:
                uc.ctl_remove_cache(lo, hi)
            self._flush = []

    def scan(self, pc: int, tick: bool = True) -> int:
        """The StackTable id of the current stack. ``tick``: a timer tick (counted in
        ``weight`` and the time statistics); else a first-entry scan."""
        if self._c is not None:
            inner, extra_item, addr, vals, it, k = self._c.frames(pc)
        else:
            inner, extra_item, addr, vals, it = self.frames(pc)
            k = None
        extra = [extra_item] if extra_item >= 0 else []
        # ---- incremental: common outermost prefix with the previous scan
        n = min(len(addr), len(self._addr))
        if k is not None:
            pass  # (found by the C scan)
        elif isinstance(addr, list) and isinstance(self._addr, list):
            k = min(self.walk.same, n)  # (the walk's frames reused from the previous walk)
            pa, pv = self._addr, self._val
            while k < n and addr[k] == pa[k] and vals[k] == pv[k]:
                k += 1
        else:
            a0, v0 = np.asarray(addr, dtype=np.int64), np.asarray(vals, dtype=np.int64)
            same = (a0[:n] == np.asarray(self._addr, dtype=np.int64)[:n]) \
                & (v0[:n] == np.asarray(self._val, dtype=np.int64)[:n])
            k = n if same.all() else int(np.argmin(same))
        ids = self._ids[:k]
        s = ids[-1] if ids else StackTable.MAIN
        push = self._push
        last_top = self.last_top
        for i in (it[k:] if isinstance(it, list) else it[k:].tolist()):
            s = push(s, i)
            ids.append(s)
            last_top[i] = s
        self._addr, self._val, self._ids = addr, vals, ids
        for i in extra:
            s = push(s, i)
            last_top[i] = s
        if inner >= 0:
            s = push(s, inner)
            last_top[inner] = s
        # ---- bookkeeping
        if not tick:
            return s
        t = s
        stacks = self.stacks
        while t > 0:
            self.weight[t] += 1
            t = stacks.parent[t]
        if self.stats is not None:
            head = ([inner] if inner >= 0 else []) + extra[::-1]
            if self._c is not None and not self.stats.depth:
                self._c.stats_add(self.stats, head)
                return s
            fr = list(reversed(it if isinstance(it, list) else it.tolist()))
            self.stats.add(head + fr)
        return s

    def _push(self, s: int, item: int) -> int:
        """GHC's pushCostCentre with the loop check: a cost centre already on the stack
        returns the stack to where it was pushed."""
        cc = self.item_cc[item]
        stacks = self.stacks
        t = s
        while t > 0:
            if stacks.cc[t] == cc:
                return t
            t = stacks.parent[t]
        return stacks.push(s, cc)


class _CScan:
    """The C part of one StackScanner: the ``walker`` struct of ``framewalk.C_SOURCE``, its
    buffers, and the calls (pointers are taken once: numpy's ``.ctypes`` costs
    microseconds a time)."""

    def __init__(self, sc: StackScanner) -> None:
        from ..runtime import vclock

        self.lib = lib = vclock.compiled("framewalk", C_SOURCE)
        # the stack must be host memory profkit owns (memory.StackSpace's reserve)
        ram = getattr(sc.m.stack, "_ram", None)
        self.ok = lib is not None and ram is not None
        if not self.ok:
            return
        import ctypes

        P, I64, U64, U32 = ctypes.c_void_p, ctypes.c_int64, ctypes.c_uint64, ctypes.c_uint32

        class S(ctypes.Structure):
            _fields_ = [("ram", P), ("ram_lo", U64), ("top", U64), ("starts", P), ("ends", P),
                        ("order", P), ("fwords", P), ("nitems", I64), ("cap", I64),
                        ("n", I64 * 2), ("addr", P * 2), ("val", P * 2), ("item", P * 2),
                        ("found", P), ("scans_of", P), ("top_", P), ("max_depth", P),
                        ("self_", P), ("cnt", P), ("big", U32), ("cur", U32), ("sparc", U32)]

        m = sc.m
        self.m = m
        self.walk = sc.walk
        st = self.st = S()
        self.ref = ctypes.byref(st)
        lib.walk_frames.restype = I64
        lib.walk_frames.argtypes = [P, U64, I64]
        lib.stats_add.restype = None
        lib.stats_add.argtypes = [P, P, I64]
        self.keep = [np.ascontiguousarray(a, dtype=np.int64)
                     for a in (sc.starts, sc.ends, sc.order, sc.walk.fwords)]
        st.starts, st.ends, st.order, st.fwords = (a.ctypes.data for a in self.keep)
        st.nitems = len(sc.starts)
        st.ram = ram.ctypes.data  # (fixed for the machine's life: memory.reserve)
        st.ram_lo, st.top = M.STACK_LO, M.STACK_TOP
        st.big = 1 if np.dtype(m.stack.cpu_dtype).byteorder == ">" else 0
        st.sparc = 1 if sc.sparc else 0
        self._grow(256)
        self.head = np.zeros(8, dtype=np.int64)  # (the innermost item and SPARC's %o7)
        self.head_ptr = self.head.ctypes.data
        self.stats_on = None

    def _grow(self, cap: int) -> None:
        """Frame buffers for up to ``cap`` frames (a walk's frames are kept)."""
        st = self.st
        old = getattr(self, "bufs", None)
        self.bufs = [[np.zeros(cap, dtype=np.int64) for _ in range(3)] for _ in range(2)]
        if old is not None:
            c, n = st.cur, st.n[st.cur]
            for a, b in zip(old[c], self.bufs[c]):
                b[:n] = a[:n]
        for j in range(2):
            st.addr[j], st.val[j], st.item[j] = (b.ctypes.data for b in self.bufs[j])
        st.cap = cap

    def frames(self, pc: int):
        """(innermost item, SPARC's caller from %o7 or -1, stack addresses, return words,
        items outermost first, and how many of them are the previous walk's)."""
        m, st = self.m, self.st
        sp = m.reg32(m.arch.SP) & ~3
        inner, extra, a, owner = self.walk.start(pc, sp)
        if not (m.stack.lo <= sp < M.STACK_TOP) or a < 0:
            a = M.STACK_TOP  # (no stack: no frames)
        while True:
            k = self.lib.walk_frames(self.ref, a, owner)
            if k >= 0:
                break
            self._grow(2 * st.cap)
        c = st.cur
        n = st.n[c]
        ad, v, i = self.bufs[c]
        return inner, extra, ad[:n], v[:n], i[:n], k

    def stats_add(self, ts: TimeStats, head: list[int]) -> None:
        """``ts.add(head + the current frames innermost first)`` (no caller chains)."""
        st = self.st
        if self.stats_on is not ts:
            self.stats_on = ts
            self.cnt = np.zeros(len(ts.found), dtype=np.int64)
            st.found, st.scans_of, st.top_, st.max_depth, st.self_, st.cnt = (
                a.ctypes.data for a in (ts.found, ts.scans_of, ts.top, ts.max_depth,
                                        ts.self_, self.cnt))
        nh = len(head)
        for j, x in enumerate(head):
            self.head[j] = x
        n = nh + st.n[st.cur]
        ts.scans += 1
        ts.frames += n
        if n > ts.max_frames:
            ts.max_frames = n
        self.lib.stats_add(self.ref, self.head_ptr, nh)
