"""-hd/-hy/-hc bands of held-out programs against GHC 9.0.2's at matching phases (issue 18,
session 24): five new programs written as users profile heap problems, four of session 23's
45 with a live heap worth comparing, and GHC's stack squeeze (machine/squeeze.py).

New (tests/reference/ghc-9.0.2/shapes/programs/, README.md): `recleak24` (a record
accumulator folded by foldl', its three fields growing chains of thunks, then a strict
fold), `window24` (a moving sum over a stream, a window of 4,000 elements kept between the
pointer adding and the one dropping), `lazymap24` (a Data.Map whose insertWith (+) keeps a
chain of additions per key until read), `bstquery24` (an unbalanced search tree built by
foldr insert, queried 30,000 times, then its size and depth), `wordsmap24` (`words` over a
generated text, each word kept by fromListWith (++) to its positions), `twice24` (rows
parsed from a generated text, kept because the list is used twice), `iorefleak24` (the lazy
modifyIORef's chain of thunks in an IORef, then modifyIORef'). Of session 23's:
`cafmemo23` (a memo list CAF and fibs, -hd/-hy), `stackvm23` (a State-monad stack machine
whose states are kept), `foldmicro23` (a 1,000-node tree folded by Foldable defaults),
`cards23` (hands of cards kept in lists). (The others of the 45 hold under 2 KB of their
own heap, or GHC's few censuses, 3-15, fall where no phase is seen by both.)
out/P/P.{hd,hy,hc}.hp are GHC's `./P +RTS -h? -i0.0002 -RTS`; profkit runs at -i0.0002.
The phases and the comparison are test_bands21's; the gaps left are KNOWN with causes.
"""

from __future__ import annotations

import re

import pytest

from profkit.backends.stg.frontend.pipeline import compile_program
from profkit.backends.stg.heap.heapobj import Thunk
from profkit.backends.stg.machine import rt
from profkit.backends.stg.machine.squeeze import hidden
from tests.backends.stg.test_bands21 import SHAPES, _ghc, _profkit, compare
from tests.backends.stg.test_bands22 import _thunk_names
from tests.backends.stg.test_ghc_fidelity import _per_cc, _run, cost_centre_gaps

NEW = ["recleak24", "window24", "lazymap24", "bstquery24", "wordsmap24", "twice24",
       "iorefleak24"]
INTERVAL = "0.0002"

#: (program, scheme) -> phases (test_bands21.PHASES' form)
PHASES: dict[tuple[str, str], list[tuple]] = {
    ("recleak24", "hd"): [("fall", "<Main.sat>", (0.2, 0.5, 0.8)), ("rise", "I#", (0.3, 0.6))],
    ("recleak24", "hy"): [("fall", "Int", (0.2, 0.5, 0.8))],
    ("recleak24", "hc"): [("fall", "step/main/Main.CAF", (0.2, 0.5, 0.8)),
                          ("fall", "readings/main/Main.CAF", (0.2, 0.5))],
    ("window24", "hd"): [("rise", "<GHC.List.sat>", (0.3, 0.6, 0.9)),
                         ("fall", "<GHC.List.sat>", (0.2, 0.5, 0.8))],
    ("window24", "hy"): [("rise", "*", (0.3, 0.6, 0.9)), ("fall", "*", (0.2, 0.5, 0.8))],
    ("window24", "hc"): [("rise", "movingSums/main.sums/...", (0.3, 0.6, 0.9)),
                         ("fall", "movingSums/main.sums/...", (0.2, 0.5, 0.8))],
    ("lazymap24", "hd"): [("rise", "<Main.sat>", (0.3, 0.6, 0.9)),
                          ("fall", "<Main.sat>", (0.2, 0.5, 0.8))],
    ("lazymap24", "hy"): [("fall", "Int", (0.2, 0.5, 0.8))],
    ("lazymap24", "hc"): [("fall", "tally/main.m/main/Mai...", (0.2, 0.5, 0.8))],
    ("bstquery24", "hd"): [("rise", "BLACKHOLE", (0.3, 0.6)), ("fall", "BLACKHOLE", (0.8,)),
                           ("plateau", "BLACKHOLE")],
    ("bstquery24", "hy"): [("rise", "BLACKHOLE", (0.3, 0.6, 0.9)),
                           ("fall", "BLACKHOLE", (0.8,))],
    ("bstquery24", "hc"): [("fall", "keys.\\/keys/main.t/ma...", (0.8,)),
                           ("rise", "main.t/main/Main.CAF", (0.6,))],
    ("wordsmap24", "hd"): [("rise", ":", (0.3, 0.6, 0.9)),
                           ("rise", "<Data.Map.Internal.sat>", (0.3, 0.6, 0.9))],
    ("wordsmap24", "hy"): [("rise", "[]", (0.3, 0.6, 0.9)), ("fall", "[]", (0.2,))],
    ("wordsmap24", "hc"): [("rise", "index/main.ix/main/Ma...", (0.3, 0.6, 0.9))],
    ("twice24", "hd"): [("rise", ":", (0.3, 0.6, 0.9)), ("fall", ":", (0.2, 0.5))],
    ("twice24", "hy"): [("rise", "[]", (0.3, 0.6, 0.9)), ("fall", "[]", (0.2, 0.5))],
    ("twice24", "hc"): [("rise", "main.rows/main/Main.CAF", (0.3, 0.6, 0.9)),
                        ("fall", "main.rows/main/Main.CAF", (0.2, 0.5, 0.8)),
                        ("rise", "splitOn/parse/main.ro...", (0.3, 0.6, 0.9))],
    # (rising to 0.6 only: GHC's next census is where print has made stdout's handle and
    # buffers, about to force the chain; the model's censuses before it have none)
    ("iorefleak24", "hd"): [("rise", "<Data.IORef.sat>", (0.3, 0.6)),
                            ("fall", "<Data.IORef.sat>", (0.2, 0.5, 0.8)),
                            ("rise", "<Main.ds>", (0.3, 0.6))],
    ("iorefleak24", "hy"): [("rise", "*", (0.3, 0.6)), ("fall", "*", (0.2, 0.5, 0.8))],
    ("iorefleak24", "hc"): [("rise", "main.\\/main", (0.3, 0.6)),
                            ("fall", "main.\\/main", (0.2, 0.5, 0.8))],
    ("cafmemo23", "hd"): [("fall", "<GHC.List.sat>", (0.2, 0.5, 0.8)),
                          ("fall", "I#", (0.2, 0.5, 0.8))],
    ("cafmemo23", "hy"): [("rise", "*", (0.3, 0.6, 0.9)), ("fall", "*", (0.2, 0.5, 0.8))],
    ("stackvm23", "hd"): [("rise", "VM", (0.3, 0.6, 0.9)), ("plateau", "VM")],
    ("stackvm23", "hy"): [("rise", "VM", (0.3, 0.6, 0.9)), ("plateau", "VM")],
    ("stackvm23", "hc"): [("rise", "push.\\/modifyS/push/>...", (0.3, 0.6, 0.9))],
    ("foldmicro23", "hd"): [("plateau", "Node"), ("plateau", "BLACKHOLE")],
    ("foldmicro23", "hy"): [("plateau", "Tree")],
    ("foldmicro23", "hc"): [("plateau", "build/main.t/main/Mai...")],
    ("cards23", "hd"): [("rise", ":", (0.3, 0.6, 0.9)), ("plateau", ":")],
    ("cards23", "hy"): [("rise", "[]", (0.6, 0.9)), ("plateau", "[]")],
    ("cards23", "hc"): [("rise", "hands.\\/hands/main.ma...", (0.3, 0.9))],
}

COMBINE: dict[tuple[str, str], dict[str, list[str]]] = {}

#: (program, scheme, phase, band) -> profkit / GHC as measured there: the gaps not fixed
KNOWN: dict[tuple[str, str, str, str], float] = {
    # the tree being built by foldr insert (6,000 levels of BLACKHOLE under way): early in
    # the descent the keys' boxes (16-19 KB, 1% of the census) are 1.16-1.31x GHC's, and
    # late in it GHC's census holds 46 KB of unevaluated `*` thunks where the model's 6 KB
    # (its -hd <GHC.List.sat> peak, iterate's thunks, is 146 KB against GHC's 40 KB: the
    # two evaluate the key list at a different time; not analysed)
    ("bstquery24", "hd", "BLACKHOLE rise 0.3", "I#"): 1.158,
    ("bstquery24", "hy", "BLACKHOLE rise 0.3", "*"): 0.897,
    ("bstquery24", "hy", "BLACKHOLE rise 0.3", "Int"): 1.314,
    ("bstquery24", "hy", "BLACKHOLE rise 0.9", "*"): 0.139,
    # 0.6-1.7 KB of ++'s thunks (2-4% of a 45 KB census) at the instant of the census
    # while the hands are dealt; not analysed
    # (0.765 before session 24's derived enumFromTo, base's default: the deck's ranges
    # no longer build map's thunks; the shuffle band's census instant moved with it)
    ("cards23", "hd", ": rise 0.3", "<GHC.Base.sat>"): 0.531,
    ("cards23", "hc", "hands.\\/hands/main.ma... rise 0.3", "shuffle/main.many/mai..."): 0.873,
    ("cards23", "hd", ": rise 0.6", "<GHC.Base.sat>"): 0.167,
    ("cards23", "hc", "hands.\\/hands/main.ma... rise 0.9", "shuffle/main.many/mai..."): 0.845,
    # the three field chains being forced (a BLACKHOLE a level since the stack squeeze,
    # which took these from 1.65/4.76/1.74/2.99/2.33x): where the fall passes from one
    # chain to the next the censuses of the two runs sit at different points of it (at
    # 0.5 GHC's between two chains, 23 KB of BLACKHOLE; the model's inside one)
    ("recleak24", "hd", "<Main.sat> fall 0.2", "BLACKHOLE"): 0.825,
    ("recleak24", "hd", "<Main.sat> fall 0.5", "BLACKHOLE"): 2.380,
    ("recleak24", "hy", "Int fall 0.2", "BLACKHOLE"): 0.868,
    ("recleak24", "hy", "Int fall 0.5", "BLACKHOLE"): 1.497,
    ("recleak24", "hy", "Int fall 0.8", "Acc"): 0.888,
    ("recleak24", "hy", "Int fall 0.8", "BLACKHOLE"): 1.164,
    # the end of the lazy fold's forcing: the second fold's readings list (the census's
    # other band, 187 KB in GHC's) has gone further in the model's run (not analysed)
    ("recleak24", "hc", "step/main/Main.CAF fall 0.8", "readings/main/Main.CAF"): 0.849,
}


@pytest.mark.parametrize("name,scheme", sorted(PHASES))
def test_bands_at_matching_phases(tmp_path, name, scheme):
    compare(name, scheme, _ghc(name, scheme), _profkit(tmp_path, name, scheme, INTERVAL),
            (PHASES, COMBINE, KNOWN))


#: profkit's total allocation / GHC's where not within 0.1%, and each cost centre's beyond
#: 5% (test_ghc_fidelity.cost_centre_gaps), as measured
TOTALS: dict[str, float] = {}
KNOWN_CC: dict[str, dict[str, float]] = {
    # (lazymap24's main.m, 0.667 before session 25: its first entry of a CAF, GHC's 16-byte
    # blackhole, shapes/cafenter25)
}


@pytest.mark.parametrize("name", NEW)
def test_stdout_and_allocation(tmp_path, name):
    src = (SHAPES / "programs" / f"{name}.hs").read_text()
    out = _run(tmp_path, src, "-P", name=f"{name}.hs")
    assert out == (SHAPES / "out" / name / f"{name}.stdout").read_text()
    g_total, g = _per_cc(SHAPES / "out" / name / f"{name}.prof")
    p_total, p = _per_cc(tmp_path / f"{name}.prof")
    assert abs(p_total / g_total - TOTALS.get(name, 1.0)) <= 0.001, p_total / g_total
    assert not cost_centre_gaps(g, p, KNOWN_CC.get(name, {}))


def _thunk(oid: int) -> Thunk:
    t = Thunk.__new__(Thunk)
    t.id = oid
    return t


def test_squeeze_hides_all_but_the_oldest_of_adjacent_update_frames():
    """GHC's threadPaused squeezes a run of update frames lying on one another into the
    oldest (the master updatee; the newer ones become indirections the collector shorts
    out): a census sees one BLACKHOLE a run. A case continuation or pending arguments
    between two update frames keep both; a CAF's frame (UPD) is the master of a run it
    starts; a frame wrapped as the watermark is still an update frame."""
    case = (lambda env: None, [None], 0, 0)
    stack = [(rt.AP, None), _thunk(1), _thunk(2), _thunk(3), case, _thunk(4), (rt.AP, [1]),
             _thunk(5), (rt.UPD, _thunk(-1), 0), _thunk(6), (rt.WM, _thunk(7)), case]
    assert hidden(stack) == [2, 3, 6, 7]
    assert hidden([(rt.AP, None), _thunk(1), case, _thunk(2)]) == []


def test_a_thunk_used_once_as_an_argument_is_named_as_ghc_names_it():
    """satname24 (GHC's -ddump-stg-final committed as out/satname24.stg): a let-bound
    thunk used once as a constructor's field (`pairUp x = let y = x * 3 in (x, y)`,
    `push acc x = let y = x + 1 in y : acc`) is inlined by GHC -O0's simplifier and let-bound
    again by CorePrep as `sat` (-hd `<Main.sat>`); used twice (`twice`) or under a lambda
    (`under`) it keeps its name, and one passed to a local function the simplifier
    beta-reduces takes the parameter's (`negate' y where negate' v = ..`: `v`). Before
    session 24 the model named all of them `y` (seqcon23's -hd: `<Main.y'>`, 149 KB,
    where GHC's census has `<Main.sat>`)."""
    ghc = (SHAPES / "out" / "satname24.stg").read_text()
    assert re.search(r"pairUp_\w+ =\s+CCS_DONT_CARE \\r \[x_\w+\]\s+let \{\s+sat_\w+ =", ghc)
    assert re.search(r"push_\w+ =\s+CCS_DONT_CARE \\r \[acc_\w+ x_\w+\]\s+let \{\s+sat_", ghc)
    assert re.search(r"twice_\w+ =\s+CCS_DONT_CARE \\r \[x_\w+\]\s+let \{\s+y_\w+ =", ghc)
    assert re.search(r"\by_\w+ =", ghc.split("\nmain =")[1])  # under's, inlined into main
    assert re.search(r"- \$fNumInt sat_\w+ v_\w+", ghc)  # apply's, inlined into main
    prog = compile_program((SHAPES / "programs" / "satname24.hs").read_text(),
                           "satname24.hs", prof_auto="all")
    assert _thunk_names(prog, "pairUp") == {"sat"}
    assert _thunk_names(prog, "push") == {"sat"}
    assert _thunk_names(prog, "twice") == {"y"}
    assert _thunk_names(prog, "under") == {"y"}
    assert "v" in _thunk_names(prog, "apply") and "y" not in _thunk_names(prog, "apply")


def test_seqcon23s_thunks_are_named_as_in_ghcs_census(tmp_path):
    """seqcon23's `move (x, y) d = let x' = x + d; y' = y - d in x' `seq` (x', y')`: every
    band of 5 KB or more in the model's -hd censuses is one GHC's -hd has (GHC's committed
    `./seqcon23 +RTS -hd -i0.0002`): `<Main.sat>` for y', not `<Main.y'>`."""
    ghc = {b for d in _ghc("seqcon23", "hd") for b in d}
    mine = _profkit(tmp_path, "seqcon23", "hd", INTERVAL)
    big = {b for d in mine for b, n in d.items() if n >= 5000}
    assert "<Main.sat>" in big and big <= ghc, big - ghc
