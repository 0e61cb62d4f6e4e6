"""Shapes of issue 18 item 1 found in session 21, against GHC 9.0.2
(shapes/programs/propfrac.hs, README): properFraction, which the subset lacked, and an
Integer past 64 bits as a Double, which GHC truncates (GMP's mpn_get_d)."""

from __future__ import annotations

from tests.backends.stg.test_ghc_fidelity import run_reference


def test_proper_fraction_allocates_as_bases(tmp_path):
    # run_reference: stdout (Double, Integer and Rational results, big Integers as
    # Doubles) and the cost-centre tree are GHC's
    g_total, g, p_total, p = run_reference(tmp_path, "propfrac")
    # base's properFraction at Double: decodeFloat, then 2^k by squaring (16 bytes a bit
    # of k and a set bit), m `quotRem` 2^k; exact per exponent range
    for name in ("fa", "fb", "fc", "fe"):
        assert p[(name, "Main")] == g[(name, "Main")], name
    # past 2^53 (n >= 0: the mantissa multiplied up) and tiny values (2^k past 64 bits)
    assert abs(p[("fd", "Main")][0] - g[("fd", "Main")][0]) <= 0.01 * g[("fd", "Main")][0]
    assert abs(p[("tiny", "Main")][0] - g[("tiny", "Main")][0]) <= 0.05 * g[("tiny", "Main")][0]
    # known gap: point-free `splitR = properFraction`/`toD = fromIntegral`'s calls are
    # charged to main (GHC: to the alias's cost centre, 1,440 bytes)
    assert abs(p_total - g_total) <= 0.025 * g_total, (p_total, g_total)


def test_reads_prints_and_allocates_as_ghc(tmp_path):
    # stdout (values and the text left over: leading spaces kept, a lexeme cut where the
    # lexer stops) and the tree are GHC's; the parse's cost is read's less what reads does
    # not do (read also lexes what follows): within 3% per cost centre
    g_total, g, p_total, p = run_reference(tmp_path, "readsuse")
    for name in ("parseInt", "sumAll"):
        assert abs(p[(name, "Main")][0] - g[(name, "Main")][0]) <= 0.03 * g[(name, "Main")][0]
    assert abs(p_total - g_total) <= 0.015 * g_total, (p_total, g_total)


def test_realfloat_and_floating_functions(tmp_path):
    # stdout (libm's digits, NaN/Infinity, decodeFloat's parts, Rational powers) and the
    # tree are GHC's; each function's cost centre exact or within 1%
    g_total, g, p_total, p = run_reference(tmp_path, "floatfns")
    for name in ("hyper", "inv", "parts", "rebuild"):
        assert p[(name, "Main")] == g[(name, "Main")], name
    for name in ("powers", "ratPow"):
        assert abs(p[(name, "Main")][0] - g[(name, "Main")][0]) <= 0.01 * g[(name, "Main")][0]
    # known gap: main's sums 0.967x
    assert abs(p_total - g_total) <= 0.025 * g_total, (p_total, g_total)


def test_more_of_the_containers_api(tmp_path):
    # stdout and the tree are GHC's (mapAccumWithKey lazy: its function entered only for
    # what is looked at, 800 times, not 1,600)
    g_total, g, p_total, p = run_reference(tmp_path, "contapi21")
    # lookupIndex/elemAt with the index unboxed (only the answer allocated); unsafeShiftL
    for name in ("ranks", "hashes.\\"):
        assert p[(name, "Main")] == g[(name, "Main")], name
    assert abs(p[("drain", "Main")][0] - g[("drain", "Main")][0]) <= 0.03 * g[("drain", "Main")][0]
    # known gaps: Set lookups 32 bytes a call over (nearest 1.354x); mapAccumWithKey's lazy
    # pairs (accum 0.613x)
    assert abs(p_total - g_total) <= 0.06 * g_total, (p_total, g_total)


def test_control_monad_functions(tmp_path):
    # stdout and the tree are GHC's; Maybe's pipelines exact
    g_total, g, p_total, p = run_reference(tmp_path, "monadfns21")
    for name in ("halve", "checked", "safeDiv"):
        assert p[(name, "Main")] == g[(name, "Main")], name
    # known gaps: guard in the list monad 20 bytes an iteration over (triples 1.040x),
    # join at lists 1.045x; the point-free pipeline's CAF 32 bytes
    for name in ("triples", "flat", "combine", "pipeline"):
        assert abs(p[(name, "Main")][0] - g[(name, "Main")][0]) <= 0.05 * g[(name, "Main")][0]
    assert abs(p_total - g_total) <= 0.04 * g_total, (p_total, g_total)


def test_control_monad_functions_at_a_programs_monad(tmp_path):
    """liftM2, liftM, join, ap and (>=>) at a program's own monad (its instances' methods),
    and a program's own `join`/`guard` shadowing the Prelude's: runghc's output."""
    from tests.backends.stg.test_ghc_fidelity import _run
    src = '''import Control.Monad
newtype Counter a = Counter (Int -> (a, Int))
runCounter :: Counter a -> Int -> (a, Int)
runCounter (Counter f) = f
instance Functor Counter where
  fmap f (Counter g) = Counter (\\s -> let (a, s') = g s in (f a, s'))
instance Applicative Counter where
  pure x = Counter (\\s -> (x, s))
  Counter f <*> Counter g = Counter (\\s -> let (h, s1) = f s; (a, s2) = g s1 in (h a, s2))
instance Monad Counter where
  Counter g >>= k = Counter (\\s -> let (a, s') = g s in runCounter (k a) s')
tick :: Counter Int
tick = Counter (\\s -> (s, s + 1))
main :: IO ()
main = do
  print (fst (runCounter (liftM2 (+) tick tick) 10), fst (runCounter (liftM (* 2) tick) 3))
  print (fst (runCounter (join (pure tick)) 7), fst (runCounter (ap (pure negate) tick) 4))
  print (fst (runCounter (((\\x -> fmap (+ x) tick) >=> (\\y -> pure (y * 2))) 5) 1))
'''
    assert _run(tmp_path, src, name="own.hs") == "(21,6)\n(7,-4)\n12\n"
    own = ('join :: [String] -> String\njoin = foldr1 (\\a b -> a ++ "," ++ b)\n'
           'guard :: Int -> Int\nguard x = x * 2\nmain :: IO ()\n'
           'main = print (join ["a", "b"], guard 4)\n')
    assert _run(tmp_path, own, name="shadow.hs") == '("a,b",8)\n'


def test_as_pattern_bindings(tmp_path):
    """`xs@(x : _) = ...` as a binding at top level, in a where and in a let (beside another
    on the same line): it was read as a function named xs (`parse error on input @`).
    runghc's output."""
    from tests.backends.stg.test_ghc_fidelity import _run
    src = '''nums :: [Int]
whole@(first : rest) = [4, 5, 6] :: [Int]
nums = whole

f :: Int -> (Int, [Int])
f n = (hd + length tl, ys)
  where ys@(hd : tl) = [n, n + 1, n + 2]

main :: IO ()
main = do
  let (q, r) = 17 `divMod` 5; xs@(x1 : _) = [q, r]
  print (q, r, xs, x1)
  print (nums, first, rest, f 10)
'''
    assert _run(tmp_path, src, name="asp.hs") == \
        "(3,2,[3,2],3)\n([4,5,6],4,[5,6],(12,[10,11,12]))\n"


def test_reads_after_tabs(tmp_path):
    """reads where tabs precede the value: the lexer counts a tab to the next multiple of 8,
    and the text left over was cut that many characters late ([(7,"")]). runghc's output."""
    from tests.backends.stg.test_ghc_fidelity import _run
    src = ('main :: IO ()\nmain = do\n'
           '  print (reads "\\t7 y" :: [(Int, String)], reads "[1,\\t2] q" :: [([Int], String)])\n'
           '  print (reads "\\t\\"s\\"\\tz" :: [(String, String)], '
           'reads "\\t\\t3\\t\\t4" :: [(Int, String)])\n')
    assert _run(tmp_path, src, name="tabs.hs") == \
        '([(7," y")],[([1,2]," q")])\n([("s","\\tz")],[(3,"\\t\\t4")])\n'
