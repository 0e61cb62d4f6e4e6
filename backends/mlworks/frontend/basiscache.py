"""A per-user cache of the compiled Basis: ``basis.sml`` parsed, type-checked and lowered.

Every SML program is compiled behind the Basis (``pipeline``); parsing, checking and lowering
``basis.sml`` is most of a small program's start-up. ``BasisState`` is the front end's state
right after the Basis (the checker and its environment, the ``Lowerer`` with the Basis's code
items and globals); it does not depend on the program, so it is built once, pickled into
the cache directory, and each later run unpickles a fresh copy and carries on with the
program, which gives the same ``ir.Program`` as building it again.

* where: ``$PROFKIT_CACHE_DIR``, else ``$XDG_CACHE_HOME/profkit``, else
  ``~/.cache/profkit``; ``PROFKIT_NO_CACHE=1`` neither reads nor writes it (nor keeps a copy
  in memory). Removing the directory clears it.
* key: a hash of ``basis.sml``, of every module that shapes the cached form (the front end's
  modules, ``ir.py``, this one) and of the Python version; an entry is a file named after its
  key, so a change to any of them makes a new entry (the oldest are removed beyond a few).
* an entry carries its key and a checksum of its payload; one that is missing, truncated,
  corrupt, for another key, owned by another user or that does not unpickle is ignored and
  rebuilt, silently. It is
  written to a temporary file and renamed into place (concurrent runs are safe).
* objects that the front end compares by identity (``types.INT``, ``UNIT``...) are pickled
  as references to the module-level objects, not copies.
"""

from __future__ import annotations

import functools
import gc
import io
import itertools
import os
import pickle
import sys
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from profkit.cachedir import cache_dir, enabled

from .. import ir
from . import lexer, lower, lowerprims, match, parser, parser_exp, syntax, typecheck, types
from . import basisfile, uncaught
from .lower import Lowerer
from .typecheck import Checker
from .types import Env

try:  # hashlib's own blake2b, without loading OpenSSL (_hashlib): 1% of a small run
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

FORMAT = b"profkit-mlworks-basis 2\n"  # 2: the key hashes the loaded sources (cache_key)
PREFIX = "mlworks-basis-"
SUFFIX = ".pickle"
KEEP = 4  # entries kept (other keys: other checkouts or versions of profkit)

# modules whose objects may be referenced by the state: their module-level objects are
# pickled by name (identity preserved)
_MODULES = (types, typecheck, syntax, lower, lowerprims, match, uncaught, parser, parser_exp,
            lexer, ir)
_PLAIN = (str, int, float, bool, bytes, type(None), complex)


@dataclass
class BasisState:
    """The front end right after ``basis.sml``: continue with the program's declarations."""

    checker: Checker
    env: Env
    lw: Lowerer
    basis_setup: str
    n_basis_items: int
    next_id: int  # types._ids after the Basis (ids below are the Basis's)


def _key_files() -> list[Path]:
    here = Path(__file__).resolve().parent
    return sorted(here.glob("*.py")) + [here / "basis.sml", here.parent / "ir.py"]


# The key hashes the sources as this process loaded them, not as they are on disk now: a
# process that runs on while the front end or the Basis is edited (a long test session)
# built its Basis from the old sources and must not file it under the new sources' key,
# where every later process would take it (a program then saw a Basis without a structure
# just added to basis.sml). The Basis is the text basisfile.basis_source() gave the parser; the
# modules' bytes are read when this module is imported, right after them.
_LOADED: dict[Path, bytes] = {p: p.read_bytes() for p in _key_files()}


def _loaded_bytes(p: Path) -> bytes:
    if p.name == "basis.sml" and p.parent == Path(__file__).resolve().parent:
        return basisfile.basis_source().encode()
    b = _LOADED.get(p)
    return b if b is not None else p.read_bytes()


def cache_key() -> str:
    h = blake2b(FORMAT, digest_size=32)
    h.update(sys.version.encode())
    h.update(str(pickle.HIGHEST_PROTOCOL).encode())
    for p in _key_files():
        h.update(p.name.encode() + b"\0")
        h.update(_loaded_bytes(p))
        h.update(b"\0")
    return h.hexdigest()


def entry_path(key: str) -> Path:
    return cache_dir() / f"{PREFIX}{key[:40]}{SUFFIX}"


# ------------------------------------------------------------------------------- pickling


@functools.lru_cache(maxsize=1)
def _globals_table() -> tuple[dict[int, tuple], dict[tuple, object]]:
    by_id: dict[int, tuple] = {}
    by_ref: dict[tuple, object] = {}

    def add(obj, ref):
        if isinstance(obj, _PLAIN) or id(obj) in by_id:
            return
        if isinstance(obj, (type, type(sys), type(add))) or callable(obj):
            return  # classes, modules, functions: pickled by name anyway
        by_id[id(obj)] = ref
        by_ref[ref] = obj

    for mod in _MODULES:
        for name, v in list(vars(mod).items()):
            if name.startswith("__"):
                continue
            add(v, (mod.__name__, name))
            if isinstance(v, dict):
                for k, x in v.items():
                    if isinstance(k, str):
                        add(x, (mod.__name__, name, k))
            elif isinstance(v, (list, tuple)):
                for i, x in enumerate(v):
                    add(x, (mod.__name__, name, i))
    return by_id, by_ref


class _Pickler(pickle.Pickler):
    def __init__(self, f, by_id):
        super().__init__(f, protocol=pickle.HIGHEST_PROTOCOL)
        self._by_id = by_id

    def persistent_id(self, obj):
        ref = self._by_id.get(id(obj))
        return ref

    def reducer_override(self, obj):
        if type(obj) is itertools.count:  # (its pickling is deprecated since 3.12)
            return itertools.count, (int(repr(obj)[6:-1]),)
        return NotImplemented


class _Unpickler(pickle.Unpickler):
    def __init__(self, f, by_ref):
        super().__init__(f)
        self._by_ref = by_ref

    def persistent_load(self, ref):
        return self._by_ref[ref]


def _lowerer_state(lw: Lowerer) -> None:
    """``Lowerer.eta_items`` is keyed by ``id()`` of objects kept in ``eta_keep``: turn the
    ids into positions in ``eta_keep`` (ids change in another process)."""
    keep = lw.eta_keep
    pos = {id(x): i for i, x in enumerate(keep)}
    items = []
    for (key, ident_id), name in lw.eta_items.items():
        if ident_id == id(None):
            items.append((key, None, name))
        elif ident_id in pos:
            items.append((key, pos[ident_id], name))
        else:
            raise ValueError("eta_items key without its object in eta_keep")
    lw.eta_items = items  # type: ignore[assignment]


def _lowerer_restore(lw: Lowerer) -> None:
    lw.eta_items = {(key, id(None) if i is None else id(lw.eta_keep[i])): name
                    for key, i, name in lw.eta_items}  # type: ignore[attr-defined]


def dumps(state: BasisState) -> bytes:
    by_id, _ = _globals_table()
    f = io.BytesIO()
    saved = state.lw.eta_items
    try:
        _lowerer_state(state.lw)
        _Pickler(f, by_id).dump(state)
    finally:
        state.lw.eta_items = saved
    return f.getvalue()


def loads(payload: bytes) -> BasisState:
    _, by_ref = _globals_table()
    # tens of thousands of new objects, none garbage: no collections while they arrive
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        state = _Unpickler(io.BytesIO(payload), by_ref).load()
    finally:
        if was_enabled:
            gc.enable()
    if not isinstance(state, BasisState):
        raise TypeError("not a BasisState")
    _lowerer_restore(state.lw)
    return state


# ------------------------------------------------------------------------------- entries


def _pack(key: str, payload: bytes) -> bytes:
    head = FORMAT + key.encode() + b"\n" + b"%08x %d\n" % (zlib.crc32(payload), len(payload))
    return head + payload


def _unpack(data: bytes, key: str) -> bytes | None:
    if not data.startswith(FORMAT):
        return None
    rest = data[len(FORMAT):]
    k, _, rest = rest.partition(b"\n")
    if k != key.encode():
        return None
    check, _, payload = rest.partition(b"\n")
    try:
        crc, n = check.split(b" ")
        if int(n) != len(payload) or int(crc, 16) != zlib.crc32(payload):
            return None
    except ValueError:
        return None
    return payload


def read_entry(key: str) -> bytes | None:
    """The entry's checked payload; ``None`` if there is none, it is damaged, or it belongs
    to another user (unpickling runs code: only this user's own files are read)."""
    try:
        with open(entry_path(key), "rb") as fh:
            if hasattr(os, "getuid") and os.fstat(fh.fileno()).st_uid != os.getuid():
                return None
            data = fh.read()
    except (OSError, ValueError):
        return None
    return _unpack(data, key)


def write_entry(key: str, payload: bytes) -> None:
    """Atomically (temporary file + rename); any failure leaves no entry, silently."""
    try:
        d = cache_dir()
        d.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-" + PREFIX, dir=d)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(_pack(key, payload))
            os.replace(tmp, entry_path(key))
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        _prune(d, entry_path(key))
    except (OSError, ValueError):
        pass


def _prune(d: Path, current: Path) -> None:
    """Keep the ``KEEP`` most recent entries (and the current one)."""
    try:
        entries = [p for p in d.glob(f"{PREFIX}*{SUFFIX}") if p != current]
        entries.sort(key=lambda p: p.stat().st_mtime, reverse=True)
        for p in entries[KEEP - 1:]:
            p.unlink()
    except OSError:
        pass


# ------------------------------------------------------------------------------- the state

_memo: dict[str, bytes] = {}  # key -> a checked payload (this process)


def basis_state(build) -> BasisState:
    """A fresh ``BasisState``: unpickled from this process's copy or the cache entry, else
    ``build()`` (and stored). ``build`` must not have been called for this state yet."""
    if not enabled():
        return build()
    try:
        key = cache_key()
    except OSError:
        return build()
    payload = _memo.get(key)
    from_disk = payload is None
    if payload is None:
        payload = read_entry(key)
    if payload is not None:
        try:
            state = loads(payload)
        except Exception:  # noqa: BLE001 - a bad entry is rebuilt, never an error
            state = None
            _memo.pop(key, None)
        if state is not None:
            if from_disk:
                _memo.clear()
                _memo[key] = payload
            types._ids = itertools.count(max(state.next_id, next(types._ids)))
            return state
    state = build()
    try:
        payload = dumps(state)
    except Exception:  # noqa: BLE001 - an unpicklable state is used without caching
        return state
    _memo.clear()
    _memo[key] = payload
    write_entry(key, payload)
    return state
