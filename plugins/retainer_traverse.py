"""Retainer-set computation over a census's ``HeapGraph``: iterative, linear, mostly numpy.

The seed (shared/seeds/retainer-profiling-implementation.tex.txt) defines the retainer sets as
the least fixed point of

* for every root entry ``k``: ``root_identity[k]`` is in the set of ``roots[k]``;
* for every reachable object ``c`` and every parent ``a`` of ``c``: ``from(a)`` is in the set
  of ``c``, where ``from(a) = {identity[a]}`` if ``is_retainer[a]`` else the set of ``a``.

So a retainer's own set is made of *its* retainers (whatever reaches it), and it hands its
children only its own identity. This module computes that fixed point without recursion and
without a Python step per object:

1. **Followers** (numpy). An object whose only way in is one edge from a non-retainer (in-degree
   1, no root entry) has exactly its parent's set. Pointer jumping (``head = head[head]``,
   log(depth) vectorised rounds) maps every such object to the nearest *join* object above it:
   one with several ways in, a retainer parent, or a root entry. Long lists, the bulk of most
   heaps, collapse to their first cell. Followers on a cycle that nothing enters are
   unreachable and get no set.
2. **Joins** (a Python worklist over join objects only). Each edge into a join object becomes
   an edge from the head of its source: a *plain* edge (source not a retainer) carries the
   source's set, a *retainer* edge carries the identity of the retainer once its source is
   reachable (non-empty set). Sets only grow and are capped (``-R``), so every join object is
   processed at most ``cap + 2`` times: linear for a fixed cap.
3. **Expansion** (numpy): every object takes the set of its head.

The ``visits`` statistic is what the seed's depth-first algorithm would count: one visit per
arrival at an object (per root entry, and per distinct retainer identity its parent passed
on), computed in closed form from the final sets.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np

from profkit.heap import HeapGraph

from .retainer_sets import EMPTY, MANY, RetainerSets


@dataclass
class TraversalStats:
    #: objects that got a retainer set (reachable from the roots)
    reachable: int
    #: arrivals at objects in the seed's algorithm (see the module docstring)
    visits: int
    #: largest length of the join worklist (profkit's auxiliary stack)
    max_stack: int
    #: objects in the join graph (the rest were followers)
    joins: int

    @property
    def average_visits(self) -> float:
        return self.visits / self.reachable if self.reachable else 0.0


def edge_sources(offsets: np.ndarray, n_edges: int) -> np.ndarray:
    """The source node of every CSR edge (``targets`` is aligned with it)."""
    n = len(offsets) - 1
    return np.repeat(np.arange(n, dtype=np.int64), np.diff(offsets).astype(np.int64))[:n_edges]


def follower_heads(
    n: int, src: np.ndarray, dst: np.ndarray, roots: np.ndarray, is_retainer: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """``(head, is_join)``: for every node the join node whose set it shares (``-1`` if it sits
    under a cycle nothing enters), and which nodes are joins."""
    indeg = np.bincount(dst, minlength=n) + np.bincount(roots, minlength=n)
    single_parent = np.full(n, -1, dtype=np.int64)
    single_parent[dst] = src  # exact for nodes of in-degree 1, meaningless otherwise
    follower = indeg == 1
    follower &= single_parent >= 0  # the one way in is an edge, not a root entry
    follower[follower] &= ~is_retainer[single_parent[follower]]
    head = np.arange(n, dtype=np.int64)
    head[follower] = single_parent[follower]
    # pointer jumping: after k rounds head[i] is 2**k steps up (or a join, a fixed point)
    for _ in range(max(1, int(n).bit_length() + 1)):
        nxt = head[head]
        if np.array_equal(nxt, head):
            break
        head = nxt
    is_join = ~follower
    head[~is_join[head]] = -1  # still on a follower: a cycle no edge enters
    return head, is_join


def compute_retainer_sets(
    graph: HeapGraph, sets: RetainerSets
) -> tuple[np.ndarray, TraversalStats]:
    """The retainer set id (in ``sets``) of every node of ``graph``; ``EMPTY`` for nodes not
    reachable from the roots. Set ids are interned in ``sets``, so they are stable across
    censuses sharing it."""
    offsets = np.asarray(graph.offsets, dtype=np.int64)
    targets = np.asarray(graph.targets, dtype=np.int64)
    roots = np.asarray(graph.roots, dtype=np.int64)
    root_identity = np.asarray(graph.root_identity, dtype=np.int64)
    is_retainer = np.asarray(graph.is_retainer, dtype=bool)
    identity = np.asarray(graph.identity, dtype=np.int64)
    n = len(offsets) - 1
    if n <= 0:
        return np.zeros(0, dtype=np.int32), TraversalStats(0, 0, 0, 0)
    src = edge_sources(offsets, len(targets))
    head, is_join = follower_heads(n, src, targets, roots, is_retainer)

    # --- the join graph: edges into join nodes, from the heads of their sources
    into_join = is_join[targets]
    e_src = head[src[into_join]]
    e_dst = targets[into_join]
    e_ret = is_retainer[src[into_join]]
    e_ident = np.where(e_ret, identity[src[into_join]], -1)
    live = e_src >= 0
    e_src, e_dst, e_ident = e_src[live], e_dst[live], e_ident[live]
    order = np.argsort(e_src, kind="stable")
    e_src, e_dst, e_ident = e_src[order], e_dst[order], e_ident[order]
    jnodes = np.flatnonzero(is_join)
    starts = np.searchsorted(e_src, jnodes, side="left")
    ends = np.searchsorted(e_src, jnodes, side="right")
    # per join node: [start, end) of its out-edges, as Python ints for the worklist
    span = dict(zip(jnodes.tolist(), zip(starts.tolist(), ends.tolist())))
    out_dst = e_dst.tolist()
    out_ident = e_ident.tolist()

    # --- worklist: start from the root entries
    setof: dict[int, int] = {}
    add, union = sets.add, sets.union
    for node, ident in zip(roots.tolist(), root_identity.tolist()):
        setof[node] = add(setof.get(node, EMPTY), ident)
    work = deque(setof)
    queued = set(setof)
    max_stack = len(work)
    while work:
        j = work.popleft()
        queued.discard(j)
        sj = setof[j]
        lo, hi = span[j]
        for e in range(lo, hi):
            c = out_dst[e]
            old = setof.get(c, EMPTY)
            ident = out_ident[e]
            new = union(old, sj) if ident < 0 else add(old, ident)
            if new != old:
                setof[c] = new
                if c not in queued:
                    queued.add(c)
                    work.append(c)
        if len(work) > max_stack:
            max_stack = len(work)

    # --- expansion: every node takes its head's set
    join_set = np.zeros(n, dtype=np.int32)
    if setof:
        keys = np.fromiter(setof.keys(), dtype=np.int64, count=len(setof))
        vals = np.fromiter(setof.values(), dtype=np.int32, count=len(setof))
        join_set[keys] = vals
    node_set = np.where(head >= 0, join_set[np.maximum(head, 0)], EMPTY).astype(np.int32)

    sizes = set_sizes(sets)
    node_size = sizes[node_set]
    visits = int(node_size[src].sum()) + len(roots)
    reachable = int(np.count_nonzero(node_set != EMPTY))
    return node_set, TraversalStats(reachable, visits, max_stack, len(jnodes))


def set_sizes(sets: RetainerSets) -> np.ndarray:
    """``sizes[id]`` = number of elements of each set (MANY = cap + 1, EMPTY = 0)."""
    out = np.fromiter((len(e) for e in sets.elements), dtype=np.int64, count=len(sets.elements))
    out[MANY] = sets.cap + 1
    return out
