"""The bundled studies resolve by name, and the demo's worked study writes its page."""

from __future__ import annotations

import io
import os
import re

from profkit.cli import main
from profkit.study import corpus
from profkit.study.demo import STUDIES_DIR, demo_study
from profkit.study.execute import run_study
from profkit.study.spec import bundled_studies, load_study


def test_bundled_basic_study_covers_the_corpus(capsys):
    assert {"basic", "demo"} <= set(bundled_studies())
    st = load_study("basic")
    assert st.programs == corpus.programs()
    assert main(["study", "basic", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 * len(corpus.programs())
    assert all(re.match(r"[0-9a-f]{20}  ", ln) for ln in lines)


def test_demo_study_writes_a_comparison_page(tmp_path, capsys):
    # the demo's code path on a two-cell study (the bundled demo.toml has eight cells)
    f = tmp_path / "d.toml"
    f.write_text(open(os.path.join(STUDIES_DIR, "demo.toml")).read()
                 .replace('programs = ["leak", "sieve", "tree", "strings"]',
                          'programs = ["nfib"]'))
    lines: list[str] = []
    assert demo_study(str(tmp_path), lines, str(f)) == 0
    page = tmp_path / "study" / "compare.html"
    assert page.exists() and "heap-profile" in page.read_text()
    assert "Geometric Mean" in capsys.readouterr().out
    assert lines and "2 cells, 0 failed" in lines[0]
    assert os.path.exists(tmp_path / "study" / "results.sqlite")


def test_progress_lines_when_not_a_terminal(tmp_path):
    (tmp_path / "s.toml").write_text(
        '[study]\nprograms = ["nfib"]\nbackends = ["stg"]\n[params]\ninterval = [0.1, 0.2]\n')
    buf = io.StringIO()
    run_study(load_study(str(tmp_path / "s.toml")), str(tmp_path / "o"), progress=buf)
    out = buf.getvalue().splitlines()
    assert len(out) == 2 and out[-1].startswith("[" + "#" * 30 + "] 2/2 ok")
