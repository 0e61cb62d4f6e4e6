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
