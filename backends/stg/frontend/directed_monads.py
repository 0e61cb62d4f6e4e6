"""Type-directed rewrites for monads and Foldable (split off ``directed``): a do block or a
monad operation at the monad the checker found (IO, base's Maybe, lists and Either, or the
program's instances), and the Prelude's Foldable functions at a program's Foldable type.

    monad_directed(e, head, file, derived)     (``monad_of`` finds the head)
    foldable_directed(e, t, derived)
"""

from __future__ import annotations

from profkit.errors import SourceError

from . import syntax as S
from . import typecheck_types as T
from .deriving import Derived

# the monad operations of the Prelude: >>=, >>, return, pure and =<< (and do blocks) also
# at Maybe, lists and Either; the others in IO only
_MONAD_OPS = {">>=": "bind", ">>": "then", "return": "return", "pure": "return",
              "=<<": "flipBind"}
_MONAD_SUFFIX = {"Maybe": "Maybe#", "[]": "List#", "Either": "Either#"}


# the others, given the monad's bind and return (prelude.hs: mapMWith# ...)
_MONAD_WITH = {"mapM": "mapMWith#", "mapM_": "mapMWith_#", "forM": "forMWith#",
               "forM_": "forMWith_#", "sequence": "sequenceWith#", "sequence_": "sequenceWith_#",
               "when": "whenWith#", "unless": "unlessWith#", "foldM": "foldMU#",
               "replicateM": "replicateMWith#", "replicateM_": "replicateMWith_#",
               "zipWithM": "zipWithMWith#", "zipWithM_": "zipWithMWith_#",
               "filterM": "filterMWith#", "<*>": "apWith#", "*>": "rightWith#",
               "<*": "leftWith#", "join": "joinWith#", "liftM": "liftMWith#",
               "liftM2": "liftM2With#", ">=>": "kleisliWith#",
               "<=<": "kleisliBackWith#", "<$!>": "strictMapWith#"}
# at lists, base's Applicative definitions, sharing each step's rest (prelude_traverse.hs)
_LIST_APPLICATIVE = {"mapM": "traverseList#", "forM": "forList#", "sequence": "sequenceList#",
                     "zipWithM": "zipWithMList#", "replicateM": "replicateMList#",
                     "filterM": "filterMList#", "<*>": "apList#"}
# Maybe's and Either's own <*> and *> (prelude_traverse.hs)
_APPLICATIVE = {("Maybe", "<*>"): "apMaybeA#", ("Either", "<*>"): "apEitherA#",
                ("Maybe", "*>"): "thenMaybe#", ("Either", "*>"): "thenEither#",
                ("Maybe", "mapM"): "traverseMaybe#", ("Either", "mapM"): "traverseEither#",
                ("Maybe", "forM"): "forMaybe#", ("Either", "forM"): "forEither#",
                ("Maybe", "sequence"): "sequenceMaybe#", ("Either", "sequence"): "sequenceEither#"}
# name parts for the operators' per-monad aliases
_MONAD_STEMS = {"<*>": "ap", "*>": "apRight", "<*": "apLeft", ">=>": "kleisli",
                "<=<": "kleisliBack", "<$!>": "strictMap"}


# arguments before the monadic result of each monad function's type
_MONAD_ARITY = {"return": 1, "pure": 1, "fail": 1, "sequence": 1, "sequence_": 1, "foldM": 3,
                "zipWithM": 3, "zipWithM_": 3, "join": 1, "liftM2": 3, ">=>": 3, "<=<": 3}


def monad_arity(e: S.EDo | S.EVar) -> int:
    """The arguments before the monadic result of a do block or monad function."""
    return 0 if isinstance(e, S.EDo) else _MONAD_ARITY.get(e.name, 2)


def monad_of(e: S.EDo | S.EVar, t: object) -> str:
    """The monad's type constructor at a do block or monad function (its result's head):
    "IO", "Maybe", "[]", "Either", "->", or "*" when the types leave it open."""
    n = monad_arity(e)
    for _ in range(n):
        sf = T.split_fun(t)
        if sf is None:
            return "*"
        t = sf[1]
    head, _ = T.spine(t)
    return head.name if isinstance(head, T.TCon) and not head.rigid else "*"


def monad_directed(e: S.EDo | S.EVar, head: str, file: str, derived: Derived) -> None:
    """A do block or monad operation at the monad the checker found: IO (the Prelude's),
    Maybe, lists or Either (base's instances, ``bindMaybe#``..., and mapM & co. made from
    their bind and return), or a program's type with a Monad or Applicative instance
    (``_user_monad``); other monads are refused."""
    if isinstance(e, S.EVar) and e.name == "ap":  # (Control.Monad's ap is the monad's <*>)
        e.name = "<*>"
    if head in ("IO", "ST", "*", ""):  # (Control.Monad.ST's ST runs as IO: prelude_st.hs)
        return
    if head in derived.monad:
        _user_monad(e, head, derived.monad[head], file, derived)
        return
    if isinstance(e, S.EVar) and e.name == "fail":  # MonadFail: base's Maybe and lists
        if head not in _FAIL:
            raise SourceError(f"No instance for (MonadFail {head}) arising from a use of "
                              "`fail'", file, e.span[0], e.span[1])
        e.name = _FAIL[head]
        return
    if head not in _MONAD_SUFFIX:
        raise SourceError(f"the {head} monad is not supported by the Haskell subset: do and "
                          "the monad functions run in IO, Maybe, lists and Either (see "
                          "SUBSET.md)", file, e.span[0], e.span[1])
    suffix = _MONAD_SUFFIX[head]
    if head == "[]" and isinstance(e, S.EVar) and e.name in _LIST_APPLICATIVE:
        e.name = "%" + _LIST_APPLICATIVE[e.name]
        return
    if isinstance(e, S.EVar) and (head, e.name) in _APPLICATIVE:
        e.name = "%" + _APPLICATIVE[head, e.name]
        return
    if isinstance(e, S.EDo):
        e.monad = head
    elif e.name in _MONAD_OPS:
        e.name = f"%{_MONAD_OPS[e.name]}{suffix}"
    else:
        base = _MONAD_STEMS.get(e.name, e.name)
        name = f"{base.rstrip('_')}{'_' if base.endswith('_') else ''}{suffix}"
        e.name = "%" + derived.helper(name, e.name,
                                      f"= {_MONAD_WITH[e.name]} bind{suffix} return{suffix}")


def _user_monad(e: S.EDo | S.EVar, head: str, ops: dict[str, str], file: str,
                derived: Derived) -> None:
    """A do block or monad operation at a program's monad: its instances' methods (or base's
    defaults, instances._monads), and mapM & co. as base defines them, from the methods
    (prelude.hs: traverseU#...). Applicative operations need only an Applicative instance;
    the others need a Monad instance."""
    name = e.name if isinstance(e, S.EVar) else "do"
    if name in ("pure", "<*>", "*>", "<*") and "pure" in ops:
        e.name = "%" + ops[name]  # type: ignore[union-attr]
        return
    if ">>=" not in ops:
        raise SourceError(f"No instance for (Monad {head}) arising from a use of `{name}'",
                          file, e.span[0], e.span[1])
    if isinstance(e, S.EDo):
        e.monad = head
        e.ops = (ops[">>"], ops[">>="], ops.get("fail"))  # (a MonadFail instance's)
        return
    if e.name in ("return", ">>=", ">>"):
        e.name = "%" + ops[e.name]
        return
    if e.name == "fail":
        if "fail" not in ops:
            raise SourceError(f"No instance for (MonadFail {head}) arising from a use of "
                              "`fail'", file, e.span[0], e.span[1])
        e.name = "%" + ops["fail"]
        return
    b, r, pu, ap, th, apr = (ops[k] for k in (">>=", "return", "pure", "<*>", ">>", "*>"))
    fm = derived.functor.get(head) or derived.helper(
        f"fmapU{head}#", "fmap", f"f m = {b} m (\\x -> {r} (f x))")  # a derived Functor's
    trav = f"traverseU# {ap} {fm} {pu}"  # (sequence's `pure []' the caller's, as base's)
    body = {"=<<": f"k m = {b} m k", "mapM": f"= {trav}", "forM": f"xs f = {trav} f xs",
            "sequence": f"ms = {trav} id ms", "mapM_": f"= mapMU_# {th} {r}",
            "forM_": f"xs f = mapMU_# {th} {r} f xs", "sequence_": f"ms = sequenceU_# {th} {r} ms",
            "when": f"= whenU# {pu}", "unless": f"= unlessU# {pu}", "foldM": f"= foldMU# {b} {r}",
            "replicateM": f"= replicateMU# {ap} {fm} {pu}",
            "replicateM_": f"= replicateMU_# {apr} {pu}",
            "zipWithM": f"f xs ys = {trav} id (zipWith f xs ys)",
            "zipWithM_": f"= zipWithMU_# {apr} {pu}", "filterM": f"= filterMU# {ap} {fm} {pu}",
            "join": f"mm = {b} mm (\\m -> m)", "liftM": f"f m = {b} m (\\x -> {r} (f x))",
            "liftM2": f"f m1 m2 = {b} m1 (\\x -> {b} m2 (\\y -> {r} (f x y)))",
            ">=>": f"f g x = {b} (f x) g", "<=<": f"g f x = {b} (f x) g",
            "<$!>": f"f m = {b} m (\\x -> case f x of !y -> {r} y)"}
    stem = {"=<<": "flipBind", "mapM_": "mapM_", "forM_": "forM_", "sequence_": "sequence_",
            "replicateM_": "replicateM_", "zipWithM_": "zipWithM_",
            **_MONAD_STEMS}.get(e.name, e.name)
    e.name = "%" + derived.helper(f"{stem}{head}#", e.name, body[e.name])


#: MonadFail's fail at base's instances (IO's is the Prelude's: an IOError)
_FAIL = {"Maybe": "%failMaybe#", "[]": "%failList#"}


MONADIC = frozenset(("fail", ">>=", ">>", "=<<", "return", "pure", "mapM", "mapM_", "forM",
                     "forM_", "sequence", "sequence_", "when", "unless", "foldM", "replicateM",
                     "replicateM_", "zipWithM", "zipWithM_", "filterM", "<*>", "*>", "<*",
                     "join", "liftM", "liftM2", "ap", ">=>", "<=<", "<$!>"))


#: the Prelude's Foldable functions: (arity, the container argument's position)
FOLDABLE = {"foldr": (3, 2), "foldl": (3, 2), "foldl'": (3, 2), "foldr1": (2, 1),
             "sum": (1, 0), "product": (1, 0), "length": (1, 0), "null": (1, 0),
             "maximum": (1, 0), "minimum": (1, 0), "and": (1, 0), "or": (1, 0),
             "concat": (1, 0), "elem": (2, 1), "notElem": (2, 1), "any": (2, 1),
             "all": (2, 1), "concatMap": (2, 1), "mapM_": (2, 1), "forM_": (2, 0),
             "sequence_": (1, 0), "toList": (1, 0)}


#: containers' Foldable instances: Map's over its values, Set's over its elements (the
#: functions not named here run on the list of them)
CONTAINER_FOLDABLE = {
    "Map": {"toList": "elems_M#", "foldr": "foldr_M#", "foldl": "foldl_M#",
            "foldl'": "foldl'_M#", "length": "size_M#", "null": "null_M#", "sum": "sum_M#",
            "product": "product_M#", "maximum": "maximum_M#", "minimum": "minimum_M#",
            "elem": "elem_M#"},
    "Set": {"toList": "toAscList_S#", "foldr": "foldr_S#", "foldl": "foldl_S#",
            "foldl'": "foldl'_S#", "length": "size_S#", "null": "null_S#", "sum": "sum_S#",
            "product": "product_S#", "maximum": "maximum_S#", "minimum": "minimum_S#",
            "elem": "elem_S#"},
    "Maybe": {"toList": "maybeToList"}}  # (base's instance: the list of none or one)


def _container_head(e: S.EVar, t: object) -> T.TCon | None:
    """The head of the type of the Foldable argument of ``e`` (a use of FOLDABLE's)."""
    for _ in range(FOLDABLE[e.name][1]):
        sf = T.split_fun(t)
        if sf is None:
            return None
        t = sf[1]
    sf = T.split_fun(t)
    head = T.spine(sf[0])[0] if sf is not None else None
    return head if isinstance(head, T.TCon) and not head.rigid else None


def foldable_container(e: S.EVar, t: object) -> bool:
    """Is ``e`` used at containers' Map or Set?"""
    head = _container_head(e, t)
    return head is not None and head.key in CONTAINER_FOLDABLE


def foldable_directed(e: S.EVar, t: object, derived: Derived, inner: str = "") -> None:
    """A Foldable function at a program's type with a Foldable instance: the instance's
    method if it gives one (``foldr``, ``length``...), else the function (``inner``: its
    version at the monad of a mapM_) on the list of the elements (the instance's foldr
    (:) [])."""
    inner = inner or e.name
    arity, pos = FOLDABLE[e.name]
    head = _container_head(e, t)
    ops = None if head is None else \
        derived.foldable.get(head.name) or CONTAINER_FOLDABLE.get(head.key)
    if ops is None:
        return
    if e.name in ops and inner == e.name:  # (mapM_ & co. in IO: base's defaults)
        e.name = "%" + ops[e.name]
        return
    vs = [f"a{i}" for i in range(arity)]
    args = " ".join(f"({ops['toList']} {v})" if i == pos else v for i, v in enumerate(vs))
    stem = inner.replace("'", "S").rstrip("#").rstrip("_")
    e.name = "%" + derived.helper(f"{stem}{'_' if inner.rstrip('#').endswith('_') else ''}"
                                  f"{head.name}#", e.name,
                                  f"{' '.join(vs)} = {inner} {args}")
