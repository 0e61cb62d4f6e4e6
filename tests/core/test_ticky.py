"""The worked third-party package ``examples/plugins/ticky``: loaded as a plugin through the session
API (nothing is installed), its counters checked against the events of the same run on both
backends, its options checked by ``-p``, and its packaging metadata resolved."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import numpy as np
import pytest

from profkit.errors import UsageError
from profkit.hookspecs import hookspec
from profkit.kinds import ObjKind
from profkit.options import parse_run_args
from profkit.plugin_options import known_declarations
from profkit.testing import run_program
from tests.conftest import REPO

TICKY = REPO / "examples" / "plugins" / "ticky"


def _load_ticky():
    if "profkit_ticky" in sys.modules:
        return sys.modules["profkit_ticky"]
    spec = importlib.util.spec_from_file_location("profkit_ticky", TICKY / "profkit_ticky.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["profkit_ticky"] = module
    spec.loader.exec_module(module)
    return module


ticky = _load_ticky()


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    d = tmp_path_factory.mktemp("ticky")
    out = {}
    for prog, flags, rts in (("nfib.hs", [], ["-A8k"]),
                             ("records.sml", ["--creation-space", "8k"], [])):
        r = run_program(REPO / "examples" / prog, plugins=[ticky], flags=flags, rts=rts,
                        options={"ticky.enable": True}, outdir=d / prog)
        assert r.status == 0, r.stderr
        out[prog] = r
    return out


@pytest.mark.parametrize("prog", ["nfib.hs", "records.sml"])
def test_counters_agree_with_the_events_of_the_same_run(runs, prog):
    r = runs[prog]
    (scheme,) = r.schemes(ticky.Ticky)
    t = scheme.table(r.session)
    col = {c: k for k, c in enumerate(ticky.COUNTERS)}
    ev = r.events
    alloc = ev.rows("alloc")
    n = len(t)
    born = alloc["info"]
    assert (t[:, col["allocs"]] == np.bincount(born, minlength=n)).all()
    assert t[:, col["alloc_bytes"]].sum() == int(alloc["size_words"].sum()) * r.session.word_bytes
    assert t[:, col["deaths"]].sum() == len(alloc)  # every object dies once
    copies = ev.rows("copy")
    promoted = copies[copies["to_gen"] > copies["from_gen"]]
    assert len(promoted) > 0  # the tiny nursery made sure of it
    assert (t[:, col["promoted"]]
            == np.bincount(born[promoted["obj"]], minlength=n)).all()
    uses = ev.rows("use")
    if prog.endswith(".hs"):
        assert (t[:, col["entries"]] == np.bincount(born[uses["obj"]], minlength=n)).all()
        upd = ev.rows("update")
        kinds = r.session.tables.infos.columns()["kind"]
        done = upd[kinds[upd["new_info"]] != int(ObjKind.BLACKHOLE)]
        assert (t[:, col["updates"]] == np.bincount(born[done["obj"]], minlength=n)).all()
        assert t[:, col["updates"]].sum() > 0
    else:  # MLWorks emits no uses and no updates
        assert uses is None and t[:, col["entries"]].sum() == 0


def test_the_report_is_a_ticky_table(runs):
    text = runs["nfib.hs"].report(".ticky")
    assert text.startswith("nfib: ticky-ticky counters (profkit)\n")
    assert "    Entries     Allocs    Alloc'd    Updates     Deaths   Promoted  Closure\n" \
        in text
    assert "I# (GHC.Types) (con)" in text and text.rstrip().endswith("total")
    sml = runs["records.sml"].report(".ticky")
    assert "Entries are not observable" in sml


def test_options_are_typed_and_checked():
    decl = known_declarations()["ticky"]
    assert decl is ticky.PROFKIT_OPTIONS
    for spec, msg in (("ticky.enabel=1", "no option 'enabel'"),
                      ("tikcy.enable=1", "unknown plugin 'tikcy'"),
                      ("ticky.sort=size", "expected one of alloc, entries, name"),
                      ("ticky.top=many", "bad value for int option")):
        with pytest.raises(UsageError, match=msg):
            parse_run_args(["-p", spec, "x.hs"])
    cfg = parse_run_args(["-p", "ticky.enable=1", "-p", "ticky.enable=0", "x.hs"])
    assert ticky.profkit_add_schemes(cfg) is None
    cfg = parse_run_args(["-p", "ticky.enable=true", "-p", "ticky.top=2", "x.hs"])
    (scheme,) = ticky.profkit_add_schemes(cfg)
    assert scheme.opts.top == 2 and scheme.opts.sort == "alloc"


def test_top_sort_and_file_options(tmp_path):
    target = tmp_path / "counts.txt"
    r = run_program(REPO / "examples" / "nfib.hs", plugins=[ticky], outdir=tmp_path,
                    options={"ticky.enable": 1, "ticky.top": 2, "ticky.sort": "name",
                             "ticky.file": target,
                             # the program's own closures only: the RTS heap model adds
                             # the runtime's tuples and lists
                             "stg.runtime_heap": 0})
    rows = target.read_text().split("-" * 80 + "\n")[1].splitlines()
    assert len(rows) == 2 and rows == sorted(rows, key=lambda x: x[68:])
    assert rows[0].endswith("  : (GHC.Types) (con)")
    assert "nfib.ticky" not in r.reports


def test_disabled_by_default():
    cfg = parse_run_args(["x.hs"])
    assert ticky.profkit_add_schemes(cfg) is None


def test_pyproject_entry_point_resolves_to_the_plugin_module():
    meta = tomllib.loads((TICKY / "pyproject.toml").read_text())
    eps = meta["project"]["entry-points"]["profkit"]
    assert eps == {"ticky": "profkit_ticky"}
    assert meta["tool"]["setuptools"]["py-modules"] == ["profkit_ticky"]
    for name, target in eps.items():
        module_name, _, attr = target.partition(":")
        assert (TICKY / f"{module_name}.py").is_file()
        obj = sys.modules[module_name] if not attr else getattr(sys.modules[module_name], attr)
        # a pluggy plugin of project profkit whose option namespace is its entry-point name
        assert hasattr(obj.profkit_add_schemes, "profkit_impl")
        assert obj.PROFKIT_OPTIONS.namespace == name
    assert "profkit" in meta["project"]["dependencies"]
    assert hookspec  # the package's hooks are profkit's: nothing of its own to declare


def test_the_package_own_test_suite_passes():
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "tests"],
        cwd=TICKY, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "3 passed" in proc.stdout


def _fresh_environment(tmp_path):
    """A new virtual environment that sees this one's packages (profkit, numpy, pytest...)
    through a ``.pth`` file but has nothing installed of its own."""
    import site
    import venv

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False, symlinks=True).create(env_dir)
    py = env_dir / "bin" / "python"
    purelib = subprocess.check_output(
        [py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        text=True).strip()
    outer = [d for d in site.getsitepackages() if os.path.isdir(d)]
    (Path(purelib) / "_profkit_outer.pth").write_text(
        "import site; " + "; ".join(f"site.addsitedir({d!r})" for d in outer) + "\n")
    return py, Path(purelib)


def test_pip_installs_it_into_a_fresh_environment_where_it_is_listed_runs_and_passes(
        tmp_path):
    """``pip install examples/plugins/ticky`` for real, into a new environment (offline:
    profkit and the build tools come from this one), then what a user does with it."""
    pkg = tmp_path / "ticky"
    shutil.copytree(TICKY, pkg, ignore=shutil.ignore_patterns("__pycache__", "build",
                                                              "*.egg-info", ".pytest_cache"))
    py, purelib = _fresh_environment(tmp_path)
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.pop("PYTHONPATH", None)

    def sh(*argv, cwd=tmp_path):
        return subprocess.run([str(py), *argv], cwd=cwd, env=env, capture_output=True,
                              text=True, timeout=600)

    before = sh("-c", "import profkit_ticky")
    assert before.returncode != 0  # not importable until installed
    inst = sh("-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
              "--no-index", str(pkg))
    assert inst.returncode == 0, inst.stdout[-2000:] + inst.stderr[-2000:]
    assert list(purelib.glob("profkit_ticky-*.dist-info"))

    listing = sh("-c", "from profkit.cli import main; raise SystemExit(main(['plugins']))")
    assert listing.returncode == 0, listing.stderr
    assert "ticky: profkit_ticky  [profkit-ticky]" in listing.stdout
    assert "-p ticky.KEY=VALUE" in listing.stdout and "alloc|entries|name" in listing.stdout

    out = tmp_path / "out"
    run = sh("-m", "profkit.cli", "run", "--outdir", str(out), "-p", "ticky.enable=1",
             str(REPO / "examples" / "nfib.hs"))
    assert run.returncode == 0 and run.stdout == "4181\n", run.stderr
    assert (out / "nfib.ticky").read_text().startswith("nfib: ticky-ticky counters")
    for spec, msg in (("ticky.enabel=1", "no option 'enabel'"),
                      ("tikcy.enable=1", "unknown plugin 'tikcy'")):
        bad = sh("-m", "profkit.cli", "run", "-p", spec, str(REPO / "examples" / "nfib.hs"))
        assert bad.returncode == 2 and msg in bad.stderr and bad.stderr.count("\n") == 1

    # its own suite, run against the installed copy (the package folder is not on sys.path:
    # pytest runs from the tests folder with importlib mode), fixtures from profkit's pytest11
    tests = sh("-m", "pytest", "-o", "addopts=", "-q", "-p", "no:cacheprovider",
               "--import-mode=importlib",
               str(pkg / "tests"), cwd=pkg / "tests")
    assert tests.returncode == 0, tests.stdout[-3000:] + tests.stderr[-2000:]
    assert "3 passed" in tests.stdout, tests.stdout[-2000:]
