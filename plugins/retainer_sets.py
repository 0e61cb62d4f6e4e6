"""Hash-consed retainer sets with stable ids, capped at ``-R`` elements (the MANY set).

A retainer set is a set of retainer *identities* (StackTable ids: the cost-centre stack of
each retainer, or the identity of a root). Every distinct set gets one id for the whole run,
so the same set has the same number in every census and in the ``SET n = ...`` listing
(GHC 9.0.2 renumbers them per census; profkit does not: FINDINGS §5).

Ids follow GHC's numbering scheme: ``EMPTY`` = 0 (internal: "no retainer", what an
unreachable object has), ``MANY`` = 1 (a set that would hold more than ``cap`` retainers),
real sets from 2 in creation order. ``MANY`` absorbs everything: adding to it, or a union
with it, gives ``MANY``.

The traversal only ever needs ``singleton``, ``add`` and ``union``; all three are memoised,
so repeated work across objects and censuses is a dictionary look-up.
"""

from __future__ import annotations

from typing import Iterable

EMPTY = 0
MANY = 1


class RetainerSets:
    """The store of every retainer set created during a run."""

    def __init__(self, cap: int = 8) -> None:
        #: the -R cap: a set with more than ``cap`` elements is MANY
        self.cap = max(1, int(cap))
        # elements[i] is the sorted tuple of identities of set i (() for EMPTY and MANY)
        self.elements: list[tuple[int, ...]] = [(), ()]
        self._ids: dict[tuple[int, ...], int] = {(): EMPTY}
        self._add_memo: dict[tuple[int, int], int] = {}
        self._union_memo: dict[tuple[int, int], int] = {}

    def __len__(self) -> int:
        """The number of real sets created so far (EMPTY and MANY not counted)."""
        return len(self.elements) - 2

    def ids(self) -> range:
        """The ids of every real set created so far."""
        return range(2, len(self.elements))

    def intern(self, identities: Iterable[int]) -> int:
        """The id of the set holding exactly ``identities`` (MANY if more than ``cap``)."""
        key = tuple(sorted(set(int(i) for i in identities)))
        if len(key) > self.cap:
            return MANY
        sid = self._ids.get(key)
        if sid is None:
            sid = self._ids[key] = len(self.elements)
            self.elements.append(key)
        return sid

    def singleton(self, identity: int) -> int:
        return self.add(EMPTY, identity)

    def add(self, sid: int, identity: int) -> int:
        """The id of set ``sid`` with ``identity`` added."""
        if sid == MANY:
            return MANY
        k = (sid, identity)
        out = self._add_memo.get(k)
        if out is None:
            elems = self.elements[sid]
            out = sid if identity in elems else self.intern(elems + (identity,))
            self._add_memo[k] = out
        return out

    def union(self, a: int, b: int) -> int:
        """The id of the union of sets ``a`` and ``b``."""
        if a == b or b == EMPTY:
            return a
        if a == EMPTY:
            return b
        if a == MANY or b == MANY:
            return MANY
        k = (a, b) if a < b else (b, a)
        out = self._union_memo.get(k)
        if out is None:
            out = self._union_memo[k] = self.intern(self.elements[a] + self.elements[b])
        return out

    def size(self, sid: int) -> int:
        """Number of elements; MANY counts as ``cap + 1`` (it became MANY at that size)."""
        return self.cap + 1 if sid == MANY else len(self.elements[sid])

    def members(self, sid: int) -> tuple[int, ...]:
        """The identities of a set, ascending (empty for EMPTY and MANY)."""
        return self.elements[sid]

    def contains(self, sid: int, identity: int) -> bool:
        return sid == MANY or identity in self.elements[sid]
