"""Runtime services: the Python implementations (the numbering the code generators share is
``..abi``, re-exported here).

ML code calls service ``n`` with ``call [esi+0x80+4n]`` (x86); the slot holds the address of
the service's stub in the stub page, where an address-limited code hook runs the Python
implementation below. Argument in EBX (a tuple argument is a pair/record), result in EBX,
EDI = current closure. Services may allocate (through the runtime's allocator, which may
collect and fix the registers) and may raise ML exceptions (the runtime unwinds to the
innermost handler frame).
"""

from __future__ import annotations

import decimal
import math
import re
import struct
from typing import Callable

from profkit.errors import GuestRuntimeError

from .. import values as V

# The numbering and the slot layout are the code generators' contract (``..abi``).
from ..abi import (  # noqa: F401 - re-exported
    SERVICE_NAMES,
    SERVICE_SLOT_BASE,
    SERVICES,
    ExitProgram,
    service_slot,
)


# ====================================================================== implementations
# Each takes the Machine; the argument is in the ARG register, the result goes back there.
# A service that allocates reads everything it needs from its argument *before* calling
# ``m.alloc`` (which may collect and move objects), or re-reads the argument register after.



def _arg(m) -> int:
    return m.reg(m.arch.ARG)


def _ret(m, v: int) -> None:
    m.set_reg(m.arch.ARG, v)


def field(m, v: int, i: int) -> int:
    """Field i of a pair (PAIRPTR) or record (POINTER): both at ``v - 1 + 4i``."""
    return m.word(v - 1 + 4 * i)


def _int(w: int) -> int:
    return V.unint(w)


def _bool(b: bool) -> int:
    return V.MLTRUE if b else V.MLFALSE


def _list_items(m, lst: int) -> list[int]:
    out = []
    while lst != V.MLNIL:
        out.append(field(m, lst, 0))
        lst = field(m, lst, 1)
    return out


def _build_list(m, items: list[int]) -> int:
    """A list of already-tagged non-pointer words (chars, ints): one allocation."""
    if not items:
        return V.MLNIL
    n = len(items)
    addr = m.alloc(8 * n)
    words = []
    for i, x in enumerate(items):
        nxt = addr + 8 * (i + 1) + V.PAIRPTR if i + 1 < n else V.MLNIL
        words += [x & 0xFFFFFFFF, nxt]
    m.write(addr, m.pack(*words))
    return addr + V.PAIRPTR


def write_bytes(stream, b: bytes) -> None:
    """SML strings are bytes and ``print`` writes them as they are (as Poly/ML and SML/NJ
    do): straight to a binary stream under the text layer when there is one, else (a
    StringIO capturing output) as the UTF-8 text they spell, undecodable bytes kept as
    surrogate escapes."""
    buf = getattr(stream, "buffer", None)
    if buf is not None:
        stream.flush()  # what the text layer holds goes first
        buf.write(b)
    else:
        stream.write(b.decode("utf-8", "surrogateescape"))


def s_print(m) -> None:
    b = m.string_bytes(_arg(m))
    write_bytes(m.stdout, b)
    m.output_bytes += len(b)
    _ret(m, V.MLUNIT)


def int_text(i: int) -> str:
    return f"~{-i}" if i < 0 else str(i)


def gen_text(x: float, p: int) -> str:
    """``Real.fmt (GEN (SOME p))`` as Poly/ML prints it: ``p`` significant digits, trailing
    zeros dropped; fixed notation (at least one digit after the point) when the decimal
    exponent of the rounded value is -6..p-1, else ``d.ddEx``; ~ for minus. (C's %g switches
    to the exponent form below -4.)"""
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "~inf" if x < 0 else "inf"
    if x == 0:
        return "~0.0" if math.copysign(1.0, x) < 0 else "0.0"
    mant, _, exp = ("%.*e" % (p - 1, x)).partition("e")
    e = int(exp)
    if -7 < e < p:
        out = "%.*f" % (p - 1 - e, x)
        if "." in out:
            out = out.rstrip("0").rstrip(".")
        if "." not in out:
            out += ".0"
    else:
        if "." in mant:
            mant = mant.rstrip("0").rstrip(".")
        out = mant + "E" + (f"~{-e}" if e < 0 else str(e))
    return out.replace("-", "~")


def real_text(x: float) -> str:
    """SML's Real.toString as Poly/ML prints it: ``fmt (GEN NONE)``, 12 significant digits
    (``0.000015``, ``123456789012.0``, ``1.5E~7``, ``1E12``)."""
    return gen_text(x, 12)


def exact_text(x: float) -> str:
    """``Real.fmt EXACT`` as Poly/ML prints it: the shortest digits that read back as ``x``,
    as ``0.ddd`` times a power of ten (``0.1``, ``0.2E1``, ``0.1E~4``, ``0.5E~323``)."""
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "~inf" if x < 0 else "inf"
    sign = "~" if math.copysign(1.0, x) < 0 else ""
    if x == 0:
        return sign + "0.0"
    _s, digits, exp = decimal.Decimal(repr(abs(x))).as_tuple()
    ds = "".join(map(str, digits)).rstrip("0")
    e = len(digits) + exp  # type: ignore[operator]
    return sign + "0." + ds + ("" if e == 0 else "E" + (f"~{-e}" if e < 0 else str(e)))


def real_fmt_text(kind: int, n: int, x: float) -> str:
    """``Real.fmt`` (basis.sml checks ``n``): 0 ``FIX (SOME n)``, 1 ``SCI (SOME n)``, 2 ``GEN
    (SOME n)``, 3 ``EXACT``, correctly rounded from the binary value as Poly/ML (C's printf)
    rounds it (``FIX (SOME 2) 0.005`` is ``0.01``: 0.005 is a little above 0.005)."""
    if kind == 2:
        return gen_text(x, n)
    if kind == 3:
        return exact_text(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "~inf" if x < 0 else "inf"
    if kind == 0:
        return ("%.*f" % (n, x)).replace("-", "~")
    mant, _, exp = ("%.*e" % (n, x)).partition("e")
    e = int(exp)
    return (mant + "E" + (f"~{-e}" if e < 0 else str(e))).replace("-", "~")


def s_int_to_string(m) -> None:
    _ret(m, m.make_string(int_text(_int(_arg(m))).encode()))


def s_real_fmt(m) -> None:
    p = _arg(m)
    x = m.read_double(field(m, p, 2) - V.POINTER + 8)
    text = real_fmt_text(_int(field(m, p, 0)), _int(field(m, p, 1)), x)
    _ret(m, m.make_string(text.encode()))


def s_real_to_string(m) -> None:
    p = _arg(m)
    x = m.read_double(p - V.POINTER + 8)
    _ret(m, m.make_string(real_text(x).encode()))


def s_string_concat(m) -> None:
    p = _arg(m)
    b = m.string_bytes(field(m, p, 0)) + m.string_bytes(field(m, p, 1))
    _ret(m, m.make_string(b))


def s_string_concat_list(m) -> None:
    b = b"".join(m.string_bytes(s) for s in _list_items(m, _arg(m)))
    _ret(m, m.make_string(b))


def s_string_size(m) -> None:
    _ret(m, V.mlint(len(m.string_bytes(_arg(m)))))


def s_string_sub(m) -> None:
    p = _arg(m)
    b = m.string_bytes(field(m, p, 0))
    i = _int(field(m, p, 1))
    if not 0 <= i < len(b):
        return m.raise_named("Subscript")
    _ret(m, V.mlint(b[i]))


def s_substring(m) -> None:
    p = _arg(m)
    b = m.string_bytes(field(m, p, 0))
    i, n = _int(field(m, p, 1)), _int(field(m, p, 2))
    if i < 0 or n < 0 or i + n > len(b):
        return m.raise_named("Subscript")
    _ret(m, m.make_string(b[i:i + n]))


def s_implode(m) -> None:
    _ret(m, m.make_string(bytes(_int(c) & 0xFF for c in _list_items(m, _arg(m)))))


def s_explode(m) -> None:
    b = m.string_bytes(_arg(m))
    _ret(m, _build_list(m, [V.mlint(c) for c in b]))


def s_char_to_string(m) -> None:
    _ret(m, m.make_string(bytes([_int(_arg(m)) & 0xFF])))


def _two_strings(m) -> tuple[bytes, bytes]:
    p = _arg(m)
    return m.string_bytes(field(m, p, 0)), m.string_bytes(field(m, p, 1))


def s_string_eq(m) -> None:
    a, b = _two_strings(m)
    _ret(m, _bool(a == b))


def s_string_lt(m) -> None:
    a, b = _two_strings(m)
    _ret(m, _bool(a < b))


def s_string_gt(m) -> None:
    a, b = _two_strings(m)
    _ret(m, _bool(a > b))


def s_string_le(m) -> None:
    a, b = _two_strings(m)
    _ret(m, _bool(a <= b))


def s_string_ge(m) -> None:
    a, b = _two_strings(m)
    _ret(m, _bool(a >= b))


def s_string_compare(m) -> None:
    a, b = _two_strings(m)
    _ret(m, V.mlint((a > b) - (a < b)))


# ---------------------------------------------------------------- arrays and refs
# An array of n elements: {header (ARRAY, n), forward, back, elements}, REFPTR-tagged
# (value = header address + 3); element i at value + 9 + 4i. Links are 0 (profkit keeps the
# remembered set in the runtime, not in the links).

MAX_ARRAY = 1 << 24


def _new_array(m, n: int, init_from_arg: Callable[[], int]) -> int:
    nbytes = V.ref_bytes(n)
    addr = m.alloc(nbytes)
    init = init_from_arg()  # re-read after a possible collection
    words = [V.make_header(V.ARRAY, n), 0, 0] + [init & 0xFFFFFFFF] * n
    words += [0] * (nbytes // 4 - len(words))
    m.write(addr, m.pack(*words))
    if init & 1:
        m.gc.remember(addr)
    return addr + V.REFPTR


def s_array_make(m) -> None:
    n = _int(field(m, _arg(m), 0))
    if n < 0 or n > MAX_ARRAY:
        return m.raise_named("Size")
    _ret(m, _new_array(m, n, lambda: field(m, _arg(m), 1)))


def s_array_from_list(m) -> None:
    items = _list_items(m, _arg(m))
    n = len(items)
    nbytes = V.ref_bytes(n)
    addr = m.alloc(nbytes)
    items = _list_items(m, _arg(m))  # elements may have moved
    words = [V.make_header(V.ARRAY, n), 0, 0] + [x & 0xFFFFFFFF for x in items]
    words += [0] * (nbytes // 4 - len(words))
    m.write(addr, m.pack(*words))
    if any(x & 1 for x in items):
        m.gc.remember(addr)
    _ret(m, addr + V.REFPTR)


def _array_len(m, a: int) -> int:
    return V.header_length(m.word(a - V.REFPTR))


def s_array_length(m) -> None:
    _ret(m, V.mlint(_array_len(m, _arg(m))))


def s_array_sub(m) -> None:
    p = _arg(m)
    a, i = field(m, p, 0), _int(field(m, p, 1))
    if not 0 <= i < _array_len(m, a):
        return m.raise_named("Subscript")
    _ret(m, m.word(a + 9 + 4 * i))


def s_array_update(m) -> None:
    p = _arg(m)
    a, i, v = field(m, p, 0), _int(field(m, p, 1)), field(m, p, 2)
    if not 0 <= i < _array_len(m, a):
        return m.raise_named("Subscript")
    m.set_word(a + 9 + 4 * i, v)
    if v & 1:
        m.gc.remember(a - V.REFPTR)
    _ret(m, V.MLUNIT)


# Byte arrays (Word8Array, CharArray): {header (BYTEARRAY, n), bytes}, REFPTR-tagged; byte
# i at value + 1 + i. The code generators emit these services as instructions
# (codegen/inline.py); these are the same operations for any other caller.


def s_bytearray_make(m) -> None:
    n = _int(field(m, _arg(m), 0))
    if n < 0 or n > MAX_ARRAY:
        return m.raise_named("Size")
    nbytes = V.double_align(4 + n)
    addr = m.alloc(nbytes)
    byte = _int(field(m, _arg(m), 1)) & 0xFF  # re-read after a possible collection
    m.write(addr, m.pack(V.make_header(V.BYTEARRAY, n)) + bytes([byte]) * n
            + b"\0" * (nbytes - 4 - n))
    _ret(m, addr + V.REFPTR)


def s_bytearray_length(m) -> None:
    _ret(m, V.mlint(_array_len(m, _arg(m))))


def s_bytearray_sub(m) -> None:
    p = _arg(m)
    a, i = field(m, p, 0), _int(field(m, p, 1))
    if not 0 <= i < _array_len(m, a):
        return m.raise_named("Subscript")
    _ret(m, V.mlint(m.read(a + 1 + i, 1)[0]))


def s_bytearray_update(m) -> None:
    p = _arg(m)
    a, i, v = field(m, p, 0), _int(field(m, p, 1)), _int(field(m, p, 2))
    if not 0 <= i < _array_len(m, a):
        return m.raise_named("Subscript")
    m.write(a + 1 + i, bytes([v & 0xFF]))
    _ret(m, V.MLUNIT)


def s_assign(m) -> None:
    p = _arg(m)
    r, v = field(m, p, 0), field(m, p, 1)
    m.set_word(r + 9, v)
    if v & 1:
        m.gc.remember(r - V.REFPTR)
    _ret(m, V.MLUNIT)


# ---------------------------------------------------------------- the rest


#: tag of SOME in the front end's lowering (types.py: valued constructors numbered from 0)
OPTION_SOME_TAG = 0


def _some(m, v: int) -> int:
    addr = m.alloc(8)
    m.write(addr, m.pack(V.mlint(OPTION_SOME_TAG), v))
    return addr + V.PAIRPTR


_REAL_PREFIX = re.compile(r"[ \t\n\r\f\v]*([+~-]?)(\d+(?:\.\d+)?|\.\d+)([eE][+~-]?\d+)?")


def real_from_text(s: str) -> float | None:
    """``Real.fromString`` as Poly/ML 5.7 reads it: leading white space, a sign (+ ~ -),
    digits with an optional fraction (or a fraction alone), an optional exponent; the rest
    of the string is ignored; correctly rounded (``1e400`` is inf); ``inf``/``nan`` and a
    string without digits give NONE."""
    mt = _REAL_PREFIX.match(s)
    if mt is None:
        return None
    sign, num, exp = mt.groups()
    return float(("-" if sign in ("~", "-") else "") + num + (exp or "").replace("~", "-"))


def s_real_from_string(m) -> None:
    v = real_from_text(m.string_bytes(_arg(m)).decode("latin-1"))
    if v is None:
        return _ret(m, V.MLNIL)
    addr = m.alloc(8 + V.REAL_BYTES)  # SOME's pair and the boxed real, in one allocation
    real = addr + 8
    m.write(real, m.pack(V.make_header(V.BYTEARRAY, 12), 0) + struct.pack(m._e + "d", v))
    m.write(addr, m.pack(V.mlint(OPTION_SOME_TAG), real + V.POINTER))
    _ret(m, addr + V.PAIRPTR)


def s_int_from_string(m) -> None:
    s = m.string_bytes(_arg(m)).decode("latin-1").lstrip(" \t\n\r\f\v")
    sign = 1
    if s[:1] in ("~", "-", "+"):
        sign = -1 if s[0] != "+" else 1
        s = s[1:]
    digits = ""
    for ch in s:
        if not ch.isdigit():
            break
        digits += ch
    if not digits:
        return _ret(m, V.MLNIL)
    i = sign * int(digits)
    if not V.INT_MIN <= i <= V.INT_MAX:
        return m.raise_named("Overflow")
    _ret(m, _some(m, V.mlint(i)))


def structural_equal(m, a: int, b: int) -> bool:
    """Polymorphic equality on data: integers and refs/arrays by identity, pairs and
    records field by field, strings and boxed reals by contents."""
    work = [(a, b)]
    while work:
        x, y = work.pop()
        if x == y:
            continue
        if (x & 7) != (y & 7) or not (x & 1):
            return False
        t = x & 7
        if t == V.PAIRPTR:
            work += [(field(m, x, 0), field(m, y, 0)), (field(m, x, 1), field(m, y, 1))]
        elif t == V.POINTER:
            hx, hy = m.word(x - 5), m.word(y - 5)
            if hx != hy:
                return False
            sec, n = V.header_secondary(hx), V.header_length(hx)
            if sec == V.RECORD:
                work += [(field(m, x, i), field(m, y, i)) for i in range(n)]
            elif sec in (V.STRING, V.BYTEARRAY):
                if sec == V.BYTEARRAY and n == 12:  # boxed real: compare as doubles
                    if m.read(x + 3, 8) != m.read(y + 3, 8):
                        fx, fy = m.read_double(x + 3), m.read_double(y + 3)
                        if fx != fy:
                            return False
                elif m.read(x - 1, n) != m.read(y - 1, n):
                    return False
            else:
                return False
        else:
            return False  # refs and arrays: equal only if identical
    return True


def s_structural_eq(m) -> None:
    p = _arg(m)
    _ret(m, _bool(structural_equal(m, field(m, p, 0), field(m, p, 1))))


def s_exit(m) -> None:
    m.stdout.flush()
    raise ExitProgram(_int(_arg(m)) & 0xFF)


def uncaught_message(m, exn: int) -> str:
    """What Poly/ML prints for an uncaught exception: ``Exception- Div raised``, with the
    argument of ``Fail`` shown as a string (other arguments are not shown: the runtime does
    not know their types)."""
    name = m.exn_name(exn)
    if name == "Fail":
        arg = field(m, exn, 1)
        if arg & 7 == V.POINTER and V.header_secondary(m.word(arg - 5)) == V.STRING:
            text = m.string_bytes(arg).decode("utf-8", "replace")
            return f'Exception- Fail "{text}" raised'
    return f"Exception- {name} raised"


def s_raise_uncaught(m) -> None:
    m.stdout.flush()
    raise GuestRuntimeError(uncaught_message(m, _arg(m)))


IMPLS: dict[str, Callable] = {
    "print": s_print, "int_to_string": s_int_to_string, "real_to_string": s_real_to_string,
    "string_concat": s_string_concat, "string_concat_list": s_string_concat_list,
    "string_size": s_string_size, "string_sub": s_string_sub, "substring": s_substring,
    "implode": s_implode, "explode": s_explode, "string_eq": s_string_eq,
    "string_lt": s_string_lt, "array_make": s_array_make, "array_sub": s_array_sub,
    "array_update": s_array_update, "array_length": s_array_length,
    "int_from_string": s_int_from_string, "structural_eq": s_structural_eq, "exit": s_exit,
    "raise_uncaught": s_raise_uncaught, "assign": s_assign,
    "string_compare": s_string_compare, "char_to_string": s_char_to_string,
    "string_gt": s_string_gt, "string_le": s_string_le, "string_ge": s_string_ge,
    "array_from_list": s_array_from_list, "bytearray_make": s_bytearray_make,
    "bytearray_sub": s_bytearray_sub, "bytearray_update": s_bytearray_update,
    "bytearray_length": s_bytearray_length, "real_fmt": s_real_fmt,
    "real_from_string": s_real_from_string,
}
