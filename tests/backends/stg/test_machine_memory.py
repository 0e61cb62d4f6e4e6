"""What the machine keeps in host memory: generated code compiled in pieces, constructor
fields past updated thunks (when built, and when a collector's trace finds them), object ids
only when something reads them, constructors as one object (a class per arity)."""

from __future__ import annotations

import gc
import sys

import pytest

from profkit.backends.stg.heap.heapobj import CON_TYPES, Box, Con, DataConR, Thunk, con_class
from profkit.backends.stg.ir import App, Bind, Case, ConAlt, ConApp, Let, TopBind

from .test_machine_util import I, V, prim, print_int, run, thunk


def test_exec_in_pieces_keeps_line_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    from profkit.backends.stg.machine import engine

    monkeypatch.setattr(engine, "EXEC_PIECE", 40)  # a piece per function or two
    source = "".join(f"def f{i}(env):\n    x = {i}\n    return x\nf{i}.live = ()\n"
                     for i in range(30))
    ns: dict = {}
    engine.exec_in_pieces(source, "<stg t.hs>", ns)
    for i in range(30):
        f = ns[f"f{i}"]
        assert f(None) == i and f.live == ()
        assert f.__code__.co_firstlineno == 4 * i + 1  # its line in the whole source
        assert f.__code__.co_filename == "<stg t.hs>"


def _keep_program():
    # keep = let t = 1000 + 1 in case t of _ -> t : []      (a CAF: kept after the run)
    # main = case keep of h : _ -> print h
    keep = thunk(Let([Bind("t", thunk(prim("+", I(1000), I(1)), "sat_t"))],
                     Case(App("t", []), "x", [], default=ConApp(":", [V("t"), V("[]")]))),
                 "keep")
    main = print_int(Case(App("keep", []), "k", [ConAlt(":", ["h", "tl"], App("h", []))]))
    return [TopBind("keep", keep, "Main"), TopBind("main", main, "Main")]


def _kept(r) -> Con:
    (caf,) = [c for c in r.machine.cafs if c.lf is not None and c.lf.name == "keep"]
    assert isinstance(caf.val, Con)
    return caf.val


@pytest.mark.parametrize("recorder", [True, False])
def test_constructor_field_holds_the_value_of_an_updated_thunk(recorder: bool) -> None:
    # `t' was forced before the cell was built: the field points at its value, not at the
    # updated thunk (which Python would otherwise keep for as long as the cell lives)
    r = run(_keep_program(), recorder=recorder)
    assert r.error is None and r.output == "1001\n"
    head = _kept(r).fields[0]
    assert type(head) is Box and head.val == 1001
    assert type(head) is not Thunk


def test_object_ids_only_when_read() -> None:
    tracked = run(_keep_program())  # a recorder listens to every event: ids are read
    plain = run(_keep_program(), recorder=False)  # -p alone: no id is ever read back
    assert tracked.machine.object_ids and not plain.machine.object_ids
    assert _kept(tracked).id > 0 and _kept(plain).id == 0
    assert tracked.output == plain.output == "1001\n"
    # the header's rows are the same either way
    assert list(tracked.session.header.site) == list(plain.session.header.site)
    with pytest.raises(ValueError):
        plain.machine.attach_collector(lambda steps: None, lambda t: None, 4096)


#: a CAF list whose cells are built before their heads and tails are forced (``sum``), then
#: kept (``length`` after more allocation): every field an updated thunk for a while
LATE_FORCED = """\
module Main (main) where

keep :: [Int]
keep = map (* 3) [1 .. 3000]

main :: IO ()
main = do
  print (sum keep)
  print (length [x | x <- [1 .. 20000 :: Int], even x])
  print (length keep)
"""


def _indirections_in(cells) -> tuple[int, int]:
    """(cells, fields that are updated thunks) of a list (the cells themselves followed
    through indirections)."""
    n = inds = 0
    while True:
        while type(cells) is Thunk and cells.val is not None:
            cells = cells.val
        if not isinstance(cells, Con) or not cells.fields:
            return n, inds
        n += 1
        inds += sum(type(f) is Thunk and f.val is not None for f in cells.fields)
        cells = cells.fields[1]


@pytest.mark.parametrize("trace", ["edges", "objects"])
def test_collector_traces_short_cut_indirections_in_fields(tmp_path, monkeypatch, trace):
    """A trace that finds an updated thunk in a constructor's field stores the value there
    (``objtrace.past_indirections``), so Python frees the indirection; the profiles are
    those of a run that keeps them (every trace already looks through them)."""
    from profkit.backends.stg.heap import gc as G
    from profkit.backends.stg.heap import objtrace, oldgraph
    from profkit.testing import run_program

    if trace == "objects":
        monkeypatch.setattr(G, "NO_FAST_TRACE", True)

    def go(out):
        r = run_program(source=LATE_FORCED, name="late.hs", rts=["-hc", "-i0.0002", "-A8k"],
                        flags=["-fprof-auto"], outdir=tmp_path / out, record=False,
                        options={"stg.compact_min": 512})
        assert r.status == 0, r.stderr
        (caf,) = [c for c in r.session.backend.machine.cafs
                  if c.lf is not None and c.lf.name == "keep"]
        hp = [ln for ln in r.report(".hp").splitlines() if not ln.startswith("DATE")]
        return _indirections_in(caf.val), hp, r.stdout

    (cells, inds), hp, out = go("short")
    monkeypatch.setattr(objtrace, "past_indirections", lambda x: None)
    monkeypatch.setattr(oldgraph, "past_indirections", lambda x: None)
    (cells_kept, inds_kept), hp_kept, out_kept = go("kept")
    assert cells == cells_kept == 3000 and out == out_kept == "13504500\n10000\n3000\n"
    assert inds_kept >= 3000 and inds == 0
    assert hp == hp_kept


def test_a_cons_cell_is_one_object_of_64_bytes() -> None:
    # a class per arity (slots f0, f1): no tuple of fields next to it (was 64 + 64 bytes)
    cell = _kept(run(_keep_program()))
    assert type(cell) is con_class(2) and type(cell) in CON_TYPES
    assert sys.getsizeof(cell) == 64
    assert not [x for x in gc.get_referents(cell) if type(x) is tuple]
    assert cell.f0 is cell.fields[0] and cell.f1 is cell.fields[1]


@pytest.mark.parametrize("n", [0, 1, 2, 3, 8, 9, 17])
def test_constructor_classes_per_arity(n: int) -> None:
    dc = DataConR("K", 0, n, -1, "T", "Main")
    fields = tuple(range(n))
    c = Con(7, dc, list(fields))  # (any sequence)
    assert type(c) is con_class(n) and type(c).__name__ == f"Con{n}" and isinstance(c, Con)
    assert c.id == 7 and c.dc is dc and c.fields == fields and type(c).arity == n
    assert type(c).make(7, dc, *fields).fields == fields
    c.fields = tuple(x + 1 for x in fields)
    assert c.fields == tuple(range(1, n + 1))
    with pytest.raises(ValueError):
        c.fields = fields + (0,)
    assert not hasattr(c, "__dict__")
