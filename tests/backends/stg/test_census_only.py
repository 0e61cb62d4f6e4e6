"""Censuses without the collections between them (``StgBackend._only_censuses``, option
``stg.census_only``): for -hc, -hd, -hy and -hr the model collects only at censuses when nothing
a collection between two censuses does can change the next census (no listener of
collections, copies or deaths, no -M, no selector thunk). A heap closure referring to a CAF
of the program no longer keeps the collections: which CAFs a major collection drops depends
on the live heap only (machine/cafsrt.py, session 25). -hb too: its deaths may come at any collection up to the next census
(``LdvuProfile.late_deaths``), with the hot rows flushed where each collection left out would
have flushed them. The profiles are the same as with every minor and major collection; the
option really leaves them out; each condition keeps them."""

from __future__ import annotations

import re

import pytest

from profkit.hookspecs import hookimpl
from profkit.testing import run_program

# Most of what it allocates dies young; a seventh of a list stays live to the end, and the
# lazy foldl keeps a chain of thunks updated later (old thunks updated: the write barrier).
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

# a lazy pattern binding: a selector thunk for each half
SELECTOR = """module Main (main) where

main :: IO ()
main = do
  let (small, big) = span (< 500) [1 .. 2000 :: Int]
  print (sum big)
  print (length small)
"""

# the lambda's code refers to the CAF ``table``: a heap closure that keeps a CAF
CAFREF = """module Main (main) where

table :: [Int]
table = [1 .. 300]

main :: IO ()
main = do
  let xs = map (\\x -> x + length table) [1 .. 2000 :: Int]
  print (sum xs)
"""

# closures whose code refers to the CAF ``table`` (the lambdas of ``fs``) keep it while
# ``fs`` lives; the unevaluated cells of ``memo`` refer to ``memo`` itself. Both are dropped
# mid-run, once no live code refers to them (in a census-only run: at a census)
CAFDROP = """module Main (main) where

table :: [Int]
table = [1 .. 3000]

memo :: [Int]
memo = map step [0 ..]
  where step 0 = 1
        step n = (memo !! (n - 1) * 7 + n) `mod` 1000003

main :: IO ()
main = do
  let fs = map (\\x -> x + length table) [1 .. 4000 :: Int]
  print (sum fs)
  print (memo !! 800)
  print (sum (map (\\k -> length (show k)) [1 .. 30000 :: Int]))
"""

_DATE = re.compile(r"^(DATE .*|\t.*Profiling Report.*)$", re.M)


def _run(tmp_path, source, rts, on, name="churn", plugins=()):
    options = {"stg.census_only": "1" if on else "0"}
    r = run_program(source=source, name=f"{name}.hs", flags=["-fprof-auto"],
                    rts=["-A32k", "-i0.002", "-p", *rts], options=options,
                    outdir=tmp_path / f"{name}{int(on)}", record=False, plugins=plugins)
    assert r.status == 0, r.stderr
    return r


def _reports(r) -> dict[str, str]:
    return {k: _DATE.sub("", v) for k, v in r.reports.items() if not k.endswith(".hs")}


@pytest.mark.parametrize("rts", [["-hc"], ["-hd"], ["-hy"], ["-hc", "-hcmain"],
                                 ["-hd", "-hy[]"], ["-hr"], ["-hr", "-hcmain"],
                                 ["-hb"], ["-hc", "-hbdrag,void"], ["-hd", "-hblag"],
                                 ["-hr", "-hb"], ["-hy", "-hbuse,inherent_use"],
                                 ], ids=" ".join)
def test_profiles_equal_with_and_without_the_collections_between(tmp_path, rts):
    on = _run(tmp_path, CHURN, rts, True)
    off = _run(tmp_path, CHURN, rts, False)
    assert on.stdout == off.stdout == "466312175\n428\n"
    a, b = _reports(on), _reports(off)
    assert any(k.endswith(".hp") for k in a)
    assert a == b
    gon, goff = on.session.backend.gc, off.session.backend.gc
    assert on.session.backend._census_only and not off.session.backend._census_only
    # on: every collection was a census's major one; off: minor ones between (-A32k)
    assert gon.collections == gon.major_collections > 2
    assert goff.collections > goff.major_collections
    assert gon.collections <= goff.major_collections


class _Deaths:
    """A scheme reading death rows that has not said when they may come."""

    def __init__(self):
        self.rows = 0

    @hookimpl
    def profkit_death(self, batch):
        self.rows += len(batch)


@pytest.mark.parametrize("source,rts,name", [
    (CHURN, ["-hc"], "churn"),  # (with ``_Deaths``) a death is due at every collection
    (CHURN, ["-hc", "-M64m"], "churn"),  # the heap limit reads the model's live words
    (CHURN, ["-hc", "-G3"], "churn"),  # a census shows the generations
    (SELECTOR, ["-hc"], "selector"),
], ids=["deaths", "M", "G3", "selector"])
def test_collections_kept_where_they_can_change_a_census(tmp_path, source, rts, name, request):
    plugins = [_Deaths()] if "deaths" in request.node.name else []
    r = _run(tmp_path, source, rts, True, name=name, plugins=plugins)
    assert not r.session.backend._census_only
    gc = r.session.backend.gc
    assert gc.collections > gc.major_collections  # minor collections ran


@pytest.mark.parametrize("rts", [["-hc"], ["-hd"], ["-hr"], ["-hb"], ["-hy", "-hbdrag"]],
                         ids=" ".join)
def test_programs_whose_closures_refer_to_cafs_collect_only_at_censuses(tmp_path, rts):
    """The CAFs a closure refers to (``cafsrt``'s ``by_info``): the run leaves out the
    collections between censuses, and its profiles are those of the run with every
    collection, although the CAFs are dropped at other collections (at censuses only, not
    at the major collections between)."""
    on = _run(tmp_path, CAFDROP, rts, True, name="cafdrop")
    off = _run(tmp_path, CAFDROP, rts, False, name="cafdrop")
    assert on.stdout == off.stdout == "20002000\n251766\n138894\n"
    assert on.session.backend._srt.by_info
    assert on.session.backend._census_only and not off.session.backend._census_only
    gon, goff = on.session.backend.gc, off.session.backend.gc
    assert gon.collections == gon.major_collections
    assert goff.collections > goff.major_collections > 2
    for r in (on, off):
        assert sorted(r.session.backend._srt._names.values()) == ["memo", "table"]
        assert not r.session.backend._srt.cafs  # both dropped during the run
    a, b = _reports(on), _reports(off)
    assert a == b
    if rts == ["-hc"]:
        hp = a["cafdrop.hp"].split("BEGIN_SAMPLE")
        with_table = [k for k, x in enumerate(hp) if "table/Main.CAF" in x]
        # the table is a band for a while, then gone for many censuses before the end
        assert len(with_table) >= 5 and len(hp) - with_table[-1] >= 5


@pytest.mark.parametrize("source,name", [(SELECTOR, "selector"), (CAFREF, "cafref")])
def test_profiles_of_the_excluded_programs_unchanged_by_the_option(tmp_path, source, name):
    a = _reports(_run(tmp_path, source, ["-hc"], True, name=name))
    b = _reports(_run(tmp_path, source, ["-hc"], False, name=name))
    assert a == b


def test_a_long_gap_between_censuses_still_collects(tmp_path):
    """With censuses far apart, a major collection runs once CENSUS_ONLY_GAP nurseries were
    allocated since the last one (the header's dead rows compacted: sort_heap -hc with four
    censuses peaked at 300 MB without it); the profile is the same as with every
    collection."""
    def run(on):
        options = {"stg.census_only": "1" if on else "0"}
        r = run_program(source=CHURN, name="churn.hs", flags=["-fprof-auto"],
                        rts=["-A8k", "-i0.05", "-hc"], options=options,
                        outdir=tmp_path / f"gap{int(on)}", record=False)
        assert r.status == 0, r.stderr
        return r

    on, off = run(True), run(False)
    assert _reports(on) == _reports(off)
    gc = on.session.backend.gc
    censuses = _reports(on)["churn.hp"].count("BEGIN_SAMPLE")
    assert on.session.backend._census_only
    # (the census at the end is the run's last sample, taken without a collection)
    assert gc.collections == gc.major_collections > censuses


class _HotRows:
    """A scheme reading use and update rows: the batches as they came, (event, rows)."""

    def __init__(self):
        self.batches = []

    @hookimpl
    def profkit_use(self, batch):
        self.batches.append(("use", len(batch)))

    @hookimpl
    def profkit_update(self, batch):
        self.batches.append(("update", len(batch)))


def test_hot_rows_flushed_where_the_collections_left_out_would_have_been(tmp_path):
    """Leaving the collections out leaves their flushes in: the use and update rows arrive
    in the same batches either way (ldvu takes a use in the same flush as an update for a
    use of the closure the update replaced, so a batch boundary can move a use between
    closures)."""
    on, off = _HotRows(), _HotRows()
    a = _run(tmp_path, CHURN, ["-hc"], True, plugins=[on])
    b = _run(tmp_path, CHURN, ["-hc"], False, plugins=[off])
    assert a.session.backend._census_only
    ga, gb = a.session.backend.gc, b.session.backend.gc
    assert ga.collections == ga.major_collections < gb.collections
    censuses = _reports(a)["churn.hp"].count("BEGIN_SAMPLE")
    assert len(on.batches) > 2 * censuses
    assert on.batches == off.batches
