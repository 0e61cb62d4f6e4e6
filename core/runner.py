"""Run one program under the selected schemes: the body of ``profkit run``."""

from __future__ import annotations

import os
import sys
from typing import Any, Iterable, TextIO

from .errors import GuestRuntimeError, UsageError
from .options import Config
from .session import Session


def run(
    config: Config,
    *,
    plugins: Iterable[Any] = (),
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    load_entrypoints: bool = True,
) -> int:
    """Compile and run ``config.program``; return its exit status.

    Compile errors and bad options raise before anything runs. A runtime error of the guest
    program is printed on ``stderr`` as the real system would print it; reports collected up
    to that point are still written.
    """
    stderr = stderr if stderr is not None else sys.stderr
    if not os.path.isfile(config.program):
        raise UsageError(f"{config.program}: no such file")
    session = Session(config, plugins, load_entrypoints=load_entrypoints, stdout=stdout)
    backend = session.hook.profkit_make_backend(config=config, path=config.program)
    if backend is None:
        raise UsageError(f"{config.program}: no backend runs this kind of file (.hs or .sml)")
    session.backend = backend
    backend.load(session)
    os.makedirs(config.outdir, exist_ok=True)
    session.session_start()
    status = 1
    try:
        status = backend.run(session)
    except GuestRuntimeError as e:
        session.stdout.flush()
        print(e.one_line(), file=stderr)
        status = e.exit_code
    finally:
        # Reports are written even when the program (or profkit) fails half-way.
        backend.shutdown(session)
        session.run_end()
        session.finish(status)
        session.stdout.flush()
    return status
