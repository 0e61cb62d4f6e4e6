"""Functions generic in their monad used at a monad other than IO (open_methods.py's tags).

``pairUp :: Monad m => m a -> m b -> m (a, b)`` used at Maybe: the subset runs a function
generic in its monad as IO code (its do blocks IO's binds), which is right only where it is
used in IO; its uses at other monads were refused. When a program has such a use, every
function of the program with a signature generic in its monad takes the monad's tag
(open_methods's fixpoint passes it from callers), and in them each do block and each monad
operation at that monad (``>>=``, ``return``, ``mapM``, ``when`` ...) goes through a
dispatcher picking, by the tag's type, what ``directed_monads.monad_directed`` picks at
that type (IO's the Prelude's own). A do block becomes its binds (the Report's
translation) with the dispatchers' bind and then; a pattern that can fail is an error, as
in IO (MonadFail's ``fail`` at Maybe or lists is not dispatched).

    monad_opens(types, dict_uses) -> [(node, class, name, skolem key, "monad")]
    desugar_tagged_do(stmts, tag) -> the do block's expression
    monad_dispatchers(names, tags, derived, file) -> source
"""

from __future__ import annotations

from profkit.errors import SourceError

from . import syntax as S
from . import typecheck_types as T
from .directed_monoid import _ref
from .sugar import fresh_name

#: the monad operations dispatched, and their dispatchers' name stems
MONAD_NAMES = {">>=": "bind", ">>": "then", "=<<": "flipBind", "return": "return",
               "pure": "pure", "mapM": "mapM", "mapM_": "mapM_", "forM": "forM",
               "forM_": "forM_", "sequence": "sequence", "sequence_": "sequence_",
               "when": "when", "unless": "unless", "foldM": "foldM", "replicateM": "replicateM",
               "replicateM_": "replicateM_", "zipWithM": "zipWithM", "zipWithM_": "zipWithM_",
               "filterM": "filterM", "<*>": "ap", "*>": "apRight", "<*": "apLeft",
               "join": "join", "liftM": "liftM", "liftM2": "liftM2", ">=>": "kleisli",
               "<=<": "kleisliBack", "<$!>": "strictMap"}
_CLASSES = ("Monad", "Applicative", "MonadFail")
DO = "do"  # the name a do block's entry carries


def dispatcher(name: str) -> str:
    return f"{MONAD_NAMES[name]}MTag#"


def monad_opens(types: object, dict_uses: list) -> list[tuple]:
    """Do blocks and monad operations at a rigid monad (a signature's variable)."""
    out = []
    for node, t in list(getattr(types, "expr_types", {}).values()):
        if isinstance(node, S.EDo):
            h, _ = T.spine(t)
            if isinstance(h, T.TCon) and h.rigid:
                out.append((node, "Monad", DO, h.key, "monad"))
    for e, preds in dict_uses:
        if e.name in MONAD_NAMES:
            at = next((T.prune(t) for c, t in preds if c in _CLASSES), None)
            h, _ = T.spine(at) if at is not None else (None, [])
            if isinstance(h, T.TCon) and h.rigid:
                out.append((e, "Monad", e.name, h.key, "monad"))
    return out


def desugar_tagged_do(stmts: list[S.Stmt], tag: S.Expr) -> S.Expr:
    """``e; rest`` -> ``then tag e rest``, ``p <- e; rest`` -> ``bind tag e (\\p -> rest)``,
    ``let ds; rest`` -> ``let ds in rest`` (the dispatchers of ``>>`` and ``>>=``). The parts
    made here have no position, as sugar.desugar_do's: no cost centre of their own."""
    no = S.NOSPAN

    def op(name: str) -> S.Expr:
        return S.EApp(S.EVar("%" + dispatcher(name), no), [tag], no)

    last = stmts[-1]
    assert isinstance(last, S.SExpr)  # (rename.py refuses any other)
    result: S.Expr = last.expr
    for s in reversed(stmts[:-1]):
        if isinstance(s, S.SExpr):
            result = S.EApp(op(">>"), [s.expr, result], no)
        elif isinstance(s, S.SBind):
            if isinstance(s.pat, (S.PVar, S.PWild, S.PBang, S.PLazy)):
                lam = S.ELam([s.pat], result, no)
            else:  # a failed match is an error (IO's fail), whatever the monad
                v = fresh_name("p")
                body = S.ECase(S.EVar(v, no, True), [S.Alt(s.pat, S.Rhs(result, [], [], no),
                                                           no)], no)
                lam = S.ELam([S.PVar(v, no)], body, no)
            result = S.EApp(op(">>="), [s.expr, lam], no)
        else:
            result = S.ELet(s.decls, result, no)  # type: ignore[union-attr]
    return result


def monad_op(t: object, name: str, derived: object, file: str) -> str | None:
    """What the subset uses for monad operation ``name`` at the monad ``t`` (as generated
    source), None if it has nothing there."""
    from .directed_monads import monad_directed

    h, _ = T.spine(t)
    if not isinstance(h, T.TCon) or h.rigid:
        return None
    use = S.EVar(name, S.NOSPAN)
    try:
        monad_directed(use, h.name, file, derived)  # type: ignore[arg-type]
    except SourceError:
        return None
    return _ref(use.name.lstrip("%"))


def tag_case(name: str, what: str, label: str, tags: dict, target, derived: object,
             fallback: str | None = None) -> list[str]:
    """The lines of dispatcher ``name``: for each tag, ``target`` of its type (None where
    the subset has none); for any other (-1: a type no tag names, in a generalised local
    function's call) ``fallback``, what the subset used before tags, else GHC's run-time
    error of a missing ``what`` instance."""
    derived.labels[name] = (None, S.NOSPAN, label)  # type: ignore[attr-defined]
    alts = [f"  {tag} -> {op}" for tag, t in sorted(tags.values(), key=lambda x: x[0])
            if (op := target(t)) is not None]
    other = fallback or (f'errorWithoutStackTrace "No instance for ({what} ...) arising '
                         f'from a use of {label}"')
    return [f"{name} t = case t of", *alts, f"  _ -> {other}"]


def monad_dispatchers(names: set[str], tags: dict, derived: object, file: str) -> str:
    """Each operation's dispatcher: at each tag's type, what the subset uses there."""
    ops = set(names) - {DO} | ({">>", ">>="} if DO in names else set())
    lines: list[str] = []
    for name in sorted(ops):
        lines += tag_case(dispatcher(name), "Monad", name, tags,
                          lambda t: monad_op(t, name, derived, file), derived,
                          _ref(name))  # (IO's: the Prelude's own)
    return "\n".join(lines) + "\n" if lines else ""
