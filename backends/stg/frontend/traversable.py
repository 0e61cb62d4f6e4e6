"""The program's Traversable instances (issue 18).

``instance Traversable Tree where traverse f (Node l x r) = Node <$> traverse f l <*> f x
<*> traverse f r`` is generic in its applicative: GHC -O0 passes the method the
Applicative dictionary. The subset passes none, so the method is given the three
operations it can use explicitly: after the type check, its binding takes ``fm#``, ``ap#``
and ``pu#`` (fmap, <*> and pure) before its own arguments, and each use in its body of
``<$>``/``fmap``, ``<*>``, ``pure`` at the method's applicative becomes that parameter, and
each ``traverse``/``mapM`` there (at a Traversable type of the program, or a list) a call
passing them on (``method_bodies``). A use of ``traverse``/``mapM``/``forM``/``sequenceA``/
``sequence`` at a program's Traversable type elsewhere is the method applied to its
applicative's operations (IO's, Maybe's, Either's, lists', or a program's instance's:
``traversable_directed``). The method keeps its cost centre, ``traverse``.

A Foldable instance's ``foldMap`` is generic in its monoid the same way: its binding takes
``mapp#`` and ``memp#`` (<> and mempty), its body's ``<>``/``mappend``/``mempty`` at its
monoid become them and its ``foldMap`` calls pass them on; a use of ``foldMap`` at a
program's Foldable type elsewhere is the method applied to the monoid's operations (or,
without a foldMap method, base's default ``foldr (mappend . f) mempty``:
``foldmap_user``).

    traversables(derived, instances, datas, file)   (from instances.lower_instances)
    method_bodies(module, derived, types)            (after the type check)
    traversable_directed(e, t, derived, file) -> bool
    foldmap_user(e, t, derived, file) -> bool
"""

from __future__ import annotations

import dataclasses

from profkit.errors import SourceError

from . import syntax as S
from . import typecheck_types as T
from .deriving import Derived

#: the operations' parameters
PARAMS = ("fm#", "ap#", "pu#")
MONOID_PARAMS = ("mapp#", "memp#")
#: the functions that traverse, and the position of their Traversable argument
TRAVERSE_FNS = {"mapM": 1, "forM": 0, "sequence": 0}
#: an applicative's operations (fmap, <*>, pure) by its type constructor
_OPS = {"IO": ("fmap", "apIO#", "pure"), "ST": ("fmap", "apIO#", "pure"),
        "Maybe": ("fmapMaybe#", "apMaybeA#", "returnMaybe#"),
        "Either": ("fmapEither#", "apEitherA#", "returnEither#"),
        "[]": ("map", "apList#", "returnList#")}
#: the operations a method's body may use at its applicative -> the parameter's index
_AT_F = {"<$>": 0, "fmap": 0, "<*>": 1, "ap": 1, "pure": 2, "return": 2}


def traversables(derived: Derived, instances: dict, datas: dict, file: str) -> None:
    """Each Traversable instance needs Functor and Foldable ones (GHC's compile-time error
    otherwise) and a method: ``traverse``, or ``sequenceA`` (base's default traverse is
    ``sequenceA . fmap f``, its sequenceA ``traverse id``)."""
    for name, ops in derived.traversable.items():
        k, decl = instances[("Traversable", name)]
        data = datas[name]
        for sup, has in (("Functor", name in derived.functor),
                         ("Foldable", name in derived.foldable)):
            if not has and not any(c == sup for c, _ in data.deriving):
                head = " ".join([name] + decl.tyvars)
                head = f"({head})" if decl.tyvars else head
                raise SourceError(f"No instance for ({sup} {head}) arising from the "
                                  f"superclasses of an instance declaration (instance "
                                  f"Traversable {head})", file, decl.cls_span[0],
                                  decl.cls_span[1])
        if "traverse" not in ops and "sequenceA" not in ops:
            where = S.format_span(file, S.join(decl.cls_span, decl.type_span))
            ops["traverse"] = derived.helper(
                f"traverseM{k}#", "$ctraverse", f'= errorWithoutStackTrace "{where}: No '
                'instance nor default method for class operation traverse\\n"')
            continue
        fmap = derived.functor.get(name, "fmap")
        if "traverse" not in ops:
            ops["traverse"] = derived.helper(
                f"traverseD{k}#", "$dmtraverse",
                f"fm ap pu f t = {ops['sequenceA']} fm ap pu ({fmap} f t)")
        if "sequenceA" not in ops:
            ops["sequenceA"] = derived.helper(f"sequenceAD{k}#", "$dmsequenceA",
                                              f"fm ap pu t = {ops['traverse']} fm ap pu id t")


def method_bodies(module: S.Module, derived: Derived, types: object) -> None:
    """The methods take the applicative's operations (the module docstring)."""
    methods = {b: PARAMS for ops in derived.traversable.values() for b in ops.values()}
    methods.update({ops["foldMap"]: MONOID_PARAMS for ops in derived.foldable.values()
                    if "foldMap" in ops})
    typed = getattr(types, "expr_types", {})
    for d in module.decls:
        if not isinstance(d, S.DFun) or d.name not in methods:
            continue
        for c in d.clauses:
            c.pats[:0] = [S.PVar(p, c.span) for p in methods[d.name]]
            _rewrite(c, typed, derived, getattr(types, "file", module.file))
            if methods[d.name] is MONOID_PARAMS:
                _superclass_selection(c)


def _superclass_selection(c: S.Clause) -> None:
    """GHC -O0 takes a foldMap method's <> from its Monoid dictionary's superclass: a
    selector thunk (``$p1Monoid $dMonoid``, 32 bytes) made where the clause's body runs
    (measured: 32 bytes a call of a clause using <>). Its uses here are a let-bound
    variable, made so."""
    uses: list[S.EVar] = []
    _collect(c.rhs, uses)
    if not uses or c.rhs.body is None:
        return
    for u in uses:
        u.name = "sg#"
    sp = c.rhs.span
    sel = S.DFun("sg#", [S.Clause("sg#", [], S.Rhs(S.EApp(S.EVar("%const", sp), [
        _param(p, sp) for p in MONOID_PARAMS], sp), [], [], sp), sp)], sp)  # (4 words)
    c.rhs.body = S.ELet([sel], c.rhs.body, sp)


def _collect(node: object, out: list) -> None:
    if isinstance(node, S.EVar):
        if node.name == MONOID_PARAMS[0] and node.local:
            out.append(node)
        return
    for f in dataclasses.fields(node):  # type: ignore[arg-type]
        v = getattr(node, f.name)
        for x in v if isinstance(v, list) else [v]:
            if dataclasses.is_dataclass(x) and not isinstance(x, type):
                _collect(x, out)


def _param(name: str, span: S.Span) -> S.EVar:
    return S.EVar(name, span, local=True)


def _rewrite(node: object, typed: dict, derived: Derived, file: str) -> None:
    """Replace, below ``node``, the uses at the method's (rigid) applicative."""
    for f in dataclasses.fields(node):  # type: ignore[arg-type]
        v = getattr(node, f.name)
        if isinstance(v, list):
            for i, x in enumerate(v):
                new = _at_f(x, typed, derived, file)
                if new is not None:
                    v[i] = new
                elif dataclasses.is_dataclass(x):
                    _rewrite(x, typed, derived, file)
        elif dataclasses.is_dataclass(v) and not isinstance(v, type):
            new = _at_f(v, typed, derived, file)
            if new is not None:
                setattr(node, f.name, new)
            else:
                _rewrite(v, typed, derived, file)


def _at_f(e: object, typed: dict, derived: Derived, file: str) -> S.Expr | None:
    """What a use at the method's applicative becomes, None for anything else (the use
    replaced is marked local: the type-directed passes leave it)."""
    if not isinstance(e, S.EVar) or e.local or id(e) not in typed:
        return None
    new = _replacement(e, typed, derived, file)
    if new is not None:
        e.local = True
    return new


def _replacement(e: S.EVar, typed: dict, derived: Derived, file: str) -> S.Expr | None:
    if e.name in _AT_M:
        return _monoid_replacement(e, typed[id(e)][1], derived)
    t = typed[id(e)][1]
    if e.name in _AT_F:
        head = _applicative(t, 1 if e.name in ("pure", "return") else 2)
        return _param(PARAMS[_AT_F[e.name]], e.span) if head is None else None
    if e.name in TRAVERSE_FNS:
        head = _applicative(t, 2 if e.name != "sequence" else 1)
        if head is not None:
            return None
        ops = [_param(p, e.span) for p in PARAMS]
        box = _container(t, TRAVERSE_FNS[e.name])
        if box in derived.traversable:
            fn = derived.traversable[box]["traverse" if e.name != "sequence" else "sequenceA"]
            call: S.Expr = S.EApp(S.EVar("%" + fn, e.span), ops, e.span)
        elif box == "[]":
            ap, fm, pu = ops[1], ops[0], ops[2]
            call = S.EApp(S.EVar("%traverseU#", e.span), [ap, fm, pu], e.span)
            if e.name == "sequence":
                call = S.EApp(call, [S.EVar("%id", e.span)], e.span)
        else:
            return None
        if e.name == "forM":
            call = S.EApp(S.EVar("%flip", e.span), [call], e.span)
        return call
    if e.name in ("*>", "<*", "liftA2", ">>=", ">>", "sequenceA_", "mapM_"):
        if _applicative(t, _ARGS_BEFORE.get(e.name, 2)) is None:
            raise SourceError(f"`{e.name}' at the applicative of a Traversable instance's "
                              "method is not supported by the Haskell subset (<$>, <*>, pure "
                              "and traverse are: see SUBSET.md)", file, e.span[0], e.span[1])
    return None


_ARGS_BEFORE = {"liftA2": 3, "sequenceA_": 1}


def _applicative(t: object, nargs: int) -> str | None:
    """The head of the result's type after ``nargs`` arguments: a type constructor's name,
    None when it is a type variable (the method's applicative)."""
    for _ in range(nargs):
        sf = T.split_fun(t)
        if sf is None:
            return "?"
        t = sf[1]
    head, _ = T.spine(T.prune(t))
    return head.name if isinstance(head, T.TCon) and not head.rigid else None


def _container(t: object, pos: int) -> str | None:
    for _ in range(pos):
        sf = T.split_fun(t)
        if sf is None:
            return None
        t = sf[1]
    sf = T.split_fun(t)
    head = T.spine(T.prune(sf[0]))[0] if sf is not None else None
    return head.name if isinstance(head, T.TCon) and not head.rigid else None


def applicative_ops(head: str | None, derived: Derived) -> tuple[str, str, str] | None:
    """fmap, <*> and pure at the applicative ``head`` (None: not one the subset has)."""
    ops = _OPS.get(head or "")
    if ops is None and head in derived.monad and "pure" in derived.monad[head]:
        mops = derived.monad[head]
        fm = derived.functor.get(head) or derived.helper(
            f"fmapU{head}#", "fmap", f"f m = {mops['>>=']} m (\\x -> {mops['return']} (f x))")
        ops = (fm, mops["<*>"], mops["pure"])
    return ops


_LIFTA2 = {"Maybe": "liftA2Maybe#", "Either": "liftA2Either#", "[]": "liftA2List#"}


def _with_lifta2(head: str | None, ops: tuple[str, str, str], derived: Derived
                 ) -> tuple[str, str, str, str]:
    """fmap, liftA2, <*> and pure (liftA2 the instance's, or its default from fmap and
    <*>)."""
    fm, ap, pu = ops
    l2 = _LIFTA2.get(head or "") or derived.helper(
        f"liftA2U{head}#", "liftA2", f"g a b = {_paren(ap)} ({_paren(fm)} g a) b")
    return fm, l2, ap, pu


def _paren(op: str) -> str:
    return f"({op})" if not op[0].isalpha() and op[0] not in "[(" else op


#: containers' functions generic in an applicative ("A"), a functor ("F") or a monoid
#: ("M"), and the arguments before the result
CONTAINER_GENERIC = {"traverseWithKey_M#": ("A", 2), "alterF_M#": ("F", 3),
                     "foldMapWithKey_M#": ("M", 2)}


def container_generic(e: S.EVar, t: object, derived: Derived, file: str) -> None:
    """A use of ``CONTAINER_GENERIC``'s at the applicative, functor or monoid the checker
    found: its version given that one's operations (a helper); at IO (and a list's monoid,
    or one the types leave open) the one named is already that."""
    kind, nargs = CONTAINER_GENERIC[e.name]
    res = t
    for _ in range(nargs):
        res = T.split_fun(res)[1]  # type: ignore[index]
    head = _applicative(t, nargs)
    stem = e.name[:-len("_M#")]
    if kind == "M":
        if head in (None, "[]"):
            return
        from .directed_monoid import _op, _ref, _Unsupported
        try:
            ops = (_ref(_op(res, "<>", derived)), _ref(_op(res, "mempty", derived)))
        except _Unsupported:
            ops = None
    elif head in (None, "IO", "ST"):
        return
    else:
        ops = applicative_ops(head, derived)
        if ops is not None and kind == "A":
            ops = _with_lifta2(head, ops, derived)
        ops = ops if ops is None or kind == "A" else ops[:1]
    if ops is None:
        raise SourceError(f"`{stem}' at `{T.show_type(res)}' is not supported by the Haskell "
                          "subset (see SUBSET.md)", file, e.span[0], e.span[1])
    text = " ".join(_paren(o) for o in ops)
    tag = "".join(c if c.isalnum() else f"_{ord(c):x}" for c in T.show_type(res))
    e.name = "%" + derived.helper(f"{stem}{tag}#", stem, f"= {stem}P_M# {text}")


def traversable_directed(e: S.EVar, t: object, derived: Derived, file: str) -> bool:
    """A use of mapM/forM/sequence at a program's Traversable type: its method applied to
    the applicative's operations (a helper of the generated code); False when ``e`` is not
    at such a type."""
    box = _container(t, TRAVERSE_FNS[e.name])
    if box not in derived.traversable and box != "Map":
        return False
    nres = 2 if e.name != "sequence" else 1
    head = _applicative(t, nres)
    ops = applicative_ops(head, derived)
    if ops is not None and box == "Map":  # containers': traverseWithKey (\_ -> f)
        text = " ".join(_paren(o) for o in _with_lifta2(head, ops, derived))
        go = f"traverseWithKeyP_M# {text}"
        body = {"mapM": f"f t = {go} (\\_ x -> f x) t", "forM": f"t f = {go} (\\_ x -> f x) t",
                "sequence": f"t = {go} (\\_ x -> x) t"}[e.name]
        tag = (head or "").strip("[]") or "List"
        e.name = "%" + derived.helper(f"{e.name}Map{tag}#", e.name, body)
        return True
    if ops is None:
        what = f"the applicative `{head}'" if head else "an applicative the types leave open"
        raise SourceError(f"`{e.name}' over `{box}' at {what} is not supported by the Haskell "
                          "subset (IO, Maybe, Either, lists and the program's instances are: "
                          "see SUBSET.md)", file, e.span[0], e.span[1])
    fm, ap, pu = (f"({o})" if not o[0].isalpha() else o for o in ops)
    ops_t = derived.traversable[box]
    fn = ops_t["sequenceA" if e.name == "sequence" else "traverse"]
    body = {"mapM": f"f t = {fn} {fm} {ap} {pu} f t",
            "forM": f"t f = {fn} {fm} {ap} {pu} f t",
            "sequence": f"t = {fn} {fm} {ap} {pu} t"}[e.name]
    stem = {"mapM": "traverse", "forM": "for", "sequence": "sequenceA"}[e.name]
    tag = (head or "").strip("[]") or "List"
    e.name = "%" + derived.helper(f"{stem}{box}{tag}#", stem, body)
    return True


#: the operations a foldMap method's body may use at its monoid -> the parameter's index
_AT_M = {"<>": 0, "mappend": 0, "mempty": 1, "foldMap": -1, "mconcat": -1}


def _monoid_replacement(e: S.EVar, t: object, derived: Derived) -> S.Expr | None:
    if e.name == "mconcat":  # (base's default: foldr mappend mempty)
        if _applicative(t, 1) is not None:
            return None
        return S.EApp(S.EVar("%foldr", e.span), [_param(p, e.span) for p in MONOID_PARAMS],
                      e.span)
    if e.name != "foldMap":
        at = t if e.name == "mempty" else T.split_fun(t)[0]  # type: ignore[index]
        head, _ = T.spine(T.prune(at))
        if isinstance(head, T.TCon) and not head.rigid:
            return None
        return _param(MONOID_PARAMS[_AT_M[e.name]], e.span)
    if _applicative(t, 2) is not None:
        return None
    ops = [_param(p, e.span) for p in MONOID_PARAMS]
    box = _container(t, 1)
    if box in derived.foldable:
        own = derived.foldable[box]
        fn = own.get("foldMap") or derived.helper(
            f"foldMapR{box}#", "$dmfoldMap",
            f"app emp f t = {own['foldr']} (\\x r -> app (f x) r) emp t")
    elif box in ("[]", "Maybe"):
        elems = "t" if box == "[]" else "(maybeToList t)"
        fn = derived.helper(f"foldMapP{box.strip('[]') or 'List'}#", "foldMap",
                            f"app emp f t = foldr (\\x r -> app (f x) r) emp {elems}")
    else:
        return None
    return S.EApp(S.EVar("%" + fn, e.span), ops, e.span)


def foldmap_user(e: S.EVar, t: object, derived: Derived, file: str) -> bool:
    """``foldMap f t`` at a program's Foldable type and a monoid the checker found: the
    instance's method applied to the monoid's <> and mempty, or base's default through
    its foldr; False when ``t`` is not such a use."""
    from .directed_monoid import _op, _ref, _Unsupported
    box = _container(t, 1)
    if box not in derived.foldable:
        return False
    sf = T.split_fun(t)
    mon = T.split_fun(sf[1])[1]  # type: ignore[index]
    try:
        app, emp = _ref(_op(mon, "<>", derived)), _ref(_op(mon, "mempty", derived))
    except _Unsupported:
        raise SourceError(f"`foldMap' into `{T.show_type(mon)}' is not supported by the "
                          "Haskell subset (into lists, Ordering, (), Maybe, tuples, Map, Set "
                          "and the program's monoids: see SUBSET.md)", file, e.span[0],
                          e.span[1]) from None
    own = derived.foldable[box]
    body = f"f t = {own['foldMap']} {app} {emp} f t" if "foldMap" in own else \
        f"f t = {own['foldr']} (\\x r -> {app} (f x) r) {emp} t"
    tag = "".join(c if c.isalnum() else f"_{ord(c):x}" for c in T.show_type(mon))
    e.name = "%" + derived.helper(f"foldMap{box}{tag}#", "foldMap", body)
    return True


def foldable_defaults(ops: dict[str, str], k: int, derived: Derived) -> None:
    """base's defaults (Data.Foldable's class, GHC 9.0.2's unfoldings) of the Foldable
    methods an instance leaves out, built as base builds them on its foldr and foldMap:
    foldMap f = foldr (mappend . f) mempty, foldMap' f = foldl' (\\acc a -> acc <> f a)
    mempty, foldl' a foldr of functions, sum and product foldMap' into Sum and Product,
    maximum and minimum into Max and Min of a Maybe, length a foldl', elem and any a
    foldMap into Any, all and and into All, foldl a foldMap into Dual Endo, null and
    concatMap foldrs. (A helper is base's code: no cost centre; the instance's methods
    have theirs.)"""
    def helper(method: str, body: str) -> str:
        return derived.helper(f"{method.replace(chr(39), 'S')}D{k}#", f"$dm{method}", body)

    fr = ops["foldr"]
    fm = ops.get("foldMap") or helper("foldMap", f"app emp f t = {fr} (\\x -> app (f x)) emp t")
    fl = ops.get("foldl'") or helper("foldl'", f"f z0 t = {fr} (\\x k z -> case f z x of "
                                               "{ !vx -> k vx }) id t z0")
    fm1 = helper("foldMap'", f"app emp f t = {fl} (\\acc a -> app acc (f a)) emp t")
    text = {"sum": f"t = {fm1} (+) 0 (\\x -> x) t", "product": f"t = {fm1} (*) 1 (\\x -> x) t",
            "length": f"t = {fl} (\\c _ -> c + 1) 0 t",
            "null": f"t = {fr} (\\_ _ -> False) True t",
            "any": f"p t = {fm} (||) False p t", "all": f"p t = {fm} (&&) True p t",
            "elem": f"x t = {fm} (||) False (\\y -> x == y) t",
            "notElem": f"x t = not ({fm} (||) False (\\y -> x == y) t)",
            "and": f"t = {fm} (&&) True (\\x -> x) t", "or": f"t = {fm} (||) False (\\x -> x) t",
            "foldl": f"f z t = {fm} (\\a b v -> b (a v)) (\\v -> v) (\\x y -> f y x) t z",
            "concatMap": f"f t = {fr} (\\x b -> f x ++ b) [] t",
            "concat": f"t = {fr} (\\x b -> x ++ b) [] t",
            # (in IO: directed_monads.foldable_directed)
            "mapM_": f"f t = {fr} (\\x k -> f x >> k) (return ()) t",
            "forM_": f"t f = {fr} (\\x k -> f x >> k) (return ()) t",
            "sequence_": f"t = {fr} (\\m k -> m >> k) (return ()) t"}
    for m, op in (("maximum", ">="), ("minimum", "<=")):
        app = helper(f"{m}App", f"m n = case n of {{ Nothing -> m; Just y -> case m of "
                                f"{{ Nothing -> n; Just x -> if x {op} y then m else n }} }}")
        text[m] = (f"t = case {fm1} {app} Nothing (\\x -> Just x) t of {{ Nothing -> "
                   f'errorWithoutStackTrace "{m}: empty structure"; Just v -> v }}')
    for method, body in text.items():
        if method not in ops:
            extra = DICTIONARY_BYTES.get(method, 0) if "foldMap" not in ops else 0
            if extra:  # (prelude.hs wordsCost#: charged to the caller)
                params, rhs = body.split("= ", 1)
                body = f"{params}= case wordsCost# {extra // 8} of () -> {rhs}"
            ops[method] = helper(method, body)


#: what base's defaults allocate at each call from -O0 code besides the fold, at an
#: instance that gives foldr: the dictionaries they build (Monoid (Sum a) from Num a, ...)
#: and pass down foldMap'/foldl' (GHC 9.0.2, the same for 10 and 100 elements: shapes
#: fold25); the fold's own work is under the instance's foldr, as here
DICTIONARY_BYTES = {"sum": 376, "product": 360, "maximum": 368, "minimum": 368, "elem": 216,
                    "any": 128, "all": 128, "foldl": 128}
