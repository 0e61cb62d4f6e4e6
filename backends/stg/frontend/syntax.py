"""The Haskell-subset AST. Every node carries a source span ``(line1, col1, line2, col2)``,
1-based with an inclusive end column, exactly as GHC prints spans."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

Span = tuple[int, int, int, int]
NOSPAN: Span = (0, 0, 0, 0)


def join(a: Span, b: Span) -> Span:
    return (a[0], a[1], b[2], b[3])


def format_span(file: str, s: Span) -> str:
    """GHC's SrcSpan rendering: ``f.hs:4:1-53``, ``f.hs:4:7``, ``f.hs:(21,1)-(27,16)``."""
    l1, c1, l2, c2 = s
    if l1 == l2:
        return f"{file}:{l1}:{c1}" if c1 == c2 else f"{file}:{l1}:{c1}-{c2}"
    return f"{file}:({l1},{c1})-({l2},{c2})"


# ------------------------------------------------------------------------------ expressions


@dataclass(slots=True)
class EVar:
    name: str
    span: Span
    local: bool = False  # set by the renamer: the name is bound locally, not at the top level


@dataclass(slots=True)
class ECon:
    name: str
    span: Span


@dataclass(slots=True)
class ELit:
    value: object
    kind: str  # Int Double Char String
    span: Span
    integer: bool = False  # an Int literal the checker typed Integer (directed.py)


@dataclass(slots=True)
class EApp:
    fun: "Expr"
    args: list["Expr"]
    span: Span
    is_op: bool = False  # an operator application (OpApp), for -fprof-auto-calls


@dataclass(slots=True)
class OpRef:
    """An operator occurrence in an operator sequence: ``+``, ``:``, `` `div` ``."""

    name: str
    is_con: bool
    span: Span


@dataclass(slots=True)
class NegMark:
    span: Span


@dataclass(slots=True)
class EOpSeq:
    """Unresolved ``e1 op e2 op e3 ...`` (with prefix ``-``); rename resolves fixities."""

    items: list[Union["Expr", OpRef, NegMark]]
    span: Span


@dataclass(slots=True)
class ENeg:
    expr: "Expr"
    span: Span
    at_int: bool = False  # checked at Int (directed.py): wraps at 64 bits (negate minBound)


@dataclass(slots=True)
class ELam:
    pats: list["Pat"]
    body: "Expr"
    span: Span


@dataclass(slots=True)
class ELet:
    decls: list["Decl"]
    body: "Expr"
    span: Span


@dataclass(slots=True)
class EIf:
    cond: "Expr"
    then: "Expr"
    else_: "Expr"
    span: Span


@dataclass(slots=True)
class Alt:
    pat: "Pat"
    rhs: "Rhs"
    span: Span


@dataclass(slots=True)
class ECase:
    scrut: "Expr"
    alts: list[Alt]
    span: Span


@dataclass(slots=True)
class SBind:
    """``pat <- e`` in a do block or a comprehension (a generator)."""

    pat: "Pat"
    expr: "Expr"
    span: Span


@dataclass(slots=True)
class SLet:
    decls: list["Decl"]
    span: Span


@dataclass(slots=True)
class SExpr:
    """An expression statement, or a boolean guard in a comprehension or a guard list."""

    expr: "Expr"
    span: Span


Stmt = Union[SBind, SLet, SExpr]


@dataclass(slots=True)
class EDo:
    stmts: list[Stmt]
    span: Span
    #: the monad the checker found (pipeline): "IO", "Maybe", "[]" or "Either"
    monad: str = "IO"
    #: a program's monad's (>>), (>>=) and fail value (directed_monads._user_monad)
    ops: tuple[str, str, str | None] | None = None


@dataclass(slots=True)
class ETuple:
    items: list["Expr"]
    span: Span


@dataclass(slots=True)
class EList:
    items: list["Expr"]
    span: Span


@dataclass(slots=True)
class EArith:
    start: "Expr"
    then: "Expr | None"
    end: "Expr | None"
    span: Span
    at_int: bool = False  # checked at [Int] (directed.py): base's Int enumerations


@dataclass(slots=True)
class EComp:
    expr: "Expr"
    quals: list[Stmt]
    span: Span


@dataclass(slots=True)
class ELeftSection:
    expr: "Expr"
    op: OpRef
    span: Span


@dataclass(slots=True)
class ERightSection:
    op: OpRef
    expr: "Expr"
    span: Span


@dataclass(slots=True)
class ESCC:
    name: str
    expr: "Expr"
    span: Span  # the span of the annotated expression (GHC's SRC for the cost centre)


@dataclass(slots=True)
class ETyped:
    """``e :: type``. The type is ignored except as a hint: ``:: Double`` (and
    ``:: [Double]``) converts Int values, as numeric literal overloading would."""

    expr: "Expr"
    span: Span
    type_text: str = ""  # the type's tokens without spaces, e.g. "[Double]"


@dataclass(slots=True)
class EParen:
    expr: "Expr"
    span: Span


@dataclass(slots=True)
class ERecord:
    """Record construction ``C { f = e }`` (``con``) or update ``e { f = v }`` (``expr``);
    only between the parser and ``records.resolve``, which rewrites it away."""

    con: str | None
    expr: "Expr | None"
    fields: list[tuple[str, "Expr", Span]]
    span: Span


Expr = Union[EVar, ECon, ELit, EApp, EOpSeq, ENeg, ELam, ELet, EIf, ECase, EDo, ETuple, EList,
             EArith, EComp, ELeftSection, ERightSection, ESCC, ETyped, EParen, ERecord]

# ------------------------------------------------------------------------------ patterns


@dataclass(slots=True)
class PVar:
    name: str
    span: Span


@dataclass(slots=True)
class PWild:
    span: Span


@dataclass(slots=True)
class PLit:
    value: object
    kind: str  # Int Double Char String
    span: Span
    integer: bool = False  # an Int literal the checker typed Integer (directed.py)
    negated: bool = False  # written `-n`: GHC -O0 tests against `negate n` where it uses ==


@dataclass(slots=True)
class PCon:
    con: str
    args: list["Pat"]
    span: Span


@dataclass(slots=True)
class PTuple:
    items: list["Pat"]
    span: Span


@dataclass(slots=True)
class PList:
    items: list["Pat"]
    span: Span


@dataclass(slots=True)
class PAs:
    name: str
    pat: "Pat"
    span: Span


@dataclass(slots=True)
class PBang:
    pat: "Pat"
    span: Span


@dataclass(slots=True)
class PLazy:
    pat: "Pat"
    span: Span


@dataclass(slots=True)
class PRecord:
    """A record pattern ``C { f = p }`` / ``C {}``; rewritten away by ``records.resolve``."""

    con: str
    fields: list[tuple[str, "Pat", Span]]
    span: Span


Pat = Union[PVar, PWild, PLit, PCon, PTuple, PList, PAs, PBang, PLazy, PRecord]

# ------------------------------------------------------------------------------ declarations


@dataclass(slots=True)
class GuardedExpr:
    quals: list[Stmt]
    expr: "Expr"
    span: Span


@dataclass(slots=True)
class Rhs:
    """``= e`` (``body``) or guarded alternatives, with the ``where`` declarations."""

    body: "Expr | None"
    guards: list[GuardedExpr]
    where: list["Decl"]
    span: Span


@dataclass(slots=True)
class Clause:
    name: str
    pats: list[Pat]
    rhs: Rhs
    span: Span
    name_span: Span = (0, 0, 0, 0)
    #: ``!x = e`` (BangPatterns): the variable is evaluated before the group's body
    bang: bool = False


@dataclass(slots=True)
class DFun:
    """A function or variable binding: all consecutive clauses of one name."""

    name: str
    clauses: list[Clause]
    span: Span
    name_span: Span = (0, 0, 0, 0)


@dataclass(slots=True)
class DPat:
    """A pattern binding ``(a, b) = e``."""

    pat: Pat
    rhs: Rhs
    span: Span


@dataclass(slots=True)
class DSig:
    names: list[str]
    span: Span


@dataclass(slots=True)
class DFixity:
    assoc: str  # infixl infixr infix
    prec: int
    ops: list[str]
    span: Span


@dataclass(slots=True)
class DData:
    name: str
    cons: list[tuple[str, int]]  # constructor name and arity, in declaration order
    span: Span
    #: the classes of the deriving clause, each with the span of its name
    deriving: list[tuple[str, Span]] = field(default_factory=list)
    #: per constructor, its field names when declared with record syntax (else [])
    fields: list[list[str]] = field(default_factory=list)
    #: each record field's name span at its first declaration (its selector's SRC)
    field_spans: dict[str, Span] = field(default_factory=dict)
    #: the type's parameters (``data Tree a = ...``: ["a"])
    params: list[str] = field(default_factory=list)
    #: declared with ``newtype``
    newtype: bool = False
    #: per constructor, where its fields' types have Strings (directed.show_shape's codes:
    #: "S" a String, None none; derived Show shows an empty one there as "")
    show_shapes: list[list[str | None]] = field(default_factory=list)
    #: per constructor, which fields are strict (``!T``: GHC's wrapper evaluates them)
    strict: list[list[bool]] = field(default_factory=list)
    #: the operator constructors declared infix (``a :& b``: derived Show shows them so)
    infix_cons: set[str] = field(default_factory=set)
    #: per constructor, its fields' type texts (tokens spaced) with the module's synonyms
    #: of no parameters expanded at the top (``type Name = String``: ``[ Char ]``)
    field_texts: list[list[str]] = field(default_factory=list)
    #: constructors renamed apart from a base constructor the Prelude does not export
    #: (hidden_cons.py): the internal name -> the program's, which derived Show/Read print
    shown: dict[str, str] = field(default_factory=dict)


@dataclass(slots=True)
class DInst:
    """``instance ctx => Cls (T a b) where decls``: an instance of a Prelude class for one of
    the program's data types (``instances.py`` turns it into top-level bindings)."""

    cls: str
    cls_span: Span
    type_name: str
    tyvars: list[str]
    context: list[tuple[str, str]]  # (class, type variable)
    decls: list  # the method bindings (DFun), signatures (DSig)
    span: Span
    type_span: Span = (0, 0, 0, 0)


@dataclass(slots=True)
class DClass:
    """``class ctx => C a where sigs and defaults``: a class of the program (``classes.py``)."""

    name: str
    name_span: Span
    tyvar: str
    supers: list[tuple[str, str]]  # (superclass, the type variable)
    decls: list  # DSig (the methods), DFun (default methods), DFixity
    span: Span


Decl = Union[DFun, DPat, DSig, DFixity, DData, DInst, DClass]


@dataclass(slots=True)
class Module:
    name: str
    decls: list[Decl]
    file: str
    imports: list[str] = field(default_factory=list)
    import_positions: list[tuple[int, int]] = field(default_factory=list)  # of the names
    #: the functions its export list names (None: no list, every top-level binding)
    exports: list[str] | None = None
    #: the names of its INLINE pragmas (GHC's -fprof-auto gives them no cost centre)
    inline: frozenset[str] = frozenset()
