"""Abstract syntax of the SML subset. Every node has ``pos`` = (line, col).

The type checker (``types.py``) fills the ``info`` slots the lowering needs: the resolved
binding of each identifier (``EVar.bind``, ``PVar.bind``) and the type of overloaded
operators, selectors and record patterns (``ty``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Union

Pos = tuple[int, int]

# ------------------------------------------------------------------------------- types


@dataclass(slots=True)
class TyVarS:
    name: str
    pos: Pos


@dataclass(slots=True)
class TyConS:
    """``args tycon`` e.g. ``int list``; ``name`` may be qualified."""

    name: str
    args: list["Ty"]
    pos: Pos


@dataclass(slots=True)
class TyTupleS:
    items: list["Ty"]
    pos: Pos


@dataclass(slots=True)
class TyRecordS:
    fields: list[tuple[str, "Ty"]]
    pos: Pos


@dataclass(slots=True)
class TyFunS:
    arg: "Ty"
    res: "Ty"
    pos: Pos


Ty = Union[TyVarS, TyConS, TyTupleS, TyRecordS, TyFunS]

# ------------------------------------------------------------------------------- patterns


@dataclass(slots=True)
class PWild:
    pos: Pos


@dataclass(slots=True)
class PVar:
    """An identifier in a pattern: a variable, or a nullary constructor (decided by the type
    checker, which sets ``bind``)."""

    name: str
    pos: Pos
    bind: Any = None


@dataclass(slots=True)
class PConst:
    value: Any  # int, float, str (string), or ("char", c)
    kind: str  # "int" | "word" | "real" | "string" | "char"
    pos: Pos
    ty: Any = None  # an int constant's type (set by the type checker: int or IntInf.int)


@dataclass(slots=True)
class PRecord:
    """Tuples are records labelled 1..n. ``flexible`` for ``{a, ...}``. ``ty`` is set by
    the type checker (the full record type, to find field positions)."""

    fields: list[tuple[str, "Pat"]]
    flexible: bool
    pos: Pos
    ty: Any = None
    is_tuple: bool = False


@dataclass(slots=True)
class PList:
    items: list["Pat"]
    pos: Pos


@dataclass(slots=True)
class PCon:
    """Constructor applied to an argument pattern (``SOME x``, ``x :: xs``)."""

    name: str
    arg: "Pat"
    pos: Pos
    bind: Any = None


@dataclass(slots=True)
class PAs:
    name: str
    pat: "Pat"
    pos: Pos
    bind: Any = None


@dataclass(slots=True)
class PTyped:
    pat: "Pat"
    ty: Ty
    pos: Pos


Pat = Union[PWild, PVar, PConst, PRecord, PList, PCon, PAs, PTyped]

# ------------------------------------------------------------------------------- expressions


@dataclass(slots=True)
class EConst:
    value: Any
    kind: str  # "int" | "word" | "real" | "string" | "char"
    pos: Pos
    ty: Any = None  # an int constant's type (set by the type checker: int or IntInf.int)


@dataclass(slots=True)
class EVar:
    """A (possibly qualified) identifier. ``bind`` is set by the type checker; ``ty`` is the
    instantiated type at this occurrence (used for overloaded and equality operators)."""

    name: str
    pos: Pos
    bind: Any = None
    ty: Any = None


@dataclass(slots=True)
class ERecord:
    fields: list[tuple[str, "Exp"]]
    pos: Pos
    is_tuple: bool = False


@dataclass(slots=True)
class ESelector:
    """``#lab``: a function from a record to its field; ``ty`` = the record type."""

    label: str
    pos: Pos
    ty: Any = None


@dataclass(slots=True)
class EList:
    items: list["Exp"]
    pos: Pos


@dataclass(slots=True)
class EApp:
    fn: "Exp"
    arg: "Exp"
    pos: Pos


@dataclass(slots=True)
class Rule:
    pat: Pat
    exp: "Exp"
    pos: Pos


@dataclass(slots=True)
class EFn:
    rules: list[Rule]
    pos: Pos
    name: str = "<anon>"  # MLWorks name stem for the code item


@dataclass(slots=True)
class ELet:
    decs: list["Dec"]
    body: "Exp"
    pos: Pos


@dataclass(slots=True)
class ESeq:
    exps: list["Exp"]
    pos: Pos


@dataclass(slots=True)
class ECase:
    exp: "Exp"
    rules: list[Rule]
    pos: Pos


@dataclass(slots=True)
class EIf:
    cond: "Exp"
    then: "Exp"
    else_: "Exp"
    pos: Pos


@dataclass(slots=True)
class EAndalso:
    left: "Exp"
    right: "Exp"
    pos: Pos


@dataclass(slots=True)
class EOrelse:
    left: "Exp"
    right: "Exp"
    pos: Pos


@dataclass(slots=True)
class EHandle:
    exp: "Exp"
    rules: list[Rule]
    pos: Pos


@dataclass(slots=True)
class ERaise:
    exp: "Exp"
    pos: Pos


@dataclass(slots=True)
class ETyped:
    exp: "Exp"
    ty: Ty
    pos: Pos


@dataclass(slots=True)
class EWhile:
    cond: "Exp"
    body: "Exp"
    pos: Pos


Exp = Union[EConst, EVar, ERecord, ESelector, EList, EApp, EFn, ELet, ESeq, ECase, EIf,
            EAndalso, EOrelse, EHandle, ERaise, ETyped, EWhile]

# ------------------------------------------------------------------------------- declarations


@dataclass(slots=True)
class ValBind:
    pat: Pat
    exp: Exp
    pos: Pos


@dataclass(slots=True)
class DVal:
    binds: list[ValBind]
    rec: bool
    pos: Pos


@dataclass(slots=True)
class Clause:
    pats: list[Pat]
    result_ty: Ty | None
    body: Exp
    pos: Pos


@dataclass(slots=True)
class FunBind:
    name: str
    clauses: list[Clause]
    pos: Pos
    bind: Any = None


@dataclass(slots=True)
class DFun:
    binds: list[FunBind]
    pos: Pos


@dataclass(slots=True)
class DType:
    binds: list[tuple[list[str], str, Ty]]  # (tyvars, name, type)
    pos: Pos


@dataclass(slots=True)
class ConBind:
    name: str
    arg: Ty | None
    pos: Pos


@dataclass(slots=True)
class DatBind:
    tyvars: list[str]
    name: str
    cons: list[ConBind]
    pos: Pos


@dataclass(slots=True)
class DDatatype:
    binds: list[DatBind]
    withtype: list[tuple[list[str], str, Ty]]
    pos: Pos


@dataclass(slots=True)
class ExBind:
    name: str
    arg: Ty | None
    alias: str | None
    pos: Pos
    bind: Any = None


@dataclass(slots=True)
class DException:
    binds: list[ExBind]
    pos: Pos


@dataclass(slots=True)
class DLocal:
    local: list["Dec"]
    body: list["Dec"]
    pos: Pos


@dataclass(slots=True)
class DStructure:
    """``structure Name = struct decs end`` (no signatures): names are entered qualified."""

    name: str
    decs: list["Dec"]
    pos: Pos


@dataclass(slots=True)
class DOpen:
    names: list[str]
    pos: Pos


Dec = Union[DVal, DFun, DType, DDatatype, DException, DLocal, DStructure, DOpen]


@dataclass
class Program:
    decs: list[Dec]
    file: str
    extra: dict = field(default_factory=dict)
