"""-hd/-hy/-hc bands of six more held-out programs against GHC 9.0.2's at matching phases
(issue 18, session 22), and GHC -O0's inlining of top-level functions (probe inltop22).

The programs (tests/reference/ghc-9.0.2/shapes/programs/, written as users would profile
them, README.md): `leakmean22` (`sum xs / length xs` keeps the list between the two
traversals, then a lazy `foldl (+)` builds its chain), `wordfreq22` (a Data.Map built by
insertWith over generated words, queried, sorted), `bfsqueue22` (a breadth-first search
with a two-list queue and a Set of visited cells), `memotab22` (a lazy list memo indexed
by `!!`, then a Data.Map memo built by a fold), `treefold22` (a search tree built by
repeated insertion, then flattened, summed, its depth taken), `lazyrec22` (a record of
counters updated lazily in a loop, then strictly). out/P/P.{hd,hy,hc}.hp are GHC's
`./P +RTS -h? -i0.0002 -RTS`, out/P/P.prof its `+RTS -P`; profkit runs at -i0.0002 too.
The phases and the comparison are test_bands21's (a band's rise or fall through fractions
of GHC's peak of it, or its plateau; every band of 2% or more within 10%, BLACKHOLE
included; the runtime's bands present); the gaps left are asserted at their measured
ratios (KNOWN), with their causes.
"""

from __future__ import annotations

import re

import pytest

from profkit.backends.stg import ir
from profkit.backends.stg.frontend.pipeline import compile_program
from tests.backends.stg.test_bands21 import SHAPES, _ghc, _profkit, compare
from tests.backends.stg.test_ghc_fidelity import (_per_cc, _run, cost_centre_gaps,
                                                  run_reference)

PROGRAMS = ["leakmean22", "wordfreq22", "bfsqueue22", "memotab22", "treefold22", "lazyrec22"]
INTERVAL = "0.0002"

#: (program, scheme) -> phases (test_bands21.PHASES' form)
PHASES: dict[tuple[str, str], list[tuple]] = {
    ("leakmean22", "hd"): [("plateau", ":")],
    ("leakmean22", "hy"): [("plateau", "[]")],
    ("leakmean22", "hc"): [("fall", "mean/main/Main.CAF", (0.2, 0.5, 0.8))],
    ("wordfreq22", "hd"): [("rise", "<Main.sat>", (0.3, 0.6, 0.9)),
                           ("fall", ":", (0.2, 0.5, 0.8))],
    ("wordfreq22", "hy"): [("rise", "[]", (0.3, 0.6, 0.9)), ("fall", "Char", (0.2, 0.5, 0.8))],
    ("wordfreq22", "hc"): [("rise", "main.ws/main/Main.CAF", (0.3, 0.6, 0.9)),
                           ("fall", "count/main.m/main/Mai...", (0.2, 0.5, 0.8))],
    ("bfsqueue22", "hd"): [("rise", "Bin", (0.3, 0.6, 0.9))],
    ("bfsqueue22", "hy"): [("rise", "Set", (0.3, 0.6, 0.9)), ("rise", "(,)", (0.3, 0.6, 0.9))],
    ("bfsqueue22", "hc"): [("rise", "bfs.seen'/bfs/main/Ma...", (0.3, 0.6, 0.9)),
                           ("rise", "bfs.next/bfs/main/Mai...", (0.3, 0.6, 0.9))],
    ("memotab22", "hd"): [("rise", "Bin", (0.3, 0.6, 0.9))],
    ("memotab22", "hy"): [("rise", "Map", (0.3, 0.6, 0.9))],
    # (not past 0.7: GHC's next census is its last, at exit, where its stdout Handle__
    # and buffers have grown; the model's last census is its census before)
    ("treefold22", "hd"): [("fall", "Node", (0.2, 0.5, 0.7))],
    ("treefold22", "hy"): [("fall", "Tree", (0.2, 0.5, 0.7))],
    ("lazyrec22", "hd"): [("plateau", "I#")],
    ("lazyrec22", "hc"): [("fall", "run.go/run/main.(...)...", (0.2, 0.5, 0.8))],
}

COMBINE: dict[tuple[str, str], dict[str, list[str]]] = {}

#: (program, scheme, phase, band) -> profkit / GHC as measured there: the gaps not fixed
KNOWN: dict[tuple[str, str, str, str], float] = {
    # the list's plateau spans `sum` forcing its elements (thunks to D#): the censuses'
    # median sits further into that forcing in the model's run than in GHC's
    ("leakmean22", "hd", ": plateau", "I#"): 0.726,
    ("leakmean22", "hd", ": plateau", "<Main.sat>"): 0.726,
    ("leakmean22", "hd", ": plateau", "D#"): 1.291,
    ("leakmean22", "hd", ": plateau", "BLACKHOLE"): 0.851,
    ("leakmean22", "hy", "[] plateau", "Int"): 0.851,
    ("leakmean22", "hy", "[] plateau", "BLACKHOLE"): 1.293,
    # the Map memo's phase: each entry's `len m i` thunk captures m and i in GHC, whose
    # `len` (generalised, used once) is inlined into it with its dictionaries; the model's
    # thunk also captures len and three dictionaries (64 bytes, GHC's 32). (The memo list
    # CAF `memo`, whose cells' thunks refer to it, is dropped once main's first print is
    # done, as GHC drops it: machine/cafsrt.py's _holders_kept; it was 59.8x GHC's `:` band
    # and 49.8x its `[]` band here before session 23)
    **{("memotab22", "hd", f"Bin rise {f}", "<Main.sat>"): 2.0 for f in (0.3, 0.6, 0.9)},
    **{("memotab22", "hy", f"Map rise {f}", "Int"): 1.69 for f in (0.3, 0.6, 0.9)},
    ("memotab22", "hy", "Map rise 0.9", "*"): 0.001,
    # the end of `depth t`: the enumeration's last thunk (6 KB) is gone from the model's
    # census
    ("treefold22", "hd", "Node fall 0.2", "<GHC.List.sat>"): 0.0,
    ("treefold22", "hy", "Tree fall 0.2", "*"): 0.0,
    # (not tally''s: since session 23 the model's tally' is GHC's, no thunk for c or its
    # fields, and these three ratios did not move; the lazy phase's, not analysed)
    ("lazyrec22", "hd", "I# plateau", "<Main.sat>"): 1.123,
    # (BLACKHOLE was 1.703 before session 24's stack squeeze: the counters' field thunks
    # forced through their selectors, two update frames on one another a level)
    ("lazyrec22", "hd", "I# plateau", "BLACKHOLE"): 0.852,
    ("lazyrec22", "hc", "run.go/run/main.(...)... fall 0.5", "tally/run.go/run/main..."): 0.0,
}

#: profkit's total allocation / GHC's where not within 0.1%, and each cost centre's beyond
#: 5% (test_ghc_fidelity.cost_centre_gaps), as measured
TOTALS = {"bfsqueue22": 1.0011, "memotab22": 0.9785}
KNOWN_CC: dict[str, dict[str, float]] = {
    # (bfs.seen' GHC's since session 25's overloaded functions passed as values: the
    # total 0.9904 and seen' 0.926 before, test_programs25's ovlvalue25)
    "bfsqueue22": {"bfs": 1.068, "bfs.next": 0.94},
    # (wordfreq22's main.m, GHC's 16 bytes once, 0.0 before session 25: its first entry of
    # a CAF, GHC's 16-byte blackhole, shapes/cafenter25)
    "memotab22": {"collatzTable.step": 0.906},  # the `len m i` thunk (see KNOWN)
}


@pytest.mark.parametrize("name,scheme", sorted(PHASES))
def test_bands_at_matching_phases(tmp_path, name, scheme):
    compare(name, scheme, _ghc(name, scheme), _profkit(tmp_path, name, scheme, INTERVAL),
            (PHASES, COMBINE, KNOWN))


@pytest.mark.parametrize("name", PROGRAMS)
def test_stdout_and_allocation(tmp_path, name):
    src = (SHAPES / "programs" / f"{name}.hs").read_text()
    out = _run(tmp_path, src, "-P", name=f"{name}.hs")
    assert out == (SHAPES / "out" / name / f"{name}.stdout").read_text()
    g_total, g = _per_cc(SHAPES / "out" / name / f"{name}.prof")
    p_total, p = _per_cc(tmp_path / f"{name}.prof")
    assert abs(p_total / g_total - TOTALS.get(name, 1.0)) <= 0.001, p_total / g_total
    assert not cost_centre_gaps(g, p, KNOWN_CC.get(name, {}))


def test_top_level_functions_are_inlined_as_ghc_inlines_them(tmp_path):
    """inltop22: GHC 9.0.2 -O0 copies a top-level function used once (stepA, any size)
    into its call, and a small one into each call, with a class constraint too (firstOf,
    Ord a =>, three callers: its Just and pair are never built where the result is taken
    apart; the model built them, 320,080 bytes against GHC's 40, before session 22), the
    copy using the caller's dictionaries; not one used twice and large (stepB) nor one
    passed unapplied (scale). Stdout and the cost-centre tree exact (run_reference)."""
    g_total, g, p_total, p = run_reference(tmp_path, "inltop22")
    assert abs(p_total / g_total - 1) <= 0.001
    # firstOf: GHC's 40 bytes since session 24's notes split only where GHC decides the
    # match (test_shapes24; 80 before, not traced call by call); sortOut: GHC's builds the
    # superclass selection splitMin's `/=` needs, `$dEq = $p1Ord $dOrd` (a 3-word thunk)
    # each call, the model's copy none
    assert not cost_centre_gaps(g, p, {"sortOut": 0.699})
    assert p[("firstOf", "Main")][0] == 40


def _thunk_names(prog, top: str) -> set[str]:
    out, stack = set(), [next(b for b in prog.binds if b.name == top).rhs]
    while stack:
        e = stack.pop()
        if isinstance(e, ir.Closure):
            if not e.params:
                out.add(e.info.name.rsplit("_s", 1)[0])
            stack.append(e.body)
        elif isinstance(e, ir.Let):
            stack += [b.rhs for b in e.binds] + [e.body]
        elif isinstance(e, ir.Case):
            stack += [e.scrut, *(a.body for a in e.alts)] + ([e.default] if e.default else [])
        elif isinstance(e, ir.SCC):
            stack.append(e.body)
    return out


def test_an_inlined_calls_argument_thunk_is_named_as_ghc_names_it():
    """argname22 (GHC's -ddump-stg-final committed as out/argname22.stg): `push (x * k) q`
    with push inlined, its body under its note: GHC's thunk is `v`, push's parameter (-hd
    `<Main.v>`); `mk (x + k) x` with mk's body a constructor: `sat`. Before session 22 the
    model named both `sat` (bfsqueue22's -hd: `<Main.sat>` 1.78x GHC's, `<Main.x1>` none;
    `x1` as bfs binds its own `x` there)."""
    ghc = (SHAPES / "out" / "argname22.stg").read_text()
    assert re.search(r"let \{ v = CCCS \\u \[\] \* \$fNumInt x k;", ghc)
    assert re.search(r"sat =\s+CCCS \\u \[\]\s+\+\s+\$fNumInt\s+ds4\s+k;", ghc)
    prog = compile_program((SHAPES / "programs" / "argname22.hs").read_text(),
                           "argname22.hs", prof_auto="all")
    assert "v" in _thunk_names(prog, "fill")
    assert _thunk_names(prog, "wrap") == {"sat"}
