"""Gaps of issue 18 closed in session 23 (gaps23), each against GHC 9.0.2's committed output.

Import lists (frontend/exports.py): an item its module does not export is GHC's error at
its position (tests/reference/ghc-9.0.2/exports/cases23.txt: GHC's first error for each
import, or ``ok``); an item GHC's module exports but the subset lacks is refused with a
message of its own (GHC accepts those programs)."""

from __future__ import annotations

import pytest

from profkit.backends.stg.frontend.exports import ghc_exports
from profkit.backends.stg.frontend.pipeline import compile_program
from profkit.errors import SourceError
from tests.conftest import REFERENCE

EXPORTS = REFERENCE / "ghc-9.0.2" / "exports"
SHAPES = REFERENCE / "ghc-9.0.2" / "shapes"


def _cases() -> list[tuple[str, str]]:
    lines = (EXPORTS / "cases23.txt").read_text().splitlines()
    return [tuple(line.split("\t")) for line in lines]  # type: ignore[misc]


def _compile_error(imports: str) -> SourceError | None:
    src = imports + "\nmain :: IO ()\nmain = print 1\n"
    try:
        compile_program(src, "p.hs")
    except SourceError as e:
        return e
    return None


@pytest.mark.parametrize("imports,ghc", _cases())
def test_an_import_list_is_checked_as_ghc_checks_it(imports, ghc):
    err = _compile_error(imports.replace("\\n", "\n"))
    if ghc == "ok":  # GHC accepts it: the subset too, or refuses it as not supported
        assert err is None or "not supported by profkit's subset" in str(err), err
        return
    pos, msg = ghc.split(" ", 1)
    assert err is not None
    assert f"{err.line}:{err.col}" == pos
    assert str(err).split(": error: ", 1)[1] == msg.replace("‘", "`").replace("’", "'")


@pytest.mark.parametrize("imports,name", [
    ("import Data.Char (toUpper, GeneralCategory(..))", "GeneralCategory(..)"),
    ("import Control.Monad (forM_, mfilter)", "mfilter"),
    ("import Text.Printf (printf, hPrintf)", "hPrintf"),
    ("import Data.Monoid (Sum(..), Ap(..))", "Ap(..)"),
])
def test_a_name_ghc_exports_but_the_subset_lacks_has_its_own_message(imports, name):
    err = _compile_error(imports)
    assert err is not None and (err.line, err.col) == (1, imports.index(name) + 1)
    assert f"`{name}' of module" in str(err) and "not supported by profkit's subset" in str(err)
    assert "does not export" not in str(err)


def test_a_constructor_alone_names_its_type():
    err = _compile_error("import Data.Maybe (fromJust, Just)")
    assert err is not None and (err.line, err.col) == (1, 30)
    assert "`Just' is a data constructor of `Maybe'" in str(err)


def test_hiding_a_name_not_exported_is_accepted():
    """GHC only warns (-Wdodgy-imports)."""
    assert _compile_error("import Data.List hiding (notAFunction)") is None


def test_the_export_table_is_ghcs():
    """A few facts of GHC 9.0.2's interfaces the check relies on."""
    t = ghc_exports()
    assert "foldl'" in t["Data.List"] and "toUpper" not in t["Data.List"]
    assert not t["Data.Monoid"]["Semigroup"].alone and "<>" in t["Data.Monoid"]
    assert t["Data.Monoid"]["Sum"].subs == {"Sum", "getSum"}
    assert "||" in t["Prelude"] and t["Prelude"]["||"].alone
    assert "alterF" in t["Data.Map.Strict"] and "Complex" in t["Data.Complex"]


# ------------------------------------------------------------------ a String failing half-way

@pytest.mark.parametrize("name", ["partial23", "partialbig23", "partialline23",
                                  "partialnobuf23"])
def test_a_string_failing_half_way_writes_what_ghcs_buffers_committed(name):
    """base's hPutStr copies the String into a spare buffer committed to stdout's handle
    when full (2,047 characters) or, line-buffered, at each newline: GHC 9.0.2 compiled,
    stdout a file, writes none of `print [1, 2, error "x"]' (partial23, caught by try, and
    a putStrLn failing after "ab3"), 4,094 of 5,000 characters (partialbig23), the lines
    before the failure when line-buffered (partialline23), and `[1,2,' unbuffered
    (partialnobuf23)."""
    from tests.backends.stg.hsrun import run_haskell
    src = (SHAPES / "programs" / f"{name}.hs").read_text()
    r = run_haskell(src, f"{name}.hs")
    assert r.stdout == (SHAPES / "out" / f"{name}.stdout").read_text()
    first = (SHAPES / "out" / f"{name}.stderr").read_text().splitlines()[0]
    assert r.error is not None and str(r.error).splitlines()[0] == first


def test_committed_follows_write_blocks():
    from profkit.backends.stg.machine.exceptions import committed
    text = "ab\ncd" + "x" * 5000
    assert committed(text, 0) == text
    assert committed(text, 2) == text[:4094]
    assert committed("ab\ncd\nef", 1) == "ab\ncd\n" and committed("ab\ncd\nef", 2) == ""
    assert committed("ab\n" + "y" * 2047, 1) == "ab\n" and \
        committed("ab\n" + "y" * 2048, 1) == "ab\n" + "y" * 2047
