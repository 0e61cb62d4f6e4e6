"""Heap shapes of GHC 9.0.2 -O0 programs on the STG machine, checked against the figures of
the real GHC runs (tests/reference/ghc-9.0.2/FINDINGS.md §3, out/*/autoO0)."""

from __future__ import annotations

import io
from pathlib import Path

from profkit.backends.stg import plugin as stg_plugin
from profkit.options import parse_run_args
from profkit.plugins import ccprof, heapprof
from profkit.plugins.hpfile import read_hp
from profkit.plugins.prof_read import read_profile
from profkit.runner import run
from tests.conftest import REFERENCE as REFDATA

REF = REFDATA / "ghc-9.0.2"


def _run(tmp_path: Path, src: str, *rts: str) -> str:
    prog = tmp_path / "p.hs"
    prog.write_text(src)
    cfg = parse_run_args(["-fprof-auto", "--outdir", str(tmp_path), str(prog), "+RTS", *rts,
                          "-RTS"])
    out = io.StringIO()
    assert run(cfg, plugins=[stg_plugin, ccprof, heapprof], stdout=out, stderr=io.StringIO(),
               load_entrypoints=False) == 0
    return out.getvalue()


def test_mean_leak_hd_peaks_are_ghcs_scaled(tmp_path):
    # GHC, 10^6 elements: `:` peaks at 24,000,792 bytes and D# at 16,000,000 (one cons and
    # one D# per element retained by length's thunk). Here 10^4 elements: GHC's figures/100.
    src = (REF / "programs/mean_leak.hs").read_text().replace("[1 .. 1e6]", "[1 .. 1e4]")
    assert _run(tmp_path, src, "-hd", "-i0.0002") == "5000.5\n"
    peak: dict[str, int] = {}
    for s in read_hp(str(tmp_path / "p.hp")).samples:
        for k, v in s.bands.items():
            peak[k] = max(peak.get(k, 0), v)
    assert abs(peak[":"] - 240_008) <= 24_000
    assert abs(peak["D#"] - 160_000) <= 16_000


def _alloc(tmp_path: Path, src: str) -> dict[str, int]:
    _run(tmp_path, src, "-P")
    prof = read_profile(str(tmp_path / "p.prof"))
    return {n.cc.label: n.alloc for _, n in prof.root.walk() if n.cc.module == "Main"}


def test_nfib_allocates_ghcs_72_bytes_per_call(tmp_path):
    # GHC -O0: the operands of the overloaded `+` are thunks (3 words each), and every `-`
    # and `+` result is an I# (2 words, small ones included: only the collector shares
    # them): 2 * 24 + 16 for `+`, 2 * 16 for the `-`s, per inner call: 144 / 2 per call
    src = "nfib :: Int -> Int\nnfib n = if n < 2 then 1 else nfib (n-1) + nfib (n-2)\n" \
          "main = print (nfib 15)\n"
    calls = 1973
    inner = (calls - 1) // 2
    assert _alloc(tmp_path, src)["nfib"] == inner * 144


def test_length_counts_unboxed_and_enum_double_has_bases_shape(tmp_path):
    # GHC: length's worker allocates nothing per element (scc.hs length_list 0.0%);
    # [a .. b] :: [Double] is takeWhile over numericEnumFrom: a D#, two cons cells and two
    # 4-word thunks per element (mean_leak main: 128 bytes per element)
    src = "main = do\n  let xs = {-# SCC \"enum\" #-} [1.0 .. 1000.0]\n" \
          "  print ({-# SCC \"len\" #-} length xs)\n"
    alloc = _alloc(tmp_path, src)
    assert alloc["len"] <= 16 * 2
    assert 128 * 1000 <= alloc["enum"] <= 128 * 1000 + 1024  # plus the one element past the end



def test_double_enumerations_typed_as_lists_of_double_convert_only_their_bounds(tmp_path):
    # `[a .. b] :: [Double]` and `[a, b .. c] :: [Double]`: GHC enumerates at Double from
    # its bounds (GHC 9.0.2 -O0, session-10 probe: 128 bytes per element each); a map of
    # realToFrac over every element cost 88 bytes more per element
    n = 2000
    src = ("main :: IO ()\nmain = do\n"
           f"  let zs = [1.0 .. {n}.0] :: [Double]\n  print (length zs)\n"
           f"  let ys = [0.5, 1.0 .. {n // 2}.0] :: [Double]\n  print (length ys)\n"
           "  print ([1, 3 .. 9] :: [Double], take 2 ([2, 2.5 ..] :: [Double]))\n")
    alloc = _alloc(tmp_path, src)
    assert (tmp_path / "p.prof").exists()
    assert 128 * n <= alloc["main.zs"] <= 128 * n + 1024
    # (the counter of [a, b .. c] is boxed here, base's worker keeps it unboxed: 120 a step)
    assert abs(alloc["main.ys"] - 128 * n) <= 0.08 * 128 * n
    assert _run(tmp_path, src) == f"{n}\n{n}\n([1.0,3.0,5.0,7.0,9.0],[2.0,2.5])\n"
