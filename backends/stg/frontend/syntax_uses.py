"""Questions the desugarer asks of the syntax tree: which variables a binding binds, where
a variable is used (under a lambda or not), whether GHC -O0's simplifier inlines a group of
bindings into a body, a binding's simple body (binds.py's helpers)."""

from __future__ import annotations

import dataclasses

from . import syntax as S
from .rename import pat_binders


def _bound_names(d: S.Decl) -> list[str]:
    """The variables a local binding binds: a function's name, a pattern's variables."""
    if isinstance(d, S.DFun):
        return [d.name]
    out: list[tuple[str, S.Span]] = []
    if isinstance(d, S.DPat):
        pat_binders(d.pat, out)
    return [n for n, _ in out]


def mentions(node: object, name: str) -> bool:
    """Does the syntax tree ``node`` refer to the variable ``name`` anywhere (shadowing
    ignored: a conservative answer)?"""
    return bool(_uses(node, name))


_LAMBDAS = (S.ELam, S.EComp, S.ELeftSection, S.ERightSection, S.EDo)


def _all_inlined(decls: list[S.Decl], body: S.Expr) -> bool:
    """Does GHC -O0's simplifier inline every one of ``decls`` (a constructor application's
    ``let``/``where`` bindings) into ``body``? Each must be used exactly once, in ``body``,
    not under a lambda unless it is a function (inline_once.py has the rule)."""
    decls = [d for d in decls if not isinstance(d, (S.DSig, S.DFixity))]
    for d in decls:
        if not isinstance(d, S.DFun):
            return False
        if any(_uses(o, d.name) for o in decls):
            return False
        uses = _uses(body, d.name)
        if len(uses) != 1 or uses[0] and not d.clauses[0].pats:
            return False
    return True


def _uses(node: object, name: str) -> list[bool]:
    """The occurrences of variable ``name`` in syntax ``node``, each True when it is under a
    lambda (a lambda, section, comprehension or ``do`` block; shadowing ignored)."""
    out: list[bool] = []
    stack: list[tuple[object, bool]] = [(node, False)]
    while stack:
        n, lam = stack.pop()
        if isinstance(n, S.EVar):
            if n.name == name:
                out.append(lam)
        elif isinstance(n, (list, tuple)):
            stack.extend((x, lam) for x in n)
        elif dataclasses.is_dataclass(n):
            inner = lam or isinstance(n, _LAMBDAS)
            stack.extend((getattr(n, f.name), inner) for f in dataclasses.fields(n))
    return out


def simple_body(clauses: list[S.Clause]) -> S.Expr | None:
    """The body of a one-clause binding with only variable patterns and no guards: the
    expression its cost centre is put on, inside its `where' (None otherwise)."""
    if len(clauses) != 1:
        return None
    c = clauses[0]
    if c.rhs.body is None or not all(isinstance(p, S.PVar) for p in c.pats):
        return None
    return c.rhs.body
