"""-hy type descriptions of the closures the desugarer makes (a mixin of
``desugar.Desugarer``, split off for size).

GHC gives every closure's info table the description of its binder's type
(``getTyDescription``): a thunk of type ``Int`` is ``Int`` in -hy, a function closure of
type ``Int -> Int -> Int`` is ``->>Int``, a polymorphic one (its type a type variable) is
``*``. The type checker (``typecheck.Prepared``) records the type of every expression and
binding of the program; this mixin looks them up for the closures' ``ClosureInfo``, and
gives the nodes that ``sugar`` generates for comprehensions, ``do`` blocks and arithmetic
sequences the types GHC's own desugaring gives them (the checker only saw the source
forms). The Prelude is not type checked: its closures stay ``*`` (``None`` here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import syntax as S
from .sugar import MONAD_OPS

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
        return self.types.expr_desc(e) if self.types is not None else None

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
