"""What the x86 and SPARC assembler layers share: the error type and labels."""

from __future__ import annotations

from dataclasses import dataclass


class AsmError(Exception):
    """An instruction keystone cannot encode, or one that does not round-trip (a bug in the
    code generator, never a user error)."""


@dataclass(frozen=True, slots=True)
class Label:
    name: str
