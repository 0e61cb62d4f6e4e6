"""The Prelude's desugared bindings, kept between runs (issue 13, start-up).

Desugaring the Prelude's 1,500-odd bindings was most of what a one-line program's compile
did, and it comes out the same for almost every program. What can differ, and so is part
of the key (beside the Prelude's text and the front end's sources, ``preludecache.key``):
- the Prelude names the program's own names push aside (``Prelude.lookup`` when the
  program defines ``lookup``): the bindings refer to them by those names;
- the names of the form ``base_N`` the desugarer must not make (``Desugarer.fresh`` skips
  them, which moves the numbering on).

An entry holds the bindings as desugared, what the desugarer learnt on the way (every
attribute but the ones it shares with the rest of the compile, and the names it took) and
where its counter stood, so that a run from the cache goes on from exactly where a
desugaring run is. The names its sugar makes up (``sugar.fresh_name``: comprehensions'
loops) are numbered apart from the program's, from ``NAMES``, so that neither depends on
the other. The id-keyed tables (notes of nodes by ``id``) are emptied after the
Prelude in both cases: they speak of the Prelude's nodes, which nothing after it looks at,
and their ids would be stale in an entry. The bindings' free variables are filled before
they are filed (``stgpass.settle``), once, not at every compile.

    desugar_prelude(d_pre, prelude, text, module_of) -> list[ir.TopBind]
        (prelude: a function giving the parsed Prelude, called only without an entry)
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

from .. import ir
from . import preludecache
from . import sugar
from . import syntax as S
from .desugar import Desugarer
from .stgpass import settle

PREFIX = "stg-desugared-"
KEEP = 8  # programs that push Prelude names aside have entries of their own
#: attributes shared with the rest of the compile (set by the caller, never filed)
_SHARED = frozenset({"globals", "prelude", "datacons", "auto", "counter", "types", "taken"})
#: tables keyed by nodes' ids
_BY_ID = ("arg_evals", "split_sccs", "strict_field_cases", "split_notes", "synth_types",
          "regenerated")
NAMES = 1_000_000  # where the names the Prelude's sugar makes are numbered from
_NUMBERED = re.compile(r"_[0-9]+$")


def _entry_text(d: Desugarer, text: str) -> str:
    pushed = sorted((k, v) for k, v in d.prelude.items() if k != v)
    numbered = sorted(n for n in d.taken if _NUMBERED.search(n))
    return f"{preludecache.key(text)}\n{pushed!r}\n{numbered!r}"


def desugar_prelude(d: Desugarer, prelude: Callable[[], S.Module], text: str,
                    module_of: dict[str, str]) -> list[ir.TopBind]:
    """The Prelude's bindings desugared by ``d`` (its ``counter`` is replaced by one that
    goes on where the Prelude's desugaring left it). ``prelude``: gives the parsed Prelude
    (called only when there is no entry); ``text``: its source; ``module_of``: the base
    module whose name a Prelude function's closures carry (-hd), ``GHC.Base`` if absent."""
    key = _entry_text(d, text)
    entry = preludecache.load_entry(PREFIX, key)
    if _valid(entry):
        binds, state, taken, nxt = entry  # type: ignore[misc]
        vars(d).update(state)
        d.taken |= taken
    else:
        before = set(d.taken)
        binds = []
        program_names = sugar.numbering(NAMES)
        try:
            for decl in prelude().decls:
                if isinstance(decl, S.DFun):
                    d.closure_module = module_of.get(decl.name, "GHC.Base")
                    out = d.fun_rhs(decl, {}, [], d.globals[decl.name])
                elif isinstance(decl, S.DPat):
                    d.closure_module = module_of.get(getattr(decl, "name", ""), "GHC.Base")
                    out = d.pattern_binds(decl, {}, [], d.globals)
                else:
                    continue
                binds.extend(ir.TopBind(b.name, b.rhs, d.module) for b in out)
        finally:
            sugar.resume(program_names)
        settle(binds)  # (every pass leaves them as they are: see ir.Program.settled)
        nxt = next(d.counter)
        for name in _BY_ID:
            getattr(d, name).clear()
        state = {k: v for k, v in vars(d).items() if k not in _SHARED}
        preludecache.store_entry(PREFIX, key, (binds, state, d.taken - before, nxt), KEEP)
    d.counter = itertools.count(nxt)
    return binds


def _valid(entry: object) -> bool:
    return isinstance(entry, tuple) and len(entry) == 4 and isinstance(entry[0], list) \
        and isinstance(entry[1], dict) and isinstance(entry[2], set) and \
        isinstance(entry[3], int)
