"""Compile STG IR to Python source, once per program ("closure compilation" taken one step
further: each lambda form and each case continuation becomes one Python function).

Variables are resolved at compile time to slots of a flat environment list ``env`` laid out
per lambda form as ``[free vars..., params..., locals...]``; globals and literals become
constants of the machine namespace. The generated functions follow the protocol of
``rt.py``: a code block returns ``(code, env)`` to the trampoline; returning a value is
``return ret(v)``.

Case expressions: a scrutinee that is a primitive, a literal or a constructor is computed
inline (comparisons feeding a Bool case become a plain ``if``); a variable that is already
evaluated selects its alternative inline; anything else pushes a continuation frame
``(K_n, env, CCS)`` and evaluates the scrutinee in tail position. ``S_n(env)`` selects the
alternative given the value in the binder's slot; ``K_n`` is its frame handler.
"""

from __future__ import annotations

import math
import re
from typing import Any

from profkit.errors import SourceError
from profkit.kinds import ObjKind
from profkit.tables import CostCentre as TCostCentre
from profkit.tables import Info

from . import ir
from .heapobj import LF, Box, Con, Fun, Thunk, con_size, fun_size, thunk_size
from .prims import COMPARISONS, PRIM_FUNCTIONS

BOX_CONS = ("I#", "D#", "C#")


def free_names(e: Any, memo: dict[int, frozenset]) -> frozenset:
    """Names occurring free in an expression or right-hand side (locals and globals)."""
    t = type(e)
    if t is ir.App:
        s = {e.fun}
        s.update(a.name for a in e.args if type(a) is ir.Var)
        return frozenset(s)
    if t is ir.ConApp or t is ir.PrimOp:
        return frozenset(a.name for a in e.args if type(a) is ir.Var)
    if t is ir.LitE:
        return frozenset()
    if t is ir.Closure:
        r = memo.get(id(e))
        if r is None:
            r = memo[id(e)] = free_names(e.body, memo) - frozenset(e.params)
        return r
    if t is ir.ConRhs:
        return frozenset(a.name for a in e.args if type(a) is ir.Var)
    if t is ir.Let:
        names = frozenset(b.name for b in e.binds)
        rhs: set = set()
        for b in e.binds:
            rhs |= free_names(b.rhs, memo)
        if e.rec:
            rhs -= names
        return frozenset(rhs | (free_names(e.body, memo) - names))
    if t is ir.Case:
        s = set()
        for a in e.alts:
            fa = free_names(a.body, memo)
            if type(a) is ir.ConAlt:
                fa = fa - frozenset(a.vars)
            s |= fa
        if e.default is not None:
            s |= free_names(e.default, memo)
        s.discard(e.binder)
        return frozenset(s | free_names(e.scrut, memo))
    if t is ir.SCC:
        return free_names(e.body, memo)
    raise TypeError(f"not an STG expression: {e!r}")


def con_package(module: str) -> str:
    if module == "Main":
        return "main"
    if module in ("GHC.Types", "GHC.Tuple", "GHC.Prim", "GHC.CString"):
        return "ghc-prim"
    return "base"


class Ctx:
    """Slot allocator of one lambda form's environment."""

    def __init__(self) -> None:
        self.n = 0

    def new(self) -> int:
        s = self.n
        self.n += 1
        return s


class Em:
    """Indented source emitter for one generated function."""

    def __init__(self, header: str) -> None:
        self.lines = [header, "    global CCS"]
        self.ind = 1

    def __call__(self, line: str) -> None:
        self.lines.append("    " * self.ind + line)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


class Codegen:
    """Generates the source of every code block; the Machine execs it in its namespace."""

    def __init__(self, machine: Any, program: ir.Program) -> None:
        self.m = machine
        self.ns: dict = machine.ns
        self.program = program
        self.tables = machine.session.tables
        self.src: list[str] = []
        self.n = 0
        self.memo: dict[int, frozenset] = {}
        self.consts: dict[Any, str] = {}
        self.gref: dict[str, str] = {}  # global name -> namespace name of its object
        self.gobj: dict[str, Any] = {}
        self.gfun: dict[str, tuple[str, str, int]] = {}  # global fun -> (code, pad, arity)
        self.lf_code: list[tuple[LF, str]] = []
        self.cons_per_type: dict[str, int] = {}
        for dc in machine.datacons.values():
            self.cons_per_type[dc.type_name] = self.cons_per_type.get(dc.type_name, 0) + 1

    # ------------------------------------------------------------------ helpers
    def fresh(self, prefix: str) -> str:
        self.n += 1
        return f"{prefix}{self.n}"

    def const(self, obj: Any, prefix: str = "K") -> str:
        name = self.fresh(prefix)
        self.ns[name] = obj
        return name

    def dc_ref(self, name: str) -> str:
        key = ("dc", name)
        if key not in self.consts:
            self.consts[key] = self.const(self.m.datacon(name), "DC")
        return self.consts[key]

    def dc_static(self, name: str) -> str:
        key = ("nullary", name)
        if key not in self.consts:
            self.consts[key] = self.const(self.m.nullary[name], "N")
        return self.consts[key]

    def lit(self, lit: ir.Lit) -> str:
        kind, v = lit.kind, lit.value
        if kind == "String":
            return repr(v)
        if kind == "World":
            return "WORLD"
        key = (kind, repr(v))
        if key not in self.consts:
            self.consts[key] = self.const(self.m.static_lit(kind, v), "L")
        return self.consts[key]

    def atom(self, a: Any, scope: dict) -> str:
        if type(a) is ir.Var:
            s = scope.get(a.name)
            if s is not None:
                return f"env[{s}]"
            return self.global_ref(a.name)
        return self.lit(a)

    def global_ref(self, name: str) -> str:
        r = self.gref.get(name)
        if r is None:
            if name in ir.PRIMOPS:
                return self.prim_wrapper(name)
            if name in self.m.nullary:  # a nullary constructor used as an atom
                return self.dc_static(name)
            raise SourceError(f"Variable not in scope: {name}", self.program.source_file)
        return r

    def info_of(self, info: ir.ClosureInfo, kind: ObjKind) -> int:
        td = info.type_desc or "*"
        if kind == ObjKind.FUN and not td.startswith("->"):
            td = "->" + td
        return self.tables.infos.intern(Info(f"<{info.module}.{info.name}>", td, info.module, kind))

    def hdr(self, em: Em, info: int, size: int) -> None:
        em(f"HIa({info}); HPa(CCS); HSa({size}); HEa(ERA); HLa(0)")

    # ------------------------------------------------------------------ globals
    def declare_globals(self) -> None:
        """Create the static objects of every top-level binding (bodies compiled later)."""
        m = self.m
        for i, tb in enumerate(self.program.binds):
            rhs = tb.rhs
            name = f"GV{i}"
            if type(rhs) is ir.Closure and rhs.params:
                lf = LF(tb.name, len(rhs.params), 0, self.info_of(rhs.info, ObjKind.FUN), 0)
                obj: Any = Fun(-1, lf, [], None)
                code, pad = f"GB{i}", f"GP{i}"
                self.gfun[tb.name] = (code, pad, len(rhs.params))
            elif type(rhs) is ir.Closure:
                lf = LF(tb.name, 0, 0, self.info_of(rhs.info, ObjKind.THUNK), 0)
                obj = Thunk(-1, lf, [], m.caf_stack(tb), None)
                m.cafs.append(obj)
            else:
                obj = self.static_con(rhs)
            self.ns[name] = obj
            self.gref[tb.name] = name
            self.gobj[tb.name] = obj

    def static_con(self, rhs: ir.ConRhs) -> Any:
        if rhs.con in BOX_CONS and rhs.args and type(rhs.args[0]) is ir.Lit:
            return self.m.static_lit(rhs.args[0].kind, rhs.args[0].value)
        dc = self.m.datacon(rhs.con)
        if dc.arity == 0:
            return self.m.nullary[rhs.con]
        return Con(-1, dc, [])

    def compile_globals(self) -> None:
        for i, tb in enumerate(self.program.binds):
            rhs = tb.rhs
            obj = self.gobj[tb.name]
            if type(rhs) is ir.Closure:
                fname = f"GB{i}" if rhs.params else self.fresh("C")
                self.compile_lf(rhs, {}, obj.lf, fname, pad_name=f"GP{i}" if rhs.params else None)
            elif type(obj) is Con and obj.id == -1 and obj.dc.arity:
                obj.fields = [self.resolve_static(a) for a in rhs.args]

    def resolve_static(self, a: Any) -> Any:
        if type(a) is ir.Var:
            return self.ns[self.global_ref(a.name)]
        if a.kind == "World":
            return self.ns["WORLD"]
        return self.ns[self.lit(a)]

    def prim_wrapper(self, op: str) -> str:
        """A static function wrapping primitive ``op`` so that it can be used as a value."""
        key = ("prim", op)
        if key in self.consts:
            return self.consts[key]
        arity = ir.PRIMOPS[op]
        ps = [f"p{j}" for j in range(arity)]
        body: Any = ir.PrimOp(op, [ir.Var(f"e{j}") for j in range(arity)])
        for j in reversed(range(arity)):
            body = ir.Case(ir.App(ps[j], []), f"e{j}", [], default=body)
        clo = ir.Closure(ps, body, ir.ClosureInfo(op, "GHC.Prim"))
        lf = LF(op, arity, 0, self.info_of(clo.info, ObjKind.FUN), 0)
        ref = self.const(Fun(-1, lf, [], None), "PW")
        self.consts[key] = ref
        self.compile_lf(clo, {}, lf, self.fresh("B"))
        return ref

    def finish(self) -> str:
        """The whole generated source, with direct calls' environment padding filled in."""
        src = "".join(self.src)

        def pad(mo: re.Match) -> str:
            return ", None" * len(self.ns[mo.group(1)])

        return re.sub(r"@@(\w+)@@", pad, src)

    # ------------------------------------------------------------------ lambda forms
    def compile_lf(self, clo: ir.Closure, outer: dict, lf: LF | None, fname: str,
                   pad_name: str | None = None) -> tuple[LF, list[str]]:
        fvs = sorted(n for n in free_names(clo, self.memo) if n in outer)
        kind = ObjKind.FUN if clo.params else ObjKind.THUNK
        if lf is None:
            size = fun_size(len(fvs)) if clo.params else thunk_size(len(fvs))
            lf = LF(clo.info.name, len(clo.params), len(fvs), self.info_of(clo.info, kind), size)
        ctx = Ctx()
        scope: dict[str, int] = {}
        for n in fvs:
            scope[n] = ctx.new()
        for p in clo.params:
            scope[p] = ctx.new()
        em = Em(f"def {fname}(env):")
        self.gen_tail(clo.body, scope, ctx, em)
        self.src.append(em.text())
        lf.pad = [None] * (ctx.n - len(fvs) - len(clo.params))
        if pad_name:
            self.ns[pad_name] = lf.pad
        self.lf_code.append((lf, fname))
        return lf, fvs

    # ------------------------------------------------------------------ expressions
    def gen_tail(self, e: Any, scope: dict, ctx: Ctx, em: Em) -> None:
        t = type(e)
        if t is ir.App:
            self.gen_app(e, scope, em)
        elif t is ir.ConApp:
            em(f"return ret({self.conapp(e.con, e.args, scope, em)})")
        elif t is ir.PrimOp:
            em(f"return ret({self.primop(e, scope)})")
        elif t is ir.LitE:
            em(f"return ret({self.lit(e.lit)})")
        elif t is ir.Let:
            self.gen_tail(e.body, self.gen_let(e, scope, ctx, em), ctx, em)
        elif t is ir.Case:
            self.gen_case(e, scope, ctx, em)
        elif t is ir.SCC:
            self.gen_scc(e, em)
            self.gen_tail(e.body, scope, ctx, em)
        else:
            raise TypeError(f"not an STG expression: {e!r}")

    def gen_app(self, e: ir.App, scope: dict, em: Em) -> None:
        local = e.fun in scope
        ref = self.atom(ir.Var(e.fun), scope)
        if not e.args:
            obj = None if local else self.ns.get(ref)
            if obj is not None and type(obj) is not Thunk:
                em(f"return ret({ref})")
            else:
                em(f"return enter({ref})")
            return
        args = ", ".join(self.atom(a, scope) for a in e.args)
        g = None if local else self.gfun.get(e.fun)
        if g is not None and g[2] == len(e.args):
            # the callee's padding is spliced in by finish() once every body is compiled
            em(f"return {g[0]}, [{args}@@{g[1]}@@]")
        else:
            em(f"return apply({ref}, [{args}])")

    def conapp(self, con: str, args: list, scope: dict, em: Em) -> str:
        dc = self.m.datacon(con)
        if dc.arity == 0:
            return self.dc_static(con)
        if con in BOX_CONS:
            a = args[0]
            return self.lit(a) if type(a) is ir.Lit else self.atom(a, scope)
        fields = ", ".join(self.atom(a, scope) for a in args)
        if con.startswith("(#"):
            return f"Con(-1, {self.dc_ref(con)}, [{fields}])"
        em(f"o = Con(len(HI), {self.dc_ref(con)}, [{fields}])")
        self.hdr(em, dc.info, con_size(len(args)))
        return "o"

    def val(self, a: Any, scope: dict) -> str:
        """Python expression for the unboxed value of a boxed atom."""
        if type(a) is ir.Lit and a.kind in ("Int", "Double", "Char") and (
                a.kind != "Double" or math.isfinite(a.value)):
            v = float(a.value) if a.kind == "Double" else a.value
            return f"({v!r})" if a.kind != "Char" else repr(v)
        return f"{self.atom(a, scope)}.val"

    def primop(self, e: ir.PrimOp, scope: dict) -> str:
        if e.op in COMPARISONS:
            x, y = (self.val(a, scope) for a in e.args)
            return f"(TRUE if {x} {COMPARISONS[e.op]} {y} else FALSE)"
        if e.op in ("+", "-", "*"):
            x, y = (self.val(a, scope) for a in e.args)
            return f"mknum({x} {e.op} {y})"
        args = [self.atom(a, scope) for a in e.args]
        fn = PRIM_FUNCTIONS.get(e.op)
        if fn is None:
            raise SourceError(f"unknown primitive {e.op}", self.program.source_file)
        return f"{fn.__name__}({', '.join(args)})"

    def gen_scc(self, e: ir.SCC, em: Em) -> None:
        cc = e.cc
        ccid = self.tables.ccs.intern(TCostCentre(cc.label, cc.module, cc.src, cc.is_caf))
        memo = self.const({}, "SM")
        em(f"c = {memo}.get(CCS)")
        em("if c is None:")
        em(f"    c = {memo}[CCS] = scc_push(CCS, {ccid})")
        em("CCS = c")
        if e.count:
            em("ENT[c] += 1")

    def gen_let(self, e: ir.Let, scope: dict, ctx: Ctx, em: Em) -> dict:
        inner = dict(scope)
        slots = []
        for b in e.binds:
            s = ctx.new()
            slots.append(s)
            inner[b.name] = s
        rhs_scope = inner if e.rec else scope
        fills = []
        for b, s in zip(e.binds, slots):
            rhs = b.rhs
            if type(rhs) is ir.ConRhs:
                if rhs.con in BOX_CONS or self.m.datacon(rhs.con).arity == 0 or not e.rec:
                    em(f"env[{s}] = {self.conapp(rhs.con, rhs.args, rhs_scope, em)}")
                else:
                    dc = self.m.datacon(rhs.con)
                    em(f"env[{s}] = Con(len(HI), {self.dc_ref(rhs.con)}, None)")
                    self.hdr(em, dc.info, con_size(len(rhs.args)))
                    fills.append(f"env[{s}].fields = [{', '.join(self.atom(a, rhs_scope) for a in rhs.args)}]")
                continue
            lf, fvs = self.compile_lf(rhs, rhs_scope, None, self.fresh("F" if rhs.params else "T"))
            lfref = self.const(lf, "LF")
            fvl = "[" + ", ".join(f"env[{rhs_scope[n]}]" for n in fvs) + "]"
            if e.rec and fvs:
                fills.append(f"env[{s}].fv = {fvl}")
                fvl = "None" if not rhs.params else "[]"
            if rhs.params:
                em(f"env[{s}] = Fun(len(HI), {lfref}, {fvl}, CCS)")
            else:
                em(f"env[{s}] = Thunk(len(HI), {lfref}, {fvl}, CCS, None)")
            self.hdr(em, lf.info, lf.size)
        for line in fills:
            em(line)
        return inner

    # ------------------------------------------------------------------ case
    def gen_case(self, e: ir.Case, scope: dict, ctx: Ctx, em: Em) -> None:
        b = ctx.new()
        inner = dict(scope)
        if e.binder != "_":
            inner[e.binder] = b
        scrut = e.scrut
        ts = type(scrut)
        if ts is ir.PrimOp or ts is ir.LitE or ts is ir.ConApp:
            self.gen_final_select(scrut, e, b, scope, inner, ctx, em)
            return
        ch = self.chain(scrut) if ts is ir.Case or ts is ir.App else None
        if ch is not None:
            # R_n forces the chain's variables (re-run by K_n after each thunk returns, the
            # thunk having been updated meanwhile), computes the value and selects the
            # alternative; it is the only path to the alternatives, so nothing is duplicated
            rname, kname = self.fresh("R"), self.fresh("K")
            rem = Em(f"def {rname}(env):")
            forces, final = ch
            cscope = dict(scope)
            for var, binder in forces:
                rem(f"o = {self.atom(ir.Var(var), cscope)}")
                rem("if type(o) is Thunk:")
                rem("    if o.val is None:")
                rem(f"        push(({kname}, env, CCS))")
                rem("        return enter(o)")
                rem("    o = o.val")
                if binder != "_" or final is None:
                    s = ctx.new()
                    rem(f"env[{s}] = o")
                    cscope[binder] = s
            if final is None:
                rem(f"v = env[{b}] = o")
                self.gen_select(e, inner, ctx, rem)
            else:
                self.gen_final_select(final, e, b, cscope, inner, ctx, rem)
            self.src.append(rem.text())
            self.src.append(f"def {kname}(fr, v):\n    global CCS\n    CCS = fr[2]\n"
                            f"    return {rname}, fr[1]\n")
            em(f"return {rname}(env)")
            return
        sname = self.fresh("S")
        sem = Em(f"def {sname}(env):")
        sem(f"v = env[{b}]")
        self.gen_select(e, inner, ctx, sem)
        self.src.append(sem.text())
        kname = self.fresh("K")
        self.src.append(
            f"def {kname}(fr, v):\n    global CCS\n    CCS = fr[2]\n    env = fr[1]\n"
            f"    env[{b}] = v\n    return {sname}, env\n"
        )
        em(f"push(({kname}, env, CCS))")
        self.gen_tail(scrut, scope, ctx, em)

    def gen_final_select(self, final: Any, e: ir.Case, b: int, fscope: dict, inner: dict,
                         ctx: Ctx, em: Em) -> None:
        """Compute a primitive/literal/constructor scrutinee inline and select."""
        t = type(final)
        if t is ir.PrimOp and final.op in COMPARISONS and self.bool_alts(e):
            x, y = (self.val(a, fscope) for a in final.args)
            cond = f"{x} {COMPARISONS[final.op]} {y}"
            if e.binder in self.case_free(e):
                em(f"env[{b}] = TRUE if {cond} else FALSE")
                cond = f"env[{b}] is TRUE"
            self.gen_bool_if(cond, e, inner, ctx, em)
            return
        if t is ir.PrimOp:
            v = self.primop(final, fscope)
        elif t is ir.LitE:
            v = self.lit(final.lit)
        else:
            v = self.conapp(final.con, final.args, fscope, em)
        em(f"v = env[{b}] = {v}")
        self.gen_select(e, inner, ctx, em)

    def chain(self, e: Any) -> tuple[list[tuple[str, str]], Any] | None:
        """``case x of x' -> case y of y' -> <primop/literal/constructor>`` (the front end's
        way to force operands), or a bare variable: the forced variables and the final
        expression (None: the value of the last variable), or None if ``e`` is not one."""
        forces = []
        while type(e) is ir.Case:
            if e.alts or e.default is None or type(e.scrut) is not ir.App or e.scrut.args:
                return None
            forces.append((e.scrut.fun, e.binder))
            e = e.default
        t = type(e)
        if t is ir.PrimOp or t is ir.LitE or (t is ir.ConApp and (
                e.con.startswith("(#") or not e.args or e.con in BOX_CONS)):
            return forces, e
        if t is ir.App and not e.args:
            forces.append((e.fun, "_"))
            return forces, None
        return None

    def case_free(self, e: ir.Case) -> frozenset:
        s: set = set()
        for a in e.alts:
            s |= free_names(a.body, self.memo)
        if e.default is not None:
            s |= free_names(e.default, self.memo)
        return frozenset(s)

    def bool_alts(self, e: ir.Case) -> bool:
        return all(type(a) is ir.ConAlt and a.con in ("True", "False") for a in e.alts)

    def gen_bool_if(self, cond: str, e: ir.Case, scope: dict, ctx: Ctx, em: Em) -> None:
        alts = {a.con: a.body for a in e.alts}
        t_body = alts.get("True", e.default)
        f_body = alts.get("False", e.default)
        em(f"if {cond}:")
        em.ind += 1
        self.gen_body_or_fail(t_body, e, scope, ctx, em)
        em.ind -= 1
        self.gen_body_or_fail(f_body, e, scope, ctx, em)

    def gen_body_or_fail(self, body: Any, e: ir.Case, scope: dict, ctx: Ctx, em: Em) -> None:
        if body is None:
            em(f"return m.pattern_fail({self.const(e.fail_msg, 'MSG')})")
        else:
            self.gen_tail(body, scope, ctx, em)

    def gen_select(self, e: ir.Case, scope: dict, ctx: Ctx, em: Em) -> None:
        """Select the alternative for the value in local ``v`` (also in the binder slot)."""
        alts = e.alts
        if not alts:
            self.gen_body_or_fail(e.default, e, scope, ctx, em)
            return
        if type(alts[0]) is ir.ConAlt:
            for a in alts:
                if a.con in BOX_CONS:
                    # `I# x` binds x to the box itself: values are boxed at run time
                    inner = dict(scope)
                    if a.vars and a.vars[0] != "_":
                        s = ctx.new()
                        em(f"env[{s}] = v")
                        inner[a.vars[0]] = s
                    self.gen_tail(a.body, inner, ctx, em)
                    return
            single = (len(alts) == 1 and e.default is None
                      and self.cons_per_type.get(self.m.datacon(alts[0].con).type_name) == 1)
            if not single:
                em("d = v.dc")
            for a in alts:
                if not single:
                    em(f"if d is {self.dc_ref(a.con)}:")
                    em.ind += 1
                inner = dict(scope)
                if any(x != "_" for x in a.vars):
                    em("f = v.fields")
                    for j, x in enumerate(a.vars):
                        if x != "_":
                            s = ctx.new()
                            em(f"env[{s}] = f[{j}]")
                            inner[x] = s
                self.gen_tail(a.body, inner, ctx, em)
                if not single:
                    em.ind -= 1
            if not single:
                self.gen_body_or_fail(e.default, e, scope, ctx, em)
            return
        em("x = v.val")
        for a in alts:
            em(f"if x == {a.lit.value!r}:")
            em.ind += 1
            self.gen_tail(a.body, scope, ctx, em)
            em.ind -= 1
        self.gen_body_or_fail(e.default, e, scope, ctx, em)
