"""Where a value points in one collection's from-space (gc.py, phase 2): the range test
and page table that find the pointers into from-space among guest words, and the object
each one points into.

From-space is one or more areas of the moving heap (the creation space, blocks of the
generations being collected), numbered as one array of words ``W_all`` (the areas one
after the other, ``woff`` their word offsets). Values are handled as uint32 (guest words),
differences wrapping below the span's start: a word points into from-space iff it is odd
and its offset from the first area is below the span and, when there are several areas,
lands on a part of a 64 KB page (blocks start on pages: ``memory.HeapSpace``) that some
area covers; a table per page gives the word index in ``W_all`` without a search.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from . import heapscan as HS

SCAN_CHUNK = 1 << 16  # words range-tested at a time (FromSpace.scan)


class FromSpace:
    """``own(w)``: the object holding word ``w`` of ``W_all``; ``scratch(name, n, dtype)``:
    the collector's work arrays (``Collector._scratch``)."""

    def __init__(self, seg_addr: np.ndarray, seg_top: np.ndarray, woff: list[int],
                 nobj: int, nwords: int, own: Callable, scratch: Callable) -> None:
        self.seg_addr, self.seg_top = seg_addr, seg_top
        self.seg_woff = np.array(woff, dtype=np.int64)
        self.one = len(seg_addr) == 1
        self.nobj, self.own, self.scratch = nobj, own, scratch
        self.last_w = max(nwords - 1, 0)
        lo_a = int(seg_addr[0])
        self.lo_u = np.uint32(lo_a)
        self.span = span = int(seg_top[-1]) - lo_a
        self.span_u = np.uint32(span)
        self.npg = npg = (span >> 16) + 1
        self.paged = (not self.one and not ((seg_addr - lo_a) & 0xFFFF).any()
                      and npg <= 1 << 16)
        if self.paged:
            page_wb = np.zeros(npg, dtype=np.int64)
            page_lim = np.zeros(npg, dtype=np.uint32)
            for a, t, o in zip(seg_addr.tolist(), seg_top.tolist(), woff):
                p0, p1 = (a - lo_a) >> 16, ((t - 1 - lo_a) >> 16) + 1
                ps = np.arange(p0, p1, dtype=np.int64)
                page_wb[p0:p1] = o + ((ps << 16) + lo_a - a) // 4
                page_lim[p0:p1] = np.minimum(t - lo_a - (ps << 16), 1 << 16)
            self.page_wb, self.page_lim = page_wb, page_lim
            # the same as offsets from lo_a: word index = page_adj[k] + offset // 4 for
            # an offset below page_end[k]
            self.page_adj = page_wb - (np.arange(npg, dtype=np.int64) << 14)
            self.page_end = ((np.arange(npg, dtype=np.int64) << 16)
                             + page_lim).astype(np.uint32)

    def where(self, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(inside from-space, word index in W_all) of uint32 values ``v``."""
        r = v - self.lo_u
        if self.one:
            return r < np.uint32(self.span), r >> 2
        if self.paged:
            k = np.minimum(r >> 16, self.npg - 1)
            off = r & 0xFFFF
            return ((r >> 16 < self.npg) & (off < self.page_lim[k]),
                    self.page_wb[k] + (off >> 2))
        sa, st = self.seg_addr, self.seg_top
        v64 = v.astype(np.int64)
        s = np.searchsorted(sa, v64, "right") - 1
        sc = np.maximum(s, 0)
        return (s >= 0) & (v64 < st[sc]), self.seg_woff[sc] + ((v64 - sa[sc]) >> 2)

    def hits(self, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(positions, objects) of the odd uint32 values ``v`` pointing into from-space."""
        ok, widx = self.where(v)
        i = np.flatnonzero(ok)
        return i, self.own(widx[i])

    def locate(self, vals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(points into from-space, object) of values ``vals``."""
        v = np.asarray(vals).astype(np.uint32)
        ok, widx = self.where(v)
        ok &= (v & 1) == 1
        if not self.nobj:
            return ok & False, np.zeros(len(v), dtype=np.int64)
        return ok, self.own(np.minimum(widx, self.last_w))

    def scan(self, words: np.ndarray, clear=None, keep: str = "",
             owners: bool = False) -> tuple[np.ndarray, ...]:
        """(positions, values, objects, owners) of the ``words`` (uint32, in any byte
        order) that point into from-space, skipping the word ranges ``clear`` =
        (starts, lengths), disjoint and ascending; owners (the objects holding the
        positions, as ``own``) only if ``owners``, else None. ``keep`` names work arrays
        for the results (valid until the next collection), else they are new arrays.
        The range test on all words comes first (one subtraction and one comparison);
        all of it chunk by chunk, so that its work arrays stay small and in the cache."""
        own, scratch = self.own, self.scratch
        lo_u, span_u = self.lo_u, self.span_u
        n = len(words)
        ch = min(n, SCAN_CHUNK)
        rb = scratch("r", ch, np.uint32)
        mb = scratch("m", ch, np.bool_)
        ob = scratch("odd", ch, np.uint8)
        cl = HS.concat_ranges(*clear) if clear is not None else None
        edges = list(range(0, n, SCAN_CHUNK)) + [n] if n else [0, 0]
        cuts = np.searchsorted(cl, edges).tolist() if cl is not None else None
        # the results go straight into arrays with room for every word (only the part
        # written is ever touched): chunks' pieces kept for a concatenation would each be
        # fresh memory
        res: list = [None] * 4
        nh = 0
        for j, (c0, c1) in enumerate(zip(edges, edges[1:])):
            k = c1 - c0
            wc = words[c0:c1]
            if wc.dtype != np.uint32:
                wc = wc.astype(np.uint32)
            r = np.subtract(wc, lo_u, out=rb[:k])
            m = np.less(r, span_u, out=mb[:k])
            odd = np.bitwise_and(r, 1, out=ob[:k], casting="unsafe")
            m &= odd.view(np.bool_)  # (lo_a is even: r is odd iff the word is)
            if cuts is not None and cuts[j] < cuts[j + 1]:
                m[cl[cuts[j]:cuts[j + 1]] - c0] = False
            p = np.flatnonzero(m)
            rp = r[p]
            if self.one:
                t = own(rp >> 2)
            elif self.paged:  # (rp < span: the page exists)
                kp = rp >> 16
                ok = rp < self.page_end[kp]
                widx = self.page_adj[kp] + (rp >> 2)
                if not ok.all():
                    i = np.flatnonzero(ok)
                    p, widx = p[i], widx[i]
                t = own(widx)
            else:
                i, t = self.hits(wc[p])
                p = p[i]
            v = wc[p]
            p += c0
            for i, x in enumerate((p, v, t, own(p) if owners else None)):
                if x is None:
                    continue
                if res[i] is None:
                    res[i] = (scratch(keep + "pvts"[i] + x.dtype.str, n, x.dtype)
                              if keep else np.empty(n, dtype=x.dtype))
                res[i][nh:nh + len(p)] = x
            nh += len(p)
        return tuple(x[:nh] if x is not None else None for x in res)
