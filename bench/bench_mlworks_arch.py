"""x86 vs SPARC MLWorks targets side by side: emulated instructions per second and
collector throughput (words copied per second of collector time).

Usage: python bench/bench_mlworks_arch.py [PROGRAM.sml ...]
(default: the reference nfib.sml (nfib 25) and lists.sml).

Each program runs twice per architecture: once uncounted (the wall time a plain
``profkit run`` pays) and once in counted slices of 100k instructions, to learn the number
of emulated instructions (unicorn only counts when asked; the last partial slice is
estimated as half a slice). SPARC counted runs also pay for the jmpl workaround
(arch_sparc.py), so the uncounted time is the one used for instructions/s.
"""

from __future__ import annotations

from pathlib import Path
import io
import os
import sys
import time

from profkit.backends.mlworks.codegen import sparc as codegen_sparc, x86 as codegen_x86
from profkit.backends.mlworks.runtime import memory as M
from profkit.backends.mlworks.runtime.arch import make_arch
from profkit.backends.mlworks.frontend.pipeline import compile_sml
from profkit.backends.mlworks.runtime.machine import Machine

REF = str(Path(__file__).resolve().parents[1] / "tests/reference/sml/programs")
SLICE = 100_000


def measure(path: str, arch: str) -> dict:
    with open(path) as f:
        prog = compile_sml(f.read(), os.path.basename(path))
    cg = codegen_sparc if arch == "sparc" else codegen_x86
    img = cg.generate(prog, M.STATIC)
    m = Machine(img, arch=make_arch(arch), stdout=io.StringIO())
    t0 = time.perf_counter()
    m.run()
    wall = time.perf_counter() - t0
    m2 = Machine(img, arch=make_arch(arch), stdout=io.StringIO())
    m2.run(slice_units=SLICE)
    insns = m2.instructions + SLICE // 2
    gc = m.gc
    return {"wall": wall, "insns": insns, "ips": insns / wall, "copied": gc.words_copied,
            "gc_s": gc.gc_seconds, "wps": gc.words_copied / gc.gc_seconds if gc.gc_seconds
            else 0.0, "collections": sum(gc.collections)}


def main(argv: list[str]) -> None:
    paths = argv or [f"{REF}/nfib.sml", f"{REF}/lists.sml"]
    print(f"{'program':12} {'arch':6} {'wall s':>8} {'insns':>12} {'insns/s':>12} "
          f"{'GCs':>5} {'words copied':>13} {'GC s':>7} {'words/s':>12}")
    for p in paths:
        for arch in ("x86", "sparc"):
            r = measure(p, arch)
            print(f"{os.path.basename(p):12} {arch:6} {r['wall']:8.2f} {r['insns']:12,d} "
                  f"{r['ips']:12,.0f} {r['collections']:5d} {r['copied']:13,d} "
                  f"{r['gc_s']:7.3f} {r['wps']:12,.0f}")


if __name__ == "__main__":
    main(sys.argv[1:])
