"""The .prof text writer on trees: GHC's complete -Pa reports written back byte for byte, the
-p/-P reports of other runs rebuilt from -Pa data, and rules checked one at a time."""

from __future__ import annotations

from pathlib import Path

import pytest

from profkit.plugins.prof_read import CostCentreInfo, Profile, StackNode, read_profile
from profkit.plugins.prof_text import render_text, sorted_tree
from tests.conftest import REFERENCE as REFDATA

REF = REFDATA / "ghc-9.0.2/out"
PA_FILES = sorted(REF.glob("*/autoO0/Pa/*.prof"))


def test_reference_files_exist():
    assert len(PA_FILES) == 5


@pytest.mark.parametrize("path", PA_FILES, ids=lambda p: p.parts[-4])
def test_ghc_pa_report_is_written_back_byte_for_byte(path):
    # a -Pa report holds every stack and cost centre with ticks and bytes: nothing is lost
    assert render_text(read_profile(str(path)), "Pa") == path.read_text()


@pytest.mark.parametrize("prog", ["nfib", "fg", "mean_leak", "scc", "sort_order"])
@pytest.mark.parametrize("mode", ["p", "P"])
def test_ghc_p_and_P_reports_from_pa_data_and_their_ticks(prog, mode):
    # GIVEN the complete -Pa data with the ticks of the -p/-P run (bytes never change)
    full = read_profile(str(REF / prog / "autoO0/Pa" / f"{prog}.Pa.prof"))
    path = REF / prog / "autoO0" / mode / f"{prog}.{mode}.prof"
    target = read_profile(str(path))
    by_no = {n.id: n for _, n in target.root.walk()}
    for _, n in full.root.walk():
        t = by_no.get(n.id)
        if not n.cc.hidden:
            n.ticks = 0 if t is None else (
                t.ticks if t.ticks is not None else round(t.pct[0] * target.total_ticks / 100))
    full.rts_args, full.date = target.rts_args, target.date
    # THEN the writer hides, prunes and sizes exactly as GHC did
    assert render_text(full, mode) == path.read_text()


def _cc(i, label, module="Main", src="m.hs:1:1-5"):
    return CostCentreInfo(i, label, module, src, label == "CAF")


def _profile(children, **kw):
    main = _cc(1, "MAIN", "MAIN", "<built-in>")
    root = StackNode(1, main, 0, 0, 0, children)
    ccs = {id(n.cc): n.cc for _, n in root.walk()}
    return Profile("prog", root, list(ccs.values()), rts_args=["-p"], date="D", **kw)


def test_empty_run_prints_main_alone_with_zero_percentages():
    text = render_text(_profile([]), "p")
    assert text.split("\n")[-2] == (
        "MAIN        MAIN   <built-in>   1           0    0.0    0.0     0.0    0.0")
    assert "(0 ticks @ 1000 us, 1 processor)" in text


def test_ccs_number_column_grows_with_the_longest_number():
    f = StackNode(12345, _cc(2, "f"), 1, 1, 8)
    lines = render_text(_profile([f]), "p").split("\n")
    assert lines[-3].startswith("MAIN        MAIN   <built-in>     1 ")
    assert lines[-2].startswith(" f          Main   m.hs:1:1-5 12345 ")


def test_flat_table_uses_single_precision_and_the_tree_double():
    # 23 of 80 ticks is 28.75%: 28.7 in double, 28.8 in single precision (GHC's StgFloat)
    f = StackNode(2, _cc(2, "f"), 1, 23, 8)
    g = StackNode(3, _cc(3, "g"), 1, 57, 8)
    text = render_text(_profile([f, g]), "p")
    flat_f = next(ln for ln in text.split("\n") if ln.startswith("f "))
    tree_f = next(ln for ln in text.split("\n") if ln.startswith(" f "))
    assert flat_f.split()[3] == "28.8" and tree_f.split()[5] == "28.7"


def test_sibling_order_entries_then_label_then_newest():
    kids = [StackNode(2, _cc(2, "b"), 5, 0, 8), StackNode(3, _cc(3, "B"), 5, 0, 8),
            StackNode(4, _cc(4, "a"), 1, 0, 8), StackNode(5, _cc(5, "a", src="m.hs:2:1"), 1, 0, 8),
            StackNode(6, _cc(6, "CAF"), 0, 0, 8)]
    order = [(n.cc.label, n.id) for n in sorted_tree(_profile(kids).root).children]
    assert order == [("B", 3), ("b", 2), ("a", 5), ("a", 4), ("CAF", 6)]


def test_mode_Pa_shows_pruned_and_hidden_stacks_and_counts_them():
    gc = StackNode(2, CostCentreInfo(2, "GC", "GC", "<built-in>"), 0, 3, 0)
    idle = StackNode(3, CostCentreInfo(3, "IDLE", "IDLE", "<built-in>"), 0, 0, 0)
    f = StackNode(4, _cc(4, "f"), 1, 1, 16)
    p = _profile([gc, idle, f])
    short, full = render_text(p, "p"), render_text(p, "Pa")
    assert " GC " not in short and " IDLE " not in short and "(1 ticks @" in short
    assert " GC " in full and " IDLE " in full and "(4 ticks @" in full


def test_pinned_is_pruned_when_empty_but_not_hidden():
    # rts/Profiling.c's ignoreCCS leaves PINNED out of the hidden built-ins
    pinned = lambda b: StackNode(2, CostCentreInfo(2, "PINNED", "SYSTEM", "<built-in>"),  # noqa: E731
                                 0, 0, b)
    assert " PINNED " not in render_text(_profile([pinned(0)]), "p")
    shown = render_text(_profile([pinned(64)]), "p")
    assert " PINNED " in shown and "total alloc =          64 bytes" in shown


def test_pa_is_Pa():
    # RtsFlags.c: -pa and -Pa both set COST_CENTRES_ALL (>= VERBOSE: ticks and bytes shown)
    p = _profile([StackNode(2, _cc(2, "f"), 1, 1, 16)])
    assert render_text(p, "pa") == render_text(p, "Pa")
    assert "ticks     bytes" in render_text(p, "pa")


def test_unknown_mode_and_missing_counts_are_errors():
    p = _profile([StackNode(2, _cc(2, "f"), 1, None, None)])
    with pytest.raises(ValueError):
        render_text(p, "x")
    with pytest.raises(ValueError):
        render_text(p, "p")
