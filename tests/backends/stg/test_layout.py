"""The layout rule: virtual braces and semicolons, and parse-error(t) through the parser."""

from __future__ import annotations

import pytest

from profkit.backends.stg.frontend import syntax as S
from profkit.backends.stg.frontend.layout import LayoutStream
from profkit.backends.stg.frontend.lexer import tokenize
from profkit.backends.stg.frontend.parser import parse_module
from profkit.errors import SourceError


def stream(src: str) -> str:
    """The token stream with virtual tokens shown as {v }v ;v."""
    ts = LayoutStream(tokenize(src), "t.hs")
    out = []
    while True:
        t = ts.next()
        if t.kind == "eof":
            return " ".join(out)
        out.append({"vlbrace": "{v", "vrbrace": "}v", "vsemi": ";v",
                    "vlbrace_empty": "{v}v"}.get(t.kind, t.text))


def test_module_body_gets_an_implicit_block():
    assert stream("f = 1\ng = 2") == "{v f = 1 ;v g = 2 }v"


def test_module_header_then_where_block():
    assert stream("module Main where\nf = 1\ng = 2") == \
        "module Main where {v f = 1 ;v g = 2 }v"


def test_do_block_and_continuation_lines():
    src = "main = do\n  print 1\n  print\n    2\n"
    assert stream(src) == "{v main = do {v print 1 ;v print 2 }v }v"


def test_nested_where_closes_on_dedent():
    src = "f x = g x\n  where\n    g y = y\n    h = 2\nk = 3"
    assert stream(src) == "{v f x = g x where {v g y = y ;v h = 2 }v ;v k = 3 }v"


def test_explicit_braces_switch_layout_off():
    assert stream("f = do { a ; b }\ng = 1") == "{v f = do { a ; b } ;v g = 1 }v"


def test_empty_where_block():
    # `where` followed by a token at the enclosing indentation: {} then ;
    assert stream("f = 1 where\ng = 2") == "{v f = 1 where {v}v ;v g = 2 }v"


def body_of(src: str, name: str = "main") -> S.Expr:
    mod = parse_module(src, "t.hs")
    d = next(d for d in mod.decls if isinstance(d, S.DFun) and d.name == name)
    body = d.clauses[0].rhs.body
    assert body is not None
    return body


def test_parse_error_rule_let_in_on_one_line():
    e = body_of("main = let x = 1; y = 2 in x")
    assert isinstance(e, S.ELet) and [d.name for d in e.decls] == ["x", "y"]


def test_parse_error_rule_closes_of_block_at_paren():
    e = body_of("main = (case x of Just y -> y) + 1\nx = Nothing")
    assert isinstance(e, S.EOpSeq)
    paren = e.items[0]
    assert isinstance(paren, S.EParen) and isinstance(paren.expr, S.ECase)


def test_parse_error_rule_let_in_comprehension_and_do_in_parens():
    e = body_of("main = print [y | x <- [1, 2], let y = x, odd y]")
    assert isinstance(e, S.EApp)
    comp = e.args[0]
    assert isinstance(comp, S.EComp) and len(comp.quals) == 3
    e2 = body_of("main = (do print 1) >> print 2")
    assert isinstance(e2, S.EOpSeq)


def test_where_after_do_block_at_lower_indentation():
    src = "main = do\n    print x\n  where x = 1\n"
    mod = parse_module(src, "t.hs")
    (d,) = mod.decls
    assert isinstance(d, S.DFun) and [w.name for w in d.clauses[0].rhs.where] == ["x"]


def test_if_then_else_aligned_inside_do():
    src = "main = do\n  if True\n  then print 1\n  else print 2\n"
    e = body_of(src)
    assert isinstance(e, S.EDo) and isinstance(e.stmts[0].expr, S.EIf)


def test_guards_in_case_alternatives_over_several_lines():
    src = ("f x = case x of\n  n | n > 1 -> 1\n    | otherwise -> 2\n  _ -> 3\n")
    e = body_of(src, "f")
    assert isinstance(e, S.ECase) and len(e.alts) == 2 and len(e.alts[0].rhs.guards) == 2


def test_bad_indentation_is_a_source_error():
    with pytest.raises(SourceError) as e:
        parse_module("main = do\n    print 1\n  print 2\n", "t.hs")
    assert (e.value.line, e.value.col) == (3, 3)
