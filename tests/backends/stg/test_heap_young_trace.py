"""The edge tracer's young trace (``OldGraph.trace_young``) records, for every young object it
marks, exactly the object's pointers (through indirections, in field order, a thunk's spare
slot first), its old targets and the roots' ids; the root cache and the tracer's id lists are
int32 (4 bytes an id: a deep stack's cache was 16 bytes an id and a frame)."""

from __future__ import annotations

from array import array

import numpy as np

from profkit.backends.stg.heap import gc as G
from profkit.backends.stg.heap import heapobj as H
from profkit.backends.stg.heap.oldgraph import OldGraph
from profkit.testing import run_program
from tests.conftest import GHC_REF

CONS = H.DataConR(":", 1, 2, 0, "[]", "GHC.Types")
INT = H.DataConR("I#", 1, 1, 0, "Int", "GHC.Types")
LF = H.LF("t", 0, 2, 0, 4)


def _heap(n_cells: int):
    """A list of cells (boxes, static values, thunks under evaluation, indirections in the
    fields, functions and partial applications), its root and the number of ids."""
    ids = iter(range(1 << 30))
    static = H.con_class(2).make(-1, CONS, 1, 2)
    nil = H.Con(-1, H.DataConR("[]", 0, 0, -1, "[]", "GHC.Types"), [])
    xs = nil
    for k in range(n_cells):
        box = H.Box(next(ids), INT, k) if k % 3 else static
        tail = H.Thunk(next(ids), LF, None, 0, xs) if k % 4 == 0 else xs  # an indirection
        if k % 5 == 0:
            box = H.Thunk(next(ids), LF, [box, 7], 0, None)
        xs = H.con_class(2).make(next(ids), CONS, box, tail)
        if k % 7 == 0:
            f = H.Fun(next(ids), LF, [xs, 3], 0)
            xs = H.con_class(2).make(next(ids), CONS, H.Pap(next(ids), f, [box], 0), xs)
    return xs, next(ids)


def _value(x):
    while type(x) is H.Thunk and x.val is not None:
        x = x.val
    return x


def _rows(edges: array) -> dict[int, list[int]]:
    rows: dict[int, list[int]] = {}
    cur = None
    for e in edges:
        if e < 0:
            cur = rows.setdefault(~e, [])
        else:
            cur.append(e)
    return rows


def test_rows_are_the_objects_pointers():
    root, n = _heap(400)
    lo = n // 3
    g = OldGraph(None, None)
    marked, old, rec = bytearray(n), array("i"), array("i")
    g.trace_young(marked, lo, n, [root, 5, None], old_targets=old, record=rec)
    assert g._edges.typecode == "i" and list(rec) == [root.id, -1, -1]
    rows = _rows(g._edges)
    # every young object reached is marked and has its row; nothing old or static is marked
    reached, todo, want_old = {}, [root], []
    while todo:
        x = _value(todo.pop())
        if x.id < lo or x.id in reached:
            continue
        reached[x.id] = x
        todo.extend(H.children(x))
    assert sorted(rows) == sorted(i for i, x in reached.items() if type(x) is not H.Box)
    assert np.flatnonzero(marked).tolist() == sorted(reached)
    for i, row in rows.items():
        x = reached[i]
        ptrs = [c.id for c in map(_value, H.children(x)) if c.id >= 0]
        assert row == ([i] if type(x) is H.Thunk else []) + ptrs
        want_old += [p for p in ptrs if p < lo]
    assert sorted(old) == sorted(want_old)


def test_root_cache_is_int32_and_collections_match_the_object_trace(tmp_path, monkeypatch):
    monkeypatch.setattr(G, "CHECK_TRACE", True)
    src = (GHC_REF / "programs" / "mean_leak.hs").read_text().replace("1e6", "3e4")
    r = run_program(source=src, name="mean_leak.hs", rts=["-hr", "-i0.0002", "-A8k"],
                    flags=["-fprof-auto"], outdir=tmp_path)
    assert r.status == 0, r.stderr
    m = r.session.backend.machine
    assert m._rc_ids.typecode == "i" and m._rc_off.typecode == "i"
    assert r.session.backend.gc.major_collections >= 3
