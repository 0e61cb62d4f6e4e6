"""End to end on the STG backend: -hr and -hb runs of a small mean_leak agree with -hc."""

from __future__ import annotations

import io

from profkit.backends.stg import plugin as stg_plugin
from profkit.options import parse_run_args
from profkit.plugins import ccprof, heapprof, ldvu, retainer
from profkit.plugins.hpfile import read_hp
from profkit.runner import run

MEAN_LEAK = """\
module Main (main) where

mean :: [Double] -> Double
mean xs = sum xs / fromIntegral (length xs)

main :: IO ()
main = print (mean [1 .. 3000])
"""


def profile(tmp_path, *rts: str, sub: str, opts: tuple[str, ...] = ()):
    out = tmp_path / sub
    prog = tmp_path / "mean_leak.hs"
    prog.write_text(MEAN_LEAK)
    cfg = parse_run_args(["-fprof-auto", *opts, "--outdir", str(out), str(prog), "+RTS",
                          *rts, "-i0.00005", "-RTS"])
    stdout = io.StringIO()
    status = run(cfg, plugins=[stg_plugin, ccprof, heapprof, ldvu, retainer], stdout=stdout,
                 load_entrypoints=False)
    assert status == 0
    assert stdout.getvalue() == "1500.5\n"
    return out


def totals(path):
    return [sum(s.bands.values()) for s in read_hp(str(path)).samples]


def test_hr_and_hb_account_for_the_same_heap_as_hc(tmp_path):
    # (without the census's stack squeeze, machine/squeeze.py: -hr's graph keeps the
    # squeezed thunks, and -hb's lifetimes count one hidden at a census between two where
    # it is seen; -hc and -hd leave it out, as GHC, a BLACKHOLE's 16 bytes a census)
    off = ("-p", "stg.squeeze=0")
    hc = totals(profile(tmp_path, "-hc", sub="hc", opts=off) / "mean_leak.hp")
    assert len(hc) >= 4 and max(hc) > 0
    # every live object is reachable after a major GC: retainer-set costs = the census
    assert totals(profile(tmp_path, "-hr", sub="hr", opts=off) / "mean_leak.hp") == hc
    # lag + use + drag + void + inherent_use = the census
    hb = read_hp(str(profile(tmp_path, "-hb", sub="hb", opts=off) / "mean_leak.hp"))
    assert [sum(s.bands.values()) for s in hb.samples] == hc
    for s in hb.samples[1:-1]:
        assert list(s.bands) == ["VOID", "LAG", "USE", "INHERENT_USE", "DRAG"]


def test_hr_hcmain_shows_mains_list_retained_by_mean(tmp_path):
    out = profile(tmp_path, "-hr", "-hcmain", sub="hrmain")
    hp = read_hp(str(out / "mean_leak.hp"))
    names = hp.band_names()
    assert any("mean" in name.split(")")[1].split(",") for name in names), names
    # GHC: (101)mean 34,297,728 beside (102)SYSTEM,mean 5,702,272: while sum walks the list
    # it is retained by mean's `length xs` thunk; the stack frames hold just their
    # continuations' free variables, so SYSTEM reaches at most the part being walked. Once
    # length runs, its thunk is a blackhole and the rest of the list is reached from the
    # stack alone (SYSTEM), so only the samples where mean retains anything are held to it
    held = 0
    for s in hp.samples[1:-1]:
        sets = [k.split(")")[1].split(",") for k in s.bands]
        if not any("mean" in r for r in sets):
            continue
        mean_only = sum(v for k, v in s.bands.items() if k.split(")")[1] == "mean")
        system = sum(v for k, v in s.bands.items() if "SYSTEM" in k.split(")")[1].split(","))
        assert mean_only > system, s.bands
        held += 1
    assert held >= 2
    prof = (out / "mean_leak.prof").read_text()
    assert "<Main.mean,Main.main,Main.CAF>" in prof.split("Retainer sets created")[1]


def test_hr_with_hb_writes_both_profiles(tmp_path):
    out = profile(tmp_path, "-hr", "-hb", sub="both")
    assert read_hp(str(out / "mean_leak.hp")).band_names()[0].startswith("(")
    assert read_hp(str(out / "mean_leak.hb.hp")).band_names() == [
        "VOID", "LAG", "USE", "INHERENT_USE", "DRAG"]
    assert (out / "mean_leak.prof").exists()


def test_hc_restricted_by_biography_is_written_by_ldvu(tmp_path):
    out = profile(tmp_path, "-hd", "-hbdrag,void", sub="hd")
    hd = read_hp(str(out / "mean_leak.hp"))
    assert hd.job.endswith("+RTS -hd -hbdrag,void -i0.00005")
    bio = read_hp(str(profile(tmp_path, "-hb", sub="hb2") / "mean_leak.hp"))
    # the drag+void part of the -hd profile is the DRAG+VOID of the biography
    assert [sum(s.bands.values()) for s in hd.samples] == [
        s.bands.get("DRAG", 0) + s.bands.get("VOID", 0) for s in bio.samples]


def test_hr_with_p_puts_the_cost_centre_report_between_blocks_and_sets(tmp_path):
    out = profile(tmp_path, "-hr", "-p", sub="hrp")
    prof = (out / "mean_leak.prof").read_text()
    blocks, rest = prof.split(" Time and Allocation Profiling Report", 1)
    assert blocks.startswith("Retainer Profiling: 0, at ")
    assert blocks.splitlines()[-2].startswith("\tNumber of retainer sets = ")
    report, sets = rest.split("\nRetainer sets created during profiling:\n")
    assert "COST CENTRE" in report and sets.startswith("SET ")
    assert not (out / "mean_leak.retainers").exists()
