"""SPARC V8 (32-bit, big-endian) code generator: ``ir.Program`` -> a load image.

Entry point: :func:`generate` ``(program, base, instrumentation=None) ->
codevector.LoadImage`` (same code vector layout as x86, ``codevector.build_image``;
instruction words are handed over in the runtime's little-endian word view, see
``asm_sparc``). The walk over the IR is ``walker.Walker``, shared with x86; this module is
the SPARC target: instruction selection, MLWorks's SPARC allocation sequence (§2c) and the
flat frame.

Strategy: a stack-frame code generator (the walker's). Every IR variable and every
intermediate that must survive another expression lives in a frame slot ``[%sp + 4k]``;
registers hold values only within one IR node. %sp is constant inside a function body.

Registers (mlworks.md §1 roles kept): %g1 allocation limit test (``0x7ffffffc - (limit -
alloc)``), %g2 allocation pointer, %g4 size/scratch, %g5 implicit vector, %o0 the argument
passed / result returned (MLWorks's %o0/%i0), %o1 the closure being called, %i1 the
current closure, %o7 the link, %sp = %o6. profkit adds: %g7 = the globals vector
(0x00020000; MLWorks's g7 was "misc"), %l0 the accumulator and %l1 a second value register
(both only ever hold tagged values), %g3, %g4 and %l2-%l7 raw scratch (never GC roots).
GC roots in registers: %o0, %o1, %i1, %l0, %l1 (``arch_sparc.SPARC.ROOT_REGS``).

**Deviation from MLWorks: a flat calling convention.** MLWorks gave every non-leaf
function a register window (``save``/``restore``) and relied on the kernel's window
overflow/underflow traps to spill windows to the stack. unicorn 2.1.4 does not deliver
those traps (windows wrap silently after 8 saves, .notes/sparc_unicorn.md), and
``lists.sml`` recurses 10^6 deep, so profkit never uses ``save``/``restore``; like
``gcc -mflat`` the callee saves what it needs on the ML stack:

```
call:      %o0 = argument, %o1 = closure; ld [%o1-1], %g3 ; jmpl %g3+3, %o7 ; nop
           (a known callee: call <item>+3 ; nop). Result in %o0.
prologue:  sub %sp, 4F, %sp ; st %o7, [%sp] ; st %i1, [%sp+4] ; mov %o1, %i1 ;
           (zero slots 3..F-1) ; top: st %o0, [%sp+8]
epilogue:  ld [%sp], %o7 ; ld [%sp+4], %i1 ; add %sp, 4F, %sp ; retl ; nop
```

Slot 0 holds a code address (even: the collector reads it as an integer), slot 1 the
caller's closure, slot 2 the argument; every other slot holds a tagged value (zeroed in the
prologue of functions that reach a GC point), so the collector's exact stack scan works.
Leaf functions (no calls, no runtime services) keep the same frame; their leafness is
visible, as in MLWorks, only through the ``or`` of their allocation sequences (and the leaf
bit of the ancillary word).

Allocation (mlworks.md §2c exactly, :func:`alloc_sequence`): ``taddcctv %g1, SIZE, %g1`` /
``add|or %g2, TAG, %l0`` (``or`` in leaf functions) / ``add %g2, SIZE, %g2``; SIZE an
immediate when < 4096, else %g4 loaded first; then the header / pad stores. Strings and
arrays made by the inlined services (``inline.py``) compute SIZE into %g4
(``inline_sparc.SparcInline.var_alloc``). The tag-overflow trap enters the collector
(``arch_sparc``).

Delay slots: every branch, call and jump is followed by a ``nop`` (correctness first; the
runtime also relies on it to resume after stopping inside a delay slot).

Exceptions: handler frames of 4 slots ``{previous, handler code, saved %i1, saved %sp}``
as on x86; raise: %o0 = packet; ``h = [%g5+0x5c]``; pop; ``%i1 = [h+8]``, ``%sp = [h+12]``,
``jmpl [h+4]``. If there is no handler (never: the runtime installs a base frame) the code
*jumps* (no call, so leafness is unaffected) to the ``raise_uncaught`` service stub.

Reals: the double of a boxed real is at +8 in the runtime's word order (low word at +8,
high word at +12, as the little-endian runtime reads it with ``struct "<d"``), so the
code loads/stores the two halves individually (``ld [p+7], %f0 ; ld [p+3], %f1``) rather
than with ``ldd`` (which would want the high word first). ``fdtoi`` always truncates, so
floor/ceil/round adjust the truncated value.
"""

from __future__ import annotations

import struct

from .. import ir
from .. import values as V
from .asm_sparc import NEGATE, Branch, CallSym, Insn, Label, SetImm, assemble, rd_y
from .codevector import ItemSpec, LoadImage
from .common import CodegenError, CodegenLimit, alloc_shape, subexpressions, tagged
from . import walker as W
from .common import Slot, Sym
from .hooks import Instrumentation
from .inline_sparc import SparcInline

__all__ = ["CodegenError", "Sparc", "alloc_sequence", "alloc_shape", "generate"]

GLOBALS_BASE = 0x00020000
IMPLICIT_HANDLER = 0x5C

_FCMP = {"rlt": "l", "rle": "le", "rgt": "g", "rge": "ge", "req": "e"}
_RARITH = {"radd": "faddd", "rsub": "fsubd", "rmul": "fmuld", "rdiv": "fdivd"}

ACC, T1 = "%l0", "%l1"


def simm13(v: int) -> bool:
    return -4096 <= v <= 4095


def s32(v: int) -> int:
    return ((v + 0x80000000) & 0xFFFFFFFF) - 0x80000000


def imm(v: int) -> str:
    """An immediate as capstone prints it."""
    v = s32(v)
    if v < 0:
        return "-" + imm(-v)
    return str(v) if v <= 9 else hex(v)


def mem(base: str, disp: int = 0) -> str:
    if disp == 0:
        return f"[{base}]"
    return f"[{base}+{imm(disp)}]" if disp > 0 else f"[{base}-{imm(-disp)}]"


def set_const(reg: str, v: int) -> list[Insn]:
    v = s32(v)
    if simm13(v):
        return [f"mov {imm(v)}, {reg}"] if v else [f"mov %g0, {reg}"]
    return [SetImm(reg, f"#{v & 0xFFFFFFFF:#x}")]


def alloc_sequence(rd: str, nbytes: int, primary: int, header: int, pad: bool,
                   leaf: bool) -> list[Insn]:
    """MLWorks's SPARC allocation (mlworks.md §2c), then the header and pad stores."""
    out: list[Insn] = []
    if nbytes < 4096:
        size = str(imm(nbytes))
    else:
        out += [SetImm("%g4", f"#{nbytes:#x}")]
        size = "%g4"
    out += [
        f"taddcctv %g1, {size}, %g1",  # attempt to allocate some heap (traps if no room)
        f"{'or' if leaf else 'add'} %g2, {primary}, {rd}",  # tag allocated pointer
        f"add %g2, {size}, %g2",  # advance allocation point
    ]
    if pad:
        out.append(f"st %g0, {mem(rd, nbytes - primary - 4)}")
    if header:
        out += set_const("%g3", header)
        out.append(f"st %g3, {mem(rd, -primary)}")
    return out


FIRST_SLOT = 2  # slot 0: return address, slot 1: caller's closure


def _is_leaf(e) -> bool:
    """No calls and no runtime services anywhere in the body."""
    return not any(isinstance(x, (ir.Call, ir.Runtime, ir.Assign)) for x in subexpressions(e))


class Sparc(SparcInline, W.Walker):
    """The SPARC target of the walker: instruction selection, §2c, the flat frame."""

    ARCH = "sparc"
    ACC, ARG, CLOSURE, SELF, SCRATCH = ACC, "%o0", "%o1", "%i1", "%g3"
    FLOAT_SECOND = T1
    FIRST_SLOT = FIRST_SLOT
    SELF_TAIL_GC_POINT = FLOAT_BRANCHES = True

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.leaf = _is_leaf(self.item.body)

    # ------------------------------------------------------------------ operands
    @staticmethod
    def slot(k: int) -> str:
        return mem("%sp", 4 * k)

    def load(self, e, reg: str) -> None:
        """Load a simple expression into ``reg``."""
        e = self.resolve(e)
        if isinstance(e, ir.Int):
            self.emit(*set_const(reg, tagged(e.value)))
        elif isinstance(e, Slot):
            self.emit(f"ld {self.slot(e.k)}, {reg}")
        elif isinstance(e, ir.EnvVar):
            self.emit(f"ld {mem('%i1', 4 * e.index - 1)}, {reg}")
        elif isinstance(e, ir.SelfClosure):
            if reg != "%i1":
                self.emit(f"mov %i1, {reg}")
        elif isinstance(e, ir.Global):
            off = 4 * e.index
            if simm13(off):
                self.emit(f"ld {mem('%g7', off)}, {reg}")
            else:
                self.emit(SetImm("%g4", f"#{GLOBALS_BASE + off:#x}"), f"ld [%g4], {reg}")
        elif isinstance(e, ir.String):
            self.emit(SetImm(reg, self.prog.string_symbol(e.value)))
        elif isinstance(e, Sym):
            self.emit(SetImm(reg, e.symbol))
        else:  # pragma: no cover
            raise CodegenError(f"not simple: {e!r}")

    def move(self, dst: str, src: str) -> None:
        self.emit(f"mov {src}, {dst}")

    def store_slot(self, reg: str, k: int) -> None:
        self.emit(f"st {reg}, {self.slot(k)}")

    def zero(self, reg: str) -> None:
        self.emit(f"mov %g0, {reg}")

    @staticmethod
    def jump(label: str) -> Insn:
        return Branch("a", label)

    def address_plus(self, dst: str, base: str, disp: int) -> None:
        self.emit(f"add {base}, {imm(disp)}, {dst}")

    def load_field(self, dst: str, base: str, disp: int) -> None:
        self.emit(f"ld {mem(base, disp)}, {dst}")

    def store_field(self, src: str, base: str, disp: int) -> None:
        self.emit(f"st {src}, {mem(base, disp)}")

    def store_zero(self, base: str, disp: int) -> None:
        self.emit(f"st %g0, {mem(base, disp)}")

    def store_global(self, index: int) -> None:
        off = 4 * index
        if simm13(off):
            self.emit(f"st {ACC}, {mem('%g7', off)}")
        else:
            self.emit(SetImm("%g4", f"#{GLOBALS_BASE + off:#x}"), f"st {ACC}, [%g4]")

    def load_symbol(self, reg: str, symbol: str) -> None:
        self.emit(SetImm(reg, symbol))

    # ------------------------------------------------------------------ tests and branches
    def cond_jump(self, cc: str, label: str, when: bool) -> None:
        self.emit(Branch(cc if when else NEGATE[cc], label))

    def cmp_const(self, reg: str, v: int) -> None:
        v = s32(v)
        if simm13(v):
            self.emit(f"cmp {reg}, {imm(v)}")
        else:
            self.emit(*set_const("%g3", v), f"cmp {reg}, %g3")

    def cmp_eq_branch(self, reg: str, value: int, label: str) -> None:
        self.cmp_const(reg, value)
        self.emit(Branch("e", label))

    def truth_branch(self, when: bool, label: str) -> None:
        self.emit(f"cmp {ACC}, 0", Branch("ne" if when else "e", label))

    def int_test_branch(self, when: bool, label: str) -> None:
        self.emit(f"andcc {ACC}, 1, %g0", Branch("e" if when else "ne", label))

    def compare(self, args) -> None:
        a, b = args
        if isinstance(b, ir.Int):
            self.into(a, ACC)
            self.cmp_const(ACC, tagged(b.value))
            return
        self.two(args, T1)
        self.emit(f"cmp {ACC}, {T1}")

    def fcmp(self) -> None:
        """Compare the boxed reals in %l0 and %l1."""
        self.load_double(ACC, 0)
        self.load_double(T1, 2)
        self.emit("fcmpd %f0, %f2", "nop")  # V8: no fbfcc right after an fcmp

    def float_branch(self, op: str, args, label: str, when: bool) -> None:
        self.two(args, T1)
        self.fcmp()
        cc = _FCMP[op]
        if when:
            self.emit(Branch(cc, label, True))
        else:  # not (a < b) includes unordered
            skip = self.label("fskip")
            self.emit(Branch(cc, skip, True), Branch("a", label), Label(skip))

    def bool_from_flags(self, cond: str, float_: bool = False) -> None:
        done = self.label("b")
        self.emit(f"mov 4, {ACC}", Branch(cond, done, float_), f"mov %g0, {ACC}", Label(done))

    def float_compare_bool(self, op: str) -> None:
        self.fcmp()
        self.bool_from_flags(_FCMP[op], True)

    def not_value(self) -> None:
        self.emit(f"xor {ACC}, 4, {ACC}")

    def is_int_value(self) -> None:
        self.emit(f"and {ACC}, 1, %l2", "xor %l2, 1, %l2", f"sll %l2, 2, {ACC}")

    # ------------------------------------------------------------------ integers
    def check_tag(self, raw: str) -> None:
        """Tag the raw integer in ``raw`` into ACC; Overflow unless it fits 30 bits."""
        self.stubs.add("ovf")
        self.emit(f"sll {raw}, 2, {ACC}", f"sra {ACC}, 2, %l7", f"cmp %l7, {raw}",
                  Branch("ne", f"{self.uid}.ovf"))

    def neg_abs(self, op: str) -> None:
        ovf = f"{self.uid}.ovf"
        if op == "neg":
            self.emit(f"subcc %g0, {ACC}, {ACC}", Branch("vs", ovf))
        else:
            skip = self.label("abs")
            self.emit(f"cmp {ACC}, 0", Branch("ge", skip), f"subcc %g0, {ACC}, {ACC}",
                      Branch("vs", ovf), Label(skip))

    def int_arith(self, op: str, args) -> None:
        ovf = f"{self.uid}.ovf"
        if op in ("add", "sub"):
            a, b = args
            self.stubs.add("ovf")
            if isinstance(b, ir.Int) and simm13(s32(tagged(b.value))):
                self.into(a, ACC)
                self.emit(f"{op}cc {ACC}, {imm(tagged(b.value))}, {ACC}")
            else:
                self.two(args, T1)
                self.emit(f"{op}cc {ACC}, {T1}, {ACC}")
            self.emit(Branch("vs", ovf))
        elif op == "mul":
            self.two(args, T1)
            self.stubs.add("ovf")
            self.emit(f"sra {T1}, 2, %l2", f"smul {ACC}, %l2, {ACC}", rd_y("%l3"),
                      f"sra {ACC}, 31, %l4", "cmp %l3, %l4", Branch("ne", ovf))
        else:
            self.divide(op, args)

    def bitwise(self, op: str) -> None:
        self.emit(f"{op[:-1]} {ACC}, {T1}, {ACC}")

    def divide(self, op: str, args) -> None:
        a, b = args
        if isinstance(b, ir.Int) and b.value != 0:
            self.into(a, ACC)
            self.emit(*set_const(T1, tagged(b.value)))
        else:
            self.two(args, T1)
            self.stubs.add("div")
            self.emit(f"cmp {T1}, 0", Branch("e", f"{self.uid}.div"))
        # %l2 = a, %l3 = b (raw), %l4 = quotient, %l5 = remainder
        self.emit(f"sra {ACC}, 2, %l2", f"sra {T1}, 2, %l3", "sra %l2, 31, %l4",
                  "wr %g0, %l4, %y", "nop", "nop", "nop", "sdiv %l2, %l3, %l4",
                  "smul %l4, %l3, %l5", "sub %l2, %l5, %l5")
        if op in ("div", "mod"):  # floor: adjust when the remainder's sign differs from b's
            done = self.label("d")
            self.emit("cmp %l5, 0", Branch("e", done), "xor %l5, %l3, %l6", "cmp %l6, 0",
                      Branch("ge", done), "sub %l4, 1, %l4", "add %l5, %l3, %l5",
                      Label(done))
        if op in ("div", "quot"):
            self.check_tag("%l4")
        else:
            self.emit(f"sll %l5, 2, {ACC}")

    # ------------------------------------------------------------------ reals
    def load_double(self, reg: str, f: int) -> None:
        """The double of the boxed real in ``reg`` into %f<f>:%f<f+1>."""
        self.emit(f"ld {mem(reg, 7)}, %f{f}", f"ld {mem(reg, 3)}, %f{f + 1}")

    def const_double(self, hi: int, lo: int, f: int) -> None:
        self.emit(*set_const("%g3", hi), "st %g3, [%sp-8]", *set_const("%g3", lo),
                  "st %g3, [%sp-4]", f"ld [%sp-8], %f{f}", f"ld [%sp-4], %f{f + 1}")

    def float_const(self, value: float) -> None:
        lo, hi = struct.unpack("<II", struct.pack("<d", value))
        self.const_double(hi, lo, 0)

    def float_arith(self, op: str) -> None:
        self.load_double(ACC, 0)
        self.load_double(T1, 2)
        self.emit(f"{_RARITH[op]} %f0, %f2, %f0")

    def float_unary(self, op: str) -> None:
        self.load_double(ACC, 0)
        self.emit("fnegs %f0, %f0" if op == "rneg" else "fsqrtd %f0, %f0")

    def float_of_int(self) -> None:
        # raw words only below %sp, where the collector never looks
        self.emit(f"sra {ACC}, 2, %l2", "st %l2, [%sp-4]", "ld [%sp-4], %f2", "fitod %f2, %f0")

    def float_load(self) -> None:
        self.load_double(ACC, 0)

    def store_boxed_double(self, primary: int) -> None:
        self.emit(f"st %g0, {mem(ACC, 4 - primary)}", f"st %f0, {mem(ACC, 12 - primary)}",
                  f"st %f1, {mem(ACC, 8 - primary)}")

    def float_to_int(self, op: str) -> None:
        """``fdtoi`` truncates: floor/ceil/round adjust the truncated value."""
        self.load_double(ACC, 0)
        # %l2 = trunc(%f0:%f1) (raw), %f4:%f5 = that as a double
        self.emit("fdtoi %f0, %f6", "st %f6, [%sp-4]", "ld [%sp-4], %l2", "fitod %f6, %f4")
        if op == "floor" or op == "round":
            skip = self.label("fl")
            self.emit("fcmpd %f4, %f0", "nop", Branch("ule", skip, True), "sub %l2, 1, %l2",
                      Label(skip))
        if op == "ceil":
            skip = self.label("ce")
            self.emit("fcmpd %f4, %f0", "nop", Branch("uge", skip, True), "add %l2, 1, %l2",
                      Label(skip))
        if op == "round":  # nearest, ties to even: from f = floor(x), d = x - f
            half_hi = struct.unpack("<II", struct.pack("<d", 0.5))[1]
            done, up = self.label("rdone"), self.label("rup")
            self.emit("st %l2, [%sp-4]", "ld [%sp-4], %f6", "fitod %f6, %f4",
                      "fsubd %f0, %f4, %f4")
            self.const_double(half_hi, 0, 2)
            self.emit("fcmpd %f4, %f2", "nop", Branch("g", up, True),
                      Branch("ne", done, True), "andcc %l2, 1, %g0", Branch("e", done),
                      Label(up), "add %l2, 1, %l2", Label(done))
        self.check_tag("%l2")

    # ------------------------------------------------------------------ allocation
    def alloc_sequence_for(self, rd: str, nbytes: int, primary: int, header: int,
                           pad: bool) -> None:
        self.emit(*alloc_sequence(rd, nbytes, primary, header, pad, self.leaf))

    @staticmethod
    def field_wait_regs() -> list[str]:
        return []  # every computed field waits in a slot

    # ------------------------------------------------------------------ handlers, calls
    def push_handler(self, h: int, handler_label: str) -> None:
        hv = mem("%g5", IMPLICIT_HANDLER)
        self.emit(f"add %sp, {imm(4 * h)}, %g4", f"ld {hv}, %g3", "st %g3, [%g4]",
                  SetImm("%g3", "@" + handler_label), "st %g3, [%g4+4]",
                  "st %i1, [%g4+8]", "st %sp, [%g4+12]", f"st %g4, {hv}")

    def pop_handler(self, h: int) -> None:
        self.emit(f"ld {self.slot(h)}, %g3", f"st %g3, {mem('%g5', IMPLICIT_HANDLER)}")

    def jump_reg(self, reg: str, off: int = 0) -> None:
        self.emit(f"jmpl {reg}+{imm(off)}, %g0" if off else f"jmpl {reg}, %g0", "nop")

    def raise_sequence(self) -> None:
        # no handler (never: the runtime installs a base frame): *jump* to the service stub
        h = mem("%g5", IMPLICIT_HANDLER)
        self.emit(f"ld {h}, %g3", "cmp %g3, 0", Branch("e", f"{self.uid}.uncaught"),
                  "ld [%g3], %g4", f"st %g4, {h}", "ld [%g3+8], %i1", "ld [%g3+4], %g4",
                  "ld [%g3+12], %sp", Label(f"{self.uid}.raisejump"))
        self.jump_reg("%g4")
        self.emit(Label(f"{self.uid}.uncaught"),
                  f"ld {mem('%g5', self.service_offset('raise_uncaught'))}, %g3")
        self.jump_reg("%g3")

    def call_service(self, slot_offset: int) -> None:
        self.emit(f"ld {mem('%g5', slot_offset)}, %g3", "jmpl %g3, %o7", "nop")

    def call_known(self, symbol: str) -> None:
        self.emit(CallSym(symbol, V.CODE_OFFSET))

    def load_code_pointer(self) -> None:
        self.emit("ld [%o1-1], %g3")

    def jump_code(self) -> None:
        self.jump_reg("%g3", V.CODE_OFFSET)

    def call_code(self) -> None:
        self.emit(f"jmpl %g3+{V.CODE_OFFSET}, %o7", "nop")

    @staticmethod
    def return_insns() -> list[Insn]:
        return ["retl", "nop"]

    # ------------------------------------------------------------------ the item
    def frame_words(self) -> int:
        frame = self.max_depth + (self.max_depth & 1)  # keep %sp 8-aligned
        if not simm13(4 * frame):
            raise CodegenLimit(self.item.name, f"needs a stack frame of {frame} words, more "
                               f"than the SPARC code generator's {(4095 // 4) & ~1} (13-bit "
                               "offsets): split the expression or use --arch x86",
                               line=getattr(self.item, "line", 0))
        return frame

    def is_leaf(self) -> bool:
        return self.leaf

    def prologue(self, frame: int) -> list[Insn]:
        pro: list[Insn] = [f"sub %sp, {imm(4 * frame)}, %sp", "st %o7, [%sp]",
                           "st %i1, [%sp+4]", "mov %o1, %i1"]
        if self.gc_points:
            pro.extend(f"st %g0, {self.slot(k)}" for k in range(FIRST_SLOT + 1, frame))
        return pro

    def epilogue_insns(self, frame: int) -> list[Insn]:
        return ["ld [%sp], %o7", "ld [%sp+4], %i1", f"add %sp, {imm(4 * frame)}, %sp"]

    def assemble_item(self, code: list[Insn], frame: int) -> ItemSpec:
        asm = assemble(code)
        if asm.size % 8:  # items end 8-aligned: no x86 NOP padding bytes in SPARC code
            asm = assemble(code + ["nop"])
        return ItemSpec(self.item.name, asm, self.leaf, frame)


def generate(program: ir.Program, base: int,
             instrumentation: Instrumentation | None = None) -> LoadImage:
    """Compile ``program`` to a load image mapped at ``base`` (8-aligned, static space);
    ``instrumentation`` fills the walker's hooks (``walker.Instrumentation``)."""
    return W.generate(Sparc, program, base, instrumentation)
