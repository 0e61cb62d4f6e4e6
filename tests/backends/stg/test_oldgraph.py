"""The edge-list tracer of the collector model (heap/oldgraph.py): major collections and
censuses that trace only the young generation in Python must mark exactly what the
object-by-object trace marks, at every collection, so every profile stays as it was.

``CHECK_TRACE`` makes the model run both traces at every collection and fail on the first
difference; the programs below cover lazy lists kept alive (indirections dying under live
cons cells), thunks under evaluation across censuses, cyclic let bindings, CAFs, partial
applications and deep stacks, with tiny nurseries so that objects are promoted and their
edges recorded many times.
"""

from __future__ import annotations

import numpy as np
import pytest

from profkit.backends.stg.heap import gc as G
from profkit.backends.stg.heap import oldgraph
from profkit.testing import run_program
from tests.conftest import GHC_REF, REPO

PROGRAMS = {
    "mean_leak": (GHC_REF / "programs" / "mean_leak.hs").read_text().replace("1e6", "2e4"),
    "leak": (REPO / "study" / "corpus" / "leak.hs").read_text(),
    "fg": (GHC_REF / "programs" / "fg.hs").read_text(),
    "queens": (REPO / "examples" / "queens.hs").read_text(),
    "tree": (REPO / "study" / "corpus" / "tree.hs").read_text(),
    # selector thunks (base's words, lines, span, unzip, partition, splitAt: `let (a, b) =
    # ...` in the library) short-cut by the collector once their pairs are evaluated, old
    # ones in major collections among them, first components kept unevaluated for long
    "selectors": """\
module Main (main) where

import Data.List (partition)

main :: IO ()
main = do
  let text = concat [show k ++ " alpha beta\\ngamma " | k <- [1 .. 300 :: Int]]
      ws = words text
      ls = lines text
      (small, big) = span (< 100) [1 .. 400 :: Int]
      (as, bs) = unzip [(i, i * i) | i <- [1 .. 300 :: Int]]
      (ev, od) = partition even [1 .. 500 :: Int]
      (pre, post) = splitAt 150 ws
  print (length ws)
  print (sum (map length ls))
  print (sum big, length post)
  print (sum bs)
  print (sum od)
  print (map length pre == map length (take 150 ws))
  print (sum small, sum as, sum ev)
""",
    # deep stacks grown and unwound across many collections: update frames and case
    # continuations whose environments are written after a collection listed them (the
    # root cache, the watermark moving down WM_STEP frames at a time)
    "deep": """\
module Main (main) where

mysum :: [Int] -> Int
mysum [] = 0
mysum (x : xs) = x + mysum xs

walk :: Int -> Int -> Int
walk 0 acc = acc
walk n acc = case walk (n - 1) (acc + 1) of
  r -> let s = r + n in if even n then s else s - 1

main :: IO ()
main = do
  let xs = [1 .. 6000 :: Int]
      ys = map (* 3) xs
  print (mysum xs)
  print (walk 5000 0 + mysum ys)
  print (length xs + length ys)
""",
    "knots": """\
module Main (main) where

data Node = Node Int [Node]

-- cyclic bindings built by one let, a CAF list consumed lazily, partial applications kept
-- in a list, and a lazy accumulator: thunks entered, updated and promoted across censuses
ring :: Int -> Node
ring k = let a = Node k [b, c]
             b = Node (k + 1) [c, a]
             c = Node (k + 2) [a, b]
         in a

total :: Int -> Node -> Int
total 0 _ = 0
total d (Node v ns) = v + sum (map (total (d - 1)) ns)

squares :: [Int]
squares = [x * x | x <- [1 .. 400]]

main :: IO ()
main = do
  let adders = map (+) [1 .. 50 :: Int]
  print (sum (zipWith ($) adders squares))
  print (sum [total 6 (ring k) | k <- [1 .. 40]])
  print (foldl (+) 0 (take 300 squares))
""",
    # fmap over an Array fills a store with a thunk per element before it is frozen: a
    # collection in the middle of that loop must keep the thunks already written (the store
    # held them, unseen by the traces, so they died and came back: session 19)
    "arrfmap": """\
module Main (main) where
import Data.Array

probe :: Array Int Double -> Int -> Int
probe a k = go 0 0
  where
    (_, hi) = bounds a
    go acc j
      | j >= k = acc
      | otherwise = let acc' = acc + truncate (a ! ((j * 7) `mod` (hi + 1)))
                    in acc' `seq` go acc' (j + 1)

main :: IO ()
main = do
  let a0 = listArray (0, 1999) [fromIntegral i * 0.5 | i <- [0 .. 1999 :: Int]]
  print (sum (elems a0))
  print (probe a0 15000)
  let a1 = fmap (* 2) a0
  print (probe a1 15000)
  print (accum (+) a1 [(i, 1) | i <- [0, 7 .. 1999]] ! 1995)
""",
}


def _run(tmp_path, name, rts, options=None):
    r = run_program(source=PROGRAMS[name], name=f"{name}.hs", rts=rts,
                    flags=["-fprof-auto"], outdir=tmp_path, options=options)
    assert r.status == 0, r.stderr
    return r


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("rts", [["-hc", "-i0.0001", "-A4k"], ["-hb", "-i0.0001", "-A16k"]],
                         ids=["hc", "hb"])
@pytest.mark.parametrize("search", ["c", "py"])
def test_marks_equal_the_object_trace_at_every_collection(tmp_path, monkeypatch, name, rts,
                                                          search):
    assert oldgraph.available()  # scipy is in the test extra: the edge tracer is tested
    monkeypatch.setattr(G, "CHECK_TRACE", True)
    # every search in C (scipy), or every one in Python
    monkeypatch.setattr(oldgraph, "SCIPY_MIN_EDGES", 0 if search == "c" else 1 << 62)
    monkeypatch.setattr(oldgraph, "PY_SEARCH_BUDGET", 0 if search == "c" else 1 << 62)
    monkeypatch.setattr(oldgraph, "PY_SEARCH_EDGES", 0 if search == "c" else 1 << 62)
    # (every collection: -hb, like -hc, collects only at censuses when it can)
    every = {"stg.census_only": "0"}
    r = _run(tmp_path / "fast", name, rts, every)
    model = r.session.backend.gc
    assert isinstance(model.fast, oldgraph.OldGraph)
    assert (model.fast.searches_c > 0) == (search == "c")
    assert model.major_collections >= 3 and model.collections > model.major_collections
    monkeypatch.setattr(G, "CHECK_TRACE", False)
    monkeypatch.setattr(G, "NO_FAST_TRACE", True)
    slow = _run(tmp_path / "slow", name, rts, every)
    assert slow.session.backend.gc.fast is None
    suffix = ".hp"
    strip = [ln for ln in r.report(suffix).splitlines() if not ln.startswith("DATE")]
    assert strip == [ln for ln in slow.report(suffix).splitlines()
                     if not ln.startswith("DATE")]
    assert r.stdout == slow.stdout


def test_without_scipy_the_object_trace_is_used(tmp_path, monkeypatch):
    monkeypatch.setattr(oldgraph, "available", lambda: False)
    r = _run(tmp_path, "knots", ["-hc", "-i0.0005", "-A4k"])
    assert not isinstance(r.session.backend.gc.fast, oldgraph.OldGraph)
    assert r.stdout == "44200\n54180\n9045050\n"


def test_a_small_heap_never_imports_scipy(tmp_path):
    """Censuses of a program whose old generation stays small search it in Python: scipy
    (a quarter of a second to import) is not loaded; a large one is searched in C."""
    import subprocess
    import sys

    code = """if True:
        import sys
        from profkit.testing import run_program
        src = sys.argv[1]
        r = run_program(source=open(src).read(), name="p.hs", rts=["-hc", "-i0.0001"],
                        flags=["-fprof-auto"], outdir=sys.argv[2])
        assert r.status == 0, r.stderr
        print(r.session.backend.gc.major_collections, "scipy" in sys.modules,
              r.session.backend.gc.fast.searches_c)
    """
    src = tmp_path / "fg.hs"
    src.write_text(PROGRAMS["fg"])
    out = subprocess.run([sys.executable, "-c", code, str(src), str(tmp_path)],
                         capture_output=True, text=True, check=True).stdout.split()
    assert int(out[0]) >= 50 and out[1:] == ["False", "0"]
    src.write_text(PROGRAMS["mean_leak"].replace("2e4", "2e5"))
    out = subprocess.run([sys.executable, "-c", code, str(src), str(tmp_path)],
                         capture_output=True, text=True, check=True).stdout.split()
    assert out[1] == "True" and int(out[2]) > 0


def test_a_small_heap_searched_at_many_censuses_goes_to_scipy(tmp_path, monkeypatch):
    """A small old generation searched in Python at every census, once the searches have
    been given ``PY_SEARCH_EDGES`` edges in all, is searched by scipy (cheaper from then
    on than Python, its import paid): the same marks, so the same profile."""
    assert oldgraph.available()
    rts = ["-hc", "-i0.0001"]
    monkeypatch.setattr(oldgraph, "PY_SEARCH_EDGES", 1 << 62)
    py = _run(tmp_path / "py", "fg", rts)
    g = py.session.backend.gc.fast
    assert g.searches_c == 0 and g.nnz < oldgraph.SCIPY_MIN_EDGES
    total = g.py_edges
    assert total > 20_000
    monkeypatch.setattr(oldgraph, "PY_SEARCH_EDGES", total // 4)
    c = _run(tmp_path / "c", "fg", rts)
    g = c.session.backend.gc.fast
    # the searches after the first quarter of the edges (half of them: the graph grows)
    assert g.searches_c >= 0.3 * c.session.backend.gc.major_collections
    assert total // 4 <= g.py_edges < total // 2
    assert c.stdout == py.stdout
    strip = [[ln for ln in r.report(".hp").splitlines() if not ln.startswith("DATE")]
             for r in (py, c)]
    assert strip[0] == strip[1] and len(strip[0]) > 1000


@pytest.mark.parametrize("gens", ["-G1", "-G2", "-G3"])
def test_census_generations_are_the_collectors(tmp_path, gens):
    """A census's ``gen`` column is each live object's generation in the collector model
    (with at most two generations it is the top one for every survivor, without a gather)."""
    from profkit.hookspecs import hookimpl

    seen = []

    class Gens:
        @hookimpl
        def profkit_census(self, session, census):
            model = session.backend.gc
            g = np.frombuffer(model.gen, dtype=np.uint8)[census.obj].astype(np.int8)
            seen.append(bool(np.array_equal(g, census.gen)) and census.gen.dtype == np.int8)

    r = run_program(source=PROGRAMS["deep"], name="deep.hs", plugins=[Gens()],
                    rts=["-hc", "-i0.0002", "-A8k", gens], flags=["-fprof-auto"],
                    outdir=tmp_path)
    assert r.status == 0, r.stderr
    assert len(seen) >= 3 and all(seen)


SELECTOR_KNOTS = """\
module Main (main) where

data T3 = T3 [Int] [Int] [Int]

split3 :: [Int] -> T3
split3 [] = T3 [] [] []
split3 (x : xs) = let T3 a b c = split3 xs
                  in case x `mod` 3 of
                       0 -> T3 (x : a) b c
                       1 -> T3 a (x : b) c
                       _ -> T3 a b (x : c)

pairs :: [(Int, Int)] -> ([Int], [Int])
pairs = foldr (\\(a, b) ~(as, bs) -> (a : as, b : bs)) ([], [])

main :: IO ()
main = do
  let T3 zs os ts = split3 [1 .. 3000]
      (evens, odds) = (0 : map (+ 1) odds, map (+ 1) evens)
      (p, q) = pairs [(i, i * i) | i <- [1 .. 2000]]
      ((u, v), w) = ((length p, sum q), take 3 zs)
      (loopA, loopB) = (loopB, loopA) :: (Int, Int)
  print (sum os)
  print (take 5 evens, take 5 odds)
  print (u, v, w)
  print (length ts, sum zs)
  print (sum (take 1000 evens))
  print (length p)
  print (loopA + 1)
"""


def test_selector_knots_short_cut_and_a_selector_loop_is_reported(tmp_path, monkeypatch):
    # the program's own selectors (-fprof-auto-top: no cost centres on pattern bindings):
    # a three-field record split lazily, a lazy pattern in foldr's lambda, a pair whose
    # fields are the other selectors (a knot), a selector of a selector's pair, and
    # `(a, b) = (b, a)`, whose short-cut chain must stop (16 deep) and whose use is GHC's
    # <<loop>> after the rest of the output (GHC 9.0.2 -prof: the same lines, exit 1)
    monkeypatch.setattr(G, "CHECK_TRACE", True)
    r = run_program(source=SELECTOR_KNOTS, name="knots.hs", rts=["-hc", "-i0.0005", "-A8k"],
                    flags=["-fprof-auto-top"], outdir=tmp_path)
    assert r.status == 1 and "<<loop>>" in r.stderr
    assert r.stdout.splitlines() == [
        "1499500", "([0,2,4,6,8],[1,3,5,7,9])", "(2000,2668667000,[3,6,9])",
        "(1000,1501500)", "999000", "2000"]
    assert r.session.backend.gc.selectors_short_cut > 1000


def _rebuild_whole(g, d, kept):
    """The rebuild as it was before it moved in steps (the whole graph at once): the
    reference for ``OldGraph._rebuild``. Returns (indptr, targets, static_refs)."""
    from profkit.kinds import ObjKind

    rows = g.rows
    ip = g.indptr.arr[:rows + 1]
    tg = g.targets.arr[:g.nnz]
    lens = np.diff(ip)
    src = np.repeat(np.arange(rows, dtype=np.int32), lens)
    live = d[src] == 0
    src, dst = src[live], tg[live]
    refs = list(g.static_refs)
    stuck = np.zeros(0, dtype=bool)
    dead_ind = (d == 1) & g._is_state(np.arange(rows, dtype=np.int64), ObjKind.IND)
    if dead_ind.any():
        nxt = np.arange(rows, dtype=np.int32)
        di = np.flatnonzero(dead_ind)
        has = lens[di] > 0
        nxt[di[has]] = tg[ip[di[has]]]
        for _ in range(64):
            hop = dead_ind[dst] & (nxt[dst] != dst)
            if not hop.any():
                break
            dst[hop] = nxt[dst[hop]]
        stuck = dead_ind[dst]
        if stuck.any():
            dead: dict = {}
            for k, obj in refs:
                if k < len(d) and d[k]:
                    dead.setdefault(k, []).append(obj)
            for a, b in zip(src[stuck].tolist(), dst[stuck].tolist()):
                refs.extend((a, obj) for obj in dead.get(b, ()))
            src, dst = src[~stuck], dst[~stuck]
    refs = [(k, obj) for k, obj in refs if k < len(d) and not d[k]]
    if kept is not None:
        refs = [(int(np.searchsorted(kept, k)), obj) for k, obj in refs]
        dst = np.searchsorted(kept, dst).astype(np.int32)
        src = np.searchsorted(kept, src)
        rows = len(kept)
    counts = np.bincount(src, minlength=rows)
    indptr = np.zeros(rows + 1, dtype=np.int64)
    np.cumsum(counts, out=indptr[1:])
    return indptr.astype(np.int32), dst, [(k, id(o)) for k, o in refs], int(stuck.sum())


@pytest.mark.parametrize("rts", [["-hc", "-i0.0001", "-A4k"], ["-hr", "-i0.0002", "-A8k"]],
                         ids=["hc", "hr"])
def test_rebuild_in_steps_is_the_whole_rebuild(tmp_path, monkeypatch, rts):
    """``OldGraph._rebuild`` moves rows and edges down in place a few rows at a time (the
    whole graph's temporaries at once were a heap profile's peak memory): at every rebuild
    (compaction of the graph, renumbering at header compactions, static references of
    dead indirections moved: ``-hr``) its rows are those of the whole-graph rebuild."""
    monkeypatch.setattr(oldgraph, "REBUILD_ROWS", 7)  # rows moved per step: many steps
    monkeypatch.setattr(oldgraph, "SCIPY_MIN_EDGES", 0)
    whole = oldgraph.OldGraph._rebuild
    seen = {"renumber": 0, "compact": 0, "stuck": 0, "refs": 0}

    def checked(self, d, kept):
        want = _rebuild_whole(self, d, kept)
        seen["renumber" if kept is not None else "compact"] += 1
        seen["stuck"] += want[3]
        seen["refs"] += len(want[2])
        whole(self, d, kept)
        assert np.array_equal(self.indptr.view(), want[0])
        assert np.array_equal(self.targets.view(), want[1])
        assert [(k, id(o)) for k, o in self.static_refs] == want[2]

    monkeypatch.setattr(oldgraph.OldGraph, "_rebuild", checked)
    monkeypatch.setattr(oldgraph.OldGraph, "compact", _compact_always)
    for name in ("mean_leak", "knots", "selectors", "deep", "statics"):
        src = STATIC_VALUES if name == "statics" else PROGRAMS[name]
        r = run_program(source=src, name=f"{name}.hs", rts=rts, record=False,
                        flags=[] if name == "statics" else ["-fprof-auto"],
                        outdir=tmp_path / name,
                        options={"stg.compact_min": 256})
        assert r.status == 0, r.stderr
    assert seen["renumber"] >= 10 and seen["compact"] >= 10 and seen["stuck"] > 100, seen
    assert (seen["refs"] > 0) == (rts[0] == "-hr")


#: old thunks updated to static values (a static constructor with fields, a nullary one)
#: under live old cells: edges into dead indirections that lead nowhere (``-hr``: their
#: static values move to the cells' ``static_refs``); run without -fprof-auto, so that
#: ``seven`` is a static constructor, not a CAF
STATIC_VALUES = """\
module Main (main) where

seven :: Maybe Int
seven = Just 7

pick :: Int -> Maybe Int
pick n = if even n then seven else Nothing

main :: IO ()
main = do
  let cells = [pick k | k <- [1 .. 3000 :: Int]]
  print (length cells)
  print (length [() | Just _ <- cells])
  print (sum [x | Just x <- cells])
"""


def _compact_always(self, dead):
    """``OldGraph.compact`` at every major collection (not only once dead rows hold most
    of the edges)."""
    if self.rows:
        self._rebuild(np.frombuffer(dead, dtype=np.uint8)[:self.rows], None)
