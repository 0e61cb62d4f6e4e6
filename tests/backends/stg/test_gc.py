"""The STG collector model on hand-built heaps: deaths, promotion, the write barrier,
indirections, censuses and the heap graph."""

from __future__ import annotations

import numpy as np

from profkit.backends.stg.heap.gc import StgHeapModel
from profkit.backends.stg.heap.heapobj import LF, Con, DataConR, Thunk
from profkit.kinds import ObjKind
from profkit.options import Config
from profkit.session import Session
from profkit.tables import Info
from profkit.testing import Recorder


def make(n_gens=2):
    rec = Recorder()
    s = Session(Config(program="t.hs"), [rec], load_entrypoints=False)
    t = s.tables
    cons_info = t.infos.intern(Info(":", "[]", "GHC.Types", ObjKind.CON))
    thunk_info = t.infos.intern(Info("<Main.t>", "*", "Main", ObjKind.THUNK))
    dc = DataConR(":", 1, 2, cons_info, "[]", "GHC.Types")
    lf = LF("t", 0, 1, thunk_info, 3)
    roots: list = []
    gc = StgHeapModel(s, lambda: [(r, 0) for r in roots], nursery_bytes=1024,
                      generations=n_gens)
    return s, rec, gc, roots, dc, lf, cons_info, thunk_info


def cons(s, dc, info, hd, tl):
    return Con(s.header.new(info, 0, 3, s.era), dc, [hd, tl])


def test_unreachable_young_objects_die_and_reachable_ones_are_promoted():
    s, rec, gc, roots, dc, lf, ci, ti = make()
    nil = Con(-1, DataConR("[]", 0, 0, -1, "[]", "GHC.Types"), [])
    a = cons(s, dc, ci, 1, nil)
    b = cons(s, dc, ci, 2, a)  # b -> a
    garbage = cons(s, dc, ci, 3, nil)
    roots.append(b)
    gc.collect()
    s.flush()
    assert rec.rows("death")["obj"].tolist() == [garbage.id]
    copies = rec.rows("copy")
    assert sorted(copies["obj"].tolist()) == [a.id, b.id]
    assert set(copies["to_gen"].tolist()) == {1}
    # a second minor collection does not look at the promoted objects again
    c = cons(s, dc, ci, 4, nil)
    gc.collect()
    s.flush()
    assert rec.rows("death")["obj"].tolist() == [garbage.id, c.id]
    # once unreachable, old objects die only at a major collection
    roots.clear()
    gc.collect()
    s.flush()
    assert len(rec.rows("death")) == 2
    gc.collect(major=True)
    s.flush()
    assert sorted(rec.rows("death")["obj"].tolist()) == sorted([garbage.id, c.id, a.id, b.id])


def test_write_barrier_keeps_young_values_of_old_thunks_alive():
    s, rec, gc, roots, dc, lf, ci, ti = make()
    nil = Con(-1, DataConR("[]", 0, 0, -1, "[]", "GHC.Types"), [])
    th = Thunk(s.header.new(ti, 0, 3, s.era), lf, [nil], 0, None)
    roots.append(th)
    gc.collect()  # th is old now
    young = cons(s, dc, ci, 7, nil)
    th.fv, th.val = None, young  # the update
    gc.remember(th)
    gc.collect()
    s.flush()
    deaths = rec.rows("death")
    # the young value survived; the updated thunk (an indirection now) is not traced as
    # live by a minor collection because it is old, and dies at the next major one
    assert deaths is None or young.id not in deaths["obj"].tolist()
    gc.collect(major=True)
    s.flush()
    assert th.id in rec.rows("death")["obj"].tolist()
    assert young.id not in rec.rows("death")["obj"].tolist()


def test_census_holds_exactly_the_live_objects_and_a_consistent_graph():
    s, rec, gc, roots, dc, lf, ci, ti = make()
    s.needs_graph = True
    nil = Con(-1, DataConR("[]", 0, 0, -1, "[]", "GHC.Types"), [])
    xs = nil
    cells = []
    for i in range(100):
        xs = cons(s, dc, ci, i, xs)
        cells.append(xs)
    th = Thunk(s.header.new(ti, 0, 3, s.era), lf, [xs], 0, None)
    cons(s, dc, ci, -1, nil)  # garbage
    roots.append(th)
    view = gc.census(0.5)
    assert sorted(view.obj.tolist()) == sorted([c.id for c in cells] + [th.id])
    assert int(view.col("size_bytes").sum()) == 101 * 24
    g = view.graph
    pos = {int(o): k for k, o in enumerate(view.obj)}
    # the thunk is the only retainer and points at the head of the list
    assert g.is_retainer.tolist().count(True) == 1
    k = pos[th.id]
    assert g.targets[g.offsets[k]:g.offsets[k + 1]].tolist() == [pos[xs.id]]
    assert g.roots.tolist() == [k]
    # every cell but the last points at exactly one other cell
    outdeg = np.diff(g.offsets)
    assert outdeg.sum() == 100


def test_kill_all_gives_every_object_exactly_one_death():
    s, rec, gc, roots, dc, lf, ci, ti = make()
    nil = Con(-1, DataConR("[]", 0, 0, -1, "[]", "GHC.Types"), [])
    keep = cons(s, dc, ci, 1, nil)
    roots.append(keep)
    for i in range(50):
        cons(s, dc, ci, i, nil)
        if i % 7 == 0:
            gc.collect(major=(i % 14 == 0))
    gc.kill_all()
    s.flush()
    deaths = rec.rows("death")["obj"].tolist()
    assert sorted(deaths) == list(range(len(s.header)))
