"""ghc-bignum's Integer (GHC 9.0.2): ``IS Int#`` (2 words) while the value fits a machine
Int, else ``IP``/``IN`` (2 words) over an ARR_WORDS of its limbs (2 words and 8 bytes a
64-bit limb). Templates rebound into each machine's namespace, as ``prims.py``'s.

The bytes of each operation were measured at -O0 -prof (tests/reference/ghc-9.0.2/shapes/
programs/bignum*.hs; L(x) is the limb count of |x|, an IS operand counting 1): a result
array is allocated at the size the operation may need and shrunk to the result's limbs,
the bytes counted being the allocated ones; a result that fits an Int is boxed as IS and
its array (if any) dies at once.

* ``+``/``-``: both IS: IS, or (overflow) 1 limb. Otherwise magnitudes added: max(L)+1
  limbs; subtracted: max(L) limbs, or nothing when they are equal (the static 0).
* ``*``: both IS: IS, or L(result) limbs; otherwise L(x)+L(y) limbs.
* ``quot``: |x| < |y|: the static 0; |x| = |y|: IS; a divisor that fits an Int: L(x)
  limbs, else L(x)-L(y)+1. ``rem``: divisor an Int: IS only; |x| < |y|: x (an IS as it
  is, a big one in a new box over its limbs); equal: 0; else L(y) limbs.
* ``div``/``mod``: operands of one sign: ``quot``/``rem``'s. Of different signs: the
  quotient and remainder, then both quotient - 1 and remainder + divisor when the
  remainder is not 0 (exact at IS operands, shapes/intdivsign; GHC measures 48 bytes
  more on a big dividend: left, test_bigint_sizes.KNOWN).
* ``negate``: a new box (over the same limbs); ``abs``: the operand when not negative.

The Int primitives (``+``, ``-``, ``*``, ``negate``, ``abs``, ``signum`` in prims.py; ``quot``,
``rem``, ``div``, ``mod`` here) take these rules when an operand is an Integer box (IS, IP,
IN) or a value is past the Int range (the model's Int does not wrap: such a value is an
Integer); the Prelude's ``+``/``-``/``*`` at Integer are prims_numeric's ``+Z``/``-Z``/``*Z``.
"""

from __future__ import annotations

from profkit.kinds import ObjKind
from profkit.tables import Info

from ..heap.heapobj import CON_TYPES, Con, DataConR
from .prims_st import ArrWords

# ruff: noqa: F821  -- free names are the machine registers, see rt.py

class BigNum(Con):
    """``IP``/``IN``: ``val`` the number, ``arr`` its limbs' ARR_WORDS (its one pointer)."""

    __slots__ = ("val", "arr")
    arity = 1

    def _get(self) -> tuple:
        return (self.arr,)

    def _put(self, values: tuple) -> None:
        (self.arr,) = values

    fields = property(_get, _put)

    def short_cut(self) -> None:
        pass


CON_TYPES.add(BigNum)


class BigNumState:
    """A machine's Integer constructors and sites (``_bn``)."""

    def __init__(self, machine) -> None:
        infos = machine.tables.infos
        self.site = machine.header.site_id
        self.dcs = {}
        for tag, name in enumerate(("IS", "IP", "IN")):
            info = infos.intern(Info(name, "Integer", "GHC.Num.Integer", ObjKind.CON,
                                     f"ghc-bignum:GHC.Num.Integer.{name}"))
            self.dcs[name] = DataConR(name, tag, 1, info, "Integer", "GHC.Num.Integer")
        self.s_box = self.site(self.dcs["IS"].info, 2)
        self.s_big = {n: self.site(self.dcs[n].info, 2) for n in ("IP", "IN")}
        self.i_words = infos.intern(Info("ARR_WORDS", "ARR_WORDS", "GHC.Base",
                                         ObjKind.MUTABLE, "ARR_WORDS"))
        self.dc_words = DataConR("ARR_WORDS", 0, 0, self.i_words, "ARR_WORDS", "GHC.Base")
        self.s_words: dict[int, int] = {}
        self.dc_is = self.dcs["IS"]
        self.BigNum, self.ArrWords = BigNum, ArrWords

    def words_site(self, words: int) -> int:
        s = self.s_words.get(words)
        if s is None:
            s = self.s_words[words] = self.site(self.i_words, words)
        return s


def _bn(_new=BigNumState):
    st = getattr(m, "bn_state", None)
    if st is None:
        st = m.bn_state = _new(m)
    return st


def fits(x):
    """``x`` fits a machine Int (the model's Int does not wrap: past it, a number is an
    Integer)."""
    return -0x8000000000000000 <= x < 0x8000000000000000


def limbs(x):
    """64-bit limbs of |x| (at least one)."""
    return max(1, (abs(x).bit_length() + 63) >> 6)


def is_integer(a):
    """``a`` (an evaluated number box) is an Integer: an IS/IP/IN box or past Int range."""
    return a.dc.type_name == "Integer" or type(a.val) is int and not fits(a.val)


def mk_is(r):
    """A new IS box (never a shared static one: the collector shares only I# and C#)."""
    st = _bn()
    o = NEW(Box)
    o.id = len(HI)
    o.dc = st.dc_is
    o.val = r
    HIa(st.s_box)
    HPa(CCS)
    return o


def mk_integer(r, alloc=0, share=None):
    """The Integer ``r`` as ghc-bignum makes it: an array of ``alloc`` limbs first (shrunk to
    r's own), then IS when r fits an Int (the array dead), else IP/IN over the array (or
    over ``share``, an operand's limbs)."""
    st = _bn()
    if fits(r):
        if alloc:
            HIa(st.words_site(2 + alloc))
            HPa(CCS)
        return mk_is(r)
    if share is None:
        n = limbs(r)
        share = NEW(st.ArrWords)
        share.id = len(HI)
        share.dc = st.dc_words
        share.kind = 1
        share.items = ()
        HIa(st.words_site(2 + n))
        HPa(CCS)
        if alloc > n:  # the part shrunk away: allocated, never live
            HIa(st.words_site(alloc - n))
            HPa(CCS)
    o = NEW(st.BigNum)
    o.id = len(HI)
    o.dc = st.dcs["IP" if r > 0 else "IN"]
    o.val = r
    o.arr = share
    HIa(st.s_big[o.dc.name])
    HPa(CCS)
    return o


def z_add(x, y):
    """x + y, neither 0 (the operations' shortcuts give back an operand): integerAdd."""
    r = x + y
    if fits(x) and fits(y):
        return mk_is(r) if fits(r) else mk_integer(r, 1)
    if r == 0:
        return INTLIKE[16]
    n = max(limbs(x), limbs(y))
    return mk_integer(r, n + 1 if (x < 0) == (y < 0) else n)


def z_mul(x, y):
    r = x * y
    if fits(x) and fits(y):
        return mk_is(r) if fits(r) else mk_integer(r, limbs(r))
    return mk_integer(r, limbs(x) + limbs(y))


def z_arith(op, x, y):
    """An inline ``+``, ``-`` or ``*`` (compile.py) whose result is past the Int range.
    ``n + 0`` is a literal's boxing: a big literal is built at run time (GHC 9.0.2: its
    limbs as a list of W# words, 40 bytes a limb, dead once the array and IP are made:
    32 + 48 bytes a limb, shapes/bignum's v_b1 .. v_b4; a Word64 literal's too, fx# 18).
    With another operand 1 (or 0) the result is the other's value in an I#'s box."""
    if op == "+" and y == 0:
        n = limbs(x)
        HIa(_bn().words_site(5 * n))
        HPa(CCS)
        return mk_integer(x, n)
    if y == (1 if op == "*" else 0) or x == (1 if op == "*" else 0) and op != "-":
        return mk_word(x + y if op == "+" else x - y if op == "-" else x * y)
    if op == "*":
        return z_mul(x, y)
    return z_add(x, y if op == "+" else -y)


def z_negate(a):
    r = -a.val
    if fits(r):
        return mk_is(r)
    return mk_integer(r, 0, a.arr if type(a) is _bn().BigNum else None)


def z_quot(a, b):
    x, y = a.val, b.val
    q = abs(x) // abs(y)
    q = q if (x < 0) == (y < 0) else -q
    if fits(x) and fits(y):
        return mk_is(q)
    if y == 1:
        return a
    if abs(x) < abs(y):
        return INTLIKE[16]
    if abs(x) == abs(y):
        return mk_is(q)
    return mk_integer(q, limbs(x) if fits(y) else limbs(x) - limbs(y) + 1)


def z_rem(a, b):
    x, y = a.val, b.val
    r = abs(x) % abs(y)
    r = r if x >= 0 else -r
    if fits(y):
        return mk_is(r)
    if abs(x) < abs(y):
        if fits(x):
            return a
        return mk_integer(x, 0, a.arr if type(a) is _bn().BigNum else None)
    if r == 0:
        return INTLIKE[16]
    return mk_integer(r, limbs(y))


def z_divmod(a, b, want_mod):
    """div (``want_mod`` False) or mod at Integer."""
    x, y = a.val, b.val
    if (x < 0) == (y < 0) or x == 0:
        return z_rem(a, b) if want_mod else z_quot(a, b)
    q, r = z_quot(a, b), z_rem(a, b)
    if r.val == 0:
        return r if want_mod else q
    q1, r1 = z_add(q.val, -1), z_add(r.val, y)  # (both made, as divMod's strict pair)
    return r1 if want_mod else q1


# ------------------------------------------- the Int primitives' Integer cases
def _arith(a, b, op):
    """+ (0), - (1) or * (2) where an operand is not an I#: at Integer, ghc-bignum's (an
    operand back where GHC gives it back: prims_numeric.p_addZ's shortcuts)."""
    if not (is_integer(a) or is_integer(b)):
        x, y = a.val, b.val
        return mknum(x + y if op == 0 else x - y if op == 1 else x * y)
    return (p_addZ, p_subZ, p_mulZ)[op](a, b)


def p_quot(a, b):
    x, y = a.val, b.val
    if y == 0:
        _divzero(y)
    if type(x) is int and type(y) is int:
        if not (a.dc is DC_I is b.dc) and (is_integer(a) or is_integer(b)):
            return z_quot(a, b)
        if x >= 0 and y > 0:
            return mkint(x // y)
        q = abs(x) // abs(y)
        return mkint(q if (x < 0) == (y < 0) else -q)
    return mknum(float(math.trunc(x / y)))


def p_rem(a, b):
    x, y = a.val, b.val
    if y == 0:
        _divzero(y)
    if type(x) is int and type(y) is int:
        if not (a.dc is DC_I is b.dc) and (is_integer(a) or is_integer(b)):
            return z_rem(a, b)
        if x >= 0 and y > 0:
            return mkint(x % y)
        q = abs(x) // abs(y)
        q = q if (x < 0) == (y < 0) else -q
        return mkint(x - y * q)
    return mknum(math.fmod(x, y))


def p_div(a, b):
    y = b.val
    if y == 0:
        _divzero(y)
    if not (a.dc is DC_I is b.dc) and (is_integer(a) or is_integer(b)):
        return z_divmod(a, b, False)
    return mknum(a.val // y)


def p_mod(a, b):
    y = b.val
    if y == 0:
        _divzero(y)
    if not (a.dc is DC_I is b.dc) and (is_integer(a) or is_integer(b)):
        return z_divmod(a, b, True)
    return mknum(a.val % y)


def mk_word(r):
    """A Data.Word/Data.Int box (prims_word): an I#'s two words, a Word64 past 2^63 too
    (not an Integer)."""
    return mknum(r) if fits(r) else mkint(r)


def p_toInt(a):
    """integerToInt: the low 64 bits, signed."""
    x = a.val
    if not fits(x):
        x = (x + 0x8000000000000000) % 0x10000000000000000 - 0x8000000000000000
    return mknum(x)


def p_toInteger(a):
    """toInteger (fromIntegral to Integer): a new IS box (IP/IN past the Int range)."""
    x = a.val
    if type(x) is not int:
        return mknum(x)
    return mk_is(x) if fits(x) else mk_integer(x, limbs(x))


BIGNUM_PRIMS = {"toInt#": p_toInt, "toInteger#": p_toInteger, "quot": p_quot, "rem": p_rem, "div": p_div, "mod": p_mod}
BIGNUM_HELPERS = (_bn, fits, limbs, is_integer, mk_is, mk_integer, z_add, z_mul, z_arith, z_negate,
                  z_quot, z_rem, z_divmod, _arith, mk_word)
