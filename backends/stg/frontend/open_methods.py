"""Methods chosen by their result's type at a type variable of a signature (issue 18).

The subset picks the instance of a program's own class by the constructor of the method's
argument of the class's type (``classes.py``'s dispatchers). A method with no such argument,
``empty :: f a`` or ``zero :: a``, has nothing to pick by where a signature leaves the type
open::

    class Container f where { empty :: f a; insert :: a -> f a -> f a }
    fill :: Container f => [a] -> f a
    fill = foldr insert empty          -- used at Stack and at Queue

GHC passes ``fill`` a dictionary. Here ``fill`` takes the instance's *type tag* instead: an
Int naming the type the variable stands for at the call (one per type constructor with an
instance of such a class), from which the method's tag dispatcher (``emptyTag<k>#``, k the class's index) picks the
instance's binding. A tag names a type, not a class, so a superclass's method is picked by the
same tag. The rewrite, after the type check, reads what the checker found:

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


def _refuse(cls: str, method: str, e: S.EVar, file: str) -> SourceError:
    return SourceError(f"the method `{method}' of class `{cls}' is used at a type the program "
                       "leaves open (it has no argument of the class's type to choose the "
                       "instance by): not supported by the Haskell subset",
                       file, e.span[0], e.span[1])


def tag_open_methods(module: S.Module, types: object, env: ClassEnv, derived: object,
                     file: str) -> str:
    """Rewrite the program as the module docstring says; returns the dispatchers' source
    ("" when no method is used so)."""
    checked = getattr(types, "checked", None)
    if checked is None or env is None:
        return ""
    var_insts, dict_uses, own_schemes, skolems_of, _ = checked
    by_result = {m for m, pos in env.dispatch_pos.items() if pos is None}
    opens = []
    for e, cls, method, t in var_insts:
        h, _ = T.spine(t)
        if method in by_result and isinstance(h, T.TCon) and h.rigid:
            opens.append((e, cls, method, h.key))
    if not opens:
        return ""
    # the functions with signatures: their skolems, by key -> (declaration, index)
    sigs: dict[int, tuple[S.DFun, list, list]] = {}  # id(decl) -> (decl, skolems, given)
    owner: dict[str, tuple[int, int]] = {}
    names: dict[str, list[int]] = {}
    for sc, d, name, generic, _top in own_schemes.values():
        skolems = skolems_of.get(id(d))
        if generic is not None or skolems is None or not isinstance(d, S.DFun) or \
                name in getattr(types, "inst_methods", {}) or name in env.default_of:
            continue
        sigs[id(d)] = (d, skolems, [(c, T.inst(t, skolems)) for c, t in sc.preds])
        names.setdefault(d.name, []).append(id(d))
        for k, sk in enumerate(skolems):
            owner[sk.key] = (id(d), k)
    tagged: dict[tuple[int, int], str] = {}  # (id(decl), skolem index) -> parameter name

    def need(key: str) -> str | None:
        hit = owner.get(key)
        if hit is None or len(names[sigs[hit[0]][0].name]) != 1:
            return None
        if hit not in tagged:
            tagged[hit] = f"$dtag_{len(tagged) + 1}"
            grew[0] = True
        return tagged[hit]

    grew = [False]
    for e, cls, method, key in opens:
        if need(key) is None:
            raise _refuse(cls, method, e, file)
    tags = _type_tags(env, by_result)
    calls: dict[int, tuple[S.EVar, list[S.Expr]]] = {}
    while grew[0]:
        grew[0] = False
        for e, preds in dict_uses:
            ids = names.get(e.name)
            if not ids or len(ids) != 1:
                continue
            d, skolems, given = sigs[ids[0]]
            args = []
            for k, sk in enumerate(skolems):
                if (ids[0], k) not in tagged:
                    continue
                at = next((i for i, (_, t) in enumerate(given) if t is sk), None)
                t = T.prune(preds[at][1]) if at is not None and at < len(preds) else None
                h, _ = T.spine(t) if t is not None else (None, [])
                if isinstance(h, T.TCon) and h.rigid and (param := need(h.key)) is not None:
                    args.append(S.EVar(param, e.span, True))
                elif isinstance(h, T.TCon) and not h.rigid and h.name in tags:
                    args.append(S.ELit(tags[h.name], "Int", e.span))
                else:
                    cls = given[at][0] if at is not None else "?"
                    raise SourceError(f"a use of `{d.name}' at a type the program leaves open "
                                      f"(its `{cls}' instance chooses a method by its result "
                                      "type): not supported by the Haskell subset",
                                      file, e.span[0], e.span[1])
            calls[id(e)] = (e, args)
    _rewrite(module, env, sigs, tagged, calls, opens, owner, file)
    handled = {id(e) for e, *_ in opens}
    types.method_uses = [u for u in types.method_uses  # type: ignore[attr-defined]
                         if id(u[0]) not in handled]
    return _dispatchers(env, by_result, tags, derived)


def _type_tags(env: ClassEnv, by_result: set[str]) -> dict[str, int]:
    """A number for each type constructor with an instance of a class that has a method
    chosen by its result."""
    heads = sorted({head for (cls, head) in env.instances
                    if any(m in by_result for m in env.classes[cls].methods)})
    return {h: i for i, h in enumerate(heads)}


def _rewrite(module: S.Module, env: ClassEnv, sigs: dict, tagged: dict, calls: dict, opens: list,
             owner: dict, file: str) -> None:
    """The functions take their tags first; their uses pass them; the methods' uses call
    their tag dispatchers."""
    for (i, k), param in sorted(tagged.items(), key=lambda kv: (kv[0][0], -kv[0][1])):
        d = sigs[i][0]
        for c in d.clauses:
            c.pats.insert(0, S.PVar(param, c.span))
    fns = {sigs[i][0].name for i, _ in tagged}
    method_at = {id(e): (cls, method, key) for e, cls, method, key in opens}

    def rewrite(e: object, walk) -> object | None:
        if not isinstance(e, S.EVar):
            return None
        hit = method_at.get(id(e))
        if hit is not None:
            cls, method, key = hit
            return S.EApp(S.EVar("%" + tag_dispatcher(method, env.classes[cls]), e.span),
                          [S.EVar(tagged[owner[key]], e.span, True)], e.span)
        if e.name in fns:
            call = calls.get(id(e))
            if call is None:  # a use the checker did not see: its tags are unknown
                raise SourceError(f"`{e.name}' is used where its type is not known (it takes "
                                  "a type's instance): not supported by the Haskell subset",
                                  file, e.span[0], e.span[1])
            return S.EApp(e, call[1], e.span) if call[1] else e
        return None

    _rewrite_exprs(module, rewrite)


def tag_dispatcher(method: str, info: ClassInfo) -> str:
    """The binding name of a method's tag dispatcher."""
    return f"{stem(method, info)}Tag{info.index}#"


def _dispatchers(env: ClassEnv, by_result: set[str], tags: dict[str, int],
                 derived: object) -> str:
    lines: list[str] = []
    for cls, info in env.classes.items():
        for method in info.methods:
            if method not in by_result:
                continue
            name = tag_dispatcher(method, info)
            derived.labels[name] = (None, S.NOSPAN, method)  # type: ignore[attr-defined]
            alts = [f"  {tags[head]} -> {binds[method]}"
                    for (c, head), binds in sorted(env.instances.items(),
                                                   key=lambda kv: tags.get(kv[0][1], -1))
                    if c == cls and head in tags]
            missing = (f'errorWithoutStackTrace "No instance for ({cls} ...) arising from a '
                       f'use of {stem(method, info)}"')
            lines += [f"{name} t = case t of", *alts, f"  _ -> {missing}"]
    return "\n".join(lines) + "\n"
