"""Selector thunks short-cut by the collector model (``gc.StgHeapModel``'s
``_short_cut_selectors``), as GHC's collector evaluates them (Evac.c's
eval_thunk_selector)."""

from __future__ import annotations

from typing import Any

from .heapobj import CON_TYPES, Thunk

#: how many selector thunks deep a selectee is evaluated (GHC's MAX_THUNK_SELECTOR_DEPTH)
SELECTOR_DEPTH = 16


def select(t: Any, lo: int, depth: int, done: list[Any]) -> Any:
    """Short-cut selector thunk ``t`` (unevaluated, id >= ``lo``) if its selectee and its
    field are values (``gc.StgHeapModel._short_cut_selectors``): ``t`` becomes an
    indirection to the field and is appended to ``done``. The field, or None."""
    dc, k = t.lf.sel
    p = _value(t.fv[0], lo, depth, done)
    if type(p) not in CON_TYPES or p.dc is not dc:
        return None
    x = _value(p.fields[k], lo, depth, done)
    if type(x) is Thunk:
        return None
    t.val = x
    t.fv = None
    done.append(t)
    return x


def _value(x: Any, lo: int, depth: int, done: list[Any]) -> Any:
    """``x`` through indirections and selector thunks that ``select`` can short-cut (one
    level deeper); an unevaluated thunk where that stops."""
    while type(x) is Thunk:
        if x.val is not None:
            x = x.val
        elif (x.fv is not None and x.lf.sel is not None and depth < SELECTOR_DEPTH
              and x.id >= lo and select(x, lo, depth + 1, done) is not None):
            x = x.val
        else:
            break
    return x
