"""The hook reference, generated from the hookspec docstrings (``profkit hooks``).

Hot hooks document their batch columns in their docstrings as ``- ``name`` (type): ...``
lines; ``batch_dtypes`` gives the dtypes the session actually delivers, and
``documented_columns`` reads the documented ones back, so a test keeps the two equal.
"""

from __future__ import annotations

import inspect
import re

import numpy as np

from . import hookspecs

_COLUMN = re.compile(r"^\s*- ``(\w+)`` \((\w+)\):", re.M)


def hook_names() -> list[str]:
    return [n for n in dir(hookspecs) if n.startswith("profkit_")]


def batch_dtypes() -> dict[str, np.dtype]:
    """The structured dtype of each hot hook's ``batch``, by hook name."""
    from .events import COPY_DTYPE, DEATH_DTYPE, UPDATE_DTYPE, USE_DTYPE
    from .header import ALLOC_DTYPE

    return {
        "profkit_alloc": ALLOC_DTYPE,
        "profkit_use": USE_DTYPE,
        "profkit_update": UPDATE_DTYPE,
        "profkit_copy": COPY_DTYPE,
        "profkit_death": DEATH_DTYPE,
    }


def documented_columns(name: str) -> list[tuple[str, str]]:
    """``(column, type)`` pairs a hook's docstring documents, in order."""
    doc = inspect.getdoc(getattr(hookspecs, name)) or ""
    return _COLUMN.findall(doc)


def dtype_columns(dtype: np.dtype) -> list[tuple[str, str]]:
    """``(column, type)`` pairs of a structured dtype, as the docstrings write them."""
    return [(n, dtype.fields[n][0].name) for n in dtype.names]


def hook_reference() -> str:
    out = ["# profkit hooks", "", inspect.cleandoc(hookspecs.__doc__ or ""), ""]
    dtypes = batch_dtypes()
    for name in hook_names():
        fn = getattr(hookspecs, name)
        sig = inspect.signature(fn)
        out.append(f"## {name}{sig}")
        out.append("")
        out.append(inspect.cleandoc(fn.__doc__ or ""))
        if name in dtypes:
            cols = ", ".join(f"{n}: {t}" for n, t in dtype_columns(dtypes[name]))
            out.append("")
            out.append(f"    batch.dtype: {cols}")
        out.append("")
    return "\n".join(out)
