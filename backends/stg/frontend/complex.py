"""Fractional and Floating at base's ``Complex`` (Data.Complex, base_complex.hs).

The library's Num instance is reached as a program's (instances.py); ``/``, ``recip``,
``pi``, ``exp``, ``log``, ``sqrt``, ``sin``, ``cos``, ``tan``, ``sinh``, ``cosh``,
``**`` and ``fromRational`` used at a ``Complex`` (the checked type of their first argument,
or of ``pi``/``fromRational``'s result) are renamed to the library's functions of base's
definitions (``divC#``...). A fractional literal at a Complex is refused (its
``fromRational`` would wrap the literal: the subset cannot rewrite a literal in place).

    complex_directed(e, t, file) -> bool
"""

from __future__ import annotations

from profkit.errors import SourceError

from . import syntax as S
from . import typecheck_types as T

#: the Prelude's functions -> the library's at Complex
COMPLEX_FNS = {"/": "divC#", "recip": "recipC#", "pi": "piC#", "exp": "expC#",
               "log": "logC#", "sqrt": "sqrtC#", "sin": "sinC#", "cos": "cosC#",
               "tan": "tanC#", "sinh": "sinhC#", "cosh": "coshC#", "**": "powC#",
               "fromRational": "fromRationalC#"}
#: those whose result (not their first argument) tells the type
_BY_RESULT = {"pi", "fromRational"}


def _is_complex(t: object) -> bool:
    head, _ = T.spine(T.prune(t))
    return isinstance(head, T.TCon) and not head.rigid and head.name == "Complex"


def complex_directed(e: S.EVar, t: object) -> bool:
    """``e`` renamed to the library's function where it is used at a Complex."""
    if e.name == "toDoubleC#":  # (the library's Integer to a component: a Double)
        e.name = "%fromIntegerD#"
        return True
    if e.name in _BY_RESULT:
        sf = T.split_fun(t)
        at = t if sf is None else sf[1]
    else:
        sf = T.split_fun(t)
        if sf is None:
            return False
        at = sf[0]
    if not _is_complex(at):
        return False
    e.name = COMPLEX_FNS[e.name]
    return True


def complex_literal(e: S.ELit, desc: str | None, file: str) -> None:
    """A fractional literal at a Complex is refused, with its position."""
    if desc is not None and desc.startswith("Complex"):
        raise SourceError("a fractional literal at `Complex' is not supported by the Haskell "
                          "subset (write it as a pair: 0.5 :+ 0)", file, e.span[0], e.span[1])
