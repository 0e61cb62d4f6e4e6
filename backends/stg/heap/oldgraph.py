"""The old generation's pointers as a persistent CSR graph indexed by object id, searched in
C: major collections and censuses whose Python cost follows the *young* heap.

A census is a major collection, and tracing a large live heap object by object in Python
costs about a microsecond per object: a program that keeps a million-element list alive
spent over a second per census. But the old generation hardly changes between collections
in a functional heap: constructors, functions and partial applications never change after
they are built, and a thunk changes in exactly two ways, both visible without a trace:

* *entered* (under evaluation): its free variables are dropped, and the header's state
  column says BLACKHOLE;
* *updated*: it becomes an indirection to its value; the machine's write barrier puts every
  updated old thunk in the remembered set, and the header's state says IND.

So when an object is promoted its pointers are recorded once, as its row of a CSR graph
over object ids (``indptr``/``targets``, int32, rows appended in id order at every
collection: promoted objects are always the highest ids). A thunk's row has one spare slot,
so a change is an overwrite in place: a blackhole's slots all point at itself, an updated
thunk's first slot at its value and the rest at itself (a self-loop never changes what a
search reaches). A major collection then traces only the young objects in Python (from the
roots, as a minor collection does), collecting the old objects they reach, and marks
everything old reachable from those with a breadth-first search over the graph (scipy's
``breadth_first_order`` on views of the arrays: no copy, no conversion), repeated if an
updated old thunk that was reached points back into the young generation. Small graphs are
searched in Python while their searches add up to less than scipy's import. Marks are
exactly those of the object-by-object trace (updated thunks are transparent in both: an
indirection is never marked, its value is), which ``PROFKIT_CHECK_TRACE=1`` verifies.

Rows of dead objects stay until the graph is rebuilt (``compact``: when they are most of
it, or when the header is compacted, ``renumber``); a dead indirection's row is what live
objects that still point at it pass through until then.

Used only when scipy is installed (the ``fast`` extra). A census that needs the heap graph
(retainer profiling) reads it from these rows (``census_graph``).
"""

from __future__ import annotations

from array import array
from typing import Any, Callable, Iterable

import numpy as np

from profkit import csgraph
from profkit.kinds import ObjKind

from .heapobj import CON_TYPES, Box, Fun, Pap, Thunk, heap_types
from .objtrace import past_indirections
from .rowbuf import _Buf, _children, may_hold_heap, search_py  # noqa: F401  (census_graph's)

#: graphs with fewer edges than this are searched in Python (no scipy import) ...
SCIPY_MIN_EDGES = 20_000
#: ... until the Python searches were given this many edges in all (scipy loads in 0.07 s)
PY_SEARCH_EDGES = 200_000
#: a repeated search (from the old objects a reached thunk's young value points at) is done
#: in Python while it visits at most this many new objects, else in C
PY_SEARCH_BUDGET = 4_000
#: a search's start row goes after the edges; more starts than fit there are searched in
#: parts of at least this many (``csgraph.reach_in_parts``)
SEARCH_ROOM_MIN = 1 << 16
#: rows a rebuild (``OldGraph._rebuild``) moves per step
REBUILD_ROWS = 1 << 16

csr_matrix = breadth_first_order = None


def available() -> bool:
    """Whether scipy is installed (without importing it)."""
    return csgraph.available()


def _have_scipy() -> bool:
    global csr_matrix, breadth_first_order
    loaded = csgraph.load()
    if loaded is not None:
        csr_matrix, breadth_first_order = loaded
    return loaded is not None


class OldGraph:
    """The promoted objects' pointers, and the young trace that keeps them up to date."""

    def __init__(self, header: Any, tables: Any) -> None:
        self.header = header
        self.tables = tables
        self.indptr = _Buf()
        self.indptr.extend(np.zeros(1, dtype=np.int32))
        self.targets = _Buf()
        self.collection = 0
        self.searches_c = 0  # breadth-first searches done by scipy (the rest in Python)
        self.py_edges = 0  # edges of the graphs searched first in Python
        self._one = np.ones(1)
        self._nnz_rebuilt = 0  # edges after the last rebuild (``compact``)
        #: the rows ``_blackholes`` filled (by id; reset when a rebuild renumbers)
        self._bh_done = np.zeros(0, dtype=bool)
        # the edges recorded by the current collection's young trace: for each object
        # traced, ~id (negative) then the ids it points at (one append per edge)
        self._edges = array("i")
        #: (id, static object) for every static that may lead to the heap (a CAF, a static
        #: constructor with fields: ``may_hold_heap``) which an object's recorded pointers
        #: leave out: a heap object's field, or an updated thunk's value. The rows hold heap
        #: ids only; the census graph (``census_graph``) checks these to know when the rows
        #: alone give the object trace's graph. An unevaluated CAF is listed in every run:
        #: once evaluated it may stop being a root (``machine/cafsrt.py``), and its value is
        #: then reached only through such holders (``major`` follows them)
        self.static_refs: list[tuple[int, Any]] = []
        #: whether to keep ``static_refs`` of every kind (only censuses that build the heap
        #: graph read them)
        self.keep_static_refs = False

    @property
    def rows(self) -> int:
        """Ids ``0..rows-1`` have a row (every id below the nursery after a collection)."""
        return self.indptr.n - 1

    @property
    def nnz(self) -> int:
        return self.targets.n

    # ------------------------------------------------------------------ the young trace
    def trace_young(self, marked: bytearray, lo: int, n: int, todo: Iterable[Any],
                    old_targets: array | None = None,
                    statics_seen: set[int] | None = None,
                    record: array | None = None) -> None:
        """Mark the young objects (ids in [lo, n)) reachable from ``todo``, recording the
        edges of every object marked (a thunk's with a spare self-loop); old ids reached go
        to ``old_targets`` when given. ``record`` gets the id of each of ``todo`` through
        indirections (-1 for what is not a heap object), for the machine's root cache."""
        add = self._edges.append
        refs = self.static_refs if self.keep_static_refs else None
        caf_ref = self.static_refs.append  # (an unevaluated CAF's holder, kept always)
        seen = statics_seen if statics_seen is not None else set()
        stack: list[Any] = []
        push, pop = stack.append, stack.pop
        heap = heap_types()
        cur = -1
        todo = list(todo)
        if record is not None:  # the roots, each id recorded (no edges: cur is -1)
            rec = record.append
            for f in todo:
                while type(f) is Thunk and f.val is not None:
                    f = f.val
                if type(f) not in heap:
                    rec(-1)
                    continue
                i = f.id
                rec(i)
                if i < 0:
                    if id(f) not in seen:
                        seen.add(id(f))
                        push(f)
                elif i < lo:
                    if old_targets is not None:
                        old_targets.append(i)
                elif i < n and not marked[i]:
                    marked[i] = 1
                    if type(f) is not Box:
                        push(f)
            todo = []
        ot = old_targets.append if old_targets is not None else None
        con = None  # the constructor whose fields ``todo`` are
        while True:
            if cur < 0:  # the roots' or a static object's: no edges recorded
                for f in todo:
                    tf = type(f)
                    if tf is Thunk and f.val is not None:  # an indirection
                        f = f.val
                        while type(f) is Thunk and f.val is not None:
                            f = f.val
                        tf = type(f)
                    if tf not in heap:
                        continue
                    i = f.id
                    if i < 0:  # static: its children are traced, its edges not recorded
                        if id(f) not in seen:
                            seen.add(id(f))
                            push(f)
                    elif i < lo:
                        if ot is not None:
                            ot(i)
                    elif i < n and not marked[i]:
                        marked[i] = 1
                        if tf is not Box:  # (a box has no pointers)
                            push(f)
            else:  # a heap object's: each pointer is an edge of its row
                for f in todo:
                    tf = type(f)
                    if tf is Thunk and f.val is not None:  # an indirection
                        if con is not None:  # short-cut in the field (``objtrace``)
                            past_indirections(con)
                            con = None
                        f = f.val
                        while type(f) is Thunk and f.val is not None:
                            f = f.val
                        tf = type(f)
                    if tf not in heap:
                        continue
                    i = f.id
                    if i < 0:
                        if tf is Thunk or (refs is not None and (
                                (tf in CON_TYPES and tf.arity) or tf is Pap
                                or (tf is Fun and f.fv))):
                            caf_ref((cur, f))
                        if id(f) not in seen:
                            seen.add(id(f))
                            push(f)
                        continue
                    add(i)
                    if i < lo:
                        if ot is not None:
                            ot(i)
                    elif i < n and not marked[i]:
                        marked[i] = 1
                        if tf is not Box:
                            push(f)
            if not stack:
                return
            x = pop()
            cur = x.id
            t = type(x)
            con = None
            if t in CON_TYPES:
                if cur >= 0:
                    add(~cur)  # the edges that follow are this object's
                todo = x.fields
                con = x
            elif t is Thunk:
                if cur >= 0:
                    add(~cur)
                    add(cur)  # the spare slot an update or a blackhole overwrites
                v = x.val
                todo = (v,) if v is not None else (x.fv or ())
            else:
                if cur >= 0:
                    add(~cur)
                if t is Fun:
                    todo = x.fv
                elif t is Pap:
                    todo = [x.fun, *x.args]
                else:
                    todo = ()

    def _append_rows(self, n: int) -> None:
        """Rows for ids ``rows..n-1`` from the edges the young trace recorded (sources not
        marked have empty rows)."""
        base = self.rows
        e = np.frombuffer(self._edges, dtype=np.int32)
        head = e < 0
        src = (~e[head])[np.cumsum(head)[~head] - 1]  # each edge's object: the last head
        dst = e[~head]
        if n > base:
            if len(src):
                order = np.argsort(src, kind="stable")
                counts = np.bincount(src - base, minlength=n - base)
                self.targets.extend(dst[order].astype(np.int32))
                ptr = np.cumsum(counts, dtype=np.int64) + self.indptr.arr[base]
                self.indptr.extend(ptr.astype(np.int32))
            else:
                self.indptr.extend(np.full(n - base, self.indptr.arr[base], dtype=np.int32))
        del src, dst, head, e
        self._edges = array("i")

    # ------------------------------------------------------------------ rows in place
    def _fill_rows(self, ids: np.ndarray) -> None:
        """Every slot of the rows ``ids`` points at its own row (no edge)."""
        if not len(ids):
            return
        ip = self.indptr.arr
        starts = ip[ids].astype(np.int64)
        lens = ip[ids + 1].astype(np.int64) - starts
        total = int(lens.sum())
        if not total:
            return
        row = np.repeat(ids.astype(np.int32), lens)
        first = np.repeat(starts - np.concatenate(([0], np.cumsum(lens)[:-1])), lens)
        self.targets.arr[first + np.arange(total)] = row

    def _set_rows(self, tids: list[int], to: list[int]) -> None:
        """Rows ``tids`` (updated thunks) point at ``to`` (nowhere where ``to < 0``)."""
        if not tids:
            return
        ids = np.array(tids, dtype=np.int64)
        self._fill_rows(ids)
        val = np.array(to, dtype=np.int64)
        has = val >= 0
        if has.any():
            ip = self.indptr.arr
            at = ip[ids[has]].astype(np.int64)
            if (ip[ids[has] + 1] <= at).any():  # pragma: no cover - a broken invariant
                raise AssertionError("an old thunk has no slot for its value")
            self.targets.arr[at] = val[has]

    def _blackholes(self, lo: int) -> None:
        """Old thunks under evaluation lose their edges (their free variables moved to the
        stack)."""
        bh = self._state_is(lo, ObjKind.BLACKHOLE)
        if bh is None:
            return
        done = self._bh_done  # rows filled at an earlier major collection: they stay so
        if len(done) < len(bh):  # (an update refills a row for its value, never to edges)
            done = self._bh_done = np.concatenate(
                [done, np.zeros(max(len(bh), 2 * len(done)) - len(done), dtype=bool)])
        new = np.greater(bh, done[:len(bh)])
        self._fill_rows(np.flatnonzero(new))
        done[:len(bh)] |= new

    @staticmethod
    def _value(t: Any) -> Any:
        v = t.val
        while type(v) is Thunk and v.val is not None:
            v = v.val
        return v

    # ------------------------------------------------------------------ collections
    def minor(self, marked: bytearray, lo: int, n: int, roots: Iterable[Any],
              remembered: list[Any]) -> None:
        """A minor collection's marks (young only, remembered thunks' values as roots)."""
        self.collection += 1
        self._check_rows(lo)
        todo = list(roots)
        tids, to = [], []
        tid_add, to_add, todo_add = tids.append, to.append, todo.append
        heap = heap_types()
        keep_refs = self.keep_static_refs
        for t in remembered:  # (``_value`` inlined: one pass per updated thunk)
            tid = t.id
            tid_add(tid)
            v = t.val
            if v is None:
                to_add(-1)
                todo.extend(_children(t))
                continue
            if type(t) is Thunk:  # (``_children``)
                todo_add(v)
            else:  # a MutVar: its fields
                todo.extend(_children(t))
            while type(v) is Thunk and v.val is not None:
                v = v.val
            i = v.id if type(v) in heap else -1
            to_add(i if i >= 0 else -1)
            if type(v) in heap and i < 0 and (type(v) is Thunk
                                              or keep_refs and may_hold_heap(v)):
                self.static_refs.append((tid, v))
        self._set_rows(tids, to)
        done = getattr(roots, "ids_seen", None)
        rec = array("i") if done is not None else None
        self.trace_young(marked, lo, n, todo, record=rec)
        if done is not None:
            done(rec)
        self._append_rows(n)

    def major(self, marked: bytearray, lo: int, n: int, roots: Iterable[Any],
              remembered: list[Any], dead: bytearray,
              old_roots: np.ndarray | None = None,
              more: Callable[[bytearray], list] | None = None) -> None:
        """A major collection's marks: young objects traced here, old ones by the search
        over the rows. ``dead`` is the collector's dead flags (not yet updated for this
        collection). ``more(marked)``: further roots once the marks are complete (CAFs a
        reached closure keeps: machine/cafsrt.py), traced in turn, until it gives none."""
        self.collection += 1
        self._check_rows(lo)
        self._blackholes(lo)
        statics: set[int] = set()
        targets = array("i")  # (read by numpy without a conversion per id)
        # updated old thunks: an old value is an edge now; a young or static one is
        # followed only if the search reaches the thunk
        ptid: list[int] = []  # (the thunk, a value or child to follow if it is reached)
        pval: list[Any] = []
        tids, to = [], []
        tid_add, to_add, ptid_add, pval_add = tids.append, to.append, ptid.append, pval.append
        heap = heap_types()
        keep_refs = self.keep_static_refs
        for t in remembered:  # (``_value`` inlined: one pass per updated thunk)
            tid = t.id
            tid_add(tid)
            v = t.val
            if v is None:
                to_add(-1)
                kids = list(_children(t))
                ptid.extend([tid] * len(kids))
                pval.extend(kids)
                continue
            while type(v) is Thunk and v.val is not None:
                v = v.val
            if type(v) not in heap:
                to_add(-1)
                continue
            i = v.id
            if 0 <= i < lo:
                to_add(i)
            else:
                to_add(-1)
                ptid_add(tid)
                pval_add(v)
                if i < 0 and (type(v) is Thunk or keep_refs and may_hold_heap(v)):
                    self.static_refs.append((tid, v))
        self._set_rows(tids, to)
        # a CAF evaluated since an old object's row was recorded: the row has no edge to its
        # value (the CAF was a static then); followed if the search reaches the holder
        for k, obj in self.static_refs:
            if type(obj) is Thunk and obj.val is not None and k < lo:
                ptid_add(k)
                pval_add(obj)
        done = getattr(roots, "ids_seen", None)
        rec = array("i") if done is not None else None
        self.trace_young(marked, lo, n, roots, old_targets=targets, statics_seen=statics,
                         record=rec)
        if done is not None:
            done(rec)
        # the old ids' marks, searched in place (nothing old is marked before the search)
        reached = np.frombuffer(marked, dtype=np.bool_)[:lo]
        first: Any = targets
        if old_roots is not None and len(old_roots):
            first = np.concatenate([old_roots, np.frombuffer(targets, dtype=np.int32)])
        self._search(first, reached, initial=True)
        young_values: list[tuple[int, int]] = []
        while True:
            while ptid:
                # which thunks the search reached, at once (a young trace marks no old id,
                # so ``reached`` does not change in the loop over them)
                hit = reached[np.array(ptid, dtype=np.int64)]
                got = np.flatnonzero(hit).tolist()
                if not got:
                    break
                targets = array("i")
                for k in got:
                    tid, v = ptid[k], pval[k]
                    i = getattr(v, "id", -1)
                    if i >= 0:
                        young_values.append((tid, i))
                    self.trace_young(marked, lo, n, [v], old_targets=targets,
                                     statics_seen=statics)
                rest = np.flatnonzero(~hit).tolist()
                ptid = [ptid[k] for k in rest]
                pval = [pval[k] for k in rest]
                if not self._search(targets, reached):
                    break  # (it runs in either case: it marks what the values reach)
            extra = more(marked) if more is not None else None
            if not extra:
                break
            targets = array("i")
            self.trace_young(marked, lo, n, extra, old_targets=targets, statics_seen=statics)
            self._search(targets, reached)
        self._append_rows(n)
        # the young values of reached thunks are promoted now: edges
        self._set_rows([t for t, _ in young_values], [i for _, i in young_values])
        ind = self._state_is(lo, ObjKind.IND)
        if ind is not None:  # an indirection is never marked, its value is: r & ~ind
            r = reached[:len(ind)]
            np.greater(r, ind, out=r)

    def _check_rows(self, lo: int) -> None:
        if self.rows != lo:  # pragma: no cover - a broken invariant
            raise AssertionError(f"old graph has {self.rows} rows, old generation {lo} ids")

    # ------------------------------------------------------------------ search
    def _search(self, starts: Any, reached: np.ndarray, initial: bool = False) -> bool:
        """Mark in ``reached`` every row reachable from the ids ``starts``; whether any
        was not reached before."""
        if not len(starts):
            return False
        start = np.asarray(starts, dtype=np.int32)
        start = start[~reached[start]]
        if not len(start):
            return False
        budget = SCIPY_MIN_EDGES if initial else PY_SEARCH_BUDGET
        if initial and (self.nnz >= budget or self.py_edges >= PY_SEARCH_EDGES) and _have_scipy():
            self._search_c(start, reached)
            return True
        self.py_edges += self.nnz if initial else 0
        if not self._search_py(start, reached, budget):
            if _have_scipy():
                self._search_c(start, reached)
            else:  # pragma: no cover - scipy absent: the model does not use this graph
                self._search_py(start, reached, None)
        return True

    def _search_py(self, start: np.ndarray, reached: np.ndarray, budget: int | None) -> bool:
        """Breadth-first in Python; False (``reached`` untouched) past ``budget`` rows."""
        return search_py(self.indptr.arr, self.targets.arr, start, reached, budget)

    def _search_c(self, start: np.ndarray, reached: np.ndarray) -> None:
        """Breadth-first with scipy over views of the rows, plus one extra row (the search's
        start) pointing at ``start``."""
        self.searches_c += 1
        rows, nnz = self.rows, self.nnz
        self.indptr.reserve(1)
        if len(start) > len(self.targets.arr) - nnz and csgraph.light_search():
            # (more starts than fit after the edges, as a deep stack's frames are: searched
            # in parts; growing the edges for them was a copy of every edge at a census, the
            # highest point of mean_leak -hc's memory)
            self.targets.reserve(min(len(start), SEARCH_ROOM_MIN))
            reached |= csgraph.reach_in_parts(self.targets.arr, self.indptr.arr[:rows + 2],
                                              nnz, start)
            return
        self.targets.reserve(len(start))
        tg, ip = self.targets.arr, self.indptr.arr
        tg[nnz:nnz + len(start)] = start
        ip[rows + 1] = nnz + len(start)
        m = nnz + len(start)
        # the search reads no edge weights: one 1.0 seen m times (a zero-stride view), not
        # an array of m float64 (it was the old graph's largest array)
        ones = np.lib.stride_tricks.as_strided(self._one, shape=(m,), strides=(0,))
        g = csr_matrix((ones, tg[:m], ip[:rows + 2]), shape=(rows + 1, rows + 1))
        # every node the search reached has a predecessor (the start row has none): one
        # pass over the predecessors, not a scatter of the search's order into ``reached``
        pred = breadth_first_order(g, rows, directed=True, return_predecessors=True)[1]
        reached |= pred[:rows] >= 0

    # ------------------------------------------------------------------ rebuilding
    def compact(self, dead: bytearray) -> None:
        """After a major collection: once the rows of dead objects hold most of the edges,
        rebuild the graph with the live objects' rows only (ids unchanged)."""
        rows = self.rows
        if self.nnz < max(1 << 16, 2 * self._nnz_rebuilt) or not rows:
            return
        self._nnz_rebuilt = self.nnz  # checked again once the graph has doubled
        d = np.frombuffer(dead, dtype=np.uint8)[:rows]
        # (int32 row lengths summed where live: 5 bytes a row; int64 copies were 25, at
        # every census once the graph has grown, the largest of its temporaries)
        deg = np.diff(self.indptr.arr[:rows + 1])
        live_edges = int(deg.sum(dtype=np.int64, where=d == 0))
        del deg
        if 2 * live_edges > self.nnz:
            return
        self._rebuild(d, None)

    def renumber(self, kept: np.ndarray, dead: bytearray) -> None:
        """The header was compacted: old id ``kept[k]`` is now ``k`` (``kept`` are the live
        ids; ``dead`` the dead flags before the compaction)."""
        d = np.frombuffer(dead, dtype=np.uint8)[:self.rows]
        self._rebuild(d, np.asarray(kept, dtype=np.int64))
        self._bh_done = np.zeros(0, dtype=bool)

    def _rebuild(self, d: np.ndarray, kept: np.ndarray | None) -> None:
        """Keep the rows of live ids (``d == 0``); edges into dead indirections go where
        they pointed (their value, or nowhere), as the object trace follows indirections;
        renumber through ``kept`` if given. In place, ``REBUILD_ROWS`` rows at a time:
        rows and edges only move down (ids and edges are dropped, never added), so each
        step reads its rows before any write reaches them, and the temporaries follow a
        step, not the graph (a rebuild of the whole graph at once was the largest rise of
        a heap profile's peak memory)."""
        rows = self.rows
        ip, tg = self.indptr.arr, self.targets.arr
        dead_ind = np.zeros(rows, dtype=bool)  # dead indirections
        ind = self._state_is(rows, ObjKind.IND)
        if ind is not None:
            dead_ind[:len(ind)] = ind
            dead_ind &= d == 1
        nxt = None
        if dead_ind.any():
            nxt = np.arange(rows, dtype=np.int32)  # a dead indirection's value, or itself
            di = np.flatnonzero(dead_ind)
            has = ip[di + 1] > ip[di]
            nxt[di[has]] = tg[ip[di[has]]]
            del di, has
        moved: list[tuple[int, Any]] = []
        dead_refs: dict[int, list[Any]] | None = None
        w = out = 0  # edges and rows written
        start = 0  # the first edge of the next step's first row (read before any write)
        for r0 in range(0, rows, REBUILD_ROWS):
            r1 = min(rows, r0 + REBUILD_ROWS)
            seg = ip[r0:r1 + 1].astype(np.int64)
            seg[0] = start
            start = int(seg[-1])
            src = np.repeat(np.arange(r0, r1, dtype=np.int32), np.diff(seg))
            live = d[src] == 0
            src, dst = src[live], tg[int(seg[0]):start][live]  # (a copy: the writes overlap)
            del live, seg
            if nxt is not None:
                for _ in range(64):  # chains of indirections, each step one link
                    hop = dead_ind[dst] & (nxt[dst] != dst)
                    if not hop.any():
                        break
                    dst[hop] = nxt[dst[hop]]
                stuck = dead_ind[dst]  # an indirection to a static value: no edge
                if stuck.any():
                    if dead_refs is None:
                        dead_refs = self._dead_refs(d)
                    if dead_refs:
                        for a, b in zip(src[stuck].tolist(), dst[stuck].tolist()):
                            moved.extend((a, obj) for obj in dead_refs.get(b, ()))
                    src, dst = src[~stuck], dst[~stuck]
            counts = np.bincount(src - r0, minlength=r1 - r0)
            if kept is not None:
                k0, k1 = np.searchsorted(kept, (r0, r1))
                counts = counts[kept[k0:k1] - r0]
                dst = np.searchsorted(kept, dst).astype(np.int32)
            ip[out + 1:out + 1 + len(counts)] = w + np.cumsum(counts)
            tg[w:w + len(dst)] = dst
            w += len(dst)
            out += len(counts)
            del src, dst, counts
        self.static_refs += moved
        self._keep_refs(d, kept)
        self.indptr.n = out + 1
        self.targets.n = w
        self._nnz_rebuilt = self.nnz

    def _dead_refs(self, d: np.ndarray) -> dict[int, list[Any]]:
        """The static values (``static_refs``) of dead ids: edges into dead indirections to
        static values are dropped, and the static value each of those indirections had
        becomes the edge's source's."""
        dead: dict[int, list[Any]] = {}
        for k, obj in self.static_refs:
            if k < len(d) and d[k]:
                dead.setdefault(k, []).append(obj)
        return dead

    def _keep_refs(self, d: np.ndarray, kept: np.ndarray | None) -> None:
        """``static_refs`` of the live ids only, renumbered through ``kept`` if given."""
        refs = [(k, obj) for k, obj in self.static_refs if k < len(d) and not d[k]]
        if kept is not None and refs:
            ks = np.searchsorted(kept, np.fromiter((k for k, _ in refs), dtype=np.int64,
                                                   count=len(refs))).tolist()
            refs = [(k, obj) for k, (_, obj) in zip(ks, refs)]
        self.static_refs = refs

    # ------------------------------------------------------------------ helpers
    def _state_is(self, lo: int, kind: ObjKind) -> np.ndarray | None:
        """Whether each id below ``lo`` (as far as the lazily grown state column reaches)
        is of ``kind`` now; None when none can be."""
        h = self.header
        if not hasattr(h, "state_codes") or not len(h.state):
            return None
        codes = self._codes_of(kind)
        if not len(codes):
            return None
        st = np.frombuffer(h.state, dtype=np.uint8)[:lo]
        return st == codes[0] if len(codes) == 1 else np.isin(st, codes)

    def _codes_of(self, kind: ObjKind) -> np.ndarray:
        """The header's state codes whose current info is of ``kind``."""
        kinds = self.tables.infos.columns()["kind"]
        return np.array([c for c, info in enumerate(self.header.state_info)
                         if info >= 0 and kinds[info] == int(kind)], dtype=np.uint8)

    def _is_state(self, ids: np.ndarray, kind: ObjKind) -> np.ndarray:
        """Whether each object's current info (header state) is of ``kind``."""
        if not hasattr(self.header, "state_codes"):
            return np.zeros(len(ids), dtype=bool)
        codes = self._codes_of(kind)
        if not len(codes):
            return np.zeros(len(ids), dtype=bool)
        st = self.header.state_codes(ids)
        return st == codes[0] if len(codes) == 1 else np.isin(st, codes)
