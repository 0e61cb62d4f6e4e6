"""What the session expects of a backend (a runtime that runs programs)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .session import Session


class Backend(Protocol):
    #: "stg" or "mlworks"
    name: str

    def load(self, session: Session) -> None:
        """Compile the program (``session.config.program``) and fill ``session.tables`` with
        what is known statically. Raises ``SourceError`` for a bad program."""

    def run(self, session: Session) -> int:
        """Run the program, writing its output to ``session.stdout``, emitting events through
        the session. Returns the exit status; raises ``GuestRuntimeError`` (and subclasses)
        when the program fails."""

    def virtual_time(self) -> float:
        """Virtual seconds since the program started, as the backend's clock reads now."""

    def shutdown(self, session: Session) -> None:
        """After the run (successful or not): stage a death row for every object still live
        (GHC's LdvCensusKillAll). Called exactly once, before ``profkit_run_end``."""
