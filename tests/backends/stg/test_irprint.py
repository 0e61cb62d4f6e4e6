"""The IR pretty-printer renders every node of a compiled program."""

from __future__ import annotations

from profkit.backends.stg import irprint
from profkit.backends.stg.frontend.pipeline import compile_program


def test_prints_a_program_with_cost_centres():
    src = 'f :: Int -> Int\nf n = {-# SCC "body" #-} n * 2\nmain = print (f 3, "s", 1.5)'
    text = irprint.program(compile_program(src, "p.hs", prof_auto="all"), "Main")
    assert "f = \\n [] [n_" in text
    assert "scc<f p.hs:2:1-30>" in text and "scc<body p.hs:2:26-30>" in text
    assert "*I# " in text and "unpackCString# 's'#" in text and "1.5" in text
    assert "main = \\r [] [] ->" in text
