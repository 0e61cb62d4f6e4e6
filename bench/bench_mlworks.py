"""MLWorks runtime figures: collector throughput and emulation speed.

    python bench/bench_mlworks.py [--quick]

1. Collector throughput on a heap dominated by a long list: a hand-assembled loop builds a
   list of N pairs (MLWorks's exact §2a allocation sequence), then full collections copy
   it; prints 32-bit words copied per second of collector CPU time.
2. Emulation speed: instructions per second of emulated code, counted with unicorn's
   instruction count (runs in slices, as profiled runs do) and timed without counting (as
   unprofiled runs do), for a hand-assembled loop and, when the front end and the code
   generator are present, nfib 25 and lists.sml.
"""

from __future__ import annotations

from pathlib import Path
import io
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # for tests.backends.mlworks.asm_image

from profkit.backends.mlworks.runtime import memory as M
from profkit.backends.mlworks.runtime.machine import Machine
from tests.backends.mlworks.asm_image import build  # noqa: E402
from tests.backends.mlworks.test_runtime import list_program  # noqa: E402

REF = str(Path(__file__).resolve().parents[1] / "tests/reference/sml/programs")


def gc_throughput(n: int) -> None:
    img = build({"setup": list_program(n, garbage=False)}, "setup")
    m = Machine(img, creation_space=1 << 20)
    m.run()
    g = m.gc
    minor_words, minor_cpu = g.words_copied, g.gc_seconds
    full_words = full_cpu = 0.0
    for _ in range(3):
        w0, t0 = g.words_copied, time.process_time()
        m.collect(m.slot(M.SLOT_GC_BASE), full=True)
        full_cpu += time.process_time() - t0
        full_words += g.words_copied - w0
    print(f"collector: list of {n} pairs; during the run {minor_words:.0f} words copied in "
          f"{minor_cpu:.2f} s = {minor_words / max(minor_cpu, 1e-9) / 1e6:.2f} M words/s; "
          f"full collections {full_words:.0f} words in {full_cpu:.2f} s = "
          f"{full_words / max(full_cpu, 1e-9) / 1e6:.2f} M words/s")


def emulation(label: str, make) -> None:
    m = make()
    t0 = time.process_time()
    m.run(slice_units=1_000_000)
    counted = time.process_time() - t0 - m.gc.gc_seconds
    insns = m.instructions
    m = make()
    t0 = time.process_time()
    m.run()
    plain = time.process_time() - t0 - m.gc.gc_seconds
    print(f"emulation: {label}: ~{insns / 1e6:.1f} M instructions; counting "
          f"{insns / counted / 1e6:.1f} M instr/s; not counting (minus GC) "
          f"{insns / max(plain, 1e-9) / 1e6:.1f} M instr/s")


def sml_machine(path: str):
    from profkit.backends.mlworks.codegen.x86 import generate
    from profkit.backends.mlworks.frontend.pipeline import compile_sml

    with open(path) as f:
        prog = compile_sml(f.read(), path)
    img = generate(prog, M.STATIC)
    return lambda: Machine(img, stdout=io.StringIO())


def main() -> None:
    quick = "--quick" in sys.argv
    gc_throughput(200_000 if quick else 1_000_000)
    img = build({"setup": list_program(200_000 if quick else 1_000_000)}, "setup")
    emulation("hand-assembled list loop", lambda: Machine(img))
    try:
        sml = [("nfib 25", os.path.join(REF, "nfib.sml"))]
        if not quick:
            sml.append(("lists.sml", os.path.join(REF, "lists.sml")))
        for label, path in sml:
            emulation(label, sml_machine(path))
    except ImportError as e:
        print(f"(SML programs skipped: {e})")


if __name__ == "__main__":
    main()
