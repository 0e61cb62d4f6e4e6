"""Binding groups (``let``, ``where``, top level) for the desugarer: functions with several
clauses, value bindings (thunks, constructor allocations, lambdas), pattern bindings.

These functions are methods of ``Desugarer`` (imported into its class body)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import ir
from . import syntax as S
from .match import FailK, Row
from .rename import pat_binders

if TYPE_CHECKING:  # pragma: no cover
    from .desugar import Desugarer, Env


def _strip(e: S.Expr) -> S.Expr:
    from .desugar import strip
    return strip(e)


def _binding_cc(self: "Desugarer", path: list[str], name: str,
                span: S.Span) -> ir.CostCentre | None:
    if self.auto is None or span == S.NOSPAN:
        return None
    return self.auto.binding_cc(path, name, span)


def local_binds(self: "Desugarer", decls: list[S.Decl], env: "Env",
                path: list[str]) -> tuple[list[ir.Bind], "Env"]:
    """Compile a recursive binding group; returns the bindings and the extended env."""
    from .desugar import literal_of

    env2: "Env" = dict(env)
    plan: list[tuple[S.Decl, str | None]] = []
    for d in decls:
        if isinstance(d, S.DFun):
            c = d.clauses[0]
            if not c.pats and c.rhs.body is not None and not c.rhs.where and \
                    _binding_cc(self, path, d.name, d.span) is None:
                lit = literal_of(c.rhs.body)
                if lit is not None:
                    env2[d.name] = lit  # a literal binding costs nothing: substitute it
                    continue
            name = self.fresh(d.name)
            env2[d.name] = name
            plan.append((d, name))
        elif isinstance(d, S.DPat):
            names: list[tuple[str, S.Span]] = []
            pat_binders(d.pat, names)
            for n, _ in names:
                env2[n] = self.fresh(n)
            plan.append((d, None))
    binds: list[ir.Bind] = []
    for d, name in plan:
        if isinstance(d, S.DFun):
            assert name is not None
            binds.extend(self.fun_rhs(d, env2, path, name))
        else:
            assert isinstance(d, S.DPat)
            binds.extend(self.pattern_binds(d, env2, path, env2))
    return binds, env2


def fun_rhs(self: "Desugarer", d: S.DFun, env: "Env", path: list[str],
            ir_name: str) -> list[ir.Bind]:
    """The binding(s) for function or value ``d``: the main one last, helpers first."""
    cc = _binding_cc(self, path, d.name, d.span)
    new_path = path + [d.name] if d.span != S.NOSPAN else path
    arity = len(d.clauses[0].pats)
    if arity == 0:
        return self.value_rhs(d, env, new_path, ir_name, cc)
    params = []
    for i in range(arity):
        names = {c.pats[i].name for c in d.clauses if isinstance(c.pats[i], S.PVar)}
        all_vars = all(isinstance(c.pats[i], S.PVar) for c in d.clauses)
        params.append(self.fresh(names.pop() if all_vars and len(names) == 1 else "ds"))
    msg = f"{S.format_span(self.file, d.span)}: Non-exhaustive patterns in function {d.name}"
    rows = [Row(list(c.pats), {}, self.rhs_builder(c.rhs, env, new_path)) for c in d.clauses]
    body = self.match(params, rows, FailK(msg))
    if cc is not None:
        body = ir.SCC(cc, body, True)
    return [ir.Bind(ir_name, ir.Closure(params, body, self.info(d.name, d.span), False))]


def value_rhs(self: "Desugarer", d: S.DFun, env: "Env", path: list[str], ir_name: str,
              cc: ir.CostCentre | None) -> list[ir.Bind]:
    rhs = d.clauses[0].rhs
    calls = self.auto is not None and self.auto.calls
    if rhs.body is not None and not rhs.where:
        body = _strip(rhs.body)
        if isinstance(body, S.ELam):
            return [ir.Bind(ir_name, self.lambda_closure(body, env, path, d.name, cc))]
        if cc is None and not calls:
            con_args = self.saturated_con(body)
            if con_args is not None:
                extra: list[ir.Bind] = []
                atoms = [self.atom(a, env, path, extra) for a in con_args[1]]
                return extra + [ir.Bind(ir_name, ir.ConRhs(con_args[0], atoms))]
            if isinstance(body, S.ECon) and self.datacons[body.name].arity == 0:
                return [ir.Bind(ir_name, ir.ConRhs(body.name, []))]
            from .desugar import literal_of
            lit = literal_of(body)
            if lit is not None:  # a static box, as GHC's `n = 100 :: Int` (not a CAF)
                box = {"Int": "I#", "Double": "D#", "Char": "C#"}[lit.kind]
                return [ir.Bind(ir_name, ir.ConRhs(box, [lit]))]
    msg = f"{S.format_span(self.file, d.span)}: Non-exhaustive guards in function {d.name}"
    e = self.rhs_expr(rhs, env, path, FailK(msg))
    if cc is not None:
        e = ir.SCC(cc, e, True)
    return [ir.Bind(ir_name, ir.Closure([], e, self.info(d.name, d.span), True))]


def pattern_binds(self: "Desugarer", d: S.DPat, env: "Env", path: list[str],
                  names_env: "Env") -> list[ir.Bind]:
    """``(a, b) = e``: one thunk for ``e`` and a selector thunk per variable (lazy, as in
    Haskell); a failing match raises GHC's irrefutable-pattern error."""
    cc = _binding_cc(self, path, "(...)", d.span)
    new_path = path + ["(...)"]
    whole = self.fresh("pat")
    msg = f"{S.format_span(self.file, d.span)}: Non-exhaustive patterns in pattern binding"
    e = self.rhs_expr(d.rhs, env, new_path, FailK(msg))
    if cc is not None:
        e = ir.SCC(cc, e, True)
    binds = [ir.Bind(whole, ir.Closure([], e, self.info("pat", d.span), True))]
    names: list[tuple[str, S.Span]] = []
    pat_binders(d.pat, names)
    for n, _ in names:
        target = names_env[n]
        assert isinstance(target, str)

        def pick(bs: dict[str, str], fail: FailK, n: str = n) -> ir.Expr:
            return ir.App(bs[n], [])
        sel = self.match([whole], [Row([d.pat], {}, pick)], FailK(msg))
        binds.append(ir.Bind(target, ir.Closure([], sel, self.info(n, d.span), True)))
    return binds
