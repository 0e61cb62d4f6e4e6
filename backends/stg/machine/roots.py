"""What the collector model and the census see of the STG machine: its roots (CAFs, the
frame stack, the environment about to run), listed in full or, for a minor collection, only
the frames changed since the last one (GHC scans only the dirty part of a stack), and the
renumbering of object ids when the header is compacted. A mixin of ``engine.Machine``, whose
attributes (``stack``, ``cafs``, ``cur_env``/``cur_code``, the watermark and root-cache
fields set in its constructor, ``session``, ``tables``) these methods use.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from operator import itemgetter

import numpy as np

from profkit.tables import CostCentre

from . import rt
from ..heap.heapobj import Box, Con, Fun, Pap, Thunk

#: header rows per step of ``renumber_ids``'s per-stack sums
_CHUNK = 1 << 18
#: frames the watermark moves down when ``ret`` pops it (``wm_pop``): one call per this
#: many frames returned through, not one per frame, for at most this many frames listed
#: again at the next collection
WM_STEP = 32
_WM = rt.WM


def _live_getter(code) -> tuple | bool:
    """``(number of slots, getter of those slots of an environment)`` for a case
    continuation (``code.live``, see ``case.live_slots``; an ``itemgetter`` of two or more
    gives a tuple, of one the item), or False for a frame of another kind."""
    live = getattr(code, "live", None)
    if live is None:
        return False
    return (len(live), itemgetter(*live) if live else None)


class MachineRoots:
    #: the frames' code -> ``_live_getter`` (made at the first ``gc_root_split``)
    _live_getters: dict | None = None
    # The census's root listing (``_census_listing``) beside the root cache: the items of
    # the cached heap ids (``_rc_items``, aligned with ``_rc_ids``) and the frames' static
    # items that may lead to the heap (``_rc_statics``, frame index in ``_rc_sframe``);
    # kept only when a scheme wants the heap graph (None until the cache is first empty)
    _rc_items: list | None = None
    _rc_sframe: array
    _rc_statics: list
    _census_due = False
    #: censuses whose roots came from the root cache
    census_listings = 0

    def roots(self) -> list:
        """Objects reachable directly from the machine: CAFs (and their values), the frame
        stack (case environments, update-frame thunks, pending arguments), and the
        environment of the code block about to run."""
        caf_items = [v for c in self.cafs for v in (c, c.val) if v is not None]
        return caf_items + [x for x in self._frame_items(self.stack)
                            if isinstance(x, (Con, Box, Fun, Pap, Thunk))]

    def _frame_items(self, frames: list) -> list:
        """Every item held by ``frames`` and the current environment (slot numbers and CCS
        ids included: the collector ignores what is not a heap object)."""
        items: list = []
        wm = rt.WM
        for fr in frames:
            if type(fr) is Thunk:  # an update frame (rt.ret)
                items.append(fr)
                continue
            if fr[0] is wm:
                fr = fr[1]
                if type(fr) is Thunk:
                    items.append(fr)
                    continue
            live = getattr(fr[0], "live", None)
            if live is not None:
                # a case continuation: only the slots it will read (machine_case.live_slots)
                env = fr[1]
                items.extend([env[i] for i in live])
                continue
            for x in fr[1:]:
                if type(x) is list:
                    items.extend(x)
                else:
                    items.append(x)
        env = self.cur_env
        if env is not None:
            # about to run a case continuation: its free variables and the returned value
            live = getattr(self.cur_code, "live_run", None)
            if live is None:
                items.extend(env)
            else:
                items.extend([env[i] for i in live])
        return items

    def wm_pop(self, fr: tuple) -> tuple:
        """``ret`` popped the watermark frame: record its environment as dirty (a frame
        below that shares it may see it written) and move the mark ``WM_STEP`` frames down.
        The frames between are above the mark: the next collection lists them as changed,
        and their environments are recorded as dirty now, as they would be when popped
        (a superset: a frame's environment is only written once the frame is popped)."""
        orig = fr[1]
        dirty = self._dirty.add
        if type(orig) is tuple and len(orig) > 1 and type(orig[1]) is list:
            dirty(id(orig[1]))
        st = self.stack
        k = len(st)
        if k:
            j = k - WM_STEP if k > WM_STEP else 0
            for f in st[j + 1:]:
                if type(f) is tuple and len(f) > 1 and type(f[1]) is list:
                    dirty(id(f[1]))
            self._wm_index = j
            st[j] = (_WM, st[j])
        else:
            self._wm_index = -1
        return orig

    def _remark(self) -> None:
        st = self.stack
        i = self._wm_index
        if 0 <= i < len(st) and type(st[i]) is tuple and st[i][0] is rt.WM:
            st[i] = st[i][1]
        if st and self.incremental_roots:
            self._wm_index = len(st) - 1
            st[-1] = (rt.WM, st[-1])
        else:
            self._wm_index = -1
        env = self.cur_env
        self._dirty = {id(env)} if env is not None else set()

    def gc_roots(self) -> list:
        """``roots()`` as (object, retainer identity) pairs for the collector model: a CAF is
        retained by its own stack (``M.CAF``), the frame stack by SYSTEM (GHC's TSO). For a
        minor collection only what changed since the last collection is listed. At a census
        (the first call after a major ``gc_root_split`` of a run that builds the heap graph)
        the frames' heap objects come from the root cache (``_census_listing``)."""
        if self._census_due:
            self._census_due = False
            got = self._census_listing()
            if got is not None:
                self._remark()
                return got
        out = [(c.val, c.ccs) for c in self.cafs if c.val is not None]
        sysid = self._system()
        if self.minor_collection and self.incremental_roots and self._wm_index >= 0:
            # the frames above the last unchanged one (their order does not matter)
            items = self._frame_items(self.stack[self._unchanged_top() + 1:])
        else:
            items = self._frame_items(self.stack)
        out.extend((x, sysid) for x in items if x is not None)
        self._remark()
        return out

    def _census_listing(self) -> list | None:
        """``gc_roots()`` at a census, read from the root cache: the CAF values, then the
        frames' heap objects as one ``HeapIdRoots`` (SYSTEM), the cached items now updated
        (indirections: listed as objects, which the graph follows as ``gc_roots`` does),
        the frames' statics that may lead to the heap and the running environment. The
        same root entries as the full listing (a multiset), which ``CHECK_TRACE`` checks;
        None when the cache does not cover every frame."""
        items = self._rc_items
        if (items is None or len(self._rc_off) != len(self.stack) + 1
                or len(items) != len(self._rc_ids)):
            return None
        from ..heap import census_graph
        from ..heap import gc as collector

        sysid = self._system()
        out = [(c.val, c.ccs) for c in self.cafs if c.val is not None]
        ids = np.frombuffer(self._rc_ids, dtype=np.int32).astype(np.int64)
        if len(ids):
            ind = census_graph._is_ind(self.session.header, self.tables.infos.columns(), ids)
            stale = np.flatnonzero(ind)
            if len(stale):
                out.extend([(items[k], sysid) for k in stale.tolist()])
                ids = ids[~ind]
        out.append((census_graph.HeapIdRoots(ids, sysid), None))
        out.extend([(x, sysid) for x in self._rc_statics])
        env = self.cur_env
        if env is not None:
            live = getattr(self.cur_code, "live_run", None)
            out.extend([(x, sysid) for x in (env if live is None else [env[i] for i in live])
                        if x is not None])
        if collector.CHECK_TRACE:
            full = [(c.val, c.ccs) for c in self.cafs if c.val is not None]
            full.extend((x, sysid) for x in self._frame_items(self.stack) if x is not None)
            a, b = census_graph.root_entries(out), census_graph.root_entries(full)
            if (a is None) != (b is None) or (a is not None and b is not None and not (
                    np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1]))):
                raise AssertionError("census roots from the root cache differ from the "
                                     "frames' listing")
        self.census_listings += 1
        return out

    def _rc_truncate(self, keep: int, j: int) -> None:
        """The cache's items and statics of frames ``0..j`` only (``keep`` heap ids)."""
        if self._rc_items is None:
            if keep:
                return  # (begun mid-run: the cache has ids without items, never used)
            self._rc_items, self._rc_sframe, self._rc_statics = [], array("q"), []
        del self._rc_items[keep:]
        k = bisect_left(self._rc_sframe, j + 1)
        del self._rc_sframe[k:]
        del self._rc_statics[k:]

    def _rc_fill_objects(self, e: np.ndarray, got: np.ndarray, heap: np.ndarray,
                         fresh: list, frame0: int) -> None:
        """``_rc_fill``'s items: the objects of the heap ids, and the static items (through
        indirections) that may lead to the heap, with their frames (``frame0`` + k)."""
        at = np.flatnonzero(heap)
        if len(at):
            self._rc_items.extend(map(fresh.__getitem__, at.tolist()))
        neg = np.flatnonzero(~heap)
        if not len(neg):
            return
        from ..heap.oldgraph import may_hold_heap

        frames = (np.searchsorted(e, neg, side="right") + frame0).tolist()
        sframe, statics = self._rc_sframe, self._rc_statics
        for p, k in zip(neg.tolist(), frames):
            x = v = fresh[p]
            while type(v) is Thunk and v.val is not None:
                v = v.val
            if getattr(v, "id", None) is not None and may_hold_heap(v):
                sframe.append(k)
                statics.append(x)

    def _unchanged_top(self) -> int:
        """Index of the highest frame unchanged since the last collection (-1: none): the
        watermark frame, or below it if its environment was written (dirty); the frames
        above it were pushed since."""
        st = self.stack
        j = self._wm_index
        while j >= 0:
            fr = st[j]
            if type(fr) is tuple and fr[0] is rt.WM:
                fr = fr[1]
            if type(fr) is not tuple or len(fr) < 2 or type(fr[1]) is not list or (
                    id(fr[1]) not in self._dirty):
                break
            j -= 1
        return j

    def _system(self) -> int:
        """The SYSTEM stack that retains the frame stack, made at the first collection
        (whichever root listing it uses, so that stack ids are numbered alike)."""
        if self._system_stack is None:
            system = self.tables.ccs.intern(CostCentre("SYSTEM", "SYSTEM", "<built-in>"))
            self._system_stack = self.ccs.raw_push(0, system)
        return self._system_stack

    def gc_root_split(self) -> tuple[np.ndarray, list]:
        """The roots for the collector's edge tracer (``heap/oldgraph.py``): the heap ids (int32)
        held by the frames not changed since the last collection (what they held then was
        promoted, so these are old ids, read from the root cache) and the objects held by
        everything else (changed frames, the running environment, CAF values). Every call
        brings the cache up to date, so the tracer must use it at every collection."""
        self._system()
        st = self.stack
        j = -1
        if self.incremental_roots and self._wm_index >= 0 and len(self._rc_off) > 1:
            j = self._unchanged_top()
            if j + 1 >= len(self._rc_off):
                j = -1
        if j >= 0 and not self.minor_collection:
            j = self._below_updated(j)
        keep = self._rc_off[j + 1]
        if self.minor_collection:  # a minor trace starts from the changed frames only
            old = np.zeros(0, dtype=np.int32)
        else:  # (a copy: the cache grows while the major collection searches from these)
            old = np.frombuffer(self._rc_ids, dtype=np.int32)[:keep].copy()
        del self._rc_ids[keep:]
        del self._rc_off[j + 2:]
        graph = self.session.needs_graph
        if graph:
            self._rc_truncate(keep, j)
        # the census that follows a major collection reads the cache (``gc_roots``)
        self._census_due = graph and not self.minor_collection
        fresh = FreshRoots()
        fresh.machine = self
        ends = fresh.ends = array("q")
        end = ends.append
        add = fresh.extend
        one = fresh.append
        wm = _WM
        getters = self._live_getters
        if getters is None:
            getters = self._live_getters = {}
        for fr in st[j + 1:]:
            if type(fr) is not Thunk and fr[0] is wm:
                fr = fr[1]
            if type(fr) is Thunk:  # an update frame (rt.ret)
                one(fr)
                end(len(fresh))
                continue
            code = fr[0]
            got = getters.get(code)
            if got is None:
                got = getters[code] = _live_getter(code)
            if got is not False:
                k, get = got
                if k > 1:
                    add(get(fr[1]))
                elif k:
                    one(get(fr[1]))
            else:
                for x in fr[1:]:
                    if type(x) is list:
                        add(x)
                    else:
                        fresh.append(x)
            end(len(fresh))
        env = self.cur_env
        if env is not None:
            live = getattr(self.cur_code, "live_run", None)
            add(env if live is None else [env[i] for i in live])
        add(c.val for c in self.cafs if c.val is not None)
        self._remark()
        return old, fresh

    def _below_updated(self, j: int) -> int:
        """The top of the unchanged frames ``0..j`` whose cached ids are all still what the
        frames hold: a frame unchanged since it was cached can hold a thunk updated since
        (an indirection, dead to the collector); once a rebuild of the old graph drops the
        indirection's row, its cached id leads nowhere and the value would be found dead
        while the frame holds it. The frames from the lowest such one up are listed again
        (their items, so the indirection is followed to its value)."""
        from ..heap import census_graph

        keep = self._rc_off[j + 1]
        if not keep:
            return j
        ids = np.frombuffer(self._rc_ids, dtype=np.int32)[:keep]
        ind = census_graph._is_ind(self.session.header, self.tables.infos.columns(), ids)
        if not ind.any():
            return j
        first = int(np.argmax(ind))
        off = np.frombuffer(self._rc_off, dtype=np.int32)[:j + 2]
        return min(j, int(np.searchsorted(off, first, side="right")) - 2)

    def _rc_fill(self, ends: array, ids: array, fresh: list) -> None:
        """The root cache's rows of the frames just listed (``FreshRoots.ids_seen``):
        frame k held the items ``fresh`` before ``ends[k]``, whose ids are ``ids`` (-1: not
        a heap object, or a static one)."""
        if not len(ends):
            return
        e = np.frombuffer(ends, dtype=np.int64)
        got = np.frombuffer(ids, dtype=np.int32)[:int(e[-1])]
        heap = got >= 0
        upto = np.concatenate([np.zeros(1, dtype=np.int64), np.cumsum(heap)])
        base = self._rc_off[-1]
        if self._rc_items is not None and self.session.needs_graph:
            self._rc_fill_objects(e, got, heap, fresh, len(self._rc_off) - 1)
        self._rc_ids.frombytes(got[heap].tobytes())
        self._rc_off.frombytes((upto[e] + base).astype(np.int32).tobytes())

    def renumber_ids(self, kept: np.ndarray) -> None:
        """The header is about to keep only the rows ``kept`` (``StgHeapModel._compact``,
        which renumbered the objects themselves, or ``forget_ids``): account the bytes of
        the rows it drops, and drop the root cache, whose ids are old (the next collection
        lists every frame once)."""
        h = self.session.header
        n = len(h)
        if n:
            ns = len(self.tables.stacks)
            # in chunks of rows: whole columns (two int32 and their float64 weights per
            # row) made this a compaction's largest temporary; the float sums of integers
            # are exact, so the total is the same in any order
            w = np.zeros(ns)
            for a in range(0, n, _CHUNK):
                b = min(n, a + _CHUNK)
                w += np.bincount(h.slice("producer", a, b), weights=h.slice("size_words", a, b),
                                 minlength=ns)
            for a in range(0, len(kept), _CHUNK):
                ids = kept[a:a + _CHUNK]
                w -= np.bincount(h.gather("producer", ids), weights=h.gather("size_words", ids),
                                 minlength=ns)
            if len(self._retired_alloc) < len(w):
                self._retired_alloc = np.concatenate(
                    [self._retired_alloc,
                     np.zeros(len(w) - len(self._retired_alloc), dtype=np.int64)])
            self._retired_alloc[:len(w)] += np.rint(w).astype(np.int64) * 8
        self._rc_ids = array("i")
        self._rc_off = array("i", [0])
        self._rc_items = []
        self._rc_sframe = array("q")
        self._rc_statics = []
        self._census_due = False

    def forget_ids(self) -> None:
        """Deliver the header's rows and forget them: with no collector model, and no
        scheme that needs an object's id after its alloc row (nobody listens to uses,
        updates, copies, deaths or censuses; every per-object scheme renumbers), no id is
        read again, so the header restarts at 0 (``profkit_renumber`` with no survivors)
        and the profiling state follows nothing but the rows not yet delivered."""
        if self.max_heap_bytes is not None:
            self.live_bytes()  # count the rows' bytes before they go
        self.renumber_ids(np.zeros(0, dtype=np.int64))
        self.session.renumber(np.zeros(0, dtype=np.int64))
        self._heap_checked = 0
        self.forgets += 1
        self.after_session_call()

    def all_root_objects(self) -> list:
        """Every root object, with no side effect (the tracer's self-check compares)."""
        return [c.val for c in self.cafs if c.val is not None] + self._frame_items(self.stack)

    def _frame_items_of(self, fr: tuple) -> list:
        if type(fr) is Thunk:  # an update frame (rt.ret)
            return [fr]
        live = getattr(fr[0], "live", None)
        if live is not None:
            env = fr[1]
            return [env[i] for i in live]
        out: list = []
        for x in fr[1:]:
            if type(x) is list:
                out.extend(x)
            else:
                out.append(x)
        return out


class FreshRoots(list):
    """The roots ``gc_root_split`` lists object by object: the items of the frames changed
    since the last collection (frame k's end before ``ends[k]``), then the running
    environment's and the CAFs'. The collector's young trace resolves every root's id
    anyway; it hands them to ``ids_seen``, which files the frames' ids in the root cache
    (without that call the cache covers only the unchanged frames, and the next collection
    lists the rest again)."""

    __slots__ = ("machine", "ends")

    def ids_seen(self, ids: array) -> None:
        self.machine._rc_fill(self.ends, ids, self)
