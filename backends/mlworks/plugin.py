"""The MLWorks backend as a profkit plugin: ``.sml`` programs (or ``--backend mlworks``)."""

from __future__ import annotations

from profkit.hookspecs import hookimpl


@hookimpl
def profkit_make_backend(config, path):
    if config.backend == "mlworks" or (config.backend is None and path.endswith(".sml")):
        from .backend import MLWorksBackend

        return MLWorksBackend()
    return None
