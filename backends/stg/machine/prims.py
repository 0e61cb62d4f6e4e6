"""Primitive operations (ir.PRIMOPS) and the boxing helpers they share with generated code.

Like ``rt.py`` these are templates rebound into each machine's namespace (see its
docstring for the free names). Arguments are evaluated boxes (``Box``: ``I#``/``D#``/``C#``)
or, for strings, fully evaluated lists; results are boxes, ``TRUE``/``FALSE``, strings
(lists of ``C#``) or the IO result ``(# token, () #)``.

Numbers are dynamically typed as the IR specifies: Python's own int/float arithmetic does
the widening (an ``I#`` meeting a ``D#`` gives a float, hence a ``D#``). Int arithmetic is
unbounded (no 64-bit wrap-around), a documented difference from GHC.
"""

from __future__ import annotations

import math

from ..heap.rts_heap import FLOAT_CAF_ALLOC
from .prims_array import ARRAY_HELPERS, ARRAY_PRIMS
from .prims_bignum import BIGNUM_HELPERS, BIGNUM_PRIMS
from .prims_bits import BITS_HELPERS, BITS_PRIMS
from .printf import PrintfError, printf_format
from .exceptions import EXC_HELPERS, EXC_PRIMS
from .prims_io import IO_HELPERS, IO_PRIM_FUNCTIONS
from .prims_numeric import NUMERIC_PRIMS, _dead_cells, _float_caf
from .prims_read import READ_HELPERS, READ_PRIMS
from .prims_word import FIXED_PRIMS
from .read import ghc_cost as read_cost
from .show import show_char, show_double

# ruff: noqa: F821  -- free names are the machine registers, see rt.py


def _dead_box(info):
    # GHC's mutator allocates every I#/C# it computes; only the collector replaces a small
    # one by the shared static INTLIKE/CHARLIKE closure. The allocation is charged here
    # (a header row that nothing references, so it dies at the next collection, as GHC's
    # copy does) and the shared closure is handed out, which is what any census after a
    # collection sees.
    HIa(info)
    HPa(CCS)


def mkint(r):
    if -16 <= r <= 255:
        HIa(S_IBOX)  # _dead_box(S_IBOX) inlined (a call less per small Int)
        HPa(CCS)
        return INTLIKE[r + 16]
    o = NEW(Box)  # (cheaper than Box(...): no Python __init__)
    o.id = len(HI)
    o.dc = DC_I
    o.val = r
    HIa(S_IBOX)
    HPa(CCS)
    return o


def mkdbl(r):
    o = NEW(Box)  # (cheaper than Box(...): no Python __init__)
    o.id = len(HI)
    o.dc = DC_D
    o.val = r
    HIa(S_DBOX)
    HPa(CCS)
    return o


def mkchr(c):
    n = ord(c)
    if n < 256:
        HIa(S_CBOX)  # _dead_box(S_CBOX) inlined
        HPa(CCS)
        return CHARLIKE[n]
    o = NEW(Box)  # (cheaper than Box(...): no Python __init__)
    o.id = len(HI)
    o.dc = DC_C
    o.val = c
    HIa(S_CBOX)
    HPa(CCS)
    return o


def mknum(r):
    if type(r) is int:
        if -16 <= r <= 255:
            # _dead_box(S_IBOX) inlined: this is the hottest allocation of Int programs
            HIa(S_IBOX)
            HPa(CCS)
            return INTLIKE[r + 16]
        if not -0x8000000000000000 <= r < 0x8000000000000000:
            return mk_integer(r, limbs(r))  # an Integer's (prims_bignum)
        o = NEW(Box)  # (cheaper than Box(...): no Python __init__)
        o.id = len(HI)
        o.dc = DC_I
        o.val = r
        HIa(S_IBOX)
    elif type(r) is float:
        o = NEW(Box)  # (cheaper than Box(...): no Python __init__)
        o.id = len(HI)
        o.dc = DC_D
        o.val = r
        HIa(S_DBOX)
    else:
        return mkother(r)
    HPa(CCS)
    return o


def mkother(r):
    if type(r) is bool:
        return TRUE if r else FALSE
    if type(r) is str:
        return mkchr(r)
    m.internal(f"cannot box {r!r}")


def mkstr(s, tail=None):
    """A fully built String (list of C#) ending in ``tail`` (default ``[]``), allocated from
    the end."""
    lst = NIL if tail is None else tail
    for ch in reversed(s):
        n = ord(ch)
        if n < 256:  # mkchr inline
            HIa(S_CBOX)
            HPa(CCS)
            c = CHARLIKE[n]
        else:
            c = mkchr(ch)
        o = NEW(Con2)
        o.id = len(HI)
        o.dc = DC_CONS
        o.f0 = c
        o.f1 = lst
        HIa(S_CONS)
        HPa(CCS)
        lst = o
    return lst


def unpack(s, i):
    """One step of lazy ``unpackCString#``: a cons cell whose tail is a thunk for the rest,
    the last character's too (base's unpack reads the terminating NUL in that thunk: GHC
    9.0.2 allocates 64 bytes for "a", 128 for "ab", shapes/literals)."""
    if i >= len(s):
        return NIL
    c = mkchr(s[i])
    # (the objects made as the generated code makes them: no Python __init__ or make)
    t = NEW(Thunk)
    t.id = len(HI)
    t.lf = UNPACK_LF
    t.fv = [s, i + 1]
    t.ccs = CCS
    t.val = None
    HIa(S_UNPACK)
    HPa(CCS)
    o = NEW(Con2)
    o.id = len(HI)
    o.dc = DC_CONS
    o.f0 = c
    o.f1 = t
    HIa(S_CONS)
    HPa(CCS)
    return o


def list_to_str(lst):
    """Read a fully evaluated String (the Prelude deep-forces it before the primitive)."""
    out = []
    while True:
        if type(lst) is Thunk:
            if lst.val is None:
                m.internal("string argument of a primitive is not evaluated")
            lst = lst.val
        if lst.dc is not DC_CONS:
            return "".join(out)
        c, lst = lst.f0, lst.f1
        if type(c) is Thunk:
            c = c.val
        out.append(c.val)


# ------------------------------------------------------------------------- arithmetic
def p_add(a, b):
    if a.dc is DC_I is b.dc:
        return mknum(a.val + b.val)
    return _arith(a, b, 0)


def p_uadd(a, b):
    r = a.val + b.val
    return Box(-1, DC_I if type(r) is int else DC_D, r)  # unboxed: never in the heap


def p_usub(a, b):
    r = a.val - b.val
    return Box(-1, DC_I if type(r) is int else DC_D, r)  # unboxed: never in the heap


def p_half(a):
    return Box(-1, DC_I, a.val // 2)  # an Int# halved (containers' shiftR 1), unboxed


def p_band(a, b):
    return mkint(a.val & b.val)


def p_bor(a, b):
    return mkint(a.val | b.val)


def p_bxor(a, b):
    return mkint(a.val ^ b.val)


def p_shiftL(a, b):
    return mkint(a.val << b.val if b.val >= 0 else a.val >> -b.val)


def p_shiftR(a, b):
    return mkint(a.val >> b.val if b.val >= 0 else a.val << -b.val)


def p_complement(a):
    return mkint(~a.val)


def p_popCount(a):
    """Data.Bits' popCount: bits set of a non-negative Int, of the 64-bit two's complement
    of a negative one (GHC's Int; an Integer's negative count is not modelled)."""
    v = a.val
    return mkint(bin(v if v >= 0 else v & (2 ** 64 - 1)).count("1"))


def p_testBit(a, b):
    return TRUE if b.val >= 0 and (a.val >> b.val) & 1 else FALSE


def p_ptrEq(a, b):
    """containers' ptrEq (reallyUnsafePtrEquality#): the same heap object, nothing
    allocated. A shared small number or character (the machine's static boxes, id -1)
    stands for a box GHC allocates afresh, so it is never the same object."""
    return TRUE if a is b and not (type(a) is Box and a.id < 0) else FALSE


def p_box(a):
    return mknum(a.val)


def p_sub(a, b):
    if a.dc is DC_I is b.dc:
        return mknum(a.val - b.val)
    return _arith(a, b, 1)


def p_mul(a, b):
    if a.dc is DC_I is b.dc:
        return mknum(a.val * b.val)
    return _arith(a, b, 2)


def p_negate(a):
    if a.dc is not DC_I and is_integer(a):
        return z_negate(a)
    return mknum(-a.val)


def p_abs(a):
    if a.dc is not DC_I and is_integer(a):
        return a if a.val >= 0 else z_negate(a)
    # base's abs at Int and integerAbs give back a non-negative argument (fabsDouble# boxes)
    return a if type(a.val) is int and a.val >= 0 else mknum(abs(a.val))


def p_signum(a):
    x = a.val
    if type(x) is float:
        return mkdbl(1.0 if x > 0 else (-1.0 if x < 0 else x))
    if a.dc is not DC_I and is_integer(a):
        return mk_is((x > 0) - (x < 0))
    return mkint((x > 0) - (x < 0))


def p_fdiv(a, b):
    x = _fl(a.val)
    y = _fl(b.val)
    if y == 0.0:
        if x == 0.0 or x != x:
            return mkdbl(math.nan)
        return mkdbl(math.copysign(math.inf, x) * math.copysign(1.0, y))
    return mkdbl(x / y)


def _divzero(b):
    if b == 0:
        m.runtime_error("divide by zero")


def p_pow(a, b):
    try:
        return mkdbl(math.pow(float(a.val), float(b.val)))
    except OverflowError:
        return mkdbl(math.inf)
    except ValueError:
        return mkdbl(math.nan)


def _float_fn(fn, x, on_domain):
    try:
        return mkdbl(fn(float(x)))
    except OverflowError:
        return mkdbl(math.inf)
    except ValueError:
        return mkdbl(on_domain(float(x)))


def p_sqrt(a):
    return _float_fn(math.sqrt, a.val, lambda x: math.nan)


def p_exp(a):
    return _float_fn(math.exp, a.val, lambda x: math.nan)


def p_log(a):
    return _float_fn(math.log, a.val, lambda x: -math.inf if x == 0 else math.nan)


def p_sin(a):
    return _float_fn(math.sin, a.val, lambda x: math.nan)


def p_cos(a):
    return _float_fn(math.cos, a.val, lambda x: math.nan)


def p_tan(a):
    return _float_fn(math.tan, a.val, lambda x: math.nan)


def p_asin(a):
    return _float_fn(math.asin, a.val, lambda x: math.nan)


def p_acos(a):
    return _float_fn(math.acos, a.val, lambda x: math.nan)


def p_atan(a):
    return _float_fn(math.atan, a.val, lambda x: math.nan)


def p_atan2(a, b):
    """base's RealFloat Double atan2 is written in Haskell over atan (its quadrant and
    signed-zero cases); libm's atan2 gives the same values."""
    return mkdbl(math.atan2(float(a.val), float(b.val)))


def _charge(n):
    """``n`` bytes (a multiple of 8, at least 16) of dead cells and boxes charged to the
    current stack: work base's code does that nothing keeps."""
    # cells of 24 bytes while more than 32 are left (or a multiple of 24), then one or two
    # boxes of 16: the rows a column at a time
    r = n % 24
    b = 0 if r == 0 else 1 if r == 16 else 2
    c = (n - 16 * b) // 24
    HIx([S_CONS] * c + [S_IBOX] * b)
    HPx([CCS] * (c + b))


def p_coercedMethod(n, f):
    """The value of a newtype's derived Eq/Ord method CAF (frontend/deriving.py): the
    function ``f`` under the CAF's stack, as a closure GHC's CAF returns, so that a call
    appends the method's cost centre to the caller's stack without counting an entry
    (``main/==`` above the field type's own ``==``); nothing allocated but the ``n`` bytes
    GHC's CAF allocates for a field type whose method it builds by application."""
    if n.val:
        _charge(n.val)
    return Fun(-1, f.lf, f.fv, CCS)


def p_powCostZ(a):
    """base's (^) called from -O0 code with an Integer exponent allocates less than with an
    Int one (its even/quot on small Integers): GHC 9.0.2, x ^ k at Double and at Int, per
    call beyond the products and the result 64 bytes for k = 0, 72 for k = 1, then 56 for
    one bit set, 64 for two, 88 for more (k = 0 .. 8, 16 measured)."""
    k = a.val
    ones = bin(k).count("1") if k > 0 else 0
    _charge(64 if k == 0 else 72 if k == 1 else 56 if ones == 1 else 64 if ones == 2 else 88)
    return UNIT


def _to_int(fn, x):
    if type(x) is int:
        return mkint(x)
    if x != x or x in (math.inf, -math.inf):
        return mkint(0)  # GHC returns an unspecified value; profkit picks 0
    return mkint(int(fn(x)))


def p_truncate(a):
    return _to_int(math.trunc, a.val)


def p_round(a):
    return _to_int(round, a.val)  # round half to even, as Haskell's round


def p_floor(a):
    return _to_int(math.floor, a.val)


def p_ceiling(a):
    return _to_int(math.ceil, a.val)


def p_fromIntegral(a):
    """fromInteger's result is a new box (GHC: I# of integerToInt#), even for the same
    number."""
    return mknum(a.val)


def _fl(x):
    """An Integer as a Double: one past the Int range truncated toward zero to 53 bits (GHC's
    integerToDouble of a big Integer: GMP's mpn_get_d truncates; an Int is rounded); one too
    big is +-Infinity (Python raises)."""
    if type(x) is int and not -0x8000000000000000 <= x <= 0x7FFFFFFFFFFFFFFF:
        a = abs(x)
        cut = a.bit_length() - 53
        x = (a >> cut << cut) * (1 if x > 0 else -1)
    try:
        return float(x)
    except OverflowError:
        return math.inf if x > 0 else -math.inf


def p_toDouble(a):
    x = a.val
    return a if type(x) is float else mkdbl(_fl(x))


def p_ord(a):
    return mkint(ord(a.val))


def p_uord(a):
    return Box(-1, DC_I, ord(a.val))  # ord#: unboxed, never in the heap


def p_chr(a):
    x = a.val
    if not (0 <= x <= 0x10FFFF):
        m.runtime_error(f"Prelude.chr: bad argument: {x}")
    return mkchr(chr(x))


def _case_map(c, r):
    return mkchr(r if len(r) == 1 else c)


def p_toLower(a):
    """base's toLower boxes the FFI's result: one C# per call (16 bytes, GHC 9.0.2), even
    for a character it keeps."""
    return _case_map(a.val, a.val.lower())


def p_toUpper(a):
    return _case_map(a.val, a.val.upper())


# ------------------------------------------------------------------------- show
def _digits_cost(x):
    """What GHC's show of a Double allocates beyond the string: base's floatToDigits works
    in Integers, about 515 bytes + 275 per significant digit + 90 per power of ten (up to
    8) + 38 for a sign (a least-squares fit to GHC 9.0.2 on 19 values, most within 15%),
    charged as dead cells to the current stack; the first such show also builds GHC.Float's
    CAF (its tables, FLOAT_CAF_ALLOC bytes under ``CAF GHC.Float``), unless the runtime's
    heap is left out."""
    if x == 0:  # no digits to compute, no CAF: 560 bytes per show in GHC 9.0.2 all told
        HIx([S_CONS] * 10)  # (the rows of 10 cells, a column at a time)
        HPx([CCS] * 10)
        return
    if x != x or x in (math.inf, -math.inf):
        return  # NaN and the infinities are shown without digits
    _float_caf()
    text = repr(abs(x))
    mantissa, _, exp = text.partition("e")
    digits = len(mantissa.replace(".", "").strip("0")) or 1
    e = abs(math.floor(math.log10(abs(x))))
    cost = 515 + 275 * digits + 90 * min(e, 8) + (38 if x < 0 else 0)
    # refit on 6 more values (issue 18: 2.5, 12.57, pi, 100.0, 0.1, 1234.5678 were each
    # 184-408 bytes over the fit above in GHC 9.0.2)
    cost += 200 + 48 * min(digits - 1, 4)
    # below 10^-4 or from 10^20 the digits come out of Integers past 64 bits: about 250
    # bytes more per digit after the first (GHC 9.0.2: 1.2345e-7 4,744 bytes, 1.2345e30
    # 4,976, 6.02e23 3,416, -6.344131569286608e-17 13,616; pshow probe; between, e.g.
    # 1.2511833993705485e15, no more than the fit above: numcosts)
    if abs(x) < 1e-4 or abs(x) >= 1e20:
        cost += 250 * (digits - 1)
    n = round(cost / 24)
    HIx([S_CONS] * n)
    HPx([CCS] * n)


def p_showInt(a):
    x = a.val
    if type(x) is float:
        _digits_cost(x)
        return mkstr(show_double(x))
    return mkstr(str(x))


def p_showIntOn(a, s):
    """base's ``itos n s``: the digits of the Int ``a`` consed onto ``s`` (not evaluated)."""
    return mkstr(str(a.val), s)


def p_showDouble(a):
    _digits_cost(float(a.val))
    return mkstr(show_double(float(a.val)))


def p_showChar(a):
    return mkstr(show_char(a.val))


# ------------------------------------------------------------------------- strings, IO
def p_unpackCString(s):
    return unpack(s, 0)


#: base's hPutStr on a block-buffered stdout allocates 992 bytes per call whatever the length
#: of the string (GHC 9.0.2: 9,248 for one line, 18,176 for ten, 57,856 for fifty), under
#: the stack running the action; the first call also makes stdout's handle and its 8,256-byte
#: buffer under that stack (heap/rts_heap.install's ``rts_first_output``, 9,248 bytes with the
#: call's own), before the string is forced. hPutStrLn's newline is its own putStr# call,
#: not charged.
def p_putStr(s, w):
    if s is WORLD:
        # the Prelude's putStr taking stdout's handle before it forces its string (``w``,
        # unevaluated): made at the first output (with its buffers, under the stack doing
        # the output); the string is pending until written (exceptions.flush_pending)
        first = getattr(m, "rts_first_output", None)  # None without the runtime heap
        if first is not None:
            first(CCS)
        m.pending_out = w
        return IORES
    m.pending_out = None
    text = list_to_str(s)
    if text != "\n":
        done = getattr(m, "rts_first_written", None)  # the first output written (rts_heap)
        if done is not None:
            done()
        if m.hput_calls:
            HIx([S_CONS] * 40 + [S_IBOX] * 2)  # 40 cons cells and 2 boxes: 992 bytes
            HPx([CCS] * 42)
        m.hput_calls += 1
    OUTa(text)
    if len(OUT) > 4096:
        m.flush_output()
    return IORES


def p_error(s):
    m.runtime_error(list_to_str(s))


def p_printf(fmt, args):
    """Text.Printf's formatting (machine/printf.py) of the evaluated argument list."""
    vals = []
    lst = args
    while True:
        if type(lst) is Thunk:
            lst = lst.val
        if lst.dc is not DC_CONS:
            break
        a, lst = lst.f0, lst.f1
        if type(a) is Thunk:
            a = a.val
        if type(a) is Box:
            vals.append(a.val)
        elif a.dc is DC_CONS or a is NIL:
            vals.append(list(list_to_str(a)))
        elif type(getattr(a, "val", None)) is int:  # an Integer past 64 bits (IP/IN)
            vals.append(a.val)
        else:
            vals.append(a.dc.name == "True" if a.dc.name in ("True", "False") else None)
    f = list_to_str(fmt)
    caf = getattr(m, "rts_library_caf", None)  # None without the runtime heap
    if caf is not None:
        caf("Text.Printf")
    try:
        text = printf_format(f, vals)
    except PrintfError as e:
        m.runtime_error(str(e))
    cost, floats = printf_format.cost(f, vals)  # base's Text.Printf and GHC.Float work (a fit)
    if floats:
        _float_caf()
    _dead_cells(cost)
    return mkstr(text)


def p_isDouble(a):
    """The run-time type test the Prelude's Enum methods need (GHC knows the type
    statically): a test of the box's constructor, allocating nothing."""
    return TRUE if type(a) is Box and a.dc is DC_D else FALSE


def p_isChar(a):
    return TRUE if type(a) is Box and a.dc is DC_C else FALSE


PRIM_FUNCTIONS = {
    "+": p_add, "+#": p_uadd, "-#": p_usub, ".&.#": p_band, ".|.#": p_bor, "xor#": p_bxor,
    "shiftL#": p_shiftL, "shiftR#": p_shiftR, "complement#": p_complement,
    "popCount#": p_popCount, "testBit#": p_testBit, "half#": p_half, "ptrEq#": p_ptrEq, "box#": p_box,
    "coercedMethod#": p_coercedMethod, "-": p_sub, "*": p_mul, "negate": p_negate,
    "abs": p_abs, "signum": p_signum,
    "/": p_fdiv, "**": p_pow,
    "sqrt": p_sqrt, "exp": p_exp, "log": p_log, "sin": p_sin, "cos": p_cos, "tan": p_tan,
    "asin": p_asin, "acos": p_acos, "atan": p_atan, "atan2": p_atan2,
    "truncate": p_truncate, "round": p_round, "floor": p_floor, "ceiling": p_ceiling,
    "fromIntegral": p_fromIntegral, "toDouble": p_toDouble, "ord": p_ord, "ord#": p_uord,
    "chr": p_chr, "toLower#": p_toLower, "toUpper#": p_toUpper,
    "showInt": p_showInt, "showIntOn#": p_showIntOn, "showDouble": p_showDouble,
    "showChar": p_showChar,
    "unpackCString#": p_unpackCString, "putStr#": p_putStr, "error#": p_error,
    "printf#": p_printf,
    **ARRAY_PRIMS, **READ_PRIMS,
    "powCostZ#": p_powCostZ, "isDouble#": p_isDouble, "isChar#": p_isChar,
    **IO_PRIM_FUNCTIONS, **NUMERIC_PRIMS,  # prims_io.py's, prims_numeric.py's
    **FIXED_PRIMS, **EXC_PRIMS, **BIGNUM_PRIMS, **BITS_PRIMS,  # prims_word.py's, ...
}

#: comparisons are generated inline: ``TRUE if a.val < b.val else FALSE``
COMPARISONS = {"==": "==", "/=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}

HELPER_FUNCTIONS = (_dead_box, mkint, mkdbl, mkchr, mknum, mkother, mkstr, unpack, list_to_str,
                    _divzero, _float_fn, _charge, _float_caf, _case_map, _to_int, _fl,
                    _digits_cost, _dead_cells, *READ_HELPERS,
                    *ARRAY_HELPERS, *EXC_HELPERS, *BIGNUM_HELPERS, *BITS_HELPERS,
                    *IO_HELPERS)
