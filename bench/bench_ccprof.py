"""Cost of the cost-centre profile: a ``+RTS -p`` run against an unprofiled run of the same
program (same -fprof-auto build, no scheme listening), in one process, best of N.

    python bench/bench_ccprof.py [REPEATS]

Programs: nfib 25 (call-heavy, few allocations per step) and mean_leak over 10^5 Doubles
(list-heavy: every element is a cons, a D# and thunks). Prints wall seconds and the ratio.
"""

from __future__ import annotations

from pathlib import Path
import io
import os
import sys
import tempfile
import time

from profkit.backends.stg import plugin as stg_plugin
from profkit.options import parse_run_args
from profkit.plugins import ccprof
from profkit.runner import run

PROGRAMS = str(Path(__file__).resolve().parents[1] / "tests/reference/ghc-9.0.2/programs")


def _program(name: str, edit: tuple[str, str] | None, tmp: str) -> str:
    with open(os.path.join(PROGRAMS, name)) as f:
        src = f.read()
    if edit:
        src = src.replace(*edit)
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write(src)
    return path


def _once(path: str, rts: list[str], outdir: str) -> float:
    argv = ["--outdir", outdir, "-fprof-auto", path] + (["+RTS", *rts, "-RTS"] if rts else [])
    cfg = parse_run_args(argv)
    start = time.perf_counter()
    status = run(cfg, plugins=[stg_plugin, ccprof], stdout=io.StringIO(), stderr=io.StringIO(),
                 load_entrypoints=False)
    elapsed = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{path} failed with status {status}")
    return elapsed


def main(argv: list[str]) -> int:
    repeats = int(argv[0]) if argv else 3
    cases = [
        ("nfib 25", "nfib.hs", None),
        ("mean_leak 1e5", "mean_leak.hs", ("[1 .. 1e6]", "[1 .. 1e5]")),
    ]
    print(f"{'program':16} {'plain s':>9} {'-p s':>9} {'ratio':>7}   (best of {repeats})")
    with tempfile.TemporaryDirectory() as tmp:
        for label, name, edit in cases:
            path = _program(name, edit, tmp)
            plain = min(_once(path, [], tmp) for _ in range(repeats))
            prof = min(_once(path, ["-p"], tmp) for _ in range(repeats))
            print(f"{label:16} {plain:9.2f} {prof:9.2f} {prof / plain:7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
