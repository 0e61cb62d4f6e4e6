"""An MLWorks-format space report for a Haskell program (issue 8, item 5): the scheme runs on
the STG backend with the allocating cost centres as the functions."""

from __future__ import annotations

import io
import pathlib
import re

from profkit.options import parse_run_args
from profkit.runner import run

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"


def test_haskell_program_gets_an_mlworks_space_report(tmp_path):
    report = tmp_path / "space.txt"
    out = io.StringIO()
    status = run(parse_run_args([
        "--outdir", str(tmp_path), "-fprof-auto", str(EXAMPLES / "mean_leak.hs"),
        "--profile", str(report), "--profile-manner", str(4 + 8 + (0xFF << 8)),
        "+RTS", "-A64k", "-RTS"]), stdout=out)
    assert status == 0 and out.getvalue() == "100000.5\n"
    lines = report.read_text().splitlines()
    assert lines[0] == "MLWorks profiler report"
    assert lines[4] == "-" * 57 and lines[-1] == "-" * 57
    assert lines[5] == "MLWorks space profile"
    collections = int(re.fullmatch(r"(\d+) collections", lines[7]).group(1))
    assert collections > 10  # a 64k nursery collects often
    assert lines[8] == "functions profiled : 2"
    assert lines[10] == "       alloc      copied  name"
    rows = {}
    for line in lines:
        m = re.fullmatch(r"\s*(\d+)\s+(\d+)  (.+)", line)
        if m:
            rows[m.group(3)] = (int(m.group(1)), int(m.group(2)))
    assert set(rows) == {"total profiled", "main", "mean"}
    # the total is the sum of the functions, and everything the list holds was copied
    assert rows["total profiled"][0] == rows["main"][0] + rows["mean"][0]
    assert rows["total profiled"][1] == rows["main"][1] + rows["mean"][1] > 0
