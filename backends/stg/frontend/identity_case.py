"""A ``case`` whose every alternative rebuilds what it matched is its scrutinee: GHC's
simplifier drops such an identity case (its mkCase), so ``f (Just x) = Just x; f Nothing =
Nothing`` returns its argument's own cell and allocates nothing (GHC 9.0.2 -O0,
shapes/conreuse24). One alternative that builds something else keeps the case, and each
rebuilt constructor is allocated (``Left a -> Left a; Right b -> Right (b + 1)``: the
``Left`` is a new cell in GHC too).

The program's own code (module Main) only; base's code is calibrated as the model has it.
"""

from __future__ import annotations

from .. import ir
from .notes import unnoted


def drop_identity_cases(program: ir.Program) -> None:
    """Replace, in module Main's code, each identity ``case`` by its scrutinee, in place."""
    for top in program.binds:
        if top.module == "Main" and isinstance(top.rhs, ir.Closure):
            top.rhs.body = _walk(top.rhs.body)


def _walk(e: ir.Expr) -> ir.Expr:
    chain: list[ir.Let] = []
    while isinstance(e, ir.Let):  # (a chain of lets walked without recursion)
        chain.append(e)
        for b in e.binds:
            if isinstance(b.rhs, ir.Closure):
                b.rhs.body = _walk(b.rhs.body)
        e = e.body
    if isinstance(e, ir.SCC):
        e.body = _walk(e.body)
    elif isinstance(e, ir.Case):
        e.scrut = _walk(e.scrut)
        for alt in e.alts:
            alt.body = _walk(alt.body)
        if e.default is not None:
            e.default = _walk(e.default)
        e = _identity(e)
    for let in reversed(chain):
        let.body = e
        e = let
    return e


def _identity(e: ir.Case) -> ir.Expr:
    if not e.alts or not all(isinstance(a, ir.ConAlt) for a in e.alts):
        return e
    for alt in e.alts:
        assert isinstance(alt, ir.ConAlt)
        if not _rebuilds(unnoted(alt.body), alt.con, alt.vars):
            return e
    if e.default is not None:
        d = unnoted(e.default)
        if e.binder == "_" or not (isinstance(d, ir.App) and d.fun == e.binder and not d.args):
            return e
    return e.scrut


def _rebuilds(body: ir.Expr, con: str, vars_: list[str]) -> bool:
    if isinstance(body, ir.ConApp):
        return body.con == con and len(body.args) == len(vars_) and all(
            isinstance(a, ir.Var) and a.name == v and v != "_"
            for a, v in zip(body.args, vars_))
    return not vars_ and isinstance(body, ir.App) and not body.args and \
        body.fun == "$W" + con
