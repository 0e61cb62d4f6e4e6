"""Local bindings nothing uses are dropped, as GHC -O0's simple optimiser drops them.

A `where` or `let` binding (a function, a variable, a lazy pattern binding) that no
expression of the module names is never built by GHC 9.0.2, even at -O0: occurrence
analysis finds it dead and the binding goes, with its closure and what it captures
(`step (st, n) x = ... where earned k = ... st ...` with `earned` unused allocates
nothing for it). The program's checked module is walked once the types are checked (an
ill-typed dead binding is still refused, as GHC refuses it); a name counts as used when any
variable or operator of the module outside the binding itself has it (locals are not
unique before desugaring, so this keeps a binding whose name another scope uses: never
wrong, only a missed drop). Strict bindings (`let !x = ...`) stay: they are evaluated."""

from __future__ import annotations

from collections import Counter

from . import syntax as S
from .rename import decl_binders

_LEAVES = (str, int, float, bool, type(None), tuple)


def _children(node: object) -> list[object]:
    out: list[object] = []
    for name in getattr(type(node), "__slots__", ()):
        v = getattr(node, name, None)
        if isinstance(v, list):
            for x in v:
                if isinstance(x, tuple):  # a record's (field, expr, span)
                    out.extend(y for y in x if not isinstance(y, _LEAVES))
                elif not isinstance(x, _LEAVES):
                    out.append(x)
        elif not isinstance(v, _LEAVES):
            out.append(v)
    return out


def _names(node: object, out: Counter) -> None:
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, (S.EVar, S.OpRef)):
            out[n.name] += 1
        stack.extend(_children(n))


def _strict(d: object) -> bool:
    if isinstance(d, S.DPat):
        stack: list[object] = [d.pat]
        while stack:
            p = stack.pop()
            if isinstance(p, S.PBang):
                return True
            stack.extend(_children(p))
        return False
    return isinstance(d, S.DFun) and any(c.bang for c in d.clauses)


def _groups(node: object, out: list[tuple[list, object]]) -> None:
    """Every list of local declarations under ``node`` (where, let, a do block's or a
    guard's or a comprehension's let) with the node its names are in scope in."""
    stack: list[tuple[object, object]] = [(node, node)]
    while stack:
        n, parent = stack.pop()
        if isinstance(n, S.Rhs) and n.where:
            out.append((n.where, n))
        elif isinstance(n, S.ELet):
            out.append((n.decls, n))
        elif isinstance(n, S.SLet):
            out.append((n.decls, parent))  # the block, guard or comprehension holding it
        stack.extend((c, n) for c in _children(n))


def drop_dead_binds(mod: S.Module) -> None:
    """Remove, in place, the local bindings of ``mod`` whose names nothing in their scope
    uses (until none is left: a dropped binding may have been the only use of another)."""
    groups: list[tuple[list, object]] = []
    for d in mod.decls:
        _groups(d, groups)
    dropped = True
    while dropped:
        dropped = False
        for decls, scope in groups:
            uses: Counter = Counter()
            _names(scope, uses)
            for d in list(decls):
                if not isinstance(d, (S.DFun, S.DPat)) or _strict(d):
                    continue
                bound = [n for n, _ in decl_binders([d])]
                own: Counter = Counter()
                _names(d, own)
                if bound and all(uses[n] - own[n] <= 0 for n in bound):
                    decls.remove(d)
                    uses -= own  # (its uses go with it)
                    dropped = True
