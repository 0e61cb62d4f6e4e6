"""``-hr -hb<bio>`` on the STG backend (issue 11, item 5): the retainer sets of the heap whose
biography turns out to be the selected ones, in one run (GHC 9.0.2 refuses the flags)."""

from __future__ import annotations

import io

from profkit import runner
from profkit.backends.stg import plugin as stg_plugin
from profkit.options import parse_run_args
from profkit.plugins import heapprof, ldvu, retainer
from profkit.plugins.hpfile import read_hp

from tests.conftest import REPO


def _run(tmp_path, *rts):
    cfg = parse_run_args(["-fprof-auto", "--outdir", str(tmp_path),
                          str(REPO / "examples" / "mean_leak.hs"), "+RTS", *rts, "-RTS"])
    status = runner.run(cfg, plugins=[stg_plugin, heapprof, ldvu, retainer],
                        stdout=io.StringIO(), load_entrypoints=False)
    assert status == 0


def _samples(path):
    """The non-empty samples' bands (plugins.hpfile, the reader hp2ps-style tools use)."""
    return [dict(s.bands) for s in read_hp(str(path)).samples if s.bands]


def test_retainer_sets_of_the_drag_and_void_heap(tmp_path):
    _run(tmp_path, "-hr", "-hbdrag,void", "-i0.005")
    restricted = _samples(tmp_path / "mean_leak.hp")
    assert any("mean" in k for s in restricted for k in s)  # retainer set bands
    assert "Retainer sets created during profiling:" in \
        (tmp_path / "mean_leak.prof").read_text()
    _run(tmp_path, "-hr", "-hb", "-i0.005")
    bio = _samples(tmp_path / "mean_leak.hb.hp")
    wasted = [s["DRAG"] + s["VOID"] for s in bio]
    assert [sum(s.values()) for s in restricted] == [w for w in wasted if w]
    assert wasted and all(wasted)
