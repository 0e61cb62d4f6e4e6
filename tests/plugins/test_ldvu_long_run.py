"""Issue 5's check: a long run with more than 100 biographical censuses completes (GHC
9.0.2 crashes after about 32) and at every census lag + use + drag + void + inherent use is
the live heap, which the -hc profile of the same deterministic run measures independently."""

from __future__ import annotations

import io

from profkit.options import parse_run_args
from profkit.plugins.hpfile import read_hp
from profkit.runner import run

NFIB = """\
nfib :: Int -> Int
nfib n = if n < 2 then 1 else nfib (n-1) + nfib (n-2)

main :: IO ()
main = print (nfib 24)
"""


def _profile(tmp_path, mode):
    prog = tmp_path / "nfib.hs"
    prog.write_text(NFIB)
    out = tmp_path / mode
    out.mkdir()
    stdout = io.StringIO()
    status = run(parse_run_args(["--outdir", str(out), "-fprof-auto", str(prog), "+RTS",
                                 f"-{mode}", "-i0.00004", "-RTS"]), stdout=stdout)
    assert status == 0 and stdout.getvalue() == "75025\n"
    return read_hp(str(out / "nfib.hp"))


def test_more_than_100_biographical_censuses_sum_to_the_live_heap(tmp_path):
    hb = _profile(tmp_path, "hb")
    hc = _profile(tmp_path, "hc")
    samples = [s for s in hb.samples if s.bands]
    assert len(samples) > 100
    for s in samples:
        assert list(s.bands) == ["VOID", "LAG", "USE", "INHERENT_USE", "DRAG"]
    live = {round(s.time, 6): sum(s.bands.values()) for s in hc.samples}
    # the same censuses at the same virtual times in both runs
    assert [round(s.time, 6) for s in samples] == [t for t, b in live.items() if b]
    for s in samples:
        assert sum(s.bands.values()) == live[round(s.time, 6)]


def test_every_profile_of_a_run_ends_at_the_same_virtual_time(tmp_path):
    # the final empty sample comes from Session.time for every scheme
    hb = _profile(tmp_path, "hb")
    hc = _profile(tmp_path, "hc")
    assert hb.samples[-1].time == hc.samples[-1].time > hc.samples[-2].time
