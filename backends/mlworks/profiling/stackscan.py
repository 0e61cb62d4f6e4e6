"""MLWorks's time profiler: scanning the emulated ML stack at every tick (mlworks.md §0, §6).

What flows in: the machine (stack memory, registers, the code vector's items) at each
virtual-timer tick; what flows out: the stack of code items at that instant, as a
StackTable id for ``profkit_tick`` (so ``-p``/``-P``/``-pj`` get a real call tree), and
MLWorks's per-function time statistics (``TimeStats``) for the time report.

Frames are found through the code vector, as MLWorks found them: every stack word between
SP and the stack base that is an address inside a code item's instructions (at least 8
bytes past the item's header: a tagged code pointer points 5 bytes past it) is a return
address, i.e. a frame of that item; the handler frames' handler-code words (found by
walking the handler chain from the implicit vector) are not frames. The innermost frame is
the item holding the PC; on SPARC a leaf that has not stored its link register has its
caller only in %o7, which is taken when it is not already the first stack frame.

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

import struct
from collections import defaultdict

import numpy as np

from profkit.tables import StackTable

from ..runtime import memory as M


#: stacks of at most this many words (and scans of at most this many frames) are handled
#: in plain Python lists: numpy's cost per call dominates on short stacks
SMALL = 256

#: The scan in C (compiled once like the virtual clock's hook, runtime/vclock.py): the same
#: frames and statistics as the Python code below (which stays for machines without a C
#: compiler, and is held equal to it by tests/backends/mlworks/test_stackscan_c.py), read
#: straight from the stack's host memory (memory.StackSpace) at the tick's instant.
C_SOURCE = r"""
#include <stdint.h>
#include <stdlib.h>
typedef struct {
    const uint8_t *ram;  /* host memory of guest address ram_lo (the stack) */
    uint64_t ram_lo, top, lo, hi, handler_slot;
    const int64_t *starts, *ends, *order;
    int64_t nitems;
    uint64_t *skip;
    int64_t nskip, cap, n[2];
    int64_t *addr[2], *val[2], *item[2];
    void *uc;
    int (*rd)(void *, uint64_t, void *, uint64_t);  /* uc_mem_read */
    int64_t *found, *scans_of, *top_, *max_depth, *self_, *cnt;
    uint32_t big, cur;
    const int64_t *hcode;  /* every item's handler code addresses, ascending */
    int64_t nhcode;
} scanner;
static int desc(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}
static inline uint32_t ld(const scanner *s, uint64_t a) {
    uint32_t v = *(const uint32_t *)(s->ram + (a - s->ram_lo));
    return s->big ? __builtin_bswap32(v) : v;
}
/* The frames of [sp, top) outermost first (stack address, return address, item) into the
   other of the two buffers (cur flips), their number in n[cur]; returns how many of them
   (outermost first) are the previous scan's, -1 when skip is too small for the handler
   frames (nothing flipped: the caller grows it and calls again). */
int64_t scan_frames(scanner *s, uint64_t sp) {
    int64_t ns = 0, guard = 0;
    uint32_t h = 0;
    if (s->rd(s->uc, s->handler_slot, &h, 4)) h = 0;
    if (s->big) h = __builtin_bswap32(h);
    /* the handler frames' handler-code words are not frames */
    while (h && h >= s->ram_lo && h < s->top && guard++ < (1 << 20)) {
        if (h + 4 >= sp && h + 4 < s->top) {
            if (ns == s->nskip) return -1;
            s->skip[ns++] = h + 4;
        }
        h = ld(s, h);
    }
    qsort(s->skip, (size_t)ns, sizeof(uint64_t), desc);
    uint32_t c = s->cur ^ 1;
    int64_t *addr = s->addr[c], *val = s->val[c], *item = s->item[c];
    int64_t k = 0, js = 0;
    for (uint64_t a = s->top - 4; a >= sp && a < s->top; a -= 4) {
        uint64_t w = ld(s, a);
        if (w < s->lo || w >= s->hi) continue;
        int64_t l = 0, r = s->nitems;  /* the last item starting at or below w */
        while (l < r) {
            int64_t m = (l + r) >> 1;
            if (s->starts[m] <= (int64_t)w) l = m + 1; else r = m;
        }
        int64_t i = l - 1;
        if (i < 0 || (int64_t)w >= s->ends[i] || (int64_t)w - s->starts[i] < 8) continue;
        l = 0, r = s->nhcode;  /* a handler code address (a popped handler frame's) */
        while (l < r) {
            int64_t m = (l + r) >> 1;
            if (s->hcode[m] < (int64_t)w) l = m + 1; else r = m;
        }
        if (l < s->nhcode && s->hcode[l] == (int64_t)w) continue;
        while (js < ns && s->skip[js] > a) js++;
        if (js < ns && s->skip[js] == a) continue;
        addr[k] = (int64_t)a; val[k] = (int64_t)w; item[k] = s->order[i]; k++;
    }
    int64_t *pa = s->addr[s->cur], *pv = s->val[s->cur], pn = s->n[s->cur];
    s->cur = c;
    s->n[c] = k;
    int64_t e = 0, m = k < pn ? k : pn;
    while (e < m && addr[e] == pa[e] && val[e] == pv[e]) e++;
    return e;
}
/* MLWorks's statistics of one scan (TimeStats.add without callers): the frames f, head
   (nh items, innermost first) then the current frames innermost first */
void stats_add(scanner *s, const int64_t *head, int64_t nh) {
    int64_t nf = s->n[s->cur], n = nh + nf;
    const int64_t *it = s->item[s->cur];
    if (!n) return;
#define F(j) ((j) < nh ? head[j] : it[nf - 1 - ((j) - nh)])
    s->top_[F(0)] += 1;
    int64_t run = 0;
    for (int64_t j = 0; j < n; j++) {
        int64_t x = F(j);
        s->cnt[x] += 1;
        if (j + 1 < n && F(j + 1) == x) { run++; continue; }
        if (run > s->self_[x]) s->self_[x] = run;
        run = 0;
    }
    for (int64_t j = 0; j < n; j++) {
        int64_t x = F(j), c = s->cnt[x];
        if (!c) continue;
        s->found[x] += c;
        s->scans_of[x] += 1;
        if (c - 1 > s->max_depth[x]) s->max_depth[x] = c - 1;
        s->cnt[x] = 0;
    }
#undef F
}
"""


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
        self.lo, self.hi = machine.code_range
        self.sparc = machine.arch.name == "sparc"
        #: every handler code entry (a handler frame's word; never a return address: the
        #: handler follows a jump): a popped handler frame's word is not a frame
        self.handler_codes = np.array(sorted(h for it in items for h in it.handlers),
                                      dtype=np.int64)
        self._handler_set = frozenset(self.handler_codes.tolist())
        #: the raise sequence's last instructions, which run with the handler's stack
        #: pointer (SPARC: the jump and its delay slot)
        self.raise_window = frozenset(
            a for it in items if it.raise_jump
            for a in ((it.raise_jump, it.raise_jump + 4) if self.sparc else (it.raise_jump,)))
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
        self._retl: bytes | None = None  # SPARC's ``retl`` as the code holds it
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

    def _handler_slots(self) -> set[int]:
        out = set()
        h = self.m.slot(M.SLOT_HANDLER)
        n = 0
        while h and M.STACK_LO <= h < M.STACK_TOP and n < 1 << 20:
            out.add(h + 4)
            h = self.m.word(h)
            n += 1
        return out

    def frames(self, pc: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(stack addresses, return addresses, item indices) of the stack frames, outermost
        first, and the innermost item from the PC is handled by ``scan``."""
        m = self.m
        sp = m.reg32(m.arch.SP)
        if not (m.stack.lo <= sp < M.STACK_TOP):
            z = np.zeros(0, dtype=np.int64)
            return z, z, z
        sp &= ~3
        if (M.STACK_TOP - sp) >> 2 <= SMALL:
            return self._frames_small(sp)
        W = np.frombuffer(m.read(sp, M.STACK_TOP - sp), dtype="<u4").astype(np.int64)
        cand = np.flatnonzero((W >= self.lo) & (W < self.hi))
        vals = W[cand]
        it = self._item_of(vals)
        keep = it >= 0
        addr = sp + 4 * cand[keep]
        vals, it = vals[keep], it[keep]
        if len(addr) and len(self.handler_codes):
            ok = ~np.isin(vals, self.handler_codes)
            addr, vals, it = addr[ok], vals[ok], it[ok]
        if len(addr):
            hs = self._handler_slots()
            if hs:
                ok = ~np.isin(addr, np.fromiter(hs, dtype=np.int64, count=len(hs)))
                addr, vals, it = addr[ok], vals[ok], it[ok]
        return addr[::-1], vals[::-1], it[::-1]

    def _frames_small(self, sp: int) -> tuple[list[int], list[int], list[int]]:
        """``frames`` of a short stack, in lists (the same frames, without numpy)."""
        n = (M.STACK_TOP - sp) >> 2
        words = struct.unpack(f"<{n}I", self.m.read(sp, 4 * n))
        lo, hi, item_at = self.lo, self.hi, self._item_at
        handlers = self._handler_set
        addr, vals, its = [], [], []
        for i, w in enumerate(words):
            if lo <= w < hi and w not in handlers:
                k = item_at(w)
                if k >= 0:
                    addr.append(sp + 4 * i)
                    vals.append(w)
                    its.append(k)
        if addr:
            hs = self._handler_slots()
            if hs:
                keep = [j for j, a in enumerate(addr) if a not in hs]
                addr = [addr[j] for j in keep]
                vals = [vals[j] for j in keep]
                its = [its[j] for j in keep]
        return addr[::-1], vals[::-1], its[::-1]

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
            addr, vals, it, k = self._c.frames()
        else:
            addr, vals, it = self.frames(pc)
            k = None
        inner = self._item_at(pc) if pc not in self.raise_window else self._raise_target()
        extra = []
        if self.sparc:
            from unicorn import sparc_const as S

            o7 = self.m.reg32(S.UC_SPARC_REG_O7)
            c = self._item_at(o7)
            # (%o7 inside the current item: the link of a call it made; equal to the
            # innermost stored return address: already a frame; in a function's body past
            # its prologue: stale, e.g. after a raise)
            if c >= 0 and c != inner and (not len(vals) or int(vals[-1]) != o7) \
                    and self._o7_is_link(pc, inner):
                extra = [c]
        # ---- incremental: common outermost prefix with the previous scan
        n = min(len(addr), len(self._addr))
        if k is not None:
            pass  # (found by the C scan)
        elif isinstance(addr, list) and isinstance(self._addr, list):
            k = 0
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

    def _o7_is_link(self, pc: int, inner: int) -> bool:
        """Whether SPARC's %o7 holds the current function's link (its caller is not on the
        stack): in a leaf, before a non-leaf's prologue has stored it, and at the
        ``retl`` (and its delay slot) after the epilogue has popped the frame; in the rest
        of a body %o7 is the link of a call it made, or stale after a raise."""
        if inner < 0:
            return True
        it = self.m.image.items[inner]
        if it.leaf or pc - it.code_start < 8:
            return True
        if self._retl is None:
            from ..codegen.asm_sparc import assemble

            self._retl = assemble(["retl"]).link(0)
        return self.m.read(pc, 4) == self._retl or self.m.read(pc - 4, 4) == self._retl

    def _raise_target(self) -> int:
        """The item of the handler a raise is jumping to (the PC is in the raise's last
        instructions, whose stack pointer is already the handler's function's): x86 jumps
        to [EAX+4], SPARC to %g4."""
        m = self.m
        if self.sparc:
            from unicorn import sparc_const as S

            target = m.reg32(S.UC_SPARC_REG_G4)
        else:
            from unicorn import x86_const as X

            target = m.word(m.reg32(X.UC_X86_REG_EAX) + 4)
        return self._item_at(target)

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
    """The C part of one StackScanner: the ``scanner`` struct of ``C_SOURCE``, its
    buffers, and the calls (pointers are taken once: numpy's ``.ctypes`` costs
    microseconds a time)."""

    def __init__(self, sc: StackScanner) -> None:
        from ..runtime import vclock

        self.lib = lib = vclock.compiled("stackscan", C_SOURCE)
        # the stack must be host memory profkit owns (memory.StackSpace's reserve)
        ram = getattr(sc.m.stack, "_ram", None)
        self.ok = lib is not None and ram is not None
        if not self.ok:
            return
        import ctypes

        from unicorn.unicorn_py3.unicorn import uclib

        P, I64, U64, U32 = ctypes.c_void_p, ctypes.c_int64, ctypes.c_uint64, ctypes.c_uint32

        class S(ctypes.Structure):
            _fields_ = [("ram", P), ("ram_lo", U64), ("top", U64), ("lo", U64), ("hi", U64),
                        ("handler_slot", U64), ("starts", P), ("ends", P), ("order", P),
                        ("nitems", I64), ("skip", P), ("nskip", I64), ("cap", I64),
                        ("n", I64 * 2), ("addr", P * 2), ("val", P * 2), ("item", P * 2),
                        ("uc", P), ("rd", P), ("found", P), ("scans_of", P), ("top_", P),
                        ("max_depth", P), ("self_", P), ("cnt", P), ("big", U32),
                        ("cur", U32), ("hcode", P), ("nhcode", I64)]

        m = sc.m
        self.m = m
        st = self.st = S()
        self.ref = ctypes.byref(st)
        lib.scan_frames.restype = I64
        lib.scan_frames.argtypes = [P, U64]
        lib.stats_add.restype = None
        lib.stats_add.argtypes = [P, P, I64]
        self.keep = [np.ascontiguousarray(a, dtype=np.int64)
                     for a in (sc.starts, sc.ends, sc.order, sc.handler_codes)]
        st.starts, st.ends, st.order, st.hcode = (a.ctypes.data for a in self.keep)
        st.nhcode = len(sc.handler_codes)
        st.nitems = len(sc.starts)
        st.ram = ram.ctypes.data  # (fixed for the machine's life: memory.reserve)
        st.ram_lo, st.top = M.STACK_LO, M.STACK_TOP
        st.lo, st.hi = sc.lo, sc.hi
        st.handler_slot = M.IMPLICIT + M.SLOT_HANDLER
        st.big = 1 if np.dtype(m.stack.cpu_dtype).byteorder == ">" else 0
        raw = getattr(m.uc, "raw", m.uc)
        st.uc = raw._uch
        st.rd = ctypes.cast(uclib.uc_mem_read, P).value
        self._skip(64)
        self._grow(256)
        self.head = np.zeros(8, dtype=np.int64)  # (the innermost item and SPARC's %o7)
        self.head_ptr = self.head.ctypes.data
        self.stats_on = None

    def _skip(self, n: int) -> None:
        self.skip = np.zeros(n, dtype=np.uint64)
        self.st.skip, self.st.nskip = self.skip.ctypes.data, n

    def _grow(self, cap: int) -> None:
        """Frame buffers for stacks of up to ``cap`` words (a scan's frames are kept)."""
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

    def frames(self):
        """(stack addresses, return addresses, items) outermost first, and how many of
        them are the previous scan's."""
        m, st = self.m, self.st
        sp = m.reg32(m.arch.SP)
        if not (m.stack.lo <= sp < M.STACK_TOP):
            sp = M.STACK_TOP  # (no stack: no frames)
        sp &= ~3
        if (M.STACK_TOP - sp) >> 2 > st.cap:
            self._grow(max((M.STACK_TOP - sp) >> 2, 2 * st.cap))
        while True:
            k = self.lib.scan_frames(self.ref, sp)
            if k >= 0:
                break
            self._skip(2 * len(self.skip))
        c = st.cur
        n = st.n[c]
        a, v, i = self.bufs[c]
        return a[:n], v[:n], i[:n], k

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
