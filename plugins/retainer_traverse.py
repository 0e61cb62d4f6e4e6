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
2. **Joins** (``solve_joins``). Each edge into a join object becomes an edge from the head of
   its source: a *plain* edge (source not a retainer) carries the source's set, a *retainer*
   edge carries the identity of the retainer once its source is reachable.
   a. Reachability: join objects with one way in are collapsed by pointer jumping again,
      the rest searched breadth-first (a numpy round per wide level).
   b. Constants: root identities and the identities on reachable retainer edges, grouped per
      object with numpy (one Python call per distinct set, not per object).
   c. Plain edges in rounds: an object whose sources are all final is final; each round is
      vectorised, with one ``union`` per distinct (set, set) pair. Narrow rounds and cycles
      finish in a Python work list (sets only grow and are capped by ``-R``, so each object
      is processed at most ``cap + 2`` times: linear for a fixed cap).
3. **Expansion** (numpy): every object takes the set of its head.

The ``visits`` statistic is what the seed's depth-first algorithm would count: one visit per
arrival at an object (per root entry, and per distinct retainer identity its parent passed
on), computed in closed form from the final sets.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

import numpy as np

from profkit import csgraph
from profkit.heap import HeapGraph

from .retainer_sets import EMPTY, MANY, RetainerSets


@dataclass
class TraversalStats:
    #: objects that got a retainer set (reachable from the roots)
    reachable: int
    #: arrivals at objects in the seed's algorithm (see the module docstring)
    visits: int
    #: most join objects waiting at once (a round, or the work list): profkit's auxiliary stack
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
    del indeg
    follower &= single_parent >= 0  # the one way in is an edge, not a root entry
    follower[follower] &= ~is_retainer[single_parent[follower]]
    is_join = ~follower
    labels = csgraph.weak_components() if n >= FOREST_MIN else None
    if labels is not None:
        return _forest_roots(n, src, dst, follower, single_parent, is_join, labels), is_join
    head = np.arange(n, dtype=np.int64)
    fidx = np.flatnonzero(follower)
    up = single_parent[fidx]
    head[fidx] = up
    # pointer jumping: after k rounds head[i] is 2**k steps up (or a join, a fixed point);
    # only the followers' heads move (a join is its own head), so the rounds work on them
    for _ in range(max(1, int(n).bit_length() + 1)):
        nxt = head[up]
        if np.array_equal(nxt, up):
            break
        up = nxt
        head[fidx] = up
    head[~is_join[head]] = -1  # still on a follower: a cycle no edge enters
    return head, is_join


#: from this many nodes, follower heads come from scipy's compiled component labelling
FOREST_MIN = 1 << 12


def _forest_roots(n: int, src: np.ndarray, dst: np.ndarray, follower: np.ndarray,
                  parent: np.ndarray, is_join: np.ndarray, labels: Any) -> np.ndarray:
    """The heads of ``follower_heads`` in linear time: the edges into followers (one each,
    from its parent) make a forest whose roots are joins, plus cycles of followers that
    nothing enters. A weakly connected component of it holds at most one join (each node
    has at most one edge in, a join none), and every node of a component shares its
    join as head; a component without one is such a cycle and what hangs from it (-1)."""
    into = follower[dst]
    fs = src[into]
    out_idx = dst[into]
    del into
    if len(fs) > 1 and bool((fs[1:] < fs[:-1]).any()):  # (rows: edges grouped by source)
        order = np.argsort(fs, kind="stable")
        fs, out_idx = fs[order], out_idx[order]
        del order
    out_ptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(fs, minlength=n), out=out_ptr[1:])
    del fs
    in_ptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(follower, out=in_ptr[1:])
    lab = labels(n, out_idx, out_ptr, parent[follower], in_ptr)
    del out_idx, out_ptr, in_ptr
    jnodes = np.flatnonzero(is_join)
    root_of = np.full(n, -1, dtype=np.int64)  # (labels are below n)
    root_of[lab[jnodes]] = jnodes
    return root_of[lab]


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
    # (a backend's graph may come with its edges' sources, and with the knowledge that the
    # roots reach every node: census_graph.RowsGraph)
    src = getattr(graph, "edge_src", None)
    if src is None or len(src) != len(targets):
        src = edge_sources(offsets, len(targets))
    else:
        src = np.asarray(src, dtype=np.int64)
    head, is_join = follower_heads(n, src, targets, roots, is_retainer)

    # --- the join graph: edges into join nodes from the heads of their sources, over
    # compact join indices
    jnodes = np.flatnonzero(is_join)
    compact = np.full(n, -1, dtype=np.int64)
    compact[jnodes] = np.arange(len(jnodes))
    into_join = is_join[targets]
    e_from = src[into_join]
    e_src = head[e_from]
    ed = targets[into_join]
    live = e_src >= 0
    if not live.all():
        e_from, e_src, ed = e_from[live], e_src[live], ed[live]
    es = compact[e_src]
    ed = compact[ed]
    eret = is_retainer[e_from]
    eident = identity[e_from]
    croots = compact[roots]
    # (the temporaries of an n- or edge-sized int64 each go before the search: kept, they
    # were most of a -hr census's peak memory)
    del compact, into_join, e_from, e_src, live, identity
    jval, max_stack = solve_joins(len(jnodes), es, ed, eret, eident, croots,
                                  root_identity, sets,
                                  all_reachable=bool(getattr(graph, "all_reachable", False)))
    del es, ed, eret, eident, croots

    # --- expansion: every node takes its head's set
    join_set = np.zeros(n, dtype=np.int32)
    join_set[jnodes] = jval
    if (head >= 0).all():
        node_set = join_set[head]
    else:
        node_set = np.where(head >= 0, join_set[np.maximum(head, 0)], EMPTY).astype(np.int32)

    sizes = set_sizes(sets)
    node_size = sizes[node_set]
    if len(targets) == offsets[-1]:  # a visit per edge: out-degree times the source's size
        visits = int(np.dot(np.diff(offsets), node_size)) + len(roots)
    else:
        visits = int(node_size[src].sum()) + len(roots)
    reachable = int(np.count_nonzero(node_set != EMPTY))
    return node_set, TraversalStats(reachable, visits, max_stack, len(jnodes))


#: below this many nodes per round, vectorised rounds cost more than a Python loop
ROUND_MIN = 256


def _gather(offsets: np.ndarray, nodes: np.ndarray) -> np.ndarray:
    """Indices of the CSR edges leaving ``nodes``, concatenated."""
    starts = offsets[nodes]
    lens = offsets[nodes + 1] - starts
    total = int(lens.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    shift = np.repeat(starts - (np.cumsum(lens) - lens), lens)
    return shift + np.arange(total, dtype=np.int64)


def _csr(n: int, src: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(offsets, order): edges sorted by source."""
    order = np.argsort(src, kind="stable")
    offsets = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(src, minlength=n), out=offsets[1:])
    return offsets, order


def reachable_from(n: int, src: np.ndarray, dst: np.ndarray, start: np.ndarray) -> np.ndarray:
    """Which of ``n`` nodes are reachable from ``start``. Nodes with a single way in share
    their parent's answer (pointer jumping, as for followers); among the others the search
    is breadth-first, a vectorised round per level while levels are wide, then a Python loop
    for the narrow remainder."""
    if n == 0:
        return np.zeros(0, dtype=bool)
    head, is_head = follower_heads(n, src, dst, start, np.zeros(n, dtype=bool))
    hs = head[src]
    keep = (hs >= 0) & is_head[dst]
    hsrc, hdst = hs[keep], dst[keep]
    offsets, order = _csr(n, hsrc)
    tgt = hdst[order]
    seen = np.zeros(n, dtype=bool)
    stamp = np.zeros(n, dtype=np.int64)
    frontier = sorted_distinct(start, n)
    seen[frontier] = True
    off_l = tg_l = None
    while len(frontier):
        width = len(frontier) + int((offsets[frontier + 1] - offsets[frontier]).sum())
        if width >= ROUND_MIN:
            kids = tgt[_gather(offsets, frontier)]
            kids = _distinct(kids[~seen[kids]], stamp)
            seen[kids] = True
            frontier = kids
            continue
        if off_l is None:
            off_l, tg_l = offsets.tolist(), tgt.tolist()
        nxt = []
        for v in frontier.tolist():
            for e in range(off_l[v], off_l[v + 1]):
                c = tg_l[e]
                if not seen[c]:
                    seen[c] = True
                    nxt.append(c)
        frontier = np.asarray(nxt, dtype=np.int64)
    return np.where(head >= 0, seen[np.maximum(head, 0)], False)


def _distinct(values: np.ndarray, stamp: np.ndarray) -> np.ndarray:
    """``values`` without repeats (order kept), in linear time; ``stamp`` is scratch space
    indexed by value."""
    pos = np.arange(len(values), dtype=np.int64)
    stamp[values] = pos
    return values[stamp[values] == pos]


def _unique_pairs(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Distinct (a, b) pairs of ints (``a`` >= 0), sorted by a then b, and the inverse map.
    Where ``b`` has few distinct values and ``a`` is dense (join nodes, set ids), through a
    mask of every possible pair (no sort of the pairs)."""
    if len(b):
        got = _dense_pairs(a, b)
        if got is not None:
            return got
    lo = int(b.min()) if len(b) else 0
    base = int(b.max()) - lo + 1 if len(b) else 1
    key = a.astype(np.int64) * base + (b.astype(np.int64) - lo)
    uniq, inv = np.unique(key, return_inverse=True)
    return uniq // base, uniq % base + lo, inv.ravel()


def _dense_pairs(a: np.ndarray, b: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """``_unique_pairs`` through a mask, or None where the mask would be too large."""
    lo = int(b.min())
    span_b = int(b.max()) - lo + 1
    if span_b > max(1 << 16, 4 * len(b)):
        return None
    present = np.flatnonzero(np.bincount(b - lo, minlength=span_b))
    nb = len(present)
    span = (int(a.max()) + 1) * nb
    if span > max(1 << 20, 16 * len(a)):
        return None
    code = np.zeros(span_b, dtype=np.int64)
    code[present] = np.arange(nb)
    key = a.astype(np.int64) * nb + code[b - lo]  # ordered as (a, b): codes keep b's order
    mask = np.zeros(span, dtype=bool)
    mask[key] = True
    uniq = np.flatnonzero(mask)
    return uniq // nb, present[uniq % nb] + lo, np.searchsorted(uniq, key)


def sorted_distinct(values: np.ndarray, n: int) -> np.ndarray:
    """``np.unique(values)`` for values in ``0..n-1``: through a mask of ``n`` flags when
    there are enough values to pay for it (no sort, no hash)."""
    if 8 * len(values) < n:
        return np.unique(values)
    mask = np.zeros(n, dtype=bool)
    mask[values] = True
    return np.flatnonzero(mask)


def _singleton_lut(sets: RetainerSets, idents: np.ndarray) -> np.ndarray:
    """Set ids of the singletons of ``idents`` (one Python call per distinct identity, in
    ascending order: sets are created in that order)."""
    if not len(idents):
        return np.zeros(0, dtype=np.int64)
    lo, hi = int(idents.min()), int(idents.max())
    if hi - lo < max(1 << 16, 4 * len(idents)):  # stack ids: small, a look-up table
        rel = idents - lo
        present = np.flatnonzero(np.bincount(rel, minlength=hi - lo + 1))
        lut = np.zeros(hi - lo + 1, dtype=np.int64)
        lut[present] = [sets.singleton(int(i) + lo) for i in present.tolist()]
        return lut[rel]
    uniq, inv = np.unique(idents, return_inverse=True)
    ids = np.array([sets.singleton(int(i)) for i in uniq.tolist()], dtype=np.int64)
    return ids[inv]


def _union_pairs(sets: RetainerSets, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Element-wise set unions (one Python call per distinct pair)."""
    if len(a) == 0:
        return a
    base = int(max(a.max(), b.max())) + 1
    if base * base <= 1 << 22:
        # set ids are small: find the pairs present with one bincount, no sort
        key = a * base + b
        present = np.flatnonzero(np.bincount(key, minlength=base * base))
        lut = np.zeros(base * base, dtype=np.int64)
        lut[present] = [sets.union(int(k) // base, int(k) % base) for k in present.tolist()]
        return lut[key]
    ua, ub, inv = _unique_pairs(a, b)
    out = np.array([sets.union(x, y) for x, y in zip(ua.tolist(), ub.tolist())],
                   dtype=np.int64)
    return out[inv]


def solve_joins(
    nj: int, es: np.ndarray, ed: np.ndarray, eret: np.ndarray, eident: np.ndarray,
    rnode: np.ndarray, rident: np.ndarray, sets: RetainerSets, all_reachable: bool = False,
) -> tuple[np.ndarray, int]:
    """Retainer sets of the join nodes: ``(set id per join node, largest work list)``.

    Edges ``es -> ed`` carry the source's set (plain) or, when ``eret``, the identity
    ``eident`` of the retainer they leave, provided their source is reachable (every node
    is, if ``all_reachable``: no search)."""
    reach = np.ones(nj, dtype=bool) if all_reachable else reachable_from(nj, es, ed, rnode)
    # constants: root identities, and identities of retainers on reachable edges
    live_ret = eret & reach[es]
    cn = np.concatenate([rnode, ed[live_ret]])
    ci = np.concatenate([rident.astype(np.int64), eident[live_ret]])
    val = np.zeros(nj, dtype=np.int64)
    if len(cn):
        count = np.bincount(cn, minlength=nj)
        one = count[cn] == 1  # most nodes: one constant, a singleton set
        del count
        val[cn[one]] = _singleton_lut(sets, ci[one])
        if not one.all():
            # several constants: add them rank by rank (the k-th distinct identity of every
            # such node at once), one Python call per distinct (set, identity) pair
            node, ident, _ = _unique_pairs(cn[~one], ci[~one])
            start = np.ones(len(node), dtype=bool)
            start[1:] = node[1:] != node[:-1]
            pos = np.arange(len(node))
            rank = pos - np.maximum.accumulate(np.where(start, pos, 0))
            for r in range(int(rank.max()) + 1):
                sel = rank == r
                nd = node[sel]
                ua, ub, inv = _unique_pairs(val[nd], ident[sel])
                out = [sets.add(a, b) for a, b in zip(ua.tolist(), ub.tolist())]
                val[nd] = np.asarray(out, dtype=np.int64)[inv]
        del one
    del live_ret, cn, ci
    # plain edges, propagated in rounds: a node is final once all its sources are
    plain = ~eret & reach[es]
    ps, pd = es[plain], ed[plain]
    del plain, reach
    offsets, order = _csr(nj, ps)
    pd_sorted = pd[order]
    ps_sorted = ps[order]
    del order, ps
    stamp = np.zeros(nj, dtype=np.int64)  # (scratch, indexed by node)
    pending = np.bincount(pd, minlength=nj)
    del pd
    done = np.zeros(nj, dtype=bool)
    ready = np.flatnonzero(pending == 0)
    max_stack = len(ready)
    while len(ready) and (
            len(ready) + int((offsets[ready + 1] - offsets[ready]).sum()) >= ROUND_MIN):
        done[ready] = True
        idx = _gather(offsets, ready)
        dst = pd_sorted[idx]
        sv = val[ps_sorted[idx]]
        np.subtract.at(pending, dst, 1)
        keep = sv != EMPTY
        dst, sv = dst[keep], sv[keep]
        if len(dst) and len(_distinct(dst, stamp)) == len(dst):
            # one edge per destination (most rounds): one rank; ``_union_pairs`` makes its
            # sets in the order of the distinct pairs, whatever the edges' order
            val[dst] = _union_pairs(sets, val[dst], sv)
        elif len(dst):
            o = np.argsort(dst, kind="stable")
            dst, sv = dst[o], sv[o]
            grp_start = np.ones(len(dst), dtype=bool)
            grp_start[1:] = dst[1:] != dst[:-1]
            pos = np.arange(len(dst))
            rank = pos - np.maximum.accumulate(np.where(grp_start, pos, 0))
            for r in range(int(rank.max()) + 1):
                sel = rank == r  # at most one edge per destination
                d = dst[sel]
                val[d] = _union_pairs(sets, val[d], sv[sel])
        cand = sorted_distinct(pd_sorted[idx], nj)
        ready = cand[(pending[cand] == 0) & ~done[cand]]
        max_stack = max(max_stack, len(ready))
    # the rest (narrow levels, cycles): a Python work list over plain edges
    rest = np.flatnonzero(~done)
    if len(rest):
        off, tgt = offsets.tolist(), pd_sorted.tolist()
        v = val.tolist()
        union = sets.union
        work = deque(rest.tolist())
        queued = set(work)
        max_stack = max(max_stack, len(work))
        while work:
            j = work.popleft()
            queued.discard(j)
            sj = v[j]
            if sj == EMPTY:
                continue
            for e in range(off[j], off[j + 1]):
                c = tgt[e]
                old = v[c]
                new = union(old, sj)
                if new != old:
                    v[c] = new
                    if c not in queued:
                        queued.add(c)
                        work.append(c)
            if len(work) > max_stack:
                max_stack = len(work)
        val = np.asarray(v, dtype=np.int64)
    return val.astype(np.int32), int(max_stack)


def set_sizes(sets: RetainerSets) -> np.ndarray:
    """``sizes[id]`` = number of elements of each set (MANY = cap + 1, EMPTY = 0)."""
    out = np.fromiter((len(e) for e in sets.elements), dtype=np.int64, count=len(sets.elements))
    out[MANY] = sets.cap + 1
    return out
