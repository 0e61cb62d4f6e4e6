"""Each function's exact call count (MLWorks's call counting: entries patched to count)
shared among the cost-centre stacks the time profiler's scans saw it on (stackscan.py):
what the ``entries`` column of an SML program's ``.prof`` holds per stack."""

from __future__ import annotations

from collections import defaultdict

import numpy as np


def share_entries(stacks, item_cc: list[int], counts: np.ndarray, weight: dict[int, int],
                  fallback: list[int], seen: set[int] | frozenset = frozenset()) -> None:
    """Set ``stacks.entries``: each item's exact call count shared among the stacks ending
    in it: one entry to each stack seen at its first entry (``seen``), the rest in
    proportion to the ticks that passed through them (largest remainder, so the
    per-function sum is exact; all on the first-entry stacks when no tick passed through
    the item); an item never seen on a scanned stack keeps its count on its one-frame
    stack ``fallback[item]``."""
    by_cc: dict[int, list[int]] = defaultdict(list)
    for s in set(weight) | set(seen):
        by_cc[stacks.cc[s]].append(s)
    for item, c in enumerate(counts.tolist()):
        if not c:
            continue
        nodes = sorted(by_cc.get(item_cc[item], []))
        if not nodes:
            stacks.entries[fallback[item]] += int(c)
            continue
        first = [s for s in nodes if s in seen][:c]
        for s in first:
            stacks.entries[s] += 1
        c -= len(first)
        w = np.array([weight.get(s, 0) for s in nodes], dtype=np.float64)
        if not w.sum():
            if not c:
                continue
            w = np.array([s in seen for s in nodes], dtype=np.float64)
        share = c * w / w.sum()
        base = np.floor(share).astype(np.int64)
        rest = int(c - base.sum())
        if rest:
            base[np.argsort(-(share - base), kind="stable")[:rest]] += 1
        for s, e in zip(nodes, base.tolist()):
            stacks.entries[s] += e
