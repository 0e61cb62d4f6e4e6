"""Type-directed rewrites for Functor's ``fmap``/``<$>``/``<$`` and Data.Functor's ``<&>``,
``$>`` and ``void`` (issue 18): at IO the Prelude's definitions, at another functor its
``fmap`` (``_FMAP`` or the program's Functor instance) and base's definitions through it,
as helpers of the derived code (base's code: no cost centre); ``functor_op`` gives the
name at a functor (also for open_methods' tag dispatchers)."""

from __future__ import annotations

from profkit.errors import SourceError

from . import syntax as S
from . import typecheck_types as T
from .deriving import Derived
from . import mtl

FUNCTOR_OPS = ("<&>", "$>", "void")

#: each operation's parameters and body over ``FMAP``, the functor's fmap
_BODIES = {"<&>": ("flipMap", "m f = FMAP f m"), "$>": ("constMapR", "m x = FMAP (\\_ -> x) m"),
           "void": ("voidMap", "m = FMAP (\\_ -> ()) m")}


#: Control.Applicative's functions: their arguments before the applicative result, and the
#: Prelude's function per type constructor (prelude_traverse.hs; ST runs as IO)
APPLICATIVE_FNS = {"<|>": 2, "liftA2": 3, "optional": 1, "empty": 0, "mplus": 2, "mzero": 0,
                   "guard": 1, "some": 1, "many": 1}
_APPLICATIVE_AT = {
    ("Maybe", "<|>"): "altMaybe#", ("[]", "<|>"): "altList#",
    ("Maybe", "liftA2"): "liftA2Maybe#", ("[]", "liftA2"): "liftA2List#",
    ("Either", "liftA2"): "liftA2Either#", ("IO", "liftA2"): "liftA2IO#",
    ("ST", "liftA2"): "liftA2IO#", ("Maybe", "optional"): "optionalMaybe#",
    ("[]", "optional"): "optionalList#", ("Maybe", "empty"): "emptyAltMaybe#",
    ("[]", "empty"): "emptyAltList#", ("Maybe", "mplus"): "altMaybe#",
    ("[]", "mplus"): "altList#", ("Maybe", "mzero"): "emptyAltMaybe#",
    ("[]", "mzero"): "emptyAltList#", ("Maybe", "guard"): "guardMaybe#",
    ("[]", "guard"): "guardList#", ("[]", "some"): "someList#", ("[]", "many"): "manyList#",
    ("Maybe", "some"): "someMaybe#", ("Maybe", "many"): "manyMaybe#"}


def applicative_directed(e: S.EVar, t: object, file: str, derived: Derived) -> None:
    """``<|>``, ``liftA2``, ``optional``, ``empty``, ``some``, ``many``, ``guard`` at the type
    constructor of their result (base's instances for Maybe, lists, Either and IO, a
    program's Alternative instances; others refused)."""
    for _ in range(APPLICATIVE_FNS[e.name]):
        sf = T.split_fun(t)
        if sf is None:
            return
        t = sf[1]
    head, _ = T.spine(t)
    key = head.key if isinstance(head, T.TCon) and not head.rigid else None
    ops = derived.monad.get(key) if key is not None else None
    if ops is not None and "<|>" in ops:
        e.name = "%" + _user_alternative(e.name, key, ops, derived)  # type: ignore[arg-type]
        return
    name = _APPLICATIVE_AT.get((key, e.name)) if key is not None else None
    if name is None:
        what = f"`{head.name}'" if key is not None else "a type the types leave open"
        raise SourceError(f"`{e.name}' at {what} is not supported by the Haskell subset "
                          "(Control.Applicative at Maybe, lists, and liftA2 at Either and IO "
                          "too: see SUBSET.md)", file, e.span[0], e.span[1])
    e.name = "%" + name


def _user_alternative(name: str, head: str, ops: dict[str, str], derived: Derived) -> str:
    """Control.Applicative's function ``name`` at a program's type with an Alternative
    instance: its method, or base's definition from the methods."""
    if name in ("<|>", "empty", "some", "many"):
        return ops[name]
    if name in ("mplus", "mzero"):
        return ops.get(name) or ops["<|>" if name == "mplus" else "empty"]
    alt, ap, pure = ops["<|>"], ops["<*>"], ops["pure"]
    fmap = derived.functor.get(head) or derived.helper(
        f"fmapA{head}#", "fmap", f"f m = {ap} ({pure} f) m")  # (liftA)
    body = {"optional": f"v = {alt} ({fmap} Just v) ({pure} Nothing)",
            "guard": f"b = if b then {pure} () else {ops['empty']}",
            "liftA2": f"f a b = {ap} ({fmap} f a) b"}[name]
    return derived.helper(f"{name}A{head}#", name, body)


#: Data.Bifunctor's functions -> their function arguments before the bifunctor's value
BIFUNCTOR_FNS = {"bimap": 2, "first": 1, "second": 1}


def bifunctor_directed(e: S.EVar, t: object) -> None:
    """bimap/first/second at the bifunctor the checker found: Either's, or the pair's (the
    Prelude's own, also when the types leave it open)."""
    for _ in range(BIFUNCTOR_FNS[e.name]):
        sf = T.split_fun(t)
        if sf is None:
            return
        t = sf[1]
    sf = T.split_fun(t)
    head = T.spine(sf[0])[0] if sf is not None else None
    kind = "Either" if getattr(head, "key", "") == "Either" else "Pair"
    e.name = f"%{e.name}{kind}#"


# fmap of the Prelude's functors other than IO (base's instances)
_FMAP = {"[]": "%map", "Maybe": "%fmapMaybe#", "Either": "%fmapEither#", "(,)": "%fmapPair#",
         "Map": "%map_M#", "Array": "%fmapArray#"}


def functor_op(f: object, op: str, derived: Derived) -> str | None:
    """fmap/<$>/<$ (``op``) at the functor ``f`` (a type constructor, maybe applied to all
    but its last argument): its name (``%``-prefixed; at IO and ST the Prelude's own ``op``),
    None if the subset has none."""
    head, _ = T.spine(f)
    if not isinstance(head, T.TCon) or head.rigid:
        return None
    if head.key in ("IO", "ST"):
        return op
    name = _FMAP.get(head.key) or derived.functor.get(head.name)
    if name is not None and op in _BODIES:  # <&>, $>, void: base's, through fmap
        stem, body = _BODIES[op]
        return "%" + derived.helper(f"{stem}{head.name.strip('[](),')}#", op,
                                    body.replace("FMAP", name.lstrip("%")))
    if name is not None and op == "<$":  # the class's default: fmap . const
        name = derived.helper(f"constMap{head.name.strip('[](),')}#", "<$",
                              f"x m = {name.lstrip('%')} (\\_ -> x) m")
    if name is not None and op == "<$>" and name in derived.own_code:
        # base's (<$>) calls the instance's fmap through its dictionary: GHC -O0 never
        # inlines the method there (shapes apdefaults25's `(,) <$> item')
        name = derived.helper(f"fmapVia{head.name}#", "<$>", f"f m = {name} f m")
    return name


def _functor_directed(e: S.EVar, t: object, derived: Derived, file: str) -> None:
    """fmap/<$>/<$ (and FUNCTOR_OPS) at the functor the checker found: IO (the Prelude's),
    a list (map), Maybe, Either, a pair, or a program's type with a Functor instance (its
    fmap method)."""
    sf = T.split_fun(t)  # (a -> b) -> f a -> f b; <&>, $>, void: f a -> ...
    if e.name not in FUNCTOR_OPS:
        sf = T.split_fun(sf[1]) if sf is not None else None
    if sf is None:
        return
    head, _ = T.spine(sf[0])
    if isinstance(head, T.TCon) and not head.rigid:
        if head.key in ("IO", "ST"):
            return
        name = functor_op(sf[0], e.name, derived)
        if name is not None:
            if head.name == "State" and e.name not in FUNCTOR_OPS:
                derived.class_uses.append((mtl.state_of(sf[0], 0), e.name, e.span))
            e.name = name if name.startswith("%") else "%" + name
            return
        what = f"the functor `{head.name}'"
    else:
        what = "a functor the types leave open (a `Functor f =>' context)"
    raise SourceError(f"`{e.name}' at {what} is not supported by the Haskell subset (IO, lists, "
                      "Maybe, Either, pairs and the program's Functor instances are: see "
                      "SUBSET.md)", file, e.span[0], e.span[1])
