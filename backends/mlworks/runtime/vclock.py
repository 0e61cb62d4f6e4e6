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
    uint32_t last_size, stopped, active, stop_size;
    uint32_t (*miss)(uint64_t, uint32_t);
    int (*emu_stop)(void *);
    entry *table;
    uint64_t mask;
} vclock;

void vclock_block(void *uc, uint64_t addr, uint32_t size, void *user) {
    vclock *c = (vclock *)user;
    if (!c->active) return;
    entry *e = &c->table[((addr * 0x9E3779B97F4A7C15ull) >> 40) & c->mask];
    uint32_t w;
    if (e->addr == addr && e->size == size) {
        w = e->weight;
    } else {
        w = c->miss(addr, size);
        e->addr = addr; e->size = size; e->weight = w;
    }
    if (w == 1 && c->last_size && addr >= c->last_addr && addr < c->last_addr + c->last_size
        && !(addr == c->last_addr && size == c->last_size))
        /* the previous block was left at its instruction at addr, which is run again alone
           (unicorn re-runs a store to a page it had to mark written): what it charged from
           addr on is not run, but counting saw the left instruction once */
        c->counter -= c->miss(addr, (uint32_t)(c->last_addr + c->last_size - addr)) - 1;
    c->last_addr = addr;
    c->last_size = size;
    if (c->counter + w > c->limit) {  /* not run: nothing of it to give back */
        c->stopped = 1;
        c->stop_size = size;
        c->last_size = 0;
        c->emu_stop(uc);
        return;
    }
    c->counter += w;
}
"""

TABLE_BITS = 16
MISS = ctypes.CFUNCTYPE(ctypes.c_uint32, ctypes.c_uint64, ctypes.c_uint32)


class _Entry(ctypes.Structure):
    _fields_ = [("addr", ctypes.c_uint64), ("size", ctypes.c_uint32),
                ("weight", ctypes.c_uint32)]


class _State(ctypes.Structure):
    _fields_ = [("counter", ctypes.c_uint64), ("limit", ctypes.c_uint64),
                ("last_addr", ctypes.c_uint64), ("last_size", ctypes.c_uint32),
                ("stopped", ctypes.c_uint32), ("active", ctypes.c_uint32),
                ("stop_size", ctypes.c_uint32), ("miss", MISS), ("emu_stop", ctypes.c_void_p),
                ("table", ctypes.POINTER(_Entry)), ("mask", ctypes.c_uint64)]


_lib: list = []  # [CDLL or None], once per process


def library():
    """The compiled block hook (None when there is no C compiler, or PROFKIT_VCLOCK=count)."""
    if os.environ.get("PROFKIT_VCLOCK", "") == "count":
        return None
    if _lib:
        return _lib[0]
    _lib.append(None)
    key = hashlib.sha256(C_SOURCE.encode()).hexdigest()[:16]
    name = f"vclock-{key}.so"
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
                    src = Path(t) / "vclock.c"
                    src.write_text(C_SOURCE)
                    out = Path(t) / name
                    cc = os.environ.get("CC", "cc")
                    subprocess.run([cc, "-O2", "-shared", "-fPIC", "-o", str(out), str(src)],
                                   check=True, capture_output=True, timeout=60)
                    os.replace(out, so)  # atomic: a concurrent run sees all or nothing
            _lib[0] = ctypes.CDLL(str(so))
            return _lib[0]
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
        st.active = 1
        self._pending: BaseException | None = None
        self._blocks: dict[tuple[int, int], list] = {}  # (pc, size) -> _insns, for target
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

    def forget(self) -> None:
        """Code was rewritten: drop every cached weight."""
        ctypes.memset(self._table, 0, ctypes.sizeof(self._table))
        self._blocks.clear()

    # ---- the run loop's side
    @property
    def counter(self) -> int:
        return self.state.counter

    def arm(self, units: int) -> None:
        """The next slice ends ``units`` weighted instructions from now."""
        st = self.state
        st.limit = st.counter + units
        st.stopped = 0

    @property
    def stopped(self) -> bool:
        return bool(self.state.stopped)

    def remaining(self) -> int:
        return self.state.limit - self.state.counter

    def target(self, pc: int, r: int) -> int:
        """The address r weighted instructions after ``pc`` in the straight-line code of the
        block starting at ``pc`` (the clock stopped in front of it: r < its weight)."""
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
