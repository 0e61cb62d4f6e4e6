"""A run that takes censuses raises glibc's malloc thresholds (``heap/malloc_tune.py``), so a
census's large arrays are reused from census to census instead of being mapped afresh; a run
without censuses, or with ``-p stg.malloc_tune=0``, leaves the allocator alone."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
PROG = os.path.join(ROOT, "examples", "nfib.hs")

SCRIPT = """
import sys
from profkit.cli import main
from profkit.backends.stg.heap import malloc_tune
rc = main(sys.argv[1:])
print("TUNED", malloc_tune._done, rc)
"""


def _tuned(tmp_path, *args: str) -> str:
    out = subprocess.run([sys.executable, "-c", SCRIPT, "run", "-fprof-auto", "--outdir",
                          str(tmp_path), *args], capture_output=True, text=True, timeout=300)
    line = [x for x in out.stdout.splitlines() if x.startswith("TUNED")]
    assert line, out.stderr
    return line[0]


def _glibc() -> bool:
    import ctypes
    try:
        ctypes.CDLL(None).gnu_get_libc_version
    except (OSError, AttributeError):
        return False
    return sys.platform.startswith("linux")


@pytest.mark.skipif(not _glibc(), reason="glibc's mallopt only")
def test_a_census_run_tunes_the_allocator_and_the_option_turns_it_off(tmp_path):
    assert _tuned(tmp_path, PROG, "+RTS", "-hc", "-RTS") == "TUNED True 0"
    assert _tuned(tmp_path, "-p", "stg.malloc_tune=0", PROG, "+RTS", "-hc",
                  "-RTS") == "TUNED False 0"
    assert _tuned(tmp_path, PROG, "+RTS", "-p", "-RTS") == "TUNED False 0"
