"""Band naming and restrictions (plugins/bands.py) against GHC 9.0.2's observed names, and the
vectorised aggregation against a slow per-object reference."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from profkit.header import ProfHeader
from profkit.heap import CensusView
from profkit.kinds import ObjKind
from profkit.options import RtsFlags
from profkit.plugins import bands
from profkit.tables import CostCentre, Info, Tables


class HeapBuilder:
    """Fills core Tables and a ProfHeader by hand and makes census views of them."""

    def __init__(self) -> None:
        self.tables = Tables()
        self.header = ProfHeader()
        self.live: list[int] = []

    def cc(self, label: str, module: str = "Main") -> int:
        return self.tables.ccs.intern(CostCentre(label, module, "<src>", label == "CAF"))

    def stack(self, *frames: tuple[str, str] | str) -> int:
        """A stack from MAIN outwards in: ``stack(("CAF", "Main"), "main", "mean")``."""
        s = self.tables.stacks.MAIN
        for f in frames:
            label, module = (f, "Main") if isinstance(f, str) else f
            s = self.tables.stacks.push(s, self.cc(label, module))
        return s

    def info(self, desc: str, type_desc: str = "*", kind: ObjKind = ObjKind.CON,
             con_name: str = "", module: str = "Main") -> int:
        return self.tables.infos.intern(Info(desc, type_desc, module, kind, con_name))

    def alloc(self, info: int, stack: int, size_words: int, n: int = 1) -> list[int]:
        ids = [self.header.new(info, stack, size_words, 1) for _ in range(n)]
        self.live.extend(ids)
        return ids

    def census(self, time: float = 0.1, era: int = 1, obj=None) -> CensusView:
        o = np.array(self.live if obj is None else obj, dtype=np.int64)
        return CensusView(time=time, era=era, obj=o, gen=np.zeros(len(o), dtype=np.int8),
                          tables=self.tables, header=self.header)


def mean_leak_heap() -> tuple[HeapBuilder, dict[str, int]]:
    """A heap shaped like mean_leak's first census under GHC (-fprof-auto)."""
    h = HeapBuilder()
    s = {
        "main_caf": h.stack(("CAF", "Main"), "main"),
        "mean": h.stack(("CAF", "Main"), "main", "mean"),
        "main": h.stack("main"),
        "enc": h.stack(("CAF", "GHC.IO.Encoding")),
        "main0": h.tables.stacks.MAIN,
    }
    cons = h.info(":", "[]", con_name="ghc-prim:GHC.Types.:", module="GHC.Types")
    dbl = h.info("D#", "Double", con_name="ghc-prim:GHC.Types.D#", module="GHC.Types")
    thunk = h.info("<GHC.List.sat_s4op>", "*", ObjKind.THUNK, module="GHC.List")
    bh = h.info("BLACKHOLE", "BLACKHOLE", ObjKind.BLACKHOLE)
    arr = h.info("ARR_WORDS", "ARR_WORDS", ObjKind.PRIM)
    h.alloc(cons, s["main_caf"], 3, 1000)
    h.alloc(dbl, s["main_caf"], 2, 1000)
    h.alloc(thunk, s["mean"], 3, 500)
    h.alloc(bh, s["mean"], 2, 7)
    h.alloc(arr, s["enc"], 114)
    h.alloc(cons, s["main"], 3, 2)
    h.alloc(dbl, s["main0"], 2, 5)
    return h, s


def totals(census, breakdown, rts=None, mask=None) -> dict[str, int]:
    codes, names = bands.band_ids(census, breakdown, rts)
    b = bands.band_bytes(codes, census.col("size_bytes"), len(names), mask)
    return {n: int(v) for n, v in zip(names, b) if v}


# ----------------------------------------------------------------------------- names


def test_hc_names_follow_ghc_stack_printing():
    h, s = mean_leak_heap()
    got = totals(h.census(), "c")
    assert got == {
        f"({s['main_caf']})main/Main.CAF": 1000 * 24 + 1000 * 16,
        f"({s['mean']})mean/main/Main.CAF": 500 * 24 + 7 * 16,
        f"({s['enc']})GHC.IO.Encoding.CAF": 912,
        f"({s['main']})main": 48,
        "MAIN": 80,
    }


def test_hc_truncation_matches_ghc_examples():
    # GIVEN GHC's own examples (FINDINGS §4 and out/*/hc*/)
    h = HeapBuilder()
    big = h.stack(("CAF", "Main"), "main", "main.bigList", "makeList")
    text = bands.ccs_band_name(h.tables, big, 25)
    assert text.endswith(")makeList/main.bigList...")  # 21 + 3 characters
    assert bands.ccs_band_name(h.tables, big, 100).endswith(")makeList/main.bigList/main/Main.CAF")
    hio = h.stack(("CAF", "GHC.IO.Handle.Text"))
    assert bands.ccs_band_name(h.tables, hio, 12) == f"({hio})GHC.IO.H..."
    mm = h.stack(("CAF", "Main"), "main")
    assert bands.ccs_band_name(h.tables, mm, 12) == f"({mm})main/Mai..."
    # a text of exactly L characters is printed whole (GHC: (231)GHC.IO.Encoding.Iconv.CAF)
    ic = h.stack(("CAF", "GHC.IO.Encoding.Iconv"))
    assert bands.ccs_band_name(h.tables, ic, 25) == f"({ic})GHC.IO.Encoding.Iconv.CAF"
    assert bands.ccs_band_name(h.tables, ic, 24) == f"({ic})GHC.IO.Encoding.Icon..."


def test_caf_cost_centres_named_caf_colon_keep_their_label():
    # -fprof-cafs names CAF CCs "CAF:main"; GHC prints them as labels: (258)main/CAF:main
    h = HeapBuilder()
    st_ = h.stack(("CAF:main", "Main"), "main")
    assert bands.ccs_band_name(h.tables, st_, 25) == f"({st_})main/CAF:main"


def test_label_length_comes_from_rts_flags():
    h, s = mean_leak_heap()
    rts = RtsFlags(label_length=12)
    got = totals(h.census(), "c", rts)
    assert f"({s['mean']})mean/mai..." in got and f"({s['enc']})GHC.IO.E..." in got


def test_hm_hd_hy_hT_names():
    h, s = mean_leak_heap()
    c = h.census()
    assert totals(c, "m") == {"Main": 40000 + 12112 + 48, "GHC.IO.Encoding": 912, "MAIN": 80}
    assert totals(c, "d") == {":": 24048, "D#": 16080, "<GHC.List.sat_s4op>": 12000,
                              "BLACKHOLE": 112, "ARR_WORDS": 912}
    assert totals(c, "y") == {"[]": 24048, "Double": 16080, "*": 12000, "BLACKHOLE": 112,
                              "ARR_WORDS": 912}
    assert totals(c, "T") == {"ghc-prim:GHC.Types.:": 24048, "ghc-prim:GHC.Types.D#": 16080,
                              "THUNK": 12000, "BLACKHOLE": 112, "ARR_WORDS": 912}


def test_hT_constructor_without_con_name_uses_its_description():
    h = HeapBuilder()
    h.alloc(h.info("Just", "Maybe"), 0, 2, 3)
    assert totals(h.census(), "T") == {"Just": 48}


def test_same_name_from_different_keys_is_one_band():
    # two info rows with the same description but different types: one -hd band
    h = HeapBuilder()
    h.alloc(h.info("(,)", "(,)", module="A"), 0, 3)
    h.alloc(h.info("(,)", "(,)", module="B"), 0, 3)
    codes, names = bands.band_ids(h.census(), "d")
    assert names == ["(,)"] and codes.tolist() == [0, 0]


def test_null_producer_is_system():
    h = HeapBuilder()
    h.alloc(h.info("I#", "Int"), -1, 2)
    assert totals(h.census(), "c") == {"SYSTEM": 16}
    assert totals(h.census(), "m") == {"SYSTEM": 16}


def test_empty_census():
    h = HeapBuilder()
    codes, names = bands.band_ids(h.census(), "c")
    assert len(codes) == 0 and names == []
    assert bands.restriction_mask(h.census(), {"c": ["main"]}).shape == (0,)
    assert bands.band_bytes(codes, np.zeros(0), 0).shape == (0,)


def test_word_bytes_scales_sizes():
    h = HeapBuilder()
    h.alloc(h.info("pair", "pair"), 0, 3)
    c = h.census()
    c.word_bytes = 4  # MLWorks words
    assert totals(c, "d") == {"pair": 12}


def test_unknown_breakdown_is_rejected():
    h, _ = mean_leak_heap()
    try:
        bands.band_ids(h.census(), "r")
    except ValueError as e:
        assert "break-down" in str(e)
    else:
        raise AssertionError("-hr bands are not named here")


# ----------------------------------------------------------------------------- restrictions


def test_hc_restriction_is_the_top_cost_centre():
    h, s = mean_leak_heap()
    c = h.census()
    m = bands.restriction_mask(c, {"c": ["main"]})
    assert set(totals(c, "c", mask=m)) == {f"({s['main_caf']})main/Main.CAF", f"({s['main']})main"}


def test_hC_restriction_is_anywhere_in_the_stack():
    # GHC's mean_leak -hc -hCmain: (257)main, (256)main/Main.CAF, (258)mean/main/Main.CAF
    h, s = mean_leak_heap()
    c = h.census()
    m = bands.restriction_mask(c, {"C": ["main"]})
    assert set(totals(c, "c", mask=m)) == {
        f"({s['main_caf']})main/Main.CAF", f"({s['mean']})mean/main/Main.CAF", f"({s['main']})main"}
    # MAIN is part of every stack for -hC, as in GHC
    assert bands.restriction_mask(c, {"C": ["MAIN"]}).all()


def test_restrictions_combine_and_ignore_other_schemes_letters():
    h, s = mean_leak_heap()
    c = h.census()
    m = bands.restriction_mask(c, {"m": ["Main"], "d": [":", "D#"], "r": ["x"], "b": ["lag"]})
    assert totals(c, "c", mask=m) == {f"({s['main_caf']})main/Main.CAF": 40000,
                                      f"({s['main']})main": 48}
    m = bands.restriction_mask(c, {"y": ["*"], "c": ["mean"]})
    assert totals(c, "d", mask=m) == {"<GHC.List.sat_s4op>": 12000}
    assert not bands.restriction_mask(c, {"c": ["nosuch"]}).any()


def test_heap_mask_leaves_out_stacks_unless_xt():
    h = HeapBuilder()
    h.alloc(h.info("STACK", "STACK", ObjKind.STACK), 0, 100)
    h.alloc(h.info("I#", "Int"), 0, 2)
    rts = RtsFlags()
    assert bands.heap_mask(h.census(), rts).tolist() == [False, True]
    rts.include_tso = True
    assert bands.heap_mask(h.census(), rts).tolist() == [True, True]


# ----------------------------------------------------------------------------- reference


def slow_totals(b: HeapBuilder, census, breakdown, restrict) -> dict[str, int]:
    """Per-object reference implementation, written independently of the vectorised one."""
    t = b.tables
    out: dict[str, int] = {}
    for oid in census.obj.tolist():
        info = t.infos[b.header.info[oid]]
        s = b.header.producer[oid]
        frames = t.stacks.frames(s) if s >= 0 else []
        top = t.ccs[t.stacks.cc[s]]
        ok = True
        for letter, names in restrict.items():
            if letter == "c":
                ok &= top.label in names
            elif letter == "C":
                ok &= any(t.ccs[f].label in names for f in frames) or "MAIN" in names
            elif letter == "m":
                ok &= top.module in names
            elif letter == "d":
                ok &= info.desc in names
            elif letter == "y":
                ok &= info.type_desc in names
        if not ok:
            continue
        if breakdown == "c":
            if s == 0:
                name = "MAIN"
            else:
                txt = "/".join(f"{t.ccs[f].module}.CAF" if t.ccs[f].label == "CAF"
                               else t.ccs[f].label for f in frames)
                name = f"({s})" + (txt if len(txt) <= 25 else txt[:21] + "...")
        elif breakdown == "m":
            name = top.module
        elif breakdown == "d":
            name = info.desc
        else:
            name = info.type_desc
        out[name] = out.get(name, 0) + b.header.size_words[oid] * 8
    return out


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 7), st.integers(0, 5), st.integers(1, 9)), max_size=60),
    st.sampled_from(["c", "m", "d", "y"]),
    st.dictionaries(st.sampled_from(["c", "C", "m", "d", "y"]),
                    st.lists(st.sampled_from(["main", "f", "Main", "A", "x", ":", "Int", "*",
                                              "CAF", "MAIN", "g.h"]), min_size=1, max_size=3),
                    max_size=2),
)
def test_vectorised_matches_reference(objs, breakdown, restrict):
    b = HeapBuilder()
    stacks = [0, b.stack(("CAF", "A")), b.stack(("CAF", "Main"), "main"),
              b.stack(("CAF", "Main"), "main", "f"), b.stack("main", "f", "g.h"),
              b.stack(("CAF", "Main"), "main", "f", "averyveryverylonglabel", "x"),
              b.stack("f"), b.stack(("CAF", "A"), "x")]
    infos = [b.info(":", "[]"), b.info("I#", "Int"), b.info("<A.x>", "*", ObjKind.THUNK),
             b.info("x", "*", ObjKind.FUN, module="A"), b.info("I#", "Int", module="A"),
             b.info("BLACKHOLE", "BLACKHOLE", ObjKind.BLACKHOLE)]
    for si, ii, size in objs:
        b.alloc(infos[ii], stacks[si], size)
    census = b.census()
    mask = bands.restriction_mask(census, restrict)
    assert totals(census, breakdown, mask=mask) == slow_totals(b, census, breakdown, restrict)


def test_band_bytes_with_one_large_object_among_small_ones():
    # one 34 KB object (the RTS's stdout buffer) next to a few small ones: the same sums
    # whether the (band, size) count table is used or not
    codes = np.array([0, 1, 1, 2, 0, 2, 1], dtype=np.int64)
    sizes = np.array([16, 24, 34_136, 16, 48, 8, 24], dtype=np.int64)
    want = [sum(int(s) for c, s in zip(codes, sizes) if c == j) for j in range(3)]
    assert bands.band_bytes(codes, sizes, 3).tolist() == want
    mask = np.array([True, True, False, True, True, True, True])
    assert bands.band_bytes(codes, sizes, 3, mask).tolist() == [64, 48, 24]
