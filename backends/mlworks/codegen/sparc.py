"""SPARC V8 (32-bit, big-endian) code generator: ``ir.Program`` -> a load image.

Entry point: :func:`generate` ``(program, base) -> codevector.LoadImage`` (same code vector
layout as x86, ``codevector.build_image``; instruction words are handed over in the
runtime's little-endian word view, see ``asm_sparc``).

Strategy: the x86 generator's, a stack-frame code generator. Every IR variable and every
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
immediate when < 4096, else %g4 loaded first; then the header / pad stores. The tag-overflow
trap enters the collector (``arch_sparc``).

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
from dataclasses import dataclass

from .. import ir
from .. import values as V
from .asm_sparc import (
    NEGATE,
    Branch,
    CallSym,
    Insn,
    Label,
    SetImm,
    assemble,
    rd_y,
)
from .common import (
    CodegenError,
    _Program,
    _scan,
    _sibling_offset,
    alloc_shape,
    tagged,
)
from .codevector import ItemSpec, LoadImage, build_image
from ..runtime.services import SERVICES

GLOBALS_BASE = 0x00020000
IMPLICIT_HANDLER = 0x5C
SERVICE_SLOT_BASE = 0x80

_CMP = {"lt": "l", "le": "le", "gt": "g", "ge": "ge", "eq": "e", "ne": "ne", "eqptr": "e"}
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


@dataclass(slots=True)
class _Slot:
    k: int


@dataclass(slots=True)
class _Sym:
    symbol: str


_SIMPLE = (ir.Int, ir.Var, ir.EnvVar, ir.SelfClosure, ir.Global, ir.String, _Slot, _Sym)
_EPILOGUE = "\x00epilogue"
FIRST_SLOT = 2  # slot 0: return address, slot 1: caller's closure


def _is_leaf(e) -> bool:
    """No calls and no runtime services anywhere in the body."""
    stack = [e]
    while stack:
        x = stack.pop()
        if isinstance(x, (ir.Call, ir.Runtime, ir.Assign)):
            return False
        for name in getattr(x, "__slots__", ()):
            v = getattr(x, name, None)
            if isinstance(v, list):
                for y in v:
                    if isinstance(y, tuple):
                        stack.extend(z for z in y if not isinstance(z, (int, str)))
                    elif not isinstance(y, (int, str, bytes, float)):
                        stack.append(y)
            elif v is not None and not isinstance(v, (int, float, str, bytes)):
                stack.append(v)
    return True


class _ItemGen:
    def __init__(self, prog: _Program, item: ir.CodeItem, number: int):
        self.prog = prog
        self.item = item
        self.uid = f"i{number}"
        self.out: list[Insn] = []
        self.env: dict[str, int] = {}
        self.depth = FIRST_SLOT
        self.max_depth = FIRST_SLOT
        self.nlabels = 0
        self.stubs: set[str] = set()
        self.gc_points = 0
        self.leaf = _is_leaf(item.body)

    # ------------------------------------------------------------------ helpers
    def emit(self, *ins: Insn) -> None:
        self.out.extend(ins)

    def label(self, hint: str) -> str:
        self.nlabels += 1
        return f"{self.uid}.{hint}{self.nlabels}"

    def new_slot(self, n: int = 1) -> int:
        k = self.depth
        self.depth += n
        self.max_depth = max(self.max_depth, self.depth)
        return k

    @staticmethod
    def slot(k: int) -> str:
        return mem("%sp", 4 * k)

    def load(self, e, reg: str) -> None:
        """Load a simple expression into ``reg``."""
        if isinstance(e, ir.Int):
            self.emit(*set_const(reg, tagged(e.value)))
        elif isinstance(e, ir.Var):
            if e.name not in self.env:
                raise CodegenError(f"{self.item.name}: unbound variable {e.name!r}")
            self.emit(f"ld {self.slot(self.env[e.name])}, {reg}")
        elif isinstance(e, _Slot):
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
        elif isinstance(e, _Sym):
            self.emit(SetImm(reg, e.symbol))
        else:  # pragma: no cover
            raise CodegenError(f"not simple: {e!r}")

    def into(self, e, reg: str) -> None:
        if isinstance(e, _SIMPLE):
            self.load(e, reg)
        else:
            self.expr(e)
            if reg != ACC:
                self.emit(f"mov {ACC}, {reg}")

    def spill(self, args: list, keep_last: bool = True) -> tuple[list, bool]:
        """As codegen_x86: evaluate non-simple args into slots; the last may stay in ACC."""
        res: list = []
        in_acc = False
        for i, a in enumerate(args):
            if isinstance(a, _SIMPLE):
                res.append(a)
            elif keep_last and i == len(args) - 1:
                self.expr(a)
                res.append(None)
                in_acc = True
            else:
                self.expr(a)
                k = self.new_slot()
                self.emit(f"st {ACC}, {self.slot(k)}")
                res.append(_Slot(k))
        return res, in_acc

    def two(self, args) -> None:
        """Evaluate two arguments: the first into %l0, the second into %l1."""
        vals, in_acc = self.spill(args)
        if in_acc:
            self.emit(f"mov {ACC}, {T1}")
        else:
            self.load(vals[1], T1)
        self.load(vals[0], ACC)

    def epilogue(self) -> None:
        self.emit(_EPILOGUE)

    def jump_reg(self, reg: str, off: int = 0) -> None:
        self.emit(f"jmpl {reg}+{imm(off)}, %g0" if off else f"jmpl {reg}, %g0", "nop")

    def emit_stubs(self) -> None:
        for kind, exn in (("ovf", "Overflow"), ("div", "Div")):
            if kind in self.stubs:
                self.emit(Label(f"{self.uid}.{kind}"),
                          SetImm("%o0", self.prog.packet_symbol(exn)),
                          Branch("a", f"{self.uid}.raise"))
                self.stubs.add("raise")
        if "raise" in self.stubs:
            h = mem("%g5", IMPLICIT_HANDLER)
            slot = SERVICE_SLOT_BASE + 4 * SERVICES["raise_uncaught"]
            self.emit(Label(f"{self.uid}.raise"),
                      f"ld {h}, %g3",
                      "cmp %g3, 0",
                      Branch("e", f"{self.uid}.uncaught"),
                      "ld [%g3], %g4",
                      f"st %g4, {h}",
                      "ld [%g3+8], %i1",
                      "ld [%g3+4], %g4",
                      "ld [%g3+12], %sp")
            self.jump_reg("%g4")
            self.emit(Label(f"{self.uid}.uncaught"), f"ld {mem('%g5', slot)}, %g3")
            self.jump_reg("%g3")

    def service_call(self, name: str) -> None:
        if name not in SERVICES:
            raise CodegenError(f"unknown runtime service {name!r}")
        self.gc_points += 1
        self.emit(f"ld {mem('%g5', SERVICE_SLOT_BASE + 4 * SERVICES[name])}, %g3",
                  "jmpl %g3, %o7", "nop")

    # ------------------------------------------------------------------ expressions
    def expr(self, e, tail: bool = False) -> None:
        m = getattr(self, "x_" + type(e).__name__)
        mark = self.depth
        m(e, tail)
        self.depth = mark

    def x_Int(self, e, tail):
        self.load(e, ACC)

    x_Var = x_EnvVar = x_SelfClosure = x_Global = x_String = x__Slot = x__Sym = x_Int

    def x_SiblingClosure(self, e, tail):
        self.emit(f"add %i1, {imm(4 * _sibling_offset(e))}, {ACC}")

    def x_SetGlobal(self, e: ir.SetGlobal, tail):
        self.into(e.value, ACC)
        off = 4 * e.index
        if simm13(off):
            self.emit(f"st {ACC}, {mem('%g7', off)}")
        else:
            self.emit(SetImm("%g4", f"#{GLOBALS_BASE + off:#x}"), f"st {ACC}, [%g4]")
        self.emit(f"mov %g0, {ACC}")

    def x_Let(self, e: ir.Let, tail):
        self.expr(e.value)
        k = self.new_slot()
        self.emit(f"st {ACC}, {self.slot(k)}")
        old = self.env.get(e.name)
        self.env[e.name] = k
        self.expr(e.body, tail)
        self._unbind(e.name, old)

    def _unbind(self, name: str, old: int | None) -> None:
        if old is None:
            del self.env[name]
        else:
            self.env[name] = old

    def x_Seq(self, e: ir.Seq, tail):
        if not e.exprs:
            self.emit(f"mov %g0, {ACC}")
        for i, x in enumerate(e.exprs):
            self.expr(x, tail and i == len(e.exprs) - 1)

    def x_Select(self, e: ir.Select, tail):
        self.into(e.value, ACC)
        self.emit(f"ld {mem(ACC, 4 * e.index - 1)}, {ACC}")

    def x_Deref(self, e: ir.Deref, tail):
        self.into(e.value, ACC)
        self.emit(f"ld {mem(ACC, 9)}, {ACC}")

    def x_Assign(self, e: ir.Assign, tail):
        self.x_Runtime(ir.Runtime("assign", [e.ref, e.value]), tail)

    # ---- allocation
    def alloc_seq(self, kind: str, n: int) -> int:
        nbytes, primary, header, pad = alloc_shape(kind, n)
        self.gc_points += 1
        self.emit(*alloc_sequence(ACC, nbytes, primary, header, pad, self.leaf))
        return primary

    def allocate(self, kind: str, fields: list) -> None:
        vals, _ = self.spill(fields, keep_last=False)
        primary = self.alloc_seq(kind, len(fields))
        header = kind != "pair"
        first = 4 * 3 - primary if kind == "ref" else -primary + (4 if header else 0)
        if kind == "ref":
            self.emit(f"st %g0, {mem(ACC, 4 - primary)}", f"st %g0, {mem(ACC, 8 - primary)}")
        for i, v in enumerate(vals):
            self.load(v, "%g3")
            self.emit(f"st %g3, {mem(ACC, first + 4 * i)}")

    def x_Alloc(self, e: ir.Alloc, tail):
        if e.kind == "real":
            if len(e.fields) != 1:
                raise CodegenError("a real allocation has one field")
            self.float_f0(e.fields[0])
            self.alloc_real_f0()
            return
        self.allocate(e.kind, e.fields)

    def load_double(self, reg: str, f: int) -> None:
        """The double of the boxed real in ``reg`` into %f<f>:%f<f+1>."""
        self.emit(f"ld {mem(reg, 7)}, %f{f}", f"ld {mem(reg, 3)}, %f{f + 1}")

    def float_f0(self, e) -> None:
        """The double value of ``e`` in %f0:%f1 without boxing it."""
        if isinstance(e, ir.Real):
            lo, hi = struct.unpack("<II", struct.pack("<d", e.value))
            self.const_double(hi, lo, 0)
        elif isinstance(e, ir.Prim) and e.op in _RARITH:
            self.two(e.args)
            self.load_double(ACC, 0)
            self.load_double(T1, 2)
            self.emit(f"{_RARITH[e.op]} %f0, %f2, %f0")
        elif isinstance(e, ir.Prim) and e.op == "rneg":
            self.into(e.args[0], ACC)
            self.load_double(ACC, 0)
            self.emit("fnegs %f0, %f0")
        elif isinstance(e, ir.Prim) and e.op == "sqrt":
            self.into(e.args[0], ACC)
            self.load_double(ACC, 0)
            self.emit("fsqrtd %f0, %f0")
        elif isinstance(e, ir.Prim) and e.op == "real_of_int":
            self.into(e.args[0], ACC)
            # raw words only below %sp, where the collector never looks
            self.emit(f"sra {ACC}, 2, %l2", "st %l2, [%sp-4]", "ld [%sp-4], %f2",
                      "fitod %f2, %f0")
        else:
            self.into(e, ACC)
            self.load_double(ACC, 0)

    def const_double(self, hi: int, lo: int, f: int) -> None:
        self.emit(*set_const("%g3", hi), "st %g3, [%sp-8]", *set_const("%g3", lo),
                  "st %g3, [%sp-4]", f"ld [%sp-8], %f{f}", f"ld [%sp-4], %f{f + 1}")

    def alloc_real_f0(self) -> None:
        """Box the double in %f0:%f1 (the collector leaves FP registers alone)."""
        primary = self.alloc_seq("real", 1)
        self.emit(f"st %g0, {mem(ACC, 4 - primary)}", f"st %f0, {mem(ACC, 12 - primary)}",
                  f"st %f1, {mem(ACC, 8 - primary)}")

    def x_Real(self, e: ir.Real, tail):
        self.float_f0(e)
        self.alloc_real_f0()

    def x_MakeClosure(self, e: ir.MakeClosure, tail):
        code = _Sym(self.prog.item_symbol(e.code))
        kind = "pair" if len(e.free) == 1 else "record"
        self.allocate(kind, [code] + list(e.free))

    def x_LetRecClosures(self, e: ir.LetRecClosures, tail):
        if len(e.names) != len(e.codes):
            raise CodegenError("LetRecClosures: names and codes differ in length")
        codes = [_Sym(self.prog.item_symbol(c)) for c in e.codes]
        self.allocate("record", codes + list(e.free))
        ks = [self.new_slot() for _ in e.names]
        for i, k in enumerate(ks):
            if i == 0:
                self.emit(f"st {ACC}, {self.slot(k)}")
            else:
                self.emit(f"add {ACC}, {imm(4 * i)}, %g3", f"st %g3, {self.slot(k)}")
        olds = [(n, self.env.get(n)) for n in e.names]
        for n, k in zip(e.names, ks):
            self.env[n] = k
        self.expr(e.body, tail)
        for n, old in reversed(olds):
            self._unbind(n, old)

    # ---- calls
    def known_target(self, fn) -> str | None:
        if isinstance(fn, ir.SelfClosure):
            return self.item.name
        if isinstance(fn, ir.Global):
            return self.prog.known_globals.get(fn.index)
        if type(fn).__name__ == "SiblingClosure" and self.item.name in self.prog.groups:
            codes, k = self.prog.groups[self.item.name]
            j = k + _sibling_offset(fn)
            return codes[j] if 0 <= j < len(codes) else None
        return None

    def x_Call(self, e: ir.Call, tail):
        target = self.known_target(e.fn)
        if tail and isinstance(e.fn, ir.SelfClosure):
            self.into(e.arg, "%o0")
            self.gc_points += 1
            self.emit(Branch("a", f"{self.uid}.top"))
            return
        vals, in_acc = self.spill([e.fn, e.arg])
        fn, arg = vals
        if in_acc:
            self.emit(f"mov {ACC}, %o0")
        else:
            self.load(arg, "%o0")
        self.load(fn, "%o1")
        self.gc_points += 1
        if target is not None and not tail:
            self.emit(CallSym(self.prog.item_symbol(target), V.CODE_OFFSET),
                      f"mov %o0, {ACC}")
            return
        self.emit("ld [%o1-1], %g3")
        if tail:
            self.epilogue()
            self.jump_reg("%g3", V.CODE_OFFSET)
        else:
            self.emit(f"jmpl %g3+{V.CODE_OFFSET}, %o7", "nop", f"mov %o0, {ACC}")

    def x_Runtime(self, e: ir.Runtime, tail):
        if e.service not in SERVICES:
            raise CodegenError(f"unknown runtime service {e.service!r}")
        if not e.args:
            self.emit("mov %g0, %o0")
        elif len(e.args) == 1:
            self.into(e.args[0], "%o0")
        else:
            self.allocate("pair" if len(e.args) == 2 else "record", e.args)
            self.emit(f"mov {ACC}, %o0")
        self.service_call(e.service)
        self.emit(f"mov %o0, {ACC}")

    # ---- control
    def x_If(self, e: ir.If, tail):
        lelse, lend = self.label("else"), self.label("fi")
        self.branch(e.cond, lelse, False)
        self.expr(e.then, tail)
        self.emit(Branch("a", lend), Label(lelse))
        self.expr(e.else_, tail)
        self.emit(Label(lend))

    def x_Switch(self, e: ir.Switch, tail):
        self.into(e.value, ACC)
        lend = self.label("swend")
        labels = []
        for k, _ in e.cases:
            lab = self.label("case")
            labels.append(lab)
            self.cmp_const(ACC, tagged(k))
            self.emit(Branch("e", lab))
        self.expr(e.default, tail)
        self.emit(Branch("a", lend))
        for lab, (_, body) in zip(labels, e.cases):
            self.emit(Label(lab))
            self.expr(body, tail)
            self.emit(Branch("a", lend))
        self.emit(Label(lend))

    def cmp_const(self, reg: str, v: int) -> None:
        v = s32(v)
        if simm13(v):
            self.emit(f"cmp {reg}, {imm(v)}")
        else:
            self.emit(*set_const("%g3", v), f"cmp {reg}, %g3")

    def branch(self, c, target: str, when: bool) -> None:
        if isinstance(c, ir.Int):
            if bool(c.value) == when:
                self.emit(Branch("a", target))
            return
        if isinstance(c, ir.Prim):
            if c.op == "not":
                self.branch(c.args[0], target, not when)
                return
            if c.op in _CMP:
                mark = self.depth
                self.compare(c.args)
                cc = _CMP[c.op]
                self.emit(Branch(cc if when else NEGATE[cc], target))
                self.depth = mark
                return
            if c.op in _FCMP:
                mark = self.depth
                self.fcompare(c.args)
                cc = _FCMP[c.op]
                if when:
                    self.emit(Branch(cc, target, True))
                else:  # not (a < b) includes unordered
                    skip = self.label("fskip")
                    self.emit(Branch(cc, skip, True), Branch("a", target), Label(skip))
                self.depth = mark
                return
            if c.op == "is_int":
                self.into(c.args[0], ACC)
                self.emit(f"andcc {ACC}, 1, %g0", Branch("e" if when else "ne", target))
                return
        if isinstance(c, ir.If):
            lelse, lend = self.label("celse"), self.label("cend")
            self.branch(c.cond, lelse, False)
            self.branch(c.then, target, when)
            self.emit(Branch("a", lend), Label(lelse))
            self.branch(c.else_, target, when)
            self.emit(Label(lend))
            return
        self.expr(c)
        self.emit(f"cmp {ACC}, 0", Branch("ne" if when else "e", target))

    def compare(self, args) -> None:
        a, b = args
        if isinstance(b, ir.Int):
            self.into(a, ACC)
            self.cmp_const(ACC, tagged(b.value))
            return
        self.two(args)
        self.emit(f"cmp {ACC}, {T1}")

    def fcompare(self, args) -> None:
        self.two(args)
        self.load_double(ACC, 0)
        self.load_double(T1, 2)
        self.emit("fcmpd %f0, %f2", "nop")  # V8: no fbfcc right after an fcmp

    def x_Raise(self, e: ir.Raise, tail):
        self.into(e.exn, "%o0")
        self.stubs.add("raise")
        self.emit(Branch("a", f"{self.uid}.raise"))

    def x_Handle(self, e: ir.Handle, tail):
        h = self.new_slot(4)
        lh, lend = self.label("handler"), self.label("hend")
        hv = mem("%g5", IMPLICIT_HANDLER)
        self.emit(f"add %sp, {imm(4 * h)}, %g4",
                  f"ld {hv}, %g3", "st %g3, [%g4]",
                  SetImm("%g3", "@" + lh), "st %g3, [%g4+4]",
                  "st %i1, [%g4+8]", "st %sp, [%g4+12]",
                  f"st %g4, {hv}")
        self.expr(e.body)
        self.emit(f"ld {self.slot(h)}, %g3", f"st %g3, {hv}", Branch("a", lend), Label(lh))
        k = self.new_slot()
        self.emit(f"st %o0, {self.slot(k)}")
        old = self.env.get(e.name)
        self.env[e.name] = k
        self.expr(e.handler, tail)
        self._unbind(e.name, old)
        self.emit(Label(lend))

    # ---- primitives
    def bool_from(self, cond: str, float_: bool = False) -> None:
        done = self.label("b")
        self.emit(f"mov 4, {ACC}", Branch(cond, done, float_), f"mov %g0, {ACC}", Label(done))

    def check_tag(self, raw: str) -> None:
        """Tag the raw integer in ``raw`` into ACC; Overflow unless it fits 30 bits."""
        self.stubs.add("ovf")
        self.emit(f"sll {raw}, 2, {ACC}", f"sra {ACC}, 2, %l7", f"cmp %l7, {raw}",
                  Branch("ne", f"{self.uid}.ovf"))

    def x_Prim(self, e: ir.Prim, tail):
        op = e.op
        ovf = f"{self.uid}.ovf"
        if op in _CMP:
            self.compare(e.args)
            self.bool_from(_CMP[op])
        elif op in _FCMP:
            self.fcompare(e.args)
            self.bool_from(_FCMP[op], True)
        elif op == "not":
            self.into(e.args[0], ACC)
            self.emit(f"xor {ACC}, 4, {ACC}")
        elif op == "is_int":
            self.into(e.args[0], ACC)
            self.emit(f"and {ACC}, 1, %l2", "xor %l2, 1, %l2", f"sll %l2, 2, {ACC}")
        elif op in ("add", "sub"):
            a, b = e.args
            self.stubs.add("ovf")
            if isinstance(b, ir.Int) and simm13(s32(tagged(b.value))):
                self.into(a, ACC)
                self.emit(f"{op}cc {ACC}, {imm(tagged(b.value))}, {ACC}")
            else:
                self.two(e.args)
                self.emit(f"{op}cc {ACC}, {T1}, {ACC}")
            self.emit(Branch("vs", ovf))
        elif op == "mul":
            self.two(e.args)
            self.stubs.add("ovf")
            self.emit(f"sra {T1}, 2, %l2", f"smul {ACC}, %l2, {ACC}", rd_y("%l3"),
                      f"sra {ACC}, 31, %l4", "cmp %l3, %l4", Branch("ne", ovf))
        elif op in ("div", "mod", "quot", "rem"):
            self.divide(op, e.args)
        elif op == "neg":
            self.into(e.args[0], ACC)
            self.stubs.add("ovf")
            self.emit(f"subcc %g0, {ACC}, {ACC}", Branch("vs", ovf))
        elif op == "abs":
            self.into(e.args[0], ACC)
            self.stubs.add("ovf")
            skip = self.label("abs")
            self.emit(f"cmp {ACC}, 0", Branch("ge", skip), f"subcc %g0, {ACC}, {ACC}",
                      Branch("vs", ovf), Label(skip))
        elif op in _RARITH or op in ("rneg", "sqrt", "real_of_int"):
            self.float_f0(e)
            self.alloc_real_f0()
        elif op in ("floor", "ceil", "round", "trunc"):
            self.into(e.args[0], ACC)
            self.load_double(ACC, 0)
            self.to_int(op)
        else:
            raise CodegenError(f"unknown primitive {op!r}")

    def trunc_f0(self) -> None:
        """%l2 = trunc(%f0:%f1) (raw), %f4:%f5 = that as a double."""
        self.emit("fdtoi %f0, %f6", "st %f6, [%sp-4]", "ld [%sp-4], %l2", "fitod %f6, %f4")

    def to_int(self, op: str) -> None:
        self.trunc_f0()
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

    def divide(self, op: str, args) -> None:
        a, b = args
        if isinstance(b, ir.Int) and b.value != 0:
            self.into(a, ACC)
            self.emit(*set_const(T1, tagged(b.value)))
        else:
            self.two(args)
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


def generate(program: ir.Program, base: int) -> LoadImage:
    """Compile ``program`` to a load image mapped at ``base`` (8-aligned, static space)."""
    prog = _Program(program)
    specs = [_generate_item(prog, it, i) for i, it in enumerate(program.items)]
    if program.setup not in prog.item_index:
        raise CodegenError(f"no setup item {program.setup!r}")
    return build_image(base, specs, prog.strings, program.setup, program.n_globals,
                       prog.exn_names, prog.packets)


def _generate_item(prog: _Program, item: ir.CodeItem, number: int) -> ItemSpec:
    g = _ItemGen(prog, item, number)
    g.env[item.param] = g.new_slot()
    g.expr(item.body, tail=True)
    g.emit("mov %l0, %o0", _EPILOGUE, "retl", "nop")
    g.emit_stubs()
    frame = g.max_depth + (g.max_depth & 1)  # keep %sp 8-aligned
    if not simm13(4 * frame):
        raise CodegenError(f"{item.name}: frame of {frame} words is too large")
    pro: list[Insn] = [f"sub %sp, {imm(4 * frame)}, %sp", "st %o7, [%sp]",
                       "st %i1, [%sp+4]", "mov %o1, %i1"]
    if g.gc_points:
        pro.extend(f"st %g0, {g.slot(k)}" for k in range(FIRST_SLOT + 1, frame))
    pro.append(Label(f"{g.uid}.top"))
    pro.append(f"st %o0, {g.slot(FIRST_SLOT)}")
    epi: list[Insn] = ["ld [%sp], %o7", "ld [%sp+4], %i1", f"add %sp, {imm(4 * frame)}, %sp"]
    body: list[Insn] = []
    for ins in g.out:
        if ins == _EPILOGUE:
            body.extend(epi)
        else:
            body.append(ins)
    code = pro + body
    asm = assemble(code)
    if asm.size % 8:  # items end 8-aligned: no x86 NOP padding bytes in SPARC code
        asm = assemble(code + ["nop"])
    return ItemSpec(item.name, asm, g.leaf, frame)
