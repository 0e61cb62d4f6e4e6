"""docs/writing-schemes.md works as written: its scheme, its tests and its first example run,
on both backends, with nothing but the public API; the README points to it."""

from __future__ import annotations

import re
import sys
import types

import numpy as np
import pytest

from profkit.testing import profkit_run  # noqa: F401  (the fixture the tutorial uses)
from tests.conftest import REPO

GUIDE = (REPO / "docs" / "writing-schemes.md").read_text()
BLOCKS = re.findall(r"```python\n(.*?)```", GUIDE, re.S)


def _block(start: str) -> str:
    (code,) = [b for b in BLOCKS if b.startswith(start)]
    return code


@pytest.fixture
def survival(monkeypatch):
    module = types.ModuleType("survival")
    exec(compile(_block('"""survival:'), "writing-schemes.md:survival.py", "exec"),
         module.__dict__)
    monkeypatch.setitem(sys.modules, "survival", module)
    monkeypatch.chdir(REPO)  # the guide's paths are relative to the repository
    return module


def test_the_guide_scheme_and_its_tests_run(survival, tmp_path, profkit_run):
    ns: dict = {}
    exec(compile(_block("import survival"), "writing-schemes.md:tests", "exec"), ns)
    ns["test_promoted_bytes"](tmp_path)
    ns["test_both_backends"](profkit_run)


def test_the_guide_scheme_reports_promotions_on_both_backends(survival, profkit_run):
    for prog, flags in (("examples/nfib.hs", []),
                        ("examples/records.sml", ["--creation-space", "8k"])):
        r = profkit_run(prog, plugins=[survival], flags=flags, rts=["-A8k"],
                        options={"survival.enable": True, "survival.top": 0})
        (scheme,) = r.schemes(survival.Survival)
        copies = r.events.rows("copy")
        up = copies[copies["to_gen"] > copies["from_gen"]]
        assert scheme.promoted.sum() == int(up["size_words"].sum()) * r.session.word_bytes > 0
        lines = r.report(".survival").splitlines()
        assert len(lines) - 1 == int(np.count_nonzero(scheme.allocated))


def test_the_first_example_runs(monkeypatch, capsys):
    monkeypatch.chdir(REPO)
    exec(compile(_block("import numpy as np\nfrom profkit import hookimpl\nfrom profkit.testing"),
                 "writing-schemes.md:first", "exec"), {})
    out = capsys.readouterr().out.split()
    assert out[0] == "4181" and int(out[1]) > 0


def test_the_options_block_declares_what_the_scheme_declares(survival):
    ns: dict = {}
    exec(compile(_block("from profkit import Option"), "writing-schemes.md:opts", "exec"), ns)
    assert list(ns["PROFKIT_OPTIONS"].options) == list(survival.PROFKIT_OPTIONS.options)


def test_readme_points_scheme_authors_to_the_guide():
    readme = (REPO / "README.md").read_text()
    section = readme.split("## Writing a profiling scheme")[1].split("\n## ")[0]
    assert "docs/writing-schemes.md" in section and "profkit schemes" in section
