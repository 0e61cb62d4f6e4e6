"""Derived Show, Eq and Ord instances of the program's data types, as GHC 9.0.2 derives them.

GHC compiles a derived instance as code of the program's own module: at -O0, with the
program's allocation shapes (operator arguments become thunks, ``showParen``/``(.)`` build
closures), and with ``-fprof-auto``/``-fprof-auto-top`` every method is a top-level binding
with a cost centre named after the method (``showsPrec``, ``==``, ``compare``, ``<``, ``<=``,
``>``, ``>=``) whose SRC is the class name in the ``deriving`` clause. The method shapes
followed here are those ``ghc -ddump-deriv`` prints (observed with GHC 9.0.2):

* ``showsPrec d (C x1 .. xn) = showParen (d >= 11) (showString "C " . showsPrec 11 x1 .
  showSpace . ...)``, a nullary constructor ``showString "C"``, a record constructor
  ``showString "C {" . showString "f1 = " . showsPrec 0 x1 . showCommaSpace . ... .
  showString "}"``;
* ``(C a1 .. an) == (C b1 .. bn) = (a1 == b1) && (...)``, ``_ == _ = False``;
* ``compare`` and ``(<)`` by constructor order then field by field (``compare`` on every
  field but the last, which ``(<)`` compares with ``<``); a type of nullary constructors only
  compares constructor tags; ``a <= b = not (b < a)``, ``a > b = b < a``,
  ``a >= b = not (a < b)``;
* for an enumeration, ``Enum`` through its tags (``succ``/``pred`` with GHC's errors,
  ``toEnum`` range-checked, ``enumFrom``/``enumFromThen`` mapping ``tag2con`` over Int
  enumerations; ``enumFromTo``/``enumFromThenTo`` are the class defaults, ``map toEnum
  [fromEnum x ..]``) and ``Bounded`` as its first and last constructors.

What flows out: the source text of those methods (Haskell of the subset, with magic-hash
names that no program can use), parsed and desugared as module Main code by the pipeline;
``Derived.dispatch`` tells the generated Prelude helpers (pipeline ``_helpers_source``) which
constructors go to which derived method; ``Derived.labels`` gives each method binding its
cost-centre label, SRC span and closure name.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from profkit.errors import SourceError

from . import show_shapes
from . import syntax as S

#: the classes this module derives, and the methods each gives (method -> name stem)
METHODS = {
    "Show": (("showsPrec", "showsPrec"),),
    "Eq": (("==", "eq"),),
    "Ord": (("compare", "compare"), ("<", "lt"), ("<=", "le"), (">", "gt"), (">=", "ge")),
    "Enum": (("succ", "succ"), ("pred", "pred"), ("toEnum", "toEnum"), ("fromEnum", "fromEnum"),
             ("enumFrom", "enumFrom"), ("enumFromThen", "enumFromThen")),
    "Bounded": (("minBound", "minBound"), ("maxBound", "maxBound")),
}
#: classes derived only for types of nullary constructors (GHC: Enum; Bounded of an
#: enumeration here -- a one-constructor Bounded with fields is not derived)
ENUM_ONLY = {"Enum", "Bounded"}


@dataclass
class Derived:
    source: str = ""
    #: binding name -> (cost-centre label, span of the class name, closure name for -hd)
    labels: dict[str, tuple[str, S.Span, str]] = field(default_factory=dict)
    #: (class stem, e.g. "showsPrec"/"eq"/"lt") -> [(constructor names, binding name)]
    dispatch: dict[str, list[tuple[list[str], str]]] = field(default_factory=dict)
    #: type name -> its index k (the derived names end in _k#), for type-directed uses
    #: (toEnum, minBound, maxBound) and the Enum helpers
    type_index: dict[str, int] = field(default_factory=dict)
    #: the enumerations whose [a .. b] or [a, b .. c] the program writes: base's default
    #: enumFromTo/enumFromThenTo, a method CAF of Main each (directed.py)
    enum_defaults: set[str] = field(default_factory=set)
    #: method bindings of the program's own instance declarations (instances.py): labelled
    #: like derived methods, but the program's code, whose local bindings have cost centres
    own_code: set[str] = field(default_factory=set)
    #: the program's file name (for messages the generated code prints)
    file: str = "<derived>"
    #: type name -> the showsPrec method of the program's Show instance for it (a call
    #: at the type goes to it: as GHC's through the dictionary, no partial application)
    shows_method: dict[str, str] = field(default_factory=dict)
    #: type name -> the fmap method of the program's Functor instance for it
    functor: dict[str, str] = field(default_factory=dict)
    #: type name -> method of Num (``+``, ``fromInteger``...) -> its binding: the program's
    #: Num instance, base's default or GHC's run-time error (instances.py)
    num: dict[str, dict[str, str]] = field(default_factory=dict)
    #: type name -> method of Applicative/Monad (``>>=``, ``pure``...) -> its binding: the
    #: program's instances' methods or base's defaults (instances._monads)
    monad: dict[str, dict[str, str]] = field(default_factory=dict)
    #: type name -> method of Semigroup/Monoid (``<>``, ``mempty``...) -> its binding
    monoid: dict[str, dict[str, str]] = field(default_factory=dict)
    #: type name -> method of Foldable (``foldr``, ``toList``...) -> its binding
    foldable: dict[str, dict[str, str]] = field(default_factory=dict)
    #: type name -> method of Traversable (``traverse``, ``sequenceA``) -> its binding,
    #: which takes the applicative's fmap, <*> and pure first (traversable.py)
    traversable: dict[str, dict[str, str]] = field(default_factory=dict)
    #: type name -> its constructors and their arities (for the open-type dispatchers)
    num_cons: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    #: the class operations used at the program's monads and functors, by type (its name,
    #: the operation or "do", where): GHC's dictionaries for library monads (mtl.py)
    class_uses: list[tuple[str, str, S.Span]] = field(default_factory=list)
    #: minBound/maxBound at a signature's type variable, with its key (bounded_witness.py)
    open_bounds: list[tuple[S.EVar, str]] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return list(self.labels)

    def shows(self, code: str) -> str:
        """A showsPrec for the type of show shape ``code`` (directed.show_shape: where its
        Strings are) in the generated code, with the Prelude's code for each part: its name.
        An empty String at an ``S`` shows as "", as GHC's instances at the type show it;
        everything else allocates what the generic showsPrec does."""
        if code == "S":
            return "showsPrecStr#"
        if code == "A":
            return "showsPrec"
        if code == "LS":  # the generic show's list of Strings (an empty one as "")
            return self.helper("showsLS#", "show", "d x s = case x of\n"
                               "  [] -> '[' : ']' : s\n  _ -> showlWith# showStrElem# x s")
        head, parts = show_shapes.parts(code)
        subs = [self.shows(p) for p in parts]
        name = f"shows{code}#"
        if head == "L":
            body = (f"case x of\n  [] -> '[' : ']' : s\n"
                    f"  _ -> showlWith# ({subs[0]} 0) x s")
        elif head in ("P", "Q"):  # containers' show: "fromList " and the ascending list
            elems = self.shows(parts[0])
            listed = "toAscList_M#" if head == "P" else "toAscList_S#"
            body = (f"showParenS# (d > 10) (\\r -> \"fromList \" ++ {elems} 0 ({listed} x) r) s")
        elif head in ("M", "E"):
            cons = ["Just"] if head == "M" else ["Left", "Right"]
            alts = [f"  {c} v -> showParenS# (d > 10) (\\r -> showStr{c}# ++ {sub} 11 v r) s"
                    for c, sub in zip(cons, subs if head == "E" else subs[:1])]
            body = "case x of\n" + "\n".join(alts) + "\n  _ -> showsPrec d x s"
        else:
            vs = [f"v{i}" for i in range(len(parts))]
            inner = "(')' : s)"
            for v, sub in reversed(list(zip(vs[1:], subs[1:]))):
                inner = f"(',' : {sub} 0 {v} {inner})"
            # the generic show's words of base's show_tuple beside the cells (tupleCost#):
            # a String inside changes only how its part shows (shapes/showstr20)
            cost = _TUPLE_WORDS.get(len(vs), 84 + 11 * (len(vs) - 8))
            body = (f"case x of\n  ({', '.join(vs)}) -> tupleCost# {cost} "
                    f"('(' : {subs[0]} 0 v0 {inner})")
        return self.helper(name, "show", f"d x s = {body}")

    def helper(self, name: str, closure: str, definition: str) -> str:
        """Add ``name = definition`` (the text after the name) to the generated code once, as
        base's code (no cost centre; ``closure`` names its closures for -hd); returns name."""
        if name not in self.labels:
            self.labels[name] = (None, S.NOSPAN, closure)
            self.source += f"{name} {definition}\n"
        return name


#: the Prelude's tupleCost# words for a tuple of each arity (showsStruct#)
_TUPLE_WORDS = {2: 9, 3: 26, 4: 40, 5: 54, 6: 68, 7: 82}


def _pat(con: str, arity: int, v: str) -> str:
    if arity == 0:
        return con
    if con[0] == ":":  # an operator constructor (of two fields)
        return f"({v}1 {con} {v}2)"
    return "(" + " ".join([con] + [f"{v}{i}" for i in range(1, arity + 1)]) + ")"


def _wild(con: str, arity: int) -> str:
    if con[0] == ":":
        return f"(_ {con} _)"
    return con if arity == 0 else "(" + " ".join([con] + ["_"] * arity) + ")"


def _shows(d: Derived, name: str, cons: list[tuple[str, int]], fields: list[list[str]],
           shapes: list[list[str | None]] | None = None,
           infix: dict[str, int] | None = None, shown: dict[str, str] | None = None
           ) -> list[str]:
    """``shapes``: per constructor, where its fields' types have Strings (an empty one there
    shows as "", as GHC's instances at the field's type show it): a String field by
    showsPrecStr#, one with a String inside by showsPrecT# with its shape. ``infix``: the
    constructors declared infix, with their precedence (shown `a :& b`, both fields at one
    more than it)."""
    out = []
    infix = infix or {}
    shapes = shapes or [[]] * len(cons)
    for (c, n), names, flags in zip(cons, fields or [[]] * len(cons), shapes):
        own = (shown or {}).get(c, c)  # (the program's name of a renamed constructor)
        def sp(i: int, flags: list[str | None] = flags) -> str:
            code = flags[i - 1] if i <= len(flags) else None
            if code is None:  # (the field's method at two arguments: show_cons.py)
                return "showsAt2#"
            return d.shows(code)
        if n == 0:
            out.append(f'{name} _ {c} = showString "{own}"')
            continue
        if names:  # record syntax: C {f1 = .., f2 = ..}, fields shown at precedence 0
            parts = [f'showString "{own} {{"']
            for i, f in enumerate(names, 1):
                parts += (["showCommaSpace"] if i > 1 else []) + \
                    [f'showString "{f} = "', f"{sp(i)} 0 b{i}"]
            body = 'showString "}"'
            for part in reversed(parts):
                body = f"(.) ({part}) ({body})"
            out.append(f"{name} a {_pat(c, n, 'b')} = showParen (a >= 11) ({body})")
            continue
        if c in infix:
            q = infix[c] + 1
            body = f'(.) ({sp(1)} {q} b1) ((.) (showString " {own} ") ({sp(2)} {q} b2))'
            out.append(f"{name} a {_pat(c, n, 'b')} = showParen (a >= {q}) ({body})")
            continue
        label = f"({c})" if c[0] == ":" else own
        body = f"{sp(n)} 11 b{n}"
        for i in range(n - 1, 0, -1):
            body = f"(.) ({sp(i)} 11 b{i}) ((.) showSpace ({body}))"
        out.append(f'{name} a {_pat(c, n, "b")} = showParen (a >= 11) '
                   f'((.) (showString "{label} ") ({body}))')
    return out


def _eq(name: str, cons: list[tuple[str, int]]) -> list[str]:
    out = []
    for c, n in cons:
        if n == 0:
            out.append(f"{name} {c} {c} = True")
            continue
        body = f"(a{n} == b{n})"
        for i in range(n - 1, 0, -1):
            body = f"(a{i} == b{i}) && ({body})"
        out.append(f"{name} {_pat(c, n, 'a')} {_pat(c, n, 'b')} = {body}")
    if len(cons) > 1:
        out.append(f"{name} _ _ = False")
    return out


def _order(name: str, cons: list[tuple[str, int]], op: str) -> list[str]:
    """``compare`` (op "compare") or ``(<)`` (op "<") of a type with a field somewhere."""
    less, same, more = ("LT", "EQ", "GT") if op == "compare" else ("True", "False", "False")
    out = [f"{name} a b = case a of"]
    for k, (c, n) in enumerate(cons):
        out.append(f"  {_pat(c, n, 'a')} -> case b of")
        for c2, n2 in cons[:k]:
            out.append(f"    {_wild(c2, n2)} -> {more}")
        out += _fields(f"    {_pat(c, n, 'b')} -> ", "    ", 1, n, op, less, same, more)
        if k < len(cons) - 1:
            out.append(f"    _ -> {less}")
    return out


def _fields(head: str, ind: str, i: int, n: int, op: str, less: str, same: str,
            more: str) -> list[str]:
    """Fields i..n compared in order: ``compare`` on each but the last, which gets ``op``."""
    if n == 0:
        return [head + same]
    if i == n:
        return [head + (f"compare a{n} b{n}" if op == "compare" else f"a{n} < b{n}")]
    inner = ind + "  "
    return [head + f"case compare a{i} b{i} of", f"{inner}LT -> {less}",
            *_fields(f"{inner}EQ -> ", inner, i + 1, n, op, less, same, more),
            f"{inner}GT -> {more}"]


def _enum(stem: str, k: int, type_name: str, cons: list[tuple[str, int]], where: str
          ) -> list[str]:
    """Derived Enum/Bounded methods of an enumeration (GHC's shapes: con2tag/tag2con);
    ``where``: GHC's call-stack line for their errors (the class in the deriving clause)."""
    name, top = f"{stem}_{k}#", len(cons) - 1
    stack = f"\\nCallStack (from HasCallStack):\\n  error, called at {where} in main:Main"
    tag, t2c = "conIndex#", f"tag2con_{k}#"
    if stem == "minBound":
        return [f"{name} = {cons[0][0]}"]
    if stem == "maxBound":
        return [f"{name} = {cons[-1][0]}"]
    if stem == "fromEnum":  # beyond 8 constructors GHC boxes the tag it reads, 16 bytes
        # a call; up to 8 a static box (GHC 9.0.2: 7 and 8 constructors 0 bytes, 9 to 14
        # constructors 16, shapes/enumrange24)
        return [f"{name} a = {tag} a" if len(cons) <= 8 else
                f"{name} a = boxTag# a"]
    if stem == "succ":
        return [f"{name} a = let t = {tag} a in t `seq` (if {top} == t then "
                f"errorWithoutStackTrace \"succ{{{type_name}}}: tried to take `succ' of last "
                f"tag in enumeration{stack}\" else {t2c} (t + 1))"]
    if stem == "pred":
        return [f"{name} a = let t = {tag} a in t `seq` (if 0 == t then "
                f"errorWithoutStackTrace \"pred{{{type_name}}}: tried to take `pred' of first "
                f"tag in enumeration{stack}\" else {t2c} (t + (-1)))"]
    if stem == "toEnum":
        return [f"{name} a = if a >= 0 && a <= {top} then {t2c} a else errorWithoutStackTrace "
                f"(\"toEnum{{{type_name}}}: tag (\" ++ showsPrec 0 a (\") is outside of "
                f"enumeration's range (0,\" ++ showsPrec 0 {top} \"){stack}\"))"]
    if stem == "enumFrom":
        return [f"{name} a = let t = {tag} a in t `seq` map {t2c} (enumFromTo t {top})"]
    assert stem == "enumFromThen"
    return [f"{name} a b = let t = {tag} a in t `seq` (let u = {tag} b in u `seq` map {t2c} "
            f"(enumFromThenTo t u (if t > u then 0 else {top})))"]


#: a newtype's derived Eq/Ord methods (GHC derives them by coercing the field type's own
#: methods, every method of the class, /=, max and min included): the field type's method
#: each one calls
NEWTYPE_COERCED = {"eq": "==", "ne": "/=", "compare": "compare", "lt": "<", "le": "<=",
                   "gt": ">", "ge": ">=", "max": "max", "min": "min"}
#: the methods a newtype's deriving clause has beyond ``METHODS``' (a data type's derived
#: instance leaves them to the class defaults, which have no cost centre)
NEWTYPE_METHODS = {"Eq": (("/=", "ne"),), "Ord": (("max", "max"), ("min", "min"))}


#: base's types whose Eq and Ord instances define every method (no class default)
_BASE_FULL = {"Int", "Integer", "Double", "Float", "Char", "Bool", "Word", "Ordering", "()",
              "Int8", "Int16", "Int32", "Int64", "Word8", "Word16", "Word32", "Word64"}


def _caf_bytes(text: str, stem: str) -> int:
    """What a newtype's coerced method CAF allocates when first entered (GHC 9.0.2): 16
    bytes when it gets the field type's method by an application, of an instance function
    to the argument types' dictionaries (``_built_dictionary``) or of a class default to
    the field type's dictionary (/=, max and min of a program's type deriving Eq and Ord);
    nothing for a method base defines (Int's, Char's ...) or a program type's derived one."""
    text = text.strip()
    if _built_dictionary(text):
        return 16
    if stem in ("ne", "max", "min") and text[:1].isupper() and text not in _BASE_FULL:
        return 16
    return 0


def _built_dictionary(text: str) -> bool:
    """Whether a field of type ``text`` (tokens spaced, synonyms expanded) has an instance
    GHC builds by applying an instance function to the argument types' dictionaries
    (``Ord [Char]``, ``Eq (Maybe Int)``, a tuple's): a newtype's coerced method CAF then
    allocates 16 bytes when it is first entered (GHC 9.0.2, measured for String, [Int],
    (Int, Int) and Maybe Int; nothing for Int, Double, Char, Integer and a program's own
    type without parameters)."""
    text = text.strip()
    if text == "String":
        return True
    if text.startswith("(") and text.endswith(")") and "," not in text:
        inner = text[1:-1].strip()
        return bool(inner) and _built_dictionary(inner)
    return text.startswith("[") or text.startswith("(") or " " in text


def _coerced(name: str, stem: str, k: int, decl: S.DData, d: "Derived") -> list[str]:
    """A newtype's derived method ``name``: a CAF (entered once, under CAF Main, with the
    method's cost centre) whose value is a function of no cost centre of its own that
    unwraps both arguments and calls the field type's method."""
    con = decl.cons[0][0]
    op = NEWTYPE_COERCED[stem]
    code = f"ntm_{stem}_{k}#"
    d.labels[code] = (None, decl.span, f"$c{op}")
    if stem in ("max", "min"):
        # the field type's own max/min (their default: one <=) choosing the argument
        pick = ("y", "x") if stem == "max" else ("x", "y")
        body = f"case a <= b of {{ True -> {pick[0]}; False -> {pick[1]} }}"
        lines = [f"{code} x y = case x of {{ {con} a -> case y of {{ {con} b -> {body} }} }}"]
    else:
        lines = [f"{code} x y = case x of {{ {con} a -> case y of {{ {con} b -> ({op}) a b }} }}"]
    texts = decl.field_texts[0] if decl.field_texts else []
    return [f"{name} = coercedMethod# {_caf_bytes(texts[0] if texts else 'a', stem)} {code}",
            *lines]


def derive(decls: list[S.Decl], file: str = "<derived>") -> Derived:
    """The derived methods of every data declaration of the program with a deriving
    clause naming Show, Eq or Ord (operator constructors keep the generic code)."""
    d = Derived(file=file)
    lines: list[str] = []
    precs = {op: f.prec for f in decls if isinstance(f, S.DFixity) for op in f.ops}
    for k, decl in enumerate(decls):
        if not isinstance(decl, S.DData) or not decl.cons or not decl.deriving:
            continue
        if any(c[0][0] == ":" and c[1] != 2 for c in decl.cons):
            continue  # (an operator constructor of other than two fields: generic code)
        cons = decl.cons
        names = [c for c, _ in cons]
        enum = all(n == 0 for _, n in cons)
        d.type_index[decl.name] = k
        if enum and any(cls == "Enum" for cls, _ in decl.deriving):
            t2c = f"tag2con_{k}#"
            d.labels[t2c] = (None, decl.span, "$tag2con")  # no cost centre, as GHC's
            lines.append(f"{t2c} i = case i of")
            lines += [f"  {i} -> {c}" for i, (c, _) in enumerate(cons)]
            lines.append(f'  _ -> errorWithoutStackTrace "tag2con: bad tag"')
        for cls, span in decl.deriving:
            if cls == "Enum" and not enum:
                raise SourceError(
                    f"Can't make a derived instance of `Enum {decl.name}': `{decl.name}' must "
                    "be an enumeration type (an enumeration consists of one or more nullary, "
                    "non-GADT constructors)", file, span[0], span[1])
            if cls in ENUM_ONLY and not enum:
                continue
            extra = NEWTYPE_METHODS.get(cls, ()) if decl.newtype and not decl.params else ()
            for method, stem in (*METHODS.get(cls, ()), *extra):
                name = f"{stem}_{k}#"
                d.labels[name] = (method, span, f"$c{method}")
                d.dispatch.setdefault(stem, []).append((names, name))
                lt = f"lt_{k}#"
                if decl.newtype and stem in NEWTYPE_COERCED:
                    lines += _coerced(name, stem, k, decl, d)
                elif stem == "showsPrec":
                    lines += _shows(d, name, cons, decl.fields, decl.show_shapes,
                                    {c: precs.get(c, 9) for c in decl.infix_cons},
                                    decl.shown)
                elif stem == "eq":
                    lines += _eq(name, cons)
                elif stem == "compare":
                    lines += [f"{name} a b = cmpTag# a b"] if enum else \
                        _order(name, cons, "compare")
                elif stem == "lt":
                    lines += [f"{name} a b = ltTag# a b"] if enum else _order(name, cons, "<")
                elif stem == "le":
                    lines.append(f"{name} a b = not ({lt} b a)")
                elif stem == "gt":
                    lines.append(f"{name} a b = {lt} b a")
                elif stem == "ge":
                    lines.append(f"{name} a b = not ({lt} a b)")
                else:
                    where = f"{file}:{span[0]}:{span[1]}"
                    lines += _enum(stem, k, decl.name, cons, where)
    d.source = ("\n".join(lines) + "\n" if lines else "") + d.source
    return d
