"""The program's own type classes: ``class Shape a where area :: a -> Double; ...``.

GHC passes a dictionary to every use of a method; the subset's values carry their run-time
representation instead, so a method is resolved in one of two ways, both giving GHC's calls
and cost centres:

* **by the checked type**, where the type checker fixes the class's type at the use (every
  use in monomorphic code: ``area (Circle 1)``): the use becomes a direct call of the
  instance's method (or of the class's default method, or of GHC's "No instance nor default
  method" error), as GHC's selection from a statically known dictionary does;
* **by the argument's constructor**, where the type stays open (``total :: Shape a => [a] ->
  Double; total = sum . map area``): the method's name is a dispatcher that evaluates the
  first argument whose type is the class's (``a`` or ``f x`` for a class of type
  constructors) and calls the instance of its constructor (``Circle`` -> ``Shape Circle``;
  ``I#``/``D#``/``C#``, lists, ``Bool`` and ``Maybe`` for instances on the Prelude's types).
  A method without such an argument (``empty :: f a``) used at an open type is refused at
  compile time; one whose argument GHC would not evaluate is evaluated here (a difference
  only for a method that ignores its argument and is given bottom).

With ``-fprof-auto`` an instance method has a cost centre named after the method at its
binding, and a default method one at the class's default definition (observed with GHC
9.0.2: ``describe cls.hs:5:3-53``); the dispatcher, like GHC's method selector, has none.

What flows: ``lower_classes`` takes the module's ``DClass`` declarations out (the default
methods become top-level bindings ``<m>DM<k>#``) and returns the ``ClassEnv``;
``instances.lower_instances`` adds the program's instances of these classes to it; the type
checker reads the method signatures (``Prepared.classes``), checks defaults and instance
methods, and records each use's type; ``resolve_methods`` then rewrites the uses and returns
the dispatchers' source, compiled with the derived code.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from profkit.errors import SourceError

from . import syntax as S
from . import typecheck_types as T
from .deriving import Derived

#: the Prelude's types an instance of a program's class may be for, by their type name
PRELUDE_HEADS = {"Int": 0, "Integer": 0, "Double": 0, "Char": 0, "Bool": 0, "[]": 1,
                 "Maybe": 1, "Ordering": 0, "Either": 2, "(,)": 2, "(,,)": 3, "IO": 1}


@dataclass
class ClassInfo:
    name: str
    index: int
    tyvar: str
    supers: list[str]
    sigs: dict[str, S.DSig]  # method -> its signature
    methods: list[str]  # in declaration order
    defaults: dict[str, str] = field(default_factory=dict)  # method -> its default binding
    span: S.Span = S.NOSPAN


@dataclass
class ClassEnv:
    classes: dict[str, ClassInfo] = field(default_factory=dict)
    method_class: dict[str, str] = field(default_factory=dict)  # method -> its class
    #: (class, type name) -> method -> binding (the instance's, the default or the error)
    instances: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)
    #: (class, type name) -> (the instance's type variables, its context)
    instance_heads: dict[tuple[str, str], tuple[list[str], list[tuple[str, str]]]] = \
        field(default_factory=dict)
    #: (class, type name) -> the type's constructors (for the dispatchers)
    instance_cons: dict[tuple[str, str], list[tuple[str, int]]] = field(default_factory=dict)
    #: method -> the argument position its dispatcher evaluates (the checker fills it from the
    #: signature; None: no argument of the class's type)
    dispatch_pos: dict[str, int | None] = field(default_factory=dict)
    #: the program's instances of the Prelude's classes: (class, type name)
    prelude_instances: set[tuple[str, str]] = field(default_factory=set)
    #: default method binding -> (class, method), for the checker
    default_of: dict[str, tuple[str, str]] = field(default_factory=dict)


def stem(method: str, info: ClassInfo) -> str:
    """A name part for ``method`` that the generated source can use (operators are op<j>)."""
    if method[0].isalpha() or method[0] == "_":
        return method
    return f"op{info.methods.index(method)}"


def lower_classes(module: S.Module, derived: Derived) -> ClassEnv:
    """Take the class declarations out of ``module`` (see the module docstring)."""
    file = module.file
    env = ClassEnv()
    out: list[S.Decl] = []
    for decl in module.decls:
        if not isinstance(decl, S.DClass):
            out.append(decl)
            continue
        if decl.name in env.classes or decl.name in _PRELUDE_CLASSES:
            raise SourceError(f"Multiple declarations of `{decl.name}'", file,
                              decl.name_span[0], decl.name_span[1])
        for sup, var in decl.supers:
            if var != decl.tyvar:
                raise SourceError(f"Not in scope: type variable `{var}' (in the context of "
                                  f"class {decl.name})", file, decl.span[0], decl.span[1])
        info = ClassInfo(decl.name, len(env.classes), decl.tyvar,
                         [s for s, _ in decl.supers], {}, [], span=decl.span)
        for item in decl.decls:
            if isinstance(item, S.DSig):
                for n in item.names:
                    if n in env.method_class or n in info.sigs:
                        raise SourceError(f"Multiple declarations of `{n}'", file,
                                          item.span[0], item.span[1])
                    info.sigs[n] = item
                    info.methods.append(n)
        for item in decl.decls:
            if isinstance(item, S.DSig) or isinstance(item, S.DFixity):
                continue
            span = getattr(item, "span", decl.span)
            if not isinstance(item, S.DFun) or item.name not in info.sigs:
                what = item.name if isinstance(item, S.DFun) else "a pattern binding"
                raise SourceError(f"`{what}' is not a (visible) method of class "
                                  f"`{decl.name}'", file, span[0], span[1])
            name = f"{stem(item.name, info)}DM{info.index}#"
            derived.labels[name] = (item.name, item.span, f"$dm{item.name}")
            derived.own_code.add(name)
            env.default_of[name] = (decl.name, item.name)
            info.defaults[item.name] = name
            item.name = name
            out.append(item)
        env.classes[decl.name] = info
        for m in info.methods:
            env.method_class[m] = decl.name
            derived.labels[dispatcher(m, info)] = (None, S.NOSPAN, m)  # a selector: no cc
    for d in out:
        if isinstance(d, S.DFun) and d.name in env.method_class:
            raise SourceError(f"Multiple declarations of `{d.name}' (a method of class "
                              f"`{env.method_class[d.name]}')", file, d.span[0], d.span[1])
    module.decls = out
    return env


_PRELUDE_CLASSES = {"Eq", "Ord", "Show", "Read", "Enum", "Bounded", "Num", "Real", "Integral",
                    "Fractional", "Floating", "RealFrac", "RealFloat", "Functor", "Applicative",
                    "Monad", "Foldable", "Traversable", "Semigroup", "Monoid"}


def _dispatch_body(env: ClassEnv, cls: str, method: str, call: str) -> list[str]:
    """A dispatcher's body: boxes (I#/D#/C#: ``conIndex#`` is -1) go to the numeric and
    character instances, every other value to the instance of its constructor. The two are
    separate cases: a case whose alternatives cover one type (Maybe's Nothing and Just) is
    complete to the match compiler, which would drop a default meant for the boxes."""
    alts: list[str] = []
    numeric: dict[str, str] = {}
    for (c, head), binds in env.instances.items():
        if c != cls:
            continue
        target = f"{binds[method]} {call}"
        if head in ("Int", "Integer", "Double", "Char"):
            numeric.setdefault("Int" if head == "Integer" else head, target)
            continue
        if head == "[]":
            alts += [f"  [] -> {target}", f"  (_:_) -> {target}"]
        elif head == "Bool":
            alts += [f"  True -> {target}", f"  False -> {target}"]
        elif head == "Ordering":
            alts += [f"  {o} -> {target}" for o in ("LT", "EQ", "GT")]
        elif head == "Maybe":
            alts += [f"  Nothing -> {target}", f"  (Just _) -> {target}"]
        elif head == "Either":
            alts += [f"  (Left _) -> {target}", f"  (Right _) -> {target}"]
        elif head in ("(,)", "(,,)"):
            alts.append(f"  ({', '.join(['_'] * (head.count(',') + 1))}) -> {target}")
        else:
            for con, arity in env.instance_cons[(c, head)]:
                pat = con if arity == 0 else "(" + " ".join([con] + ["_"] * arity) + ")"
                if not con[0].isalpha():
                    pat = "(_ " + con + " _)"
                alts.append(f"  {pat} -> {target}")
    missing = (f'errorWithoutStackTrace "No instance for ({cls} ...) arising from a use of '
               f'{method}"')
    boxes = numeric.get("Int", missing)
    for head, test in (("Double", "isDouble# x"), ("Char", "isChar# x")):
        if head in numeric:
            boxes = f"if {test} then {numeric[head]} else ({boxes})"
    if not numeric:
        return ["case x of", *alts, f"  _ -> {missing}"]
    if not alts:
        return [boxes]
    return ["case conIndex# x of", f"  -1 -> {boxes}", "  _ -> case x of",
            *("  " + a for a in alts), f"    _ -> {missing}"]


def resolve_methods(types: object, env: ClassEnv, file: str) -> str:
    """Rewrite the uses of the classes' methods by their checked types and return the
    dispatchers' source (see the module docstring)."""
    for e, cls, method, head in getattr(types, "method_uses", []):
        if head is not None:
            binds = env.instances.get((cls, head))
            if binds is not None:
                e.name = "%" + binds[method]
                continue
        if env.dispatch_pos.get(method, 0) is None:
            raise SourceError(f"the method `{method}' of class `{cls}' is used at a type the "
                              "program leaves open (it has no argument of the class's type to "
                              "choose the instance by): not supported by the Haskell subset",
                              file, e.span[0], e.span[1])
    lines: list[str] = []
    for cls, info in env.classes.items():
        for method in info.methods:
            name = dispatcher(method, info)
            pos = env.dispatch_pos.get(method, 0)
            if pos is None:
                lines.append(f'{name} = errorWithoutStackTrace "{cls}.{stem(method, info)}: '
                             'no instance chosen"')
                continue
            # all the method's arguments: one short, a call of the instance's method with
            # them all (`plus x y` in generic code) would allocate a partial application
            # where GHC's selected method is called saturated
            args = [f"a{i}" for i in range(pos)] + ["x"] + \
                [f"b{i}" for i in range(pos + 1, _arity(types, method))]
            body = _dispatch_body(env, cls, method, " ".join(args))
            lines.append(f"{name} {' '.join(args)} = {body[0]}")
            lines += body[1:]
    return "\n".join(lines) + "\n" if lines else ""


def _arity(types: object, method: str) -> int:
    """The number of arguments of ``method``'s type as checked (0 if unchecked)."""
    checked = getattr(types, "checked", None)
    hit = checked.class_schemes.get(method) if checked is not None else None
    n, t = 0, hit[0].type if hit is not None else None
    while t is not None and (parts := T.split_fun(t)) is not None:
        n, t = n + 1, parts[1]
    return n


def dispatcher(method: str, info: ClassInfo) -> str:
    """The binding name of a method's dispatcher (what the method's name means in the
    program where no type chooses the instance)."""
    return f"{stem(method, info)}Sel{info.index}#"


def method_names(env: ClassEnv) -> dict[str, str]:
    """The program's names of the methods -> their dispatchers' bindings."""
    return {m: dispatcher(m, env.classes[c]) for m, c in env.method_class.items()}
