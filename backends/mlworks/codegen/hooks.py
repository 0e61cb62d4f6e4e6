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
``on_alloc(walker, site: AllocSite) -> list[Insn]``
    An object allocated by a constant-size inline sequence is complete (header, fields):
    ``site.reg`` holds its tagged pointer (``site.primary`` its tag). Sites: ``ir.Alloc``
    (tuples, records, constructors, refs, exception packets), boxed reals, ``MakeClosure``
    and ``LetRecClosures`` records, a service's tuple argument, ``explode``'s cons cells.
    ``site.what``/``site.type_desc`` say what is built (:func:`alloc_name`). The
    variable-size string, array and byte-array sequences of ``inline*.py`` are not hook
    points: what they build is their object kind, which the runtime reads from the header.
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
an item in walk order (stable across such walks; allocation sites are numbered apart), so
counters can be keyed on ``(item name, site)``.

Walkers reach the hooks through :class:`HookSites` (``use``, ``call_site``,
``alloc_site``), a mixin of ``walker.Walker``."""

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


@dataclass(frozen=True, slots=True)
class AllocSite:
    """An inline allocation (``on_alloc``)."""

    what: str  # what is built, as -hd names it: "::", "SOME", "(,)", "{x,y}", "f[p.sml:3]"
    type_desc: str  # its type, as -hy names it: "list", "option", "(,)", "exn", "->*"
    reg: str  # the register holding the new object's tagged pointer
    primary: int  # its primary tag (1 pair, 3 ref, 5 record/closure/real)
    item: str  # the code item the allocation is in
    site: int  # allocation site number within the item (walk order)


def alloc_name(kind: str, n: int, what: str = "", type_desc: str = "") -> tuple[str, str]:
    """(description, type) of an allocation of ``kind`` with ``n`` fields: the front end's
    names (``ir.Alloc.what``/``type_desc``) when it gave them, else by shape: a tuple
    ``(,)``/``(,,)`` (type the same, as GHC's -hy names tuples), ``ref``, ``real``."""
    if what:
        return what, type_desc or what
    if kind in ("ref", "real"):
        return kind, kind
    name = "(" + "," * max(n - 1, 0) + ")"
    return name, name


def closure_name(code: str) -> tuple[str, str]:
    """(description, type) of a closure of code item ``code``: the item's name exactly as
    ``-p`` and ``-hc`` print it (``f[p.sml:3]``, ``<anon>[p.sml:7]``; MLWorks's names
    already tell a function from a constructor, so no angle brackets as GHC's ``<Main.f>``),
    of the type GHC gives a function whose type it does not know (``->*``). A shared
    closure record (``LetRecClosures``) is named by its first function (the record's
    pointer is that function's closure)."""
    return code, "->*"


class HookSites:
    """Walker mixin: the hook points (``self.instrumentation`` may be None)."""

    instrumentation: "Instrumentation | None"
    item: ir.CodeItem
    sites: int
    alloc_sites: int = 0
    gc_points: int
    calls: int
    env: dict
    gens: dict
    recorded: dict
    labels_out: int = 0  # labels emitted outside hook code (Walker.emit)
    ngens: int = 0  # bindings numbered so far (Walker.bind)
    in_hook: bool = False

    def recording_uses(self) -> bool:
        """The instrumentation records uses (``profiling.instrument.Instrumentation.uses``):
        the x86 walker then makes a selection where the IR makes it (at its Let, before an
        allocation) rather than at each later re-load, so uses fall in the IR's era."""
        return getattr(self.instrumentation, "uses", False) is True

    def use(self, kind: str, reg: str, index: int | None = None, key=None) -> None:
        """A use hook site. ``key`` (``value_key``): the used value's identity, when the
        walker knows it. With an instrumentation that has ``on_repeated_use(walker, loc)``,
        a use of a value whose use was already recorded since the last GC point and join
        point (label) gets that code instead of ``on_use``'s: every path here went through
        the recording, and no collection (the only place an era changes and the use flags
        are read and cleared) came between, so the flag it would set is still set."""
        self.sites += 1
        if self.instrumentation is None:
            return
        loc = ValueLocation(kind, reg, self.item.name, self.sites, index)
        code = self.instrumentation.on_use(self, loc)  # type: ignore[attr-defined]
        repeated = getattr(self.instrumentation, "on_repeated_use", None)
        if code and key is not None and repeated is not None:
            now = (self.gc_points, self.calls, self.labels_out)
            if self.recorded.get(key) == now:
                code = repeated(self, loc)
            else:
                self.recorded[key] = now
        self.in_hook = True  # the hook's own labels are local skips, not join points
        try:
            self.emit(*code)
        finally:
            self.in_hook = False

    def value_key(self, e):
        """The identity of the value of IR expression ``e`` within this item's walk, or
        None: a variable is its binding (``Walker.bind`` numbers them; the parameter is
        0), a selection its container's key and field, the closure and its free
        variables themselves (all immutable)."""
        if isinstance(e, ir.Var):
            return ("v", e.name, self.gens.get(e.name, 0)) if e.name in self.env else None
        if isinstance(e, ir.Select):
            k = self.value_key(e.value)
            return None if k is None else ("s", k, e.index)
        if isinstance(e, ir.SelfClosure):
            return ("self",)
        if isinstance(e, ir.EnvVar):
            return ("env", e.index)
        return None

    def call_site(self, kind: str, callee: str | None = None, tail: bool = False) -> None:
        self.sites += 1
        if self.instrumentation is not None:
            self.emit(*self.instrumentation.on_call(  # type: ignore[attr-defined]
                self, CallSite(kind, self.item.name, self.sites, callee, tail)))

    def alloc_site(self, name: tuple[str, str], reg: str, primary: int) -> None:
        self.alloc_sites += 1
        if self.instrumentation is not None:
            self.emit(*self.instrumentation.on_alloc(  # type: ignore[attr-defined]
                self, AllocSite(name[0], name[1], reg, primary, self.item.name,
                                self.alloc_sites)))


class Instrumentation:
    """Default hooks: no code. Subclass and override what a profiling scheme needs."""

    def on_entry(self, walker: "Walker", item: ir.CodeItem) -> list[Insn]:
        return []

    def on_use(self, walker: "Walker", loc: ValueLocation) -> list[Insn]:
        return []

    def on_call(self, walker: "Walker", site: CallSite) -> list[Insn]:
        return []

    def on_alloc(self, walker: "Walker", site: AllocSite) -> list[Insn]:
        return []
