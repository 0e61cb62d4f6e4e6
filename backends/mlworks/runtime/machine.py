"""The MLWorks machine: a load image in unicorn, the runtime stubs, the run loop.

Hooks: exactly one address-limited code hook, over the stub page (every stub's first byte
is where its Python handler runs: the GC entry, the runtime services, the uncaught-exception
handler); with virtual time, the clock's block hook (in C, runtime/vclock.py). Memory hooks
only fire on faults: one for invalid accesses (remembers the address for the fault message)
and, limited to the stack range, the stack's growth and write-barrier hooks
(memory.StackSpace). No Python code or memory hook runs for ordinary instructions or
accesses. A Python exception raised inside a stub hook is stored, the
emulation stopped, and the exception re-raised after ``emu_start`` returns (as unicorn's
and qiling's own bindings do).

Runtime state a user may want: ``machine.gc`` (collections per generation, words copied,
CPU seconds), ``machine.instructions`` (virtual time), ``alloc_observers`` and
``gc_observers`` (for the space profiler), ``item_at(pc)``.

Uncaught ML exceptions end the run with ``GuestRuntimeError("Exception- NAME raised")``,
what Poly/ML prints (``Exception- Fail "text" raised`` for Fail), exit status 1; a fault in
emulated code is a ``GuestFaultError`` naming the PC, the code item and the instruction
(capstone), exit status 4; heap exhaustion (``-M``) is a ``ResourceLimitError``,
``Run out of store: ...``, exit status 3.

Virtual time is the number of emulated instructions, at ``UNITS_PER_SECOND`` = 1e8
instructions per virtual second. Instructions are only counted when something observes
time (timer ticks, censuses, ``--max-steps``), by a block hook in C (runtime/vclock.py:
free, and the same instants as unicorn's ``count``, which is the fallback without a C
compiler and costs 1.7x on x86, 4-7x on SPARC), so a run nobody profiles runs without it.
"""

from __future__ import annotations

import bisect
import struct

import numpy as np
from typing import Callable, TextIO

from unicorn import UcError
from unicorn.unicorn_const import (
    UC_ERR_FETCH_PROT, UC_ERR_FETCH_UNMAPPED, UC_ERR_INSN_INVALID, UC_ERR_READ_PROT,
    UC_ERR_READ_UNMAPPED, UC_ERR_WRITE_PROT, UC_ERR_WRITE_UNMAPPED, UC_HOOK_CODE,
    UC_HOOK_MEM_INVALID,
)

from profkit.runner import stop_on_interrupt

from profkit.errors import GuestFaultError, GuestRuntimeError, ResourceLimitError

from . import memory as M
from .. import values as V
from .arch import X86
from .gc import Collector

UNITS_PER_SECOND = 1e8

# stub indices (slot address = M.stub_address(index))
STUB_GC = 0
STUB_EXIT = 1
STUB_UNCAUGHT = 2
STUB_PROFILE_ALLOC = 3
STUB_SERVICE0 = 8


from ..abi import ExitProgram  # noqa: E402,F401 - the exit service's exception (re-exported)


class Machine:
    """One loaded program. ``image`` is a ``codevector.LoadImage``."""

    def __init__(self, image, *, creation_space: int = 1 << 20, generations: int = 4,
                 max_heap: int | None = None, stdout: TextIO | None = None, session=None,
                 arch=None, max_steps: int | None = None, source_file: str = "") -> None:
        import sys

        self.arch = arch or X86()
        self._e = self.arch.ENDIAN
        self.image = image
        self.session = session
        self.stdout = stdout if stdout is not None else sys.stdout
        self.max_steps = max_steps
        self.source_file = source_file
        uc = self.uc = self.arch.new_uc()
        M.map_fixed(uc)
        self.stack = M.StackSpace(uc, word_dtype=self.arch.WORD_DTYPE)
        uc.mem_write(image.base, image.data)
        self.static = M.StaticSpace(top=M.align(image.base + len(image.data), 8))
        self.heap_space = M.HeapSpace(uc)
        vec_end = image.base + (image.vector_bytes or len(image.data))
        self.code_range = (image.base, vec_end)
        tracker = None
        if session is not None and self._wants_objects(session):
            from .tracker import Tracker

            tracker = Tracker(session, self.code_range)
        self.tracker = tracker
        if tracker is not None:
            tracker.machine = self
        self.gc = Collector(uc.mem_read, uc.mem_write, self.heap_space, self.static,
                            creation_bytes=creation_space, generations=generations,
                            max_heap=max_heap, code_range=self.code_range, tracker=tracker,
                            word_dtype=self.arch.WORD_DTYPE)
        self.gc.views.append(self.stack.words)  # stack roots read and fixed in place
        # code items sorted by address, for PC -> function
        self.items = sorted(image.items, key=lambda it: it.offset)
        self._item_addrs = [image.base + it.offset for it in self.items]
        # ---- stubs and the implicit vector
        from . import services as S

        self.services = S
        self.handlers: dict[int, Callable[[], None]] = {
            M.stub_address(STUB_GC): self._gc_entry,
            M.stub_address(STUB_PROFILE_ALLOC): self._profile_alloc_entry,
            M.stub_address(STUB_UNCAUGHT): self._uncaught,
        }
        n_stubs = STUB_SERVICE0 + len(S.SERVICES)
        uc.mem_write(M.STUBS, self.arch.STUB * n_stubs)
        self._w(M.IMPLICIT + M.SLOT_GC, M.stub_address(STUB_GC))
        self._w(M.IMPLICIT + M.SLOT_PROFILE_ALLOC, M.stub_address(STUB_PROFILE_ALLOC))
        for name, n in S.SERVICES.items():
            addr = M.stub_address(STUB_SERVICE0 + n)
            self._w(M.IMPLICIT + M.SLOT_SERVICES + 4 * n, addr)
            impl = S.IMPLS.get(name)
            if impl is not None:
                self.handlers[addr] = (lambda f: (lambda: f(self)))(impl)
            else:
                self.handlers[addr] = (lambda nm: (lambda: self._missing(nm)))(name)
        self.exit_addr = M.stub_address(STUB_EXIT)
        self._reset_creation(M.SLOT_GC_BASE)
        uc.hook_add(UC_HOOK_CODE, self._on_stub, begin=M.STUBS,
                    end=M.STUBS + M.STUB_BYTES * n_stubs - 1)
        # invalid accesses only (never called for a valid access): remember the address
        uc.hook_add(UC_HOOK_MEM_INVALID, self._on_invalid)
        self._bad_access: int | None = None
        self._pending: BaseException | None = None
        self.census_due = False
        #: called as f(closure, untagged address, bytes) after each profiled allocation
        self.alloc_observers: list[Callable[[int, int, int], None]] = []
        #: called as f(machine, level) after each collection, while
        #: ``machine.gc.forward(addresses)`` maps this collection's from-space addresses
        #: to their new ones (0 = died; addresses outside from-space are returned as is)
        self.gc_observers: list[Callable[["Machine", int], None]] = []
        self.instructions = 0
        self.vclock = None  # runtime/vclock.VirtualClock when it keeps virtual time
        self._by_count: bool | None = None
        self._reg_fast = None
        self.exit_status: int | None = None
        self.output_bytes = 0
        install = getattr(self.arch, "install", None)
        if install is not None:  # e.g. SPARC: the GC trap hook (arch_sparc.py)
            install(self)

    @staticmethod
    def _wants_objects(session) -> bool:
        w = session.stager.wants
        return bool(w.get("alloc") or w.get("copy") or w.get("death")) or session.wants_census

    # ------------------------------------------------------------------ memory helpers
    def _w(self, addr: int, value: int) -> None:
        self.uc.mem_write(addr, struct.pack(self._e + "I", value & 0xFFFFFFFF))

    def word(self, addr: int) -> int:
        return struct.unpack(self._e + "I", self.uc.mem_read(addr, 4))[0]

    def pack(self, *words: int) -> bytes:
        """Words in the machine's byte order."""
        return struct.pack(f"{self._e}{len(words)}I", *[w & 0xFFFFFFFF for w in words])

    def read_double(self, addr: int) -> float:
        return struct.unpack(self._e + "d", self.read(addr, 8))[0]

    def set_word(self, addr: int, value: int) -> None:
        self._w(addr, value)

    def read(self, addr: int, n: int) -> bytes:
        return bytes(self.uc.mem_read(addr, n))

    def write(self, addr: int, data: bytes) -> None:
        self.uc.mem_write(addr, data)

    def slot(self, off: int) -> int:
        return self.word(M.IMPLICIT + off)

    def set_slot(self, off: int, value: int) -> None:
        self._w(M.IMPLICIT + off, value)

    def reg(self, r: int) -> int:
        return self.uc.reg_read(r)

    def reg32(self, r: int) -> int:
        """An integer register of at most 32 bits (PC, SP, the general registers), read
        straight through the C API: the binding's ``reg_read`` costs ~10 us a call, and
        the clock's loop and the stack scanner read some at every tick."""
        if self._reg_fast is None:
            import ctypes

            from unicorn.unicorn_py3.unicorn import uclib

            buf = ctypes.c_uint64(0)
            self._reg_fast = (uclib.uc_reg_read, getattr(self.uc, "raw", self.uc)._uch, buf,
                              ctypes.byref(buf))
        read, uch, buf, ref = self._reg_fast
        buf.value = 0
        read(uch, r, ref)
        return buf.value & 0xFFFFFFFF

    def set_reg(self, r: int, v: int) -> None:
        self.uc.reg_write(r, v & 0xFFFFFFFF)

    # ------------------------------------------------------------------ allocation
    def _reset_creation(self, _slot=None) -> None:
        gc = self.gc
        self.set_slot(M.SLOT_GC_BASE, gc.creation_start)
        self.set_slot(M.SLOT_REAL_GC_LIMIT, gc.creation_end)
        self.set_slot(M.SLOT_GC_LIMIT, gc.creation_end)

    def _arm(self) -> None:
        """Make the next inline allocation enter the GC (census due): MLWorks's
        ``gc_limit = gc_base`` trick."""
        self.set_slot(M.SLOT_GC_LIMIT, self.slot(M.SLOT_GC_BASE))

    def collect(self, creation_top: int, full: bool = False) -> None:
        """A collection at a GC point (all registers hold tagged values)."""
        gc, s = self.gc, self.session
        level = gc.G - 1 if full else gc.choose_level()
        major = level == gc.G - 1
        if s is not None:
            s.gc_start(level, major)
        regs = [self.reg(r) for r in self.arch.ROOT_REGS]
        sp = self.reg(self.arch.SP)
        if not self.stack.lo <= sp <= M.STACK_TOP:
            sp = M.STACK_TOP  # not running ML code (no stack to scan)
        roots = self.stack.root_ranges(sp, level)
        roots.append((M.GLOBALS, 4 * self.image.n_globals))
        new = gc.collect(level, creation_top, roots, regs)
        self.stack.after_gc(sp, gc.gen_of)
        for r, old, v in zip(self.arch.ROOT_REGS, regs, new):
            if v != old:
                self.set_reg(r, v)
        self._reset_creation()
        for f in self.gc_observers:
            f(self, level)
        gc.forward = None
        if s is not None:
            s.gc_end(level, major)
            if major and self.census_due and self.tracker is not None and s.wants_census:
                s.census(self.tracker.census(gc, self.vtime()))
        if major:
            self.census_due = False
        gc._check_cap()

    def alloc(self, nbytes: int) -> int:
        """Allocate ``nbytes`` (8-aligned) for a runtime service; returns the untagged
        address. May collect: the caller must re-read ML values from registers after."""
        nbytes = M.align(nbytes, 8)
        gc = self.gc
        if nbytes > gc.creation_bytes:
            return gc.alloc_large(nbytes)
        base = self.slot(M.SLOT_GC_BASE)
        if base + nbytes <= gc.creation_end and not self.census_due:
            self.set_slot(M.SLOT_GC_BASE, base + nbytes)
            return base
        self.collect(base, full=self.census_due)
        addr = gc.creation_start
        self.set_slot(M.SLOT_GC_BASE, addr + nbytes)
        return addr

    def _gc_entry(self) -> None:
        """``call [esi+4]``: ECX = bytes requested, gc_base already bumped past them."""
        gc = self.gc
        req = self.reg(self.arch.COUNT)
        base = self.slot(M.SLOT_GC_BASE)
        top = base - req
        if not self.census_due and base <= gc.creation_end and req <= gc.creation_bytes:
            # only the limit trap fired (an armed gc_limit): the object fits
            self.set_reg(self.arch.COUNT, top)
            self.set_slot(M.SLOT_GC_LIMIT, gc.creation_end)
            return
        if req > gc.creation_bytes:
            self.set_slot(M.SLOT_GC_BASE, top)
            addr = gc.alloc_large(req)
            if self.census_due:
                self.collect(top, full=True)
            self.set_reg(self.arch.COUNT, addr)
            return
        self.collect(top, full=self.census_due)
        addr = gc.creation_start
        self.set_slot(M.SLOT_GC_BASE, addr + req)
        self.set_reg(self.arch.COUNT, addr)

    def _profile_alloc_entry(self) -> None:
        """``call [esi+0x38]`` (a space-profiled allocation site): allocate like the GC
        entry (MLWorks's overflow build jumps to ml_gc), then tell the observers
        ``(closure, untagged address, bytes)`` -- the space profiler's records."""
        closure = self.reg(self.arch.CLOSURE)
        req = self.reg(self.arch.COUNT)
        self._gc_entry()
        addr = self.reg(self.arch.COUNT)
        for f in self.alloc_observers:
            f(self.reg(self.arch.CLOSURE) if closure & 1 else closure, addr, req)

    # ------------------------------------------------------------------ exceptions
    def raise_exn(self, exn: int) -> None:
        """Raise the ML exception value ``exn`` from a service: unwind to the innermost
        handler frame (the service's stub ``ret`` is skipped)."""
        f = self.slot(M.SLOT_HANDLER)
        if f == 0:
            from .services import uncaught_message

            raise GuestRuntimeError(uncaught_message(self, exn))
        frame = struct.unpack(self._e + "4I", self.read(f, 16))
        self.set_slot(M.SLOT_HANDLER, frame[0])  # pop the frame, as the inline raise does
        self.arch.deliver_exception(self.uc, frame, exn)

    def raise_named(self, name: str) -> None:
        """Raise a predefined exception (Subscript, Size, Div, Overflow...)."""
        packets = getattr(self.image, "exn_packets", {}) or {}
        exn = packets.get(name)
        if exn is None:
            sptr = self.image.exn_names.get(name)
            if sptr is None:
                sptr = self.make_string(name.encode())
            addr = self.alloc(8)
            self._w(addr, sptr)
            self._w(addr + 4, 0)
            exn = addr + V.PAIRPTR
        self.raise_exn(exn)

    def make_string(self, b: bytes) -> int:
        n = len(b) + 1
        nbytes = V.string_bytes(n)
        addr = self.alloc(nbytes)
        self.write(addr, self.pack(V.make_header(V.STRING, n)) + b
                   + b"\0" * (nbytes - 4 - len(b)))
        return addr + V.POINTER

    def string_bytes(self, ptr: int) -> bytes:
        h = self.word(ptr - V.POINTER)
        return self.read(ptr - V.POINTER + 4, V.header_length(h) - 1)

    def exn_name(self, exn: int) -> str:
        return self.string_bytes(self.word(exn - 1)).decode("latin-1")

    def _uncaught(self) -> None:
        from .services import uncaught_message

        raise GuestRuntimeError(uncaught_message(self, self.reg(self.arch.ARG)))

    def _missing(self, name: str) -> None:
        raise GuestRuntimeError(f"runtime service {name} is not implemented")

    # ------------------------------------------------------------------ hooks
    def _on_stub(self, uc, address, size, user_data) -> None:
        try:
            h = self.handlers.get(address)
            if h is not None:
                h()
        except BaseException as e:  # re-raised by run() after emu_stop
            self._pending = e
            uc.emu_stop()

    def _on_invalid(self, uc, access, address, size, value, user_data) -> bool:
        self._bad_access = address
        return False

    # ------------------------------------------------------------------ running
    def vtime(self) -> float:
        return self.instructions / UNITS_PER_SECOND

    def item_at(self, pc: int):
        i = bisect.bisect_right(self._item_addrs, pc) - 1
        if i < 0:
            return None
        it = self.items[i]
        if pc < self._item_addrs[i] + max(it.size, 8):
            return it
        return None

    def function_name(self, pc: int) -> str:
        it = self.item_at(pc)
        return it.name if it is not None else "<runtime>"

    def start(self) -> int:
        """Set up the call of the setup item: base handler frame, return to the exit
        stub, closure with no free variables, unit argument."""
        sp = M.STACK_START
        # the outermost handler frame: uncaught exceptions land in the uncaught stub
        frame_sp = sp - 16
        self.write(frame_sp, self.pack(0, M.stub_address(STUB_UNCAUGHT), 0, sp))
        self.set_slot(M.SLOT_HANDLER, frame_sp)
        closure = self.alloc(8)
        self._w(closure, self.image.setup_code_ptr)
        self._w(closure + 4, 0)
        return self.arch.enter(self.uc, self.image.setup_code_ptr + V.CODE_OFFSET,
                               closure + V.PAIRPTR, V.MLUNIT, self.exit_addr, frame_sp)

    def clock_by_count(self) -> bool:
        """Whether a run with virtual time counts with unicorn's ``count`` (per-instruction
        hooks; on SPARC also a hook per ``jmpl``) rather than the C block-hook clock
        (runtime/vclock.py): no C compiler, ``PROFKIT_VCLOCK=count``, or SPARC code the
        block clock cannot stop exactly in."""
        if self._by_count is None:
            from . import vclock as VC

            ok = VC.library() is not None
            if ok and self.arch.name == "sparc":  # each item's instructions, the stubs
                lo, hi = self.code_range
                words = np.frombuffer(self.uc.raw.mem_read(lo, hi - lo), dtype=">u4")
                stubs = np.frombuffer(self.uc.raw.mem_read(M.STUBS, M.STUBS_SIZE), dtype=">u4")
                ok = VC.sparc_usable(stubs, M.STUBS) and all(
                    VC.sparc_usable(words[(a - lo + 8) >> 2:(a - lo + it.size) >> 2], a + 8)
                    for a, it in zip(self._item_addrs, self.items) if it.size > 8)
            self._by_count = not ok
        return self._by_count

    def remove_code_cache(self, lo: int, hi: int) -> None:
        """Code in [lo, hi) was rewritten: drop its translations (and the clock's weights)."""
        self.uc.ctl_remove_cache(lo, hi)
        if self.vclock is not None:
            self.vclock.forget()

    def run(self, *, slice_units: int = 0, on_slice: Callable[[int], None] | None = None) -> int:
        """Run to the end; returns the exit status. ``slice_units`` > 0 runs in slices of
        that many instructions (virtual time) calling ``on_slice(pc)`` after each."""
        pc = self.start()
        uc = self.uc
        count = slice_units
        if count and not self.clock_by_count():
            from .vclock import VirtualClock, library

            self.vclock = VirtualClock(self, library())
        # Ctrl-C stops the emulator from a watcher thread (profkit.runner.stop_on_interrupt)
        with stop_on_interrupt(uc.emu_stop) as intr:
            if self.vclock is not None:
                return self._run_clocked(pc, count, on_slice, intr)
            return self._run_loop(pc, count, on_slice, intr)

    def _emulate(self, pc: int, until: int, count: int, intr) -> int | None:
        """One ``emu_start``; an exit status when the program ended, else None."""
        uc = self.uc
        try:
            uc.emu_start(pc, until, count=count)
        except UcError as e:
            if intr.interrupted:
                raise KeyboardInterrupt from None
            if self._pending is None:
                raise self._fault(e) from None
        if intr.interrupted:
            self._pending = None
            raise KeyboardInterrupt
        if self.vclock is not None:
            self.vclock.check()
        if self._pending is not None:
            p, self._pending = self._pending, None
            if isinstance(p, ExitProgram):
                return p.status
            raise p
        return None

    def _slice_done(self, count: int, on_slice, pc: int) -> None:
        self.instructions += count
        if self.max_steps is not None and self.instructions >= self.max_steps:
            raise ResourceLimitError(
                f"instruction limit reached ({self.max_steps} instructions)")
        if on_slice is not None:
            on_slice(pc)

    def _run_clocked(self, pc: int, count: int, on_slice, intr) -> int:
        """The run loop with the block-hook clock (runtime/vclock.py): slices end at the
        same instructions as ``count`` slices."""
        uc, vc, exit_addr = self.uc, self.vclock, self.exit_addr
        until = exit_addr
        vc.arm(count)
        if vc.go_inline(count, lambda at: self._tick_inline(count, on_slice, at)):
            while True:  # ends only at the end (or SPARC's large-object trap: go on)
                status = self._emulate(pc, exit_addr, 0, intr)
                if status is not None:
                    return status
                pc = self.reg32(self.arch.PC)
                if pc == exit_addr:
                    return 0
        while True:
            status = self._emulate(pc, until, 0, intr)
            if status is not None:
                return status
            pc = self.reg32(self.arch.PC)
            if pc == exit_addr:
                return 0
            if vc.stopped:  # in front of a block that would pass the slice's end
                vc.state.stopped = 0
                r = vc.remaining()
                if r:
                    until = vc.target(pc, r)
                    uc.ctl_remove_cache(until, until + 1)  # translate the stop in
                    continue
            elif until == exit_addr or vc.remaining():
                until = exit_addr  # stopped elsewhere (SPARC's large-object trap): go on
                continue
            elif pc != until:  # at `until`: SPARC's stop there leaves the PC unsynced
                pc = until
                uc.reg_write(self.arch.PC, pc)
                if hasattr(self.arch, "stopped_at"):
                    self.arch.stopped_at = pc
            until = exit_addr
            self._slice_done(count, on_slice, pc)
            vc.arm(count)

    def _tick_inline(self, count: int, on_slice, pc: int) -> bool:
        """A slice's end reached inside ``emu_start`` (vclock.go_inline): the same as at a
        stop, with SPARC's allocation registers and slots kept in step as around a stop."""
        sync = getattr(self.uc, "regs_to_slots", None)
        if sync is not None:
            sync()
            try:
                self._slice_done(count, on_slice, pc)
            finally:
                self.uc.slots_to_regs()
        else:
            self._slice_done(count, on_slice, pc)
        return False

    def _run_loop(self, pc: int, count: int, on_slice, intr) -> int:
        uc = self.uc
        while True:
            status = self._emulate(pc, self.exit_addr, count, intr)
            if status is not None:
                return status
            pc = uc.reg_read(self.arch.PC)
            if pc == self.exit_addr:
                return 0
            if count:
                self._slice_done(count, on_slice, pc)

    def _fault(self, e: UcError) -> GuestFaultError:
        pc = self.uc.reg_read(self.arch.PC)
        try:
            code = self.read(pc, 16)
            insn = self.arch.disasm(code, pc)
        except UcError:
            insn = "(unreadable instruction)"
        what = {
            UC_ERR_READ_UNMAPPED: "read from unmapped memory",
            UC_ERR_WRITE_UNMAPPED: "write to unmapped memory",
            UC_ERR_FETCH_UNMAPPED: "jump to unmapped memory",
            UC_ERR_READ_PROT: "read from protected memory",
            UC_ERR_WRITE_PROT: "write to protected memory",
            UC_ERR_FETCH_PROT: "jump to non-executable memory",
            UC_ERR_INSN_INVALID: "invalid instruction",
        }.get(e.errno, str(e))
        sp = self.uc.reg_read(self.arch.SP)
        if e.errno == UC_ERR_WRITE_UNMAPPED and M.STACK_LO - 0x100000 <= sp < M.STACK_LO + 64:
            # the stack is exhausted: what Poly/ML prints when it cannot grow a stack
            return GuestRuntimeError("Warning - Unable to increase stack - interrupting "
                                     "thread\nException- Interrupt raised")
        if self._bad_access is not None and e.errno != UC_ERR_INSN_INVALID:
            what += f" {self._bad_access:#010x}"
        return GuestFaultError(f"profkit: guest fault at {pc:#010x} in "
                               f"{self.function_name(pc)}: {insn}: {what}")
