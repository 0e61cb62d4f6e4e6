"""Resuming a study, and cells that fail or time out while the others go on."""

from __future__ import annotations

import shutil
import sqlite3

from profkit.cli import main
from profkit.study.execute import cell_dir, run_study
from profkit.study.spec import load_study

from tests.conftest import sigint_default

from .conftest import write_study

SMALL = """
[study]
name = "small"
corpus = "corp"
programs = ["ok", "bad"]
backends = ["stg"]
timeout = 60
[schemes.p]
rts = ["-pj"]
"""


def _corpus(tmp_path):
    d = tmp_path / "corp"
    d.mkdir()
    (d / "ok.hs").write_text("main = print (sum [1 .. 10])\n")
    (d / "ok.stdout").write_text("55\n")
    (d / "bad.hs").write_text("main = print (\n")
    (d / "wrong.hs").write_text("main = print 1\n")
    (d / "wrong.stdout").write_text("2\n")
    return d


def test_failures_are_recorded_and_the_rest_goes_on(tmp_path):
    _corpus(tmp_path)
    f = write_study(tmp_path, SMALL.replace('["ok", "bad"]', '["ok", "bad", "wrong"]'))
    out = tmp_path / "out"
    s = run_study(load_study(str(f)), str(out))
    assert (s["ran"], s["failed"]) == (3, 1)
    assert s["wrong_output"] == ["wrong stg"]
    db = sqlite3.connect(out / "results.sqlite")
    rows = dict((p, (st, e)) for p, st, e in db.execute("SELECT program, status, error FROM runs"))
    assert rows["ok"][0] == "ok" and rows["wrong"][0] == "ok"
    assert dict(db.execute("SELECT program, output_ok FROM runs")) == {
        "ok": 1, "wrong": 0, "bad": None}
    assert rows["bad"][0] == "failed" and "bad.hs:" in rows["bad"][1] and "error" in rows["bad"][1]
    # done cells (failed ones included) are skipped; --retry-failed runs the failed one again
    s = run_study(load_study(str(f)), str(out))
    assert (s["ran"], s["skipped"]) == (0, 3)
    s = run_study(load_study(str(f)), str(out), retry_failed=True)
    assert (s["ran"], s["skipped"], s["failed"]) == (1, 2, 1)


def test_timeout(tmp_path):
    _corpus(tmp_path)
    f = write_study(tmp_path, SMALL.replace('programs = ["ok", "bad"]', 'programs = ["ok"]')
                    .replace("timeout = 60", "timeout = 0.05"))
    out = tmp_path / "out"
    s = run_study(load_study(str(f)), str(out))
    assert s["failed"] == 1
    st, err = sqlite3.connect(out / "results.sqlite").execute(
        "SELECT status, error FROM runs").fetchone()
    assert st == "timeout" and "timed out" in err


def test_resume_runs_only_the_missing_cells(tmp_path, capsys):
    _corpus(tmp_path)
    f = write_study(tmp_path, SMALL.replace('programs = ["ok", "bad"]', 'programs = ["ok"]')
                    .replace('backends = ["stg"]', 'backends = ["stg"]\njobs = 1')
                    .replace('[schemes.p]', '[params]\ninterval = [0.1, 0.2]\n[schemes.p]'))
    out = tmp_path / "out"
    assert main(["study", str(f), "--outdir", str(out), "-q"]) == 0
    assert "2 cells: 2 run (0 failed)" in capsys.readouterr().out
    study = load_study(str(f))
    cells = study.cells()
    db = sqlite3.connect(out / "results.sqlite")
    before = db.execute("SELECT key, alloc_bytes, virtual_time FROM runs ORDER BY key").fetchall()
    # a study killed half-way: one cell never finished, another finished but was not loaded
    shutil.rmtree(cell_dir(str(out), cells[0]))
    with db:
        db.execute("DELETE FROM runs WHERE key IN (?, ?)", (cells[0].key, cells[1].key))
    s = run_study(study, str(out))
    assert (s["ran"], s["skipped"]) == (1, 1)
    after = db.execute("SELECT key, alloc_bytes, virtual_time FROM runs ORDER BY key").fetchall()
    assert after == before
    # an edited program is a new cell
    (tmp_path / "corp" / "ok.hs").write_text("main = print (sum [1 .. 11])\n")
    s = run_study(load_study(str(f)), str(out))
    assert s["ran"] == 2
    # the store holds the study's current matrix only; the old cells' directories stay
    assert db.execute("SELECT COUNT(*) FROM runs").fetchone()[0] == 2
    assert len(list((out / "cells").iterdir())) == 4
    capsys.readouterr()
    assert main(["compare", str(out), "--metric", "alloc", "--csv"]) == 0
    rows = [r for r in capsys.readouterr().out.splitlines() if r.startswith("alloc,ok,")]
    assert len(rows) == 2
    # back to the first version: its cells are loaded from their directories, not run
    (tmp_path / "corp" / "ok.hs").write_text("main = print (sum [1 .. 10])\n")
    s = run_study(load_study(str(f)), str(out))
    assert (s["ran"], s["skipped"]) == (0, 2)
    after = db.execute("SELECT key, alloc_bytes, virtual_time FROM runs ORDER BY key").fetchall()
    assert after == before


def test_cli_errors(tmp_path, capsys):
    assert main(["study"]) == 2
    assert "no study file" in capsys.readouterr().err
    assert main(["study", str(tmp_path / "none.toml")]) == 2
    assert main(["compare", str(tmp_path)]) == 2
    assert "results.sqlite" in capsys.readouterr().err


def test_interrupted_study_resumes_with_the_missing_cells(tmp_path):
    """A real Ctrl-C of `profkit study` after its first cell, then a rerun."""
    import os
    import signal
    import subprocess
    import sys
    import time

    _corpus(tmp_path)
    f = write_study(tmp_path, SMALL.replace('programs = ["ok", "bad"]', 'programs = ["ok"]')
                    .replace('[schemes.p]', '[params]\ninterval = [0.1, 0.2, 0.3, 0.4]\n'
                             '[schemes.p]'))
    out = tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "-m", "profkit", "study", str(f), "--outdir",
                             str(out), "-j", "1", "-q"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=sigint_default)
    cells = out / "cells"
    while proc.poll() is None and not (
            cells.is_dir() and any(not n.endswith(".partial") for n in os.listdir(cells))):
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=60)
    done = len([n for n in os.listdir(cells) if not n.endswith(".partial")])
    assert proc.returncode == 130 and 1 <= done < 4, (proc.returncode, done)
    s = run_study(load_study(str(f)), str(out))
    assert (s["ran"], s["skipped"], s["failed"]) == (4 - done, done, 0)
    db = sqlite3.connect(out / "results.sqlite")
    assert db.execute("SELECT COUNT(*) FROM runs WHERE status = 'ok'").fetchone()[0] == 4
