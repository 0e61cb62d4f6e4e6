"""The shape ``read`` (``reads``, ``readMaybe``, ``readEither``, ``readLn``) parses a value
of the type the checker found (``directed``): the machine's ``read#`` hands it with the text
to the front end's ``readvalue``.

Simple shapes are letters: ``I`` (Int, Integer), ``D`` (Double), ``B``, ``C``, ``S`` (a
String) and ``[x]`` (a list of them). Anything else (tuples, Maybe, Either, Ordering, (),
the program's types deriving Read, and lists of those) is a JSON document registered with
``readvalue.register`` (named by one character): the
tree of the value's type (``["T", [...]]`` a tuple, ``["L", t]`` a list, ``["R", name]`` a
named type) and the constructors of each named type at its arguments (name, kind ``p``
prefix / ``r`` record / ``i`` infix, record field names, field trees, infix fixity)."""

from __future__ import annotations

import json

from profkit.errors import SourceError

from . import syntax as S
from . import typecheck_types as T
from .deriving import Derived
from .readvalue import FIRST, register, shape_doc

#: the Prelude's types with a derived-style Read: constructors and fields (``a``/``b``: the
#: type's arguments)
_PRELUDE = {"Maybe": [("Nothing", []), ("Just", ["a"])],
            "Either": [("Left", ["a"]), ("Right", ["b"])],
            "Ordering": [("LT", []), ("EQ", []), ("GT", [])]}


class _Shapes:
    def __init__(self, types: object) -> None:
        module = getattr(types, "module", None)
        decls = module.decls if module is not None else []
        self.datas = {d.name: d for d in decls if isinstance(d, S.DData)}
        self.fixity = {op: (d.prec, d.assoc) for d in decls if isinstance(d, S.DFixity)
                       for op in d.ops}
        self.schemes = getattr(types, "con_schemes", {})
        self.defs: dict[str, list] = {}

    def tree(self, t: object) -> object:
        h, args = T.spine(t)
        if not isinstance(h, T.TCon) or h.rigid:
            return "I" if isinstance(h, T.TVar) else None  # left open: Integer by defaulting
        key = h.key
        if key in ("Int", "Integer"):
            return "I"
        if key in ("Double", "Float"):
            return "D"
        if key in ("Bool", "Char"):
            return key[0]
        if key == "[]" and args:
            eh, _ = T.spine(args[0])
            if isinstance(eh, T.TCon) and eh.key == "Char":
                return "S"
            inner = self.tree(args[0])
            return None if inner is None else ["L", inner]
        if key == "()" or key.startswith("(,") and len(args) == key.count(",") + 1:
            items = [self.tree(a) for a in args]
            return None if None in items else ["T", items]
        if key in _PRELUDE:
            return self.named(t, [(c, None, [args["ab".index(f)] for f in fs], None)
                                  for c, fs in _PRELUDE[key]])
        d = self.datas.get(h.name)
        if d is None or not any(c == "Read" for c, _ in d.deriving):
            return None
        alts = []
        for k, (cname, arity) in enumerate(d.cons):
            sc = self.schemes.get(cname)
            if sc is None or sc.n != len(args):
                return None  # (fields the checker could not read)
            fields = []
            ft = _inst(sc.type, args)
            for _ in range(arity):
                sf = T.split_fun(ft)
                if sf is None:
                    return None
                fields.append(sf[0])
                ft = sf[1]
            names = d.fields[k] if k < len(d.fields) and d.fields[k] else None
            infix = cname in d.infix_cons
            alts.append((cname, names, fields,
                         self.fixity.get(cname, (9, "infixl")) if infix else None))
        return self.named(t, alts)

    def named(self, t: object, alts: list) -> object:
        name = T.show_type(t)
        if name not in self.defs:
            self.defs[name] = []  # (a recursive type names itself)
            out = []
            for cname, names, fields, fixity in alts:
                trees = [self.tree(f) for f in fields]
                if None in trees:
                    del self.defs[name]
                    return None
                kind = "i" if fixity else "r" if names else "p"
                out.append([cname, kind, names, trees, list(fixity) if fixity else None])
            self.defs[name] = out
        return ["R", name]


def _inst(t: object, args: list) -> object:
    """A constructor's type with the type's parameters (``TGen``) given."""
    t = T.prune(t)
    if isinstance(t, T.TGen):
        return args[t.i]
    if isinstance(t, T.TAp):
        return T.TAp(_inst(t.f, args), _inst(t.x, args))
    return t


def _simple(tree: object) -> str | None:
    """A tree of letters and lists as the simple shape (``[I]``), else None."""
    if isinstance(tree, str):
        return tree
    if tree[0] == "L":
        inner = _simple(tree[1])
        return None if inner is None else f"[{inner}]"
    return None


def read_shape(t: object, types: object = None) -> str | None:
    """The shape ``read#`` parses a value of type ``t`` by (None: a type it cannot read)."""
    sh = _Shapes(types)
    tree = sh.tree(t)
    if tree is None:
        return None
    simple = _simple(tree)
    if simple is not None:
        return simple
    return register(json.dumps({"t": tree, "d": sh.defs}, separators=(",", ":")))


def read_directed(e: S.EVar, t: object, derived: Derived, types: object) -> None:
    """read at the type the checker found: a helper of the derived code reading that shape
    (Int, Integer, Double, Bool, Char, String, tuples, Maybe, Either, Ordering, the
    program's types deriving Read, and lists of them)."""
    file = types.file  # type: ignore[attr-defined]
    sf = T.split_fun(t) if e.name != "readLn" else (None, T.spine(t)[1][0]) \
        if T.spine(t)[1] else None  # readLn :: IO a
    if sf is None:
        return
    if e.name in ("readMaybe", "readEither"):  # the Maybe's / Either String's argument
        args = T.spine(sf[1])[1]
        if not args:
            return
        sf = (sf[0], args[-1])
    elif e.name == "reads":  # [(a, String)]: the pairs' first component
        args = T.spine(sf[1])[1]
        pair = T.spine(args[0])[1] if args else []
        if not pair:
            return
        sf = (sf[0], pair[0])
    shape = read_shape(sf[1], types)
    if shape is None:
        raise SourceError(f"`read' at the type `{T.show_type(sf[1])}' is not supported by the "
                          "Haskell subset (Int, Integer, Double, Bool, Char, String, tuples, "
                          "Maybe, Either, types deriving Read and lists of them are: see "
                          "SUBSET.md)", file, e.span[0], e.span[1])
    at = f"{e.name}At#"
    head, args = T.spine(sf[1])
    own = _own_read(head, derived, types)
    if own is not None:  # the program's type: its derived readPrec does the parse
        at = f"({own} {at})"
    elif getattr(head, "key", "") == "[]" and args:  # a list of them: readListPrec's
        own = _own_read(T.spine(args[0])[0], derived, types)
        if own is not None:
            at = f"({own.replace('readPrec', 'readListPrec')} ({own} {at}))"
    # the other types of the program's read inside: their readPrec CAFs evaluated (GHC's
    # parser of the outer type holds theirs; the parse is charged to the outer one)
    inner = [n for n in _own_types(shape, derived, types) if n not in at]
    body = "".join(f"{n} `seq` " for n in inner) + f'{at} "{shape}" s'
    # readI#, read_lI_r# for [Int], readJ3#: the shape spelled in name characters
    name = e.name + (shape.replace("[", "_l").replace("]", "_r") if shape_doc(shape) is None
                     else f"J{ord(shape) - FIRST}") + "#"
    e.name = "%" + derived.helper(name, e.name, f"s = {body}")


def _own_types(shape: str, derived: Derived, types: object) -> list[str]:
    """The readPrec bindings of the program's types a J shape names."""
    doc = shape_doc(shape)
    if doc is None:
        return []
    module = getattr(types, "module", None)
    datas = {d.name: d for d in (module.decls if module else []) if isinstance(d, S.DData)}
    out = []
    for name in doc["d"]:
        head = name.split()[0]
        if head in datas:
            own = _own_read(T.TCon(head, head), derived, types)
            if own is not None:
                out.append(own)
    return out


def _own_read(head: object, derived: Derived, types: object) -> str | None:
    """The derived readPrec of the program's type ``head`` (a binding with GHC's cost centre
    ``readPrec`` at the deriving clause's ``Read``): a CAF of the parser, entered once under
    CAF Main, whose parses run under the caller's stack and ``readPrec`` (GHC's split tick
    of ``f = \\x -> ..``). (GHC's CAF builds the parser: 424 to 1,296 bytes under CAF Main
    and readPrec, not charged.) None for other types."""
    module = getattr(types, "module", None)
    decl = next((d for d in (module.decls if module else []) if isinstance(d, S.DData) and
                 isinstance(head, T.TCon) and d.name == head.name), None)
    span = next((sp for c, sp in decl.deriving if c == "Read"), None) if decl else None
    k = derived.type_index.get(decl.name) if decl else None
    if span is None or k is None:
        return None
    name = f"readPrec_{k}#"
    if name not in derived.labels:
        for method in ("readPrec", "readListPrec"):
            binding = f"{method}_{k}#"
            derived.labels[binding] = (method, span, f"$c{method}")
            derived.source += f"{binding} = \\at sh s -> at sh s\n"
    return name
