"""The README's promises: exactly two quick-start commands, and a scheme example that runs."""

from __future__ import annotations

import io
import pathlib
import re
import types

import numpy as np

from profkit.options import parse_run_args
from profkit.runner import run

ROOT = pathlib.Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def test_quick_start_has_exactly_two_commands_and_ci_runs_the_second():
    block = re.search(r"## Quick start\n\n```\n(.*?)```", README, re.S).group(1)
    commands = [c for c in block.splitlines() if c.strip()]
    assert len(commands) == 2
    assert "demo" in commands[0] and "pytest" in commands[1]
    assert commands[1] in (ROOT / ".ci" / "run").read_text()


def test_the_scheme_example_runs_and_counts_every_allocated_byte(tmp_path):
    code = re.search(r"```python\n(.*?)```", README, re.S).group(1)
    module = types.ModuleType("readme_scheme")
    exec(compile(code, "README.md", "exec"), module.__dict__)
    made = []

    class Capture:
        @module.hookimpl
        def profkit_add_schemes(self, config):
            got = module.profkit_add_schemes(config)
            made.extend(got or [])
            return got

    cfg = parse_run_args(["--outdir", str(tmp_path), "-p", "alloc.by_producer=1",
                          str(ROOT / "examples" / "nfib.hs")])
    sessions = []

    class Grab:
        @module.hookimpl
        def profkit_session_finish(self, session):
            sessions.append(session)

    out = io.StringIO()
    assert run(cfg, plugins=[Capture(), Grab()], stdout=out) == 0
    (scheme,) = made
    header = sessions[0].header
    assert scheme.bytes.sum() == int(np.asarray(header.size_words).sum()) * 8 > 0
