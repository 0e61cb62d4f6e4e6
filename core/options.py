"""Command-line options: profkit's own flags, compile flags, and GHC's ``+RTS ... -RTS``.

``profkit run [options] PROG [+RTS rts-flags -RTS] [program args]``

Options before PROG are profkit's and the compiler's (``-fprof-auto``...); ``+RTS ... -RTS``
anywhere after PROG holds GHC runtime flags (``-RTS`` may be omitted at the end, as in GHC);
everything else after PROG is passed to the program. The RTS flags are a translation layer:
each sets a field of ``RtsFlags`` that schemes and backends read.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field

from .errors import UsageError

HEAP_BREAKDOWNS = {"c", "m", "d", "y", "r", "b", "T"}

INT_MAX = (1 << 31) - 1
BLOCK = 4096  # GHC's block size: the unit of -A and -M minima
#: the largest guest heap, nursery or creation space any option may ask for
MAX_GUEST_BYTES = 1 << 40
MAX_GENERATIONS = 16
#: the MLWorks heap is 1008 MB of the 32-bit address space (backends/mlworks/runtime/memory)
MAX_CREATION_SPACE = 256 << 20
MIN_CREATION_SPACE = 4096
MAX_PROFILE_MANNER = (1 << 20) - 1  # bits 0-15 what to report, 16-19 the time depth


def parse_size(text: str, flag: str, lo: int = 0, hi: int = 1 << 62) -> int:
    """``16k``, ``1m``, ``2g``, ``4096`` -> bytes, within ``lo..hi`` (GHC's wording when
    not)."""
    m = re.fullmatch(r"(\d{1,30}(?:\.\d{1,30})?)([kKmMgGtT]?)[bB]?", text)
    if not m:
        raise UsageError(f"bad size for {flag}: {text!r} (expected e.g. 16k, 1m)")
    mult = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}[m.group(2).lower()]
    n = int(float(m.group(1)) * mult)
    if not lo <= n <= hi:
        # GHC's RTS: "error in RTS option -A1: size outside allowed range (8192 - ...)"
        long = flag.startswith("--")
        raise UsageError(f"error in {'' if long else 'RTS '}option {flag}{' ' if long else ''}"
                         f"{text}: size outside allowed range ({lo} - {hi})")
    return n


@dataclass
class HeapProfileFlags:
    breakdown: str | None = None  # one of HEAP_BREAKDOWNS, None = no heap profile
    restrict: dict[str, list[str]] = field(default_factory=dict)  # letter -> names ("c","C",...)
    biography: bool = False  # -hb requested alongside another break-down (profkit extension)
    retainer: bool = False  # -hr requested alongside another break-down (profkit extension)


@dataclass
class RtsFlags:
    prof: str | None = None  # "p", "P", "pa", "Pa", "pj"
    heap: HeapProfileFlags = field(default_factory=HeapProfileFlags)
    interval: float = 0.1  # -i, virtual seconds between censuses (GHC default 0.1)
    label_length: int = 25  # -L
    max_retainer_set: int = 8  # -R
    nursery_bytes: int = 1 << 20  # -A (GHC 9.0.2 default 1m; profkit counts GHC-sized bytes)
    generations: int = 2  # -G
    include_tso: bool = False  # -xt
    stats: bool = False  # -s
    tick_interval: float = 0.001  # -V
    max_heap_bytes: int | None = None  # -M (or the default bound, see default_max_heap)
    max_heap_given: bool = False  # -M was given (the default bound's message differs)
    args: list[str] = field(default_factory=list)  # as given, for the report headers


@dataclass
class CompileFlags:
    prof_auto: str | None = None  # "all", "top", "exported", "calls"
    prof_cafs: bool = False


@dataclass
class Config:
    program: str = ""
    program_args: list[str] = field(default_factory=list)
    backend: str | None = None
    arch: str = "x86"
    compile: CompileFlags = field(default_factory=CompileFlags)
    rts: RtsFlags = field(default_factory=RtsFlags)
    outdir: str = "."
    max_steps: int | None = None
    #: bound on profkit's resident memory in bytes (--max-memory; 0 = none; None = default)
    host_memory: int | None = None
    creation_space: int = 1 << 20
    ml_generations: int = 4
    profile_file: str | None = None  # MLWorks -profile FILE
    profile_manner: int = 7
    profile_select: str | None = None
    profile_overflow: bool = False  # x86: the 1998 limit-overflow scheme instead of patching
    plugin_options: dict[str, str] = field(default_factory=dict)
    disabled_plugins: set[str] = field(default_factory=set)

    @property
    def program_name(self) -> str:
        """The program's name as GHC's reports print it (the executable's name)."""
        return os.path.splitext(os.path.basename(self.program))[0]

    def output_path(self, suffix: str) -> str:
        return os.path.join(self.outdir, self.program_name + suffix)

    def rts_args_text(self) -> str:
        return " ".join(self.rts.args)


def parse_rts_flag(flag: str, rts: RtsFlags) -> None:
    if not flag.startswith("-"):
        raise UsageError(f"unexpected RTS option: {flag}")
    body = flag[1:]
    rts.args.append(flag)
    if body in ("p", "P", "pa", "Pa", "pj"):
        rts.prof = body
    elif body.startswith("h"):
        _parse_heap_flag(flag, body[1:], rts.heap)
    elif body.startswith("i"):
        rts.interval = _number(flag, body[1:], 1e-6, 1e6, "the census interval (seconds)")
    elif body.startswith("L"):
        rts.label_length = _integer(flag, body[1:], 5, INT_MAX, "the label length")
    elif body.startswith("R"):
        rts.max_retainer_set = _integer(flag, body[1:], 1, INT_MAX,
                                        "the retainer set limit")
    elif body.startswith("A"):
        # at least one 4k block; the model's nursery is virtual but a huge one would only
        # postpone every collection past the memory bound
        rts.nursery_bytes = parse_size(body[1:], "-A", BLOCK, MAX_GUEST_BYTES)
    elif body.startswith("G"):
        rts.generations = _integer(flag, body[1:], 1, MAX_GENERATIONS, "generations")
    elif body.startswith("M"):
        rts.max_heap_bytes = parse_size(body[1:], "-M", BLOCK, MAX_GUEST_BYTES)
        rts.max_heap_given = True
    elif body.startswith("V"):
        # -V0 turns the tick off in GHC; here the clock still needs a period: the default
        rts.tick_interval = _number(flag, body[1:], 0.0, 1e6, "the tick interval (seconds)") \
            or 0.001
        if rts.tick_interval < 1e-6:
            raise UsageError(f"{flag}: the tick interval must be at least 1e-06 seconds")
    elif body == "xt":
        rts.include_tso = True
    elif body in ("s", "S"):
        rts.stats = True
    else:
        raise UsageError(f"unknown RTS option: {flag}")


def _number(flag: str, text: str, lo: float = -math.inf, hi: float = math.inf,
            what: str = "the value") -> float:
    """A finite number in ``lo..hi``; ``flag`` names it in the message (an RTS flag's
    message says so, a profkit option's does not)."""
    kind = "option" if flag.startswith("--") else "RTS option"
    try:
        x = float(text)
    except (ValueError, OverflowError):
        raise UsageError(f"bad number in {kind} {flag}: {text!r}") from None
    if not math.isfinite(x):
        raise UsageError(f"bad number in {kind} {flag}: {text!r} (must be finite)")
    if not lo <= x <= hi:
        raise UsageError(f"{kind} {flag}: {what} must be between {_fmt(lo)} and "
                         f"{_fmt(hi)}, not {text}")
    return x


def _fmt(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"


def _integer(flag: str, text: str, lo: int, hi: int, what: str) -> int:
    x = _number(flag, text, lo, hi, what)
    if x != int(x):
        kind = "option" if flag.startswith("--") else "RTS option"
        raise UsageError(f"{kind} {flag}: {what} must be a whole number, not {text}")
    return int(x)


def _parse_heap_flag(flag: str, rest: str, heap: HeapProfileFlags) -> None:
    if not rest:
        rest = "c"  # plain -h is -hc
    letter, names = rest[0], rest[1:]
    if letter not in HEAP_BREAKDOWNS and letter != "C":
        raise UsageError(f"unknown heap profile break-down: {flag}")
    if names:
        heap.restrict.setdefault(letter, []).extend(n for n in names.split(",") if n)
        return
    if letter == "C":
        raise UsageError(f"{flag}: -hC needs cost-centre names")
    if heap.breakdown is None or heap.breakdown == letter:
        heap.breakdown = letter
    elif {heap.breakdown, letter} <= {"r", "b"} or letter in ("r", "b") or heap.breakdown in ("r", "b"):
        # profkit extension: -hr and -hb together, or either next to another break-down,
        # produce both profiles (GHC refuses with "cannot mix -hb and -hr").
        for x in (heap.breakdown, letter):
            if x == "r":
                heap.retainer = True
            if x == "b":
                heap.biography = True
        heap.breakdown = heap.breakdown if heap.breakdown not in ("r", "b") else letter
    else:
        raise UsageError(f"{flag}: only one heap profile break-down may be given")


def split_command(argv: list[str]) -> tuple[list[str], list[str], list[str]]:
    """Split ``[opts] PROG [+RTS ... -RTS] [args]`` into (opts+PROG, rts flags, args)."""
    before: list[str] = []
    rts: list[str] = []
    args: list[str] = []
    seen_prog = False
    in_rts = False
    only_args = False
    it = iter(argv)
    for a in it:
        if only_args:
            args.append(a)
        elif in_rts:
            if a == "-RTS":
                in_rts = False
            elif a == "+RTS":
                continue
            else:
                rts.append(a)
        elif a == "+RTS":
            in_rts = True
        elif not seen_prog:
            before.append(a)
            if not a.startswith("-"):
                seen_prog = True
            elif a in _OPTS_WITH_VALUE:
                v = next(it, None)
                if v is None:
                    raise UsageError(f"option {a} needs a value")
                before.append(v)
        elif a == "--":
            only_args = True
        elif a.startswith("--") and (a in _OPTS_WITH_VALUE or a in _FLAGS):
            # profkit's own long options may follow the program too (MLWorks's
            # `PROG --profile FILE` style); `--` ends them
            before.append(a)
            if a in _OPTS_WITH_VALUE:
                v = next(it, None)
                if v is None:
                    raise UsageError(f"option {a} needs a value")
                before.append(v)
        else:
            args.append(a)
    return before, rts, args


_FLAGS = {"--profile-overflow"}

_OPTS_WITH_VALUE = {
    "--backend", "--arch", "--outdir", "--max-steps", "--max-memory", "--creation-space",
    "--generations",
    "--profile", "--profile-manner", "--profile-select", "-p",
}


def parse_run_args(argv: list[str]) -> Config:
    """Parse the arguments of ``profkit run``."""
    before, rts_flags, args = split_command(argv)
    cfg = Config(program_args=args)
    given_ml: list[str] = []
    given_report: list[str] = []  # --profile, --profile-manner, --profile-select
    it = iter(before)
    for a in it:
        if not a.startswith("-"):
            cfg.program = a
        elif a == "-fprof-auto":
            cfg.compile.prof_auto = "all"
        elif a == "-fprof-auto-top":
            cfg.compile.prof_auto = "top"
        elif a == "-fprof-auto-calls":
            cfg.compile.prof_auto = "calls"
        elif a == "-fprof-auto-exported":
            cfg.compile.prof_auto = "exported"
        elif a == "-fprof-cafs":
            cfg.compile.prof_cafs = True
        elif a in ("-prof", "-rtsopts", "-O0", "-O", "-O1", "-O2"):
            pass  # GHC build flags that change nothing here
        elif a in _ML_ONLY:
            if a not in _SPACE_REPORT:
                given_ml.append(a)
            else:
                given_report.append(a)
            _ml_option(cfg, a, it)
        elif a == "--backend":
            cfg.backend = next(it)
            if cfg.backend not in ("stg", "mlworks"):
                raise UsageError(f"unknown backend {cfg.backend!r} (expected stg or mlworks)")
        elif a == "--outdir":
            cfg.outdir = next(it)
            if not cfg.outdir:
                raise UsageError("--outdir: empty directory name")
        elif a == "--max-memory":
            cfg.host_memory = parse_size(next(it), "--max-memory", 0, MAX_GUEST_BYTES)
            if 0 < cfg.host_memory < 64 << 20:
                raise UsageError("--max-memory: at least 64m (profkit itself needs that), "
                                 "or 0 for no bound")
        elif a == "--max-steps":
            cfg.max_steps = _integer("--max-steps", next(it), 1, 1 << 62, "the step limit")
        elif a == "-p":
            # checked against the plugins' declared options (core/plugin_options.py)
            from .plugin_options import collect

            collect(cfg, next(it))
        else:
            raise UsageError(f"unknown option: {a}")
    if not cfg.program:
        raise UsageError("no program given (usage: profkit run [options] PROG [+RTS ... -RTS])")
    for a in given_report:
        if a != "--profile" and not cfg.profile_file:
            raise UsageError(f"{a} shapes the space report of --profile FILE, which is not "
                             "given")
    for f in rts_flags:
        parse_rts_flag(f, cfg.rts)
    _check_backend(cfg, given_ml)
    if cfg.profile_file and not os.path.dirname(cfg.profile_file) and cfg.outdir != ".":
        # a bare file name goes with the other reports; a path is taken as given
        cfg.profile_file = os.path.join(cfg.outdir, cfg.profile_file)
    if cfg.host_memory is None:
        cfg.host_memory = default_host_memory()
    return cfg


# profkit options of the MLWorks backend only
_ML_ONLY = {"--arch", "--creation-space", "--generations", "--profile", "--profile-manner",
            "--profile-select", "--profile-overflow"}
# ...of which these also work on Haskell programs: the MLWorks-format space report is a
# scheme over the shared events, with the allocating cost centres as its functions
_SPACE_REPORT = {"--profile", "--profile-manner", "--profile-select"}
# GHC RTS flags the MLWorks backend has no use for, with the reason
_RTS_NOT_ML = {
    "x": "the MLWorks runtime has no thread objects (-xt)",
    "s": "the MLWorks backend prints no GHC-style statistics (-s)",
    "S": "the MLWorks backend prints no GHC-style statistics (-S)",
}


def _ml_option(cfg: Config, a: str, it) -> None:
    if a == "--arch":
        cfg.arch = next(it)
        if cfg.arch not in ("x86", "sparc"):
            raise UsageError(f"unknown architecture {cfg.arch!r} (expected x86 or sparc)")
    elif a == "--creation-space":
        cfg.creation_space = parse_size(next(it), "--creation-space", MIN_CREATION_SPACE,
                                        MAX_CREATION_SPACE)
    elif a == "--generations":
        cfg.ml_generations = _integer("--generations", next(it), 1, MAX_GENERATIONS,
                                      "generations")
    elif a == "--profile":
        cfg.profile_file = next(it)
        if not cfg.profile_file:
            raise UsageError("--profile: empty file name")
    elif a == "--profile-manner":
        cfg.profile_manner = _integer("--profile-manner", next(it), 0, MAX_PROFILE_MANNER,
                                      "the profile manner")
    elif a == "--profile-select":
        cfg.profile_select = next(it)
    elif a == "--profile-overflow":
        cfg.profile_overflow = True


def backend_kind(cfg: Config) -> str | None:
    """``stg`` or ``mlworks``: ``--backend``, else the program's extension."""
    if cfg.backend:
        return cfg.backend
    ext = os.path.splitext(cfg.program)[1].lower()
    if ext in (".hs", ".lhs"):
        return "stg"
    if ext in (".sml", ".sig", ".ml"):
        return "mlworks"
    return None


def _check_backend(cfg: Config, given_ml: list[str]) -> None:
    """Refuse an option of one backend on a program of the other, saying why."""
    kind = backend_kind(cfg)
    if kind == "stg" and given_ml:
        raise UsageError(f"{given_ml[0]} is an MLWorks-backend option: {cfg.program} is a "
                         "Haskell program (run on the STG machine)")
    if kind == "mlworks":
        for f in cfg.rts.args:
            letter = f[1:2]
            if letter == "A" and "--creation-space" not in given_ml:
                # GHC's nursery is MLWorks's creation space: -A sizes it
                cfg.creation_space = parse_size(f[2:], "-A", MIN_CREATION_SPACE,
                                                MAX_CREATION_SPACE)
            elif letter == "G" and "--generations" not in given_ml:
                cfg.ml_generations = cfg.rts.generations
            elif letter in _RTS_NOT_ML:
                raise UsageError(f"RTS option {f} does not apply to {cfg.program}: "
                                 f"{_RTS_NOT_ML[letter]}")


def host_memory_bytes() -> int | None:
    """Physical memory of the host (None when the OS does not say)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None


#: the default bound on profkit's own memory (resident set), as a fraction of the host's
DEFAULT_HOST_FRACTION = 0.5


def default_host_memory() -> int:
    """The default ``--max-memory``: half the host's physical memory (at least 256 MB), so
    that a runaway program stops with a message before the host runs out of memory (the
    host spends 10-25 bytes per guest byte: bench/bench_memory.py). ``PROFKIT_MAX_MEMORY``
    (a size; 0 = no bound) overrides it."""
    env = os.environ.get("PROFKIT_MAX_MEMORY")
    if env:
        return parse_size(env, "PROFKIT_MAX_MEMORY=", 0, MAX_GUEST_BYTES)
    mem = host_memory_bytes() or (4 << 30)
    bound = mem * DEFAULT_HOST_FRACTION
    avail = _available_memory()
    if avail is not None:  # other processes' share of a busy host is not ours to take
        bound = min(bound, avail * 0.75)
    return max(256 << 20, int(bound))


def _available_memory() -> int | None:
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None
