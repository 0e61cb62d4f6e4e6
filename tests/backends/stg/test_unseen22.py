"""Issue 18, "programs never seen" (helper unseen22): nineteen ordinary programs written as
a Haskell user writes a test program, in styles the earlier held-out sets lacked (Huffman
coding over a sorted list, a tokenizer and recursive-descent evaluator in Either, Kahn's
topological sort and BFS over a Data.Map, list dynamic programming, run-length encoding, an
8-puzzle BFS over a Data.Set, Rational matrices, Integer factorisation, hand-written
Writer/Reader/State monads, mutual recursion, text justification, a JSON-like printer, list
pipelines, Data.Char classification, multi-constructor records, class defaults,
traverse/mapM in Maybe and Either, negative divMod and Enum ranges, a 4x4 sudoku), compared
with GHC 9.0.2 -O0 -prof -fprof-auto (tests/reference/ghc-9.0.2/shapes, README.md): stdout
exactly, the cost-centre tree with its entries exactly, the total within 2% and each cost
centre of module Main within 5% of GHC's bytes, but the gaps named below, each asserted at
its measured ratio (.notes/NOTE22_unseen22.md says what is known of them)."""

from __future__ import annotations

import pytest

from profkit.plugins.prof_read import read_profile

from tests.backends.stg.test_ghc_fidelity import (SHAPES, _per_cc, _run, _tree,
                                                  assert_as_ghc)

PROGRAMS = ["huffman22", "exprcalc22", "toposort22", "knapsack22", "rle22", "puzzle22",
            "rational22", "factor22", "mutual22", "justify22", "pipelines22", "charclass22",
            "records22", "traverse22", "numerics22", "sudoku22", "jsonpp22", "rwsmonads22"]

#: stdout exact, but the tree differs from GHC's (see test_tree_gaps)
TREE_GAPS = ["classdefaults22"]

#: totals beyond 2% of GHC's: the model's ratio
KNOWN_TOTAL = {
    # not analysed: the BFS's loop (solve.go, 1.142) and `z = fromJust (elemIndex 0 b)'
    "puzzle22": 1.022,
    # not analysed: Rational arithmetic (the model charges base's generic code per
    # operation, a fit: SUBSET.md) over lists of rows
    "rational22": 1.076,
    # GHC generalises the signature-less local `next' and `go' (Eq a, Num a => ..: each
    # call passes dictionaries, its literals fromInteger thunks), and moves `strip' into
    # the pattern binding `(k, m) = strip n p 0' with its own superclass selections
    # (-ddump-stg-final); the model's costs of these differ
    "factor22": 1.054,
    # traverse at Either (test_traverse_at_maybe_and_either_is_bases: 16 bytes an element
    # under GHC's)
    "traverse22": 0.973,
    # mapM at the program's State (base's traverse through its <*>, fmap and pure)
    "rwsmonads22": 0.977,
}

#: cost centres beyond 5% of GHC's bytes (CAF left out): the model's ratio, or where GHC's
#: bytes are 0 the model's bytes (an int)
KNOWN_CC: dict[str, dict[str, float | int]] = {
    # not analysed (Map-heavy list comprehensions; the totals are within 2%)
    "toposort22": {"bfs.loop.new": 0.841, "bfs.loop.seen'": 0.9, "topo.go.ready": 0.9,
                   "topo.go.succs": 0.857},
    # the self-referential row `new = zipWith (+) ways (replicate c 0 ++ new)'
    "knapsack22": {"coinWays.addCoin": 1.25, "lis.ends": 0.0},
    # (rle22's main.\\.r 0.789 before session 25, rwsmonads22's >>=.\\.(...) 0.0, puzzle22's
    # main.\\.\\ 0.8: a CAF's first entry, GHC's
    # 16-byte blackhole: shapes/cafenter25)
    # (solve.go.seen' GHC's since session 25's overloaded functions as values: 0.906)
    "puzzle22": {"main.\\.\\": 0.9, "moves.z": 1.444, "solve.go": 1.142,
                 "solve.go.next": 0.913},
    "rational22": {"det": 0.931, "det.reduce.\\": 1.102, "det.sign": 1.136,
                   "identity": 1.092, "inverse": 1.051, "inverse.gauss": 0.0,
                   "inverse.go.elim.\\": 1.132, "inverse.go.p'": 1.212,
                   "inverse.go.rest": 0.944, "main.\\": 1.107, "main.a": 1.299,
                   "mmul": 1.143},
    "factor22": {"factorize": 1.75, "factorize.go.(...)": 0.3, "factorize.next": 1.343},
    # main.steps: `[Right . deposit 50, ..]': GHC makes `\\ds -> Right ds' in each
    # element's thunk as the model now does (conreuse24), yet main.steps is 32 bytes over
    # GHC's since (not traced further)
    "records22": {"==": 0.833, "main.steps": 1.059},
    # eval's `maybe (Left ..) Right (lookup v env)' allocates `\\x -> Right x' (16 bytes a
    # variable) in GHC and the model since session 24; the model's eval was 6.6 KB over
    # before that too, hidden by the closure it did not make (not analysed)
    "exprcalc22": {"eval": 1.056},
    "traverse22": {"parseNumber": 0.944},
    # not analysed (fromList's `(l, x:r) = splitAt ..' GHC's since session 26's nested
    # pattern bindings as GHC's desugarer, bands26: 0.846 before)
    "rwsmonads22": {"main": 0.903},
    "sudoku22": {"valid.ok.ys": 0.928},
}


@pytest.mark.parametrize("name", PROGRAMS)
def test_program_prints_enters_and_allocates_as_ghc(tmp_path, name):
    assert_as_ghc(tmp_path, name, KNOWN_TOTAL.get(name), KNOWN_CC.get(name))  # stdout, tree


@pytest.mark.parametrize("name", TREE_GAPS)
def test_tree_gaps_print_as_ghc(tmp_path, name):
    src = (SHAPES / "programs" / f"{name}.hs").read_text()
    out = _run(tmp_path, src, "-P", name=f"{name}.hs")
    assert out == (SHAPES / "out" / f"{name}.stdout").read_text()


@pytest.mark.xfail(strict=True, reason="known tree gaps: classdefaults22, the default "
                   "method's CAF entries of the instances' dictionaries")
@pytest.mark.parametrize("name", TREE_GAPS)
def test_tree_gaps(tmp_path, name):
    src = (SHAPES / "programs" / f"{name}.hs").read_text()
    _run(tmp_path, src, "-P", name=f"{name}.hs")
    ours, ghc = (_tree(path) for path in (tmp_path / f"{name}.prof",
                                          SHAPES / "out" / f"{name}.prof"))
    assert +ours == +ghc


def test_sections_at_rational(tmp_path):
    """`map (/ 2) rs', `(* 3)', `(2 /)', `(+ 1)', `subtract' at Rational: a section's
    operator is the Ratio instance's, as a named one (was run-time type error: the Prelude's
    arithmetic on boxes met a ratio)."""
    src = ("import Data.Ratio\n"
           "main :: IO ()\nmain = do\n  let rs = [1 % 3, -3 % 4, 5] :: [Rational]\n"
           "  print (map (/ 2) rs, map (* 3) rs)\n"
           "  print (map (2 /) rs, map (+ 1) rs, map (subtract 1) rs)\n"
           "  print (map (1 % 2 -) rs)\n")
    assert _run(tmp_path, src, "-P") == (
        "([1 % 6,(-3) % 8,5 % 2],[1 % 1,(-9) % 4,15 % 1])\n"
        "([6 % 1,(-8) % 3,2 % 5],[4 % 3,1 % 4,6 % 1],[(-2) % 3,(-7) % 4,4 % 1])\n"
        "[1 % 6,5 % 4,(-9) % 2]\n")


def test_inlined_function_with_an_argument_used_twice(tmp_path):
    """A once-used local function (`swap') beta-reduced at a call whose argument is a
    once-used let (`let t = ..' of a comprehension): the argument, now used twice in the
    body, stays bound around it (was an internal error: free locals of the top-level
    binding, the let floated into one of its uses)."""
    src = ("moves :: [Int] -> [[Int]]\n"
           "moves b = [swap t | dr <- [1, 2], let t = dr]\n"
           "  where\n    swap j = map pick b\n"
           "      where pick k | k == j = 0\n                   | k == 1 = j\n"
           "                   | otherwise = k\n"
           "main :: IO ()\nmain = print (moves [1, 2, 3])\n")
    assert _run(tmp_path, src, "-P") == "[[0,2,3],[2,0,3]]\n"


def test_small_function_called_once_in_each_branch_is_inlined(tmp_path):
    """`ind d' called once in each of two guarded branches of a CAF's local `go': GHC's
    occurrence analyser gives it OneOcc (in several branches) and postInlineUnconditionally
    copies the small function into each call, so its cost centre sits under `pretty.go'
    (the model called it: enterFunCCS of a CAF's local function truncated the stack back
    to `pretty'). GHC 9.0.2's tree and bytes."""
    src = ("pretty :: Int -> String\npretty = go\n  where\n"
           "    go d | d > 5 = \"[\" ++ ind d ++ \"]\"\n"
           "         | d > 2 = \"{\" ++ ind d ++ \"}\"\n"
           "         | otherwise = \"x\"\n"
           "    ind d = replicate (2 * d) ' '\n"
           "main :: IO ()\nmain = mapM_ (putStrLn . pretty) [1, 4, 7]\n")
    assert _run(tmp_path, src, "-P") == "x\n{" + " " * 8 + "}\n[" + " " * 14 + "]\n"
    tree = _tree(tmp_path / "p.prof")
    path = ("MAIN", "CAF", "main", "pretty", "pretty.go", "pretty.ind")
    assert tree[(path, 2)] == 1 and not any(k[0][-2:] == ("pretty", "pretty.ind")
                                            for k in tree)
    _, p = _per_cc(tmp_path / "p.prof")
    assert p[("pretty.go", "Main")][0] == 1824 and p[("pretty.ind", "Main")][0] == 1296


def test_oversaturated_unknown_call_restores_the_callers_stack(tmp_path):
    """`runState (k a) s'' with `k = \\_ -> get' (the class default `m >> k = m >>= \\_ ->
    k'): `k' takes one argument, the second is applied to its result under the caller's
    stack (genapply's stg_restore_cccs frame below the stg_ap frame), so `get.\\' runs under
    `>>=.\\' (was under `main.\\': the stack `k' was entered with, truncated back to the
    lambda's). GHC 9.0.2's tree."""
    src = ("newtype State s a = State { runState :: s -> (a, s) }\n"
           "instance Functor (State s) where\n"
           "  fmap f (State g) = State (\\s -> let (a, s') = g s in (f a, s'))\n"
           "instance Applicative (State s) where\n"
           "  pure a = State (\\s -> (a, s))\n"
           "  State f <*> State g = State (\\s -> let (h, s1) = f s; (a, s2) = g s1 in "
           "(h a, s2))\n"
           "instance Monad (State s) where\n"
           "  State g >>= k = State (\\s -> let (a, s') = g s in runState (k a) s')\n"
           "get :: State s s\nget = State (\\s -> (s, s))\n"
           "modify :: (s -> s) -> State s ()\nmodify f = State (\\s -> ((), f s))\n"
           "main :: IO ()\n"
           "main = print (fst (runState (mapM (\\x -> modify (+ x) >> get) [1 .. 3 :: Int]) 0))\n")
    assert _run(tmp_path, src, "-P") == "[1,3,6]\n"
    tree = _tree(tmp_path / "p.prof")
    gets = {k[0][k[0].index("main.\\"):]: k[1] for k in tree if k[0][-1] == "get.\\"}
    assert gets == {("main.\\", ">>=", ">>=.\\", "get", "get.\\"): 3}


def test_traverse_at_maybe_and_either_is_bases(tmp_path):
    """mapM/traverse and sequence at Maybe and Either as base's Traversable [] code: a
    foldr through the instance's liftA2 (Maybe's own; Either's the class default, `<*>' of
    `fmap'), sequence as `traverse id' with id inlined (were the monad's >>= loop: Maybe
    80 bytes an element over GHC's, Either 40 under). GHC 9.0.2's bytes: runM 272240,
    runS 328280, runE 392280 (the model's Either 16 bytes an element under)."""
    src = ("f :: Int -> Either String Int\nf x = if x < 0 then Left \"neg\" else Right (x + 1)\n"
           "g :: Int -> Maybe Int\ng x = if x < 0 then Nothing else Just (x + 1)\n"
           "runE :: Int -> Int\nrunE n = either length sum (mapM f [1 .. n])\n"
           "runM :: Int -> Int\nrunM n = maybe 0 sum (traverse g [1 .. n])\n"
           "runS :: Int -> Int\nrunS n = maybe 0 sum (sequence (map g [1 .. n]))\n"
           "main :: IO ()\nmain = do\n  print (runE 1000)\n  print (runM 1000)\n"
           "  print (runS 1000)\n  print (sequence [Right 1, Left \"x\", Left \"y\" :: "
           "Either String Int], traverse g [1, -1])\n")
    assert _run(tmp_path, src, "-P") == "501500\n501500\n501500\n(Left \"x\",Nothing)\n"
    _, p = _per_cc(tmp_path / "p.prof")
    assert p[("runM", "Main")][0] == pytest.approx(272240, rel=0.002)
    assert p[("runS", "Main")][0] == pytest.approx(328280, rel=0.002)
    assert p[("runE", "Main")][0] / 392280 == pytest.approx(0.959, abs=0.005)


def test_foldm_is_bases_foldlm(tmp_path):
    """foldM at Maybe, Either and lists as base's foldlM (`foldr c return xs z0', each step
    the monad's >>= of the function's result and the rest; was a loop of >>=: 32 bytes an
    element under GHC's). GHC 9.0.2's bytes: runM and runE 184112, runL 328120 (the
    list's 8 bytes an element over)."""
    src = ("import Control.Monad (foldM)\n"
           "stepM :: Int -> Int -> Maybe Int\n"
           "stepM acc x = if x < 0 then Nothing else Just (acc + x)\n"
           "stepE :: Int -> Int -> Either String Int\n"
           "stepE acc x = if x < 0 then Left \"neg\" else Right (acc + x)\n"
           "stepL :: Int -> Int -> [Int]\nstepL acc x = [acc + x]\n"
           "runM :: Int -> Maybe Int\nrunM n = foldM stepM 0 [1 .. n]\n"
           "runE :: Int -> Either String Int\nrunE n = foldM stepE 0 [1 .. n]\n"
           "runL :: Int -> [Int]\nrunL n = foldM stepL 0 [1 .. n]\n"
           "main :: IO ()\nmain = do\n  print (runM 1000)\n  print (runE 1000)\n"
           "  print (runL 1000)\n  print (foldM stepM 0 [1, -1, 2])\n")
    assert _run(tmp_path, src, "-P") == \
        "Just 500500\nRight 500500\n[500500]\nNothing\n"
    _, p = _per_cc(tmp_path / "p.prof")
    for name in ("runM", "runE"):
        assert p[(name, "Main")][0] == pytest.approx(184112, rel=0.002)
    assert p[("runL", "Main")][0] / 328120 == pytest.approx(1.024, abs=0.005)


def test_alias_of_transpose_is_not_eta_expanded(tmp_path):
    """`c1 = transpose' and `c6 = reverse': GHC leaves the CAF's value base's static
    function, so their calls run under the caller's stack (sudoku22's `cols': its bytes
    were under `valid > cols'); `c2 = words' is eta-expanded, its note pushed uncounted
    under the caller. GHC 9.0.2's tree and bytes."""
    src = ("import Data.List (transpose)\n"
           "c1 :: [[Int]] -> [[Int]]\nc1 = transpose\nc2 :: String -> [String]\nc2 = words\n"
           "c6 :: [Int] -> [Int]\nc6 = reverse\n"
           "main :: IO ()\nmain = do\n  print (sum (map sum (c1 [[1, 2, 3], [4, 5, 6]])))\n"
           "  print (length (c2 \"a b c d\"))\n  print (sum (c6 [1, 2]))\n")
    assert _run(tmp_path, src, "-P") == "21\n4\n3\n"
    prof = read_profile(str(tmp_path / "p.prof"))
    under_main = {c.cc.label: c.alloc for n in prof.root.children for m in n.children
                  if m.cc.label == "main" for c in m.children}
    assert under_main == {"c2": 992}
