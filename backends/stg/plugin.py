"""pluggy plugin module of the STG backend (entry point ``stg`` in group ``profkit``)."""

from __future__ import annotations

from typing import Any

from profkit.hookspecs import hookimpl
from profkit.plugin_options import Option, PluginOptions

# ``-p stg.KEY=VALUE`` (``profkit schemes``); the machine reads them from the Config
PROFKIT_OPTIONS = PluginOptions(
    "stg",
    Option("con_use", bool, True,
           "a case scrutiny of a constructor is a use (0: GHC's pointer-tagging behaviour)"),
    Option("runtime_heap", bool, True,
           "model the GHC runtime's own heap (I/O buffers, handles, base CAFs; 0: only the "
           "program's heap)"),
    Option("compact", bool, True,
           "compact the profiling header at major collections (ids renumbered, see "
           "profkit_renumber; 0: keep every id of the run)"),
    Option("compact_min", int, 1 << 20,
           "compact only when at least this many ids are in use (live or dead)"),
    Option("malloc_tune", bool, True,
           "with censuses: keep large blocks in the C heap (glibc mallopt), so that a "
           "census's arrays reuse memory rather than fault in fresh pages (0: leave the "
           "allocator's thresholds as they are)"),
    Option("census_only", bool, True,
           "-hc/-hd/-hy/-hr: collect only at censuses when no collection between two censuses "
           "can change the next one (StgBackend._only_censuses; 0: every minor and major "
           "collection of the modelled nursery)"),
    Option("squeeze", bool, True,
           "censuses leave out the thunks GHC's stack squeeze makes indirections (those "
           "whose update frame lies on another's, machine/squeeze.py; 0: count them)"),
    help="the STG machine backend (.hs programs)",
)


@hookimpl
def profkit_make_backend(config: Any, path: str) -> Any:
    """Run ``.hs`` files, or anything when ``--backend stg`` was given."""
    if config.backend == "stg" or (config.backend is None and path.endswith(".hs")):
        from .backend import StgBackend

        return StgBackend(config, path)
    return None
