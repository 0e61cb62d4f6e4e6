"""The remembered set in census-only mode: entries nothing else refers to are dropped.

The collector model's write barrier (``StgHeapModel.remember``) lists every old thunk updated
since the last collection. A minor collection reads each listed thunk's value as a root (GHC's
mutable list: the value survives even if the thunk is dead), so with minor collections the list
must stay as it is. In census-only mode (``backend.StgBackend._only_censuses``) every collection
is a major one, which follows a listed thunk only where its trace reaches it, and sets the
thunk's old-graph row to its value. A listed thunk that nothing but the list refers to (Python's
reference count) is reached by no trace:

* no object points at it: every pointer is a Python reference (the traces follow those);
* no old-graph row the search can read points at it either. A row holds its object's pointers
  as they were at its promotion, and they change in Python only when the object is a thunk
  entered or updated (its row is rewritten at the next major collection), or when a trace
  short-cuts a constructor's field past an indirection. Traces run only at collections, and the
  listed thunk was updated after the last one: nothing was short-cut past it. So an object
  whose row points at it still refers to it in Python, or is itself unreachable.

Dropping such an entry changes no mark, no row a search reads and no profile, but lets Python
free the thunk and its value, which in a lazily consumed list is every cell built since (each
cell's tail a thunk updated to the next cell): ``sort_heap -hc -i0.05`` kept over 100,000
dead objects through a few dozen entries until the next census. Its ``remembered_old`` part
(thunks below ``compact_base``) is taken from this list at the next collection (``gc.py``), so
those are dropped too.

``RememberedPruner.prune`` runs at each place a collection would have been (every ``-A`` bytes
of allocation): entries are looked at twice (at the first place after they were listed, and at
the next), then only when the list has doubled since the last look at all of them, so the work
per entry is bounded whatever the list's length.
"""

from __future__ import annotations

from itertools import islice
from sys import getrefcount
from typing import Any

#: the list's length below which every entry is looked at each time
FULL_MIN = 1 << 12


def _held_elsewhere(items: list, start: int, stop: int | None) -> list:
    """The entries ``items[start:stop]`` something other than ``items`` refers to."""
    return [t for t in islice(items, start, stop) if getrefcount(t) > LIST_ONLY]


def _counts(items: list) -> list[int]:
    """Each entry's reference count as ``_held_elsewhere`` sees it."""
    return [getrefcount(t) for t in islice(items, 0, None)]


#: the count ``_held_elsewhere`` sees for an object that only its list refers to (measured:
#: the loop variable and the call's argument count on some Python versions, not on others)
LIST_ONLY = _counts([object()])[0]


class RememberedPruner:
    """Drops the remembered entries nothing else refers to (see the module's text)."""

    def __init__(self) -> None:
        self._collections = -1  # the model's collection count the state below is of
        self._twice = 0  # entries before this were looked at twice (or at a full look)
        self._once = 0  # entries before this were looked at once
        self._full = 0  # the list's length after the last look at all of it
        self.dropped = 0

    def prune(self, model: Any) -> None:
        rem = model.remembered
        if model.collections != self._collections:  # a collection started a new list
            self._collections = model.collections
            self._twice = self._once = self._full = 0
        n = len(rem)
        if n < FULL_MIN or n >= 2 * self._full:
            kept = _held_elsewhere(rem, 0, None)
            self.dropped += n - len(kept)
            rem[:] = kept
            self._twice = self._once = self._full = len(rem)
            return
        a, b = self._twice, self._once
        seen = _held_elsewhere(rem, a, b)
        new = _held_elsewhere(rem, b, None)
        self.dropped += n - a - len(seen) - len(new)
        rem[a:] = seen + new
        self._twice = a + len(seen)
        self._once = len(rem)
