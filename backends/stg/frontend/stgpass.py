"""Final pass over generated STG: fill ``Closure.free`` (free local variables, sorted) and
mark a ``Let`` recursive only when its right-hand sides refer to its own binders."""

from __future__ import annotations

from .. import ir


class FreeVars:
    def __init__(self, globals_: set[str]):
        self.globals = globals_

    def atoms(self, args: list[ir.Atom]) -> set[str]:
        return {a.name for a in args if isinstance(a, ir.Var) and a.name not in self.globals}

    def rhs(self, r: ir.Rhs) -> set[str]:
        if isinstance(r, ir.ConRhs):
            return self.atoms(r.args)
        fv = self.expr(r.body) - set(r.params)
        r.free = sorted(fv)
        return fv

    def expr(self, e: ir.Expr) -> set[str]:
        # iterative over Let/Case/SCC spines to keep Python recursion shallow
        if isinstance(e, ir.App):
            fv = self.atoms(e.args)
            if e.fun not in self.globals:
                fv.add(e.fun)
            return fv
        if isinstance(e, (ir.ConApp, ir.PrimOp)):
            return self.atoms(e.args)
        if isinstance(e, ir.LitE):
            return set()
        if isinstance(e, ir.SCC):
            return self.expr(e.body)
        if isinstance(e, ir.Let):
            names = {b.name for b in e.binds}
            rhs_fv: set[str] = set()
            for b in e.binds:
                rhs_fv |= self.rhs(b.rhs)
            e.rec = bool(rhs_fv & names)
            return (rhs_fv | self.expr(e.body)) - names
        if isinstance(e, ir.Case):
            fv = set()
            for alt in e.alts:
                a = self.expr(alt.body)
                if isinstance(alt, ir.ConAlt):
                    a -= set(alt.vars)
                fv |= a
            if e.default is not None:
                fv |= self.expr(e.default)
            fv.discard(e.binder)
            return fv | self.expr(e.scrut)
        raise AssertionError(f"unknown IR node {e!r}")


def fill_free_vars(program: ir.Program) -> None:
    globals_ = {b.name for b in program.binds} | set(ir.PRIMOPS)
    fv = FreeVars(globals_)
    for b in program.binds:
        free = fv.rhs(b.rhs)
        if free:
            raise AssertionError(f"top-level binding {b.name} has free locals {sorted(free)}")
