"""The old generation's pointers as numpy edge lists, traced in C: major collections and
censuses whose cost follows the *young* heap in Python.

A census is a major collection, and tracing a large live heap object by object in Python
costs about a microsecond per object: a program that keeps a million-element list alive
spent over a second per census. But the old generation hardly changes between collections
in a functional heap: constructors, functions and partial applications never change after
they are built, and a thunk changes in exactly two ways, both visible without a trace:

* *entered* (under evaluation): its free variables are dropped, and the header's state
  column says BLACKHOLE;
* *updated*: it becomes an indirection to its value; the machine's write barrier puts every
  updated old thunk in the remembered set, and the header's state says IND.

So when an object is promoted its pointers are recorded once, as (source id, target id)
edges; an updated old thunk gets new edges (to its value) stamped with the collection that
recorded them, superseding the old ones; edges of blackholes are ignored. A major collection
then traces only the young objects in Python (from the roots, as a minor collection does),
collecting the old objects they reach, and marks everything old reachable from those with a
breadth-first search over a CSR matrix of the old edges (``scipy.sparse.csgraph``), repeated
if an updated old thunk that was reached points back into the young generation. Marks are
exactly those of the object-by-object trace (updated thunks are transparent in both: an
indirection is never marked, its value is), which ``PROFKIT_CHECK_TRACE=1`` verifies at every
collection.

Used only when scipy is installed (the ``fast`` extra) and no scheme needs the heap graph
(retainer profiling keeps the object-by-object trace, which records every edge anyway).
"""

from __future__ import annotations

from array import array
from typing import Any, Iterable

import numpy as np

from profkit.kinds import ObjKind

from .heapobj import Con, Fun, Pap, Thunk

try:  # the C breadth-first search; without it the collector traces object by object
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import breadth_first_order
except ImportError:  # pragma: no cover - exercised where scipy is absent
    csr_matrix = breadth_first_order = None


def available() -> bool:
    return breadth_first_order is not None


def _children(x: Any) -> Iterable[Any]:
    t = type(x)
    if t is Con:
        return x.fields
    if t is Thunk:
        v = x.val
        return (v,) if v is not None else (x.fv or ())
    if t is Fun:
        return x.fv
    if t is Pap:
        return [x.fun, *x.args]
    return ()


class OldGraph:
    """Edges of the promoted objects, and the young trace that keeps them up to date."""

    def __init__(self, header: Any, tables: Any) -> None:
        self.header = header
        self.tables = tables
        self.src = array("q")
        self.dst = array("q")
        self.stamp = array("i")  # the collection that recorded the edge
        self.latest: dict[int, int] = {}  # updated old thunk -> stamp of its current edges
        self.collection = 0

    # ------------------------------------------------------------------ the young trace
    def trace_young(self, marked: bytearray, lo: int, n: int, todo: Iterable[Any],
                    sources: Iterable[Any] = (), old_targets: list[int] | None = None,
                    statics_seen: set[int] | None = None) -> None:
        """Mark the young objects (ids in [lo, n)) reachable from ``todo`` and from the
        children of ``sources`` (old thunks of the remembered set, whose edges are recorded
        anew), recording the edges of every object marked; old ids reached go to
        ``old_targets`` when given."""
        src, dst, stamp = self.src, self.dst, self.stamp
        k = self.collection
        seen = statics_seen if statics_seen is not None else set()
        stack: list[Any] = []
        push, pop = stack.append, stack.pop
        for t in sources:
            self.latest[t.id] = k
            stack.append(t)
        cur = -1
        todo = list(todo)
        while True:
            for f in todo:
                while type(f) is Thunk and f.val is not None:
                    f = f.val
                i = getattr(f, "id", None)
                if i is None:
                    continue
                if i < 0:  # static: its children are traced, its edges not recorded
                    if id(f) not in seen:
                        seen.add(id(f))
                        push(f)
                    continue
                if cur >= 0:
                    src.append(cur)
                    dst.append(i)
                    stamp.append(k)
                if i < lo:
                    if old_targets is not None:
                        old_targets.append(i)
                elif i < n and not marked[i]:
                    marked[i] = 1
                    push(f)
            if not stack:
                return
            x = pop()
            cur = x.id
            todo = _children(x)

    # ------------------------------------------------------------------ collections
    def minor(self, marked: bytearray, lo: int, n: int, roots: Iterable[Any],
              remembered: list[Any]) -> None:
        """A minor collection's marks (young only, remembered thunks as roots)."""
        self.collection += 1
        self.trace_young(marked, lo, n, roots, sources=remembered)

    def major(self, marked: bytearray, lo: int, n: int, roots: Iterable[Any],
              remembered: list[Any], dead: bytearray,
              old_roots: np.ndarray | None = None) -> None:
        """A major collection's marks: young objects traced here, old ones by the search
        over the recorded edges. ``dead`` is the collector's dead flags (not yet updated
        for this collection)."""
        self.collection += 1
        k = self.collection
        statics: set[int] = set()
        targets: list[int] = []
        # updated old thunks get their new edges now; those pointing into the young
        # generation are followed only if the search reaches the thunk
        pending: list[tuple[int, Any]] = []
        for t in remembered:
            self.latest[t.id] = k
            v = t.val
            while type(v) is Thunk and v.val is not None:
                v = v.val
            i = getattr(v, "id", None)
            if i is None:
                continue
            if 0 <= i < lo:
                self.src.append(t.id)
                self.dst.append(i)
                self.stamp.append(k)
            elif i >= lo:
                pending.append((t.id, v))
            else:  # a static value: traced from here if the thunk is reached
                pending.append((t.id, v))
        self.trace_young(marked, lo, n, roots, old_targets=targets, statics_seen=statics)
        nodes = np.flatnonzero(np.frombuffer(dead, dtype=np.uint8)[:lo] == 0)
        csr, pos = self._matrix(nodes, lo)
        reached = np.zeros(len(nodes) + 1, dtype=bool)
        first: Any = targets
        if old_roots is not None and len(old_roots):
            first = np.concatenate([old_roots, np.asarray(targets, dtype=np.int64)])
        while True:
            new = self._search(csr, pos, first, reached)
            if new is None:
                break
            reached |= new
            targets = []
            first = targets
            still = []
            for tid, v in pending:
                p = pos[tid]
                if p >= 0 and reached[p]:
                    self.src.append(tid)  # noted for the edges kept after this collection
                    self.dst.append(getattr(v, "id", -1))
                    self.stamp.append(k)
                    self.trace_young(marked, lo, n, [v], old_targets=targets,
                                     statics_seen=statics)
                else:
                    still.append((tid, v))
            pending = still
            if not targets:
                break
        ids = nodes[np.flatnonzero(reached[:-1])]
        if len(ids):
            ids = ids[~self._is_state(ids, ObjKind.IND)]
            np.frombuffer(marked, dtype=np.uint8)[ids] = 1

    def compact(self, dead: bytearray) -> None:
        """After a major collection: keep only the current edges of live objects."""
        if not len(self.src):
            return
        src = np.frombuffer(self.src, dtype=np.int64)
        dst = np.frombuffer(self.dst, dtype=np.int64)
        stamp = np.frombuffer(self.stamp, dtype=np.int32)
        d = np.frombuffer(dead, dtype=np.uint8)
        current = self._current(src, stamp)
        # an updated thunk dies at the first major collection after its update, but live
        # objects still point at it: their edges now go where it pointed (its value), as
        # the object trace follows indirections
        ind = current & (d[src] == 1) & self._is_state(src, ObjKind.IND)
        if ind.any():
            via, to = src[ind], dst[ind]
            order = np.argsort(via)
            via, to = via[order], to[order]
            dst = dst.copy()
            for _ in range(64):  # chains of indirections, each step one link
                j = np.clip(np.searchsorted(via, dst), 0, len(via) - 1)
                hop = (via[j] == dst) & (dst >= 0)
                if not hop.any():
                    break
                dst[hop] = to[j[hop]]
            # an indirection to a static value has no edge: pointing at it is no edge
            gone = (d[np.maximum(dst, 0)] == 1) & self._is_state(np.maximum(dst, 0),
                                                                  ObjKind.IND)
            dst[gone] = -1
        keep = current & (d[src] == 0) & (dst >= 0)
        keep &= ~self._is_state(src, ObjKind.BLACKHOLE)
        self.latest = {t: s for t, s in self.latest.items() if not d[t]}
        self.src = array("q", src[keep].tobytes())
        self.dst = array("q", dst[keep].tobytes())
        self.stamp = array("i", stamp[keep].tobytes())

    def renumber(self, kept: np.ndarray) -> None:
        """The header was compacted (after ``compact``: every edge joins live objects):
        old id ``kept[k]`` is now ``k``."""
        if len(self.src):
            src = np.searchsorted(kept, np.frombuffer(self.src, dtype=np.int64))
            dst = np.searchsorted(kept, np.frombuffer(self.dst, dtype=np.int64))
            self.src = array("q", src.astype(np.int64).tobytes())
            self.dst = array("q", dst.astype(np.int64).tobytes())
        if self.latest:
            olds = np.fromiter(self.latest, dtype=np.int64, count=len(self.latest))
            news = np.searchsorted(kept, olds).tolist()
            self.latest = dict(zip(news, self.latest.values()))

    # ------------------------------------------------------------------ helpers
    def _is_state(self, ids: np.ndarray, kind: ObjKind) -> np.ndarray:
        """Whether each object's current info (header state) is of ``kind``."""
        if not hasattr(self.header, "state_codes"):
            return np.zeros(len(ids), dtype=bool)
        codes = self.header.state_codes(ids)
        kinds = self.tables.infos.columns()["kind"]
        info = np.array(self.header.state_info, dtype=np.int64)
        code_kind = np.where(info >= 0, kinds[np.maximum(info, 0)], -1)
        return code_kind[codes] == int(kind)

    def _current(self, src: np.ndarray, stamp: np.ndarray) -> np.ndarray:
        if not self.latest:
            return np.ones(len(src), dtype=bool)
        ts = np.fromiter(self.latest.keys(), dtype=np.int64, count=len(self.latest))
        ss = np.fromiter(self.latest.values(), dtype=np.int32, count=len(self.latest))
        order = np.argsort(ts)
        ts, ss = ts[order], ss[order]
        j = np.clip(np.searchsorted(ts, src), 0, len(ts) - 1)
        hit = ts[j] == src
        return ~hit | (stamp >= ss[j])

    def _matrix(self, nodes: np.ndarray, lo: int) -> tuple[Any, np.ndarray]:
        """The CSR matrix of the current old edges over ``nodes`` (plus one extra row, the
        search's start, filled per search) and the id -> row map."""
        pos = np.full(lo, -1, dtype=np.int64)
        pos[nodes] = np.arange(len(nodes), dtype=np.int64)
        src = np.frombuffer(self.src, dtype=np.int64)
        dst = np.frombuffer(self.dst, dtype=np.int64)
        stamp = np.frombuffer(self.stamp, dtype=np.int32)
        ok = (src < lo) & (dst >= 0) & (dst < lo)
        src, dst, stamp = src[ok], dst[ok], stamp[ok]
        ok = self._current(src, stamp) & ~self._is_state(src, ObjKind.BLACKHOLE)
        ps, pd = pos[src[ok]], pos[dst[ok]]
        ok = (ps >= 0) & (pd >= 0)
        return (ps[ok], pd[ok]), pos

    def _search(self, csr: tuple[np.ndarray, np.ndarray], pos: np.ndarray,
                targets: Any, reached: np.ndarray) -> np.ndarray | None:
        """Rows reachable from ``targets`` (old ids) not already ``reached``."""
        if not len(targets):
            return None
        start = pos[np.asarray(targets, dtype=np.int64)]
        pick = np.zeros(len(reached), dtype=bool)  # a mask: cheaper than np.unique here
        pick[start[start >= 0]] = True
        pick &= ~reached
        start = np.flatnonzero(pick)
        if not len(start):
            return None
        ps, pd = csr
        root = len(reached) - 1
        # edges out of already reached rows are not needed again
        live = ~reached[ps]
        rows = np.concatenate([ps[live], np.full(len(start), root, dtype=np.int64)])
        cols = np.concatenate([pd[live], start])
        order = np.argsort(rows, kind="stable")
        indptr = np.zeros(len(reached) + 1, dtype=np.int64)
        np.cumsum(np.bincount(rows, minlength=len(reached)), out=indptr[1:])
        g = csr_matrix((np.ones(len(rows), dtype=np.int8), cols[order], indptr),
                       shape=(len(reached), len(reached)))
        order_ = breadth_first_order(g, root, directed=True, return_predecessors=False)
        out = np.zeros(len(reached), dtype=bool)
        out[order_] = True
        out[root] = False
        return out & ~reached
