"""A class method passed as a value at a known type (``foldr (+) 0``, ``map show``,
``zipWith (+)``, ``foldr max``, ``sortBy compare``): GHC -O0 selects it from the instance's
dictionary in an argument, which CorePrep binds to a thunk of its own (16 bytes, no free
variable), each time the expression is evaluated. Compared with GHC 9.0.2 -O0 -prof
-fprof-auto (+RTS -P) output of shapes/programs/methodvalues.hs (README.md)."""

from __future__ import annotations

from tests.backends.stg.test_ghc_fidelity import SHAPES, _per_cc, _run


def test_methods_passed_as_values_allocate_ghcs_thunk(tmp_path):
    src = (SHAPES / "programs" / "methodvalues.hs").read_text()
    assert _run(tmp_path, src, "-P", name="methodvalues.hs") == \
        (SHAPES / "out" / "methodvalues.stdout").read_text()
    g_total, g = _per_cc(SHAPES / "out" / "methodvalues.prof")
    p_total, p = _per_cc(tmp_path / "methodvalues.prof")
    # the program's lambdas (one per shape, 1,000 calls each) allocate GHC's bytes: with
    # the method's thunk (foldrPlus, zipPlus, mapShow, foldrMax, sortByCompare, appShow,
    # appNegate, appSucc, appLength) or without one (a lambda, a section, a partial
    # application `max 3`, which are values already); GHC's 16 bytes more are once, not
    # per call (foldrPlus's 120,016)
    for k in (("main.\\", "Main"), ("app", "Main")):
        assert p[k][1] == g[k][1]
        assert 0 <= g[k][0] - p[k][0] <= 16, (k, g[k], p[k])
    assert abs(p_total - g_total) <= 0.001 * g_total
