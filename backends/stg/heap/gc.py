"""A generational copying collector *model* for the STG machine's heap.

Python owns the memory of the machine's objects; this model decides what a real generational
copying collector (GHC's, with a nursery of ``-A`` bytes and ``-G`` generations) would find
live, copy and free, and reports it through core's events:

* **minor collections** when the nursery (objects allocated since the last collection) holds
  ``-A`` bytes: the live young objects are found from the roots and the *remembered set*
  (old thunks updated to point at young values: the write barrier, ``remember``), promoted to
  generation 1 (``copy`` rows 0 -> 1) and the rest die (``death`` rows);
* **major collections** when the old generation has grown past its limit (doubling after
  each major collection, as GHC's ``-F2``) and before every census: everything is traced,
  every live object is copied (``copy`` rows g -> min(g+1, G-1)), every unreachable object
  dies;
* **censuses** right after a major collection: a ``CensusView`` of exactly the live objects,
  with the heap graph when a scheme asked for it.

Indirections (updated thunks) are short-circuited as GHC's collector does: a reference to an
updated thunk is a reference to its value, so the indirection itself dies at the first
collection after its update. Static objects (id -1: top-level closures, CAFs, shared small
Ints) are never collected; an evaluated CAF is a root.

State per object id is two bytearrays (generation, dead flag), so deaths, copies and census
columns are computed with numpy over id ranges, not with a Python loop per object; the only
per-object Python work is the trace itself.
"""

from __future__ import annotations

import os
from array import array
from itertools import repeat
from typing import Any, Callable, Iterable

import numpy as np

from profkit.events import DEATH_DTYPE
from profkit.heap import CensusView, HeapGraph

from . import census_graph, oldgraph
from .heapobj import Thunk
from .objtrace import ObjectTrace
from .oldgraph import OldGraph
from .selectors import select as _select

#: ``PROFKIT_CHECK_TRACE=1``: every collection also runs the object-by-object trace and
#: fails if the marks differ (tests set it); ``PROFKIT_NO_FAST_TRACE=1`` never uses edges
CHECK_TRACE = os.environ.get("PROFKIT_CHECK_TRACE", "") not in ("", "0")
NO_FAST_TRACE = os.environ.get("PROFKIT_NO_FAST_TRACE", "") not in ("", "0")

#: roots_fn() yields (object, retainer identity) pairs: the identity is the StackTable id
#: that retainer profiling charges for what the root keeps alive (the stack's or the CAF's).
RootsFn = Callable[[], Iterable[tuple[Any, int]]]


#: objects renumbered per step by a header compaction (``StgHeapModel._compact``)
RENUMBER_STEP = 1 << 16
#: a generational compaction waits for this many times ``compact_base`` ids above it (it
#: traces only their survivors; 3 let the header and the old graph reach four rows a live
#: object between compactions: sort_heap -hc -i0.001 peaked at 167 MB with 3, 160 with 1)
YOUNG_RATIO = 1

class StgHeapModel(ObjectTrace):
    def __init__(
        self,
        session: Any,
        roots_fn: RootsFn,
        *,
        nursery_bytes: int = 1 << 20,
        generations: int = 2,
        word_bytes: int = 8,
    ) -> None:
        self.session = session
        self.header = session.header
        self.roots_fn = roots_fn
        self.generations = max(1, generations)
        self.nursery_words = max(64, nursery_bytes // word_bytes)
        self.gen = bytearray()  # generation of each object id
        self.dead = bytearray()  # 1 once the object died (or was never promoted)
        self.nursery_start = 0  # ids >= this were allocated since the last collection
        self.remembered: list[Any] = []
        self.old_words = 0
        self.old_limit = 4 * self.nursery_words
        self.collections = 0
        self.major_collections = 0
        self.words_copied = 0
        #: the old generation's edges (``oldgraph``), False until the first collection
        self.fast: OldGraph | None | bool = False
        #: set by the backend: () -> (old ids held by unchanged frames, other root objects),
        #: used at every collection when the edge tracer is on; and every root object
        self.split_roots_fn: Callable[[], tuple[np.ndarray, list]] | None = None
        self.full_roots_fn: Callable[[], list] | None = None
        #: the machine's CAF roots at a major collection (machine/cafsrt.py): before its
        #: trace, ``before_major()`` drops those no live code refers to, and leaves out
        #: those only closures refer to; during it ``caf_roots(marks)`` gives the values of
        #: those the closures reached keep (back among the roots; [] once none);
        #: ``after_major()`` the CAFs dropped
        self.before_major: Callable[[], None] | None = None
        self.caf_roots: Callable[[bytearray], list] | None = None
        self.after_major: Callable[[], list] | None = None
        #: the CAFs it dropped: evaluated, reached only through heap objects that point at
        #: them (which a generational compaction does not look into: ``_young_objects``)
        self.dropped_cafs: list[Any] = []
        #: header compaction (``_compact``): off when 0; else at a major collection once
        #: this many ids exist and at least three quarters of them are dead (compaction
        #: traces the live heap: the rule keeps its cost below a third of a dead id's
        #: allocation). ``renumber_fn(kept)`` lets the machine renumber what it keeps by id
        #: (set by the backend).
        self.compact_min = 0
        self.renumber_fn: Callable[[np.ndarray], None] | None = None
        self.compactions = 0
        self.generational_compactions = 0
        #: ids below this were numbered by the last compaction: a generational one keeps
        #: them as they are (dead ones included) and renumbers only the ids above
        self.compact_base = 0
        #: thunks with ids below ``compact_base`` updated since the last compaction (up to
        #: the last collection: ``remembered`` has the newer ones): the only old objects that
        #: can point at an object allocated since (``_young_objects``)
        self.remembered_old: list[Any] = []
        #: of those, the thunks a collection found updated to a live object that is not a
        #: thunk (``_prune_remembered_old``), with that object's id and whether it is still
        #: live: such a value changes only by dying, which a gather of the dead flags tells
        self._rold_stable: list[Any] = []
        self._rold_ids = np.zeros(0, dtype=np.int64)
        self._rold_alive = np.zeros(0, dtype=bool)
        #: the live ids after the last major collection (``_account``)
        self._live = np.zeros(0, dtype=np.int64)
        #: selector thunks the machine allocated since the last collection (``select``
        #: lists each one), those from before still unevaluated and live (a minor
        #: collection does not look at them), and the machine's callback for those short-cut
        self.selectors: list[Any] = []
        self.old_selectors: list[Any] = []
        self.select = self.selectors.append
        self.short_cut_fn: Callable[[list[int]], None] | None = None
        #: ids a census leaves out although live (the thunks GHC's stack squeeze makes
        #: indirections: machine/squeeze.py), read after the census's compaction
        self.census_hidden_fn: Callable[[], list[int]] | None = None
        #: called as each collection starts (GHC's threadPaused: machine/squeeze.py)
        self.pause_fn: Callable[[], None] | None = None
        self.selectors_short_cut = 0
        #: censuses whose heap graph came from the object trace, not the tracer's rows
        self.graph_fallbacks = 0
        #: (nursery_start, ids counted, words) of ``young_words``'s last answer
        self._young = (-1, 0, 0)

    # ------------------------------------------------------------------ machine interface
    def remember(self, thunk: Any) -> None:
        """Write barrier: an old thunk was updated and may now point at a young object
        (those below ``compact_base`` join ``remembered_old`` at the next collection)."""
        if 0 <= thunk.id < self.nursery_start:
            self.remembered.append(thunk)

    def object_traces_only(self) -> None:
        """Trace object by object from now on: an old object changed in more than the one
        slot an edge tracer's row can have overwritten (a boxed mutable array written after
        its promotion: machine/prims_st.py). Its writes go to the remembered set."""
        self.fast = None

    def young_words(self) -> int:
        """The words allocated since the last collection (the machine asks every few
        thousand steps): the sum over the ids added since it last asked, added to what it
        had then (an object's size never changes; a collection or a compaction moves
        ``nursery_start``, which starts the sum again)."""
        h = self.header
        n = len(h)
        start, upto, words = self._young
        if start != self.nursery_start or upto > n:
            start = upto = self.nursery_start
            words = 0
        if n > upto:
            words += int(h.slice("size_words", upto, n).sum(dtype=np.int64))
        self._young = (start, n, words)
        if CHECK_TRACE:
            full = int(h.slice("size_words", self.nursery_start, n).sum(dtype=np.int64))
            if full != words:
                raise AssertionError(f"young words: {words} summed as the ids came, {full} "
                                     f"over the nursery")
        return words

    def _grow(self) -> int:
        n = len(self.header)
        if len(self.gen) < n:
            extra = n - len(self.gen)
            self.gen.extend(bytes(extra))
            self.dead.extend(bytes(extra))
        return n

    # ------------------------------------------------------------------ collections
    def collect(self, major: bool = False) -> None:
        """Collect the nursery (and, if ``major`` or the old generation is full, all)."""
        n = self._grow()
        if not major and self.old_words > self.old_limit:
            major = True
        top = self.generations - 1 if major else 0
        s = self.session
        if self.pause_fn is not None:
            self.pause_fn()
        if major and self.before_major is not None:
            self.before_major()
        self._short_cut_selectors(major)
        s.gc_start(top, major)
        marked = self._trace(n, major, graph=None)
        if major and self.after_major is not None:
            self.dropped_cafs.extend(self.after_major())
        self._account(n, marked, major)
        self._prune_selectors(major)
        self._prune_remembered_old(n)
        if major and self.fast:
            self.fast.compact(self.dead)
        self.nursery_start = n
        self.remembered = []
        self.collections += 1
        if major:
            self.major_collections += 1
            self.old_limit = max(4 * self.nursery_words, 2 * self.old_words)
        s.gc_end(top, major)
        if major:
            self._compact(n)

    def census(self, time: float) -> CensusView:
        """A major collection followed by a census view of the live heap."""
        n = self._grow()
        s = self.session
        top = self.generations - 1
        if self.before_major is not None:
            self.before_major()
        self._short_cut_selectors(True)
        s.gc_start(top, True)
        fast = self._fast() if s.needs_graph else None
        graph_edges: dict | None = {} if s.needs_graph and fast is None else None
        marked = self._trace(n, True, graph=graph_edges)
        if self.after_major is not None:
            self.dropped_cafs.extend(self.after_major())
        # the roots with their identities, for the graph from the edge tracer's rows (listed
        # after the trace: the tracer's root listing must come first, see gc_root_split)
        pairs = list(self.roots_fn()) if fast is not None else None
        self._account(n, marked, True)
        self._prune_selectors(True)
        self._prune_remembered_old(n)
        if self.fast:
            self.fast.compact(self.dead)
        self.nursery_start = n
        self.remembered = []
        self.collections += 1
        self.major_collections += 1
        self.old_limit = max(4 * self.nursery_words, 2 * self.old_words)
        s.gc_end(top, True)
        live = self._live.astype(np.int64, copy=False)
        # the graph names objects by their position in ``live``, which a compaction keeps
        graph = None
        if graph_edges is not None:
            graph = census_graph.from_edges(s.header, s.tables, live, graph_edges)
        elif pairs is not None:
            graph = self._rows_graph(n, live, pairs)
        if self._compact(n) != n:
            live = self._live.astype(np.int64, copy=False)  # their new ids
        if self.generations <= 2:  # a major collection left every survivor in the top one
            gen = np.full(len(live), self.generations - 1, dtype=np.int8)
        else:
            gen = np.frombuffer(self.gen, dtype=np.uint8)[live].astype(np.int8)
        if graph is None and self.census_hidden_fn is not None:
            hide = self.census_hidden_fn()
            if hide:
                keep = ~np.isin(live, np.asarray(hide, dtype=np.int64))
                live, gen = live[keep], gen[keep]
        view = CensusView(time=time, era=s.era, obj=live, gen=gen, tables=s.tables,
                          header=s.header, word_bytes=s.word_bytes)
        if graph is not None:
            view.graph = graph
        return view

    def kill_all(self) -> None:
        """End of the run: every object still live dies (GHC's LdvCensusKillAll)."""
        n = self._grow()
        dead = np.frombuffer(self.dead, dtype=np.uint8)[:n]
        ids = np.flatnonzero(dead == 0)
        self._deaths(ids)
        self.dead[:n] = b"\x01" * n

    # ------------------------------------------------------------------ selector thunks
    def _short_cut_selectors(self, major: bool) -> None:
        """Before a collection's trace, as GHC's collector evaluates selector thunks
        (Evac.c's eval_thunk_selector; Wadler, "Fixing some space leaks with a garbage
        collector", 1987): every listed selector thunk in the generations collected whose
        selectee is now a constructor (through indirections, and through other selector
        thunks, up to ``SELECTOR_DEPTH`` deep) and whose selected field is a value becomes
        an indirection to that value, so the trace follows it there and the constructor
        can die (``words``' and ``span``'s pairs holding the rest of a list). A field that
        is itself unevaluated leaves the thunk as it is. Dead thunks among them are
        short-cut too (it changes nothing: they stay dead); none is used or entered."""
        lo = 0 if major else self.nursery_start
        dead = self.dead
        done: list[Any] = []
        for sels in (self.selectors, self.old_selectors) if major else (self.selectors,):
            for t in sels:
                if t.fv is not None and t.id >= lo and not dead[t.id]:
                    _select(t, lo, 0, done)
        if not done:
            return
        self.selectors_short_cut += len(done)
        ns = self.nursery_start
        for t in done:
            if t.id < ns:  # an old thunk changed: the write barrier's case
                self.remember(t)
        if self.short_cut_fn is not None:
            self.short_cut_fn([t.id for t in done])

    def _prune_selectors(self, major: bool) -> None:
        """After a collection's accounting (before a compaction renumbers the live ones):
        the young list's thunks still unevaluated and live join the old list, which a major
        collection prunes of the thunks that died, were entered or short-cut."""
        dead = self.dead
        young = [t for t in self.selectors if t.fv is not None and not dead[t.id]]
        del self.selectors[:]  # (in place: the machine holds its append)
        if major:
            self.old_selectors = [t for t in self.old_selectors
                                  if t.fv is not None and not dead[t.id]]
        self.old_selectors += young

    # ------------------------------------------------------------------ compaction
    def _compact(self, n: int) -> int:
        """After a major collection: if at least three quarters of the ``n`` ids are dead
        (and there are ``compact_min`` of them), or of the ids allocated since the last
        compaction (and there are ``max(compact_min, YOUNG_RATIO * compact_base)`` of those),
        renumber, so that the header, this model's columns and the schemes' per-object
        state follow the live heap, not everything ever allocated. A *generational*
        compaction keeps the ids below ``compact_base`` as they are (the dead among them
        too, while they are at most half) and renumbers only the live ones above, in their
        order, which it finds without tracing the older objects: a large long-lived
        structure is traced once, not at every compaction. A full one renumbers the live
        objects ``0..L-1``. Returns the number of ids now in use."""
        cmin = self.compact_min
        if not cmin or n < cmin:
            return n
        live = self._live.astype(np.int64, copy=False)  # the major collection's survivors
        base = self.compact_base
        young = live[np.searchsorted(live, base):]
        due_young = n - base >= max(cmin, YOUNG_RATIO * base) and 4 * len(young) <= n - base
        if not (due_young or 4 * len(live) <= n) or not self.session.can_renumber():
            return n
        holes = base - (len(live) - len(young))
        kept = None
        if base and due_young and 2 * holes <= base:
            got = array("q")  # (their ids, as the trace read them)
            objs = self._young_objects(n, base, got)
            ids = np.frombuffer(got, dtype=np.int64)
            if len(ids) == len(young) and np.array_equal(np.sort(ids), young):
                kept = np.concatenate([np.arange(base, dtype=np.int64), young])
                self.generational_compactions += 1
            elif CHECK_TRACE:
                raise AssertionError(f"generational compaction: {len(ids)} objects "
                                     f"reached, {len(young)} live ids")
        if kept is None:  # a full one (also if the young trace ever missed: never seen)
            kept = live
            got = array("q")
            objs = self._live_objects(n, ids=got)
            ids = np.frombuffer(got, dtype=np.int64)
            if len(ids) != len(kept) or not np.array_equal(np.sort(ids), kept):
                raise AssertionError(f"compaction: {len(ids)} objects reached, "
                                     f"{len(kept)} live ids")
        new = np.searchsorted(kept, ids)
        del ids, got
        for a in range(0, len(objs), RENUMBER_STEP):  # (a list of every new id at once
            # was a peak: a 32-byte int and a list slot per live object); the stores in
            # C (``map``: setattr returns None, which ``any`` reads to the end)
            any(map(setattr, objs[a:a + RENUMBER_STEP], repeat("id"),
                    new[a:a + RENUMBER_STEP].tolist()))
        del objs, new
        if self.fast:  # (reads the header's states before it compacts)
            self.fast.renumber(kept, self.dead)
        if self.renumber_fn is not None:  # (reads the header before it compacts)
            self.renumber_fn(kept)
        self.session.renumber(kept)
        L = len(kept)
        self.gen = bytearray(np.frombuffer(self.gen, dtype=np.uint8)[kept].tobytes())
        self.dead = bytearray(np.frombuffer(self.dead, dtype=np.uint8)[kept].tobytes())
        self._live = np.searchsorted(kept, live)
        self.nursery_start = L
        self._young = (-1, 0, 0)  # (the ids were renumbered)
        self.compact_base = L
        self.remembered = []
        self.remembered_old = []
        self._rold_stable = []
        self._rold_ids = np.zeros(0, dtype=np.int64)
        self._rold_alive = np.zeros(0, dtype=bool)
        self.compactions += 1
        return L

    def _prune_remembered_old(self, n: int) -> None:
        """After a collection: keep only the remembered old thunks whose values are live
        objects above ``compact_base`` (the others can never lead the young trace to a
        live object: a dead object stays dead), so that the list does not keep dead values
        in memory long. A thunk kept with a value that is not a thunk (``_rold_stable``:
        an updated thunk is never updated again) is checked by its value's dead flag, not
        looked at again (the list itself is pruned once half of it is dead); the others (a
        value still a thunk, a mutable variable or array) stay in ``remembered_old`` and
        are looked at each time."""
        base = self.compact_base
        self.remembered_old += [t for t in self.remembered if t.id < base]
        if CHECK_TRACE:
            want = {id(t) for t, _ in self._remembered_live(n, base)}
        ids = self._rold_ids
        if len(ids):
            d = np.frombuffer(self.dead, dtype=np.uint8)
            alive = self._rold_alive
            alive &= d[ids] == 0
            k = int(np.count_nonzero(alive))
            if 2 * k < len(ids):
                at = np.flatnonzero(alive)
                self._rold_stable = [self._rold_stable[i] for i in at.tolist()]
                self._rold_ids = ids[at]
                self._rold_alive = np.ones(k, dtype=bool)
        if self.remembered_old:
            dead = self.dead
            again: dict[int, Any] = {}
            stable: dict[int, Any] = {}
            for t in self.remembered_old:
                if type(t) is Thunk:
                    v = t.val
                    while type(v) is Thunk and v.val is not None:
                        v = v.val
                    i = getattr(v, "id", None)
                    if i is not None and base <= i < n and not dead[i]:
                        if type(v) is Thunk:
                            again[id(t)] = t
                        else:
                            stable[id(t)] = t, i
                elif self._remembered_live(n, base, [t]):
                    again[id(t)] = t
            self.remembered_old = list(again.values())
            if stable:
                self._rold_stable += [t for t, _ in stable.values()]
                self._rold_ids = np.concatenate([
                    self._rold_ids,
                    np.fromiter((i for _, i in stable.values()), np.int64, len(stable))])
                self._rold_alive = np.concatenate([self._rold_alive,
                                                   np.ones(len(stable), dtype=bool)])
        if CHECK_TRACE:
            got = {id(t) for t, a in zip(self._rold_stable, self._rold_alive) if a}
            got |= {id(t) for t in self.remembered_old}
            if got != want:
                raise AssertionError(f"remembered old thunks: {len(got)} kept, {len(want)} "
                                     f"with a live young value")

    def _remembered_live(self, n: int, base: int, thunks: list[Any] | None = None
                         ) -> list[tuple[Any, Any]]:
        """``(thunk, value)`` for the remembered old thunks (or ``thunks``) whose value
        (through indirections) is a live object with an id in ``base..n-1`` (for a boxed
        mutable array, ``items`` true: each of its elements that is)."""
        dead, out = self.dead, []
        if thunks is None:
            thunks = [t for t, a in zip(self._rold_stable, self._rold_alive.tolist()) if a]
            thunks += self.remembered_old
        for t in thunks:
            for v in (t.items if getattr(t, "many", False) else (t.val,)):
                while type(v) is Thunk and v.val is not None:
                    v = v.val
                i = getattr(v, "id", None)
                if i is not None and base <= i < n and not dead[i]:
                    out.append((t, v))
        return out

    def _young_objects(self, n: int, base: int, ids: array | None = None) -> list[Any]:
        """The live heap objects with ids ``base..n-1``: ``_live_objects``, but an object
        below ``base`` is not looked into. None of those can point at a newer object except
        a thunk updated since the compaction that numbered it (``remembered_old``): the
        trace starts from the roots and from those thunks' values that are live (a
        reachable thunk's value is live, and everything a live object reaches is)."""
        roots = (self.full_roots_fn() if self.full_roots_fn is not None
                 else [obj for obj, _ in self.roots_fn()])
        roots += [v for _, v in self._remembered_live(n, base)]
        dead = self.dead
        for c in self.dropped_cafs:  # (an older holder's static field: live if reached)
            v = c.val
            while type(v) is Thunk and v.val is not None:
                v = v.val
            i = getattr(v, "id", None)
            if i is not None and base <= i < n and not dead[i]:
                roots.append(v)
        return self._live_objects(n, roots, base, ids)

    # ------------------------------------------------------------------ the trace
    def _trace(self, n: int, major: bool, graph: dict | None) -> bytearray:
        """Mark the live objects among ids < n. A minor trace stops at old objects and
        starts from the roots plus the remembered set."""
        more = self.caf_roots if major else None
        if graph is None:
            fast = self._fast()
            if fast is None:
                while True:  # (again while the CAF roots grow: ``caf_roots``)
                    marked = self._mark(n, major, [obj for obj, _ in self.roots_fn()])
                    if more is None or not more(marked):
                        return marked
            old_roots = None
            if self.split_roots_fn is not None:  # the machine's root cache (old frames)
                old_roots, roots = self.split_roots_fn()
            else:
                roots = [obj for obj, _ in self.roots_fn()]
            marked = bytearray(n)
            if major:
                fast.major(marked, self.nursery_start, n, roots, self.remembered, self.dead,
                           old_roots=old_roots, more=more)
            else:
                fast.minor(marked, self.nursery_start, n, roots, self.remembered)
            if CHECK_TRACE:
                if self.full_roots_fn is not None:
                    roots = self.full_roots_fn()
                slow = self._mark(n, major, roots)
                if slow != marked:
                    diff = np.flatnonzero(np.frombuffer(slow, dtype=np.uint8)
                                          != np.frombuffer(marked, dtype=np.uint8))
                    raise AssertionError(f"edge trace differs from the object trace at "
                                         f"{len(diff)} ids, e.g. {diff[:8].tolist()}")
            return marked
        while True:
            marked = self._graph_trace(n, major, graph)
            if more is None or not more(marked):
                return marked
            graph.clear()

    def _rows_graph(self, n: int, live: np.ndarray, pairs: list) -> HeapGraph:
        """A census's heap graph from the edge tracer's rows (``census_graph``), or from
        the object trace where the rows cannot give it; both, compared, under
        ``CHECK_TRACE``."""
        s = self.session
        assert isinstance(self.fast, OldGraph)
        graph = census_graph.from_rows(self.fast, s.header, s.tables, live, self.dead, pairs,
                                       CHECK_TRACE)
        if graph is not None and not CHECK_TRACE:
            return graph
        edges: dict = {}
        self._graph_trace(n, True, edges)
        slow = census_graph.from_edges(s.header, s.tables, live, edges)
        if graph is None:
            self.graph_fallbacks += 1
            return slow
        diff = census_graph.same_graph(graph, slow)
        if diff:
            raise AssertionError(f"census graph from the rows differs from the object "
                                 f"trace's: {diff}")
        return graph

    def _fast(self) -> OldGraph | None:
        """The edge-list tracer (decided at the first collection); with a scheme that
        wants the heap graph, censuses read it from the tracer's rows."""
        if self.fast is False:
            if not oldgraph.available() or NO_FAST_TRACE:
                self.fast = None
            else:
                self.fast = OldGraph(self.header, self.session.tables)
                self.fast.keep_static_refs = bool(self.session.needs_graph)
        return self.fast

    # ------------------------------------------------------------------ accounting
    def _account(self, n: int, marked: bytearray, major: bool) -> None:
        """Copies and deaths of a collection from its marks; after a major one,
        ``_live`` holds the live ids (sorted)."""
        lo = 0 if major else self.nursery_start
        m = np.frombuffer(marked, dtype=np.uint8)[lo:n]
        dead_w = np.frombuffer(self.dead, dtype=np.uint8)
        dead = dead_w[lo:n]
        alive = dead == 0
        kept = alive & (m == 1)
        survivors = np.flatnonzero(kept)
        died = np.flatnonzero(alive ^ kept)
        if lo:
            survivors += lo
            died += lo
        h = self.header
        s = self.session
        copied_words = 0
        if len(survivors):
            wants_copy = s.stager.wants["copy"]
            if wants_copy or not major:
                copied = h.gather("size_words", survivors)
                copied_words = int(copied.sum(dtype=np.int64))
            else:
                copied_words = self._major_words(survivors, died)
            self.words_copied += copied_words
            gen_w = np.frombuffer(self.gen, dtype=np.uint8)
            top = self.generations - 1
            if wants_copy:
                from_gen = gen_w[survivors].astype(np.int64)
                to_gen = np.minimum(from_gen + 1, top)
                rows = np.stack([survivors, from_gen, to_gen,
                                 copied.astype(np.int64)], axis=1).ravel()
                s.stager.copy.extend(rows.tolist())
                gen_w[survivors] = to_gen.astype(np.uint8)
            elif top <= 1:  # every survivor ends in generation min(g+1, 1) = 1 (or 0)
                gen_w[survivors[np.searchsorted(survivors, self.nursery_start):]] = top
            else:
                gen_w[survivors] = np.minimum(gen_w[survivors] + 1, top)
        self._deaths(died)
        dead |= (m == 0)  # in place: every unmarked id is dead now
        if major:
            self._live = survivors
            self.old_words = copied_words
        else:
            self.old_words += copied_words

    def _major_words(self, survivors: np.ndarray, died: np.ndarray) -> int:
        """The words a major collection copies, from the old generation's (``old_words``:
        an object's size never changes) less the old objects dying, plus the young
        survivors': gathers of what changed, not of every live object."""
        ns, h = self.nursery_start, self.header
        young = survivors[np.searchsorted(survivors, ns):]
        old_dead = died[:np.searchsorted(died, ns)]
        words = (self.old_words - int(h.gather("size_words", old_dead).sum(dtype=np.int64))
                 + int(h.gather("size_words", young).sum(dtype=np.int64)))
        if CHECK_TRACE:
            full = int(h.gather("size_words", survivors).sum(dtype=np.int64))
            if full != words:
                raise AssertionError(f"major collection: {words} words copied counted "
                                     f"from the old generation's, {full} gathered")
        return words

    def _deaths(self, ids: np.ndarray) -> None:
        s = self.session
        if not len(ids) or not s.stager.wants["death"]:
            return
        h = self.header
        # the rows staged whole: a list of millions of Python ints (the end-of-run kill of a
        # big heap) took most of a second, on the Ctrl-C path too
        rows = np.empty(len(ids), dtype=DEATH_DTYPE)
        rows["obj"] = ids
        for c in ("info", "producer", "size_words", "era", "last_use"):
            rows[c] = h.gather(c, ids)
        cap = getattr(h, "updated_size_words", 0)
        if cap:  # a death row describes the object as it dies: an updated thunk is 2 words
            from profkit.heap import updated_sizes

            kinds = s.tables.infos.columns()["kind"][rows["info"]]
            rows["size_words"] = updated_sizes(rows["size_words"], kinds, cap)
        s.stager.put("death", rows)
