"""Acceptance checks against real GHC 9.0.2: each reference program runs on profkit's STG
backend under ``+RTS -p`` and its cost-centre tree under ``CAF Main`` (``CAF:main`` with
-fprof-cafs) must equal GHC's -p report in labels, modules, SRC, nesting and entries, with
%alloc within 5 points.

nfib, fg (-fprof-auto, -fprof-auto-top -fprof-cafs, -fprof-auto-calls) run at full size.
mean_leak, scc and sort_order would take 40-100 s each in the model, so they run *reduced*:
the source is edited without moving any cost centre's SRC span, scaling every loop by the
same factor so that the %alloc shares stay those of the full run; entries that depend on the
size are recomputed (nfib n is entered 2*nfib(n)-1 times).

Known mismatches (strict xfail: they fail loudly once fixed) are owned by the STG backend
and its Haskell front end, not by the scheme; see each marker.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from profkit.backends.stg import plugin as stg_plugin
from profkit.hookspecs import hookimpl
from profkit.options import parse_run_args
from profkit.plugins import ccprof
from profkit.plugins.prof_read import StackNode, read_profile
from profkit.runner import run
from tests.conftest import REFERENCE as REFDATA

REF = REFDATA / "ghc-9.0.2"
PROGRAMS = REF / "programs"


def nfib_calls(n: int) -> int:
    a, b = 1, 1  # nfib 0, nfib 1
    for _ in range(n - 1):
        a, b = b, a + b
    return 2 * (b if n >= 1 else a) - 1


def caf_main_rows(root: StackNode) -> list[tuple]:
    """(depth, label, module, SRC, entries) under CAF Main / CAF:main (module Main), in a
    runtime-independent order, and the %alloc of each row."""
    rows: list[tuple] = []

    def pct_alloc(n: StackNode) -> float:
        return n.pct[1] if n.pct is not None else 0.0

    def go(n: StackNode, depth: int) -> None:
        rows.append(((depth, n.cc.label, n.cc.module, n.cc.src, n.entries), pct_alloc(n)))
        for c in sorted(n.children, key=lambda c: (-c.entries, c.cc.label, c.cc.src)):
            go(c, depth + 1)

    for c in root.children:
        if c.cc.module == "Main" and (c.cc.label == "CAF" or c.cc.label.startswith("CAF:")):
            go(c, 0)
    return rows


class _Keep:
    """Keeps the session so a test can look at the backend after the run."""

    session = None

    @hookimpl
    def profkit_session_finish(self, session):
        _Keep.session = session


def run_profkit(tmp_path: Path, source: str, name: str, opts: list[str]):
    prog = tmp_path / name
    prog.write_text(source)
    cfg = parse_run_args(["--outdir", str(tmp_path), *opts, str(prog), "+RTS", "-p", "-RTS"])
    out = io.StringIO()
    keep = _Keep()
    status = run(cfg, plugins=[stg_plugin, ccprof, keep], stdout=out, stderr=io.StringIO(),
                 load_entrypoints=False)
    assert status == 0
    return read_profile(str(tmp_path / (prog.stem + ".prof"))), out.getvalue(), keep.session


def _edit(name: str, edits: list[tuple[str, str]]) -> str:
    src = (PROGRAMS / name).read_text()
    for old, new in edits:
        assert old in src
        src = src.replace(old, new)
    return src


#: (case id, program, GHC variant, options, source edits, entries to change, alloc check)
CASES = [
    ("nfib", "nfib.hs", "autoO0", ["-fprof-auto"], [], {}, True),
    ("fg", "fg.hs", "autoO0", ["-fprof-auto"], [], {}, True),
    ("fg-topcafs", "fg.hs", "topcafs", ["-fprof-auto-top", "-fprof-cafs"], [], {}, True),
    ("mean_leak/100", "mean_leak.hs", "autoO0", ["-fprof-auto"],
     [("[1 .. 1e6]", "[1 .. 1e4]")], {}, True),
    ("mean_leak-topcafs/100", "mean_leak.hs", "topcafs", ["-fprof-auto-top", "-fprof-cafs"],
     [("[1 .. 1e6]", "[1 .. 1e4]")], {}, True),
    # nfib 27 -> 22 is 11.09 times less work; the list shrinks by the same factor
    ("scc/11", "scc.hs", "autoO0", ["-fprof-auto"],
     [("f 27", "f 22"), ("g 27", "g 22"), ("1000000 :: Int", "90170   :: Int")],
     {("f_body", "nfib"): nfib_calls(22), ("g_body", "nfib"): nfib_calls(11)}, True),
    ("scc-manual/11", "scc.hs", "manual", [],
     [("f 27", "f 22"), ("g 27", "g 22"), ("1000000 :: Int", "90170   :: Int")], {}, True),
    ("sort_order/20", "sort_order.hs", "autoO0", ["-fprof-auto"],
     [("aa 3000000", "aa  150000"), ("[1000, 2000, 3000]", "[50, 100, 150]")], {}, True),
    ("fg-calls", "fg.hs", "calls", ["-fprof-auto-calls"], [], {}, True),
]

XFAIL_STRUCTURE: dict[str, str] = {}
XFAIL_ALLOC: dict[str, str] = {}


def _params(kind: str):
    marks = XFAIL_STRUCTURE if kind == "structure" else XFAIL_ALLOC
    out = []
    for case in CASES:
        m = [pytest.mark.xfail(strict=True, reason=marks[case[0]])] if case[0] in marks else []
        if kind == "alloc" and not case[6]:
            continue
        out.append(pytest.param(case, id=case[0], marks=m))
    return out


_cache: dict[str, tuple] = {}


def _run_case(case, tmp_path_factory):
    cid, name, variant, opts, edits, entries, _ = case
    if cid not in _cache:
        tmp = tmp_path_factory.mktemp(cid.replace("/", "_"))
        ours, stdout, session = run_profkit(tmp, _edit(name, edits), name, opts)
        ghc = read_profile(str(REF / "out" / name[:-3] / variant / "p" / f"{name[:-3]}.p.prof"))
        _cache[cid] = (ours, ghc, stdout, session)
    return _cache[cid]


def _expected(ghc_rows, entries):
    out = []
    path: list[str] = []
    for (depth, label, module, src, n), pct in ghc_rows:
        del path[depth:]
        path.append(label)
        key = tuple(path[-2:])
        out.append(((depth, label, module, src, entries.get(key, n)), pct))
    return out


def _sampled_only(rows: list) -> list:
    """``rows`` without the leaves that only the timer's samples put in the tree (no entry,
    no allocation, no child: `-fprof-auto-calls`' call of `<` in fg: which of its copies
    a 20 ms sample lands in is the clock's, GHC's and the virtual one's alike)."""
    out = []
    for i, (row, pct) in enumerate(rows):
        leaf = i + 1 == len(rows) or rows[i + 1][0][0] <= row[0]
        if not (leaf and row[4] == 0 and pct == 0.0):
            out.append((row, pct))
    return out


@pytest.mark.parametrize("case", _params("structure"))
def test_cost_centre_tree_under_caf_main_equals_ghc(case, tmp_path_factory):
    ours, ghc, stdout, _ = _run_case(case, tmp_path_factory)
    want = [r for r, _ in _sampled_only(_expected(caf_main_rows(ghc.root), case[5]))]
    got = [r for r, _ in _sampled_only(caf_main_rows(ours.root))]
    assert got == want
    if not case[4]:  # unmodified programs print what GHC's build printed
        ghc_out = REF / "out" / case[1][:-3] / case[2] / "p" / "stdout.txt"
        assert stdout == ghc_out.read_text()


@pytest.mark.parametrize("case", _params("alloc"))
def test_alloc_shares_under_caf_main_within_5_points(case, tmp_path_factory):
    ours, ghc, _, _ = _run_case(case, tmp_path_factory)
    want = {r: p for r, p in _expected(caf_main_rows(ghc.root), case[5])}
    got = {r: p for r, p in caf_main_rows(ours.root)}
    far = {r[1:4]: (want[r], got[r]) for r in want if r in got and abs(want[r] - got[r]) > 5}
    assert want.keys() & got.keys() and not far


def test_scheme_agrees_with_the_machines_own_counters(tmp_path_factory):
    # the STG machine also keeps per-stack bytes and ticks; the events must add up to them
    ours, _, _, session = _run_case(CASES[1], tmp_path_factory)
    backend = session.backend
    scheme = next(s for s in session.schemes if isinstance(s, ccprof.CostCentreProfile))
    p = scheme.build_profile(session)
    nodes = sorted((n for _, n in p.root.walk()), key=lambda n: n.id)
    assert [n.alloc for n in nodes] == [int(x) for x in backend.ccs_alloc_bytes()]
    assert [n.ticks for n in nodes] == list(backend.ccs_ticks)
    assert [n.entries for n in nodes] == list(backend.ccs_entries)
    assert sum(n.ticks for n in nodes) == backend.total_ticks > 0


def test_retainer_sections_go_around_the_report_as_in_ghc(tmp_path):
    # GIVEN -hr -p (GHC: census blocks, the -p report, then the SET listing, in one file)
    from profkit.plugins import retainer

    prog = tmp_path / "mean_leak.hs"
    prog.write_text(_edit("mean_leak.hs", [("[1 .. 1e6]", "[1 .. 1e4]")]))
    cfg = parse_run_args(["--outdir", str(tmp_path), "-fprof-auto", str(prog),
                          "+RTS", "-hr", "-p", "-i0.0005", "-RTS"])
    assert run(cfg, plugins=[stg_plugin, ccprof, retainer], stdout=io.StringIO(),
               load_entrypoints=False) == 0
    text = (tmp_path / "mean_leak.prof").read_text()
    ghc = (REF / "out/mean_leak/autoO0/hr_p/mean_leak.hr_p.prof").read_text()
    # THEN the file has GHC's layout and the report inside reads as the -p tree
    for t in (text, ghc):
        assert t.startswith("Retainer Profiling: 0, at ")
        report_at = t.index("Time and Allocation Profiling Report")
        assert t.index("\n\nRetainer sets created during profiling:\nSET ") > report_at
    ours = read_profile(str(tmp_path / "mean_leak.prof"))
    want = caf_main_rows(read_profile(str(REF / "out/mean_leak/autoO0/hr_p/mean_leak.hr_p.prof"))
                         .root)
    assert [r for r, _ in caf_main_rows(ours.root)] == [r for r, _ in want]
    assert not (tmp_path / "mean_leak.retainers").exists()


def test_two_stg_runs_give_identical_reports(tmp_path, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    texts = []
    for d in ("a", "b"):
        (tmp_path / d).mkdir()
        run_profkit(tmp_path / d, (PROGRAMS / "fg.hs").read_text(), "fg.hs",
                    ["-fprof-auto-top", "-fprof-cafs"])
        texts.append((tmp_path / d / "fg.prof").read_text().split("\n"))
    assert texts[0][1:] == texts[1][1:] and len(texts[0]) > 10
