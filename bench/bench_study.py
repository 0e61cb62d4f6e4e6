"""A 40-cell study on this machine: parallel efficiency and the store's overhead per cell.

Run: ``python bench/bench_study.py [JOBS]``. Runs 5 corpus programs x 2 runtimes x 2 nursery
sizes x 2 census intervals (``-pj -hc`` and the MLWorks space report) into a temporary
directory with JOBS parallel cells (default: the number of cores), then reruns it (every
cell done: the cost of resuming). Prints the wall time, the sum of the cells' own run times
(each a `profkit run` process, measured in the driver's worker thread) and of their CPU
times (the children's own rusage), the parallel efficiency ``sum / (wall x JOBS)`` by both,
and the store's overhead per cell (writing the cell
directory and loading its reports into SQLite, in the driver).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time

from profkit.study.execute import run_study
from profkit.study.spec import VERSION_ENV, load_study, profkit_version

STUDY = """
[study]
name = "bench"
programs = ["nfib", "sieve", "tree", "strings", "collatz"]
backends = ["stg", "mlworks"]
timeout = 300
[params]
nursery = ["128k", "1m"]
interval = [0.0002, 0.001]
[schemes.heap]
flags = ["-fprof-auto"]
rts = ["-pj", "-hc"]
space = true
"""


def main() -> None:
    jobs = int(sys.argv[1]) if len(sys.argv) > 1 else (os.cpu_count() or 1)
    # one code fingerprint for both runs, even if the source tree is edited meanwhile
    os.environ.setdefault(VERSION_ENV, profkit_version())
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "bench.toml")
        with open(path, "w") as f:
            f.write(STUDY)
        study = load_study(path)
        out = os.path.join(d, "out")
        s = run_study(study, out, jobs=jobs)
        t0 = time.perf_counter()
        again = run_study(study, out, jobs=jobs)
        resume = time.perf_counter() - t0
        size = os.path.getsize(os.path.join(out, "results.sqlite"))
    n = s["ran"]
    print(f"cells: {s['cells']} ({n} run, {s['failed']} failed), jobs: {jobs}, "
          f"cores: {os.cpu_count()}")
    print(f"wall time:                    {s['wall']:8.2f} s")
    print(f"sum of cell run times:        {s['cell_seconds']:8.2f} s "
          f"({s['cell_seconds'] / max(n, 1):.2f} s per cell)")
    print(f"sum of cell CPU times:        {s['cell_cpu_seconds']:8.2f} s "
          f"({s['cell_cpu_seconds'] / max(n, 1):.2f} s per cell)")
    print(f"speed-up (sum of run times / wall):  {s['cell_seconds'] / s['wall']:6.2f}")
    print(f"parallel efficiency (run times / (wall x jobs)): "
          f"{s['cell_seconds'] / (s['wall'] * jobs):6.1%}")
    print(f"CPU efficiency (cell CPU / (wall x jobs)):       "
          f"{s['cell_cpu_seconds'] / (s['wall'] * jobs):6.1%}  "
          "(below the above when other work shares the cores)")
    print(f"store overhead per cell:      {1000 * s['store_seconds'] / max(n, 1):8.1f} ms "
          f"({s['store_seconds'] / s['wall']:.1%} of the wall time, in the driver)")
    print(f"store size:                   {size / 1024:8.0f} KiB")
    print(f"rerun with every cell done:   {resume:8.2f} s ({again['skipped']} skipped)")


if __name__ == "__main__":
    main()
