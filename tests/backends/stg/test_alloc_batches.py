"""Alloc batch rows describe each object as it was allocated (issue 15 item 1): a thunk that
is entered and updated before the batch is flushed still arrives with its own info and
size, which the update rows' ``old_info``/``old_size_words`` confirm."""

from __future__ import annotations

import io

import numpy as np
import pytest

from profkit.kinds import ObjKind
from profkit.options import parse_run_args
from profkit.session import Session
from profkit.testing import Recorder

NFIB = """module Main (main) where

nfib :: Int -> Int
nfib n = if n < 2 then 1 else nfib (n-1) + nfib (n-2)

main :: IO ()
main = print (nfib 12)
"""

LEAK = """module Main (main) where

mean :: [Double] -> Double
mean xs = sum xs / fromIntegral (length xs)

main :: IO ()
main = print (mean [1 .. 3000])
"""


def _run(tmp_path, source: str, rts: list[str], rec: Recorder) -> Session:
    prog = tmp_path / "t.hs"
    prog.write_text(source)
    cfg = parse_run_args(["-fprof-auto", "--outdir", str(tmp_path), str(prog),
                          "+RTS", *rts, "-RTS"])
    s = Session(cfg, [rec], stdout=io.StringIO())
    b = s.backend = s.hook.profkit_make_backend(config=cfg, path=cfg.program)
    b.load(s)
    s.session_start()
    assert b.run(s) == 0
    b.shutdown(s)
    s.run_end()
    s.finish(0)
    return s


@pytest.mark.parametrize("source,rts", [(NFIB, []), (NFIB, ["-hc", "-i0.0001"]),
                                        (LEAK, ["-hb", "-i0.0002"])])
def test_alloc_rows_agree_with_update_rows(tmp_path, source, rts):
    rec = Recorder()
    r = _run(tmp_path, source, rts, rec)
    alloc = rec.rows("alloc")
    upd = rec.rows("update")
    infos = r.tables.infos
    kind = np.array([int(infos[i].kind) for i in range(len(infos))])
    # every object allocated exactly once, ids dense
    assert (alloc["obj"] == np.arange(len(alloc))).all()
    # nothing is allocated as a blackhole or an indirection
    assert not np.isin(kind[alloc["info"]], [int(ObjKind.BLACKHOLE), int(ObjKind.IND)]).any()
    # thunk -> BLACKHOLE rows: old_info/old_size are what the alloc row said
    entered = upd[kind[upd["old_info"]] == int(ObjKind.THUNK)]
    assert len(entered) > 10
    row = alloc[entered["obj"]]
    assert (row["info"] == entered["old_info"]).all()
    assert (row["size_words"] == entered["old_size_words"]).all()
    # and the header's current info still follows the updates (censuses see BLACKHOLE/IND)
    cur = r.header.gather("info", entered["obj"])
    assert np.isin(kind[cur], [int(ObjKind.BLACKHOLE), int(ObjKind.IND)]).all()
