"""The cost-centre profiling scheme on a scripted fake backend: aggregation from core's events
and tables, file naming, the DATE line, determinism, goldens for every rule, and failed runs.
"""

from __future__ import annotations

import io
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from profkit.hookspecs import hookimpl
from profkit.kinds import ObjKind
from profkit.options import parse_run_args
from profkit.plugins import bands, ccprof
from profkit.runner import run
from profkit.session import Session
from profkit.tables import CostCentre, Info

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("PROFKIT_UPDATE_GOLDEN") == "1"


# ------------------------------------------------------------------------------ fake backend


@dataclass
class StackSpec:
    """One stack of a scripted run: its path of cost centres from MAIN (exclusive)."""

    path: tuple[CostCentre, ...]
    entries: int = 0
    ticks: int = 0
    alloc_bytes: int = 0


@dataclass
class ScriptedBackend:
    """Creates the stacks in the given order (their ids follow it), then allocates, ticks
    and counts entries through core's header, session and tables, as a real machine does."""

    stacks: list[StackSpec]
    extra_ccs: list[CostCentre] = field(default_factory=list)  # registered, never entered
    fail: bool = False
    name: str = "scripted"
    ids: list[int] = field(default_factory=list)

    def load(self, session):
        t = session.tables
        info = t.infos.intern(Info(":", "[]", "Main", ObjKind.CON))
        self.info = info
        for cc in self.extra_ccs:
            t.ccs.intern(cc)
        for spec in self.stacks:
            s = t.stacks.MAIN
            for cc in spec.path:
                s = t.stacks.push(s, t.ccs.intern(cc))
            self.ids.append(s)

    def run(self, session):
        t = session.tables
        time = 0.0
        for s, spec in zip(self.ids, self.stacks):
            t.stacks.entries[s] += spec.entries
            words = spec.alloc_bytes // session.word_bytes
            while words > 0:  # objects of at most 2**20 words, like big arrays
                chunk = min(words, 1 << 20)
                session.header.new(self.info, s, chunk, session.era)
                words -= chunk
            for _ in range(spec.ticks):
                time += 0.001
                session.tick(time, s)
        if self.fail:
            from profkit.errors import GuestRuntimeError

            raise GuestRuntimeError("prog: Prelude.head: empty list")
        return 0

    def shutdown(self, session):
        pass


class BackendPlugin:
    def __init__(self, backend):
        self.backend = backend

    @hookimpl
    def profkit_make_backend(self, config, path):
        return self.backend


def run_scripted(tmp_path, backend, rts_flags, *, prog="prog.hs", make_scheme=None, before=()):
    """Run ``backend`` under the ccprof plugin module (or the scheme ``make_scheme(config)``
    returns); return the exit status and the report text."""
    src = tmp_path / prog
    src.write_text("main = return ()\n")
    # a relative program path when the test runs in tmp_path (the JSON prints argv[0])
    shown = prog if Path.cwd() == tmp_path else str(src)
    argv = ["--outdir", str(tmp_path), *before, shown, "+RTS", *rts_flags, "-RTS"]
    cfg = parse_run_args(argv)
    plugins = [BackendPlugin(backend), make_scheme(cfg) if make_scheme else ccprof]
    status = run(cfg, plugins=plugins, stdout=io.StringIO(), stderr=io.StringIO(),
                 load_entrypoints=False)
    text = (tmp_path / (Path(prog).stem + ".prof")).read_text()
    return status, text


def cc(label, src, module="Main", is_caf=False):
    return CostCentre(label, module, src, is_caf)


CAF_MAIN = CostCentre("CAF", "Main", "<entire-module>", True)
MAIN_F = cc("main", "demo.hs:(20,1)-(27,16)")


def rules_script() -> tuple[list[StackSpec], list[CostCentre]]:
    """A run exercising every rule of the report (see the golden files)."""
    aa, mm = cc("aa", "demo.hs:7:1-19"), cc("mm", "demo.hs:10:1-19")
    zz = cc("zz", "demo.hs:13:1-12")
    go1, go2 = cc("main.go", "demo.hs:22:7-30"), cc("main.go", "demo.hs:24:7-30")
    lam = cc("main.λ", "demo.hs:25:9-20")
    helper = cc("helper.loop.step", "demo.hs:(30,1)-(34,22)")
    nothing = cc("nothing", "demo.hs:40:1-10")
    carrier = cc("carrier", "demo.hs:41:1-10")
    one_pct = cc("onepct", "demo.hs:50:1-10")
    gc = CostCentre("GC", "GC", "<built-in>")
    overhead = CostCentre("OVERHEAD_of", "PROFILING", "<built-in>")
    system = CostCentre("SYSTEM", "SYSTEM", "<built-in>")
    idle = CostCentre("IDLE", "IDLE", "<built-in>")
    enc = CostCentre("CAF", "GHC.IO.Encoding.Iconv", "<entire-module>", True)
    m = (CAF_MAIN, MAIN_F)
    stacks = [
        StackSpec((idle,)),                                     # hidden, empty: pruned
        StackSpec((overhead,), alloc_bytes=400_000),            # hidden, but widens the flat table
        StackSpec((gc,), ticks=7),                              # hidden: not in totals
        StackSpec((system,), alloc_bytes=8_000),
        StackSpec((enc,), alloc_bytes=200),
        StackSpec((CAF_MAIN,)),
        StackSpec(m, entries=1, alloc_bytes=56),
        StackSpec(m + (aa,), entries=1, ticks=150, alloc_bytes=791_272),
        StackSpec(m + (mm,), entries=3, ticks=4, alloc_bytes=9_600),
        StackSpec(m + (zz,), entries=100, ticks=1, alloc_bytes=1_600),
        StackSpec(m + (go1,), entries=2, ticks=2, alloc_bytes=16),   # equal siblings:
        StackSpec(m + (go2,), entries=2, ticks=3, alloc_bytes=32),   # newest first
        StackSpec(m + (go2, lam), entries=5, alloc_bytes=48),        # non-ASCII label
        StackSpec(m + (go2, lam, helper), entries=7, ticks=1, alloc_bytes=24),
        StackSpec(m + (nothing,)),                                   # empty: pruned
        StackSpec(m + (carrier,)),                                   # empty but has a child
        StackSpec(m + (carrier, aa), entries=1, ticks=2, alloc_bytes=80),  # aa on two stacks
        StackSpec(m + (one_pct,), alloc_bytes=8_120),  # exactly 1% of the bytes: not listed
        StackSpec((MAIN_F,), alloc_bytes=952),         # the :Main.main wrapper
    ]
    # the shown bytes total 812,000, so onepct's 8,120 bytes are exactly 1%
    return stacks, [cc("never", "demo.hs:60:1-5")]


# ------------------------------------------------------------------------------ tests


@pytest.mark.parametrize("mode", ["p", "P", "pa", "Pa", "pj"])
def test_rules_golden(tmp_path, mode, monkeypatch):
    monkeypatch.chdir(tmp_path)
    # GIVEN a scripted run that exercises hiding, pruning, sorting, widths and thresholds
    stacks, extra = rules_script()
    # WHEN it runs under +RTS -<mode>
    status, text = run_scripted(tmp_path, ScriptedBackend(stacks, extra), [f"-{mode}"],
                                prog="demo.hs")
    assert status == 0
    # THEN the report is the golden file (DATE pinned by SOURCE_DATE_EPOCH in conftest)
    golden = GOLDEN / f"rules.{mode}.prof"
    if UPDATE:
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(text)
    assert golden.exists(), f"missing golden {golden} (PROFKIT_UPDATE_GOLDEN=1 writes it)"
    assert text == golden.read_text()


def test_rules_in_detail(tmp_path):
    stacks, extra = rules_script()
    _, text = run_scripted(tmp_path, ScriptedBackend(stacks, extra), ["-p"], prog="demo.hs")
    lines = text.split("\n")
    # totals leave out GC's ticks and OVERHEAD_of's/SYSTEM's bytes
    assert "(163 ticks @ 1000 us, 1 processor)" in lines[4]
    assert lines[5] == "\ttotal alloc =     812,000 bytes  (excludes profiling overheads)"
    # the flat table is as wide as OVERHEAD_of's module PROFILING although it is not listed
    assert lines[7].startswith("COST CENTRE MODULE    SRC ")
    flat = lines[9:lines.index("", 9)]
    labels = [ln.split()[0] for ln in flat]
    # by ticks only; aa summed over its two stacks; onepct (exactly 1%) not listed
    assert labels == ["aa", "mm", "main.go", "main.go"]  # zz: 1 tick is not > 163 // 100
    assert "onepct" not in labels and "GC" not in labels and "OVERHEAD_of" not in labels
    tree = [ln for ln in lines[lines.index("", lines.index("", 9) + 3) + 1:] if ln]
    names = [ln.split()[0] for ln in tree]
    assert "nothing" not in names and "IDLE" not in names and "GC" not in names
    assert "carrier" in names  # empty, but its child has costs
    # siblings under main: entries descending, then label, then newest first
    under_main = [ln.split()[0] for ln in tree
                  if ln.startswith("   ") and not ln.startswith("    ")]
    assert under_main == ["zz", "mm", "main.go", "main.go", "aa", "carrier", "onepct"]
    go_rows = [ln for ln in tree if ln.split()[0] == "main.go"]
    assert "24:7-30" in go_rows[0] and "22:7-30" in go_rows[1]


def test_report_name_date_and_command_line(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1795000000")
    stacks, extra = rules_script()
    _, text = run_scripted(tmp_path, ScriptedBackend(stacks, extra), ["-p", "-V0.002"],
                           prog="demo.hs")
    lines = text.split("\n")
    assert lines[0] == "\tWed Nov 18 11:06 2026 Time and Allocation Profiling Report  (Final)"
    assert lines[2] == "\t   demo +RTS -p -V0.002 -RTS"
    assert "ticks @ 2000 us" in lines[4]


def test_date_format_pads_the_day_like_ctime():
    assert ccprof.report_date(0) == "Thu Jan  1 00:00 1970"
    assert ccprof.report_date(1795000000) == "Wed Nov 18 11:06 2026"


def test_two_runs_give_identical_reports(tmp_path, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    texts = []
    for i in range(2):
        d = tmp_path / str(i)
        d.mkdir()
        stacks, extra = rules_script()
        texts.append(run_scripted(d, ScriptedBackend(stacks, extra), ["-P"], prog="demo.hs")[1])
    a, b = (t.split("\n", 1) for t in texts)
    assert a[1] == b[1]
    assert a[0].endswith("Time and Allocation Profiling Report  (Final)")


def test_failed_run_still_writes_a_valid_report(tmp_path):
    stacks, extra = rules_script()
    status, text = run_scripted(tmp_path, ScriptedBackend(stacks, extra, fail=True), ["-pj"],
                                prog="demo.hs")
    assert status == 1
    d = json.loads(text)
    assert d["total_ticks"] == 170 and d["profile"]["id"] == 1


def test_json_semantics(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    stacks, extra = rules_script()
    _, text = run_scripted(tmp_path, ScriptedBackend(stacks, extra), ["-pj"], prog="demo.hs")
    d = json.loads(text)
    # speedscope's detection keys
    assert "rts_arguments" in d and d["initial_capabilities"] == 0
    assert d["tick_interval"] == 1000 and d["rts_arguments"] == ["-pj"]
    assert d["arguments"] == ["./demo"]
    # nothing hidden or pruned: the totals include the built-ins
    assert d["total_alloc"] == 812_000 + 400_000 + 8_000
    ids = {c["id"]: c for c in d["cost_centres"]}
    assert ids[1]["label"] == "MAIN"
    assert [c["id"] for c in d["cost_centres"]] == sorted(ids, reverse=True)

    def walk(n, depth=0):
        yield depth, n
        for c in n["children"]:
            yield from walk(c, depth + 1)

    nodes = list(walk(d["profile"]))
    assert len(nodes) == len(stacks) + 1  # every stack, pruned ones included
    labels = {ids[n["id"]]["label"] for _, n in nodes}
    assert {"IDLE", "nothing", "GC"} <= labels
    aa = [n for _, n in nodes if ids[n["id"]]["label"] == "aa"]
    assert sorted((n["ticks"], n["alloc"]) for n in aa) == [(2, 80), (150, 791_272)]


def test_scheme_is_selected_only_by_prof_flags(tmp_path):
    cfg = parse_run_args([str(tmp_path / "x.hs")])
    assert ccprof.profkit_add_schemes(cfg) is None
    s = Session(cfg, [ccprof], load_entrypoints=False)
    assert s.schemes == [] and not s.listens("profkit_alloc")
    for flag in ("-p", "-P", "-pa", "-Pa", "-pj"):
        cfg = parse_run_args([str(tmp_path / "x.hs"), "+RTS", flag])
        s = Session(cfg, [ccprof], load_entrypoints=False)
        assert [type(x).__name__ for x in s.schemes] == ["CostCentreProfile"]
        assert s.schemes[0].mode == flag[1:]


def test_allocations_are_summed_per_producer_with_word_size(tmp_path):
    # GIVEN a session whose words are 4 bytes (MLWorks) and objects with and without producer
    cfg = parse_run_args([str(tmp_path / "x.sml"), "+RTS", "-P"])
    scheme = ccprof.CostCentreProfile(cfg)
    s = Session(cfg, [scheme], load_entrypoints=False)
    s.word_bytes = 4
    f = s.tables.stacks.push(0, s.tables.ccs.intern(cc("f", "x.sml:1")))
    for producer, words in [(f, 3), (0, 2), (f, 5), (-1, 100)]:
        s.header.new(0, producer, words, 1)
    s.flush()
    s.header.new(0, f, 1, 1)
    s.flush()
    s.tick(0.001, f)
    s.tick(0.002, f)
    p = scheme.build_profile(s)
    # THEN bytes = words * 4 per stack, the null producer is not costed, ticks counted
    assert (p.root.alloc, p.root.children[0].alloc) == (8, 36)
    assert (p.root.ticks, p.root.children[0].ticks) == (0, 2)
    assert p.root.children[0].id == ccprof.ccs_number(f) == bands.ccs_id(s.tables, f) == f
