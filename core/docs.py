"""The hook reference, generated from the hookspec docstrings (``profkit hooks``)."""

from __future__ import annotations

import inspect

from . import hookspecs


def hook_names() -> list[str]:
    return [n for n in dir(hookspecs) if n.startswith("profkit_")]


def hook_reference() -> str:
    out = ["# profkit hooks", ""]
    for name in hook_names():
        fn = getattr(hookspecs, name)
        sig = inspect.signature(fn)
        out.append(f"## {name}{sig}")
        out.append("")
        out.append(inspect.cleandoc(fn.__doc__ or ""))
        out.append("")
    return "\n".join(out)
