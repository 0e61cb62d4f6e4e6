"""profkit: a profiler framework for functional-language runtimes.

The names a scheme author needs are importable from here (``from profkit import Scheme,
hookimpl, Option, PluginOptions, info_name, stack_text, ...``); see ``profkit.scheme`` and
``docs/writing-schemes.md``. They are loaded on first use, so ``import profkit`` stays cheap
for the command line.
"""

from __future__ import annotations

from typing import Any

# name -> submodule that defines it
_EXPORTS = {
    "hookimpl": "hookspecs",
    "hookspec": "hookspecs",
    "ObjKind": "kinds",
    "UsageError": "errors",
    "Option": "plugin_options",
    "OptionValues": "plugin_options",
    "PluginOptions": "plugin_options",
    **{n: "scheme" for n in (
        "Scheme", "InfoName", "ObjectColumn", "info_name", "info_names", "info_kind",
        "info_description", "kind_name", "stack_names", "stack_text", "output_dir",
        "output_path", "program_name")},
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    mod = _EXPORTS.get(name)
    if mod is None:
        raise AttributeError(f"module 'profkit' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{mod}"), name)
    globals()[name] = value
    return value
