"""Shapes of ordinary programs measured against GHC 9.0.2 (session 25): a program's
Alternative and MonadPlus instances, and the parsers and State monads people write with
them; base's Applicative defaults; printf whose result is a String.

`newtype Parser a = Parser (String -> ...)` with Functor, Applicative, Monad, Alternative
(and an empty MonadPlus) instances is how a Haskell program writes a parser; the subset
refused `instance Alternative`. Its methods are now reached by the checked type of each use
of `<|>`, `empty`, `some`, `many`, `optional`, `guard`, `mplus`, `mzero`
(directed_ext._user_alternative), with base's defaults (instances._alternative: `some` and
`many` share the two mutually recursive parsers base's `many_v`/`some_v`; MonadPlus's are
`empty` and `<|>`). The newtype is erased as with the other classes reached by type, so
its pattern in a method is no evaluation (the defaults' knot would otherwise loop).

References (tests/reference/ghc-9.0.2/shapes, README.md): combparser25 (a Maybe parser of
arithmetic with LambdaCase, evaluated in Either), alt25 (a list-of-successes parser of
nested lists with guard, optional, sepBy, mplus and MonadPlus), apdefaults25, lamcon25,
state25, printfstring25.
"""

from __future__ import annotations

import pytest

from profkit.errors import SourceError
from tests.backends.stg.hsrun import run_haskell
from tests.backends.stg.test_ghc_fidelity import assert_as_ghc


def test_parser_combinators_print_and_allocate_as_ghc(tmp_path):
    # where base's -O code of the defaults `some`/`many` puts its cells: the parser CAFs'
    # own cost centres under GHC (number's 3.8 KB), their callers' lambdas here (fmap.\'s
    # 3.7 KB more; not traced); the total is within 0.4%
    assert_as_ghc(tmp_path, "combparser25", known_total=None, known_cc={
        "fmap.\\": 1.077, "number": 0.042, "factor": 0.926, ">>=.\\": 2.059,
        "spaces": 0.526})


def test_list_of_successes_parser_with_monadplus_as_ghc(tmp_path):
    assert_as_ghc(tmp_path, "alt25", known_total=None, known_cc={
        "sat": 0.919, "lexeme": 0.805, "value": 0.945, "sepBy1": 0.695, "ident": 0.581,
        "int": 1.174, "keyword": 0.810})


def test_applicative_defaults_allocate_as_ghc(tmp_path):
    """apdefaults25: base's default `<*` (liftA2 const) and `*>` ((id <$ a) <*> b) at a
    program's Applicative allocate 72 and 80 bytes a call under the caller, GHC's (the
    model's thunk alone was 40: token and skip 0.55x and 0.5x GHC's; prelude.hs dmApLeft#).
    `(,) <$> item` is base's `<$>` called with the dictionary: GHC -O0 calls the fmap
    method and never inlines it there (directed._functor_directed's fmapVia helper).
    (main's show of a list of Maybe pairs, 0.93, GHC's since shapes25's show_cons.) Known:
    where the CAF parser's pairs go
    (`both`: 504 bytes under main.\\/both in GHC, under fmap.\\ here: the cost-centre stack
    of the (,) function's partial application; not traced)."""
    assert_as_ghc(tmp_path, "apdefaults25", known_total=None, known_cc={
        "both": 0.060, "fmap.\\": 1.173})


P = """import Control.Applicative
newtype P a = P (String -> Maybe (a, String))
run :: P a -> String -> Maybe (a, String)
run (P p) = p
instance Functor P where
  fmap f (P p) = P (\\s -> fmap (\\(a, r) -> (f a, r)) (p s))
instance Applicative P where
  pure x = P (\\s -> Just (x, s))
  P f <*> P a = P (\\s -> case f s of
    Nothing -> Nothing
    Just (g, r) -> fmap (\\(x, r') -> (g x, r')) (a r))
"""


def test_many_and_some_default_from_the_instance():
    src = P + """instance Alternative P where
  empty = P (const Nothing)
  P p <|> P q = P (\\s -> maybe (q s) Just (p s))
digit :: P Char
digit = P (\\s -> case s of
  (c:cs) | c >= '0' && c <= '9' -> Just (c, cs)
  _ -> Nothing)
main :: IO ()
main = do
  print (run (many digit) "123x", run (some digit) "x", run (many digit) "")
  print (run (optional digit) "a", run (digit <|> pure '?') "b")
"""
    r = run_haskell(src, "alt.hs")
    assert r.error is None and r.stdout == ('(Just ("123","x"),Nothing,Just ("",""))\n'
                                            '(Just (Nothing,"a"),Just (\'?\',"b"))\n')


def test_alternative_without_applicative_is_ghcs_error():
    src = """import Control.Applicative
newtype P a = P (String -> Maybe (a, String))
instance Functor P where
  fmap f (P p) = P (\\s -> fmap (\\(a, r) -> (f a, r)) (p s))
instance Alternative P where
  empty = P (const Nothing)
  P p <|> P q = P (\\s -> maybe (q s) Just (p s))
main :: IO ()
main = print 1
"""
    with pytest.raises(SourceError, match=r"No instance for \(Applicative P\) arising from "
                       r"the superclasses of an instance declaration"):
        run_haskell(src, "noapp.hs")


def test_monadplus_without_monad_is_ghcs_error():
    src = P + """instance Alternative P where
  empty = P (const Nothing)
  P p <|> P q = P (\\s -> maybe (q s) Just (p s))
instance MonadPlus P
main :: IO ()
main = print 1
"""
    with pytest.raises(SourceError, match=r"No instance for \(Monad P\) arising from the "
                       r"superclasses of an instance declaration \(instance MonadPlus P\)"):
        run_haskell(src.replace("import Control.Applicative",
                                "import Control.Applicative\nimport Control.Monad"),
                    "nomonad.hs")


def test_state_monads_lambdas_and_casts_as_ghc(tmp_path):
    """lamcon25: `St (\\_ -> ((), s))` and `St $ \\_ -> ..`: a lambda whose patterns are
    wildcards matches nothing, so its note is split on its constructor as a variable's is
    (the pair under `putA`, not `putA.\\`: desugar._lambda_scc); `runSt (retD k) 0`, the
    cast's argument a call and its other argument a boxed literal, is one call of `retD`
    (newtypes._fuse: GHC's simple optimiser beta-reduces it; the model built a thunk and a
    closure, 40 bytes an iteration)."""
    assert_as_ghc(tmp_path, "lamcon25")


def test_hand_written_state_and_writer_monads_as_ghc(tmp_path):
    """state25: a State monad and a Writer (`instance Monoid w => Monad (Writer w)`) written
    by hand, with `get`/`put`/`modify`, mapM/sequence/mapM_ at them. `sequence` at the
    program's monad is base's `traverse id`: its `pure []' is built by each call, under the
    caller (the model built it once in the helper's CAF: `pure` entered under CAF, not main).
    Known: Main's CAFs 1.4 KB short (the Writer's dictionaries at [Int], not traced), the
    lazy pattern `let (a, s') = g s` selectors of >>= and the Writer's collatzW."""
    assert_as_ghc(tmp_path, "state25", known_total=0.975, known_cc={
        "collatzW": 0.824, ">>=.(...)": 0.727})


def test_printf_as_a_string_allocates_as_ghc(tmp_path):
    """printfstring25: printf whose result is a String goes through Text.Printf's `instance
    PrintfType [c]', which maps fromChar over the text: 88 bytes a character more than
    printf in IO (GHC 9.0.2: 232 against 144 a character of `printf "%s"'; the model's were
    the IO ones, 0.60-0.95x GHC's). The small ones are a few words off: an empty result, `%f'
    of 2.5."""
    assert_as_ghc(tmp_path, "printfstring25", known_total=None, known_cc={
        "f0": 1.067, "l0": 1.667, "fE": 0.939})


def test_foldable_defaults_at_a_programs_instance_as_ghc(tmp_path):
    """fold25: base's Foldable defaults at an instance that gives foldr build their
    dictionaries at each call from -O0 code (sum's Monoid (Sum Int) and the rest: 128 to 376
    bytes a call whatever the size, traversable.DICTIONARY_BYTES); the model's were 0.12x
    to 0.5x GHC's bytes. The folds' own work is the instance's foldr's, as in GHC."""
    assert_as_ghc(tmp_path, "fold25", known_total=None, known_cc={"fromList": 0.846})


def test_overloaded_functions_passed_as_values_as_ghc(tmp_path):
    """ovlvalue25: an overloaded Prelude function that is not a class method, passed as a
    value (`filter even`, `map sort`), is at -O0 a thunk of its application to its
    dictionaries, a partial application when evaluated: 48 bytes with one dictionary, 56
    with two (fromIntegral) (desugar_app.overloaded_value; each function was 48 or 56 bytes
    under GHC's)."""
    assert_as_ghc(tmp_path, "ovlvalue25")


def test_alternative_of_a_data_type_with_guard_and_mplus():
    """An Alternative and MonadPlus instance of a data type (not a newtype: its pattern
    matches are evaluations): `guard` in its do blocks, `<|>` folded over a list, `empty`,
    `optional`, `mplus`, `mzero` (GHC 9.0.2's stdout)."""
    src = """import Control.Applicative
import Control.Monad (guard, mplus, mzero, MonadPlus)
data Result a = Err String | Ok a deriving Show
instance Functor Result where
  fmap _ (Err e) = Err e
  fmap f (Ok a) = Ok (f a)
instance Applicative Result where
  pure = Ok
  Err e <*> _ = Err e
  Ok f <*> r = fmap f r
instance Monad Result where
  Err e >>= _ = Err e
  Ok a >>= k = k a
instance Alternative Result where
  empty = Err "empty"
  Err _ <|> r = r
  l <|> _ = l
instance MonadPlus Result
safeDiv :: Int -> Int -> Result Int
safeDiv a b = do
  guard (b /= 0)
  return (a `div` b)
firstOk :: [Result a] -> Result a
firstOk = foldr (<|>) empty
main :: IO ()
main = do
  print (safeDiv 10 2, safeDiv 1 0)
  print (firstOk [Err "a", Ok 3, Ok 4], firstOk ([] :: [Result Int]))
  print (optional (Ok 'x'), optional (Err "e" :: Result Char))
  print (safeDiv 7 0 `mplus` Ok 99, (mzero :: Result Int))
"""
    r = run_haskell(src, "result.hs")
    assert r.error is None and r.stdout == (
        '(Ok 5,Err "empty")\n(Ok 3,Err "empty")\n'
        "(Ok (Just 'x'),Ok Nothing)\n(Ok 99,Err \"empty\")\n")
