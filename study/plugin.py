"""Entry point of the study package: the ``study`` and ``compare`` subcommands and the
``gcstats`` scheme. Imported by every ``profkit run`` (all entry points are), so it imports
nothing heavy at module level."""

from __future__ import annotations

from typing import Any

from profkit.hookspecs import hookimpl
from profkit.plugin_options import Option, PluginOptions

# ``-p gcstats.file=PATH`` selects the gcstats scheme (``profkit schemes``)
PROFKIT_OPTIONS = PluginOptions(
    "gcstats",
    Option("file", str, "", "write the collector's statistics as JSON to this file"),
    help="collector statistics per generation, as JSON (profkit study)",
)


@hookimpl
def profkit_add_schemes(config: Any) -> list[Any] | None:
    from .gcstats import OPTION, make_schemes

    if OPTION not in config.plugin_options:
        return None
    return make_schemes(config)


@hookimpl
def profkit_cli_command(name: str, argv: list[str]) -> int | None:
    if name == "study":
        from .execute import study_main

        return study_main(argv)
    if name == "compare":
        from .compare_cli import compare_main

        return compare_main(argv)
    return None
