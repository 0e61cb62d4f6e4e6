"""bands.band_sums (a census summed per atom: allocation site and state) against the
per-object path (band_ids, heap_mask, band_bytes) on SiteHeader heaps with updated objects,
pinned objects, thread stacks, null producers and every restriction letter."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from profkit.header import ProfHeader, SiteHeader
from profkit.heap import CensusView
from profkit.kinds import ObjKind
from profkit.options import RtsFlags
from profkit.plugins import bands
from profkit.tables import CostCentre, Info, Tables

KINDS = [ObjKind.CON, ObjKind.THUNK, ObjKind.FUN, ObjKind.STACK, ObjKind.BLACKHOLE,
         ObjKind.IND]


def heap(seed: int, n: int, cap: int, pinned: bool):
    rng = np.random.default_rng(seed)
    t = Tables()
    stacks = [t.stacks.MAIN]
    for i in range(12):
        cc = t.ccs.intern(CostCentre("CAF" if i % 5 == 0 else f"f{i % 7}", f"M{i % 3}", "x"))
        stacks.append(t.stacks.push(stacks[int(rng.integers(len(stacks)))], cc))
    infos = [t.infos.intern(Info(f"D{i % 6}", f"T{i % 4}", f"M{i % 3}", KINDS[i % 6]))
             for i in range(14)]
    h = SiteHeader()
    if cap:
        h.updated_size_words = cap
    for _ in range(n):
        prod = -1 if rng.random() < 0.05 else stacks[int(rng.integers(len(stacks)))]
        h.new(infos[int(rng.integers(len(infos)))], prod, int(rng.integers(1, 6)), 1)
    for oid in rng.choice(n, size=n // 4, replace=False).tolist():
        h.set_state(oid, h.state_id(infos[4 + 6 * int(rng.integers(0, 2))]))  # BH or IND
    if pinned:
        bands.register_pinned(t, stacks[3], {infos[0]})
    live = np.sort(rng.choice(n, size=n // 2, replace=False)).astype(np.int64)
    return t, h, live


def reference(view: CensusView, breakdown: str, rts: RtsFlags) -> list[tuple[str, int]]:
    codes, names = bands.band_ids(view, breakdown, rts)
    mask = bands.heap_mask(view, rts)
    sums = bands.band_bytes(codes, view.col("size_bytes"), len(names), mask)
    return [(names[j], int(sums[j])) for j in np.flatnonzero(sums).tolist()]


RESTRICTS = [{}, {"c": ["f1", "f3"]}, {"C": ["f2"]}, {"m": ["M1"]}, {"d": ["D1", "D4"]},
             {"y": ["T2"]}, {"C": ["f4"], "y": ["T1", "T3"]}]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(1, 300), cap=st.sampled_from([0, 2]),
       pinned=st.booleans(), breakdown=st.sampled_from(list(bands.BREAKDOWNS)),
       restrict=st.sampled_from(RESTRICTS), xt=st.booleans(), label=st.sampled_from([25, 6]))
def test_band_sums_equal_per_object(seed, n, cap, pinned, breakdown, restrict, xt, label):
    t, h, live = heap(seed, n, cap, pinned)
    rts = RtsFlags()
    rts.heap.breakdown = breakdown
    rts.heap.restrict = restrict
    rts.include_tso = xt
    rts.label_length = label

    def view():
        return CensusView(time=0.1, era=1, obj=live, gen=np.zeros(len(live), np.int8),
                          tables=t, header=h)
    got = bands.band_sums(view(), breakdown, rts)
    assert got == reference(view(), breakdown, rts)


def test_atom_columns_equal_gathers():
    t, h, live = heap(7, 500, 2, True)
    view = CensusView(time=0.1, era=1, obj=live, gen=np.zeros(len(live), np.int8),
                      tables=t, header=h)
    for name in ("info", "size_words", "kind"):
        col = view.col(name)
        plain = CensusView(time=0.1, era=1, obj=live, gen=view.gen, tables=t, header=h)
        plain._cache["_atoms"] = None  # the per-object gathers
        ref = plain.col(name)
        assert col.dtype == ref.dtype and np.array_equal(col, ref), name


@pytest.mark.parametrize("n", [0, 1])
def test_band_sums_plain_header_and_empty(n):
    t = Tables()
    h = ProfHeader()
    info = t.infos.intern(Info("D", "T", "M", ObjKind.CON))
    ids = [h.new(info, t.stacks.MAIN, 2, 1) for _ in range(n)]
    view = CensusView(time=0.1, era=1, obj=np.array(ids, dtype=np.int64),
                      gen=np.zeros(n, np.int8), tables=t, header=h)
    assert bands.band_sums(view, "d", RtsFlags()) is None  # no sites: the per-object path
    sh = SiteHeader()
    ids = [sh.new(info, t.stacks.MAIN, 2, 1) for _ in range(n)]
    view = CensusView(time=0.1, era=1, obj=np.array(ids, dtype=np.int64),
                      gen=np.zeros(n, np.int8), tables=t, header=sh)
    assert bands.band_sums(view, "d", RtsFlags()) == ([("D", 16)] if n else [])
