"""The -hc/-hm/-hd/-hy/-hT scheme (plugins/heapprof.py) run through a real Session with a
scripted backend; the files are compared with golden files (a missing golden fails)."""

from __future__ import annotations

import io
import os
import pathlib

import numpy as np
import pytest

from profkit.errors import GuestRuntimeError
from profkit.heap import CensusView
from profkit.hookspecs import hookimpl
from profkit.kinds import ObjKind
from profkit.options import parse_run_args
from profkit.runner import run
from profkit.tables import CostCentre, Info
from profkit.plugins import heapprof
from profkit.plugins.hpfile import read_hp
from tests.conftest import REFERENCE as REFDATA

GOLDEN = pathlib.Path(__file__).parent / "golden"
REFERENCE = str(REFDATA / "ghc-9.0.2/out")


class LeakBackend:
    """A scripted 'mean_leak': builds a list of n cons cells holding boxed doubles under
    ``main``, then a chain of sum thunks under ``mean`` that is consumed census by census."""

    name = "scripted"

    def __init__(self, n: int = 1000, fail: bool = False):
        self.n, self.fail = n, fail
        self.live: list[int] = []
        self.time = 0.0

    def virtual_time(self) -> float:
        return self.time

    def load(self, session):
        t = session.tables
        caf = t.stacks.push(t.stacks.MAIN, t.ccs.intern(CostCentre("CAF", "Main", "<entire-module>",
                                                                   True)))
        self.s_main = t.stacks.push(caf, t.ccs.intern(CostCentre("main", "Main", "m.hs:9:1-30")))
        self.s_mean = t.stacks.push(self.s_main, t.ccs.intern(CostCentre("mean", "Main",
                                                                         "m.hs:6:1-43")))
        enc = t.stacks.push(t.stacks.MAIN, t.ccs.intern(CostCentre("CAF", "GHC.IO.Encoding",
                                                                   "<entire-module>", True)))
        self.s_enc = enc
        self.cons = t.infos.intern(Info(":", "[]", "GHC.Types", ObjKind.CON,
                                        "ghc-prim:GHC.Types.:"))
        self.dbl = t.infos.intern(Info("D#", "Double", "GHC.Types", ObjKind.CON,
                                       "ghc-prim:GHC.Types.D#"))
        self.thunk = t.infos.intern(Info("<GHC.List.sat_s4op>", "*", "GHC.List", ObjKind.THUNK))
        self.arr = t.infos.intern(Info("ARR_WORDS", "ARR_WORDS", "GHC.IO", ObjKind.PRIM))
        self.stack = t.infos.intern(Info("STACK", "STACK", "SYSTEM", ObjKind.STACK))

    def _alloc(self, s, info, stack, words, n=1):
        ids = [s.header.new(info, stack, words, s.era) for _ in range(n)]
        self.live.extend(ids)
        return ids

    def _census(self, s):
        self.time += 0.02
        obj = np.array(self.live, dtype=np.int64)
        s.census(CensusView(time=self.time, era=s.era, obj=obj,
                            gen=np.ones(len(obj), dtype=np.int8), tables=s.tables,
                            header=s.header))

    def run(self, s):
        self._alloc(s, self.arr, self.s_enc, 114)
        self._alloc(s, self.stack, 0, 4096)
        cells = self._alloc(s, self.cons, self.s_main, 3, self.n)
        boxes = self._alloc(s, self.dbl, self.s_main, 2, self.n)
        thunks = self._alloc(s, self.thunk, self.s_mean, 3, self.n)
        self._census(s)
        # the sum consumes the thunk chain: half of it is gone by the next census
        dead = set(thunks[: self.n // 2])
        self.live = [o for o in self.live if o not in dead]
        self._census(s)
        if self.fail:
            raise GuestRuntimeError("mean_leak: Prelude.head: empty list")
        dead = set(cells) | set(boxes) | set(thunks)
        self.live = [o for o in self.live if o not in dead]
        self._census(s)
        self.time += 0.005
        s.stdout.write("500.5\n")
        return 0

    def shutdown(self, s):
        pass


class BackendPlugin:
    def __init__(self, backend):
        self.backend = backend

    @hookimpl
    def profkit_make_backend(self, config, path):
        return self.backend


def run_hp(tmp_path, rts: list[str], backend=None, args=()) -> tuple[int, str]:
    prog = tmp_path / "mean_leak.hs"
    prog.write_text("main = print 1\n")
    cfg = parse_run_args(["--outdir", str(tmp_path), str(prog), *args, "+RTS", *rts, "-RTS"])
    plugins = [BackendPlugin(backend or LeakBackend()), heapprof]
    status = run(cfg, plugins=plugins, stdout=io.StringIO(), stderr=io.StringIO(),
                 load_entrypoints=False)
    return status, (tmp_path / "mean_leak.hp").read_text()


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("PROFKIT_UPDATE_GOLDEN"):
        path.write_text(text)
    assert path.exists(), f"missing golden file {path} (PROFKIT_UPDATE_GOLDEN=1 writes it)"
    assert text == path.read_text()


@pytest.mark.parametrize("mode", ["hc", "hm", "hd", "hy", "hT"])
def test_each_breakdown_matches_its_golden_file(tmp_path, mode):
    status, text = run_hp(tmp_path, [f"-{mode}", "-i0.02"])
    assert status == 0
    check_golden(f"leak.{mode}.hp", text)


def test_hc_layout_names_and_sizes(tmp_path):
    status, text = run_hp(tmp_path, ["-hc", "-i0.02"], args=["10"])
    lines = text.splitlines()
    assert lines[0] == 'JOB "mean_leak 10 +RTS -hc -i0.02"'
    assert lines[1] == 'DATE "Wed Nov 18 11:06 2026"'  # SOURCE_DATE_EPOCH from conftest
    data = read_hp(str(tmp_path / "mean_leak.hp"))
    assert [round(s.time, 6) for s in data.samples] == [0.0, 0.02, 0.04, 0.06, 0.065]
    first = data.samples[1].bands
    # the thread stack is left out without -xt; sizes are words * 8, no profiling header
    assert first == {"(4)GHC.IO.Encoding.CAF": 912, "(2)main/Main.CAF": 40000,
                     "(3)mean/main/Main.CAF": 24000}
    assert data.samples[2].bands["(3)mean/main/Main.CAF"] == 12000
    assert data.samples[3].bands == {"(4)GHC.IO.Encoding.CAF": 912}
    assert data.samples[-1].bands == {}


def test_xt_includes_stacks_and_L_truncates(tmp_path):
    _, text = run_hp(tmp_path, ["-hc", "-xt", "-L8"])
    bands = read_hp(str(tmp_path / "mean_leak.hp")).samples[1].bands
    assert bands == {"(4)GHC....": 912, "(2)main...": 40000, "(3)mean...": 24000,
                     "MAIN": 4096 * 8}


def test_restrictions_filter_the_census(tmp_path):
    _, _ = run_hp(tmp_path, ["-hd", "-hCmain", "-hy[],*"])
    bands = read_hp(str(tmp_path / "mean_leak.hp")).samples[1].bands
    assert bands == {":": 24000, "<GHC.List.sat_s4op>": 24000}
    _, _ = run_hp(tmp_path, ["-hy", "-hcmean"])
    assert read_hp(str(tmp_path / "mean_leak.hp")).samples[1].bands == {"*": 24000}


def test_bands_keep_first_appearance_order_across_samples(tmp_path):
    _, text = run_hp(tmp_path, ["-hd"])
    samples = text.split("BEGIN_SAMPLE")[2:4]
    order = [[ln.split("\t")[0] for ln in s.splitlines() if "\t" in ln] for s in samples]
    assert order[0] == [":", "D#", "<GHC.List.sat_s4op>", "ARR_WORDS"]  # info id order
    assert order[1] == order[0]


def test_identical_runs_give_identical_files(tmp_path):
    a = run_hp(tmp_path, ["-hc"])[1]
    b = run_hp(tmp_path, ["-hc"])[1]
    assert a == b


def test_failed_run_still_leaves_a_valid_file_with_final_sample(tmp_path):
    status, text = run_hp(tmp_path, ["-hd", "-i0.02"], backend=LeakBackend(fail=True))
    assert status == 1
    data = read_hp(str(tmp_path / "mean_leak.hp"))
    assert not data.truncated and len(data.samples) == 4
    assert data.samples[-1].bands == {} and data.samples[-1].time == pytest.approx(0.04)
    assert text.endswith("END_SAMPLE 0.040000\n")


def test_scheme_selection():
    def cfg(*rts):
        return parse_run_args(["p.hs", "+RTS", *rts])
    assert heapprof.profkit_add_schemes(cfg("-hc")) is not None
    for mode in ("-hm", "-hd", "-hy", "-hT"):
        [scheme] = heapprof.profkit_add_schemes(cfg(mode))
        assert scheme.breakdown == mode[2]
    # -hr and -hb profiles are other schemes'; so are profiles filtered by them
    assert heapprof.profkit_add_schemes(cfg("-hr")) is None
    assert heapprof.profkit_add_schemes(cfg("-hb")) is None
    assert heapprof.profkit_add_schemes(cfg("-hc", "-hbdrag,void")) is None
    assert heapprof.profkit_add_schemes(cfg("-p")) is None


def test_final_time_is_the_later_of_session_time_and_what_was_seen():
    class Obj:
        pass

    s = Obj()
    s.time = 0.0
    assert heapprof.final_time(s, 0.5) == 0.5
    s.time = 0.75
    assert heapprof.final_time(s, 0.5) == 0.75


# ----------------------------------------------------------------------------- STG oracle

PROGRAMS = str(REFDATA / "ghc-9.0.2/programs")
N_SMALL = 10_000  # mean_leak's 1e6 elements scaled down so the run takes about a second


def ghc_peaks(mode: str) -> dict[str, int]:
    d = read_hp(f"{REFERENCE}/mean_leak/autoO0/{mode}/mean_leak.{mode}.hp")
    return {strip_id(n): max(s.bands.get(n, 0) for s in d.samples) for n in d.band_names()}


def strip_id(name: str) -> str:
    # CCS numbers are GHC's own; the stack text is what must agree
    return name.split(")", 1)[1] if name.startswith("(") else name


@pytest.fixture(scope="module")
def stg_runs(tmp_path_factory):
    """mean_leak.hs (list of 10^4 instead of 10^6) on the STG backend, once per mode."""
    from profkit.backends.stg import plugin as stg_plugin

    src = open(f"{PROGRAMS}/mean_leak.hs").read()
    assert "1e6" in src
    out = {}
    for mode in ("hc", "hd", "hy"):
        d = tmp_path_factory.mktemp(mode)
        prog = d / "mean_leak.hs"
        prog.write_text(src.replace("1e6", "1e4"))
        cfg = parse_run_args(["--outdir", str(d), "-fprof-auto", str(prog), "+RTS", f"-{mode}",
                              "-i0.0002", "-RTS"])
        stdout = io.StringIO()
        status = run(cfg, plugins=[stg_plugin, heapprof], stdout=stdout, stderr=io.StringIO(),
                     load_entrypoints=False)
        assert status == 0 and stdout.getvalue() == "5000.5\n"
        data = read_hp(str(d / "mean_leak.hp"))
        out[mode] = (data, {strip_id(n): max(s.bands.get(n, 0) for s in data.samples)
                            for n in data.band_names()})
    return out


def _runtime_bytes(column: str, name: str) -> int:
    """Bytes of the STG backend's model of GHC's runtime heap in band ``name`` during the
    first output (mean_leak's only print: not what is made once it is written)."""
    from profkit.backends.stg.heap.rts_heap import LIVE

    i = 0 if column == "desc" else 1
    return sum(o[3] for owner, objs in LIVE.items() for o in objs if o[i] == name
               and owner not in ("main_spare", "Text_spare"))


def test_stg_hd_peaks_scale_like_ghcs(stg_runs):
    data, peaks = stg_runs["hd"]
    ghc = ghc_peaks("hd")
    assert data.job == "mean_leak +RTS -hd -i0.0002"
    assert len(data.samples) >= 4 and not data.samples[-1].bands
    # GHC: ':' 24,000,792 and 'D#' 16,000,000 for 10^6 elements (24 and 16 bytes each);
    # the runtime's own 792 bytes of ':' (its heap model, as in GHC) do not scale
    rts = _runtime_bytes("desc", ":")
    assert rts == 792
    assert (peaks[":"] - rts) / N_SMALL == pytest.approx((ghc[":"] - rts) / 1e6, abs=0.01)
    assert peaks["D#"] / N_SMALL == pytest.approx(ghc["D#"] / 1e6, abs=0.01)
    assert any(n.startswith("<") and n.endswith(">") for n in peaks)  # thunks <Module.name>


def test_stg_hc_band_names_are_ghcs(stg_runs):
    _, peaks = stg_runs["hc"]
    ghc = ghc_peaks("hc")
    for name in ("main/Main.CAF", "mean/main/Main.CAF"):
        assert name in peaks and name in ghc
    # the list and its boxed doubles are main's: 40 bytes per element in both
    assert peaks["main/Main.CAF"] / N_SMALL == pytest.approx(ghc["main/Main.CAF"] / 1e6,
                                                             abs=0.02)


def test_stg_hy_type_names_are_ghcs(stg_runs):
    _, peaks = stg_runs["hy"]
    ghc = ghc_peaks("hy")
    for name in ("[]", "Double", "*"):
        assert name in peaks and name in ghc
    rts = _runtime_bytes("type", "[]")  # the runtime's own lists (its heap model)
    assert (peaks["[]"] - rts) / N_SMALL == pytest.approx((ghc["[]"] - rts) / 1e6, abs=0.01)
