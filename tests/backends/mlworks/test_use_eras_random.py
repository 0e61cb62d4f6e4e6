"""Uses recorded by instrumented ML code agree with the reference interpreter on random
programs (issue 11): every tuple, record, constructor and closure the program builds is
either used at least once (selected, matched, entered) or never, and the set of used ones
seen through the biographical profile's death rows (``last_use > 0``) has exactly the size
the interpreter counts, on x86 and SPARC, whatever the creation space (so whatever the
collections and censuses in between).

Eras: the emulated run's censuses (frequent: every 2000 instructions) happen at allocations;
the interpreter is told after how many objects each one came (``census_at``) and advances
its era there, and then every object's era of creation and era of last use (the death
row's ``era`` and ``last_use``) are the interpreter's, object by object in allocation
order: a use folded into the wrong era (a flag read after the era advanced, or left in
the table across a census) fails here though the used/unused counts agree.

The programs are generated from a small typed grammar: bindings of ints, pairs, records,
options and closures inside a function called in a loop, with uses that happen only on some
iterations (``if i mod k = 0 then #1 p else 0``), so that a program mixes used and never-used
objects of every kind, in the nursery and promoted.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from profkit.backends.mlworks.frontend.pipeline import compile_sml
from profkit.kinds import ObjKind
from profkit.testing import run_program

sys.path.insert(0, str(Path(__file__).parent))
from ir_interp import run_program as interpret  # noqa: E402

#: the runtime's start-up builds one closure (the program's entry) that no IR expression
#: allocates and nothing enters again: the emulated heap always has this one more object
STARTUP_OBJECTS = 1

KINDS = ("int", "pair", "rec", "opt", "fun")


@st.composite
def programs(draw) -> str:
    names: dict[str, list[str]] = {k: [] for k in KINDS}
    lines: list[str] = []

    def int_expr(depth: int = 0) -> str:
        choices = ["lit", "i"] + ["var"] * bool(names["int"])
        choices += ["sel"] * bool(names["pair"]) + ["field"] * bool(names["rec"])
        choices += ["case"] * bool(names["opt"]) + ["call"] * bool(names["fun"])
        choices += ["cond"] * (depth < 2 and len(choices) > 2) + ["add"] * (depth < 2)
        c = draw(st.sampled_from(choices))
        if c == "lit":
            return str(draw(st.integers(0, 50)))
        if c == "i":
            return "i"
        if c == "var":
            return draw(st.sampled_from(names["int"]))
        if c == "sel":
            return f"#{draw(st.sampled_from('12'))} {draw(st.sampled_from(names['pair']))}"
        if c == "field":
            return f"#{draw(st.sampled_from('abc'))} {draw(st.sampled_from(names['rec']))}"
        if c == "case":
            o = draw(st.sampled_from(names["opt"]))
            return f"(case {o} of SOME z => z | NONE => 1)"
        if c == "call":
            return f"{draw(st.sampled_from(names['fun']))} {draw(st.integers(0, 9))}"
        if c == "cond":  # a use that happens on some iterations only
            k = draw(st.integers(2, 5))
            return f"(if i mod {k} = 0 then {int_expr(depth + 1)} else 0)"
        return f"({int_expr(depth + 1)} + {int_expr(depth + 1)})"

    for n in range(draw(st.integers(3, 9))):
        kind = draw(st.sampled_from(KINDS))
        v = f"v{n}"
        if kind == "int":
            rhs = int_expr()
        elif kind == "pair":
            rhs = f"({int_expr(1)}, {int_expr(1)})"
        elif kind == "rec":
            rhs = f"{{a = {int_expr(1)}, b = {int_expr(1)}, c = {int_expr(1)}}}"
        elif kind == "opt":
            rhs = draw(st.sampled_from([f"SOME ({int_expr(1)})", "NONE"]))
            if rhs == "NONE":  # a nullary constructor is not an object; keep kinds honest
                rhs = f"if i mod 2 = 0 then NONE else SOME ({int_expr(1)})"
        else:
            rhs = f"fn x => x + {int_expr(1)}"
        lines.append(f"    val {v} = {rhs}")
        names[kind].append(v)
    result = " + ".join(names["int"][-2:]) if names["int"] else "0"
    iterations = draw(st.integers(5, 60))
    body = "\n".join(lines)
    return (f"fun body i =\n  let\n{body}\n  in\n    {result}\n  end\n"
            f"fun loop (0, acc) = acc\n"
            f"  | loop (n, acc) = loop (n - 1, (acc + body n) mod 100000)\n"
            f"val () = print (Int.toString (loop ({iterations}, 0)) ^ \"\\n\")\n")


DATA_KINDS = (ObjKind.CON, ObjKind.FUN)


def _emulated(source: str, arch: str, space: str, interval: str = "0.0005"):
    """(stdout, data objects, of which used, census_at, eras): ``eras`` = (creation era,
    last-use era) of the data objects in allocation order (the start-up closure left
    out), ``census_at`` = how many of them were allocated before each census."""
    r = run_program(source=source, name="p.sml", rts=["-hb", f"-i{interval}"],
                    flags=["--arch", arch, "--creation-space", space])
    assert r.status == 0, r.stderr
    deaths = r.events.rows("death")
    kinds = r.session.tables.infos.columns()["kind"][deaths["info"]]
    data = np.isin(kinds, [int(k) for k in DATA_KINDS])
    # allocation order: the order of the alloc rows (ids are given in address order of
    # the creation space at each collection, i.e. in allocation order)
    ids = r.events.rows("alloc")["obj"]
    by_id = {int(o): k for k, o in enumerate(deaths["obj"])}
    is_data = np.array([bool(data[by_id[int(o)]]) for o in ids], dtype=bool)
    before = np.concatenate([[0], np.cumsum(is_data)])
    census_at, n = [], 0
    for name, d in r.events.calls:
        if name == "alloc":
            n += d["rows"]
        elif name == "census":
            census_at.append(int(before[n]) - STARTUP_OBJECTS)
    order = [by_id[int(o)] for o in ids[is_data]][STARTUP_OBJECTS:]
    eras = list(zip(deaths["era"][order].tolist(), deaths["last_use"][order].tolist()))
    return (r.stdout, int(data.sum()), int((deaths["last_use"][data] > 0).sum()), census_at,
            eras)


@settings(max_examples=14, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(programs(), st.sampled_from(["x86", "sparc"]), st.sampled_from(["4k", "16k", "64k"]))
def test_used_objects_are_the_interpreters(source, arch, space):
    out, e_allocated, e_used, census_at, eras = _emulated(source, arch, space, "0.00002")
    ref = interpret(compile_sml(source, "p.sml"), count=True, census_at=census_at)
    assert ref.uncaught is None
    allocated, used = ref.objects
    assert out == ref.stdout
    assert e_used == used, source
    assert e_allocated == allocated + STARTUP_OBJECTS, source
    assert eras == ref.eras, source


def _known(n: int) -> str:
    # p = (i, i + 1) is built every iteration and selected when i is even; r is a record
    # never looked at; f is a closure entered every third iteration
    return ("fun body i =\n  let\n    val p = (i, i + 1)\n    val r = {a = i, b = 2, c = 3}\n"
            "    val f = fn x => x + i\n"
            "    val a = if i mod 2 = 0 then #1 p else 0\n"
            "    val b = if i mod 3 = 0 then f 1 else 0\n  in\n    a + b\n  end\n"
            "fun loop (0, acc) = acc\n"
            "  | loop (n, acc) = loop (n - 1, (acc + body n) mod 100000)\n"
            f"val () = print (Int.toString (loop ({n}, 0)) ^ \"\\n\")\n")


def test_a_program_with_counts_known_by_hand():
    counts = {}
    for n in (30, 60):
        src = _known(n)
        ref = interpret(compile_sml(src, "p.sml"), count=True)
        for arch in ("x86", "sparc"):
            out, e_allocated, e_used, _c, _e = _emulated(src, arch, "4k")
            assert out == ref.stdout
            assert (e_allocated, e_used) == (ref.objects[0] + STARTUP_OBJECTS,
                                              ref.objects[1])
            counts[n, arch] = (e_allocated, e_used)
    # iterations 31..60: 30 pairs (15 selected: i even), 30 records (none used), 30
    # closures (10 entered: i = 33, 36, ..., 60) and 30 argument tuples of loop (each
    # matched by its clauses): 120 objects, 55 used
    for arch in ("x86", "sparc"):
        a60, u60 = counts[60, arch]
        a30, u30 = counts[30, arch]
        assert (a60 - a30, u60 - u30) == (120, 55)


def test_eras_of_a_program_counted_by_hand():
    """The known program with a census every 2000 instructions: creation and last-use
    eras object by object as the interpreter gives them; a pair selected when built is
    used in the era it was born in, the never-read records have last use 0."""
    src = _known(60)
    for arch in ("x86", "sparc"):
        out, _a, _u, census_at, eras = _emulated(src, arch, "4k", "0.00002")
        ref = interpret(compile_sml(src, "p.sml"), count=True, census_at=census_at)
        assert out == ref.stdout
        assert len(census_at) >= 4 and len({b for b, _u in eras}) >= 4
        assert eras == ref.eras
        used = [(b, u) for b, u in eras if u]
        assert all(u >= b for b, u in used) and any(u > b for b, u in used)
