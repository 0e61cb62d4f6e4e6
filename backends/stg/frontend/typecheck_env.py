"""Type syntax and the initial environment of the Haskell-subset type checker.

The parser keeps no types (signatures, ``data`` fields and ``type`` synonyms are skipped),
so the checker reads them again from the tokens inside the spans the AST records. A type
this module cannot read (an unknown type constructor or class, a higher-rank ``forall``)
raises ``Unreadable``; the checker then drops that signature (or leaves those
constructor fields unchecked) instead of refusing the program.

The Prelude's functions get GHC 9.0.2's types (base 4.15: the list functions that are
``Foldable`` there are ``Foldable`` here), written as Haskell signatures below.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping

from . import syntax as S
from . import typecheck_types as T
from .lexer import Token, tokenize
from . import containers_sigs
from .typecheck_sigs import CONSTRUCTOR_SIGS, PRELUDE_SIGS
from .typecheck_sigs_more import MORE_CONSTRUCTOR_SIGS, MORE_SIGS, MORE_TYCONS
from .typecheck_sigs_exc import EXC_CONSTRUCTOR_SIGS, EXC_SIGS, EXC_TYCONS
from .typecheck_sigs_st import ST_SIGS, ST_TYCONS
from .typecheck_sigs_numeric import NUMERIC_CONSTRUCTOR_SIGS, NUMERIC_SIGS, NUMERIC_TYCONS
from .typecheck_sigs_traverse import TRAVERSE_SIGS
from .typecheck_sigs_word import FIXED_TYCONS, WORD_SIGS


class Unreadable(Exception):
    """A type the checker does not model."""


class Scheme:
    """``forall g0..g(n-1). preds => type`` (bound variables are ``TGen``)."""

    __slots__ = ("n", "preds", "type")

    def __init__(self, n: int, preds: list[tuple[str, T.Type]], type_: T.Type):
        self.n = n
        self.preds = preds
        self.type = type_


class Sig:
    """A signature read from the source: its scheme and its type variables' names."""

    __slots__ = ("scheme", "names", "span")

    def __init__(self, scheme: Scheme, names: list[str], span: S.Span):
        self.scheme = scheme
        self.names = names
        self.span = span


# ------------------------------------------------------------------------------ syntax
# raw types: ("con", name) ("var", name) ("app", f, x) ("fun", a, b) ("list", t)
#            ("tuple", [t...])


class TypeReader:
    def __init__(self, toks: list[Token], classes: frozenset[str] | set[str] = frozenset()):
        self.toks = toks
        self.i = 0
        self.classes = classes  # the program's own classes, besides the Prelude's

    def peek(self) -> Token | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def at(self, kind: str, text: str | None = None) -> bool:
        t = self.peek()
        return t is not None and t.is_(kind, text)

    def take(self, kind: str, text: str | None = None) -> Token:
        t = self.peek()
        if t is None or not t.is_(kind, text):
            raise Unreadable(f"expected {text or kind}")
        self.i += 1
        return t

    def sig(self) -> tuple[list[tuple[str, tuple]], tuple]:
        """``[forall vs.] [context =>] type``: (context, type)."""
        if self.at("varid", "forall"):
            self.i += 1
            while self.at("varid"):
                self.i += 1
            self.take("varsym", ".")
        t = self.type_(True)
        if self.at("reservedop", "=>"):
            self.i += 1
            return context(t, self.classes), self.type_()
        return [], t

    def type_(self, before_context: bool = False) -> tuple:
        if self.at("varid", "forall"):
            raise Unreadable("higher-rank type")
        t = self.btype()
        if self.at("reservedop", "->"):
            self.i += 1
            return ("fun", t, self.type_())
        if self.at("reservedop", "=>") and not before_context:
            raise Unreadable("nested context")
        return t

    def atype_start(self) -> bool:
        t = self.peek()
        return t is not None and (t.kind in ("conid", "varid") and t.text != "forall" or
                                  t.kind == "special" and t.text in "([")

    def btype(self) -> tuple:
        if not self.atype_start():
            raise Unreadable("expected a type")
        t = self.atype()
        while self.atype_start():
            t = ("app", t, self.atype())
        return t

    def atype(self) -> tuple:
        t = self.peek()
        assert t is not None
        self.i += 1
        if t.kind == "conid":
            return ("con", t.text)
        if t.kind == "varid":
            return ("var", t.text)
        if t.text == "[":
            if self.at("special", "]"):
                self.i += 1
                return ("con", "[]")
            inner = self.type_()
            self.take("special", "]")
            return ("list", inner)
        # "("
        if self.at("special", ")"):
            self.i += 1
            return ("con", "()")
        if self.at("reservedop", "->"):
            self.i += 1
            self.take("special", ")")
            return ("con", "->")
        if self.at("special", ","):
            n = 1
            while self.at("special", ","):
                self.i += 1
                n += 1
            self.take("special", ")")
            return ("con", "(" + "," * (n - 1) + ")")
        items = [self.type_()]
        while self.at("special", ","):
            self.i += 1
            items.append(self.type_())
        self.take("special", ")")
        return items[0] if len(items) == 1 else ("tuple", items)

    def done(self) -> None:
        if self.i != len(self.toks):
            raise Unreadable("trailing tokens")


def context(t: tuple, own: frozenset[str] | set[str] = frozenset()) -> list[tuple[str, tuple]]:
    items = t[1] if t[0] == "tuple" else ([] if t == ("con", "()") else [t])
    out = []
    for p in items:
        args = []
        while p[0] == "app":
            args.append(p[2])
            p = p[1]
        if p[0] != "con" or len(args) != 1 or p[1] not in T.SUPERCLASSES and p[1] not in own:
            raise Unreadable("unknown class or constraint")
        out.append((p[1], args[0]))
    return out


# ------------------------------------------------------------------------------ conversion

TUPLES_8_15 = tuple("(" + "," * (n - 1) + ")" for n in range(8, 16))
BUILTIN_TYCONS = {name: T.con(name) for name in (
    "Int", "Integer", "Double", "Float", "Char", "Bool", "Ordering", "IO", "Maybe", "Either",
    "Map", "Set", "()", "[]", "->", "(,)", "(,,)", "(,,,)", "(,,,,)", "(,,,,,)", "(,,,,,,)",
    *TUPLES_8_15, "IORef", "Array", *MORE_TYCONS, *ST_TYCONS, *NUMERIC_TYCONS, *FIXED_TYCONS,
    *EXC_TYCONS)}
BUILTIN_SYNONYMS: dict[str, tuple[list[str], tuple]] = {
    "String": ([], ("list", ("con", "Char"))),
    "FilePath": ([], ("list", ("con", "Char"))),
    "IOError": ([], ("con", "IOException")),
    "ShowS": ([], ("fun", ("list", ("con", "Char")), ("list", ("con", "Char")))),
    # Data.IntMap and Data.IntSet run as Data.Map and Data.Set at Int keys (modules.py)
    "IntMap": (["a"], ("app", ("app", ("con", "Map"), ("con", "Int")), ("var", "a"))),
    "IntSet": ([], ("app", ("con", "Set"), ("con", "Int"))),
    "Rational": ([], ("app", ("con", "Ratio"), ("con", "Integer"))),  # Data.Ratio
}


class TypeScope:
    """The type constructors and synonyms in scope (the Prelude's and the program's)."""

    def __init__(self) -> None:
        self.tycons: dict[str, T.TCon] = dict(BUILTIN_TYCONS)
        self.synonyms: dict[str, tuple[list[str], tuple]] = dict(BUILTIN_SYNONYMS)

    def convert(self, r: tuple, tyvars: dict[str, T.Type], depth: int = 0) -> T.Type:
        if depth > 50:
            raise Unreadable("synonym loop")
        args: list[tuple] = []
        h = r
        while h[0] == "app":
            args.append(h[2])
            h = h[1]
        args.reverse()
        if h[0] == "con" and h[1] in self.synonyms:
            params, body = self.synonyms[h[1]]
            if len(args) < len(params):
                raise Unreadable("partially applied synonym")
            sub = {p: self.convert(a, tyvars, depth + 1) for p, a in zip(params, args)}
            t = self.convert(body, sub, depth + 1)
            # remember the synonym's name for -hy (describe): GHC keeps it in binder types
            if isinstance(t, T.TAp):
                t = T.TSyn(t.f, t.x, h[1])
            elif isinstance(t, T.TCon) and not t.rigid:
                t = T.TSynCon(t, h[1])
            for a in args[len(params):]:
                t = T.TAp(t, self.convert(a, tyvars, depth + 1))
            return t
        if h[0] == "con":
            c = self.tycons.get(h[1])
            if c is None:
                raise Unreadable(f"unknown type {h[1]}")
            t = c
        elif h[0] == "var":
            v = tyvars.get(h[1])
            if v is None:
                raise Unreadable(f"unbound type variable {h[1]}")
            t = v
        elif h[0] == "fun":
            t = T.fn(self.convert(h[1], tyvars, depth), self.convert(h[2], tyvars, depth))
        elif h[0] == "list":
            t = T.list_of(self.convert(h[1], tyvars, depth))
        else:  # tuple
            if len(h[1]) > 15:  # the largest tuple of ir.BUILTIN_CONS
                raise Unreadable("tuple too large")
            t = T.tuple_of([self.convert(x, tyvars, depth) for x in h[1]])
        for a in args:
            t = T.TAp(t, self.convert(a, tyvars, depth))
        return t

    def scheme(self, ctx: list[tuple[str, tuple]], r: tuple) -> Scheme:
        """Generalise over the type variables of ``r`` (in order of appearance)."""
        names: list[str] = []
        tyvar_names(r, names)
        for _, a in ctx:
            tyvar_names(a, names)
        tyvars: dict[str, T.Type] = {n: T.TGen(i) for i, n in enumerate(names)}
        preds = [(c, self.convert(a, tyvars)) for c, a in ctx]
        return Scheme(len(names), preds, self.convert(r, tyvars))


def tyvar_names(r: tuple, out: list[str]) -> None:
    if r[0] == "var":
        if r[1] not in out:
            out.append(r[1])
    elif r[0] in ("app", "fun"):
        tyvar_names(r[1], out)
        tyvar_names(r[2], out)
    elif r[0] == "list":
        tyvar_names(r[1], out)
    elif r[0] == "tuple":
        for x in r[1]:
            tyvar_names(x, out)


# ------------------------------------------------------------------------------ declarations


def read_data(toks: list[Token], classes: frozenset[str] | set[str] = frozenset()
              ) -> tuple[str, list[str], list[tuple[str, list[tuple] | None]], dict]:
    """``data T a b = C t1 t2 | a :+ b ...`` -> (T, [a, b], [(C, raw field types or None)],
    {C: (existential variables, raw context)} for ``forall s. Shape s => C s``).
    Fields come back as None for a constructor this reader cannot follow."""
    r = TypeReader(toks, classes)
    r.exist = {}  # type: ignore[attr-defined]
    r.i = 1  # data / newtype
    name = r.take("conid").text
    params = []
    while r.at("varid"):
        params.append(r.take("varid").text)
    cons: list[tuple[str, list[tuple] | None]] = []
    if not r.at("reservedop", "="):
        return name, params, cons, r.exist  # type: ignore[attr-defined]
    r.i += 1
    while True:
        start = r.i
        cname, fields = _read_constructor(r)
        if cname is None:  # skip to the next alternative, fields unknown
            r.i = start
            depth = 0
            while r.peek() is not None and not (depth == 0 and (
                    r.at("reservedop", "|") or r.at("reserved", "deriving"))):
                t = r.peek()
                if t.kind == "special" and t.text in "([{":
                    depth += 1
                elif t.kind == "special" and t.text in ")]}":
                    depth -= 1
                if t.kind in ("conid", "consym") and cname is None and depth == 0:
                    cname = t.text
                r.i += 1
            if cname is None:
                return name, params, cons, r.exist  # type: ignore[attr-defined]
        cons.append((cname, fields))
        if r.at("reservedop", "|"):
            r.i += 1
            continue
        return name, params, cons, r.exist  # type: ignore[attr-defined]


def _read_constructor(r: TypeReader) -> tuple[str | None, list[tuple] | None]:
    try:
        exist = _existential(r)
        if r.at("special", "("):
            r.i += 1
            cname = r.take("consym").text
            r.take("special", ")")
            fields = _fields(r)
        elif r.at("conid") and not _infix_follows(r):
            cname = r.take("conid").text
            fields = _record_fields(r) if r.at("special", "{") else _fields(r)
        else:
            left = _field(r)
            cname = r.take("consym").text
            fields = [left, _field(r)]
        if not (r.peek() is None or r.at("reservedop", "|") or r.at("reserved", "deriving")):
            return None, None
        if exist is not None:
            r.exist[cname] = exist  # type: ignore[attr-defined]
        return cname, fields
    except (Unreadable, AssertionError):
        return None, None


def _existential(r: TypeReader) -> tuple[list[str], list] | None:
    """``forall s t. [context =>]`` before a constructor (ExistentialQuantification); the
    context is the name of a class not in scope where one is (the checker's error)."""
    if not r.at("varid", "forall"):
        return None
    r.i += 1
    names = []
    while r.at("varid"):
        names.append(r.take("varid").text)
    r.take("varsym", ".")
    j, depth = r.i, 0
    while j < len(r.toks) and not (depth == 0 and (r.toks[j].is_("reservedop", "|") or
                                                  r.toks[j].is_("reservedop", "=>"))):
        depth += r.toks[j].is_("special", "(") - r.toks[j].is_("special", ")")
        j += 1
    if j == len(r.toks) or not r.toks[j].is_("reservedop", "=>"):
        return names, []
    t = r.btype()
    r.take("reservedop", "=>")
    try:
        return names, context(t, r.classes)
    except Unreadable:  # a class not in scope: (names, the class) for the checker's error
        heads = []
        for p in t[1] if t[0] == "tuple" else [t]:
            while p[0] == "app":
                p = p[1]
            heads.append(p)
        bad = next((p[1] for p in heads if p[0] == "con" and p[1] not in T.SUPERCLASSES and
                    p[1] not in r.classes), None)
        if bad is None:
            raise
        return names, bad  # type: ignore[return-value]


def con_scheme(scope: object, con: T.TCon, params: list[str], fields: list | None,
               arity: int, exist: tuple[list[str], list] | None = None) -> Scheme:
    """A constructor's type: ``forall params exist. context => fields -> T params`` (an
    existential's variables come after the type's, its context is the scheme's)."""
    n = len(params)
    result: T.Type = con
    for i in range(n):
        result = T.TAp(result, T.TGen(i))
    if fields is not None and len(fields) == arity:
        names = params + (exist[0] if exist else [])
        tyvars: dict[str, T.Type] = {p: T.TGen(i) for i, p in enumerate(names)}
        try:
            preds = [(c, scope.convert(t, tyvars)) for c, t in exist[1]] if exist else []
            return Scheme(len(names), preds,  # type: ignore[attr-defined]
                          T.fns([scope.convert(f, tyvars) for f in fields], result))
        except Unreadable:
            pass
    # fields this checker cannot read: a fresh type for each, at each use
    return Scheme(n + arity, [], T.fns([T.TGen(n + i) for i in range(arity)], result))


def _infix_follows(r: TypeReader) -> bool:
    j = r.i + 1
    return j < len(r.toks) and r.toks[j].kind == "consym"


def _fields(r: TypeReader) -> list[tuple]:
    out = []
    while r.at("varsym", "!") or r.atype_start():
        out.append(_field(r))
    return out


def _record_fields(r: TypeReader) -> list[tuple]:
    """``{ f1, f2 :: T1, f3 :: T2 }``: one field type per name."""
    r.take("special", "{")
    out: list[tuple] = []
    while not r.at("special", "}"):
        n = 1
        r.take("varid")
        while r.at("special", ","):
            r.i += 1
            r.take("varid")
            n += 1
        r.take("reservedop", "::")
        if r.at("varsym", "!"):
            r.i += 1
        t = r.type_()
        out += [t] * n
        if not r.at("special", ","):
            break
        r.i += 1
    r.take("special", "}")
    return out


def _field(r: TypeReader) -> tuple:
    if r.at("varsym", "!"):
        r.i += 1
    if not r.atype_start():
        raise Unreadable("expected a field type")
    return r.atype()


def read_synonym(toks: list[Token]) -> tuple[str, list[str], tuple]:
    """``type N a b = t`` -> (N, [a, b], raw t)."""
    r = TypeReader(toks)
    r.i = 1
    name = r.take("conid").text
    params = []
    while r.at("varid"):
        params.append(r.take("varid").text)
    r.take("reservedop", "=")
    t = r.type_()
    r.done()
    return name, params, t


# ------------------------------------------------------------------------------ the Prelude

class PreludeSchemes(Mapping[str, Scheme]):
    """Names -> type schemes of the Prelude's signatures, each read the first time it is
    looked up (a program uses a few dozen of the 550-odd: reading them all was a sixth of
    a one-line program's compile). A scheme depends only on its own line (built-in type
    constructors and synonyms, bound variables numbered in order), so reading late is
    reading the same."""

    def __init__(self, text: str) -> None:
        self._scope = TypeScope()
        self._raw: dict[str, str] = {}
        self._read: dict[str, Scheme] = {}
        for line in text.strip().splitlines():
            name, _, ty = line.partition(" :: ")
            name = name.strip()
            if name.startswith("(") and name.endswith(")") and name not in ("()", "(,)"):
                name = name[1:-1] if "," not in name else name
            self._raw[name] = ty  # (a later line for the same name wins)

    def __getitem__(self, name: str) -> Scheme:
        sc = self._read.get(name)
        if sc is None:
            ty = self._raw[name]
            r = TypeReader([t for t in tokenize(ty, "<prelude types>") if t.kind != "eof"])
            ctx, t = r.sig()
            r.done()
            sc = self._read[name] = self._scope.scheme(ctx, t)
        return sc

    def __iter__(self) -> Iterator[str]:
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)


@functools.lru_cache(maxsize=1)
def prelude_env() -> tuple[PreludeSchemes, PreludeSchemes]:
    """(the Prelude's functions, the built-in constructors) with their type schemes."""
    return PreludeSchemes(PRELUDE_SIGS + containers_sigs.prelude_sigs() + MORE_SIGS
                      + ST_SIGS + NUMERIC_SIGS + WORD_SIGS + TRAVERSE_SIGS
                      + EXC_SIGS), \
        PreludeSchemes(CONSTRUCTOR_SIGS + MORE_CONSTRUCTOR_SIGS + NUMERIC_CONSTRUCTOR_SIGS
                   + EXC_CONSTRUCTOR_SIGS)
