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
