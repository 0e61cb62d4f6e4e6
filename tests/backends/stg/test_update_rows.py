"""Update rows of the STG machine: the run-time functions note one int per update
(``Machine.stage_updates`` makes the rows), and the rows are what the hook contract says:
thunk -> BLACKHOLE with the thunk's info and size as allocated, BLACKHOLE -> IND at GHC's
two words, in the order they happened, flushed with the events around them."""

from __future__ import annotations

import numpy as np

from profkit.hookspecs import hookimpl
from profkit.testing import run_program

LAZY = """module Main (main) where

tri :: Int -> Int
tri n = sum [1 .. n]

main :: IO ()
main = do
  let xs = map tri [1 .. 300]
  print (sum xs)
  print (length (filter even xs))
"""


class _Order:
    """Every alloc, update and census in arrival order (ids never compacted here)."""

    def __init__(self) -> None:
        self.allocs: list[np.ndarray] = []
        self.updates: list[np.ndarray] = []
        self.flushes = 0

    @hookimpl
    def profkit_alloc(self, batch):
        self.allocs.append(batch.copy())

    @hookimpl
    def profkit_update(self, batch):
        self.updates.append(batch.copy())
        self.flushes += 1


def test_update_rows_describe_the_thunk_as_allocated(tmp_path):
    rec = _Order()
    r = run_program(source=LAZY, name="lazy.hs", flags=["-fprof-auto"],
                    rts=["-A16k", "-hc", "-i0.0005"], outdir=tmp_path, plugins=[rec])
    assert r.status == 0 and r.stdout == "4545100\n150\n"
    assert rec.flushes > 1  # rows arrive in several flushes (collections, censuses)
    alloc = np.concatenate(rec.allocs)
    upd = np.concatenate(rec.updates)
    m = r.session.backend.machine
    bh, ind = upd["new_info"] == m.i_bh, upd["new_info"] == m.i_ind
    assert bh.sum() > 100 and (bh | ind).all()
    # thunk -> BLACKHOLE: the thunk's info and size from its alloc row, a blackhole's size
    info = dict(zip(alloc["obj"].tolist(), alloc["info"].tolist()))
    size = dict(zip(alloc["obj"].tolist(), alloc["size_words"].tolist()))
    rows = upd[bh]
    assert rows["old_info"].tolist() == [info[o] for o in rows["obj"].tolist()]
    assert rows["old_size_words"].tolist() == [size[o] for o in rows["obj"].tolist()]
    assert (rows["new_size_words"] == 2).all()
    # BLACKHOLE -> IND: two words to two words
    rows = upd[ind]
    assert (rows["old_info"] == m.i_bh).all()
    assert (rows["old_size_words"] == 2).all() and (rows["new_size_words"] == 2).all()
    # each thunk is blackholed once, then updated once, in that order
    objs = upd["obj"]
    assert len(np.unique(objs[bh])) == bh.sum()
    first = {}
    for k, (o, b) in enumerate(zip(objs.tolist(), bh.tolist())):
        if b:
            first[o] = k
        else:
            assert first[o] < k
    assert not m._updates  # nothing left unstaged at the end of the run
