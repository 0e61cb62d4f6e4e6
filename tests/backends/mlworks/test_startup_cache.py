"""The per-user cache of the compiled Basis (``frontend.basiscache``): a program compiled from
a cached Basis is the program compiled without the cache, byte for byte; bad entries are
rebuilt; a changed key never reuses an old entry; the directory follows the environment.

Every test uses its own cache directory (``tmp_path``): nothing here needs a warm cache.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from profkit.backends.mlworks.codegen import sparc, x86
from profkit.backends.mlworks.frontend import basiscache, pipeline
from profkit.backends.mlworks.frontend.parser import parse_program
from profkit.backends.mlworks.frontend.typecheck import Checker
from profkit.backends.mlworks.frontend.types import Env
from tests.conftest import REPO

BASE = 0x00100000

PROGRAMS = {
    "hello.sml": 'val () = print "hi\\n"\n',
    # exceptions (uncaught printer), datatypes, the Basis's strings and lists, equality on
    # a datatype, a builtin constructor as a value (the Lowerer's eta items)
    "mixed.sml": """
datatype shape = Circle of real | Square of int | Dot
datatype color = Red | Green | Rgb of int
exception Bad of string
fun area (Circle r) = r * r * 3.0 | area (Square n) = real (n * n) | area Dot = 0.0
val names = List.map (fn s => String.map Char.toUpper s) ["ab", "cd"]
val opts = List.map SOME [1, 2, 3]
val same = Red = Red andalso Rgb 2 <> Rgb 3 andalso Green <> Red
fun check n = if n > 2 then raise Bad (Int.toString n) else n
val () = print (String.concatWith "," names ^ " " ^ Real.toString (area (Circle 1.0)) ^ " "
                ^ Bool.toString same ^ " " ^ Int.toString (length opts) ^ "\\n")
val () = print (Int.toString (check 1 + (check 5 handle Bad s => size s)) ^ "\\n")
val _ = check 7
""",
}


@pytest.fixture
def cache(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setenv("PROFKIT_CACHE_DIR", str(d))
    monkeypatch.delenv("PROFKIT_NO_CACHE", raising=False)
    basiscache._memo.clear()
    yield d
    basiscache._memo.clear()


def image(prog, gen=x86.generate) -> str:
    return repr(gen(prog, BASE))


def compile_uncached(src: str, name: str, monkeypatch):
    with monkeypatch.context() as m:
        m.setenv("PROFKIT_NO_CACHE", "1")
        return pipeline.compile_sml(src, name)


def forbid_build(monkeypatch):
    def fail():
        raise AssertionError("the Basis was built again instead of read from the cache")

    monkeypatch.setattr(pipeline, "build_basis", fail)


def entries(d: Path) -> list[Path]:
    return sorted(d.glob(f"{basiscache.PREFIX}*{basiscache.SUFFIX}"))


# ------------------------------------------------------------------------------- same code


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_warm_cache_gives_the_same_program_and_images(cache, monkeypatch, name):
    src = PROGRAMS[name]
    ref = compile_uncached(src, name, monkeypatch)
    cold = pipeline.compile_sml(src, name)  # builds and writes the entry
    assert len(entries(cache)) == 1
    basiscache._memo.clear()  # read it back from the file, as a new process does
    with monkeypatch.context() as m:
        forbid_build(m)
        warm = pipeline.compile_sml(src, name)
        again = pipeline.compile_sml(src, name)  # this process's copy
    for prog in (cold, warm, again):
        assert repr(prog) == repr(ref)
        assert image(prog) == image(ref)
        assert image(prog, sparc.generate) == image(ref, sparc.generate)


def test_cached_compile_matches_the_one_pass_pipeline(cache):
    """``compile_sml`` continues from the Basis's state; ``lower_program`` lowers the Basis
    and the program in one Lowerer after checking both: the same program."""
    for name, src in PROGRAMS.items():
        basis = parse_program(pipeline.basis_source(), pipeline.BASIS_FILE)
        prog = parse_program(src, name)
        checker = Checker(pipeline.BASIS_FILE)
        env = checker.initial_env()
        checker.top_decs(basis.decs, env)
        checker.file = name
        checker.top_decs(prog.decs, Env(env))
        one_pass = pipeline.lower_program(basis.decs, prog.decs, name, env)
        assert repr(pipeline.compile_sml(src, name)) == repr(one_pass)


def test_infer_sml_from_the_cache(cache, monkeypatch):
    src = "fun twice f x = f (f x)\nval n = String.size \"abc\""
    with monkeypatch.context() as m:
        m.setenv("PROFKIT_NO_CACHE", "1")
        want = pipeline.infer_sml(src)
    pipeline.compile_sml(src, "t.sml")
    basiscache._memo.clear()
    forbid_build(monkeypatch)
    assert pipeline.infer_sml(src) == want == {
        "twice": "('a -> 'a) -> 'a -> 'a", "n": "int"}


def run_cli(path: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    full = {k: v for k, v in os.environ.items() if k not in ("PROFKIT_NO_CACHE",
                                                             "PROFKIT_CACHE_DIR")}
    full.update(env)
    return subprocess.run([sys.executable, "-m", "profkit.cli", "run", str(path)],
                          capture_output=True, env=full, cwd=path.parent, timeout=300)


def test_cli_output_is_the_same_warm_cold_and_disabled(tmp_path):
    prog = tmp_path / "mixed.sml"
    prog.write_text(PROGRAMS["mixed.sml"])
    d = tmp_path / "cache"
    off = run_cli(prog, {"PROFKIT_NO_CACHE": "1", "PROFKIT_CACHE_DIR": str(d)})
    assert not d.exists()  # disabled: nothing written
    cold = run_cli(prog, {"PROFKIT_CACHE_DIR": str(d)})
    assert len(entries(d)) == 1
    warm = run_cli(prog, {"PROFKIT_CACHE_DIR": str(d)})
    assert off.stdout == b"AB,CD 3.0 true 3\n2\n"
    assert off.returncode == 1 and off.stderr.startswith(b"Exception- Bad \"7\" raised")
    for r in (cold, warm):
        assert (r.returncode, r.stdout, r.stderr) == (off.returncode, off.stdout, off.stderr)


# ------------------------------------------------------------------------------- bad entries


def corruptions(data: bytes) -> dict[str, bytes]:
    head = len(data) - len(data.split(b"\n", 3)[3])
    flipped = bytearray(data)
    flipped[head + (len(data) - head) // 2] ^= 0x40
    return {
        "empty": b"",
        "truncated": data[: len(data) // 2],
        "flipped byte": bytes(flipped),
        "garbage": b"\x80\x05not a pickle" * 50,
        "other format": data.replace(b"profkit-mlworks-basis", b"profkit-mlworks-BASIS", 1),
        "payload that does not unpickle": basiscache._pack(basiscache.cache_key(),
                                                           b"\x80\x05garbage."),
        "payload of another type": basiscache._pack(basiscache.cache_key(),
                                                    __import__("pickle").dumps([1, 2])),
    }


def test_a_corrupt_entry_is_rebuilt(cache, monkeypatch):
    src, name = PROGRAMS["mixed.sml"], "mixed.sml"
    ref = image(compile_uncached(src, name, monkeypatch))
    pipeline.compile_sml(src, name)
    [entry] = entries(cache)
    good = entry.read_bytes()
    for what, bad in corruptions(good).items():
        entry.write_bytes(bad)
        basiscache._memo.clear()
        assert image(pipeline.compile_sml(src, name)) == ref, what
        payload = basiscache.read_entry(basiscache.cache_key())  # rewritten, whole
        assert payload is not None, what
        assert isinstance(basiscache.loads(payload), basiscache.BasisState), what
    # a directory where the entry should be, an unreadable cache directory: still compiles
    entry.unlink()
    entry.mkdir()
    basiscache._memo.clear()
    assert image(pipeline.compile_sml(src, name)) == ref


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0,
                    reason="needs root to give the entry to another user")
def test_an_entry_of_another_user_is_not_read(cache, monkeypatch):
    src, name = PROGRAMS["hello.sml"], "hello.sml"
    ref = image(compile_uncached(src, name, monkeypatch))
    pipeline.compile_sml(src, name)
    [entry] = entries(cache)
    os.chown(entry, 12345, -1)
    assert basiscache.read_entry(basiscache.cache_key()) is None
    basiscache._memo.clear()
    built = []
    real_build = pipeline.build_basis
    monkeypatch.setattr(pipeline, "build_basis", lambda: built.append(1) or real_build())
    assert image(pipeline.compile_sml(src, name)) == ref
    assert built == [1] and entry.stat().st_uid == os.getuid()  # rebuilt, rewritten


def test_an_unwritable_cache_is_no_error(tmp_path):
    prog = tmp_path / "hello.sml"
    prog.write_text(PROGRAMS["hello.sml"])
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    r = run_cli(prog, {"PROFKIT_CACHE_DIR": str(blocker / "cache")})
    assert (r.returncode, r.stdout, r.stderr) == (0, b"hi\n", b"")


# ------------------------------------------------------------------------------- keys


def test_a_changed_key_does_not_reuse_the_old_entry(cache, monkeypatch, tmp_path):
    """The key covers the Basis and the front end's sources: simulate an edit of one."""
    src, name = PROGRAMS["hello.sml"], "hello.sml"
    extra = tmp_path / "lower_edit.py"
    extra.write_text("# version 1\n")
    files = basiscache._key_files()
    assert {"basis.sml", "lower.py", "typecheck.py", "parser.py", "ir.py",
            "basiscache.py"} <= {p.name for p in files}
    monkeypatch.setattr(basiscache, "_key_files", lambda: files + [extra])
    pipeline.compile_sml(src, name)
    [old] = entries(cache)
    key1 = basiscache.cache_key()
    extra.write_text("# version 2\n")
    key2 = basiscache.cache_key()
    assert key1 != key2
    built = []
    real_build = pipeline.build_basis
    monkeypatch.setattr(pipeline, "build_basis", lambda: built.append(1) or real_build())
    prog = pipeline.compile_sml(src, name)
    assert built == [1]  # not read from the old entry (nor this process's copy of it)
    assert len(entries(cache)) == 2 and old.exists()
    assert image(prog) == image(compile_uncached(src, name, monkeypatch))
    # an entry whose header names another key is not used even under this key's file name
    basiscache.entry_path(key2).write_bytes(old.read_bytes())
    basiscache._memo.clear()
    assert basiscache.read_entry(key2) is None


def test_old_entries_are_pruned(cache, monkeypatch):
    cache.mkdir(parents=True)
    for i in range(6):
        p = cache / f"{basiscache.PREFIX}{i:040d}{basiscache.SUFFIX}"
        p.write_bytes(b"old")
        os.utime(p, (1000 + i, 1000 + i))
    pipeline.compile_sml(PROGRAMS["hello.sml"], "hello.sml")
    left = entries(cache)
    assert len(left) == basiscache.KEEP
    assert basiscache.entry_path(basiscache.cache_key()) in left
    assert not list(cache.glob(".tmp-*"))


def test_key_covers_every_front_end_module():
    names = {p.name for p in basiscache._key_files()}
    here = Path(pipeline.__file__).resolve().parent
    assert {p.name for p in here.glob("*.py")} <= names


# ------------------------------------------------------------------------------- where


def test_cache_dir_follows_the_environment(monkeypatch, tmp_path):
    for var in ("PROFKIT_CACHE_DIR", "XDG_CACHE_HOME", "PROFKIT_NO_CACHE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert basiscache.cache_dir() == tmp_path / "home" / ".cache" / "profkit"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert basiscache.cache_dir() == tmp_path / "xdg" / "profkit"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/xdg")  # ignored, as the spec says
    assert basiscache.cache_dir() == tmp_path / "home" / ".cache" / "profkit"
    monkeypatch.setenv("PROFKIT_CACHE_DIR", str(tmp_path / "own"))
    assert basiscache.cache_dir() == tmp_path / "own"
    assert basiscache.enabled()
    monkeypatch.setenv("PROFKIT_NO_CACHE", "1")
    assert not basiscache.enabled()
    monkeypatch.setenv("PROFKIT_NO_CACHE", "0")
    assert basiscache.enabled()


def test_entries_land_in_the_cache_dir_only(cache, monkeypatch):
    monkeypatch.setenv("PROFKIT_NO_CACHE", "1")
    pipeline.compile_sml(PROGRAMS["hello.sml"], "hello.sml")
    assert not cache.exists()
    monkeypatch.delenv("PROFKIT_NO_CACHE")
    pipeline.compile_sml(PROGRAMS["hello.sml"], "hello.sml")
    [entry] = entries(cache)
    assert entry.parent == cache and not str(entry).startswith(str(REPO) + os.sep)
    assert oct(cache.stat().st_mode & 0o777) == oct(0o700)


def test_key_hashes_the_sources_this_process_loaded(monkeypatch):
    """A process that runs on while basis.sml or a front-end module is edited built its Basis
    from what it loaded: its key must be that of the loaded sources, not of the files now on
    disk (else it files an old Basis under the new sources' key for every later process)."""
    key = basiscache.cache_key()
    from profkit.backends.mlworks.frontend import basisfile

    edited = basisfile.basis_source() + "\n(* edited since *)\n"
    monkeypatch.setattr(basisfile, "basis_source", lambda: edited)
    assert basiscache.cache_key() != key
    monkeypatch.undo()
    assert basiscache.cache_key() == key
    lower_py = next(p for p in basiscache._key_files() if p.name == "lower.py")
    monkeypatch.setitem(basiscache._LOADED, lower_py, b"# the module as loaded\n")
    assert basiscache.cache_key() != key  # the loaded bytes, though the file is unchanged
