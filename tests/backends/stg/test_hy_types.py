"""-hy on the STG backend names closures as GHC 9.0.2 does (issue 17): by the type the
checker infers for their binder (``->Int``, ``->>IO``, ``Int``, ``String``, ``*``), checked
against the real GHC profiles in tests/reference/ghc-9.0.2/hy_types (see its README for
what each closure was found to be called)."""

from __future__ import annotations

import io
import re
import textwrap
from pathlib import Path

import pytest

from profkit.backends.stg import ir
from profkit.backends.stg import plugin as stg_plugin
from profkit.backends.stg.frontend import compile_program, typecheck
from profkit.backends.stg.frontend import typecheck_types as T
from profkit.backends.stg.frontend.stgpass import FreeVars
from profkit.options import parse_run_args
from profkit.plugins import heapprof
from profkit.plugins.hpfile import read_hp
from profkit.runner import run
from tests.conftest import GHC_REF

HY = GHC_REF / "hy_types"


@pytest.fixture(autouse=True, scope="module")
def strict_checker():
    # a fault of the checker must fail these tests (in normal runs every closure is then `*')
    old, typecheck.STRICT = typecheck.STRICT, True
    yield
    typecheck.STRICT = old


def _peaks(path: Path) -> dict[str, int]:
    data = read_hp(str(path))
    return {n: max(s.bands.get(n, 0) for s in data.samples) for n in data.band_names()}


@pytest.fixture(scope="module")
def profiles(tmp_path_factory) -> dict[str, tuple[dict[str, int], dict[str, int]]]:
    """(profkit's peaks, GHC's peaks) per reference program, both run with -hy -i0.001."""
    out = {}
    for name in ("closures", "thunks", "funsyn"):
        d = tmp_path_factory.mktemp(name)
        prog = d / f"{name}.hs"
        prog.write_text((HY / "programs" / f"{name}.hs").read_text())
        cfg = parse_run_args(["--outdir", str(d), "-fprof-auto", str(prog), "+RTS", "-hy",
                              "-i0.001", "-RTS"])
        stdout = io.StringIO()
        status = run(cfg, plugins=[stg_plugin, heapprof], stdout=stdout, stderr=io.StringIO(),
                     load_entrypoints=False)
        assert status == 0
        assert stdout.getvalue() == (HY / "out" / f"{name}.stdout").read_text()
        out[name] = (_peaks(d / f"{name}.hp"), _peaks(HY / "out" / f"{name}.hy.hp"))
    return out


# The bands of the programs' own closures: 3000 live closures each in both runs (GHC's
# census leaves out the profiling header: 16 bytes a one-variable function, 24 a thunk).
OWN_BANDS = {
    "closures": ["->Int", "->>Int", "->(,)", "->IO", "->String", "->Double", "->[]"],
    "thunks": ["Int", "Double", "Pair", "Shape", "Maybe", "String", "Integer", "IO", "[]"],
    # functions typed by a synonym: the synonym, no arrows (3000 h closures of 16 bytes;
    # GHC's four censuses caught the g closures before their peak, so only Op is compared)
    "funsyn": ["Op"],
}


def test_functions_typed_by_a_synonym_are_the_synonym(profiles):
    ours, ghc = profiles["funsyn"]
    for band in ("Op", "ShowS"):
        assert band in ghc and band in ours, band
        assert "->" + band not in ours
    assert ours["Op"] == ghc["Op"] == 3000 * 16


@pytest.mark.parametrize("name", sorted(OWN_BANDS))
def test_own_closures_bands_are_ghcs(profiles, name):
    ours, ghc = profiles[name]
    for band in OWN_BANDS[name]:
        assert band in ghc and band in ours, band
        # Int and [] also hold the boxes and cells both runs build (8% apart at GHC's peak)
        tolerance = 0.08 if band in ("Int", "[]") else 0.01
        assert ours[band] == pytest.approx(ghc[band], rel=tolerance), band


@pytest.mark.parametrize("name", ["closures", "thunks"])  # (funsyn: GHC took 4 censuses)
def test_every_band_is_one_ghc_prints(profiles, name):
    # before the types were known, thunks were all `*' and functions all `->*'
    ours, ghc = profiles[name]
    assert set(ours) <= set(ghc), sorted(set(ours) - set(ghc))


# ------------------------------------------------------------------ the descriptions in the IR


def _closures(e: object, out: list[ir.ClosureInfo]) -> None:
    """The infos of the closures allocated in IR expression ``e``."""
    if isinstance(e, ir.Let):
        for b in e.binds:
            if isinstance(b.rhs, ir.Closure):
                out.append(b.rhs.info)
                _closures(b.rhs.body, out)
        _closures(e.body, out)
    elif isinstance(e, ir.Case):
        _closures(e.scrut, out)
        for a in e.alts:
            _closures(a.body, out)
        if e.default is not None:
            _closures(e.default, out)
    elif isinstance(e, ir.SCC):
        _closures(e.body, out)


def _compile(src: str) -> ir.Program:
    return compile_program(textwrap.dedent(src), "t.hs", prof_auto="all")


def _descs(src: str) -> dict[str, list[str]]:
    """Type descriptions of the program's closures by source name (``go`` for
    ``<Main.go_s12>``, ``sat`` for every thunk and lambda CorePrep would name so)."""
    out: dict[str, list[str]] = {}
    prog = _compile(src)
    live = _referenced(prog)
    for tb in prog.binds:
        # a top-level function inlined at every use is dead: GHC drops it (its closures
        # are those of its copies)
        if tb.module == "Main" and isinstance(tb.rhs, ir.Closure) and \
                (tb.name in live or not tb.rhs.params):
            infos = [tb.rhs.info]
            _closures(tb.rhs.body, infos)
            for info in infos:
                base = info.name.rsplit("_s", 1)[0] if "_s" in info.name else info.name
                out.setdefault(base, []).append(info.type_desc)
    return out


def _referenced(prog: ir.Program) -> set[str]:
    """The names the program's top-level bindings refer to (and main)."""
    out = {prog.main, ":Main.main"}
    for tb in prog.binds:
        if isinstance(tb.rhs, ir.Closure):
            out |= FreeVars(set()).expr(tb.rhs.body)
        else:
            out |= {a.name for a in tb.rhs.args if isinstance(a, ir.Var)}
    return out


def _descs_of_binding(src: str, name: str) -> list[str]:
    """The descriptions of the closures that top-level ``name``'s body allocates."""
    top = next(b for b in _compile(src).binds if b.name == name)
    assert isinstance(top.rhs, ir.Closure)
    infos: list[ir.ClosureInfo] = []
    _closures(top.rhs.body, infos)
    return [i.type_desc for i in infos]


def test_functions_are_arrows_then_the_result_constructor():
    d = _descs("""
        count :: Int -> Int -> Int
        count acc n = go acc n + loop acc n
          where go a k = if k == 0 then a + n else go (a + 1) (k - 1)
                loop a k = if k == 0 then a else loop (a + 1) (k - 1)
        pairUp x = (x, x)
        act :: Int -> Int -> IO ()
        act a b = print (a + b)
        main = mapM_ (uncurry act) [(count 0 5, fst (head (map pairUp [3]))), (count 1 2, 4)]
        """)  # (count used twice, pairUp and act passed: GHC inlines a function used once or
    # small enough at a call, and drops it)
    assert d["count"] == ["->>Int"]
    assert d["go"] == ["->>Int"]  # its result is n's type
    # loop is generalised (forall a b. (Num a, Eq b, Num b) => a -> b -> a), but GHC -O0's
    # simplifier inlines its wrapper at its one use: loop_s26n :: Int -> Int -> Int
    assert d["loop"] == ["->>Int"]
    assert d["pairUp"] == ["->(,)"]   # forall a. a -> (a, a)
    assert d["act"] == ["->>IO"]
    assert d["main"] == ["IO"]


def test_thunks_have_their_values_type():
    d = _descs("""
        f :: Int -> Double -> [Maybe Int]
        f n x = [Just (n * 2), if x > 1.5 then Nothing else Just n]
        main = print (f (3 + 4) (2.5 * 2))
        """)
    # (3 + 4) and n * 2 are Ints, 2.5 * 2 a Double, the if a Maybe, f's call a list
    assert sorted(d["sat"]) == sorted(["Int", "Double", "Maybe", "Int", "[]"])


def test_type_variables_are_stars():
    d = _descs("""
        twiceEach :: (a -> a) -> [a] -> [a]
        twiceEach _ [] = []
        twiceEach f (x : xs) = f (f x) : twiceEach f xs
        swapAll ps = [(b, a) | (a, b) <- ps]
        main = print (sum (twiceEach (+ 1) [1, 2, 3 :: Int]), map swapAll [[(1 :: Int, 'x')]])
        """)  # (swapAll passed, not called: GHC would inline a call, and drop it)
    assert d["twiceEach"] == ["->>[]"]
    # f (f x) and f x have the signature's type variable; the recursive call is a list
    loop = _descs_of_binding("""
        twiceEach :: (a -> a) -> [a] -> [a]
        twiceEach _ [] = []
        twiceEach f (x : xs) = f (f x) : twiceEach f xs
        main = print (twiceEach (+ 1) [1, 2, 3 :: Int])
        """, "twiceEach")
    assert sorted(loop) == ["*", "*", "[]"]
    assert d["swapAll"] == ["->[]"]


def test_synonyms_are_kept_where_the_type_came_through_one():
    d = _descs("""
        type Pair = (Int, Int)
        mkPair :: Int -> Pair
        mkPair i = if i < 0 then mkPair (negate i) else (i, i + 1)
        main = do
          let ps = [mkPair i | i <- [1 .. 10]]
              ss = [show i | i <- [1 .. 10 :: Int]]
              cs = [s ++ "!" | s <- ss]
              sh = [\\k -> show (k * i) | i <- [1 .. 10 :: Int]]
          print (sum (map fst ps), length (concat cs), map ($ 2) sh)
        """)
    assert d["mkPair"] == ["->Pair"]
    sats = d["sat"]
    assert "Pair" in sats        # mkPair i
    assert "String" in sats      # show i
    assert "->String" in sats    # \k -> show (k * i)
    # s ++ "!" is [Char] (++ :: [a] -> [a] -> [a]), a string literal [Char] too: `[]'
    assert sats.count("[]") >= 4 and "[Char]" not in sats


def test_a_binding_used_once_has_its_uses_types_one_used_twice_stays_polymorphic():
    # GHC 9.0.2 -O0 (-ddump-stg-final): sumTo, used once, is inlined as
    # sumTo_s1MP :: Int -> Int -> Int; countUp and step, used twice, keep
    # countUp1 :: t1 -> t -> t1 and step1 :: t1 -> t -> [t1]
    src = """
        module Main (main) where
        sumTo acc k = if k == 0 then acc else sumTo (acc + k) (k - 1)
        countUp acc k = if k == 0 then acc else countUp (acc + 1) (k - 1)
        main :: IO ()
        main = do
          let n = 10 :: Int
              step a k = if k == 0 then [a] else a : step (a * 2) (k - 1)
          print (sumTo 0 n)
          print (countUp 0 n, countUp 0 (20 :: Int))
          print (step 1 n, step 1 (3 :: Int))
        """
    d = _descs(src)
    assert d["sumTo"] == ["->>Int"] and d["countUp"] == ["->>*"] and d["step"] == ["->>[]"]
    # the literals are fromInteger thunks too (their type as checked is sumTo's type
    # variable: GHC's STG has 4 thunks in sumTo, 5 in countUp)
    assert _descs_of_binding(src, "sumTo") == ["Int"] * 4    # 0; acc + k; k - 1 and its 1
    assert _descs_of_binding(src, "countUp") == ["*"] * 5    # 0; acc + 1, k - 1 and 1s
    # a program exporting everything keeps countUp's... and sumTo's polymorphic type
    d = _descs(src.replace("module Main (main) where", "module Main where"))
    assert d["sumTo"] == ["->>*"]


def test_a_signatures_type_variables_take_the_one_uses_types():
    # GHC inlined `twice' (used once, not recursive) into main: its thunks were Int
    # (locals.hs of the README's probes); twiceEach is recursive: never inlined, `*'
    src = """
        module Main (main) where
        twice :: (a -> a) -> a -> [a]
        twice f x = [f x, f (f x)]
        twiceEach :: (a -> a) -> [a] -> [a]
        twiceEach _ [] = []
        twiceEach f (x : xs) = f (f x) : twiceEach f xs
        main :: IO ()
        main = print (sum (twice (+ 1) (3 :: Int)), twiceEach (* 2) [1.5 :: Double])
        """
    assert _descs_of_binding(src, "twice") == ["Int", "Int", "Int"]  # f x, f (f x), f x
    assert sorted(_descs_of_binding(src, "twiceEach")) == ["*", "*", "[]"]


def test_the_monomorphism_restriction_fixes_a_value_binding():
    # GHC: `let n = 3000' used as an Int is n :: Int (-ddump-stg-final of thunks.hs)
    d = _descs("""
        ints :: Int -> [Int]
        ints k = [i * 3 | i <- [1 .. k]]
        main = do
          let n = 3000
              xs = ints n
              sq y = if y > 100 then y else sq (y * y)
          print (length xs + sq n, sq 1.5)
        """)
    assert d["n"] == ["Int"]
    # xs, used once as length's argument, is inlined there and let-bound again by CorePrep
    # as `sat :: [Int]` (GHC 9.0.2's -ddump-stg-final of this program: no xs binder)
    assert "xs" not in d and "[]" in d["sat"]
    # a function binding is generalised (forall a. (Ord a, Num a) => a -> a) and, used
    # twice, stays so
    assert d["sq"] == ["->*"]


def test_comprehension_loops_and_pattern_bindings():
    d = _descs("""
        split :: Int -> (Int, Int)
        split i = (i * 2, i * 3)
        halves :: Int -> [Int]
        halves n = concat [[a, b] | i <- [1 .. n], let (a, b) = split i]
        main = print (sum (halves 10))
        """)
    # GHC: ds :: [Int] -> [[Int]] is ->[], the pattern's value ds5 :: (Int, Int) is (,)
    assert "->[]" in d["ds"] and "(,)" in d["ds"]
    # a and b, used once as the list's fields, are GHC's inlined selector thunks
    # `sat :: Int` (binders.dump-stg-final's sat_s27D, sat_s27H; a_s27B is a case binder)
    assert "a" not in d and "b" not in d and d["sat"].count("Int") >= 2


def test_describe_follows_ghcs_get_ty_description():
    a = T.TVar(0)
    assert T.describe(T.fn(T.INT, T.INT)) == "->Int"
    assert T.describe(T.fns([T.INT, T.CHAR], T.TAp(T.IO, T.UNIT))) == "->>IO"
    assert T.describe(T.fns([a, a], a)) == "->>*"
    assert T.describe(T.tuple_of([T.INT, T.INT])) == "(,)"
    assert T.describe(T.list_of(a)) == "[]"
    assert T.describe(T.STRING) == "String"
    assert T.describe(T.fn(T.INT, T.STRING)) == "->String"
    assert T.describe(T.TAp(a, T.INT)) == "*"  # m Int: an application of a type variable
    assert T.describe(T.TCon("!a1", "a", True)) == "*"  # a signature's variable
    assert T.describe(T.UNIT) == "()"


# ------------------------------------------------------------------ against GHC's own binders


def _ghc_desc(ty: str) -> str:
    """getTyDescription of a type as -ddump-stg-final prints it (foralls and contexts
    dropped, one `>` per top-level arrow, the result's type constructor unqualified)."""
    ty = re.sub(r"^forall [^.]*\.\s*", "", ty.strip())

    def top_split(s: str, sep: str) -> list[str]:
        parts, depth, start, i = [], 0, 0, 0
        while i < len(s):
            if s[i] in "([":
                depth += 1
            elif s[i] in ")]":
                depth -= 1
            elif depth == 0 and s.startswith(sep, i):
                parts.append(s[start:i])
                start = i + len(sep)
                i += len(sep) - 1
            i += 1
        return parts + [s[start:]]

    ty = top_split(ty, "=>")[-1].strip()
    parts = top_split(ty, "->")
    res = parts[-1].strip()
    if res.startswith("["):
        head = "[]"
    elif res.startswith("("):
        inner = res[1:-1]
        head = "(" + "," * (len(top_split(inner, ",")) - 1) + ")" if inner else "()"
    else:
        name = res.split()[0].rsplit(".", 1)[-1]
        head = name if name[0].isupper() else "*"
    return ("-" + ">" * (len(parts) - 1) if len(parts) > 1 else "") + head


def _ghc_binders(program: str) -> dict[str, list[str]]:
    """GHC's binders in ``program``'s STG dump by name without unique: their descriptions."""
    text = (HY / "out" / f"{program}.dump-stg-final").read_text()
    out: dict[str, list[str]] = {}
    for m in re.finditer(r"^\s*([a-z][A-Za-z0-9']*)_[sr][0-9A-Za-z]+(?:\s+\[[^\]]*\])?\s*::"
                         r"\s*(.*?)\n\s*\[(?:LclId|GblId)", text, re.M | re.S):
        out.setdefault(m.group(1), []).append(_ghc_desc(" ".join(m.group(2).split())))
    return out


def test_ghc_desc_reads_dumped_types():
    assert _ghc_desc("forall {t1} {t2}. (GHC.Classes.Eq t1, GHC.Num.Num t1) => t2 -> t1 -> "
                     "[t2]") == "->>[]"
    assert _ghc_desc("GHC.Types.Int -> GHC.Show.ShowS") == "->ShowS"
    assert _ghc_desc("(GHC.Types.Int, GHC.Types.Int)") == "(,)"
    assert _ghc_desc("t_a1Kr") == "*"


def test_named_binders_have_ghcs_types():
    ghc = _ghc_binders("binders")
    ours = _descs((HY / "programs" / "binders.hs").read_text())
    # count, go, loop (used once: Int), countUp (used twice: t2 -> t1 -> t2), step
    # (local, used twice), sumTo (used once: inlined at Int), n (monomorphism restriction)
    for name in ("count", "go", "loop", "countUp", "step", "sumTo", "n"):
        assert ours[name] == ghc[name][:1], name
    # the comprehension's loop ds :: [Int] -> [[Int]], the pattern's value ds5 :: (Int, Int)
    assert set(ghc["ds"] + ghc["ds5"]) <= set(ours["ds"])
    # the lambda \i -> shows i :: Int -> ShowS (a synonym for a function type ends the
    # arrows), the line's show :: String
    assert "->ShowS" in ghc["sat"] and "->ShowS" in ours["sat"]
    # (line, used once as ++'s argument, is GHC's `sat`, as the model's since session 24)
    assert "String" in ghc["sat"] and "line" not in ghc
    assert "String" in ours["sat"] and "line" not in ours


def test_synonyms_are_named_as_in_ghcs_binders():
    ghc = _ghc_binders("synonyms")
    ours = _descs((HY / "programs" / "synonyms.hs").read_text())
    assert ours["older"] == ghc["older"] == ["->Age"]
    assert ours["greet"] == ghc["greet"] == ["->Name"]
    # the thunks: Age (older's a + 1, main's older 3), Name (greet "bob"), IO, [Char];
    # GHC's further Int binders are literal boxes (constructors here, not closures)
    assert set(ours["sat"]) == set(ghc["sat"]) - {"Int"} == {"Age", "Name", "IO", "[]"}
