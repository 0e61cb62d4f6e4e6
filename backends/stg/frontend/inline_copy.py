"""Copies of expressions for the call-site inliner (``inline_calls``): fresh names for
the copy's binders, the names a binding's source gives them, the variables an expression
mentions, and the pushing of an over-saturated call's extra arguments into a copy's
branches.

    Copy(rw, chosen)              a copier (``rw``: the inliner's rewrite, its serial)
    source(name)                  the source name of an IR binder
    binder_names(top)             the source names bound in a top-level binding
    mentioned(e, names)           which of ``names`` ``e`` mentions
    pushable(e) / push(e, extra, fresh)
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

from .. import ir
from .stgpass import subexprs

class Copy:
    """A copy of an expression with fresh names for its binders (each binder of the program
    is unique, and the copy's must be too); the chosen calls inside stay chosen."""

    def __init__(self, rw: Any, chosen: dict[int, tuple[str, ir.App]]):
        self.rw, self.chosen = rw, chosen
        self.names: dict[str, str] = {}

    def fresh(self, n: str) -> str:
        self.rw.serial += 1
        new = self.names[n] = f"{n.split('~')[0]}~{self.rw.serial}"
        self.rw.renamed.append((n, new))
        return new

    def name(self, n: str) -> str:
        return self.names.get(n, n)

    def atoms(self, args: list[ir.Atom]) -> list[ir.Atom]:
        return [ir.Var(self.name(a.name)) if isinstance(a, ir.Var) else a for a in args]

    def rhs(self, r: ir.Rhs) -> ir.Rhs:
        if isinstance(r, ir.ConRhs):
            info = dataclasses.replace(r.info) if r.info is not None else None
            return ir.ConRhs(r.con, self.atoms(r.args), info)
        params = [self.fresh(x) for x in r.params]
        return ir.Closure(params, self.expr(r.body), dataclasses.replace(r.info),
                          r.updatable)

    def expr(self, e: ir.Expr) -> ir.Expr:
        if isinstance(e, ir.App):
            out = ir.App(self.name(e.fun), self.atoms(e.args))
            hit = self.chosen.get(id(e))
            if hit is not None and hit[1] is e:  # of the copy's own function if it has one
                self.chosen[id(out)] = (self.name(hit[0]), out)
            if self.rw.marks.get(id(e)) is e:  # an operator's argument evaluated
                self.rw.marks[id(out)] = out
            return out
        if isinstance(e, ir.ConApp):
            return ir.ConApp(e.con, self.atoms(e.args))
        if isinstance(e, ir.PrimOp):
            return ir.PrimOp(e.op, self.atoms(e.args))
        if isinstance(e, ir.LitE):
            return ir.LitE(e.lit)
        if isinstance(e, ir.SCC):
            return ir.SCC(e.cc, self.expr(e.body), e.count)
        if isinstance(e, ir.Let):
            for b in e.binds:
                self.fresh(b.name)
            binds = [ir.Bind(self.name(b.name), self.rhs(b.rhs)) for b in e.binds]
            for b, new in zip(e.binds, binds):
                if b.name in self.rw.funs:  # a chosen call of it in the copy: of the copy
                    self.rw.funs[new.name] = new.rhs  # type: ignore[assignment]
            return ir.Let(binds, self.expr(e.body), e.rec)
        assert isinstance(e, ir.Case)
        scrut = self.expr(e.scrut)
        binder = e.binder if e.binder == "_" else self.fresh(e.binder)
        alts: list[ir.ConAlt | ir.LitAlt] = []
        for a in e.alts:
            if isinstance(a, ir.ConAlt):
                vs = [self.fresh(v) for v in a.vars]
                alts.append(ir.ConAlt(a.con, vs, self.expr(a.body)))
            else:
                alts.append(ir.LitAlt(a.lit, self.expr(a.body)))
        default = self.expr(e.default) if e.default is not None else None
        return ir.Case(scrut, binder, alts, default, e.fail_msg)


def source(name: str) -> str:
    """A local binder's source name (``x_8736~2``: ``x``)."""
    base, _, num = name.split("~")[0].rpartition("_")
    return base if base and num.isdigit() else name.split("~")[0]


def binder_names(top: ir.TopBind) -> set[str]:
    """The source names a top-level binding binds (parameters, lets, cases' binders and
    fields), for CoreTidy's renaming of a name already in scope."""
    out: set[str] = set()
    stack: list[ir.Expr | ir.Rhs] = [top.rhs]
    while stack:
        x = stack.pop()
        if isinstance(x, ir.Closure):
            out.update(source(p) for p in x.params)
            stack.append(x.body)
        elif isinstance(x, ir.Let):
            out.update(source(b.name) for b in x.binds)
            stack.extend(b.rhs for b in x.binds)
            stack.append(x.body)
        elif isinstance(x, ir.Case):
            out.add(source(x.binder))
            for a in x.alts:
                if isinstance(a, ir.ConAlt):
                    out.update(source(v) for v in a.vars)
            stack.extend(subexprs(x))
        elif isinstance(x, ir.SCC):
            stack.append(x.body)
    return out


def mentioned(e: ir.Expr, names: set[str]) -> set[str]:
    """Which of ``names`` occur in ``e``."""
    out: set[str] = set()
    stack = [e]
    while stack:
        x = stack.pop()
        if isinstance(x, ir.App):
            out.update(n for n in [x.fun] + [a.name for a in x.args if isinstance(a, ir.Var)]
                       if n in names)
        elif isinstance(x, (ir.ConApp, ir.PrimOp)):
            out.update(a.name for a in x.args if isinstance(a, ir.Var) and a.name in names)
        elif isinstance(x, ir.Let):
            out.update(a.name for b in x.binds if isinstance(b.rhs, ir.ConRhs)
                       for a in b.rhs.args if isinstance(a, ir.Var) and a.name in names)
        stack.extend(subexprs(x))
    return out


def pushable(e: ir.Expr) -> bool:
    """Can a call's extra arguments be pushed into ``e`` (``_push``)?"""
    while isinstance(e, ir.Let):
        e = e.body
    if isinstance(e, ir.Case):
        return all(pushable(a.body) for a in e.alts) and (
            e.default is None or pushable(e.default))
    return isinstance(e, (ir.App, ir.SCC))


def push(e: ir.Expr, extra: list[ir.Atom], fresh: Callable[[str], str]) -> ir.Expr:
    """``e`` applied to ``extra``: GHC's simplifier gives the arguments to each tail call
    (``(case x of p -> f a) b`` is ``case x of p -> f a b``), in place; a note's value is
    evaluated, then applied (``case scc<f> e of g -> g b``: the note stays on ``e``)."""
    if isinstance(e, ir.App):
        e.args = [*e.args, *extra]  # (the node kept: a chosen call stays chosen)
        return e
    if isinstance(e, ir.Let):
        e.body = push(e.body, extra, fresh)
        return e
    if isinstance(e, ir.SCC):
        v = fresh("fn")
        return ir.Case(e, v, [], ir.App(v, list(extra)))
    assert isinstance(e, ir.Case)
    for a in e.alts:
        a.body = push(a.body, extra, fresh)
    if e.default is not None:
        e.default = push(e.default, extra, fresh)
    return e
