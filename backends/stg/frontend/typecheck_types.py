"""Types for the Haskell-subset type checker: representation, unification, printing, and the
closed world of classes and instances (the subset has no ``class``/``instance``
declarations, so whether ``C (T ...)`` holds depends only on ``C`` and ``T``).

Types are curried applications (``TAp``) of constructors (``TCon``), unification variables
(``TVar``, union-find with levels for let-generalisation) and, inside type schemes, bound
variables (``TGen``). ``a -> b`` is ``TAp(TAp(ARROW, a), b)``, so constructor classes
(``Monad m``: ``m a``) unify like any other application.
"""

from __future__ import annotations

import itertools

from .typecheck_sigs_more import MORE_TYCONS
from .typecheck_sigs_exc import EXC_TYCONS
from .typecheck_sigs_st import ST_INSTANCES
from .typecheck_sigs_numeric import NUMERIC_TYCONS
from .typecheck_sigs_word import FIXED_TYCONS

_ids = itertools.count()


class TVar:
    __slots__ = ("ref", "level", "id")

    def __init__(self, level: int):
        self.ref: Type | None = None
        self.level = level
        self.id = next(_ids)


class TCon:
    """A type constructor; ``key`` is its identity (a user type clashing with a built-in
    name gets another key), ``name`` what messages print. ``rigid`` marks the skolem
    constant standing for a type variable of a signature while its binding is checked."""

    __slots__ = ("key", "name", "rigid", "where")

    def __init__(self, key: str, name: str | None = None, rigid: bool = False, where: str = ""):
        self.key = key
        self.name = name or key
        self.rigid = rigid
        self.where = where  # for a rigid variable: what binds it (the type signature for `f')


class TAp:
    __slots__ = ("f", "x")

    def __init__(self, f: "Type", x: "Type"):
        self.f = f
        self.x = x


class TSyn(TAp):
    """An application that a type synonym stands for (``String`` is ``[] Char``), with the
    synonym's name: everything treats it as the ``TAp`` it is, only ``describe`` prints the
    name, as GHC keeps synonyms in the types of its binders (a thunk of ``show x`` is
    ``String`` in -hy, one of ``xs ++ ys`` is ``[]``)."""

    __slots__ = ("name",)

    def __init__(self, f: "Type", x: "Type", name: str):
        super().__init__(f, x)
        self.name = name


class TSynCon(TCon):
    """A type constructor that a synonym stands for (``type Age = Int``): the constructor
    itself (same key) for everything but ``describe``, which prints the synonym's name."""

    __slots__ = ("syn",)

    def __init__(self, con: TCon, syn: str):
        super().__init__(con.key, con.name, con.rigid, con.where)
        self.syn = syn


def _rebuild(t: TAp, f: "Type", x: "Type") -> TAp:
    return TSyn(f, x, t.name) if isinstance(t, TSyn) else TAp(f, x)


class TGen:
    __slots__ = ("i",)

    def __init__(self, i: int):
        self.i = i


Type = TVar | TCon | TAp | TGen

_CONS: dict[str, TCon] = {}


def con(key: str) -> TCon:
    c = _CONS.get(key)
    if c is None:
        c = _CONS[key] = TCon(key)
    return c


ARROW = con("->")
LIST = con("[]")
INT, INTEGER, DOUBLE, FLOAT = con("Int"), con("Integer"), con("Double"), con("Float")
CHAR, BOOL, UNIT, ORDERING = con("Char"), con("Bool"), con("()"), con("Ordering")
IO, MAYBE, EITHER = con("IO"), con("Maybe"), con("Either")
STRING = TSyn(LIST, CHAR, "String")


def fn(a: Type, b: Type) -> Type:
    return TAp(TAp(ARROW, a), b)


def fns(args: list[Type], res: Type) -> Type:
    for a in reversed(args):
        res = fn(a, res)
    return res


def list_of(a: Type) -> Type:
    return TAp(LIST, a)


def tuple_con(n: int) -> TCon:
    return con("(" + "," * (n - 1) + ")")


def tuple_of(items: list[Type]) -> Type:
    t: Type = tuple_con(len(items))
    for i in items:
        t = TAp(t, i)
    return t


def prune(t: Type) -> Type:
    if isinstance(t, TVar) and t.ref is not None:
        r = prune(t.ref)
        t.ref = r
        return r
    return t


def spine(t: Type) -> tuple[Type, list[Type]]:
    """(head, arguments) of an application, pruned."""
    t = prune(t)
    args: list[Type] = []
    while isinstance(t, TAp):
        args.append(t.x)
        t = prune(t.f)
    args.reverse()
    return t, args


def split_fun(t: Type) -> tuple[Type, Type] | None:
    h, args = spine(t)
    if h is ARROW and len(args) == 2:
        return args[0], args[1]
    return None


def free_vars(t: Type, out: dict[int, TVar]) -> None:
    t = prune(t)
    if isinstance(t, TVar):
        out[t.id] = t
    elif isinstance(t, TAp):
        free_vars(t.f, out)
        free_vars(t.x, out)


def has_rigid(t: Type) -> bool:
    t = prune(t)
    if isinstance(t, TCon):
        return t.rigid
    if isinstance(t, TAp):
        return has_rigid(t.f) or has_rigid(t.x)
    return False


def existential_in(t: Type) -> "TCon | None":
    """A rigid variable of an existential constructor's pattern in ``t`` (open_con), if any."""
    t = prune(t)
    if isinstance(t, TCon):
        return t if t.rigid and t.key.startswith("!ex") else None
    if isinstance(t, TAp):
        return existential_in(t.f) or existential_in(t.x)
    return None


# ------------------------------------------------------------------------------ unification


class Mismatch(Exception):
    """Unification failed on the pair (a, b) (parts of the types being unified)."""

    def __init__(self, a: Type, b: Type, occurs: bool = False, partial: bool = False):
        super().__init__("mismatch")
        self.a = a
        self.b = b
        self.occurs = occurs
        self.partial = partial  # a and b are heads of applications, not whole types


def _occurs_adjust(v: TVar, t: Type) -> bool:
    """Does ``v`` occur in ``t``? Lowers the levels of ``t``'s variables to ``v``'s."""
    t = prune(t)
    if isinstance(t, TVar):
        if t is v:
            return True
        if t.level > v.level:
            t.level = v.level
        return False
    if isinstance(t, TAp):
        return _occurs_adjust(v, t.f) or _occurs_adjust(v, t.x)
    return False


def unify(a: Type, b: Type, head: bool = False) -> None:
    a = prune(a)
    b = prune(b)
    if a is b:
        return
    if isinstance(a, TVar):
        if _occurs_adjust(a, b):
            raise Mismatch(a, b, occurs=True)
        a.ref = b
        return
    if isinstance(b, TVar):
        if _occurs_adjust(b, a):
            raise Mismatch(b, a, occurs=True)
        b.ref = a
        return
    if isinstance(a, TAp) and isinstance(b, TAp):
        try:
            unify(a.f, b.f, True)
        except Mismatch as m:
            if m.partial and not head:  # `[] Char` vs `IO t`: report the whole types
                raise Mismatch(a, b) from None
            raise
        unify(a.x, b.x)
        return
    if isinstance(a, TCon) and isinstance(b, TCon) and a.key == b.key:
        return
    raise Mismatch(a, b, partial=head)


# ------------------------------------------------------------------------------ printing


class Namer:
    """Names unification variables in one message as GHC does: ``t0``, ``t1`` ..."""

    def __init__(self) -> None:
        self.names: dict[int, str] = {}

    def var(self, v: TVar) -> str:
        n = self.names.get(v.id)
        if n is None:
            n = self.names[v.id] = f"t{len(self.names)}"
        return n

    def show(self, t: Type, prec: int = 0) -> str:
        """prec 0: top; 1: left of an arrow; 2: argument of an application."""
        h, args = spine(t)
        if isinstance(h, TVar):
            s = self.var(h)
        elif isinstance(h, TGen):
            s = f"g{h.i}"
        else:
            s = h.name
        if not args:
            return s
        if h is ARROW and len(args) == 2:
            out = f"{self.show(args[0], 1)} -> {self.show(args[1], 0)}"
            return f"({out})" if prec >= 1 else out
        if h is LIST and len(args) == 1:
            return f"[{self.show(args[0])}]"
        if isinstance(h, TCon) and h.key.startswith("(,") and len(args) == h.key.count(",") + 1:
            return "(" + ", ".join(self.show(a) for a in args) + ")"
        if h is ARROW:
            s = "(->)"
        elif isinstance(h, TCon) and h.key.startswith("(,"):
            s = h.key
        out = s + " " + " ".join(self.show(a, 2) for a in args)
        return f"({out})" if prec >= 2 else out


def show_type(t: Type, namer: Namer | None = None) -> str:
    return (namer or Namer()).show(t)


# ------------------------------------------------------------------------------ classes

SUPERCLASSES: dict[str, tuple[str, ...]] = {
    "Eq": (), "Show": (), "Read": (), "Enum": (), "Bounded": (), "Num": (),
    "Ord": ("Eq",), "Real": ("Num", "Ord"), "Integral": ("Real", "Enum"),
    "Fractional": ("Num",), "Floating": ("Fractional",),
    "RealFrac": ("Real", "Fractional"), "RealFloat": ("RealFrac", "Floating"),
    "Functor": (), "Applicative": ("Functor",), "Monad": ("Applicative",),
    "MonadFail": ("Monad",), "Foldable": (), "Traversable": ("Functor", "Foldable"),
    "PrintfType": (), "PrintfArg": (),
    "Semigroup": (), "Monoid": ("Semigroup",), "Bifunctor": (), "NFData": (),
    "Bits": ("Eq",),
    "Ix": ("Ord",),
    "MArray": (), "IArray": (), "Exception": ("Show",),
}
NUMERIC_CLASSES = {"Num", "Real", "Integral", "Fractional", "Floating", "RealFrac",
                   "RealFloat"}
# classes a type variable may carry and still be defaulted (Haskell 2010, section 4.3.4)
STANDARD_CLASSES = NUMERIC_CLASSES | {"Eq", "Ord", "Show", "Read", "Enum", "Bounded", "Ix"}


def superclass_closure(cls: str, own: dict[str, tuple[str, ...]] | None = None) -> set[str]:
    """``cls`` and its superclasses, the Prelude's and (``own``) the program's classes'."""
    out = {cls}
    todo = [cls]
    while todo:
        c = todo.pop()
        for s in (own or {}).get(c) or SUPERCLASSES.get(c, ()):
            if s not in out:
                out.add(s)
                todo.append(s)
    return out


_INTEGRAL = ("Int", "Integer")
_FLOATING = ("Double", "Float")
_NUMS = _INTEGRAL + _FLOATING
_ENUMLIKE = ("Char", "Bool", "Ordering", "()")
_STRUCT = ("[]", "Maybe", "Either", *("(" + "," * (n - 1) + ")" for n in range(2, 16)))
_CONTAINERS = ("Map", "Set")  # containers' types: Eq, Ord and Show on their arguments
# class -> {type constructor key: "args" (the instance needs the class on every argument)
#           or "" (no context)}
INSTANCES: dict[str, dict[str, str]] = {
    "Eq": {**dict.fromkeys(_NUMS + _ENUMLIKE, ""),
           **dict.fromkeys(_STRUCT + _CONTAINERS, "args")},
    "Ord": {**dict.fromkeys(_NUMS + _ENUMLIKE, ""),
           **dict.fromkeys(_STRUCT + _CONTAINERS, "args")},
    "Show": {**dict.fromkeys(_NUMS + _ENUMLIKE, ""),
           **dict.fromkeys(_STRUCT + _CONTAINERS, "args"), "Array": "args", "UArray": "args"},
    # Data.Ix: Int, Integer, Char and tuples of them (Bool, Ordering, () are refused: their
    # indices are not modelled)
    "Ix": {**dict.fromkeys(_INTEGRAL + ("Char",), ""), **dict.fromkeys(_STRUCT[3:6], "args")},
    "Read": {**dict.fromkeys(_NUMS + _ENUMLIKE, ""), **dict.fromkeys(_STRUCT, "args")},
    "Enum": dict.fromkeys(_NUMS + _ENUMLIKE, ""),
    "Bounded": {**dict.fromkeys(("Int", "Char", "Bool", "Ordering", "()"), ""),
                **dict.fromkeys(_STRUCT[3:], "args")},
    "Num": dict.fromkeys(_NUMS, ""),
    "Bits": dict.fromkeys(_INTEGRAL, ""),
    "Real": dict.fromkeys(_NUMS, ""),
    "Integral": dict.fromkeys(_INTEGRAL, ""),
    "Fractional": dict.fromkeys(_FLOATING, ""),
    "Floating": dict.fromkeys(_FLOATING, ""),
    "RealFrac": dict.fromkeys(_FLOATING, ""),
    "RealFloat": dict.fromkeys(_FLOATING, ""),
    "Functor": dict.fromkeys(("[]", "Maybe", "IO", "Either", "->", "(,)", "Map", "Array",
                              "ST"), ""),
    "Applicative": dict.fromkeys(("[]", "Maybe", "IO", "Either", "->", "(,)", "ST"), ""),
    "Monad": dict.fromkeys(("[]", "Maybe", "IO", "Either", "->", "(,)", "ST"), ""),
    "MonadFail": dict.fromkeys(("[]", "Maybe", "IO"), ""),
    "Foldable": dict.fromkeys(("[]", "Maybe", "Either", "(,)", "Map", "Set", "Array"), ""),
    "Traversable": dict.fromkeys(("[]", "Maybe", "Either", "(,)", "Map"), ""),
    "Bifunctor": dict.fromkeys(("Either", "(,)"), ""),
    "Semigroup": {"[]": "", "Ordering": "", "()": "", "Maybe": "args", "IO": "args",
                  "->": "last", "(,)": "args", "(,,)": "args", "(,,,)": "args",
                  "(,,,,)": "args", "Map": "", "Set": ""},
    "Monoid": {"[]": "", "Ordering": "", "()": "", "Maybe": "args", "IO": "args",
               "->": "last", "(,)": "args", "(,,)": "args", "(,,,)": "args",
               "(,,,,)": "args", "Map": "", "Set": ""},
}
for _ty, _classes in MORE_TYCONS.items():  # System.IO's and System.Exit's types
    for _c in _classes:
        INSTANCES[_c][_ty] = ""
INSTANCES.update(ST_INSTANCES)  # array's MArray and IArray (typecheck_sigs_st.py)
INSTANCES["Exception"] = dict.fromkeys(EXC_TYCONS + ("ExitCode",), "")  # Control.Exception
INSTANCES["Show"].update(dict.fromkeys(EXC_TYCONS, ""))
for _ty, _classes in {**NUMERIC_TYCONS, **FIXED_TYCONS}.items():  # Down, Ratio, Data.Word/Int
    for _c, _how in _classes.items():
        INSTANCES[_c][_ty] = _how
# a derived (or assumed) instance of the program's own data types: deriving clauses are
# ignored by the subset, which shows and compares every value, so these always hold
USER_TYPE_CLASSES = {"Eq", "Ord", "Show", "Read", "Enum", "Bounded", "Functor", "Foldable",
                     "Traversable"}


def instance_context(cls: str, t: Type, user_types: dict[str, set[str] | None]
                     ) -> list[tuple[str, Type]] | None:
    """For ``t`` headed by a (non-rigid) constructor: the constraints ``cls t`` reduces to,
    or None when there is no instance. ``user_types``: the program's types, each with the
    Prelude classes it derives or declares instances of (None: any of USER_TYPE_CLASSES)."""
    h, args = spine(t)
    assert isinstance(h, TCon) and not h.rigid
    if h.key in user_types:
        have = user_types[h.key]
        return [] if cls in (USER_TYPE_CLASSES if have is None else have) else None
    rule = INSTANCES.get(cls, {}).get(h.key)
    if rule is None:
        if cls not in INSTANCES:
            return []  # a class this checker does not model: assume the instance
        return None
    if rule == "args":
        return [(cls, a) for a in args]
    if rule == "last":
        return [(cls, args[-1])] if args else []
    return []


# ------------------------------------------------------------------------------ schemes


def inst(t: Type, vs: list) -> Type:
    if isinstance(t, TGen):
        return vs[t.i]
    if isinstance(t, TAp):
        f, x = inst(t.f, vs), inst(t.x, vs)
        return t if f is t.f and x is t.x else _rebuild(t, f, x)
    return t


def gen(t: Type, order: dict[int, int]) -> Type:
    t = prune(t)
    if isinstance(t, TVar):
        i = order.get(t.id)
        return t if i is None else TGen(i)
    if isinstance(t, TAp):
        f, x = gen(t.f, order), gen(t.x, order)
        return t if f is t.f and x is t.x else _rebuild(t, f, x)
    return t


def max_level(t: Type) -> int:
    fv: dict[int, TVar] = {}
    free_vars(t, fv)
    return max((v.level for v in fv.values()), default=-1)


def same(a: Type, b: Type) -> bool:
    a, b = prune(a), prune(b)
    if a is b:
        return True
    if isinstance(a, TAp) and isinstance(b, TAp):
        return same(a.f, b.f) and same(a.x, b.x)
    return isinstance(a, TCon) and isinstance(b, TCon) and a.key == b.key


def entailed(given: list[tuple[str, Type]], cls: str, t: Type,
             own: dict[str, tuple[str, ...]] | None = None) -> bool:
    return any(cls in superclass_closure(gc, own) and same(gt, t) for gc, gt in given)


# ------------------------------------------------------------------------------ -hy names


def describe(t: Type, subst: dict[str, Type] | None = None, depth: int = 0) -> str:
    """GHC's -hy type description of a closure whose binder has type ``t``
    (``getTyDescription``): the result type's constructor after one ``-`` and one ``>`` per
    argument for a function (``->Int``, ``->>IO``), the type constructor otherwise (``[]``,
    ``(,)``, ``Maybe``, a synonym's own name such as ``String``), ``*`` for a type variable
    (a polymorphic value, or one whose type is unknown). ``subst`` gives the rigid type
    variables of signatures the types GHC's inlining gives them (typecheck_inline)."""
    t = prune(t)
    if isinstance(t, TCon) and t.rigid and subst and t.key in subst and depth < 50:
        return describe(subst[t.key], subst, depth + 1)
    if isinstance(t, TSyn):
        return t.name
    if isinstance(t, TSynCon):
        return t.syn
    sf = split_fun(t)
    if sf is not None:
        out = "-"
        while sf is not None:
            out += ">"
            t = prune(sf[1])
            # a synonym for a function type ends the arrows: GHC prints its name (ShowS)
            sf = None if isinstance(t, (TSyn, TSynCon)) else split_fun(t)
        return out + describe(t, subst, depth + 1)
    head, args = spine(t)
    if isinstance(head, TCon) and head.rigid and subst and head.key in subst and depth < 50:
        return describe(subst[head.key], subst, depth + 1)  # m Int, m a rigid: m's head
    if isinstance(head, TCon) and not head.rigid:
        return head.name
    return "*"
