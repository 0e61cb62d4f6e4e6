"""Newtypes as GHC represents them: no constructor at run time.

``newtype State s a = State (s -> (a, s))`` is a type the checker keeps apart from its field's,
but GHC erases its constructor: ``State f`` is ``f`` (a cast, nothing allocated), a pattern
``State g`` binds ``g`` to the value itself without evaluating it, and a call of the field's
selector is the cast inlined: ``runState m s`` is ``m s`` with runState's entry counted (not
pushed). The machine had boxed a newtype as a one-field ``data`` value: 16 bytes more for
every ``State $ \\s -> ..`` of a monad's bind, and a pattern that forced what GHC leaves
alone.

The machine's values carry no type, so a type whose instances are chosen by the constructor
of a value at run time keeps its box: a newtype with a deriving clause, or with an instance
of a class other than Functor, Applicative, Monad and MonadFail (whose methods are reached by
the checked type of each use, directed_monads ``monad_directed``).

    erasable(decls, instances)          the newtypes whose constructor goes
    erase(modules, cons)                after the type-directed rewrites, before desugaring
    tick_selectors(program, names)      after desugaring: the selectors' calls as casts
"""

from __future__ import annotations

import dataclasses

from .. import ir
from . import syntax as S
from .stgpass import map_nested
from .sugar import builtin, fresh_name

#: the classes whose instances are reached by type, not by a value's constructor
_BY_TYPE = {"Functor", "Applicative", "Monad", "MonadFail", "Alternative", "MonadPlus"}


def erasable(decls: list[S.Decl], instances: set[tuple[str, str]]) -> dict[str, S.DData]:
    """The newtypes of ``decls`` whose constructor can go, by constructor name
    (``instances``: the (class, type) pairs the program declares)."""
    out = {}
    for d in decls:
        if isinstance(d, S.DData) and d.newtype and not d.deriving and len(d.cons) == 1 and \
                all(cls in _BY_TYPE for cls, t in instances if t == d.name):
            out[d.cons[0][0]] = d
    return out


def erase(modules: list[S.Module], cons: set[str]) -> None:
    """Rewrite every use of the constructors ``cons`` in ``modules``: ``C e`` -> ``e``,
    ``C`` alone -> ``\\x -> x``, a pattern ``C p`` -> ``p``."""
    if cons:
        for m in modules:
            m.decls = [_walk(d, cons) for d in m.decls]  # type: ignore[misc]


def _walk(node: object, cons: set[str]) -> object:
    if isinstance(node, list):
        for i, x in enumerate(node):
            node[i] = _walk(x, cons)
        return node
    if isinstance(node, tuple):
        return tuple(_walk(x, cons) for x in node)
    if not dataclasses.is_dataclass(node) or isinstance(node, type):
        return node
    if isinstance(node, S.EApp) and isinstance(node.fun, S.EVar) and not node.fun.local and \
            node.fun.name in ("$", "%$") and len(node.args) >= 2 and \
            isinstance(node.args[0], S.ECon) and node.args[0].name in cons:
        # ``State $ e``: base's ($) called (-O0 inlines nothing of base's) with the cast's
        # lambda, as GHC: ``let sat = \r [ds] ds in $ sat e``
        return S.EApp(builtin("applyNewtype#"), [_walk(a, cons) for a in node.args],
                      node.span)
    if isinstance(node, S.EApp) and isinstance(node.fun, S.ECon) and node.fun.name in cons:
        arg = _walk(node.args[0], cons)
        rest = [_walk(a, cons) for a in node.args[1:]]
        return S.EApp(arg, rest, node.span) if rest else arg  # type: ignore[arg-type]
    if isinstance(node, S.ECon) and node.name in cons:
        # GHC's constructor as a function value: the cast's lambda, allocated where it is
        # used (2 words)
        v = fresh_name("nt")
        return S.ELam([S.PVar(v, S.NOSPAN)], S.EVar(v, S.NOSPAN, local=True), S.NOSPAN)
    if isinstance(node, S.PCon) and node.con in cons:
        return _walk(node.args[0], cons)
    for f in dataclasses.fields(node):
        v = getattr(node, f.name)
        if isinstance(v, (list, tuple)) or dataclasses.is_dataclass(v):
            setattr(node, f.name, _walk(v, cons))
    if isinstance(node, S.DPat) and isinstance(node.pat, S.PVar):  # `State q = e': q = e
        name = node.pat.name
        return S.DFun(name, [S.Clause(name, [], node.rhs, node.span)], node.span,
                      node.pat.span)
    return node


def selectors(decls: list[S.Decl], cons: set[str]) -> set[str]:
    """The field selectors of the erased newtypes (``runState``)."""
    return {f for d in decls if isinstance(d, S.DData) and d.cons and d.cons[0][0] in cons
            for names in d.fields for f in names if f}


def tick_selectors(program: ir.Program, names: set[str]) -> None:
    """A call of an erased newtype's selector is GHC's inlined cast: ``runState m s`` is
    ``tick<runState> m s``, the selector's entry counted (its cost centre's node made) but
    not pushed, so ``m`` is applied under the caller's stack. The selector itself stays
    for its uses as a value."""
    if not names:
        return
    ccs: dict[str, ir.CostCentre | None] = {}
    for b in program.binds:
        if b.name in names and isinstance(b.rhs, ir.Closure):
            body = b.rhs.body
            ccs[b.name] = body.cc if isinstance(body, ir.SCC) else None

    def go(e: ir.Expr) -> ir.Expr:
        if isinstance(e, ir.App):
            if e.fun not in ccs or not e.args or not isinstance(e.args[0], ir.Var):
                return e
            out: ir.Expr = ir.App(e.args[0].name, list(e.args[1:]))
            cc = ccs[e.fun]
            if cc is not None:  # count without pushing: a note on a value, then the call
                out = ir.Case(ir.SCC(cc, ir.ConApp("()", []), True), "_", [], out)
            return out
        if isinstance(e, ir.Let):
            for b in e.binds:
                if isinstance(b.rhs, ir.Closure):
                    b.rhs.body = go(b.rhs.body)
            e.body = go(e.body)
            return _fuse(e)
        return map_nested(e, go)

    for b in program.binds:
        if b.module == "Main" and isinstance(b.rhs, ir.Closure) and b.name not in ccs:
            b.rhs.body = go(b.rhs.body)


def _fuse(e: ir.Let) -> ir.Expr:
    """``let sat = f a in tick<sel> sat s`` (the selector's argument an application the
    desugarer let-bound) is GHC's ``tick<sel> f a s``: one call, no thunk."""
    if len(e.binds) != 1 or e.rec:
        return e
    b = e.binds[0]
    rhs = b.rhs
    if not (isinstance(rhs, ir.Closure) and not rhs.params and isinstance(rhs.body, ir.App)):
        return e
    body = e.body
    boxes: list[ir.Case] = []  # the other arguments' literals boxed first (`runState m 0`)
    while isinstance(body, ir.Case) and isinstance(body.scrut, ir.PrimOp) and \
            not body.alts and body.default is not None and \
            all(isinstance(a, ir.Lit) for a in body.scrut.args):
        boxes.append(body)
        body = body.default
    tick = isinstance(body, ir.Case) and isinstance(body.scrut, ir.SCC) and not body.alts
    call = body.default if tick else body  # type: ignore[union-attr]
    if not (isinstance(call, ir.App) and call.fun == b.name and call.args and
            all(not (isinstance(a, ir.Var) and a.name == b.name) for a in call.args)):
        return e
    fused: ir.Expr = ir.App(rhs.body.fun, [*rhs.body.args, *call.args])
    if tick:
        body.default = fused  # type: ignore[union-attr]
        fused = body
    for box in reversed(boxes):
        box.default = fused
        fused = box
    return fused
