"""Parser and renamer: declarations, expressions, patterns, fixity resolution, spans."""

from __future__ import annotations

from profkit.backends.stg.frontend import syntax as S
from profkit.backends.stg.frontend.pipeline import _prelude
from profkit.backends.stg.frontend.parser import parse_module
from profkit.backends.stg.frontend.rename import collect_fixities, rename_module


def parse_renamed(src: str) -> S.Module:
    prelude, cons, fix = _prelude()
    mod = parse_module(src, "t.hs")
    fixities = dict(fix)
    collect_fixities(mod.decls, fixities)
    names = {d.name for d in prelude.decls if isinstance(d, S.DFun)}
    names |= {d.name for d in mod.decls if isinstance(d, S.DFun)}
    return rename_module(mod, names, {c: d.arity for c, d in cons.items()}, fixities)


def show(e: S.Expr) -> str:
    """A bracketed rendering of resolved expressions."""
    if isinstance(e, (S.EVar, S.ECon)):
        return e.name
    if isinstance(e, S.ELit):
        return repr(e.value) if e.kind in ("String", "Char") else str(e.value)
    if isinstance(e, S.EApp):
        return "(" + " ".join(show(x) for x in [e.fun, *e.args]) + ")"
    if isinstance(e, S.ENeg):
        return f"(neg {show(e.expr)})"
    if isinstance(e, (S.EParen, S.ETyped)):
        return show(e.expr)
    if isinstance(e, S.ELeftSection):
        return f"(lsec {show(e.expr)} {e.op.name})"
    if isinstance(e, S.ERightSection):
        return f"(rsec {e.op.name} {show(e.expr)})"
    if isinstance(e, S.ETuple):
        return "<" + ",".join(show(x) for x in e.items) + ">"
    return type(e).__name__


def expr_of(src: str, extra: str = "") -> str:
    mod = parse_renamed(f"main = {src}\n{extra}")
    d = next(d for d in mod.decls if isinstance(d, S.DFun) and d.name == "main")
    return show(d.clauses[0].rhs.body)


def test_fixities_of_the_prelude():
    assert expr_of("1 + 2 * 3") == "(+ 1 (* 2 3))"
    assert expr_of("1 - 2 - 3") == "(- (- 1 2) 3)"
    assert expr_of("f . g $ h x", "f = id\ng = id\nh = id\nx = 1") == "($ (. f g) (h x))"
    assert expr_of("1 : 2 : []") == "(: 1 (: 2 []))"
    assert expr_of("a == b && c < d || e", "a = 1\nb = 1\nc = 1\nd = 1\ne = True") == \
        "(|| (&& (== a b) (< c d)) e)"
    assert expr_of("x `div` 2 + 1", "x = 3") == "(+ (div x 2) 1)"
    assert expr_of("2 ^ 3 ^ 2") == "(^ 2 (^ 3 2))"


def test_negation():
    assert expr_of("- 2 ^ 2") == "(neg (^ 2 2))"
    assert expr_of("3 - -2") if False else True  # GHC rejects `3 - -2`; not tested
    assert expr_of("(-1) + 5") == "(+ (neg 1) 5)"
    assert expr_of("f (-x)", "f = id\nx = 1") == "(f (neg x))"


def test_user_fixity_declarations():
    src = "infixr 5 +++\nxs +++ ys = xs ++ ys\ninfixl 7 `dot`\ndot a b = a * b"
    assert expr_of("[1] +++ [2] +++ [3]", src) == \
        "(+++ EList (+++ EList EList))"
    assert expr_of("1 `dot` 2 + 3", src) == "(+ (dot 1 2) 3)"


def test_sections_and_operator_values():
    assert expr_of("(+ 1)") == "(rsec + 1)"
    assert expr_of("(2 ^)") == "(lsec 2 ^)"
    assert expr_of("(`div` 2)") == "(rsec div 2)"
    assert expr_of("(subtract 1)") == "(subtract 1)"
    assert expr_of("(- 1)") == "(neg 1)"
    assert expr_of("(+)") == "+"
    assert expr_of("(,) 1 2") == "((,) 1 2)"
    assert expr_of("(1, 'a', \"s\")") == "<1,'a','s'>"


def test_type_annotations_are_ignored():
    mod = parse_renamed("xs :: [Int]\nxs = [1 .. 1000000 :: Int]\n"
                        "f :: (Num a, Ord a) => a -> [a] -> Maybe (a, Int)\nf = undefined\n")
    d = mod.decls[0]
    assert isinstance(d, S.DFun)
    arith = d.clauses[0].rhs.body
    assert isinstance(arith, S.EArith) and isinstance(arith.end, S.ETyped)


def test_clauses_are_grouped_and_spans_cover_all_of_them():
    src = "f 0 = 1\nf n\n  | n > 0 = n\n  | otherwise = 0\n  where k = 2\ng = 3"
    mod = parse_module(src, "t.hs")
    f, g = mod.decls
    assert isinstance(f, S.DFun) and len(f.clauses) == 2
    assert f.span == (1, 1, 5, 13) and f.name_span == (1, 1, 1, 1)
    assert S.format_span("t.hs", f.span) == "t.hs:(1,1)-(5,13)"
    assert S.format_span("t.hs", g.span) == "t.hs:6:1-5"
    assert S.format_span("t.hs", (3, 4, 3, 4)) == "t.hs:3:4"


def test_infix_and_operator_definitions():
    src = "(a, b) |+| (c, d) = (a + c, b + d)\nx <+> y = x\n(<->) a b = a\n" \
          "V a b `dot` V c d = a\ndata V = V Int Int"
    mod = parse_module(src, "t.hs")
    names = [(d.name, len(d.clauses[0].pats)) for d in mod.decls if isinstance(d, S.DFun)]
    assert names == [("|+|", 2), ("<+>", 2), ("<->", 2), ("dot", 2)]


def test_patterns():
    src = "f (x:xs@(y:_)) [a, b] (-1) 'c' \"s\" ~(p, q) !z = 0"
    (d,) = parse_module(src, "t.hs").decls
    pats = d.clauses[0].pats
    assert [type(p).__name__ for p in pats] == ["PCon", "PList", "PLit", "PLit", "PLit",
                                                "PLazy", "PBang"]
    assert pats[2].value == -1 and isinstance(pats[0].args[1], S.PAs)


def test_data_declarations_and_imports():
    src = ("module Main (main) where\nimport Data.List (sort)\nimport qualified Data.Char as C\n"
           "data T a = A | B Int !a | C (Maybe a) [a] deriving (Show, Eq)\n"
           "newtype N = N Int\ntype S = String\nmain = print 1\n")
    mod = parse_module(src, "t.hs")
    datas = [d for d in mod.decls if isinstance(d, S.DData)]
    assert [(d.name, d.cons) for d in datas] == [("T", [("A", 0), ("B", 2), ("C", 2)]),
                                                ("N", [("N", 1)])]
    assert mod.imports == ["Data.List", "Data.Char"]


def test_scc_annotates_the_following_expression():
    src = 'main = do\n  let a = {-# SCC "call_f" #-} f 27\n  print a\nf = id'
    mod = parse_module(src, "t.hs")
    do = mod.decls[0].clauses[0].rhs.body
    let = do.stmts[0].decls[0]
    scc = let.clauses[0].rhs.body
    assert isinstance(scc, S.ESCC) and scc.name == "call_f" and scc.span == (2, 32, 2, 35)
    assert let.span == (2, 7, 2, 35)
