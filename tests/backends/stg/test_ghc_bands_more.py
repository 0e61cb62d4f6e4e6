"""-hd/-hy bands of six more held-out programs against GHC 9.0.2's at matching phases (issue 18).

The programs (tests/reference/ghc-9.0.2/shapes/programs/: `people` records with String fields
kept in a list, `mapquery` a Data.Map of words queried in a loop, `arrref` an Array of
Doubles held by an IORef, `boxes` Integers and Doubles kept in lists, `lazymap` insertWith
thunks built by a lazy foldl then forced, `bfsmaybe` a tree of Maybe children walked
breadth-first through a two-list queue, the result list of pairs consumed by a foldr) run
0.01-0.05 s under GHC's -prof binary; out/P/P.hd.hp and P.hy.hp are GHC's `+RTS -hd
-i0.001` and `-hy -i0.001` of the committed program, which the tests run as it is. GHC is
not needed.

As in test_ghc_bands.py a phase is defined by program progress read off a band both
profiles have, never by seconds (profkit's virtual time is not GHC's CPU time):
- a plateau: the censuses at which a band keeps the size it has longest; each band's median
  over them is compared;
- a consumption: the censuses after a band's peak, each band interpolated linearly at the
  points where the progress band has fixed fractions of its peak.
Compared: every band of 2% or more of GHC's census within 10%, BLACKHOLE too where it is
that large; every band GHC shows at the phase (the runtime's own included) is present in
profkit's, except those named with their reason.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from profkit.backends.stg import plugin as stg_plugin
from profkit.options import parse_run_args
from profkit.plugins import ccprof, heapprof
from tests.backends.stg.test_ghc_bands import _samples  # (GHC's suffixes cut)
from tests.conftest import REFERENCE as REFDATA
from profkit.runner import run

SHAPES = REFDATA / "ghc-9.0.2" / "shapes"

#: the runtime's own bands in every census after the first output (GHC 9.0.2's -hd names,
#: suffixes cut): stdout's handle, buffers and encodings, the signal handlers' array, the
#: main thread's objects, hPutStr's char buffer and closure
RUNTIME_HD = ["ARR_WORDS", "MUT_ARR_PTRS_CLEAN", "Handle__", "Buffer", "MVAR", "WEAK",
              "MUT_VAR_CLEAN", "BufferCodec", "<GHC.CString.sat>", "MallocPtr", "MVar",
              "STArray", "TextEncoding", "FileHandle", "Dynamic", "ThreadId", "Just", "(,)",
              "<GHC.TopHandler.handler>", "<GHC.TopHandler.sat>", "<GHC.IO.Handle.Text.sat>",
              "<GHC.IO.Handle.Internals.sat>", "<GHC.IO.Encoding.UTF8.sat>"]



def _ghc(name: str, scheme: str) -> list[dict[str, int]]:
    return _samples(SHAPES / "out" / name / f"{name}.{scheme}.hp")


def _profkit(tmp_path: Path, name: str, scheme: str, interval: str = "0.001"
             ) -> list[dict[str, int]]:
    prog = tmp_path / f"{name}.hs"
    prog.write_text((SHAPES / "programs" / f"{name}.hs").read_text())
    cfg = parse_run_args(["-fprof-auto", "--outdir", str(tmp_path), str(prog), "+RTS",
                          f"-{scheme}", f"-i{interval}", "-RTS"])
    out = io.StringIO()
    assert run(cfg, plugins=[stg_plugin, ccprof, heapprof], stdout=out, stderr=io.StringIO(),
               load_entrypoints=False) == 0
    assert out.getvalue() == (SHAPES / "out" / name / f"{name}.stdout").read_text()
    return _samples(tmp_path / f"{name}.hp")


def _plateau(ss: list[dict[str, int]], band: str) -> dict[str, int]:
    sizes = [d[band] for d in ss if d.get(band)]
    final = max(set(sizes), key=sizes.count)   # the size the structure keeps longest
    on = [d for d in ss if d.get(band) == final]
    assert len(on) >= 3, (band, final, len(on))
    keys = {k for d in on for k in d}
    return {k: sorted(d.get(k, 0) for d in on)[len(on) // 2] for k in keys}


def _consumed(ss: list[dict[str, int]], band: str, peak: int, f: float) -> dict[str, int]:
    """Every band at the point after ``band``'s peak where it has fallen to (1 - f) of
    ``peak`` (the size of the whole structure), interpolated between the two censuses
    around it (not the empty census at the end of the run)."""
    ss = [d for d in ss if sum(d.values())]
    top = max(range(len(ss)), key=lambda i: ss[i].get(band, 0))
    assert ss[top][band] >= 0.9 * peak, (band, ss[top][band], peak)
    x = (1 - f) * peak
    for a, b in zip(ss[top:], ss[top + 1:]):
        ya, yb = a.get(band, 0), b.get(band, 0)
        if ya >= x >= yb and ya > yb:
            # interpolated over a third of the structure at most (GHC's -hy run of bfsmaybe
            # has no census between the whole list and 2.5% of it: no phase to compare)
            assert ya - yb <= peak / 3, (band, ya, yb)
            t = (ya - x) / (ya - yb)
            return {k: round(a.get(k, 0) + t * (b.get(k, 0) - a.get(k, 0)))
                    for k in set(a) | set(b)}
    raise AssertionError(f"{band} never falls to {x}")


def _ratios(ghc: dict[str, int], mine: dict[str, int]) -> dict[str, float]:
    """profkit / GHC for every band of 2% or more of GHC's census."""
    total = sum(ghc.values())
    return {k: mine.get(k, 0) / v for k, v in ghc.items() if v >= 0.02 * total}


def _within(ghc: dict[str, int], mine: dict[str, int], tol: float = 0.1,
            skip: tuple[str, ...] = ()) -> None:
    ratios = {k: r for k, r in _ratios(ghc, mine).items() if k not in skip}
    assert ratios and all(1 - tol <= r <= 1 + tol for r in ratios.values()), ratios


def _present(ghc: dict[str, int], mine: dict[str, int], absent: set[str] = set()) -> None:
    """Every band GHC shows is profkit's too but those in ``absent`` (which must be
    absent: a change either way is seen)."""
    shown = {k for k, v in ghc.items() if v > 0}
    missing = {k for k in shown if mine.get(k, 0) == 0}
    assert missing == absent & shown, (missing, absent)


def test_people_records_plateau(tmp_path):
    # 1,500 records with two String fields each, kept in a list while it is searched:
    # `:` 190,848 bytes (names' characters and the list), Person 48,000 (4 words each),
    # the runtime's 37 KB. Before this work the model had MUT_VAR_CLEAN, MallocPtr and
    # Buffer short by hPutStr's char buffer (128 B under MAIN/main during a later print)
    # and main's own 64 bytes of other objects GHC does not have.
    ghc = _plateau(_ghc("people", "hd"), "Person")
    mine = _plateau(_profkit(tmp_path, "people", "hd"), "Person")
    _within(ghc, mine)
    assert 0.99 <= sum(mine.values()) / sum(ghc.values()) <= 1.01
    for k in RUNTIME_HD:
        assert ghc.get(k) and mine.get(k) == ghc[k], (k, ghc.get(k), mine.get(k))
    # Main's CAF holds the dictionaries GHC -O0 builds for compound instances (`Eq [Char]`:
    # C:Eq and a thunk); the model charges their bytes to CAF Main (.prof) but does not
    # keep them (typecheck_inline's main_dict_bytes is a count, not objects)
    _present(ghc, mine, absent={"C:Eq", "<GHC.Classes.sat>"})


def test_people_records_plateau_by_type(tmp_path):
    # -hy of the same: `[]` 191,016, Person 48,000, and the runtime's types; hPutStr's
    # thunk under MAIN/main is a `[]` (the model had IO before this work)
    ghc = _plateau(_ghc("people", "hy"), "Person")
    mine = _plateau(_profkit(tmp_path, "people", "hy"), "Person")
    _within(ghc, mine)
    for k in ("[]", "IO", "Buffer", "ForeignPtrContents", "MUT_VAR_CLEAN", "Handle__"):
        assert mine.get(k) == ghc[k], (k, ghc[k], mine.get(k))
    _present(ghc, mine, absent={"Eq", "->>Bool"})  # Main's `Eq [Char]` (above)


def test_mapquery_word_map_plateau(tmp_path):
    # a Map of 385 distinct words (String keys) queried 3,000 times with a strict counter:
    # Bin 18,480 (6 words a node), the keys' `:` 57,744; the counts are forced small Ints,
    # which GHC's collector replaces by its static closures (no I# band)
    ghc = _plateau(_ghc("mapquery", "hd"), "Bin")
    mine = _plateau(_profkit(tmp_path, "mapquery", "hd"), "Bin")
    _within(ghc, mine)
    assert ghc["Bin"] == mine["Bin"] == 385 * 48
    # Main's `Ord [Char]` (C:Ord and thunks, as people's `Eq [Char]`); GHC's census
    # catches a query's `concatMap` in base's Foldable code (<Data.Foldable.sat>
    # 16, <GHC.Base.go1> 24), the model's in its Prelude's (<Main.pick>, <GHC.List.sat>,
    # and since session 21 foldr's loop named as GHC's, <GHC.Base.go1>)
    _present(ghc, mine, absent={"C:Ord", "<GHC.Classes.sat>", "<Data.Foldable.sat>"})


#: GHC.Float's CAF as GHC keeps it while code left to run shows a Double (-hd/-hy
#: -hmGHC.Float of these programs and of probes showing 2.5, 0.1, pi, 1.0e-7, 1.5e22):
#: its arrays of powers (MUT_ARR_PTRS_FROZEN_CLEAN 11,480, Array 80) and their elements,
#: thunks but for a few small IS (Integer 34,184-34,200; -hd <GHC.Float.sat> 34,152).
#: Not fixed: the model allocates its 46,120 bytes as garbage (prims_numeric._float_caf).
#: GHC drops the CAF once no code left to run shows a Double (hy_types/thunks.hs shows one
#: Double, then none: GHC's census has none of it), which the model cannot tell (its values
#: are dynamically typed, its CAFs have no SRT); keeping it live to the end fixed these
#: two programs and broke thunks.hs.
FLOAT_ARRAYS = 11480


def test_arrref_table_held_by_an_ioref(tmp_path):
    # a 2,000-Double Array in an IORef, its maximum shown, probed; then replaced by `fmap
    # (* 2)` of itself and probed again. -hy: Double 32,000, MUT_ARR_PTRS_FROZEN_CLEAN
    # 16,040 of the table (3 + 2,000 words and the card table). Once the table is replaced
    # GHC keeps one table only: before this work the model kept the first one as well (D#
    # 64,016), held by main's CAF (`newIORef (mkTable 2000)`'s argument), which GHC drops
    # once entered.
    gs, ms = _ghc("arrref", "hy"), _profkit(tmp_path, "arrref", "hy")
    ghc, mine = _plateau(gs, "Double"), _plateau(ms, "Double")
    _within(ghc, mine, skip=("Integer", "MUT_ARR_PTRS_FROZEN_CLEAN"))
    assert mine["Double"] == ghc["Double"] == 32000
    assert ghc["MUT_ARR_PTRS_FROZEN_CLEAN"] == 16040 + FLOAT_ARRAYS
    assert mine["MUT_ARR_PTRS_FROZEN_CLEAN"] == 16040
    assert ghc["Integer"] == 34200 and "Integer" not in mine  # GHC.Float's CAF (above)
    # at no census are two tables live
    assert max(d.get("Double", 0) for d in ms) <= 1.1 * max(d.get("Double", 0) for d in gs)
    _present(ghc, mine, absent={"Integer"})


def test_boxes_doubles_and_integers_plateau(tmp_path):
    # 300 Integers (3^k-ish, most past 64 bits) and 1,500 Doubles kept in lists while a
    # strict loop indexes them: `:` 44,016, D# 24,000; a Double is shown before the loop
    # and another after it, so GHC keeps GHC.Float's CAF all through (<GHC.Float.sat>
    # 34,152, MUT_ARR_PTRS_FROZEN_CLEAN 11,480), the model not (above).
    ghc = _plateau(_ghc("boxes", "hd"), "D#")
    mine = _plateau(_profkit(tmp_path, "boxes", "hd"), "D#")
    for band in (":", "D#"):
        assert 0.9 <= mine[band] / ghc[band] <= 1.1, (band, ghc[band], mine.get(band))
    assert ghc["<GHC.Float.sat>"] == 34152 and ghc["MUT_ARR_PTRS_FROZEN_CLEAN"] == FLOAT_ARRAYS
    assert "<GHC.Float.sat>" not in mine and "MUT_ARR_PTRS_FROZEN_CLEAN" not in mine
    # Integers as ghc-bignum's (machine/prims_bignum.py): `IS` (16 bytes), or past 64 bits
    # `IP` (16) over the limbs' ARR_WORDS (16 + 8 a limb): GHC's IS 688, IP 4,176,
    # ARR_WORDS 14,016 more than the runtime's 36,816; the model's 624, 4,160 and 13,984
    # (one Integer fewer alive at the plateau) and no I# left for them.
    assert ghc["IP"] == 4176 and ghc["ARR_WORDS"] - 36816 == 14016
    for band in ("IS", "IP"):
        assert 0.9 <= mine[band] / ghc[band] <= 1.1, (band, ghc[band], mine.get(band))
    assert 0.98 <= (mine["ARR_WORDS"] - 36816) / 14016 <= 1.02, mine["ARR_WORDS"]
    assert mine.get("I#", 0) < 100
    float_caf = 34152 + FLOAT_ARRAYS + 80 + 32
    assert 0.98 <= (sum(mine.values()) + float_caf) / sum(ghc.values()) <= 1.02


def test_lazymap_insertwith_thunks_forced(tmp_path):
    # foldl of insertWith (+) over 20,000 events (50 keys): a chain of 20,000 thunks
    # (<Main.sat>, 16 bytes each kept to the end) forced at M.size, whose recursion is
    # BLACKHOLEs; as it unwinds each insertWith leaves a 40-byte (+) thunk under its key
    # (<Data.Map.Internal.sat>). Phase: the BLACKHOLE band's fall, from its peak (20,000 x
    # 16 + the stack's) to 3/4, 1/2 and 1/4 of it.
    gs, ms = _ghc("lazymap", "hd"), _profkit(tmp_path, "lazymap", "hd")
    peak = max(d.get("BLACKHOLE", 0) for d in gs)
    assert peak >= 0.8 * 20000 * 16
    for f in (0.25, 0.5, 0.75):
        ghc, mine = _consumed(gs, "BLACKHOLE", peak, f), _consumed(ms, "BLACKHOLE", peak, f)
        _within(ghc, mine)
        assert 0.9 <= mine["<Data.Map.Internal.sat>"] / ghc["<Data.Map.Internal.sat>"] <= 1.1


def test_bfsmaybe_result_list_consumed(tmp_path):
    # a balanced tree of 15,000 `T Int (Maybe T) (Maybe T)` nodes read breadth-first into a
    # list of 15,000 pairs, kept for `length`, `sum . map snd` and a foldr that consumes
    # it last: `(,)` 24 bytes, `:` 24 a pair (the Ints below 256 are GHC's static ones),
    # falling as foldr's recursion (16 bytes of BLACKHOLE a level) grows. Phase: the pairs'
    # band falling to 4/5 and 3/5 (GHC's censuses see the fall down to 55%). profkit runs
    # with -i0.0002: its virtual time passes faster than GHC's here, and -i0.001 gives one
    # census in the fall. (GHC's -hy run, out/bfsmaybe/bfsmaybe.hy.hp, has no census
    # during the fall: not compared.)
    ints = "I#"
    gs, ms = _ghc("bfsmaybe", "hd"), _profkit(tmp_path, "bfsmaybe", "hd", "0.0002")
    peak = 15000 * 24
    for f in (0.2, 0.4):
        ghc, mine = _consumed(gs, "(,)", peak, f), _consumed(ms, "(,)", peak, f)
        assert ghc["BLACKHOLE"] >= 0.02 * sum(ghc.values())
        # Not fixed: foldr's `a + b + s` keeps each level's Int in its frame. GHC's frame
        # holds the unboxed Int# (the box dies with its pair); the model's case
        # continuation holds the box (its values are boxes): its Ints stay at 15,000 x 16
        # while GHC's fall with the pairs. Asserted as it is.
        assert mine[ints] >= 1.2 * ghc[ints] and mine[ints] >= 0.99 * 235920
        _within(ghc, mine, skip=(ints,))
