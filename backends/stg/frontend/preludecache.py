"""The parsed and renamed Prelude, kept between runs (issue 13, start-up).

Every run used to parse the Prelude's sources (about 1,400 declarations) before compiling
a program: most of a one-line program's start-up. The renamed module is pickled in
profkit's cache directory (``profkit.cachedir``: ``$PROFKIT_CACHE_DIR``, else the user's
cache; ``PROFKIT_NO_CACHE=1`` turns it off), under a key that hashes the Prelude's text
and the front end's sources as this process loaded them, so an edit to either makes a new
entry instead of reading a stale one.

    load(text) -> S.Module | None
    store(text, module)

The Prelude's desugared bindings (frontend/prelude_desugar.py) are filed the same way,
under another kind of entry: ``load_entry(kind, key)``, ``store_entry(kind, key, obj)``.
"""

from __future__ import annotations

import pickle
import sys
from pathlib import Path

from profkit.cachedir import enabled, read_entry, write_entry

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


def key(text: str) -> str:
    """The key of a Prelude text: its hash with the front end's sources and Python's."""
    return _key(text)


def _name(prefix: str, text: str) -> str:
    return f"{prefix}{_key(text)[:40]}{SUFFIX}"


def load(text: str) -> S.Module | None:
    """The cached module for this Prelude text, or None (no entry, a damaged one, or the
    cache turned off)."""
    mod = load_entry(PREFIX, text)
    return mod if isinstance(mod, S.Module) else None


def store(text: str, mod: S.Module) -> None:
    """File ``mod`` under this text's key."""
    store_entry(PREFIX, text, mod)


def load_entry(prefix: str, text: str) -> object | None:
    """The object filed under ``prefix`` and ``text``'s key, or None (no entry, a damaged
    one, or the cache turned off). The caller checks its shape."""
    data = read_entry(_name(prefix, text), FORMAT)
    if data is None:
        return None
    try:
        return pickle.loads(data)
    except (EOFError, pickle.UnpicklingError, AttributeError, ImportError, IndexError,
            TypeError, ValueError, RecursionError):
        return None


def store_entry(prefix: str, text: str, obj: object, keep: int = KEEP) -> None:
    """File ``obj`` under ``prefix`` and ``text``'s key (atomically: ``cachedir``), keeping
    the ``keep`` newest entries of the prefix. A cache that cannot be written is skipped."""
    if not enabled():
        return
    try:
        data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, RecursionError):
        return
    write_entry(_name(prefix, text), FORMAT, data, prefix, keep)
