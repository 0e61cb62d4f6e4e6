"""Final pass over generated STG: fill ``Closure.free`` (free local variables, sorted) and
mark a ``Let`` recursive only when its right-hand sides refer to its own binders."""

from __future__ import annotations

from typing import Callable

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
        # iterative over Let spines to keep Python recursion shallow
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
            # a chain of lets (a long list literal binds one cons cell per let) is walked
            # down and folded back up without recursion
            chain: list[ir.Let] = []
            while isinstance(e, ir.Let):
                chain.append(e)
                e = e.body
            fv = self.expr(e)
            for let in reversed(chain):
                names = {b.name for b in let.binds}
                rhs_fv: set[str] = set()
                for b in let.binds:
                    rhs_fv |= self.rhs(b.rhs)
                let.rec = bool(rhs_fv & names)
                fv = (rhs_fv | fv) - names
            return fv
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
        if b.name in program.settled:
            continue
        free = fv.rhs(b.rhs)
        if free:
            raise AssertionError(f"top-level binding {b.name} has free locals {sorted(free)}")


class _BoundIn:
    """As ``FreeVars.globals``: every name but those bound inside one top-level binding."""

    __slots__ = ("bound",)

    def __init__(self, bound: set[str]):
        self.bound = bound

    def __contains__(self, name: object) -> bool:
        return name not in self.bound


def settle(binds: list[ir.TopBind]) -> None:
    """Fill the free variables of top-level bindings that are compiled apart from any
    program (the Prelude's): a name is a local where the binding binds it, a global
    anywhere else, which is what ``fill_free_vars`` finds for them in any program."""
    for b in binds:
        free = FreeVars(_BoundIn(_binders(b.rhs))).rhs(b.rhs)  # type: ignore[arg-type]
        if free:
            raise AssertionError(f"top-level binding {b.name} has free locals {sorted(free)}")


def _binders(r: ir.Rhs) -> set[str]:
    out: set[str] = set()
    stack: list[ir.Rhs | ir.Expr] = [r]
    while stack:
        x = stack.pop()
        if isinstance(x, ir.Closure):
            out.update(x.params)
            stack.append(x.body)
        elif isinstance(x, ir.Let):
            for b in x.binds:
                out.add(b.name)
                stack.append(b.rhs)
            stack.append(x.body)
        elif isinstance(x, ir.Case):
            out.add(x.binder)
            for alt in x.alts:
                if isinstance(alt, ir.ConAlt):
                    out.update(alt.vars)
                stack.append(alt.body)
            if x.default is not None:
                stack.append(x.default)
            stack.append(x.scrut)
        elif isinstance(x, ir.SCC):
            stack.append(x.body)
    return out


def subexprs(e: ir.Expr) -> list[ir.Expr]:
    """The expressions directly inside ``e``: a ``let``'s closures' bodies and its body, a
    ``case``'s scrutinee and alternatives, a note's body (for walks with a stack)."""
    if isinstance(e, ir.Let):
        return [b.rhs.body for b in e.binds if isinstance(b.rhs, ir.Closure)] + [e.body]
    if isinstance(e, ir.Case):
        out = [e.scrut, *(a.body for a in e.alts)]
        return out + [e.default] if e.default is not None else out
    if isinstance(e, ir.SCC):
        return [e.body]
    return []


def map_case(e: ir.Case, f: Callable[[ir.Expr], ir.Expr]) -> ir.Case:
    """``e`` with ``f`` applied to its scrutinee and alternatives, in place."""
    e.scrut = f(e.scrut)
    for alt in e.alts:
        alt.body = f(alt.body)
    if e.default is not None:
        e.default = f(e.default)
    return e


def map_nested(e: ir.Expr, f: Callable[[ir.Expr], ir.Expr]) -> ir.Expr:
    """``e`` with ``f`` applied to the expressions a note or a ``case`` holds, in place
    (``e`` itself when it is neither)."""
    if isinstance(e, ir.SCC):
        e.body = f(e.body)
    elif isinstance(e, ir.Case):
        map_case(e, f)
    return e


# constructors by size in words (header + fields), for cells nothing keeps
_PAD = {2: "Just", 3: "(,)", 4: "(,,)", 5: "(,,,)", 6: "(,,,,)"}


def pad_cells(words: int, fresh: Callable[[str], str], fill: ir.Atom) -> list[ir.Bind]:
    """Bindings allocating ``words`` words in cells of 2 to 6 words, their fields ``fill``
    (base's allocation the model stands for by its size: dictionary selections, an
    instantiation's closure). There is no 1-word object: a lone word is not allocated."""
    out = []
    while words > 1:
        take = min(6, words)
        if words - take == 1:
            take -= 1
        out.append(ir.Bind(fresh("ds"), ir.ConRhs(_PAD[take], [fill] * (take - 1))))
        words -= take
    return out
