"""The paired corpus: every program runs on its backend and each pair prints the same output
(the committed .stdout)."""

from __future__ import annotations

import io
import os
import re

import pytest

from profkit.options import parse_run_args
from profkit.runner import run
from profkit.study import corpus

PROGRAMS = corpus.programs()


def test_corpus_has_at_least_eight_pairs():
    assert len(PROGRAMS) >= 8
    for p in PROGRAMS:
        assert os.path.exists(corpus.source_path(p, "stdout")), p


def _run(path: str) -> str:
    out = io.StringIO()
    status = run(parse_run_args(["--outdir", "/nonexistent-unused", path]), stdout=out)
    assert status == 0, path
    return out.getvalue()


@pytest.mark.parametrize("prog", PROGRAMS)
def test_pair_prints_the_same(prog, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    hs = _run(corpus.source_path(prog, "hs"))
    sml = _run(corpus.source_path(prog, "sml"))
    with open(corpus.source_path(prog, "stdout")) as f:
        expected = f.read()
    assert hs == expected
    assert sml == expected
    assert expected.strip()


def test_name_map_names_exist():
    m = corpus.name_map()
    assert m, "names.toml maps at least one pair"
    for prog, names in m.items():
        assert prog in PROGRAMS
        sml = open(corpus.source_path(prog, "sml")).read()
        hs = open(corpus.source_path(prog, "hs")).read()
        for ml_name, hs_name in names.items():
            assert re.search(rf"\b(fun|and)\s+{re.escape(ml_name)}\b", sml), (prog, ml_name)
            for part in hs_name.split("."):
                assert re.search(rf"^\s*(where\s+)?{re.escape(part)}\b", hs, re.M), (prog, hs_name)
