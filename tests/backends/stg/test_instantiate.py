"""The instantiations of recursive generalised local functions (frontend/instantiate.py):
each use from outside the function's body allocates its loop's closure. The allocation
figures against GHC 9.0.2 are test_ghc_held_out's probe ``recinst`` (and ledger's post)."""

from __future__ import annotations

import itertools
import re

from profkit.backends.stg import ir, irprint
from profkit.backends.stg.frontend.instantiate import cells
from profkit.backends.stg.frontend.pipeline import compile_program


def test_cells_allocate_the_words_asked():
    counter = itertools.count()
    for words in range(2, 20):
        got = cells(words, lambda b: f"{b}{next(counter)}")
        assert sum(1 + len(b.rhs.args) for b in got) == words  # type: ignore[union-attr]
    assert cells(1, str) == [] and cells(0, str) == []


SRC = """g :: Int -> Int
g n = loop n 0 + loop (n + 1) 1
  where
    loop 0 acc = acc
    loop m acc = loop (m - 1) (acc + m)

main :: IO ()
main = print (g 3)
"""


def test_each_outside_call_allocates_the_loop_and_recursive_calls_do_not():
    prog = compile_program(SRC, "t.hs", prof_auto="all")
    top = next(b for b in prog.binds if b.name == "g")
    assert isinstance(top.rhs, ir.Closure)
    text = irprint.expr(top.rhs.body)
    # loop holds Eq's and Num's dictionaries: 3 words (header, two), at both calls of g
    assert len(re.findall(r"ds_\d+ = \(,\) \[0, 0\]", text)) == 2
    body = text[text.index("loop_"):text.index("in ")]
    assert "(,) [0, 0]" not in body  # its own recursive call: the same loop
