"""GHC's show for Double/Char as the machine prints them."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from profkit.backends.stg.machine.show import show_char, show_double, show_lit_char


def test_show_double_matches_ghc_examples():
    cases = {
        0.1: "0.1", 0.01: "1.0e-2", 1e7: "1.0e7", 9999999.0: "9999999.0",
        12345678.9: "1.23456789e7", 500000.5: "500000.5", 1.0: "1.0", 0.0: "0.0",
        -1.5: "-1.5", 123.456: "123.456", 0.30000000000000004: "0.30000000000000004",
        5e-324: "5.0e-324", 1.7976931348623157e308: "1.7976931348623157e308",
        1e22: "1.0e22", 0.099: "9.9e-2", 1234567.0: "1234567.0",
    }
    for x, want in cases.items():
        assert show_double(x) == want, x
    assert show_double(-0.0) == "-0.0"
    assert show_double(math.inf) == "Infinity"
    assert show_double(-math.inf) == "-Infinity"
    assert show_double(math.nan) == "NaN"


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_show_double_reads_back_and_uses_fixed_notation_in_ghcs_range(x):
    s = show_double(x)
    assert float(s) == x
    assert ("e" not in s) == (x == 0 or 0.1 <= abs(x) < 1e7)
    assert "." in s


def test_show_char_escapes_like_ghc():
    assert show_char("a") == "'a'"
    assert show_char("'") == "'\\''"
    assert show_char("\n") == "'\\n'"
    assert show_char("\\") == "'\\\\'"
    assert show_char("\x7f") == "'\\DEL'"
    assert show_char("\xe9") == "'\\233'"
    assert show_lit_char('"', in_string=True) == '\\"'
