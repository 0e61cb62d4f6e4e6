"""Bindings used once, as GHC -O0's one simplifier pass inlines them (issue 18).

GHC 9.0.2 at -O0 still runs its "non-opt" simplifier, and its pre-inlining substitutes every
local binding that occurs exactly once (in one branch) at that occurrence, before the
occurrence's context is simplified:

* an occurrence not under a lambda is inlined whatever the right-hand side: a thunk entered
  there runs in place (``f k xs = n where n = length (go xs)``: no thunk for ``n``, GHC
  allocates nothing in ``f``), one applied to arguments is evaluated by a case and its value
  called (CorePrep's ``case foldr1 f of g -> g xs`` for ``m xs where m = foldr1 f``, GHC
  9.0.2 shapes/alias20: no thunk), one passed as an argument or stored in a constructor is
  allocated where CorePrep names the argument, so only on the path that reaches it (``if c
  then length ys else 0 where ys = ...`` allocates ``ys`` only when ``c`` holds);
* an occurrence under a lambda is inlined only when the right-hand side is itself a lambda
  and the occurrence applies it (no work is duplicated): a saturated call is beta-reduced,
  so the function's closure is never allocated (``go`` above, called once inside ``n``).

A cost-centre annotation counts as a lambda here: the occurrence analyser marks what occurs
under a profiling note as inside a lambda ("for a non-soft tick scope, we can inline lambdas
only"). With -fprof-auto every binding's right-hand side has its note, so a value used once
inside another binding's right-hand side stays a thunk: ``a = b + 1; b = x * 2`` (GHC 9.0.2:
``a`` inlined into the body, ``b`` a thunk, ``g1.b`` beside ``g1.a`` in the tree, not under
it).

Top-level bindings are not this pass's: GHC -O0 does inline them (when only main is
exported), but by other rules, which ``inline_calls`` follows. A top-level *function* used
once is copied into its one saturated call whatever its size, its own cost centre kept on
the copy (the pre-inliner's rule for a lambda used once in an interesting context, inside
a lambda or a note: shapes/inltop22, queuesim's ``step`` and ``arrivals`` in ``run``), one
used more often at each call its size allows, with or without a class constraint (the
copy takes the dictionaries its caller passes); one used once but not applied (``map f
xs``) stays, and so does a top-level thunk (the pass runs in its final phase, where a CAF
used once is not pre-inlined).

The pass works on the desugared STG of the program's own code (module Main), on the local
bindings of its ``let``s and ``where``s (``candidates``: the desugarer's IR names for them);
GHC's other lets (the arguments CorePrep names, the thunks of constructor fields) are
already where CorePrep puts them. Run it before ``stgpass.fill_free_vars``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from .. import ir
from .inline_copy import source
from .stgpass import FreeVars, map_case, map_nested

_ENTER, _BETA, _FLOAT, _CALL = "enter", "beta", "float", "call"


class _Site:
    """What the analysis knows of one candidate binding: its right-hand side, where it is
    bound (lambda and branch depths) and its occurrences."""

    __slots__ = ("bind", "lam", "mov", "count", "kind", "nargs", "in_lam", "moved", "arg_of",
                 "fun", "in_fun", "closed")

    def __init__(self, bind: ir.Bind, lam: int, mov: int, fun: int = 0):
        self.bind, self.lam, self.mov, self.fun = bind, lam, mov, fun
        self.in_fun = self.closed = False  # (an occurrence inside a function; no local free)
        self.count = 0
        self.kind = ""  # "enter", "call" or "atom"
        self.nargs = 0
        self.in_lam = self.moved = False
        self.arg_of: tuple[str, int] | None = None  # (function, position) of an argument

    def decision(self) -> str | None:
        if self.count != 1:
            return None
        r = self.bind.rhs
        fun = isinstance(r, ir.Closure) and bool(r.params)
        if fun and self.kind == "call" and self.nargs == len(r.params):  # type: ignore[union-attr]
            return _BETA
        if self.in_lam:
            # a closed function passed or stored inside another function: inlined there, so
            # allocated where the argument is, in that function's cost centre (`\e ->
            # insertWith add k v m', `go zs = map k zs'; GHC 9.0.2, one capturing a
            # variable stays: test_unseen25)
            return _FLOAT if fun and self.kind == "atom" and self.in_fun and self.closed \
                else None
        if isinstance(r, ir.Closure) and not r.params and self.kind == "enter":
            return _ENTER
        if isinstance(r, ir.Closure) and not r.params and self.kind == "call":
            return _CALL
        if self.moved and self.kind in ("atom", "enter"):
            return _FLOAT
        return None

    def name_as_argument(self, sites: dict[str, "_Site"], plan: dict[str, str]) -> None:
        """A thunk used once as an argument or a constructor's field, not under a lambda
        or a note, is GHC's inlined expression there (floated to it or where it was, the
        same place), which CorePrep let-binds as ``sat``: -hd `<Main.sat>`, not the
        binder's name (probe satname24, GHC's STG committed; seqcon23's `let y' = y - d
        in x' `seq` (x', y')`). The argument of a call beta-reduced here is let-bound by
        the simplifier under the function's parameter's name (`negate' y where negate' v
        = ..`: `v`)."""
        r = self.bind.rhs
        if self.count != 1 or self.kind != "atom" or self.in_lam or \
                not isinstance(r, ir.Closure) or r.params:
            return
        name = "sat"
        if self.arg_of is not None and plan.get(self.arg_of[0]) == _BETA:
            f = sites[self.arg_of[0]].bind.rhs
            assert isinstance(f, ir.Closure)
            name = source(f.params[self.arg_of[1]])
        r.info = replace(r.info, name=f"{name}_{r.info.name.rsplit('_', 1)[-1]}")


def inline_once(program: ir.Program, candidates: set[str], marks: dict[int, ir.Expr],
                companions: dict[str, list[str]] | None = None) -> None:
    """Inline the bindings in ``candidates`` that GHC -O0 inlines (see the module's doc).
    ``marks``: by id, the ``App`` nodes that evaluate an operator's argument (``x + 1``
    at Int is ``case x of x' -> x' +# 1``, but in GHC's Core ``x`` is an argument of ``+``:
    its occurrence is not an evaluation there), and of the notes the desugarer's model of
    mkTick pushed into a constructor's arguments (GHC splits after inlining: such a note
    does not keep a binding from being inlined under it, ``Just (w + 1) where w = ..``).
    ``companions``: bindings that go where a binding's copy goes (a generalised function's
    superclass selections, which GHC makes in its copy: at a call, or around a function
    passed as an argument), kept where it was bound when it is not inlined."""
    if not candidates:
        return
    for top in program.binds:
        if top.module == "Main" and isinstance(top.rhs, ir.Closure):
            sites: dict[str, _Site] = {}
            an = _Analyse(candidates, sites, marks)
            an.locals.update(top.rhs.params)
            an.expr(top.rhs.body, 0, 0)
            fv = FreeVars(set())
            for site in sites.values():
                site.closed = not (fv.rhs(site.bind.rhs) & an.locals)
            plan = {n: d for n, s in sites.items() if (d := s.decision()) is not None}
            for s in sites.values():
                s.name_as_argument(sites, plan)
            if plan:
                rw = _Rewrite(plan, companions or {})
                top.rhs.body = rw.expr(top.rhs.body)
                lost = sorted(rw.pending) + sorted(rw.companions)
                assert not lost, f"bindings lost by inlining: {lost}"



class _Analyse:
    def __init__(self, candidates: set[str], sites: dict[str, _Site],
                 marks: dict[int, ir.Expr]):
        self.candidates, self.sites, self.marks = candidates, sites, marks
        self.fun = 0  # functions (not notes) entered
        self.locals: set[str] = set()  # the names the top-level function binds

    def occur(self, name: str, kind: str, nargs: int, lam: int, mov: int) -> None:
        s = self.sites.get(name)
        if s is None:
            return
        s.count += 1
        s.kind, s.nargs = kind, nargs
        s.in_lam, s.moved, s.in_fun = lam > s.lam, mov > s.mov, self.fun > s.fun

    def atoms(self, args: list[ir.Atom], lam: int, mov: int, fun: str | None = None
              ) -> None:
        for i, a in enumerate(args):
            if isinstance(a, ir.Var):
                self.occur(a.name, "atom", 0, lam, mov)
                s = self.sites.get(a.name)
                if s is not None:
                    s.arg_of = (fun, i) if fun is not None else None

    def expr(self, e: ir.Expr, lam: int, mov: int) -> None:
        while True:
            if isinstance(e, ir.App):
                kind = "call" if e.args else "atom" if self.marks.get(id(e)) is e else "enter"
                self.occur(e.fun, kind, len(e.args), lam, mov)
                self.atoms(e.args, lam, mov, e.fun)
                return
            if isinstance(e, (ir.ConApp, ir.PrimOp)):
                self.atoms(e.args, lam, mov)
                return
            if isinstance(e, ir.SCC):  # a profiling note scopes like a lambda
                e, lam = e.body, lam + (self.marks.get(id(e)) is not e)
                continue
            if isinstance(e, ir.Let):
                self.let(e, lam, mov)
                e = e.body
                continue
            if isinstance(e, ir.Case):
                self.expr(e.scrut, lam, mov)
                self.locals.add(e.binder)
                for alt in e.alts:
                    if isinstance(alt, ir.ConAlt):
                        self.locals.update(alt.vars)
                    self.expr(alt.body, lam, mov + 1)
                if e.default is None:
                    return
                e, mov = e.default, mov + 1
                continue
            return  # LitE

    def let(self, e: ir.Let, lam: int, mov: int) -> None:
        mine = [b for b in e.binds if b.name in self.candidates]
        if mine:
            recursive = _recursive(e.binds, {b.name for b in mine})
            for b in mine:
                if b.name not in recursive:
                    self.sites[b.name] = _Site(b, lam, mov, self.fun)
        for b in e.binds:
            self.locals.add(b.name)
            r = b.rhs
            if isinstance(r, ir.ConRhs):
                self.atoms(r.args, lam, mov)
            else:
                self.locals.update(r.params)
                self.fun += bool(r.params)
                self.expr(r.body, lam + (1 if r.params else 0), mov + 1)
                self.fun -= bool(r.params)


def _recursive(binds: list[ir.Bind], names: set[str]) -> set[str]:
    """The bindings among ``names`` that reach themselves through the group's references
    (the free-variable pass's sets; it fills ``free`` again afterwards)."""
    group = {b.name for b in binds}
    fv = FreeVars(set())
    refs = {b.name: fv.rhs(b.rhs) & group for b in binds}
    out = set()
    for n in names:
        seen: set[str] = set()
        todo = list(refs[n])
        while todo:
            m = todo.pop()
            if m == n:
                out.add(n)
                break
            if m not in seen:
                seen.add(m)
                todo.extend(refs[m])
    return out


class _Rewrite:
    def __init__(self, plan: dict[str, str], companions: dict[str, list[str]]):
        self.plan = plan
        self.pending: dict[str, ir.Bind] = {}
        self.moving = {c: n for n, cs in companions.items() if n in plan for c in cs}
        self.companions: dict[str, list[ir.Bind]] = {}
        self.split: ir.CostCentre | None = None  # the note split off the constructor here

    def split_note(self, e: ir.Case) -> ir.CostCentre | None:
        """The cost centre of a note binds.value_scc split off a constructor application
        (``case scc<cc> () of _ -> <the application>``), or None."""
        s = e.scrut
        if e.binder == "_" and not e.alts and e.default is not None and \
                isinstance(s, ir.SCC) and s.count and isinstance(s.body, ir.ConApp) and \
                s.body.con == "()" and not s.body.args:
            return s.cc
        return None

    def with_companions(self, name: str, body: ir.Expr) -> ir.Expr:
        binds = self.companions.pop(name, None)
        return ir.Let(binds, body) if binds else body

    def floats(self, names: list[str], body: ir.Expr) -> ir.Expr:
        """``body`` with the floated bindings it names bound around it."""
        for n in names:
            b = self.pending.pop(n, None)
            if b is not None:
                r = b.rhs
                if self.split is not None and isinstance(r, ir.Closure) and r.params:
                    # a function inlined into a constructor's field: mkTick pushes the
                    # split note into its lambda (`\x -> (h, x) where h y = ..': t3.\ >
                    # t3.h, GHC 9.0.2; binds._split_leaf)
                    r.body = ir.SCC(self.split, r.body, False)
                body = self.with_companions(n, ir.Let([self.bind(b)], body))
        return body

    def floated(self, args: list[ir.Atom]) -> list[str]:
        return [a.name for a in args if isinstance(a, ir.Var) and
                self.plan.get(a.name) == _FLOAT and a.name in self.pending]

    def bind(self, b: ir.Bind) -> ir.Bind:
        r = b.rhs
        if isinstance(r, ir.ConRhs):
            return b
        split, self.split = self.split, None
        r.body = self.expr(r.body)
        self.split = split
        return b

    def expr(self, e: ir.Expr) -> ir.Expr:
        if isinstance(e, ir.App):
            d = self.plan.get(e.fun)
            if d in (_ENTER, _BETA) and e.fun in self.pending:
                rhs = self.pending.pop(e.fun).rhs
                assert isinstance(rhs, ir.Closure)
                body = rhs.body
                held: dict[str, ir.Bind] = {}
                if d == _BETA:
                    body = beta(rhs.params, e.args, body)
                    # an argument the beta reduction put in several places: GHC let-binds
                    # it around the function's body (`swap t where swap j = .. j .. j ..')
                    many = _occurrences(body, set(self.floated(e.args)))
                    held = {n: self.pending.pop(n) for n, k in many.items() if k > 1}
                body = self.with_companions(e.fun, self.expr(body))
                self.pending.update(held)
                return self.floats(self.floated(e.args), body)
            if d == _CALL and e.fun in self.pending:
                # a value applied where it is used (`minimumBy' xs where minimumBy' =
                # foldr1 f`): CorePrep evaluates the inlined head in a case, no thunk
                rhs = self.pending.pop(e.fun).rhs
                assert isinstance(rhs, ir.Closure)
                head = self.with_companions(e.fun, self.expr(rhs.body))
                out: ir.Expr = ir.Case(head, e.fun, [], ir.App(e.fun, e.args))
                return self.floats(self.floated(e.args), out)
            names = self.floated(e.args)
            if d == _FLOAT and e.fun in self.pending:
                names.append(e.fun)
            return self.floats(names, e)
        if isinstance(e, (ir.ConApp, ir.PrimOp)):
            return self.floats(self.floated(e.args), e)
        if isinstance(e, ir.Let):
            return self.let(e)
        if isinstance(e, ir.Case) and (cc := self.split_note(e)) is not None:
            split, self.split = self.split, cc
            e.default = self.expr(e.default)  # type: ignore[arg-type]
            self.split = split
            return e
        if isinstance(e, ir.Case) and self.split is not None:  # (a strict field's case)
            split, self.split = self.split, None
            e.scrut = self.expr(e.scrut)
            self.split = split
            for alt in e.alts:
                alt.body = self.expr(alt.body)
            if e.default is not None:
                e.default = self.expr(e.default)
            return e
        return map_nested(e, self.expr)

    def let(self, top: ir.Let) -> ir.Expr:
        # a chain of lets (a list literal's cells) is rebuilt without recursion
        chain: list[tuple[ir.Let, list[str]]] = []
        e: ir.Expr = top
        while isinstance(e, ir.Let):
            keep = []
            for b in e.binds:
                if b.name in self.plan:
                    self.pending[b.name] = b
                elif b.name in self.moving:
                    self.companions.setdefault(self.moving[b.name], []).append(b)
                else:
                    keep.append(b)
            e.binds = keep
            names: list[str] = []
            for b in keep:
                if isinstance(b.rhs, ir.ConRhs):
                    names.extend(self.floated(b.rhs.args))
                else:
                    self.bind(b)
            chain.append((e, names))
            e = e.body
        out = self.expr(e)
        for let, names in reversed(chain):
            if let.binds:
                let.body = out
                out = let
            out = self.floats(names, out)
        return out


def _occurrences(e: ir.Expr, names: set[str]) -> dict[str, int]:
    """How many times each of ``names`` occurs in ``e`` (as a head or an argument)."""
    counts: dict[str, int] = {}
    count_uses(e, counts)
    return {n: counts.get(n, 0) for n in names}


def count_uses(e: ir.Expr, counts: dict[str, int]) -> None:
    """Add to ``counts`` each variable's uses in ``e`` (as a head or an argument)."""
    stack = [e]

    def atoms(args: list[ir.Atom]) -> None:
        for a in args:
            if isinstance(a, ir.Var):
                counts[a.name] = counts.get(a.name, 0) + 1

    while stack:
        x = stack.pop()
        if isinstance(x, ir.App):
            counts[x.fun] = counts.get(x.fun, 0) + 1
            atoms(x.args)
        elif isinstance(x, (ir.ConApp, ir.PrimOp)):
            atoms(x.args)
        elif isinstance(x, ir.SCC):
            stack.append(x.body)
        elif isinstance(x, ir.Let):
            for b in x.binds:
                if isinstance(b.rhs, ir.ConRhs):
                    atoms(b.rhs.args)
                else:
                    stack.append(b.rhs.body)
            stack.append(x.body)
        elif isinstance(x, ir.Case):
            stack.append(x.scrut)
            stack.extend(a.body for a in x.alts)
            if x.default is not None:
                stack.append(x.default)


def beta(params: list[str], args: list[ir.Atom], body: ir.Expr,
         fresh: Callable[[str], str] | None = None) -> ir.Expr:
    """``body`` with ``params`` bound to a call's ``args``: a variable is substituted, a
    literal bound by a ``case`` on it (to ``fresh(param)``, or the parameter itself): GHC's
    beta reduction let-binds it (``let n = I# 5#``, a static closure), so the closures of
    the body capture it as a variable, a word each."""
    m: dict[str, ir.Atom] = {}
    boxes: list[tuple[str, ir.Lit]] = []
    for x, a in zip(params, args):
        if isinstance(a, ir.Lit) and a.kind not in ("String", "World"):
            boxes.append((fresh(x) if fresh is not None else x, a))
            a = ir.Var(boxes[-1][0])
        m[x] = a
    body = subst(body, m)
    for name, lit in reversed(boxes):
        body = ir.Case(ir.LitE(lit), name, [], body)
    return body


def subst(e: ir.Expr, m: dict[str, ir.Atom]) -> ir.Expr:
    """``e`` with its variables renamed by ``m`` (parameters to a call's arguments; every
    binder is unique, so nothing is captured)."""

    def atoms(args: list[ir.Atom]) -> list[ir.Atom]:
        return [m.get(a.name, a) if isinstance(a, ir.Var) else a for a in args]

    def go(x: ir.Expr) -> ir.Expr:
        if isinstance(x, ir.App):
            t = m.get(x.fun)
            if t is None:
                x.args = atoms(x.args)
                return x
            if isinstance(t, ir.Var):
                return ir.App(t.name, atoms(x.args))
            assert not x.args, "a literal applied to arguments"
            return ir.LitE(t)
        if isinstance(x, (ir.ConApp, ir.PrimOp)):
            x.args = atoms(x.args)
            return x
        if isinstance(x, ir.SCC):
            x.body = go(x.body)
            return x
        if isinstance(x, ir.Let):
            for b in x.binds:
                if isinstance(b.rhs, ir.ConRhs):
                    b.rhs.args = atoms(b.rhs.args)
                else:
                    b.rhs.body = go(b.rhs.body)
            x.body = go(x.body)
            return x
        if isinstance(x, ir.Case):
            return map_case(x, go)
        return x

    return go(e)
