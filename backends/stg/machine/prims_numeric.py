"""Numeric's float formatting, Text.Read's tests and Integer's +, -, * (ghc-bignum's shortcuts):
the primitives of ``prelude_numeric.hs`` and of ``prelude.hs``'s plusZ#, minusZ#, timesZ#
(``ir.PRIMOPS``: fmtFloat#, readOk#).

``format_float`` follows base's ``formatRealFloat`` (GHC 9.0.2, base 4.15): the shortest
digits that read back (``show.float_to_digits``), ``FFFixed`` (showFFloat), ``FFExponent``
(showEFloat), ``FFGeneric`` (showGFloat: fixed when 0.1 <= |x| < 10^7); with ``Just n``
digits the digit list is rounded half to even at the last place kept (base's ``roundTo``),
``Just 0`` prints no point (``showFFloat (Just 0) 2.5 ""`` is ``2``), and a negative
number its ``-`` before the digits (``-0`` when they round to zero).

The primitives are templates rebound into each machine's namespace as ``prims.py``'s are
(the formatting and the costs, plain Python, are reached through default arguments).
"""

from __future__ import annotations

import math

from .read import ghc_cost
from .show import float_to_digits

# ruff: noqa: F821  -- free names are the machine registers, see rt.py

#: what base's formatting allocates beyond the String the subset builds (96 bytes a character
#: with its (++) onto the rest), fitted to GHC 9.0.2 (-O0 -prof, 72 calls: within 11% each):
#: per way of formatting (fixed with Just n digits, fixed with Nothing, exponent with Just n,
#: exponent with Nothing), a call, each shortest digit (floatToDigits), each character
#: without the sign, each power of ten above 10^7 (its Integer powers), a minus sign, and
#: for Just n fixed, a point printed; a zero is a call and 75 bytes a character (fixed) or
#: 100 bytes (exponent)
FMT_COSTS = {"FJ": (800, 224, 352, -24, -40, -712), "FN": (696, 256, 136, -40, -80, 0),
             "EJ": (1648, 224, 56, 40, -24, 0), "EN": (632, 248, 128, 40, -24, 0)}


def format_cost(kind: int, dec: int | None, x: float, text: str) -> int:
    if not math.isfinite(x):
        return 0
    ds, e = _digits(abs(x))
    if kind == 2:
        kind = 1 if e < 0 or e > 7 else 0
    if x == 0:
        return 200 + 75 * len(text) if kind == 0 else 100
    way = ("F" if kind == 0 else "E") + ("N" if dec is None else "J")
    call, digit, char, big, neg, point = FMT_COSTS[way]
    return call + digit * len(ds) + char * len(text.lstrip("-")) + big * max(0, e - 7) + \
        (neg if x < 0 else 0) + (point if "." in text else 0)




def read_fail_cost(shape: str, text: str) -> int:
    """What a failed readMaybe/readEither allocates in GHC 9.0.2 (a fit to 17 texts, within
    15%): 2,352 bytes, and GHC's lexer's work on the first word, 540 bytes a character of a
    number and 140 of anything else; at String 3,500 more (ReadP tries the list syntax too);
    at a list, a third more than read's parse of its elements (``read.ghc_cost``)."""
    if shape.startswith("["):
        return ghc_cost(shape, text) * 4 // 3
    words = text.split()
    first = words[0] if words else ""
    per = 540 if first[:1].isdigit() or first[:1] == "-" and first[1:2].isdigit() else 140
    return 2352 + per * len(first) + (3500 if shape == "S" else 0)


def _round_to(n: int, ds: list[int]) -> tuple[int, list[int]]:
    """base's roundTo at base 10: ``ds`` rounded to ``n`` digits (half to even); the carry
    (1 when the digits became one longer) and the digits."""
    def go(k: int, even: bool, xs: list[int]) -> tuple[int, list[int]]:
        if not xs:
            return 0, [0] * k
        if k == 0:
            if xs[0] == 5 and even and all(x == 0 for x in xs[1:]):
                return 0, []
            return (1 if xs[0] >= 5 else 0), []
        c, rest = go(k - 1, xs[0] % 2 == 0, xs[1:])
        i = c + xs[0]
        return (1, [0] + rest) if i == 10 else (0, [i] + rest)

    c, out = go(n, True, ds)
    return (1, [1] + out) if c else (0, out)


def _digits(x: float) -> tuple[list[int], int]:
    return ([0], 0) if x == 0 else float_to_digits(x)


def _fixed(ds: list[int], e: int, dec: int | None) -> str:
    if dec is None:
        s = "".join(map(str, ds))
        if e <= 0:
            return "0." + "0" * -e + s
        ip, fp = s[:e], s[e:]
        return ip + "0" * (e - len(ip)) + "." + (fp or "0")
    dec = max(dec, 0)
    if e >= 0:
        c, out = _round_to(dec + e, ds)
        s = "".join(map(str, out))
        ip, fp = s[:e + c], s[e + c:]
        return (ip or "0") + ("." + fp if fp else "")
    c, out = _round_to(dec, [0] * -e + ds)
    s = "".join(map(str, out if c else [0] + out))
    return s[0] + ("." + s[1:] if s[1:] else "")


def _exponent(ds: list[int], e: int, dec: int | None) -> str:
    if dec is None:
        if ds == [0]:
            return "0.0e0"
        s = "".join(map(str, ds))
        return f"{s[0]}.{s[1:] or '0'}e{e - 1}"
    if dec <= 0:
        if ds == [0]:
            return "0e0"
        c, out = _round_to(1, ds)
        return f"{(out[:-1] if c else out)[0]}e{e - 1 + c}"
    dec = max(dec, 1)
    if ds == [0]:
        return "0." + "0" * dec + "e0"
    c, out = _round_to(dec + 1, ds)
    s = "".join(map(str, out[:-1] if c else out))
    return f"{s[0]}.{s[1:]}e{e - 1 + c}"


def format_float(kind: int, dec: int | None, x: float) -> str:
    """formatRealFloat: kind 0 FFFixed, 1 FFExponent, 2 FFGeneric; dec None for Nothing."""
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    if x < 0 or (x == 0 and math.copysign(1.0, x) < 0):
        return "-" + format_float(kind, dec, -x)
    ds, e = _digits(x)
    if kind == 2:
        kind = 1 if e < 0 or e > 7 else 0
    return _fixed(ds, e, dec) if kind == 0 else _exponent(ds, e, dec)


def _float_caf():
    """GHC.Float's CAF (FLOAT_CAF_ALLOC bytes under ``CAF GHC.Float``), built by the first
    show or format of a nonzero finite Double, unless the runtime's heap is left out."""
    if m.float_caf_pending:
        stack = m.take_float_caf()
        HIx([S_CONS] * (FLOAT_CAF_ALLOC // 24))
        HPx([stack] * (FLOAT_CAF_ALLOC // 24))
        if FLOAT_CAF_ALLOC % 24 == 16:
            HIa(S_IBOX)
            HPa(stack)


def p_fmtFloat(kind, has, n, x, fmt=format_float, cost=format_cost):
    """showFFloat/showEFloat/showGFloat's text (an evaluated kind, Just flag, digits and
    number), charged as base's formatting allocates."""
    dec = n.val if has.val else None
    v = float(x.val)
    text = fmt(kind.val, dec, v)
    if v != 0 and math.isfinite(v):
        _float_caf()
    _dead_cells(cost(kind.val, dec, v, text))
    return mkstr(text)


def p_readOk(shape, s, fail=read_fail_cost):
    """Does ``read`` at this shape parse the text? (readMaybe/readEither's test: a failed
    parse is charged here, a good one by read# when it builds the value.)"""
    sh, text = list_to_str(shape), list_to_str(s)
    try:
        read_value(sh, text)
    except ValueError:
        _dead_cells(fail(sh, text))
        return FALSE
    return TRUE


def p_readsLen(shape, s, fail=read_fail_cost):
    """reads: how many characters of the text the value at its start takes, -1 where none
    parses (charging a failed parse, as readOk#; read# charges a good one)."""
    sh, text = list_to_str(shape), list_to_str(s)
    n = read_value(sh, text, True)
    if n < 0:
        _dead_cells(fail(sh, text))
    return mkint(n)


#: what reads costs less than read's parse of the same text (read also lexes what follows
#: the value, and the subset's reads its own drop and pair): GHC 9.0.2, shapes/readsuse
READS_LESS = 216


def p_readsVal(shape, s, n, less=READS_LESS):
    """reads' value: the first ``n`` characters of the text read at the shape (readsLen#
    found them), charging GHC's parse of them."""
    return _read_at(list_to_str(shape), list_to_str(s)[:n.val], less)


def _atanh(x: float) -> float:
    return math.copysign(math.inf, x) if abs(x) == 1 else math.atanh(x)


#: floatFn#'s functions (libm's, as GHC.Float's sinhDouble..atanhDouble call them)
FLOAT_FNS = (math.sinh, math.cosh, math.tanh, math.asinh, math.acosh, _atanh)


def p_floatFn(k, a, fns=FLOAT_FNS):
    """sinh..atanh at Double: a new D#; past the range +-Infinity (C's sign), outside the
    domain NaN."""
    x = float(a.val)
    try:
        return mkdbl(fns[k.val](x))
    except OverflowError:
        return mkdbl(math.inf if k.val == 1 or x > 0 else -math.inf)
    except ValueError:
        return mkdbl(math.nan)


def p_floatTest(k, a):
    """isNaN, isInfinite, isNegativeZero, isDenormalized at Double: a static Bool."""
    x, t = float(a.val), k.val
    if t == 0:
        return TRUE if x != x else FALSE
    if t == 1:
        return TRUE if x in (math.inf, -math.inf) else FALSE
    if t == 2:
        return TRUE if x == 0 and math.copysign(1.0, x) < 0 else FALSE
    return TRUE if x != 0 and abs(x) < 2.2250738585072014e-308 else FALSE


def p_floatPart(k, a):
    """decodeFloat's mantissa (an Integer of 53 bits) and exponent, significand (in
    [0.5, 1)) and exponent at Double (16 bytes more than their results: GHC 9.0.2,
    floatfns); zero's parts are zeros. Infinity and NaN decode as their bits do (GHC's
    decodeDouble: the implicit bit set, exponent 2047 - 1075 = 972; x86's NaN is negative
    and quiet), so decodeFloat (1/0) is (2^52, 972) and significand 0.5."""
    x, t = float(a.val), k.val
    if not math.isfinite(x):
        m = -0.75 if x != x else math.copysign(0.5, x)
        e = 1025
    else:
        m, e = math.frexp(x)
    if t == 0:
        return mknum(int(m * 9007199254740992.0))
    if t == 1:
        return mkint(e - 53 if m else 0)
    _charge(16)  # (base's significand and exponent decode the Double again)
    if t == 2:
        return mkdbl(m)
    return mkint(e)


def p_encodeFloat(m, e):
    """encodeFloat m e (m * 2^e) and scaleFloat (the same with the Double first): an
    Integer past 64 bits truncated as integerToDouble does; past the range +-Infinity."""
    x = m.val if type(m.val) is float else _fl(m.val)
    try:
        return mkdbl(math.ldexp(x, max(min(e.val, 100000), -100000)))
    except OverflowError:
        return mkdbl(math.copysign(math.inf, x))


def p_ratioToDouble(n, d):
    """fromRational at Double: n/d correctly rounded (base's fromRat; Python's division of
    two ints rounds correctly), a fresh D#."""
    try:
        return mkdbl(n.val / d.val)
    except OverflowError:
        return mkdbl(math.inf if n.val > 0 else -math.inf)


def properfraction_cost(x: float) -> int:
    """What a call of properFraction at Double allocates in GHC 9.0.2 (-O0 -prof; base's
    RealFrac Double: decodeFloat's (m, n), then (m * 2^n, 0) when n >= 0, else m `quotRem`
    2^-n), with the caller's argument thunk, measured per exponent k = -n (shapes/propfrac):
    base's (^) at Integer squares once per bit of k and multiplies once per set bit (16
    bytes each), a power past 64 bits is a two-limb Integer (40 bytes more); n >= 0
    multiplies the mantissa up instead."""
    k = 53 - math.frexp(x)[1] if x and math.isfinite(x) else 0
    if k > 0:
        return 208 + 16 * (k.bit_length() - 1 + bin(k).count("1")) + (40 if k >= 64 else 0)
    if k == 0:
        return 384
    return min(584 + 105 * (-k - 1), 1960) // 8 * 8


#: what the subset's properFraction at Double allocates itself, with a caller's thunk (an
#: I#, two D#s, the pair, the thunk): base's bytes beyond it are charged (``p_pfCost``)
PF_OWN = 144


def p_pfCost(x, cost=properfraction_cost, own=PF_OWN):
    """properFraction at Double: base's bytes beyond the subset's (``PF_OWN``); ()."""
    n = cost(x.val) - own
    if n >= 16:
        _charge(n)
    return UNIT


def p_dblNumerator(x):
    """toRational of a Double: its exact value's numerator (an Integer)."""
    return mknum(x.val.as_integer_ratio()[0] if type(x.val) is float else x.val)


def p_dblDenominator(x):
    return mknum(x.val.as_integer_ratio()[1] if type(x.val) is float else 1)


def _dead_cells(n):
    """``n`` bytes (rounded down to 24) of dead cons cells charged to the current cost centre:
    base's work beyond what the subset's code allocates."""
    HIx([S_CONS] * (n // 24))
    HPx([CCS] * (n // 24))


def p_baseCost(n):
    """Bytes of base's code beyond what the subset's allocates (Ratio's generic code, its
    Integral dictionary's calls; ReadP's for readHex), charged to the current cost centre
    as dead cells; returns ()."""
    _dead_cells(n.val)
    return UNIT


# ghc-bignum's Integer operations give back an operand, or the static zero, where the
# result is one of them (integerAdd x 0 is x, integerSub x 0 x, integerMul x 1 x, a product
# with 0 the static 0): nothing allocated (GHC 9.0.2, shapes/intzero)
def p_addZ(a, b):
    if b.val == 0:
        return a
    if a.val == 0:
        return b
    return z_add(a.val, b.val)  # (prims_bignum: IS, or IP/IN over its limbs)


def p_subZ(a, b):
    if b.val == 0:
        return a
    if a.val == 0:
        return z_negate(b)
    return z_add(a.val, -b.val)


def p_mulZ(a, b):
    if a.val == 0 or b.val == 0:
        return INTLIKE[16]
    if b.val == 1:
        return a
    if a.val == 1:
        return b
    return z_mul(a.val, b.val)


NUMERIC_PRIMS = {"+Z": p_addZ, "-Z": p_subZ, "*Z": p_mulZ,
                 "baseCost#": p_baseCost, "fmtFloat#": p_fmtFloat, "readOk#": p_readOk,
                 "readsLen#": p_readsLen, "readsVal#": p_readsVal,
                 "ratioToDouble#": p_ratioToDouble, "dblNumerator#": p_dblNumerator,
                 "dblDenominator#": p_dblDenominator, "pfCost#": p_pfCost,
                 "floatFn#": p_floatFn, "floatTest#": p_floatTest, "floatPart#": p_floatPart,
                 "encodeFloat#": p_encodeFloat}
