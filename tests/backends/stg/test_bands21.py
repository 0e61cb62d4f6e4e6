"""-hd/-hy/-hc bands of eight more held-out programs against GHC 9.0.2's at matching phases
(issue 18, session 21).

The programs (tests/reference/ghc-9.0.2/shapes/programs/, written for this check as users
would profile them): `halfstrict` (a lazy accumulator leaks a chain of thunks, then a strict
one runs in constant space), `mapdrop` (a Data.Map built by insertWith, queried, dropped; then
`maximum (map collatz ..)`), `queuesim` (a two-list queue that grows, then drains),
`draglast` (a list of records kept by a later `last`), `arrforce` (a lazy Data.Array of
thunks forced block by block), `strappend` (a String built by left-nested ++), `recsteps` (a
tree of strict records rebuilt each step by `iterate`, every state retained), `holdmain` (a
Map built at the start of main kept for a lookup at the end). out/P/P.{hd,hy,hc}.hp are GHC's
`./P +RTS -h? -iI -RTS` (I in INTERVALS below), out/P/P.prof its `+RTS -P`. GHC is not needed.

As in test_ghc_bands_more.py a phase is program progress read off a band both profiles
have, never seconds (profkit's virtual time passes 1-3x faster than GHC's here, so it runs
at a shorter interval): a band's rise or fall through fixed fractions of GHC's peak of it
(every band interpolated between the two censuses around that point), or a plateau (the
censuses at which a band keeps the size it keeps longest, each band's median). At each
phase every band of 2% or more of either census (BLACKHOLE included) is within 10% of the
other's, both ways; the gaps left are asserted at their measured ratio (KNOWN) so that a
change either way is seen; the runtime's own bands GHC shows are profkit's too.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from profkit.backends.stg import plugin as stg_plugin
from profkit.options import parse_run_args
from profkit.plugins import ccprof, heapprof
from profkit.plugins.hpfile import read_hp
from profkit.plugins.prof_read import read_profile
from profkit.runner import run
from tests.conftest import REFERENCE as REFDATA

SHAPES = REFDATA / "ghc-9.0.2" / "shapes"

#: GHC's interval, profkit's
INTERVALS = {"halfstrict": ("0.001", "0.0002"), "mapdrop": ("0.004", "0.001"),
             "queuesim": ("0.001", "0.001"), "draglast": ("0.001", "0.0004"),
             "arrforce": ("0.001", "0.0004"), "strappend": ("0.001", "0.0015"),
             "recsteps": ("0.003", "0.001"), "holdmain": ("0.002", "0.0015")}

#: (program, scheme) -> phases: ("fall"/"rise", band, fractions of GHC's peak of it) or
#: ("plateau", band); an optional fourth item: only censuses after the last one holding
#: that band
PHASES: dict[tuple[str, str], list[tuple]] = {
    ("halfstrict", "hd"): [("fall", "I#", (0.55, 0.65, 0.75))],
    ("halfstrict", "hy"): [("fall", "Int", (0.45, 0.6, 0.7))],
    ("halfstrict", "hc"): [("fall", "readings/lazyPhase/ma...", (0.25, 0.5, 0.75))],
    ("mapdrop", "hd"): [("fall", "<Main.sat>", (0.0,)),
                        ("fall", "<GHC.Base.sat>", (0.2, 0.5, 0.8), "Bin")],
    ("mapdrop", "hy"): [("fall", "String", (0.0,)), ("fall", "Int", (0.2, 0.5, 0.8), "Map")],
    ("mapdrop", "hc"): [("fall", "longest/main/Main.CAF", (0.2, 0.5, 0.8))],
    ("queuesim", "hd"): [("rise", "Customer", (0.3, 0.6, 0.9))],
    ("queuesim", "hy"): [("rise", "Customer", (0.3, 0.6, 0.9))],
    ("queuesim", "hc"): [("rise", "step.new/step/run.s'/...", (0.3, 0.6, 0.9))],
    ("draglast", "hd"): [("plateau", "Sample")],
    ("draglast", "hy"): [("plateau", "Sample")],
    ("draglast", "hc"): [("plateau", "simulate.go/simulate/...")],
    ("arrforce", "hd"): [("fall", "<Main.sat>", (0.25, 0.5, 0.75))],
    ("arrforce", "hy"): [("fall", "Int", (0.15, 0.3, 0.45))],
    ("arrforce", "hc"): [("rise", "cells.cell/cells.tabl...", (0.2, 0.5, 0.8))],
    ("strappend", "hd"): [("rise", ":", (0.3, 0.5, 0.7))],
    ("strappend", "hy"): [("rise", "lists", (0.3, 0.5, 0.7))],
    ("recsteps", "hd"): [("rise", "Node", (0.2, 0.5, 0.8))],
    ("recsteps", "hy"): [("rise", "Tree", (0.2, 0.5, 0.8))],
    ("recsteps", "hc"): [("rise", "move/stepTree/main.st...", (0.2, 0.5, 0.8))],
    ("holdmain", "hd"): [("plateau", "Bin")],
    ("holdmain", "hy"): [("plateau", "Map")],
    ("holdmain", "hc"): [("plateau", "entry/mkBook/main.boo...")],
}

#: bands compared as their sum, in both profiles: which of them holds an object at a census
#: depends on where the evaluation is at that instant (a thunk of ++ is a `<GHC.Base.sat>`
#: until entered, a BLACKHOLE while its value is computed), or which function last moved a
#: queue's cells from its back list to its front one
COMBINE: dict[tuple[str, str], dict[str, list[str]]] = {
    ("strappend", "hd"): {"thunks": ["<GHC.Base.sat>", "<Main.sat>", "BLACKHOLE"]},
    ("strappend", "hy"): {"lists": ["[]", "BLACKHOLE"]},
    ("queuesim", "hc"): {"queue": ["push/step.q1/step/run...", "pop/step/run.s'/run/m..."]},
}

#: (program, scheme, phase, band) -> profkit / GHC as measured there (within 0.05; inf: a
#: band GHC's census does not have, 0: one profkit's does not have): the gaps not fixed
KNOWN: dict[tuple[str, str, str, str], float] = {
    # GHC's desugarer names a comprehension's thunk by its binder with GHC's uniquifying
    # number (`ds1`: sieve's own argument is `ds`); the model names it `ds` (17 KB, 3%)
    ("holdmain", "hd", "Bin plateau", "<Main.ds1>"): 0.0,
    ("holdmain", "hd", "Bin plateau", "<Main.ds>"): float("inf"),
    # the lazy accumulator's chain being forced: GHC's censuses around this point are 28%
    # of the Int band apart, its BLACKHOLEs rising then falling between them (the -hd run's
    # closer censuses match at 0.55-0.75)
    ("halfstrict", "hy", "Int fall 0.6", "BLACKHOLE"): 1.187,
    # the left-nested ++ chain and the thunks its forcing makes, summed (COMBINE): 1.15x
    # early in the build, where the chain is longest
    ("strappend", "hd", ": rise 0.3", "thunks"): 1.151,
}

#: the runtime's bands (GHC 9.0.2's names, suffixes cut) every census after the first output
#: shows, compared where GHC's census has them
RUNTIME = {
    "hd": ["ARR_WORDS", "MUT_ARR_PTRS_CLEAN", "Handle__", "MVAR", "WEAK", "BufferCodec",
           "<GHC.CString.sat>", "MallocPtr", "MVar", "STArray", "TextEncoding", "FileHandle",
           "Dynamic", "ThreadId", "<GHC.TopHandler.handler>", "<GHC.IO.Encoding.UTF8.sat>"],
    "hy": ["ARR_WORDS", "MUT_ARR_PTRS_CLEAN", "Handle__", "MVAR", "WEAK", "BufferCodec",
           "STArray", "TextEncoding", "FileHandle", "Dynamic", "ThreadId"],
    "hc": ["PINNED", "GHC.IO.Encoding.CAF", "GHC.IO.Handle.FD.CAF", "GHC.Conc.Signal.CAF",
           "GHC.IO.Encoding.Iconv.CAF", "MAIN"],
}


def _samples(path: Path) -> list[dict[str, int]]:
    """Each census as {band: bytes}: GHC's unique suffixes (`_s29H`) and -hc's stack id
    prefix (`(123)`) cut, bands equal after the cut summed. (Before session 22 every band
    beginning with `(` lost its name up to the first `)`: a pair's `(,)` was ``.)"""
    out: list[dict[str, int]] = []
    for s in read_hp(str(path)).samples:
        d: dict[str, int] = {}
        for band, n in s.bands.items():
            band = re.sub(r"^\([0-9]+\)", "", band)  # (not a tuple's `(,)`)
            band = re.sub(r"_[sr][0-9A-Za-z]+>$", ">", band)
            # a frozen array's clean/dirty bit is the write barrier's state at the census
            band = band.replace("FROZEN_DIRTY", "FROZEN_CLEAN")
            d[band] = d.get(band, 0) + n
        out.append(d)
    return [d for d in out if sum(d.values())]


def _ghc(name: str, scheme: str) -> list[dict[str, int]]:
    return _samples(SHAPES / "out" / name / f"{name}.{scheme}.hp")


def _profkit(tmp_path: Path, name: str, scheme: str, interval: str | None = None
             ) -> list[dict[str, int]]:
    prog = tmp_path / f"{name}.hs"
    prog.write_text((SHAPES / "programs" / f"{name}.hs").read_text())
    cfg = parse_run_args(["-fprof-auto", "--outdir", str(tmp_path), str(prog), "+RTS",
                          f"-{scheme}", f"-i{interval or INTERVALS[name][1]}", "-RTS"])
    out = io.StringIO()
    assert run(cfg, plugins=[stg_plugin, ccprof, heapprof], stdout=out, stderr=io.StringIO(),
               load_entrypoints=False) == 0
    assert out.getvalue() == (SHAPES / "out" / name / f"{name}.stdout").read_text()
    return _samples(tmp_path / f"{name}.hp")


def _crossing(ss: list[dict[str, int]], band: str, level: float, rise: bool, span: float
              ) -> dict[str, int]:
    """Every band where ``band`` first passes ``level`` upwards (``rise``), or downwards
    after its peak, interpolated between the two censuses around that point."""
    start = 0 if rise else max(range(len(ss)), key=lambda i: ss[i].get(band, 0))
    for a, b in zip(ss[start:], ss[start + 1:]):
        ya, yb = a.get(band, 0), b.get(band, 0)
        if ya == level:
            return dict(a)
        if (ya < level <= yb) if rise else (ya >= level > yb):
            # over a third of GHC's peak at most: a phase GHC's censuses see
            assert abs(yb - ya) <= span, (band, ya, yb, span)
            t = (level - ya) / (yb - ya)
            return {k: round(a.get(k, 0) + t * (b.get(k, 0) - a.get(k, 0)))
                    for k in set(a) | set(b)}
    raise AssertionError(f"{band} never {'rises' if rise else 'falls'} through {level}")


def _plateau(ss: list[dict[str, int]], band: str) -> dict[str, int]:
    sizes = [d[band] for d in ss if d.get(band)]
    final = max(set(sizes), key=sizes.count)
    on = [d for d in ss if d.get(band) == final]
    assert len(on) >= 3, (band, final, len(on))
    keys = {k for d in on for k in d}
    return {k: sorted(d.get(k, 0) for d in on)[len(on) // 2] for k in keys}


def _phases(gs: list[dict[str, int]], ms: list[dict[str, int]], spec: tuple
            ) -> list[tuple[str, dict[str, int], dict[str, int]]]:
    """(label, GHC's bands, profkit's) at each point of a phase spec (PHASES)."""
    kind, band = spec[0], spec[1]
    if len(spec) == 4 or (kind == "plateau" and len(spec) == 3):
        after = spec[-1]
        gs = gs[max(i for i, d in enumerate(gs) if d.get(after)) + 1:]
        ms = ms[max(i for i, d in enumerate(ms) if d.get(after)) + 1:]
    if kind == "plateau":
        return [(f"{band} plateau", _plateau(gs, band), _plateau(ms, band))]
    peak = max(d.get(band, 0) for d in gs)
    out = []
    for f in spec[2]:
        level = f * peak if kind == "rise" else (1 - f) * peak
        label = f"{band} {kind} {f}"
        # interpolated over a third of GHC's peak at most in GHC's profile (a point GHC's
        # censuses see), half of it in profkit's
        out.append((label, _crossing(gs, band, level, kind == "rise", peak / 3),
                    _crossing(ms, band, level, kind == "rise", peak / 2)))
    return out


def _ratios(ghc: dict[str, int], mine: dict[str, int]) -> dict[str, float]:
    """profkit / GHC for every band of 2% or more of either census."""
    gt, mt = sum(ghc.values()), sum(mine.values())
    keys = {k for k, v in ghc.items() if v >= 0.02 * gt}
    keys |= {k for k, v in mine.items() if v >= 0.02 * mt}
    return {k: (mine.get(k, 0) / ghc[k] if ghc.get(k) else float("inf")) for k in keys}


def compare(name: str, scheme: str, gs: list[dict[str, int]], ms: list[dict[str, int]],
            tables: tuple[dict, dict, dict] | None = None) -> dict[str, dict[str, float]]:
    """The ratios at every phase of (name, scheme); checked against 10% and KNOWN.
    ``tables``: (PHASES, COMBINE, KNOWN) of another set of programs (test_bands22)."""
    phases, combine, gaps = tables or (PHASES, COMBINE, KNOWN)
    for new, olds in combine.get((name, scheme), {}).items():
        for d in gs + ms:
            d[new] = sum(d.pop(k, 0) for k in olds)
    out = {}
    for spec in phases[(name, scheme)]:
        for label, ghc, mine in _phases(gs, ms, spec):
            out[label] = ratios = _ratios(ghc, mine)
            for band, r in ratios.items():
                known = gaps.get((name, scheme, label, band))
                if known is None:
                    assert 0.9 <= r <= 1.1, (label, band, r, ghc.get(band), mine.get(band))
                else:
                    assert abs(r - known) <= 0.05 or r == known, (label, band, r, known)
            for band in RUNTIME[scheme]:
                if ghc.get(band):
                    # (at least 0.8 of GHC's: a string literal's transient tails are
                    # `<GHC.CString.sat>` too, interpolated between censuses)
                    assert mine.get(band, 0) >= 0.8 * ghc[band], (label, band, ghc[band],
                                                                   mine.get(band))
    return out


@pytest.mark.parametrize("name,scheme", sorted(PHASES))
def test_bands_at_matching_phases(tmp_path, name, scheme):
    compare(name, scheme, _ghc(name, scheme), _profkit(tmp_path, name, scheme))


def test_thunk_types_of_strings_as_ghcs(tmp_path):
    """-hy names of String-building thunks. GHC's type checker gives a string literal the
    synonym `String`, so a function whose result comes from literals is `String` (mapdrop's
    `syllable k = [..] !! k`: its thunks 104 KB of `String` while the Map is built), but a
    thunk of ++ is `[]` (base's own `xs ++ ys` too), and a call of a top-level function used
    once is GHC -O0's inlined body (strappend's `row i`: `[]`, not row's `String`). Before
    this work the model had the literals `[Char]` (mapdrop: no String band, its thunks `[]`),
    the Prelude's thunks `*` (strappend: 3-9 KB) and `row i` `String` (6-9 KB)."""
    gs, ms = _ghc("strappend", "hy"), _profkit(tmp_path, "strappend", "hy")
    for ss in (gs, ms):
        mid = ss[len(ss) // 4: 3 * len(ss) // 4]
        assert not any(d.get("String", 0) > 100 or d.get("*", 0) > 100 for d in mid)
        assert all(d["[]"] > 10000 for d in mid)
    ghc = _ghc("mapdrop", "hy")[0]  # the Map being built (GHC's first census)
    assert ghc["String"] >= 100000
    compare("mapdrop", "hy", _ghc("mapdrop", "hy"), _profkit(tmp_path, "mapdrop", "hy"))


#: profkit's total allocation / GHC's (`+RTS -P`), as measured (allocation shapes not
#: fixed here, named by the cost centre that differs; the others are GHC's within 0.1%)
TOTALS = {
    # run's lazy `let s' = step s; (_, _, q', _) = s'`: GHC -O0 inlines `step` and
    # `arrivals` (top-level, used once) into run, case-of-known-tuple: run 40 bytes a
    # call, the model's 112 (its thunk of `step s`, the tuple and the selector)
    "queuesim": 1.0794,
    # move's `Particle (x + dx') ..` with strict fields: GHC -O0 makes each argument a
    # thunk (the wrapper $WParticle forces them): move 136 bytes a call, the model's 72
    "recsteps": 0.8986,
    # query's local go: GHC 224 bytes a call under query.go (the model none), go.acc'
    # 56 against 48
    "mapdrop": 0.9883,
}


@pytest.mark.parametrize("name", sorted(INTERVALS))
def test_stdout_and_total_allocation(tmp_path, name):
    prog = tmp_path / f"{name}.hs"
    prog.write_text((SHAPES / "programs" / f"{name}.hs").read_text())
    cfg = parse_run_args(["-fprof-auto", "--outdir", str(tmp_path), str(prog), "+RTS", "-P",
                          "-RTS"])
    out = io.StringIO()
    assert run(cfg, plugins=[stg_plugin, ccprof, heapprof], stdout=out, stderr=io.StringIO(),
               load_entrypoints=False) == 0
    assert out.getvalue() == (SHAPES / "out" / name / f"{name}.stdout").read_text()
    ghc = read_profile(str(SHAPES / "out" / name / f"{name}.prof")).total_alloc
    mine = read_profile(str(tmp_path / f"{name}.prof")).total_alloc
    assert ghc and mine
    assert abs(mine / ghc - TOTALS.get(name, 1.0)) <= 0.001, (name, mine, ghc, mine / ghc)
