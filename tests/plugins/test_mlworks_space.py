"""The MLWorks space profile scheme: accounting over core events and the exact report."""

from __future__ import annotations

import numpy as np

from profkit.events import COPY_DTYPE
from profkit.kinds import ObjKind
from profkit.options import Config
from profkit.plugins import mlworks_space
from profkit.plugins.mlworks_space import HEADING, MLWorksSpaceProfile
from profkit.session import Session
from profkit.tables import CostCentre, Info


def session_with(manner: int, select: str | None = None):
    cfg = Config(program="p.sml", profile_file="unused", profile_manner=manner,
                 profile_select=select)
    schemes = mlworks_space.profkit_add_schemes(cfg)
    scheme = schemes[0]
    s = Session(cfg, schemes, load_entrypoints=False)
    s.word_bytes = 4
    t = s.tables
    f = t.stacks.push(0, t.ccs.intern(CostCentre("f[p.sml:1]", "p.sml", "")))
    g = t.stacks.push(0, t.ccs.intern(CostCentre("<anon>[p.sml:2]", "p.sml", "")))
    pair = t.infos.intern(Info("pair", "", "MLWorks", ObjKind.CON, space_kind="pair",
                               overhead_bytes=0))
    rec3 = t.infos.intern(Info("record", "", "MLWorks", ObjKind.CON, space_kind="record",
                               overhead_bytes=4))
    clo = t.infos.intern(Info("closure", "", "MLWorks", ObjKind.FUN, space_kind="closure",
                              overhead_bytes=4))
    s.session_start()
    return s, scheme, f, g, pair, rec3, clo


def alloc(s, info, producer, words, n):
    return [s.header.new(info, producer, words, s.era) for _ in range(n)]


def copy(s, objs, frm, to):
    s.flush()
    b = np.zeros(len(objs), dtype=COPY_DTYPE)
    b["obj"], b["from_gen"], b["to_gen"] = objs, frm, to
    s.hook.profkit_copy(session=s, batch=b)


def test_totals_copies_and_breakdown_are_printed_in_mlworks_format():
    s, scheme, f, g, pair, rec3, clo = session_with(4 + 8 + (0xFF << 8))
    ps = alloc(s, pair, f, 2, 300)  # 300 pairs of 8 bytes
    rs = alloc(s, rec3, f, 4, 71)  # 71 records of 16 bytes
    alloc(s, clo, g, 2, 5)
    s.gc_start(0, False)
    copy(s, ps[:19] + rs[:2], 0, 1)
    s.gc_end(0, False)
    s.gc_start(1, False)
    copy(s, ps[:1] + rs[:1], 1, 2)
    s.gc_end(1, False)
    s.run_end()
    text = scheme.report()
    lines = text.splitlines()
    assert lines[:4] == [
        "MLWorks profiler report",
        f"{scheme.data_bytes()} bytes of data used for profiling control",
        "profile period: 1 ms",
        "functions profiled : 2",
    ]
    assert lines[4] == "-" * 57 and lines[-1] == "-" * 57
    body = lines[5:-1]
    assert body[:6] == [
        "MLWorks space profile",
        f"{scheme.data_bytes()} bytes used for profiling",
        "3 collections",
        "functions profiled : 2",
        "---",
        "       alloc      copied  name",
    ]
    total_alloc = 300 * 8 + 71 * 16 + 5 * 8
    assert body[6] == f"{total_alloc:12d}{19*8 + 2*16 + 8 + 16:12d}  total profiled"
    assert body[7] == " " * 12 + f"{19*8 + 2*16:12d}{8 + 16:12d}"
    assert body[8] == "          " + HEADING
    assert HEADING.startswith("gen            records       pairs    closures")
    assert body[9] == "           0     no " + "".join(
        f"{n:12d}" for n in (71, 300, 5, 0, 0, 0, 0, 0, 376))
    assert body[10] == "               size " + "".join(
        f"{n:12d}" for n in (71 * 16, 2400, 40, 0, 0, 0, 0, 0, total_alloc))
    assert body[11] == "           overhead " + "".join(
        f"{n:12d}" for n in (71 * 4, 0, 20, 0, 0, 0, 0, 0, 71 * 4 + 20))
    # gens 1 and 2 follow for the total, then f's record with its own table, then g
    f_row = next(i for i, l in enumerate(body) if l.endswith("  f[p.sml:1]"))
    assert body[f_row] == f"{300*8 + 71*16:12d}{19*8 + 2*16 + 8 + 16:12d}  f[p.sml:1]"
    g_row = next(i for i, l in enumerate(body) if l.endswith("<anon>[p.sml:2]"))
    assert body[g_row] == f"{40:12d}{0:12d}  <anon>[p.sml:2]"
    # no copies line for g (nothing copied), but its breakdown (it allocated)
    assert body[g_row + 1] == "          " + HEADING
    # the Python result is shaped like MLWorks.Profile's
    res = scheme.result
    assert res.functions == 2 and res.collections == 3
    fp = res.function_profiles[0]
    assert fp.id == "f[p.sml:1]" and fp.allocated.bytes == 300 * 8 + 71 * 16
    assert [c.bytes for c in fp.copies] == [19 * 8 + 2 * 16, 8 + 16]


def test_consistency_copied_is_the_sum_of_the_copies_line():
    s, scheme, f, g, pair, rec3, clo = session_with(4 + 8)
    ps = alloc(s, pair, f, 2, 10)
    copy(s, ps, 0, 1)
    copy(s, ps[:4], 1, 2)
    copy(s, ps[:1], 2, 3)
    s.run_end()
    fp = scheme.result.function_profiles[0]
    assert fp.copied.bytes == sum(c.bytes for c in fp.copies) == 80 + 32 + 8
    assert fp.allocation == []  # no breakdown bits in the manner


def test_select_profiles_only_matching_functions():
    s, scheme, f, g, pair, rec3, clo = session_with(4, select="anon")
    alloc(s, pair, f, 2, 10)
    alloc(s, clo, g, 2, 3)
    s.run_end()
    assert scheme.names == ["<anon>[p.sml:2]"]
    assert scheme.result.total_profiled.allocated.bytes == 24
    assert "f[p.sml:1]" not in scheme.report()


def test_scheme_is_selected_only_by_profile_file():
    assert mlworks_space.profkit_add_schemes(Config(program="x.sml")) is None
    got = mlworks_space.profkit_add_schemes(Config(program="x.sml", profile_file="r.txt"))
    assert [type(x) for x in got] == [MLWorksSpaceProfile, mlworks_space.SpaceEvents]


def test_time_and_call_report_alone_tracks_no_allocation():
    # manner 1|2 (calls, time) prints no space section: the scheme does not listen to
    # allocations or copies, so a backend has no reason to record them
    for manner, tracks in ((3, False), (1, False), (4, True), (8, True), (7, True)):
        s = session_with(manner)[0]
        assert s.listens("profkit_alloc") == tracks
        assert s.listens("profkit_copy") == tracks
