"""Methods chosen by their result's type at a type variable of a signature (issue 18).

The subset picks the instance of a program's own class by the constructor of the method's
argument of the class's type (``classes.py``'s dispatchers). A method with no such argument,
``empty :: f a`` or ``zero :: a``, has nothing to pick by where a signature leaves the type
open::

    class Container f where { empty :: f a; insert :: a -> f a -> f a }
    fill :: Container f => [a] -> f a
    fill = foldr insert empty          -- used at Stack and at Queue

GHC passes ``fill`` a dictionary. Here ``fill`` takes the *type tag* instead: an Int naming
the type the variable stands for at the call (one per type the program's calls use), from
which the method's tag dispatcher (``emptyTag<k>#``, k the class's index) picks the
instance's binding. A tag names a type, not a class, so a superclass's method is picked by
the same tag. base's classes the subset otherwise resolves by the checked type take the
same tags in such functions: Semigroup/Monoid's ``<>``/``mappend``/``mempty``/``mconcat``
(directed_monoid's operation at each type), Functor's ``fmap``/``<$>``/``<$``, Foldable's
functions (``foldr``, ``sum``, ``length``...), and, when a program uses a function generic in
its monad at a monad other than IO, Monad's operations and do blocks (open_monads.py). The
rewrite, after the type check, reads what the checker found:

- every use of such a method at a signature's rigid variable (``Checker.var_insts``) needs
  that signature's function to take a tag for the variable;
- every use of a function taking tags (``Checker.dict_uses``: the types its context is used
  at) passes the tag of the type there: a constant for a type constructor, or, at a rigid
  variable of the function it is in, that function's own tag (which it then takes too: the
  set grows to a fixpoint).

Only programs with such uses change. A use the rewrite cannot serve (an instance method's or a
class default's own variable, a type left ambiguous, a use the checker did not see) is the
subset's one-line refusal, as before.

    tag_open_methods(module, types, env, derived, file) -> source of the tag dispatchers
"""

from __future__ import annotations

from profkit.errors import SourceError

from . import syntax as S
from . import typecheck_types as T
from .classes import ClassEnv, ClassInfo, stem
from .directed import _rewrite_exprs
from .directed_monads import FOLDABLE, foldable_container, foldable_directed
from .sugar import fresh_name
from .open_monads import (DO, desugar_tagged_do, dispatcher, monad_dispatchers, monad_opens,
                          tag_case)


def _refuse(cls: str, method: str, e: S.EVar, file: str) -> SourceError:
    return SourceError(f"the method `{method}' of class `{cls}' is used at a type the program "
                       "leaves open (it has no argument of the class's type to choose the "
                       "instance by): not supported by the Haskell subset",
                       file, e.span[0], e.span[1])


#: base's operations the subset otherwise picks by type (directed_monoid, directed's
#: functors): their tag dispatchers' name stems
BASE_OPS = {"<>": "append", "mappend": "mappend", "mempty": "mempty", "mconcat": "mconcat",
              "fmap": "fmap", "<$>": "fmapOp", "<$": "constMap", "<&>": "flipMap",
              "$>": "constMapR", "void": "voidMap"}


def tag_open_methods(module: S.Module, types: object, env: ClassEnv, derived: object,
                     file: str) -> str:
    """Rewrite the program as the module docstring says; returns the dispatchers' source
    ("" when no method is used so)."""
    checked = getattr(types, "checked", None)
    if checked is None:
        return ""
    refused = checked.monad_refused
    # the uses of constrained names: variables, and sections' operators (not literals)
    dict_uses = [u for u in checked.dict_uses if isinstance(u[0], S.EVar)] + \
        checked.section_uses
    sigs, owner, names = _functions(types, env, checked.own_schemes, checked.skolems_of,
                                    dict_uses)
    opens = _opens(types, env, checked.var_insts, dict_uses, refused, owner)
    if not opens:
        if refused:
            raise refused[0][1]
        return ""
    tagged: dict[tuple[int, int], str] = {}  # (id(decl), variable's index) -> parameter

    def need(key: str | None) -> str | None:
        hit = owner.get(key) if key is not None else None
        if hit is None or len(names[sigs[hit[0]][0].name]) != 1:
            return None
        if hit not in tagged:
            tagged[hit] = f"$dtag_{len(tagged) + 1}"
            grew[0] = True
        return tagged[hit]

    grew = [False]
    kept = []
    for use in opens:
        if need(use[3]) is not None:
            kept.append(use)
        elif use[4] == "own":  # (base's classes at such a type stay as before)
            raise _refuse(use[1], use[2], use[0], file)
    opens = kept
    tags: dict[str, tuple[int, T.Type]] = {}  # a type's text -> (its tag, the type)
    calls: dict[int, tuple[S.EVar, list[S.Expr]]] = {}
    while grew[0]:
        grew[0] = False
        for e, preds in dict_uses:
            ids = names.get(e.name)
            if not ids or len(ids) != 1:
                continue
            d, vs, given = sigs[ids[0]]
            args: list[S.Expr] = []
            for k, v in enumerate(vs):
                if (ids[0], k) not in tagged:
                    continue
                at = next((i for i, (_, t) in enumerate(given) if t is v), None)
                t = T.prune(preds[at][1]) if at is not None and at < len(preds) else None
                h, _ = T.spine(t) if t is not None else (None, [])
                if (param := need(_key(h, owner))) is not None:
                    args.append(S.EVar(param, e.span, True))
                elif isinstance(h, T.TCon) and not h.rigid:
                    text = T.show_type(t)
                    tag = tags.setdefault(text, (len(tags), t))[0]
                    args.append(S.ELit(tag, "Int", e.span))
                else:  # a type no tag names: the dispatchers' fallback (unknown, -1)
                    args.append(S.ELit(-1, "Int", e.span))
            calls[id(e)] = (e, args)
    for decl, err in refused:
        if not any(i == id(decl) for i, _ in tagged):
            raise err
    _rewrite(module, env, sigs, tagged, calls, opens, owner, file)
    handled = {id(u[0]) for u in opens}
    types.tagged_uses = handled  # type: ignore[attr-defined]  (directed leaves them)
    types.method_uses = [u for u in types.method_uses  # type: ignore[attr-defined]
                         if id(u[0]) not in handled]
    return _dispatchers(env, {u[2] for u in opens if u[4] == "own"}, tags, derived) + \
        _monoid_dispatchers({u[2] for u in opens if u[4] == "base"}, tags, derived) + \
        monad_dispatchers({u[2] for u in opens if u[4] == "monad"}, tags, derived, file)


def _key(h: object, owner: dict) -> str | None:
    """The key of a type variable a function takes a tag for: a signature's rigid one, or
    a generalised binding's (by its number), if ``owner`` has it."""
    if isinstance(h, T.TCon) and h.rigid:
        return h.key
    if isinstance(h, T.TVar) and f"?{h.id}" in owner:
        return f"?{h.id}"
    return None


def _functions(types: object, env: ClassEnv, own_schemes: dict, skolems_of: dict,
               dict_uses: list) -> tuple[dict, dict, dict]:
    """The program's functions that can take tags: those with a signature (their rigid
    variables) and generalised ones (their generalised variables, where a use is at a type
    other than a list: at lists only, the subset's operations were right without tags);
    instance methods and class defaults are not. Returns id(decl) -> (decl, variables,
    context at them), each variable's key -> (id(decl), index), and name -> ids."""
    sigs: dict[int, tuple[S.DFun, list, list]] = {}
    owner: dict[str, tuple[int, int]] = {}
    names: dict[str, list[int]] = {}
    at_uses: dict[str, list] = {}
    for e, preds in dict_uses:
        at_uses.setdefault(e.name, []).append(preds)
    for sc, d, name, generic, _top in own_schemes.values():
        vs = skolems_of.get(id(d)) if generic is None else [T.prune(g) for g in generic]
        if vs is None or not isinstance(d, S.DFun) or \
                name in getattr(types, "inst_methods", {}) or \
                env is not None and name in env.default_of:
            continue
        sigs[id(d)] = (d, vs, [(c, T.inst(t, vs)) for c, t in sc.preds])
        names.setdefault(d.name, []).append(id(d))
        given = sigs[id(d)][2]
        for k, v in enumerate(vs):  # (a generalised variable its single use has bound
            # since, typecheck_inline.specialise_single_uses, is that type: no tag)
            key = f"?{v.id}" if isinstance(v, T.TVar) else v.key if generic is None else None
            if key is not None and (generic is None or _beyond_lists(
                    at_uses.get(d.name, []), [i for i, (_, t) in enumerate(given) if t is v])):
                owner[key] = (id(d), k)
    return sigs, owner, names


def _beyond_lists(uses: list, at: list[int]) -> bool:
    """Is a use (its context's types ``uses``) at positions ``at`` of a type other than a
    list?"""
    for preds in uses:
        for i in at:
            h = T.spine(T.prune(preds[i][1]))[0] if i < len(preds) else None
            if isinstance(h, T.TCon) and not h.rigid and h.key != "[]" or \
                    isinstance(h, T.TCon) and h.rigid:
                return True
    return False


def _opens(types: object, env: ClassEnv, var_insts: list, dict_uses: list, refused: list,
           owner: dict) -> list[tuple]:
    """The uses to dispatch on a tag: (node, class, method, variable's key, kind), kind
    "own" (a program's class), "base" (Monoid, Functor, Foldable) or "monad"."""
    by_result = {m for m, pos in env.dispatch_pos.items() if pos is None} if env else set()
    opens = []
    for e, cls, method, t in var_insts:
        key = _key(T.spine(t)[0], owner)
        if method in by_result and key is not None:
            opens.append((e, cls, method, key, "own"))
    for e, preds in dict_uses:
        if e.name in BASE_OPS and preds and \
                (key := _key(T.spine(T.prune(preds[0][1]))[0], owner)) is not None:
            opens.append((e, preds[0][0], e.name, key, "base"))
        at = next((T.prune(t) for c, t in preds if c == "Foldable"), None)
        if e.name in FOLDABLE and at is not None and \
                (key := _key(T.spine(at)[0], owner)) is not None:
            num = next((T.prune(t) for c, t in preds if c == "Num"), None)
            at_int = e.name in ("sum", "product") and num is not None and \
                getattr(T.spine(num)[0], "key", "") == "Int"  # (wrapping: sumI#)
            opens.append((e, "Foldable", e.name + "@Int" * at_int, key, "base"))
    if refused:  # a function generic in its monad used at another monad (open_monads)
        seen = {id(u[0]) for u in opens}
        opens += [u for u in monad_opens(types, dict_uses) if id(u[0]) not in seen]
    return opens


def _rewrite(module: S.Module, env: ClassEnv, sigs: dict, tagged: dict, calls: dict,
             opens: list, owner: dict, file: str) -> None:
    """The functions take their tags first; their uses pass them; the methods' uses call
    their tag dispatchers."""
    for (i, k), param in sorted(tagged.items(), key=lambda kv: (kv[0][0], -kv[0][1])):
        d = sigs[i][0]
        for c in d.clauses:
            c.pats.insert(0, S.PVar(param, c.span))
    fns = {sigs[i][0].name for i, _ in tagged}
    method_at = {id(u[0]): u for u in opens}

    def fun(e: S.EVar | S.OpRef) -> S.Expr | None:
        """What a use of a name becomes: a tag dispatcher applied to the tag, a function
        taking tags applied to them, or None (unchanged)."""
        hit = method_at.get(id(e))
        if hit is not None:
            _, cls, method, key, kind = hit
            name = tag_dispatcher(method, env.classes[cls]) if kind == "own" else \
                dispatcher(method) if kind == "monad" else _base_dispatcher(method)
            return S.EApp(S.EVar("%" + name, e.span),
                          [S.EVar(tagged[owner[key]], e.span, True)], e.span)
        if e.name not in fns:
            return None
        call = calls.get(id(e))
        if call is None:  # a use the checker did not see: its tags are unknown
            raise SourceError(f"`{e.name}' is used where its type is not known (it takes "
                              "a type's instance): not supported by the Haskell subset",
                              file, e.span[0], e.span[1])
        head = e if isinstance(e, S.EVar) else S.EVar(e.name, e.span)
        return S.EApp(head, call[1], e.span) if call[1] else None

    def rewrite(e: object, walk) -> object | None:
        if isinstance(e, (S.ELeftSection, S.ERightSection)) and not e.op.is_con and \
                (op := fun(e.op)) is not None:
            # (x `f`) is f x; (`f` x) GHC's \y -> f y x (no cost centre of its own)
            arg = walk(e.expr)
            if isinstance(e, S.ELeftSection):
                return S.EApp(op, [arg], e.span)
            y = fresh_name("y")
            return S.ELam([S.PVar(y, S.NOSPAN)],
                          S.EApp(op, [S.EVar(y, S.NOSPAN, True), arg], S.NOSPAN), S.NOSPAN)
        hit = method_at.get(id(e))
        if hit is not None and hit[2] == DO:
            for st in e.stmts:  # type: ignore[attr-defined]
                walk(st)
            return desugar_tagged_do(e.stmts,  # type: ignore[attr-defined]
                                     S.EVar(tagged[owner[hit[3]]], e.span, True))
        return fun(e) if isinstance(e, S.EVar) else None

    _rewrite_exprs(module, rewrite)


def tag_dispatcher(method: str, info: ClassInfo) -> str:
    """The binding name of a method's tag dispatcher."""
    return f"{stem(method, info)}Tag{info.index}#"


def _dispatchers(env: ClassEnv, methods: set[str], tags: dict, derived: object) -> str:
    """A program's method's: each tag's type's instance (by its constructor)."""
    lines: list[str] = []
    for cls, info in env.classes.items() if env is not None else ():
        for method in info.methods:
            if method in methods:
                lines += tag_case(tag_dispatcher(method, info), cls, method, tags,
                                  lambda t: env.instances.get(
                                      (cls, getattr(T.spine(t)[0], "name", "")), {}).get(method),
                                  derived)
    return "\n".join(lines) + "\n" if lines else ""


def _base_dispatcher(method: str) -> str:
    stem = BASE_OPS.get(method) or method.replace("'", "S").replace("@", "") + "F"
    return f"{stem}Tag#"


def _foldable_op(c: T.Type, name: str, derived: object) -> str:
    """What the subset uses for Foldable's ``name`` over the container ``c`` (a type
    constructor): directed's choice at a use of that type."""
    from .directed import _array_foldable

    name, _, at = name.partition("@")  # (sum@Int: Int's wrapping sumI#)
    inner = f"{name}I#" if at else name
    arity, pos = FOLDABLE[name]
    x = T.con("Int")
    t = T.fns([x] * pos + [T.TAp(c, x)] + [x] * (arity - pos - 1), x)
    use = S.EVar(name, S.NOSPAN)
    if not _array_foldable(use, t, derived) and (
            derived.foldable or foldable_container(use, t)):  # type: ignore[attr-defined]
        foldable_directed(use, t, derived, inner)  # type: ignore[arg-type]
        if use.name != name:
            return use.name
    return "%" + inner if at else name


def _monoid_dispatchers(methods: set[str], tags: dict, derived: object) -> str:
    """base's Semigroup/Monoid operations, fmap and Foldable's functions: each tag's
    type's (directed_monoid._op; directed_ext.functor_op; directed_monads.foldable_directed)."""
    from .directed_ext import functor_op
    from .directed_monoid import _LIST, _op, _ref, _Unsupported

    lines: list[str] = []
    for method in sorted(methods):
        cls = "Functor" if method in ("fmap", "<$>", "<$", "<&>", "$>", "void") else \
            "Monoid" if method in BASE_OPS else "Foldable"

        def target(t: T.Type) -> str | None:
            try:
                op = functor_op(t, method, derived) if cls == "Functor" else \
                    _op(t, method, derived) if cls == "Monoid" else \
                    _foldable_op(t, method, derived)
            except (_Unsupported, IndexError):  # (a tag of another class's type: unused)
                return None
            return _ref(op.lstrip("%")) if op is not None else None

        base = method.partition("@")[0]  # (before tags: the list's; none for fmap)
        fallback = None if cls == "Functor" else _ref(_LIST[base] if cls == "Monoid" else base)
        lines += tag_case(_base_dispatcher(method), cls, method, tags, target, derived,
                          fallback)
    return "\n".join(lines) + "\n" if lines else ""
