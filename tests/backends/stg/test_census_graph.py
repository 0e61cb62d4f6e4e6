"""Retainer profiling's census graph read from the edge tracer's rows (``census_graph``)
must be the object-by-object trace's graph at every census, so that every ``-hr`` profile
stays as it was.

``CHECK_TRACE`` makes the collector build both graphs at every census and fail on the first
difference (edges in the same order, the same root entries and identities); the programs
cover lazy lists, selector thunks, cyclic lets, CAFs, deep stacks, ``-G3``, and statics
that lead to the heap (a Prelude table of CAF strings walked by ``show``), where the rows
cannot give the graph and the census falls back to the object trace.
"""

from __future__ import annotations

import numpy as np
import pytest

from profkit.backends.stg.heap import gc as G
from profkit.backends.stg.heap import oldgraph
from profkit.plugins.retainer import RetainerProfile
from profkit.testing import run_program
from tests.backends.stg.test_oldgraph import PROGRAMS as OLDGRAPH_PROGRAMS

PROGRAMS = dict(OLDGRAPH_PROGRAMS)
# show of control characters walks base's static table of CAF strings (asciiTab): stack
# frames hold its static cells, whose evaluated CAFs lead to the heap
PROGRAMS["statics"] = """\
module Main (main) where

ys :: [Int]
ys = map (* 2) [1 .. 500]

main :: IO ()
main = do
  let s = map toEnum [0 .. 31 :: Int] :: String
      ls = [show (take k (cycle s)) | k <- [1 .. 120]]
      held = [if even k then ys else [k] | k <- [1 .. 400 :: Int]]
  print (sum (map length ls))
  mapM_ (\\k -> putStrLn (show (drop k s))) [0, 8 .. 31]
  print (sum (map length held), sum ys)
"""
# the census reads the frames' roots from the machine's root cache (``_census_listing``):
# cached ids of thunks updated since they were cached (frames) and a static CAF under
# evaluation held by an update frame (cafdeep)
PROGRAMS["frames"] = """\
module Main (main) where

-- the frames below hold t while the bottom forces it: t is an indirection when a census
-- reads the frames' cached ids (a large Int, then a small one: a static value)
go :: Int -> Int -> Int
go t 0 = t + work t 1500
go t n = case go t (n - 1) of
  r -> r + t + n

work :: Int -> Int -> Int
work t 0 = t
work t k = length [1 .. k `mod` 7] + work t (k - 1)

main :: IO ()
main = do
  let xs = [1 .. 5000] :: [Int]
  print (go (sum xs) 800)
  print (go (length xs `mod` 5) 600)
"""
PROGRAMS["cafdeep"] = """\
module Main (main) where

table :: [Int]
table = map (* 3) [1 .. 300]

big :: Int
big = count 0 [1 .. 30000]

count :: Int -> [Int] -> Int
count acc [] = acc + sum table
count acc (x : xs) = x + count acc xs

main :: IO ()
main = print (big + length table)
"""


# a frame unchanged since the root cache listed it holds a thunk updated since; a rebuild of
# the old graph then drops the indirection's row (the helper's reproducer, session 13)
PROGRAMS["stale"] = """\
module Main (main) where

go :: Int -> Int -> Int
go t 0 = t + churn 6
go t n = case length [1 .. 40 + n `mod` 3] of
  k -> case go t (n - 1) of
    r -> r + t + k

churn :: Int -> Int
churn 0 = 0
churn k = let xs = [1 .. 30000 + k] :: [Int]
          in length xs + sum xs `mod` 7 + churn (k - 1)

main :: IO ()
main = do
  let xs = [1 .. 5000] :: [Int]
  print (go (sum xs) 3000)
"""


def _run(tmp_path, name, rts):
    r = run_program(source=PROGRAMS[name], name=f"{name}.hs", rts=rts,
                    flags=["-fprof-auto"], outdir=tmp_path)
    assert r.status == 0, r.stderr
    return r


def _reports(r):
    """Every report of the run (.hp, .hb.hp, .prof), DATE lines left out."""
    return {name: [ln for ln in text.splitlines() if not ln.startswith("DATE")]
            for name, text in r.reports.items()}


@pytest.mark.parametrize("name", ["mean_leak", "knots", "selectors", "deep", "statics",
                                  "frames", "cafdeep"])
@pytest.mark.parametrize("rts", [["-hr", "-i0.0002", "-A4k"],
                                 ["-hr", "-hb", "-G3", "-i0.0003", "-A8k"]], ids=["hr", "hrhbG3"])
def test_the_rows_give_the_object_traces_graph_at_every_census(tmp_path, monkeypatch, name,
                                                               rts):
    assert oldgraph.available()
    monkeypatch.setattr(G, "CHECK_TRACE", True)  # both graphs at every census, compared
    r = _run(tmp_path / "fast", name, rts)
    model = r.session.backend.gc
    assert isinstance(model.fast, oldgraph.OldGraph)  # -hr uses the edge tracer now
    censuses = len(r.report(".hp").split("BEGIN_SAMPLE")) - 2
    assert censuses >= 3
    if name == "statics":
        assert model.graph_fallbacks > 0  # static cells leading to the heap were seen
    else:
        assert model.graph_fallbacks == 0
    # every census's roots came from the root cache (compared with the full listing)
    retainer = next(s for s in r.session.schemes if isinstance(s, RetainerProfile))
    assert r.session.backend.machine.census_listings == len(retainer.records) > 0
    monkeypatch.setattr(G, "CHECK_TRACE", False)
    monkeypatch.setattr(G, "NO_FAST_TRACE", True)
    slow = _run(tmp_path / "slow", name, rts)
    assert slow.session.backend.gc.fast is None
    assert _reports(r) == _reports(slow)
    assert r.stdout == slow.stdout


def test_a_mismatch_between_the_graphs_is_reported(tmp_path, monkeypatch):
    """The self-check compares: a graph read wrongly from the rows fails the run."""
    from profkit.backends.stg.heap import census_graph

    real = census_graph.from_rows

    def broken(*a, **k):
        g = real(*a, **k)
        if g is not None and len(g.targets) > 1:
            g.targets = g.targets[::-1].copy()
        return g

    monkeypatch.setattr(G, "CHECK_TRACE", True)
    monkeypatch.setattr(census_graph, "from_rows", broken)
    with pytest.raises(AssertionError, match="census graph from the rows differs"):
        run_program(source=PROGRAMS["knots"], name="knots.hs",
                    rts=["-hr", "-i0.0005", "-A4k"], flags=["-fprof-auto"], outdir=tmp_path)


def test_a_wrong_root_listing_from_the_cache_is_reported(tmp_path, monkeypatch):
    """The census's roots from the machine's root cache are compared with the listing of
    every frame under the self-check: a cache that lost a root fails the run."""
    from profkit.backends.stg.heap import census_graph

    real = census_graph.HeapIdRoots.__init__

    def lossy(self, ids, identity):
        real(self, ids[1:], identity)

    monkeypatch.setattr(G, "CHECK_TRACE", True)
    monkeypatch.setattr(census_graph.HeapIdRoots, "__init__", lossy)
    with pytest.raises(AssertionError, match="census roots from the root cache differ"):
        run_program(source=PROGRAMS["deep"], name="deep.hs",
                    rts=["-hr", "-i0.0005", "-A4k"], flags=["-fprof-auto"], outdir=tmp_path)


def test_every_node_reachable_finds_a_node_the_roots_miss():
    from profkit.backends.stg.heap.census_graph import every_node_reachable
    from profkit.heap import HeapGraph

    def graph(offsets, targets, roots):
        n = len(offsets) - 1
        return HeapGraph(offsets=np.array(offsets), targets=np.array(targets),
                         roots=np.array(roots), root_identity=np.zeros(len(roots), np.int32),
                         is_retainer=np.zeros(n, bool), identity=np.full(n, -1, np.int32))

    assert every_node_reachable(graph([0, 1, 2, 2], [1, 2], [0]))  # 0 -> 1 -> 2
    assert not every_node_reachable(graph([0, 1, 1, 2], [1, 1], [0]))  # 2 -> 1 only
    assert every_node_reachable(graph([0, 1, 1, 2], [1, 1], [0, 2]))


def test_the_rows_graphs_hints_give_the_same_retainer_sets(tmp_path, monkeypatch):
    """``RowsGraph``'s edge sources and all-reachable flag spare the retainer computation
    work, never change its result: the same sets, created in the same order, as from the
    plain graph."""
    from profkit.backends.stg.heap.census_graph import RowsGraph
    from profkit.heap import HeapGraph
    from profkit.plugins import retainer as RP
    from profkit.plugins.retainer_sets import RetainerSets
    from profkit.plugins.retainer_traverse import compute_retainer_sets

    seen = []
    real = RP.compute_retainer_sets

    def keep(graph, sets):
        seen.append(graph)
        return real(graph, sets)

    monkeypatch.setattr(G, "CHECK_TRACE", True)
    monkeypatch.setattr(RP, "compute_retainer_sets", keep)
    for name in ("mean_leak", "frames", "knots"):
        _run(tmp_path / name, name, ["-hr", "-i0.0003", "-A4k"])
    assert seen and all(type(g) is RowsGraph and g.all_reachable for g in seen)
    hinted, plain = RetainerSets(3), RetainerSets(3)
    for g in seen:
        a, sa = compute_retainer_sets(g, hinted)
        b, sb = compute_retainer_sets(HeapGraph(g.offsets, g.targets, g.roots, g.root_identity,
                                                g.is_retainer, g.identity), plain)
        assert np.array_equal(a, b) and sa == sb
    assert hinted.elements == plain.elements


@pytest.mark.parametrize("rts", [["-hc", "-i0.001", "-A4k"], ["-hr", "-i0.001", "-A4k"]],
                         ids=["hc", "hr"])
def test_a_cached_frame_item_updated_since_is_followed_to_its_value(tmp_path, monkeypatch,
                                                                     rts):
    # the cached id of a thunk updated after its frame was cached led nowhere once a
    # rebuild dropped the indirection's row: its value was marked dead while the frame
    # held it ("edge trace differs from the object trace"); the frames from the lowest
    # such one up are now listed again at a major collection (roots._below_updated)
    rebuilds = []
    real = oldgraph.OldGraph._rebuild

    def counting(self, *a, **k):
        rebuilds.append(1)
        return real(self, *a, **k)

    monkeypatch.setattr(oldgraph.OldGraph, "_rebuild", counting)
    monkeypatch.setattr(G, "CHECK_TRACE", True)
    r = _run(tmp_path, "stale", rts)
    assert r.stdout == "37520305534\n"
    assert rebuilds and r.session.backend.gc.major_collections > 3
