"""Run one program under the selected schemes: the body of ``profkit run``."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys
import threading
from typing import Any, Callable, Iterable, Iterator, TextIO

from .errors import INTERRUPTED_EXIT, GuestRuntimeError, ResourceLimitError, UsageError
from .isolation import PLUGIN_FAILED_EXIT
from .options import Config
from .session import Session


def run(
    config: Config,
    *,
    plugins: Iterable[Any] = (),
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    load_entrypoints: bool = True,
    stdin: TextIO | None = None,
) -> int:
    """Compile and run ``config.program``; return its exit status. The program reads
    ``stdin`` (default: this process's) and writes ``stdout`` and ``stderr``.

    Compile errors and bad options raise before anything runs. A runtime error of the guest
    program is printed on ``stderr`` as the real system would print it; reports collected up
    to that point are still written.
    """
    stderr = stderr if stderr is not None else sys.stderr
    if not os.path.isfile(config.program):
        raise UsageError(f"{config.program}: no such file")
    session = Session(config, plugins, load_entrypoints=load_entrypoints, stdout=stdout)
    session.stdin, session.stderr = stdin, stderr  # the program's (None: the process's stdin)
    backend = session.hook.profkit_make_backend(config=config, path=config.program)
    if backend is None:
        raise UsageError(f"{config.program}: no backend runs this kind of file (.hs or .sml)")
    session.backend = backend
    backend.load(session)
    prepare_outputs(config)
    session.session_start()
    status = 1
    interrupted = False
    bound = MemoryBound(getattr(config, "host_memory", None) or 0)
    try:
        with bound:
            status = backend.run(session)
    except GuestRuntimeError as e:
        session.stdout.flush()
        print(e.one_line(), file=stderr)
        status = e.exit_code
    except KeyboardInterrupt:
        if bound.exceeded:
            session.stdout.flush()
            e = bound.error(config.program_name)
            print(e.one_line(), file=stderr)
            status = e.exit_code
        else:
            interrupted = True
            status = INTERRUPTED_EXIT
    finally:
        # Reports are written even when the program (or profkit) fails half-way, and a
        # second Ctrl-C does not cut them short.
        with _sigint_ignored():
            _finish(session, backend, status, careful=interrupted)
            session.guard.report(stderr)
    if session.guard.failures and status == 0:
        status = PLUGIN_FAILED_EXIT
    if interrupted:
        raise KeyboardInterrupt  # the CLI says "interrupted" and exits 130
    return status


def _finish(session: Session, backend: Any, status: int, careful: bool) -> None:
    steps = (lambda: backend.shutdown(session), session.run_end,
             lambda: session.finish(status), session.stdout.flush)
    for step in steps:
        if not careful:
            step()
            continue
        # after an interrupt the machine may have stopped between two related updates:
        # each step still runs so that whatever can be reported is
        try:
            step()
        except Exception:
            pass


@contextlib.contextmanager
def _sigint_ignored() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def prepare_outputs(config: Config) -> None:
    """Make ``--outdir`` (and the ``--profile`` file's directory) or refuse in one line,
    before the program runs rather than when its reports are due."""
    out = config.outdir
    if not out:
        raise UsageError("--outdir: empty directory name")
    if os.path.exists(out) and not os.path.isdir(out):
        raise UsageError(f"--outdir {out}: not a directory")
    try:
        os.makedirs(out, exist_ok=True)
    except OSError as e:
        raise UsageError(f"--outdir {out}: cannot create it ({e.strerror or e})") from None
    if not os.access(out, os.W_OK | os.X_OK):
        raise UsageError(f"--outdir {out}: not writable")
    pf = getattr(config, "profile_file", None)
    if pf:
        d = os.path.dirname(pf) or "."
        if not os.path.isdir(d):
            raise UsageError(f"--profile {pf}: no such directory {d}")
        if os.path.isdir(pf):
            raise UsageError(f"--profile {pf}: is a directory")
        if not os.access(d, os.W_OK | os.X_OK):
            raise UsageError(f"--profile {pf}: directory {d} is not writable")


class Interrupt:
    """What :func:`stop_on_interrupt` saw: ``interrupted`` is set by Ctrl-C."""

    interrupted = False


@contextlib.contextmanager
def stop_on_interrupt(stop: Callable[[], None]) -> Iterator[Interrupt]:
    """Make Ctrl-C stop a long C call (unicorn's ``emu_start``) within milliseconds.

    Python runs its SIGINT handler only between bytecodes of the main thread, never while
    the emulator runs guest code, and a ``KeyboardInterrupt`` raised inside one of
    unicorn's callbacks is printed and lost. Inside this context SIGINT only sets
    ``interrupted``; the C-level handler also writes to a wake-up socket, on which a watcher
    thread calls ``stop()`` at once. The caller checks ``interrupted`` when the call
    returns and raises ``KeyboardInterrupt`` itself. Off the main thread (where signals
    cannot be handled) it does nothing.
    """
    state = Interrupt()
    if threading.current_thread() is not threading.main_thread():
        yield state
        return
    rsock, wsock = socket.socketpair()
    wsock.setblocking(False)

    def watch() -> None:
        while True:
            try:
                data = rsock.recv(64)
            except OSError:
                return
            if not data:
                return
            if signal.SIGINT in data:
                state.interrupted = True
                try:
                    stop()
                except Exception:
                    pass

    def on_sigint(signum: int, frame: Any) -> None:
        state.interrupted = True

    old_handler = signal.signal(signal.SIGINT, on_sigint)
    old_fd = signal.set_wakeup_fd(wsock.fileno(), warn_on_full_buffer=False)
    watcher = threading.Thread(target=watch, name="profkit-sigint", daemon=True)
    watcher.start()
    try:
        yield state
    finally:
        signal.set_wakeup_fd(old_fd)
        signal.signal(signal.SIGINT, old_handler)
        wsock.close()  # the watcher's recv returns b"" and it ends
        watcher.join(1.0)
        rsock.close()


def resident_bytes() -> int | None:
    """This process's resident set size (Linux /proc; None elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return None


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


class MemoryBound:
    """Stop the run when profkit's resident memory passes ``limit`` bytes (0: never).

    A watcher thread samples the resident set every 50 ms; past the bound it delivers a
    SIGINT to the process, which stops either backend the way Ctrl-C does (the reports so
    far are written), and :meth:`error` is the message. Only on the main thread (signals).
    A process that inherited SIGINT ignored (started with ``&`` by a non-interactive shell,
    ``nohup``) keeps ignoring the user's Ctrl-C, but not the bound's own signal: a handler
    that stops the run only once the bound is passed stands in for the ignore meanwhile
    (without it the bound never stopped such a run, which grew until the host ran out).
    """

    PERIOD = 0.05

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.exceeded = False
        self.peak = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._ignored = False

    def __enter__(self) -> "MemoryBound":
        if (self.limit > 0 and threading.current_thread() is threading.main_thread()
                and resident_bytes() is not None):
            if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
                self._ignored = True
                signal.signal(signal.SIGINT, self._on_sigint)
            self._thread = threading.Thread(target=self._watch, name="profkit-memory",
                                            daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(1.0)
        if self._ignored:
            signal.signal(signal.SIGINT, signal.SIG_IGN)

    def _on_sigint(self, signum: int, frame: Any) -> None:
        if self.exceeded:  # the bound's own signal; a user's Ctrl-C stays ignored
            raise KeyboardInterrupt

    def _watch(self) -> None:
        while not self._stop.wait(self.PERIOD):
            rss = resident_bytes() or 0
            self.peak = max(self.peak, rss)
            if rss > self.limit:
                self.exceeded = True
                os.kill(os.getpid(), signal.SIGINT)
                return

    def error(self, prog: str) -> ResourceLimitError:
        mb = self.limit >> 20
        return ResourceLimitError(
            f"{prog}: out of memory: profkit's memory use passed {mb} MB (by default half "
            "of the host's memory; --max-memory SIZE sets the bound, 0 removes it)")
