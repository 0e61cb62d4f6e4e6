"""IO's mapM, forM, sequence, replicateM and mapM_ as base defines them (traverse: a foldr
of IO's liftA2 (:), its `pure []' made once per call; mapM_: a foldr of >>): the actions
are built where the call is evaluated, so an SCC in a CAF has the function's entries, and
the bytes are GHC's. Compared with GHC 9.0.2 -O0 -prof -fprof-auto (+RTS -P) output of
shapes/programs/iomapm.hs (README.md)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.backends.stg.test_ghc_fidelity import SHAPES, _per_cc, _run, _tree


def test_io_traversals_enter_and_allocate_as_ghc(tmp_path):
    src = (SHAPES / "programs" / "iomapm.hs").read_text()
    assert _run(tmp_path, src, "-P", name="iomapm.hs") == \
        (SHAPES / "out" / "iomapm.stdout").read_text()
    ours, ghc = (Counter({k: v for k, v in _tree(path).items() if k[1]})
                 for path in (tmp_path / "iomapm.prof", SHAPES / "out" / "iomapm.prof"))
    assert ours == ghc  # mapM's function entered 3 times under CAF/main/mapMret, as GHC
    g_total, g = _per_cc(SHAPES / "out" / "iomapm.prof")
    p_total, p = _per_cc(tmp_path / "iomapm.prof")
    assert p_total == pytest.approx(g_total, rel=0.01)
    # sequence 1.10x (its list of actions), mapMret 0.92x (40 of 480 bytes)
    for label in ("forMret", "replM", "mapMputStrLn", "mapMprint", "seq_"):
        assert p[(label, "Main")][0] == pytest.approx(g[(label, "Main")][0], rel=0.04), label
