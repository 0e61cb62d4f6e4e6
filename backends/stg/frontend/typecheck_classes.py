"""The program's own classes for the type checker (a mixin of ``typecheck.Checker``, split
off for size): the methods' types read from their signatures, default and instance methods'
expected types, the program's instances as a reduction of constraints, and the type each
method use is at (``classes.resolve_methods`` turns those into calls)."""

from __future__ import annotations

from typing import NamedTuple

from profkit.errors import SourceError

from . import syntax as S
from . import typecheck_types as T
from .typecheck_env import Scheme, Sig
from .fixed_ints import check_fixed_uses

#: the classes of monads, whose instance the subset chooses by type (a Functor-generic
#: function's fmap is refused where it is: directed._functor_directed)
MONAD_CLASSES = {"Applicative", "Monad", "MonadFail"}


class CheckedUses(NamedTuple):
    """What the check found that open_methods.py's tags read (``Prepared.checked``)."""

    var_insts: list  # (use, class, method, type at the class's variable): program's methods
    dict_uses: list  # (use, [(class, type)]): constrained functions' uses
    section_uses: list  # the same for a section's operator (an OpRef)
    own_schemes: dict  # the program's bindings' schemes (Checker.own_schemes)
    skolems_of: dict  # id(signature's binding) -> its rigid variables
    class_schemes: dict  # the program's methods' schemes (the dispatchers' arities)
    monad_refused: list  # (binding, its refusal): generic in a monad, used at another


class ClassChecker:
    """Needs from ``Checker``: prep, env, prelude, scope, toks, supers, class_schemes,
    var_insts, last_vs, own_schemes, monad_uses, inst_var, read_sig, bind, err."""

    def use_var(self, e: S.EVar) -> T.Type:
        """The type of a use of variable ``e``; a use of a method of the program's classes
        is remembered with the type its class is used at."""
        hit = self.class_schemes.get(e.name) if not e.local else None
        if hit is None or self.env.get(e.name) is not hit[0]:
            t = self.inst_var(e.name, e.span)
            sc = self.env.get(e.name) or self.prelude.get(e.name)
            if isinstance(sc, Scheme) and sc.preds:  # typecheck_inline.dictionary_uses
                self.__dict__.setdefault("dict_uses", []).append(
                    (e, [(c, T.inst(pt, self.last_vs)) for c, pt in sc.preds]))
                if self.owners and self.owners[-1] is not None:
                    self.dict_owner[id(e)] = self.owners[-1]
            return t
        t = self.inst_var(e.name, e.span)
        cls = self.prep.classes.method_class[e.name]  # type: ignore[attr-defined]
        self.var_insts.append((e, cls, e.name, self.last_vs[hit[2]]))
        return t

    def resolved_method_uses(self) -> list[tuple[S.EVar, str, str, str | None]]:
        out = []
        for e, cls, method, t in self.var_insts:
            h, _ = T.spine(t)
            out.append((e, cls, method,
                        h.name if isinstance(h, T.TCon) and not h.rigid else None))
        return out

    def method_sig(self, d: S.DFun) -> Sig | None:
        """The type an instance method must have: its class method's type at the instance
        type (``show :: Tree a -> String``), given the instance's context (``Show a``)."""
        m = self.prep.inst_methods[d.name]
        own = self.class_schemes.get(m.method)  # type: ignore[attr-defined]
        method = own[0] if own is not None and m.cls == self.prep.classes.method_class.get(
            m.method) else self.prelude.get(m.method)  # type: ignore[attr-defined]
        con = self.scope.tycons.get(m.type_name)  # type: ignore[attr-defined]
        if method is None or con is None or not method.preds:
            return None
        cls_var = method.preds[0][1]
        if not isinstance(cls_var, T.TGen):
            return None
        nv = len(m.tyvars)  # type: ignore[attr-defined]
        head: T.Type = con
        for i in range(nv):
            head = T.TAp(head, T.TGen(i))
        vs: list[T.Type] = []
        for j in range(method.n):
            vs.append(head if j == cls_var.i else T.TGen(nv + len(vs) - (j > cls_var.i)))
        preds = [(c, T.TGen(m.tyvars.index(v))) for c, v in m.context]  # type: ignore
        preds += [(c, T.inst(t, vs)) for c, t in method.preds[1:]]
        names = list(m.tyvars) + [f"t{j}" for j in range(method.n - 1)]  # type: ignore
        return Sig(Scheme(nv + method.n - 1, preds, T.inst(method.type, vs)), names, d.span)

    def default_sig(self, d: S.DFun) -> Sig | None:
        """A class's default method has the method's own type (the class given)."""
        _, method = self.prep.classes.default_of[d.name]  # type: ignore[attr-defined]
        hit = self.class_schemes.get(method)
        if hit is None:
            return None
        sc, names, _ = hit
        return Sig(sc, names + [f"t{i}" for i in range(len(names), sc.n)], d.span)

    def read_classes(self) -> None:
        """The methods of the program's classes: each signature, with the class's own
        constraint first, is the method's type in the whole program."""
        env = self.prep.classes
        if env is None:
            return
        for cname, info in env.classes.items():  # type: ignore[attr-defined]
            self.supers[cname] = tuple(info.supers)
        for cname, info in env.classes.items():  # type: ignore[attr-defined]
            for m in info.methods:
                dsig = info.sigs[m]
                sig = self.read_sig(dsig) if self.toks else None
                if sig is None:
                    env.dispatch_pos[m] = 0  # unread: chosen by the first argument
                    continue
                if info.tyvar not in sig.names:
                    raise self.err(f"The class method `{m}' mentions none of the type "
                                   f"variables of the class `{cname} {info.tyvar}'", dsig.span)
                k = sig.names.index(info.tyvar)
                sc = Scheme(sig.scheme.n, [(cname, T.TGen(k))] + sig.scheme.preds,
                            sig.scheme.type)
                self.class_schemes[m] = (sc, sig.names, k)
                self.bind(m, sc)
                env.dispatch_pos[m] = _dispatch_position(sc.type, k)

    def own_instance_context(self, cls: str, head: T.TCon, args: list[T.Type]
                             ) -> list[tuple[str, T.Type]] | None:
        """The constraints ``cls (head args)`` reduces to by the program's instance."""
        heads = self.prep.classes.instance_heads  # type: ignore[attr-defined]
        hit = heads.get((cls, head.name))
        if hit is None:
            return None
        tyvars, context = hit
        if len(args) < len(tyvars):
            return None
        bound = dict(zip(tyvars, args))
        return [(c, bound[v]) for c, v in context if v in bound]

    def check_monad_uses(self) -> None:
        """A function of the program generic in its monad (``Monad m =>``) runs in IO,
        unless it is used at another monad: then, if it has a signature, it takes the
        monad's tag (open_methods.py, which reads ``monad_refused``), else the use is
        refused here (GHC would pass the monad's dictionary)."""
        self.monad_refused: list[tuple[object, SourceError]] = []
        for sc, vs, span in self.monad_uses:
            for cls, t in sc.preds:  # (a class of the program's with Monad above it too)
                if not MONAD_CLASSES & set(T.superclass_closure(cls, self.supers)):
                    continue
                head, _ = T.spine(T.prune(T.inst(t, vs)))
                if isinstance(head, T.TCon) and not head.rigid and head.key not in ("IO", "ST"):
                    _, decl, name, generic, _ = self.own_schemes[id(sc)]
                    err = SourceError(
                        f"`{name}' is generic in its monad (a {cls} constraint): its use "
                        f"here at {head.name} is not supported by the Haskell subset, which "
                        "runs such functions in IO only (see SUBSET.md)", self.file,
                        max(span[0], 1), max(span[1], 1))
                    if generic is not None:
                        raise err
                    self.monad_refused.append((decl, err))
        check_fixed_uses(self)  # and one generic in its numbers at Word8 .. Int64

    def no_instance(self, p: "Pred", extra: str = "") -> SourceError:
        """GHC's message for a constraint no instance satisfies."""
        nm = T.Namer()
        hint = ""
        if T.split_fun(p.type) is not None:
            hint = " (maybe you haven't applied a function to enough arguments?)"
        return self.err(f"No instance for ({p.cls} {nm.show(p.type, 2)}) arising from "
                        f"{p.origin}{hint}{extra}", p.span)


def _dispatch_position(t: T.Type, k: int) -> int | None:
    """The first argument of a method's type whose type is the class's variable (``TGen k``)
    or headed by it (``f a``); None when there is none."""
    i = 0
    sf = T.split_fun(t)
    while sf is not None:
        h, _ = T.spine(sf[0])
        if isinstance(h, T.TGen) and h.i == k:
            return i
        i += 1
        sf = T.split_fun(sf[1])
    return None
