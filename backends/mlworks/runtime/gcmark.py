"""The collector's per-object work that is not a plain array expression: parsing a heap
area into objects, and marking the objects reachable from the roots (gc.py).

``parse`` returns exactly what ``heapscan.parse`` returns, faster on the heaps a collector
sees (pairs everywhere but at a few headers). Marking is a breadth-first search in C over
the from-space graph as a CSR matrix (scipy, the ``fast`` extra), with a walk in Python as
the reference and the path without scipy; both give the same marks.
"""

from __future__ import annotations

import numpy as np

from profkit import csgraph

from . import heapscan as HS
from .. import values as V

# Reachability in C with scipy (the ``fast`` extra), for graphs of at least this many
# edges; smaller ones, or all without scipy, are marked in Python. scipy is imported on
# first use (a quarter of a second: programs with small heaps never pay it).
SCIPY_MIN_EDGES = 20_000
csr_matrix = breadth_first_order = None


def have_scipy() -> bool:
    global csr_matrix, breadth_first_order
    loaded = csgraph.load()
    if loaded is not None:
        csr_matrix, breadth_first_order = loaded
    return loaded is not None


# ------------------------------------------------------------------ parsing


class Heads:
    """What the collector needs of a parse (``parse_heads``): ``starts_d`` (the double-word
    index of every object's first word, int64), the headed objects (``hd`` their object
    numbers, ascending; ``hdr`` their header words; ``size`` their words; ``lo``/``hi``
    the word range of their tagged fields) and ``dstart``, a bool per double word, True
    where an object starts (None when every double word starts one: pairs only)."""

    __slots__ = ("m", "starts_d", "hd", "hdr", "size", "lo", "hi", "dstart")

    def __init__(self, m, starts_d, hd, hdr, size, lo, hi, dstart):
        self.m = m
        self.starts_d = starts_d
        self.hd = hd
        self.hdr = hdr
        self.size = size
        self.lo = lo
        self.hi = hi
        self.dstart = dstart

    def parsed(self) -> HS.Parsed:
        """The same objects as ``heapscan.parse`` gives them (same arrays, same dtypes)."""
        starts = self.starts_d * 2
        n = len(starts)
        sizes = np.full(n, 2, dtype=np.int64)
        sizes[self.hd] = self.size
        h = np.zeros(n, dtype=np.uint32)
        h[self.hd] = self.hdr
        scan_lo = starts.copy()
        scan_lo[self.hd] = self.lo
        scan_hi = starts + sizes
        scan_hi[self.hd] = self.hi
        return HS.Parsed(starts, sizes, h, scan_lo, scan_hi)


def parse(W: np.ndarray, scratch=None) -> HS.Parsed:
    """``heapscan.parse`` (same arrays, same dtypes), faster on the heaps the collector
    sees (``parse_heads``)."""
    return parse_heads(W, scratch).parsed()


def parse_heads(W: np.ndarray, scratch=None) -> Heads:
    """The objects of ``heapscan.parse`` with per-object arrays only where the collector
    needs them: objects are pairs except where a header starts a headed object, so only
    the headed objects' ranges are computed; the interior words of headed objects are
    found range by range when they are few, else with heapscan's difference array.
    ``scratch(name, n, dtype)``, if given, lends work arrays kept between calls
    (``Collector._scratch``); ``dstart`` may be one of them."""
    n = len(W) & ~1
    m = n // 2
    ev = W[0:n:2]
    if scratch is not None:  # (the collector's work arrays: see Collector._scratch)
        cpos = np.flatnonzero(np.equal(np.bitwise_and(ev, 7, out=scratch("p7", m, np.uint32)),
                                       2, out=scratch("p2", m, np.bool_)))
    else:
        cpos = np.flatnonzero((ev & 7) == 2)
    if not len(cpos):
        e = np.zeros(0, dtype=np.int64)
        return Heads(m, np.arange(m, dtype=np.int64), e, np.zeros(0, dtype=np.uint32), e, e, e,
                     None)
    hdr = ev[cpos]
    dwords = HS.header_bytes(hdr) >> 3
    sec = hdr & 0x3F
    bidx = np.flatnonzero((sec == V.STRING) | (sec == V.BYTEARRAY))
    if len(bidx):  # header-looking words inside bytes are not headers (as heapscan)
        real: list[int] = []
        cov = -1
        for j, s, d in zip(bidx.tolist(), cpos[bidx].tolist(), dwords[bidx].tolist()):
            if s < cov:
                continue
            real.append(j)
            cov = s + d
        rb = np.asarray(real, dtype=np.int64)
        bs = cpos[rb]
        be = bs + dwords[rb]
        k = np.searchsorted(bs, cpos, "right") - 1
        kk = np.maximum(k, 0)
        fake = (k >= 0) & (cpos > bs[kk]) & (cpos < be[kk])
        if fake.any():
            keep = ~fake
            cpos, hdr, dwords = cpos[keep], hdr[keep], dwords[keep]
    ends = np.minimum(cpos + dwords, m)
    inner = np.maximum(ends - cpos - 1, 0)
    if 4 * int(inner.sum()) < m:
        if scratch is not None:
            start = scratch("pstart", m, np.bool_)
            start[:] = True
        else:
            start = np.ones(m, dtype=bool)
        start[HS.concat_ranges(cpos + 1, inner)] = False
    else:
        diff = np.bincount(cpos + 1, minlength=m + 1) - np.bincount(ends, minlength=m + 1)
        start = np.cumsum(diff[:m]) <= 0
    starts_d = np.flatnonzero(start)
    real_h = start[cpos]  # (a header inside another headed object is not a start)
    hp = cpos[real_h]
    k = np.searchsorted(starts_d, hp)
    hh = hdr[real_h]
    size = 2 * (ends[real_h] - hp)
    s = hh & 0x3F
    arr = (s == V.ARRAY) | (s == V.WEAKARRAY)
    lo = 2 * hp + np.where(s == V.RECORD, 1, np.where(arr, 3, 0))
    hi = np.where((s == V.RECORD) | arr, 2 * hp + size, lo)
    return Heads(m, starts_d, k, hh, size, lo, hi, start)


def scan_extents(read, addrs) -> list[tuple[int, int]]:
    """(address, bytes) of the tagged fields of the headed objects at ``addrs`` (records
    after the header, arrays after header and links; none for bytes), their headers read
    with ``read(address, bytes)`` (native words)."""
    out = []
    for a in addrs:
        h = int.from_bytes(read(a, 4), "little")
        sec, n = V.header_secondary(h), V.header_length(h)
        if sec == V.RECORD and n:
            out.append((a + 4, 4 * n))
        elif sec in (V.ARRAY, V.WEAKARRAY) and n:
            out.append((a + 12, 4 * n))
    return out


def array_extents(read, addrs) -> list[tuple[int, int]]:
    """(address of the first element, bytes) of the elements of arrays at ``addrs``."""
    out = []
    for a in sorted(addrs):
        h = int.from_bytes(read(a, 4), "little")
        n = V.header_length(h)
        if V.header_secondary(h) in (V.ARRAY, V.WEAKARRAY) and n:
            out.append((a + 12, 4 * n))
    return out


# ------------------------------------------------------------------ marking


_ONES = np.ones(0)


def _ones(n: int) -> np.ndarray:
    """n float64 ones (the matrix's values, never written: one array serves every call)."""
    global _ONES
    if len(_ONES) < n:
        _ONES = np.ones(max(n, 2 * len(_ONES)))
        _ONES.flags.writeable = False
    return _ONES[:n]


def mark_bfs(nobj: int, src: np.ndarray, tobj: np.ndarray, roots: np.ndarray,
             scratch=None) -> np.ndarray:
    """Reachability in C: scipy's breadth-first search over the graph as a CSR matrix,
    with one extra node (``nobj``) whose children are the roots. ``scratch`` as for
    ``parse`` (the matrix's arrays)."""
    small = nobj + 1 < (1 << 31) and len(tobj) + len(roots) < (1 << 31)
    ity = np.int32 if small else np.int64  # (scipy's own index type: no conversion)
    ne = len(tobj) + len(roots)
    if scratch is not None:
        indptr = scratch(f"indptr{ity.__name__}", nobj + 2, ity)
        indptr[0] = 0
        indices = scratch(f"indices{ity.__name__}", ne, ity)
    else:
        indptr = np.zeros(nobj + 2, dtype=ity)
        indices = np.empty(ne, dtype=ity)
    np.cumsum(np.bincount(src, minlength=nobj), out=indptr[1:nobj + 1])
    indptr[nobj + 1] = indptr[nobj] + len(roots)
    indices[:len(tobj)] = tobj
    indices[len(tobj):] = roots
    g = csr_matrix((_ones(len(indices)), indices, indptr),
                   shape=(nobj + 1, nobj + 1))
    # (only the set of nodes reached matters, not the order: spare the search sorting
    # each row's targets)
    g.has_sorted_indices = True
    # the nodes reached are those with a predecessor (-9999: none; the extra node has
    # none either): one comparison instead of a scatter of the search's order
    _order, pred = breadth_first_order(g, nobj, directed=True, return_predecessors=True)
    return pred[:nobj] != -9999


def mark_python(nobj: int, src: np.ndarray, tobj: np.ndarray, roots: np.ndarray) -> np.ndarray:
    """The same marks without scipy: breadth-first in numpy while the frontier is wide
    (many roots, wide records), then depth-first in Python (chains: list spines)."""
    m0 = np.zeros(nobj, dtype=bool)
    m0[roots] = True
    if len(tobj) == 0:
        return m0
    tobj = tobj.astype(np.int64)  # (object numbers may come as uint32: -1 marks below)
    offs_a = np.searchsorted(src, np.arange(nobj + 1))
    deg = np.diff(offs_a)
    frontier = np.flatnonzero(m0 & (deg > 0))
    while len(frontier) > 2048:
        kids = tobj[HS.concat_ranges(offs_a[frontier], deg[frontier])]
        kids = np.unique(kids[~m0[kids]])
        m0[kids] = True
        frontier = kids[deg[kids] > 0]
    return _mark_dfs(nobj, tobj, offs_a, m0, frontier)


# (Measured: ranking list spines with numpy pointer jumping, so that whole chains are marked
# at once, was slower than this loop on the reference programs; the loop it is.)


def _mark_dfs(nobj: int, tobj: np.ndarray, offs_a: np.ndarray, m0: np.ndarray,
              start: np.ndarray) -> np.ndarray:
    """Depth-first in Python from ``start`` (marked objects whose children may not be),
    following each object's last child (a
    list's tail) without touching the stack: last[o] = last child or -1; prev[o] = the other
    child of a 2-child object, -1 none, -2 several (read from the CSR)."""
    deg = np.diff(offs_a)
    nt = len(tobj)
    has = deg > 0
    last = np.where(has, tobj[np.clip(offs_a[1:] - 1, 0, nt - 1)], -1)
    prev = np.where(deg == 2, tobj[np.clip(offs_a[1:] - 2, 0, nt - 1)],
                    np.where(deg > 2, -2, -1))
    if (deg > 2).any():
        offs_l, tl = offs_a.tolist(), tobj.tolist()
    else:
        offs_l = tl = []
    last_l, prev_l = last.tolist(), prev.tolist()
    mark = bytearray(m0.astype(np.uint8).tobytes())
    stack = start.tolist()
    pop, push = stack.pop, stack.append
    while stack:
        o = pop()
        while True:
            p = prev_l[o]
            if p != -1:
                if p == -2:
                    for j in range(offs_l[o], offs_l[o + 1] - 1):
                        c = tl[j]
                        if not mark[c]:
                            mark[c] = 1
                            push(c)
                elif not mark[p]:
                    mark[p] = 1
                    push(p)
            c = last_l[o]
            if c < 0 or mark[c]:
                break
            mark[c] = 1
            o = c
    return np.frombuffer(bytes(mark), dtype=np.uint8).astype(bool)
