"""Compile a Haskell-subset program with the front end and run it on the STG machine
(helpers for the front-end tests)."""

from __future__ import annotations

import io
from dataclasses import dataclass

from profkit.backends.stg.backend import StgBackend
from profkit.backends.stg.frontend.pipeline import compile_program
from profkit.options import Config
from profkit.session import Session


@dataclass
class HsRun:
    stdout: str
    error: Exception | None


def run_haskell(source: str, filename: str = "t.hs", *, prof_auto: str | None = None,
                max_steps: int | None = None) -> HsRun:
    prog = compile_program(source, filename, prof_auto=prof_auto)
    out = io.StringIO()
    cfg = Config(program=filename)
    if max_steps is not None:
        cfg.max_steps = max_steps
    session = Session(cfg, [], load_entrypoints=False, stdout=out)
    backend = StgBackend(cfg, filename)
    session.backend = backend
    backend.load_program(session, prog)
    error: Exception | None = None
    try:
        backend.run(session)
    except Exception as e:  # noqa: BLE001 - the tests look at it
        error = e
    backend.shutdown(session)
    session.run_end()
    return HsRun(out.getvalue(), error)
