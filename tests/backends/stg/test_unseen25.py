"""Issue 18, "programs never seen" (helper unseen25): twenty-four ordinary programs in styles
the earlier held-out sets lacked (a class over a container type with a method of its own
context; a VM and games in Control.Monad.State over records; a tokenizer and shunting-yard;
text statistics with groupBy/sortBy/on; IORef rings and counters; Functor/Foldable/
Semigroup/Monoid instances; an interpreter whose syntax operators are partially applied
constructors; BFS with a two-list queue; Either validation with traverse and
partitionEithers; Life on a Set; memo tables; a scheduler with printf at String; matrices
and Rational rank; an ini reader; derived Enum/Bounded/Read cards; a parser-combinator
newtype; LZW; ShowS builders; a Map inventory with foldM in Maybe; printf at String and IO;
closed and capturing local functions passed inside lambdas; number theory with where
and guards; Dijkstra over a Set and a DFS topological sort in Either), compared with GHC 9.0.2 -O0
-prof -fprof-auto (tests/reference/ghc-9.0.2/shapes, README.md): stdout exactly, the
cost-centre tree with its entries exactly, the total within 2% and each cost centre of
module Main within 5% of GHC's bytes, but the gaps named below, each asserted at its
measured ratio (none analysed unless said; .notes/NOTE25_unseen25.md)."""

from __future__ import annotations

import pytest

from tests.backends.stg.test_ghc_fidelity import _run, _tree, assert_as_ghc

PROGRAMS = ["heapq25", "statevm25", "shunting25", "wordstats25", "ioreflog25", "shapesclass25",
            "interp25", "bfsgrid25", "csvvalid25", "lifeset25", "memo25", "bankers25",
            "matrix25", "config25", "poker25", "parser25", "lzw25", "hanoi25", "strbuild25",
            "inventory25", "printfstr25", "closedfun25", "numtheory25", "graphs25"]

#: totals beyond 2% of GHC's: the model's ratio
KNOWN_TOTAL = {
    "bankers25": 0.9715, "bfsgrid25": 1.0402, "closedfun25": 0.9782, "matrix25": 1.0246,
    "shapesclass25": 0.961, "statevm25": 0.971, "strbuild25": 1.0206,
    "numtheory25": 0.9733, "graphs25": 1.0221,
}

#: cost centres beyond 5% of GHC's bytes (CAF left out): the model's ratio, or where GHC's
#: bytes are 0 the model's bytes (an int)
KNOWN_CC: dict[str, dict[str, float | int]] = {
    # s'' (a record update used in both branches of an if): GHC allocates nothing under it
    "bankers25": {"roundRobin.loop": 0.719, "roundRobin.loop.s''": 2552},
    # (seen' and reachable.go GHC's since the merge with session 25's overloaded functions
    # passed as values, test_programs25's ovlvalue25: the total 1.0228 before)
    "bfsgrid25": {"bfs.go": 1.206, "bfs.go.next": 0.87, "bfs.go.parent'": 0.901,
                  "reachable.go.new": 1.548},
    "closedfun25": {"main.\\": 0.936},
    # (config25's main.cfg and parseConfig.go.s, hanoi25's main.\\.(...), memo25's choose,
    # wordstats25's main.ws GHC's since the merge with shapes25's first CAF entries)
    "hanoi25": {"solve": 1.161},
    "heapq25": {"insertQ": 0.9, "kMerge.go": 0.92, "simulate.q''": 0.753},
    "inventory25": {"fulfil.take1": 1.176},
    # `rule c | .. where n = ..' in a comprehension's guard: GHC charges step.rule
    "lifeset25": {"step": 4.39, "step.rule": 0.175, "step.rule.n": 0.942},
    "matrix25": {"rank": 0.8, "rank.go": 1.121, "rank.go.eliminate.\\": 1.176},
    "memo25": {"partitions": 1.885, "partitions.p": 1.062, "change.addCoin": 1.25},
    # (parseAll, token, value.list and value.record GHC's since the merge with session
    # 25's Applicative defaults and <$> through base, test_programs25's apdefaults25)
    "parser25": {"fmap.\\": 0.931, "spaces": 0.5, ">>=.\\": 1.362,
                 "satisfy": 1312, "value.field": 0.467, "char": 0.6,
                 "value.ident": 0.6, "sepBy": 0.184,
                 "value.number": 3.53, "value.str": 0.841},
    "poker25": {"pred": 1.5, "succ": 0.833, "readListPrec": 0.0, "readPrec": 0.791},
    "shapesclass25": {"<>": 1.057, "show2": 0.95, "main.(...)": 1.104,
                      "main.circles": 0.943, "main.t": 0.379},
    "shunting25": {"evalRPN": 2.773, "evalRPN.go": 0.622},
    "statevm25": {"counter": 1.086, "runProgram": 1.364, "exec": 0.933, "push": 0.8,
                  "exec.jump": 1.1},
    "strbuild25": {"joinB.\\": 1.1, "showsList": 1.25},
    "numtheory25": {"digitalRoot": 0.943, "divisors": 0.716, "divisors.combine": 0.945,
                    "toBase": 1.318, "isPrime": 1.056},
    # a local function used once in a pattern binding's thunk: GHC allocates it there
    "graphs25": {"dijkstra.go": 1.511, "dijkstra.go.edges": 0.857},
    "wordstats25": {"main": 1.146, "frequencies": 0.884, "longestCommonPrefix": 0.85},
}


@pytest.mark.parametrize("name", PROGRAMS)
def test_program_prints_enters_and_allocates_as_ghc(tmp_path, name):
    assert_as_ghc(tmp_path, name, KNOWN_TOTAL.get(name), KNOWN_CC.get(name))  # stdout, tree


CON_OPS = """\
data E = L Int | B Char E E deriving Show
(.+) :: E -> E -> E
(.+) = B '+'
mk :: Int -> E
mk n = L n .+ L (n + 1)
main :: IO ()
main = print (mk 1, mk 2)
"""


def test_partially_applied_constructor_at_top_level_runs_under_its_callers(tmp_path):
    """`(.+) = B '+'': CorePrep saturates the constructor inside the note, which is split:
    `.+' is entered once under CAF (0 bytes) and its calls, under mk, push nothing there
    (GHC 9.0.2; the model's PAP pushed `.+' under mk, 0 entries, and cost 32 bytes)."""
    assert _run(tmp_path, CON_OPS, "-P") == \
        "(B '+' (L 1) (L 2),B '+' (L 2) (L 3))\n"
    tree = _tree(tmp_path / "p.prof")
    assert {k: v for k, v in tree.items() if ".+" in k[0]} == {
        (("MAIN", "CAF", ".+"), 1): 1}


SPLIT_LAMBDA = """\
pairs :: [Int] -> [(Int -> Int, Int)]
pairs xs = map (\\x -> (h, x)) xs
  where h y = y * y - 1
adder :: Int -> Maybe (Int -> Int)
adder x = Just (\\y -> y + x)
main :: IO ()
main = do
  print (map (\\(f, x) -> f x) (pairs [6, 7]))
  maybe (return ()) (\\g -> print (g 5)) (adder 4)
"""


def test_function_in_a_constructor_runs_under_the_split_note(tmp_path):
    """A function stored in a constructor the function returns (`Just (\\y -> ..)', a
    closed where function inlined into `(h, x)'): mkTick pushes the note it splits off the
    constructor into the lambda, so calls enter it under that cost centre (0 entries):
    GHC 9.0.2's main.\\ > pairs > pairs.\\ > pairs.h and main.\\ > adder > adder.\\ (the
    model's ran them straight under the caller)."""
    assert _run(tmp_path, SPLIT_LAMBDA, "-P") == "[35,48]\n9\n"
    tree = _tree(tmp_path / "p.prof")
    paths = {k[0] for k in tree}
    assert ("MAIN", "CAF", "main", "main.\\", "pairs", "pairs.\\", "pairs.h") in paths
    assert ("MAIN", "CAF", "main", "main.\\", "adder", "adder.\\") in paths


OWN_CONTEXT = """\
class Container f where
  empty :: f a
  insert :: Ord a => a -> f a -> f a
  fromL :: Ord a => [a] -> f a
  fromL = foldr insert empty
  toL :: f a -> [a]
newtype Box a = Box [a]
instance Container Box where
  empty = Box []
  insert x (Box xs) = Box (x : xs)
  toL (Box xs) = xs
newtype Sorted a = Sorted [a]
instance Container Sorted where
  empty = Sorted []
  insert x (Sorted xs) = Sorted (filter (< x) xs ++ [x] ++ filter (>= x) xs)
  fromL = foldr insert (Sorted [])
  toL (Sorted xs) = xs
main :: IO ()
main = do
  print (toL (fromL [3, 1, 2 :: Int] :: Box Int), toL (fromL "hello" :: Sorted Char))
  print (toL (fromL [5, 4 :: Int] :: Sorted Int))
"""


def test_point_free_method_with_its_own_context_is_entered_at_each_use(tmp_path):
    """`fromL :: Ord a => [a] -> f a', point-free (a default, and an instance's own):
    GHC's method takes the Ord dictionary, so its cost centre is entered at each of the
    three uses under main (GHC 9.0.2: main > fromL, 2 and 1); the model evaluated each
    instance's once, under CAF."""
    assert _run(tmp_path, OWN_CONTEXT, "-P") == '([3,1,2],"ehllo")\n[4,5]\n'
    tree = _tree(tmp_path / "p.prof")
    assert sorted(k for k in tree if k[0][-1] == "fromL") == [
        (("MAIN", "CAF", "main", "fromL"), 1), (("MAIN", "CAF", "main", "fromL"), 2)]
