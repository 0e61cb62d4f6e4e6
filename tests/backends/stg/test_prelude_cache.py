"""The parsed Prelude kept between runs (frontend/preludecache.py): a run that finds it
compiles exactly as one that parses, a changed Prelude text is a different entry, a
damaged entry or PROFKIT_NO_CACHE=1 means parsing again."""

from __future__ import annotations

import subprocess
import sys

from profkit.backends.stg.frontend import preludecache
from profkit.backends.stg.frontend.parser import parse_module

SRC = "f :: Int -> Int\nf x = x + 1\ninfixl 6 +++\n(+++) :: Int -> Int -> Int\na +++ b = a - b\n"


def _module(text: str = SRC):
    return parse_module(text, "prelude.hs", magic_hash=True)


def test_an_entry_is_read_back_whole(tmp_path, monkeypatch):
    monkeypatch.setenv("PROFKIT_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("PROFKIT_NO_CACHE", raising=False)
    assert preludecache.load(SRC) is None
    preludecache.store(SRC, _module())
    got = preludecache.load(SRC)
    assert got is not None and got == _module()
    # another text is another key: never the first text's module
    assert preludecache.load(SRC + "g = 1\n") is None


def test_a_damaged_entry_or_a_disabled_cache_reads_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("PROFKIT_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("PROFKIT_NO_CACHE", raising=False)
    preludecache.store(SRC, _module())
    (entry,) = tmp_path.glob("stg-prelude-*.pickle")
    entry.write_bytes(entry.read_bytes()[:100])
    assert preludecache.load(SRC) is None
    preludecache.store(SRC, _module())
    monkeypatch.setenv("PROFKIT_NO_CACHE", "1")
    assert preludecache.load(SRC) is None


def test_a_run_from_the_cache_prints_and_profiles_as_a_parsing_run(tmp_path):
    prog = tmp_path / "p.hs"
    prog.write_text("main :: IO ()\nmain = print (sum (map (* 2) [1 .. 100 :: Int]), "
                    "words \"a bb ccc\")\n")
    outs = []
    for run in ("first", "second"):  # the first parses and files it, the second reads it
        out = tmp_path / run
        out.mkdir()
        r = subprocess.run([sys.executable, "-m", "profkit", "run", "-fprof-auto",
                            "--outdir", str(out), str(prog), "+RTS", "-P", "-RTS"],
                           capture_output=True, text=True,
                           env={"PATH": "/usr/bin:/bin", "PROFKIT_CACHE_DIR": str(tmp_path / "c"),
                                "PYTHONPATH": ":".join(sys.path), "SOURCE_DATE_EPOCH": "0"})
        assert r.returncode == 0, r.stderr
        outs.append((r.stdout, (out / "p.prof").read_text()))
    assert len(list((tmp_path / "c").glob("stg-prelude-*.pickle"))) == 1
    assert outs[0] == outs[1]
    assert outs[0][0] == "(10100,[\"a\",\"bb\",\"ccc\"])\n"
