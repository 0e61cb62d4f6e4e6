"""``profkit`` command line: ``run`` is core's; other subcommands come from plugins."""

from __future__ import annotations

import errno
import io
import os
import sys

# profkit computes in one thread and never calls BLAS, but OpenBLAS (under numpy) starts a
# thread per core when numpy is imported, and they spin for a while: 0.05 s of CPU with two
# cores, a sixth of a small program's start-up (more with more cores). Set before numpy is
# imported; the user's own setting wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from .errors import (INTERNAL_ERROR_EXIT, INTERRUPTED_EXIT, ProfkitError, ResourceLimitError,
                     UsageError)
from .options import parse_run_args
from .session import ENTRY_POINT_GROUP, make_plugin_manager

USAGE = """\
usage: profkit run [options] PROG.hs|PROG.sml [+RTS rts-flags -RTS] [args]
       profkit demo [EXAMPLES_DIR] [OUTDIR]
       profkit render FILE.hp [-o OUT] [--format svg|png|both]
       profkit read FILE.prof|FILE.hp [B.prof]
       profkit hooks

run options:  -fprof-auto | -fprof-auto-top | -fprof-auto-exported | -fprof-auto-calls,
              -fprof-cafs,
              --backend stg|mlworks, --arch x86|sparc, --outdir DIR, --max-steps N,
              --max-memory SIZE (0: no bound; default half the host's memory),
              --creation-space SIZE, --generations N, --profile FILE,
              --profile-manner N, --profile-select SUBSTRING, --profile-overflow,
              -p name.key=value, -p no:PLUGIN
RTS flags:    -p -P -pa -Pa -pj, -hc -hm -hd -hy -hr -hb -hT, -h<x>NAME,... (restrictions),
              -i<secs> -L<n> -R<n> -A<size> -G<n> -M<size> -V<secs> -xt -s
"""


def main(argv: list[str] | None = None) -> int:
    """Run one profkit command; every outcome is an exit status and at most one line on
    stderr (the table is README's Errors section), never a traceback."""
    from_command_line = argv is None
    if from_command_line:
        _python_interrupts()
        if sys.stdout is None:  # `profkit ... >&-`: Python leaves no stream at all
            sys.stdout = _ClosedOutput()
    argv = list(sys.argv[1:] if argv is None else argv)
    # Haskell's Integer and big SML/report numbers are exact: Python's 4300-digit guard on
    # int <-> str conversion would turn `show (2^20000)` into an error.
    sys.set_int_max_str_digits(0)
    try:
        return _dispatch(argv)
    except ProfkitError as e:
        _say(f"profkit: {e.one_line()}" if isinstance(e, UsageError) else e.one_line())
        return e.exit_code
    except KeyboardInterrupt:
        _say("profkit: interrupted")
        if from_command_line:
            # the reports are written and closed; freeing a big guest heap object by object
            # at interpreter exit would take seconds more
            try:
                sys.stderr.flush()
            finally:
                os._exit(INTERRUPTED_EXIT)
        return INTERRUPTED_EXIT
    except RecursionError:
        _say("profkit: input nested too deeply to process")
        return 1
    except MemoryError:
        _say("profkit: out of host memory (lower the guest's needs or set +RTS -M<size>)")
        return ResourceLimitError.exit_code
    except BrokenPipeError:
        # `profkit run prog | head`: the reader went away, as a C program's SIGPIPE exit
        _quiet_stdout()
        return 141
    except OSError as e:
        if e.errno not in _OUTPUT_ERRNOS:
            return _internal_error(e)
        # a full disk, a closed or failing stdout: the environment's fault, not profkit's
        _quiet_stdout()
        what = e.filename if e.filename is not None else "the output"
        _say(f"profkit: cannot write {what}: {e.strerror or e}")
        return UsageError.exit_code
    except Exception as e:  # a profkit bug: one line, the traceback only on request
        return _internal_error(e)


#: write errors that are the environment's (disk full, quota, I/O error, read-only, closed)
_OUTPUT_ERRNOS = {errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EROFS, errno.EFBIG,
                  errno.EBADF}


class _ClosedOutput(io.TextIOBase):
    """Standing in for a closed standard output: every write fails as it would at the OS."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if not text:
            return 0
        raise OSError(errno.EBADF, "standard output is closed", "standard output")


def _internal_error(e: Exception) -> int:
    if os.environ.get("PROFKIT_TRACEBACK"):
        raise e
    _say(f"profkit: internal error: {type(e).__name__}: {_one(str(e))} "
         "(set PROFKIT_TRACEBACK=1 for the traceback)")
    return INTERNAL_ERROR_EXIT


def _python_interrupts() -> None:
    """From here Ctrl-C is Python's KeyboardInterrupt again (caught above; the runner
    installs its own handler for a run), not the quiet exit of the imports."""
    import signal

    from . import _interrupted_while_starting

    if signal.getsignal(signal.SIGINT) is _interrupted_while_starting:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _one(text: str) -> str:
    return " ".join(text.split())[:300]


def _say(line: str) -> None:
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        _quiet_stdout()
    try:
        print(line if "\n" not in line else line.replace("\n", " "), file=sys.stderr)
    except (OSError, ValueError):
        pass


def _quiet_stdout() -> None:
    # further writes (the interpreter's final flush) go nowhere instead of raising again
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def _dispatch(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help", "help") or argv[:2] in (
            ["run", "--help"], ["run", "-h"]):
        sys.stdout.write(USAGE)
        return 0 if argv else 2
    cmd, rest = argv[0], argv[1:]
    if cmd == "run":
        from .runner import run

        return run(parse_run_args(rest))
    if cmd == "demo":
        from .demo import demo

        return demo(rest)
    if cmd == "hooks":
        from .docs import hook_reference

        sys.stdout.write(hook_reference())
        return 0
    pm = make_plugin_manager()
    pm.load_setuptools_entrypoints(ENTRY_POINT_GROUP)
    status = pm.hook.profkit_cli_command(name=cmd, argv=rest)
    if status is None:
        raise UsageError(f"unknown command {cmd!r} (try 'profkit --help')")
    return status


if __name__ == "__main__":
    sys.exit(main())
