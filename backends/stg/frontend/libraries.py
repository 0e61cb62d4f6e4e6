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
from dataclasses import dataclass
from importlib import resources

from profkit.errors import SourceError

from . import syntax as S
from .lexer import Token

#: the modules -> their groups of base_newtypes.hs
MODULES = {
    "Data.Monoid": ("Sum", "Product", "Any", "All", "Dual", "Endo", "MFirst", "MLast"),
    "Data.Semigroup": ("Sum", "Product", "Any", "All", "Dual", "Endo", "Min", "Max", "SFirst",
                       "SLast"),
    "Data.Functor.Identity": ("Identity",),
}

_GROUP = re.compile(r"^-- @group (\w+) ([\w.]+)$", re.M)


@functools.lru_cache(maxsize=1)
def _groups() -> dict[str, tuple[str, str, frozenset[str]]]:
    """Group -> (its source, its module, the names it defines)."""
    text = resources.files(__package__).joinpath("base_newtypes.hs").read_text()
    marks = list(_GROUP.finditer(text))
    out = {}
    for k, mo in enumerate(marks):
        end = marks[k + 1].start() if k + 1 < len(marks) else len(text)
        body = text[mo.end():end]
        names = set(re.findall(r"^newtype (\w+)", body, re.M))
        for pair in re.findall(r"= (\w+) \{ (\w+) ::", body):
            names.update(pair)
        out[mo.group(1)] = (body, mo.group(2), frozenset(names))
    return out


@dataclass
class LibImport:
    module: str
    pos: tuple[int, int]
    names: set[str] | None  # every name of the import list (None: none)
    hiding: set[str]


def read_imports(toks: list[Token]) -> list[LibImport]:
    """The imports of ``MODULES``, with every name their lists give (types, constructors,
    fields: ``Sum(..)``, ``First(getFirst)``)."""
    out = []
    n = len(toks)
    for i, t in enumerate(toks):
        if not t.is_("reserved", "import"):
            continue
        j = i + 1
        if j < n and toks[j].is_("varid", "qualified"):
            j += 1
        if j >= n or str(toks[j].value) not in MODULES:
            continue
        imp = LibImport(str(toks[j].value), (toks[j].line, toks[j].col), None, set())
        j += 1
        if j + 1 < n and toks[j].is_("varid", "as"):
            j += 2
        hiding = j < n and toks[j].is_("varid", "hiding")
        j += hiding
        if j < n and toks[j].is_("special", "("):
            names, depth = set(), 0
            for u in toks[j:]:
                depth += u.is_("special", "(") - u.is_("special", ")")
                if depth == 0:
                    break
                if u.kind in ("varid", "conid", "varsym", "consym"):
                    names.add(u.text)
            if hiding:
                imp.hiding = names
            else:
                imp.names = names
        out.append(imp)
    return out


def selected(toks: list[Token], filename: str) -> tuple[str, ...] | None:
    """The groups the program's imports bring, in the file's order; None when it imports
    none of ``MODULES``."""
    imports = read_imports(toks)
    if not imports:
        return None
    groups = _groups()
    chosen: set[str] = set()
    owner: dict[str, str] = {}  # a name -> the group giving it
    for imp in imports:
        for g in MODULES[imp.module]:
            names = groups[g][2]
            if imp.names is not None and not names & imp.names or names <= imp.hiding:
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
