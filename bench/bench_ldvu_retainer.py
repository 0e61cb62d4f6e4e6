"""Benchmarks of the retainer traversal and the LDVU aggregation (prints figures; not a test).

    python bench/bench_ldvu_retainer.py            # synthetic heaps only
    python bench/bench_ldvu_retainer.py PROG.hs    # also -hc / -hb / -hr runs of PROG

1. One retainer census on a synthetic 1,000,000-object heap graph: a few thunks (retainers),
   each holding a long list of cons cells whose heads are boxed numbers; a second variant
   shares every box with a thunk chain (mean_leak's shape: most objects are joins).
2. LDVU: one census of 1,000,000 live objects and 1,000,000 death rows.
3. With a program: wall time of ``-hc``, ``-hb`` and ``-hr`` runs and their ratios to ``-hc``.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time

import numpy as np

from profkit.heap import HeapGraph
from profkit.plugins.retainer_sets import RetainerSets
from profkit.plugins.retainer_traverse import compute_retainer_sets


def csr(n: int, src: np.ndarray, dst: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    order = np.argsort(src, kind="stable")
    offsets = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(src, minlength=n), out=offsets[1:])
    return offsets, dst[order]


def lists_off_thunks(n_objects: int = 1_000_000, n_thunks: int = 4) -> HeapGraph:
    """Thunk t_i -> cons -> cons -> ...; each cons -> its box. Thunks are roots."""
    per = (n_objects - n_thunks) // (2 * n_thunks)
    src, dst = [], []
    is_ret = np.zeros(n_objects, dtype=bool)
    is_ret[:n_thunks] = True
    base = n_thunks
    for t in range(n_thunks):
        cons = base + np.arange(per)
        boxes = base + per + np.arange(per)
        src += [np.array([t]), cons[:-1], cons]
        dst += [np.array([cons[0]]), cons[1:], boxes]
        base += 2 * per
    src_a, dst_a = np.concatenate(src), np.concatenate(dst)
    offsets, targets = csr(n_objects, src_a, dst_a)
    return HeapGraph(offsets=offsets, targets=targets,
                     roots=np.arange(n_thunks, dtype=np.int64),
                     root_identity=np.zeros(n_thunks, dtype=np.int64),
                     is_retainer=is_ret, identity=np.arange(n_objects, dtype=np.int64) % 3 + 1)


def shared_boxes(n_objects: int = 1_000_000) -> HeapGraph:
    """mean_leak's shape: a list (cons -> box, cons -> next) and a chain of thunks each
    holding the previous thunk and one box, so every box has two ways in."""
    k = n_objects // 3
    cons, boxes, thunks = np.arange(k), k + np.arange(k), 2 * k + np.arange(k)
    src = np.concatenate([cons[:-1], cons, thunks[1:], thunks])
    dst = np.concatenate([cons[1:], boxes, thunks[:-1], boxes])
    n = 3 * k
    is_ret = np.zeros(n, dtype=bool)
    is_ret[thunks] = True
    offsets, targets = csr(n, src, dst)
    return HeapGraph(offsets=offsets, targets=targets,
                     roots=np.array([0, thunks[-1]], dtype=np.int64),
                     root_identity=np.array([1, 1], dtype=np.int64),
                     is_retainer=is_ret, identity=np.full(n, 2, dtype=np.int64))


def bench_retainer(name: str, graph: HeapGraph) -> None:
    sets = RetainerSets(8)
    t0 = time.perf_counter()
    node_set, stats = compute_retainer_sets(graph, sets)
    dt = time.perf_counter() - t0
    print(f"retainer census, {name}: {len(node_set):,} objects, {stats.joins:,} joins, "
          f"{dt:.3f} s, average visits per object {stats.average_visits:.6f}, "
          f"{len(sets)} sets")


def bench_ldvu(n: int = 1_000_000) -> None:
    from profkit.heap import CensusView
    from profkit.kinds import ObjKind
    from profkit.options import Config
    from profkit.plugins import ldvu
    from profkit.session import Session
    from profkit.tables import Info

    with tempfile.TemporaryDirectory() as tmp:
        cfg = Config(program=os.path.join(tmp, "b.hs"), outdir=tmp)
        cfg.rts.heap.breakdown = "b"
        s = Session(cfg, [ldvu], load_entrypoints=False)
        info = s.tables.infos.intern(Info(":", "[]", "M", ObjKind.CON))
        h = s.header
        h.info.extend([info] * n)
        h.producer.extend([0] * n)
        h.size_words.extend([3] * n)
        h.era.extend([1] * n)
        h.last_use.extend([0] * n)
        s.stager.use.extend(range(0, n, 2))
        t0 = time.perf_counter()
        s.flush()
        view = CensusView(time=0.1, era=s.era, obj=np.arange(n, dtype=np.int64),
                          gen=np.zeros(n, np.int8), tables=s.tables, header=h)
        s.census(view)
        t1 = time.perf_counter()
        rows = np.empty((n, 6), dtype=np.int64)
        rows[:, 0] = np.arange(n)
        rows[:, 1], rows[:, 2], rows[:, 3], rows[:, 4] = info, 0, 3, 1
        rows[:, 5] = 0
        s.stager.death.frombytes(rows.tobytes())
        t2 = time.perf_counter()
        s.run_end()
        t3 = time.perf_counter()
    print(f"ldvu: alloc+use flush and census of {n:,} objects {t1 - t0:.3f} s, "
          f"{n:,} death rows {t3 - t2:.3f} s")


def bench_runs(prog: str) -> None:
    from profkit.backends.stg import plugin as stg
    from profkit.options import parse_run_args
    from profkit.plugins import heapprof, ldvu, retainer
    from profkit.runner import run

    times = {}
    with tempfile.TemporaryDirectory() as tmp:
        for mode in ("-hc", "-hb", "-hr"):
            cfg = parse_run_args(["--outdir", tmp, prog, "+RTS", mode, "-i0.002", "-RTS"])
            with open(os.devnull, "w") as out:
                t0 = time.perf_counter()
                run(cfg, plugins=[stg, heapprof, ldvu, retainer], stdout=out,
                    load_entrypoints=False)
                times[mode] = time.perf_counter() - t0
    for mode, t in times.items():
        print(f"run {mode}: {t:.2f} s, ratio to -hc {t / times['-hc']:.2f}")


if __name__ == "__main__":
    bench_retainer("lists off 4 thunks", lists_off_thunks())
    bench_retainer("boxes shared with a thunk chain", shared_boxes())
    bench_ldvu()
    if len(sys.argv) > 1:
        bench_runs(sys.argv[1])
