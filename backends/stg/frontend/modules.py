"""Imports, and the names they bring into scope.

The subset has one namespace, the Prelude's, where base's modules (``Data.List``,
``Data.Char`` ...) all live: importing one of them changes nothing, and a name qualified by
one (``L.sortBy``, ``Data.Char.toUpper``) is the Prelude's. containers' modules are different:
``Data.Map`` and ``Data.Set`` export names the Prelude also has (``map``, ``filter``,
``insert``, ``null``), so a program imports them qualified (``import qualified Data.Map as
M``) or by an import list (``import Data.Set (Set, member)``). Their functions are in the
Prelude under mangled names (containers.hs: ``insert_M#``, ``member_S#``, the operator
``M.!`` as ``!^^``); ``resolve`` rewrites the program's tokens to them before it is parsed,
following its imports as GHC scopes them:

* ``M.name`` where ``M`` is a container module's alias: that module's ``name``, or GHC's
  "Not in scope" error when it exports no such name;
* an unqualified name a container module is imported without ``qualified`` for: with an
  import list, the names listed (minus ``hiding``); without one, the names the Prelude does
  not also define (GHC would call a use of those ambiguous).

Type names (``M.Map``, ``Set.Set``) are left alone: the checker knows ``Map`` and ``Set``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from .lexer import Token
from profkit.errors import SourceError

#: containers' modules -> the suffixes of their functions' Prelude names, most specific first
#: (Data.Map.Strict's functions that differ are ``_MS#``, the others Data.Map's ``_M#``)
CONTAINER_MODULES = {
    "Data.Map": ("_M#",), "Data.Map.Lazy": ("_M#",), "Data.Map.Strict": ("_MS#", "_M#"),
    "Data.Set": ("_S#",),
    # containers' Patricia trees keyed by Int run as the balanced trees: the same results
    # and output, Map's allocation (SUBSET.md)
    "Data.IntMap": ("_M#",), "Data.IntMap.Lazy": ("_M#",),
    "Data.IntMap.Strict": ("_MS#", "_M#"), "Data.IntSet": ("_S#",),
}

#: containers' operators -> their Prelude names, per suffix
_OPERATORS = {"_M#": {"!": "!^^", "!?": "!?^^", "\\\\": "\\\\^^"},
              "_S#": {"\\\\": "\\\\^^^"}}


@dataclass
class Import:
    module: str
    qualified: bool
    alias: str
    names: list[str] | None = None  # the import list, None when there is none
    hiding: list[str] = field(default_factory=list)
    pos: tuple[int, int] = (0, 0)  # the module name's line and column
    #: every name the list gives, at any depth (types, constructors, fields: ``Sum(..)``,
    #: ``First(getFirst)``), None without a list
    listed: set[str] | None = None


@functools.lru_cache(maxsize=None)
def exports(module: str, prelude_names: frozenset[str]) -> dict[str, str]:
    """A container module's names -> their Prelude names (``prelude_names``: every name the
    Prelude defines)."""
    out: dict[str, str] = {}
    for suffix in reversed(CONTAINER_MODULES[module]):
        for name in prelude_names:
            if name.endswith(suffix) and name != suffix:
                out[name[:-len(suffix)]] = name
        out.update(_OPERATORS.get(suffix, {}))
    return out


def read_imports(toks: list[Token]) -> list[Import]:
    """The module's import declarations, from its tokens (they come before any other
    declaration)."""
    out: list[Import] = []
    i, n = 0, len(toks)
    while i < n:
        t = toks[i]
        if not t.is_("reserved", "import"):
            i += 1
            continue
        i += 1
        qualified = i < n and toks[i].is_("varid", "qualified")
        if qualified:
            i += 1
        if i >= n or toks[i].kind != "conid":
            continue  # the parser reports it
        module = str(toks[i].value)
        imp = Import(module, qualified, module, pos=(toks[i].line, toks[i].col))
        i += 1
        if i + 1 < n and toks[i].is_("varid", "as") and toks[i + 1].kind == "conid":
            imp.alias = str(toks[i + 1].value)
            i += 2
        hiding = i < n and toks[i].is_("varid", "hiding")
        if hiding:
            i += 1
        if i < n and toks[i].is_("special", "("):
            imp.listed = _all_names(toks, i)
            names, i = _name_list(toks, i)
            if hiding:
                imp.hiding = names
            else:
                imp.names = names
        out.append(imp)
    return out


def _name_list(toks: list[Token], i: int) -> tuple[list[str], int]:
    """The variables and operators named at the top level of the parenthesised list at
    ``i``, and the index after it."""
    depth, names = 0, []
    while i < len(toks):
        t = toks[i]
        i += 1
        if t.is_("special", "("):
            depth += 1
        elif t.is_("special", ")"):
            depth -= 1
            if depth == 0:
                break
        elif t.kind == "varid" and depth == 1 or t.kind == "varsym" and depth == 2:
            names.append(t.text)
    return names, i


def _all_names(toks: list[Token], i: int) -> set[str]:
    """Every name of the parenthesised list at ``i``, at any depth."""
    names: set[str] = set()
    depth = 0
    for t in toks[i:]:
        depth += t.is_("special", "(") - t.is_("special", ")")
        if depth == 0:
            break
        if t.kind in ("varid", "conid", "varsym", "consym"):
            names.add(t.text)
    return names


#: the Prelude's names of Data.Array and Data.Ix (its section of that name), which base's
#: Prelude does not have: a container module imported whole gives its own (``elems``,
#: ``!``) unless the program imports one of those modules too (GHC: ambiguous)
ARRAY_NAMES = frozenset({"!", "//", "array", "listArray", "accumArray", "accum", "bounds",
                         "elems", "indices", "assocs", "range", "index", "inRange",
                         "rangeSize"})


#: the Prelude's names that base's Prelude does not export, by the modules that do: a
#: container module imported whole gives its own (``toList``, ``singleton``, ``empty``)
#: unless the program imports one of these too (GHC: ambiguous)
MODULE_ONLY_NAMES = {"toList": ("Data.Foldable",), "singleton": ("Data.List",),
                     "empty": ("Control.Applicative",), "optional": ("Control.Applicative",),
                     "liftA2": ("Control.Applicative",), "<|>": ("Control.Applicative",),
                     "some": ("Control.Applicative",), "many": ("Control.Applicative",),
                     **{n: ("Data.List",) for n in ("insert", "delete", "union", "partition",
                                                    "\\\\", "foldl'")},
                     "foldl'": ("Data.List", "Data.Foldable")}


#: the modules giving those names
ARRAY_MODULES = ("Data.Array", "Data.Ix", "Data.Array.ST", "Data.Array.MArray",
                 "Data.Array.IO", "Data.Array.Unboxed", "Data.Array.IArray")


def resolve(toks: list[Token], filename: str, prelude_names: frozenset[str]) -> None:
    """Rewrite the names containers' modules give the program to their Prelude names."""
    _foldable_aliases(toks)
    imports = read_imports(toks)
    if not any(imp.module in CONTAINER_MODULES for imp in imports):
        return
    if not any(imp.module in ARRAY_MODULES for imp in imports):
        prelude_names = prelude_names - ARRAY_NAMES
    mods = {imp.module for imp in imports}
    prelude_names = prelude_names - {n for n, ms in MODULE_ONLY_NAMES.items()
                                     if not mods.intersection(ms)}
    by_alias: dict[str, list[Import]] = {}
    for imp in imports:
        by_alias.setdefault(imp.alias, []).append(imp)
    unqualified: dict[str, str] = {}
    for imp in imports:
        if imp.qualified or imp.module not in CONTAINER_MODULES:
            continue
        table = exports(imp.module, prelude_names)
        wanted = imp.names if imp.names is not None else \
            [n for n, full in table.items() if n not in prelude_names]
        for name in wanted:
            if name in table and name not in imp.hiding:
                unqualified[name] = table[name]
    import_col = 0  # inside an import declaration: the column of its `import'
    for t in toks:
        if t.is_("reserved", "import"):
            import_col = t.col
            continue
        if import_col and t.bol and t.col <= import_col:
            import_col = 0
        if import_col or t.kind not in ("varid", "varsym", "consym"):
            continue  # type names (M.Map) and constructors are left alone
        full = str(t.value)
        if full == t.text:
            t.text = unqualified.get(t.text, t.text)
            continue
        qual = full[:-len(t.text) - 1]
        imps = [imp for imp in by_alias.get(qual, ()) if imp.module in CONTAINER_MODULES]
        if not imps:
            continue  # a base module's name: the Prelude's
        for imp in imps:
            table = exports(imp.module, prelude_names)
            if t.text in table and t.text not in imp.hiding and \
                    (imp.names is None or t.text in imp.names):
                t.text = table[t.text]
                break
        else:
            raise SourceError(f"Not in scope: `{full}' (module `{imps[0].module}' does not "
                              "export it, or the subset does not have it: see SUBSET.md)",
                              filename, t.line, t.col)


#: Data.Foldable's Applicative versions of mapM_ & co., the same functions at the monads the
#: subset runs (so they are directed as mapM_ is: directed_monads.py)
FOLDABLE_ALIASES = {"traverse_": "mapM_", "for_": "forM_", "sequenceA_": "sequence_",
                     "traverse": "mapM", "for": "forM", "sequenceA": "sequence",
                     "asum": "msum"}


def _foldable_aliases(toks: list[Token]) -> None:
    """``traverse_`` is ``mapM_`` (``for_`` ``forM_``...) unless the program defines it."""
    own = {t.text for t in toks if t.bol and t.col == 1 and t.kind == "varid"}
    methods = False  # in an instance of Traversable: its methods keep their names
    for k, t in enumerate(toks):
        if t.bol and t.col == 1:
            methods = t.is_("reserved", "instance") and any(
                u.is_("conid", "Traversable") for u in toks[k + 1:k + 4])
        elif methods and t.text in ("traverse", "sequenceA") and (
                t.bol or toks[k - 1].is_("reserved", "where")):
            continue  # (a use in its body is mapM's, as anywhere)
        if t.kind == "varid" and t.text in FOLDABLE_ALIASES and t.text not in own:
            old, t.text = t.text, FOLDABLE_ALIASES[t.text]
            v = str(t.value)
            if v.endswith(old):  # (a qualified name keeps its qualifier)
                t.value = v[:-len(old)] + t.text
