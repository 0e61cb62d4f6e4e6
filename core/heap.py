"""The heap as plugins see it: census views and the heap graph.

A backend builds these right after a major collection (so the view holds exactly the live
objects) and hands them to the ``profkit_census`` hook. Everything is columnar: aggregate
with ``np.bincount``/``np.unique`` over the columns, never with a Python loop per object.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .header import ProfHeader
from .tables import Tables


@dataclass
class HeapGraph:
    """The live heap as a graph for traversal schemes (retainer profiling and friends).

    Nodes are positions ``0..n-1`` into the census view's ``obj`` column. ``offsets``/
    ``targets`` are CSR: the children of node i are ``targets[offsets[i]:offsets[i+1]]``.
    ``roots`` are node positions reachable directly from the roots; ``root_identity[k]`` is
    the retainer identity (a StackTable id, e.g. the stack's CCS, or MAIN/SYSTEM) of the root
    that refers to ``roots[k]``, since GHC counts the stack itself as a retainer.
    ``is_retainer[i]``: the backend's isRetainer(); ``identity[i]``: R() for retainers.
    """

    offsets: np.ndarray
    targets: np.ndarray
    roots: np.ndarray
    root_identity: np.ndarray
    is_retainer: np.ndarray
    identity: np.ndarray


def updated_sizes(size_words: np.ndarray, kind: np.ndarray, cap: int) -> np.ndarray:
    """Sizes as a census sees them when the header says updated objects shrink
    (``header.updated_size_words``, set by a backend whose update events give the new size:
    the stg machine's BLACKHOLE/IND are GHC's 2-word StgInd, the rest of the thunk is slop)."""
    from .kinds import ObjKind
    upd = (kind == ObjKind.BLACKHOLE) | (kind == ObjKind.IND)
    if not upd.any():
        return size_words
    out = size_words.copy()
    out[upd] = np.minimum(out[upd], cap)  # never more than it was allocated
    return out


@dataclass
class CensusView:
    """A consistent view of the live heap after a major GC.

    Columns (aligned, one row per live object): ``obj`` (ids), ``info``, ``producer``,
    ``size_words``, ``era``, ``last_use``, ``gen``; derived via the info table: ``desc``,
    ``type``, ``module``, ``kind``. ``time`` is the virtual time in seconds; ``era`` the LDV
    era that is ending (the census number, from 1). ``graph`` is filled only when some
    scheme asked for it (``Session.needs_graph``).
    """

    time: float
    era: int
    obj: np.ndarray
    gen: np.ndarray
    tables: Tables
    header: ProfHeader
    graph: HeapGraph | None = None
    word_bytes: int = 8
    _cache: dict = field(default_factory=dict)

    def col(self, name: str) -> np.ndarray:
        """A column of the live objects by name (header columns, or info-derived ones)."""
        c = self._cache.get(name)
        if c is not None:
            return c
        at = self.atoms() if name in ("info", "size_words", "kind") else None
        if at is not None:  # through the atoms' own columns: no per-object gather of info
            c = at[{"info": 1, "size_words": 2, "kind": 3}[name]][at[0]]
        elif name in ("info", "producer", "size_words", "era", "last_use"):
            c = self.header.gather(name, self.obj)
            cap = getattr(self.header, "updated_size_words", 0)
            if name == "size_words" and cap:
                c = updated_sizes(c, self.col("kind"), cap)
        elif name in ("desc", "type", "module", "kind"):
            c = self.tables.infos.columns()[name][self.col("info")]
        elif name == "size_bytes":
            c = self.col("size_words").astype(np.int64) * self.word_bytes
        else:
            raise KeyError(name)
        self._cache[name] = c
        return c

    def atoms(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
        """The live objects by *atom* (``SiteHeader.atoms``: what fixes an object's current
        info and size), or None when the header has no allocation sites: ``(atom,
        atom_info, atom_size_words, atom_kind)``, ``atom`` one per object, the others one
        per atom, sizes as a census counts them (updated thunks shrunk). Every column the
        atoms fix is then one lookup per object, and a sum over objects a bincount of
        ``atom``."""
        c = self._cache.get("_atoms", False)
        if c is not False:
            return c
        make = getattr(self.header, "atoms", None)
        if make is None:
            c = None
        else:
            atom, a_info, a_size = make(self.obj)
            a_kind = self.tables.infos.columns()["kind"][a_info]
            cap = getattr(self.header, "updated_size_words", 0)
            if cap:
                a_size = updated_sizes(a_size, a_kind, cap)
            c = (atom, a_info, a_size, a_kind)
        self._cache["_atoms"] = c
        return c

    def __len__(self) -> int:
        return len(self.obj)
