"""The C allocator's thresholds for a run that takes censuses (``-h`` modes).

A census works on numpy arrays of the size of the live heap (band columns, the census graph,
retainer sets): tens of MB each for a heap of a few million objects, made and freed several
times per census. glibc's malloc serves a block that large with its own ``mmap`` and gives it
back with ``munmap`` when freed, so the next census's arrays start as fresh pages the kernel
must fault in and zero: on ``mean_leak`` (a million-element list live) ``-hr`` spent 8.6 s of
system time (against 0.8 s for ``-p``), ``-hc`` 2 s. Raising the mmap threshold and the trim
threshold keeps those blocks in the heap, reused from census to census (``-hr`` 1.4 s of
system time; the peak resident set is the same: it is the largest set of arrays alive at
once either way, and what is freed is reused, not returned).

Only on glibc (``mallopt``); ``-p stg.malloc_tune=0`` leaves the allocator as it is.
"""

from __future__ import annotations

import ctypes
import sys

#: glibc's ``mallopt`` parameters
M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
#: both thresholds (bytes): blocks up to this size come from the heap and stay in it
THRESHOLD = 1 << 30

_done = False


def tune() -> bool:
    """Set both thresholds once per process; whether the allocator took them."""
    global _done
    if _done:
        return True
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None)
        mallopt = libc.mallopt
        gnu = libc.gnu_get_libc_version  # (glibc's: musl's mallopt does nothing)
    except (OSError, AttributeError):
        return False
    del gnu
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    # (both: a trim threshold alone turns off glibc's own raising of the mmap threshold,
    # and then every large block is mapped and unmapped: five times the system time)
    _done = bool(mallopt(M_MMAP_THRESHOLD, THRESHOLD)) and bool(
        mallopt(M_TRIM_THRESHOLD, THRESHOLD))
    return _done
