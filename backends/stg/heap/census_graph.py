"""The census's heap graph (retainer profiling) from the edge tracer's rows, not from a trace
of the whole heap object by object.

``gc.StgHeapModel._graph_trace`` walks every live object in Python at every census and
records its pointers: a second per census for a heap of half a million objects. The edge
tracer (``oldgraph.OldGraph``) already holds every live object's pointers once a major
collection is done: the old generation's rows, kept up to date through updates and
blackholes, and the young generation's, recorded by that collection's young trace. So the
graph is their rows, read with numpy:

* a live object's edges are its row, in field order (as the object trace records them): a
  thunk's row starts with its spare slot (left out), a blackhole's slots are all spare (it
  has no edges), and an edge into an updated thunk goes on to its value (the first slot of
  the indirection's row, hop by hop), as the object trace follows indirections;
* the root entries are the roots listed by ``roots_fn`` with their identities, through
  indirections; a static root's heap children are entries with that root's identity (the
  runtime heap's holders, ``rts_heap.py``). At a census the machine lists the stack
  frames' heap objects as the ids of its root cache (one ``HeapIdRoots``), not object by
  object, and only the few others as objects (``MachineRoots._census_listing``).

Where the object trace's graph depends on the order of its depth-first walk, the rows
cannot give it: a static object reached *from the heap* whose fields lead to the heap (a
top-level constructor holding an evaluated CAF) makes its heap children root entries with
the identity of whichever root's walk reached it first. The rows leave statics out, but the
young trace lists every static an object points at that may lead to the heap
(``OldGraph.static_refs``); when one of those leads to the heap now, ``from_rows`` returns
None and the census uses the object trace. Root entries are a multiset here (the retainer
computation does not depend on their order); edges are in the object trace's order.
``PROFKIT_CHECK_TRACE=1`` compares the two graphs at every census.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from profkit import csgraph
from profkit.heap import HeapGraph
from profkit.kinds import ObjKind

from .heapobj import Thunk
from .oldgraph import _children, may_hold_heap

#: longest chain of indirections followed with numpy (then the object trace is used)
MAX_HOPS = 64


@dataclass
class RowsGraph(HeapGraph):
    """A census graph from the rows, with what its construction already knows: every
    edge's source node (``edge_src``, aligned with ``targets``), and that every node is
    reachable from the root entries (the nodes are the objects the census's trace marked
    from the same roots, through the same edges), which the retainer computation then need
    not search for. ``CHECK_TRACE`` verifies the second."""

    edge_src: np.ndarray | None = None
    all_reachable: bool = False


def retainer_columns(header: Any, infos: Any, live: np.ndarray
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(kinds, is_retainer, identity)`` of the live objects: a thunk is a retainer, its
    identity the stack that built it."""
    kinds = (infos["kind"][header.gather("info", live)] if len(live)
             else np.zeros(0, np.int8))
    is_ret = kinds == int(ObjKind.THUNK)
    identity = np.where(is_ret, header.gather("producer", live), -1).astype(np.int32)
    return kinds, is_ret, identity


def _value(x: Any) -> Any:
    while type(x) is Thunk and x.val is not None:
        x = x.val
    return x


class _Statics:
    """Which static objects lead to a heap object now (through other statics), memoised
    for one census."""

    def __init__(self) -> None:
        self.memo: dict[int, bool] = {}

    def leads_to_heap(self, s: Any) -> bool:
        got = self.memo.get(id(s))
        if got is not None:
            return got
        seen = {id(s)}
        todo = [s]
        found = False
        while todo and not found:
            for f in _children(todo.pop()):
                f = _value(f)
                i = getattr(f, "id", None)
                if i is None:
                    continue
                if i >= 0 or self.memo.get(id(f)):
                    found = True
                    break
                if id(f) not in seen and may_hold_heap(f):
                    seen.add(id(f))
                    todo.append(f)
        self.memo[id(s)] = found
        return found


class HeapIdRoots:
    """Root entries given as heap ids, all with one identity: the machine's root cache of
    the stack frames not listed object by object (``MachineRoots.gc_roots`` at a census,
    as the first pair ``(HeapIdRoots, None)``). Only ``from_rows`` reads these; an object
    trace that met one would take it for an object, so reading its ``id`` fails loudly."""

    __slots__ = ("ids", "identity")

    def __init__(self, ids: np.ndarray, identity: int) -> None:
        self.ids = ids
        self.identity = identity

    @property
    def id(self) -> int:
        raise TypeError("a compact root listing (HeapIdRoots) given to an object trace")


def _root_entries(pairs: list, statics: _Statics) -> tuple[np.ndarray, np.ndarray] | None:
    """``(ids, identities)`` of the root entries, or None if a static root's static child
    leads to the heap (its entries would depend on the walk's order)."""
    ids: list[int] = []
    idents: list[int] = []
    seen: set[int] = set()
    bulk_ids: list[np.ndarray] = []
    bulk_idents: list[np.ndarray] = []
    for f, ident in pairs:
        if type(f) is HeapIdRoots:
            bulk_ids.append(np.asarray(f.ids, dtype=np.int64))
            bulk_idents.append(np.full(len(f.ids), f.identity, dtype=np.int32))
            continue
        while type(f) is Thunk and f.val is not None:  # (inlined: a call per root cost)
            f = f.val
        i = getattr(f, "id", None)
        if i is None:
            continue
        if i >= 0:
            ids.append(i)
            idents.append(ident)
            continue
        if id(f) in seen:
            continue
        seen.add(id(f))
        for c in _children(f):
            c = _value(c)
            k = getattr(c, "id", None)
            if k is None:
                continue
            if k >= 0:
                ids.append(k)
                idents.append(ident)
            elif may_hold_heap(c) and statics.leads_to_heap(c):
                return None
    out_ids = np.asarray(ids, dtype=np.int64)
    out_idents = np.asarray(idents, dtype=np.int32)
    if bulk_ids:
        out_ids = np.concatenate([out_ids, *bulk_ids])
        out_idents = np.concatenate([out_idents, *bulk_idents])
    return out_ids, out_idents


def root_entries(pairs: list) -> tuple[np.ndarray, np.ndarray] | None:
    """The root entries of a root listing, sorted (a multiset: the retainer computation
    does not depend on their order), or None where only the object trace gives them."""
    got = _root_entries(pairs, _Statics())
    if got is None:
        return None
    ids, idents = got
    order = np.lexsort((idents, ids))
    return ids[order], idents[order]


def from_edges(header: Any, tables: Any, live: np.ndarray, g: dict) -> HeapGraph:
    """The census graph of the ``live`` ids (sorted) from the object trace's edges
    (``StgHeapModel._graph_trace``: ``g["src"]``, ``g["dst"]``, ``g["roots"]``)."""
    src = np.frombuffer(g["src"], dtype=np.int64)
    dst = np.frombuffer(g["dst"], dtype=np.int64)
    pos_src = np.searchsorted(live, src)
    pos_dst = np.searchsorted(live, dst)
    order = np.argsort(pos_src, kind="stable")
    counts = np.bincount(pos_src, minlength=len(live))
    offsets = np.zeros(len(live) + 1, dtype=np.int64)
    np.cumsum(counts, out=offsets[1:])
    roots = np.array([r for r, _ in g["roots"]], dtype=np.int64)
    idents = np.array([k for _, k in g["roots"]], dtype=np.int32)
    _, is_ret, identity = retainer_columns(header, tables.infos.columns(), live)
    return HeapGraph(
        offsets=offsets,
        targets=pos_dst[order].astype(np.int64),
        roots=np.searchsorted(live, roots).astype(np.int64),
        root_identity=idents,
        is_retainer=is_ret,
        identity=identity,
    )


def from_rows(fast: Any, header: Any, tables: Any, live: np.ndarray, dead: bytearray,
              pairs: list, check: bool = False) -> HeapGraph | None:
    """The census graph of the ``live`` ids (sorted) from the rows of ``fast`` (an
    ``OldGraph`` right after a census's major collection), or None where only the object
    trace gives it. ``pairs`` are the roots as ``roots_fn`` lists them."""
    infos = tables.infos.columns()
    statics = _Statics()
    if fast.static_refs and not _check_refs(fast, header, infos, dead, statics):
        return None
    got = _root_entries(pairs, statics)
    if got is None:
        return None
    root_ids, root_idents = got
    kinds, is_ret, identity = retainer_columns(header, infos, live)
    rows = fast.rows
    ip = fast.indptr.arr  # (int32, read at live ids only: no copy of every row's)
    tg = fast.targets.arr[:fast.nnz]
    # (row positions and ids as int32, as the rows hold them, and every temporary dropped
    # once used: object- and edge-sized int64 arrays side by side were most of a -hr
    # census's peak, more than the graph it builds)
    starts = ip[live]
    ends = ip[1:][live]
    starts += kinds == int(ObjKind.THUNK)  # the spare slot
    bh = kinds == int(ObjKind.BLACKHOLE)
    starts[bh] = ends[bh]
    del bh
    lens = ends - starts
    np.maximum(lens, 0, out=lens)
    del ends
    first = np.cumsum(lens, dtype=np.int64)  # each row's first edge among all
    total = int(first[-1]) if len(first) else 0
    first -= lens
    np.subtract(starts, first, out=first)  # a row's start less its first edge's number
    del starts
    idx = np.repeat(first.astype(np.int32), lens)
    del first
    idx += np.arange(total, dtype=np.int32)
    dst = tg[idx]
    del idx
    src = np.repeat(np.arange(len(live), dtype=np.int64), lens)
    del lens
    posmap = np.full(max(rows, 1), -1, dtype=np.int32)  # id -> position in live
    posmap[live] = np.arange(len(live), dtype=np.int32)
    pos = posmap[dst]
    bad = pos < 0
    if bad.any():  # into indirections: on to their values
        sub = _through_indirections(dst[bad].astype(np.int64), posmap, ip, tg, header, infos)
        if sub is None:
            return None
        pos[bad] = sub
        if (sub < 0).any():  # an indirection to a static value: no edge
            keep = pos >= 0
            src, pos = src[keep], pos[keep]
    del dst, bad
    pos = pos.astype(np.int64)
    counts = np.bincount(src, minlength=len(live))
    offsets = np.zeros(len(live) + 1, dtype=np.int64)
    np.cumsum(counts, out=offsets[1:])
    roots = root_ids
    rpos = (posmap[roots].astype(np.int64) if len(roots) and int(roots.max()) < len(posmap)
            else _positions(live, roots))
    if (rpos < 0).any():  # pragma: no cover - a root that is not live: never seen
        return None
    graph = RowsGraph(offsets=offsets, targets=pos, roots=rpos, root_identity=root_idents,
                      is_retainer=is_ret, identity=identity, edge_src=src, all_reachable=True)
    if check:  # the collector's CHECK_TRACE: what the rows' graph claims is verified
        if not every_node_reachable(graph):
            raise AssertionError("census graph from the rows has nodes the roots do not reach")
        if not np.array_equal(src, np.repeat(np.arange(len(live)), np.diff(offsets))):
            raise AssertionError("census graph from the rows: edge sources out of order")
    return graph


def every_node_reachable(g: HeapGraph) -> bool:
    """Whether a search from the root entries over the edges reaches every node (scipy's
    breadth-first search, from an extra node whose edges are the root entries)."""
    n = len(g.offsets) - 1
    if n <= 0:
        return True
    loaded = csgraph.load()
    if loaded is None:  # pragma: no cover - the rows are read only with scipy
        return True
    csr_matrix, breadth_first_order = loaded
    roots = np.unique(np.asarray(g.roots, dtype=np.int64))
    indptr = np.concatenate([np.asarray(g.offsets, dtype=np.int64),
                             [int(g.offsets[-1]) + len(roots)]])
    indices = np.concatenate([np.asarray(g.targets, dtype=np.int64), roots])
    m = csr_matrix((np.ones(len(indices), dtype=np.int8), indices, indptr), shape=(n + 1, n + 1))
    order = breadth_first_order(m, n, directed=True, return_predecessors=False)
    return len(order) == n + 1


def _check_refs(fast: Any, header: Any, infos: Any, dead: bytearray,
                statics: _Statics) -> bool:
    """Prune ``fast.static_refs`` to the live objects' and the indirections' (dead ones
    included: a live object's row may still point at one until the next rebuild); False
    if a static among them leads to the heap now."""
    refs = fast.static_refs
    ks = np.fromiter((k for k, _ in refs), dtype=np.int64, count=len(refs))
    keep = np.frombuffer(dead, dtype=np.uint8)[ks] == 0
    if not keep.all():
        keep[~keep] = _is_ind(header, infos, ks[~keep])
    fast.static_refs = [r for r, k in zip(refs, keep.tolist()) if k]
    checked: set[int] = set()
    for _, obj in fast.static_refs:
        if id(obj) not in checked:
            checked.add(id(obj))
            if statics.leads_to_heap(obj):
                return False
    return True


def _through_indirections(t: np.ndarray, posmap: np.ndarray, ip: np.ndarray, tg: np.ndarray,
                          header: Any, infos: Any) -> np.ndarray | None:
    """The positions (``posmap``: id -> position among the live objects, -1 if dead) of
    the values of indirections ``t`` (hop by hop through the first slot of their rows), -1
    for a static value (no edge); None if a target is not an indirection or a chain is
    longer than ``MAX_HOPS``."""
    t = t.copy()
    out = np.full(len(t), -1, dtype=np.int64)
    active = np.arange(len(t))
    last = max(len(tg) - 1, 0)
    for _ in range(MAX_HOPS):
        cur = t[active]
        if not _is_ind(header, infos, cur).all():
            return None
        s0 = ip[cur]
        has = ip[cur + 1] > s0
        nxt = np.where(has, tg[np.minimum(s0, last)] if len(tg) else cur, cur).astype(np.int64)
        p = posmap[nxt]
        found = p >= 0
        out[active[found]] = p[found]
        t[active] = nxt
        active = active[~found & (nxt != cur)]
        if not len(active):
            return out
    return None


def _positions(live: np.ndarray, ids: np.ndarray) -> np.ndarray:
    """Each id's position in ``live`` (sorted), -1 where it is not there."""
    if not len(live):
        return np.full(len(ids), -1, dtype=np.int64)
    p = np.searchsorted(live, ids)
    p = np.minimum(p, len(live) - 1)
    return np.where(live[p] == ids, p, -1)


def _is_ind(header: Any, infos: Any, ids: Any) -> Any:
    """Whether each object's current info is an indirection (a scalar for an int)."""
    a = np.atleast_1d(np.asarray(ids, dtype=np.int64))
    out = infos["kind"][header.gather("info", a)] == int(ObjKind.IND)
    return bool(out[0]) if np.ndim(ids) == 0 else out


def same_graph(a: HeapGraph, b: HeapGraph) -> str:
    """'' if the graphs are the same (root entries as a multiset), else what differs."""
    for name in ("offsets", "targets", "is_retainer", "identity"):
        x, y = np.asarray(getattr(a, name)), np.asarray(getattr(b, name))
        if x.shape != y.shape or not np.array_equal(x, y):
            k = np.flatnonzero(x != y)[:4] if x.shape == y.shape else "length"
            return f"{name} differ ({len(x)} and {len(y)} long; at {k})"
    ra = np.lexsort((np.asarray(a.root_identity), np.asarray(a.roots)))
    rb = np.lexsort((np.asarray(b.root_identity), np.asarray(b.roots)))
    if (len(ra) != len(rb)
            or not np.array_equal(np.asarray(a.roots)[ra], np.asarray(b.roots)[rb])
            or not np.array_equal(np.asarray(a.root_identity)[ra],
                                  np.asarray(b.root_identity)[rb])):
        return f"root entries differ ({len(ra)} and {len(rb)})"
    return ""
