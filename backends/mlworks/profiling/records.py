"""Space-profile records, object classification and MLWorks's per-function accounting
(mlworks.md §5), all vectorised with numpy.

A record is the 2-word (closure, untagged address) pair the allocation routines append.
After a collection, creation-space records become area entries (function, address, size,
kind, overhead) of the generation their object was copied into; older generations' areas
are forwarded when those generations are collected (§5c ``process_space_profile_area``).
"""

from __future__ import annotations

import numpy as np

from .. import values as V
from ..runtime.heapscan import header_bytes

# MLWorks's breakdown indices (profiler.c object_count table = secondary tag >> 3, then
# closures, pairs, total) -- the same numbering plugins/mlworks_space.py prints
RECORDS, CLOSURES, PAIRS, TOTAL = 0, 8, 9, 10
N_KINDS = 11
SPACE_KIND_NAMES = ("record", "string", "array", "bytearray", "backptr", "code", "header50",
                    "weakarray", "closure", "pair")


def classify(w0: np.ndarray, w1: np.ndarray, code_ptrs: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(size bytes, overhead bytes, breakdown index) of objects whose first two words are
    ``w0``, ``w1`` (§5a ``space_profile_obj_size_overhead_index``): a headed object is
    sized from its header; a RECORD whose field 0 is a code pointer is a closure; an
    unheaded object is a pair, or a 2-word closure if its field 0 is a code pointer."""
    w0 = w0.astype(np.uint32)
    headed = (w0 & 7) == V.HEADER
    sec = (w0 & 0x3F).astype(np.int64)
    ln = (w0 >> 6).astype(np.int64)
    size = np.where(headed, header_bytes(w0), 8).astype(np.int64)
    data = np.where((sec == V.STRING) | (sec == V.BYTEARRAY), ln, 4 * ln)
    over = np.where(headed, size - data, 0)
    kind = np.where(headed, sec >> 3, PAIRS)
    w0_code = np.isin(w0, code_ptrs)
    w1_code = np.isin(w1.astype(np.uint32), code_ptrs)
    kind = np.where(headed & (sec == V.RECORD) & w1_code, CLOSURES, kind)
    kind = np.where(~headed & w0_code, CLOSURES, kind)
    return size, over, kind


class Area:
    """The records of one generation: parallel arrays."""

    __slots__ = ("func", "addr", "size", "kind", "over")

    def __init__(self) -> None:
        z = np.zeros(0, dtype=np.int64)
        self.func, self.addr, self.size, self.kind, self.over = z, z, z, z, z

    def __len__(self) -> int:
        return len(self.addr)

    def extend(self, func, addr, size, kind, over) -> None:
        self.func = np.concatenate([self.func, func])
        self.addr = np.concatenate([self.addr, addr])
        self.size = np.concatenate([self.size, size])
        self.kind = np.concatenate([self.kind, kind])
        self.over = np.concatenate([self.over, over])

    def take(self, sel: np.ndarray) -> tuple:
        return self.func[sel], self.addr[sel], self.size[sel], self.kind[sel], self.over[sel]


class Accounts:
    """Per-function counters shaped like MLWorks's struct space_profile: [function,
    generation node (0 = allocation, g = copied into generation g), kind]."""

    def __init__(self, n_funcs: int, n_gens: int) -> None:
        shape = (n_funcs, n_gens + 1, N_KINDS)
        self.count = np.zeros(shape, dtype=np.int64)
        self.bytes = np.zeros(shape, dtype=np.int64)
        self.over = np.zeros(shape, dtype=np.int64)

    def add(self, func, gen: int, size, kind, over) -> None:
        """Count objects of functions ``func`` (kinds ``kind``, sizes and overheads) at
        generation node ``gen`` (one per call: 0 = allocated, g = copied into g)."""
        if not len(func):
            return
        n_funcs, _, n_kinds = self.count.shape
        # one bincount per counter over the (function, kind) cells of this generation
        # node, then the TOTAL column as their sum per function: the same integers as
        # np.add.at (sums stay far below 2**53), without a loop per element or a pass over
        # the other generations' cells
        at = np.asarray(func, dtype=np.int64) * n_kinds + np.asarray(kind, dtype=np.int64)
        for arr, val in ((self.count, None), (self.bytes, size), (self.over, over)):
            add = np.bincount(at, weights=val, minlength=n_funcs * n_kinds)
            if val is not None:
                add = np.rint(add).astype(np.int64)
            add = add.reshape(n_funcs, n_kinds)
            arr[:, gen, :] += add
            arr[:, gen, TOTAL] += add[:, :TOTAL].sum(1)

    def allocated(self) -> np.ndarray:
        """Bytes allocated per function."""
        return self.bytes[:, 0, TOTAL]

    def copied(self) -> np.ndarray:
        """Bytes copied per function (summed over generations)."""
        return self.bytes[:, 1:, TOTAL].sum(1)
