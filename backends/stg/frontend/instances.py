"""Instances the program declares of the Prelude's classes Show, Eq, Ord, Functor, Num,
Applicative, Monad, MonadFail, Alternative, MonadPlus, Semigroup, Monoid and Foldable (the
last eight reached by type: ``_monads``, ``_monoids``, ``_foldables``).

``instance Show Shape where show (Circle r) = ...`` is code of the program's own module, as
GHC compiles it: each method is a top-level binding, and with ``-fprof-auto`` (or
``-fprof-auto-top``) it has a cost centre named after the method (``show``, ``==``,
``compare``) whose SRC is the method's binding, all its clauses; its local bindings are
``show.go`` and so on (observed with GHC 9.0.2, ``tests/reference/ghc-9.0.2/shapes``).
A method the instance leaves out is the class's default, which is base's code: no cost
centre, and it calls the methods that are there (``showsPrec _ x s = show x ++ s``,
``x == y = not (x /= y)``, ``compare x y = if x == y then EQ else if x <= y then LT else
GT``, ``x < y = case compare x y of LT -> True; _ -> False``).

A Num instance's methods are reached by the checked type of each use (directed
``_num_directed`` and ``num_literals``, ``Derived.num``), or where the type is left open by
dispatchers on the arguments' constructors (directed ``_num_dispatchers``).

An ``fmap`` method is reached by the type the checker finds at each use of ``fmap``/``<$>``
(directed ``_functor_directed``, ``Derived.functor``). The Prelude's ``show``/``showsPrec``/
``==``/``compare``/``<``... reach the other methods as they reach derived ones: through
``Derived.dispatch`` (the generated helpers of pipeline
``_helpers_source`` send the type's constructors to the method). The type checker checks
each method against the class's type at the instance (``Prepared.inst_methods``), with the
instance's context as what is given (``instance Show a => Show (Tree a)``).

What flows out: ``lower_instances`` replaces the module's ``DInst`` declarations by the
method bindings (``DFun``, renamed ``showI<k>#`` and so on, which no program can write),
adds the defaults' source to ``Derived.source`` and their dispatch entries, and returns
each method binding's ``InstanceMethod``.
"""

from __future__ import annotations

from dataclasses import dataclass

from profkit.errors import SourceError

from . import syntax as S
from .classes import PRELUDE_HEADS, ClassEnv, ClassInfo, stem
from .deriving import Derived
from .traversable import foldable_defaults, traversables

#: the classes a program may give instances of, and their methods (each method's name stem)
CLASS_METHODS = {
    "Show": {"showsPrec": "showsPrec", "show": "show"},
    "Eq": {"==": "eq", "/=": "ne"},
    "Ord": {"compare": "compare", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"},
    "Functor": {"fmap": "fmap"},
    "Applicative": {"pure": "pure", "<*>": "ap", "*>": "apRight", "<*": "apLeft"},
    "Monad": {">>=": "bind", ">>": "then", "return": "return"},
    "MonadFail": {"fail": "fail"},
    "Alternative": {"empty": "altEmpty", "<|>": "alt", "some": "altSome", "many": "altMany"},
    "MonadPlus": {"mzero": "mzero", "mplus": "mplus"},
    "Foldable": {m: m.replace("'", "S") for m in (
        "foldr", "foldMap", "foldl", "foldl'", "foldr1", "length", "null", "sum", "product",
        "elem", "maximum", "minimum")},
    "Traversable": {"traverse": "traverse", "sequenceA": "sequenceA"},  # (traversable.py)
    "Semigroup": {"<>": "sappend"},
    "Exception": {},  # Control.Exception's, without methods (displayException is show)
    "Monoid": {"mempty": "mempty", "mappend": "mappend", "mconcat": "mconcat"},
    "Num": {"+": "plus", "-": "minus", "*": "times", "negate": "negate", "abs": "abs",
            "signum": "signum", "fromInteger": "fromInteger"},
    "NFData": {"rnf": "rnf"},  # Control.DeepSeq's (without: the Prelude's deep evaluation)
}
#: classes of type constructors (the instance head leaves the last parameter out)
_CONSTRUCTOR_CLASSES = {"Functor", "Applicative", "Monad", "MonadFail", "Foldable",
                        "Traversable", "Alternative", "MonadPlus"}
#: methods of those classes the subset cannot dispatch to (the Prelude's code is used)
_UNSUPPORTED = {"showList": "Show", "max": "Ord", "min": "Ord", "<$": "Functor",
                "liftA2": "Applicative", "sconcat": "Semigroup", "stimes": "Semigroup"}
#: the classes of monads, each with the superclass an instance of it needs
_MONAD_CLASSES = {"Applicative": "Functor", "Monad": "Applicative", "MonadFail": "Monad",
                  "Alternative": "Applicative", "MonadPlus": "Alternative"}
_MONOID_CLASSES = {"Semigroup", "Monoid", "Foldable"}
_CHECKED_AS = {"traverse": "mapM", "sequenceA": "sequence"}


@dataclass
class InstanceMethod:
    """What the type checker needs to check one method binding."""

    cls: str
    method: str
    type_name: str
    tyvars: list[str]
    context: list[tuple[str, str]]


def _err(msg: str, file: str, span: S.Span) -> SourceError:
    return SourceError(msg, file, max(span[0], 1), max(span[1], 1))


def lower_instances(module: S.Module, derived: Derived, classes: ClassEnv | None = None
                    ) -> dict[str, InstanceMethod]:
    """Replace ``module``'s instance declarations by their method bindings (see the module
    docstring); the instances of the program's own classes (``classes``) are recorded in
    it. Raises ``SourceError`` for an instance the subset cannot compile."""
    file = module.file
    classes = classes or ClassEnv()
    datas = {d.name: d for d in module.decls if isinstance(d, S.DData)}
    out: list[S.Decl] = []
    methods: dict[str, InstanceMethod] = {}
    seen: set[tuple[str, str]] = set()
    by_type: dict[tuple[str, str], tuple[int, S.DInst]] = {}  # instances reached by type
    for k, decl in enumerate(module.decls):
        if not isinstance(decl, S.DInst):
            out.append(decl)
            continue
        own = classes.classes.get(decl.cls)
        if decl.cls not in CLASS_METHODS and own is None:
            raise _err(f"instances of class `{decl.cls}' are not supported by the Haskell "
                       "subset (only Show, Eq, Ord, Functor, Applicative, Monad, MonadFail, "
                       "Alternative, MonadPlus, Semigroup, Monoid, Foldable, Traversable, Num, "
                       "NFData and the "
                       "program's own "
                       "classes: see "
                       "SUBSET.md)",
                       file, decl.cls_span)
        data = datas.get(decl.type_name)
        if data is None and not (own is not None and decl.type_name in PRELUDE_HEADS):
            raise _err(f"instance {decl.cls} {decl.type_name}: `{decl.type_name}' is not a data "
                       "type of this program (the subset takes instances for the program's "
                       "own data types only)", file, decl.type_span)
        nparams = len(data.params) if data is not None else PRELUDE_HEADS[decl.type_name]
        want = nparams - (decl.cls in _CONSTRUCTOR_CLASSES)
        if want < 0:
            raise _err(f"Expected kind `* -> *', but `{decl.type_name}' has kind `*' (in the "
                       f"instance {decl.cls} {decl.type_name})", file, decl.type_span)
        if len(decl.tyvars) != want and not (own is not None and
                                             len(decl.tyvars) == nparams - 1):
            raise _err(f"Expecting {want} argument{'' if want == 1 else 's'} to "
                       f"`{decl.type_name}' in the instance head, not {len(decl.tyvars)}",
                       file, decl.type_span)
        for cls, var in decl.context:
            if var not in decl.tyvars:
                raise _err(f"Not in scope: type variable `{var}' (in the context of the "
                           f"instance {decl.cls} {decl.type_name})", file, decl.span)
            if cls in _MONAD_CLASSES or cls == "Functor":  # a monad transformer's `Monad m'
                raise _err(f"an instance with a `{cls} {var}' context (a monad transformer) is "
                           "not supported by the Haskell subset: it passes no dictionaries, "
                           "so the inner monad's operations cannot be chosen (see SUBSET.md)",
                           file, decl.span)
        key = (decl.cls, decl.type_name)
        if key in seen or data is not None and any(c == decl.cls for c, _ in data.deriving):
            raise _err(f"Duplicate instance declarations: instance {decl.cls} "
                       f"{decl.type_name}", file, decl.span)
        seen.add(key)
        cons = [c for c, _ in data.cons] if data is not None else []
        if data is not None and not cons:
            raise _err(f"instance {decl.cls} {decl.type_name}: the type has no constructors",
                       file, decl.type_span)
        given: dict[str, str] = {}  # method -> its binding
        for item in decl.decls:
            if isinstance(item, S.DFixity):
                continue
            span = getattr(item, "span", decl.span)
            if isinstance(item, S.DSig):
                raise _err("type signatures in instance declarations (InstanceSigs) are not "
                           "supported by the Haskell subset", file, span)
            if not isinstance(item, S.DFun):
                raise _err(f"a pattern binding is not a method of class `{decl.cls}'", file,
                           span)
            method = item.name
            if _UNSUPPORTED.get(method) == decl.cls:
                raise _err(f"the method `{method}' of an instance is not supported by the "
                           "Haskell subset (the Prelude's own is used for every type)", file,
                           span)
            if own is not None:
                part = stem(method, own) if method in own.sigs else None
            else:
                part = CLASS_METHODS[decl.cls].get(method)
            if part is None or method in given:
                msg = f"`{method}' is not a (visible) method of class `{decl.cls}'" \
                    if part is None else f"Conflicting definitions for `{method}'"
                raise _err(msg, file, item.name_span if item.name_span != (0, 0, 0, 0)
                           else span)
            name = f"{part}I{k}#"
            item.name = name
            out.append(item)
            given[method] = name
            # (a Traversable method is checked at mapM's/sequence's type: the subset's)
            methods[name] = InstanceMethod(decl.cls, _CHECKED_AS.get(method, method),
                                           decl.type_name, decl.tyvars, decl.context)
            derived.labels[name] = (method, item.span, f"$c{method}")
            derived.own_code.add(name)
        if own is None:
            classes.prelude_instances.add(key)
            if decl.cls == "Num":
                _num_instance(decl, k, given, derived)
                derived.num_cons[decl.type_name] = list(data.cons)
            elif decl.cls == "Traversable":
                derived.traversable[decl.type_name] = given
                by_type[key] = (k, decl)
            elif decl.cls in _MONAD_CLASSES or decl.cls in _MONOID_CLASSES:
                # completed once all are read (_monads, _monoids)
                table = derived.monad if decl.cls in _MONAD_CLASSES else \
                    derived.foldable if decl.cls == "Foldable" else derived.monoid
                table.setdefault(decl.type_name, {}).update(given)
                by_type[key] = (k, decl)
            else:
                _defaults(decl.cls, k, given, derived, cons, decl.type_name)
        else:
            _own_class_instance(decl, k, own, given, classes, derived,
                                data.cons if data is not None else [])
    module.decls = out
    _monads(derived, by_type, datas, file)
    _monoids(derived, by_type, file)
    _foldables(derived, by_type, file)
    traversables(derived, by_type, datas, file)
    return methods


def _foldables(derived: Derived, instances: dict[tuple[str, str], tuple[int, S.DInst]],
               file: str) -> None:
    """Each Foldable instance's foldr (given, or base's default from a foldMap: here
    through the list of its elements) and its toList (foldr (:) []); the Prelude's
    Foldable functions reach them by type (directed_monads ``foldable_directed``)."""
    for name, ops in derived.foldable.items():
        k, decl = instances[("Foldable", name)]
        if "foldr" not in ops:
            if "foldMap" in ops:
                body = f"f z t = {ops['foldMap']} (.) id f t z"  # (appEndo, Endo f)
            else:
                where = S.format_span(file, S.join(decl.cls_span, decl.type_span))
                body = (f'= errorWithoutStackTrace "{where}: No instance nor default method '
                        'for class operation foldr\\n"')
            ops["foldr"] = derived.helper(f"foldrD{k}#", "$dmfoldr", body)
        ops["toList"] = derived.helper(f"toListD{k}#", "$dmtoList",
                                       f"t = {ops['foldr']} (:) [] t")
        foldable_defaults(ops, k, derived)


def _monoids(derived: Derived, instances: dict[tuple[str, str], tuple[int, S.DInst]],
             file: str) -> None:
    """Each Semigroup/Monoid instance's operations (``Derived.monoid``, reached by the
    checked type of each use, directed ``_monoid_directed``), with base's defaults:
    mappend = (<>), mconcat = foldr mappend mempty; a Monoid instance needs a Semigroup
    one (GHC's compile-time error)."""
    for name, ops in derived.monoid.items():
        k, decl = instances.get(("Monoid", name)) or instances[("Semigroup", name)]
        if ("Monoid", name) in instances and ("Semigroup", name) not in instances:
            head = " ".join([name] + decl.tyvars)
            head = f"({head})" if decl.tyvars else head
            raise _err(f"No instance for (Semigroup {head}) arising from the superclasses of "
                       f"an instance declaration (instance Monoid {head})", file,
                       S.join(decl.cls_span, decl.type_span))
        where = S.format_span(file, S.join(decl.cls_span, decl.type_span))
        for method, part in (("<>", "sappend"), ("mempty", "mempty")):
            if method not in ops and (method == "<>" or ("Monoid", name) in instances):
                ops[method] = derived.helper(
                    f"{part}M{k}#", f"$c{method}", f'= errorWithoutStackTrace "{where}: No '
                    f'instance nor default method for class operation {method}\\n"')
        if ("Monoid", name) in instances:
            ops.setdefault("mappend", ops["<>"])
            if "mconcat" not in ops:
                ops["mconcat"] = derived.helper(f"mconcatD{k}#", "$dmmconcat",
                                                f"xs = foldr {ops['mappend']} {ops['mempty']} xs")


def _monads(derived: Derived, monads: dict[tuple[str, str], tuple[int, S.DInst]],
            datas: dict[str, S.DData], file: str) -> None:
    """Each monad's operations, the instances' methods with base's defaults for the others
    (``Derived.monad``: method -> binding, reached by the checked type of each use,
    ``directed_monads.monad_directed``): return = pure, m >> k = m >>= \\_ -> k,
    a *> b = (id <$ a) <*> b,
    a <* b = liftA2 const a b (liftA2 f a = (<*>) (fmap f a)), and GHC's run-time error for a
    method without a default (GHC warns at compile time: -Wmissing-methods). An instance
    whose superclass has no instance is GHC's compile-time error."""
    for (cls, name), (k, decl) in monads.items():
        if cls not in _MONAD_CLASSES:
            continue
        sup = _MONAD_CLASSES[cls]
        data = datas[name]
        has = name in derived.functor or any(c == "Functor" for c, _ in data.deriving) \
            if sup == "Functor" else (sup, name) in monads
        if not has:
            head = " ".join([name] + decl.tyvars)
            head = f"({head})" if decl.tyvars else head
            raise _err(f"No instance for ({sup} {head}) arising from the superclasses of an "
                       f"instance declaration (instance {cls} {head})", file,
                       S.join(decl.cls_span, decl.type_span))
    for name, ops in derived.monad.items():
        def index(cls: str) -> int:
            return monads[(cls, name)][0]

        def missing(method: str, part: str, cls: str) -> str:
            where = S.format_span(file, S.join(monads[(cls, name)][1].cls_span,
                                               monads[(cls, name)][1].type_span))
            return derived.helper(
                f"{part}M{index(cls)}#", f"$c{method}", f'= errorWithoutStackTrace "{where}: '
                f'No instance nor default method for class operation {method}\\n"')

        def default(part: str, cls: str, text: str) -> str:
            return derived.helper(f"{part}D{index(cls)}#", f"$dm{part}", text)

        if ("Applicative", name) not in monads:
            continue  # a MonadFail instance alone: refused above
        fmap = derived.functor.get(name, "fmap")
        if "pure" not in ops:
            ops["pure"] = missing("pure", "pure", "Applicative")
        if "<*>" not in ops:
            ops["<*>"] = missing("<*>", "ap", "Applicative")
        ap = ops["<*>"]
        if "*>" not in ops:
            ops["*>"] = default("apRight", "Applicative", f"a b = dmApRight# {ap} {fmap} a b")
        if "<*" not in ops:
            ops["<*"] = default("apLeft", "Applicative", f"a b = dmApLeft# {ap} {fmap} a b")
        if ("Monad", name) in monads:
            ops.setdefault("return", ops["pure"])
            if ">>=" not in ops:
                ops[">>="] = missing(">>=", "bind", "Monad")
            if ">>" not in ops:
                ops[">>"] = default("then", "Monad", f"m k = {ops['>>=']} m (\\_ -> k)")
        if ("Alternative", name) in monads:
            _alternative(ops, fmap, missing, default)
        if ("MonadPlus", name) in monads:
            if ("Monad", name) not in monads:
                decl = monads[("MonadPlus", name)][1]
                head = " ".join([name] + decl.tyvars)
                head = f"({head})" if decl.tyvars else head
                raise _err(f"No instance for (Monad {head}) arising from the superclasses of "
                           f"an instance declaration (instance MonadPlus {head})", file,
                           S.join(decl.cls_span, decl.type_span))
            ops.setdefault("mzero", ops["empty"])
            ops.setdefault("mplus", ops["<|>"])


def _alternative(ops: dict[str, str], fmap: str, missing, default) -> None:
    """An Alternative instance's methods, with base's defaults: some and many share the
    two mutually recursive parsers `many_v = some_v <|> pure []', `some_v = liftA2 (:) v
    many_v' (liftA2 f a = (<*>) (fmap f a)); empty and <|> have none."""
    for method, part in (("empty", "altEmpty"), ("<|>", "alt")):
        if method not in ops:
            ops[method] = missing(method, part, "Alternative")
    alt, ap, pure = ops["<|>"], ops["<*>"], ops["pure"]
    loop = (f"v = let {{ mv = {alt} sv ({pure} []) ; sv = {ap} ({fmap} (:) v) mv }} in ")
    if "some" not in ops:
        ops["some"] = default("altSome", "Alternative", loop + "sv")
    if "many" not in ops:
        ops["many"] = default("altMany", "Alternative", loop + "mv")


def _own_class_instance(decl: S.DInst, k: int, own: ClassInfo, given: dict[str, str],
                        classes: ClassEnv, derived: Derived, cons: list[tuple[str, int]]
                        ) -> None:
    """Record an instance of a program's class; a method it leaves out is the class's default
    or, without one, GHC's run-time error."""
    binds: dict[str, str] = {}
    head = S.join(decl.cls_span, decl.type_span)
    for method in own.methods:
        if method in given:
            binds[method] = given[method]
        elif method in own.defaults:
            binds[method] = own.defaults[method]
        else:
            where = S.format_span(derived.file, head)
            binds[method] = derived.helper(
                f"{stem(method, own)}M{k}#", f"$c{method}",
                f'= errorWithoutStackTrace "{where}: No instance nor default method for class '
                f'operation {method}\\n"')
    key = (decl.cls, decl.type_name)
    classes.instances[key] = binds
    classes.instance_heads[key] = (decl.tyvars, decl.context)
    classes.instance_cons[key] = cons


def _num_instance(decl: S.DInst, k: int, given: dict[str, str], derived: Derived) -> None:
    """The bindings of a Num instance's methods (``Derived.num``; uses reach them by their
    checked types, directed ``_num_directed``): base's defaults ``x - y = x + negate y`` and
    ``negate x = 0 - x`` (its ``0`` the instance's fromInteger) for the one of the two left
    out, GHC's run-time "No instance nor default method" error for any other method left
    out (GHC warns at compile time: -Wmissing-methods)."""
    binds = dict(given)
    where = S.format_span(derived.file, S.join(decl.cls_span, decl.type_span))
    for method, part in CLASS_METHODS["Num"].items():
        if method not in binds and not (method == "-" and "negate" in given or
                                        method == "negate" and "-" in given):
            binds[method] = derived.helper(
                f"{part}M{k}#", f"$c{method}",
                f'= errorWithoutStackTrace "{where}: No instance nor default method for class '
                f'operation {method}\\n"')
    if "-" not in binds:
        binds["-"] = derived.helper(f"minusD{k}#", "$dm-",
                                    f"x y = {binds['+']} x ({binds['negate']} y)")
    if "negate" not in binds:
        binds["negate"] = derived.helper(f"negateD{k}#", "$dmnegate",
                                         f"x = {binds['-']} ({binds['fromInteger']} 0) x")
    derived.num[decl.type_name] = binds


def _defaults(cls: str, k: int, given: dict[str, str], derived: Derived, cons: list[str],
              cons_type: str) -> None:
    """The dispatch entries of an instance's methods, and base's defaults for the methods
    it leaves out where the Prelude's fallback would not call the given ones."""

    def default(stem: str, text: str) -> str:  # text: the definition after the name
        return derived.helper(f"{stem}D{k}#", f"$dm{stem}", text)

    if cls == "Show":
        shows = given.get("showsPrec")
        if shows is None:
            show = given.get("show") or "show"  # neither: base's defaults call each other
            shows = default("showsPrec", f"_ x s = {show} x ++ s")
        derived.dispatch.setdefault("showsPrec", []).append((cons, shows))
        if "showsPrec" in given:
            derived.shows_method[cons_type] = shows
        if "show" in given:
            derived.dispatch.setdefault("show", []).append((cons, given["show"]))
    elif cls == "NFData":
        if "rnf" in given:  # (else the Prelude's rnfCon# evaluates every field)
            derived.dispatch.setdefault("rnf", []).append((cons, given["rnf"]))
    elif cls == "Functor":
        if "fmap" in given:  # reached by the checked type of each use (pipeline)
            derived.functor[cons_type] = given["fmap"]
    elif cls == "Eq":
        eq = given.get("==") or default("eq", f"x y = not ({given.get('/=', '(/=)')} x y)")
        derived.dispatch.setdefault("eq", []).append((cons, eq))
    else:
        cmp = given.get("compare")
        if cmp is None:
            le = given.get("<=", "(<=)")
            cmp = default("compare", f"x y = if x == y then EQ else if {le} x y then LT "
                                     "else GT")
        derived.dispatch.setdefault("compare", []).append((cons, cmp))
        for method, stem in (("<", "lt"), ("<=", "le"), (">", "gt"), (">=", "ge")):
            if method in given:
                derived.dispatch.setdefault(stem, []).append((cons, given[method]))
