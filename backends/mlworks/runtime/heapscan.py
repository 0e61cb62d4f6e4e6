"""Vectorised parsing of MLWorks heap areas (numpy over whole spaces, no loop per object).

An area of the moving heap is a dense sequence of 8-aligned objects (mlworks.md §9): a word
whose primary tag is HEADER (2) at an even word position starts a headed object whose size
comes from the header; anything else starts an unheaded pair (2 words). The only place a
word with tag 2 at an even position is *not* a header is inside the payload of a STRING or
BYTEARRAY (bytes, boxed reals). ``parse`` therefore resolves those candidates with one
short Python loop over the byte objects only, and does everything else with numpy.
"""

from __future__ import annotations

import numpy as np

from .. import values as V

# object kinds (only computed when some scheme listens to heap events)
K_PAIR, K_CLOSURE, K_RECORD, K_STRING, K_ARRAY, K_REF, K_BYTEARRAY, K_REAL, K_CODE, K_WEAK, \
    K_OTHER = range(11)
KIND_NAMES = ("pair", "closure", "record", "string", "array", "ref", "bytearray", "real",
              "code", "weakarray", "other")


def header_bytes(hdr: np.ndarray) -> np.ndarray:
    """Object sizes in bytes from header words (values.object_bytes, vectorised); invalid
    headers (BACKPTR, unknown) count as 8 bytes."""
    sec = hdr & 0x3F
    ln = (hdr >> 6).astype(np.int64)
    words = (sec == V.RECORD) | (sec == V.CODE) | (sec == V.HEADER50)
    byts = (sec == V.STRING) | (sec == V.BYTEARRAY)
    arr = (sec == V.ARRAY) | (sec == V.WEAKARRAY)
    nb = np.where(words, 4 + 4 * ln, np.where(byts, 4 + ln, np.where(arr, 4 * (ln + 2) + 4, 8)))
    return (nb + 7) & ~7


class Parsed:
    """Objects of one area: ``starts`` (word index of the first word), ``sizes`` (words),
    ``hdr`` (header word, 0 for pairs), ``scan_lo``/``scan_hi`` (word range holding
    tagged values the collector must scan)."""

    __slots__ = ("starts", "sizes", "hdr", "scan_lo", "scan_hi")

    def __init__(self, starts, sizes, hdr, scan_lo, scan_hi):
        self.starts = starts
        self.sizes = sizes
        self.hdr = hdr
        self.scan_lo = scan_lo
        self.scan_hi = scan_hi


def parse(W: np.ndarray) -> Parsed:
    """Parse a dense area of ``len(W)`` words (even) into objects."""
    n = len(W) & ~1
    m = n // 2
    ev = W[0:n:2]
    cpos = np.flatnonzero((ev & 7) == 2)  # candidate header positions, in double words
    hdr = ev[cpos]
    dwords = header_bytes(hdr) >> 3
    sec = hdr & 0x3F
    isbytes = (sec == V.STRING) | (sec == V.BYTEARRAY)
    bidx = np.flatnonzero(isbytes)
    if len(bidx):
        real: list[int] = []
        cov = -1
        for j, s, d in zip(bidx.tolist(), cpos[bidx].tolist(), dwords[bidx].tolist()):
            if s < cov:
                continue  # a tag-2 word inside an earlier string's bytes
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
            cpos, hdr, dwords, sec = cpos[keep], hdr[keep], dwords[keep], sec[keep]
    ends = np.minimum(cpos + dwords, m)
    diff = np.bincount(cpos + 1, minlength=m + 1) - np.bincount(ends, minlength=m + 1)
    interior = np.cumsum(diff[:m]) > 0
    starts_d = np.flatnonzero(~interior)
    sz = np.ones(m, dtype=np.int64)
    sz[cpos] = ends - cpos
    hd = np.zeros(m, dtype=np.uint32)
    hd[cpos] = hdr
    starts = starts_d * 2
    sizes = sz[starts_d] * 2
    h = hd[starts_d]
    s = h & 0x3F
    # scanned words: pairs all, records after the header, arrays after header+links
    lo = np.where(h == 0, 0, np.where(s == V.RECORD, 1,
                                      np.where((s == V.ARRAY) | (s == V.WEAKARRAY), 3, 0)))
    has = (h == 0) | (s == V.RECORD) | (s == V.ARRAY) | (s == V.WEAKARRAY)
    scan_lo = starts + lo
    scan_hi = np.where(has, starts + sizes, scan_lo)
    return Parsed(starts, sizes, h, scan_lo, scan_hi)


def scan_mask(n: int, scan_lo: np.ndarray, scan_hi: np.ndarray) -> np.ndarray:
    """Boolean mask over ``n`` words: True where a word lies in some object's scan range."""
    nz = scan_hi > scan_lo
    diff = np.bincount(scan_lo[nz], minlength=n + 1) - np.bincount(scan_hi[nz], minlength=n + 1)
    return np.cumsum(diff[:n]) > 0


def kinds(W: np.ndarray, p: Parsed, code_lo: int, code_hi: int) -> np.ndarray:
    """Object kinds (K_*) of parsed objects; a closure is a pair or record whose first
    field is a POINTER into the code vector [code_lo, code_hi)."""
    h = p.hdr
    s = h & 0x3F
    ln = h >> 6
    first = W[np.minimum(p.starts + (h != 0), len(W) - 1)]
    is_code = ((first & 7) == V.POINTER) & (first >= code_lo) & (first < code_hi)
    k = np.full(len(h), K_OTHER, dtype=np.int8)
    k[h == 0] = K_PAIR
    k[s == V.RECORD] = K_RECORD
    k[((h == 0) | (s == V.RECORD)) & is_code] = K_CLOSURE
    k[s == V.STRING] = K_STRING
    k[s == V.ARRAY] = K_ARRAY
    k[(s == V.ARRAY) & (ln == 1)] = K_REF
    k[s == V.BYTEARRAY] = K_BYTEARRAY
    k[(s == V.BYTEARRAY) & (ln == 12)] = K_REAL
    k[s == V.CODE] = K_CODE
    k[s == V.WEAKARRAY] = K_WEAK
    return k


def concat_ranges(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Indices ``starts[0]..starts[0]+lengths[0]-1, starts[1]...`` as one array."""
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    offs = np.cumsum(lengths) - lengths
    idx = np.arange(total, dtype=np.int64)
    return idx + np.repeat(starts - offs, lengths)
