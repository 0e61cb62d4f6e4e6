"""The tiny study end to end: every cell runs, and every number in the store equals the
one in the cell's own reports, read back with profkit's readers."""

from __future__ import annotations

import json
import os
import re
import sqlite3

import pytest

from profkit.plugins.hpfile import read_hp
from profkit.plugins.prof_read import read_profile
from profkit.study.reports import parse_space_report


@pytest.fixture(scope="module")
def db(tiny_study):
    _, out, _ = tiny_study
    con = sqlite3.connect(out / "results.sqlite")
    yield con
    con.close()


def cells(out):
    for n in sorted(os.listdir(out / "cells")):
        d = out / "cells" / n
        meta = json.loads((d / "cell.json").read_text())
        yield d, meta["cell"]


def test_all_cells_ran_and_printed_the_expected_output(tiny_study, db):
    _, _, summary = tiny_study
    assert summary["cells"] == 4 and summary["ran"] == 4 and summary["failed"] == 0
    rows = db.execute("SELECT program, backend, status, output_ok, error FROM runs").fetchall()
    assert sorted((p, b) for p, b, *_ in rows) == [
        ("leak", "mlworks"), ("leak", "stg"), ("nfib", "mlworks"), ("nfib", "stg")]
    assert all(s == "ok" and ok == 1 and not e for _, _, s, ok, e in rows), rows


def test_function_rows_equal_the_prof_files(tiny_study, db):
    _, out, _ = tiny_study
    for d, cell in cells(out):
        prof = read_profile(str(d / f"{cell['program']}.prof"))
        want: dict = {}
        for _, n in prof.root.walk():
            e, t, a = want.get(n.cc.key(), (0, 0, 0))
            want[n.cc.key()] = (e + n.entries, t + n.ticks, a + n.alloc)
        got = {(lab, mod, src): (e, t, a) for lab, mod, src, e, t, a in db.execute(
            "SELECT label, module, src, entries, ticks, alloc_bytes FROM functions "
            "WHERE key = ?", (cell["key"],))}
        assert got == want
        tot = db.execute("SELECT prof_total_alloc, prof_total_ticks FROM runs WHERE key = ?",
                         (cell["key"],)).fetchone()
        assert tot == (prof.total_alloc, prof.total_ticks)
        assert sum(a for *_, a in want.values()) == prof.total_alloc


def test_census_and_biography_equal_the_hp_files(tiny_study, db):
    _, out, _ = tiny_study
    for d, cell in cells(out):
        for fname, profile in ((f"{cell['program']}.hp", "hc"),
                               (f"{cell['program']}.hb.hp", "hb")):
            hp = read_hp(str(d / fname))
            want = sorted((i, s.time, b, v) for i, s in enumerate(hp.samples)
                          for b, v in s.bands.items())
            got = sorted(db.execute("SELECT sample, time, band, bytes FROM census WHERE key = ? "
                                    "AND profile = ?", (cell["key"], profile)))
            assert got == want, (cell["program"], cell["backend"], profile)
            if profile == "hc":
                mx = db.execute("SELECT max_live_bytes FROM runs WHERE key = ?",
                                (cell["key"],)).fetchone()[0]
                assert mx == max((sum(s.bands.values()) for s in hp.samples), default=0)
            else:
                bio = dict(db.execute("SELECT band, bytes_summed FROM biography WHERE key = ?",
                                      (cell["key"],)))
                for band in ("LAG", "DRAG", "VOID", "USE", "INHERENT_USE"):
                    assert bio[band] == sum(s.bands.get(band, 0) for s in hp.samples)
    # the leak holds its list past its last use: drag or void on the lazy runtime
    share = db.execute("SELECT drag_void_share FROM runs WHERE program = 'leak' AND "
                       "backend = 'stg'").fetchone()[0]
    assert 0 < share <= 1


def test_space_report_and_collections_equal_the_reports(tiny_study, db):
    _, out, _ = tiny_study
    for d, cell in cells(out):
        gc = json.loads((d / f"{cell['program']}.gcstats.json").read_text())
        rows = db.execute("SELECT generation, collections, copied_bytes, copied_objects "
                          "FROM collections WHERE key = ? ORDER BY generation",
                          (cell["key"],)).fetchall()
        assert rows == [(g["generation"], g["collections"], g["copied_bytes"],
                         g["copied_objects"]) for g in gc["generations"]]
        run = db.execute("SELECT alloc_bytes, collections, copied_bytes, virtual_time FROM runs "
                         "WHERE key = ?", (cell["key"],)).fetchone()
        assert run == (gc["alloc_bytes"], sum(g["collections"] for g in gc["generations"]),
                       sum(g["copied_bytes"] for g in gc["generations"]), gc["virtual_time"])
        if cell["backend"] == "stg":
            # the gcstats scheme and the cost-centre profile count the same allocation
            prof = read_profile(str(d / f"{cell['program']}.prof"))
            assert gc["alloc_bytes"] == prof.total_alloc
            assert not (d / f"{cell['program']}.space").exists()
            continue
        text = (d / f"{cell['program']}.space").read_text()
        rep = parse_space_report(text)
        # the report's own "total profiled" line is the sum of its function lines
        assert rep.total_alloc == sum(a for _, a, _, _ in rep.functions)
        assert f"{rep.collections} collections" in text
        got = db.execute("SELECT space_alloc_bytes, space_copied_bytes, space_collections "
                         "FROM runs WHERE key = ?", (cell["key"],)).fetchone()
        assert got == (rep.total_alloc, rep.total_copied, rep.collections)
        rows = db.execute("SELECT name, generation, bytes FROM space_functions WHERE key = ?",
                          (cell["key"],)).fetchall()
        want = [(n, g, b) for n, a, _, copies in rep.functions
                for g, b in enumerate([a, *copies]) if b]
        assert sorted(rows) == sorted(want)


def test_functions_of_both_runtimes_align_by_source_name(tiny_study, db):
    both = db.execute(
        "SELECT function FROM functions WHERE program = 'leak' AND library = 0 "
        "GROUP BY function HAVING COUNT(DISTINCT backend) = 2").fetchall()
    assert {"build", "churn", "main"} <= {f for (f,) in both}
    # ML names carry no [file:line] and inner curried functions merge into their function
    labels = dict(db.execute("SELECT label, function FROM functions WHERE program = 'leak' "
                             "AND backend = 'mlworks'"))
    assert labels["churn[leak.sml:5]"] == "churn"
    # (the -pj prints MLWorks's "foldl argument 3" as one word, hpfile.ghc_word)
    inner = [lab for lab in labels if re.fullmatch(r"foldl_argument_\d\[basis\.sml:\d+\]", lab)]
    assert inner and all(labels[lab] == "Basis.foldl" for lab in inner)


RETAINERS = """
[study]
name = "retainers"
programs = ["leak"]
backends = ["stg", "mlworks"]
timeout = 120
jobs = 2

[params]
nursery = ["256k"]
interval = [0.0005]

[schemes.wasted]
flags = ["-fprof-auto"]
rts = ["-hr", "-hbdrag,void"]

[schemes.timed]
flags = ["-fprof-auto"]
rts = ["-hr", "-p"]

[schemes.both]
flags = ["-fprof-auto"]
rts = ["-hb", "-hr"]
"""


def test_retainer_cells_load_their_sets_and_keep_the_time_report(tmp_path):
    # a -hr run's .prof holds the census blocks and the SET listing (with -p, the time
    # report between them): every such cell is "ok", its sets are in retainer_sets, and
    # every (n) band of its census names a listed set
    from profkit.study.execute import run_study
    from profkit.study.spec import load_study

    from .conftest import write_study

    out = tmp_path / "retainers-study"
    summary = run_study(load_study(str(write_study(tmp_path, RETAINERS))), str(out))
    assert summary["failed"] == 0
    con = sqlite3.connect(out / "results.sqlite")
    runs = con.execute("SELECT key, backend, scheme, status, error, prof_total_alloc "
                       "FROM runs").fetchall()
    assert len(runs) == 6 and all(s == "ok" and not e for _, _, _, s, e, _ in runs), runs
    for key, backend, scheme, _, _, total in runs:
        d = out / "cells" / f"leak-{key}"
        listed = re.findall(r"^SET (\d+) = \{(.*)\}$", (d / "leak.prof").read_text(), re.M)
        sets = con.execute("SELECT set_id, retainers, stacks FROM retainer_sets WHERE key = ?",
                           (key,)).fetchall()
        assert listed and sorted((int(i), r) for i, r in listed) == sorted(
            (i, r) for i, r, _ in sets)
        assert all(n is None or n >= 1 for _, _, n in sets)
        bands = {int(b[1:b.index(")")]) for (b,) in con.execute(
            "SELECT DISTINCT band FROM census WHERE key = ? AND band LIKE '(%'", (key,))}
        assert bands and bands <= {i for i, _, _ in sets}, backend
        n_functions = con.execute("SELECT COUNT(*) FROM functions WHERE key = ?",
                                  (key,)).fetchone()[0]
        live = con.execute("SELECT max_live_bytes FROM runs WHERE key = ?", (key,)).fetchone()[0]
        if scheme == "both":
            # -hb -hr: leak.hp is the retainer profile, leak.hb.hp the biography (the JOB
            # line of both names -hb first: the store took leak.hp for a second, empty
            # biography, and had no drag+void share)
            profiles = {p for (p,) in con.execute(
                "SELECT DISTINCT profile FROM census WHERE key = ?", (key,))}
            assert profiles == {"hr", "hb"}, profiles
            hb = read_hp(str(d / "leak.hb.hp"))
            bio = dict(con.execute("SELECT band, bytes_summed FROM biography WHERE key = ?",
                                   (key,)).fetchall())
            assert bio == {b: sum(s.bands.get(b, 0) for s in hb.samples) for b in bio}
            share = con.execute("SELECT drag_void_share FROM runs WHERE key = ?",
                                (key,)).fetchone()[0]
            assert share == pytest.approx((bio["DRAG"] + bio["VOID"]) / sum(bio.values()))
            assert bio["DRAG"] + bio["VOID"] > 0
        elif scheme == "timed":
            assert total == read_profile(str(d / "leak.prof")).total_alloc > 0
            assert n_functions > 0 and live > 0
        else:
            # restricted to drag and void: its largest sample is not the live heap
            assert total is None and n_functions == 0 and live is None
