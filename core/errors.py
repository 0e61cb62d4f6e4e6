"""Handled errors: each carries an exit code and prints as one line, never a traceback.

Only profkit's own bugs escape as ordinary exceptions (and show a traceback).
"""

from __future__ import annotations


class ProfkitError(Exception):
    """An error profkit reports to the user as one line, then exits with ``exit_code``."""

    exit_code = 1

    def one_line(self) -> str:
        return str(self)


class UsageError(ProfkitError):
    """Bad command line or option (unknown flag, bad value, missing file)."""

    exit_code = 2


class SourceError(ProfkitError):
    """The guest program does not compile: syntax, layout, scope or type error.

    Printed as ``file:line:col: message``, like a compiler's diagnostic.
    """

    exit_code = 1

    def __init__(self, message: str, file: str = "<input>", line: int = 0, col: int = 0):
        # a diagnostic is one line whatever text of the program it quotes
        message = " ".join(message.split()) if "\n" in message or "\r" in message else message
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.col = col

    def one_line(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: error: {self.message}"

    def __str__(self) -> str:
        return self.one_line()


class GuestRuntimeError(ProfkitError):
    """The guest program failed at run time (pattern-match failure, ``error``, division by
    zero, uncaught exception). ``message`` is what the real system would print, e.g.
    ``prog: Prelude.head: empty list``."""

    exit_code = 1


class ResourceLimitError(GuestRuntimeError):
    """A step, heap or instruction limit set by the user stopped a runaway program."""

    exit_code = 3


class GuestFaultError(GuestRuntimeError):
    """Emulated machine code crashed (bad memory access, illegal instruction)."""

    exit_code = 4


#: Exit status of an interrupted run (Ctrl-C), as a shell reports a process killed by SIGINT.
INTERRUPTED_EXIT = 130

#: Exit status when profkit itself fails (a bug, not the user's input): BSD's EX_SOFTWARE.
INTERNAL_ERROR_EXIT = 70

#: Sources larger than this are refused before lexing: the front ends are linear but their
#: constant factor (about 2 ms and 70 KB of host memory per Haskell definition) makes a
#: bigger program take minutes and gigabytes for no useful run.
MAX_SOURCE_BYTES = 256 << 10


def read_source(path: str) -> str:
    """Read a guest program as UTF-8 (GHC's and Poly/ML's source encoding).

    A byte that is not UTF-8 is a :class:`SourceError` at its line and column (columns count
    characters); a leading byte-order mark is dropped; a missing or unreadable file is a
    :class:`UsageError`; a source over :data:`MAX_SOURCE_BYTES` is refused.
    """
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_SOURCE_BYTES + 1)
    except OSError as e:
        raise UsageError(f"{path}: {e.strerror or e}") from None
    if len(data) > MAX_SOURCE_BYTES:
        raise SourceError(f"source file larger than {MAX_SOURCE_BYTES >> 10} KB: not "
                          "compiled (profkit's front ends are meant for programs, not data)",
                          path, 1, 1)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        start = data.rfind(b"\n", 0, e.start) + 1
        line = data.count(b"\n", 0, e.start) + 1
        col = len(data[start:e.start].decode("utf-8", "replace")) + 1
        raise SourceError(f"invalid UTF-8 byte 0x{data[e.start]:02x} in source file",
                          path, line, col) from None
    return text[1:] if text.startswith("\ufeff") else text
