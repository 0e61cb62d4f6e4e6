"""scipy's sparse-graph search for the collectors' marking (the ``fast`` extra), imported on
first use: importing scipy costs about a quarter of a second, which programs whose heaps
never grow large should not pay. Both backends' collector models search their heap graphs
with it above a size, and in Python below it or without scipy (the same marks).

    load() -> (csr_matrix, breadth_first_order) | None     imports scipy once
    available() -> bool                                    installed? (without importing)

Only scipy's compiled breadth-first search is loaded (``scipy.sparse.csgraph._traversal``),
not the packages above it: ``scipy.sparse`` and ``scipy.sparse.csgraph``'s ``__init__``
(which imports ``scipy.sparse.linalg`` and ``scipy.linalg``) cost 30 MB of resident memory
for the whole run, against 2 MB for ``scipy`` and the traversal module (``_traversal``
imports two names from modules under ``scipy.sparse`` when it is loaded; it is loaded with
those modules stood in for, and the names stay proxies that import the real ones on first
use, so a later import of ``scipy.sparse.csgraph`` by anyone works as usual). ``csr_matrix``
is then a plain holder of the arrays (``Graph``) and ``breadth_first_order`` calls the
traversal's search directly, on the rows as given: the same nodes are reached as through
scipy's own ``breadth_first_order``, which first checks the graph and, unless its weights are
float64, copies it with float64 weights and sorts each row and merges duplicate edges (so the
order and predecessors can differ; every caller reads only which nodes were reached). If
any of that fails (another scipy version), scipy's public functions are used, imported as
usual.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import types
from typing import Any

import numpy as np

_loaded: tuple[Any, Any] | None = None
_tried = False

TRAVERSAL = "scipy.sparse.csgraph._traversal"
#: the modules ``_traversal`` imports from while it is loaded, stood in for then
STUBBED = ("scipy.sparse", "scipy.sparse.csgraph", "scipy.sparse.csgraph._validation",
           "scipy.sparse.csgraph._tools")
#: scipy's marker of a node without predecessor
NULL_IDX = -9999


def load() -> tuple[Any, Any] | None:
    """``csr_matrix`` and ``breadth_first_order`` (scipy's search), or None without scipy."""
    global _loaded, _tried
    if not _tried:
        _tried = True
        _loaded = _light() or _public()
    return _loaded


def available() -> bool:
    """Whether scipy can be used (without importing it if it was not yet)."""
    if _tried:
        return _loaded is not None
    return importlib.util.find_spec("scipy") is not None


def _public() -> tuple[Any, Any] | None:
    try:
        from scipy.sparse import csr_matrix
        from scipy.sparse.csgraph import breadth_first_order
    except ImportError:  # pragma: no cover - exercised where scipy is absent
        return None
    return csr_matrix, breadth_first_order


def _light() -> tuple[Any, Any] | None:
    """(``Graph``, ``breadth_first_order``) over the traversal module alone, or None."""
    try:
        trav = traversal_module()
    except Exception:  # noqa: BLE001 - any failure: scipy's public path instead
        return None
    search = getattr(trav, "_breadth_first_directed", None) if trav is not None else None
    if search is None or not _search_works(search):
        return None
    global _search
    _search = search

    def breadth_first_order(g: Any, i_start: int, directed: bool = True,
                            return_predecessors: bool = True) -> Any:
        if not directed or type(g) is not Graph:  # pragma: no cover - no caller does
            _, bfo = _public() or (None, None)
            return bfo(g, i_start, directed, return_predecessors)
        n = g.shape[0]
        # (np.empty: the pages past the nodes reached are never touched, so never resident)
        node_list = np.empty(n, dtype=np.int32)
        predecessors = np.full(n, NULL_IDX, dtype=np.int32)
        length = search(int(i_start), g.indices, g.indptr, node_list, predecessors)
        if return_predecessors:
            return node_list[:length], predecessors
        return node_list[:length]

    return Graph, breadth_first_order


#: scipy's compiled search itself, once ``load`` found it usable (else None)
_search: Any = None


def light_search() -> bool:
    """Whether ``reach_in_parts`` can be used (``load`` found scipy's compiled search)."""
    return _search is not None


def reach_in_parts(indices: np.ndarray, indptr: np.ndarray, nnz: int,
                   start: np.ndarray) -> np.ndarray:
    """Which of the ``n = len(indptr) - 2`` nodes of a graph (int32 rows: ``indptr[:n+1]``,
    edges ``indices[:nnz]``) are reachable from the nodes ``start``, as booleans. Node ``n``
    is the search's start: its row is ``start`` put after the edges, as many at a time as
    ``indices`` has room for there, each part searched in turn with the one predecessor
    array, which is also the search's record of what it reached (a node reached by one part
    is not entered by the next: one search's work), so ``indices`` never has to grow for a
    long ``start``. Needs ``light_search()``; writes ``indices[nnz:]`` and ``indptr[n+1]``."""
    n = len(indptr) - 2
    room = len(indices) - nnz
    if room <= 0 or _search is None:
        raise ValueError("reach_in_parts: no room after the edges, or no compiled search")
    pred = np.full(n + 1, NULL_IDX, dtype=np.int32)
    # (np.empty: the pages past the nodes reached are never touched)
    node_list = np.empty(n + 1, dtype=np.int32)
    for a in range(0, len(start), room):
        part = start[a:a + room]
        m = nnz + len(part)
        indices[nnz:m] = part
        indptr[n + 1] = m
        _search(n, indices, indptr, node_list, pred)
    return pred[:n] >= 0


def _search_works(search: Any) -> bool:
    """The search on a small graph gives scipy's documented result (its signature is
    private: a scipy whose differs is not used this way)."""
    try:
        g = Graph((None, np.array([1, 2, 3, 3], np.int32), np.array([0, 2, 3, 4, 4], np.int32)),
                  shape=(4, 4))
        node_list = np.empty(4, dtype=np.int32)
        pred = np.full(4, NULL_IDX, dtype=np.int32)
        k = search(0, g.indices, g.indptr, node_list, pred)
    except Exception:  # noqa: BLE001
        return False
    return k == 4 and node_list.tolist() == [0, 1, 2, 3] and pred.tolist() == [NULL_IDX, 0, 0, 1]


class Graph:
    """A directed graph in compressed sparse rows, as ``scipy.sparse.csr_matrix((data,
    indices, indptr), shape=(n, n))`` is built by the callers (the weights are not read; the
    index arrays are used as they are when both are C-contiguous int32 or both int64)."""

    def __init__(self, arg: tuple[Any, Any, Any], shape: tuple[int, int]) -> None:
        _data, indices, indptr = arg
        indices, indptr = np.asarray(indices), np.asarray(indptr)
        n = int(shape[0])
        if shape[1] != n or len(indptr) != n + 1:
            raise ValueError(f"graph of shape {shape} with {len(indptr)} row pointers")
        if (indices.dtype != indptr.dtype or indices.dtype not in (np.int32, np.int64)
                or not indices.flags.c_contiguous or not indptr.flags.c_contiguous):
            indices = np.ascontiguousarray(indices, dtype=np.int64)
            indptr = np.ascontiguousarray(indptr, dtype=np.int64)
        if n and int(indptr[-1]) > len(indices):
            raise ValueError("last row pointer past the edges")
        self.indices = indices
        self.indptr = indptr
        self.shape = (n, n)


class _Proxy:
    """A name ``_traversal`` imported while its modules were stood in for: imports the real
    one when first called (and puts it in the module's namespace in its place)."""

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name
        self.into: dict[str, Any] | None = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        real = getattr(importlib.import_module(self.module), self.name)
        if self.into is not None and self.into.get(self.name) is self:
            self.into[self.name] = real
        return real(*args, **kwargs)


def traversal_module() -> types.ModuleType | None:
    """``scipy.sparse.csgraph._traversal``, loaded without running ``scipy.sparse``'s and
    ``scipy.sparse.csgraph``'s ``__init__`` if neither is loaded yet (imported as usual
    if one is); None without scipy."""
    mods = sys.modules
    if TRAVERSAL in mods:
        return mods[TRAVERSAL]
    if any(name in mods for name in STUBBED):
        return importlib.import_module(TRAVERSAL)
    spec = importlib.util.find_spec("scipy")
    if spec is None or not spec.submodule_search_locations:
        return None
    import scipy  # noqa: F401 - the real top package (2 MB): ``_traversal`` is under it
    base = list(spec.submodule_search_locations)
    proxies: list[_Proxy] = []
    stubs = {}
    for name in STUBBED:
        stub = types.ModuleType(name)
        if name.count(".") < 3:  # the two packages: submodules are found under them
            rel = name.split(".")[1:]
            stub.__path__ = [os.path.join(b, *rel) for b in base]
        else:
            def getattr_(attr: str, _mod: str = name) -> Any:
                if attr.startswith("__"):
                    raise AttributeError(attr)
                proxies.append(_Proxy(_mod, attr))
                return proxies[-1]
            stub.__getattr__ = getattr_  # type: ignore[method-assign]
        stubs[name] = stub
    try:
        mods.update(stubs)
        module = importlib.import_module(TRAVERSAL)
    finally:
        for name, stub in stubs.items():
            if mods.get(name) is stub:
                del mods[name]
        top = mods.get("scipy")
        if top is not None and vars(top).get("sparse") is stubs["scipy.sparse"]:
            delattr(top, "sparse")  # (vars: scipy's __getattr__ would import the real one)
    for p in proxies:
        p.into = vars(module)
    return module


_components: Any = None


def weak_components() -> Any:
    """``labels(n, out_idx, out_ptr, in_idx, in_ptr)``: the weakly connected component of
    every node of a graph given as its CSR rows both ways (out-edges and in-edges, int32),
    as int32 labels (scipy's compiled search), or None without scipy or if its private
    function is not the one expected (checked on a small graph)."""
    global _components
    if _components is None:
        _components = False
        try:
            trav = traversal_module()
            cc = getattr(trav, "_connected_components_undirected", None) if trav else None
        except Exception:  # noqa: BLE001 - any failure: no compiled labelling
            cc = None
        if cc is not None:
            def labels(n: int, out_idx: Any, out_ptr: Any, in_idx: Any, in_ptr: Any) -> Any:
                lab = np.empty(n, dtype=np.int32)
                cc(*(np.ascontiguousarray(a, dtype=np.int32)
                     for a in (out_idx, out_ptr, in_idx, in_ptr)), lab)
                return lab
            if _labels_work(labels):
                _components = labels
    return _components or None


def _labels_work(labels: Any) -> bool:
    """The labelling gives one label per weakly connected component on a small graph."""
    try:
        # 0->1, 1->2, 3->4, 6->7, 7->6; node 5 alone
        out_ptr = np.array([0, 1, 2, 2, 3, 3, 3, 4, 5])
        out_idx = np.array([1, 2, 4, 7, 6])
        in_ptr = np.array([0, 0, 1, 2, 2, 3, 3, 4, 5])
        in_idx = np.array([0, 1, 3, 7, 6])
        lab = labels(8, out_idx, out_ptr, in_idx, in_ptr)
    except Exception:  # noqa: BLE001
        return False
    return lab.tolist() == [0, 0, 0, 1, 1, 2, 3, 3]
