"""Type inference of the SML subset: principal types, SML's overloading defaults,
equality types, flexible records, the value restriction, and type errors."""

from __future__ import annotations

import pytest

from profkit.backends.mlworks.frontend.pipeline import infer_sml
from profkit.errors import SourceError


def types_of(src: str) -> dict[str, str]:
    return infer_sml(src, "t.sml")


@pytest.mark.parametrize("src,name,expected", [
    ("fun id x = x", "id", "'a -> 'a"),
    ("fun compose f g x = f (g x)", "compose", "('a -> 'b) -> ('c -> 'a) -> 'c -> 'b"),
    ("val p = (1, \"a\", 2.0, #\"c\")", "p", "int * string * real * char"),
    ("val q = {b = 1, a = \"x\"}", "q", "{a: string, b: int}"),
    ("fun area {w, h} = w * h", "area", "{h: int, w: int} -> int"),
    ("val u = ()", "u", "unit"),
    ("val l = [[1], []]", "l", "int list list"),
    ("fun len [] = 0 | len (_ :: t) = 1 + len t", "len", "'a list -> int"),
    ("val rec fact = fn 0 => 1 | n => n * fact (n - 1)", "fact", "int -> int"),
    ("fun f2 (x : string) y = x ^ y", "f2", "string -> string -> string"),
    ("datatype 'a t = L | N of 'a t * 'a * 'a t\nval t = N (L, 3, L)", "t", "int t"),
    ("datatype 'a t = L | N of 'a t * 'a * 'a t", "N", "'a t * 'a * 'a t -> 'a t"),
    ("exception E of int", "E", "int -> exn"),
    ("val s = SOME [true]", "s", "bool list option"),
    ("val a = Array.array (3, 0.0)", "a", "real array"),
    ("val x = let val y = ref 3 in !y + 1 end", "x", "int"),
    ("type point = {x : int, y : int}\nfun mk (a, b) : point = {x = a, y = b}", "mk",
     "int * int -> {x: int, y: int}"),
    ("val k = #2 (1, \"two\")", "k", "string"),
    ("val h = hd o tl", "h", "'a list -> 'a"),
    ("fun pick (c : bool) a b = if c then a else b", "pick", "bool -> 'a -> 'a -> 'a"),
])
def test_principal_types(src, name, expected):
    assert types_of(src)[name] == expected


@pytest.mark.parametrize("src,name,expected", [
    # + - * < default to int at the end of the top-level declaration...
    ("fun sq x = x * x", "sq", "int -> int"),
    ("fun lt (a, b) = a < b", "lt", "int * int -> bool"),
    ("val n = ~ 3", "n", "int"),
    # ...unless the context says real (or string for comparisons)
    ("fun rsq (x : real) = x * x", "rsq", "real -> real"),
    ("fun half x = x / 2.0", "half", "real -> real"),
    ("fun slt (a, b) = a < b ^ \"\"", "slt", "string * string -> bool"),
    ("val z = abs ~2.5", "z", "real"),
    # the context may come later in the same declaration
    ("fun g x = let fun sq y = y * y in sq x + 0.5 end", "g", "real -> real"),
    ("fun d (a, b) = a div b", "d", "int * int -> int"),
])
def test_overloading_defaults(src, name, expected):
    assert types_of(src)[name] == expected


def test_equality_types():
    t = types_of("fun mem (x, []) = false | mem (x, y :: ys) = x = y orelse mem (x, ys)")
    assert t["mem"] == "''a * ''a list -> bool"
    # refs admit equality whatever they hold; lists of ints do
    types_of("val b = ref (fn x => x + 1) = ref (fn x => x)\nval c = [1] = [2]")


@pytest.mark.parametrize("src,msg", [
    ("val b = (fn x => x) = (fn y => y)", "does not admit equality"),
    ("val b = 1.0 = 2.0", "does not admit equality"),
    ("datatype d = D of int -> int\nval b = D (fn x => x) = D (fn x => x)",
     "does not admit equality"),
])
def test_equality_type_errors(src, msg):
    with pytest.raises(SourceError, match=msg):
        types_of(src)


def test_value_restriction_keeps_ref_monomorphic():
    t = types_of("val r = ref []\nval () = r := [1]")
    assert t["r"] == "int list ref"
    with pytest.raises(SourceError, match="cannot unify"):
        types_of("val r = ref []\nval () = r := [1]\nval () = r := [true]")


def test_generalisation_of_let_bound_functions():
    t = types_of("val p = let fun i x = x in (i 1, i true) end")
    assert t["p"] == "int * bool"


def test_flexible_record_resolved_by_context():
    t = types_of("fun f (xs : {a : int, b : string} list) = map #b xs")
    assert t["f"] == "{a: int, b: string} list -> string list"
    t = types_of("fun g ({a, ...} : {a : int, c : real}) = a")
    assert t["g"] == "{a: int, c: real} -> int"


def test_unresolved_flexible_record_is_an_error():
    with pytest.raises(SourceError, match="unresolved flexible record") as e:
        types_of("fun getA r = #a r")
    assert (e.value.line, e.value.col) == (1, 14)


@pytest.mark.parametrize("src,msg,line,col", [
    ("val x = 1 + 2.0", "cannot unify int with real in the argument of '+'", 1, 11),
    ("val x = if 1 then 2 else 3", "cannot unify int with bool in the 'if' condition", 1, 12),
    ("val x = 1\nval y = x ^ \"a\"", "cannot unify string with int in the argument of '^'",
     2, 11),
    ("fun f x = x x", "circular type", 1, 11),
    ("val a = foo 3", "unbound identifier 'foo'", 1, 9),
    ("val x : strin = \"a\"", "unbound type constructor 'strin'", 1, 9),
    ("datatype t = A | B of int\nval x = case A of A => 1 | B => 2",
     "constructor 'B' needs an argument", 2, 28),
    ("val f = fn (x, x) => x", "bound twice", 1, 16),
    ("val l = [1, \"a\"]", "cannot unify int with string in the list elements", 1, 13),
    ("fun f 0 = 1 | f x = \"a\"", "cannot unify int with string in the result of 'f'", 1, 21),
    ("val r = {a = 1}\nval z = #b r", "record has no field 'b'", 2, 12),
    ("val x = 1.5 + 2", "cannot unify real with int", 1, 13),
])
def test_type_errors_have_messages_and_positions(src, msg, line, col):
    with pytest.raises(SourceError) as e:
        types_of(src)
    assert msg in e.value.message
    assert e.value.message.startswith(("type error:", "unbound", "variable"))
    assert (e.value.file, e.value.line, e.value.col) == ("t.sml", line, col)
