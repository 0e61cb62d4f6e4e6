"""Text.Printf's ``printf`` formatting, as GHC 9.0.2's base does it.

``printf_format(fmt, args)`` takes the format string and the already evaluated arguments as Python
values (int for Int/Integer, float for Double, a one-character str for Char, a list of such
characters for a String: ``prims.p_printf`` converts them) and returns the text, or raises
``PrintfError`` with base's message (``printf: argument list ended prematurely``,
``printf: formatting string ended prematurely``, ``printf: bad formatting char 'q'``).

Conversions: ``d i`` (and ``u``) decimal, ``x X o b`` in base 16/8/2, ``e f g`` (and upper
case) for Doubles with base's ``showEFloat``/``showFFloat`` digits (the shortest digits of
the number, rounded half-to-even when exactly half, so ``%.2f`` of 2.675 is ``2.68`` and
``%f`` of 0.1 is ``0.1``), ``s`` strings, ``c`` characters, ``v`` the type's default
(``d``, ``g``, ``s``, ``c``) and ``%%``; flags ``-`` (left), ``0`` (zeros), ``+`` and space
(signs), ``#`` (base prefix); a width and a ``.precision`` (for strings, the number of
characters kept).
"""

from __future__ import annotations

import math
import re


class PrintfError(Exception):
    pass


def _digits(x: float) -> tuple[list[int], int]:
    """The shortest decimal digits of ``x`` > 0 and the exponent e with x = 0.d1d2.. * 10^e
    (base's floatToDigits 10)."""
    mant, _, exp = repr(x).partition("e")
    whole, _, frac = mant.partition(".")
    shift = int(exp) if exp else 0
    if whole.strip("0") == "":  # 0.00123: the zeros after the point lower the exponent
        e = shift - (len(frac) - len(frac.lstrip("0")))
    else:
        e = len(whole.lstrip("0")) + shift
    ds = (whole + frac).strip("0") or "0"
    return [int(c) for c in ds], e


def _round_to(n: int, ds: list[int]) -> tuple[int, list[int]]:
    """``ds`` rounded to ``n`` digits (half to even when exactly half): (carry, digits)."""
    if len(ds) <= n:
        return 0, ds + [0] * (n - len(ds))
    head, rest = ds[:n], ds[n:]
    up = rest[0] > 5 or rest[0] == 5 and (any(rest[1:]) or (head[-1] % 2 == 1 if head else
                                                             False))
    if not up:
        return 0, head
    out = list(head)
    i = len(out) - 1
    while i >= 0:
        if out[i] == 9:
            out[i] = 0
            i -= 1
        else:
            out[i] += 1
            return 0, out
    return 1, [1] + out


def _fixed(x: float, prec: int | None) -> str:
    ds, e = _digits(x)
    if prec is None:
        if e <= 0:
            return "0." + "0" * (-e) + "".join(map(str, ds))
        s = "".join(map(str, ds))
        if len(s) <= e:
            return s + "0" * (e - len(s)) + ".0"
        return s[:e] + "." + s[e:]
    if e >= 0:
        carry, r = _round_to(prec + e, ds)
        txt = "".join(map(str, r))
        point = e + carry
        ls, rs = txt[:point], txt[point:]
        return (ls or "0") + ("." + rs if rs else "")
    carry, r = _round_to(prec, [0] * (-e) + ds)
    txt = "".join(map(str, r if carry else [0] + r))
    return txt[0] + ("." + txt[1:] if txt[1:] else "")


def _exponent(x: float, prec: int | None) -> str:
    ds, e = _digits(x)
    if prec is None:
        if ds == [0]:
            return "0.0e0"
        rest = "".join(map(str, ds[1:])) or "0"
        return f"{ds[0]}.{rest}e{e - 1}"
    prec = max(prec, 1)
    if ds == [0]:
        return "0." + "0" * prec + "e0"
    carry, r = _round_to(prec + 1, ds)
    if carry:
        r = r[:-1]
    return f"{r[0]}.{''.join(map(str, r[1:]))}e{e - 1 + carry}"


def _float(x: float, conv: str, prec: int | None) -> str:
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity"
    if x == 0:
        x = 0.0
    c = conv.lower()
    if c == "g":
        c = "f" if x == 0 or 0.1 <= x < 10 ** 7 else "e"
    out = _fixed(x, prec) if c == "f" else _exponent(x, prec)
    return out.upper() if conv.isupper() else out


def _pad(body: str, sign: str, width: int | None, left: bool, zero: bool) -> str:
    if width is None or len(sign) + len(body) >= width:
        return sign + body
    fill = width - len(sign) - len(body)
    if left:
        return sign + body + " " * fill
    if zero:
        return sign + "0" * fill + body
    return " " * fill + sign + body


def printf_format(fmt: str, args: list) -> str:
    out: list[str] = []
    i, k, n = 0, 0, len(fmt)
    while i < n:
        ch = fmt[i]
        i += 1
        if ch != "%":
            out.append(ch)
            continue
        if i >= n:
            raise PrintfError("printf: formatting string ended prematurely")
        if fmt[i] == "%":
            out.append("%")
            i += 1
            continue
        flags = ""
        while i < n and fmt[i] in "-+ 0#":
            flags += fmt[i]
            i += 1
        width = prec = None
        start = i
        while i < n and fmt[i].isdigit():
            i += 1
        if i > start:
            width = int(fmt[start:i])
        if i < n and fmt[i] == ".":
            i += 1
            start = i
            while i < n and fmt[i].isdigit():
                i += 1
            prec = int(fmt[start:i] or "0")
        while i < n and fmt[i] in "hlLqjzt":  # length modifiers are accepted and ignored
            i += 1
        if i >= n:
            raise PrintfError("printf: formatting string ended prematurely")
        conv = fmt[i]
        i += 1
        if k >= len(args):
            raise PrintfError("printf: argument list ended prematurely")
        arg = args[k]
        k += 1
        out.append(_one(conv, flags, width, prec, arg))
    if k < len(args):
        raise PrintfError("printf: formatting string ended too early")
    return "".join(out)


def _one(conv: str, flags: str, width: int | None, prec: int | None, arg: object) -> str:
    left, zero = "-" in flags, "0" in flags and "-" not in flags
    if conv == "v":
        conv = {int: "d", float: "g", str: "c"}.get(type(arg), "s")
    if isinstance(arg, bool) or (isinstance(arg, list) and conv not in "sv"):
        raise PrintfError(f"printf: bad formatting char {conv!r}")
    if type(arg) is int and conv in "diuxXob":
        base = {"x": 16, "X": 16, "o": 8, "b": 2}.get(conv, 10)
        body = _int_digits(abs(arg), base)
        if conv == "X":
            body = body.upper()
        if prec is not None:
            body = body.rjust(prec, "0")
        if "#" in flags and arg != 0 and base != 10:
            body = {16: "0x", 8: "0", 2: "0b"}[base] + body
            if conv == "X":
                body = body.upper()
        sign = "-" if arg < 0 else "+" if "+" in flags else " " if " " in flags else ""
        return _pad(body, sign, width, left, zero)
    if type(arg) is float and conv in "eEfFgG":
        body = _float(abs(arg), conv, prec)
        neg = arg < 0 or (arg == 0 and math.copysign(1, arg) < 0)
        sign = "-" if neg else "+" if "+" in flags else " " if " " in flags else ""
        return _pad(body, sign, width, left, zero and body[0].isdigit())
    if type(arg) is str and conv == "c":
        return _pad(arg, "", width, left, False)
    if isinstance(arg, list) and conv in "sv":
        s = "".join(arg)
        if prec is not None:
            s = s[:prec]
        return _pad(s, "", width, left, False)
    raise PrintfError(f"printf: bad formatting char {conv!r}")


def _int_digits(v: int, base: int) -> str:
    return str(v) if base == 10 else f"{v:{ {16: 'x', 8: 'o', 2: 'b'}[base] }}"


_SPEC = re.compile(r"%([-+ 0#]*)(\d*)(?:\.(\d*))?[hlLqjzt]*(.)")


def _float_digits(x: float) -> tuple[int, int]:
    """base's floatToDigits of ``x``: the number of its shortest decimal digits and the
    exponent e with x = 0.d1d2... * 10^e (Python's repr gives the same shortest digits)."""
    x = abs(x)
    if x == 0 or x != x or x == float("inf"):
        return 1, 0
    mant, _, exp = repr(x).partition("e")
    ip, _, fp = mant.partition(".")
    digits = (ip + fp).lstrip("0")
    e = (len(ip) if ip.strip("0") else -(len(fp) - len(fp.lstrip("0")))) + int(exp or 0)
    return max(1, len(digits.rstrip("0"))), e


def printf_cost(fmt: str, args: list) -> tuple[int, bool]:
    """Bytes base's printf allocates for one call beyond what the machine's own plumbing
    charges (the format's and the arguments' evaluation, the result string at 40 bytes a
    character, 240 bytes of Prelude code and 40 per argument), and whether a Double was
    formatted (GHC.Float's CAF). A fit to GHC 9.0.2 -O0 on 27 one-conversion formats
    (tests/reference/ghc-9.0.2/shapes/README.md): per call 296 bytes, per literal character
    64 (plus its unpacking), %d/%x 980 + 98 a digit, %s 904 + 144 a character, %c 1144, a
    Double 2,224 without a precision and with one 5,600 + 180 per digit of its shortest
    representation (floatToDigits) + 204 per decimal asked + 464 per power of ten (45
    values and precisions, within 440 bytes; ppf5 probe, README), a width 3,600 + 260 a
    padding character."""
    cost = 296 - 240
    floats = False
    k = i = 0
    for mt in _SPEC.finditer(fmt):
        lits = fmt[i:mt.start()]
        cost += 24 * len(lits)
        i = mt.end()
        flags, width, prec, conv = mt.groups()
        if conv == "%":
            cost += 192 - 128 - 40
            continue
        if k >= len(args):
            break
        arg = args[k]
        k += 1
        try:
            out = _one(conv, flags, int(width) if width else None,
                       int(prec or "0") if prec is not None else None, arg)
        except PrintfError:
            break
        body = out.strip()
        if type(arg) is float:
            floats = True
            if prec is None:
                c = 2224
            else:
                nd, e = _float_digits(arg)
                c = 5600 + 180 * nd + 204 * int(prec or "0") + 464 * max(0, e)
        elif type(arg) is int:
            c = (1290 if conv in "xXob" else 980) + 98 * len(body.lstrip("-+"))
        elif type(arg) is str:
            c = 1144
        else:
            c = 904 + 144 * len(body)
        if width and int(width) > 0:
            c += 3600 + 260 * max(0, int(width) - len(body))
        cost += c - 64 * (mt.end() - mt.start()) - 40 * len(out) - 40
    cost += 24 * len(fmt[i:])
    return max(0, cost), floats


# the machine's namespace holds printf_format (engine.py); its cost goes with it
printf_format.cost = printf_cost  # type: ignore[attr-defined]
