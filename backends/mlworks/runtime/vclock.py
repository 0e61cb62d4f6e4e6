"""The virtual clock of the MLWorks machine: the emulated instruction count, kept by one C
block hook instead of unicorn's per-instruction counting.

Why: ``emu_start(count=N)`` counts with a code hook on every instruction (a helper call per
instruction, and a walk of every other code hook's bounds per instruction): 1.7x on x86,
4-7x on SPARC, where it also needs a Python hook per ``jmpl`` (unicorn 2.1.4 mis-executes a
``jmpl`` whose delay slot is under a code hook: arch_sparc.py). This clock counts per
translated block (TB) instead: a block hook in C (compiled once from ``C_SOURCE`` with the
system's C compiler and kept in profkit's cache directory) adds the block's *weight*, the
number of its instructions that unicorn's counting counts, and stops the emulation before
a block that would pass the slice's end. The weight of a block is computed once (in
Python, from the block's bytes, on the first execution of each distinct block) and kept
in a table in C.

The hook runs at every block (nfib 29: 8.3 million blocks), so its common case is a leaf
of 18 instructions (``vclock_block``): a block of the code vector found in a direct table
(``size << 16 | weight`` at the block's offset), nothing pending, the slice not ending in
it: the counter advances. Everything else is ``vclock_slow`` (new blocks, blocks outside
the code vector, blocks of weight 1, which may be a re-run store, see below; a pending
tick; a slice's end). unicorn inlines the call of the only block hook into each
translated block (no helper walking the hook list); that call alone (an empty C hook)
costs about 4% of an unprofiled nfib run on x86 (2% on SPARC), the counting about 2% more.

Exactly the same instant as ``count=N`` (so every tick, census and profile is the same):

* a block that would pass the end is not run: the clock stops in front of it, and the
  rest of the slice (r instructions, fewer than the block has) is run with unicorn's
  ``until`` at the address of the instruction r weighted instructions further on
  (straight-line code inside the block; the block's cached translation is dropped first so
  that the stop is translated in): the machine stops in front of the instruction
  ``count=N`` would have stopped in front of;
* weights: every instruction is 1, except on SPARC the delay slot of a ``jmpl``, which
  unicorn's counting never reaches (the ``jmpl`` hook performs the jump: arch_sparc.py);
* a block left in its middle gives back the weight of what it did not run, as ``count``
  never counted it: SPARC's tag-overflow trap into the collector (``give_back``), and a
  store that unicorn runs again as a block of its own (the first store to a page it must
  mark written: the block hook sees a one-instruction block starting inside the previous
  block, other than the previous block itself; only a store that is not the block's last
  instruction can be such a start, and for the last, e.g. a ``rep movsb`` iteration,
  nothing is given back);
* SPARC code where a block can start in the delay slot of a ``call`` or branch (unicorn
  ends blocks at a page's end and after 512 instructions, also between a control transfer
  and its delay slot; resuming in a delay slot loses the jump) or with an annulled branch
  is run with ``count`` instead (``sparc_usable``). Running such a control transfer again,
  uncounted, would do (counting itself restarts a slice that way), but no test program
  reaches that case yet.

**Ticks inside the emulation** (``go_inline``, slices of at least ``INLINE_MIN``
instructions): a stop costs two ``emu_start`` round trips and a retranslation per tick,
so slice ends are taken without leaving ``emu_start``. When a slice ends at a block's
start, the block hook calls the tick there (the registers are synced for a block hook).
When it ends r instructions into a block, the hook points the clock's one code hook (C,
``vclock_code``; its bounds are rewritten in unicorn's ``struct hook``, whose layout is
checked when the hook is added) at that instruction x, drops the block's translation and
writes the PC (unicorn's "quit this block, go on emulating": the block has not run yet);
the block is translated again with a call to the hook at x, where the tick runs, at the
same instant as a stop there. The hooked translation is dropped right after the tick (its
code still runs to the block's end: a dropped translation's code stays until unicorn
flushes its whole cache), so the block's later runs call no hook helper. A
SPARC stop in the delay slot of a ``call`` or branch resumes by running the control
transfer again (arch_sparc.SwappedUc.emu_start) and counting counts it again: the next
slice ends one instruction earlier, as after a stop. The rest of a block after x is
shorter than a slice (``INLINE_MIN`` > 512, unicorn's longest block), so at most one tick
falls in it.

Without a C compiler (or with ``PROFKIT_VCLOCK=count``) the machine uses ``count=N``, with
the same results, slower. What flows in: the machine's unicorn (raw), its architecture;
what flows out: ``stopped`` after an ``emu_start`` that the clock ended, ``counter``.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import subprocess
import tempfile
from pathlib import Path

import numpy as np

from profkit import cachedir

C_SOURCE = r"""
#include <stdint.h>
typedef struct { uint64_t addr; uint32_t size; uint32_t weight; } entry;
typedef struct {
    uint64_t counter, limit, last_addr;
    uint32_t last_size, stopped, pending, stop_size;
    uint32_t (*miss)(uint64_t, uint32_t);
    int (*emu_stop)(void *);
    entry *table;
    uint64_t mask;
    /* the fast path's table: a code vector block (addr, size) of weight other than 1 ->
       size << 16 | weight, at addr - base for addr in [base, base + span); 0: not known.
       flimit: limit, or -1 while a tick is pending (every block then takes the slow path) */
    uint32_t *direct;
    uint64_t base, span;
    int64_t flimit;
    /* ticks taken inside the emulation (``inline``): see the module docstring */
    uint32_t inline_on, pc_reg, ctl_remove;
    uint64_t pending_x, pending_block, stale_x, nowhere;
    uint64_t (*target)(uint64_t, uint32_t, uint32_t);
    uint32_t (*tick)(uint64_t);
    int (*reg_write)(void *, int, const void *);
    int (*ctl)(void *, uint32_t, ...);
    uint64_t *range;  /* the code hook's bounds (unicorn's struct hook begin, end) */
} vclock;

static void uncache(vclock *c, void *uc, uint64_t a) {
    c->ctl(uc, c->ctl_remove, a, a + 1);
}

/* every case: a block not in the fast table (new, outside the code vector, of weight 1:
   maybe a re-run store), a tick pending, a slice's end */
static void slow(void *uc, uint64_t addr, uint32_t size, vclock *c);

__attribute__((noinline))
static void vclock_slow(void *uc, uint64_t addr, uint32_t size, vclock *c) {
    slow(uc, addr, size, c);
    c->flimit = c->pending ? -1 : (int64_t)c->limit;
}

static void slow(void *uc, uint64_t addr, uint32_t size, vclock *c) {
    entry *e = &c->table[((addr * 0x9E3779B97F4A7C15ull) >> 40) & c->mask];
    uint32_t w;
    if (e->addr == addr && e->size == size) {
        w = e->weight;
    } else {
        w = c->miss(addr, size);
        e->addr = addr; e->size = size; e->weight = w;
    }
    /* (weight 1: a store unicorn runs again alone may look the same, see below) */
    if (addr - c->base < c->span && size < 0x10000 && w < 0x10000 && w != 1)
        c->direct[addr - c->base] = size << 16 | w;
    int entered = 0;
    if (c->pending) {
        if (c->pending == 1 && addr == c->pending_block) {
            c->pending = 2;  /* the block run again, now with the code hook at x */
            entered = 1;
        } else {  /* left before x (a trap, a re-run store): the instant is found again */
            c->pending = 0;
            c->range[0] = c->range[1] = c->nowhere;
            c->stale_x = c->pending_x;
        }
    }
    if (w == 1 && c->last_size && addr >= c->last_addr && addr < c->last_addr + c->last_size
        && !(addr == c->last_addr && size == c->last_size))
        /* the previous block was left at its instruction at addr, which is run again alone
           (unicorn re-runs a store to a page it had to mark written): what it charged from
           addr on is not run, but counting saw the left instruction once */
        c->counter -= c->miss(addr, (uint32_t)(c->last_addr + c->last_size - addr)) - 1;
    c->last_addr = addr;
    c->last_size = size;
    while (!entered && c->counter + w > c->limit) {
        if (!c->inline_on) {  /* not run: nothing of it to give back */
            c->stopped = 1;
            c->stop_size = size;
            c->last_size = 0;
            c->emu_stop(uc);
            return;
        }
        uint64_t r = c->limit - c->counter;
        if (r == 0) {  /* the instant is this block's start: tick here (re-arms limit) */
            if (c->tick(addr)) return;
            continue;
        }
        /* the instant is r instructions into this block: leave it before it runs (a PC
           write is unicorn's "quit this block, go on emulating"), with a code hook at x
           and the block's translation dropped, so that it is run again hooked at x */
        uint64_t x = c->target(addr, size, (uint32_t)r);
        if (c->stale_x) { uncache(c, uc, c->stale_x); c->stale_x = 0; }
        c->pending_x = x;
        c->pending_block = addr;
        c->pending = 1;
        c->range[0] = c->range[1] = x;
        uncache(c, uc, x);
        c->reg_write(uc, c->pc_reg, &addr);
        c->last_size = 0;
        return;
    }
    c->counter += w;
}

/* unicorn calls this at every translated block's start (one inline call: the only block
   hook). The common case in a few instructions, without saving registers: a known block
   of the code vector (never a re-run store: weight 1), nothing pending, the slice not
   ending in it */
void vclock_block(void *uc, uint64_t addr, uint32_t size, void *user) {
    vclock *c = (vclock *)user;
    uint64_t off = addr - c->base;
    if (off < c->span) {
        uint32_t e = c->direct[off];
        uint64_t n = c->counter + (e & 0xFFFF);
        if ((e >> 16) == size && (int64_t)n <= c->flimit) {
            c->counter = n;
            c->last_addr = addr;
            c->last_size = size;
            return;
        }
    }
    vclock_slow(uc, addr, size, c);
}

void vclock_code(void *uc, uint64_t addr, uint32_t size, void *user) {
    vclock *c = (vclock *)user;
    if (c->pending != 2 || addr != c->pending_x) return;
    c->pending = 0;
    c->range[0] = c->range[1] = c->nowhere;
    c->tick(addr);
    c->flimit = c->pending ? -1 : (int64_t)c->limit;
    /* its block keeps a call to the hook: dropped now (the rest of it still runs: a
       dropped translation's code stays until unicorn flushes its whole cache) */
    uncache(c, uc, addr);
}
"""

TABLE_BITS = 16
MISS = ctypes.CFUNCTYPE(ctypes.c_uint32, ctypes.c_uint64, ctypes.c_uint32)
TARGET = ctypes.CFUNCTYPE(ctypes.c_uint64, ctypes.c_uint64, ctypes.c_uint32, ctypes.c_uint32)
TICK = ctypes.CFUNCTYPE(ctypes.c_uint32, ctypes.c_uint64)
#: an address no code runs at: the code hook's bounds while no tick is pending
NOWHERE = 0xFFFFFFF1
#: the smallest slice ticked inside the emulation: a block has at most 512 instructions,
#: so the rest of a block after a tick never reaches the next one
INLINE_MIN = 1024


class _Entry(ctypes.Structure):
    _fields_ = [("addr", ctypes.c_uint64), ("size", ctypes.c_uint32),
                ("weight", ctypes.c_uint32)]


class _State(ctypes.Structure):
    _fields_ = [("counter", ctypes.c_uint64), ("limit", ctypes.c_uint64),
                ("last_addr", ctypes.c_uint64), ("last_size", ctypes.c_uint32),
                ("stopped", ctypes.c_uint32), ("pending", ctypes.c_uint32),
                ("stop_size", ctypes.c_uint32), ("miss", MISS), ("emu_stop", ctypes.c_void_p),
                ("table", ctypes.POINTER(_Entry)), ("mask", ctypes.c_uint64),
                ("direct", ctypes.c_void_p), ("base", ctypes.c_uint64),
                ("span", ctypes.c_uint64), ("flimit", ctypes.c_int64),
                ("inline_on", ctypes.c_uint32),
                ("pc_reg", ctypes.c_uint32), ("ctl_remove", ctypes.c_uint32),
                ("pending_x", ctypes.c_uint64), ("pending_block", ctypes.c_uint64),
                ("stale_x", ctypes.c_uint64), ("nowhere", ctypes.c_uint64),
                ("target", TARGET), ("tick", TICK), ("reg_write", ctypes.c_void_p),
                ("ctl", ctypes.c_void_p), ("range", ctypes.POINTER(ctypes.c_uint64))]


_lib: list = []  # [CDLL or None], once per process
_built: dict[str, object] = {}  # source hash -> CDLL or None


def library():
    """The compiled block hook (None when there is no C compiler, or PROFKIT_VCLOCK=count)."""
    if os.environ.get("PROFKIT_VCLOCK", "") == "count":
        return None
    if not _lib:
        _lib.append(compiled("vclock", C_SOURCE))
    return _lib[0]


def compiled(stem: str, source: str):
    """``source`` compiled once with the system's C compiler into profkit's cache directory
    (``STEM-HASH.so``) and loaded; None without a compiler. Also used by the stack
    scanner's C part (profiling/stackscan.py)."""
    key = hashlib.sha256(source.encode()).hexdigest()[:16]
    if key in _built:
        return _built[key]
    _built[key] = None
    name = f"{stem}-{key}.so"
    dirs = []
    if cachedir.enabled():
        dirs.append(cachedir.cache_dir())
    dirs.append(Path(tempfile.gettempdir()) / f"profkit-{os.getuid()}")
    for d in dirs:
        so = d / name
        try:
            if not so.exists():
                d.mkdir(parents=True, exist_ok=True)
                with tempfile.TemporaryDirectory(dir=d) as t:
                    src = Path(t) / f"{stem}.c"
                    src.write_text(source)
                    out = Path(t) / name
                    cc = os.environ.get("CC", "cc")
                    subprocess.run([cc, "-O2", "-shared", "-fPIC", "-o", str(out), str(src)],
                                   check=True, capture_output=True, timeout=60)
                    os.replace(out, so)  # atomic: a concurrent run sees all or nothing
            _built[key] = ctypes.CDLL(str(so))
            return _built[key]
        except (OSError, subprocess.SubprocessError):
            continue
    return None


# ---------------------------------------------------------------- weights
def _is_cti(w: int) -> bool:
    op = w >> 30
    if op == 1:
        return True
    if op == 0:
        return ((w >> 22) & 7) in (2, 6)
    return op == 2 and ((w >> 19) & 0x3F) == 0x38


def _is_jmpl(w: int) -> bool:
    return w >> 30 == 2 and ((w >> 19) & 0x3F) == 0x38


def sparc_usable(words: np.ndarray, base: int) -> bool:
    """No branch of this SPARC code is annulled, and no ``call`` or branch sits where
    unicorn can end a block before its delay slot (a page's last word, or after 511
    straight-line words): the clock would have to stop in front of a block starting in a
    delay slot, and resuming there loses the jump. (A ``jmpl`` there is fine: its delay
    slot weighs 0, so no slice ends in front of it.)"""
    w = words.astype(np.int64)
    op, op2 = w >> 30, (w >> 22) & 7
    branch = (op == 0) & ((op2 == 2) | (op2 == 6))
    if np.any(branch & ((w >> 29) & 1 == 1)):
        return False
    jmpl = (op == 2) & (((w >> 19) & 0x3F) == 0x38)
    idx = np.flatnonzero((op == 1) | branch | jmpl)
    gaps = np.diff(np.concatenate([[-1], idx]))
    split = ((base + 4 * idx) % 4096 == 4092) | (gaps > 511)
    return not np.any(split & ~jmpl[idx])


class VirtualClock:
    """The C block hook on one machine's unicorn; see the module docstring."""

    def __init__(self, machine, lib) -> None:
        from unicorn.unicorn_const import UC_HOOK_BLOCK
        from unicorn.unicorn_py3.unicorn import uc_hook_h, uclib

        self.m = machine
        self.sparc = machine.arch.name == "sparc"
        self.raw = getattr(machine.uc, "raw", machine.uc)
        self.lib = lib
        n = 1 << TABLE_BITS
        self._table = (_Entry * n)()
        self._miss = MISS(self._weight_cb)
        st = self.state = _State()
        st.table = ctypes.cast(self._table, ctypes.POINTER(_Entry))
        st.mask = n - 1
        st.miss = self._miss
        st.emu_stop = ctypes.cast(uclib.uc_emu_stop, ctypes.c_void_p).value
        lo, hi = machine.code_range
        self._direct = np.zeros(max(1, hi - lo), dtype=np.uint32)
        st.direct, st.base, st.span = self._direct.ctypes.data, lo, hi - lo
        self._pending: BaseException | None = None
        self._blocks: dict[tuple[int, int], list] = {}  # (pc, size) -> _insns, for target
        self._cti_cache: dict[int, bool] = {}  # SPARC: pc -> follows a control transfer
        if not self.sparc:
            from capstone import CS_ARCH_X86, CS_MODE_32, Cs

            self._cs = Cs(CS_ARCH_X86, CS_MODE_32)
        h = uc_hook_h()
        fn = ctypes.cast(lib.vclock_block, ctypes.c_void_p)
        err = uclib.uc_hook_add(self.raw._uch, ctypes.byref(h), UC_HOOK_BLOCK, fn,
                                ctypes.cast(ctypes.pointer(st), ctypes.c_void_p),
                                ctypes.c_uint64(1), ctypes.c_uint64(0))
        if err:
            from unicorn import UcError

            raise UcError(err)

    # ---- weights (Python, once per distinct block)
    def _bytes(self, addr: int, n: int) -> bytes:
        return bytes(self.raw.mem_read(addr, n))

    def _insns(self, addr: int, n: int) -> list[tuple[int, int]]:
        """(address, weight) of the instructions of the n bytes at ``addr``."""
        if not self.sparc:
            return [(a, 1) for a, _s, _m, _o in self._cs.disasm_lite(self._bytes(addr, n), addr)]
        lo = addr - 4
        try:
            raw = self._bytes(lo, n + 4)
        except Exception:  # nothing mapped before: no delay slot at addr
            raw = b"\x01\x00\x00\x00" + self._bytes(addr, n)
        ws = np.frombuffer(raw, dtype=">u4").tolist()
        return [(addr + 4 * i, 0 if _is_jmpl(ws[i]) else 1) for i in range(len(ws) - 1)]

    def weight(self, addr: int, n: int) -> int:
        return sum(w for _a, w in self._insns(addr, n)) if n > 0 else 0

    def _weight_cb(self, addr: int, size: int) -> int:
        try:
            return self.weight(addr, size)
        except BaseException as e:  # re-raised by the machine after emu_start returns
            self._pending = e
            return 0

    # ---- ticks inside the emulation
    def go_inline(self, units: int, on_tick) -> bool:
        """Take every tick inside ``emu_start`` instead of stopping there: ``on_tick(pc)``
        is called at the exact instant (from the block hook when a slice ends at a
        block's start, else from a code hook at the instruction) and must return True to
        stop the emulation; the clock re-arms itself. False (nothing changed) when the
        slices are too short or unicorn's hook layout is not the one known here."""
        from unicorn.unicorn_const import UC_HOOK_CODE
        from unicorn.unicorn_py3.unicorn import uc_hook_h, uclib

        if units < INLINE_MIN:
            return False
        h = uc_hook_h()
        fn = ctypes.cast(self.lib.vclock_code, ctypes.c_void_p)
        st = self.state
        err = uclib.uc_hook_add(self.raw._uch, ctypes.byref(h), UC_HOOK_CODE, fn,
                                ctypes.cast(ctypes.pointer(st), ctypes.c_void_p),
                                ctypes.c_uint64(NOWHERE), ctypes.c_uint64(NOWHERE + 2))
        if err:
            return False
        # unicorn 2's struct hook: five ints and a bool, then uint64 begin, end
        rng = ctypes.cast(ctypes.c_void_p(h.value + 24), ctypes.POINTER(ctypes.c_uint64))
        if (rng[0], rng[1]) != (NOWHERE, NOWHERE + 2):
            uclib.uc_hook_del(self.raw._uch, h)
            return False
        rng[1] = NOWHERE
        self._code_hook = h
        self._tick_fn = on_tick
        self._target_c = TARGET(self._target_cb)
        self._tick_c = TICK(self._tick_cb)
        st.range = rng
        st.nowhere = NOWHERE
        st.target = self._target_c
        st.tick = self._tick_c
        st.reg_write = ctypes.cast(uclib.uc_reg_write, ctypes.c_void_p).value
        st.ctl = ctypes.cast(uclib.uc_ctl, ctypes.c_void_p).value
        st.ctl_remove = (1 << 30) | (2 << 26) | 9  # UC_CTL_WRITE(TB_REMOVE_CACHE, 2 args)
        st.pc_reg = self.m.arch.PC
        self._units = units
        st.inline_on = 1
        return True

    def _target_cb(self, addr: int, size: int, r: int) -> int:
        try:
            return self.target(addr, r, size)
        except BaseException as e:  # re-raised by the machine after emu_start returns
            self._pending = e
            self.raw.emu_stop()
            return addr

    def _tick_cb(self, pc: int) -> int:
        st = self.state
        st.limit += self._units
        try:
            if self.sparc and self._after_cti(pc):
                # a stop here would resume by running the call or branch again (SPARC's
                # delay slot: arch_sparc.SwappedUc.emu_start), and counting counts it
                # again: the next slice ends one instruction earlier
                st.limit -= 1
            return 1 if self._tick_fn(pc) else 0
        except BaseException as e:
            self._pending = e
            st.limit = 1 << 62
            self.raw.emu_stop()
            return 1

    def _after_cti(self, pc: int) -> bool:
        k = self._cti_cache.get(pc)
        if k is None:
            k = self._cti_cache[pc] = _is_cti(int.from_bytes(self._bytes(pc - 4, 4), "big"))
        return k

    def forget(self) -> None:
        """Code was rewritten: drop every cached weight."""
        ctypes.memset(self._table, 0, ctypes.sizeof(self._table))
        self._direct[:] = 0
        self._blocks.clear()
        self._cti_cache.clear()

    # ---- the run loop's side
    @property
    def counter(self) -> int:
        return self.state.counter

    def arm(self, units: int) -> None:
        """The next slice ends ``units`` weighted instructions from now."""
        st = self.state
        st.limit = st.counter + units
        st.flimit = -1 if st.pending else st.limit
        st.stopped = 0

    @property
    def stopped(self) -> bool:
        return bool(self.state.stopped)

    def remaining(self) -> int:
        return self.state.limit - self.state.counter

    def target(self, pc: int, r: int, size: int | None = None) -> int:
        """The address r weighted instructions after ``pc`` in the straight-line code of the
        block starting at ``pc`` (the clock stopped in front of it: r < its weight)."""
        if size is None:
            size = self.state.stop_size if self.state.last_addr == pc else 0
        insns = self._blocks.get((pc, size))
        if insns is None:
            insns = self._blocks[(pc, size)] = self._insns(pc, size or 64)
        cum = 0
        for a, w in insns:
            if w and cum == r:
                return a
            cum += w
        raise RuntimeError(f"virtual clock: no instruction {r} after {pc:#x}")

    def give_back(self, resume: int) -> None:
        """The current block was left before ``resume`` (SPARC's trap): what it did not run
        from ``resume`` on is not counted."""
        st = self.state
        end = st.last_addr + st.last_size
        if st.last_addr <= resume < end:
            st.counter -= self.weight(resume, end - resume)
        st.last_size = 0  # (given back once)

    def check(self) -> None:
        if self._pending is not None:
            e, self._pending = self._pending, None
            raise e
