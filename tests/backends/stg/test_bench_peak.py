"""``bench/bench_census.py --peak``: a run under tracemalloc that prints the allocation sites
at the highest traced memory seen on entry to the collector's phases."""

from __future__ import annotations

import importlib.util

from tests.conftest import REPO

SOURCE = "main :: IO ()\nmain = print (length (show [1 .. 3000 :: Int]))\n"


def test_peak_reports_the_sites_at_the_highest_point(tmp_path, capsys, monkeypatch):
    spec = importlib.util.spec_from_file_location("bench_census", REPO / "bench" /
                                                  "bench_census.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    monkeypatch.setattr(bench, "PEAK_STEP", 1)
    prog = tmp_path / "small.hs"
    prog.write_text(SOURCE)
    bench.run_peak([str(prog), "-hc", "-i0.0005"], top=5)
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("on entry to StgHeapModel.") and "MB traced" in err[0]
    assert len(err) == 7 and all(" blocks  " in line for line in err[1:6])
    assert err[-1].startswith("traced peak ")
    from profkit.backends.stg.heap.gc import StgHeapModel
    from profkit.backends.stg.heap.oldgraph import OldGraph

    assert not hasattr(StgHeapModel.census, "__wrapped__")  # the phases as they were
    assert not hasattr(OldGraph._search_c, "__wrapped__")
