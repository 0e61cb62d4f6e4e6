"""-hy type descriptions of the closures the desugarer makes (a mixin of
``desugar.Desugarer``, split off for size).

GHC gives every closure's info table the description of its binder's type
(``getTyDescription``): a thunk of type ``Int`` is ``Int`` in -hy, a function closure of
type ``Int -> Int -> Int`` is ``->>Int``, a polymorphic one (its type a type variable) is
``*``. The type checker (``typecheck.Prepared``) records the type of every expression and
binding of the program; this mixin looks them up for the closures' ``ClosureInfo``, and
gives the nodes that ``sugar`` generates for comprehensions, ``do`` blocks and arithmetic
sequences the types GHC's own desugaring gives them (the checker only saw the source
forms). The Prelude is not type checked: its closures stay ``*`` (``None`` here), but for
a thunk of a saturated call of a Prelude function with a signature, whose type is its
result's, as GHC's is (`xs ++ ys` in base's ++ is `[]`, `map f xs` `[]`): ``library_desc``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import syntax as S
from . import typecheck_types as T
from .sugar import MONAD_OPS
from .typecheck_env import prelude_env

_THEN = {"%" + ops[0] for ops in MONAD_OPS.values()}
_BIND = {"%" + ops[1] for ops in MONAD_OPS.values()}

if TYPE_CHECKING:  # pragma: no cover
    from .typecheck import Prepared


class TypeDescMixin:
    """Needs ``self.types`` (a checked ``Prepared`` or None) and ``self.synth_types``."""

    types: "Prepared | None"
    synth_types: dict[object, tuple[object, str]]

    def expr_desc(self, e: S.Expr) -> str | None:
        """The -hy description of a closure computing expression ``e`` (None: unknown)."""
        hit = self.synth_types.get(id(e))
        if hit is not None and hit[0] is e:
            return hit[1]
        while isinstance(e, (S.EParen, S.ESCC)):  # a thunk of `(e)' has e's type
            e = e.expr
            hit = self.synth_types.get(id(e))
            if hit is not None and hit[0] is e:
                return hit[1]
        if isinstance(e, S.ELit) and e.kind == "String":
            return "[]"  # unpackCString# "..."# :: [Char] (the checker's type is String)
        return self.types.expr_desc(e) if self.types is not None else None

    def library_desc(self, e: S.Expr, env: dict) -> str | None:
        """The -hy description of a library thunk computing ``e`` when ``e`` calls a global
        function with a signature (typecheck_env.prelude_env) with at most as many
        arguments as its arrows: the type after them, which GHC's binder has. None for
        anything else (a local function's call, a variable's application: `*`)."""
        if self.types is not None:
            return None
        while isinstance(e, (S.EParen, S.ESCC)):
            e = e.expr
        if not isinstance(e, S.EApp):
            return None
        head, args = self.flatten(e)  # type: ignore[attr-defined]
        if not isinstance(head, S.EVar) or head.name in env:
            return None
        sigs = prelude_env()[0]
        if head.name not in sigs:
            return None
        t = sigs[head.name].type
        for _ in args:
            sf = T.split_fun(T.prune(t))
            if sf is None:
                return None
            t = sf[1]
        return T.describe(t)

    def inlined_desc(self, e: S.Expr, env: dict) -> str | None:
        """A thunk of a saturated call of a top-level function of the program that it uses
        once and does not export: GHC -O0's simplifier inlines the function there (its
        pre-inlining of a binding occurring once), so the thunk is its body's, of the
        body's type (`row i` with `row :: Int -> String; row i = "item " ++ show i` is
        `[]`, not `String`). None for anything else."""
        once = getattr(self, "once_tops", None)
        while isinstance(e, (S.EParen, S.ESCC)):
            e = e.expr
        if not once or not isinstance(e, S.EApp):
            return None
        head, args = self.flatten(e)  # type: ignore[attr-defined]
        if not isinstance(head, S.EVar) or head.name in env or head.name not in once:
            return None
        nargs, body = once[head.name]
        return self.expr_desc(body) if nargs == len(args) else None

    def bind_desc(self, d: S.Decl, name: str) -> str | None:
        """The -hy description of binding ``name`` of declaration ``d``."""
        hit = self.synth_types.get((id(d), name))
        if hit is not None and hit[0] is d:
            return hit[1]
        return self.types.bind_desc(d, name) if self.types is not None else None

    def _note(self, node: object, desc: str, key: object = None) -> None:
        self.synth_types[id(node) if key is None else key] = (node, desc)

    def note_arith(self, e: S.EArith, out: S.Expr) -> None:
        desc = self.expr_desc(e)
        if desc is not None:
            self._note(out, desc)

    def note_comp(self, e: S.EComp, out: S.Expr) -> None:
        """``desugar_comp``'s loops: each generator's local function ``h`` has type
        ``[a] -> [b]`` (``->[]``, GHC's ``ds :: [Int] -> [Int]``) and every call of it, the
        tail thunks of the result, the comprehension's list type (``[]``)."""
        desc = self.expr_desc(e)
        if desc is None:
            return
        self._note(out, desc)
        stack: list[object] = [out]
        while stack:
            n = stack.pop()
            if self._original(n):
                continue  # the program's own nodes have their checked types
            if isinstance(n, S.ELet):
                for d in n.decls:
                    if isinstance(d, S.DFun) and d.name.startswith("%h"):
                        self._note(d, "->" + desc, (id(d), d.name))
                        stack.extend(c.rhs.body for c in d.clauses if c.rhs.body is not None)
                stack.append(n.body)
            elif isinstance(n, S.EApp):
                if isinstance(n.fun, S.EVar) and n.fun.name.startswith("%h"):
                    self._note(n, desc)
                stack.extend(n.args)
            elif isinstance(n, S.EIf):
                stack.extend((n.then, n.else_))
            elif isinstance(n, S.ECase):
                stack.extend(a.rhs.body for a in n.alts if a.rhs.body is not None)

    def note_do(self, e: S.EDo, out: S.Expr) -> None:
        """``desugar_do``'s ``a >> rest`` and ``a >>= \\p -> rest``: every ``rest`` has the
        block's type (``IO``) and each lambda is a function to it (``->IO``)."""
        desc = self.expr_desc(e)
        if desc is None:
            return
        n: object = out
        while not self._original(n):
            if isinstance(n, S.EApp) and isinstance(n.fun, S.EVar) and len(n.args) == 2 and \
                    n.fun.name in _THEN | _BIND:
                self._note(n, desc)
                nxt = n.args[1]
                if isinstance(nxt, S.ELam) and n.fun.name in _BIND:
                    self._note(nxt, "->" + desc)
                    nxt = nxt.body
                n = nxt
            elif isinstance(n, S.ELet):
                self._note(n, desc)
                n = n.body
            else:
                break

    def _original(self, n: object) -> bool:
        """Is ``n`` a node of the checked program (not one the desugarer generated)?"""
        if self.types is None:
            return True
        hit = self.types.expr_types.get(id(n))
        return hit is not None and hit[0] is n


def once_used_functions(mod: S.Module) -> dict[str, tuple[int, S.Expr]]:
    """The top-level functions of ``mod`` (one clause with arguments and a body, not
    exported) whose name occurs once in the whole module: name -> (arity, body)."""
    cands: dict[str, tuple[int, S.Expr]] = {}
    for d in mod.decls:
        if isinstance(d, S.DFun) and len(d.clauses) == 1 and d.clauses[0].pats and \
                d.clauses[0].rhs.body is not None and not d.clauses[0].rhs.guards and \
                not (mod.exports is None or d.name in mod.exports):
            cands[d.name] = (len(d.clauses[0].pats), d.clauses[0].rhs.body)
    if not cands:
        return {}
    count = dict.fromkeys(cands, 0)
    stack: list[object] = list(mod.decls)
    while stack:
        n = stack.pop()
        if isinstance(n, list):
            stack.extend(n)
        elif isinstance(n, S.EVar):
            if n.name in count:
                count[n.name] += 1
        elif hasattr(n, "__dataclass_fields__"):
            stack.extend(getattr(n, f) for f in n.__dataclass_fields__)
    return {k: v for k, v in cands.items() if count[k] == 1}
