"""Data.Bits at Integer: the Prelude's Bits methods used at type Integer named by their
versions with ghc-bignum's results and bytes (prelude.hs ``bitsAndZ#`` .., machine/
prims_bits.py). At Int (and an open type) they stay the Prelude's, whose ``popCount`` of a
negative number counts a 64-bit two's complement and whose boxes are an Int's."""

from __future__ import annotations

from . import syntax as S
from . import typecheck_types as T

#: method -> its version at Integer, and where the Integer is: "arg" (the first argument's
#: type), "res" (the result's)
BITS_AT_INTEGER = {
    ".&.": ("%bitsAndZ#", "arg"), ".|.": ("%bitsOrZ#", "arg"), "xor": ("%bitsXorZ#", "arg"),
    "complement": ("%bitsComplementZ#", "arg"), "shiftL": ("%bitsShiftLZ#", "arg"),
    "unsafeShiftL": ("%bitsShiftLZ#", "arg"), "shift": ("%bitsShiftLZ#", "arg"),
    "shiftR": ("%bitsShiftRZ#", "arg"), "unsafeShiftR": ("%bitsShiftRZ#", "arg"),
    "bit": ("%bitsBitZ#", "res"), "setBit": ("%bitsSetBitZ#", "arg"),
    "clearBit": ("%bitsClearBitZ#", "arg"), "popCount": ("%bitsPopCountZ#", "arg"),
}


def integer_bits(e: S.Expr, t: object) -> bool:
    """Name ``e`` (a use of one of BITS_AT_INTEGER, checked type ``t``) by its version at
    Integer when it is used there."""
    name, at = BITS_AT_INTEGER[e.name]  # type: ignore[attr-defined]
    sf = T.split_fun(t)
    if sf is None:
        return False
    head, _ = T.spine(T.prune(sf[1] if at == "res" else sf[0]))
    if not (isinstance(head, T.TCon) and head.name == "Integer"):
        return False
    e.name = name  # type: ignore[attr-defined]
    return True
