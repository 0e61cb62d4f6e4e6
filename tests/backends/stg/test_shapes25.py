"""base's Show of its one-field constructors, and the first entry of a CAF, as GHC 9.0.2
allocates them (session 25).

showcons25: base derives `Show (Maybe a)` and compiles it -O2 (arity 3 with the field's
dictionary, a ShowS back: out/showcons25.o2stg is GHC's STG of the same instance): a `Just`
shown inside a list or by `shows` is a thunk of the field's `showsPrec 11` (a PAP once
forced, 40 bytes, where the field is an Int), the closure given back and the thunk of its
application, 120 bytes where the model's showParen-built code had 72; `show` of one `Just`
is the instance's own method, 32 bytes (the model's 72). showList of a list of Maybes
passes showList__ a closure of the dictionary (16 bytes a list, Either's two: 24), of the
program's types the class default's thunk and PAP (56). The model's code:
frontend/show_cons.py.

cafenter25: the first entry of a CAF claims it with a CAF_BLACKHOLE (rts lockCAF), 16 bytes
charged to the entering stack: `f` pays 32 for `limit2` and `inc`, `limit2` 16 for `limit`
(the model's machine: rt.enter_thunk, Machine.caf_locked).
"""

from __future__ import annotations

import pytest

from profkit.backends.stg.frontend import show_cons
from profkit.backends.stg.frontend.pipeline import compile_program
from tests.backends.stg.test_ghc_fidelity import assert_as_ghc, run_reference

#: showcons25's functions entering, the first time, GHC's dictionary CAFs (`$fShowMaybe
#: $fShowInt`, `$fShow[] ..`, a program's type's `$dmshowList $fShowT`), 16 bytes each the
#: model does not charge (it has no dictionary CAFs): the number of such CAFs
FIRST_CAFS = {"justs": 2, "lefts": 2, "rights": 2, "nested": 2, "ts": 2, "us": 2,
              "justTs": 2, "enums": 2, "oneLeft": 1, "oneU": 1}
#: showcons25's functions at exactly GHC's bytes
EXACT = ["mixed", "oneJust", "showsJust", "precJust", "nestedOne", "nothings"]


def test_base_constructors_show_as_ghc(tmp_path):
    # vs (a program's instance giving only show, in a list): 1.036 before this session's
    # showList (its class default's thunk and PAP); the default showsPrec's path is over
    # (not analysed); pairs (a tuple of a Maybe and an Int, within 5%): base's show_tuple,
    # the model's tupleCost# fitted on Ints; oneU: its 16 bytes (a dictionary CAF's first entry,
    # FIRST_CAFS) are 7% of its bytes
    assert_as_ghc(tmp_path, "showcons25", known_cc={"vs": 1.052, "oneU": 0.931})


def test_each_shape_allocates_ghcs_bytes(tmp_path):
    g_total, g, p_total, p = run_reference(tmp_path, "showcons25")
    for name in EXACT:
        assert p[(name, "Main")][0] == g[(name, "Main")][0], name
    for name, cafs in FIRST_CAFS.items():
        assert p[(name, "Main")][0] == g[(name, "Main")][0] - 16 * cafs, name


def test_show_cons_code_is_generated_for_bases_one_field_constructors():
    src = "main :: IO ()\nmain = print [Just (1 :: Int)] >> print (Left 2 :: Either Int ())\n"
    prog = compile_program(src, "t.hs", prof_auto="all")
    names = {b.name for b in prog.binds}
    assert {"showsJust#", "showsLeft#", "showsRight#", "showsAt2#", "dictsShown#"} <= names
    assert [c.name for c in show_cons.one_field([])] == []


def test_caf_first_entry_charges_the_entering_stack(tmp_path):
    assert_as_ghc(tmp_path, "cafenter25")
    g_total, g, p_total, p = run_reference(tmp_path, "cafenter25")
    for name in ("f", "g", "h", "limit2", "twice", "inc", "table"):
        assert p[(name, "Main")][0] == g[(name, "Main")][0], name


@pytest.mark.parametrize("first,cost", [("f", 16), ("g", 0)])
def test_the_caf_is_charged_once_to_its_first_caller(tmp_path, first, cost):
    from tests.backends.stg.test_ghc_fidelity import _per_cc, _run
    src = ("k :: Int\nk = sum [1 .. 10]\nf :: Int -> Int\nf x = x + k\n"
           "g :: Int -> Int\ng x = x * k\n"
           f"main :: IO ()\nmain = print ({first} 1, {'g' if first == 'f' else 'f'} 2)\n")
    _run(tmp_path, src, "-P")
    _, p = _per_cc(tmp_path / "p.prof")
    # f's own bytes: 16 (its x + k's box) and the blackhole when it enters k first
    assert p[("f", "Main")][0] == 16 + cost
