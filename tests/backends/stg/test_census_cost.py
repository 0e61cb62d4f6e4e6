"""What the census's major collection no longer recomputes over the whole heap (#13 item 2):
the words it copies counted from the old generation's (``gc._major_words``), blackholes'
rows filled once (``OldGraph._blackholes``), the search's marks read from its predecessors
(``OldGraph._search_c``), and a census's thread-stack and inherent-use masks per atom
(``bands.heap_mask``, ``ldvu``). Each must give what the whole-heap computation gave."""

from __future__ import annotations

import numpy as np
import pytest

from profkit.backends.stg.heap import gc as G
from profkit.backends.stg.heap import oldgraph
from profkit.heap import CensusView
from profkit.kinds import ObjKind
from profkit.options import RtsFlags
from profkit.plugins import bands
from profkit.testing import run_program
from tests.backends.stg.test_oldgraph import PROGRAMS
from tests.plugins.test_band_sums import heap


def _run(tmp_path, name: str, rts: list[str]):
    r = run_program(source=PROGRAMS[name], name=f"{name}.hs", rts=rts, flags=["-fprof-auto"],
                    outdir=str(tmp_path), record=False)  # (a recorder wants copy rows)
    assert r.status == 0, r.stderr
    return r


def _full_words(self, survivors, died):
    return int(self.header.gather("size_words", survivors).sum(dtype=np.int64))


@pytest.mark.parametrize("name,rts", [("mean_leak", ["-hc", "-i0.0005", "-A8k"]),
                                      ("deep", ["-hd", "-i0.0002", "-A8k", "-G3"]),
                                      ("leak", ["-hy", "-i0.0005", "-A16k"])])
def test_major_words_from_the_old_generation_equal_the_gathered_ones(tmp_path, monkeypatch,
                                                                      name, rts):
    calls = []
    real = G.StgHeapModel._major_words

    def counted(self, survivors, died):
        words = real(self, survivors, died)
        calls.append(words)
        assert words == _full_words(self, survivors, died)
        return words
    monkeypatch.setattr(G.StgHeapModel, "_major_words", counted)
    new = _run(tmp_path / "new", name, rts)
    assert len(calls) > 3
    monkeypatch.setattr(G.StgHeapModel, "_major_words", _full_words)
    old = _run(tmp_path / "old", name, rts)
    a, b = new.session.backend.gc, old.session.backend.gc
    assert (a.words_copied, a.old_words, a.major_collections, a.collections) == (
        b.words_copied, b.old_words, b.major_collections, b.collections)
    hp = f"{name}.hp"
    assert (tmp_path / "new" / hp).read_bytes() == (tmp_path / "old" / hp).read_bytes()


def test_a_wrong_old_generation_total_is_reported_under_the_self_check(tmp_path, monkeypatch):
    real = G.StgHeapModel._account

    def off_by_one(self, n, marked, major):
        if major and self.old_words:
            self.old_words += 1
        return real(self, n, marked, major)
    monkeypatch.setattr(G, "CHECK_TRACE", True)
    monkeypatch.setattr(G.StgHeapModel, "_account", off_by_one)
    with pytest.raises(AssertionError, match="words copied"):
        _run(tmp_path, "mean_leak", ["-hc", "-i0.0005", "-A8k"])


def test_blackholes_rows_are_filled_once_and_stay_filled(tmp_path, monkeypatch):
    """After every major collection each old blackhole's row points only at itself (as a
    refill of all of them would leave it), while rows are filled only once each."""
    filled, blackholes = [], []
    real_bh, real_fill = oldgraph.OldGraph._blackholes, oldgraph.OldGraph._fill_rows

    def fill(self, ids):
        filled.append(len(ids))
        return real_fill(self, ids)

    def checked(self, lo):
        filled.clear()
        real_bh(self, lo)
        bh = self._state_is(lo, ObjKind.BLACKHOLE)
        if bh is None:
            return
        ids = np.flatnonzero(bh)
        blackholes.append((len(ids), sum(filled)))
        ip, tg = self.indptr.arr, self.targets.arr
        for i in ids.tolist():
            assert (tg[ip[i]:ip[i + 1]] == i).all(), f"blackhole {i}'s row has edges"
    monkeypatch.setattr(oldgraph.OldGraph, "_blackholes", checked)
    monkeypatch.setattr(oldgraph.OldGraph, "_fill_rows", fill)
    monkeypatch.setattr(G, "CHECK_TRACE", True)  # the marks against the object trace too
    _run(tmp_path, "deep", ["-hc", "-i0.0002", "-A8k"])
    assert blackholes and sum(b for b, _ in blackholes) > 0
    # fewer rows filled than a refill of every blackhole at every major collection
    assert sum(f for _, f in blackholes) < sum(b for b, _ in blackholes)


def test_the_c_search_marks_what_the_python_search_marks():
    if not oldgraph._have_scipy():
        pytest.skip("scipy not installed")
    rng = np.random.default_rng(3)
    for n, deg in ((50, 1), (3000, 2), (20000, 3)):
        g = oldgraph.OldGraph(None, None)
        counts = rng.integers(0, deg + 1, n)
        g.indptr.extend(np.cumsum(counts).astype(np.int32))
        g.targets.extend(rng.integers(0, n, int(counts.sum())).astype(np.int32))
        reached = np.zeros(n, dtype=bool)  # what earlier searches reached (closed)
        for k in range(4):
            start = rng.choice(n, size=k + 1, replace=False).astype(np.int64)
            start = start[~reached[start]]
            c, py = reached.copy(), reached.copy()
            g._search_c(start, c)
            assert g._search_py(start, py, None)
            assert np.array_equal(c, py)
            reached = c
        assert reached.any() and not reached.all()


@pytest.mark.parametrize("seed", range(6))
def test_heap_mask_per_atom_equals_the_kind_column(seed):
    t, h, live = heap(seed, 400, 2 * (seed % 2), seed % 3 == 0)
    for xt in (False, True):
        for restrict in ({}, {"d": ["D1", "D4"]}):
            rts = RtsFlags()
            rts.include_tso = xt
            rts.heap.restrict = restrict
            view = CensusView(time=0.1, era=1, obj=live, gen=np.zeros(len(live), np.int8),
                              tables=t, header=h)
            want = bands.restriction_mask(view, restrict)
            if not xt:
                want &= view.col("kind") != int(ObjKind.STACK)
            view = CensusView(time=0.1, era=1, obj=live, gen=np.zeros(len(live), np.int8),
                              tables=t, header=h)
            assert np.array_equal(bands.heap_mask(view, rts), want)
