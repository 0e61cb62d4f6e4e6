"""The machine with the collector model attached: exact roots, incremental roots for minor
collections (differentially checked against full roots), events in order."""

from __future__ import annotations

import numpy as np
import pytest

from profkit.backends.stg.ir import App, Bind, Case, ConAlt, LitE, TopBind
from profkit.options import Config

from .test_machine_util import I, Run, V, fn, force, nfib_bind, prim, print_int, program, thunk


def sum_list_program(n: int):
    """main = print (mysum (upto 1 n)) with a non-tail-recursive sum: a deep stack of case
    frames holding list cells while the list is produced lazily."""
    upto = TopBind("upto", fn(["a0", "b0"], force("a0", "a", force("b0", "b", Case(
        prim(">", V("a"), V("b")), "_", [
            ConAlt("True", [], App("[]", [])),
            ConAlt("False", [], Case(prim("+", V("a"), I(1)), "a1", [], default=_cons_rest()))]))),
        "upto"), "Main")
    mysum = TopBind("mysum", fn(["xs0"], force("xs0", "xs", Case(App("xs", []), "_", [
        ConAlt("[]", [], LitE(I(0))),
        ConAlt(":", ["h", "t"], Case(App("mysum", [V("t")]), "s", [], default=force(
            "h", "hv", prim("+", V("hv"), V("s")))))])), "mysum"), "Main")
    main = TopBind("main", print_int(App("mysum", [V("lst")])), "Main")
    lst = TopBind("lst", thunk(App("upto", [I(1), I(n)]), "lst"), "Main")
    return program([upto, mysum, lst, main])


def _cons_rest():
    from profkit.backends.stg.ir import ConApp, Let

    return Let([Bind("rest", thunk(App("upto", [V("a1"), V("b")]), "rest"))],
               ConApp(":", [V("a"), V("rest")]))


def run_with(prog, incremental: bool, interval: float = 0.0005):
    cfg = Config(program="t.hs")
    cfg.rts.nursery_bytes = 4096
    cfg.rts.interval = interval
    from profkit.backends.stg.machine import engine as machine_mod

    orig = machine_mod.Machine.__init__

    def init(self, *a, **kw):
        orig(self, *a, **kw)
        self.incremental_roots = incremental

    machine_mod.Machine.__init__ = init
    try:
        return Run(prog, config=cfg)
    finally:
        machine_mod.Machine.__init__ = orig


@pytest.mark.parametrize("prog, out", [
    (sum_list_program(20000), f"{20000 * 20001 // 2}\n"),
    (program([nfib_bind(), TopBind("main", print_int(App("nfib", [I(20)])), "Main")]),
     "10946\n"),
])
def test_incremental_roots_give_the_same_collections_as_full_roots(prog, out):
    full = run_with(prog, incremental=False)
    inc = run_with(prog, incremental=True)
    assert full.error is None and inc.error is None, (full.error, inc.error)
    assert full.output == inc.output == out
    assert [c for c in full.rec.calls if c[0] != "tick"] == \
        [c for c in inc.rec.calls if c[0] != "tick"]
    for event in ("death", "copy"):
        a, b = full.rec.rows(event), inc.rec.rows(event)
        assert np.array_equal(a, b), event
    names = [n for n, _ in inc.rec.calls]
    assert names.count("gc_start") > 3 and "census" in names


def test_objects_live_in_a_census_are_reachable_and_each_dies_once():
    r = run_with(sum_list_program(20000), incremental=True, interval=0.0001)
    censuses = [c for c in r.rec.calls if c[0] == "census"]
    assert censuses and max(c[1]["live"] for c in censuses) > 100  # the list is retained
    deaths = r.rec.rows("death")["obj"]
    assert sorted(deaths.tolist()) == list(range(len(r.session.header)))


def test_case_frames_keep_only_what_their_continuation_reads():
    # mysum's frame `case mysum t of s -> h + s` reads h only: the list cells the recursion
    # has walked past are garbage (GHC's frame holds h alone), so a census during the deep
    # recursion sees the n heads but not the n cons cells
    from profkit.backends.stg.ir import Let

    n = 6000
    prog = sum_list_program(n)
    prog.binds[-1] = TopBind("main", print_int(Let(
        [Bind("l", thunk(App("upto", [I(1), I(n)]), "l"))], App("mysum", [V("l")]))), "Main")
    r = run_with(prog, incremental=True, interval=0.0001)
    assert r.error is None and r.output == f"{n * (n + 1) // 2}\n"
    live = [c[1]["live"] for c in r.rec.calls if c[0] == "census"]
    assert live and n // 2 < max(live) < n + n // 4, live
