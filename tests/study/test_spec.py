"""The study file and its matrix."""

from __future__ import annotations

import re

import pytest

from profkit.errors import UsageError
from profkit.study import corpus
from profkit.study.spec import expand, load_study

from .conftest import write_study

BASE = """
[study]
programs = ["nfib", "sieve"]
backends = ["stg", "mlworks"]
archs = ["x86", "sparc"]
[params]
nursery = ["64k", "1m"]
generations = [2]
interval = [0.001]
[schemes.p]
flags = ["-fprof-auto"]
rts = ["-pj"]
[schemes.heap]
rts = ["-hc"]
space = true
"""


def test_matrix_expansion(tmp_path):
    st = load_study(str(write_study(tmp_path, BASE)))
    cells = expand(st)
    # stg: 2 programs x 2 schemes x 2 nurseries; mlworks: the same x 2 archs
    assert len(cells) == 2 * 2 * 2 + 2 * 2 * 2 * 2
    assert len({c.key for c in cells}) == len(cells)
    stg = [c for c in cells if c.backend == "stg"]
    ml = [c for c in cells if c.backend == "mlworks"]
    assert {c.arch for c in stg} == {"-"} and {c.arch for c in ml} == {"x86", "sparc"}
    c = next(c for c in stg if c.nursery == "64k" and c.scheme == "heap")
    assert c.argv[-7:] == ["nfib.hs", "+RTS", "-hc", "-A64k", "-G2", "-i0.001", "-RTS"]
    # the space report is an MLWorks-backend option
    assert "--profile" not in c.argv and "gcstats.file=nfib.gcstats.json" in c.argv
    assert "--profile" in next(c for c in ml if c.scheme == "heap").argv
    m = next(c for c in ml if c.nursery == "1m" and c.arch == "sparc" and c.scheme == "p")
    i = m.argv.index("--creation-space")
    assert m.argv[i + 1] == "1m" and m.argv[m.argv.index("--arch") + 1] == "sparc"
    assert "-fprof-auto" in m.argv and "--profile" not in m.argv
    assert m.config == "mlworks/sparc p A1m"
    # keys are stable
    assert [c.key for c in expand(st)] == [c.key for c in cells]


def test_key_depends_on_program_text_and_options(tmp_path):
    d = tmp_path / "corp"
    d.mkdir()
    (d / "a.hs").write_text("main = print 1\n")
    text = '[study]\ncorpus = "corp"\nprograms = ["a"]\nbackends = ["stg"]\n'
    k1 = expand(load_study(str(write_study(tmp_path, text))))[0].key
    (d / "a.hs").write_text("main = print 2\n")
    k2 = expand(load_study(str(write_study(tmp_path, text))))[0].key
    k3 = expand(load_study(str(write_study(
        tmp_path, text + "[params]\ninterval = [0.5]\n"))))[0].key
    assert len({k1, k2, k3}) == 3


def test_star_is_the_whole_corpus(tmp_path):
    st = load_study(str(write_study(tmp_path, '[study]\nprograms = ["*"]\n')))
    assert st.programs == corpus.programs()
    assert st.name_map == corpus.name_map()


@pytest.mark.parametrize("text, msg", [
    ("[study\n", "not valid TOML"),
    ('[study]\nbackends = ["ghc"]\n', "unknown backend"),
    ('[study]\narchs = ["arm"]\n', "unknown architecture"),
    ('[study]\nprograms = ["nope"]\n', "no nope.hs"),
    ('[study]\nprogramz = ["nfib"]\n', "unknown keys"),
    ('[schemes.x]\nrtz = ["-p"]\n', "unknown keys"),
    ('[params]\nnursery = []\n', "must not be empty"),
])
def test_bad_study_files(tmp_path, text, msg):
    with pytest.raises(UsageError, match=msg):
        load_study(str(write_study(tmp_path, text)))


def test_key_depends_on_the_code_fingerprint(tmp_path, monkeypatch):
    from dataclasses import replace

    from profkit.study.spec import VERSION_ENV, cell_key, profkit_version

    monkeypatch.delenv(VERSION_ENV)
    assert re.fullmatch(r".+\+src\.[0-9a-f]{12}", profkit_version())
    c = expand(load_study(str(write_study(tmp_path, BASE))))[0]
    assert c.version == profkit_version() and c.key == cell_key(c)
    assert cell_key(replace(c, version=c.version + "x")) != c.key


def test_a_program_named_by_one_of_its_files_is_its_pair(tmp_path):
    # `programs = ["mine.sml"]` (the user's own file beside the study file) and a corpus
    # program with its extension name the same pairs as their stems
    (tmp_path / "mine.sml").write_text('val () = print "hi\\n"\n')
    text = BASE.replace('programs = ["nfib", "sieve"]', 'programs = ["mine.sml", "nfib.hs"]')
    st = load_study(str(write_study(tmp_path, text)))
    assert st.programs == ["mine", "nfib"]
    bad = BASE.replace('programs = ["nfib", "sieve"]', 'programs = ["nosuch.sml"]')
    with pytest.raises(UsageError, match=r"program 'nosuch': no nosuch.hs or nosuch.sml in .* or "):
        load_study(str(write_study(tmp_path, bad, "bad.toml")))
