"""Literals of the Haskell subset: which source expressions are literals, which literals
GHC boxes on the heap. Shared by the desugarer and its binding and application parts
(``desugar``, ``binds``, ``desugar_app``), which import it rather than each other."""

from __future__ import annotations

from dataclasses import dataclass

from .. import ir
from . import syntax as S

DOUBLE_TYPES = ("Double", "Float")
DOUBLE_LIST_TYPES = ("[Double]", "[Float]")


def strip(e: S.Expr) -> S.Expr:
    """Remove parentheses and type annotations that do not change the value."""
    while isinstance(e, (S.EParen, S.ETyped)):
        if isinstance(e, S.ETyped) and e.type_text in DOUBLE_TYPES + DOUBLE_LIST_TYPES:
            return e
        e = e.expr
    return e


BOXES = {"Int": "I#", "Double": "D#", "Char": "C#"}


@dataclass(slots=True, frozen=True)
class IntegerLit(ir.Lit):
    """An integer literal at type Integer: the machine's Int, but GHC's ``IS n#`` box has no
    static small-number closure, so -O0 code allocates it wherever it is used (16 bytes,
    GHC 9.0.2: ``n + 1``, ``n < 100``, ``n `mod` 10`` at Integer)."""


def allocates(lit: ir.Lit) -> bool:
    """Does GHC's code generator allocate a box for this literal (no static INTLIKE /
    CHARLIKE closure for it)?"""
    if type(lit) is IntegerLit:
        return True
    if lit.kind == "Int":
        return not -16 <= lit.value <= 255  # type: ignore[operator]
    return lit.kind == "Double"


def box_alloc(lit: ir.Lit) -> ir.Expr:
    """An expression that allocates a fresh box holding ``lit`` (the machine charges every
    arithmetic result as a heap allocation); adding zero keeps the value (``-0.0`` keeps a
    negative zero)."""
    zero = ir.Lit(0, "Int") if lit.kind == "Int" else ir.Lit(-0.0, "Double")
    return ir.PrimOp("+", [lit, zero])


def literal_of(e: S.Expr, fold_neg: bool = True) -> ir.Lit | None:
    """The literal ``e`` is, if it is one. ``fold_neg``: is ``-n`` the literal ``-n``
    (base, built with -O, folds it); the program's code at -O0 calls ``negate`` on ``n``'s box
    (a thunk as an argument, the result allocated when forced: 16 bytes), as GHC's desugarer
    does; only a negative literal pattern is a literal there (match.py)."""
    e = strip(e)
    if isinstance(e, S.ETyped):  # `:: Double` or `:: [Double]`
        lit = literal_of(e.expr, fold_neg) if e.type_text in DOUBLE_TYPES else None
        if lit is not None and lit.kind == "Int":
            return ir.Lit(float(lit.value), "Double")  # type: ignore[arg-type]
        return lit
    if isinstance(e, S.ELit) and e.kind != "String":
        return IntegerLit(e.value, "Int") if e.integer else ir.Lit(e.value, e.kind)
    if isinstance(e, S.ENeg) and fold_neg:
        # base's (-O) negation of an integral literal at Int or Integer is folded; at
        # Double (`Deposit (-1)`, `-0.5`) negate is called on the literal's box
        inner = strip(e.expr)
        if isinstance(inner, S.ELit) and inner.kind == "Int":
            return ir.Lit(-inner.value, inner.kind)  # type: ignore[operator]
    return None
