"""Data.Word's and Data.Int's fixed-width arithmetic: the primitives of the Prelude's
functions at those types (``frontend/fixed_ints.py`` writes them, ``ir.PRIMOPS``: fx#,
fxCost#).

The machine's numbers carry no type: a Word8 is an ``I#`` box holding a Python int in
0..255, an Int32 one in -2^31..2^31-1. ``fx# k op x y`` computes operation ``op`` on the
evaluated boxes ``x`` and ``y`` at type code ``k`` (the width, plus 100 when signed:
typecheck_sigs_word.FIXED_TYPES) and wraps the result as GHC's instances do (two's
complement), one fresh box as their methods return (GHC's ``W8#``/``I64#`` boxes are two
words, as an ``I#``). Templates rebound into each machine's namespace as ``prims.py``'s.
"""

from __future__ import annotations

# ruff: noqa: F821  -- free names are the machine registers, see rt.py


def wrap_fixed(k: int, v: int) -> int:
    """``v`` as a value of the type of code ``k`` (two's complement wrap-around)."""
    bits = k % 100
    v &= (1 << bits) - 1
    if k > 100 and v >> (bits - 1):
        v -= 1 << bits
    return v


def _rotate(k: int, x: int, n: int) -> int:
    bits = k % 100
    n %= bits
    u = x & ((1 << bits) - 1)
    return (u << n) | (u >> (bits - n)) if n else u


#: the operations: code -> what they compute from the two arguments' values
def _shift(x: int, n: int) -> int:
    return x << n if n >= 0 else x >> -n


FX_OPS = {0: lambda k, x, y: x, 1: lambda k, x, y: x + y, 2: lambda k, x, y: x - y,
          3: lambda k, x, y: x * y, 4: lambda k, x, y: -x, 5: lambda k, x, y: abs(x),
          6: lambda k, x, y: x << y if y < k % 100 else 0, 7: lambda k, x, y: _shift(x, y),
          8: lambda k, x, y: ~x,
          9: lambda k, x, y: bin(x & ((1 << k % 100) - 1)).count("1"),
          11: lambda k, x, y: x | (1 << y), 12: _rotate,
          13: lambda k, x, y: _rotate(k, x, -y),
          20: lambda k, x, y: k % 100 - (x & ((1 << k % 100) - 1)).bit_length(),
          21: lambda k, x, y: ((x & -x).bit_length() - 1) if x else k % 100}


def p_fx(k, op, x, y, ops=FX_OPS, wrap=wrap_fixed):
    """Operation ``op`` at type code ``k``: 0 wrap ``x``, 1 +, 2 -, 3 *, 4 negate, 5 abs,
    6 shiftL, 7 shift, 8 complement, 9 popCount (an Int), 10 testBit (a Bool), 11 setBit,
    12 rotateL, 13 rotateR, 20 countLeadingZeros, 21 countTrailingZeros (Ints), 14 div and 15 quot (GHC's divide by zero and, at a signed
    type's minBound by -1, arithmetic overflow), 16 ``x`` itself when it is in range (no
    box), else wrapped, 17 is ``x`` in range (a Bool), 18
    a literal's fromInteger (its Integer charged), 19 show's cost at Word64 (());
    a fresh box."""
    c, o, a = k.val, op.val, x.val
    if o == 10:
        b = y.val
        return TRUE if 0 <= b < c % 100 and (a >> b) & 1 else FALSE
    if o == 19:  # base's show of a Word64: an Integer, a large one beyond 2^63 (GHC 9.0.2)
        _charge(16 if a < 1 << 63 else 216)
        return UNIT
    if o == 18:  # a literal: GHC's IS box (a literal beyond the static ones was boxed)
        if -16 <= a <= 255:
            _charge(16)
        elif not -(1 << 63) <= a < 1 << 63:  # (the big Integer's own 80 bytes, GHC 9.0.2,
            _charge(16)  # are prims_bignum.z_arith's, where the literal is built)
        return mk_word(wrap(c, a))
    if o == 17:
        return TRUE if wrap(c, a) == a else FALSE
    if o == 16:
        v = wrap(c, a)
        return x if v == a else mk_word(v)
    if o == 6 and y.val < 0:  # base's shiftL of a negative count: overflowError
        m.runtime_error("arithmetic overflow")
    if o == 14 or o == 15:
        b = y.val
        if b == 0:
            m.runtime_error("divide by zero")
        if c > 100 and b == -1 and a == -(1 << (c % 100 - 1)):
            m.runtime_error("arithmetic overflow")
        if o == 14:
            return mk_word(a // b)
        q = abs(a) // abs(b)
        return mk_word(q if (a < 0) == (b < 0) else -q)
    v = ops[o](c, a, y.val)
    return mk_word(v if o in (9, 20, 21) else wrap(c, v))


def p_fxCost(n):
    """``n`` bytes (a multiple of 8, at least 16) of base's work at these types that the
    Prelude's code does not allocate (its Integer conversions, dictionaries): ()."""
    _charge(n.val)
    return UNIT


def wrap_int(v: int) -> int:
    """``v`` as a GHC Int: its low 64 bits, signed (an ``Int#`` operation's wrap-around).
    (``+I``/``-I``/``*I``, the Prelude's + - * at Int, are compile.py's inline code; its
    ``wrapI#``/``shiftLI#`` are ``fx#``'s operations 16 and 6 at Int64's code 164.)"""
    return ((v + 0x8000000000000000) & 0xFFFFFFFFFFFFFFFF) - 0x8000000000000000


def p_negI(a, wrap=wrap_int):
    """negate at Int: of minBound, minBound."""
    r = -a.val
    return mknum(r if type(r) is not int or r < 1 << 63 else wrap(r))


def p_absI(a, wrap=wrap_int):
    """abs at Int: a non-negative argument itself (as prims.p_abs); of minBound, minBound."""
    r = a.val
    return a if r >= 0 else mknum(-r if type(r) is not int or -r < 1 << 63 else wrap(-r))


def p_wordsCost(n):
    """``n`` words (at least 2) of base's work beyond the Prelude's code, as p_fxCost: ()."""
    _charge(n.val * 8)
    return UNIT


FIXED_PRIMS = {"fx#": p_fx, "fxCost#": p_fxCost, "wordsCost#": p_wordsCost,
               "negI#": p_negI, "absI#": p_absI}
