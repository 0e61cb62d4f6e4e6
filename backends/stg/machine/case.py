"""Case expressions for ``machine_compile.Codegen`` (a mixin, split off for size).

A scrutinee that is a primitive, a literal or a constructor is computed inline
(comparisons feeding a Bool case become a plain ``if``). A *force chain* -- a variable, or
``case x of x' -> case y of y' -> <primop>`` as the front end forces operands -- becomes a
function ``R_n``: it forces each variable (entering the first unevaluated thunk after
pushing the frame ``(R_n, env, CCS, slot)``, which simply re-runs ``R_n`` once the thunk
was updated), computes the value and selects the alternative. Any other scrutinee pushes a
continuation ``(S_n, env, CCS, binder_slot)`` and is evaluated in tail position; ``rt.ret``
restores the CCS, stores the value in the slot and hands ``S_n``, the alternative
selector, to the trampoline.
"""

from __future__ import annotations

from typing import Any

from .. import ir
from . import rt
from .prims import COMPARISONS

BOX_CONS = ("I#", "D#", "C#")

#: a force chain's function R_n of at most this many lines runs inline where the chain is
#: (its frames still re-run R_n): a Python call costs as much as a dozen of its lines
INLINE_R_LINES = 40


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
    if t is ir.Let or t is ir.Case and not e.alts and e.default is not None:
        # a chain of lets and default-only cases (a long list literal: one cons per let,
        # one box per case) is walked down and folded back up without recursion
        chain = []
        while type(e) is ir.Let or type(e) is ir.Case and not e.alts and e.default is not None:
            chain.append(e)
            e = e.body if type(e) is ir.Let else e.default
        fv = set(free_names(e, memo))
        for link in reversed(chain):
            if type(link) is ir.Let:
                names = frozenset(b.name for b in link.binds)
                rhs: set = set()
                for b in link.binds:
                    rhs |= free_names(b.rhs, memo)
                if link.rec:
                    rhs -= names
                fv = rhs | (fv - names)
            else:
                fv.discard(link.binder)
                fv |= free_names(link.scrut, memo)
        return frozenset(fv)
    if t is ir.Case:
        r = memo.get(id(e))
        if r is not None:
            return r
        s = set()
        for a in e.alts:
            fa = free_names(a.body, memo)
            if type(a) is ir.ConAlt:
                fa = fa - frozenset(a.vars)
            s |= fa
        if e.default is not None:
            s |= free_names(e.default, memo)
        s.discard(e.binder)
        r = memo[id(e)] = frozenset(s | free_names(e.scrut, memo))  # (nested alternatives
        return r  # ask again for their own bodies: ``gen_select``)
    if t is ir.SCC:
        return free_names(e.body, memo)
    raise TypeError(f"not an STG expression: {e!r}")



#: a case with at least this many constructor alternatives selects by a table
#: (``gen_table_select``) instead of a chain of identity tests
TABLE_ALTS = 8


class _AltTable(dict):
    """Constructor -> alternative index; a constructor without one gives -1 (the
    default), looked up by subscript (cheaper than ``dict.get``'s method call)."""

    def __missing__(self, key: object) -> int:
        return -1


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
        #: ``env[s]`` of the thunks this function allocates: unevaluated for as long as it
        #: runs (a thunk's code runs only in a transition of its own)
        self.fresh: set[str] = set()

    def __call__(self, line: str) -> None:
        self.lines.append("    " * self.ind + line)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


class CaseCodegen:
    """Mixin: needs ``fresh``, ``const``, ``atom``, ``val``, ``lit``, ``primop``,
    ``conapp``, ``dc_ref``, ``gen_tail``, ``src``, ``m``, ``memo``, ``cons_per_type``,
    ``user_globals``, ``code_refs``."""

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
            # R_n forces the chain's variables (re-run from its frame after each thunk
            # returns, the thunk having been updated meanwhile), computes the value and
            # selects the alternative; it is the only path to the alternatives, so nothing
            # is duplicated
            rname = self.fresh("R")
            rem = Em(f"def {rname}(env):")
            forces, final = ch
            cscope = dict(scope)
            for var, binder in forces:
                rem(f"o = {self.atom(ir.Var(var), cscope)}")
                rem("if type(o) is Thunk:")
                rem("    if o.val is None:")
                rem(f"        push(({rname}, env, CCS, {b}))")
                self.gen_enter_thunk(rem, "        ")
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
            self.live_slots(rname, free_names(e, self.memo), scope, None)
            body = rem.lines[2:]
            if len(body) <= INLINE_R_LINES and len(em.lines) > 2:
                # its first run inline (a Python call less); its frame re-runs R_n itself.
                # Not as a whole body: compile_lf makes that block R_n itself (an alias)
                for line in body:
                    em(line[4:])
            else:
                em(f"return {rname}(env)")
            return
        sname = self.fresh("S")
        sem = Em(f"def {sname}(env):")
        sem(f"v = env[{b}]")
        self.gen_select(e, inner, ctx, sem)
        self.src.append(sem.text())
        self.live_slots(sname, self.case_free(e) - {e.binder}, scope, b)
        em(f"push(({sname}, env, CCS, {b}))")
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
            v = self.primop(final, fscope, em)
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

    def gen_enter_thunk(self, em: Em, ind: str) -> None:
        """Enter the unevaluated thunk in local ``o``: the body of ``rt.enter_thunk`` for this
        machine's features, inline (the call was a tenth of the time of a lazy program)."""
        for line in rt.inline_body(rt.enter_thunk, self.m.features):
            em(ind + line)

    def live_slots(self, fname: str, names: frozenset, scope: dict, ret_slot: int | None
                   ) -> None:
        """Record on the continuation ``fname`` the environment slots it reads (the free
        variables of what is left to run: alternatives, and for a force chain its
        variables): a frame holding it keeps only these alive, as GHC's stack frames hold
        just the free variables of their continuation. ``live_run`` adds the slot the
        returned value was stored in, for when the continuation is about to run."""
        live = tuple(sorted(scope[n] for n in names if n in scope))
        refs = names & self.user_globals
        if refs:
            self.code_refs[fname] = refs
        run = live if ret_slot is None else tuple(sorted(set(live) | {ret_slot}))
        self.src.append(f"{fname}.live = {live!r}\n{fname}.live_run = {run!r}\n")

    def case_free(self, e: ir.Case) -> frozenset:
        s: set = set()
        for a in e.alts:
            s |= free_names(a.body, self.memo)
        if e.default is not None:
            s |= free_names(e.default, self.memo)
        return frozenset(s)

    def bool_alts(self, e: ir.Case) -> bool:
        return bool(e.alts) and all(type(a) is ir.ConAlt and a.con in ("True", "False")
                                    for a in e.alts)

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

    def gen_use_mark(self, em: Em) -> None:
        """Case scrutiny of a constructor is a use (unless -p stg.con_use=0: GHC never
        enters tagged constructors, so they stay VOID in its -hb), recorded when the machine
        tracks uses (the ``use`` feature of ``Machine.features``)."""
        if self.m.mark_con_use and "use" in self.m.features:
            em("if v.id >= 0:")
            em("    try:")
            em("        HL[v.id] = ERA")
            em("    except IndexError:")
            em("        hl_set(v.id, ERA)")
            em("    if WANT_USE:")
            em("        USEa(v.id)")

    def gen_table_select(self, alts: list, e: ir.Case, scope: dict, ctx: Ctx, em: Em
                         ) -> None:
        """Select among many constructor alternatives (the front end's dispatch over every
        type's constructors, a big data type's case) by the alternative's index, looked up
        in a table keyed by the constructor, then a binary tree of index tests: a chain of
        ``if d is DC_k`` tests was half the alternatives long on average (conIndex#, 44
        alternatives, was a sixth of mapstress). The alternatives are emitted in their
        order and the default last (the same slots as the chain)."""
        table = _AltTable({self.m.datacon(a.con): k for k, a in enumerate(alts)})
        em(f"j = {self.const(table, 'AT')}[v.dc]")
        em("if j >= 0:")
        def emit(lo: int, hi: int) -> None:
            if hi - lo > 3:
                mid = (lo + hi) // 2
                em(f"if j < {mid}:")
                em.ind += 1
                emit(lo, mid)
                em.ind -= 1
                emit(mid, hi)
                return
            for k in range(lo, hi):
                if k < hi - 1:
                    em(f"if j == {k}:")
                    em.ind += 1
                inner = dict(scope)
                used = free_names(alts[k].body, self.memo)
                for f, x in enumerate(alts[k].vars):
                    if x in used:
                        s = ctx.new()
                        em(f"env[{s}] = v.f{f}")
                        inner[x] = s
                self.gen_tail(alts[k].body, inner, ctx, em)
                if k < hi - 1:
                    em.ind -= 1

        em.ind += 1
        emit(0, len(alts))
        em.ind -= 1
        self.gen_body_or_fail(e.default, e, scope, ctx, em)

    def gen_select(self, e: ir.Case, scope: dict, ctx: Ctx, em: Em) -> None:
        """Select the alternative for the value in local ``v`` (also in the binder slot)."""
        alts = e.alts
        if not alts:
            self.gen_body_or_fail(e.default, e, scope, ctx, em)
            return
        if type(alts[0]) is ir.ConAlt:
            self.gen_use_mark(em)
            boxes = [a for a in alts if a.con in BOX_CONS]
            if boxes:
                alts = [a for a in alts if a.con not in BOX_CONS]
                if alts:
                    # a box next to other constructors: only a box value takes it
                    em("if type(v) is Box:")
                    em.ind += 1
                # `I# x` binds x to the box itself: values are boxed at run time. Numbers
                # are dynamically typed (an I# can widen to a D#), so the first box
                # alternative takes any box, as a typed case has only one box constructor.
                a = boxes[0]
                inner = dict(scope)
                if a.vars and a.vars[0] != "_":
                    s = ctx.new()
                    em(f"env[{s}] = v")
                    inner[a.vars[0]] = s
                self.gen_tail(a.body, inner, ctx, em)
                if not alts:
                    return
                em.ind -= 1
            single = (len(alts) == 1 and e.default is None
                      and self.cons_per_type.get(self.m.datacon(alts[0].con).type_name) == 1)
            if len(alts) >= TABLE_ALTS and len({a.con for a in alts}) == len(alts):
                self.gen_table_select(alts, e, scope, ctx, em)
                return
            if not single:
                em("d = v.dc")
            for a in alts:
                if not single:
                    em(f"if d is {self.dc_ref(a.con)}:")
                    em.ind += 1
                inner = dict(scope)
                used = free_names(a.body, self.memo)
                for j, x in enumerate(a.vars):  # (a field per slot: ``heapobj.con_class``)
                    if x in used:  # (a field the body never reads gets no slot)
                        s = ctx.new()
                        em(f"env[{s}] = v.f{j}")
                        inner[x] = s
                self.gen_tail(a.body, inner, ctx, em)
                if not single:
                    em.ind -= 1
            if not single:
                self.gen_body_or_fail(e.default, e, scope, ctx, em)
            return
        self.gen_use_mark(em)
        em("x = v.val")
        for a in alts:
            v = a.lit.value
            # a literal pattern like 1e999 is Infinity: its repr `inf` is no Python name
            em(f"if x == {v!r}:" if not isinstance(v, float) or v - v == 0 else
               f"if x == float({str(v)!r}):")
            em.ind += 1
            self.gen_tail(a.body, scope, ctx, em)
            em.ind -= 1
        self.gen_body_or_fail(e.default, e, scope, ctx, em)
