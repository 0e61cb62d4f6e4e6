"""The one code-generation walker over ``ir.Program``, shared by the x86 and SPARC targets.

Entry point: :func:`generate` ``(target, program, base, instrumentation=None) ->
codevector.LoadImage`` (``x86.generate`` and ``sparc.generate`` call it with their target
class).

Strategy (both targets): a stack-frame code generator. Every IR variable and every
intermediate that must survive the evaluation of another expression lives in a frame slot;
registers hold values only within one IR node (plus the few waiting values a target allows,
see ``alloc_fields``). The walker decides *what* is evaluated, in which order, into which
role (accumulator, argument, closure, slot), where labels, handler frames, allocation
sites and GC points are; a target (a subclass: ``x86.X86``, ``sparc.Sparc``) decides only
*which instructions* do it (instruction selection) and supplies MLWorks's allocation
sequence and its frame layout.

Roles (class attributes every target sets):

==============  ======================================  =======  =========
attribute       role                                    x86      SPARC
==============  ======================================  =======  =========
``ACC``         every expression leaves its value here  EAX      %l0
``ARG``         argument passed, result returned        EBX      %o0
``CLOSURE``     closure being called                    EBP      %o1
``SELF``        current closure                         EDI      %i1
``SCRATCH``     raw scratch for stores and addresses    ECX      %g3
``FIRST_SLOT``  slot of the argument                    0        2
==============  ======================================  =======  =========

Policy switches (class attributes, one target's choices kept byte-for-byte): ``ALIAS_LETS``
(cheap immutable Let values and selections of them are re-loaded at each use instead of
stored: x86, where unicorn stores cost ~30x loads), ``LAST_FIELD_REG`` (the last computed
allocation field waits in this register), ``DIRECT_CLOSURE`` (a computed closure with a
cheap argument goes straight to ``CLOSURE``), ``SELF_TAIL_GC_POINT`` (a self tail call
counts as a GC point for slot zeroing), ``FLOAT_BRANCHES`` (real comparisons branch
directly), ``FLOAT_SECOND`` (register of a real operation's second operand).

Target interface (every method emits with :meth:`Walker.emit` unless it says it returns):
``slot(k)`` (returns operand text), ``load(e, reg)`` (a cheap expression), ``move(dst,
src)``, ``store_slot(reg, k)``, ``zero(reg)``, ``jump(label)`` (returns the instruction),
``address_plus(dst, base, disp)``, ``load_field(dst, base, disp)``, ``store_field(src,
base, disp)``, ``store_zero(base, disp)``, ``store_global(index)``, ``load_symbol(reg,
symbol)``, ``cond_jump(cc, label, when)``, ``cmp_eq_branch(reg, value, label)``,
``truth_branch(when, label)``, ``int_test_branch(when, label)``, ``compare(args)``,
``bool_from_flags(cc)``, ``not_value()``, ``is_int_value()``, ``int_arith(op, args)``,
``neg_abs(op)``, ``float_const(value)``, ``float_arith(op)``, ``float_unary(op)``,
``float_of_int()``, ``float_load()``, ``float_compare_bool(op)``, ``float_branch(op,
args, label, when)`` (only with ``FLOAT_BRANCHES``), ``float_to_int(op)``,
``store_boxed_double(primary)``, ``alloc_sequence_for(rd, nbytes, primary, header,
pad)``, ``field_wait_regs()`` (returns), ``push_handler(h, handler_label)``,
``pop_handler(h)``, ``raise_sequence()``, ``call_service(slot_offset)``,
``call_known(symbol)``, ``load_code_pointer()``, ``jump_code()``, ``call_code()``,
``return_insns()``, and, for the item's frame (all return): ``frame_words()``,
``prologue(frame)``, ``epilogue_insns(frame)``, ``is_leaf()``, ``assemble_item(code,
frame)``, ``redundant(prev, ins)`` (a peephole: True drops ``ins``).
Instrumentation hooks (``hooks.HookSites``): ``use``, ``call_site`` and ``alloc_site`` at
every use of a heap value, call and inline allocation, the entry hook in
:meth:`Walker.finish`; what they pass and what hook code may do is in ``hooks``
(``hooks.Instrumentation``).
"""

from __future__ import annotations


from .. import ir
from ..abi import SERVICE_SLOT_BASE, SERVICES
from .asm_common import Label
from .common import (BITWISE, CMP, EPILOGUE, FCMP, FLOAT_VALUED, INT_ARITH, MAX_SEL_DEPTH,
                     SIMPLE, Reg, Sel, Slot, Sym, _pure, bound_sel, sel_depth)
from .hooks import (AllocSite, CallSite, HookSites, Insn, Instrumentation,  # noqa: F401
                    ValueLocation, alloc_name, closure_name)
from .codevector import ItemSpec, LoadImage, build_image
from .common import CodegenError, _Program, _sibling_offset, alloc_shape, tagged
from .floats import FloatValues
from .inline import INLINE, InlineServices


class Walker(HookSites, InlineServices, FloatValues):
    """Generates one code item; subclassed by each target (see the module docstring)."""

    ARCH = ""
    ACC = ARG = CLOSURE = SELF = SCRATCH = FLOAT_SECOND = ""
    FIRST_SLOT = 0
    ALIAS_LETS = DIRECT_CLOSURE = SELF_TAIL_GC_POINT = FLOAT_BRANCHES = False
    LAST_FIELD_REG: str | None = None

    def __init__(self, prog: _Program, item: ir.CodeItem, number: int,
                 instrumentation: Instrumentation | None = None):
        self.prog = prog
        self.item = item
        self.instrumentation = instrumentation
        self.uid = f"i{number}"
        self.out: list[Insn] = []
        self.env: dict[str, object] = {}  # name -> slot number or alias expression
        self.depth = self.max_depth = self.FIRST_SLOT
        self.nlabels = 0
        self.sites = 0
        self.stubs: set[str] = set()  # "ovf", "div", "raise"
        self.gc_points = 0
        self.calls = 0  # calls and services (they clobber every register but the closure)
        self.has_handler = False
        self.param_in_reg = False
        self.gens: dict[str, int] = {}  # name -> its binding's number (value_key)
        self.recorded: dict = {}  # value_key -> when its use was recorded (HookSites.use)

    # ------------------------------------------------------------------ helpers
    def emit(self, *ins: Insn) -> None:
        self.out.extend(ins)
        if not self.in_hook and any(isinstance(i, Label) for i in ins):
            self.labels_out += 1  # a join point: uses seen before it may not dominate

    def label(self, hint: str) -> str:
        self.nlabels += 1
        return f"{self.uid}.{hint}{self.nlabels}"

    def new_slot(self, n: int = 1) -> int:
        k = self.depth
        self.depth += n
        self.max_depth = max(self.max_depth, self.depth)
        return k

    def bind(self, names: list[str], places: list) -> list:
        olds = [(n, self.env.get(n), self.gens.get(n)) for n in names]
        for n, p in zip(names, places):
            self.env[n] = p
            self.ngens += 1
            self.gens[n] = self.ngens  # this binding's identity (HookSites.value_key)
        return olds

    def unbind(self, olds: list) -> None:
        for name, old, gen in reversed(olds):
            if old is None:
                del self.env[name]
            else:
                self.env[name] = old
            if gen is None:
                self.gens.pop(name, None)
            else:
                self.gens[name] = gen

    def resolve(self, e):
        """Variables -> their slot (``Slot``) or the cheap expression they alias."""
        if isinstance(e, ir.Var):
            if e.name not in self.env:
                raise CodegenError(f"{self.item.name}: unbound variable {e.name!r}")
            b = self.env[e.name]
            return Slot(b) if isinstance(b, int) else b
        if self.ALIAS_LETS and isinstance(e, ir.Select):  # two loads, no store
            inner = self.resolve(e.value)
            if (isinstance(inner, (Slot, Reg, ir.EnvVar, ir.SelfClosure, ir.Global))
                    or isinstance(inner, Sel) and sel_depth(inner) < MAX_SEL_DEPTH):
                return Sel(e.index, inner)
        return e

    def cheap(self, e) -> bool:
        """Loadable into a register without a scratch register or a store."""
        e = self.resolve(e)
        return isinstance(e, SIMPLE) or isinstance(e, Sel)

    def aliasable(self, e):
        """The alias form of a Let value that can be re-evaluated at each use (immutable
        and cheap), or None."""
        if not self.ALIAS_LETS:
            return None
        e = self.resolve(e)
        if isinstance(e, ir.String):  # one object for every use (an exception's identity)
            return Sym(self.prog.string_symbol(e.value))
        if isinstance(e, (ir.Int, ir.EnvVar, ir.SelfClosure, Slot, Sym, Reg)):
            return e
        if isinstance(e, Sel) and sel_depth(e) <= MAX_SEL_DEPTH:
            return e
        if isinstance(e, ir.Select):
            inner = self.aliasable(e.value)
            if inner is not None and sel_depth(inner) < MAX_SEL_DEPTH and not isinstance(
                    inner, (ir.Int, Sym)):
                return Sel(e.index, inner)
        return None

    def into(self, e, reg: str) -> None:
        if self.cheap(e):
            self.load(e, reg)
        else:
            self.expr(e)
            if reg != self.ACC:
                self.move(reg, self.ACC)

    def spill(self, args: list, keep_last: bool = True) -> tuple[list, bool]:
        """Evaluate ``args`` left to right into slots (cheap ones are left as they are).
        With ``keep_last`` the last argument, if not cheap, stays in ACC (returned flag
        True) and is replaced by None in the list."""
        res: list = []
        in_acc = False
        for i, a in enumerate(args):
            if self.cheap(a):
                res.append(self.resolve(a))
            elif keep_last and i == len(args) - 1:
                self.expr(a)
                res.append(None)
                in_acc = True
            else:
                self.expr(a)
                k = self.new_slot()
                self.store_slot(self.ACC, k)
                res.append(Slot(k))
        return res, in_acc

    def two(self, args, second: str) -> None:
        """Evaluate two arguments: the first into ACC, the second into ``second``."""
        vals, in_acc = self.spill(args)
        if in_acc:
            self.move(second, self.ACC)
        else:
            self.load(vals[1], second)
        self.load(vals[0], self.ACC)

    def epilogue(self) -> None:
        self.emit(EPILOGUE)

    # ------------------------------------------------------------------ stubs, services
    def emit_stubs(self) -> None:
        for kind, exn in (("ovf", "Overflow"), ("div", "Div"), ("sub", "Subscript"),
                          ("size", "Size")):
            if kind in self.stubs:
                self.emit(Label(f"{self.uid}.{kind}"))
                self.load_symbol(self.ARG, self.prog.packet_symbol(exn))
                self.emit(self.jump(f"{self.uid}.raise"))
                self.stubs.add("raise")
        if "raise" in self.stubs:
            self.emit(Label(f"{self.uid}.raise"))
            self.raise_sequence()

    @staticmethod
    def service_offset(name: str) -> int:
        """Offset from the implicit vector of the slot holding service ``name``'s stub."""
        if name not in SERVICES:
            raise CodegenError(f"unknown runtime service {name!r}")
        return SERVICE_SLOT_BASE + 4 * SERVICES[name]

    def service_call(self, name: str) -> None:
        off = self.service_offset(name)
        self.gc_points += 1
        self.calls += 1
        self.call_site("service", name)
        self.call_service(off)

    # ------------------------------------------------------------------ expressions
    def expr(self, e, tail: bool = False) -> None:
        """Code leaving the value of ``e`` in ACC (or leaving the item, in a tail call)."""
        m = getattr(self, "x_" + type(e).__name__)
        mark = self.depth
        m(e, tail)
        self.depth = mark

    def x_Int(self, e, tail):
        self.load(e, self.ACC)

    x_Var = x_EnvVar = x_SelfClosure = x_Global = x_String = x_Slot = x_Sym = x_Sel = x_Int
    x_Reg = x_Int

    def x_SiblingClosure(self, e, tail):
        # another function's closure inside the same shared closure record: fields are
        # counted from the current closure pointer (ir.SiblingClosure(j - k), lower.py)
        self.address_plus(self.ACC, self.SELF, 4 * _sibling_offset(e))

    def x_SetGlobal(self, e: ir.SetGlobal, tail):
        self.into(e.value, self.ACC)
        self.store_global(e.index)
        self.zero(self.ACC)

    def x_Let(self, e: ir.Let, tail):
        k = self.aliasable(e.value)
        if k is None:
            self.expr(e.value)
            k = self.new_slot()
            self.store_slot(self.ACC, k)
        elif isinstance(k, Sel) and self.recording_uses():
            # a selection is a use where the Let binds it (as the IR, the interpreter and
            # the SPARC code evaluate it), not at each re-load: with use recording on, load
            # it once here through the use hooks, and re-load it later without them
            self.load(k, self.ACC)
            k = bound_sel(k)
        olds = self.bind([e.name], [k])
        self.expr(e.body, tail)
        self.unbind(olds)

    def x_Seq(self, e: ir.Seq, tail):
        if not e.exprs:
            self.zero(self.ACC)
        for i, x in enumerate(e.exprs):
            self.expr(x, tail and i == len(e.exprs) - 1)

    def x_Select(self, e: ir.Select, tail):
        self.into(e.value, self.ACC)
        self.use("select", self.ACC, e.index, key=self.value_key(e.value))
        self.load_field(self.ACC, self.ACC, 4 * e.index - 1)

    def x_Deref(self, e: ir.Deref, tail):
        self.into(e.value, self.ACC)
        self.use("deref", self.ACC)
        self.load_field(self.ACC, self.ACC, 9)  # {header, forward, back, element}: v + 9

    def x_Assign(self, e: ir.Assign, tail):
        self.x_Runtime(ir.Runtime("assign", [e.ref, e.value]), tail)

    # ---- allocation
    def alloc_seq(self, kind: str, n: int) -> int:
        """MLWorks's inline allocation of a ``kind`` object into ACC: its primary tag."""
        nbytes, primary, header, pad = alloc_shape(kind, n)
        self.gc_points += 1
        self.alloc_sequence_for(self.ACC, nbytes, primary, header, pad)
        return primary

    def alloc_fields(self, fields: list) -> list:
        """Evaluate the fields of an allocation. A computed field waits in a register when
        nothing evaluated after it can clobber that register (``LAST_FIELD_REG`` when only
        cheap fields follow, ``field_wait_regs()`` when only pure arithmetic follows; the GC
        fixes them and they hold tagged values), else in a slot."""
        vals: list = []
        regs = self.field_wait_regs()
        for j, f in enumerate(fields):
            if self.cheap(f):
                vals.append(self.resolve(f))
                continue
            rest = fields[j + 1:]
            self.expr(f)
            if self.LAST_FIELD_REG and all(self.cheap(g) for g in rest):
                reg = self.LAST_FIELD_REG
            elif regs and all(_pure(g) for g in rest):
                reg = regs.pop(0)
            else:
                k = self.new_slot()
                self.store_slot(self.ACC, k)
                vals.append(Slot(k))
                continue
            self.move(reg, self.ACC)
            vals.append(Reg(reg))
        return vals

    def allocate(self, kind: str, fields: list, name: tuple[str, str] | None = None) -> None:
        """Evaluate ``fields``, allocate, store them; result in ACC (``name``: what is
        built, for the ``on_alloc`` hook; default by shape)."""
        vals = self.alloc_fields(fields)
        if self.recording_uses():
            # a field selected from another object is a use before the allocation (a GC
            # point: maybe a census), as the IR evaluates fields first: with use recording
            # on, select it through the use hooks now and store it later without them
            for i, v in enumerate(vals):
                if isinstance(v, Sel) and not v.bound:
                    self.load(v, self.ACC)
                    vals[i] = bound_sel(v)
        primary = self.alloc_seq(kind, len(fields))
        first = 4 * 3 - primary if kind == "ref" else -primary + (4 if kind != "pair" else 0)
        if kind == "ref":  # forward and back words
            self.store_zero(self.ACC, 4 - primary)
            self.store_zero(self.ACC, 8 - primary)
        for i, v in enumerate(vals):
            if isinstance(v, Reg):
                src = v.name
            else:
                self.load(v, self.SCRATCH)
                src = self.SCRATCH
            self.store_field(src, self.ACC, first + 4 * i)
        self.alloc_site(name or alloc_name(kind, len(fields)), self.ACC, primary)

    def x_Alloc(self, e: ir.Alloc, tail):
        if e.kind == "real":  # the boxing allocation of a float-valued expression
            if len(e.fields) != 1:
                raise CodegenError("a real allocation has one field")
            self.float_value(e.fields[0])
            self.box_real()
            return
        self.allocate(e.kind, e.fields, alloc_name(e.kind, len(e.fields), e.what, e.type_desc))

    def x_MakeClosure(self, e: ir.MakeClosure, tail):
        code = Sym(self.prog.item_symbol(e.code))
        kind = "pair" if len(e.free) == 1 else "record"
        self.allocate(kind, [code] + list(e.free), closure_name(e.code))

    def x_LetRecClosures(self, e: ir.LetRecClosures, tail):
        if len(e.names) != len(e.codes):
            raise CodegenError("LetRecClosures: names and codes differ in length")
        codes = [Sym(self.prog.item_symbol(c)) for c in e.codes]
        self.allocate("record", codes + list(e.free), closure_name(e.codes[0]))
        ks = [self.new_slot() for _ in e.names]
        for i, k in enumerate(ks):
            if i == 0:
                self.store_slot(self.ACC, k)
            else:  # binder i points at field i of the shared record
                self.address_plus(self.SCRATCH, self.ACC, 4 * i)
                self.store_slot(self.SCRATCH, k)
        olds = self.bind(list(e.names), ks)
        self.expr(e.body, tail)
        self.unbind(olds)

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
            # self tail call: a jump back to the top of the body (the closure and the frame
            # stay; every slot holds a tagged value of this activation, so no re-zeroing)
            self.into(e.arg, self.ARG)
            if self.SELF_TAIL_GC_POINT:
                self.gc_points += 1
            self.call_site("self_tail", self.item.name, True)
            self.emit(self.jump(f"{self.uid}.top"))
            return
        if self.DIRECT_CLOSURE and not self.cheap(e.fn) and self.cheap(e.arg):
            # the closure is computed, the argument only loaded: no slot needed
            self.expr(e.fn)
            self.move(self.CLOSURE, self.ACC)
            self.load(e.arg, self.ARG)
        else:
            (fn, arg), in_acc = self.spill([e.fn, e.arg])
            if in_acc:
                self.move(self.ARG, self.ACC)
            else:
                self.load(arg, self.ARG)
            self.load(fn, self.CLOSURE)
        self.gc_points += 1
        self.calls += 1
        self.use("call", self.CLOSURE)
        if target is not None and not tail:
            # the callee is known: a direct call of its first instruction (code ptr + 3)
            self.call_site("known", target)
            self.call_known(self.prog.item_symbol(target))
            self.move(self.ACC, self.ARG)
            return
        self.call_site("closure", None, tail)
        self.load_code_pointer()
        if tail:
            self.epilogue()
            self.jump_code()
        else:
            self.call_code()
            self.move(self.ACC, self.ARG)

    def x_Runtime(self, e: ir.Runtime, tail):
        self.service_offset(e.service)  # unknown services are an error before any code
        if e.service in INLINE:  # emitted as instructions (inline.py)
            self.inline_service(e)
            return
        if not e.args:
            self.zero(self.ARG)
        elif len(e.args) == 1:
            self.into(e.args[0], self.ARG)
        else:  # a tuple argument, allocated inline like any tuple
            self.allocate("pair" if len(e.args) == 2 else "record", e.args)
            self.move(self.ARG, self.ACC)
        self.service_call(e.service)
        self.move(self.ACC, self.ARG)

    # ---- control
    def x_If(self, e: ir.If, tail):
        lelse, lend = self.label("else"), self.label("fi")
        self.branch(e.cond, lelse, False)
        self.expr(e.then, tail)
        self.emit(self.jump(lend), Label(lelse))
        self.expr(e.else_, tail)
        self.emit(Label(lend))

    def x_Switch(self, e: ir.Switch, tail):
        self.into(e.value, self.ACC)
        self.use("switch", self.ACC)
        lend = self.label("swend")
        labels = []
        for k, _ in e.cases:
            lab = self.label("case")
            labels.append(lab)
            self.cmp_eq_branch(self.ACC, tagged(k), lab)
        self.expr(e.default, tail)
        self.emit(self.jump(lend))
        for lab, (_, body) in zip(labels, e.cases):
            self.emit(Label(lab))
            self.expr(body, tail)
            self.emit(self.jump(lend))
        self.emit(Label(lend))

    def branch(self, c, target: str, when: bool) -> None:
        """Jump to ``target`` iff the boolean ``c`` equals ``when``; fall through otherwise."""
        if isinstance(c, ir.Int):
            if bool(c.value) == when:
                self.emit(self.jump(target))
            return
        if isinstance(c, ir.Prim):
            if c.op == "not":
                self.branch(c.args[0], target, not when)
                return
            if c.op in CMP or self.FLOAT_BRANCHES and c.op in FCMP:
                mark = self.depth
                if c.op in CMP:
                    self.compare(c.args)
                    self.cond_jump(CMP[c.op], target, when)
                else:
                    self.float_branch(c.op, c.args, target, when)
                self.depth = mark
                return
            if c.op == "is_int":
                self.into(c.args[0], self.ACC)
                self.use("is_int", self.ACC, key=self.value_key(c.args[0]))
                self.int_test_branch(when, target)
                return
        if isinstance(c, ir.If):  # andalso / orelse / nested conditionals: no booleans built
            lelse, lend = self.label("celse"), self.label("cend")
            self.branch(c.cond, lelse, False)
            self.branch(c.then, target, when)
            self.emit(self.jump(lend), Label(lelse))
            self.branch(c.else_, target, when)
            self.emit(Label(lend))
            return
        self.expr(c)
        self.truth_branch(when, target)

    def x_Raise(self, e: ir.Raise, tail):
        self.into(e.exn, self.ARG)
        self.stubs.add("raise")
        self.emit(self.jump(f"{self.uid}.raise"))

    def x_Handle(self, e: ir.Handle, tail):
        self.has_handler = True
        h = self.new_slot(4)
        lh, lend = self.label("handler"), self.label("hend")
        self.push_handler(h, lh)
        self.expr(e.body)
        self.pop_handler(h)
        self.emit(self.jump(lend), Label(lh))
        k = self.new_slot()  # the handler code finds the packet in ARG
        self.store_slot(self.ARG, k)
        olds = self.bind([e.name], [k])
        self.expr(e.handler, tail)
        self.unbind(olds)
        self.emit(Label(lend))

    # ---- primitives
    def x_Prim(self, e: ir.Prim, tail):
        op = e.op
        if op in CMP:
            self.compare(e.args)
            self.bool_from_flags(CMP[op])
        elif op in FCMP:
            self.two(e.args, self.FLOAT_SECOND)
            self.float_compare_bool(op)
        elif op == "not":
            self.into(e.args[0], self.ACC)
            self.not_value()
        elif op == "is_int":
            self.into(e.args[0], self.ACC)
            self.use("is_int", self.ACC, key=self.value_key(e.args[0]))
            self.is_int_value()
        elif op in INT_ARITH:
            self.int_arith(op, e.args)
        elif op in BITWISE:
            self.two(e.args, self.FLOAT_SECOND)
            self.bitwise(op)
        elif op in ("neg", "abs"):
            self.into(e.args[0], self.ACC)
            self.stubs.add("ovf")
            self.neg_abs(op)
        elif op in FLOAT_VALUED:
            self.float_value(e)
            self.box_real()
        elif op in ("floor", "ceil", "round", "trunc"):
            self.into(e.args[0], self.ACC)
            self.stubs.add("ovf")
            self.float_to_int(op)
        else:
            raise CodegenError(f"unknown primitive {op!r}")

    # ------------------------------------------------------------------ items
    @classmethod
    def walk(cls, prog: _Program, item: ir.CodeItem, number: int,
             instrumentation: Instrumentation | None, param_in_reg: bool = False) -> "Walker":
        """Walk ``item``'s body: the body's code (with an epilogue placeholder) and stubs."""
        w = cls(prog, item, number, instrumentation)
        w.param_in_reg = param_in_reg
        w.env[item.param] = Reg(cls.ARG) if param_in_reg else w.new_slot()
        w.expr(item.body, tail=True)
        w.move(w.ARG, w.ACC)
        w.emit(EPILOGUE, *w.return_insns())
        w.emit_stubs()
        return w

    @classmethod
    def walk_item(cls, prog: _Program, item: ir.CodeItem, number: int,
                  instrumentation: Instrumentation | None) -> "Walker":
        """The walk whose code is kept (a target may walk twice to choose a policy)."""
        return cls.walk(prog, item, number, instrumentation)

    def finish(self) -> ItemSpec:
        """Prologue + entry hook + body (epilogues spliced in), assembled."""
        frame = self.frame_words()
        pro = self.prologue(frame)
        if self.instrumentation is not None:
            pro += self.instrumentation.on_entry(self, self.item)
        pro.append(Label(f"{self.uid}.top"))  # self tail calls jump here, ARG = argument
        if not isinstance(self.env.get(self.item.param), Reg):
            body, self.out = self.out, []
            self.store_slot(self.ARG, self.FIRST_SLOT)
            pro += self.out
            self.out = body
        epi = self.epilogue_insns(frame)
        body: list[Insn] = []
        for ins in self.out:
            if ins == EPILOGUE:
                # each epilogue's first instruction, for the time profile's frame walk (a
                # label changes no byte)
                body.append(Label(f"{self.uid}.epilogue{len(body)}"))
                body.extend(epi)
            elif body and self.redundant(body[-1], ins):
                continue
            else:
                body.append(ins)
        return self.assemble_item(pro + body, frame)

    def redundant(self, prev: Insn, ins: Insn) -> bool:
        return False


def generate(target: type[Walker], program: ir.Program, base: int,
             instrumentation: Instrumentation | None = None) -> LoadImage:
    """Compile ``program`` with ``target`` to a load image mapped at ``base`` (8-aligned,
    static space)."""
    prog = _Program(program)
    specs = [target.walk_item(prog, it, i, instrumentation).finish()
             for i, it in enumerate(program.items)]
    if program.setup not in prog.item_index:
        raise CodegenError(f"no setup item {program.setup!r}")
    return build_image(base, specs, prog.strings, program.setup, program.n_globals,
                       prog.exn_names, prog.packets)
