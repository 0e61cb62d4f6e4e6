"""base's modules of newtypes, compiled with the program that imports them: ``Data.Monoid``
(``Sum``, ``Product``, ``Any``, ``All``, ``Dual``, ``Endo``, its ``First``/``Last`` of a
``Maybe``), ``Data.Semigroup`` (the same but its own ``First``/``Last``, and ``Min``,
``Max``) and ``Data.Functor.Identity``.

The subset passes no dictionaries: a newtype's instances are reached by type, as the
program's own are (``instances``), so these modules are library source (``base_newtypes.hs``,
written in the subset), parsed and added to the program's declarations when it imports one of
them, as mtl's State is (``mtl``). Their bindings have no cost centres (base's code) and
name their closures after the module GHC defines them in (``Data.Semigroup.Internal`` for
``Sum``...). The file is cut into groups, one newtype each: an import list takes the groups
that define a name it lists (``import Data.Semigroup (Max(..))`` brings no ``First``), and
two imports bringing different types of one name (``Data.Monoid``'s ``First`` and
``Data.Semigroup``'s) are refused, as GHC refuses a use of the ambiguous name.

    selected(tokens, filename) -> groups (None when no such module is imported)
    library(groups, user, source, filename) -> (declarations, source)
    closure_modules(groups) -> name -> module, for the library's bindings
"""

from __future__ import annotations

import functools
import re
from importlib import resources

from profkit.errors import SourceError

from . import syntax as S
from .lexer import Token
from .modules import read_imports

#: the modules -> their groups of base_newtypes.hs
MODULES = {
    "Data.Monoid": ("Sum", "Product", "Any", "All", "Dual", "Endo", "MFirst", "MLast"),
    "Data.Semigroup": ("Sum", "Product", "Any", "All", "Dual", "Endo", "Min", "Max", "SFirst",
                       "SLast"),
    "Data.Functor.Identity": ("Identity",),
    "Data.Complex": ("Complex",),  # (base_complex.hs; complex.py)
}
_MONOID = MODULES["Data.Monoid"]
for _m in ("Control.Monad.Writer", "Control.Monad.Writer.Lazy", "Control.Monad.Writer.Strict"):
    MODULES[_m] = ("Writer",) + _MONOID  # (mtl's re-export Data.Monoid)
for _m in ("Control.Monad.Trans.Writer", "Control.Monad.Trans.Writer.Lazy",
           "Control.Monad.Trans.Writer.Strict"):
    MODULES[_m] = ("Writer",)
for _m in ("Control.Monad.Reader", "Control.Monad.Trans.Reader"):
    MODULES[_m] = ("Reader",)
#: the library's files, cut into groups
_FILES = ("base_newtypes.hs", "base_monads.hs", "base_complex.hs")

_GROUP = re.compile(r"^-- @group (\w+) ([\w.]+)$", re.M)


@functools.lru_cache(maxsize=1)
def _groups() -> dict[str, tuple[str, str, frozenset[str], str]]:
    """Group -> (its source, its module, the names it defines, its type's name)."""
    text = "\n".join(resources.files(__package__).joinpath(f).read_text() for f in _FILES)
    marks = list(_GROUP.finditer(text))
    out = {}
    for k, mo in enumerate(marks):
        end = marks[k + 1].start() if k + 1 < len(marks) else len(text)
        body = text[mo.end():end]
        names = set(re.findall(r"^(?:newtype|data) (\w+)", body, re.M))
        names |= set(re.findall(r"^data .*? (:[!#$%&*+./<=>?@^|~-]+) ", body, re.M))
        names |= set(re.findall(r"^(\w+) ::", body, re.M))  # its functions
        for pair in re.findall(r"= (\w+#?) \{ (\w+) ::", body):
            names.update(pair)
        typ = re.search(r"^(?:newtype|data) (\w+)", body, re.M)
        out[mo.group(1)] = (body, mo.group(2), frozenset(names), typ.group(1) if typ else "")
    return out


def selected(toks: list[Token], filename: str) -> tuple[str, ...] | None:
    """The groups the program's imports bring, in the file's order; None when it imports
    none of ``MODULES``."""
    imports = [imp for imp in read_imports(toks) if imp.module in MODULES]
    if not imports:
        return None
    groups = _groups()
    chosen: set[str] = set()
    owner: dict[str, str] = {}  # a name -> the group giving it
    for imp in imports:
        for g in MODULES[imp.module]:
            names = groups[g][2]
            listed = imp.listed or set()
            hidden = imp.names is None and groups[g][3] in listed  # hiding (T(..))
            if imp.names is not None and not names & listed or hidden:
                continue
            for name in sorted(names):
                other = owner.setdefault(name, g)
                if other != g:
                    raise SourceError(
                        f"`{name}' of both {groups[other][1]} and {groups[g][1]}: the subset "
                        "takes one of them (import the other with a list that leaves it "
                        "out: see SUBSET.md)", filename, *imp.pos)
            chosen.add(g)
    return tuple(g for g in groups if g in chosen)


def source(groups: tuple[str, ...]) -> str:
    return "\n".join(_groups()[g][0] for g in groups)


def closure_modules(groups: tuple[str, ...], decls: list[S.Decl]) -> dict[int, str]:
    """id of each library declaration (and instance method) -> the module of its group."""
    out: dict[int, str] = {}
    modules = [_groups()[g][1] for g in groups]
    # the declarations come in the groups' order, each group's first its newtype
    k = -1
    for d in decls:
        k += isinstance(d, S.DData)
        module = modules[max(k, 0)]
        out[id(d)] = module
        for item in getattr(d, "decls", ()) or ():
            out[id(item)] = module
    return out


def attach(user: S.Module, source_text: str, lib_text: str, filename: str, owner: str,
           magic_hash: bool = False) -> tuple[list[S.Decl], str]:
    """A library's declarations (parsed afresh: later passes rewrite them in place), and
    the program's source followed by the library's, which the declarations' spans index
    (the type checker reads signatures and data declarations from the source's tokens).
    A name the program defines too is GHC's ambiguity, refused at the program's binding
    (``owner``: the library's module, for the message). ``magic_hash``: the library's
    own names end in ``#``, which no program can write."""
    from .parser import parse_module
    lines = source_text.count("\n") + 1
    lib = parse_module("\n" * lines + lib_text, filename, magic_hash=magic_hash)
    mine: set[str] = set()
    for d in lib.decls:
        mine.update(_names(d))
    for d in user.decls:
        for name in sorted(_names(d) & mine):
            raise SourceError(f"Ambiguous occurrence `{name}': it is defined here and "
                              f"imported from {owner}", filename, d.span[0], d.span[1])
    return lib.decls, source_text + "\n" + lib_text


def _names(d: S.Decl) -> set[str]:
    if isinstance(d, S.DFun):
        return {d.name}
    if isinstance(d, S.DData):  # (the program's types and the library's are one namespace)
        return {d.name} | {c for c, _ in d.cons}
    return set()


def check_writer_logs(types: object, filename: str) -> None:
    """Refuse a Writer whose log is not a list (its `<>'/`mempty' are the list's here), at
    the first use the checker typed so; a log left open (a type variable) is taken as a
    list."""
    from . import typecheck_types as T
    bad = []
    for e, t in getattr(types, "expr_types", {}).values():
        stack = [t] if isinstance(e, S.EVar) else []
        while stack:
            head, args = T.spine(stack.pop())
            if getattr(head, "name", "") == "Writer" and args:
                log, _ = T.spine(args[0])
                if isinstance(log, T.TCon) and not log.rigid and log.key != "[]":
                    bad.append((e.span[:2], T.show_type(args[0])))
            stack.extend(args)
    if bad:
        (line, col), log = min(bad)
        raise SourceError(f"a Writer whose log is a `{log}' is not supported by the Haskell "
                          "subset: its log is a list (it passes no Monoid dictionary: see "
                          "SUBSET.md)", filename, line, col)
