"""End to end: the reference SML programs print exactly what Poly/ML prints, with the
default 1 MB creation space and with a 16 KB one (thousands of collections)."""

from __future__ import annotations

import io
import os

import pytest

from profkit import runner
from profkit.backends.mlworks import plugin
from profkit.options import parse_run_args
from profkit.hookspecs import hookimpl
from profkit.testing import Recorder
from tests.conftest import REFERENCE as REFDATA

REF = str(REFDATA / "sml")
PROGRAMS = ["nfib", "closures", "partial", "records", "lists"]


def run_program(path: str, *opts: str, plugins=(), rts=()) -> tuple[int, str]:
    cfg = parse_run_args(["--backend", "mlworks", *opts, path, *rts])
    out = io.StringIO()
    status = runner.run(cfg, plugins=[plugin, *plugins], stdout=out, load_entrypoints=False)
    return status, out.getvalue()


@pytest.mark.parametrize("creation", ["1m", "16k"])
@pytest.mark.parametrize("prog", PROGRAMS)
def test_reference_program_output(prog, creation, tmp_path):
    status, out = run_program(os.path.join(REF, "programs", prog + ".sml"),
                              "--creation-space", creation, "--outdir", str(tmp_path))
    with open(os.path.join(REF, "out", prog + ".polyml.txt")) as f:
        assert out == f.read()
    assert status == 0


def test_events_and_ticks_on_a_real_program(tmp_path):
    rec = Recorder()
    status, out = run_program(os.path.join(REF, "programs", "partial.sml"),
                              "--creation-space", "64k", "--outdir", str(tmp_path),
                              rts=("+RTS", "-i0.02", "-V0.01"), plugins=[rec])
    assert status == 0 and out == "50250000 50350000 100600000 500500\n"
    names = [c[0] for c in rec.calls]
    assert names.count("tick") > 5 and names.count("census") >= 1
    ticks = [c[1] for c in rec.calls if c[0] == "tick"]
    assert all(b["time"] > a["time"] for a, b in zip(ticks, ticks[1:]))
    assert len({t["stack"] for t in ticks}) > 1
    allocs, deaths = rec.rows("alloc"), rec.rows("death")
    assert len(allocs) > 100_000
    assert sorted(deaths["obj"].tolist()) == list(range(len(allocs)))


def test_uncaught_exception_exit_status(tmp_path):
    src = tmp_path / "boom.sml"
    src.write_text('val () = print "a\\n"\nval x = 1 div 0\nval () = print "b\\n"\n')
    err = io.StringIO()
    cfg = parse_run_args(["--backend", "mlworks", "--outdir", str(tmp_path), str(src)])
    out = io.StringIO()
    status = runner.run(cfg, plugins=[plugin], stdout=out, stderr=err, load_entrypoints=False)
    assert status == 1
    assert out.getvalue() == "a\n"
    assert err.getvalue() == "Exception- Div raised\n"


def run_source(tmp_path, text: str, *opts: str, rts=()) -> tuple[int, str, str]:
    src = tmp_path / "prog.sml"
    src.write_text(text)
    cfg = parse_run_args(["--backend", "mlworks", "--outdir", str(tmp_path), *opts, str(src),
                          *rts])
    out, err = io.StringIO(), io.StringIO()
    status = runner.run(cfg, plugins=[plugin], stdout=out, stderr=err, load_entrypoints=False)
    return status, out.getvalue(), err.getvalue()


def test_heap_limit(tmp_path):
    status, _out, err = run_source(
        tmp_path, "fun upto (i, n) = if i > n then [] else i :: upto (i + 1, n)\n"
                  "val xs = upto (1, 1000000)\nval () = print (Int.toString (length xs))\n",
        rts=("+RTS", "-M2m"))
    assert status == 3
    assert err.startswith("Run out of store: heap exhausted (") and "limit -M 2097152" in err


def test_stack_overflow_is_reported_as_poly_ml_does(tmp_path):
    status, _out, err = run_source(
        tmp_path, "fun f n = 1 + f (n + 1)\nval _ = print (Int.toString (f 0))\n")
    assert status == 1
    assert err == ("Warning - Unable to increase stack - interrupting thread\n"
                   "Exception- Interrupt raised\n")


class GraphRecorder(Recorder):
    """Asks for the heap graph and checks each census's graph against the census."""

    graphs: list = []

    @hookimpl
    def profkit_session_start(self, session):
        session.needs_graph = True

    @hookimpl
    def profkit_census(self, census):
        g = census.graph
        assert g is not None and len(g.offsets) == len(census) + 1
        assert len(g.targets) == g.offsets[-1] and (g.targets < len(census)).all()
        assert len(g.roots) == len(g.root_identity) > 0
        assert (g.identity[g.is_retainer] >= 0).all()
        self.graphs.append((len(census), int(g.is_retainer.sum()), len(g.roots)))


def test_census_heap_graph_for_retainer_schemes(tmp_path):
    rec = GraphRecorder()
    rec.graphs = []
    status, out = run_program(os.path.join(REF, "programs", "closures.sml"),
                              "--outdir", str(tmp_path), rts=("+RTS", "-i0.01"), plugins=[rec])
    assert status == 0 and out == "4850 494991 999 194850 10000\n"
    assert rec.graphs and max(r for _n, r, _ in rec.graphs) > 100  # closures retain
