"""Readers of GHC's and profkit's .prof files, the normalised form and ``profkit read``."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from profkit.errors import UsageError
from profkit.plugins import ccprof
from profkit.plugins.ccprof import compare_text, normalised_text
from profkit.plugins.prof_read import CostCentreInfo, Profile, StackNode, read_profile
from profkit.plugins.prof_text import render_text
from profkit.session import make_plugin_manager
from tests.conftest import REFERENCE as REFDATA

REF = REFDATA / "ghc-9.0.2/out"
# every report with a time profile (-hr alone writes a .prof with only retainer sets)
ALL_PROF = sorted(p for p in REF.glob("*/*/*/*.prof")
                  if p.parts[-2] in ("p", "P", "Pa", "pj", "hr_p"))


def _find(root: StackNode, *labels: str) -> StackNode:
    n = root
    for lbl in labels:
        n = next(c for c in n.children if c.cc.label == lbl)
    return n


@pytest.mark.parametrize("path", ALL_PROF, ids=lambda p: "/".join(p.parts[-4:-1]))
def test_every_ghc_report_parses(path):
    p = read_profile(str(path))
    assert p.root.cc.label == "MAIN" and p.program.startswith(path.parts[-4])
    assert p.tick_us == 1000 and p.total_alloc > 0


def test_facts_of_the_ghc_reports():
    nfib = read_profile(str(REF / "nfib/autoO0/p/nfib.p.prof"))
    assert (nfib.total_ticks, nfib.total_alloc, nfib.rts_args) == (18, 17529056, ["-p"])
    assert nfib.date == "Sun Nov 22 02:37 2026"
    n = _find(nfib.root, "CAF", "main", "nfib")
    assert (n.id, n.entries, n.pct, n.ticks) == (252, 242785, (100.0, 99.7, 100.0, 99.7), None)
    fg = read_profile(str(REF / "fg/autoO0/P/fg.P.prof"))
    assert _find(fg.root, "CAF", "main", "f", "nfib").entries == 242785
    assert _find(fg.root, "CAF", "main", "g", "nfib").entries == 465
    pa = read_profile(str(REF / "nfib/autoO0/Pa/nfib.Pa.prof"))
    assert _find(pa.root, "OVERHEAD_of").alloc == 14567232
    assert _find(pa.root, "OVERHEAD_of").cc.hidden and not _find(pa.root, "CAF").cc.hidden
    hr = read_profile(str(REF / "mean_leak/autoO0/hr_p/mean_leak.hr_p.prof"))
    assert hr.rts_args == ["-hr", "-p", "-i0.05"] and _find(hr.root, "CAF", "main", "mean")


@pytest.mark.parametrize("prog", ["nfib", "fg", "mean_leak", "scc", "sort_order"])
def test_ghc_text_and_json_give_the_same_tree(prog):
    # -Pa and -pj are different runs: same stacks, entries and bytes, other ticks
    text = read_profile(str(REF / prog / "autoO0/Pa" / f"{prog}.Pa.prof"))
    js = read_profile(str(REF / prog / "autoO0/pj" / f"{prog}.pj.prof"))

    def shape(n: StackNode):
        return (n.cc.key(), n.cc.is_caf, n.entries, n.alloc,
                sorted(shape(c) for c in n.children))

    assert shape(text.root) == shape(js.root)
    assert text.total_alloc == js.total_alloc and text.program == js.program
    assert {c.key() for c in text.cost_centres} == {c.key() for c in js.cost_centres}


def _ours() -> Profile:
    main = CostCentreInfo(1, "MAIN", "MAIN", "<built-in>")
    odd = CostCentreInfo(2, "weird name", "Main", "<no location info>")
    f = CostCentreInfo(3, "f", "Main", "a.hs:(1,1)-(2,9)")
    root = StackNode(1, main, 0, 1, 16, [StackNode(2, odd, 3, 4, 24, [StackNode(3, f, 9, 5, 80)])])
    return Profile("a", root, [main, odd, f], rts_args=["-P"], date="D")


def test_text_with_spaces_in_names_reads_back(tmp_path):
    path = tmp_path / "a.prof"
    path.write_text(render_text(_ours(), "P"))
    p = read_profile(str(path))
    n = p.root.children[0]
    # the writer prints a label's blanks as "_" (GHC's labels never have any: tools read
    # .prof rows as words), and the reader takes SRC by its column (GHC's own SRC has blanks)
    assert (n.cc.label, n.cc.src, n.entries, n.ticks, n.alloc) == (
        "weird_name", "<no location info>", 3, 4, 24)
    assert n.children[0].cc.src == "a.hs:(1,1)-(2,9)"


def test_normalised_form_is_the_same_for_every_format_of_one_run(tmp_path):
    from profkit.plugins.prof_json import render_json

    forms = []
    for name, text in [("P", render_text(_ours(), "P")), ("Pa", render_text(_ours(), "Pa")),
                       ("pj", render_json(_ours()))]:
        (tmp_path / name).write_text(text)
        forms.append(normalised_text(read_profile(str(tmp_path / name))))
    assert forms[0] == forms[1] == forms[2]
    assert forms[0].split("\n")[2] == (
        " weird_name  Main  <no location info>  entries=3  time=40.0%  alloc=20.0%"
        "  inherited=90.0%/86.7%  ticks=4  bytes=24")


def test_compare_reports_per_stack_differences():
    a = read_profile(str(REF / "fg/autoO0/p/fg.p.prof"))
    b = read_profile(str(REF / "fg/autoO0/P/fg.P.prof"))
    text, differs = compare_text(a, a)
    assert not differs and "no differences" in text
    text, differs = compare_text(a, b, "p", "P")
    assert differs
    assert "MAIN (<built-in>): %time 9.1 -> 0.0" in text
    # --under keeps one subtree of MAIN: here the library CAFs' rows go away
    d = read_profile(str(REF / "nfib/O2/p/nfib.p.prof"))
    nfib = read_profile(str(REF / "nfib/autoO0/p/nfib.p.prof"))
    full, _ = compare_text(nfib, d)
    text, differs = compare_text(nfib, d, under="Main.CAF")
    assert "GHC.IO.Handle.FD.CAF" in full and "GHC.IO.Handle.FD.CAF" not in text
    assert differs and text.count("\n") == 4  # two headers, main's and nfib's %alloc
    c = read_profile(str(REF / "fg/topcafs/p/fg.p.prof"))
    text, _ = compare_text(a, c, "auto", "topcafs")
    assert "MAIN/Main.CAF/Main.main/Main.f/Main.nfib (fg.hs:4:1-53): only in auto" in text


def test_profkit_read_subcommand_through_the_hook(capsys):
    pm = make_plugin_manager()
    pm.register(ccprof)
    p = str(REF / "nfib/autoO0/p/nfib.p.prof")
    assert pm.hook.profkit_cli_command(name="render", argv=[p]) is None
    assert pm.hook.profkit_cli_command(name="read", argv=[p]) == 0
    out = capsys.readouterr().out
    assert out.startswith("program nfib.autoO0: 18 ticks, 17529056 bytes\n")
    assert "   nfib  Main  nfib.hs:4:1-53  entries=242785  time=100.0%" in out
    q = str(REF / "nfib/O2/p/nfib.p.prof")
    assert pm.hook.profkit_cli_command(name="read", argv=[p, q]) == 1
    assert pm.hook.profkit_cli_command(name="read", argv=[p, p]) == 0
    assert pm.hook.profkit_cli_command(name="read", argv=[]) == 2
    capsys.readouterr()
    assert pm.hook.profkit_cli_command(name="read", argv=["--under", "Main.CAF", p, q]) == 1
    assert capsys.readouterr().out.count("\n") == 4
    with pytest.raises(UsageError):
        pm.hook.profkit_cli_command(name="read", argv=[p, "--under"])


def test_bad_files_are_one_line_usage_errors(tmp_path):
    bad = tmp_path / "x.prof"
    bad.write_text("hello\n")
    with pytest.raises(UsageError, match="x.prof:1: expected a 'Time and Allocation"):
        read_profile(str(bad))
    bad.write_text("{not json")
    with pytest.raises(UsageError, match="x.prof:1: expected -pj JSON"):
        read_profile(str(bad))
    with pytest.raises(UsageError, match="expected a 'Time and Allocation"):
        read_profile(str(REF / "nfib/autoO0/hr/nfib.hr.prof"))
    with pytest.raises(UsageError, match="No such file"):
        read_profile(str(tmp_path / "missing.prof"))
    out = io.StringIO()
    assert ccprof.cli_read(["--help"], out) == 0 and "profkit read" in out.getvalue()


# ------------------------------------------------------------------ property: round trips

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from profkit.plugins.prof_json import render_json  # noqa: E402

_labels = st.sampled_from(["main", "f", "go", "CAF", "main.go", "consume.\\", "λx", "a b",
                           "GC", "SYSTEM", "OVERHEAD_of", "zz", "Zz"])
_modules = st.sampled_from(["Main", "Data.List", "GC", "SYSTEM", "PROFILING"])
_srcs = st.sampled_from(["<built-in>", "<entire-module>", "x.hs:1:1-5", "x.hs:(2,1)-(3,4)",
                         "<no location info>"])


@st.composite
def profiles(draw):
    keys = draw(st.lists(st.tuples(_labels, _modules, _srcs), min_size=1, max_size=8,
                         unique=True))
    ccs = [CostCentreInfo(i + 2, lbl, mod, src, lbl == "CAF")
           for i, (lbl, mod, src) in enumerate(keys)]
    main = CostCentreInfo(1, "MAIN", "MAIN", "<built-in>")
    numbers = iter(draw(st.permutations(range(1, 40))))
    nodes = [StackNode(0, main, 0, draw(st.integers(0, 3)), draw(st.integers(0, 99)) * 8)]
    for _ in range(draw(st.integers(0, 12))):
        # GHC's built-in stacks never have children
        parent = draw(st.sampled_from([n for n in nodes if not n.cc.hidden]))
        n = StackNode(next(numbers), draw(st.sampled_from(ccs)), draw(st.integers(0, 3)),
                      draw(st.integers(0, 50)), draw(st.integers(0, 10**6)) * 8)
        parent.children.append(n)
        nodes.append(n)
    return Profile("prog", nodes[0], [main, *ccs], rts_args=["-Pa"], args=["1"],
                   argv0="./prog", date="Sun Nov 22 02:37 2026")


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(p=profiles())
def test_text_and_json_round_trip_and_agree(p, tmp_path):
    def reread(text: str, name: str) -> Profile:
        (tmp_path / name).write_text(text)
        return read_profile(str(tmp_path / name))

    # -Pa text and JSON hold everything: written back byte for byte
    text = render_text(p, "Pa")
    assert render_text(reread(text, "Pa"), "Pa") == text
    js = render_json(p)
    assert render_json(reread(js, "pj")) == js
    # and every format reads back to the same normalised tree
    forms = {normalised_text(reread(t, n)) for n, t in
             [("a", render_text(p, "Pa")), ("b", render_text(p, "P")), ("c", js)]}
    assert len(forms) == 1
