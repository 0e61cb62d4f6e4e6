"""GHC -O0's simplifier after inlining (issue 18, session 23; frontend/case_chain.py and
known_con.py): a note around a scrutinised case pushed into it, case of a one-alternative
case, binder swap on pattern matches and on seq's cases, the thunk then used once
evaluated in place, known constructors with their case binder used. Six probe programs of
the shapes (tests/reference/ghc-9.0.2/shapes/programs/*23.hs, README; GHC's
-ddump-simpl of four in out/*23.simpl) checked against GHC 9.0.2's output, and the
model's code for the shapes GHC's Core shows."""

from __future__ import annotations

import re

import pytest

from profkit.backends.stg import irprint
from profkit.backends.stg.frontend.pipeline import compile_program
from tests.backends.stg.test_ghc_fidelity import SHAPES, assert_as_ghc

#: state tuples through a loop with a lazy pattern's selection forced (statetup23), a
#: record's update forced field by field (recseq23), `let (a, b) = f x` (letpair23),
#: `where (q, r) = divMod ..` (divmod23), seq on let-bound arithmetic before a
#: constructor (seqcon23), a record built in an if and its fields forced (selcon23)
PROGRAMS = ["statetup23", "recseq23", "letpair23", "divmod23", "seqcon23", "selcon23"]


@pytest.mark.parametrize("name", PROGRAMS)
def test_probe_is_ghcs(tmp_path, name):
    assert_as_ghc(tmp_path, name)


def _code(name: str, fun: str) -> str:
    src = (SHAPES / "programs" / f"{name}.hs").read_text()
    prog = compile_program(src, f"{name}.hs", prof_auto="all")
    top = next(b for b in prog.binds if b.module == "Main" and b.name == fun)
    return irprint.rhs(top.rhs, 0)


def _ghc_core(name: str, fun: str) -> str:
    text = (SHAPES / "out" / f"{name}.simpl").read_text()
    m = re.search(rf"^{re.escape(fun)}\n(.*?)^-- RHS", text, re.S | re.M)
    assert m, fun
    return m.group(1)


def test_loop_state_is_scrutinised_in_place():
    # GHC: `case <stepA's body> of wild { (,,) _ _ a -> case a of Acc .. -> .. loop ..
    # wild }`: no closure for st', the pattern or a; the model's loop allocates only the
    # `k - 1` thunk besides stepA's own
    core = _ghc_core("statetup23", "loop")
    assert "of wild3" in core and "loop (- $fNumInt wild (I# 1#)) wild3" in core
    code = _code("statetup23", "loop")
    binders = re.findall(r"(\S+) = \\r", code)
    assert not [b for b in binders if b.split("_")[0] in ("st'", "pat", "a")], binders


def test_seq_forces_the_fields_in_place():
    # GHC: `case scctick<bump.a'> + .. of a' { I# -> case scctick<bump.b'> .. of b' ->
    # P a' b'`: bump allocates its P only; the model's bump binds no thunk
    core = _ghc_core("seqcon23", "bump")
    assert "P a' b'" in core and "let" not in core
    assert "\\r" not in _code("seqcon23", "bump")


def test_a_record_built_in_an_if_is_not_a_thunk():
    # GHC (shift inlined into walk): t is its if's alternatives, each building Tri from
    # the case binders of the forced fields (`Tri wild3 wild4 ..`), no closure for t; the
    # model's shift alike (the lazy `c + 1` stays a thunk, as GHC's)
    core = _ghc_core("selcon23", "walk")
    assert "Tri wild3 wild4" in core
    code = _code("selcon23", "shift")
    assert not re.findall(r"\bt_\d+ = \\r", code)
    built = re.findall(r"Tri \[[^]]*\]", code)
    assert len(built) == 2 and all("sq_" in b for b in built), built


def test_lazyrec22_tally_evaluates_in_place():
    # lazyrec22's `tally'` (GHC's Core in out/lazyrec22/lazyrec22.simpl): no thunk for c
    # or its fields; the constructor built in each alternative from the case binders
    text = (SHAPES / "out" / "lazyrec22" / "lazyrec22.simpl").read_text()
    core = re.search(r"^tally'\n(.*?)^-- RHS", text, re.S | re.M)
    assert core and "Counts wild2 wild3 wild4" in core.group(1)
    src = (SHAPES / "programs" / "lazyrec22.hs").read_text()
    prog = compile_program(src, "lazyrec22.hs", prof_auto="all")
    top = next(b for b in prog.binds if b.name == "tally'")
    code = irprint.rhs(top.rhs, 0)
    assert "\\r" not in code
    built = re.findall(r"Counts \[[^]]*\]", code)
    assert len(built) == 2 and all(b.count("sq_") == 2 for b in built), built
