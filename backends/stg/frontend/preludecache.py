"""The parsed and renamed Prelude, kept between runs (issue 13, start-up).

Every run used to parse the Prelude's sources (about 1,400 declarations) before compiling
a program: most of a one-line program's start-up. The renamed module is pickled in
profkit's cache directory (``profkit.cachedir``: ``$PROFKIT_CACHE_DIR``, else the user's
cache; ``PROFKIT_NO_CACHE=1`` turns it off), under a key that hashes the Prelude's text
and the front end's sources as this process loaded them, so an edit to either makes a new
entry instead of reading a stale one.

    load(text) -> S.Module | None
    store(text, module)
"""

from __future__ import annotations

import os
import pickle
import sys
import tempfile
from pathlib import Path

from profkit.cachedir import cache_dir, enabled

from . import syntax as S

try:  # hashlib's own blake2b, without loading OpenSSL
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

FORMAT = b"profkit-stg-prelude 1\n"
PREFIX = "stg-prelude-"
SUFFIX = ".pickle"
KEEP = 4  # entries kept (other keys: other checkouts or versions of profkit)

_HERE = Path(__file__).resolve().parent
# the front end's modules as this process loaded them (an edit made while a long test
# session runs must not file the old parser's output under the new sources' key)
# (and ir.py: the renamer takes the built-in constructors' arities from it)
_LOADED = b"".join(p.name.encode() + b"\0" + p.read_bytes() + b"\0"
                   for p in sorted(_HERE.glob("*.py")) + [_HERE.parent / "ir.py"])


def _key(text: str) -> str:
    h = blake2b(FORMAT, digest_size=32)
    h.update(sys.version.encode())
    h.update(str(pickle.HIGHEST_PROTOCOL).encode())
    h.update(_LOADED)
    h.update(text.encode())
    return h.hexdigest()


def _path(text: str) -> Path:
    return cache_dir() / f"{PREFIX}{_key(text)[:40]}{SUFFIX}"


def load(text: str) -> S.Module | None:
    """The cached module for this Prelude text, or None (no entry, a damaged one, or the
    cache turned off)."""
    if not enabled():
        return None
    try:
        with open(_path(text), "rb") as f:
            if f.read(len(FORMAT)) != FORMAT:
                return None
            mod = pickle.load(f)
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError,
            IndexError, TypeError, ValueError):
        return None
    return mod if isinstance(mod, S.Module) else None


def store(text: str, mod: S.Module) -> None:
    """File ``mod`` under this text's key (written whole, then renamed into place: a run
    reading at the same time sees the old entry or the new one, never a part). A cache
    that cannot be written is skipped."""
    if not enabled():
        return
    path = _path(text)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=PREFIX, suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(FORMAT)
                pickle.dump(mod, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
        _prune(path.parent)
    except (OSError, pickle.PicklingError, RecursionError):
        return


def _prune(d: Path) -> None:
    """Keep the ``KEEP`` newest entries."""
    entries = sorted(d.glob(f"{PREFIX}*{SUFFIX}"), key=lambda p: p.stat().st_mtime,
                     reverse=True)
    for old in entries[KEEP:]:
        try:
            old.unlink()
        except OSError:
            pass
