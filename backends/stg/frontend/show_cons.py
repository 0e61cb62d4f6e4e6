"""base's Show instances of its constructors of one field (Maybe's Just, Either's Left and
Right, ExitFailure, BlockBuffering, Down) as GHC 9.0.2's -O2 base compiles them, in the
subset's generated code (pipeline._helpers_source).

base derives them (`deriving instance Show a => Show (Maybe a)`); -O2 gives
``$fShowMaybe_$cshowsPrec`` arity 3 (the field's dictionary, the precedence, the value) and a
ShowS back (base's interface, ``ghc --show-iface GHC/Show.p_hi``; the STG of the same
derived instance compiled -O2: shapes/out/showcons25.o2stg; the probe shapes/programs/
showcons25.hs, README):

* ``g = showsPrec $dShow 11 b1``, a thunk of the dictionary and the field (32 bytes), the
  closure ``\\x1 -> ..`` of g given back (16), and where it is applied the thunk of
  ``g x1`` (32) that ``"Just " ++`` copies onto; at precedence 11 and above ``'(' :`` a thunk
  (32) of ``"Just " ++`` a thunk (32) of ``g (')' : x1)``.
* g, when the copy reaches it, applies the field's method to two arguments: base's methods
  of Int, Integer, Char, Bool, Word, () and Ordering take three (a PAP of 40 bytes); a
  dictionary function's (Maybe, Either, lists, tuples) takes two and gives back its ShowS
  (``showsAt2#``; Nothing's a static one).
* ``show`` is its own method, ``$fShowMaybe_$cshow``: ``"Just " ++`` a thunk (32) of the
  field's ``showsPrec 11 b1 ""``, no closure.

The subset has no dictionaries: the thunks capture the precedence (g) or the value (show's)
where GHC's capture the field's dictionary, which makes their sizes GHC's.
"""

from __future__ import annotations

from .. import ir

#: base's types whose one-field constructors are shown by this code
TYPES = ("Maybe", "Either", "BufferMode", "ExitCode", "Down")


def one_field(cons: list[ir.DataCon]) -> list[ir.DataCon]:
    """The constructors of ``cons`` this module shows."""
    return [c for c in cons if c.type_name in TYPES and c.arity == 1]


def shows_alt(c: ir.DataCon) -> str:
    """showsCon#'s alternative for ``c`` (``d x s``)."""
    return f"  ({c.name} a0) -> shows{c.name}# d a0 s"


def show_alt(c: ir.DataCon) -> str:
    """show's alternative for ``c`` (its own method: no closure, one thunk)."""
    return f"  ({c.name} a0) -> showStr{c.name}# ++ showsField3# x a0"


def helpers(cons: list[ir.DataCon], derived: list[str]) -> list[str]:
    """The functions the alternatives call (after the generated showsCon#); ``derived``:
    the alternatives of the program's instances' showsPrec at ``d x``."""
    # the Prelude's showList#: what base's showList of the element's type passes showList__
    # (0: a static shower; 1, 2: a closure of Maybe's or Either's dictionaries; 3: the
    # class's default of a program's instance)
    out = ["dictsShown# x = case x of", "  Nothing -> 1",
           *[f"  ({c.name} _) -> {2 if c.type_name == 'Either' else 1}"
             for c in one_field(cons) if c.type_name in ("Maybe", "Either")],
           *[f"  {alt.split(' -> ')[0].strip()} -> 3" for alt in derived],
           "  _ -> 0"]
    for c in one_field(cons):
        text = f"showStr{c.name}#"
        out += [f"shows{c.name}# d a = let g = showsField# d a in",
                f"  if d > 10 then (\\x1 -> '(' : ({text} ++ g (')' : x1)))",
                f"  else (\\x1 -> {text} ++ g x1)"]
    # g's code: the field's showsPrec at 11 applied to two arguments (d: the dictionary's
    # word of the thunk)
    out += ["showsField# _ a = showsAt2# 11 a",
            "showsField3# _ a = showsPrec 11 a \"\"",
            "showsAt2# d x = case x of",
            *[f"  ({c.name} a0) -> shows{c.name}# d a0" for c in one_field(cons)],
            "  Nothing -> showsNothingFn#", *derived,
            "  _ -> showsPrec d x",
            # ($fShowMaybe3: Nothing's ShowS, static)
            "showsNothingFn# s = showStrNothing# ++ s"]
    return out
