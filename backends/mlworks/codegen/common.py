"""What the x86 and SPARC code generators share: program-wide tables, allocation shapes
(mlworks.md §2's table), tagging, and the IR scans that find statically known call targets."""

from __future__ import annotations

from dataclasses import dataclass

from .. import ir
from .. import values as V


class CodegenError(Exception):
    """The IR is malformed (a front-end bug), e.g. an unbound variable."""


class CodegenLimit(CodegenError):
    """A well-formed program exceeds a limit of a target (e.g. SPARC's 13-bit frame
    offsets): the user's program is refused, with the code item's source position."""

    def __init__(self, item_name: str, message: str, line: int = 0) -> None:
        super().__init__(f"{item_name}: {message}")
        self.item_name = item_name
        self.message = message
        self.line = line  # the item's source line (0: unknown)


def tagged(i: int) -> int:
    return (i << 2) & 0xFFFFFFFF


def alloc_shape(kind: str, n: int) -> tuple[int, int, int, bool]:
    """(bytes, primary tag, header word, needs pad) of an inline allocation (§2 table)."""
    if kind == "pair":
        if n != 2:
            raise CodegenError(f"a pair has 2 fields, not {n}")
        return 8, V.PAIRPTR, 0, False
    if kind == "record":
        return (V.record_bytes(n), V.POINTER, V.make_header(V.RECORD, n),
                V.record_needs_pad(n))
    if kind == "ref":
        return V.ref_bytes(n), V.REFPTR, V.make_header(V.ARRAY, n), V.ref_needs_pad(n)
    if kind == "real":
        return V.REAL_BYTES, V.POINTER, V.make_header(V.BYTEARRAY, 12), False
    raise CodegenError(f"unknown allocation kind {kind!r}")


class _Program:
    """Program-wide tables shared by the item generators."""

    def __init__(self, program: ir.Program):
        self.item_index: dict[str, int] = {}
        for i, it in enumerate(program.items):
            if it.name in self.item_index:
                raise CodegenError(f"two code items are named {it.name!r}")
            self.item_index[it.name] = i
        self.strings: list[bytes] = []
        self.exn_names = dict(program.exn_names)
        for k in ("Overflow", "Div"):  # raised by inline arithmetic
            self.exn_names.setdefault(k, k.encode())
        self.exn_by_bytes = {v: k for k, v in self.exn_names.items()}
        self.packets: list[str] = []
        # which code item a call target is, when the IR says so statically: a global set
        # exactly once, to a MakeClosure; the members of a LetRecClosures group
        sets: dict[int, list] = {}
        self.groups: dict[str, tuple[list[str], int]] = {}
        for it in program.items:
            _scan(it.body, sets, self.groups)
        self.known_globals = {k: v[0].code for k, v in sets.items()
                              if len(v) == 1 and isinstance(v[0], ir.MakeClosure)}

    def string_symbol(self, b: bytes) -> str:
        """One STRING object per occurrence (a user exception's name string is its
        identity, so two declarations must not share one), except the names of the
        predefined exceptions, which are the runtime's ``exn_names`` objects."""
        if b in self.exn_by_bytes:
            return f"exnname:{self.exn_by_bytes[b]}"
        self.strings.append(b)
        return f"str{len(self.strings) - 1}"

    def packet_symbol(self, name: str) -> str:
        if name not in self.packets:
            self.packets.append(name)
        return f"exn:{name}"

    def item_symbol(self, name: str) -> str:
        if name not in self.item_index:
            raise CodegenError(f"no code item named {name!r}")
        return f"item{self.item_index[name]}"


def _sibling_offset(e) -> int:
    off = getattr(e, "offset", None)
    if off is None:
        import dataclasses
        off = getattr(e, dataclasses.fields(e)[0].name)
    return off


_ATOMS = (int, float, str, bytes)


def subexpressions(e):
    """Every IR node in ``e`` (``e`` included), depth first, without recursion (the IR of
    long programs is deep)."""
    stack = [e]
    while stack:
        x = stack.pop()
        yield x
        for name in getattr(x, "__slots__", ()):
            v = getattr(x, name, None)
            if isinstance(v, list):
                for y in v:
                    if isinstance(y, tuple):
                        stack.extend(z for z in y if not isinstance(z, _ATOMS))
                    elif not isinstance(y, _ATOMS):
                        stack.append(y)
            elif v is not None and not isinstance(v, _ATOMS):
                stack.append(v)


def _scan(e, sets: dict[int, list], groups: dict[str, tuple[list[str], int]]) -> None:
    """Collect SetGlobal values and LetRecClosures groups anywhere in ``e``."""
    for x in subexpressions(e):
        if isinstance(x, ir.SetGlobal):
            sets.setdefault(x.index, []).append(x.value)
        elif isinstance(x, ir.LetRecClosures):
            for k, c in enumerate(x.codes):
                groups[c] = (list(x.codes), k)


# pseudo-expressions of the walker (values that are already somewhere)
@dataclass(slots=True)
class Slot:
    k: int


@dataclass(slots=True)
class Reg:
    """A value waiting in a register: the argument kept in the ARG register, or an
    allocation's field waiting for the allocation."""

    name: str


@dataclass(slots=True)
class Sym:
    symbol: str


@dataclass(slots=True)
class Sel:
    """Field ``index`` of a cheap value: a Let-bound selection re-loaded at each use (two
    loads) instead of being stored in a slot (``ALIAS_LETS``). ``bound``: the selection
    was already recorded as a use where the Let bound it (use recording on): its re-loads
    are not uses."""

    index: int
    value: object
    bound: bool = False


def bound_sel(e):
    """``e`` with every selection in it marked ``bound`` (``Sel``)."""
    return Sel(e.index, bound_sel(e.value), True) if isinstance(e, Sel) else e


SIMPLE = (ir.Int, ir.Var, ir.EnvVar, ir.SelfClosure, ir.Global, ir.String, Slot, Sym, Reg)
MAX_SEL_DEPTH = 2
EPILOGUE = "\x00epilogue"  # placeholder: the frame size is only known at the end
CMP = {"lt": "l", "le": "le", "gt": "g", "ge": "ge", "eq": "e", "ne": "ne", "eqptr": "e"}
FCMP = ("rlt", "rle", "rgt", "rge", "req")
FLOAT_VALUED = ("radd", "rsub", "rmul", "rdiv", "rneg", "sqrt", "real_of_int")
INT_ARITH = ("add", "sub", "mul", "div", "mod", "quot", "rem")
BITWISE = ("andb", "orb", "xorb")  # on tagged integers: the tag bits stay 0


def sel_depth(e) -> int:
    return 1 + sel_depth(e.value) if isinstance(e, Sel) else 0


_IMPURE = (ir.Call, ir.Runtime, ir.Alloc, ir.MakeClosure, ir.LetRecClosures, ir.Real,
           ir.Handle, ir.Assign)
_BOXING = set(FLOAT_VALUED)


def _pure(e) -> bool:
    """``e`` evaluates without calls, allocation or handlers, so its code touches only the
    accumulator and scratch registers (and slots): values may wait in registers across it."""
    for x in subexpressions(e):
        if isinstance(x, _IMPURE) or type(x).__name__ == "SiblingClosure":
            return False
        if isinstance(x, ir.Prim) and x.op in _BOXING:
            return False
    return True
