"""Command-line options: profkit's own flags, compile flags, and GHC's ``+RTS ... -RTS``.

``profkit run [options] PROG [+RTS rts-flags -RTS] [program args]``

Options before PROG are profkit's and the compiler's (``-fprof-auto``...); ``+RTS ... -RTS``
anywhere after PROG holds GHC runtime flags (``-RTS`` may be omitted at the end, as in GHC);
everything else after PROG is passed to the program. The RTS flags are a translation layer:
each sets a field of ``RtsFlags`` that schemes and backends read.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from .errors import UsageError

HEAP_BREAKDOWNS = {"c", "m", "d", "y", "r", "b", "T"}


def parse_size(text: str, flag: str) -> int:
    """``16k``, ``1m``, ``2g``, ``4096`` -> bytes."""
    m = re.fullmatch(r"(\d+(?:\.\d+)?)([kKmMgG]?)[bB]?", text)
    if not m:
        raise UsageError(f"bad size for {flag}: {text!r} (expected e.g. 16k, 1m)")
    mult = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}[m.group(2).lower()]
    return int(float(m.group(1)) * mult)


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
    max_heap_bytes: int | None = None  # -M
    args: list[str] = field(default_factory=list)  # as given, for the report headers


@dataclass
class CompileFlags:
    prof_auto: str | None = None  # "all", "top", "calls"
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
        rts.interval = _number(flag, body[1:])
        if rts.interval <= 0:
            raise UsageError(f"{flag}: the census interval must be positive")
    elif body.startswith("L"):
        rts.label_length = int(_number(flag, body[1:]))
        if rts.label_length < 5:
            raise UsageError(f"{flag}: label length must be at least 5")
    elif body.startswith("R"):
        rts.max_retainer_set = int(_number(flag, body[1:]))
    elif body.startswith("A"):
        rts.nursery_bytes = parse_size(body[1:], "-A")
    elif body.startswith("G"):
        rts.generations = int(_number(flag, body[1:]))
        if rts.generations < 1:
            raise UsageError(f"{flag}: at least one generation is needed")
    elif body.startswith("M"):
        rts.max_heap_bytes = parse_size(body[1:], "-M")
    elif body.startswith("V"):
        rts.tick_interval = _number(flag, body[1:]) or 0.001
    elif body == "xt":
        rts.include_tso = True
    elif body in ("s", "S"):
        rts.stats = True
    else:
        raise UsageError(f"unknown RTS option: {flag}")


def _number(flag: str, text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise UsageError(f"bad number in RTS option {flag}") from None


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
    "--backend", "--arch", "--outdir", "--max-steps", "--creation-space", "--generations",
    "--profile", "--profile-manner", "--profile-select", "-p",
}


def parse_run_args(argv: list[str]) -> Config:
    """Parse the arguments of ``profkit run``."""
    before, rts_flags, args = split_command(argv)
    cfg = Config(program_args=args)
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
        elif a == "-fprof-cafs":
            cfg.compile.prof_cafs = True
        elif a in ("-prof", "-rtsopts", "-O0", "-O", "-O1", "-O2"):
            pass  # GHC build flags that change nothing here
        elif a == "--backend":
            cfg.backend = next(it)
            if cfg.backend not in ("stg", "mlworks"):
                raise UsageError(f"unknown backend {cfg.backend!r} (expected stg or mlworks)")
        elif a == "--arch":
            cfg.arch = next(it)
            if cfg.arch not in ("x86", "sparc"):
                raise UsageError(f"unknown architecture {cfg.arch!r} (expected x86 or sparc)")
        elif a == "--outdir":
            cfg.outdir = next(it)
        elif a == "--max-steps":
            cfg.max_steps = int(_number("--max-steps", next(it)))
        elif a == "--creation-space":
            cfg.creation_space = parse_size(next(it), "--creation-space")
        elif a == "--generations":
            cfg.ml_generations = int(_number("--generations", next(it)))
        elif a == "--profile":
            cfg.profile_file = next(it)
        elif a == "--profile-manner":
            cfg.profile_manner = int(_number("--profile-manner", next(it)))
        elif a == "--profile-select":
            cfg.profile_select = next(it)
        elif a == "--profile-overflow":
            cfg.profile_overflow = True
        elif a == "-p":
            spec = next(it)
            if spec.startswith("no:"):
                cfg.disabled_plugins.add(spec[3:])
            elif "=" in spec:
                k, v = spec.split("=", 1)
                cfg.plugin_options[k] = v
            else:
                raise UsageError(f"-p takes name.key=value or no:name, not {spec!r}")
        else:
            raise UsageError(f"unknown option: {a}")
    if not cfg.program:
        raise UsageError("no program given (usage: profkit run [options] PROG [+RTS ... -RTS])")
    for f in rts_flags:
        parse_rts_flag(f, cfg.rts)
    return cfg
