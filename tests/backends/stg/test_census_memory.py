"""What a census-only run (no collection between censuses: ``StgBackend._only_censuses``) keeps
in host memory between censuses: not the dead objects a collection would have freed. The
remembered thunks nothing else refers to are dropped (``heap/remembered.py``), the watermark's
dirty environments are kept as ids (``machine/roots.py``), and the profiles are those of a run
that keeps both (issue 13 item 3, issue 18 item 5). No timing: the figures of whole runs are
``bench/bench_memory.py --runs``'s."""

from __future__ import annotations

import re
import sys

import pytest

from profkit.testing import run_program

# A list consumed as it is made, after a census made its first cells old: the tail thunk the
# census found is updated to the next cell, and each cell's tail to the one after, so that
# one remembered thunk reaches every cell made since (all dead: the sum holds none of them).
STREAM = """module Main (main) where

total :: Int -> [Int] -> Int
total acc [] = acc
total acc (x : xs) = let acc' = acc + x in acc' `seq` total acc' xs

main :: IO ()
main = do
  let xs = [1 .. 60000] :: [Int]
  print (total 0 (take 5 xs))
  print (total 0 xs)
"""

_DATE = re.compile(r"^(DATE .*|\t.*Profiling Report.*)$", re.M)


def _run(tmp_path, name, rts, monkeypatch, prune=True):
    """(the run, the largest count of Python's allocated blocks at a collector check)"""
    from profkit.backends.stg import backend as B
    from profkit.backends.stg.heap import remembered

    if not prune:
        monkeypatch.setattr(remembered.RememberedPruner, "prune", lambda self, model: None)
    most = [0]
    check = B.StgBackend._gc_check

    def counted(self, steps):
        check(self, steps)
        most[0] = max(most[0], sys.getallocatedblocks())

    monkeypatch.setattr(B.StgBackend, "_gc_check", counted)
    r = run_program(source=STREAM, name="stream.hs", flags=["-fprof-auto"], rts=rts,
                    outdir=tmp_path / name, record=False)
    monkeypatch.undo()
    assert r.status == 0, r.stderr
    assert r.stdout == "15\n1800030000\n"
    return r, most[0]


def _reports(r) -> dict[str, str]:
    return {k: _DATE.sub("", v) for k, v in r.reports.items() if not k.endswith(".hs")}


@pytest.mark.parametrize("rts", [["-hc"], ["-hb"], ["-hr"], ["-hy", "-p"]], ids=" ".join)
def test_dead_objects_are_freed_between_censuses_profiles_unchanged(tmp_path, monkeypatch,
                                                                    rts):
    # (-A64k: the places of the collections left out come often; a census every 0.001 s)
    rts = [*rts, "-i0.001", "-A64k"]
    on, most_on = _run(tmp_path, "on", rts, monkeypatch)
    off, most_off = _run(tmp_path, "off", rts, monkeypatch, prune=False)
    assert on.session.backend._census_only  # (the mode this is about)
    assert _reports(on) == _reports(off)
    # without the pruning the remembered thunk keeps the cells made since the census (a
    # cell, its head's box and its tail thunk: three blocks each, 60,000 cells)
    assert most_off - most_on > 60_000, (most_off, most_on)


def test_remembered_entries_only_the_list_holds_are_dropped():
    from profkit.backends.stg.heap.remembered import FULL_MIN, RememberedPruner

    class Model:
        collections = 0
        remembered: list = []

    class T:
        pass

    kept = [T() for _ in range(3)]
    m = Model()
    m.remembered = [kept[0], T(), kept[1], T(), T(), kept[2], kept[0]]
    p = RememberedPruner()
    p.prune(m)
    assert m.remembered == [kept[0], kept[1], kept[2], kept[0]] and p.dropped == 3
    # a long list: looked at twice, then only once it has doubled
    held = [T() for _ in range(2 * FULL_MIN)]
    m.remembered = list(held)
    m.collections = 1  # (a collection started a new list)
    p.prune(m)
    assert len(m.remembered) == 2 * FULL_MIN
    late = [T() for _ in range(5)]
    m.remembered += [T() for _ in range(10)] + late
    del held[:FULL_MIN]  # the first half's entries now held by the list only
    p.prune(m)  # (the new ten dropped; the first half, looked at fully once, not again yet)
    assert len(m.remembered) == 2 * FULL_MIN + 5
    del late[:]
    p.prune(m)  # the five looked at a second time: dropped now
    assert len(m.remembered) == 2 * FULL_MIN
    m.remembered += [T() for _ in range(2 * FULL_MIN)]
    p.prune(m)  # doubled: every entry looked at
    assert m.remembered == held


def test_dirty_environments_are_ids(tmp_path):
    """The watermark's dirty environments are their ids (the lists themselves kept every
    popped frame's objects alive until the next collection)."""
    r = run_program(source=STREAM, name="dirty.hs", flags=["-fprof-auto"],
                    rts=["-hc", "-i0.0005", "-A64k"], outdir=tmp_path, record=False)
    assert r.status == 0, r.stderr
    m = r.session.backend.machine
    assert type(m._dirty) is set and all(type(x) is int for x in m._dirty)
