"""x86 (32-bit) code generator: ``ir.Program`` -> a load image of one MLWorks code vector.

Entry point: :func:`generate` ``(program, base) -> codevector.LoadImage``.

Strategy: a stack-frame code generator. Every IR variable and every intermediate that must
survive the evaluation of another expression lives in a frame slot addressed from ESP;
registers hold values only within one IR node (plus the few register uses listed below).
ESP is constant inside a function body (nothing is pushed), so slots and handler frames
have fixed addresses. Under unicorn 2.1 a guest store costs ~30x a load (every store takes
QEMU's softmmu slow path), so the generator avoids stores rather than loads:

* a ``Let`` whose value is immutable and cheap (a constant, a variable, a closure field, a
  field of such a value up to two levels deep) gets no slot: each use re-loads it;
* a field of a cheap value is loaded where it is used (``mov ecx, [esp]; mov ecx, [ecx+3]``);
* allocation fields wait for the allocation in EDX (the last computed field) or EBX/EBP
  (fields followed only by pure arithmetic) instead of slots; the GC fixes all three;
* an item without calls, services or handlers keeps its argument in EBX (no slot at all;
  at an allocation the GC fixes EBX);
* a self tail call is a jump back to the top of the body (a loop);
* a call of a statically known code item (``SelfClosure``, a global set exactly once to a
  ``MakeClosure``, a member of the same ``LetRecClosures`` group) is a direct ``call rel32``
  of its first instruction; EBP still holds the closure, as the callee expects.

Frame (CONVENTIONS.md): on entry ``[esp]`` = return address; the prologue is
``push edi; mov edi, ebp; sub esp, 4*F`` and the epilogue ``add esp, 4*F; pop edi; ret``
(the ``sub``/``add`` are left out when F = 0). Slot k is ``[esp + 4k]``; slot 0 holds the
argument (unless it stays in EBX). A function that can reach a GC point (a call, a service,
an allocation) zeroes in its prologue every slot that the straight-line start of its body
does not write before the first GC point, so the collector, which scans the whole stack,
never sees a stale word; every value stored in a slot is a tagged ML value. Raw (untagged)
values only ever live in ECX (which the GC does not scan), in EDX/EAX within one arithmetic
node (EDX is cleared before the node ends), or below ESP.

Registers: EAX is the accumulator (every expression leaves its value in EAX), ECX and EDX
are scratch, EBX the argument/result, EBP the closure being called, EDI the current closure.
Calls: ``mov ebp, closure; mov ebx, arg; mov eax, [ebp-1]; add eax, 3; call eax`` (or
``call item+8`` when the callee is known); the result comes back in EBX. Calls in tail
position pop the frame first and ``jmp eax``.

Allocation: every ``Alloc``, ``MakeClosure``, ``LetRecClosures``, boxed real and the tuple
argument of a multi-argument runtime service uses MLWorks's constant-size inline sequence
(mlworks.md §2a, :func:`alloc_sequence`) with rd = EAX, byte for byte, so each site has
exactly one ``cmp r32,[esi+0x54]`` and one ``call [esi+4]``; the fields are evaluated first
and stored after the sequence (a ref's forward/back words are set to 0). There are no
variable-size inline allocations (arrays and strings are made by runtime services).
``LetRecClosures`` builds one record ``[code_1 .. code_n, free ..]``; binder i is the record
pointer + 4i (ir.py's "pointer at field i"; ``SiblingClosure(d)`` is EDI + 4d).

Exceptions: a handler frame is 4 slots of the installing function's frame:

```
[h + 0x0]  previous handler (the old value of implicit slot 0x5c)
[h + 0x4]  handler code address (absolute, inside this code item)
[h + 0x8]  saved EDI (the installing function's closure)
[h + 0xc]  saved ESP (the installing function's ESP, i.e. its frame base)
```

The implicit slot ``handler`` (ESI+0x5c) holds ``h`` (the stack address of the innermost
frame) or 0 when there is none. Raise (EBX = exception packet): ``h = [esi+0x5c]``; if
``h == 0`` call the ``raise_uncaught`` service; else ``[esi+0x5c] = [h]`` (pop), ``edi =
[h+8]``, ``esp = [h+0xc]``, ``jmp [h+4]``. The handler code finds the packet in EBX. The
runtime unwinds exceptions raised by services the same way. ``Overflow`` and ``Div`` raised
by inline arithmetic use static exception packets (pairs ``(name string, unit)``) placed in
the image, so raising them does not allocate. String constants are one STRING object per
occurrence in the IR (a user exception's name string is its identity), except the names of
the predefined exceptions (``Program.exn_names``), which are shared with the runtime.

Integers: tagged arithmetic with ``jo`` to raise Overflow; ``*`` untags one operand;
``div``/``mod`` floor and ``quot``/``rem`` truncate (``idiv`` on untagged values), Div on a
zero divisor. Reals: SSE2 (``movsd``/``addsd``/``ucomisd``/``cvtsi2sd``/``sqrtsd``),
x87 with the rounding mode set for ``floor``/``ceil``/``round``; results boxed inline.

Ancillary word: the leaf bit is set for items that reach no GC point and call nothing
(they still push EDI; x86 MLWorks never allocates in a leaf).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from .common import (
    CodegenError,
    _Program,
    _scan,
    _sibling_offset,
    alloc_shape,
    tagged,
)

from .. import ir
from .. import values as V
from .asm_x86 import (
    NEGATE,
    CallSym,
    Insn,
    Jump,
    Label,
    MovImm,
    assemble,
    imm,
    mem,
)
from .asm_x86 import REGS as REG_NAMES
from .codevector import ItemSpec, LoadImage, build_image

try:  # the runtime helper's numbering (shared contract)
    from ..runtime.services import SERVICES
except ImportError:  # pragma: no cover - only before services.py existed
    SERVICES = {}

GLOBALS_BASE = 0x00020000
IMPLICIT_GC = 0x04
IMPLICIT_GC_BASE = 0x50
IMPLICIT_GC_LIMIT = 0x54
IMPLICIT_HANDLER = 0x5C
SERVICE_SLOT_BASE = 0x80

_CMP = {"lt": "l", "le": "le", "gt": "g", "ge": "ge", "eq": "e", "ne": "ne", "eqptr": "e"}
# real comparisons: (swap operands, condition) using ucomisd, NaN-safe (unordered -> false)
_RCMP = {"rlt": (True, "a"), "rle": (True, "ae"), "rgt": (False, "a"), "rge": (False, "ae")}
_RARITH = {"radd": "addsd", "rsub": "subsd", "rmul": "mulsd", "rdiv": "divsd"}
_X87_RC = {"floor": 1, "ceil": 2, "round": 0}


def arith_imm(v: int) -> str:
    """An immediate of an arithmetic instruction as capstone prints it (imm8 forms are signed,
    imm32 forms unsigned)."""
    v = ((v + 0x80000000) & 0xFFFFFFFF) - 0x80000000
    return imm(v) if -128 <= v <= 127 else hex(v & 0xFFFFFFFF)


def mov_imm(v: int) -> str:
    return imm(v & 0xFFFFFFFF)


def alloc_sequence(rd: str, nbytes: int, primary: int, header: int, pad: bool,
                   uid: str) -> list[Insn]:
    """MLWorks's i386 constant-size allocation (mlworks.md §2a), rd = destination."""
    base = mem("esi", IMPLICIT_GC_BASE)
    tag2 = f"{uid}.tag2"
    out: list[Insn] = [
        f"add {base}, {arith_imm(nbytes)}",  # increment base pointer
        f"mov {rd}, {base}",  # acquire base pointer for result
        f"cmp {rd}, {mem('esi', IMPLICIT_GC_LIMIT)}",  # check for run out of store
        f"lea {rd}, {mem(rd, primary - nbytes, '')}",  # tag pointer correctly
        Jump("b", tag2),  # branch if not run out of heap
    ]
    if rd == "ecx":
        out.append(f"mov ecx, {mov_imm(nbytes)}")  # amount requested
    else:
        out.append(f"xor {rd}, {rd}")  # clear bad value before gc
        out.append(f"lea ecx, {mem(rd, nbytes, '')}")  # amount requested
    out.append(f"call {mem('esi', IMPLICIT_GC)}")  # call the gc
    if rd == "ecx" and primary == 1:
        out.append("inc ecx")  # produce the answer
    else:
        out.append(f"lea {rd}, {mem('ecx', primary, '')}")
    out.append(Jump("", tag2))  # branch to continuation sequence
    out.append(Label(tag2))
    if pad:
        out.append(f"mov {mem(rd, nbytes - primary - 4)}, 0")  # zero unaligned extra word
    if header:
        out.append(f"mov {mem(rd, -primary)}, {mov_imm(header)}")  # initialise header
    return out


# pseudo-expressions used inside the generator
@dataclass(slots=True)
class _Slot:
    k: int


@dataclass(slots=True)
class _Reg:
    """A value waiting in a register: the argument kept in EBX (items without calls or
    handlers), or an allocation's field (EDX/EBX/EBP) waiting for the allocation."""

    name: str


@dataclass(slots=True)
class _Sym:
    symbol: str


@dataclass(slots=True)
class _Sel:
    """Field ``index`` of a cheap value: a Let-bound selection re-loaded at each use
    (two loads) instead of being stored in a slot (stores are what cost in unicorn)."""

    index: int
    value: object


_SIMPLE = (ir.Int, ir.Var, ir.EnvVar, ir.SelfClosure, ir.Global, ir.String, _Slot, _Sym,
           _Reg)
_MAX_SEL_DEPTH = 2


def _sel_depth(e) -> int:
    return 1 + _sel_depth(e.value) if isinstance(e, _Sel) else 0


class _ItemGen:
    def __init__(self, prog: _Program, item: ir.CodeItem, number: int):
        self.prog = prog
        self.item = item
        self.uid = f"i{number}"
        self.out: list[Insn] = []
        self.env: dict[str, int] = {}
        self.depth = 0
        self.max_depth = 0
        self.nlabels = 0
        self.stubs: set[str] = set()  # "ovf", "div", "raise"
        self.gc_points = 0
        self.calls = 0  # calls and services (they clobber every register but EDI/ESI/ESP)
        self.has_handler = False
        self.param_in_ebx = False

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
        return mem("esp", 4 * k)

    def resolve(self, e):
        """Variables -> their slot (``_Slot``) or the cheap expression they alias."""
        if isinstance(e, ir.Var):
            if e.name not in self.env:
                raise CodegenError(f"{self.item.name}: unbound variable {e.name!r}")
            b = self.env[e.name]
            return _Slot(b) if isinstance(b, int) else b
        if isinstance(e, ir.Select):  # a field of a cheap value: two loads, no store
            inner = self.resolve(e.value)
            if (isinstance(inner, (_Slot, _Reg, ir.EnvVar, ir.SelfClosure, ir.Global))
                    or isinstance(inner, _Sel) and _sel_depth(inner) < _MAX_SEL_DEPTH):
                return _Sel(e.index, inner)
        return e

    def cheap(self, e) -> bool:
        """Loadable into a register without a scratch register or a store."""
        e = self.resolve(e)
        return isinstance(e, _SIMPLE) or isinstance(e, _Sel)

    def aliasable(self, e):
        """The alias form of a Let value that can be re-evaluated at each use (immutable
        and cheap), or None."""
        e = self.resolve(e)
        if isinstance(e, ir.String):  # one object for every use (an exception's identity)
            return _Sym(self.prog.string_symbol(e.value))
        if isinstance(e, (ir.Int, ir.EnvVar, ir.SelfClosure, _Slot, _Sym, _Reg)):
            return e
        if isinstance(e, _Sel) and _sel_depth(e) <= _MAX_SEL_DEPTH:
            return e
        if isinstance(e, ir.Select):
            inner = self.aliasable(e.value)
            if inner is not None and _sel_depth(inner) < _MAX_SEL_DEPTH and not isinstance(
                    inner, (ir.Int, _Sym)):
                return _Sel(e.index, inner)
        return None

    def operand(self, e) -> str | None:
        """Text of a simple expression usable as a mov/cmp source, or None (String and
        _Sym need a MovImm and selections a register: both are handled by :meth:`load`)."""
        e = self.resolve(e)
        if isinstance(e, ir.Int):
            return mov_imm(tagged(e.value))
        if isinstance(e, _Slot):
            return self.slot(e.k)
        if isinstance(e, _Reg):
            return e.name
        if isinstance(e, ir.EnvVar):
            return mem("edi", 4 * e.index - 1)
        if isinstance(e, ir.SelfClosure):
            return "edi"
        if isinstance(e, ir.Global):
            return f"dword ptr [{hex(GLOBALS_BASE + 4 * e.index)}]"
        return None

    def load(self, e, reg: str) -> None:
        """Load a cheap expression into ``reg``."""
        e = self.resolve(e)
        if isinstance(e, ir.String):
            self.emit(MovImm(reg, self.prog.string_symbol(e.value)))
        elif isinstance(e, _Sym):
            self.emit(MovImm(reg, e.symbol))
        elif isinstance(e, _Sel):
            base = self.operand(e.value)
            if base not in REG_NAMES:  # the container into reg first
                self.load(e.value, reg)
                base = reg
            self.emit(f"mov {reg}, {mem(base, 4 * e.index - 1)}")
        else:
            op = self.operand(e)
            assert op is not None
            if isinstance(e, ir.Int) and e.value == 0:
                self.emit(f"xor {reg}, {reg}")
            elif op != reg:
                self.emit(f"mov {reg}, {op}")

    def into(self, e, reg: str) -> None:
        if self.cheap(e):
            self.load(e, reg)
        else:
            self.expr(e)
            if reg != "eax":
                self.emit(f"mov {reg}, eax")

    def spill(self, args: list, keep_last: bool = True) -> tuple[list, bool]:
        """Evaluate ``args`` left to right into slots (simple ones are left as they are).
        With ``keep_last`` the last non-simple argument, if it is the last argument, stays
        in EAX (returned flag True) and is replaced by None in the list."""
        res: list = []
        in_eax = False
        for i, a in enumerate(args):
            if self.cheap(a):
                res.append(self.resolve(a))
            elif keep_last and i == len(args) - 1:
                self.expr(a)
                res.append(None)
                in_eax = True
            else:
                self.expr(a)
                k = self.new_slot()
                self.emit(f"mov {self.slot(k)}, eax")
                res.append(_Slot(k))
        return res, in_eax

    # ------------------------------------------------------------------ items
    def epilogue(self) -> None:
        # the frame size is only known at the end: a placeholder replaced in _generate_item
        self.emit(_EPILOGUE)

    def emit_stubs(self) -> None:
        if "ovf" in self.stubs:
            self.emit(Label(f"{self.uid}.ovf"),
                      MovImm("ebx", self.prog.packet_symbol("Overflow")),
                      Jump("", f"{self.uid}.raise"))
            self.stubs.add("raise")
        if "div" in self.stubs:
            self.emit(Label(f"{self.uid}.div"), MovImm("ebx", self.prog.packet_symbol("Div")),
                      Jump("", f"{self.uid}.raise"))
            self.stubs.add("raise")
        if "raise" in self.stubs:
            h = mem("esi", IMPLICIT_HANDLER)
            self.emit(Label(f"{self.uid}.raise"),
                      f"mov eax, {h}",
                      "test eax, eax",
                      Jump("e", f"{self.uid}.uncaught"),
                      f"mov ecx, {mem('eax')}",
                      f"mov {h}, ecx",
                      f"mov edi, {mem('eax', 8)}",
                      f"mov esp, {mem('eax', 12)}",
                      f"jmp {mem('eax', 4)}",
                      Label(f"{self.uid}.uncaught"))
            # never returns (prints the message and stops): not a GC point of this item
            self.emit(f"call {mem('esi', SERVICE_SLOT_BASE + 4 * SERVICES['raise_uncaught'])}")

    def service_call(self, name: str) -> None:
        if name not in SERVICES:
            raise CodegenError(f"unknown runtime service {name!r}")
        self.gc_points += 1
        self.calls += 1
        self.emit(f"call {mem('esi', SERVICE_SLOT_BASE + 4 * SERVICES[name])}")

    # ------------------------------------------------------------------ expressions
    def expr(self, e, tail: bool = False) -> None:
        """Code leaving the value of ``e`` in EAX (or leaving the function, in a tail call)."""
        m = getattr(self, "x_" + type(e).__name__)
        mark = self.depth
        m(e, tail)
        self.depth = mark

    def x_Int(self, e, tail):
        self.load(e, "eax")

    x_Var = x_EnvVar = x_SelfClosure = x_Global = x_String = x__Slot = x__Sym = x__Sel = x_Int
    x__Reg = x_Int

    def x_SiblingClosure(self, e, tail):
        # another function's closure inside the same shared closure record: fields are
        # counted from the current closure pointer (ir.SiblingClosure(j - k), lower.py)
        self.emit(f"lea eax, {mem('edi', 4 * _sibling_offset(e), '')}")

    def x_SetGlobal(self, e: ir.SetGlobal, tail):
        self.into(e.value, "eax")
        self.emit(f"mov dword ptr [{hex(GLOBALS_BASE + 4 * e.index)}], eax", "xor eax, eax")

    def x_Let(self, e: ir.Let, tail):
        alias = self.aliasable(e.value)
        if alias is not None:
            k = alias  # no code: each use re-loads it
        else:
            self.expr(e.value)
            k = self.new_slot()
            self.emit(f"mov {self.slot(k)}, eax")
        old = self.env.get(e.name)
        self.env[e.name] = k
        self.expr(e.body, tail)
        self._unbind(e.name, old)

    def _unbind(self, name: str, old) -> None:
        if old is None:
            del self.env[name]
        else:
            self.env[name] = old

    def x_Seq(self, e: ir.Seq, tail):
        if not e.exprs:
            self.emit("xor eax, eax")
        for i, x in enumerate(e.exprs):
            self.expr(x, tail and i == len(e.exprs) - 1)

    def x_Select(self, e: ir.Select, tail):
        self.into(e.value, "eax")
        self.emit(f"mov eax, {mem('eax', 4 * e.index - 1)}")

    def x_Deref(self, e: ir.Deref, tail):
        self.into(e.value, "eax")
        self.emit(f"mov eax, {mem('eax', 9)}")  # {header, forward, back, element}: v + 9

    def x_Assign(self, e: ir.Assign, tail):
        self.x_Runtime(ir.Runtime("assign", [e.ref, e.value]), tail)

    # ---- allocation
    def allocate(self, kind: str, fields: list) -> None:
        """Evaluate ``fields``, allocate, store them; result in EAX."""
        # Field values wait for the allocation in a register when nothing evaluated after
        # them can clobber it: EDX for the last computed field, EBX/EBP for fields followed
        # only by pure arithmetic. The GC fixes all three, and they hold tagged values.
        vals: list = []
        regs = ["ebp"] if self.param_in_ebx else ["ebx", "ebp"]
        for j, f in enumerate(fields):
            if self.cheap(f):
                vals.append(self.resolve(f))
                continue
            rest = fields[j + 1:]
            self.expr(f)
            if all(self.cheap(g) for g in rest):
                reg = "edx"
            elif regs and all(_pure(g) for g in rest):
                reg = regs.pop(0)
            else:
                k = self.new_slot()
                self.emit(f"mov {self.slot(k)}, eax")
                vals.append(_Slot(k))
                continue
            self.emit(f"mov {reg}, eax")
            vals.append(_Reg(reg))
        nbytes, primary, header, pad = alloc_shape(kind, len(fields))
        self.gc_points += 1
        self.emit(*alloc_sequence("eax", nbytes, primary, header, pad, self.label("a")))
        first = 4 * 3 - primary if kind == "ref" else -primary + (4 if header else 0)
        if kind == "ref":
            self.emit(f"mov {mem('eax', 4 - primary)}, 0", f"mov {mem('eax', 8 - primary)}, 0")
        for i, v in enumerate(vals):
            if isinstance(v, _Reg):
                self.emit(f"mov {mem('eax', first + 4 * i)}, {v.name}")
            else:
                self.load(v, "ecx")
                self.emit(f"mov {mem('eax', first + 4 * i)}, ecx")

    def x_Alloc(self, e: ir.Alloc, tail):
        if e.kind == "real":  # the boxing allocation of a float-valued expression
            if len(e.fields) != 1:
                raise CodegenError("a real allocation has one field")
            self.float_xmm0(e.fields[0])
            self.alloc_real_xmm0()
            return
        self.allocate(e.kind, e.fields)

    def float_xmm0(self, e) -> None:
        """The double value of ``e`` in XMM0 without boxing it: a Real constant, a
        float-valued primitive (whose arguments are boxed reals), or any expression whose
        value is a boxed real."""
        if isinstance(e, ir.Real):
            lo, hi = struct.unpack("<II", struct.pack("<d", e.value))
            # raw words only below ESP, where the collector never looks
            self.emit(f"mov {mem('esp', -8)}, {mov_imm(lo)}",
                      f"mov {mem('esp', -4)}, {mov_imm(hi)}",
                      f"movsd xmm0, {mem('esp', -8, 'qword')}")
        elif isinstance(e, ir.Prim) and e.op in _RARITH:
            vals, in_eax = self.spill(e.args)
            if in_eax:
                self.emit("mov edx, eax")
            else:
                self.load(vals[1], "edx")
            self.load(vals[0], "eax")
            self.emit(f"movsd xmm0, {mem('eax', 3, 'qword')}",
                      f"{_RARITH[e.op]} xmm0, {mem('edx', 3, 'qword')}")
        elif isinstance(e, ir.Prim) and e.op == "rneg":
            self.into(e.args[0], "eax")
            self.emit(f"movsd xmm0, {mem('eax', 3, 'qword')}", "pcmpeqd xmm1, xmm1",
                      "psllq xmm1, 0x3f", "xorpd xmm0, xmm1")
        elif isinstance(e, ir.Prim) and e.op == "sqrt":
            self.into(e.args[0], "eax")
            self.emit(f"sqrtsd xmm0, {mem('eax', 3, 'qword')}")
        elif isinstance(e, ir.Prim) and e.op == "real_of_int":
            self.into(e.args[0], "eax")
            self.emit("mov ecx, eax", "sar ecx, 2", "cvtsi2sd xmm0, ecx")
        else:
            self.into(e, "eax")
            self.emit(f"movsd xmm0, {mem('eax', 3, 'qword')}")

    def alloc_real_xmm0(self) -> None:
        """Box the double in XMM0 (the GC leaves XMM registers alone); result in EAX."""
        nbytes, primary, header, pad = alloc_shape("real", 1)
        self.gc_points += 1
        self.emit(*alloc_sequence("eax", nbytes, primary, header, pad, self.label("a")))
        self.emit(f"mov {mem('eax', 4 - primary)}, 0",
                  f"movsd {mem('eax', 3, 'qword')}, xmm0")

    def x_Real(self, e: ir.Real, tail):
        self.float_xmm0(e)
        self.alloc_real_xmm0()

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
                self.emit(f"mov {self.slot(k)}, eax")
            else:  # binder i points at field i of the shared record
                self.emit(f"lea ecx, {mem('eax', 4 * i, '')}", f"mov {self.slot(k)}, ecx")
        olds = [(n, self.env.get(n)) for n in e.names]
        for n, k in zip(e.names, ks):
            self.env[n] = k
        self.expr(e.body, tail)
        for n, old in reversed(olds):
            self._unbind(n, old)

    # ---- calls
    def known_target(self, fn) -> str | None:
        """The code item a call of ``fn`` enters, when it is known statically."""
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
            # self tail call: a jump back to the top of the body (EDI, EBP and the frame
            # stay; every slot holds a tagged value of this activation, so no re-zeroing)
            self.into(e.arg, "ebx")
            self.emit(Jump("", f"{self.uid}.top"))
            return
        if not self.cheap(e.fn) and self.cheap(e.arg):
            # the closure is computed, the argument only loaded: no slot needed
            self.expr(e.fn)
            self.emit("mov ebp, eax")
            self.load(e.arg, "ebx")
        else:
            vals, in_eax = self.spill([e.fn, e.arg])
            fn, arg = vals
            if in_eax:
                self.emit("mov ebx, eax")
            else:
                self.load(arg, "ebx")
            self.load(fn, "ebp")
        self.gc_points += 1
        self.calls += 1
        if target is not None and not tail:
            # the callee is known: a direct call of its first instruction (code pointer + 3)
            self.emit(CallSym(self.prog.item_symbol(target), V.CODE_OFFSET), "mov eax, ebx")
            return
        self.emit(f"mov eax, {mem('ebp', -1)}", "add eax, 3")
        if tail:
            self.epilogue()
            self.emit("jmp eax")
        else:
            self.emit("call eax", "mov eax, ebx")

    def x_Runtime(self, e: ir.Runtime, tail):
        if e.service not in SERVICES:
            raise CodegenError(f"unknown runtime service {e.service!r}")
        if not e.args:
            self.emit("xor ebx, ebx")
        elif len(e.args) == 1:
            self.into(e.args[0], "ebx")
        else:  # a tuple argument, allocated inline like any tuple
            self.allocate("pair" if len(e.args) == 2 else "record", e.args)
            self.emit("mov ebx, eax")
        self.service_call(e.service)
        self.emit("mov eax, ebx")

    # ---- control
    def x_If(self, e: ir.If, tail):
        lelse, lend = self.label("else"), self.label("fi")
        self.branch(e.cond, lelse, False)
        self.expr(e.then, tail)
        self.emit(Jump("", lend), Label(lelse))
        self.expr(e.else_, tail)
        self.emit(Label(lend))

    def x_Switch(self, e: ir.Switch, tail):
        self.into(e.value, "eax")
        lend = self.label("swend")
        labels = []
        for k, _ in e.cases:
            lab = self.label("case")
            labels.append(lab)
            self.emit(f"cmp eax, {arith_imm(tagged(k))}", Jump("e", lab))
        self.expr(e.default, tail)
        self.emit(Jump("", lend))
        for lab, (_, body) in zip(labels, e.cases):
            self.emit(Label(lab))
            self.expr(body, tail)
            self.emit(Jump("", lend))
        self.emit(Label(lend))

    def branch(self, c, target: str, when: bool) -> None:
        """Jump to ``target`` iff the boolean ``c`` equals ``when``; fall through otherwise."""
        if isinstance(c, ir.Int):
            if bool(c.value) == when:
                self.emit(Jump("", target))
            return
        if isinstance(c, ir.Prim):
            if c.op == "not":
                self.branch(c.args[0], target, not when)
                return
            if c.op in _CMP:
                mark = self.depth
                cond = self.compare(c.args)
                cc = _CMP[c.op]
                self.emit(Jump(cc if when else NEGATE[cc], target))
                self.depth = mark
                return
            if c.op == "is_int":
                self.into(c.args[0], "eax")
                self.emit("test al, 1", Jump("e" if when else "ne", target))
                return
        if isinstance(c, ir.If):  # andalso / orelse / nested conditionals: no booleans built
            lelse, lend = self.label("celse"), self.label("cend")
            self.branch(c.cond, lelse, False)
            self.branch(c.then, target, when)
            self.emit(Jump("", lend), Label(lelse))
            self.branch(c.else_, target, when)
            self.emit(Label(lend))
            return
        self.expr(c)
        self.emit("test eax, eax", Jump("ne" if when else "e", target))

    def compare(self, args) -> None:
        """``cmp`` of two integer (tagged) values: flags as for ``cmp a, b``."""
        a, b = args
        b = self.resolve(b)
        if self.cheap(b):
            self.into(a, "eax")
            if isinstance(b, ir.Int) and b.value == 0:
                self.emit("test eax, eax")
            elif isinstance(b, ir.Int):
                self.emit(f"cmp eax, {arith_imm(tagged(b.value))}")
            elif self.operand(b) is not None:
                self.emit(f"cmp eax, {self.operand(b)}")
            else:
                self.load(b, "edx")
                self.emit("cmp eax, edx")
            return
        vals, in_eax = self.spill([a, b])
        if in_eax:
            self.emit("mov edx, eax")
        else:
            self.load(vals[1], "edx")
        self.load(vals[0], "eax")
        self.emit("cmp eax, edx")

    def x_Raise(self, e: ir.Raise, tail):
        self.into(e.exn, "ebx")
        self.stubs.add("raise")
        self.emit(Jump("", f"{self.uid}.raise"))

    def x_Handle(self, e: ir.Handle, tail):
        self.has_handler = True
        h = self.new_slot(4)
        lh, lend = self.label("handler"), self.label("hend")
        hv = mem("esi", IMPLICIT_HANDLER)
        self.emit(f"lea eax, {mem('esp', 4 * h, '')}",
                  f"mov ecx, {hv}", f"mov {mem('eax')}, ecx",
                  MovImm("ecx", "@" + lh), f"mov {mem('eax', 4)}, ecx",
                  f"mov {mem('eax', 8)}, edi", f"mov {mem('eax', 12)}, esp",
                  f"mov {hv}, eax")
        self.expr(e.body)
        self.emit(f"mov ecx, {self.slot(h)}", f"mov {hv}, ecx", Jump("", lend), Label(lh))
        k = self.new_slot()
        self.emit(f"mov {self.slot(k)}, ebx")
        old = self.env.get(e.name)
        self.env[e.name] = k
        self.expr(e.handler, tail)
        self._unbind(e.name, old)
        self.emit(Label(lend))

    # ---- primitives
    def x_Prim(self, e: ir.Prim, tail):
        op = e.op
        if op in _CMP:
            self.compare(e.args)
            self.emit(f"set{_CMP[op]} al", "movzx eax, al", "shl eax, 2")
        elif op == "not":
            self.into(e.args[0], "eax")
            self.emit("xor eax, 4")
        elif op == "is_int":
            self.into(e.args[0], "eax")
            self.emit("not eax", "and eax, 1", "shl eax, 2")
        elif op in ("add", "sub", "mul", "div", "mod", "quot", "rem"):
            self.int_binop(op, e.args)
        elif op in ("neg", "abs"):
            self.into(e.args[0], "eax")
            self.stubs.add("ovf")
            if op == "neg":
                self.emit("neg eax", Jump("o", f"{self.uid}.ovf"))
            else:
                skip = self.label("abs")
                self.emit("test eax, eax", Jump("ns", skip), "neg eax",
                          Jump("o", f"{self.uid}.ovf"), Label(skip))
        elif op in _RARITH or op in ("rneg", "sqrt", "real_of_int"):
            self.float_xmm0(e)
            self.alloc_real_xmm0()
        elif op in _RCMP or op == "req":
            vals, in_eax = self.spill(e.args)
            if in_eax:
                self.emit("mov edx, eax")
            else:
                self.load(vals[1], "edx")
            self.load(vals[0], "eax")
            a, b = mem("eax", 3, "qword"), mem("edx", 3, "qword")
            if op == "req":
                self.emit(f"movsd xmm0, {a}", f"ucomisd xmm0, {b}", "sete al", "setnp cl",
                          "and al, cl", "movzx eax, al", "shl eax, 2")
            else:
                swap, cc = _RCMP[op]
                x, y = ("edx", "eax") if swap else ("eax", "edx")
                self.emit(f"movsd xmm0, {mem(x, 3, 'qword')}",
                          f"ucomisd xmm0, {mem(y, 3, 'qword')}",
                          f"set{cc} al", "movzx eax, al", "shl eax, 2")
        elif op in ("floor", "ceil", "round", "trunc"):
            self.into(e.args[0], "eax")
            self.stubs.add("ovf")
            if op == "trunc":
                self.emit(f"cvttsd2si eax, {mem('eax', 3, 'qword')}")
            else:  # x87 with the rounding mode set; raw words only below ESP
                self.emit(f"fld {mem('eax', 3, 'qword')}", f"fnstcw {mem('esp', -4, 'word')}",
                          f"mov cx, {mem('esp', -4, 'word')}", "and cx, 0xf3ff",
                          f"or cx, {hex(_X87_RC[op] << 10)}" if _X87_RC[op] else "nop",
                          f"mov {mem('esp', -2, 'word')}, cx",
                          f"fldcw {mem('esp', -2, 'word')}", f"fistp {mem('esp', -8)}",
                          f"fldcw {mem('esp', -4, 'word')}", f"mov eax, {mem('esp', -8)}")
            self.emit("imul eax, eax, 4", Jump("o", f"{self.uid}.ovf"))
        else:
            raise CodegenError(f"unknown primitive {op!r}")

    def int_binop(self, op: str, args) -> None:
        a, b = args
        b = self.resolve(b)
        ovf = f"{self.uid}.ovf"
        if op in ("add", "sub", "mul") and self.operand(b) is not None:
            # an immediate or memory operand: no scratch register needed
            self.into(a, "eax")
            self.stubs.add("ovf")
            if op == "mul":
                if isinstance(b, ir.Int):
                    self.emit(f"imul eax, eax, {arith_imm(b.value)}", Jump("o", ovf))
                    return
                self.load(b, "ecx")
                self.emit("sar ecx, 2", "imul eax, ecx", Jump("o", ovf))
                return
            src = arith_imm(tagged(b.value)) if isinstance(b, ir.Int) else self.operand(b)
            self.emit(f"{op} eax, {src}", Jump("o", ovf))
            return
        if self.cheap(b):
            self.into(a, "eax")
            self.load(b, "ecx")
        else:
            vals, in_eax = self.spill([a, b])
            if in_eax:
                self.emit("mov ecx, eax")
            else:
                self.load(vals[1], "ecx")
            self.load(vals[0], "eax")
        self.stubs.add("ovf")
        if op == "add":
            self.emit("add eax, ecx", Jump("o", ovf))
        elif op == "sub":
            self.emit("sub eax, ecx", Jump("o", ovf))
        elif op == "mul":
            self.emit("sar ecx, 2", "imul eax, ecx", Jump("o", ovf))
        else:
            self.stubs.add("div")
            done = self.label("d")
            if isinstance(b, ir.Int) and b.value != 0:
                self.emit("sar eax, 2", f"mov ecx, {mov_imm(b.value)}", "cdq", "idiv ecx")
            else:
                self.emit("test ecx, ecx", Jump("e", f"{self.uid}.div"),
                          "sar eax, 2", "sar ecx, 2", "cdq", "idiv ecx")
            if op == "div":  # floor: one less when the remainder's sign differs from b's
                self.emit("test edx, edx", Jump("e", done), "xor edx, ecx", Jump("ns", done),
                          "dec eax", Label(done), "imul eax, eax, 4", Jump("o", ovf))
            elif op == "mod":
                self.emit("test edx, edx", Jump("e", done), "mov eax, edx", "xor eax, ecx",
                          Jump("ns", done), "add edx, ecx", Label(done), "lea eax, [edx*4]")
            elif op == "quot":
                self.emit("imul eax, eax, 4", Jump("o", ovf))
            else:  # rem
                self.emit("lea eax, [edx*4]")
            self.emit("xor edx, edx")  # no raw word left in a register the GC fixes


_EPILOGUE = "\x00epilogue"


def generate(program: ir.Program, base: int) -> LoadImage:
    """Compile ``program`` to a load image mapped at ``base`` (8-aligned, static space)."""
    prog = _Program(program)
    specs = [_generate_item(prog, it, i) for i, it in enumerate(program.items)]
    if program.setup not in prog.item_index:
        raise CodegenError(f"no setup item {program.setup!r}")
    return build_image(base, specs, prog.strings, program.setup, program.n_globals,
                       prog.exn_names, prog.packets)


def _generate_item(prog: _Program, item: ir.CodeItem, number: int) -> ItemSpec:
    g = _body(prog, item, number, False)
    if g.calls == 0 and not g.has_handler:
        # no calls, services or handlers: nothing clobbers EBX (the GC fixes it at an
        # allocation), so the argument stays there
        g = _body(prog, item, number, True)
    param_in_ebx = isinstance(g.env.get(item.param), _Reg)
    frame = g.max_depth
    leaf = g.gc_points == 0
    pro: list[Insn] = ["push edi", "mov edi, ebp"]
    epi: list[Insn] = []
    if frame:
        pro.append(f"sub esp, {arith_imm(4 * frame)}")
        epi.append(f"add esp, {arith_imm(4 * frame)}")
    epi.append("pop edi")
    first_temp = 0 if param_in_ebx else 1  # slot 0 holds the argument unless it is in EBX
    if not leaf and frame > first_temp:
        early = _written_before_first_gc_point(g.out)
        zero = [k for k in range(first_temp, frame) if k not in early]
        if zero:
            pro.append("xor eax, eax")
            pro.extend(f"mov {g.slot(k)}, eax" for k in zero)
    pro.append(Label(f"{g.uid}.top"))  # self tail calls jump here with EBX = argument
    if not param_in_ebx:
        pro.append(f"mov {g.slot(0)}, ebx")
    body: list[Insn] = []
    for ins in g.out:
        if ins == _EPILOGUE:
            body.extend(epi)
        elif isinstance(ins, str) and body and isinstance(body[-1], str) and _undoes(
                body[-1], ins):
            continue  # `mov a, b; mov b, a`: the second move changes nothing
        else:
            body.append(ins)
    return ItemSpec(item.name, assemble(pro + body), leaf, frame)


def _body(prog: _Program, item: ir.CodeItem, number: int, param_in_ebx: bool) -> _ItemGen:
    g = _ItemGen(prog, item, number)
    g.param_in_ebx = param_in_ebx
    g.env[item.param] = _Reg("ebx") if param_in_ebx else g.new_slot()
    g.expr(item.body, tail=True)
    g.emit("mov ebx, eax", _EPILOGUE, "ret")
    g.emit_stubs()
    return g


def _written_before_first_gc_point(body: list[Insn]) -> set[int]:
    """Slots certainly written on entry before anything can collect: the straight-line
    prefix of the body up to the first label, jump (other than to the raise stubs), call
    or allocation."""
    out: set[int] = set()
    for ins in body:
        if isinstance(ins, Jump) and ins.target.endswith((".ovf", ".div", ".raise")):
            # leaves the function before any handler of its own is installed (installing
            # one ends the prefix), so the frame is dead on that path
            continue
        if not isinstance(ins, str) or "call" in ins or ins.startswith("jmp") or (
                ins.startswith("add dword ptr [esi")):
            break
        if ins.startswith("mov dword ptr [esp") and not ins.startswith("mov dword ptr [esp -"):
            dst = ins[4:].split(", ")[0]
            off = dst[len("dword ptr [esp"):-1].replace(" + ", "")
            out.add(int(off, 0) // 4 if off else 0)
    return out


_IMPURE = (ir.Call, ir.Runtime, ir.Alloc, ir.MakeClosure, ir.LetRecClosures, ir.Real,
           ir.Handle, ir.Assign)
_BOXING = set(_RARITH) | {"rneg", "sqrt", "real_of_int"}


def _pure(e) -> bool:
    """``e`` evaluates without calls, allocation or handlers, so its code touches only
    EAX, ECX, EDX (and slots): values may wait in EBX/EBP across it."""
    stack = [e]
    while stack:
        x = stack.pop()
        if isinstance(x, _IMPURE) or type(x).__name__ == "SiblingClosure":
            return False
        if isinstance(x, ir.Prim) and x.op in _BOXING:
            return False
        for name in getattr(x, "__slots__", ()):
            v = getattr(x, name, None)
            if isinstance(v, list):
                for y in v:
                    stack.extend(y[1:] if isinstance(y, tuple) else [y])
            elif v is not None and not isinstance(v, (int, float, str, bytes)):
                stack.append(v)
    return True


def _undoes(prev: str, ins: str) -> bool:
    if not (prev.startswith("mov ") and ins.startswith("mov ")):
        return False
    p = prev[4:].split(", ")
    q = ins[4:].split(", ")
    return len(p) == 2 and len(q) == 2 and p[0] == q[1] and p[1] == q[0]
