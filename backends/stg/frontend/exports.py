"""What each library module exports, and the import lists that name something else.

``ghc_exports.txt`` holds GHC 9.0.2's export lists of the modules profkit provides (made from
their interface files by tests/reference/ghc-9.0.2/exports/make_exports.py). An import list
naming a thing its module does not export is GHC's error ("Module `Data.List' does not
export `foo'"), at the item's position; a thing GHC's module does export but the subset has
not is refused with its own message (the program would fail later, at the use, with a less
clear one). ``hiding`` lists are not checked (GHC only warns, -Wdodgy-imports).

    check_import_lists(toks, filename, supported)
    supported_names(prelude_names, constructors) -> the names the subset has (cached)
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from importlib import resources

from profkit.errors import SourceError

from .lexer import Token


@dataclass
class Export:
    """One exported thing: its name, whether it can be named by itself (a class exported
    only through its methods, ``Semigroup|{<>}``, cannot) and its constructors, fields or
    methods."""
    name: str
    alone: bool = True
    subs: frozenset[str] = frozenset()


@dataclass
class Item:
    """An import list's item: its name, position, and the names in its parentheses
    (``T(A, f)``; ``..`` for all; None without parentheses)."""
    name: str
    pos: tuple[int, int]
    subs: list[str] | None = None
    operator: bool = False

    def shown(self, subs: list[str] | None = None) -> str:
        name = f"({self.name})" if self.operator else self.name
        subs = self.subs if subs is None else subs
        return name if subs is None else f"{name}({', '.join(subs)})"


@dataclass
class Supported:
    """The subset's names: values (functions, methods, fields), constructors, types and
    classes."""
    values: frozenset[str]
    cons: frozenset[str]
    types: frozenset[str]
    extra: dict[str, frozenset[str]] = field(default_factory=dict)  # module -> its own


@functools.lru_cache(maxsize=1)
def ghc_exports() -> dict[str, dict[str, Export]]:
    """Module -> its exports by name (a sub-name, a field or method, is also importable by
    itself: an entry of its own unless the module exports that name otherwise)."""
    text = resources.files(__package__).joinpath("ghc_exports.txt").read_text()
    out: dict[str, dict[str, Export]] = {}
    table: dict[str, Export] = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        if line.startswith("module "):
            table = out.setdefault(line.split()[1], {})
            continue
        head, _, subs = line.partition("{")
        names = frozenset(subs.rstrip("}").split())
        bar = bool(subs) and head.endswith("|")  # (not the operator `||')
        e = Export(head[:-1] if bar else head, not bar, names)
        table[e.name] = e
        for s in names:  # a field or method by itself (constructors are not importable so)
            if not s[0].isupper() and s[0] != ":":
                table.setdefault(s, Export(s))
    return out


def read_items(toks: list[Token], i: int) -> tuple[list[Item], int]:
    """The items of the parenthesised import list at ``i`` (its ``(``), and the index
    after it."""
    items: list[Item] = []
    i += 1
    n = len(toks)
    while i < n and not toks[i].is_("special", ")"):
        t = toks[i]
        if t.is_("special", ","):
            i += 1
            continue
        if t.is_("varid", "type") or t.is_("varid", "pattern"):
            i += 1  # (ExplicitNamespaces, PatternSynonyms: the name follows)
            continue
        if t.is_("special", "(") and i + 2 < n and toks[i + 2].is_("special", ")"):
            items.append(Item(toks[i + 1].text, (t.line, t.col), operator=True))
            i += 3
        elif t.kind in ("varid", "conid"):
            items.append(Item(t.text, (t.line, t.col)))
            i += 1
        else:
            return items, _skip(toks, i)  # not an import list the check understands
        if i < n and toks[i].is_("special", "(") and items[-1].name[0].isupper():
            subs: list[str] = []
            i += 1
            while i < n and not toks[i].is_("special", ")"):
                s = toks[i]
                if s.kind in ("varid", "conid", "varsym", "consym") or s.is_("reservedop",
                                                                              ".."):
                    subs.append(s.text)
                i += 1
            items[-1].subs = subs
            i += 1
    return items, i + 1


def _skip(toks: list[Token], i: int) -> int:
    depth = 1
    while i < len(toks) and depth:
        depth += toks[i].is_("special", "(") - toks[i].is_("special", ")")
        i += 1
    return i


def check_import_lists(toks: list[Token], filename: str, supported: Supported) -> None:
    """Refuse the first import-list item its module does not export, or exports but the
    subset does not have."""
    tables = ghc_exports()
    i, n = 0, len(toks)
    while i < n:
        if not toks[i].is_("reserved", "import"):
            i += 1
            continue
        i += 1
        while i < n and toks[i].kind != "conid":
            i += 1  # `qualified'
        if i >= n:
            return
        module = str(toks[i].value)
        i += 1
        if i + 1 < n and toks[i].is_("varid", "as"):
            i += 2
        if i < n and toks[i].is_("varid", "qualified"):
            i += 1
        if i >= n or not toks[i].is_("special", "(") or module not in tables:
            continue  # no list, `hiding', or a module GHC does not have (refused elsewhere)
        items, i = read_items(toks, i)
        for item in items:
            _check_item(item, module, tables[module], supported, filename)


def _check_item(item: Item, module: str, table: dict[str, Export], supported: Supported,
                filename: str) -> None:
    e = table.get(item.name)
    parent = next((p.name for p in table.values() if item.name in p.subs), None) \
        if e is None and item.name[0].isupper() else None
    if parent is not None and table[parent].alone:
        raise SourceError(f"In module `{module}': `{item.name}' is a data constructor of "
                          f"`{parent}' (import it as `{parent}({item.name})' or "
                          f"`{parent}(..)')", filename, *item.pos)
    if e is None or not e.alone:
        raise SourceError(f"Module `{module}' does not export `{item.shown()}'", filename,
                          *item.pos)
    missing = [s for s in item.subs or () if s != ".." and s not in e.subs]
    if missing:
        raise SourceError(f"Module `{module}' does not export `{item.shown(missing)}'",
                          filename, *item.pos)
    methods = [s for s in e.subs if not s[0].isupper() and s[0] != ":"]
    if not _has(item.name, supported, module) and not any(
            _has(m, supported, module) for m in methods):  # (a class whose methods it has)
        raise SourceError(f"`{item.shown()}' of module `{module}' is not supported by "
                          "profkit's subset of Haskell (GHC's module exports it: see "
                          "SUBSET.md)", filename, *item.pos)
    absent = [s for s in item.subs or () if s != ".." and not _has(s, supported, module)]
    if absent:
        raise SourceError(f"`{item.shown(absent)}' of module `{module}' is not supported by "
                          "profkit's subset of Haskell (GHC's module exports it: see "
                          "SUBSET.md)", filename, *item.pos)


def _has(name: str, supported: Supported, module: str) -> bool:
    if name in supported.extra.get(module, ()):
        return True
    if name[0].isupper():
        return name in supported.types or name in supported.cons
    if name[0] == ":":
        return name in supported.cons
    return name in supported.values


_LIB_FILES = ("base_newtypes.hs", "base_monads.hs", "mtl_state.hs", "base_complex.hs")
_DEFINED = re.compile(r"^(?:newtype|data|type) (\w+)|^(\w+'*) ::|^\((\S+)\) ::|"
                      r"(\w+) ::|^  ([a-z]\w*'*) ::", re.M)


@functools.lru_cache(maxsize=1)
def _library_names() -> frozenset[str]:
    """Every name the library-source modules (libraries.py, mtl.py) define: types,
    constructors, fields, functions, methods."""
    out: set[str] = set()
    for f in _LIB_FILES:
        text = resources.files(__package__).joinpath(f).read_text()
        for mo in _DEFINED.finditer(text):
            out.update(g for g in mo.groups() if g)
        out.update(re.findall(r"= (\w+)[ \n{]", text))  # constructors
        out.update(re.findall(r"^data .*? (:[!#$%&*+./<=>?@^|~-]+) ", text, re.M))
    return frozenset(out)


@functools.lru_cache(maxsize=2)
def supported_names(prelude_names: tuple[str, ...], constructors: tuple[tuple[str, str], ...]
                    ) -> Supported:
    """The subset's names: the Prelude's functions, its constructors (name, type), the
    checker's types and classes, the library-source modules' names and containers'."""
    from . import modules as M
    from .typecheck_env import BUILTIN_SYNONYMS, BUILTIN_TYCONS, prelude_env
    from .typecheck_types import SUPERCLASSES
    values, cons = prelude_env()
    lib = _library_names()
    vals = frozenset(prelude_names) | frozenset(values) | lib | frozenset(M.FOLDABLE_ALIASES)
    con_names = frozenset(c for c, _ in constructors) | frozenset(cons) | lib
    types = frozenset(BUILTIN_TYCONS) | frozenset(BUILTIN_SYNONYMS) | \
        frozenset(SUPERCLASSES) | frozenset(t for _, t in constructors) | lib
    extra = {m: frozenset(M.exports(m, frozenset(prelude_names))) for m in M.CONTAINER_MODULES}
    return Supported(vals, con_names, types, extra)
