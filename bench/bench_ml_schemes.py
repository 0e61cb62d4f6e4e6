"""Each ML profiling scheme of issue 11 against an unprofiled run of the same program, in one
process (the CPU seconds of ``runner.run``, best of ``--repeat``).

    python bench/bench_ml_schemes.py [--arch x86|sparc] [--repeat N] [--only NAME,...]
                                     [--clock block|count] [--interleave] [--schemes S,...]

``--interleave``: the schemes run in turn, ``none`` first, ``--repeat`` rounds; each round's
ratio to that round's ``none`` run (the runs nearest in time share the machine's load) and
the median of those ratios are printed beside the best times: on a shared machine the median
of paired ratios moves less than the ratio of the best times. ``--schemes``: only these rows
(``none`` is always run).

Schemes (rows):

* ``none``: no scheme (uninstrumented code);
* ``clock``: no scheme, but virtual time kept (``--max-steps`` far beyond the run): the
  cost of the virtual clock alone, which every scheme that needs time (ticks: ``scan``,
  ``p``; censuses: ``ids``, ``hb0``, ``uses``) pays and an unprofiled run does not.
  ``--clock`` chooses it (``PROFKIT_VCLOCK``, runtime/vclock.py): ``block``, the C block
  hook, or ``count``, unicorn's per-instruction counting (the same virtual time);
* ``calls``: MLWorks call counting alone (``--profile F --profile-manner 1``): the code
  counts its entries in guest memory;
* ``uses``: ``+RTS -hb -i100`` (no census happens): instrumented code, use tables folded
  at every collection, and the -hb scheme's own work (object ids, a death row per object);
  ``hb0`` is the same run with uninstrumented code, so ``uses / hb0`` is the cost of use
  recording itself (printed as the last column); ``ids`` is ``-hd -i100`` (object ids,
  and the site-number stores and lookups of allocation-site names, which ``-hd`` turns on);
* ``scan``: the stack-scanning time profile alone (``--profile-manner 2``: a stack scan
  every 1 ms tick);
* ``p``: ``+RTS -p`` (call counts, stack scans and the space profiler's producers).

Programs: an allocation-heavy one (lists of tuples built, read, dropped) and a call-heavy
one (nfib). Ratios are to ``none``.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import tempfile
import time

from profkit import runner
from profkit.backends.mlworks import plugin
from profkit.options import parse_run_args
from profkit.plugins import ccprof, heapprof, ldvu, mlworks_space

PROGRAMS = {
    "alloc": """
fun mk i = (i, i + 1, i * 2)
fun build (0, acc) = acc
  | build (n, acc) = build (n - 1, mk n :: acc)
fun sum ([], s) = s
  | sum ((a, b, c) :: r, s) = sum (r, (s + a + b + c) mod 1000003)
fun go (0, s) = s
  | go (k, s) = go (k - 1, (s + sum (build (2000, []), 0)) mod 1000003)
val () = print (Int.toString (go (150, 0)) ^ "\\n")
""",
    "nfib": """
fun nfib n = if n < 2 then 1 else nfib (n - 1) + nfib (n - 2)
val () = print (Int.toString (nfib 29) ^ "\\n")
""",
}

SCHEMES = {
    "none": ([], []),
    "clock": (["--max-steps", "1000000000000"], []),
    "calls": (["--profile", "{dir}/m.txt", "--profile-manner", "1"], []),
    "ids": ([], ["-hd", "-i100"]),
    "hb0": ([], ["-hb", "-i100"]),
    "uses": ([], ["-hb", "-i100"]),
    "scan": (["--profile", "{dir}/m.txt", "--profile-manner", "2"], []),
    "p": ([], ["-p"]),
}


def run_once(src_path: str, arch: str, opts: list[str], rts: list[str], d: str,
             uses: bool = True) -> float:
    from profkit.backends.mlworks import backend as B

    orig = B.needs_uses
    if not uses:
        B.needs_uses = lambda cfg, session=None: False
    argv = ["--backend", "mlworks", "--arch", arch, "--outdir", d,
            *[o.format(dir=d) for o in opts], src_path]
    if rts:
        argv += ["+RTS", *rts, "-RTS"]
    cfg = parse_run_args(argv)
    t0 = time.process_time()
    status = runner.run(cfg, plugins=[plugin, ccprof, heapprof, ldvu, mlworks_space],
                        stdout=io.StringIO(), load_entrypoints=False)
    t = time.process_time() - t0
    B.needs_uses = orig
    if status != 0:
        raise SystemExit(f"{src_path} {opts} {rts}: exit status {status}")
    return t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--arch", default="x86")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", default="")
    ap.add_argument("--clock", choices=("block", "count"), default=None)
    ap.add_argument("--interleave", action="store_true")
    ap.add_argument("--schemes", default="")
    a = ap.parse_args()
    schemes = [s for s in SCHEMES if s == "none" or not a.schemes
               or s in a.schemes.split(",")]
    if a.clock:
        os.environ["PROFKIT_VCLOCK"] = a.clock
    only = set(filter(None, a.only.split(",")))
    with tempfile.TemporaryDirectory() as d:
        from profkit.backends.mlworks.runtime import vclock

        clock = "block" if vclock.library() is not None else "count"
        print(f"arch {a.arch}, clock {clock}, CPU seconds (best of {a.repeat}), ratio to none")
        if a.interleave:
            print("interleaved rounds; per scheme: best seconds, ratio of the bests, median "
                  "of the rounds' ratios")
        print(f"{'program':8} " + " ".join(f"{s:>14}" for s in schemes) + "   use recording")
        for name, src in PROGRAMS.items():
            if only and name not in only:
                continue
            path = os.path.join(d, f"{name}.sml")
            with open(path, "w") as f:
                f.write(src)
            if a.interleave:
                times = {s: [] for s in schemes}
                for _ in range(a.repeat):
                    for s in schemes:
                        opts, rts = SCHEMES[s]
                        times[s].append(run_once(path, a.arch, opts, rts, d, uses=s != "hb0"))
                best = {s: min(t) for s, t in times.items()}
                med = {s: statistics.median(x / n for x, n in zip(t, times["none"]))
                       for s, t in times.items()}
                pair = ""
                if "uses" in times and "hb0" in times:
                    r = statistics.median(u / h for u, h in zip(times["uses"], times["hb0"]))
                    pair = f" ({r:.2f}x)"
                print(f"{name:8} " + " ".join(
                    f"{best[s]:5.2f} {best[s] / best['none']:4.2f}x {med[s]:4.2f}x"
                    for s in schemes) + (f"   uses/hb0 {best['uses'] / best['hb0']:5.2f}x{pair}"
                                         if pair else ""))
                sys.stdout.flush()
                continue
            best = {}
            for s in schemes:
                opts, rts = SCHEMES[s]
                best[s] = min(run_once(path, a.arch, opts, rts, d, uses=s != "hb0")
                              for _ in range(a.repeat))
            base = best["none"]
            print(f"{name:8} " + " ".join(f"{best[s]:7.2f} {best[s] / base:5.2f}x"
                                          for s in schemes)
                  + (f"   uses/hb0 {best['uses'] / best['hb0']:5.2f}x"
                     if "uses" in best and "hb0" in best else ""))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
