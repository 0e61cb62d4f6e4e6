"""Data.Bits at Integer (ghc-bignum, GHC 9.0.2): the results, and the bytes each operation
allocates (frontend/bits_integer.py directs the Prelude's Bits methods used at Integer here;
at Int they stay prims.py's ``.&.#`` ...). Templates rebound into each machine's namespace,
as ``prims.py``'s.

The bytes were measured at -O0 -prof, one SCC a case, over 0, 2, 5, 16 and 32-limb operands of
both signs (L(x): the 64-bit limbs of |x|, 0 for 0; an array of n limbs is 16 + 8n bytes; the
result's box IS/IP/IN 16 bytes, none for a zero result, the static 0):

* both operands fitting an Int (IS): the result's IS box alone.
* ``.&.``/``.|.``/``xor`` of non-negative operands: an array of the larger operand's limbs
  (the smaller's for ``.&.``), shrunk to the result. A negative operand goes through two's
  complement as ghc-bignum does: |y| - 1 (L(y) limbs), the operation on magnitudes, and a
  negative result's magnitude + 1 (L + 1 limbs), each an array of its own.
* ``complement``: of x > 0, x + 1 (L(x) + 1 limbs) in an IN; of x < 0, |x| - 1 (L(x)).
* ``shiftL x n``: L(x) + ceil(n/64) limbs (an IS operand first made a 1-limb array).
  ``shiftR``: L(x) - n/64 limbs, of x < 0 L(x) - (n-1)/64 (nothing when not positive).
* ``bit n``: an IS below 63, else n/64 + 1 limbs; ``setBit``/``clearBit``: base's
  ``x .|. bit n`` / ``x .&. complement (bit n)`` and 24 bytes more.
* ``popCount`` of a negative Integer is minus that of its magnitude (ghc-bignum's
  ``integerPopCount#``; at Int it is the 64-bit two's complement's).

Left: ``.|.`` of a negative operand fitting an Int and a negative big one, 8 to 24 bytes
over GHC's, which differ by the operands' order.
"""

from __future__ import annotations

# ruff: noqa: F821  -- free names are the machine registers, see rt.py


def zb_arr(n):
    """An ARR_WORDS of ``n`` limbs (ghc-bignum's intermediate), dead once used."""
    HIa(_bn().words_site(2 + n))
    HPa(CCS)


def zb_limbs(v):
    return (abs(v).bit_length() + 63) >> 6


def zb_res(r, n):
    """The result ``r`` of an operation whose array had ``n`` limbs: the static 0 (the array
    alone), else an IS (the array dead) or IP/IN over it."""
    if r == 0:
        if n:
            zb_arr(n)
        return INTLIKE[16]
    return mk_integer(r, n)


def zb_neg(r, m):
    """A negative result whose magnitude less one is ``m``: m + 1 made afresh (L(m) + 1)."""
    return mk_integer(r, zb_limbs(m) + 1)


def zb_and(x, y):
    if fits(x) and fits(y):
        return mk_is(x & y)
    if fits(y) and not fits(x):
        x, y = y, x
    r = x & y
    if fits(x):  # y big
        if x >= 0:
            return (zb_res(r, 1) if r else INTLIKE[16]) if y > 0 else mk_is(r)
        if y > 0:
            return zb_res(r, zb_limbs(y))
        zb_arr(zb_limbs(y))
        m = (-x - 1) | (-y - 1)
        zb_arr(max(zb_limbs(-x - 1), zb_limbs(-y - 1)))
        return zb_neg(r, m)
    if x > 0 and y > 0:
        return zb_res(r, min(zb_limbs(x), zb_limbs(y)))
    if x < 0 and y < 0:
        zb_arr(zb_limbs(x))
        zb_arr(zb_limbs(y))
        m = (-x - 1) | (-y - 1)
        zb_arr(max(zb_limbs(-x - 1), zb_limbs(-y - 1)))
        return zb_neg(r, m)
    p, n = (x, y) if x > 0 else (y, x)
    zb_arr(zb_limbs(n))
    return zb_res(r, zb_limbs(p))


def zb_or(x, y):
    if fits(x) and fits(y):
        return mk_is(x | y)
    if fits(y) and not fits(x):
        x, y = y, x
    r = x | y
    if fits(x):  # y big
        if x >= 0 and y > 0:
            return zb_res(r, zb_limbs(y))
        if x >= 0:
            zb_arr(zb_limbs(y))
            zb_arr(zb_limbs(-y - 1))
            return zb_neg(r, (-y - 1) & ~x)
        if y > 0:
            zb_arr(1)
            zb_arr(1)
            return zb_neg(r, (-x - 1) & ~y)
        zb_arr(zb_limbs(y))
        zb_arr(1)
        return zb_neg(r, (-x - 1) & (-y - 1))
    if x > 0 and y > 0:
        return zb_res(r, max(zb_limbs(x), zb_limbs(y)))
    if x < 0 and y < 0:
        zb_arr(zb_limbs(x))
        zb_arr(zb_limbs(y))
        zb_arr(min(zb_limbs(-x - 1), zb_limbs(-y - 1)))
        return zb_neg(r, (-x - 1) & (-y - 1))
    p, n = (x, y) if x > 0 else (y, x)
    zb_arr(zb_limbs(n))
    zb_arr(zb_limbs(-n - 1))
    return zb_neg(r, (-n - 1) & ~p)


def zb_xor(x, y):
    if fits(x) and fits(y):
        return mk_is(x ^ y)
    if fits(y) and not fits(x):
        x, y = y, x
    r = x ^ y
    if fits(x):  # y big
        if x >= 0 and y > 0:
            return zb_res(r, zb_limbs(y))
        if x >= 0:
            zb_arr(zb_limbs(y))
            zb_arr(max(1, zb_limbs(-y - 1)))
            return zb_neg(r, x ^ (-y - 1))
        if y > 0:
            zb_arr(max(1, zb_limbs(y)))
            return zb_neg(r, (-x - 1) ^ y)
        zb_arr(zb_limbs(y))
        return zb_res(r, max(1, zb_limbs(-y - 1)))
    if x > 0 and y > 0:
        return zb_res(r, max(zb_limbs(x), zb_limbs(y)))
    if x < 0 and y < 0:
        zb_arr(zb_limbs(x))
        zb_arr(zb_limbs(y))
        return zb_res(r, max(zb_limbs(-x - 1), zb_limbs(-y - 1)))
    p, n = (x, y) if x > 0 else (y, x)
    zb_arr(zb_limbs(n))
    zb_arr(max(zb_limbs(p), zb_limbs(-n - 1)))
    return zb_neg(r, p ^ (-n - 1))


def zb_complement(x):
    if fits(x):
        return mk_is(~x)
    if x > 0:
        return mk_integer(~x, zb_limbs(x) + 1)
    return zb_res(~x, zb_limbs(x))


def zb_shiftL(x, n):
    if n < 0:
        return zb_shiftR(x, -n)
    if x == 0 or n == 0:
        return mk_is(x) if fits(x) else mk_integer(x, zb_limbs(x))
    if fits(x):
        zb_arr(1)
        return mk_integer(x << n, 1 + (n + 63) // 64)
    return mk_integer(x << n, zb_limbs(x) + (n + 63) // 64)


def zb_shiftR(x, n):
    if n < 0:
        return zb_shiftL(x, -n)
    if fits(x):
        return mk_is(x >> n)
    k = zb_limbs(x) - (n // 64 if x > 0 else (n - 1) // 64)
    if k <= 0:
        return INTLIKE[16] if x > 0 else INTLIKE[15]  # the static 0 / -1
    return zb_res(x >> n, k)


def zb_bit(n):
    return mk_is(1 << n) if n < 63 else mk_integer(1 << n, n // 64 + 1)


def p_andZ(a, b):
    return zb_and(a.val, b.val)


def p_orZ(a, b):
    return zb_or(a.val, b.val)


def p_xorZ(a, b):
    return zb_xor(a.val, b.val)


def p_complementZ(a):
    return zb_complement(a.val)


def p_shiftLZ(a, n):
    return zb_shiftL(a.val, n.val)


def p_shiftRZ(a, n):
    return zb_shiftR(a.val, n.val)


def p_bitZ(n):
    return zb_bit(n.val)


def p_setBitZ(a, n):
    zb_arr(1)
    return zb_or(a.val, zb_bit(n.val).val)


def p_clearBitZ(a, n):
    zb_arr(1)
    return zb_and(a.val, zb_complement(zb_bit(n.val).val).val)


def p_popCountZ(a):
    x = a.val
    return mkint(bin(x).count("1") if x >= 0 else -bin(-x).count("1"))


BITS_PRIMS = {"andZ#": p_andZ, "orZ#": p_orZ, "xorZ#": p_xorZ, "complementZ#": p_complementZ,
              "shiftLZ#": p_shiftLZ, "shiftRZ#": p_shiftRZ, "bitZ#": p_bitZ,
              "setBitZ#": p_setBitZ, "clearBitZ#": p_clearBitZ, "popCountZ#": p_popCountZ}
BITS_HELPERS = (zb_arr, zb_limbs, zb_res, zb_neg, zb_and, zb_or, zb_xor, zb_complement,
                zb_shiftL, zb_shiftR, zb_bit)
