"""``profkit demo``: run the bundled example programs under the main profiling schemes.

Each example runs in its own process-free session; reports go to ``OUTDIR/<example>/<mode>/``
and a summary ``OUTDIR/index.txt`` lists what was written. A failing example is reported and
the demo goes on; the exit status is non-zero if any example failed.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import time

from .errors import ProfkitError, UsageError
from .options import parse_run_args
from .runner import run
from .session import ENTRY_POINT_GROUP, make_plugin_manager

#: (mode name, options before the program, RTS flags) per source language
HASKELL_MODES = [
    ("plain", [], []),
    ("p", ["-fprof-auto"], ["-p"]),
    ("pj", ["-fprof-auto"], ["-pj"]),
    ("hc", ["-fprof-auto"], ["-hc", "-i0.001"]),
    ("hd", ["-fprof-auto"], ["-hd", "-i0.001"]),
    ("hy", ["-fprof-auto"], ["-hy", "-i0.001"]),
    ("hb", ["-fprof-auto"], ["-hb", "-i0.001"]),
    ("hr", ["-fprof-auto"], ["-hr", "-i0.001"]),
]
SML_MODES = [
    ("plain", [], []),
    ("space", ["--profile", "{out}/space.txt", "--profile-manner", "{manner}"], []),
    # MLWorks's time and call-count report (manner bits 1 and 2), then GHC's schemes on
    # the same runtime: call trees from stack scans, heap profiles, uses recorded by the code
    ("time", ["--profile", "{out}/time.txt", "--profile-manner", "3"], []),
    ("p", [], ["-p"]),
    ("pj", [], ["-pj"]),
    ("hc", [], ["-hc", "-i0.001"]),
    ("hd", [], ["-hd", "-i0.001"]),
    ("hy", [], ["-hy", "-i0.001"]),
    ("hb", [], ["-hb", "-i0.001"]),
    ("hr", [], ["-hr", "-i0.001"]),
]
#: MLWorks manner: space (4) + copies (8) + every breakdown kind (bits 8-15)
SML_MANNER = 4 + 8 + (0xFF << 8)


def demo(argv: list[str]) -> int:
    examples = argv[0] if len(argv) > 0 else "examples"
    outdir = argv[1] if len(argv) > 1 else "profkit-demo"
    if not os.path.isdir(examples):
        raise UsageError(f"{examples}: no such directory (run the demo from the repository)")
    progs = sorted(
        f for f in os.listdir(examples) if f.endswith((".hs", ".sml"))
    )
    os.makedirs(outdir, exist_ok=True)
    lines: list[str] = []
    failures = 0
    for prog in progs:
        path = os.path.join(examples, prog)
        modes = HASKELL_MODES if prog.endswith(".hs") else SML_MODES
        for mode, before, rts in modes:
            out = os.path.join(outdir, os.path.splitext(prog)[0], mode)
            os.makedirs(out, exist_ok=True)
            before = [a.format(out=out, manner=SML_MANNER) for a in before]
            argv_run = ["--outdir", out, *before, path] + (["+RTS", *rts, "-RTS"] if rts else [])
            start = time.perf_counter()
            stdout = io.StringIO()
            stderr = io.StringIO()
            try:
                with contextlib.redirect_stderr(stderr):
                    status = run(parse_run_args(argv_run), stdout=stdout, stderr=stderr)
            except ProfkitError as e:
                status = e.exit_code
                stderr.write(e.one_line() + "\n")
            wall = time.perf_counter() - start
            with open(os.path.join(out, "stdout.txt"), "w") as f:
                f.write(stdout.getvalue())
            if stderr.getvalue():
                with open(os.path.join(out, "stderr.txt"), "w") as f:
                    f.write(stderr.getvalue())
            _render_all(out)
            files = sorted(os.listdir(out))
            verdict = "ok" if status == 0 else f"FAILED (exit {status})"
            expected = os.path.splitext(path)[0] + ".stdout"
            if status == 0 and os.path.exists(expected):
                with open(expected) as f:
                    if f.read() != stdout.getvalue():
                        verdict, status = "WRONG OUTPUT", 1
            line = f"{prog:20} {mode:6} {verdict:18} {wall:6.1f}s  {' '.join(files)}"
            print(line, flush=True)
            lines.append(line)
            failures += status != 0
    # a worked comparative study of the paired corpus (profkit.study): one comparison page
    from .study.demo import demo_study

    failures += demo_study(outdir, lines)
    with open(os.path.join(outdir, "index.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"\nreports written under {os.path.abspath(outdir)}/ (summary in index.txt)")
    return 1 if failures else 0


def _render_all(out: str) -> None:
    """Draw every .hp file in ``out`` with the render plugin, if one is installed."""
    pm = make_plugin_manager()
    pm.load_setuptools_entrypoints(ENTRY_POINT_GROUP)
    for f in os.listdir(out):
        if f.endswith(".hp"):
            with contextlib.redirect_stdout(io.StringIO()):
                try:
                    pm.hook.profkit_cli_command(
                        name="render", argv=[os.path.join(out, f), "--format", "both"]
                    )
                except ProfkitError as e:  # a bad .hp is reported, not fatal to the demo
                    print(f"render {f}: {e.one_line()}", file=sys.stderr)
