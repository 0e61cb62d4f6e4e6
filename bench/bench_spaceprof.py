"""MLWorks space profiling: cost of a space-profiled run relative to an unprofiled one.

    python bench/bench_spaceprof.py [--quick] [--arch x86|sparc] [PROGRAM ...]

Split as MLWorks's design doc (design.ml.profiler .how.time.space) splits it:

* ``alloc``: the allocation routines -- patched code calling ml_profile_alloc and its
  records (run with the records dropped at each collection instead of accounted);
* ``gc``: the post-GC space-profile work (reading the record area, classifying, forwarding
  and counting: ``SpaceProfiler.gc_seconds``);
* ``events``: the same run under ``profkit run --profile`` (the runtime's tracker giving
  every object a header row, the profiler labelling them, plugins/mlworks_space.py
  aggregating), i.e. what a user pays from the command line.

All times are CPU seconds (``time.process_time``), best of ``--repeat`` runs.
"""

from __future__ import annotations

from pathlib import Path
import argparse
import io
import os
import time

from profkit import runner
from profkit.backends.mlworks import plugin
from profkit.backends.mlworks.runtime.arch import make_arch
from profkit.backends.mlworks.frontend.pipeline import compile_sml
from profkit.backends.mlworks.runtime.machine import Machine
from profkit.backends.mlworks.profiling.spaceprof import SpaceProfiler
from profkit.options import parse_run_args
from profkit.plugins import mlworks_space

REF = str(Path(__file__).resolve().parents[1] / "tests/reference/sml/programs")


def image(path: str, arch: str):
    prog = compile_sml(open(path, encoding="latin-1").read(), path)
    if arch == "sparc":
        from profkit.backends.mlworks.codegen.sparc import generate
    else:
        from profkit.backends.mlworks.codegen.x86 import generate
    return generate(prog, 0x00100000)


def one(img, arch: str, mode: str) -> tuple[float, float, int]:
    """(cpu seconds, post-GC accounting seconds, records)."""
    m = Machine(img, stdout=io.StringIO(), arch=make_arch(arch))
    p = None
    t0 = time.process_time()
    if mode != "plain":
        p = SpaceProfiler(m, account=(mode == "full"))
        p.start()
    m.run()
    if p is not None:
        p.end()
    t = time.process_time() - t0
    return t, (p.gc_seconds if p else 0.0), (p.records if p else 0)


def cli(path: str, arch: str) -> float:
    cfg = parse_run_args(["--backend", "mlworks", "--arch", arch, "--profile",
                          "/tmp/bench_spaceprof.txt", "--outdir", "/tmp", path])
    t0 = time.process_time()
    runner.run(cfg, plugins=[plugin, mlworks_space], stdout=io.StringIO(),
               load_entrypoints=False)
    return time.process_time() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("programs", nargs="*")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--arch", default="x86")
    ap.add_argument("--repeat", type=int, default=1)
    a = ap.parse_args()
    progs = a.programs or (["closures", "partial"] if a.quick else
                           ["closures", "partial", "records"])
    print(f"arch {a.arch}; CPU seconds; ratios to the unprofiled run")
    print(f"{'program':10} {'plain':>7} {'alloc':>7} {'full':>7} {'gc-acct':>7} {'cli':>7}"
          f" {'records':>9}  alloc-ratio full-ratio cli-ratio")
    for name in progs:
        path = name if os.path.exists(name) else os.path.join(REF, name + ".sml")
        img = image(path, a.arch)
        best = {}
        for mode in ("plain", "alloc", "full"):
            best[mode] = min((one(img, a.arch, mode) for _ in range(a.repeat)),
                             key=lambda r: r[0])
        c = min(cli(path, a.arch) for _ in range(a.repeat))
        t0 = best["plain"][0]
        ta, tf, gcs, nrec = best["alloc"][0], best["full"][0], best["full"][1], best["full"][2]
        print(f"{name:10} {t0:7.2f} {ta:7.2f} {tf:7.2f} {gcs:7.2f} {c:7.2f} {nrec:9d}"
              f"  {ta / t0:10.2f}x {tf / t0:9.2f}x {c / t0:8.2f}x")


if __name__ == "__main__":
    main()
