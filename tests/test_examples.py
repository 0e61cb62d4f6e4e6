"""The bundled examples run on their backends and print what GHC / Poly/ML print for them
(the .stdout files were made with GHC 9.0.2 and Poly/ML 5.7.1)."""

from __future__ import annotations

import io
import pathlib

import pytest

from profkit.options import parse_run_args
from profkit.runner import run

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"
PROGRAMS = sorted(p for p in EXAMPLES.iterdir() if p.suffix in (".hs", ".sml"))


def test_every_example_has_its_expected_output():
    assert PROGRAMS
    for p in PROGRAMS:
        assert p.with_suffix(".stdout").exists(), p


@pytest.mark.parametrize("prog", PROGRAMS, ids=lambda p: p.name)
def test_example_prints_the_reference_output(prog, tmp_path):
    out = io.StringIO()
    status = run(parse_run_args(["--outdir", str(tmp_path), str(prog)]), stdout=out)
    assert status == 0
    assert out.getvalue() == prog.with_suffix(".stdout").read_text()
