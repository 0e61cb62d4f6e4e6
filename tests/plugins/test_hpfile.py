"""The .hp writer and reader (plugins/hpfile.py): GHC's layout, round trips, and the real
GHC 9.0.2 files in shared/reference."""

from __future__ import annotations

import glob
import io
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from profkit.errors import UsageError
from profkit.plugins.hpfile import HpWriter, hp_date, parse_hp, quote, read_hp
from tests.conftest import REFERENCE as REFDATA

REFERENCE = str(REFDATA / "ghc-9.0.2/out")
GHC_FILES = sorted(glob.glob(f"{REFERENCE}/*/*/h*/*.hp"))


def test_writer_layout_is_ghcs():
    buf = io.StringIO()
    w = HpWriter(buf, "mean_leak +RTS -hc -i0.02", date="Sun Nov 22 02:38 2026")
    w.sample(0.01886, [("(256)main/Main.CAF", 40000016), ("MAIN", 160), ("zero", 0)])
    w.close(0.050898)
    assert buf.getvalue() == (
        'JOB "mean_leak +RTS -hc -i0.02"\n'
        'DATE "Sun Nov 22 02:38 2026"\n'
        'SAMPLE_UNIT "seconds"\n'
        'VALUE_UNIT "bytes"\n'
        "BEGIN_SAMPLE 0.000000\nEND_SAMPLE 0.000000\n"
        "BEGIN_SAMPLE 0.018860\n(256)main/Main.CAF\t40000016\nMAIN\t160\nEND_SAMPLE 0.018860\n"
        "BEGIN_SAMPLE 0.050898\nEND_SAMPLE 0.050898\n"
    )


def test_writer_flushes_each_sample_so_a_killed_run_leaves_a_valid_prefix(tmp_path):
    path = str(tmp_path / "p.hp")
    w = HpWriter(path, "p +RTS -hd")
    w.sample(0.1, [(":", 24)])
    # WHEN another process reads the file while the run is still going (no close yet)
    data = read_hp(path)
    # THEN the header, the empty first sample and the flushed sample are there
    assert [s.time for s in data.samples] == [0.0, 0.1] and data.samples[1].bands == {":": 24}
    w.close(0.2)
    assert [s.time for s in read_hp(path).samples] == [0.0, 0.1, 0.2]


def test_band_names_are_written_as_one_word_each():
    # hp2ps reads a band name as the non-blank characters before its value: MLWorks's code
    # names ("foldl argument 3[basis.sml:75]") are written with "_" for each blank
    buf = io.StringIO()
    w = HpWriter(buf, "p", date="d")
    w.sample(0.5, [("foldl argument 3[basis.sml:75]", 16), ("(3)MAIN,f arg\t2", 8), ("x", 8)])
    rows = [ln for ln in buf.getvalue().splitlines() if "\t" in ln]
    assert rows == ["foldl_argument_3[basis.sml:75]\t16", "(3)MAIN,f_arg_2\t8", "x\t8"]
    assert all(len(ln.split()) == 2 for ln in rows)


def test_times_never_go_backwards():
    buf = io.StringIO()
    w = HpWriter(buf, "p", date="d")
    w.sample(0.5, [("a", 1)])
    w.sample(0.25, [("a", 2)])
    w.close(0.1)
    assert [s.time for s in parse_hp(buf.getvalue()).samples] == [0.0, 0.5, 0.5, 0.5]


def test_date_is_ctime_without_seconds_and_honours_source_date_epoch(monkeypatch):
    assert hp_date(0) == "Thu Jan  1 00:00 1970"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1795000000")
    assert hp_date() == hp_date(1795000000) == "Wed Nov 18 11:06 2026"


def test_quotes_are_doubled_and_read_back():
    assert quote('a "b" c') == '"a ""b"" c"'
    buf = io.StringIO()
    HpWriter(buf, 'prog "x y" +RTS -hc', date="d").close(1.0)
    assert parse_hp(buf.getvalue()).job == 'prog "x y" +RTS -hc'


def test_reader_skips_an_incomplete_last_sample_and_reads_marks():
    text = (
        'JOB "p"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
        "BEGIN_SAMPLE 0.000000\nEND_SAMPLE 0.000000\nMARK 0.050000\n"
        "BEGIN_SAMPLE 0.100000\nx\t10\ny z\t5\nEND_SAMPLE 0.100000\n"
        "BEGIN_SAMPLE 0.200000\nx\t20\nEND_SA"
    )
    d = parse_hp(text)
    assert d.truncated and d.marks == [0.05]
    assert [(s.time, s.bands) for s in d.samples] == [(0.0, {}), (0.1, {"x": 10, "y z": 5})]
    # a band line cut in the middle of its value is dropped along with its sample
    d = parse_hp(text.rsplit("\n", 1)[0][:-1])
    assert d.truncated and len(d.samples) == 2
    # a last END_SAMPLE without its newline still counts when its time is whole
    d = parse_hp(text.replace("END_SA", "END_SAMPLE 0.200000"))
    assert not d.truncated and d.samples[-1].bands == {"x": 20}


def test_reader_reports_malformed_files_with_line_numbers():
    with pytest.raises(UsageError, match=r"f.hp:6: bad value"):
        parse_hp('JOB "p"\nDATE "d"\nSAMPLE_UNIT "s"\nVALUE_UNIT "b"\nBEGIN_SAMPLE 0.1\n'
                 "a\tlots\nEND_SAMPLE 0.1\n", "f.hp")
    with pytest.raises(UsageError, match=r":1: expected a quoted string"):
        parse_hp("JOB p\n")
    with pytest.raises(UsageError, match="no such file|No such file"):
        read_hp("/nonexistent/x.hp")
    # a byte count past 64 bits (render's float arrays overflowed: an internal error)
    with pytest.raises(UsageError, match=r"f.hp:6: expected a byte count below 2\^63"):
        parse_hp('JOB "p"\nDATE "d"\nSAMPLE_UNIT "s"\nVALUE_UNIT "b"\nBEGIN_SAMPLE 0.1\n'
                 "a\t" + "9" * 400 + "\nEND_SAMPLE 0.1\n", "f.hp")


@pytest.mark.parametrize("path", GHC_FILES, ids=lambda p: os.path.relpath(p, REFERENCE))
def test_reads_every_ghc_file(path):
    data = read_hp(path)
    text = open(path).read()
    if not text:  # -hr -hbdrag,void: GHC refused to run and left an empty file
        assert data.samples == []
        return
    assert data.job and data.date and not data.truncated
    assert data.sample_unit == "seconds" and data.value_unit == "bytes"
    # GHC's first sample is empty at 0 and so is its last one
    assert data.samples[0].time == 0.0 and not data.samples[0].bands
    assert not data.samples[-1].bands
    assert text.count("BEGIN_SAMPLE") == len(data.samples)


def test_ghc_mean_leak_hd_values():
    d = read_hp(f"{REFERENCE}/mean_leak/autoO0/hd/mean_leak.hd.hp")
    assert d.job == "mean_leak.autoO0 +RTS -hd -i0.02"
    peak_cons = max(s.bands.get(":", 0) for s in d.samples)
    assert peak_cons == 24000792
    assert "<GHC.List.sat_s4op>" in d.band_names()


names = st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=30)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.dictionaries(names, st.integers(0, 10**12), max_size=6), max_size=8),
       st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=40))
def test_round_trip(samples, job):
    buf = io.StringIO()
    w = HpWriter(buf, job, date="Thu Jan  1 00:00 1970")
    for i, bands in enumerate(samples):
        w.sample(0.1 * (i + 1), list(bands.items()))
    w.close(0.1 * (len(samples) + 1))
    d = parse_hp(buf.getvalue())
    assert d.job == job and not d.truncated
    assert [s.bands for s in d.samples] == [{}] + [
        {k: v for k, v in b.items() if v} for b in samples] + [{}]
