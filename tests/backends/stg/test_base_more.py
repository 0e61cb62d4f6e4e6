"""More of base (issue 18): System.IO's standard handles and stdin, System.Exit, and the
pure functions of Data.List, Data.Either, Data.Tuple, Data.Char, Control.Monad and
Data.Foldable that ordinary programs use, against GHC 9.0.2 (shapes/programs/base*.hs,
their outputs, exit codes and profiles in shapes/out)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from profkit.backends.stg import plugin as stg_plugin
from profkit.options import parse_run_args
from profkit.plugins import ccprof
from profkit.plugins.prof_read import read_profile
from profkit.runner import run
from tests.conftest import REFERENCE as REFDATA

SHAPES = REFDATA / "ghc-9.0.2" / "shapes"


def _run(tmp_path: Path, src: str, stdin: str = "", name: str = "p.hs",
         shared: bool = False) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of ``profkit run -fprof-auto name +RTS -P`` reading
    ``stdin``; ``shared``: stdout and stderr are one stream (stdout is returned)."""
    prog = tmp_path / name
    prog.write_text(src)
    cfg = parse_run_args(["-fprof-auto", "--outdir", str(tmp_path), str(prog), "+RTS", "-P",
                          "-RTS"])
    out = io.StringIO()
    err = out if shared else io.StringIO()
    status = run(cfg, plugins=[stg_plugin, ccprof], stdout=out, stderr=err,
                 stdin=io.StringIO(stdin), load_entrypoints=False)
    return status, out.getvalue(), err.getvalue()


def _total(path: Path) -> int:
    total = read_profile(str(path)).total_alloc
    assert total is not None
    return total


# program -> (GHC's exit status, how far its total allocation may be from GHC's): the
# runtime's objects for an exception (exitWith's, an uncaught one's) are not modelled
PROGRAMS = {"basepure": (0, 0.02), "basechar": (0, 0.02), "basemonad": (0, 0.02),
            "baseio": (3, 0.06), "baseinteract": (0, 0.01), "baseexit": (2, 0.06),
            "baseeof": (1, 0.17), "basereads": (0, 0.01), "basestderr": (0, 0.01)}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_programs_run_as_under_ghc(tmp_path, name):
    status, tol = PROGRAMS[name]
    stdin = SHAPES / "programs" / f"{name}.stdin"
    err_ref = SHAPES / "out" / f"{name}.stderr"
    got = _run(tmp_path, (SHAPES / "programs" / f"{name}.hs").read_text(),
               stdin.read_text() if stdin.exists() else "", name=f"{name}.hs")
    assert got[0] == status
    assert got[1] == (SHAPES / "out" / f"{name}.stdout").read_text()
    assert got[2] == (err_ref.read_text() if err_ref.exists() else "")
    # the profile is written whatever way the run ends (GHC writes it on exit too)
    ours = _total(tmp_path / f"{name}.prof")
    ghc = _total(SHAPES / "out" / f"{name}.prof")
    assert abs(ours - ghc) <= tol * ghc, (ours, ghc)


def test_getline_at_end_of_input_is_ghcs_error(tmp_path):
    src = ("main :: IO ()\nmain = do\n  l <- getLine\n  putStrLn (reverse l)\n"
           "  getLine >>= putStrLn\n")
    assert _run(tmp_path, src, "abc\n") == (1, "cba\n", "p: <stdin>: hGetLine: end of file\n")
    assert _run(tmp_path, src, "") == (1, "", "p: <stdin>: hGetLine: end of file\n")
    # a last line without its newline is still a line
    assert _run(tmp_path, src, "ab\ncd")[:2] == (0, "ba\ncd\n")


def test_forever_reads_until_the_end(tmp_path):
    src = ("import Control.Monad (forever)\nimport System.IO\nmain :: IO ()\n"
           "main = forever $ do\n  l <- getLine\n  hPutStrLn stdout (map succ l)\n")
    assert _run(tmp_path, src, "abc\nHAL\n") == \
        (1, "bcd\nIBM\n", "p: <stdin>: hGetLine: end of file\n")


def test_iseof_loop_and_readln(tmp_path):
    src = ("import System.IO\nmain :: IO ()\nmain = do\n  n <- readLn :: IO Int\n"
           "  xs <- loop []\n  print (n, sum xs)\n"
           "loop :: [Int] -> IO [Int]\nloop acc = do\n  e <- isEOF\n"
           "  if e then return (reverse acc) else do\n    l <- getLine\n"
           "    loop (read l : acc)\n")
    assert _run(tmp_path, src, "7\n1\n2\n3\n") == (0, "(7,6)\n", "")


def test_stderr_is_interleaved_with_stdout(tmp_path):
    # GHC 9.0.2 with stdout and stderr one pipe: stdout is block-buffered (written at
    # hFlush and at the end), stderr at once; after hSetBuffering stdout NoBuffering (or
    # LineBuffering, or a terminal's stdout) each stderr write comes after stdout's text
    body = ("  putStrLn \"out 1\"\n  hPutStrLn stderr \"err 1\"\n  putStr \"out 2\"\n"
            "  hFlush stdout\n  hPrint stderr (Just 2)\n  putStrLn \"\"\n")
    src = "import System.IO\nmain :: IO ()\nmain = do\n" + body
    assert _run(tmp_path, src, shared=True)[:2] == (0, "err 1\nout 1\nout 2Just 2\n\n")
    assert _run(tmp_path, src)[1:] == ("out 1\nout 2\n", "err 1\nJust 2\n")
    src = ("import System.IO\nmain :: IO ()\nmain = do\n  hSetBuffering stdout NoBuffering\n"
           + body)
    assert _run(tmp_path, src, shared=True)[:2] == (0, "out 1\nerr 1\nout 2Just 2\n\n")


@pytest.mark.parametrize("action, status", [("exitSuccess", 0), ("exitFailure", 1),
                                            ("exitWith (ExitFailure 7)", 7),
                                            ("exitWith ExitSuccess", 0)])
def test_exit_codes_flush_and_write_the_profile(tmp_path, action, status):
    src = (f"import System.Exit\nmain :: IO ()\nmain = do\n  putStr \"before\"\n  {action}\n"
           "  putStrLn \"after\"\n")
    assert _run(tmp_path, src) == (status, "before", "")
    assert _total(tmp_path / "p.prof") > 0


def test_interact_and_getcontents_close_stdin(tmp_path):
    src = "main :: IO ()\nmain = interact (map succ)\n"
    assert _run(tmp_path, src, "HAL\n") == (0, "IBM\v", "")
    src = "main :: IO ()\nmain = do\n  s <- getContents\n  putStr s\n  getLine >>= putStrLn\n"
    assert _run(tmp_path, src, "x\n") == \
        (1, "x\n", "p: <stdin>: hGetLine: illegal operation (handle is closed)\n")


def test_pure_functions(tmp_path):
    src = ("import Data.Char\nimport Data.List\nimport Data.Foldable (for_)\n"
           "import Control.Monad\nmain :: IO ()\nmain = do\n"
           "  print (msum [[1], [], [2, 3 :: Int]], msum [Nothing, Just 'x'])\n"
           "  print (map isHexDigit \"09afAFgG\", map isOctDigit \"078\")\n"
           "  print (map isLetter \"a\\233\\1078 1\", isSeparator '\\12288', isMark '\\768')\n"
           "  r <- void (return 3)\n  print r\n"
           "  for_ [1, 2 :: Int] $ \\i -> foldM_ (\\a x -> print (a + x) >> return (a + x)) i"
           " [10, 20]\n")
    out = ("([1,2,3],Just 'x')\n([True,True,True,True,True,True,False,False],"
           "[True,True,False])\n([True,True,True,False,False],True,True)\n()\n"
           "11\n31\n12\n32\n")
    assert _run(tmp_path, src) == (0, out, "")


def test_hprint_shows_strings_as_print_does(tmp_path):
    src = ("import System.IO\nmain :: IO ()\nmain = do\n  hPrint stdout \"\"\n"
           "  hPrint stderr (Just \"\", [\"\"])\n  hPrint stdout (3 :: Int, \"x\")\n")
    assert _run(tmp_path, src) == (0, "\"\"\n(3,\"x\")\n", "(Just \"\",[\"\"])\n")


def test_the_programs_own_definitions_of_the_names_win(tmp_path):
    src = ("swap :: (a, b) -> (b, a)\nswap (x, y) = (y, x)\n"
           "for_ :: [a] -> (a -> IO ()) -> IO ()\nfor_ xs f = mapM_ f xs\n"
           "main :: IO ()\nmain = do\n  print (swap (1 :: Int, 'a'))\n  for_ [2 :: Int] print\n"
           "  let void = 3 :: Int\n  print void\n")
    assert _run(tmp_path, src) == (0, "('a',1)\n2\n3\n", "")
