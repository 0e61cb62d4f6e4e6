"""Types as GHC -O0's one simplifier pass leaves them, for -hy (called by
``typecheck.Checker.run`` once the module is checked).

GHC 9.0.2 at -O0 still runs one "non-opt" simplifier pass, which inlines a binding used
exactly once that is not exported: a let-generalised binding (local or top level, its
type-abstraction wrapper when it is recursive) then becomes a copy at its one use site's
types. So `where go acc k = ...` used once at Int has `go :: Int -> Int -> Int` (``->>Int``),
and its thunks are ``Int``, not ``*`` (tests/reference/ghc-9.0.2/hy_types/README.md). A
binding used twice keeps its polymorphic type (``->>*``); so does a recursive top-level
function with a signature (its own loop breaker: never inlined).

Only the descriptions change: the module has been checked before this runs.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from . import syntax as S
from . import typecheck_types as T
from .typecheck_expr import fv_decl

if TYPE_CHECKING:  # pragma: no cover
    from .typecheck import Checker

# `module Main (main) where', or no header at all (Haskell 2010 5.1: the same thing)
_ONLY_MAIN = re.compile(r"^module\s+Main\s*\(\s*main\s*\)\s*where\b", re.M)
_HEADER = re.compile(r"^module\b", re.M)


def only_main_exported(source: str) -> bool:
    return bool(_ONLY_MAIN.search(source)) or not _HEADER.search(source)


def _recursive(d: S.Decl, name: str) -> bool:
    out: set[str] = set()
    fv_decl(d, frozenset(), {name}, out)
    return name in out


def specialise_single_uses(ch: "Checker") -> dict[str, T.Type]:
    """Give each binding used once the types of its use; returns the substitution of the
    rigid type variables (skolems, by key) of signatures so used."""
    subst: dict[str, T.Type] = {}
    top_ok = only_main_exported(ch.prep.source)
    for key, (sc, d, name, generic, top) in ch.own_schemes.items():
        uses = ch.instances.get(key, [])
        if len(uses) != 1 or name == "main" or top and not top_ok:
            continue
        vs = uses[0]
        if generic is None:  # a signature: rigid; recursive, it is its own loop breaker
            skolems = ch.skolems_of.get(id(d))
            if skolems is None or _recursive(d, name):
                continue
            for sk, v in zip(skolems, vs):
                assert isinstance(sk, T.TCon)
                subst[sk.key] = v
            continue
        for g, v in zip(generic, vs):
            fv: dict[int, T.TVar] = {}
            T.free_vars(v, fv)
            g = T.prune(g)
            if isinstance(g, T.TVar) and g.id not in fv:
                g.ref = v
    return subst
