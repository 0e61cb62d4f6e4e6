"""Shapes of issue 18 item 1 (helper shapes19): negative literals, maximumBy and sortBy,
show of tuples and lists, strict fields, aliases, ... against GHC 9.0.2
(shapes/programs/{neglit,cmpby,showtup,strictrec,aliasdicts}.hs,
README)."""

from __future__ import annotations

import pytest

from tests.backends.stg.test_ghc_fidelity import check_reference, run_reference

# name: (total's tolerance, each Main cost centre's, bytes of slack)
REFERENCES = {"neglit": (0.005, 0.03, 32), "cmpby": (0.002, 0.005, 16),
              "strictrec": (0.002, 0.01, 16)}


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_reference_within_tolerances(tmp_path, name):
    check_reference(tmp_path, name, *REFERENCES[name])


def test_negative_literals_call_negate(tmp_path):
    _, g, _, p = run_reference(tmp_path, "neglit")
    # `x * (-1) + 3`: negate's thunk and its result, 32 bytes a call beyond the product's
    assert p[("step", "Main")] == g[("step", "Main")] == [88000, 1000]
    # `x < -3`: the thunk and the result, 32 bytes a call; `(-1)` at Int: a case, nothing
    assert p[("below", "Main")] == g[("below", "Main")]
    assert p[("sign", "Main")] == [0, 1007]
    # `(-1)` at Integer and at Double: == against negate's thunk
    for name in ("classify", "dsign", "evens", "downs"):
        assert p[(name, "Main")] == g[(name, "Main")], name


def test_maximum_by_and_sort_by_are_bases(tmp_path):
    _, g, _, p = run_reference(tmp_path, "cmpby")
    # a Just only where the maximum changes (top: 3 calls, 456 bytes); sortBy's runs
    for name in ("top", "small", "best", "rising"):
        assert abs(p[(name, "Main")][0] - g[(name, "Main")][0]) <= 8, name


def test_show_of_tuples_and_lists(tmp_path):
    g_total, g, p_total, p = run_reference(tmp_path, "showtup")
    assert abs(p_total - g_total) <= 0.025 * g_total
    # quads: a String as a 4-tuple's last component costs GHC 328 bytes more than the
    # model's (a pair's String 72): not understood (NOTE19_shapes19)
    for key in (("main", "Main"), ("pairs", "Main")):
        assert abs(p[key][0] - g[key][0]) <= 0.03 * g[key][0], key
    quads = ("quads", "Main")
    assert abs(p[quads][0] - g[quads][0]) <= 0.14 * g[quads][0]


def test_a_strict_fields_let_binding_is_a_case(tmp_path):
    _, g, _, p = run_reference(tmp_path, "strictrec")
    # `let a' = a + x .. in Reg a' ..`: no thunk for a' (96 bytes a step, with one 128)
    for name in ("step", "step2", "both"):
        assert p[(name, "Main")] == g[(name, "Main")], name


def test_an_alias_of_a_constrained_function_pays_in_its_caf(tmp_path):
    g_total, g, p_total, p = run_reference(tmp_path, "aliasdicts")
    assert abs(p_total - g_total) <= 0.005 * g_total
    # conv = fromIntegral at Int -> Integer: directed to fromIntegralZ# before the alias is
    # seen, neither eta-expanded nor charged (88 bytes under: NOTE19_shapes19)
    bad = [k for k in g if k[1] == "Main" and k[0] not in ("CAF", "conv") and
           abs(p.get(k, [0, 0])[0] - g[k][0]) > max(0.01 * g[k][0], 48)]
    assert not bad
    # `total = sum`: 104 bytes once in total's CAF, none a call; `render = show`: none
    for name in ("total", "prod", "biggest", "member", "flat", "render", "count", "ws"):
        assert p[(name, "Main")] == g[(name, "Main")], name
