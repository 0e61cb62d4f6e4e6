"""The SPARC V8 architecture class of the MLWorks runtime (beside ``arch.X86``).

Registers (mlworks.md §1, codegen_sparc.py): %g1 limit test ``0x7ffffffc - (limit -
alloc)``, %g2 allocation pointer, %g4 size/scratch, %g5 implicit vector, %g7 globals
vector, %o0 argument/result, %o1 closure passed, %i1 current closure, %o7 link, %sp.

**Byte order.** The runtime (runtime.py, gc.py, services.py, codevector.py) reads and writes
memory as little-endian words. SPARC is big-endian. ``new_uc`` therefore returns a
:class:`SwappedUc`: a thin layer over unicorn whose ``mem_read``/``mem_write`` reverse the
bytes of every aligned 32-bit word, so each *word* the runtime sees is the word the SPARC
CPU loads, and heap layout, tags, headers and the collector are unchanged. Only sub-word
byte order differs (string bytes are reversed within each word in unicorn's memory); ML
code never reads string bytes inline (strings are runtime services), and boxed reals keep
the runtime's word order (codegen_sparc.py). Hooks added through the layer receive the
layer, so the stack barrier's store replay is byte-order correct too.

**Allocation state.** While ML code runs, %g2/%g1 are the truth; while the runtime runs
(a stub hook, the trap, between ``emu_start`` slices) the implicit-vector slots gc_base /
gc_limit are. The layer copies registers -> slots when control reaches the runtime and
slots -> registers before ML code resumes (so the census trick ``gc_limit = gc_base``
becomes %g1 = 0x7ffffffc, and the next ``taddcctv`` traps).

**GC entry** (§2d): the tag-overflow trap (UC_HOOK_INTR, intno 0x0a) with PC = trap_pc + 4.
The handler decodes the trapping word as MLWorks's signal handler does (``(instr &
0xffffc000) == 0x83104000``; size = simm13 if the i-bit is set else %g4; leaf iff the 2nd
instruction is ``or``), collects if needed, and resumes at trap_pc + 4 with %g2 = the new
object's untagged address: the resumed ``add|or %g2, TAG, rd`` tags it into rd and ``add
%g2, SIZE, %g2`` advances past it, %g1 being set as if the ``taddcctv`` had succeeded
(``0x7ffffffc - (limit - (address + SIZE))``). A large object (bigger than the creation
space) lives in static space, so %g2 must not move there: rd gets ``address + TAG``
directly and execution resumes at trap_pc + 12.

**Resuming after a stop inside a delay slot** (``emu_start`` with a count stops between
any two instructions; restarting at a PC sets nPC = PC + 4): every delay slot in profkit's
code is a ``nop``, so the layer restarts at the control-transfer instruction itself (re-
executing a branch, ``call`` or ``jmpl`` is idempotent); a stub's ``retl`` is not
re-executed (that would run the service again): execution restarts at %o7 + 8.
"""

from __future__ import annotations

import ctypes
import struct

import numpy as np
from capstone import CS_ARCH_SPARC, CS_MODE_BIG_ENDIAN, Cs
from unicorn import UC_ARCH_SPARC, UC_MODE_BIG_ENDIAN, UC_MODE_SPARC32, Uc
from unicorn import sparc_const as S
from unicorn.unicorn_const import UC_HOOK_CODE, UC_HOOK_INTR

from profkit.errors import GuestFaultError

from ..codegen import asm_sparc as A
from . import memory as M

LIMIT_BIAS = 0x7FFFFFFC
TAG_OVERFLOW = 0x0A
PSR_EF_ET = 0x1020  # FPU enabled, traps enabled, user mode (never read PSR: it segfaults)
MASK = 0xFFFFFFFF
#: SPARC register number (rd field) -> unicorn register constant
UC_REG = [getattr(S, f"UC_SPARC_REG_{b}{i}") for b in "GOLI" for i in range(8)]


def _is_cti(w: int) -> bool:
    op = w >> 30
    if op == 1:  # call
        return True
    if op == 0:
        return ((w >> 22) & 7) in (2, 6)  # Bicc, FBfcc
    return op == 2 and ((w >> 19) & 0x3F) == 0x38  # jmpl


def _delay_alu(w: int):
    """A delay-slot word the jmpl emulation can perform: None for ``nop``, else
    (op3, rd, rs1, rs2 or None, simm13) of an ``add``/``or``."""
    if w == A.NOP:
        return None
    op3 = (w >> 19) & 0x3F
    if w >> 30 != 2 or op3 not in (0, 2):
        raise ValueError(f"cannot emulate a jmpl delay slot holding {w:#010x}")
    rs2 = None if w & 0x2000 else UC_REG[w & 31]
    return (op3, UC_REG[(w >> 25) & 31], UC_REG[(w >> 14) & 31], rs2,
            ((w & 0x1FFF) ^ 0x1000) - 0x1000)


class JmplHooks:
    """The ``jmpl`` hooks (``SPARC.jmpl_hooks``), called straight through ctypes: the
    unicorn binding's hook and register wrappers cost several microseconds per call, and a
    counted run calls one per ``jmpl`` executed (every return and closure call). One C
    callback serves every hook, its user data the index of the ``jmpl`` in ``table``;
    registers and memory are read and written with the C API's calls on reused buffers.
    What the hook does is what the ``jmpl`` and its delay slot do (``_delay_alu``)."""

    def __init__(self, raw: Uc, machine) -> None:
        import ctypes

        from unicorn.unicorn_py3.unicorn import uclib

        self.ct, self.lib, self.raw, self.m = ctypes, uclib, raw, machine
        self.uch = raw._uch
        self.table: list[tuple] = []
        self.buf = ctypes.c_uint64(0)
        self.ref = ctypes.byref(self.buf)
        self.word = ctypes.create_string_buffer(4)
        self.cfunc = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_uint64, ctypes.c_uint32,
                                      ctypes.c_void_p)(self._cb)

    def add(self, a: int, data: tuple) -> None:
        from unicorn.unicorn_py3.unicorn import uc_hook_h

        ct = self.ct
        self.table.append(data)
        h = uc_hook_h()
        err = self.lib.uc_hook_add(self.uch, ct.byref(h), UC_HOOK_CODE, self.cfunc,
                                   ct.c_void_p(len(self.table) - 1), ct.c_uint64(a),
                                   ct.c_uint64(a))
        if err:
            from unicorn import UcError

            raise UcError(err)

    def _get(self, r: int) -> int:
        self.lib.uc_reg_read(self.uch, r, self.ref)
        return self.buf.value

    def _set(self, r: int, v: int) -> None:
        self.buf.value = v & MASK
        self.lib.uc_reg_write(self.uch, r, self.ref)

    def _cb(self, _h, address, _size, index) -> None:
        try:
            a, rd, rs1, rs2, off, delay, check = self.table[index or 0]
            if check is not None:
                self.lib.uc_mem_read(self.uch, a, self.word, 4)
                if int.from_bytes(self.word.raw, "big") != check:
                    return  # the word was rewritten since (e.g. a site unpatched)
            get = self._get
            t = get(rs1) + (get(rs2) if rs2 is not None else off)
            if rd != S.UC_SPARC_REG_G0:
                self._set(rd, a)
            if delay is not None:  # executes after the jmpl wrote its link register
                op3, drd, drs1, drs2, dimm = delay
                x = get(drs1)
                y = get(drs2) if drs2 is not None else dimm
                if drd != S.UC_SPARC_REG_G0:
                    self._set(drd, (x + y) if op3 == 0 else (x | y))
            self._set(S.UC_SPARC_REG_PC, t)
        except BaseException as e:  # re-raised by Machine.run after emu_stop
            self.m._pending = e
            self.lib.uc_emu_stop(self.uch)


def _bswap(w: int) -> int:
    return int.from_bytes(w.to_bytes(4, "little"), "big")


class SwappedUc:
    """unicorn with the runtime's little-endian word view of big-endian SPARC memory."""

    def __init__(self, uc: Uc, arch: "SPARC") -> None:
        self._uc = uc
        self._arch = arch
        self.raw = uc  # the CPU's own view (big-endian words)
        self._synced: tuple[int, int] | None = None
        self._rr = None  # ``_capi``'s library, handle and buffers
        assert M.SLOT_GC_LIMIT == M.SLOT_GC_BASE + 4

    def __getattr__(self, name):
        return getattr(self._uc, name)

    def mem_read(self, addr: int, size: int) -> bytes:
        if size <= 0:
            return b""
        a0 = addr & ~3
        a1 = (addr + size + 3) & ~3
        raw = self._uc.mem_read(a0, a1 - a0)
        if a1 - a0 == 4:
            data = bytes(raw[::-1])
        else:
            data = np.frombuffer(bytes(raw), dtype=np.uint32).byteswap().tobytes()
        if a0 == addr and a1 == addr + size:
            return data
        return data[addr - a0: addr - a0 + size]

    def mem_write(self, addr: int, data) -> None:
        data = bytes(data)
        size = len(data)
        if not size:
            return
        a0 = addr & ~3
        a1 = (addr + size + 3) & ~3
        if a0 != addr or a1 != addr + size:  # partial words: read, modify, write
            cur = bytearray(self.mem_read(a0, a1 - a0))
            cur[addr - a0: addr - a0 + size] = data
            data = bytes(cur)
        if len(data) == 4:
            self._uc.mem_write(a0, data[::-1])
        else:
            self._uc.mem_write(a0, np.frombuffer(data, dtype=np.uint32).byteswap().tobytes())

    def hook_add(self, htype, callback, user_data=None, begin=1, end=0, *args):
        def cb(_uc, *a):
            return callback(self, *a)

        return self._uc.hook_add(htype, cb, user_data, begin, end, *args)

    # ---- allocation registers <-> implicit-vector slots
    def _capi(self):
        """Registers and the two allocation slots through unicorn's C API with reused
        buffers (the binding costs ~10 us a call; the slots are synced at every stub call
        and every tick)."""
        if self._rr is None:
            from unicorn.unicorn_py3.unicorn import uclib

            reg, slots = ctypes.c_uint64(0), (ctypes.c_uint32 * 2)()
            self._rr = (uclib, self._uc._uch, reg, ctypes.byref(reg), slots,
                        ctypes.cast(slots, ctypes.POINTER(ctypes.c_char)),
                        M.IMPLICIT + M.SLOT_GC_BASE)
        return self._rr

    def regs_to_slots(self) -> None:
        lib, uch, reg, ref, slots, p, at = self._capi()
        lib.uc_reg_read(uch, S.UC_SPARC_REG_G2, ref)
        g2 = reg.value & MASK
        lib.uc_reg_read(uch, S.UC_SPARC_REG_G1, ref)
        limit = (g2 + ((LIMIT_BIAS - reg.value) & MASK)) & MASK
        # gc_base and gc_limit are adjacent words: one write, big-endian as SPARC sees them
        slots[0], slots[1] = _bswap(g2), _bswap(limit)
        lib.uc_mem_write(uch, at, p, 8)
        self._synced = (g2, limit)

    def slots_to_regs(self) -> None:
        """Registers from the slots, only if the runtime changed the slots (a stop between
        a resumed allocation's tag and advance instructions must not disturb %g1/%g2)."""
        lib, uch, reg, ref, slots, p, at = self._capi()
        lib.uc_mem_read(uch, at, p, 8)
        base, limit = _bswap(slots[0]), _bswap(slots[1])
        if self._synced == (base, limit):
            return
        self._synced = None
        self._uc.reg_write(S.UC_SPARC_REG_G2, base)
        self._uc.reg_write(S.UC_SPARC_REG_G1, (LIMIT_BIAS - (limit - base)) & MASK)

    def word_be(self, addr: int) -> int:
        return struct.unpack(">I", self._uc.mem_read(addr, 4))[0]

    def emu_start(self, begin: int, until: int, timeout: int = 0, count: int = 0) -> None:
        if begin == self._arch.stopped_at and begin != self._arch.entry:
            prev = self.word_be(begin - 4)
            if _is_cti(prev):
                if M.STUBS <= begin - 4 < M.STUBS + M.STUBS_SIZE:
                    begin = (self._uc.reg_read(S.UC_SPARC_REG_O7) + 8) & MASK
                else:
                    begin -= 4
        if count:
            self._arch.jmpl_hooks(self)
        self.slots_to_regs()
        try:
            self._uc.emu_start(begin, until, timeout, count)
        finally:
            self.regs_to_slots()
            pc = self._uc.reg_read(S.UC_SPARC_REG_PC)
            if pc == (until + 4) & MASK:  # stopped at `until`: unicorn reports nPC
                pc = until
                self._uc.reg_write(S.UC_SPARC_REG_PC, pc)
            self._arch.stopped_at = pc


class SPARC:
    name = "sparc"
    uc_arch, uc_mode = UC_ARCH_SPARC, UC_MODE_SPARC32 | UC_MODE_BIG_ENDIAN
    PC = S.UC_SPARC_REG_PC
    SP = S.UC_SPARC_REG_SP
    ARG = S.UC_SPARC_REG_O0  # argument on entry, result on return, the raised exception
    CLOSURE = S.UC_SPARC_REG_I1  # current (callee) closure
    CALLER_CLOSURE = S.UC_SPARC_REG_O1
    COUNT = S.UC_SPARC_REG_G4  # the size register (large/dynamic sizes)
    ALLOC = S.UC_SPARC_REG_G2
    LIMIT = S.UC_SPARC_REG_G1
    #: registers that may hold ML values at a GC point (only tagged values ever)
    ROOT_REGS = (S.UC_SPARC_REG_O0, S.UC_SPARC_REG_O1, S.UC_SPARC_REG_I1, S.UC_SPARC_REG_L0,
                 S.UC_SPARC_REG_L1)
    ROOT_REG_NAMES = ("o0", "o1", "i1", "l0", "l1")
    #: a stub is ``retl; nop`` (+ padding): the address-limited hook on its first word runs
    #: the service, then ``retl`` returns to the ML caller's %o7 + 8. In the runtime's
    #: little-endian word view (written through SwappedUc).
    STUB = struct.pack("<4I", 0x81C3E008, A.NOP, A.NOP, A.NOP)
    #: byte order of memory words *as the runtime sees them*: SwappedUc presents SPARC's
    #: big-endian words as little-endian ones, so the runtime's "<" formats stay right
    ENDIAN = "<"
    WORD_DTYPE = "<u4"

    def __init__(self) -> None:
        self.cs = Cs(CS_ARCH_SPARC, CS_MODE_BIG_ENDIAN)
        self.machine = None
        self.stopped_at: int | None = None
        self.entry: int | None = None
        self.traps = 0
        self.last_trap_leaf = False
        self._jmpl_hooked = False
        self._jmpl_addrs: set[int] = set()
        self._jmpl: JmplHooks | None = None

    def new_uc(self) -> SwappedUc:
        return SwappedUc(Uc(self.uc_arch, self.uc_mode), self)

    def install(self, machine) -> None:
        """Called by the runtime once the machine is set up: the GC trap hook, and the
        register/slot synchronisation around every runtime stub handler."""
        self.machine = machine
        uc = machine.uc
        for addr, h in list(machine.handlers.items()):
            machine.handlers[addr] = self._synced(h)
        # the exit stub: unicorn does not always honour `until` after an emulated or real
        # `retl` into it, so stop explicitly (Machine.run sees PC == exit_addr)
        machine.handlers.setdefault(machine.exit_addr, uc._uc.emu_stop)
        uc._uc.hook_add(UC_HOOK_INTR, self._on_intr)

    def _synced(self, h):
        def run() -> None:
            uc = self.machine.uc
            pc = uc.reg_read(self.PC)
            uc.regs_to_slots()
            try:
                h()
            finally:
                uc.slots_to_regs()
            if uc.reg_read(self.PC) == pc:  # not redirected (exception): emulate `retl`
                uc.reg_write(self.PC, (uc.reg_read(S.UC_SPARC_REG_O7) + 8) & MASK)

        return run

    def jmpl_hooks(self, uc) -> None:
        """unicorn 2.1.4 mis-executes ``jmpl`` whenever a code hook covers it (the PC
        becomes 5 after the delay slot; measured), and ``emu_start(count=N)`` covers all
        code with its counting hook. So before the first counted run, every ``jmpl`` of
        the code vector gets an address-limited hook that performs it (link register,
        PC = target; profkit's delay slots are ``nop``s, an ``add``/``or`` there is
        performed too). The stubs' ``retl`` is emulated by the stub handlers themselves
        (``_synced``)."""
        if self._jmpl_hooked:
            return
        self._jmpl_hooked = True
        lo, hi = self.machine.code_range
        words = struct.unpack(f">{(hi - lo) // 4}I", bytes(uc.raw.mem_read(lo, hi - lo)))
        for i, w in enumerate(words):
            if w >> 30 == 2 and ((w >> 19) & 0x3F) == 0x38:
                self.emulate_jmpl_at(lo + 4 * i, check=False)

    def emulate_jmpl_at(self, a: int, check: bool = True) -> None:
        """Hook the ``jmpl`` now at address ``a`` so that it is performed by the hook
        (for code written after the first counted run started, e.g. patched allocation
        sites). Its delay slot must be a ``nop`` or an ``add``/``or``, performed too.
        With ``check`` the hook first verifies that the word is still that ``jmpl``."""
        if a in self._jmpl_addrs:
            return
        raw = self.machine.uc.raw
        w, dw = struct.unpack(">2I", bytes(raw.mem_read(a, 8)))
        rd, rs1 = UC_REG[(w >> 25) & 31], UC_REG[(w >> 14) & 31]
        if w & 0x2000:
            off, rs2 = ((w & 0x1FFF) ^ 0x1000) - 0x1000, None
        else:
            off, rs2 = 0, UC_REG[w & 31]
        try:
            delay = _delay_alu(dw)
        except ValueError:
            return  # profkit's code never has one; leave it to unicorn
        self._jmpl_addrs.add(a)
        if self._jmpl is None:
            self._jmpl = JmplHooks(raw, self.machine)
        self._jmpl.add(a, (a, rd, rs1, rs2, off, delay, w if check else None))

    def enter(self, uc, code_start: int, closure: int, arg: int, return_addr: int,
              sp: int) -> int:
        """Set up a call of ML code (codegen_sparc.py's convention): %o0 argument, %o1 =
        %i1 = closure, %o7 = return address - 8 (``retl`` returns to %o7 + 8)."""
        raw = uc._uc if isinstance(uc, SwappedUc) else uc
        raw.reg_write(S.UC_SPARC_REG_PSR, PSR_EF_ET)
        raw.reg_write(self.SP, sp)
        raw.reg_write(S.UC_SPARC_REG_G5, M.IMPLICIT)
        raw.reg_write(S.UC_SPARC_REG_G7, M.GLOBALS)
        raw.reg_write(S.UC_SPARC_REG_O1, closure)
        raw.reg_write(S.UC_SPARC_REG_I1, closure)
        raw.reg_write(S.UC_SPARC_REG_O0, arg)
        raw.reg_write(S.UC_SPARC_REG_O7, (return_addr - 8) & MASK)
        for r in (S.UC_SPARC_REG_G3, S.UC_SPARC_REG_G4, S.UC_SPARC_REG_L0,
                  S.UC_SPARC_REG_L1):
            raw.reg_write(r, 0)
        if isinstance(uc, SwappedUc):
            uc.slots_to_regs()
        self.entry = code_start
        self.stopped_at = None
        return code_start

    def deliver_exception(self, uc, frame: tuple[int, int, int, int], exn: int) -> None:
        """Raise ``exn`` to the handler frame ``{previous, handler code, saved %i1, saved
        %sp}``: the handler runs with %o0 = the exception (called from a stub hook, so the
        stub's ``retl`` is skipped by setting the PC)."""
        _prev, code, closure, sp = frame
        uc.reg_write(S.UC_SPARC_REG_O0, exn)
        uc.reg_write(S.UC_SPARC_REG_I1, closure)
        uc.reg_write(self.SP, sp)
        uc.reg_write(self.PC, code)

    def disasm(self, code: bytes, addr: int) -> str:
        """``code`` as the runtime reads it (little-endian words)."""
        n = len(code) & ~3
        for insn in self.cs.disasm(A.swap_words(code[:n]), addr, 1):
            return f"{insn.mnemonic} {insn.op_str}".strip()
        return "(undecodable instruction)"

    # ------------------------------------------------------------------ the GC trap
    def _on_intr(self, raw, intno: int, _data) -> None:
        m = self.machine
        try:
            if intno != TAG_OVERFLOW:
                pc = raw.reg_read(self.PC)
                raise GuestFaultError(
                    f"profkit: guest fault at {pc:#010x} in {m.function_name(pc)}: "
                    f"SPARC trap {intno:#x}")
            self._gc_trap(raw)
        except BaseException as e:  # re-raised by Machine.run after emu_stop
            m._pending = e
            raw.emu_stop()

    def _gc_trap(self, raw) -> None:
        m = self.machine
        uc = m.uc
        trap_pc = (raw.reg_read(self.PC) - 4) & MASK
        i1 = uc.word_be(trap_pc)
        i2 = uc.word_be(trap_pc + 4)
        if (i1 & A.ARITH_MASK) != A.TADDCCTV_BITS or (i2 & A.ADD_OR_MASK) != A.ADD_OR_G2_BITS:
            raise GuestFaultError(f"profkit: guest fault at {trap_pc:#010x} in "
                                  f"{m.function_name(trap_pc)}: tag overflow outside an "
                                  "allocation sequence")
        req = (i1 & 0x1FFF) if i1 & 0x2000 else raw.reg_read(S.UC_SPARC_REG_G4)
        self.last_trap_leaf = bool(i2 & A.LEAF_MASK)  # `or`: a leaf function
        rd = (i2 >> 25) & 31
        tag = i2 & 7
        self.traps += 1
        if m.vclock is not None:  # the block's rest after the trap is not run (vclock.py)
            m.vclock.give_back(trap_pc + 4)
        uc.regs_to_slots()  # gc_base = %g2: the object is not allocated yet
        gc = m.gc
        base = raw.reg_read(S.UC_SPARC_REG_G2)
        large = False
        if not m.census_due and base + req <= gc.creation_end and req <= gc.creation_bytes:
            addr = base  # only an armed limit: the object fits
            m.set_slot(M.SLOT_GC_LIMIT, gc.creation_end)
        elif req > gc.creation_bytes:
            addr = gc.alloc_large(req)
            large = True
            if m.census_due:
                m.collect(base, full=True)
        else:
            m.collect(base, full=m.census_due)
            addr = gc.creation_start
        limit = m.slot(M.SLOT_GC_LIMIT)
        if large:
            uc.slots_to_regs()
            if rd:
                raw.reg_write(UC_REG[rd], (addr + tag) & MASK)
            raw.reg_write(self.PC, trap_pc + 12)
            if m.vclock is not None:  # a slice's stop address may lie in what is skipped
                raw.emu_stop()
            return
        m.set_slot(M.SLOT_GC_BASE, addr + req)
        raw.reg_write(S.UC_SPARC_REG_G2, addr)
        raw.reg_write(S.UC_SPARC_REG_G1, (LIMIT_BIAS - (limit - (addr + req))) & MASK)
        raw.reg_write(self.PC, trap_pc + 4)
