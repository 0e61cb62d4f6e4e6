"""Header compaction on the STG backend (``StgHeapModel._compact``, ``profkit_renumber``):
profiles are the same with and without it, it really happens and shrinks the per-object
state, and a scheme that cannot renumber keeps it off."""

from __future__ import annotations

import re

import numpy as np
import pytest

from profkit.header import ProfHeader, SiteHeader
from profkit.hookspecs import hookimpl
from profkit.scheme import ObjectColumn
from profkit.testing import run_program

# Most of what it allocates dies young; a seventh of a list stays live to the end, and the
# lazy foldl keeps a chain of thunks that are updated later: survivors, updates and
# indirections across compactions.
CHURN = """module Main (main) where

keep :: [Int] -> Int -> [Int]
keep acc i = if i `mod` 7 == 0 then i : acc else acc

tri :: Int -> Int
tri n = sum [1 .. n]

main :: IO ()
main = do
  let kept = foldl keep [] [1 .. 3000]
  print (sum (map tri (take 150 kept)))
  print (length kept)
"""

_DATE = re.compile(r"^(DATE .*|\t.*Profiling Report.*)$", re.M)


def _run(tmp_path, rts, compact, name="churn", plugins=(), record=False, options=None):
    options = {"stg.compact": compact, "stg.compact_min": 1000, **(options or {})}
    r = run_program(source=CHURN, name=f"{name}.hs", flags=["-fprof-auto"],
                    rts=["-A32k", "-i0.002", "-p", *rts], options=options,
                    outdir=tmp_path / f"{name}{int(compact)}", plugins=plugins,
                    record=record)
    assert r.status == 0, r.stderr
    assert r.stdout == "466312175\n428\n"
    return r


def _reports(r) -> dict[str, str]:
    # (-pj names the program by its path, in the run's own folder)
    return {k: _DATE.sub("", v).replace(str(r.outdir), "OUT")
            for k, v in r.reports.items() if not k.endswith(".hs")}


@pytest.mark.parametrize("rts", [["-hc"], ["-hd"], ["-hy"], ["-hb"], ["-hr"], ["-hr", "-hb"],
                                 ["-hc", "-hbdrag,void"], ["-hd", "-hblag"]],
                         ids=" ".join)
def test_profiles_equal_with_and_without_compaction(tmp_path, rts):
    on = _run(tmp_path, rts, True)
    off = _run(tmp_path, rts, False)
    assert on.session.backend.gc.compactions >= 10
    assert off.session.backend.gc.compactions == 0
    a, b = _reports(on), _reports(off)
    assert sorted(a) == sorted(b)
    for name in a:
        assert a[name] == b[name], name


def test_compaction_bounds_the_per_object_state(tmp_path):
    on = _run(tmp_path, ["-hb"], True)
    off = _run(tmp_path, ["-hb"], False)
    n_on, n_off = len(on.session.header), len(off.session.header)
    # the ids in use follow the live heap plus what was allocated since the last compaction
    assert n_on * 5 < n_off
    ldvu_on = [s for s in on.session.schemes if type(s).__name__ == "LdvuProfile"][0]
    ldvu_off = [s for s in off.session.schemes if type(s).__name__ == "LdvuProfile"][0]
    assert ldvu_on.obj.cap * 5 < ldvu_off.obj.cap


@pytest.mark.parametrize("rts", [["-hb"], ["-hr"]], ids=" ".join)
def test_generational_compactions_renumber_only_the_newer_survivors(tmp_path, monkeypatch,
                                                                    rts):
    """After the first compaction most are generational: the ids the previous one numbered
    stay (``kept`` starts 0, 1, 2..., a few dead ones among them) and the young trace finds
    exactly the newer survivors (checked: CHECK_TRACE fails on a miss)."""
    from profkit.backends.stg.heap import gc as G

    monkeypatch.setattr(G, "CHECK_TRACE", True)
    seen = []

    class Watch:
        @hookimpl
        def profkit_renumber(self, session, kept):
            seen.append(kept.copy())

    # (every collection: -hr alone would collect only at censuses, fewer compactions)
    on = _run(tmp_path, rts, True, plugins=[Watch()], options={"stg.census_only": False})
    g = on.session.backend.gc
    assert g.compactions >= 10 and g.generational_compactions >= 5
    prefix = [k for k in seen if len(k) > 1 and k[1] == 1 and k[-1] > len(k)]
    assert len(prefix) >= g.generational_compactions
    off = _run(tmp_path, rts, False)
    assert _reports(on) == _reports(off)


class _DeathCounter:
    """A scheme with per-object state and no ``profkit_renumber``."""

    def __init__(self) -> None:
        self.ids: list[np.ndarray] = []

    @hookimpl
    def profkit_death(self, batch):
        self.ids.append(batch["obj"].copy())


def test_a_scheme_without_renumber_keeps_ids_dense(tmp_path):
    counter = _DeathCounter()
    r = _run(tmp_path, ["-hc"], True, plugins=[counter])
    assert r.session.backend.gc.compactions == 0
    ids = np.sort(np.concatenate(counter.ids))
    # every id of the run died exactly once: dense, never reused
    assert np.array_equal(ids, np.arange(len(r.session.header)))


def test_the_recorder_keeps_ids_dense(tmp_path):
    r = _run(tmp_path, ["-hc"], True, record=True)
    assert r.session.backend.gc.compactions == 0


def test_renumber_events_name_the_survivors(tmp_path):
    seen = []

    class Watch:
        @hookimpl
        def profkit_renumber(self, session, kept):
            assert np.all(np.diff(kept) > 0)
            seen.append((len(kept), len(session.header)))

    _run(tmp_path, ["-hc"], True, plugins=[Watch()])
    assert len(seen) >= 10
    # called after the header was compacted to exactly the survivors
    assert all(k == n for k, n in seen)


def test_allocation_per_stack_survives_compaction(tmp_path):
    """The backend's bytes allocated per cost-centre stack count the rows compaction
    dropped."""
    on = _run(tmp_path, ["-hc"], True)
    off = _run(tmp_path, ["-hc"], False)
    assert on.session.backend.gc.compactions >= 10
    a, b = on.session.backend.ccs_alloc_bytes(), off.session.backend.ccs_alloc_bytes()
    assert a.sum() > 0 and np.array_equal(a, b)


@pytest.mark.parametrize("rts", [[], ["-pj"], ["-P"]], ids=lambda r: " ".join(r) or "-p")
def test_without_a_collector_model_delivered_rows_are_forgotten(tmp_path, rts):
    """-p alone has no collector model and no scheme reads an id after its alloc row: the
    header is emptied as it fills, with the same reports and allocation figures."""
    on = _run(tmp_path, rts, True)
    off = _run(tmp_path, rts, False)
    assert on.session.backend.gc is None
    assert on.session.backend.machine.forgets >= 5
    assert off.session.backend.machine.forgets == 0
    assert len(on.session.header) * 5 < len(off.session.header)
    assert _reports(on) == _reports(off)
    a, b = on.session.backend.ccs_alloc_bytes(), off.session.backend.ccs_alloc_bytes()
    assert a.sum() > 0 and np.array_equal(a, b)


def test_a_scheme_reading_later_events_keeps_ids(tmp_path):
    """A scheme listening to updates gets ids of objects allocated long before: nothing is
    forgotten, even though it renumbers."""

    class Updates:
        n = 0

        @hookimpl
        def profkit_update(self, batch):
            Updates.n += len(batch)

        @hookimpl
        def profkit_renumber(self, kept):
            raise AssertionError("no collector model: nothing to renumber")

    r = _run(tmp_path, [], True, plugins=[Updates()])
    off = _run(tmp_path, [], False, name="off")
    assert Updates.n > 0
    assert len(r.session.header) == len(off.session.header)


def test_site_header_compact_keeps_rows_and_eras():
    h = SiteHeader()
    a = h.site_id(7, 3)
    b = h.site_id(8, 2)
    for i in range(10):
        h.new(7 if i % 2 else 8, 100 + i, 3 if i % 2 else 2, 0)
        if i == 4:
            h.era_advanced(2)
    h.set_last_use(3, 2)
    h.set_state(6, h.state_id(99))
    kept = np.array([1, 3, 6, 8], dtype=np.int64)
    before = {c: h.gather(c, kept) for c in ("info", "producer", "size_words", "era",
                                             "last_use")}
    h.compact(kept)
    assert len(h) == 4
    for c, v in before.items():
        assert np.array_equal(h.gather(c, np.arange(4)), v), c
    # objects allocated after the compaction: the current era, then the next one
    assert h.new(8, 5, 2, 0) == 4
    h.era_advanced(3)
    h.new(7, 6, 3, 0)
    assert h.gather("era", np.arange(6)).tolist() == [1, 1, 2, 2, 2, 3]
    assert (a, b) == (0, 1)


def test_prof_header_compact_keeps_rows():
    """The plain header (one row per object, as a backend without sites keeps) compacts to
    the same rows, renumbered."""
    h = ProfHeader()
    for i in range(8):
        h.new(i % 3, 50 + i, 2 + i, i // 2)
    h.last_use[5] = 4
    kept = np.array([0, 5, 7], dtype=np.int64)
    before = {c: h.gather(c, kept) for c in ("info", "producer", "size_words", "era",
                                             "last_use")}
    h.compact(kept)
    assert len(h) == 3
    for c, v in before.items():
        assert np.array_equal(h.gather(c, np.arange(3)), v), c
    assert h.new(1, 9, 2, 4) == 3


def test_object_column_keep():
    c = ObjectColumn(fill=-1)
    c.set(np.array([0, 2, 5, 9]), np.array([10, 12, 15, 19]))
    c.keep(np.array([2, 5, 7, 20]))
    assert c.get(np.arange(5)).tolist() == [12, 15, -1, -1, -1]


def test_young_words_summed_as_ids_come_match_the_nursery_across_compactions(
        tmp_path, monkeypatch):
    # GIVEN the collector model checking every answer of young_words (the machine's
    # allocation trigger, summed only over the ids added since it last asked) against a sum
    # over the whole nursery, and calls counted
    from profkit.backends.stg.heap import gc as gcmod

    monkeypatch.setattr(gcmod, "CHECK_TRACE", True)
    calls = []
    orig = gcmod.StgHeapModel.young_words

    def counted(self):
        calls.append(self.compactions)
        return orig(self)

    monkeypatch.setattr(gcmod.StgHeapModel, "young_words", counted)
    # WHEN a program with minor and major collections and compactions runs (a census every
    # 2 ms of virtual time; -hc alone would collect only at censuses: test_census_only)
    _run(tmp_path, ["-hc"], True, options={"stg.census_only": False})
    # THEN every answer matched (an AssertionError would have failed the run), and it was
    # asked both before and after compactions
    assert len(calls) > 10
    assert calls[0] == 0 and calls[-1] >= 1
