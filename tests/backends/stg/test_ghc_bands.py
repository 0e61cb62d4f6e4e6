"""-hd/-hy bands of held-out programs against GHC 9.0.2's at matching census phases (issue 18).

The programs (tests/reference/ghc-9.0.2/shapes/programs/bsttree.hs, leakpipe.hs,
wordindex.hs) run 0.2-1 s under GHC's -prof binary at their committed sizes (out/P/P.hd.hp,
P.hy.hp, -i0.01); the model takes 50-120 s there, so the tests run them with the sizes README.md gives ("small") and compare
with GHC's .hp of the same small program (out/P/P.small.hd.hp, -i0.001 or -i0.0005). GHC is not needed.

profkit's virtual time is not GHC's CPU time, so a phase is defined by program progress, read
off a band both profiles have, never by seconds:
- leakpipe: `ps` (3,000 pairs) is retained whole while `maximum (map snd ps)` forces map's
  `snd x` thunks one by one; the phase "f consumed" is the first census at which the band of
  those thunks (`<GHC.Base.sat_..>` in -hd, `*` in -hy) is at most (1 - f) of 3,000 x 32 bytes.
- bsttree: the plateau, the censuses at which the tree's band (`Node` in -hd, `Tree` in -hy)
  has the size it keeps longest (the tree built, 25,000 membership queries and the fold running); each
  band's median over them is compared (GHC's BLACKHOLE is 32 bytes at most of them, 48 or
  300-odd at a few: a query's or `total`'s recursion caught).
Peaks are not compared: bsttree's (the build forcing a chain of 8,000 `iterate` thunks, deep
recursion) is a ramp a few milliseconds long that GHC's censuses catch at arbitrary depths.
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
from profkit.runner import run
from tests.conftest import REFERENCE as REFDATA

SHAPES = REFDATA / "ghc-9.0.2" / "shapes"
#: the "small" sizes of README.md: (text in the committed program, its replacement)
SMALL = {
    "leakpipe": [("pairs 30000", "pairs 3000")],
    "bsttree": [("let n = 60000", "let n = 8000"), ("[1 .. 200000]", "[1 .. 25000]")],
}


def _norm(band: str) -> str:
    # GHC's unique suffixes are not the model's: <Main.sat_s29H> -> <Main.sat>
    return re.sub(r"_s[0-9A-Za-z]+>$", ">", band)


def _samples(path: Path) -> list[dict[str, int]]:
    out = []
    for s in read_hp(str(path)).samples:
        d: dict[str, int] = {}
        for k, v in s.bands.items():
            d[_norm(k)] = d.get(_norm(k), 0) + v
        out.append(d)
    return out


def _profkit(tmp_path: Path, name: str, scheme: str, interval: str) -> list[dict[str, int]]:
    src = (SHAPES / "programs" / f"{name}.hs").read_text()
    for old, new in SMALL[name]:
        assert old in src
        src = src.replace(old, new)
    prog = tmp_path / f"{name}.hs"
    prog.write_text(src)
    cfg = parse_run_args(["-fprof-auto", "--outdir", str(tmp_path), str(prog), "+RTS",
                          f"-{scheme}", f"-i{interval}", "-RTS"])
    out = io.StringIO()
    assert run(cfg, plugins=[stg_plugin, ccprof, heapprof], stdout=out, stderr=io.StringIO(),
               load_entrypoints=False) == 0
    return _samples(tmp_path / f"{name}.hp")


#: map's `snd x` thunks of leakpipe (small): 3,000 of 32 bytes (GHC's -hd: 96,000 at the start)
THUNKS = 3000 * 32


def _consumed(ss: list[dict[str, int]], band: str, f: float) -> dict[str, int]:
    # the first census, after the thunks are all made, with at most (1 - f) of them left
    # (GHC's first census can hold a transient of other thunks in `*`: not its maximum)
    first = next(i for i, d in enumerate(ss) if d.get(band, 0) >= 0.9 * THUNKS)
    return next(d for d in ss[first:] if d.get(band, 0) <= (1 - f) * THUNKS)


def _plateau(ss: list[dict[str, int]], band: str) -> dict[str, int]:
    sizes = [d[band] for d in ss if d.get(band)]
    final = max(set(sizes), key=sizes.count)   # the size the tree keeps
    on = [d for d in ss if d.get(band) == final]
    keys = {k for d in on for k in d}
    return {k: sorted(d.get(k, 0) for d in on)[len(on) // 2] for k in keys}


def _ratios(ghc: dict[str, int], mine: dict[str, int]) -> dict[str, float]:
    """profkit / GHC for every band of 2% or more of GHC's census, and BLACKHOLE."""
    total = sum(ghc.values())
    keys = [k for k in ghc if ghc[k] >= 0.02 * total] + ["BLACKHOLE"]
    return {k: mine.get(k, 0) / ghc[k] for k in dict.fromkeys(keys)}


@pytest.mark.parametrize("scheme,band", [("hd", "<GHC.Base.sat>"), ("hy", "*")])
def test_leakpipe_bands_within_10_percent_as_the_list_is_consumed(tmp_path, scheme, band):
    ghc = _samples(SHAPES / "out" / "leakpipe" / f"leakpipe.small.{scheme}.hp")
    mine = _profkit(tmp_path, "leakpipe", scheme, "0.0005")
    for f in (0.1, 0.5):
        ratios = _ratios(_consumed(ghc, band, f), _consumed(mine, band, f))
        assert "BLACKHOLE" in _consumed(ghc, band, f)   # the maximum's stack, 16 B a frame
        for k, r in ratios.items():
            assert 0.9 <= r <= 1.1, (f, k, r, ratios)


@pytest.mark.parametrize("scheme,band", [("hd", "Node"), ("hy", "Tree")])
def test_bsttree_plateau_bands_as_ghcs(tmp_path, scheme, band):
    ghc = _plateau(_samples(SHAPES / "out" / "bsttree" / f"bsttree.small.{scheme}.hp"), band)
    mine = _plateau(_profkit(tmp_path, "bsttree", scheme, "0.001"), band)
    ratios = _ratios(ghc, mine)
    # GHC: two thunks under evaluation while `hits` is counted (main's, main.hits's: 2 x 16
    # bytes of BLACKHOLE); the model has a third, under MAIN/main (-hc -hyBLACKHOLE): 48
    # bytes. Not fixed (the machine's evaluation of print's argument, engine.py): asserted
    # as it is, so that a change either way is seen.
    assert ghc["BLACKHOLE"] == 32 and mine["BLACKHOLE"] == 48
    del ratios["BLACKHOLE"]
    for k, r in ratios.items():
        assert 0.9 <= r <= 1.1, (k, r, ratios)
    # the tree and its Ints are the same objects as GHC's: within 0.1%
    assert abs(sum(mine.values()) / sum(ghc.values()) - 1) < 0.001


def _middle(ss: list[dict[str, int]]) -> dict[str, int]:
    """Each band's median over the censuses from 25% to 75% of the run (by census)."""
    last = max(i for i, d in enumerate(ss) if sum(d.values()))
    mid = ss[last // 4: 3 * last // 4 + 1]
    keys = {k for d in mid for k in d}
    return {k: sorted(d.get(k, 0) for d in mid)[len(mid) // 2] for k in keys}


def test_wordindex_bands_as_ghcs_once_selector_thunks_are_short_cut(tmp_path):
    # wordindex counts 2,000 words of a text in an association list (foldl' of `bump`),
    # the word list kept for later. The counting is most of the run in both (GHC: censuses
    # 9 to 50 of 52), so its phase is the middle half of the censuses. GHC keeps the words'
    # characters only: `:` 211 KB, thunks of bump 45 KB, no pair. `ys` of break's
    # `let (ys, zs) = break p xs'` is a selector thunk, which GHC's collector replaces by
    # the field once the pair is evaluated (Evac.c eval_thunk_selector), freeing the pair
    # and, through `zs`, the rest of the text. Before the model's collector did the same
    # (heap/gc.py, _short_cut_selectors) it kept 1.97x the `:` and 75 KB each of (,) and
    # `<GHC.List.ys>`.
    ghc = _middle(_samples(SHAPES / "out" / "wordindex" / "wordindex.small.hd.hp"))
    src = (SHAPES / "programs" / "wordindex.hs").read_text()
    assert "gen 6000" in src and "`mod` 997" in src
    prog = tmp_path / "wordindex.hs"
    prog.write_text(src.replace("gen 6000", "gen 2000").replace("`mod` 997", "`mod` 97"))
    cfg = parse_run_args(["-fprof-auto", "--outdir", str(tmp_path), str(prog), "+RTS", "-hd",
                          "-i0.0005", "-RTS"])
    out = io.StringIO()
    assert run(cfg, plugins=[stg_plugin, ccprof, heapprof], stdout=out, stderr=io.StringIO(),
               load_entrypoints=False) == 0
    assert out.getvalue() == (SHAPES / "out" / "wordindex" / "wordindex.small.stdout").read_text()
    mine = _middle(_samples(tmp_path / "wordindex.hp"))
    assert ghc.get("(,)", 0) < 0.01 * ghc[":"] and ghc.get("<GHC.List.ys>", 0) == 0
    assert mine.get("<GHC.List.ys>", 0) == 0
    assert mine.get("(,)", 0) < 0.01 * ghc[":"]
    assert 0.9 <= sum(mine.values()) / sum(ghc.values()) <= 1.1
    # bump's thunks are `<Main.sat>' until a census catches them under evaluation, then
    # BLACKHOLEs: how many are which depends on the depth of bump's recursion at each census
    # (0.91 and 1.22 here, 1.05 and 1.00 before string literals cost GHC's 24 bytes more and
    # moved the censuses), so they are compared together
    for d in (ghc, mine):
        d["<Main.sat>"] = d.get("<Main.sat>", 0) + d.pop("BLACKHOLE", 0)
    total = sum(ghc.values())
    ratios = {k: mine.get(k, 0) / v for k, v in ghc.items() if v >= 0.02 * total}
    assert "<Main.sat>" in ratios and all(0.9 <= r <= 1.1 for r in ratios.values()), ratios


def _keepword(tmp_path: Path, prof_auto: str) -> list[dict[str, int]]:
    src = (SHAPES / "programs" / "keepword.hs").read_text()
    assert "spin 3000000" in src
    prog = tmp_path / "keepword.hs"
    prog.write_text(src.replace("spin 3000000", "spin 300000"))
    cfg = parse_run_args([prof_auto, "--outdir", str(tmp_path), str(prog), "+RTS", "-hd",
                          "-i0.005", "-RTS"])
    out = io.StringIO()
    assert run(cfg, plugins=[stg_plugin, ccprof, heapprof], stdout=out, stderr=io.StringIO(),
               load_entrypoints=False) == 0
    ghc_lines = (SHAPES / "out" / "keepword" / "keepword.stdout").read_text().splitlines()
    spin = sum(k % 7 for k in range(1, 300001))  # spin's result at the smaller size
    assert out.getvalue().splitlines() == [str(spin)] + ghc_lines[1:]
    return _samples(tmp_path / "keepword.hp")


def _spinning(ss: list[dict[str, int]]) -> dict[str, int]:
    # while `spin` runs the heap does not change: every census but the first and the last
    return {k: sorted(d.get(k, 0) for d in ss[1:-1])[len(ss[1:-1]) // 2]
            for k in {k for d in ss[1:-1] for k in d}}


def test_keepword_selector_thunks_short_cut_as_ghcs_collector_does(tmp_path):
    # keepword keeps the first word of a 36,000-character text (cut by base's `break`) and
    # the evens of a list split by its own lazy pattern binding, both returned unevaluated
    # past the selector thunks of the pattern bindings, while a long loop runs. Compiled
    # with -fprof-auto-top its local pattern bindings have no cost centre, so they are
    # selector thunks, and GHC's collector replaces each by its field once the pair is
    # evaluated: the heap holds the word and the evens only (157 KB). Before the model's
    # collector did the same it held the text, the pairs and the Splits: 1.43 MB.
    ghc = _spinning(_samples(SHAPES / "out" / "keepword" / "keepword.top.hd.hp"))
    mine = _spinning(_keepword(tmp_path, "-fprof-auto-top"))
    assert 0.97 <= sum(mine.values()) / sum(ghc.values()) <= 1.03
    ratios = _ratios(ghc, mine)
    del ratios["BLACKHOLE"]  # 16 bytes in GHC's
    assert all(0.97 <= r <= 1.03 for r in ratios.values()), ratios
    # no Split left, and only the runtime's few pairs (GHC 48 bytes, the model 72)
    assert "Split" not in mine and mine.get("(,)", 0) <= 100


def test_keepword_cost_centres_on_pattern_bindings_keep_them_ordinary_thunks(tmp_path):
    # With -fprof-auto every variable of a local pattern binding has its own cost centre:
    # the thunk's body is an SCC, so GHC's code generator makes an ordinary thunk, not a
    # selector, and nothing is short-cut: GHC's heap holds the text's pairs' remains, the
    # Splits and the selectors (`<Main.sat_..>` in GHC's -hd, `<Main.es>` in the model's).
    ghc = _spinning(_samples(SHAPES / "out" / "keepword" / "keepword.hd.hp"))
    mine = _spinning(_keepword(tmp_path, "-fprof-auto"))
    assert 0.97 <= sum(mine.values()) / sum(ghc.values()) <= 1.03
    for band in (":", "Split", "I#"):
        assert 0.97 <= mine[band] / ghc[band] <= 1.03, band
    assert 0.97 <= mine["<Main.es>"] / ghc["<Main.sat>"] <= 1.03
