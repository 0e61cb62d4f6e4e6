"""scipy's sparse-graph search for the collectors' marking (the ``fast`` extra), imported on
first use: importing scipy costs about a quarter of a second, which programs whose heaps
never grow large should not pay. Both backends' collector models search their heap graphs
with it above a size, and in Python below it or without scipy (the same marks).

    load() -> (csr_matrix, breadth_first_order) | None     imports scipy once
    available() -> bool                                    installed? (without importing)
"""

from __future__ import annotations

import importlib.util
from typing import Any

_loaded: tuple[Any, Any] | None = None
_tried = False


def load() -> tuple[Any, Any] | None:
    """scipy's ``csr_matrix`` and ``breadth_first_order``, or None without scipy."""
    global _loaded, _tried
    if not _tried:
        _tried = True
        try:
            from scipy.sparse import csr_matrix
            from scipy.sparse.csgraph import breadth_first_order
        except ImportError:  # pragma: no cover - exercised where scipy is absent
            return None
        _loaded = (csr_matrix, breadth_first_order)
    return _loaded


def available() -> bool:
    """Whether scipy can be used (without importing it if it was not yet)."""
    if _tried:
        return _loaded is not None
    return importlib.util.find_spec("scipy") is not None
