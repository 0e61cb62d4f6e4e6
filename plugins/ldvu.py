"""Lag/drag/void/use (biographical) profiling: ``+RTS -hb``, and ``-hb<bio,...>`` restrictions
of another break-down (``-hc -hbdrag,void``, ``-hd -hbdrag,void``).

The seed (shared/seeds/ldvu-profiling-implementation.tex.txt) in profkit's terms:

* Every closure has a creation era and a last-use era (0 = never used): the LDV word, kept
  in the profiling header (``era``, ``last_use``). The era advances after each census.
* At census ``k`` the live objects are summed per era into INHERENT_USE (kinds in
  ``kinds.INHERENTLY_USED``), not used yet, and used.
* When a closure dies (a death row, or an update: the death of the old closure and the
  creation of a new one at the same place) it is known to have been VOID (never used) at
  every census that saw it, or DRAG at those after its last use. These ranges are added to
  difference arrays over eras (``np.add.at``), prefix-summed at run end:
  LAG = not used - VOID, USE = used - DRAG.

profkit tracks, per object id, which censuses saw the *current* closure (first and last
census, and its size there) instead of trusting the creation era: a closure's VOID/DRAG range
is the part of [first seen, last seen] the seed assigns it, so the five bands always add up
to the heap the census counted, whatever a backend does with sizes or eras on an update.

**Updates.** Thunk -> BLACKHOLE -> value are updates (``profkit_update``). The new closure is
created in the current era and never used (the seed's ``LDV_recordCreate``), whatever the
backend leaves in the header (the STG machine keeps ``era`` and ``last_use`` from the thunk's
entry and changes ``info`` only). Its uses are those reported after the update: use rows of
later flushes, and a header ``last_use`` newer than the update's era. Hot batches arrive
grouped by event (alloc, use, update...), so a use in the same flush as the update is taken
as a use of the *old* closure (the entry that caused the update); all those events share one
era, so this only decides whether the new closure counts as used before its next flush.
For backends without use rows (MLWorks) the header's ``last_use`` is the use record.

**Difference from GHC 9.0.2.** A use is an entry or a case scrutiny, so evaluated constructors
that are only pattern-matched count as USE/DRAG in profkit; GHC never enters them (pointer
tagging) and reports them VOID (FINDINGS §4). GHC's -hb crashes after about 32 censuses; here
the era arrays grow as needed.

**Files.** ``-hb`` alone writes ``<prog>.hp``. With another break-down or ``-hr`` (profkit
extensions) the biography profile goes to ``<prog>.hb.hp``. A break-down restricted by
biography (``-hc -hbdrag,void``) is written to ``<prog>.hp`` by this scheme (the heap-profile
scheme stands aside): the censuses keep, per counted closure, *runs* of consecutive censuses
in which it had the same band, state and size (``_Runs``: a long-lived object is one run, not
one entry per census, so memory follows the closures, not censuses x live heap); at run end,
knowing every closure's final last use, each run is classified (a used closure's run splits
into USE up to its last use and DRAG after) and the selected biographies are summed per band
and census through difference arrays. All samples are written at the end, as GHC does for -hb.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

import numpy as np

from profkit.errors import UsageError
from profkit.hookspecs import hookimpl
from profkit.kinds import INHERENTLY_USED
from profkit.plugin_options import PluginOptions
from profkit.plugins import bands
from profkit.plugins.hpfile import HpWriter
from profkit.plugins.retainer import final_time, job_string

if TYPE_CHECKING:
    from profkit.heap import CensusView
    from profkit.options import Config
    from profkit.session import Session

BANDS = ("VOID", "LAG", "USE", "INHERENT_USE", "DRAG")
#: biography names accepted by ``-hb<...>`` (GHC's four; profkit also takes inherent_use)
BIOGRAPHIES = ("lag", "drag", "void", "use", "inherent_use")
# classification codes of a census entry (index into BIOGRAPHIES)
LAG, DRAG, VOID, USE, INHERENT = range(5)
# state of an entry when its census was taken
S_INHERENT, S_NOT_USED, S_USED = 0, 1, 2

_INHERENT_KINDS = np.array(sorted(int(k) for k in INHERENTLY_USED), dtype=np.int64)


def write_hp(path: str, job: str, samples: Iterable[tuple[float, list[tuple[str, int]]]],
             end_time: float, keep_zero: bool) -> None:
    """A whole ``.hp`` file at once (GHC writes -hb only at the end of the run). With
    ``keep_zero`` every listed band is printed even when 0, as GHC's -hb does."""
    w = HpWriter(path, job)
    try:
        for time, rows in samples:
            w.sample(time, rows, keep_zero=keep_zero)
    finally:
        w.close(end_time)


#: the per-object columns that hold eras (``_Grow.fit_era``), and the largest era they hold
#: while narrow (uint16's)
ERA_COLUMNS = ("last", "upd", "first_seen", "last_seen")
NARROW_ERA_MAX = 0xFFFF


class _Grow:
    """Growable per-object columns (object ids are dense over the whole run, so they are
    kept narrow: int32 sizes, and eras in uint16 until an era passes 65,535, when
    ``fit_era`` widens their columns to int32: 12 bytes an id, not 20)."""

    def __init__(self, columns: dict[str, type]) -> None:
        self.dtypes = dict(columns)
        for name in ERA_COLUMNS:
            if self.dtypes.get(name) is np.int32:
                self.dtypes[name] = np.uint16
        self.cap = 0
        for name, dt in self.dtypes.items():
            setattr(self, name, np.zeros(0, dtype=dt))

    def fit_era(self, era: int) -> None:
        """Make the era columns able to hold ``era`` (widened to int32 once past uint16;
        every era a scheme writes is at most the session's current one)."""
        if era > NARROW_ERA_MAX and self.dtypes["last"] is np.uint16:
            for name in ERA_COLUMNS:
                self.dtypes[name] = np.int32
                setattr(self, name, getattr(self, name).astype(np.int32))

    def ensure(self, n: int) -> None:
        if n <= self.cap:
            return
        cap = max(n, 2 * self.cap, 1024)
        for name, dt in self.dtypes.items():
            old = getattr(self, name)
            new = np.zeros(cap, dtype=dt)
            new[: len(old)] = old
            setattr(self, name, new)
        self.cap = cap


class _Runs:
    """Restricted mode's census entries as runs: closure id, band, state, size, and the
    first and last census index (into ``LdvuProfile.times``) of consecutive censuses that
    counted the closure with those values."""

    FIELDS = (("cid", np.int64), ("code", np.int32), ("state", np.int8), ("size", np.int64),
              ("start", np.int32), ("end", np.int32))

    def __init__(self) -> None:
        self.n = 0
        for name, dt in self.FIELDS:
            setattr(self, name, np.zeros(1024, dtype=dt))

    def add(self, cids: np.ndarray, code: np.ndarray, state: np.ndarray, size: np.ndarray,
            idx: int) -> np.ndarray:
        """New runs starting (and ending) at census ``idx``; their indices."""
        k = len(cids)
        if self.n + k > len(self.cid):
            cap = max(self.n + k, 2 * len(self.cid))
            for name, dt in self.FIELDS:
                col = np.zeros(cap, dtype=dt)
                col[: self.n] = getattr(self, name)[: self.n]
                setattr(self, name, col)
        sl = slice(self.n, self.n + k)
        self.cid[sl], self.code[sl], self.state[sl], self.size[sl] = cids, code, state, size
        self.start[sl] = idx
        self.end[sl] = idx
        self.n += k
        return np.arange(sl.start, sl.stop, dtype=np.int64)


class LdvuProfile:
    """The ``-hb`` scheme (see the module docstring)."""

    name = "ldvu"
    #: a death may be delivered at any collection up to the next census, as long as the
    #: hot rows are flushed where every collection would have flushed them (the backend's
    #: census-only mode, backends/stg/backend.py): what ``profkit_death`` does depends only
    #: on the dead object's own state, which no later row or census changes (a dead object
    #: is neither used, updated nor counted), and its sums do not depend on the order
    late_deaths = True

    def __init__(self, config: Config) -> None:
        self.config = config
        self.rts = config.rts
        heap = config.rts.heap
        sel = [s.lower() for s in heap.restrict.get("b", [])]
        bad = [s for s in sel if s not in BIOGRAPHIES]
        if bad:
            raise UsageError(f"-hb{','.join(bad)}: unknown biography (expected "
                             f"{', '.join(BIOGRAPHIES[:4])})")
        self.selected = np.zeros(5, dtype=bool)
        self.selected[[BIOGRAPHIES.index(s) for s in sel]] = True
        if not sel:
            self.selected[:] = True
        #: the five-band profile is wanted
        self.plain = heap.breakdown == "b" or heap.biography
        #: a break-down restricted by biography is wanted (written to .hp)
        self.breakdown = heap.breakdown if heap.breakdown in bands.BREAKDOWNS else None
        if sel and (heap.breakdown == "r" or (heap.retainer and heap.breakdown in (None, "b"))):
            self.breakdown = "r"  # -hr -hb<bio>: retainer sets of those biographies
        if self.breakdown is None and heap.breakdown is None and sel:
            self.breakdown = "c"  # a restriction alone restricts the default -hc profile
        self.restricted = self.breakdown is not None and bool(sel)
        self.plain_path = config.output_path(
            ".hp" if heap.breakdown == "b" and not heap.retainer else ".hb.hp")
        columns: dict[str, type] = {
            "last": np.int32,        # last use from use rows (0 = none since creation)
            "upd": np.int32,         # era of the update that created the closure (0 = none)
            "first_seen": np.int32,  # first census that counted the closure (0 = none)
            "last_seen": np.int32,   # last census that counted it
            "size_seen": np.int32,   # its bytes there (0 for inherently used objects)
        }
        if self.restricted:
            # run: 1 + index of the closure's latest run in ``self.runs`` (0 = none)
            columns.update(cid=np.int64, final=np.int32, run=np.int64)
        self.obj = _Grow(columns)
        self.times: list[float] = []
        self.eras: list[int] = []
        # per era (index = era): census sums and VOID/DRAG difference arrays
        self.inherent = np.zeros(8, dtype=np.int64)
        self.not_used = np.zeros(8, dtype=np.int64)
        self.used = np.zeros(8, dtype=np.int64)
        self.void_diff = np.zeros(8, dtype=np.int64)
        self.drag_diff = np.zeros(8, dtype=np.int64)
        # restricted mode: a closure is named by its object id while it is the object's
        # first closure (cid == 0), by -2, -3, ... once created by an update; the final
        # last use of each is kept in ``obj.final`` / ``extra_last``
        self.extra_last = np.zeros(0, dtype=np.int64)
        self.extra_run = np.zeros(0, dtype=np.int64)  # as ``obj.run``, for extra ids
        self.n_extra = 0
        self.runs = _Runs()
        self.band_names: list[str] = []
        self._band_index: dict[str, int] = {}
        self.last_time = 0.0

    # ---------------------------------------------------------------- per-era arrays
    def _ensure_era(self, era: int) -> None:
        if era + 2 <= len(self.inherent):
            return
        n = max(era + 2, 2 * len(self.inherent))
        for name in ("inherent", "not_used", "used", "void_diff", "drag_diff"):
            old = getattr(self, name)
            new = np.zeros(n, dtype=np.int64)
            new[: len(old)] = old
            setattr(self, name, new)

    def last_use(self, objs: np.ndarray, header_last: np.ndarray) -> np.ndarray:
        """The last-use era of the current closures of ``objs`` (0 = never used): use rows
        since their creation, or the header's ``last_use`` when it is newer than the update
        that created them."""
        o = self.obj
        upd = o.upd[objs]
        # (eras: no widening needed, int32 columns give int32, as small as the columns)
        return np.maximum(o.last[objs], np.where(header_last > upd, header_last, 0))

    def _kill(self, objs: np.ndarray, last: np.ndarray) -> None:
        """The current closures of ``objs`` (distinct ids) die now: VOID or DRAG over the
        censuses that saw them."""
        o = self.obj
        size = o.size_seen[objs].astype(np.int64)
        first = o.first_seen[objs].astype(np.int64)
        lastseen = o.last_seen[objs].astype(np.int64)
        seen = (size > 0) & (first > 0)
        if seen.any():
            self._ensure_era(int(lastseen.max()) + 1)
            never = seen & (last == 0)
            np.add.at(self.void_diff, first[never], size[never])
            np.add.at(self.void_diff, lastseen[never] + 1, -size[never])
            start = np.maximum(last + 1, first)
            drag = seen & (last > 0) & (start <= lastseen)
            np.add.at(self.drag_diff, start[drag], size[drag])
            np.add.at(self.drag_diff, lastseen[drag] + 1, -size[drag])

    # ---------------------------------------------------------------- hooks
    @hookimpl
    def profkit_alloc(self, batch: np.ndarray) -> None:
        if len(batch):
            self.obj.ensure(int(batch["obj"].max()) + 1)

    @hookimpl
    def profkit_use(self, session: Session, batch: np.ndarray) -> None:
        if len(batch):
            objs = batch["obj"]
            self.obj.ensure(int(objs.max()) + 1)
            self.obj.fit_era(session.era)
            self.obj.last[objs] = session.era

    @hookimpl
    def profkit_update(self, session: Session, batch: np.ndarray) -> None:
        if not len(batch):
            return
        # only the first update of an object in a flush kills a closure a census may have
        # seen; later ones kill closures created in this same era (empty ranges)
        objs = np.sort(batch["obj"])  # distinct ids (np.unique hashes: 3x slower here)
        objs = objs[np.concatenate(([True], objs[1:] != objs[:-1]))]
        o = self.obj
        o.ensure(int(objs.max()) + 1)
        header_last = session.header.gather("last_use", objs)
        last = self.last_use(objs, header_last)
        self._kill(objs, last)
        if self.restricted:
            self._record_final(objs, last)
            # the new closures get fresh (negative) ids
            o.cid[objs] = self._new_extra(len(objs))
        era = session.era
        o.fit_era(era)
        o.last[objs] = 0
        o.upd[objs] = era
        o.first_seen[objs] = 0
        o.last_seen[objs] = 0
        o.size_seen[objs] = 0

    @hookimpl
    def profkit_death(self, session: Session, batch: np.ndarray) -> None:
        if not len(batch):
            return
        objs = batch["obj"].astype(np.int64)
        self.obj.ensure(int(objs.max()) + 1)
        last = self.last_use(objs, batch["last_use"])
        self._kill(objs, last)
        if self.restricted:
            self._record_final(objs, last)
        self.obj.size_seen[objs] = 0

    @hookimpl
    def profkit_renumber(self, session: Session, kept: np.ndarray) -> None:
        o = self.obj
        if self.restricted and self.runs.n:
            # The censuses recorded so far name closures by object id: give each of those
            # a closure id of its own (an "extra" one), final use known for the dead, to
            # be recorded there for the survivors, so that old ids can go.
            r = self.runs
            rc = r.cid[: r.n]
            named = np.unique(rc[rc >= 0])
            if len(named):
                extra = self._new_extra(len(named))
                self.extra_last[-2 - extra] = o.final[named]
                self.extra_run[-2 - extra] = o.run[named]
                pos = np.minimum(np.searchsorted(kept, named), max(len(kept) - 1, 0))
                alive = (kept[pos] == named) if len(kept) else np.zeros(len(named), bool)
                # a survivor updated since keeps its newer closure id (the named one,
                # its first closure, is finished: its final use is in ``final``)
                current = alive & (o.cid[named] == 0)
                o.cid[named[current]] = extra[current]
                first = rc >= 0
                rc[first] = extra[np.searchsorted(named, rc[first])]
        kept = kept[kept < o.cap]
        cap = max(len(kept), 1024)
        for name, dt in o.dtypes.items():
            col = np.zeros(cap, dtype=dt)
            col[: len(kept)] = getattr(o, name)[kept]
            setattr(o, name, col)
        o.cap = cap

    @hookimpl(trylast=True)
    def profkit_census(self, session: Session, census: CensusView) -> None:
        k = int(census.era)
        self._ensure_era(k + 1)
        objs = np.asarray(census.obj, dtype=np.int64)  # (never written: no copy)
        o = self.obj
        if len(objs):
            o.ensure(int(objs.max()) + 1)
        o.fit_era(k)
        mask = bands.heap_mask(census, self.rts)
        at = census.atoms()
        if at is not None:  # per atom, then one lookup per object
            atom, a_bytes = at[0], at[2].astype(np.int64) * census.word_bytes
            inherent = np.isin(at[3].astype(np.int64), _INHERENT_KINDS)[atom]
        else:
            size = np.asarray(census.col("size_bytes"), dtype=np.int64)
            inherent = np.isin(census.col("kind").astype(np.int64), _INHERENT_KINDS)
        last = self.last_use(objs, census.col("last_use"))
        state = (last != 0).astype(np.int8)  # S_NOT_USED, S_USED, or S_INHERENT
        state += S_NOT_USED
        state[inherent] = S_INHERENT
        if at is not None:  # objects counted per (state, atom), bytes per atom: integers
            key = state.astype(np.int64)
            key *= len(a_bytes)
            key += atom
            cnt = np.bincount(key if mask.all() else key[mask], minlength=3 * len(a_bytes))
            sums = cnt.reshape(3, len(a_bytes)) @ a_bytes
        else:
            sums = np.bincount(state[mask], weights=size[mask], minlength=3)
        self.inherent[k] += int(round(sums[S_INHERENT]))
        self.not_used[k] += int(round(sums[S_NOT_USED]))
        self.used[k] += int(round(sums[S_USED]))
        counted = mask & ~inherent
        c = objs[counted]
        fs = o.first_seen[c]
        o.first_seen[c] = np.where(fs == 0, k, fs)
        o.last_seen[c] = k
        o.size_seen[c] = a_bytes[atom[counted]] if at is not None else size[counted]
        if self.restricted:
            if self.breakdown == "r":
                codes, names, mask = self._retainer_bands(session, census, mask)
            else:
                codes, names = bands.band_ids(census, self.breakdown, self.rts)
            glob = np.array([self._band(nm) for nm in names], dtype=np.int32)
            if at is not None:
                size = a_bytes[atom]
            self._extend_runs(self._closure_ids(objs[mask]),
                              glob[codes[mask]] if len(names) else
                              np.zeros(int(mask.sum()), np.int32),
                              state[mask].astype(np.int8), size[mask], len(self.times))
        self.times.append(float(census.time))
        self.eras.append(k)
        self.last_time = max(self.last_time, float(census.time))

    @hookimpl
    def profkit_tick(self, time: float) -> None:
        self.last_time = max(self.last_time, float(time))

    @hookimpl
    def profkit_session_finish(self, session: Session, exitstatus: int) -> None:
        end = final_time(session, self.last_time)
        job = job_string(self.config)
        if self.plain:
            write_hp(self.plain_path, job, self.plain_samples(), end, keep_zero=True)
        if self.restricted:
            write_hp(self.config.output_path(".hp"), job, self.restricted_samples(), end,
                     keep_zero=False)

    # ---------------------------------------------------------------- results
    def totals(self) -> np.ndarray:
        """Per census (rows, in census order): VOID, LAG, USE, INHERENT_USE, DRAG bytes,
        unselected biographies zeroed."""
        eras = np.asarray(self.eras, dtype=np.int64)
        void = np.cumsum(self.void_diff)[eras] if len(eras) else np.zeros(0, np.int64)
        drag = np.cumsum(self.drag_diff)[eras] if len(eras) else np.zeros(0, np.int64)
        out = np.stack([void, self.not_used[eras] - void, self.used[eras] - drag,
                        self.inherent[eras], drag], axis=1) if len(eras) else \
            np.zeros((0, 5), dtype=np.int64)
        sel = self.selected
        keep = np.array([sel[VOID], sel[LAG], sel[USE], sel[INHERENT], sel[DRAG]])
        return out * keep

    def plain_samples(self) -> list[tuple[float, list[tuple[str, int]]]]:
        t = self.totals()
        return [(time, list(zip(BANDS, (int(x) for x in row))))
                for time, row in zip(self.times, t)]

    def restricted_samples(self) -> list[tuple[float, list[tuple[str, int]]]]:
        """The restricted break-down: per census, bytes per band of the selected
        biographies (each run classified with its closure's final last use)."""
        nb, nc, r = len(self.band_names), len(self.times), self.runs
        if not nb:
            return [(time, []) for time in self.times]
        eras = np.asarray(self.eras, dtype=np.int64)
        n = r.n
        last = self._final_last(r.cid[:n])
        state, code = r.state[:n], r.code[:n].astype(np.int64)
        size = r.size[:n].astype(np.int64)
        start, end = r.start[:n].astype(np.int64), r.end[:n].astype(np.int64)
        bio = np.full(n, INHERENT, dtype=np.int64)
        nu, us = state == S_NOT_USED, state == S_USED
        bio[nu] = np.where(last[nu] == 0, VOID, LAG)
        bio[us] = USE
        # a used closure is DRAG at the censuses of eras after its last use
        split = np.where(us, np.searchsorted(eras, last, side="right"), end + 1)
        diff = np.zeros((nc + 1) * nb, dtype=np.int64)
        for b, lo, hi in ((bio, start, np.minimum(end, split - 1)),
                          (np.full(n, DRAG), np.maximum(start, split), end)):
            keep = self.selected[b] & (lo <= hi)
            np.add.at(diff, lo[keep] * nb + code[keep], size[keep])
            np.add.at(diff, (hi[keep] + 1) * nb + code[keep], -size[keep])
        sums = np.cumsum(diff.reshape(nc + 1, nb), axis=0)
        return [(time, [(self.band_names[j], int(row[j])) for j in range(nb) if row[j]])
                for time, row in zip(self.times, sums[:nc].tolist())]

    # ---------------------------------------------------------------- restricted mode
    def _retainer_bands(self, session: Session, census: CensusView, mask: np.ndarray):
        """-hr -hb<bio>: the retainer scheme's sets of this census (it runs first: this
        hook is ``trylast``) as band codes, its band names, and its counted objects."""
        from profkit.plugins.retainer import RetainerProfile

        rs = next((x for x in session.schemes if isinstance(x, RetainerProfile)), None)
        if rs is None or rs.census_sets is None or rs.census_sets[0] != int(census.era):
            return np.zeros(len(census), dtype=np.int64), [], mask & False
        _era, node_set, rmask = rs.census_sets
        ids, codes = np.unique(node_set, return_inverse=True)
        names = [rs.band(int(i)) for i in ids.tolist()]
        return codes.reshape(-1), names, mask & rmask

    def _band(self, name: str) -> int:
        j = self._band_index.get(name)
        if j is None:
            j = self._band_index[name] = len(self.band_names)
            self.band_names.append(name)
        return j

    def _new_extra(self, k: int) -> np.ndarray:
        """``k`` fresh closure ids (-2, -3, ...), with room for their final use and run."""
        ids = -2 - (self.n_extra + np.arange(k, dtype=np.int64))
        self.n_extra += k
        if self.n_extra > len(self.extra_last):
            cap = max(self.n_extra, 2 * len(self.extra_last))
            for name in ("extra_last", "extra_run"):
                grown = np.zeros(cap, np.int64)
                old = getattr(self, name)
                grown[: len(old)] = old
                setattr(self, name, grown)
        return ids

    def _extend_runs(self, cids: np.ndarray, code: np.ndarray, state: np.ndarray,
                     size: np.ndarray, idx: int) -> None:
        """Census ``idx`` counted the closures ``cids`` (distinct): a closure counted by the
        previous census with the same band, state and size extends its run, any other
        starts one."""
        r, o = self.runs, self.obj
        first = cids >= 0
        prev = np.empty(len(cids), dtype=np.int64)
        prev[first] = o.run[cids[first]]
        prev[~first] = self.extra_run[-2 - cids[~first]]
        prev -= 1
        p = np.maximum(prev, 0)
        cont = (prev >= 0) & (r.end[p] == idx - 1) & (r.code[p] == code) & \
            (r.state[p] == state) & (r.size[p] == size)
        r.end[prev[cont]] = idx
        new = ~cont
        made = r.add(cids[new], code[new], state[new], size[new], idx) + 1
        c = cids[new]
        f = c >= 0
        o.run[c[f]] = made[f]
        self.extra_run[-2 - c[~f]] = made[~f]

    def _closure_ids(self, objs: np.ndarray) -> np.ndarray:
        cur = self.obj.cid[objs]
        return np.where(cur == 0, objs, cur)

    def _record_final(self, objs: np.ndarray, last: np.ndarray) -> None:
        ids = self._closure_ids(objs)
        first = ids >= 0
        self.obj.final[ids[first]] = last[first]
        self.extra_last[-2 - ids[~first]] = last[~first]

    def _final_last(self, cids: np.ndarray) -> np.ndarray:
        """Closure ids -> their final last-use era (0 = never used)."""
        out = np.zeros(len(cids), dtype=np.int64)
        first = cids >= 0
        out[first] = self.obj.final[cids[first]]
        out[~first] = self.extra_last[-2 - cids[~first]]
        return out


def selected(config: Config) -> bool:
    heap = config.rts.heap
    return heap.breakdown == "b" or heap.biography or bool(heap.restrict.get("b"))


# Its options (``profkit schemes``): only the implicit ``enable``; ``-p ldvu.enable=0``
# turns the scheme off even when its flags select it.
PROFKIT_OPTIONS = PluginOptions(
    "ldvu", help="lag/drag/void/use biographical profile (+RTS -hb)")


@hookimpl
def profkit_add_schemes(config: Config) -> list[Any] | None:
    if selected(config):
        scheme = LdvuProfile(config)
        return [scheme]
    return None
