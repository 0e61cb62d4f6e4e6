"""``profkit demo``'s per-example part: every mode of an SML example runs and writes the
reports a user then opens (the worked study has its own test in tests/study)."""

from __future__ import annotations

import shutil

from profkit import demo as D
from profkit.plugins.hpfile import read_hp
from profkit.plugins.prof_read import read_profile

from tests.conftest import REPO


def test_demo_runs_every_sml_mode_and_writes_its_reports(tmp_path, monkeypatch, capsys):
    import profkit.study.demo as study_demo

    monkeypatch.setattr(study_demo, "demo_study", lambda outdir, lines: 0)
    ex = tmp_path / "ex"
    ex.mkdir()
    shutil.copy(REPO / "examples" / "records.sml", ex / "records.sml")
    out = tmp_path / "out"
    assert D.demo([str(ex), str(out)]) == 0
    index = (out / "index.txt").read_text().splitlines()
    assert [ln.split()[1] for ln in index] == [m for m, _, _ in D.SML_MODES]
    assert all(ln.split()[2] == "ok" for ln in index), index
    d = out / "records"
    assert "MLWorks profiler report" in (d / "time" / "time.txt").read_text()
    assert "MLWorks space profile" in (d / "space" / "space.txt").read_text()
    for mode in ("p", "pj"):
        assert read_profile(str(d / mode / "records.prof")).total_alloc > 0
    for mode in ("hc", "hd", "hy", "hb", "hr"):
        assert read_hp(str(d / mode / "records.hp")).samples, mode
