"""A thunk whose value is a partial application of a known function (``twice (add3 n n)
acc``: ``sat = \\u [] add3 n n``; ``applyN (n - 1) f $! f x``: ``sat = \\u [] let m = n - 1
in applyN m f``): GHC's CorePrep eta-expands it to the function closure ``sat = \\r [eta]
add3 n n eta``, the thunks of its arguments let-bound before it (GHC 9.0.2
-ddump-stg-final), so no thunk is built and no PAP made when it is called (the model's
thunk and its PAP cost 40-64 bytes more a call). The known functions are the module's own
top-level functions and the constructors' wrappers (``map (P x) xs``: a closure of 16
bytes, shapes/conreuse24). (A local function's partial application is left a thunk: entered
through the expanded closure, the model's stack for the local function was its binder's,
GHC's the caller's: iorefs23's `bump`, not analysed further.)"""

from __future__ import annotations

import itertools
from dataclasses import replace

from .. import ir

_fresh = itertools.count()


def eta_expand_paps(program: ir.Program, own: set[str]) -> None:
    """``own``: the program's top-level functions (not library code compiled with it, whose
    bytes are base's, measured: stmicro's runU)."""
    arity = {t.name: len(t.rhs.params) for t in program.binds if (
        t.module == "Main" and t.name in own or t.name.startswith("$W")) and  # (`P x')
        isinstance(t.rhs, ir.Closure) and t.rhs.params}
    for top in program.binds:
        if top.module == "Main" and isinstance(top.rhs, ir.Closure):
            top.rhs.body = _expr(top.rhs.body, arity, set(top.rhs.params))
            _con_caf(top.rhs, arity)


def _con_caf(rhs: ir.Closure, arity: dict[str, int]) -> None:
    """A top-level thunk whose value is a constructor applied to too few arguments, under
    its cost centre (``(.+) = BinOp Plus``): CorePrep saturates the constructor by
    eta-expanding it inside the note, and the note on the lambda is split (GHC 9.0.2
    -ddump-stg-final: ``\\u [] tick<.+> let sat = \\r [ds ds1] .. in sat``): the entry is
    counted but nothing pushed, the function is allocated under the module's CAF stack and
    runs under its callers' (their cost centres pay its constructors; test_unseen25)."""
    e = rhs.body
    if rhs.params or not rhs.updatable or not isinstance(e, ir.SCC) or not e.count:
        return
    call = e.body
    if not (isinstance(call, ir.App) and call.fun.startswith("$W") and
            len(call.args) < arity.get(call.fun, 0)):
        return
    etas = [f"eta_{next(_fresh)}" for _ in range(arity[call.fun] - len(call.args))]
    name = f"sat_{next(_fresh)}"
    lam = ir.Closure(etas, ir.App(call.fun, list(call.args) + [ir.Var(v) for v in etas]),
                     replace(rhs.info, name=name), updatable=False)
    rhs.body = ir.Case(ir.SCC(e.cc, ir.ConApp("()", []), True), "_", [],
                       ir.Let([ir.Bind(name, lam)], ir.App(name, [])))


def _pap(rhs: ir.Rhs, arity: dict[str, int], shadowed: set[str]
         ) -> tuple[list[ir.Bind], ir.App, int] | None:
    """A thunk ``let bs in f args`` with fewer args than f's arity: (bs, the call, arity)."""
    if not (isinstance(rhs, ir.Closure) and not rhs.params and rhs.updatable):
        return None
    inner: list[ir.Bind] = []
    e = rhs.body
    while isinstance(e, ir.Let) and not e.rec:
        inner += e.binds
        e = e.body
    if not isinstance(e, ir.App) or e.fun in shadowed and e.fun not in arity:
        return None
    n = arity.get(e.fun, 0)
    names = {b.name for b in inner}
    if not e.args or len(e.args) >= n or e.fun in names:
        return None
    return inner, e, n


def _expr(e: ir.Expr, arity: dict[str, int], bound: set[str]) -> ir.Expr:
    if isinstance(e, ir.Let):
        inner_arity = arity  # (top-level functions only: see the module docstring)
        scope = bound | {b.name for b in e.binds}
        out: list[ir.Bind] = []
        for b in e.binds:
            hit = None if e.rec else _pap(b.rhs, arity, bound)
            if hit is None:
                if isinstance(b.rhs, ir.Closure):
                    b.rhs.body = _expr(b.rhs.body, inner_arity if e.rec else arity,
                                       scope | set(b.rhs.params) if e.rec else
                                       bound | set(b.rhs.params))
                out.append(b)
                continue
            inner, call, n = hit
            for ib in inner:
                if isinstance(ib.rhs, ir.Closure):
                    ib.rhs.body = _expr(ib.rhs.body, arity, bound | set(ib.rhs.params))
            etas = [f"eta_{next(_fresh)}" for _ in range(n - len(call.args))]
            out += inner
            out.append(ir.Bind(b.name, ir.Closure(
                etas, ir.App(call.fun, list(call.args) + [ir.Var(v) for v in etas]),
                b.rhs.info, updatable=False)))
        e.binds = out
        e.body = _expr(e.body, inner_arity, scope)
        return e
    if isinstance(e, ir.Case):
        e.scrut = _expr(e.scrut, arity, bound)
        inner = bound | ({e.binder} if e.binder != "_" else set())
        for a in e.alts:
            a.body = _expr(a.body, arity, inner | set(getattr(a, "vars", ())))
        if e.default is not None:
            e.default = _expr(e.default, arity, inner)
        return e
    if isinstance(e, ir.SCC):
        e.body = _expr(e.body, arity, bound)
    return e
