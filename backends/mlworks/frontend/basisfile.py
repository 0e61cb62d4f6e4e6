"""The Basis's source text (``basis.sml``), read once per process: the text the front end
parses (``pipeline.build_basis``) and the Basis cache hashes into its key
(``basiscache.cache_key``) must be the same, even if the file is edited meanwhile."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

BASIS_FILE = "basis.sml"


@lru_cache(maxsize=1)
def basis_source() -> str:
    return resources.files(__package__).joinpath(BASIS_FILE).read_text()
