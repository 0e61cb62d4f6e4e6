"""The code generators' instrumentation hooks: what profiling code can ask the walker
(``walker.Walker``) to place at entries, uses of heap values and calls, for x86 and SPARC
alike, written once.

Instrumentation hooks
---------------------
Code that profiling wants at particular sites is written once, here, against three hook
points. ``generate(..., instrumentation=None)`` (and ``x86.generate`` / ``sparc.generate``)
take an optional object with these methods (subclass :class:`Instrumentation`, whose
methods return ``[]``); with ``None``, or with hooks that return ``[]``, the machine code is
byte-identical to the uninstrumented code:

``on_entry(walker, item: ir.CodeItem) -> list[Insn]``
    Once per code item, placed after the prologue (saved closure, frame allocation, slot
    zeroing) and before the ``top`` label that self tail calls jump back to: it runs once
    per real entry (a call), not per self-tail-call iteration (those are ``on_call`` sites
    of kind ``"self_tail"``). The argument is still in ``walker.ARG``.
``on_use(walker, loc: ValueLocation) -> list[Insn]``
    A heap value is used: ``loc.kind`` is ``"select"`` (field ``loc.index`` of a tuple,
    record or constructor value is loaded; also the x86 re-loaded selections of Let
    aliases), ``"deref"`` (``!r``), ``"call"`` (the closure in ``loc.reg`` is about to be
    called), ``"switch"`` (a value is scrutinised by a match's ``Switch``) or ``"is_int"``
    (a match tests boxed vs. unboxed constructors). The value is in ``loc.reg``, tagged,
    just before the instruction that uses it.
``on_call(walker, site: CallSite) -> list[Insn]``
    Just before the control transfer of every call: ``site.kind`` is ``"closure"`` (through
    the closure's code pointer), ``"known"`` (a direct call of ``site.callee``),
    ``"self_tail"`` (the jump back to the top of the item), or ``"service"`` (runtime
    service ``site.callee``); ``site.tail`` for calls in tail position (the frame is still
    there). Argument in ``walker.ARG``, closure in ``walker.CLOSURE`` (not for services).

Rules for hook code: it is the target's instruction list (``walker.ARCH`` is ``"x86"`` or
``"sparc"``; strings in the target's assembler syntax, plus ``Label`` and the target's
symbolic instructions such as ``MovImm``/``SetImm`` with image symbols like ``item3``).
It must preserve every register (it may change the condition flags); on SPARC it may
clobber the raw scratch registers %g3 and %g4 (never live at a hook point); on x86 no
register is free (use memory operands, e.g. ``add dword ptr [addr], 1``). It must not reach
a GC point (no allocation, call or service) nor write the frame. Hooks may be called more
than once for the same site (the x86 target walks an item twice when the argument can stay
in EBX) and must then return the same code: ``site``/``loc.site`` numbers the hook sites of
an item in walk order (stable across such walks), so counters can be keyed on
``(item name, site)``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import ir

if TYPE_CHECKING:  # the walker imports this module: the name only, for annotations
    from .walker import Walker

Insn = Any  # a target's instruction: text or one of its symbolic instruction classes


@dataclass(frozen=True, slots=True)
class ValueLocation:
    """Where a used heap value is (``on_use``)."""

    kind: str  # "select" | "deref" | "call" | "switch" | "is_int"
    reg: str  # the register holding the tagged value
    item: str  # the code item the use is in
    site: int  # hook site number within the item (walk order)
    index: int | None = None  # the field index of a "select"


@dataclass(frozen=True, slots=True)
class CallSite:
    """A call (``on_call``)."""

    kind: str  # "closure" | "known" | "self_tail" | "service"
    item: str  # the calling code item
    site: int  # hook site number within the item (walk order)
    callee: str | None = None  # code item name (known, self_tail) or service name
    tail: bool = False


class Instrumentation:
    """Default hooks: no code. Subclass and override what a profiling scheme needs."""

    def on_entry(self, walker: "Walker", item: ir.CodeItem) -> list[Insn]:
        return []

    def on_use(self, walker: "Walker", loc: ValueLocation) -> list[Insn]:
        return []

    def on_call(self, walker: "Walker", site: CallSite) -> list[Insn]:
        return []
