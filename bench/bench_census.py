"""Cost of one heap-profile census on a synthetic 1,000,000-object CensusView.

Run: ``python bench/bench_census.py [N]``. Prints, per break-down, the best of 5 timings of
``heapprof.census_bands`` (band naming with ``bands.band_ids``, the ``-xt``/restriction mask,
and the ``np.bincount`` aggregation), with and without a ``-hC`` restriction. A fresh
CensusView is made for each timing, so the column gathers through ``obj`` are included.
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


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000)
