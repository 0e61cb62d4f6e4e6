"""Helpers of the old generation's graph (``oldgraph``): the growable int32 arrays its rows
are kept in, and the pointers of a heap object as the traces see them."""

from __future__ import annotations

from typing import Any, Iterable

import numpy as np

from .heapobj import CON_TYPES, Fun, Pap, Thunk


def may_hold_heap(x: Any) -> bool:
    """Whether static object ``x`` can lead to a heap object (now or once a CAF is
    evaluated): a CAF, a static constructor with fields, a partial application or a
    function with free variables. Nullary constructors, literal boxes and top-level
    functions cannot."""
    t = type(x)
    return (t in CON_TYPES and t.arity > 0) or t is Thunk or t is Pap or (
        t is Fun and bool(x.fv))


def _children(x: Any) -> Iterable[Any]:
    t = type(x)
    if t in CON_TYPES:
        return x.fields
    if t is Thunk:
        v = x.val
        return (v,) if v is not None else (x.fv or ())
    if t is Fun:
        return x.fv
    if t is Pap:
        return [x.fun, *x.args]
    return ()


class _Buf:
    """A growable int32 numpy array (amortised appends; ``view()`` is the used part)."""

    __slots__ = ("arr", "n")

    def __init__(self, init: int = 1024) -> None:
        self.arr = np.zeros(init, dtype=np.int32)
        self.n = 0

    def reserve(self, extra: int) -> None:
        need = self.n + extra
        if need > len(self.arr):
            # (half as much again: doubling left up to half of the old graph's largest
            # arrays unused, 30 MB on a heap of 6 M ids)
            new = np.zeros(max(need, len(self.arr) + (len(self.arr) >> 1)), dtype=np.int32)
            new[:self.n] = self.arr[:self.n]
            self.arr = new

    def extend(self, values: np.ndarray) -> None:
        self.reserve(len(values))
        self.arr[self.n:self.n + len(values)] = values
        self.n += len(values)

    def view(self) -> np.ndarray:
        return self.arr[:self.n]

    def reset(self, values: np.ndarray) -> None:
        self.n = 0
        self.extend(values)


def search_py(ip: np.ndarray, tg: np.ndarray, start: np.ndarray, reached: np.ndarray,
              budget: int | None) -> bool:
    """Mark in ``reached`` every row of the graph (``ip``/``tg``: row pointers and edges)
    reachable from ``start``, breadth-first in Python; False (``reached`` untouched) past
    ``budget`` rows (the old graph's search of a few objects: ``OldGraph._search``)."""
    new: set[int] = set(start.tolist())
    todo = list(new)
    k = 0
    while k < len(todo):
        i = todo[k]
        k += 1
        for j in tg[ip[i]:ip[i + 1]].tolist():
            if j not in new and not reached[j]:
                new.add(j)
                todo.append(j)
        if budget is not None and len(todo) > budget:
            return False
    reached[np.fromiter(new, dtype=np.int64, count=len(new))] = True
    return True
