"""``bench/bench_memory.py --runs``: every run it measures has GHC's figure beside it (issue
13 item 3: the maximum resident set within 3x of GHC's -prof binary's), and prints it."""

from __future__ import annotations

import importlib.util

from tests.conftest import REPO


def _bench():
    spec = importlib.util.spec_from_file_location("bench_memory", REPO / "bench" /
                                                  "bench_memory.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def test_every_run_has_ghc_figure():
    bench = _bench()
    ghc, opts = bench.ghc_figures()
    names = [name for name, _, _ in bench.RUNS]
    assert set(names) == set(ghc)
    assert all(0 < ghc[n] < 1000 for n in names)
    assert set(opts) <= set(names)
    assert {"sort_heap, -hc -i0.001", "sort_heap, -hr -i0.001", "sort_heap, -hb -i0.001",
            "sort_heap, -hy -i0.001", "sort_heap, -hc -i0.05",
            "nfib 30, -p", "mean_leak, -hc -i0.01", "mean_leak, -hr -i0.01"} <= set(names)


def test_runs_print_the_ratio_to_ghc(capsys, monkeypatch):
    bench = _bench()
    monkeypatch.setattr(bench, "timed_run", lambda path, rts, pp: (93.0, 1.5))
    bench.runs(1, "", only="sort_heap, -hc -i0.001")
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[-3:] == ["GHC", "x", "GHC"]  # (the columns "GHC" and "x GHC")
    (row,) = out[1:]
    ghc = bench.ghc_figures()[0]["sort_heap, -hc -i0.001"]
    assert row.startswith("sort_heap, -hc -i0.001") and "93.0 MB" in row
    assert row.endswith(f"{ghc:7.1f} MB {93.0 / ghc:5.2f}x")
