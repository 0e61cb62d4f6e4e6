"""What a census-only run (no collection between censuses: ``StgBackend._only_censuses``) keeps
in host memory between censuses: not the dead objects a collection would have freed. The
remembered thunks nothing else refers to are dropped (``heap/remembered.py``), the watermark's
dirty environments are kept as ids (``machine/roots.py``), and the profiles are those of a run
that keeps both (issue 13 item 3, issue 18 item 5). A major collection's search from more
starts than fit after the old graph's edges runs in parts instead of copying the edges into a
larger array (``csgraph.reach_in_parts``). No timing: the figures of whole runs are
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


@pytest.mark.parametrize("room", [0, 5, 700])
def test_a_search_from_more_starts_than_fit_does_not_grow_the_edges(monkeypatch, room):
    """A major collection's search puts its starts after the old graph's edges; more than
    fit there (a deep stack's frames) are searched in parts (``csgraph.reach_in_parts``), so
    the edge array is not copied into a larger one at a census. The marks are the Python
    search's; the parts are as many as the room makes them."""
    np = pytest.importorskip("numpy")
    from profkit import csgraph
    from profkit.backends.stg.heap import oldgraph

    if not oldgraph._have_scipy() or not csgraph.light_search():
        pytest.skip("scipy's compiled search not loaded")
    monkeypatch.setattr(oldgraph, "SEARCH_ROOM_MIN", 64, raising=False)
    calls = []
    search = csgraph._search
    monkeypatch.setattr(csgraph, "_search",
                        lambda *a: calls.append(a[0]) or search(*a))
    rng = np.random.default_rng(5)
    n = 20000
    g = oldgraph.OldGraph(None, None)
    counts = rng.integers(0, 3, n)
    g.indptr.extend(np.cumsum(counts).astype(np.int32))
    g.targets.extend(rng.integers(0, n, int(counts.sum())).astype(np.int32))
    edges = np.zeros(g.nnz + room, dtype=np.int32)  # ``room`` slots after the edges
    edges[:g.nnz] = g.targets.view()
    g.targets.arr = edges
    size = len(g.targets.arr)
    start = rng.choice(n, size=3000, replace=False).astype(np.int64)
    c, py = np.zeros(n, dtype=bool), np.zeros(n, dtype=bool)
    g._search_c(start, c)
    assert g._search_py(start, py, None)
    assert np.array_equal(c, py) and c.sum() >= 3000
    # the edges were not copied for the starts: grown only if less than the least room
    # (64), as they grow for edges (by half), then searched in parts of what fits
    assert (len(g.targets.arr) == size) == (room >= 64)
    after = len(g.targets.arr) - g.nnz
    assert len(calls) == -(-3000 // after) and set(calls) == {n}
    assert len(calls) > 1 if room == 700 else len(calls) >= 1
    assert g.nnz == int(counts.sum())


def test_reach_in_parts_reaches_what_one_search_does():
    np = pytest.importorskip("numpy")
    from profkit import csgraph

    if csgraph.load() is None or not csgraph.light_search():
        pytest.skip("scipy's compiled search not loaded")
    _, bfo = csgraph.load()
    rng = np.random.default_rng(11)
    for n, deg, k, room in ((200, 1, 50, 3), (5000, 2, 800, 100), (5000, 1, 40, 1000)):
        counts = rng.integers(0, deg + 1, n)
        ip = np.zeros(n + 2, dtype=np.int32)
        ip[1:n + 1] = np.cumsum(counts)
        nnz = int(ip[n])
        start = rng.choice(n, size=k, replace=False).astype(np.int32)
        tg = np.zeros(nnz + max(room, k), dtype=np.int32)
        tg[:nnz] = rng.integers(0, n, nnz)
        whole = tg.copy()  # one search: every start in the start row
        whole[nnz:nnz + k] = start
        ip1 = ip.copy()
        ip1[n + 1] = nnz + k
        pred = bfo(csgraph.Graph((None, whole, ip1), shape=(n + 1, n + 1)), n)[1]
        got = csgraph.reach_in_parts(tg[:nnz + room], ip.copy(), nnz, start)
        assert np.array_equal(got, pred[:n] >= 0)
        assert got[start].all() and not got.all()
