"""Lexer: token kinds, GHC-style positions (1-based, inclusive end, tabs to 8), literals,
comments and pragmas, lexical errors."""

from __future__ import annotations

import pytest

from profkit.backends.stg.frontend.lexer import tokenize
from profkit.errors import SourceError


def kinds(src: str) -> list[tuple[str, object]]:
    return [(t.kind, t.value) for t in tokenize(src)[:-1]]


def test_positions_are_one_based_with_inclusive_end():
    toks = tokenize("nfib n = if n < 2 then 1 else nfib (n-1)")
    first, last = toks[0], toks[-2]
    assert (first.text, first.line, first.col, first.end_col) == ("nfib", 1, 1, 4)
    assert (last.text, last.col, last.end_col) == (")", 40, 40)


def test_tab_advances_to_next_multiple_of_eight():
    toks = tokenize("a\tb\n\tc")
    assert [(t.text, t.line, t.col) for t in toks[:-1]] == [("a", 1, 1), ("b", 1, 9),
                                                            ("c", 2, 9)]


def test_numbers_int_double_and_ranges():
    assert kinds("1e6 2.5 42 0x1F 3E-2") == [("float", 1e6), ("float", 2.5), ("int", 42),
                                           ("int", 31), ("float", 0.03)]
    # `1..10` is not a float: the dot needs a digit after it
    assert kinds("[1..10]") == [("special", "["), ("int", 1), ("reservedop", ".."),
                                ("int", 10), ("special", "]")]


def test_strings_and_chars_with_escapes():
    assert kinds(r'"a\"b\\c\n\t\65\x42\&9\SOH\^A"') == [("string", 'a"b\\c\n\tAB9\x01\x01')]
    assert kinds(r"'x' '\'' '\n' '\DEL'") == [("char", "x"), ("char", "'"), ("char", "\n"),
                                              ("char", "\x7f")]
    assert kinds('"ab\\   \n   \\cd"') == [("string", "abcd")]  # a string gap


def test_primes_in_identifiers_are_not_char_literals():
    assert kinds("go' acc'") == [("varid", "go'"), ("varid", "acc'")]


def test_comments_nested_and_dashes_operator():
    assert kinds("a -- comment\n{- outer {- inner -} still -} b") == [("varid", "a"),
                                                                     ("varid", "b")]
    assert kinds("x --> y") == [("varid", "x"), ("varsym", "-->"), ("varid", "y")]
    assert kinds("x ---- y") == [("varid", "x")]


def test_scc_pragmas_and_ignored_pragmas():
    assert kinds('{-# SCC "call_f" #-} f {-# SCC go #-} {-# INLINE f #-}') == [
        ("scc", "call_f"), ("varid", "f"), ("scc", "go")]
    assert kinds("{-# LANGUAGE BangPatterns #-}\nmain") == [("varid", "main")]


def test_qualified_names_drop_the_module():
    toks = tokenize("Data.List.sort M.Just M.+ Prelude.map Data.Char")[:-1]
    assert [(t.kind, t.text) for t in toks] == [
        ("varid", "sort"), ("conid", "Just"), ("varsym", "+"), ("varid", "map"),
        ("conid", "Char")]
    assert toks[-1].value == "Data.Char"


def test_reserved_words_and_operators():
    assert kinds("case x of _ -> y :: Int") == [
        ("reserved", "case"), ("varid", "x"), ("reserved", "of"), ("reserved", "_"),
        ("reservedop", "->"), ("varid", "y"), ("reservedop", "::"), ("conid", "Int")]
    assert kinds(": :+ ++") == [("consym", ":"), ("consym", ":+"), ("varsym", "++")]


def test_first_token_on_line_is_marked():
    toks = tokenize("a b\n  c")
    assert [t.bol for t in toks[:-1]] == [True, False, True]


@pytest.mark.parametrize("src, line, col", [
    ('main = "abc', 1, 8),
    ("x = '\n'", 1, 5),
    ("{- never closed", 1, 1),
    ("x = '\\q'", 1, 7),
    ("main = print 1 §", 1, 16),
])
def test_lexical_errors_have_positions(src, line, col):
    with pytest.raises(SourceError) as e:
        tokenize(src, "bad.hs")
    assert (e.value.file, e.value.line, e.value.col) == ("bad.hs", line, col)
