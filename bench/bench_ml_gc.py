"""MLWorks collector throughput on list-heavy heaps, x86 and SPARC (issue 13 item 4).

    python bench/bench_ml_gc.py [--quick] [--profile] [--x86 | --sparc]

Prints, per program and architecture, the 32-bit words the collector copied, its CPU time
(``Collector.gc_seconds``, process time spent inside ``Collector.collect``) and the figure
*words copied per second*. Programs (compiled from SML by profkit's own front end and code
generators, run without any profiling scheme):

- ``lists.sml`` (tests/reference/sml/programs): a 1e6-element list, map/filter/rev;
- ``keeplist``: a 300k-element list kept live while it is mapped over repeatedly, so the
  older generations fill with list spines and are collected too;

then, on the same machine after ``keeplist`` ends with its list still reachable from a
global, three forced full collections (the whole live heap copied each time).

The rows leave out scipy's import (a one-time start-up cost of the first large collection
of a process, printed apart). Each architecture runs in a fresh process (``--x86`` /
``--sparc``: only that one, in this process). ``--profile`` prints the top of a cProfile of the runs (where the time goes).
"""

from __future__ import annotations

from pathlib import Path
import cProfile
import io
import os
import pstats
import sys
import time

from profkit.backends.mlworks.codegen import sparc as codegen_sparc, x86 as codegen_x86
from profkit.backends.mlworks.frontend.pipeline import compile_sml
from profkit.backends.mlworks.runtime import gcmark, memory as M
from profkit.backends.mlworks.runtime.arch import make_arch
from profkit.backends.mlworks.runtime.machine import Machine

REF = Path(__file__).resolve().parents[1] / "tests/reference/sml/programs"

KEEPLIST = """
fun upto (i, n) = if i > n then [] else i :: upto (i + 1, n)
val keep = ref ([] : int list)
fun loop (0, xs) = xs
  | loop (k, xs) = loop (k - 1, List.map (fn x => x + 1) xs)
fun main () =
  let val xs = upto (1, N)
      val ys = loop (ROUNDS, xs)
  in keep := ys; print (Int.toString (length ys) ^ "\\n") end
val () = main ();
"""


def machine(src: str, name: str, arch: str) -> Machine:
    prog = compile_sml(src, name)
    cg = codegen_sparc if arch == "sparc" else codegen_x86
    img = cg.generate(prog, M.STATIC)
    return Machine(img, arch=make_arch(arch), stdout=io.StringIO())


def row(label: str, arch: str, words: float, secs: float, ncoll: int) -> None:
    wps = words / secs if secs else 0.0
    print(f"{label:22} {arch:6} {ncoll:5d} {words:13,.0f} {secs:8.3f} {wps / 1e6:9.2f} M")


def run_arch(arch: str, quick: bool, prof: cProfile.Profile | None) -> tuple[float, float]:
    """Rows of one architecture; returns (words copied, collector seconds) of them all."""
    # scipy (the C reachability search) is imported by the first large collection of a
    # process: a one-time start-up cost, paid here so that the rows show the collector's
    # per-word work only
    t0 = time.process_time()
    gcmark.have_scipy()
    print(f"(scipy import, once per process, not in the rows: "
          f"{time.process_time() - t0:.2f} s)", file=sys.stderr)
    n, rounds = (100_000, 4) if quick else (300_000, 8)
    keep_src = KEEPLIST.replace("ROUNDS", str(rounds)).replace("N)", f"{n})")
    lists_src = (REF / "lists.sml").read_text()
    tw = ts = 0.0
    for label, src in (("lists.sml", lists_src), (f"keeplist {n}x{rounds}", keep_src)):
        m = machine(src, label, arch)
        if prof is not None:
            prof.enable()
        m.run()
        if prof is not None:
            prof.disable()
        g = m.gc
        row(label, arch, g.words_copied, g.gc_seconds, sum(g.collections))
        tw += g.words_copied
        ts += g.gc_seconds
    # the live list of keeplist, copied by forced full collections
    w0, s0 = g.words_copied, g.gc_seconds
    if prof is not None:
        prof.enable()
    for _ in range(3):
        m.collect(m.slot(M.SLOT_GC_BASE), full=True)
    if prof is not None:
        prof.disable()
    row("  3 full collections", arch, g.words_copied - w0, g.gc_seconds - s0, 3)
    tw += g.words_copied - w0
    ts += g.gc_seconds - s0
    print(f"words copied per second ({arch}, all of the above): {tw / ts / 1e6:.2f} M")
    sys.stdout.flush()
    return tw, ts


def main(argv: list[str]) -> None:
    quick = "--quick" in argv
    prof = cProfile.Profile() if "--profile" in argv else None
    archs = [a for a in ("x86", "sparc") if f"--{a}" in argv]
    if not archs:
        # each architecture in a fresh process, as a `profkit run` would be: the first
        # collections of a process pay for fresh memory (page faults) that later ones reuse
        import subprocess

        print(f"{'program':22} {'arch':6} {'GCs':>5} {'words copied':>13} {'GC s':>8} "
              f"{'words/s':>11}", flush=True)
        for a in ("x86", "sparc"):
            subprocess.run([sys.executable, __file__, f"--{a}", "--no-title", *argv],
                           check=True)
        return
    if "--no-title" not in argv:
        print(f"{'program':22} {'arch':6} {'GCs':>5} {'words copied':>13} {'GC s':>8} "
              f"{'words/s':>11}")
    for a in archs:
        run_arch(a, quick, prof)
    if prof is not None:
        pstats.Stats(prof, stream=sys.stdout).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    t0 = time.process_time()
    main(sys.argv[1:])
    print(f"(bench CPU {time.process_time() - t0:.1f} s)", file=sys.stderr)
