"""Issue 17 item 2: ill-typed Haskell is refused before it runs (the front end's
Hindley-Milner checker with the Prelude's classes, ``frontend/typecheck*.py``), in one line
``file:line:col: error: ...`` and exit status 1 (``SourceError``); well-typed programs are
never refused.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from profkit.backends.stg.frontend import pipeline, typecheck
from profkit.backends.stg.frontend.typecheck_env import prelude_env
from profkit.cli import main as cli_main
from profkit.errors import SourceError
from tests.conftest import REFERENCE, REPO


@pytest.fixture(autouse=True, scope="module")
def strict_checker():
    # a fault of the checker must fail these tests (in normal runs it lets the program through)
    old, typecheck.STRICT = typecheck.STRICT, True
    yield
    typecheck.STRICT = old


# (program, line, column, message): each refused with exactly this diagnostic
ILL_TYPED = [
    ('main = print (1 + True)\n',
     1, 17,
     "No instance for (Num Bool) arising from a use of `+'"),
    ('main = print (3 4)\n',
     1, 15,
     "No instance for (Num (t0 -> t1)) arising from the literal `3' (maybe you haven't applied "
     'a function to enough arguments?)'),
    ('main = print (True 4)\n',
     1, 15,
     "Couldn't match expected type `t0 -> t1' with actual type `Bool'; the function `True' is "
     "applied to 1 argument, but its type `Bool' has none"),
    ('f :: Int -> Int\nf x = x\nmain = print (f True)\n',
     3, 17,
     "Couldn't match expected type `Int' with actual type `Bool'"),
    ('main = putStrLn 5\n',
     1, 17,
     "No instance for (Num [Char]) arising from the literal `5'"),
    ('main = 5\n',
     1, 8,
     "No instance for (Num (IO t0)) arising from the literal `5'"),
    ('f :: a -> a\nf x = x + 1\nmain = print (f 2)\n',
     2, 9,
     "No instance for (Num a) arising from a use of `+'; add (Num a) to the context of the "
     "type signature for `f'"),
    ('main = print (2 `div` 3 / 1)\n',
     1, 25,
     "Ambiguous type variable `t0' arising from a use of `/' prevents the constraint "
     "`(Fractional t0)' from being solved (no default type satisfies (Fractional, Integral, "
     'Num, Show))'),
    ('data T = A Int | B\nmain = print (A True)\n',
     2, 17,
     "Couldn't match expected type `Int' with actual type `Bool'"),
    ('main = print show\n',
     1, 8,
     "No instance for (Show (t0 -> [Char])) arising from a use of `print' (maybe you haven't "
     'applied a function to enough arguments?)'),
    ('f (x:xs) = x\nmain = print (f (Just 1))\n',
     2, 18,
     "Couldn't match expected type `[t0]' with actual type `Maybe t1'"),
    ('main = if 1 then print 1 else print 2\n',
     1, 11,
     "No instance for (Num Bool) arising from the literal `1'"),
    ('main = print [x | x <- "abc", x]\n',
     1, 31,
     "Couldn't match expected type `Bool' with actual type `Char'"),
    ('f x = f\nmain = print 1\n',
     1, 7,
     "Occurs check: cannot construct the infinite type: t0 ~ t1 -> t0; expected type: `t0', "
     "actual type: `t1 -> t0'"),
    ('main = "hello"\n',
     1, 1,
     "Couldn't match expected type `IO t0' with actual type `[Char]'"),
    ('main :: Int\nmain = 3\n',
     2, 1,
     "Couldn't match expected type `IO t0' with actual type `Int'"),
    ('f :: Int -> Int\nf x = x + 1\nmain = print (f 1 2)\n',
     3, 15,
     "Couldn't match expected type `t0 -> t1' with actual type `Int'; the function `f' is "
     "applied to 2 arguments, but its type `Int -> Int' has only 1"),
    ('f :: Int\nf x = x\nmain = print f\n',
     2, 1,
     "The equation(s) for `f' have 1 argument, but its type `Int' has none"),
    ('main = print (if True then \'a\' else "b")\n',
     1, 37,
     "Couldn't match expected type `Char' with actual type `[Char]'"),
    ('main = case Just 1 of\n  [] -> print 0\n  _ -> print 1\n',
     2, 3,
     "Couldn't match expected type `Maybe t0' with actual type `[t1]'"),
    ('main = do\n  x <- 5\n  print x\n',
     2, 8,
     "No instance for (Num (IO t0)) arising from the literal `5'"),
    ('main = do\n  let n = length "abc"\n  putStrLn n\n',
     3, 12,
     "Couldn't match expected type `[Char]' with actual type `Int'"),
    ('main = putStrLn ("n = " ++ 5)\n',
     1, 28,
     "No instance for (Num [Char]) arising from the literal `5'"),
    ("data T = A Int\nf (A 'c') = 1\nmain = print (f (A 1))\n",
     2, 6,
     "Couldn't match expected type `Int' with actual type `Char'"),
    ('type Name = String\ngreet :: Name -> String\ngreet n = "hi " ++ n\nmain = putStrLn '
     "(greet 'x')\n",
     4, 24,
     "Couldn't match expected type `[Char]' with actual type `Char'"),
    ("main = do\n  let f :: Int -> Int\n      f x = x\n  print (f 'c')\n",
     4, 12,
     "Couldn't match expected type `Int' with actual type `Char'"),
    ("main = print ('a' :: Int)\n",
     1, 15,
     "Couldn't match expected type `Int' with actual type `Char'"),
    ('f :: a -> String\nf x = show x\nmain = putStrLn (f 1)\n',
     2, 7,
     "No instance for (Show a) arising from a use of `show'; add (Show a) to the context of "
     "the type signature for `f'"),
    ('main = print ((+ 1) == (+ 2))\n',
     1, 21,
     "No instance for (Eq (t0 -> t0)) arising from a use of `==' (maybe you haven't applied a "
     'function to enough arguments?)'),
    ('f :: Double -> Double\nf x = x `mod` 2\nmain = print (f 1)\n',
     2, 9,
     "No instance for (Integral Double) arising from a use of `mod'"),
    ('main = print (length (5 :: Int))\n',
     1, 22,
     "Couldn't match expected type `t0 t1' with actual type `Int'"),
    ('main = putStrLn (\'a\' ++ "b")\n',
     1, 18,
     "Couldn't match expected type `[t0]' with actual type `Char'"),
    ('main = print (fst [1, 2])\n',
     1, 19,
     "Couldn't match expected type `(t0, t1)' with actual type `[t2]'"),
    ('main = print (Just 1 2)\n',
     1, 15,
     "Couldn't match expected type `t0 -> t1' with actual type `Maybe t2'; the function `Just' "
     "is applied to 2 arguments, but its type `t2 -> Maybe t2' has only 1"),
    ('main = case id of\n  Just x -> print x\n  Nothing -> print 0\n',
     2, 3,
     "Couldn't match expected type `t0 -> t0' with actual type `Maybe t1'"),
    ('f x = y * 2 where y = "s"\nmain = print (f 1)\n',
     1, 9,
     "No instance for (Num [Char]) arising from a use of `*'"),
    ('f x | x = 1\n    | otherwise = 2\nmain = print (f 3)\n',
     3, 17,
     "No instance for (Num Bool) arising from the literal `3'"),
    ('main = mapM_ print 5\n',
     1, 20,
     "No instance for (Num (t0 t1)) arising from the literal `5'"),
    ('main = print (Just 1 + Just 2)\n',
     1, 22,
     "No instance for (Num (Maybe t0)) arising from a use of `+'"),
    ('f g = (g 1, g True)\nmain = print (f id)\n',
     1, 10,
     "No instance for (Num Bool) arising from the literal `1'"),
    ('main = print (not 1)\n',
     1, 19,
     "No instance for (Num Bool) arising from the literal `1'"),
    ('data Shape = Circle Double | Square Double\narea :: Shape -> Double\narea (Circle r) = 3 '
     '* r * r\narea (Square s) = s * s\nmain = print (area 2.0)\n',
     5, 20,
     "No instance for (Fractional Shape) arising from the literal `2.0'"),
    ('main = do\n  print 1\n  putStrLn\n',
     3, 3,
     "Couldn't match expected type `IO t0' with actual type `[Char] -> IO ()'"),
    ('main = print (map (+ 1) "abc")\n',
     1, 20,
     "No instance for (Num Char) arising from a use of `+'"),
    ('count :: [a] -> Int\ncount xs = sum xs\nmain = print (count [1])\n',
     2, 12,
     "Couldn't match expected type `Int' with actual type `a'; `a' is a rigid type variable "
     "bound by the type signature for `count'"),
    ('main = print (zip [1, 2])\n',
     1, 8,
     "No instance for (Show ([t0] -> [(t1, t0)])) arising from a use of `print' (maybe you "
     "haven't applied a function to enough arguments?)"),
    ('main = print ([1, 2] !! 1.5)\n',
     1, 25,
     "No instance for (Fractional Int) arising from the literal `1.5'"),
    ("main = print (replicate 'a' 3)\n",
     1, 25,
     "Couldn't match expected type `Int' with actual type `Char'"),
    ('main = print (let (a, b) = (1, 2, 3) in a)\n',
     1, 28,
     "Couldn't match expected type `(t0, t1)' with actual type `(t2, t3, t4)'"),
    ('main = print (\\x -> x)\n',
     1, 8,
     "No instance for (Show (t0 -> t0)) arising from a use of `print' (maybe you haven't "
     'applied a function to enough arguments?)'),
]

# more of them: annotations over several lines, tuples in annotations, data fields
ILL_TYPED += [
    ('main = do\n  let f = (\\v -> v ++ "a")\n            :: Int\n            -> Int\n'
     '  print (f 1)\n',
     2, 12,
     "Couldn't match type `[Char]' with `Int'; expected type: `Int -> Int', actual type: "
     "`[Char] -> [Char]'"),
    ('main = do\n  let y = (3, \'a\') :: (Int, Int)\n  print y\n',
     2, 11,
     "Couldn't match type `Char' with `Int'; expected type: `(Int, Int)', actual type: "
     "`(Int, Char)'"),
    ('data T = B !(Int, Int) [Char]\nmain = print (case B (1, 2) 3 of B _ _ -> 0)\n',
     2, 29, "No instance for (Num [Char]) arising from the literal `3'"),
    ('newtype Box a = Box a\nf :: Box Int -> Int\nf (Box n) = n\nmain = print (f (Box "s"))\n',
     4, 18,
     "Couldn't match type `[Char]' with `Int'; expected type: `Box Int', actual type: "
     "`Box [Char]'"),
]


def run_cli(capsys, tmp_path, src: str) -> tuple[int, str, str]:
    path = tmp_path / "bad.hs"
    path.write_text(src)
    status = cli_main(["run", "--outdir", str(tmp_path), str(path)])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("src,line,col,msg", ILL_TYPED)
def test_ill_typed_program_is_refused_with_its_position(capsys, tmp_path, src, line, col, msg):
    status, out, err = run_cli(capsys, tmp_path, src)
    assert status == SourceError.exit_code == 1
    assert out == "" and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0] == f"bad.hs:{line}:{col}: error: {msg}"


def test_the_installed_command_refuses_an_ill_typed_program(tmp_path):
    path = tmp_path / "t.hs"
    path.write_text("main :: IO ()\nmain = print (1 + True)\n")
    exe = Path(sys.executable).parent / "profkit"
    r = subprocess.run([str(exe), "run", "--outdir", str(tmp_path), str(path)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr.strip().endswith("t.hs:2:17: error: No instance for (Num Bool) arising "
                                     "from a use of `+'")


# ---------------------------------------------------------------- well-typed programs

WELL_TYPED = [
    ('import Data.Char (toUpper, isDigit)\n'
     'square x = x * x\n'
     'fact :: Integer -> Integer\n'
     'fact 0 = 1\n'
     'fact n = n * fact (n - 1)\n'
     'data Tree a = Leaf | Node (Tree a) a (Tree a) deriving Show\n'
     'depth :: Tree a -> Int\n'
     'depth Leaf = 0\n'
     'depth (Node l _ r) = 1 + max (depth l) (depth r)\n'
     'findT :: Ord a => a -> Tree a -> Maybe a\n'
     'findT _ Leaf = Nothing\n'
     'findT x (Node l y r)\n'
     '  | x == y = Just y\n'
     '  | x < y = findT x l\n'
     '  | otherwise = findT x r\n'
     'stats :: [Int] -> (Int, Int, Double)\n'
     'stats xs = (minimum xs, maximum xs, avg)\n'
     '  where avg = fromIntegral (sum xs) / fromIntegral (length xs)\n'
     'main :: IO ()\n'
     'main = do\n'
     '  print (square 3, square 2.5, fact 20)\n'
     '  print (depth (Node Leaf 1 (Node Leaf 2 Leaf)), findT 2 (Node Leaf 2 Leaf))\n'
     '  print (stats [1, 5, 3])\n'
     '  let loop n | n > 3 = return ()\n'
     '             | otherwise = print n >> loop (n + 1)\n'
     '  loop 1\n'
     '  let (a, b) = splitAt 3 [1 .. 10]\n'
     '  print (a, b)\n'
     '  print $ sum $ map (^ 2) [1 .. 10]\n'
     '  print (zipWith ($) [(+ 1), (* 2)] [10, 20], map ($ 3) [(+ 1)], map (`div` 2) [10, 11])\n'
     '  print (flip (-) 1 10, until (> 100) (* 2) 1, takeWhile (< 40) (iterate (* 3) 1))\n'
     "  print (take 5 (cycle [1, 2]), take 2 (repeat 'x'), 3 `elem` [1, 2, 3])\n"
     '  print (either show (map toUpper) (Right "abc" :: Either Int String))\n'
     '  mapM_ (\\(k, v) -> putStrLn (k ++ "=" ++ show v)) (zip ["a", "b"] [1, 2])\n'
     '  let xs = [1, 2, 3] :: [Int]\n'
     '  print (sum (map fromIntegral xs) / 2)\n'
     '  print (fromIntegral (3 :: Int) :: Double)\n'
     '  print (length "abc" > 0 && head "abc" == \'a\')\n'
     '  if null xs\n'
     '    then putStrLn "empty"\n'
     '    else putStrLn "nonempty"\n'
     '  print [(i, j) | i <- [1 .. 4], let k = i * i, j <- [k .. 5]]\n'
     '  print (filter (/= \' \') "a b c", words "x y", show (Just (-3)), gcd 12 18, lcm 4 6)\n'
     '  print (unzip3 [(1, \'a\', True)], zip3 [1] "a" [()])\n'
     '  print (foldr (\\x acc -> x : take 2 acc) [] [1 .. 10])\n'
     '  sequence_ $ map print [1, 2]\n'
     '  print (x `seq` x + 1) where x = 5\n'),
    ('main = interact\' where interact\' = putStrLn "x"\n'),
    ('process :: String -> String\n'
     'process = unwords . map reverse . words\n'
     'main = putStrLn (process "hello world")\n'),
    ('qsort :: Ord a => [a] -> [a]\n'
     'qsort [] = []\n'
     'qsort (p:xs) = qsort [x | x <- xs, x < p] ++ [p] ++ qsort [x | x <- xs, x >= p]\n'
     'main = print (qsort [3, 1, 2]) >> print (qsort "hello")\n'),
    ('primes = sieve [2 ..] where sieve (p:xs) = p : sieve [x | x <- xs, x `mod` p /= 0]\n'
     'main = print (take 10 primes)\n'),
    ('fibs = 0 : 1 : zipWith (+) fibs (tail fibs)\n'
     'main = print (fibs !! 50)\n'),
    ('data Op = Add | Sub | Mul\n'
     'apply :: Op -> Int -> Int -> Int\n'
     'apply Add = (+)\n'
     'apply Sub = (-)\n'
     'apply Mul = (*)\n'
     'main = print (map (\\o -> apply o 6 3) [Add, Sub, Mul])\n'),
    ('hanoi :: Int -> String -> String -> String -> [(String, String)]\n'
     'hanoi 0 _ _ _ = []\n'
     'hanoi n a b c = hanoi (n - 1) a c b ++ [(a, b)] ++ hanoi (n - 1) c b a\n'
     'main = mapM_ print (hanoi 3 "a" "b" "c")\n'),
    ('main = do\n'
     '  let f = \\x -> x + 1\n'
     '  print (f 1)\n'
     '  let g x = (x, x)\n'
     "  print (g 'a', g True)\n"
     '  let n = 10 :: Int\n'
     "      xs = replicate n 'a'\n"
     '  putStrLn xs\n'
     '  print $ length $ filter even [1 .. n]\n'),
    ('data Token = TNum Double | TPlus | TMinus deriving (Show, Eq)\n'
     'evalRPN :: [Token] -> [Double] -> Maybe Double\n'
     'evalRPN [] [x] = Just x\n'
     'evalRPN [] _ = Nothing\n'
     'evalRPN (TNum n : ts) st = evalRPN ts (n : st)\n'
     'evalRPN (TPlus : ts) (a : b : st) = evalRPN ts (b + a : st)\n'
     'evalRPN (TMinus : ts) (a : b : st) = evalRPN ts (b - a : st)\n'
     'evalRPN _ _ = Nothing\n'
     'main = print (evalRPN [TNum 1, TNum 2, TPlus] [])\n'),
    ('power :: (Num a, Integral b) => a -> b -> a\n'
     'power _ 0 = 1\n'
     'power x n = x * power x (n - 1)\n'
     'main = print (power 2 10, power 1.5 2)\n'),
    ('showTable :: [(String, Int)] -> String\n'
     'showTable rows = unlines [name ++ ": " ++ replicate n \'*\' | (name, n) <- rows]\n'
     'main = putStr (showTable [("a", 3), ("b", 5)])\n'),
    ('main = do\n'
     '  let pairs = [(x, y) | x <- [1 .. 3], y <- [x .. 3]]\n'
     '  mapM_ print pairs\n'
     '  print (lookup 2 pairs, maybe "none" show (lookup 9 pairs))\n'
     '  print (fmap (* 2) (Just 3), fmap length (Right "ab" :: Either Int String))\n'
     '  print . sum . map snd $ pairs\n'),
    ('avg :: (Real a, Fractional b) => [a] -> b\n'
     'avg xs = realToFrac (sum xs) / fromIntegral (length xs)\n'
     'main = print (avg [1, 2, 3 :: Int] :: Double)\n'),
    ('mySum :: Num a => [a] -> a\n'
     'mySum = go 0\n'
     '  where go acc [] = acc\n'
     '        go acc (y:ys) = go (acc + y) ys\n'
     'main = print (mySum [1 .. 100], mySum [0.5, 0.25])\n'),
    ('twice f = f . f\n'
     'main = print (twice twice (+ 1) 0, twice tail "abcd")\n'),
    ('main = print (show 1.0e-2, show (1/0 :: Double), truncate (10 / 3 :: Double) :: Int)\n'),
    ('f :: Int -> Either String Int\n'
     'f x | x < 0 = Left "neg"\n'
     '    | otherwise = Right (x * 2)\n'
     'main = do\n'
     '  print (map f [-1, 2])\n'
     '  case f 3 of\n'
     '    Left e -> putStrLn e\n'
     '    Right v -> print v\n'),
]


# checked as far as the checker can read them: unknown types in a signature or a field
# leave that signature or field unchecked, never refuse the program
WELL_TYPED += [
    "f :: Word -> Word\nf x = x\nmain = print (f 3)\n",
    "data W = W Word\nmain = print (case W 3 of W n -> n + 1)\n",
    "main = do\n  let x = 5 :: Int\n      y = (3, 4) :: (Int, Int)\n      f = (\\v -> v + 1)\n"
    "            :: Int\n            -> Int\n  print (x + fst y + f 2)\n",
    "data Rose a = Rose a [Rose a]\nsize :: Rose a -> Int\n"
    "size (Rose _ ks) = 1 + sum (map size ks)\nmain = print (size (Rose 'x' []))\n",
    "f :: Int -> Int\nf n = g n + 1\ng n = if n > 0 then f (n - 1) else 0\nmain = print (f 3)\n",
]


@pytest.mark.parametrize("src", WELL_TYPED)
def test_well_typed_program_is_accepted(src):
    pipeline.compile_program(src, "ok.hs")


def test_every_prelude_function_has_a_type():
    # a Prelude name without a type would be left unchecked (a fresh type at each use)
    prelude = pipeline._prelude()[0]
    names = {n for n in pipeline._module_names(prelude) if "#" not in n}
    assert names <= set(prelude_env()[0]), names - set(prelude_env()[0])


# ---------------------------------------------------------------- every program of the repository

# programs embedded in tests that are ill-typed on purpose (GHC refuses each of them too)
KNOWN_ILL_TYPED = {
    "main = let x = 1; y = 2 in x",  # parse-only tests: main :: Num a => a
    # test_numeric_ratio: readMaybe at a program type without a Read instance
    "import Text.Read\ndata T = T Int deriving Show\nmain :: IO ()\n"
    "main = print (readMaybe \"T 1\" :: Maybe T)",
    # test_shapes22: read at a program type without a Read instance
    "data T = A | B deriving Show\nmain :: IO ()\nmain = print (read \"A\" :: T)",
    # test_libraries22: deepseq at a program type without an NFData instance
    "import Control.DeepSeq\ndata T = T Int\nmain = print (T 1 `deepseq` 2)",
    # test_exceptions: a handler whose exception type is left open (GHC's ambiguity)
    "import Control.Exception\nmain :: IO ()\n"
    "main = catch (print 1) (\\e -> putStrLn \"no\")",
    # test_mtl_state: a State Int's value used as a String
    "import Control.Monad.State\nf :: State Int Int\nf = do\n  x <- get\n"
    "  return (x ++ \"a\")\nmain :: IO ()\nmain = print (evalState f 1)",
    # test_st_arrays: an ST action as main, Foldable at a UArray, an Array for a UArray,
    # String elements of a UArray, writeArray on an Array
    "main = newSTRef 'x' >>= \\_ -> return ()",
    "import Data.Array.Unboxed\nmain :: IO ()\n"
    "main = print (sum (listArray (0, 2) [1, 2, 3] :: UArray Int Int))",
    "import Data.Array.ST\nimport Data.Array.Unboxed\nimport Control.Monad.ST\n"
    "f :: UArray Int Int\nf = runSTArray (newArray (0, 3) 0)\nmain :: IO ()\nmain = print (f ! 1)",
    "import Data.Array.Unboxed\nmain :: IO ()\n"
    "main = print (listArray (0, 1) [\"a\", \"b\"] :: UArray Int String)",
    "import Data.Array\nimport Data.Array.ST\nmain :: IO ()\n"
    "main = writeArray (listArray (0, 1) [1, 2] :: Array Int Int) 0 5",
    # test_arrays_iorefs: no Ix instance, an IORef written at another type
    "import Data.Array\nmain :: IO ()\nmain = print (listArray (False, True) [1, 2 :: Int]"
    " ! True)",
    "import Data.IORef\nmain :: IO ()\nmain = do\n  r <- newIORef 'x'\n  writeIORef r True",
    "main = (case x of Just y -> y) + 1\nx = Nothing",
    "main = print ",  # a fragment of a longer source: main would be a function
    "main = print ([1] + 2)",  # the machine test of an ill-typed program
    # test_containers: a Map built from a list of numbers, not pairs
    "import Data.Map (size)\nimport qualified Data.Map as M\n"
    "main = print (M.size M.empty, M.fromList [1])",
    # test_frontend_errors: ill-typed instance methods
    "data T = T\ninstance Show T where\n  show T = 3\nmain = print T",
    "data T = T Int\ninstance Eq T where\n  T a == T b = a\nmain = print (T 1 == T 1)",
    "data P a = P a\ninstance Show (P a) where\n  show (P x) = show x\nmain = print (P 1)",
    "data V a = V a\ninstance Num (V a) where\n  V a + V b = V (a + b)\n"
    "  fromInteger n = V (fromInteger n)\nmain = print 1",
    "data T = T\ninstance Num T where\n  T + T = True\nmain = print 1",
    # test_frontend_errors: a use without an instance, a method without the class's variable
    "class C a where\n  f :: a -> Int\nmain = print (f (3 :: Int))",
    "class C a where\n  f :: Int -> Int\nmain = print 1",
    # test_frontend_errors: classes a type does not derive
    "data C = R | G\nmain :: IO ()\nmain = print R",
    "data C = R | G deriving Show\nmain :: IO ()\nmain = print (R == G)",
    # test_numeric_ratio: a Ratio at Double, Down of functions, showHex of a Char
    "import Data.Ratio\nmain :: IO ()\nmain = print (3 % 4 :: Double)",
    "import Data.Ord\nmain :: IO ()\nmain = print (Down id < Down id)",
    "import Numeric\nmain :: IO ()\nmain = putStrLn (showHex 'x' \"\")",
    # test_fixed_ints: a Word8 converted to a Char, Int8 plus Int16
    "import Data.Word\nmain :: IO ()\nmain = print (fromIntegral (3 :: Word8) :: Char)",
    "import Data.Int\nmain :: IO ()\nmain = print ((1 :: Int8) + (2 :: Int16))",
    # test_programs26: an existential's context names a class not in scope
    "data B = forall b. (Show b, Foo b) => B b\nmain :: IO ()\nmain = print 1",
}


def _repo_files() -> list[Path]:
    files = list((REPO / "examples").glob("*.hs")) + list((REPO / "study/corpus").glob("*.hs"))
    files += [p for p in (REPO / "tests").rglob("*.hs")]
    assert any(REFERENCE in p.parents for p in files) and len(files) >= 30
    return sorted(files)


def _embedded() -> list[tuple[str, str]]:
    out = []
    for path in sorted((REPO / "tests").rglob("*.py")):
        if path.name == "test_typecheck.py":
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    re.search(r"^\s*main\s*(::|=)", node.value, re.M):
                out.append((f"{path.relative_to(REPO)}:{node.lineno}",
                            textwrap.dedent(node.value)))
    assert len(out) >= 60
    return out


def _accepted_without_checker(src: str, monkeypatch) -> bool:
    with monkeypatch.context() as m:
        m.setattr(typecheck.Prepared, "check", lambda self: None)
        try:
            pipeline.compile_program(src, "p.hs")
        except Exception:  # not a program of the subset (or a pre-checker failure)
            return False
    return True


def test_every_repository_program_passes_the_checker(monkeypatch):
    refused = []
    programs = [(str(p.relative_to(REPO)), p.read_text()) for p in _repo_files()]
    for where, src in programs + _embedded():
        try:
            pipeline.compile_program(src, "p.hs")
        except SourceError as e:
            if src.strip() in KNOWN_ILL_TYPED or src in KNOWN_ILL_TYPED:
                continue
            if "not supported by the Haskell subset" in str(e):
                continue  # refused as outside the subset (a non-IO monad the types reveal)
            if _accepted_without_checker(src, monkeypatch):
                refused.append(f"{where}: {e}")
    assert not refused, "\n".join(refused)


# ---------------------------------------------------------------- generated programs


@st.composite
def typed_expr(draw, ty: str, depth: int = 0):
    """Source of a well-typed expression of type ``ty`` (Int, Bool, Double, String, [Int])."""
    leaf = depth >= 3 or draw(st.integers(0, 3)) == 0

    def sub(t: str) -> str:
        return "(" + draw(typed_expr(t, depth + 1)) + ")"

    if ty == "Int":
        if leaf:
            return str(draw(st.integers(0, 99)))
        return draw(st.sampled_from([
            lambda: f"({sub('Int')} + {sub('Int')})", lambda: f"({sub('Int')} * {sub('Int')})",
            lambda: f"length {sub('String')}", lambda: f"sum {sub('[Int]')}",
            lambda: f"(if {sub('Bool')} then {sub('Int')} else {sub('Int')})",
            lambda: f"(let v = {sub('Int')} in v - {sub('Int')})",
            lambda: f"fst ({sub('Int')}, {sub('Bool')})",
            lambda: f"(case {sub('[Int]')} of {{ [] -> {sub('Int')}; (h:_) -> h }})",
            lambda: f"maybe {sub('Int')} id (Just {sub('Int')})",
            lambda: f"({sub('Int')} `div` (abs {sub('Int')} + 1))",
            lambda: f"round {sub('Double')}",
        ]))()
    if ty == "Bool":
        if leaf:
            return draw(st.sampled_from(["True", "False", "otherwise"]))
        return draw(st.sampled_from([
            lambda: f"({sub('Int')} < {sub('Int')})", lambda: f"({sub('Bool')} && {sub('Bool')})",
            lambda: f"not {sub('Bool')}", lambda: f"even {sub('Int')}",
            lambda: f"null {sub('[Int]')}", lambda: f"({sub('String')} == {sub('String')})",
            lambda: f"elem {sub('Int')} {sub('[Int]')}", lambda: f"any even {sub('[Int]')}",
        ]))()
    if ty == "Double":
        if leaf:
            return draw(st.sampled_from(["1.5", "2", "pi", "0.25"]))
        return draw(st.sampled_from([
            lambda: f"({sub('Double')} + {sub('Double')})",
            lambda: f"(fromIntegral {sub('Int')} / 2)", lambda: f"sqrt {sub('Double')}",
            lambda: f"max {sub('Double')} {sub('Double')}",
        ]))()
    if ty == "String":
        if leaf:
            return draw(st.sampled_from(['"abc"', '""', "['x']"]))
        return draw(st.sampled_from([
            lambda: f"show {sub('Int')}", lambda: f"({sub('String')} ++ {sub('String')})",
            lambda: f"reverse {sub('String')}", lambda: f"take {sub('Int')} {sub('String')}",
            lambda: f"concatMap show {sub('[Int]')}", lambda: f"show {sub('Double')}",
        ]))()
    if leaf:  # [Int]
        return draw(st.sampled_from(["[]", "[1, 2, 3]", "[1 .. 5]"]))
    return draw(st.sampled_from([
        lambda: f"map (+ 1) {sub('[Int]')}", lambda: f"filter even {sub('[Int]')}",
        lambda: f"[{sub('Int')} .. {sub('Int')}]", lambda: f"[v * 2 | v <- {sub('[Int]')}]",
        lambda: f"zipWith (+) {sub('[Int]')} {sub('[Int]')}",
        lambda: f"({sub('Int')} : {sub('[Int]')})",
    ]))()


TYPES = ["Int", "Bool", "Double", "String", "[Int]"]


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_generated_well_typed_programs_are_accepted(data):
    ty = data.draw(st.sampled_from(TYPES))
    e = data.draw(typed_expr(ty))
    sig = data.draw(st.booleans())
    src = (f"val :: {ty}\n" if sig else "") + f"val = {e}\n\nmain :: IO ()\nmain = print val\n"
    pipeline.compile_program(src, "gen.hs")


# contexts that no expression of the given type fits (even a polymorphic leaf such as `2'
# or `[]')
BREAKERS = {
    "Int": ["({e}) && True", "not ({e})", "({e}) ++ \"x\"", "putStrLn ({e})"],
    "Bool": ["({e}) + 1", "length ({e})", "({e}) ++ \"x\""],
    "Double": ["({e}) && True", "({e}) ++ \"x\"", "length ({e})"],
    "String": ["({e}) + 1", "not ({e})", "({e}) / 2"],
    "[Int]": ["({e}) && True", "not ({e})", "({e}) + 1"],
}


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_generated_ill_typed_programs_are_refused_on_their_line(data):
    ty = data.draw(st.sampled_from(TYPES))
    e = data.draw(typed_expr(ty))
    ctx = data.draw(st.sampled_from(BREAKERS[ty])).format(e=e)
    src = f"main :: IO ()\nmain = do\n  putStrLn \"start\"\n  print ({ctx})\n"
    with pytest.raises(SourceError) as exc:
        pipeline.compile_program(src, "gen.hs")
    assert exc.value.line == 4 and exc.value.col >= 3
    assert re.match(r"(Couldn't match|No instance for|Ambiguous type variable)",
                    exc.value.message), exc.value.message


# GHC 9.0.2 (runghc) printed the expected lines: an integer literal the checker types Double
# is a Double (it shows as 2.0, and arithmetic on it stays Double)
DOUBLE_LITERALS = '''\
data Shape = Circle Double | Rect Double Double deriving Show
area :: Shape -> Double
area (Circle r) = 3 * r * r
area (Rect w h) = w * h
main :: IO ()
main = do
  let x = 3
  print (x / 2, x)
  print (map area [Rect 2 3, Circle 1], Rect 2 (-1))
  let ys = [1 .. 3] :: [Double]
  print (ys, 2 ^ 10, 7 `div` 2)
'''


def test_integer_literals_typed_double_are_doubles(capsys, tmp_path):
    code, out, _err = run_cli(capsys, tmp_path, DOUBLE_LITERALS)
    assert code == 0
    assert out == ("(1.5,3.0)\n([6.0,3.0],Rect 2.0 (-1.0))\n([1.0,2.0,3.0],1024,3)\n")
