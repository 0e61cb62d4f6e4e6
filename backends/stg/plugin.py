"""pluggy plugin module of the STG backend (entry point ``stg`` in group ``profkit``)."""

from __future__ import annotations

from typing import Any

from profkit.hookspecs import hookimpl


@hookimpl
def profkit_make_backend(config: Any, path: str) -> Any:
    """Run ``.hs`` files, or anything when ``--backend stg`` was given."""
    if config.backend == "stg" or (config.backend is None and path.endswith(".hs")):
        from .backend import StgBackend

        return StgBackend(config, path)
    return None
