"""Batched hot events: staged by the backend in flat arrays, flushed to plugins as numpy.

A backend never calls a hook per object. It appends to the staging arrays of the events some
plugin listens to (``Stager.wants``) and the session flushes them as structured arrays before
any rare hook (GC start/end, census, tick, run end) and at the end, in the fixed order
alloc, use, update, copy, death.
"""

from __future__ import annotations

from array import array

import numpy as np

USE_DTYPE = np.dtype([("obj", "<i8")])
UPDATE_DTYPE = np.dtype(
    [
        ("obj", "<i8"),
        ("old_info", "<i4"),
        ("new_info", "<i4"),
        ("old_size_words", "<i4"),
        ("new_size_words", "<i4"),
    ]
)
COPY_DTYPE = np.dtype([("obj", "<i8"), ("from_gen", "<i2"), ("to_gen", "<i2"), ("size_words", "<i4")])
DEATH_DTYPE = np.dtype(
    [
        ("obj", "<i8"),
        ("info", "<i4"),
        ("producer", "<i4"),
        ("size_words", "<i4"),
        ("era", "<i4"),
        ("last_use", "<i4"),
    ]
)

#: Flush order of the hot events (alloc is flushed from the header columns, not staged).
HOT_EVENTS = ("alloc", "use", "update", "copy", "death")


class Stager:
    """Staging arrays for the hot events other than alloc.

    Fields are appended flat, one value per field in dtype order (``use`` is one value per
    object), e.g. ``stager.copy.extend((oid, 0, 1, 3))``. Check ``stager.wants[event]`` first:
    nothing needs staging when no plugin implements the hook.
    """

    def __init__(self, wants: dict[str, bool]) -> None:
        self.wants = dict(wants)
        self.use = array("q")
        self.update = array("q")
        self.copy = array("q")
        self.death = array("q")
        self._ready: dict[str, list[np.ndarray]] = {}  # rows staged whole, by ``put``

    _DTYPES = {"use": USE_DTYPE, "update": UPDATE_DTYPE, "copy": COPY_DTYPE, "death": DEATH_DTYPE}

    def put(self, event: str, rows: np.ndarray) -> None:
        """Stage a structured array of ``event``'s dtype whole (after what is staged
        already): a backend with millions of rows at once (every live object dying at the
        end of a run) saves the round trip through the flat array."""
        ready = self._ready.setdefault(event, [])
        flat = self._flat(event)
        if flat is not None:
            ready.append(flat)
        ready.append(rows)

    def _flat(self, event: str) -> np.ndarray | None:
        buf: array = getattr(self, event)
        if not buf:
            return None
        dtype = self._DTYPES[event]
        nf = len(dtype.names)
        flat = np.frombuffer(buf, dtype=np.int64).reshape(-1, nf)
        out = np.empty(flat.shape[0], dtype=dtype)
        for i, name in enumerate(dtype.names):
            out[name] = flat[:, i]
        setattr(self, event, array("q"))
        return out

    def take(self, event: str) -> np.ndarray | None:
        """Return the staged rows of ``event`` as a structured array and clear the staging
        area; None when nothing is staged."""
        flat = self._flat(event)
        ready = self._ready.pop(event, None)
        if not ready:
            return flat
        if flat is not None:
            ready.append(flat)
        return ready[0] if len(ready) == 1 else np.concatenate(ready)
