"""Top-level constructor tables as GHC -O0 compiles them: static data.

``stock = [Item "apple" 0.5 10, Item "pear" 0.75 4]`` with ``-fprof-auto`` is a CAF whose
note GHC splits (count, no push: ``binds._split_leaf``), and whose constructor cells and
literal boxes its simplifier floats to the top level as static closures (GHC 9.0.2's STG:
``stock4 = Item! [stock1 stock2 stock3]``, ``stock2 = D#! [0.5##]``). Only the outermost
cell is built when the CAF is evaluated (``stock = \\u [] tick<stock> : [stock4 stock14]``,
24 bytes under CAF), and each argument thunk becomes a CAF of its own that pushes the
binding's cost centre (``stock1 = \\u [] scc<stock> unpackCString# "apple"#``). The model
had allocated every cell and box at the CAF's evaluation (408 bytes where GHC has 80).

    float_statics(program, names)   after desugaring, before the inliners

A binding naming a function (``f = words``) is eta-expanded as GHC does, but for base's
functions whose CAF value GHC leaves its static function (``alias_arity``,
``NOT_ETA_EXPANDED``).
"""

from __future__ import annotations

from .. import ir
from . import syntax as S
from .inline_size import AT_INT
from .stgpass import FreeVars


def float_statics(program: ir.Program, names: set[str]) -> None:
    """Float the inner cells, boxes and thunks of the program's top-level value bindings
    ``names`` (CAFs of a constructor table, split as above) to static top-level bindings."""
    out: list[ir.TopBind] = []
    globals_ = {b.name for b in program.binds} | set(ir.PRIMOPS)
    for top in program.binds:
        c = top.rhs
        if top.name in names and isinstance(c, ir.Closure) and not c.params and \
                isinstance(c.body, ir.SCC) and box_of(c.body.body) is not None:
            # `limit = 500' (Int, Integer, Double): the box is static data, the CAF's
            # evaluation allocates nothing (GHC 9.0.2: 0 bytes under limit, entered once);
            # an Integer past the Int range is built at run time (test_bigint_sizes)
            lit = c.body.body.args[0]  # type: ignore[attr-defined]
            if lit.kind == "Double" or -2 ** 63 <= lit.value < 2 ** 63:
                c.body = ir.SCC(c.body.cc, ir.LitE(lit), c.body.count)
        floated = _float(top, globals_) if top.name in names else None
        if floated:
            out.extend(floated)
        out.append(top)
    program.binds = out


def _float(top: ir.TopBind, globals_: set[str]) -> list[ir.TopBind] | None:
    """The static bindings ``top``'s table floats (``top`` keeps its outermost cell), or
    None when its body is not such a table."""
    c = top.rhs
    if not isinstance(c, ir.Closure) or c.params:
        return None
    body = c.body
    tick = None
    if isinstance(body, ir.Case) and isinstance(body.scrut, ir.SCC) and not body.alts and \
            isinstance(body.scrut.body, ir.ConApp) and body.default is not None:
        tick, body = body, body.default  # GHC's counting tick: `case scc<f> () of _ ->'
    binds: list[ir.Bind] = []
    e = body
    while True:
        if isinstance(e, ir.Let) and not e.rec:
            binds.extend(e.binds)
            e = e.body
        elif isinstance(e, ir.Case) and not e.alts and e.default is not None and \
                box_of(e.scrut) is not None:
            binds.append(ir.Bind(e.binder, box_of(e.scrut)))  # type: ignore[arg-type]
            e = e.default
        else:
            break
    if not (isinstance(e, ir.App) and not e.args) or not binds:
        return None
    outer = next((b for b in binds if b.name == e.fun), None)
    if outer is None or not isinstance(outer.rhs, ir.ConRhs):
        return None
    for b in binds:  # thunks of the table's own (strings, expressions): no free variable
        if isinstance(b.rhs, ir.Closure) and (b.rhs.params or not b.rhs.updatable or
                                              _free(b.rhs, globals_ | {x.name for x in binds})):
            return None
    static = [ir.TopBind(b.name, b.rhs, top.module) for b in binds if b is not outer]
    kept: ir.Expr = ir.Let([outer], e)
    c.body = ir.Case(tick.scrut, tick.binder, [], kept) if tick is not None else kept
    return static


def box_of(e: ir.Expr) -> ir.ConRhs | None:
    """A literal's box (``literals.box_alloc``: ``+# 0.5 -0.0``) as static data."""
    if isinstance(e, ir.PrimOp) and e.op == "+" and len(e.args) == 2 and \
            all(isinstance(a, ir.Lit) for a in e.args) and \
            e.args[1].value == 0 and e.args[0].kind in ("Int", "Double"):  # type: ignore
        lit = e.args[0]
        return ir.ConRhs("I#" if lit.kind == "Int" else "D#", [lit])  # type: ignore[list-item]
    return None


def _free(c: ir.Closure, known: set[str]) -> bool:
    """Does thunk ``c`` refer to a local variable (not a global nor the table's own)?"""
    return bool(FreeVars(known).expr(c.body))


# base's functions a binding naming one (`cols = transpose') is not eta-expanded to: its
# CAF's value is base's static function, whose calls run under the caller's stack alone
# (GHC 9.0.2 -O0 -fprof-auto on 60 aliases: these, allocating, show no note of the alias
# under their callers; words, lines, unwords, unlines and class methods do)
NOT_ETA_EXPANDED = frozenset("transpose reverse init cycle inits tails subsequences "
                             "permutations unzip zip repeat zip3 unzip3".split())


def alias_arity(self, body: S.Expr, env) -> int:
    """The arguments of the function a binding of the program names as its whole value
    (`f = words`: 1), by its checked type; 0 for anything else. ``self``: the
    Desugarer."""
    if self.module != "Main" or not isinstance(body, S.EVar) or body.name in env or \
            "#" in body.name and body.name[1:] not in AT_INT:  # (`return = pure` lowered)
        return 0
    if body.name in NOT_ETA_EXPANDED and self.is_prelude(body.name, env, body.name):
        return 0
    hit = getattr(self.types, "expr_types", {}).get(id(body))
    if hit is None or hit[0] is not body:
        return 0
    from . import typecheck_types as T
    n, t = 0, T.prune(hit[1])
    while (parts := T.split_fun(t)) is not None:
        n, t = n + 1, T.prune(parts[1])
    return n
