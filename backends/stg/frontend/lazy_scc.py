"""Irrefutable patterns in lambdas: where GHC's note of a lambda goes when its patterns
bind selector thunks (match.Matcher._lazy makes them): on the body, below the selector
``let``s, which the caller pays (GHC 9.0.2, shapes/lazypats)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from .. import ir
from . import syntax as S
from .binds import _split_leaf
from .literals import strip

if TYPE_CHECKING:
    from .desugar import Desugarer


def lazy_scc(self: "Desugarer", cc: ir.CostCentre, lam: S.ELam, leaf: ir.Expr) -> ir.Expr:
    """The note below the selector lets: split as `_product_scc`'s when the body is a
    constructor application and the patterns cannot fail (unzip3's `\\(a, b) ~(as, bs)
    -> (a : as, b : bs)`: 0 bytes under the lambda's cost centre, GHC 9.0.2)."""
    if all(product_pat(self, p) for p in lam.pats) and \
            self.saturated_con(strip(lam.body)) is not None and _split_leaf(self, cc, leaf):
        return ir.Case(ir.SCC(cc, ir.ConApp("()", []), True), "_", [], leaf)
    return self.value_scc(cc, leaf, None)


def has_lazy(self: "Desugarer", e: ir.Expr) -> bool:
    while isinstance(e, ir.Case) and e.default is None and len(e.alts) == 1:
        e = e.alts[0].body
    return isinstance(e, ir.Let) and id(e) in self.lazy_lets


def peel_lazy(self: "Desugarer", e: ir.Expr, inner: Callable[[ir.Expr], ir.Expr]
              ) -> ir.Expr:
    """``inner`` applied below the single-alternative cases and selector lets of a
    lambda's patterns."""
    if isinstance(e, ir.Case) and e.default is None and len(e.alts) == 1:
        alt = e.alts[0]
        body = peel_lazy(self, alt.body, inner)
        alt2 = ir.ConAlt(alt.con, alt.vars, body) if isinstance(alt, ir.ConAlt) else \
            ir.LitAlt(alt.lit, body)  # type: ignore[attr-defined]
        return ir.Case(e.scrut, e.binder, [alt2], None, e.fail_msg)
    if isinstance(e, ir.Let) and id(e) in self.lazy_lets:
        return ir.Let(e.binds, peel_lazy(self, e.body, inner), e.rec)
    return inner(e)


def product_pat(self: "Desugarer", p: S.Pat) -> bool:
    """A lambda's pattern that cannot fail and binds its parts: a variable, `_', a tuple
    or the one constructor of a data type, of those."""
    if isinstance(p, (S.PVar, S.PWild)):
        return True
    if isinstance(p, S.PLazy):  # ~p cannot fail
        return product_pat(self, p.pat)
    if isinstance(p, S.PTuple):
        return all(isinstance(x, (S.PVar, S.PWild)) for x in p.items)
    if isinstance(p, S.PCon) and p.con in self.datacons:
        tname = self.datacons[p.con].type_name
        return sum(d.type_name == tname for d in self.datacons.values()) == 1 and \
            all(isinstance(x, (S.PVar, S.PWild)) for x in p.args)
    return False
