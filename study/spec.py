"""The study file (TOML) and its matrix of cells.

::

    [study]
    name = "basic"
    programs = ["nfib", "leak"]        # corpus names, "*" for all, or paths (a pair's stem)
    corpus = "bundled"                 # or a directory (relative to the study file)
    backends = ["stg", "mlworks"]
    archs = ["x86"]                    # MLWorks only; the STG machine has none
    timeout = 120                      # seconds per cell
    jobs = 0                           # parallel cells, 0 = number of cores

    [params]                           # each a list: one axis of the matrix
    nursery = ["1m"]                   # +RTS -A (stg) / --creation-space (mlworks)
    generations = [2]                  # +RTS -G (stg) / --generations (mlworks)
    interval = [0.001]                 # +RTS -i: census interval, virtual seconds

    [schemes.full]                     # one or more named flag sets
    flags = ["-fprof-auto"]            # profkit/compile options before the program
    rts = ["-pj", "-hc", "-hb"]        # +RTS flags
    space = true                       # MLWorks cells: also the space report (copies per gen.)

A cell is one program on one backend (and architecture) under one scheme and one choice of
every parameter. Its key hashes the program's text, the full command line and profkit's
version, so a rerun skips cells already done and a changed program or option runs again.
"""

from __future__ import annotations

import hashlib
import importlib
import itertools
import json
import math
import os
import tomllib
from dataclasses import asdict, dataclass, field
from typing import Any

from profkit.errors import UsageError

from . import corpus

BACKEND_EXT = {"stg": "hs", "mlworks": "sml"}
#: MLWorks manner for the space report: space (4) + copies per generation (8)
SPACE_MANNER = 12


VERSION_ENV = "PROFKIT_STUDY_VERSION"


def profkit_version() -> str:
    """The distribution's version plus a fingerprint of the code that makes the reports
    (``0.1.0+src.1a2b3c4d5e6f``): a development install keeps its version number while its
    runtimes change, and a study must not reuse cells computed by other code. The study
    package itself is left out (its tables and pages do not change a report), except the
    gcstats scheme, which writes one. Computed afresh each time (a few milliseconds), so a
    long-lived process sees code changed under it. ``PROFKIT_STUDY_VERSION`` in the
    environment replaces it (to keep the cells of a study across a change known not to alter
    any report; the tests pin it because other work edits the tree while they run)."""
    pinned = os.environ.get(VERSION_ENV)
    if pinned:
        return pinned
    try:
        from importlib.metadata import version

        base = version("profkit")
    except Exception:  # not installed as a distribution (a source checkout on sys.path)
        base = "0"
    # the same code gives the same fingerprint in an editable and in a wheel install: files
    # are named by package, and each package is walked from its own directory
    roots: dict[str, str] = {}
    for name in ("profkit", "profkit.backends", "profkit.plugins"):
        try:
            mod = importlib.import_module(name)
        except ImportError:
            continue
        for p in mod.__path__:
            roots.setdefault(os.path.abspath(p), name)
    here = os.path.dirname(os.path.abspath(__file__))
    files: dict[str, str] = {"profkit.study/gcstats.py": os.path.join(here, "gcstats.py")}
    for root, name in roots.items():
        for d, dirs, names in os.walk(root):
            dirs[:] = [x for x in dirs if x != "__pycache__" and os.path.join(d, x) != here
                       and os.path.join(d, x) not in roots]
            for n in names:
                if n.endswith((".py", ".hs", ".sml")):
                    f = os.path.join(d, n)
                    files[f"{name}/{os.path.relpath(f, root)}"] = f
    h = hashlib.sha256()
    for key in sorted(files):
        h.update(key.encode() + b"\0")
        with open(files[key], "rb") as fh:
            h.update(fh.read())
    return f"{base}+src.{h.hexdigest()[:12]}"


@dataclass
class Scheme:
    name: str
    flags: list[str] = field(default_factory=list)
    rts: list[str] = field(default_factory=list)
    space: bool = False


@dataclass
class Cell:
    program: str
    backend: str
    arch: str  # "-" on the STG backend
    scheme: str
    nursery: str
    generations: int
    interval: float
    source_path: str
    argv: list[str]  # `profkit run` arguments; the program file is PROG.ext in the cell dir
    config: str = ""  # the column label in comparisons
    key: str = ""
    program_sha: str = ""
    version: str = ""

    @property
    def ext(self) -> str:
        return BACKEND_EXT[self.backend]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Study:
    name: str
    path: str
    programs: list[str]
    program_paths: dict[str, str]  # name -> path without extension
    backends: list[str]
    archs: list[str]
    schemes: list[Scheme]
    nursery: list[str]
    generations: list[int]
    interval: list[float]
    timeout: float = 120.0
    jobs: int = 0
    name_map: dict[str, dict[str, str]] = field(default_factory=dict)
    expected: dict[str, str] = field(default_factory=dict)  # program -> expected stdout path

    def cells(self) -> list[Cell]:
        return expand(self)


def _list(d: dict, key: str, default: list, where: str) -> list:
    v = d.get(key, default)
    if not isinstance(v, list):
        v = [v]
    if not v:
        raise UsageError(f"{where}: '{key}' must not be empty")
    return v


STUDIES_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "studies")


def bundled_studies() -> list[str]:
    return sorted(f[:-5] for f in os.listdir(STUDIES_DIR) if f.endswith(".toml"))


def find_study_file(arg: str) -> str:
    """``arg`` itself when it exists, else the bundled study of that name (``basic``)."""
    if os.path.exists(arg):
        return arg
    name = arg[:-5] if arg.endswith(".toml") else arg
    bundled = os.path.join(STUDIES_DIR, name + ".toml")
    if os.sep not in arg and os.path.exists(bundled):
        return bundled
    raise UsageError(f"{arg}: no such study file (bundled studies: "
                     f"{', '.join(bundled_studies())})")


def load_study(path: str) -> Study:
    """Read and check a study file (a path, or the name of a bundled study); a bad file is
    a ``UsageError`` naming the problem."""
    path = find_study_file(path)
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except OSError as e:
        raise UsageError(f"{path}: {e.strerror or e}") from None
    except tomllib.TOMLDecodeError as e:
        raise UsageError(f"{path}: not valid TOML: {e}") from None
    except UnicodeDecodeError as e:
        raise UsageError(f"{path}: not valid TOML: invalid UTF-8 byte 0x{e.object[e.start]:02x} "
                         f"at offset {e.start}") from None
    return study_from_dict(data, path)


def _number(v: Any, kind: type, where: str, what: str, low: float, high: float) -> Any:
    """``v`` as an int or a finite float within [low, high], else a ``UsageError``."""
    try:
        x = kind(v) if not isinstance(v, (bool, dict, list)) else None
    except (TypeError, ValueError, OverflowError):
        x = None
    if x is None or not math.isfinite(x) or not low <= x <= high:
        raise UsageError(f"{where}: {what} must be a number from {low:g} to {high:g}, "
                         f"not {v!r}")
    return x


def _table(data: dict[str, Any], key: str, where: str) -> dict[str, Any]:
    t = data.get(key, {})
    if not isinstance(t, dict):
        raise UsageError(f"{where}: '{key}' must be a table ([{key}])")
    return t


def study_from_dict(data: dict[str, Any], path: str) -> Study:
    where = path
    unknown = set(data) - {"study", "params", "schemes"}
    if unknown:
        raise UsageError(f"{where}: unknown top-level keys {sorted(unknown)} (expected the "
                         "tables [study], [params] and [schemes.NAME])")
    st = _table(data, "study", where)
    if "corpus" in st and not isinstance(st["corpus"], str):
        raise UsageError(f"{where}: [study] corpus must be a directory name")
    if "name" in st and not (isinstance(st["name"], str) and st["name"].strip()):
        raise UsageError(f"{where}: [study] name must be a non-empty string")
    base = os.path.dirname(os.path.abspath(path))
    corpus_opt = st.get("corpus", "bundled")
    cdir = corpus.CORPUS_DIR if corpus_opt == "bundled" else os.path.join(base, corpus_opt)
    if not os.path.isdir(cdir):
        raise UsageError(f"{where}: corpus directory {cdir} does not exist")
    names = _list(st, "programs", ["*"], where)
    programs: list[str] = []
    paths: dict[str, str] = {}
    for n in names:
        if n == "*":
            for p in corpus.programs(cdir):
                programs.append(p)
                paths[p] = os.path.join(cdir, p)
            continue
        n = str(n)
        if n.endswith((".hs", ".sml")):  # a file of the pair: the pair is its stem
            n = os.path.splitext(n)[0]
        full = n if os.path.isabs(n) else os.path.join(cdir, n)
        if not (os.path.exists(full + ".hs") or os.path.exists(full + ".sml")):
            full = os.path.join(base, n)
        if not (os.path.exists(full + ".hs") or os.path.exists(full + ".sml")):
            where_ = cdir if os.path.isabs(n) or base == cdir else f"{cdir} or {base}"
            raise UsageError(f"{where}: program {n!r}: no {n}.hs or {n}.sml in {where_}")
        p = os.path.basename(full)
        if p in paths:
            raise UsageError(f"{where}: program {p!r} listed twice")
        programs.append(p)
        paths[p] = full
    backends = [str(b) for b in _list(st, "backends", ["stg", "mlworks"], where)]
    for b in backends:
        if b not in BACKEND_EXT:
            raise UsageError(f"{where}: unknown backend {b!r} (expected stg or mlworks)")
    archs = [str(a) for a in _list(st, "archs", ["x86"], where)]
    for a in archs:
        if a not in ("x86", "sparc"):
            raise UsageError(f"{where}: unknown architecture {a!r} (expected x86 or sparc)")
    params = _table(data, "params", where)
    unknown = set(params) - {"nursery", "generations", "interval"}
    if unknown:
        raise UsageError(f"{where}: [params]: unknown keys {sorted(unknown)}")
    nursery = [str(x) for x in _list(params, "nursery", ["1m"], where)]
    generations = [_number(x, int, where, "[params] generations", 1, 64)
                   for x in _list(params, "generations", [2], where)]
    interval = [_number(x, float, where, "[params] interval", 1e-6, 3600.0)
                for x in _list(params, "interval", [0.001], where)]
    schemes_d = data.get("schemes", {"default": {"rts": ["-pj", "-hc"]}})
    if not isinstance(schemes_d, dict) or not schemes_d:
        raise UsageError(f"{where}: [schemes.NAME] tables expected")
    schemes = []
    for name, s in schemes_d.items():
        if not isinstance(s, dict):
            raise UsageError(f"{where}: [schemes.{name}] must be a table")
        unknown = set(s) - {"flags", "rts", "space"}
        if unknown:
            raise UsageError(f"{where}: [schemes.{name}]: unknown keys {sorted(unknown)}")
        schemes.append(Scheme(name, [str(x) for x in s.get("flags", [])],
                              [str(x) for x in s.get("rts", [])], bool(s.get("space", False))))
    unknown = set(st) - {"name", "programs", "corpus", "backends", "archs", "timeout", "jobs"}
    if unknown:
        raise UsageError(f"{where}: [study]: unknown keys {sorted(unknown)}")
    expected = {}
    for p, full in paths.items():
        if os.path.exists(full + ".stdout"):
            expected[p] = full + ".stdout"
    return Study(
        name=str(st.get("name", os.path.splitext(os.path.basename(path))[0])),
        path=os.path.abspath(path), programs=programs, program_paths=paths,
        backends=backends, archs=archs, schemes=schemes, nursery=nursery,
        generations=generations, interval=interval,
        timeout=_number(st.get("timeout", 120), float, where, "[study] timeout", 0.001, 1e7),
        jobs=_number(st.get("jobs", 0), int, where, "[study] jobs", 0, 4096),
        name_map=corpus.name_map(cdir), expected=expected,
    )


def _fmt_interval(x: float) -> str:
    return f"{x:g}"


def cell_argv(program: str, backend: str, arch: str, scheme: Scheme, nursery: str,
              generations: int, interval: float) -> list[str]:
    """The ``profkit run`` arguments of a cell, run in its own directory."""
    ext = BACKEND_EXT[backend]
    argv = list(scheme.flags) + ["--outdir", "."]
    rts = list(scheme.rts)
    if backend == "mlworks":
        argv += ["--arch", arch, "--creation-space", nursery, "--generations", str(generations)]
    else:
        rts += [f"-A{nursery}", f"-G{generations}"]
    if scheme.space and backend == "mlworks":  # an MLWorks-backend option
        argv += ["--profile", f"{program}.space", "--profile-manner", str(SPACE_MANNER)]
    argv += ["-p", f"gcstats.file={program}.gcstats.json"]
    rts.append(f"-i{_fmt_interval(interval)}")
    return argv + [f"{program}.{ext}", "+RTS", *rts, "-RTS"]


def expand(study: Study) -> list[Cell]:
    """Every cell of the matrix, in a stable order (program-major)."""
    version = profkit_version()
    cells: list[Cell] = []
    shas: dict[tuple[str, str], str] = {}
    for prog, backend, scheme, nursery, gens, interval in itertools.product(
        study.programs, study.backends, study.schemes, study.nursery, study.generations,
        study.interval,
    ):
        ext = BACKEND_EXT[backend]
        src = study.program_paths[prog] + "." + ext
        if not os.path.exists(src):
            continue  # a program written for one runtime only
        if (prog, ext) not in shas:
            with open(src, "rb") as f:
                shas[(prog, ext)] = hashlib.sha256(f.read()).hexdigest()
        for arch in (study.archs if backend == "mlworks" else ["-"]):
            argv = cell_argv(prog, backend, arch, scheme, nursery, gens, interval)
            c = Cell(prog, backend, arch, scheme.name, nursery, gens, interval, src, argv,
                     program_sha=shas[(prog, ext)], version=version)
            c.key = cell_key(c)
            cells.append(c)
    _label(study, cells)
    return cells


def cell_key(c: Cell) -> str:
    blob = json.dumps([c.program, c.program_sha, c.backend, c.argv, c.version])
    return hashlib.sha256(blob.encode()).hexdigest()[:20]


def _label(study: Study, cells: list[Cell]) -> None:
    """Column labels: the backend (and architecture), plus every axis that varies."""
    for c in cells:
        parts = [c.backend if c.arch == "-" else f"{c.backend}/{c.arch}"]
        if len(study.schemes) > 1:
            parts.append(c.scheme)
        if len(study.nursery) > 1:
            parts.append(f"A{c.nursery}")
        if len(study.generations) > 1:
            parts.append(f"G{c.generations}")
        if len(study.interval) > 1:
            parts.append(f"i{_fmt_interval(c.interval)}")
        c.config = " ".join(parts)


def configs(cells: list[Cell]) -> list[str]:
    """Column labels in matrix order."""
    out: list[str] = []
    for c in cells:
        if c.config not in out:
            out.append(c.config)
    return out
