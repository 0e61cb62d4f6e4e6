"""What the front end does for prelude_numeric.hs (Text.Read's readMaybe/readEither, Numeric,
Data.Ord's Down, Data.Ratio; their types are typecheck_sigs_numeric.py's):
``pipeline._helpers_source`` takes the dispatch of Down's and Ratio's Ord and Show,
``directed.type_literals`` the Ratio operations chosen by type.

A Ratio is the constructor ``R# n d`` (base's ``n :% d``) of two numbers (the machine's
Ints are unbounded, so ``Ratio Int`` is ``Rational``); Num at Ratio goes through the subset's Num instances of a
program type (``Derived.num``, with the literals ``fromIntegerR# n``) when the program
imports Data.Ratio or names Rational; Fractional's ``/`` and ``recip``, RealFrac's rounding, ``fromRational``,
``toRational``, ``realToFrac`` and ``fromIntegral`` are rewritten at the checked type.
"""

from __future__ import annotations

from profkit.errors import SourceError

from . import syntax as S
from . import typecheck_types as T

#: the alternatives of the generated comparisons and show that send Down's and Ratio's
#: values to their instances (<, <=, max ... go through compare)
NUMERIC_DISPATCH = {"compare": ["  (Down _) -> cmpDown# x y", "  (R# _ _) -> cmpR# x y"],
                    "showsPrec": ["  (R# _ _) -> showsR# d x s"]}

#: Num at Ratio (Derived.num's form: the method -> the Prelude function)
RATIO_NUM = {"+": "plusR#", "-": "minusR#", "*": "timesR#", "negate": "negateR#",
             "abs": "absR#", "signum": "signumR#", "fromInteger": "fromIntegerR#"}

_MODULES = {
    "Data.Ord": "getDown cmpDown#",
    "Text.Read": "readMaybe readMaybeAt# readEither readEitherAt# readNoParse#",
    "GHC.Read": "reads readsAt#",
    "Numeric": "showIntAtBase showBaseGo# showHex showOct readHex readOct readBase# "
               "showFFloat showEFloat showGFloat fmtFloat#",
    "GHC.Real": "% reduceR# ratioZeroDenominator# numerator denominator plusR# minusR# "
                "timesR# negateR# absR# signumR# fromIntegerR# divR# recipR# cmpR# showsR# "
                "truncateR# floorR# ceilingR# roundR# properFractionR# powFracR# powR# powRF# powRG# "
                "fromRationalD# toRationalD# "
                "fromRational toRational recip divAny# recipAny# ^^",
    "GHC.Float": "sinh cosh tanh asinh acosh atanh isNaN isInfinite isNegativeZero "
                 "isDenormalized isIEEE floatRadix floatDigits floatRange decodeFloat "
                 "significand exponent encodeFloat scaleFloat",
}


def modules_of() -> dict[str, str]:
    """prelude_numeric.hs's functions -> the base module GHC defines them in."""
    return {name: mod for mod, names in _MODULES.items() for name in names.split()}


def ratio_instances(imports: list[str], source: str, derived) -> None:
    """A program importing Data.Ratio or naming the Prelude's Rational (the type,
    toRational, fromRational): Num at Ratio as a program type's Num instance."""
    if "Data.Ratio" in imports or "Rational" in source:
        derived.num["Ratio"] = dict(RATIO_NUM)
        derived.num_cons["Ratio"] = [("R#", 2)]


def _head(t: object) -> str:
    h, _ = T.spine(t)
    return h.name if isinstance(h, T.TCon) and not h.rigid else "*"


#: the operations rewritten at Ratio: name -> (which type decides, the Ratio function)
_AT_ARG = {"/": "divR#", "recip": "recipR#", "truncate": "truncateR#", "floor": "floorR#",
           "ceiling": "ceilingR#", "round": "roundR#", "properFraction": "properFractionR#",
           "^^": "powFracR#"}
RATIO_NAMES = (*_AT_ARG, "fromIntegral", "fromInteger", "realToFrac", "toRational",
               "fromRational")


def ratio_directed(e: S.EVar, t: object, ratios: bool) -> bool:
    """``e`` (a Prelude name of RATIO_NAMES at the checked type ``t``) renamed to the
    function for Ratio where its argument or result is one; False where neither is. In a
    program with Ratios (``ratios``), ``/`` and ``recip`` at a type left open choose by the
    values."""
    sf = T.split_fun(t)
    if sf is None:
        return False
    arg, res = _head(sf[0]), _head(sf[1])
    if ratios and arg == "*" and e.name in ("/", "recip"):
        e.name = "%divAny#" if e.name == "/" else "%recipAny#"
        return True
    if e.name in _AT_ARG:
        if arg != "Ratio":
            return False
        e.name = "%" + _AT_ARG[e.name]
        return True
    if "Ratio" not in (arg, res):
        if e.name == "fromRational" and res == "Double":
            e.name = "%fromRationalD#"
            return True
        return False
    if arg == res or e.name == "fromRational" and res == "*":
        e.name = "%id"
    elif res == "Ratio":  # an Int, Integer or Double to a Ratio
        e.name = "%toRationalD#" if arg in ("Double", "Float") else "%fromIntegerR#"
    else:  # a Ratio to a Double
        e.name = "%fromRationalD#"
    return True


def fractional_literal(e: S.ELit, desc: str | None, file: str) -> None:
    """A fractional literal at Ratio (GHC: fromRational of its exact value) is refused."""
    if desc is not None and desc.startswith("Ratio"):
        raise SourceError("a fractional literal at `Rational' is not supported by the Haskell "
                          "subset (write it with %: 1 % 2)", file, e.span[0], e.span[1])
