"""profkit: a profiler framework for functional-language runtimes.

The names a scheme author needs are importable from here (``from profkit import Scheme,
hookimpl, Option, PluginOptions, info_name, stack_text, ...``); see ``profkit.scheme`` and
``docs/writing-schemes.md``. They are loaded on first use, so ``import profkit`` stays cheap
for the command line.
"""

from __future__ import annotations

import os as _os
import signal as _signal
import sys as _sys
from typing import Any


def _interrupted_while_starting(signum: int, frame: Any) -> None:
    """Ctrl-C while the command line is still importing (numpy, pluggy, the plugins: the
    first few hundred milliseconds) has no reports to write: say so and exit 130, not a
    KeyboardInterrupt traceback from the middle of an import. ``cli.main`` puts Python's
    own handler back once it runs."""
    try:
        _os.write(2, b"profkit: interrupted\n")
    finally:
        _os._exit(130)


# the `profkit` console script, or `python -m profkit` (argv[0] is "-m" while runpy imports)
if _sys.argv and _os.path.basename(_sys.argv[0]) in ("profkit", "-m") and \
        _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    _signal.signal(_signal.SIGINT, _interrupted_while_starting)

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
