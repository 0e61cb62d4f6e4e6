"""Where a shown type has its Strings (directed.show_shape, the parser's for data fields):
the shapes that make an empty String inside a list, tuple, Maybe or Either show as "".
Programs' output against runghc is programs/emptystr_nested.hs."""

from __future__ import annotations

import pytest

from profkit.backends.stg.frontend import typecheck_types as T
from profkit.backends.stg.frontend.deriving import Derived
from profkit.backends.stg.frontend.show_shapes import of_type as show_shape
from profkit.backends.stg.frontend.parser import Parser

STRING = T.list_of(T.con("Char"))
INT = T.con("Int")


@pytest.mark.parametrize("t, code", [
    (STRING, "S"),
    (T.list_of(INT), None),
    (INT, None),
    (T.list_of(STRING), "LS"),
    (T.list_of(T.list_of(STRING)), "LLS"),
    (T.TAp(T.MAYBE, STRING), "MS"),
    (T.TAp(T.TAp(T.EITHER, INT), STRING), "EAS"),
    (T.tuple_of([STRING, INT]), "T2SA"),
    (T.tuple_of([INT, INT]), None),
    (T.TAp(T.MAYBE, T.tuple_of([INT, T.list_of(STRING)])), "MT2ALS"),
    # tuples to 15 components, their number in hex (session 22: lex's results in a 7-tuple
    # showed ("","") as ([],[]))
    (T.tuple_of([INT] * 6 + [STRING]), "T7AAAAAAS"),
    (T.tuple_of([INT] * 9 + [STRING]), "TaAAAAAAAAAS"),
])
def test_the_shape_of_a_checked_type(t, code):
    assert show_shape(t) == code


def _field_shape(text: str, synonyms: dict[str, str] | None = None) -> str | None:
    p = Parser("x = 1", "t.hs")
    p.synonyms = synonyms or {}
    return p.show_shape(text)


@pytest.mark.parametrize("text, code", [
    ("String", "S"), ("[ Char ]", "S"), ("!String", "S"), ("Int", None),
    ("[ String ]", "LS"), ("Maybe String", "MS"), ("Maybe [ Char ]", "MS"),
    ("( String , Int )", "T2SA"), ("Either String Int", "ESA"), ("Maybe ( String , Int )",
                                                                  "MT2SA"),
    ("[ Int ]", None), ("Maybe Int", None), ("a", None), ("Tree String", None),
    ("Int -> String", None), ("Tags", "LS"), ("Name", "S"), ("Maybe Tags", "MLS"),
])
def test_the_shape_of_a_declared_field_type(text, code):
    assert _field_shape(text, {"Tags": "[ Name ]", "Name": "String"}) == code


def test_a_shape_gets_a_showsprec_of_the_generated_code_per_part():
    """Each part's show is the Prelude's (showsPrecStr# at a String, showsPrec elsewhere,
    the generic list of Strings' code), so only an empty String's output differs from the
    generic show's, and no closure holds anything the generic one's does not."""
    d = Derived()
    assert d.shows("S") == "showsPrecStr#" and d.shows("A") == "showsPrec"
    assert d.shows("MT2ALS") == "showsMT2ALS#"
    src = d.source
    # (base's own instances' showParen inlined, of arity 3: showParenS#)
    assert "showsMT2ALS# d x s = case x of\n  Just v -> showParenS# (d > 10) " \
        "(\\r -> showStrJust# ++ showsT2ALS# 11 v r) s" in src
    # (a tuple's words of base's show_tuple as the generic show's: tupleCost#)
    assert "showsT2ALS# d x s = case x of\n  (v0, v1) -> tupleCost# 9 ('(' : showsPrec 0 " \
        "v0 (',' : showsLS# 0 v1 (')' : s)))" in src
    assert "_ -> showlWith# showStrElem# x s" in src
    assert d.shows("MT2ALS") == "showsMT2ALS#" and src == d.source  # made once
