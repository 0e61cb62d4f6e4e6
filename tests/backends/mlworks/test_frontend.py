"""The SML front end end to end: reference programs and our own programs compiled to IR and
run by the reference IR interpreter, with stdout compared to what Poly/ML prints."""

from __future__ import annotations

from pathlib import Path

import pytest

from profkit.backends.mlworks.frontend.pipeline import compile_sml

from .ir_interp import real_to_string, run_program
from tests.conftest import REFERENCE as REFDATA

REF = REFDATA / "sml"
PROGRAMS = Path(__file__).parent / "programs"


def run_sml(source: str, filename: str = "test.sml"):
    return run_program(compile_sml(source, filename))


def ref_source(name: str) -> str:
    return (REF / "programs" / f"{name}.sml").read_text()


@pytest.mark.parametrize("name", ["nfib", "closures"])
def test_reference_program_full_size(name):
    # GIVEN a reference program WHEN compiled and interpreted THEN stdout is Poly/ML's
    result = run_sml(ref_source(name), f"{name}.sml")
    assert result.uncaught is None
    assert result.stdout == (REF / "out" / f"{name}.polyml.txt").read_text()


# The other three run 1e5..1e6 iterations: too slow for the Python interpreter in a unit
# test, so they run scaled down, checked against the same computation done in Python.


def lists_expected(n: int) -> str:
    xs = [i % 1000 for i in range(1, n + 1)]
    zs = [y for y in (x * 2 + 1 for x in xs) if y % 3 == 0]
    r0 = zs[-1] if zs else -1
    return f"{len(xs)} {len(zs)} {sum(zs)} {len(zs)} {r0}\n"


def partial_expected(n: int) -> str:
    xs = [i % 1000 for i in range(n)]
    sg = sum(x + 3 for x in xs)
    sh = sum(x + 4 for x in xs)
    return f"{sg} {sh} {sg + sh} {sum(k + 1 for k in range(1000))}\n"


def records_expected(n: int) -> str:
    m = 1000003
    acc = 0
    k3, k5, kt = [], [], []
    for i in range(n):
        x = (i, i * 2, i * 3)
        y = (i, i + 1, i + 2, i + 3, i + 4)
        z = (i, i + 1, x)
        acc = (acc + sum(x) + sum(y) + z[0] + z[1]) % m
        if i % 10 == 0:
            k3.append(x)  # the SML lists are reversed; the sums below do not care
            k5.append(y)
            kt.append(z)
    c3 = c5 = ct = 0
    for x in k3:
        c3 = (c3 + sum(x)) % m
    for y in k5:
        c5 = (c5 + sum(y)) % m
    for u, v, w in kt:
        ct = (ct + u + v + w[2]) % m
    return f"{acc} {len(k3)} {c3} {c5} {ct}\n"


def test_python_oracles_agree_with_poly_at_full_size():
    # the scaled-down oracles are the reference programs' own computations
    assert lists_expected(1000000) == (REF / "out" / "lists.polyml.txt").read_text()
    assert partial_expected(100000) == (REF / "out" / "partial.polyml.txt").read_text()


@pytest.mark.parametrize("name,big,small,oracle", [
    ("lists", "1000000", "3000", lambda: lists_expected(3000)),
    ("partial", "100000", "3000", lambda: partial_expected(3000)),
    ("records", "1000000", "3000", lambda: records_expected(3000)),
])
def test_reference_program_scaled_down(name, big, small, oracle):
    src = ref_source(name)
    assert big in src
    result = run_sml(src.replace(big, small), f"{name}.sml")
    assert result.uncaught is None
    assert result.stdout == oracle()


def test_records_oracle_matches_poly_output_format():
    # the records oracle is exact at full size too (checked once: slow-ish but pure Python)
    assert records_expected(1000000) == (REF / "out" / "records.polyml.txt").read_text()


@pytest.mark.parametrize("path", sorted(PROGRAMS.glob("*.sml")), ids=lambda p: p.stem)
def test_own_programs(path):
    expected = path.with_suffix(".out").read_text()
    result = run_sml(path.read_text(), path.name)
    assert result.uncaught is None
    assert result.stdout == expected


def test_there_are_at_least_six_own_programs_with_outputs():
    progs = sorted(PROGRAMS.glob("*.sml"))
    assert len(progs) >= 6
    assert all(p.with_suffix(".out").exists() for p in progs)


def test_uncaught_exception_is_reported_like_poly():
    result = run_sml('val () = print "a\\n"\nval x = 1 div 0\nval () = print "b\\n"\n')
    assert result.stdout == "a\n"
    assert result.uncaught == "Exception- Div raised"


def test_overflow_is_30_bit():
    src = """
val big = 536870911            (* 2^29 - 1: the largest MLWorks int *)
val () = print (Int.toString big ^ "\\n")
val () = print ((Int.toString (big + 1)) handle Overflow => "overflow\\n")
val () = print ((Int.toString (~big - 1)) ^ "\\n")
val () = print ((Int.toString (~big - 2)) handle Overflow => "overflow\\n")
"""
    assert run_sml(src).stdout == "536870911\noverflow\n~536870912\noverflow\n"


@pytest.mark.parametrize("value,text", [
    (3.0, "3.0"), (-2.5, "~2.5"), (0.1, "0.1"), (1e20, "1E20"), (1.5e-7, "1.5E~7"),
    (1e-5, "0.00001"), (1e10, "10000000000.0"), (1.0 / 3.0, "0.333333333333"),
    (2.0 ** 0.5, "1.41421356237"), (123456789012.0, "123456789012.0"),
    (1234567890123.0, "1.23456789012E12"), (0.0, "0.0"), (-0.0, "~0.0"),
    (float("inf"), "inf"), (float("-inf"), "~inf"), (float("nan"), "nan"),
])
def test_real_to_string_spec(value, text):
    # the format the runtime's real_to_string service must produce (Poly/ML's genFmt 12)
    assert real_to_string(value) == text


def test_evaluation_order_of_arguments_and_lists():
    src = """
val log = ref ""
fun t s v = (log := !log ^ s; v)
val xs = [t "a" 1, t "b" 2, t "c" 3]
val p = (t "d" 4, t "e" 5)
val s = t "f" 1 + t "g" 2
val () = print (!log ^ "\\n")
"""
    assert run_sml(src).stdout == "abcdefg\n"


def test_mutual_recursion_and_shadowing():
    src = """
fun f x = x + 1
val f = fn x => f (f x)
val () = print (Int.toString (f 1) ^ "\\n")
val x = 10
fun g y = let val x = y * 2 in x + (let val x = 1 in x end) end
val () = print (Int.toString (g x) ^ "\\n")
fun outer n =
  let
    val k = n * 100
    fun a 0 = k | a i = b (i - 1) + 1
    and b 0 = k + 1 | b i = c (i - 1) + 2
    and c 0 = k + 2 | c i = a (i - 1) + 3
  in a n end
val () = print (Int.toString (outer 7) ^ "\\n")
"""
    assert run_sml(src).stdout == "3\n21\n714\n"  # a7=b6+1, b6=c5+2, ... b0=k+1


def test_local_curried_recursion_while_and_handlers():
    src = """
fun outer n =
  let
    fun go 0 acc = acc
      | go k acc = go (k - 1) (acc + n)
    val total = ref 0
    val i = ref 0
  in
    while !i < 3 do (total := !total + go (!i) 0; i := !i + 1);
    !total
  end
val () = print (Int.toString (outer 5) ^ "\\n")
fun safeDiv (a, b) = SOME (a div b) handle Div => NONE
fun sumSafe [] = 0
  | sumSafe ((a, b) :: rest) = (case safeDiv (a, b) of SOME q => q | NONE => 100) + sumSafe rest
val () = print (Int.toString (sumSafe [(10, 2), (1, 0), (9, 3)]) ^ "\\n")
val sel = #2 : int * string -> string
val () = print (sel (1, "two") ^ "\\n")
datatype t = A of int | B
val f1 = A
local
  datatype t = A | C of string
in
  val same = op = : t * t -> bool
  val x = same (A, A)
end
val e1 = op = : t * t -> bool
val () = print (if e1 (A 1, A 1) andalso x andalso not (e1 (f1 2, B)) then "eq\\n" else "ne\\n")
"""
    assert run_sml(src).stdout == "15\n108\ntwo\neq\n"
