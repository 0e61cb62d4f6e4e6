"""The paired corpus: the same algorithms written in the Haskell subset (``NAME.hs``) and in
the SML subset (``NAME.sml``), each pair printing the same output (``NAME.stdout``).

``names.toml`` maps SML function names to the Haskell cost-centre labels where they differ,
so that per-function rows of the two runtimes line up.
"""

from __future__ import annotations

import os
import tomllib

CORPUS_DIR = os.path.dirname(os.path.abspath(__file__))


def programs(directory: str = CORPUS_DIR) -> list[str]:
    """Names of the programs that have both a ``.hs`` and an ``.sml`` version."""
    files = set(os.listdir(directory))
    return sorted(f[:-3] for f in files if f.endswith(".hs") and f[:-3] + ".sml" in files)


def source_path(name: str, ext: str, directory: str = CORPUS_DIR) -> str:
    return os.path.join(directory, f"{name}.{ext}")


def name_map(directory: str = CORPUS_DIR) -> dict[str, dict[str, str]]:
    """program -> {SML name: Haskell name}; empty when the directory has no names.toml."""
    path = os.path.join(directory, "names.toml")
    if not os.path.exists(path):
        return {}
    with open(path, "rb") as f:
        data = tomllib.load(f)
    return {prog: {str(k): str(v) for k, v in m.items()} for prog, m in data.items()}
