"""Write cases23.txt: each import declaration of CASES in a one-line program compiled by
GHC 9.0.2 (``ghc -fno-code``), with GHC's first error (``file:line:col`` and its message on
one line, GHC's quotes), or ``ok``. Run from the repository's root with GHC installed."""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

CASES = [
    "import Data.Monoid (Foo)",
    "import Data.List (notAFunction, sort)",
    "import Data.Monoid (Sum(Bar))",
    "import Data.List ((<+>), sort)",
    "import Data.Maybe (Maybe(Jst), fromJust)",
    "import Data.Monoid (Semigroup, Sum(..))",
    "import Control.Monad.State (State, evalState, Foo(..))",
    "import Data.List (Foldable(..))",
    "import qualified Data.Map as M (fromList, lookupp)",
    "import Data.Char (toUpper, isDigit, toUpperCase)",
    "import Data.IORef (IORef, newIORef, readIORef, modifyIORef', writeIORef)",
    "import Data.List (sortOn, foldl', genericLength, (\\\\), insertBy)",
    "import Data.Monoid (Sum(getSum), (<>), Product(..))",
    "import Control.Monad (forM_, when, unless, replicateM)",
    "import Data.Map (Map, fromList, toList, insertWith)",
    "import Data.Foldable (Foldable(foldr, toList), for_)",
    "import Text.Printf (printf)",
    "import Data.Char (toUpper, GeneralCategory(..))",
    "import Control.Monad (forM_, mfilter)",
    "import Text.Printf (printf, hPrintf)",
    "import Data.Maybe (fromMaybe, mapMaybe, catMaybes)\nimport Data.List (sortBy,\n"
    "  groupBy, nubby)",
]


def main() -> None:
    out = []
    with tempfile.TemporaryDirectory() as d:
        for k, case in enumerate(CASES):
            src = Path(d) / "p.hs"
            src.write_text(case + "\nmain :: IO ()\nmain = print 1\n")
            r = subprocess.run(["ghc", "-fno-code", "p.hs"], cwd=d, capture_output=True,
                               text=True)
            text = r.stdout + r.stderr
            mo = re.search(r"^p\.hs:(\d+:\d+): error:\s*(.*?)\n\s*\|", text, re.M | re.S)
            got = "ok" if r.returncode == 0 else \
                f"{mo.group(1)} {' '.join(mo.group(2).split())}"
            out.append(case.replace("\n", "\\n") + "\t" + got)
    Path("tests/reference/ghc-9.0.2/exports/cases23.txt").write_text("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
