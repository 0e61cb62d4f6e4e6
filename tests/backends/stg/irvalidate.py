"""A well-formedness checker for STG IR produced by the front end (used by the tests).

Checks: every variable is in scope (a local binder or a global), ``Closure.free`` is
exactly the set of free locals (sorted), arguments are atoms, constructors and primops
exist with the right arity, ``PrimOp`` arguments are evaluated (literals or case binders;
the world token excepted), String literals only appear under ``unpackCString#``.
"""

from __future__ import annotations

from profkit.backends.stg import ir


class IRError(AssertionError):
    pass


class Validator:
    def __init__(self, program: ir.Program):
        self.p = program
        self.globals = {b.name for b in program.binds} | set(ir.PRIMOPS)
        self.errors: list[str] = []
        self.where = ""

    def err(self, msg: str) -> None:
        self.errors.append(f"{self.where}: {msg}")

    def run(self) -> None:
        names = [b.name for b in self.p.binds]
        if len(names) != len(set(names)):
            self.err("duplicate top-level names")
        if self.p.main not in self.globals:
            self.err("no main")
        for b in self.p.binds:
            self.where = b.name
            if b.module not in ("Main", "Prelude"):
                self.err(f"bad module {b.module}")
            free = self.rhs(b.rhs, frozenset(), frozenset())
            if free:
                self.err(f"top-level binding with free locals {sorted(free)}")
        if self.errors:
            raise IRError("\n".join(self.errors[:20]))

    def atom(self, a: object, scope: frozenset[str], string_ok: bool = False) -> set[str]:
        if isinstance(a, ir.Lit):
            if a.kind not in ("Int", "Double", "Char", "String", "World"):
                self.err(f"bad literal kind {a.kind}")
            if a.kind == "String" and not string_ok:
                self.err("String literal outside unpackCString#")
            return set()
        if not isinstance(a, ir.Var):
            self.err(f"argument is not an atom: {a!r}")
            return set()
        return self.var(a.name, scope)

    def var(self, name: str, scope: frozenset[str]) -> set[str]:
        if name in scope:
            return {name}
        if name not in self.globals:
            self.err(f"variable not in scope: {name}")
        return set()

    def con(self, name: str, n: int) -> None:
        dc = self.p.datacons.get(name)
        if dc is None:
            self.err(f"unknown constructor {name}")
        elif dc.arity != n:
            self.err(f"constructor {name} with {n} args, arity {dc.arity}")

    def rhs(self, r: ir.Rhs, scope: frozenset[str], ev: frozenset[str]) -> set[str]:
        if isinstance(r, ir.ConRhs):
            self.con(r.con, len(r.args))
            out: set[str] = set()
            for a in r.args:
                out |= self.atom(a, scope)
            return out
        if len(set(r.params)) != len(r.params):
            self.err("repeated parameter")
        inner = scope | frozenset(r.params)
        fv = self.expr(r.body, inner, ev) - set(r.params)
        if r.free != sorted(fv):
            self.err(f"free list {r.free} but free locals are {sorted(fv)}")
        return fv

    def expr(self, e: ir.Expr, scope: frozenset[str], ev: frozenset[str]) -> set[str]:
        if isinstance(e, ir.App):
            fv = self.var(e.fun, scope)
            string_ok = e.fun == "unpackCString#"
            for a in e.args:
                fv |= self.atom(a, scope, string_ok)
            return fv
        if isinstance(e, ir.ConApp):
            self.con(e.con, len(e.args))
            fv = set()
            for a in e.args:
                fv |= self.atom(a, scope)
            return fv
        if isinstance(e, ir.PrimOp):
            if e.op not in ir.PRIMOPS:
                self.err(f"unknown primop {e.op}")
            elif ir.PRIMOPS[e.op] != len(e.args):
                self.err(f"primop {e.op} with {len(e.args)} args")
            fv = set()
            for i, a in enumerate(e.args):
                fv |= self.atom(a, scope)
                lazy = e.op in ir.LAZY_LAST and i == len(e.args) - 1
                if isinstance(a, ir.Var) and a.name in scope and a.name not in ev and not lazy:
                    self.err(f"primop {e.op} on unevaluated {a.name}")
            return fv
        if isinstance(e, ir.LitE):
            if e.lit.kind not in ("Int", "Double", "Char"):
                self.err(f"LitE of kind {e.lit.kind}")
            return set()
        if isinstance(e, ir.SCC):
            return self.expr(e.body, scope, ev)
        if isinstance(e, ir.Let):
            names = frozenset(b.name for b in e.binds)
            if len(names) != len(e.binds):
                self.err("repeated let binder")
            inner = scope | names
            fv: set[str] = set()
            for b in e.binds:
                fv |= self.rhs(b.rhs, inner if e.rec else scope, ev)
            if not e.rec and fv & names:
                self.err(f"non-recursive let refers to its own binders {sorted(fv & names)}")
            return (fv | self.expr(e.body, inner, ev)) - names
        if isinstance(e, ir.Case):
            fv = self.expr(e.scrut, scope, ev)
            inner, iev = scope, ev
            if e.binder != "_":
                inner, iev = scope | {e.binder}, ev | {e.binder}
            for alt in e.alts:
                if isinstance(alt, ir.ConAlt):
                    self.con(alt.con, len(alt.vars))
                    a = self.expr(alt.body, inner | frozenset(alt.vars), iev) - set(alt.vars)
                else:
                    a = self.expr(alt.body, inner, iev)
                fv |= a
            if e.default is not None:
                fv |= self.expr(e.default, inner, iev)
            fv.discard(e.binder)
            return fv
        self.err(f"not an expression: {e!r}")
        return set()


def validate(program: ir.Program) -> None:
    """Raise ``IRError`` listing the problems found in ``program``."""
    Validator(program).run()
