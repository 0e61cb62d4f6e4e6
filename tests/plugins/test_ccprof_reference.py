"""The strongest format check: rebuild the costs of real GHC 9.0.2 runs in core's tables, run
the scheme over them, and compare the report with GHC's own file byte for byte (apart from
the DATE line).

For each reference program the complete cost data comes from GHC's ``-Pa`` report (every
stack, its CCS number, entries and bytes, built-ins included; bytes do not change between
runs), the cost-centre ids from the ``-pj`` report, and the ticks from the report being
reproduced (``-P`` and ``-pj`` print them; ``-p`` prints percentages of a known total, which
give the ticks back exactly). Stacks are created in GHC's creation order (CCS numbers) and
printed with GHC's numbers through the scheme's numbering hooks.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from profkit.plugins.ccprof import CostCentreProfile
from profkit.plugins.prof_read import Profile, StackNode, read_profile
from profkit.tables import CostCentre

from .test_ccprof import ScriptedBackend, StackSpec, run_scripted
from tests.conftest import REFERENCE as REFDATA

REF = REFDATA / "ghc-9.0.2/out"
PROGRAMS = ["nfib", "fg", "mean_leak", "scc", "sort_order"]


def _path_keys(root: StackNode) -> dict[int, tuple]:
    out: dict[int, tuple] = {}

    def go(n: StackNode, path: tuple) -> None:
        path = path + (n.cc.key(),)
        out[id(n)] = path
        for c in n.children:
            go(c, path)

    go(root, ())
    return out


def _ticks_from(target: Profile, mode: str, full: Profile) -> dict[int, int]:
    """Ticks per stack of the run that wrote ``target``, keyed by id() of ``full``'s nodes."""
    out: dict[int, int] = {}
    if mode == "Pa":
        return {id(n): n.ticks or 0 for _, n in full.root.walk()}
    if mode == "pj":
        tpaths = _path_keys(target.root)
        by_path = {tpaths[id(n)]: n for _, n in target.root.walk()}
        fpaths = _path_keys(full.root)
        for _, n in full.root.walk():
            out[id(n)] = by_path[fpaths[id(n)]].ticks or 0
        return out
    by_no = {n.id: n for _, n in target.root.walk()}
    for _, n in full.root.walk():
        t = by_no.get(n.id)
        if t is None or n.cc.hidden:
            out[id(n)] = 0  # pruned there, or a built-in whose ticks -p/-P do not print
        elif t.ticks is not None:
            out[id(n)] = t.ticks
        else:
            assert t.pct is not None and target.total_ticks is not None
            out[id(n)] = round(t.pct[0] * target.total_ticks / 100)
    return out


def reference_run(prog: str, mode: str):
    """(backend, scheme numbering, GHC's file text) for ``prog`` under ``+RTS -<mode>``."""
    full = read_profile(str(REF / prog / "autoO0" / "Pa" / f"{prog}.Pa.prof"))
    pj = read_profile(str(REF / prog / "autoO0" / "pj" / f"{prog}.pj.prof"))
    target_path = REF / prog / "autoO0" / mode / f"{prog}.{mode}.prof"
    target = read_profile(str(target_path))
    ticks = _ticks_from(target, mode, full)
    if mode == "p":  # the percentages must give back the printed total exactly
        assert sum(ticks.values()) == target.total_ticks
    paths = _path_keys(full.root)
    ghc_cc_id = {c.key(): c.id for c in pj.cost_centres}

    def as_cc(key: tuple) -> CostCentre:
        label, module, src = key
        return CostCentre(label, module, src, label == "CAF" or label.startswith("CAF:"))

    nodes = sorted((n for _, n in full.root.walk()), key=lambda n: n.id)  # creation order
    assert nodes[0] is full.root
    specs = [StackSpec(tuple(as_cc(k) for k in paths[id(n)][1:]), n.entries, ticks[id(n)],
                       n.alloc or 0) for n in nodes]
    # register every cost centre of the binary in GHC's registration order (ids ascending)
    extra = [as_cc(c.key()) for c in sorted(pj.cost_centres, key=lambda c: c.id)
             if c.key() != ("MAIN", "MAIN", "<built-in>")]
    backend = ScriptedBackend(specs, extra)
    cc_ids = [ghc_cc_id[("MAIN", "MAIN", "<built-in>")]] + [ghc_cc_id[(c.label, c.module, c.src)]
                                                           for c in extra]
    ccs_numbers = {}

    def ccs_numbering(stack: int) -> int:
        if not ccs_numbers:
            ccs_numbers.update({s: n.id for s, n in zip(backend.ids, nodes)})
        return ccs_numbers[stack]

    def make_scheme(config):
        return CostCentreProfile(config, cc_numbering=lambda i: cc_ids[i],
                                 ccs_numbering=ccs_numbering)

    return backend, make_scheme, target_path.read_text()


def _without_date(text: str, mode: str) -> str:
    lines = text.split("\n")
    if mode == "pj":
        return "\n".join(ln for ln in lines if not ln.startswith('"end_time"'))
    return "\n".join(lines[1:])


@pytest.mark.parametrize("prog", PROGRAMS)
@pytest.mark.parametrize("mode", ["p", "P", "Pa", "pj"])
def test_scheme_reproduces_ghc_report_bytes(tmp_path, monkeypatch, prog, mode):
    # GIVEN core's tables and events filled with the costs of a real GHC run
    monkeypatch.chdir(tmp_path)
    backend, make_scheme, ghc_text = reference_run(prog, mode)
    # WHEN the scheme writes its report for the same flag
    status, text = run_scripted(tmp_path, backend, [f"-{mode}"], prog=f"{prog}.autoO0.hs",
                                make_scheme=make_scheme)
    # THEN it is GHC's file, byte for byte, apart from the date
    assert status == 0
    assert _without_date(text, mode) == _without_date(ghc_text, mode)


def test_nfib_p_from_literal_tables(tmp_path, monkeypatch):
    """The same for nfib -p, with the tables written out by hand: only the stacks that show,
    the built-ins whose costs matter (OVERHEAD_of widens the flat table), and GHC's numbers."""
    monkeypatch.chdir(tmp_path)
    caf = lambda m: CostCentre("CAF", m, "<entire-module>", True)  # noqa: E731
    main = CostCentre("main", "Main", "nfib.hs:7:1-22")
    nfib = CostCentre("nfib", "Main", "nfib.hs:4:1-53")
    rows = [  # (GHC's CCS number, path, entries, ticks, bytes)
        (125, (), 0, 0, 832),
        (129, (CostCentre("OVERHEAD_of", "PROFILING", "<built-in>"),), 0, 0, 14567232),
        (130, (CostCentre("GC", "GC", "<built-in>"),), 0, 1, 0),
        (131, (CostCentre("SYSTEM", "SYSTEM", "<built-in>"),), 0, 0, 34736),
        (162, (caf("GHC.IO.Handle.Text"),), 0, 0, 64),
        (225, (caf("GHC.IO.Handle.FD"),), 0, 0, 34816),
        (233, (caf("GHC.IO.Encoding.Iconv"),), 0, 0, 200),
        (235, (caf("GHC.IO.Encoding"),), 0, 0, 2448),
        (244, (caf("GHC.Conc.Signal"),), 0, 0, 640),
        (249, (caf("Main"),), 0, 0, 32),
        (250, (caf("Main"), main), 1, 0, 56),
        (251, (main,), 0, 0, 9520),
        (252, (caf("Main"), main, nfib), 242785, 18, 17480448),
    ]
    backend = ScriptedBackend([StackSpec(p, e, t, b) for _, p, e, t, b in rows])
    numbers = [n for n, *_ in rows]
    _, text = run_scripted(tmp_path, backend, ["-p"], prog="nfib.autoO0.hs",
                           make_scheme=lambda cfg: CostCentreProfile(
                               cfg, ccs_numbering=lambda s: numbers[s]))
    ghc = (REF / "nfib/autoO0/p/nfib.p.prof").read_text()
    assert text.split("\n")[1:] == ghc.split("\n")[1:]
