"""GHC's ``show`` for Double, Int and Char, as pure string functions.

``show_double`` follows base's ``showFloat`` (``formatRealFloat FFGeneric Nothing``): the
digits are the shortest ones that read back to the same Double (``floatToDigits``, which is
what Python's ``repr`` computes too); the value ``0.d1d2.. * 10^e`` is printed in fixed
notation when ``0 <= e <= 7`` (0.1 <= |x| < 10^7) and as ``d.ddde<e-1>`` otherwise, always
with at least one digit after the point: ``0.1``, ``1.0e-2``, ``1.0e7``, ``500000.5``.
"""

from __future__ import annotations

import math

_CONTROL = [
    "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "a", "b", "t", "n", "v", "f", "r", "SO",
    "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC",
    "FS", "GS", "RS", "US",
]


def float_to_digits(x: float) -> tuple[list[int], int]:
    """(digits, e) with x = 0.d1d2... * 10^e, shortest digits (x > 0, finite)."""
    r = repr(x)
    mant, _, exp = r.partition("e")
    e10 = int(exp) if exp else 0
    ip, _, fp = mant.partition(".")
    digits = ip + fp
    e = len(ip) + e10
    stripped = digits.lstrip("0")
    e -= len(digits) - len(stripped)
    stripped = stripped.rstrip("0") or "0"
    return [int(c) for c in stripped], e


def show_double(x: float) -> str:
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    if x < 0 or (x == 0 and math.copysign(1.0, x) < 0):
        return "-" + show_double(-x)
    if x == 0:
        return "0.0"
    ds, e = float_to_digits(x)
    s = "".join(map(str, ds))
    if e < 0 or e > 7:
        if len(s) == 1:
            return f"{s}.0e{e - 1}"
        return f"{s[0]}.{s[1:]}e{e - 1}"
    if e == 0:
        return "0." + s
    if len(s) <= e:
        return s + "0" * (e - len(s)) + ".0"
    return s[:e] + "." + s[e:]


def show_int(n: int) -> str:
    return str(n)


def show_lit_char(c: str, in_string: bool = False) -> str:
    """base's showLitChar (the body of a Char or String literal)."""
    o = ord(c)
    if c == "\\":
        return "\\\\"
    if o >= 127:
        return "\\DEL" if o == 127 else f"\\{o}"
    if o < 32:
        return "\\" + _CONTROL[o]
    if c == "'" and not in_string:
        return "\\'"
    if c == '"' and in_string:
        return '\\"'
    return c


def show_char(c: str) -> str:
    return "'" + show_lit_char(c) + "'"
