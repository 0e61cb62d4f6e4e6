"""A study of held-out paired programs on a Dask LocalCluster of two worker processes gives
exactly the store of a local run."""

from __future__ import annotations

import sqlite3

from profkit.cli import main
from profkit.study.store import TABLES

from .conftest import HELDOUT, write_study

HELD = f"""
[study]
name = "heldout"
corpus = "{HELDOUT}"
programs = ["*"]
backends = ["stg", "mlworks"]
timeout = 120
[params]
interval = [0.0002]
[schemes.full]
flags = ["-fprof-auto"]
rts = ["-pj", "-hc"]
space = true
"""


def _dump(path) -> dict:
    db = sqlite3.connect(path)
    out = {}
    for t in TABLES:
        cols = [r[1] for r in db.execute(f"PRAGMA table_info({t})")
                if r[1] not in ("wall_seconds", "cpu_seconds")]
        out[t] = sorted(db.execute(f"SELECT {', '.join(cols)} FROM {t}").fetchall(),
                        key=repr)
    return out


def test_local_cluster_equals_local_run(tmp_path, capsys):
    from distributed import LocalCluster

    f = write_study(tmp_path, HELD)
    local, remote = tmp_path / "local", tmp_path / "remote"
    assert main(["study", str(f), "--outdir", str(local), "-q"]) == 0
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        assert main(["study", str(f), "--outdir", str(remote), "-q",
                     "--scheduler", cluster.scheduler_address]) == 0
    out = capsys.readouterr().out
    assert out.count("4 cells: 4 run (0 failed)") == 2
    a, b = _dump(local / "results.sqlite"), _dump(remote / "results.sqlite")
    assert len(a["runs"]) == 4 and all(r[a_status(local)] == "ok" for r in a["runs"])
    assert a["functions"] and a["census"] and a["space_functions"] and a["collections"]
    assert a == b
    # the reports themselves are byte-identical too
    for cell in (local / "cells").iterdir():
        for rep in cell.iterdir():
            if rep.name != "cell.json":
                assert rep.read_bytes() == (remote / "cells" / cell.name / rep.name).read_bytes()


def a_status(study_dir) -> int:
    db = sqlite3.connect(study_dir / "results.sqlite")
    names = [r[1] for r in db.execute("PRAGMA table_info(runs)")
             if r[1] not in ("wall_seconds", "cpu_seconds")]
    return names.index("status")


def test_unreachable_scheduler_is_a_usage_error(tmp_path, capsys):
    f = write_study(tmp_path, HELD.replace('programs = ["*"]', 'programs = ["fact"]'))
    assert main(["study", str(f), "--outdir", str(tmp_path / "o"), "-q",
                 "--scheduler", "tcp://127.0.0.1:9", "--connect-timeout", "1"]) == 2
    assert "cannot reach the Dask scheduler" in capsys.readouterr().err
