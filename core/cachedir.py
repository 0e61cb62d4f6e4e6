"""profkit's per-user cache directory, shared by every cache (the SML Basis, the MLWorks
virtual clock's compiled hook).

    cache_dir() -> Path    $PROFKIT_CACHE_DIR, else $XDG_CACHE_HOME/profkit (an absolute
                           XDG_CACHE_HOME), else ~/.cache/profkit
    enabled() -> bool      False when PROFKIT_NO_CACHE is set to anything but "" or "0"
"""

from __future__ import annotations

import os
from pathlib import Path


def enabled() -> bool:
    return os.environ.get("PROFKIT_NO_CACHE", "") in ("", "0")


def cache_dir() -> Path:
    d = os.environ.get("PROFKIT_CACHE_DIR")
    if d:
        return Path(d)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache"
    return base / "profkit"
