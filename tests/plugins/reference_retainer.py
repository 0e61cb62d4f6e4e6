"""Slow, obviously correct retainer profiling: the seed's algorithm (Figure 1) word for word.

    for every root r: retain(r, r)
    retain(c, r) =
      if R(r) is a member of c.retainerSet then return
      add R(r) to c.retainerSet
      r' := c if isRetainer(c) else r
      for every successor c' of c: retain(c', r')

Here a root entry is (node, identity): the root itself (a thread stack, say) is outside the
graph, so ``retain`` is called on ``roots[k]`` with ``root_identity[k]`` as R(r). Recursion is
replaced by an explicit stack of pending calls (same result: the fixed point does not depend
on the order). A set is capped as profkit caps it: once it holds more than ``cap`` identities
it is MANY and accepts nothing more, which is also when the seed's visits stop expanding.
"""

from __future__ import annotations

from typing import Sequence


def reference_retainer_sets(
    n: int,
    children: Sequence[Sequence[int]],
    roots: Sequence[int],
    root_identity: Sequence[int],
    is_retainer: Sequence[bool],
    identity: Sequence[int],
    cap: int,
) -> tuple[list[frozenset | str | None], int]:
    """Per node: a frozenset of identities, ``"MANY"``, or None (unreachable); and the number
    of visits (calls of ``retain``)."""
    sets: list[set] = [set() for _ in range(n)]
    visits = 0
    pending = [(roots[k], root_identity[k]) for k in range(len(roots))][::-1]
    while pending:
        c, r = pending.pop()
        visits += 1
        if r in sets[c] or len(sets[c]) > cap:
            continue
        sets[c].add(r)
        r2 = identity[c] if is_retainer[c] else r
        for c2 in reversed(children[c]):
            pending.append((c2, r2))
    out: list[frozenset | str | None] = []
    for s in sets:
        if not s:
            out.append(None)
        elif len(s) > cap:
            out.append("MANY")
        else:
            out.append(frozenset(s))
    return out, visits


def reference_costs(
    sets: list[frozenset | str | None], cost: Sequence[int]
) -> dict[frozenset | str, int]:
    """Total cost per retainer set (unreachable nodes left out)."""
    out: dict[frozenset | str, int] = {}
    for s, c in zip(sets, cost):
        if s is not None:
            out[s] = out.get(s, 0) + int(c)
    return out
