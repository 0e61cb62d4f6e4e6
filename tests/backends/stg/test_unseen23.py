"""Issue 18, "programs never seen" (helper unseen23): nineteen ordinary programs in styles the
earlier held-out sets lacked (a class hierarchy with superclass and default methods and an
operator class with fixities, a bank in a Data.Map with record update and foldl', a tokenizer
and recursive-descent parser of a statement language in Either, Integer matrices with
zipWith3, Dijkstra over a leftist heap, a text adventure folded over commands, IORef loops,
text pipelines, show of negative fields in nested records and newtypes, Integer factorials
and powers, printf of statistics, Data.List by comparing/on, a hand-written State monad
running a stack machine, the list monad with replicateM, guards and where over several
equations, strict folds with seq and $!, a card deck from derived Enum/Bounded, dates and a
month calendar, L-systems), compared with GHC 9.0.2 -O0 -prof -fprof-auto
(tests/reference/ghc-9.0.2/shapes, README.md): stdout exactly, the cost-centre tree with its
entries exactly, the total within 2% and each cost centre of module Main within 5% of GHC's
bytes, but the gaps named below, each asserted at its measured ratio
(.notes/NOTE23_unseen23.md says what is known of them)."""

from __future__ import annotations

import pytest

from tests.backends.stg.test_ghc_fidelity import _per_cc, _run, _tree, assert_as_ghc

PROGRAMS = ["bank23", "bigint23", "calendar23", "datalist23", "dijkstra23", "guardswhere23",
            "lsystem23", "matrix23", "printfstats23", "shownested23", "stmtparse23",
            "strictfold23", "textpipe23", "iorefs23", "listmonad23", "adventure23", "cards23",
            "classhier23", "stackvm23"]

#: totals beyond 2% of GHC's: the model's ratio
KNOWN_TOTAL: dict[str, float] = {
    # (adventure23 1.0225 before session 24: its parseDir's `[minBound .. maxBound]', base's
    # default enumFromTo, enumrange24)
}

#: cost centres beyond 5% of GHC's bytes (CAF left out): the model's ratio, or where GHC's
#: bytes are 0 the model's bytes (an int); none analysed but where said
KNOWN_CC: dict[str, dict[str, float | int]] = {
    "adventure23": {"fromEnum": 0.0, "enumFromThen": 1.057, "pred": 1.5, "succ": 0.833},
    # (bank23's check and find GHC's since session 24: test_shapes24)
    # (allValues, a derived Enum's enumFromTo, was 1.48: base's default as it is compiled
    # since session 24, enumrange24)
    # (putS's `((), s)' GHC's, under putS, since session 25: a wildcard lambda's note splits
    # on its constructor, test_programs25's lamcon25)
    "stackvm23": {">>=.\\": 1.054, "main.(...)": 1.114, "exec": 0.927, "next": 0.8},
    "classhier23": {"totalArea": 0.833, "largest.pick": 0.75},  # (*| GHC's: altsplit24)
    # (cards23's main.hs, datalist23's ename and dept, textpipe23's main.ws 0.0 and
    # printfstats23's main.(...) 0.5 before session 25: a CAF's first entry, GHC's
    # 16-byte blackhole: shapes/cafenter25)
    "cards23": {"pred": 1.5, "succ": 0.833},  # (allValues: enumrange24)
    "bigint23": {"main": 0.949},
    "calendar23": {"main": 1.14, "fridays13": 1.162, "fromEnum": 0.0},
    "datalist23": {"main.(...)": 1.052},
    "dijkstra23": {"heapSort.go": 0.921, "pop": 0.9, "insert": 0.9, "dijkstra": 0.167,
                   "dijkstra.go": 0.912},
    "guardswhere23": {"bmi": 0.841, "bmi.(...)": 320, "process": 1.237},
    "shownested23": {"main.\\": 1.182},
    "stmtparse23": {"stmt": 1.144},  # (1.12 and eval 0.945 before session 24)
    "strictfold23": {"meanStrict": 1.136, "meanStrict.(...)": 0.714},
    "iorefs23": {"collatzLen": 0.945},
    "listmonad23": {"sendMore": 0.923},
}


@pytest.mark.parametrize("name", PROGRAMS)
def test_program_prints_enters_and_allocates_as_ghc(tmp_path, name):
    assert_as_ghc(tmp_path, name, KNOWN_TOTAL.get(name), KNOWN_CC.get(name))  # stdout, tree


def test_newtype_derived_max_and_min_are_cafs(tmp_path):
    """A newtype's derived Ord coerces the field's methods, max and min too: `max' and `min'
    are CAFs entered once under CAF Main (the model's max went through the class default's
    `<=', a CAF of its own); a data type's max is the class default, its `<=' entered under
    the caller. GHC 9.0.2's tree."""
    src = ("newtype Celsius = Celsius Double deriving (Eq, Ord, Show)\n"
           "data Op = Plus | Minus deriving (Show, Eq, Ord)\n"
           "main :: IO ()\nmain = do\n  print (maximum [Celsius 1, Celsius (-2)])\n"
           "  print (min (Celsius 3) (Celsius 4), max Plus Minus)\n")
    assert _run(tmp_path, src, "-P") == "Celsius 1.0\n(Celsius 3.0,Minus)\n"
    tree = _tree(tmp_path / "p.prof")
    under = {k[0][1:]: k[1] for k in tree if k[0][-1] in ("max", "min", "<=", "<")}
    assert under == {("CAF", "max"): 1, ("CAF", "min"): 1, ("CAF", "main", "<="): 1,
                     ("CAF", "main", "<=", "<"): 1}


def test_map_and_set_from_list_test_the_order_by_ge(tmp_path):
    """Data.Map's and Data.Set's fromList test whether the keys still ascend by `>='
    (containers' not_ordered): a derived Ord's `>=' is entered, its `<' under it (the model
    called `<'). GHC 9.0.2's tree."""
    src = ("import qualified Data.Map as M\nimport qualified Data.Set as S\n"
           "data P = P Int Int deriving (Show, Eq, Ord)\n"
           "main :: IO ()\nmain = do\n"
           "  print (M.toList (M.fromList [(P x (-x), x) | x <- [1, 2, 3]]))\n"
           "  print (S.toList (S.fromList [P 2 1, P 1 1]))\n")
    assert _run(tmp_path, src, "-P") == \
        "[(P 1 (-1),1),(P 2 (-2),2),(P 3 (-3),3)]\n[P 1 1,P 2 1]\n"
    tree = _tree(tmp_path / "p.prof")
    ge = sum(n for (path, n), c in tree.items() if path[-1] == ">=" for _ in range(c))
    lt = {path[-2]: n for (path, n) in tree if path[-1] == "<"}
    assert ge > 0 and lt == {">=": ge}


@pytest.mark.xfail(strict=True, reason="Float is Double at run time: single precision "
                   "arithmetic and show are not modelled")
def test_float_shows_single_precision(tmp_path):
    src = "main :: IO ()\nmain = print (2 / 3 :: Float, 0.1 + 0.2 :: Float)\n"
    assert _run(tmp_path, src, "-P") == "(0.6666667,0.3)\n"


def test_constructors_named_as_base_hidden_ones(tmp_path):
    """The program's `Down', `Overflow', `Underflow' and `ExitSuccess' (base's constructors
    of Data.Ord, Control.Exception and System.Exit, which the Prelude does not export) are
    the program's own, shown by their names in derived Show, in records and in patterns
    (was refused: "Multiple declarations of `Down'"). GHC 9.0.2's stdout."""
    src = ("data Dir = Up | Down deriving (Show, Eq, Ord, Enum, Bounded)\n"
           "data Err = Overflow Int | Underflow { depth :: Int } | ExitSuccess deriving Show\n"
           "data Stack = Stack [Int] deriving Show\n"
           "push :: Int -> Stack -> Either Err Stack\n"
           "push x (Stack xs) | length xs >= 3 = Left (Overflow x)\n"
           "                  | otherwise = Right (Stack (x : xs))\n"
           "pop :: Stack -> Either Err (Int, Stack)\n"
           "pop (Stack []) = Left Underflow { depth = 0 }\n"
           "pop (Stack (x : xs)) = Right (x, Stack xs)\n"
           "flipD :: Dir -> Dir\nflipD Down = Up\nflipD Up = Down\n"
           "main :: IO ()\nmain = do\n"
           "  print ([minBound .. maxBound :: Dir], map flipD [Up, Down], Down > Up)\n"
           "  print (foldr (\\x s -> s >>= push x) (Right (Stack [])) [1 .. 5])\n"
           "  print (pop (Stack []), pop (Stack [7]), ExitSuccess)\n"
           "  case pop (Stack []) of\n    Left (Underflow d) -> print d\n"
           "    _ -> putStrLn \"?\"\n")
    assert _run(tmp_path, src, "-P") == (
        "([Up,Down],[Down,Up],True)\nLeft (Overflow 2)\n"
        "(Left (Underflow {depth = 0}),Right (7,Stack []),ExitSuccess)\n0\n")


def test_base_down_imported_with_the_programs_own_clashes(tmp_path):
    """With Data.Ord imported, base's `Down' is in scope: the program's own is the clash it
    is in GHC (an ambiguous occurrence) and stays refused, at its declaration."""
    from profkit.errors import SourceError
    src = ("import Data.Ord (comparing)\ndata Dir = Up | Down deriving Show\n"
           "main :: IO ()\nmain = print Down\n")
    with pytest.raises(SourceError, match="Multiple declarations of `Down'"):
        _run(tmp_path, src, "-P")


BOUNDED_GENERIC = """\
data Suit = Clubs | Diamonds | Hearts | Spades deriving (Show, Eq, Ord, Enum, Bounded)
data Hand = H1 | H2 | H3 | H4 | H5 | H6 | H7 | H8 | H9 deriving (Show, Eq, Ord, Enum, Bounded)

allValues :: (Bounded a, Enum a) => [a]
allValues = [minBound .. maxBound]

suits :: Int -> [Suit]
suits _ = [minBound .. maxBound]

main :: IO ()
main = do
  print (sum [length (allValues :: [Suit]) | _ <- [1 .. 10 :: Int]])
  print (sum [length (allValues :: [Hand]) | _ <- [1 .. 10 :: Int]])
  print (sum [length (suits k) | k <- [1 .. 10 :: Int]])
  print (allValues :: [Bool], length (allValues :: [Char]), take 3 (allValues :: [Ordering]))
"""


def test_bounded_generic_binding_at_several_types(tmp_path):
    """`allValues = [minBound .. maxBound]' generic in Bounded, used at two derived types,
    Bool, Char and Ordering: each use passes a witness of its type (its minBound), as GHC
    passes the dictionary (was refused: minBound at a type variable). GHC 9.0.2's stdout,
    entries and bytes (allValues' 80 MB are the Char list's)."""
    assert _run(tmp_path, BOUNDED_GENERIC, "-P") == \
        "40\n90\n40\n([False,True],1114112,[LT,EQ,GT])\n"
    tree = _tree(tmp_path / "p.prof")
    assert tree[(("MAIN", "CAF", "main", "allValues"), 23)] == 1
    assert sum(c for (path, n), c in tree.items() if path[-1] in ("minBound", "maxBound")
               and n == 1) == 4
    _, p = _per_cc(tmp_path / "p.prof")
    assert p[("allValues", "Main")][0] == pytest.approx(80229384, rel=0.01)


def test_bounded_generic_function_of_a_value_of_the_type(tmp_path):
    """`next x = if x == maxBound then minBound else succ x' (and `prev' by guards) generic
    in Bounded at two derived types, Bool, Char and Int: the argument is the witness of its
    type. GHC 9.0.2's stdout and entries (next 17, prev 7; the model's bytes are a thunk a
    call over: next 392 to GHC's 96, prev 184 to 32)."""
    src = ("data Dir = N | E | S | W deriving (Show, Eq, Ord, Enum, Bounded)\n"
           "data Light = Red | Amber | Green deriving (Show, Eq, Enum, Bounded)\n"
           "next :: (Eq a, Bounded a, Enum a) => a -> a\n"
           "next x = if x == maxBound then minBound else succ x\n"
           "prev :: (Eq a, Bounded a, Enum a) => a -> a\n"
           "prev x\n  | x == minBound = maxBound\n  | otherwise = pred x\n"
           "main :: IO ()\nmain = do\n"
           "  print (take 10 (iterate next N), take 7 (iterate next Red))\n"
           "  print (map prev [N, E, S, W], map prev [Red, Green], next True, prev 'a', "
           "next (maxBound :: Int))\n")
    assert _run(tmp_path, src, "-P") == (
        "([N,E,S,W,N,E,S,W,N,E],[Red,Amber,Green,Red,Amber,Green,Red])\n"
        "([W,N,E,S],[Green,Amber],False,'`',-9223372036854775808)\n")
    _, p = _per_cc(tmp_path / "p.prof")
    assert p[("next", "Main")][1] == 17 and p[("prev", "Main")][1] == 7


def test_default_method_using_a_nullary_method(tmp_path):
    """Class defaults `fromL = foldr insert empty' (point-free) and `single x = insert x
    empty' use `empty', a method with no argument of the class's type: each instance that
    leaves them out has its own copy, where `empty' is the instance's (was refused: the
    shared default's `empty' at the class's open type). GHC 9.0.2's stdout and tree (the
    point-free default's `fromL' a CAF per instance: 0 entries under main)."""
    src = ("class Container f where\n  empty :: f\n  insert :: Int -> f -> f\n"
           "  toL :: f -> [Int]\n  fromL :: [Int] -> f\n  fromL = foldr insert empty\n"
           "  single :: Int -> f\n  single x = insert x empty\n"
           "newtype Stack = Stack [Int] deriving Show\n"
           "data Bag = Bag Int [Int] deriving Show\n"
           "instance Container Stack where\n  empty = Stack []\n"
           "  insert x (Stack xs) = Stack (x : xs)\n  toL (Stack xs) = xs\n"
           "instance Container Bag where\n  empty = Bag 0 []\n"
           "  insert x (Bag n xs) = Bag (n + 1) (x : xs)\n  toL (Bag _ xs) = reverse xs\n"
           "  single x = Bag 1 [x]\n"
           "main :: IO ()\nmain = do\n"
           "  print (fromL [1, 2, 3] :: Stack, fromL [4, 5] :: Bag)\n"
           "  print (single 7 :: Stack, single 8 :: Bag)\n"
           "  print (sum (concat [toL (fromL [1 .. k] :: Bag) | k <- [1 .. 20]]))\n")
    assert _run(tmp_path, src, "-P") == \
        "(Stack [1,2,3],Bag 2 [4,5])\n(Stack [7],Bag 1 [8])\n1540\n"
    tree = _tree(tmp_path / "p.prof")
    main = ("MAIN", "CAF", "main")
    assert tree[(main + ("fromL",), 0)] == 1 and tree[(main + ("fromL", "insert"), 212)] == 1
    assert tree[(main + ("single",), 1)] == 2 and tree[(main + ("toL",), 20)] == 1


def test_sequence_at_the_programs_monad_returns_under_the_caller(tmp_path):
    """sequence_ at the program's monad: base's `foldr c (return ())' with the dictionary
    passed at each call, so `return ()' (the class default, pure) is built and entered
    under the caller (the model's sequence_ was a CAF of the monad's: pure entered once
    under CAF). GHC 9.0.2's tree."""
    src = ("newtype St s a = St { runSt :: s -> (a, s) }\n"
           "instance Functor (St s) where\n"
           "  fmap f (St g) = St $ \\s -> case g s of (a, s') -> (f a, s')\n"
           "instance Applicative (St s) where\n  pure a = St $ \\s -> (a, s)\n"
           "  St f <*> St g = St $ \\s -> case f s of\n"
           "    (h, s1) -> case g s1 of (a, s2) -> (h a, s2)\n"
           "instance Monad (St s) where\n"
           "  St g >>= k = St $ \\s -> case g s of (a, s') -> runSt (k a) s'\n"
           "modifyS :: (s -> s) -> St s ()\nmodifyS f = St $ \\s -> ((), f s)\n"
           "main :: IO ()\nmain = do\n"
           "  print (snd (runSt (sequence_ (replicate 5 (modifyS (* 2)))) (1 :: Int)))\n"
           "  print (snd (runSt (mapM_ (\\x -> modifyS (+ x)) [1, 2, 3]) (1 :: Int)))\n")
    assert _run(tmp_path, src, "-P") == "32\n7\n"
    tree = _tree(tmp_path / "p.prof")
    assert {k: c for k, c in tree.items() if k[0][-1] == "pure"} == {
        (("MAIN", "CAF", "main", "pure"), 2): 1,
        (("MAIN", "CAF", "main", ">>=", ">>=.\\", "pure"), 0): 1}


def test_seq_chains_and_partial_applications_allocate_as_ghc(tmp_path):
    """`let a' = ..; n' = .. in a' `seq` n' `seq` (a', n')' (both bindings cases, GHC's
    -O0 STG: no thunk for n'; the model's was 24 bytes a step) and `applyN (n - 1) f $! f x'
    (the partial application `applyN (n - 1) f' CorePrep's eta-expanded function closure,
    the thunk of `n - 1' before it; the model's thunk and PAP were 48 bytes a call over).
    GHC 9.0.2's bytes, exactly."""
    src = ("import Data.List (foldl')\n"
           "step1 :: (Int, Int) -> Int -> (Int, Int)\n"
           "step1 (a, n) x = let a' = a + x; n' = n + 1 in a' `seq` n' `seq` (a', n')\n"
           "step2 :: (Int, Int) -> Int -> (Int, Int)\n"
           "step2 (a, n) x = let a' = a + x; n' = n + 1 in a' `seq` (n' `seq` (a', n'))\n"
           "step3 :: (Int, Int) -> Int -> (Int, Int)\n"
           "step3 (a, n) x = let a' = a + x in a' `seq` (a', n)\n"
           "step4 :: (Int, Int) -> Int -> (Int, Int)\n"
           "step4 (a, n) x = let a' = a + x; n' = n + 1 in seq a' (seq n' (a', n'))\n"
           "applyN :: Int -> (a -> a) -> a -> a\napplyN 0 _ x = x\n"
           "applyN n f x = applyN (n - 1) f $! f x\n"
           "main :: IO ()\nmain = do\n"
           "  print (foldl' step1 (0, 0) [1 .. 1000])\n"
           "  print (foldl' step2 (0, 0) [1 .. 1000])\n"
           "  print (foldl' step3 (0, 0) [1 .. 1000])\n"
           "  print (foldl' step4 (0, 0) [1 .. 1000])\n"
           "  print (applyN 1000 (\\x -> (x * 3 + 1) `mod` 1000003) (7 :: Int))\n")
    assert _run(tmp_path, src, "-P") == \
        "(500500,1000)\n(500500,1000)\n(500500,0)\n(500500,1000)\n49118\n"
    _, p = _per_cc(tmp_path / "p.prof")
    for name in ("step1", "step2", "step3", "step4"):
        assert p[(name, "Main")][0] == 24000
    assert p[("step1.n'", "Main")][0] == 16000 and p[("applyN", "Main")][0] == 96000
