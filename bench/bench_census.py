"""Cost of heap-profile censuses: on a synthetic CensusView, or by phase in a real run.

Run: ``python bench/bench_census.py [N]``. Prints, per break-down, the best of 5 timings of
``heapprof.census_bands`` (band naming with ``bands.band_ids``, the ``-xt``/restriction mask,
and the ``np.bincount`` aggregation) on a synthetic census of N/2 live objects (N = 1,000,000),
with and without a ``-hC`` restriction. A fresh CensusView is made for each timing, so the
column gathers through ``obj`` are included.

``python bench/bench_census.py --run PROG.hs [RTS flags...]``, e.g. ``--run
examples/mean_leak.hs -hc -i0.0003``: runs the program in this process (``-fprof-auto``,
output in a temporary directory) with CPU timers (``time.process_time``) around the phases
of the STG backend's collections and censuses, and prints each phase's seconds and calls and
the whole run's: where a census's time goes (the major collection's young trace and old-graph
search, the root listing, accounting, header compaction, the census graph of ``-hr``, band
sums, the biographical census of ``-hb``). Phases nest (``census`` contains the others but the
schemes' census hooks): compare a phase with its parent, and runs of one version with
another's under ``PYTHONPATH`` (interleaved: the machine's load varies).

``python bench/bench_census.py --peak PROG.hs [RTS flags...]``: the same run under
``tracemalloc`` (two to three times slower): on entry to each of ``PEAK_AT`` (the old-graph
search, its new rows, a compaction, a census), whenever the traced memory has risen by
``PEAK_STEP`` bytes since the last record, the allocation sites holding most of it are
recorded; prints those of the highest point seen and the run's traced peak. Sizes are what
was allocated (a growable buffer's spare capacity counts, though its untouched pages are not
resident); a site's count of blocks tells Python objects (many) from arrays (few).
"""

from __future__ import annotations

import sys
import time
from array import array

import numpy as np

from profkit.header import ProfHeader
from profkit.heap import CensusView
from profkit.kinds import ObjKind
from profkit.options import RtsFlags
from profkit.plugins.heapprof import census_bands
from profkit.tables import CostCentre, Info, Tables


def synthetic(n: int, n_stacks: int = 500, n_infos: int = 80, seed: int = 1):
    rng = np.random.default_rng(seed)
    t = Tables()
    stacks = [t.stacks.MAIN]
    for i in range(n_stacks):
        label = "CAF" if i % 25 == 0 else f"fun{i}"
        cc = t.ccs.intern(CostCentre(label, f"Mod{i % 13}", "x.hs:1:1"))
        stacks.append(t.stacks.push(stacks[int(rng.integers(len(stacks)))], cc))
    infos = [t.infos.intern(Info(f"C{i}", f"T{i % 9}", f"Mod{i % 13}", ObjKind(i % 10)))
             for i in range(n_infos)]
    h = ProfHeader()
    h.info = array("i", np.asarray(infos, np.int32)[rng.integers(0, n_infos, n)].tobytes())
    h.producer = array("i", np.asarray(stacks, np.int32)[rng.integers(0, len(stacks), n)]
                       .tobytes())
    h.size_words = array("i", rng.integers(2, 6, n).astype(np.int32).tobytes())
    h.era = array("i", np.ones(n, np.int32).tobytes())
    h.last_use = array("i", np.zeros(n, np.int32).tobytes())
    # live objects: every other object, in a shuffled order as a GC would leave them
    obj = rng.permutation(np.arange(0, n * 2, 2) % n).astype(np.int64)
    return t, h, obj


def main(n: int = 1_000_000) -> None:
    t, h, obj = synthetic(n)
    print(f"census of {len(obj):,} live objects, {len(t.stacks)} stacks, {len(t.infos)} infos")
    for restrict in ({}, {"C": ["fun7", "fun30"]}):
        for mode in ("c", "m", "d", "y", "T"):
            rts = RtsFlags()
            rts.heap.breakdown = mode
            rts.heap.restrict = restrict
            best = float("inf")
            for _ in range(5):
                view = CensusView(time=0.1, era=1, obj=obj, gen=np.zeros(len(obj), np.int8),
                                  tables=t, header=h)
                t0 = time.perf_counter()
                rows = census_bands(view, rts, mode)
                best = min(best, time.perf_counter() - t0)
            tag = f"-h{mode}" + (" -hC..." if restrict else "")
            print(f"{tag:12s} {len(rows):4d} bands  {best * 1e3:7.1f} ms")


#: (module, class or None, function, label) of the phases ``--run`` times
PHASES = [
    ("profkit.backends.stg.heap.gc", "StgHeapModel", "census", "census (gc.census)"),
    ("profkit.backends.stg.heap.gc", "StgHeapModel", "collect", "collect (not a census)"),
    ("profkit.backends.stg.heap.gc", "StgHeapModel", "_trace", "  trace (roots + marks)"),
    ("profkit.backends.stg.machine.roots", "MachineRoots", "gc_root_split", "    roots"),
    ("profkit.backends.stg.machine.roots", "MachineRoots", "_below_updated",
     "      updated cached roots"),
    ("profkit.backends.stg.machine.roots", "MachineRoots", "_rc_fill", "      root cache rows"),
    ("profkit.backends.stg.heap.oldgraph", "OldGraph", "major", "    major marks"),
    ("profkit.backends.stg.heap.oldgraph", "OldGraph", "trace_young", "      young trace"),
    ("profkit.backends.stg.heap.oldgraph", "OldGraph", "_search", "      old-graph search"),
    ("profkit.backends.stg.heap.oldgraph", "OldGraph", "_blackholes", "      blackhole rows"),
    ("profkit.backends.stg.heap.oldgraph", "OldGraph", "_append_rows", "      new rows"),
    ("profkit.backends.stg.heap.gc", "StgHeapModel", "_account", "  accounting"),
    ("profkit.backends.stg.heap.gc", "StgHeapModel", "_rows_graph", "  census graph (-hr)"),
    ("profkit.backends.stg.heap.gc", "StgHeapModel", "_compact", "  header compaction"),
    ("profkit.backends.stg.heap.gc", "StgHeapModel", "_live_objects", "    live objects (trace)"),
    ("profkit.backends.stg.heap.oldgraph", "OldGraph", "renumber", "    old graph renumbered"),
    ("profkit.backends.stg.machine.roots", "MachineRoots", "renumber_ids",
     "    machine renumbered"),
    ("profkit.session", "Session", "renumber", "    schemes, header renumbered"),
    ("profkit.plugins.heapprof", None, "census_bands", "bands (-hc/-hd/-hy..)"),
    ("profkit.plugins.ldvu", "LdvuProfile", "profkit_census", "biographical census (-hb)"),
    ("profkit.plugins.retainer", None, "compute_retainer_sets", "retainer sets (-hr)"),
]


def run_phases(args: list[str]) -> None:
    """``--run``: one in-process run with CPU timers around ``PHASES``."""
    import functools
    import importlib
    import tempfile
    from collections import Counter

    from profkit.cli import main as cli

    secs: Counter = Counter()
    calls: Counter = Counter()

    def timed(real, label):
        @functools.wraps(real)  # (keeps a hook implementation's marker)
        def wrapper(*a, **k):
            t0 = time.process_time()
            try:
                return real(*a, **k)
            finally:
                secs[label] += time.process_time() - t0
                calls[label] += 1
        return wrapper

    for mod, cls, fn, label in PHASES:
        try:
            m = importlib.import_module(mod)
        except ImportError:
            continue
        owner = getattr(m, cls) if cls else m
        if hasattr(owner, fn):
            setattr(owner, fn, timed(getattr(owner, fn), label))
    prog, rts = args[0], args[1:]
    t0 = time.process_time()
    with tempfile.TemporaryDirectory() as out:
        try:
            cli(["run", "-fprof-auto", "--outdir", out, prog, "+RTS", *rts, "-RTS"])
        except SystemExit:
            pass
    total = time.process_time() - t0
    print(f"{prog} +RTS {' '.join(rts)}: {total:.2f} s CPU in this process", file=sys.stderr)
    for _, _, _, label in PHASES:
        if calls[label]:
            print(f"{label:30s} {secs[label]:7.2f} s {calls[label]:7d} calls", file=sys.stderr)


#: (module, class, method) on whose entry ``--peak`` looks at the traced memory
PEAK_AT = [
    ("profkit.backends.stg.heap.oldgraph", "OldGraph", "_search_c"),
    ("profkit.backends.stg.heap.oldgraph", "OldGraph", "_append_rows"),
    ("profkit.backends.stg.heap.gc", "StgHeapModel", "_compact"),
    ("profkit.backends.stg.heap.gc", "StgHeapModel", "census"),
]
PEAK_STEP = 2_000_000


def run_peak(args: list[str], top: int = 24) -> None:
    """``--peak``: the allocation sites at the highest traced memory seen at ``PEAK_AT``."""
    import functools
    import importlib
    import tempfile
    import tracemalloc

    from profkit.cli import main as cli

    tracemalloc.start(1)
    best = [0]
    report: list[str] = []

    def watched(real, label):
        @functools.wraps(real)
        def wrapper(*a, **k):
            cur = tracemalloc.get_traced_memory()[0]
            if cur > best[0] + PEAK_STEP:
                best[0] = cur
                stats = tracemalloc.take_snapshot().statistics("lineno")[:top]
                report[:] = [f"on entry to {label}: {cur / 1e6:.1f} MB traced"] + [
                    f"  {st.size / 1e6:7.2f} MB {st.count:9d} blocks  "
                    f"{'/'.join(st.traceback[0].filename.split('/')[-2:])}:"
                    f"{st.traceback[0].lineno}" for st in stats]
            return real(*a, **k)
        return wrapper

    saved = []
    for mod, cls, fn in PEAK_AT:
        owner = getattr(importlib.import_module(mod), cls)
        saved.append((owner, fn, owner.__dict__[fn]))
        setattr(owner, fn, watched(getattr(owner, fn), f"{cls}.{fn}"))
    prog, rts = args[0], args[1:]
    try:
        with tempfile.TemporaryDirectory() as out:
            try:
                cli(["run", "-fprof-auto", "--outdir", out, prog, "+RTS", *rts, "-RTS"])
            except SystemExit:
                pass
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        for owner, fn, real in saved:  # (as they were: a test runs this in its process)
            setattr(owner, fn, real)
    print("\n".join(report), file=sys.stderr)
    print(f"traced peak {peak / 1e6:.1f} MB", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--run":
        run_phases(sys.argv[2:])
    elif len(sys.argv) > 2 and sys.argv[1] == "--peak":
        run_peak(sys.argv[2:])
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000)
