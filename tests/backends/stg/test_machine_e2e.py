"""End to end: Haskell source -> front end -> STG machine, through core's runner and the
backend plugin, compared with what GHC 9.0.2 prints."""

from __future__ import annotations

import io
import os

import pytest

from profkit import runner
from profkit.backends.stg import plugin
from profkit.errors import SourceError
from profkit.hookspecs import hookimpl
from profkit.options import parse_run_args
from profkit.testing import Recorder
from tests.conftest import REFERENCE as REFDATA

REF = str(REFDATA / "ghc-9.0.2")


def run_hs(tmp_path, source: str, *opts: str, name: str = "prog", plugins=()):
    path = tmp_path / f"{name}.hs"
    path.write_text(source)
    cfg = parse_run_args([*opts, "--outdir", str(tmp_path), str(path)])
    out, err = io.StringIO(), io.StringIO()
    rc = runner.run(cfg, plugins=[plugin, *plugins], stdout=out, stderr=err,
                    load_entrypoints=False)
    return rc, out.getvalue(), err.getvalue()


def test_plugin_chooses_hs_files_and_the_stg_flag():
    cfg = parse_run_args(["x.hs"])
    assert plugin.profkit_make_backend(config=cfg, path="x.hs").name == "stg"
    assert plugin.profkit_make_backend(config=parse_run_args(["x.sml"]), path="x.sml") is None
    cfg = parse_run_args(["--backend", "stg", "x.txt"])
    assert plugin.profkit_make_backend(config=cfg, path="x.txt").name == "stg"


class GrabEntries:
    """Keeps the SCC entry counts by stack path at the end of the run."""

    entries: dict = {}

    @hookimpl
    def profkit_run_end(self, session):
        t = session.tables
        self.entries = {
            tuple(t.ccs[c].label for c in reversed(t.stacks.frames(s))): t.stacks.entries[s]
            for s in range(len(t.stacks))}


def test_nfib_reference_program_output_and_entries(tmp_path):
    # GIVEN the reference nfib.hs compiled with -fprof-auto
    src = open(os.path.join(REF, "programs", "nfib.hs")).read()
    grab = GrabEntries()
    rc, out, err = run_hs(tmp_path, src, "-fprof-auto", name="nfib", plugins=[grab])
    # THEN it prints what GHC printed and nfib is entered 242785 times under CAF/main
    assert rc == 0, err
    assert out == open(os.path.join(REF, "out/nfib/plain/s/stdout.txt")).read()
    assert grab.entries[("CAF", "main", "nfib")] == 242785
    assert grab.entries[("CAF", "main")] == 1


def test_nfib_entry_count_under_prof_auto(tmp_path):
    src = open(os.path.join(REF, "programs", "nfib.hs")).read().replace("nfib 25", "nfib 20")
    path = tmp_path / "nfib.hs"
    path.write_text(src)
    from profkit.backends.stg.backend import StgBackend
    from profkit.session import Session

    cfg = parse_run_args(["-fprof-auto", str(path)])
    s = Session(cfg, load_entrypoints=False, stdout=io.StringIO())
    b = StgBackend(cfg, str(path))
    b.load(s)
    assert b.run(s) == 0
    t = s.tables
    by_path = {}
    for sid in range(len(t.stacks)):
        labels = tuple(t.ccs[c].label for c in reversed(t.stacks.frames(sid)))
        by_path[labels] = sid
    assert b.ccs_entries[by_path[("CAF", "main", "nfib")]] == 21891  # 2 * fib 21 - 1
    assert b.ccs_entries[by_path[("CAF", "main")]] == 1
    # GHC's :Main.main wrapper applies main's IO action (a PAP built under CAF/main) under
    # MAIN: enterFunCCS gives MAIN/main, with no entries
    assert b.ccs_entries[by_path[("main",)]] == 0


@pytest.mark.parametrize("src, message", [
    ("main = print (head ([] :: [Int]))\n", "prog: Prelude.head: empty list"),
    ("main = print (1 `div` (0 :: Int))\n", "prog: divide by zero"),
    ("main = let x = x + 1 :: Int in print x\n", "prog: <<loop>>"),
    ("f :: Int -> Int\nf 0 = 1\nmain = print (f 1)\n",
     "prog: prog.hs:2:1-7: Non-exhaustive patterns in function f"),
    ("main :: IO ()\nmain = do\n  putStrLn \"before\"\n  error \"boom\"\n",
     # (a -prof binary's: the cost-centre stack where error was called, GHC 9.0.2)
     "prog: boom\nCallStack (from HasCallStack):\n  error, called at prog.hs:4:3 in main:Main"
     "\nCallStack (from -prof):\n  Main.CAF (<entire-module>)"),
])
def test_runtime_errors_print_what_ghc_prints(tmp_path, src, message):
    rc, out, err = run_hs(tmp_path, src)
    assert rc == 1
    assert err == message + "\n"
    if "before" in src:
        assert out == "before\n"


def test_ill_typed_program_fails_with_one_line(tmp_path):
    # the front end's type checker refuses it before it runs, in one line
    with pytest.raises(SourceError) as e:
        run_hs(tmp_path, "main = print ([1] + 2)\n")
    assert e.value.exit_code == 1 and "\n" not in e.value.one_line()
    assert ":1:19: error: No instance for (Num [" in e.value.one_line()


def test_show_and_arithmetic(tmp_path):
    src = ("main :: IO ()\nmain = do\n"
           "  print (map (\\x -> x * 2) [1, 2, 3 :: Int])\n"
           "  print (0.1 :: Double, 1.0e-2 :: Double, 1.0e7 :: Double, 12345678.9 :: Double)\n"
           "  print ((-7) `div` 2 :: Int, (-7) `mod` 2 :: Int, (-7) `quot` 2 :: Int)\n"
           "  print (sum [1 .. 100 :: Int], length \"hello\")\n")
    rc, out, err = run_hs(tmp_path, src)
    assert rc == 0, err
    assert out == ("[2,4,6]\n(0.1,1.0e-2,1.0e7,1.23456789e7)\n(-4,1,-3)\n(5050,5)\n")


def test_step_limit_from_the_command_line(tmp_path):
    rc, out, err = run_hs(tmp_path, "main = print (length [1 ..])\n", "--max-steps", "50000")
    assert rc == 3
    assert err == "prog: step limit of 50000 transitions exceeded\n"


def test_events_and_collector_with_a_recorder(tmp_path):
    src = "main = print (sum (map (\\x -> x * x) [1 .. 3000 :: Int]))\n"
    rec = Recorder()
    rc, out, err = run_hs(tmp_path, src, "+RTS", "-A8k", "-i0.0001", "-RTS", plugins=[rec])
    assert rc == 0, err
    assert out == f"{sum(x * x for x in range(1, 3001))}\n"
    names = [n for n, _ in rec.calls]
    assert "gc_start" in names and "census" in names and names[-2:] == ["run_end",
                                                                         "session_finish"]
    deaths = rec.rows("death")["obj"]
    assert sorted(deaths.tolist()) == list(range(len(rec.rows("alloc"))))
