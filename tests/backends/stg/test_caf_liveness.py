"""How long the program's CAFs stay live in heap profiles, against GHC 9.0.2 (issue 18).

GHC keeps an evaluated CAF while live code's static reference table refers to it (a stack
frame's continuation, a heap closure's code, a function those call) or a heap object
points at it, and drops it after that. The model kept every CAF as a root for the whole
run: `cafdrop`'s 20,000-element `table`, read only by main's first statement, stayed in
every later census (1.14 MB against GHC's 0.24 MB at the end). machine/cafsrt.py gives the
collector model GHC's rule.

The programs are tests/reference/ghc-9.0.2/shapes/programs/cafdrop.hs and cafkeep.hs;
out/P/P.hc.hp is GHC's `+RTS -hc -i0.0005` of the program as committed. Phases are found
by program progress (which bands are present), never by seconds. In each phase every band
of at least 2% of a census, in GHC's profile or in profkit's, must be within 10% of the
other's median over the phase. So a CAF kept too long (a band GHC does not have) fails as
surely as one dropped too early.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from profkit.backends.stg import plugin as stg_plugin
from profkit.backends.stg.heap import gc as collector
from profkit.options import parse_run_args
from profkit.plugins import ccprof, heapprof, ldvu, retainer
from profkit.plugins.hpfile import read_hp
from profkit.runner import run
from tests.conftest import REFERENCE as REFDATA

SHAPES = REFDATA / "ghc-9.0.2" / "shapes"


def _samples(path: Path) -> list[dict[str, int]]:
    """Each census of an .hp file as {band: bytes}, with the cost-centre stack's id
    prefix (``(299)``) cut, which differs between GHC and profkit."""
    out: list[dict[str, int]] = []
    for s in read_hp(str(path)).samples:
        d: dict[str, int] = {}
        for band, n in s.bands.items():
            band = band.split(")", 1)[1] if band.startswith("(") else band
            d[band] = d.get(band, 0) + n
        out.append(d)
    return out


def _profkit(tmp_path: Path, name: str, scheme: str = "hc", interval: str = "0.0005",
             check: bool = False, monkeypatch=None) -> list[dict[str, int]]:
    prog = tmp_path / f"{name}.hs"
    prog.write_text((SHAPES / "programs" / f"{name}.hs").read_text())
    if check:
        monkeypatch.setattr(collector, "CHECK_TRACE", True)
    cfg = parse_run_args(["-fprof-auto", "--outdir", str(tmp_path), str(prog), "+RTS",
                          f"-{scheme}", f"-i{interval}", "-RTS"])
    out = io.StringIO()
    assert run(cfg, plugins=[stg_plugin, ccprof, heapprof, retainer, ldvu], stdout=out, stderr=io.StringIO(),
               load_entrypoints=False) == 0
    assert out.getvalue() == (SHAPES / "out" / name / f"{name}.stdout").read_text()
    return _samples(tmp_path / f"{name}.hp")


def _ghc(name: str) -> list[dict[str, int]]:
    return _samples(SHAPES / "out" / name / f"{name}.hc.hp")


def _median(phase: list[dict[str, int]]) -> dict[str, int]:
    keys = {k for d in phase for k in d}
    return {k: sorted(d.get(k, 0) for d in phase)[len(phase) // 2] for k in keys}


def _between(ss: list[dict[str, int]], after: str | None, until: str | None,
             during: str | None = None, big: int = 0) -> list[dict[str, int]]:
    """The non-empty censuses after the last one with band ``after`` over ``big`` bytes
    (if given), before the first later one with band ``until`` over ``big`` (if given),
    and holding ``during`` (if given)."""
    start = 0
    if after is not None:
        start = max(i for i, d in enumerate(ss) if d.get(after, 0) > big) + 1
    out = []
    for d in ss[start:]:
        if until is not None and d.get(until, 0) > big:
            break
        if sum(d.values()) and (during is None or d.get(during)):
            out.append(d)
    return out


def _bands_match(ghc: list[dict[str, int]], ours: list[dict[str, int]], what: str) -> None:
    assert len(ghc) >= 3 and len(ours) >= 3, (what, len(ghc), len(ours))
    g, p = _median(ghc), _median(ours)
    for src, meds in (("GHC", g), ("profkit", p)):
        total = sum(meds.values())
        for band, n in meds.items():
            if n >= 0.02 * total:
                other = (p if src == "GHC" else g).get(band, 0)
                assert abs(other - n) <= 0.10 * n, (what, src, band, n, other)


def test_cafdrop_each_caf_dies_after_its_last_reader(tmp_path):
    ghc, ours = _ghc("cafdrop"), _profkit(tmp_path, "cafdrop")
    # while the loop runs: `table` (read by main's first statement only) is gone, `weights`
    # (read by the loop's `score`) and `keep` (read at the end) are live
    loop = "weights/Main.CAF"
    g = _between(ghc, "table/Main.CAF", None, during=loop)
    p = _between(ours, "table/Main.CAF", None, during=loop)
    _bands_match(g[1:], p[1:], "loop")  # (the first: the Map being built)
    # after the loop: `weights` is gone too, `keep` stays
    g, p = _between(ghc, loop, None), _between(ours, loop, None)
    _bands_match(g, p, "spin")
    assert all(d.get("keep/Main.CAF") == 198640 for d in p)
    # the table was live once, and is no band of any census after the loop began
    assert any(d.get("table/Main.CAF") for d in ours)
    first_loop = next(i for i, d in enumerate(ours) if d.get(loop))
    assert not any(d.get("table/Main.CAF") for d in ours[first_loop + 1:])


def test_cafkeep_cafs_live_code_still_refers_to(tmp_path):
    ghc, ours = _ghc("cafkeep"), _profkit(tmp_path, "cafkeep")
    cubes, later = "cubes/Main.CAF", "main.later/main/Main.CAF"
    # the first spin: `halves` held by the list of functions (sumHalves reads it),
    # `squares` by the `later` thunk (its head only evaluated so far)
    g = [d for d in _between(ghc, None, cubes, big=1000) if d.get("main/Main.CAF", 0) < 1000]
    p = [d for d in _between(ours, None, cubes, big=1000) if d.get("main/Main.CAF", 0) < 1000]
    _bands_match(g, p, "first spin")
    # `check`'s continuation waits on the stack: `cubes` evaluated and kept under it
    assert any(d.get(cubes, 0) > 150000 for d in ours)
    # the second spin: cubes gone (check returned), halves and squares' head still kept
    g, p = _between(ghc, cubes, later, big=1000), _between(ours, cubes, later, big=1000)
    _bands_match(g, p, "second spin")
    assert all(d.get("halves/Main.CAF") == 151824 for d in p)
    assert all(d.get(cubes, 0) <= 1000 for d in p)


@pytest.mark.parametrize("name", ["cafheld", "cafref"])
def test_cafs_kept_by_the_objects_that_held_them_unevaluated(tmp_path, monkeypatch, name):
    """Heap objects point at CAFs before those are evaluated, and are promoted then: a
    constructor, a thunk's value (cafheld), an IORef, a Data.Map value (cafref). Once no
    live code names the CAFs they stop being roots, and GHC keeps them through those
    objects to the end. The model lost them: cafheld's recorded edges could not lead to
    the values (the self-check failed; without it a compaction stopped the run), and a
    MutVar did not look into a static value (cafref's table dropped, no error)."""
    ghc = _ghc(name)
    ours = _profkit(tmp_path, name, check=True, monkeypatch=monkeypatch)
    # the last spin: both tables evaluated, read by nothing but `length xs` at the end
    g = _between(ghc, None, None, during="table/Main.CAF")
    p = _between(ours, None, None, during="table/Main.CAF")
    g = g[next(i for i, d in enumerate(g) if d.get("other/Main.CAF") == 399184):]
    p = p[next(i for i, d in enumerate(p) if d.get("other/Main.CAF") == 399184):]
    _bands_match(g, p, "held")
    assert len(p) >= 5 and all(d.get("table/Main.CAF") == 798640
                               and d.get("other/Main.CAF") == 399184 for d in p)


@pytest.mark.parametrize("scheme", ["hc", "hr", "hb"])
def test_dropped_cafs_agree_with_the_object_trace(tmp_path, monkeypatch, scheme):
    """Under the collector's self-check (edge trace against object trace at every
    collection) with retainer sets and biographies, which see the dropped CAFs' objects
    die, both programs run to the end with GHC's output."""
    for name in ("cafdrop", "cafkeep", "cafheld", "cafref"):
        sub = tmp_path / name
        sub.mkdir()
        ss = _profkit(sub, name, scheme=scheme, interval="0.002", check=True,
                      monkeypatch=monkeypatch)
        assert len(ss) >= 5


def test_the_model_without_caf_pruning_fails_the_check(tmp_path, monkeypatch):
    """The test above can fail: with every CAF a root for the whole run (the model before
    session 20), cafdrop's table is still a band while the loop runs."""
    from profkit.backends.stg.machine import cafsrt
    monkeypatch.setattr(cafsrt, "build", lambda machine: None)
    ours = _profkit(tmp_path, "cafdrop")
    first_loop = next(i for i, d in enumerate(ours) if d.get("weights/Main.CAF"))
    assert any(d.get("table/Main.CAF") for d in ours[first_loop + 1:])


def test_a_caf_its_own_cells_refer_to_dies_with_its_last_reader(tmp_path, monkeypatch):
    """cafmemo23: `memo = map step [0 ..]` whose `step` reads `memo`, so the list's
    unevaluated cells are closures whose code refers to the CAF. Once main's first
    statement is done no running code does, and GHC drops the list: the closures that
    refer to it are reachable only through it. The model kept it to the end (36 KB and
    24 KB of `memo` and `memo.step` in every later census) until session 23
    (cafsrt._holders_kept); under the collector's self-check as well."""
    ghc = _ghc("cafmemo23")
    ours = _profkit(tmp_path, "cafmemo23", check=True, monkeypatch=monkeypatch)
    memo, later = "memo/Main.CAF", "main.ys/main/Main.CAF"
    assert any(d.get(memo, 0) > 50000 for d in ours)
    # from the first census of the later work on, neither GHC's nor the model's has it
    for ss in (ghc, ours):
        first_later = next(i for i, d in enumerate(ss) if d.get(later))
        assert len(ss) - first_later >= 5
        assert not any(d.get(memo) or d.get("memo.step/memo/Main.CAF")
                       for d in ss[first_later:])


def _memo_main(tmp_path: Path, name: str, interval: str, body: str
               ) -> tuple[str, list[dict[str, int]]]:
    """A program of a self-referring memo list and ``main = do`` + ``body``, run with -hc:
    its stdout and censuses."""
    prog = tmp_path / f"{name}.hs"
    prog.write_text("memo :: [Int]\n"
                    "memo = map step [0 ..]\n"
                    "  where step 0 = 1\n"
                    "        step n = (memo !! (n - 1) * 7 + n) `mod` 1000003\n"
                    "main :: IO ()\n"
                    "main = do\n" + body)
    cfg = parse_run_args(["-fprof-auto", "--outdir", str(tmp_path), str(prog), "+RTS",
                          "-hc", f"-i{interval}", "-RTS"])
    out = io.StringIO()
    assert run(cfg, plugins=[stg_plugin, heapprof], stdout=out, stderr=io.StringIO(),
               load_entrypoints=False) == 0
    return out.getvalue(), _samples(tmp_path / f"{name}.hp")


def test_a_self_referring_caf_still_read_is_kept(tmp_path):
    """The other side: while code that runs later still reads the memo, its cells keep
    it (the trace without it reaches nothing; the running code's references keep it)."""
    out, ss = _memo_main(tmp_path, "keepmemo", "0.0005",
                         "  print (memo !! 1500)\n"
                         "  print (sum (map (\\k -> length (show k)) [1 .. 40000 :: Int]))\n"
                         "  print (memo !! 1400)\n")
    assert out == "320787\n188894\n12847\n"
    busy = [d for d in ss if d.get("main/Main.CAF", 0) > 100000]
    assert busy and all(d.get("memo/Main.CAF", 0) > 30000 for d in busy)


def test_a_memo_kept_by_a_live_closure_is_not_traced_again_each_census(tmp_path,
                                                                       monkeypatch):
    """While a live closure outside the memo (the lambda `map` applies) refers to it, the
    memo stays; the closures that keep it are found by the census's own trace (the roots
    without the memo, then the memo's value once a reached closure keeps it), not by a
    second trace of the whole heap in Python (it was, at each of 50 censuses: half the
    run's time; session 23 then kept what an earlier trace had found, which depended on
    the collections before)."""
    from profkit.backends.stg.heap import gc as collector
    from profkit.backends.stg.machine import cafsrt
    marks, kept = [], []
    orig_mark, orig_more = collector.StgHeapModel._mark, cafsrt.CafSrt.more
    monkeypatch.setattr(collector.StgHeapModel, "_mark",
                        lambda self, *a: marks.append(1) or orig_mark(self, *a))

    def more(self, marked):
        got = orig_more(self, marked)
        kept.append(len(got))
        return got
    monkeypatch.setattr(cafsrt.CafSrt, "more", more)
    out, ss = _memo_main(tmp_path, "memomap", "0.001",
                         "  let xs = [1 .. 30000] :: [Int]\n"
                         "      results = map (\\i -> memo !! (i `mod` 300)) xs\n"
                         "  print (memo !! 299)\n"
                         "  print (length xs)\n"
                         "  print (sum results)\n")
    assert out == "844659\n30000\n15164507900\n"
    busy = [d for d in ss if d.get("main.results/main/Mai...", 0) > 50000]
    assert len(busy) >= 10 and all(d.get("memo/Main.CAF", 0) > 5000 for d in busy)
    assert not marks  # no object trace (and no second trace of the heap)
    assert sum(1 for k in kept if k) >= 10  # the memo kept inside each census's trace


def test_a_caf_drops_at_the_census_its_last_holder_dies(tmp_path, monkeypatch):
    """cards23: `deck`'s cells (1248 of its 2496 bytes; its cards stay, the shuffle's
    pairs hold them) die once the shuffle's sort is done: GHC's census right after
    (`shuffle/main.many` gone, every hand built) already shows 1248. Session 23's prune
    kept a CAF while a closure an earlier trace had found still looked live by the dead
    flags of the last collection, so the model dropped it a census late, and when depended
    on which collections came before. Session 25's prune traces at every major collection
    (inside the collection's trace): the same census as GHC's, also under the self-check."""
    deck, sort, hands = "deck/Main.CAF", "shuffle/main.many/mai...", "hands.\\/hands/main.ma..."
    ghc = _ghc("cards23")
    ours = _profkit(tmp_path, "cards23", interval="0.0002", check=True,
                    monkeypatch=monkeypatch)
    for ss in (ghc, ours):
        last_sort = max(i for i, d in enumerate(ss) if d.get(sort))
        after = ss[last_sort + 1]
        assert after.get(hands) == 36000 and not after.get(sort)
        assert ss[last_sort].get(deck) == 2496 and after.get(deck) == 1248
        assert all(d.get(deck) == 1248 for d in ss[last_sort + 1:last_sort + 6])


DEEP_CAF = """\
module Main (main) where

table :: [Int]
table = [1 .. 3000]

mysum :: [Int] -> Int
mysum [] = 0
mysum (x : xs) = x + mysum xs

main :: IO ()
main = do
  print (length table)
  let g = \\x -> x + length table
  print (mysum (map g [1 .. 30000]))
"""


def test_the_stacks_unchanged_frames_are_not_read_again_each_census(tmp_path, monkeypatch):
    """At each census a deep recursion's frames (30,000 of ``mysum``) are looked at for
    the CAFs they refer to (``table``: wanted, kept by ``g``'s closures on the heap, which
    the frames do not refer to); what the frames below each ``FRAMES_STEP``-th refer to is
    kept with them, so the unchanged bottom of the stack is not read again. Each census
    compares the CAFs left with those from reading every frame (as ``CHECK_TRACE`` does)."""
    from profkit.backends.stg.machine import cafsrt
    from profkit.testing import run_program

    seen: list[int] = []
    wanted = cafsrt.CafSrt._stack_wanted

    def checked(self, machine, header, want, cached=True):
        got = wanted(self, machine, header, set(want), cached)
        if cached:
            seen.append(len(machine.stack))
            assert got == wanted(self, machine, header, set(want), False)
        return got

    monkeypatch.setattr(cafsrt.CafSrt, "_stack_wanted", checked)
    r = run_program(source=DEEP_CAF, name="deepcaf.hs", rts=["-hc", "-i0.001"],
                    flags=["-fprof-auto"], outdir=tmp_path)
    assert r.status == 0, r.stderr
    assert r.stdout == "3000\n540015000\n"
    srt = r.session.backend._srt
    assert "table" in srt.cafs  # kept to the end (by g's closures)
    deep = [n for n in seen if n > 10_000]
    assert len(deep) >= 10
    assert 0 < srt.frames_read < sum(seen) // 4
