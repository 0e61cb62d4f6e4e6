"""A program's constructor named as one of base's that the Prelude does not export
(Data.Ord's `Down`, Control.Exception's `Overflow`, System.Exit's `ExitSuccess`,
System.IO's `NoBuffering`...): the model's Prelude holds those constructors in the one
namespace of constructors, so the program's declaration would clash with it. Unless the
program imports a module that exports base's (then GHC's ambiguity stands as the clash
error), the program's constructor is renamed apart in the source before it is parsed: the
same number of characters (layout columns unchanged), its last one replaced by a mark no
program writes, and derived Show and Read (``DData.shown``) and the heap profile's closure
descriptions (``DataCon.display``) print the program's name."""

from __future__ import annotations

from . import syntax as S
from .lexer import tokenize

#: the character that ends a renamed constructor (a letter: the lexer reads it as one)
MARK = "\u01c2"

#: the Prelude's exported types (their constructors are the Prelude's own: a clash stands)
_EXPORTED_TYPES = frozenset(("Bool", "Ordering", "Maybe", "Either", "[]", "()", "Char",
                             "Int", "Double", "Integer#"))

#: base's modules that export the hidden constructors of each type (imported: no renaming)
_EXPORTING = {"Down": ("Data.Ord",), "ExitCode": ("System.Exit",),
              "BufferMode": ("System.IO",)}
_EXCEPTIONS = ("Control.Exception", "Control.Exception.Base", "GHC.IO.Exception")


def hidden_clashes(module: S.Module, prelude_cons: dict) -> set[str]:
    """The program's constructors that only clash with base constructors the program does
    not have in scope (a type of the Prelude's that it does not export, its modules not
    imported)."""
    out = set()
    imports = set(module.imports)
    for d in module.decls:
        if not isinstance(d, S.DData):
            continue
        for name, _ in d.cons:
            dc = prelude_cons.get(name)
            if dc is None or dc.type_name in _EXPORTED_TYPES or dc.type_name.startswith("(") \
                    or "#" in name or not name[:1].isalpha():
                continue
            if imports & set(_EXPORTING.get(dc.type_name, _EXCEPTIONS)):
                continue
            out.add(name)
    return out


def internal(name: str) -> str:
    """The renamed constructor (as long as ``name``)."""
    return name[:-1] + MARK


def rename_apart(source: str, filename: str, names: set[str]) -> str:
    """``source`` with each unqualified constructor token of ``names`` renamed
    (``internal``), in declarations, patterns and expressions alike."""
    lines = source.split("\n")
    for t in reversed(tokenize(source, filename)):
        if t.kind == "conid" and t.text in names and t.line == t.end_line:
            row = lines[t.line - 1]
            col = t.col - 1
            if row[col:col + len(t.text)] == t.text:
                lines[t.line - 1] = row[:col] + internal(t.text) + row[col + len(t.text):]
    return "\n".join(lines)


def note_shown(module: S.Module, names: set[str]) -> None:
    """Record on each data declaration its renamed constructors' own names."""
    for d in module.decls:
        if isinstance(d, S.DData):
            d.shown = {internal(n): n for n in names if internal(n) in dict(d.cons)}


def parse_apart(source: str, filename: str, prelude_cons: dict, parse) -> tuple:
    """``parse(source)``'s module with the program's constructors named like base's hidden
    ones renamed apart (and their own names noted): (module, the source parsed)."""
    module = parse(source)
    hidden = hidden_clashes(module, prelude_cons)
    if hidden:
        source = rename_apart(source, filename, hidden)
        module = parse(source)
        note_shown(module, hidden)
    return module, source
