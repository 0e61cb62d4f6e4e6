"""x86 (32-bit) code generator: ``ir.Program`` -> a load image of one MLWorks code vector.

Entry point: :func:`generate` ``(program, base, instrumentation=None) ->
codevector.LoadImage``. The walk over the IR (evaluation order, slots, labels, handler
frames, allocation and GC points, instrumentation hooks) is ``walker.Walker``, shared with
SPARC; this module is the x86 target: instruction selection, MLWorks's i386 allocation
sequence (§2a) and the frame layout.

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
and stored after the sequence (a ref's forward/back words are set to 0). Strings and arrays
made by the inlined services (``inline.py``) use the variable-size sequence of §2b
(``inline_x86.X86Inline.var_alloc``), which has the same two patchable instructions.
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

from .. import ir
from .. import values as V
from .asm_x86 import NEGATE, CallSym, Insn, Jump, Label, MovImm, assemble, imm, mem
from .asm_x86 import REGS as REG_NAMES
from .codevector import ItemSpec, LoadImage
from .common import CodegenError, _Program, alloc_shape, tagged
from . import walker as W
from .common import Reg, Sel, Slot, Sym
from .hooks import Instrumentation
from .inline_x86 import X86Inline

__all__ = ["CodegenError", "X86", "alloc_sequence", "alloc_shape", "generate"]

GLOBALS_BASE = 0x00020000
IMPLICIT_GC = 0x04
IMPLICIT_GC_BASE = 0x50
IMPLICIT_GC_LIMIT = 0x54
IMPLICIT_HANDLER = 0x5C

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


class X86(X86Inline, W.Walker):
    """The x86 target of the walker: instruction selection, §2a, the x86 frame."""

    ARCH = "x86"
    ACC, ARG, CLOSURE, SELF, SCRATCH = "eax", "ebx", "ebp", "edi", "ecx"
    FLOAT_SECOND = "edx"
    FIRST_SLOT = 0
    ALIAS_LETS = DIRECT_CLOSURE = True
    LAST_FIELD_REG = "edx"

    # ------------------------------------------------------------------ operands
    @staticmethod
    def slot(k: int) -> str:
        return mem("esp", 4 * k)

    def operand(self, e) -> str | None:
        """Text of a simple expression usable as a mov/cmp source, or None (String and
        Sym need a MovImm and selections a register: both are handled by :meth:`load`)."""
        e = self.resolve(e)
        if isinstance(e, ir.Int):
            return mov_imm(tagged(e.value))
        if isinstance(e, Slot):
            return self.slot(e.k)
        if isinstance(e, Reg):
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
        elif isinstance(e, Sym):
            self.emit(MovImm(reg, e.symbol))
        elif isinstance(e, Sel):
            base = self.operand(e.value)
            if base not in REG_NAMES:  # the container into reg first
                self.load(e.value, reg)
                base = reg
            if not e.bound:  # (no value_key: the re-load of a Let alias is never skipped)
                self.use("select", base, e.index)
            self.emit(f"mov {reg}, {mem(base, 4 * e.index - 1)}")
        else:
            op = self.operand(e)
            assert op is not None
            if isinstance(e, ir.Int) and e.value == 0:
                self.emit(f"xor {reg}, {reg}")
            elif op != reg:
                self.emit(f"mov {reg}, {op}")

    def move(self, dst: str, src: str) -> None:
        self.emit(f"mov {dst}, {src}")

    def store_slot(self, reg: str, k: int) -> None:
        self.emit(f"mov {self.slot(k)}, {reg}")

    def zero(self, reg: str) -> None:
        self.emit(f"xor {reg}, {reg}")

    @staticmethod
    def jump(label: str) -> Insn:
        return Jump("", label)

    def address_plus(self, dst: str, base: str, disp: int) -> None:
        self.emit(f"lea {dst}, {mem(base, disp, '')}")

    def load_field(self, dst: str, base: str, disp: int) -> None:
        self.emit(f"mov {dst}, {mem(base, disp)}")

    def store_field(self, src: str, base: str, disp: int) -> None:
        self.emit(f"mov {mem(base, disp)}, {src}")

    def store_zero(self, base: str, disp: int) -> None:
        self.emit(f"mov {mem(base, disp)}, 0")

    def store_global(self, index: int) -> None:
        self.emit(f"mov dword ptr [{hex(GLOBALS_BASE + 4 * index)}], eax")

    def load_symbol(self, reg: str, symbol: str) -> None:
        self.emit(MovImm(reg, symbol))

    # ------------------------------------------------------------------ tests and branches
    def cond_jump(self, cc: str, label: str, when: bool) -> None:
        self.emit(Jump(cc if when else NEGATE[cc], label))

    def cmp_eq_branch(self, reg: str, value: int, label: str) -> None:
        self.emit(f"cmp {reg}, {arith_imm(value)}", Jump("e", label))

    def truth_branch(self, when: bool, label: str) -> None:
        self.emit("test eax, eax", Jump("ne" if when else "e", label))

    def int_test_branch(self, when: bool, label: str) -> None:
        self.emit("test al, 1", Jump("e" if when else "ne", label))

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
        self.two([a, b], "edx")
        self.emit("cmp eax, edx")

    def bool_from_flags(self, cc: str) -> None:
        self.emit(f"set{cc} al", "movzx eax, al", "shl eax, 2")

    def not_value(self) -> None:
        self.emit("xor eax, 4")

    def is_int_value(self) -> None:
        self.emit("not eax", "and eax, 1", "shl eax, 2")

    # ------------------------------------------------------------------ integers
    def neg_abs(self, op: str) -> None:
        if op == "neg":
            self.emit("neg eax", Jump("o", f"{self.uid}.ovf"))
        else:
            skip = self.label("abs")
            self.emit("test eax, eax", Jump("ns", skip), "neg eax",
                      Jump("o", f"{self.uid}.ovf"), Label(skip))

    def int_arith(self, op: str, args) -> None:
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
            self.two([a, b], "ecx")
        self.stubs.add("ovf")
        if op in ("add", "sub"):
            self.emit(f"{op} eax, ecx", Jump("o", ovf))
        elif op == "mul":
            self.emit("sar ecx, 2", "imul eax, ecx", Jump("o", ovf))
        else:
            self.divide(op, b)

    def bitwise(self, op: str) -> None:
        self.emit(f"{op[:-1]} eax, edx")  # andb -> and, orb -> or, xorb -> xor

    def divide(self, op: str, b) -> None:
        """div/mod floor, quot/rem truncate: ``idiv`` on untagged values; Div on zero."""
        ovf = f"{self.uid}.ovf"
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

    # ------------------------------------------------------------------ reals (SSE2, x87)
    def float_const(self, value: float) -> None:
        lo, hi = struct.unpack("<II", struct.pack("<d", value))
        # raw words only below ESP, where the collector never looks
        self.emit(f"mov {mem('esp', -8)}, {mov_imm(lo)}", f"mov {mem('esp', -4)}, {mov_imm(hi)}",
                  f"movsd xmm0, {mem('esp', -8, 'qword')}")

    def float_arith(self, op: str) -> None:
        self.emit(f"movsd xmm0, {mem('eax', 3, 'qword')}",
                  f"{_RARITH[op]} xmm0, {mem('edx', 3, 'qword')}")

    def float_unary(self, op: str) -> None:
        if op == "rneg":
            self.emit(f"movsd xmm0, {mem('eax', 3, 'qword')}", "pcmpeqd xmm1, xmm1",
                      "psllq xmm1, 0x3f", "xorpd xmm0, xmm1")
        else:
            self.emit(f"sqrtsd xmm0, {mem('eax', 3, 'qword')}")

    def float_of_int(self) -> None:
        self.emit("mov ecx, eax", "sar ecx, 2", "cvtsi2sd xmm0, ecx")

    def float_load(self) -> None:
        self.emit(f"movsd xmm0, {mem('eax', 3, 'qword')}")

    def store_boxed_double(self, primary: int) -> None:
        self.emit(f"mov {mem('eax', 4 - primary)}, 0", f"movsd {mem('eax', 3, 'qword')}, xmm0")

    def float_compare_bool(self, op: str) -> None:
        if op == "req":
            self.emit(f"movsd xmm0, {mem('eax', 3, 'qword')}",
                      f"ucomisd xmm0, {mem('edx', 3, 'qword')}", "sete al", "setnp cl",
                      "and al, cl", "movzx eax, al", "shl eax, 2")
            return
        swap, cc = _RCMP[op]
        x, y = ("edx", "eax") if swap else ("eax", "edx")
        self.emit(f"movsd xmm0, {mem(x, 3, 'qword')}", f"ucomisd xmm0, {mem(y, 3, 'qword')}",
                  f"set{cc} al", "movzx eax, al", "shl eax, 2")

    def float_to_int(self, op: str) -> None:
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

    # ------------------------------------------------------------------ allocation
    def alloc_sequence_for(self, rd: str, nbytes: int, primary: int, header: int,
                           pad: bool) -> None:
        self.emit(*alloc_sequence(rd, nbytes, primary, header, pad, self.label("a")))

    def field_wait_regs(self) -> list[str]:
        # EBX is free for a field unless it keeps the argument; EBP until the next call
        return ["ebp"] if self.param_in_reg else ["ebx", "ebp"]

    # ------------------------------------------------------------------ handlers, calls
    def push_handler(self, h: int, handler_label: str) -> None:
        hv = mem("esi", IMPLICIT_HANDLER)
        self.emit(f"lea eax, {mem('esp', 4 * h, '')}",
                  f"mov ecx, {hv}", f"mov {mem('eax')}, ecx",
                  MovImm("ecx", "@" + handler_label), f"mov {mem('eax', 4)}, ecx",
                  f"mov {mem('eax', 8)}, edi", f"mov {mem('eax', 12)}, esp",
                  f"mov {hv}, eax")

    def pop_handler(self, h: int) -> None:
        self.emit(f"mov ecx, {self.slot(h)}", f"mov {mem('esi', IMPLICIT_HANDLER)}, ecx")

    def raise_sequence(self) -> None:
        h = mem("esi", IMPLICIT_HANDLER)
        self.emit(f"mov eax, {h}", "test eax, eax", Jump("e", f"{self.uid}.uncaught"),
                  f"mov ecx, {mem('eax')}", f"mov {h}, ecx", f"mov edi, {mem('eax', 8)}",
                  f"mov esp, {mem('eax', 12)}", Label(f"{self.uid}.raisejump"),
                  f"jmp {mem('eax', 4)}", Label(f"{self.uid}.uncaught"))
        # never returns (prints the message and stops): not a GC point of this item
        self.emit(f"call {mem('esi', self.service_offset('raise_uncaught'))}")

    def call_service(self, slot_offset: int) -> None:
        self.emit(f"call {mem('esi', slot_offset)}")

    def call_known(self, symbol: str) -> None:
        self.emit(CallSym(symbol, V.CODE_OFFSET))

    def load_code_pointer(self) -> None:
        self.emit(f"mov eax, {mem('ebp', -1)}", "add eax, 3")

    def jump_code(self) -> None:
        self.emit("jmp eax")

    def call_code(self) -> None:
        self.emit("call eax")

    @staticmethod
    def return_insns() -> list[Insn]:
        return ["ret"]

    # ------------------------------------------------------------------ the item
    @classmethod
    def walk_item(cls, prog: _Program, item: ir.CodeItem, number: int,
                  instrumentation: Instrumentation | None) -> "X86":
        g = cls.walk(prog, item, number, instrumentation)
        if g.calls == 0 and not g.has_handler:
            # no calls, services or handlers: nothing clobbers EBX (the GC fixes it at an
            # allocation), so the argument stays there
            g = cls.walk(prog, item, number, instrumentation, param_in_reg=True)
        return g

    def frame_words(self) -> int:
        return self.max_depth

    def is_leaf(self) -> bool:
        return self.gc_points == 0

    def prologue(self, frame: int) -> list[Insn]:
        pro: list[Insn] = ["push edi", "mov edi, ebp"]
        if frame:
            pro.append(f"sub esp, {arith_imm(4 * frame)}")
        first_temp = 0 if self.param_in_reg else 1  # slot 0 holds the argument
        if not self.is_leaf() and frame > first_temp:
            early = _written_before_first_gc_point(self.out)
            zero = [k for k in range(first_temp, frame) if k not in early]
            if zero:
                pro.append("xor eax, eax")
                pro.extend(f"mov {self.slot(k)}, eax" for k in zero)
        return pro

    def epilogue_insns(self, frame: int) -> list[Insn]:
        return ([f"add esp, {arith_imm(4 * frame)}"] if frame else []) + ["pop edi"]

    def redundant(self, prev: Insn, ins: Insn) -> bool:
        # `mov a, b; mov b, a`: the second move changes nothing
        return isinstance(ins, str) and isinstance(prev, str) and _undoes(prev, ins)

    def assemble_item(self, code: list[Insn], frame: int) -> ItemSpec:
        return ItemSpec(self.item.name, assemble(code), self.is_leaf(), frame)


def generate(program: ir.Program, base: int,
             instrumentation: Instrumentation | None = None) -> LoadImage:
    """Compile ``program`` to a load image mapped at ``base`` (8-aligned, static space);
    ``instrumentation`` fills the walker's hooks (``walker.Instrumentation``)."""
    return W.generate(X86, program, base, instrumentation)


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


def _undoes(prev: str, ins: str) -> bool:
    if not (prev.startswith("mov ") and ins.startswith("mov ")):
        return False
    p = prev[4:].split(", ")
    q = ins[4:].split(", ")
    return len(p) == 2 and len(q) == 2 and p[0] == q[1] and p[1] == q[0]
