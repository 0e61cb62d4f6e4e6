"""Data.Bits at Int: GHC 9.0.2's output and bytes (each operation a fresh box, as the Bits
Int instance's methods return one), shapes/programs/bits.hs (README.md)."""

from __future__ import annotations

from tests.backends.stg.test_ghc_fidelity import SHAPES, _per_cc, _run


def test_bits_print_and_allocate_as_ghc(tmp_path):
    src = (SHAPES / "programs" / "bits.hs").read_text()
    assert _run(tmp_path, src, "-P", name="bits.hs") == \
        (SHAPES / "out" / "bits.stdout").read_text()
    g_total, g = _per_cc(SHAPES / "out" / "bits.prof")
    p_total, p = _per_cc(tmp_path / "bits.prof")
    assert p[("gray", "Main")] == g[("gray", "Main")]
    assert abs(p_total - g_total) <= 0.02 * g_total
