"""The parsed and the desugared Prelude kept between runs (frontend/preludecache.py,
prelude_desugar.py), and the generated code's compiled pieces (machine/codecache.py): a
run that finds them compiles exactly as one that parses and desugars, a changed Prelude
text is a different entry, so is a program that pushes Prelude names aside, a damaged
entry or PROFKIT_NO_CACHE=1 means parsing again; the Prelude's signatures are read when
looked up, each as an eager reading would."""

from __future__ import annotations

import subprocess
import sys

import pytest

from profkit.backends.stg.frontend import preludecache
from profkit.backends.stg.machine.codecache import compiled_pieces
from profkit.backends.stg.frontend.parser import parse_module
from profkit.backends.stg.frontend.pipeline import compile_program
from profkit.backends.stg.frontend.typecheck_env import PreludeSchemes, prelude_env
from profkit.backends.stg.frontend import typecheck_types as T

SRC = "f :: Int -> Int\nf x = x + 1\ninfixl 6 +++\n(+++) :: Int -> Int -> Int\na +++ b = a - b\n"


def _module(text: str = SRC):
    return parse_module(text, "prelude.hs", magic_hash=True)


def test_an_entry_is_read_back_whole(tmp_path, monkeypatch):
    monkeypatch.setenv("PROFKIT_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("PROFKIT_NO_CACHE", raising=False)
    assert preludecache.load(SRC) is None
    preludecache.store(SRC, _module())
    got = preludecache.load(SRC)
    assert got is not None and got == _module()
    # another text is another key: never the first text's module
    assert preludecache.load(SRC + "g = 1\n") is None


def test_a_damaged_entry_or_a_disabled_cache_reads_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("PROFKIT_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("PROFKIT_NO_CACHE", raising=False)
    preludecache.store(SRC, _module())
    (entry,) = tmp_path.glob("stg-prelude-*.pickle")
    entry.write_bytes(entry.read_bytes()[:100])
    assert preludecache.load(SRC) is None
    preludecache.store(SRC, _module())
    monkeypatch.setenv("PROFKIT_NO_CACHE", "1")
    assert preludecache.load(SRC) is None


def test_a_run_from_the_cache_prints_and_profiles_as_a_parsing_run(tmp_path):
    prog = tmp_path / "p.hs"
    prog.write_text("main :: IO ()\nmain = print (sum (map (* 2) [1 .. 100 :: Int]), "
                    "words \"a bb ccc\")\n")
    outs = []
    for run in ("first", "second"):  # the first parses and files it, the second reads it
        out = tmp_path / run
        out.mkdir()
        r = subprocess.run([sys.executable, "-m", "profkit", "run", "-fprof-auto",
                            "--outdir", str(out), str(prog), "+RTS", "-P", "-RTS"],
                           capture_output=True, text=True,
                           env={"PATH": "/usr/bin:/bin", "PROFKIT_CACHE_DIR": str(tmp_path / "c"),
                                "PYTHONPATH": ":".join(sys.path), "SOURCE_DATE_EPOCH": "0"})
        assert r.returncode == 0, r.stderr
        outs.append((r.stdout, (out / "p.prof").read_text()))
    assert len(list((tmp_path / "c").glob("stg-prelude-*.pickle"))) == 1
    assert len(list((tmp_path / "c").glob("stg-desugared-*.pickle"))) == 1
    assert len(list((tmp_path / "c").glob("stg-summary-*.pickle"))) == 1
    assert len(list((tmp_path / "c").glob("stg-code-*.marshal"))) == 1  # (codecache.py)
    assert outs[0] == outs[1]
    assert outs[0][0] == "(10100,[\"a\",\"bb\",\"ccc\"])\n"


# a program of its own `lookup' and `words' (Prelude names pushed aside: Prelude.lookup),
# local functions, a class of its own, derived instances: numbered names everywhere
PUSHED = """module Main (main) where
import qualified Data.Map as M
data Colour = Red | Green deriving (Show, Eq, Ord)
class Size a where size :: a -> Int
instance Size Colour where size _ = 1
lookup :: Int -> [(Int, b)] -> Maybe b
lookup k = go where go [] = Nothing
                    go ((k', v) : r) = if k == k' then Just v else go r
words :: String -> Int
words = length . filter (== ' ')
main :: IO ()
main = do
  print (lookup 2 [(1, "a"), (2, "b")], words "a b c", M.toList (M.fromList [(Red, 1)]))
  print (sum [size c | c <- [Red, Green]], [x * y | x <- [1 .. 3 :: Int], y <- [x .. 3]])
"""
PLAIN = "main :: IO ()\nmain = print (maximum (map negate [3, 1, 2 :: Int]))\n"


@pytest.mark.parametrize("src", [PUSHED, PLAIN], ids=["pushed", "plain"])
def test_a_program_compiled_from_the_desugared_prelude_is_the_same(src, tmp_path, monkeypatch):
    monkeypatch.setenv("PROFKIT_NO_CACHE", "1")
    want = compile_program(src, "m.hs", prof_auto="all")
    monkeypatch.delenv("PROFKIT_NO_CACHE")
    monkeypatch.setenv("PROFKIT_CACHE_DIR", str(tmp_path))
    filed = compile_program(src, "m.hs", prof_auto="all")  # desugars, files the entry
    assert len(list(tmp_path.glob("stg-desugared-*.pickle"))) == 1
    read = compile_program(src, "m.hs", prof_auto="all")  # from the entry
    assert filed == want
    assert read == want


def test_programs_pushing_prelude_names_aside_have_entries_of_their_own(tmp_path, monkeypatch):
    monkeypatch.delenv("PROFKIT_NO_CACHE", raising=False)
    monkeypatch.setenv("PROFKIT_CACHE_DIR", str(tmp_path))
    compile_program(PLAIN, "m.hs")
    compile_program(PUSHED, "m.hs")
    assert len(list(tmp_path.glob("stg-desugared-*.pickle"))) == 2
    compile_program(PLAIN.replace("3, 1", "4, 1"), "m.hs")  # another program, same entry
    assert len(list(tmp_path.glob("stg-desugared-*.pickle"))) == 2


def _shape(t):
    if isinstance(t, T.TAp):
        return (_shape(t.f), _shape(t.x), getattr(t, "name", None))
    if isinstance(t, T.TGen):
        return ("gen", t.i)
    assert isinstance(t, T.TCon), t  # (no unification variable in a Prelude scheme)
    return (t.key, t.name, getattr(t, "syn", None))


def test_every_prelude_signature_reads_and_late_is_as_early():
    funs, cons = prelude_env()
    assert len(funs) > 500 and "map" in funs and "nosuchname" not in funs
    assert funs.get("nosuchname") is None
    text = "\n".join(f"{n} :: {t}" for n, t in funs._raw.items())
    late = PreludeSchemes(text)
    early = PreludeSchemes(text)
    names = list(early)
    for n in names:  # in order, then the other way round: the same schemes
        early[n]
    for n in reversed(names):
        a, b = early[n], late[n]
        assert (a.n, [(c, _shape(t)) for c, t in a.preds], _shape(a.type)) == \
            (b.n, [(c, _shape(t)) for c, t in b.preds], _shape(b.type)), n
    assert funs["map"] is funs["map"]  # read once
    assert dict(cons)  # the constructors' read whole


def test_compiled_pieces_come_back_from_the_cache_and_a_damaged_entry_is_compiled_again(
        tmp_path, monkeypatch):
    monkeypatch.delenv("PROFKIT_NO_CACHE", raising=False)
    monkeypatch.setenv("PROFKIT_CACHE_DIR", str(tmp_path))
    pieces = ["def f(x):\n    return x + 1\n", "\n\ndef g(x):\n    return f(x) * 2\n"]

    def run(codes):
        ns: dict = {}
        for c in codes:
            exec(c, ns)
        return ns["g"](3), ns["g"].__code__.co_firstlineno

    first = compiled_pieces(pieces, "<stg t.hs>")
    (entry,) = tmp_path.glob("stg-code-*.marshal")
    again = compiled_pieces(pieces, "<stg t.hs>")
    assert run(first) == run(again) == (8, 3)
    assert [c.co_filename for c in again] == ["<stg t.hs>"] * 2
    entry.write_bytes(entry.read_bytes()[:30])  # damaged: compiled again, still right
    assert run(compiled_pieces(pieces, "<stg t.hs>")) == (8, 3)
    other = compiled_pieces(pieces[:1] + ["def g(x):\n    return 0\n"], "<stg t.hs>")
    assert run(other)[0] == 0  # another source: another entry, never the first's code
    assert len(list(tmp_path.glob("stg-code-*.marshal"))) == 2
