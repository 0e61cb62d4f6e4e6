"""profkit's per-user cache directory, shared by every cache (the SML Basis, the MLWorks
virtual clock's compiled hook).

    cache_dir() -> Path    $PROFKIT_CACHE_DIR, else $XDG_CACHE_HOME/profkit (an absolute
                           XDG_CACHE_HOME), else ~/.cache/profkit
    enabled() -> bool      False when PROFKIT_NO_CACHE is set to anything but "" or "0"
    read_entry(name, header) -> bytes | None
    write_entry(name, header, data, prefix, keep)   atomic, keeping a prefix's newest
"""

from __future__ import annotations

import os
import tempfile
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


def read_entry(name: str, header: bytes) -> bytes | None:
    """What follows ``header`` in the cache's file ``name``; None when the cache is off, the
    file is missing or unreadable, or it does not start with ``header`` (another format)."""
    if not enabled():
        return None
    try:
        with open(cache_dir() / name, "rb") as f:
            if f.read(len(header)) != header:
                return None
            return f.read()
    except OSError:
        return None


def write_entry(name: str, header: bytes, data: bytes, prefix: str, keep: int) -> None:
    """Write ``header + data`` to the cache's file ``name`` whole, then rename it into place
    (a run reading at the same time sees the old file or the new one, never a part), and
    keep the ``keep`` newest files whose names start with ``prefix``. A cache that cannot
    be written is skipped: it only saves time."""
    if not enabled():
        return
    d = cache_dir()
    try:
        d.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=d)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(header)
                f.write(data)
            os.replace(tmp, d / name)
        except BaseException:
            os.unlink(tmp)
            raise
        entries = sorted((p for p in d.iterdir() if p.name.startswith(prefix) and
                          not p.name.endswith(".tmp")),
                         key=lambda p: p.stat().st_mtime, reverse=True)
        for old in entries[keep:]:
            try:
                old.unlink()
            except OSError:
                pass
    except OSError:
        return
