"""mtl's State monad: ``Control.Monad.State`` (and its ``.Lazy``/``.Strict``, transformers'
``Control.Monad.Trans.State(.Lazy/.Strict)``), as library code compiled with the program.

The subset passes no dictionaries, and a monad is reached through the program's own
``Monad`` instances (``directed_monads``, ``instances``): so the library (``mtl_state.hs``,
written in the subset) is a ``newtype State s a`` with Functor/Applicative/Monad instances
and mtl's functions over it, parsed and added to the program's declarations when one of
these modules is imported (never otherwise: a program may define its own ``State``). Its
bindings are labelled as GHC's library code (``Derived.labels`` with no cost-centre label:
no automatic cost centres, for them, their local bindings or their lambdas), are never
inlined into the program (GHC -O0 reads no unfoldings from mtl's interface), and name their
closures after transformers' module, ``Control.Monad.Trans.State.Lazy`` (or ``.Strict``).

``StateT s m`` over another monad (``StateT s IO``, ``lift``, ``liftIO``) is refused: the
subset has no monad transformers (an instance with a monad context needs dictionaries).
"""

from __future__ import annotations

import functools
import re
from importlib import resources

from profkit.errors import SourceError

from . import syntax as S
from .lexer import tokenize

#: the modules -> the library's variant: laziness, and mtl's class or transformers' functions
MODULES = {"Control.Monad.State": ("lazy", "mtl"), "Control.Monad.State.Lazy": ("lazy", "mtl"),
           "Control.Monad.State.Strict": ("strict", "mtl"),
           "Control.Monad.Trans.State": ("lazy", "trans"),
           "Control.Monad.Trans.State.Lazy": ("lazy", "trans"),
           "Control.Monad.Trans.State.Strict": ("strict", "trans")}
#: the module transformers defines each variant in (closure descriptions, ``-hd``)
CLOSURE_MODULE = {"lazy": "Control.Monad.Trans.State.Lazy",
                  "strict": "Control.Monad.Trans.State.Strict"}
#: mtl's functions of the MonadState class, and their workers: their closures are named
#: after mtl's module (the others after transformers')
_CLASS_FUNCTIONS = frozenset({"modify", "modify'", "gets", "modifyM", "getsM"})


def closure_module(kind: tuple[str, str], name: str) -> str:
    """The module a library binding's closures are named after (``-hd``)."""
    if kind[1] == "mtl" and name in _CLASS_FUNCTIONS:
        return "Control.Monad.State.Class"
    return CLOSURE_MODULE[kind[0]]


#: transformers' bindings without arguments that GHC -O0 applies to the inner monad's
#: dictionary at each use (``get $fMonadIdentity``): each use a call (toplevel.py)
CALLED = frozenset({"get"})
#: names of mtl/transformers the subset does not have (transformers over other monads)
_REFUSED = {"StateT", "runStateT", "evalStateT", "execStateT", "withStateT", "mapStateT",
            "mapState", "lift", "liftIO", "MonadState", "MonadIO", "MonadTrans", "Identity",
            "runIdentity"}


def variant(imports: list[str], positions: list[tuple[int, int]], filename: str
            ) -> tuple[str, str] | None:
    """The State variant the program imports (``MODULES``), None without one."""
    found: dict[tuple[str, str], tuple[int, int]] = {}
    for imp, pos in zip(imports, positions):
        if imp in MODULES:
            found.setdefault(MODULES[imp], pos)
    if len(found) > 1:
        line, col = list(found.values())[1]
        raise SourceError("two different State monads imported (mtl's and transformers', or "
                          "the lazy and the strict one: the subset takes one)", filename,
                          line, col)
    return next(iter(found), None)


def check_uses(source: str, filename: str) -> None:
    """Refuse a use of a monad transformer over another monad, with its position."""
    for t in tokenize(source, filename):
        if t.kind in ("varid", "conid") and t.text.rsplit(".", 1)[-1] in _REFUSED:
            name = t.text.rsplit(".", 1)[-1]
            raise SourceError(f"`{name}' is not supported: the subset has mtl's `State s' "
                              "monad only (no StateT over another monad, no lift/liftIO)",
                              filename, t.line, t.col)


@functools.lru_cache(maxsize=4)
def _source(kind: tuple[str, str]) -> str:
    """The library's text for ``kind``: the lines marked for it, and the unmarked ones."""
    text = resources.files(__package__).joinpath("mtl_state.hs").read_text()
    tags = {k.upper() for k in kind}
    lines = []
    for line in text.split("\n"):
        code, _, mark = line.partition("  -- @")
        if mark and not set(re.findall(r"(\w+)@", mark)) <= tags:
            continue
        lines.append(code if mark else line)
    return "\n".join(lines)


def library(kind: tuple[str, str], user: S.Module, source: str, filename: str
            ) -> tuple[list[S.Decl], str]:
    """The library's declarations and the program's source followed by the library's
    (``libraries.attach``)."""
    from .libraries import attach
    return attach(user, source, _source(kind), filename, CLOSURE_MODULE[kind[0]])


# GHC -O0 binds each dictionary the program's code needs at the State monad as a CAF of
# module Main (`$dMonad = $fMonadStateT $fMonadIdentity`), evaluated once under `CAF Main':
# one per class and state type (`State Int' and `State Integer' have one each). Their
# bytes, measured (GHC 9.0.2; a superclass selected from a dictionary is made when first
# used, by the dictionary's CAF): Monad and MonadState 112, Functor 56, Applicative 200,
# the Applicative of a Monad dictionary (mapM's traverse) 224, the Monad of a MonadState
# dictionary (mtl's gets and modify') 112.
_DICT_BYTES = {"Monad": 112, "MonadState": 112, "Functor": 56, "Applicative": 200,
               "Monad.Applicative": 224, "MonadState.Monad": 112}
_NEEDS = {**{op: ("Monad",) for op in (">>=", ">>", "return", "do", "=<<", "mapM_", "forM_",
                                         "sequence_", "foldM")},
          **{op: ("Monad", "Monad.Applicative") for op in ("mapM", "forM", "sequence")},
          **{op: ("Applicative",) for op in ("pure", "<*>", "*>", "<*", "replicateM",
                                              "replicateM_", "zipWithM", "zipWithM_",
                                              "filterM")},
          **{op: ("Functor",) for op in ("fmap", "<$>", "<$")}}
_MTL_NEEDS = {"get": ("MonadState",), "put": ("MonadState",), "state": ("MonadState",),
              "modify": ("MonadState",), "modify'": ("MonadState", "MonadState.Monad"),
              "gets": ("MonadState", "MonadState.Monad")}
#: the State functions, with their arguments before the State result
STATE_FUNCTIONS = {"get": 0, "put": 1, "state": 1, "modify": 1, "modify'": 1, "gets": 1}


def state_of(t: object, nargs: int) -> str:
    """The state type of a use whose type is ``t`` (a State result after ``nargs``
    arguments), as a key: "?" when the types leave it open."""
    from . import typecheck_types as T
    for _ in range(nargs):
        sf = T.split_fun(t)
        if sf is None:
            return "?"
        t = sf[1]
    head, args = T.spine(T.prune(t))
    if not (isinstance(head, T.TCon) and head.name == "State" and args):
        return "?"
    return T.Namer().show(T.prune(args[0]))


def dictionary_bytes(kind: tuple[str, str], uses: list[tuple[str, str, S.Span]],
                     decls: list[S.Decl]) -> int:
    """The bytes of the State monad's dictionary CAFs the program's top-level bindings
    (``decls``, without the library's) need: ``uses`` the State operations used, by state
    type (``Derived.class_uses``: class methods, Control.Monad's functions, mtl's)."""
    tops = [d for d in decls if isinstance(d, S.DFun)]
    mine = [(state, op) for state, op, span in uses
            if any(d.span[0] <= span[0] <= d.span[2] for d in tops)]
    needed: set[tuple[str, str]] = set()
    for state, op in mine:
        needs = _NEEDS.get(op, ()) + (_MTL_NEEDS.get(op, ()) if kind[1] == "mtl" else ())
        needed.update((state, c) for c in needs)
    # the library's own CAFs for the fields `return', `get' and `put' (a 2-word closure
    # each, made when first used) stand for part of those bytes
    used = {op for _, op in mine}
    fields = sum(16 for names in ({"return", "gets", "mapM_", "forM_", "sequence_", "foldM"},
                                  {"get", "gets", "modify'"}, {"put", "modify'"})
                 if used & names and (kind[1] == "mtl" or "return" in names))
    return max(sum(_DICT_BYTES[c] for _, c in needed) - fields, 0)
