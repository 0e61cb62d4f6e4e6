"""The ticky package's own tests: a few lines each, thanks to ``profkit.testing``."""

from __future__ import annotations

from profkit import ObjKind
from profkit.options import Config

import profkit_ticky
from profkit_ticky import Ticky

HS = """\
module Main (main) where

main :: IO ()
main = print (sum (map (\\x -> x * x) [1 .. 50 :: Int]))
"""

SML = """\
fun squares 0 = []
  | squares n = n * n :: squares (n - 1)
val () = print (Int.toString (foldl (op +) 0 (squares 50)) ^ "\\n")
"""


def test_counts_from_a_scripted_event_stream(tmp_path, profkit_script):
    scheme = Ticky(Config(program="p.hs", outdir=str(tmp_path)))
    s = profkit_script(scheme, word_bytes=8)
    thunk = s.info("<Main.sat>", ObjKind.THUNK)
    bh = s.info("BLACKHOLE", ObjKind.BLACKHOLE)
    ind = s.info("IND", ObjKind.IND)
    t = s.alloc(thunk, size_words=3)
    s.use(t)
    s.update(t, bh)  # blackholing: not an update of the value
    s.update(t, ind)
    s.gc(promote=[t])
    s.finish()
    row = dict(zip(profkit_ticky.COUNTERS, scheme.table(s.session)[thunk].tolist()))
    assert row == {"allocs": 1, "alloc_bytes": 24, "entries": 1, "updates": 1, "deaths": 1,
                   "promoted": 1}
    assert "<Main.sat> (Main) (thunk)" in (tmp_path / "p.ticky").read_text()


def test_on_both_backends(profkit_run):
    for name, source in (("sq.hs", HS), ("sq.sml", SML)):
        r = profkit_run(source=source, name=name, plugins=[profkit_ticky],
                        options={"ticky.enable": True})
        assert r.status == 0 and r.stdout == "42925\n"
        table = r.report(".ticky")
        assert "Entries     Allocs    Alloc'd" in table and table.rstrip().endswith("total")
        if name.endswith(".sml"):  # needs_info_names: cons cells, closures by function
            assert ":: (con)" in table and "squares[sq.sml:1] (fun)" in table


def test_off_unless_enabled(profkit_run):
    r = profkit_run(source=HS, name="sq.hs", plugins=[profkit_ticky])
    assert "sq.ticky" not in r.reports
