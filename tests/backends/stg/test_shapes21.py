"""Shapes of issue 18 item 1 found in session 21, against GHC 9.0.2
(shapes/programs/propfrac.hs, README): properFraction, which the subset lacked, and an
Integer past 64 bits as a Double, which GHC truncates (GMP's mpn_get_d)."""

from __future__ import annotations

from tests.backends.stg.test_ghc_fidelity import run_reference


def test_proper_fraction_allocates_as_bases(tmp_path):
    # run_reference: stdout (Double, Integer and Rational results, big Integers as
    # Doubles) and the cost-centre tree are GHC's
    g_total, g, p_total, p = run_reference(tmp_path, "propfrac")
    # base's properFraction at Double: decodeFloat, then 2^k by squaring (16 bytes a bit
    # of k and a set bit), m `quotRem` 2^k; exact per exponent range
    for name in ("fa", "fb", "fc", "fe"):
        assert p[(name, "Main")] == g[(name, "Main")], name
    # past 2^53 (n >= 0: the mantissa multiplied up) and tiny values (2^k past 64 bits)
    assert abs(p[("fd", "Main")][0] - g[("fd", "Main")][0]) <= 0.01 * g[("fd", "Main")][0]
    assert abs(p[("tiny", "Main")][0] - g[("tiny", "Main")][0]) <= 0.05 * g[("tiny", "Main")][0]
    # known gap: point-free `splitR = properFraction`/`toD = fromIntegral`'s calls are
    # charged to main (GHC: to the alias's cost centre, 1,440 bytes)
    assert abs(p_total - g_total) <= 0.025 * g_total, (p_total, g_total)


def test_reads_prints_and_allocates_as_ghc(tmp_path):
    # stdout (values and the text left over: leading spaces kept, a lexeme cut where the
    # lexer stops) and the tree are GHC's; the parse's cost is read's less what reads does
    # not do (read also lexes what follows): within 3% per cost centre
    g_total, g, p_total, p = run_reference(tmp_path, "readsuse")
    for name in ("parseInt", "sumAll"):
        assert abs(p[(name, "Main")][0] - g[(name, "Main")][0]) <= 0.03 * g[(name, "Main")][0]
    assert abs(p_total - g_total) <= 0.015 * g_total, (p_total, g_total)


def test_realfloat_and_floating_functions(tmp_path):
    # stdout (libm's digits, NaN/Infinity, decodeFloat's parts, Rational powers) and the
    # tree are GHC's; each function's cost centre exact or within 1%
    g_total, g, p_total, p = run_reference(tmp_path, "floatfns")
    for name in ("hyper", "inv", "parts", "rebuild"):
        assert p[(name, "Main")] == g[(name, "Main")], name
    for name in ("powers", "ratPow"):
        assert abs(p[(name, "Main")][0] - g[(name, "Main")][0]) <= 0.01 * g[(name, "Main")][0]
    # known gap: main's sums 0.967x
    assert abs(p_total - g_total) <= 0.025 * g_total, (p_total, g_total)


def test_more_of_the_containers_api(tmp_path):
    # stdout and the tree are GHC's (mapAccumWithKey lazy: its function entered only for
    # what is looked at, 800 times, not 1,600)
    g_total, g, p_total, p = run_reference(tmp_path, "contapi21")
    # lookupIndex/elemAt with the index unboxed (only the answer allocated); unsafeShiftL
    for name in ("ranks", "hashes.\\"):
        assert p[(name, "Main")] == g[(name, "Main")], name
    assert abs(p[("drain", "Main")][0] - g[("drain", "Main")][0]) <= 0.03 * g[("drain", "Main")][0]
    # known gaps: Set lookups 32 bytes a call over (nearest 1.354x); mapAccumWithKey's lazy
    # pairs (accum 0.613x)
    assert abs(p_total - g_total) <= 0.06 * g_total, (p_total, g_total)
