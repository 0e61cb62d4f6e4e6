"""Shared fixtures of the study tests: one small study run once per test session."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

HERE = Path(__file__).parent

# Cells are keyed by profkit's version, which includes a fingerprint of the runtimes' source;
# pin it so that a test's reruns and its Dask workers agree even if the tree changes meanwhile
# (test_spec checks the fingerprint itself).
os.environ.setdefault("PROFKIT_STUDY_VERSION", "0+tests")
HELDOUT = HERE / "heldout"

TINY = """
[study]
name = "tiny"
programs = ["nfib", "leak"]
backends = ["stg", "mlworks"]
timeout = 120
jobs = 2

[params]
nursery = ["256k"]
interval = [0.0002]

[schemes.full]
flags = ["-fprof-auto"]
rts = ["-pj", "-hc", "-hb"]
space = true
"""


def write_study(dir: Path, text: str, name: str = "study.toml") -> Path:
    p = dir / name
    p.write_text(text)
    return p


@pytest.fixture(scope="session")
def tiny_study(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict]:
    """(study file, study dir, run summary) of the tiny study, run once."""
    from profkit.study.execute import run_study
    from profkit.study.spec import load_study

    d = tmp_path_factory.mktemp("tiny")
    f = write_study(d, TINY)
    out = d / "tiny-study"
    summary = run_study(load_study(str(f)), str(out))
    return f, out, summary


def chromium() -> str:
    path = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not os.path.exists(path):
        pytest.fail(f"{path} is missing: install Debian's chromium (apt-get install -y "
                    "chromium) to check the study page in a real browser")
    return path
