"""Parsing ``read``'s text as GHC's Read instances do, for the shapes the front end asks for
(``readshape.read_directed``): ``I`` (Int/Integer), ``D`` (Double), ``B`` (Bool), ``C``
(Char), ``S`` (String), ``[x]`` (a list of shape x), and a registered shape (``register``:
tuples, Maybe, Either, Ordering, the program's types deriving Read, read with derived
Read's precedences: ``_Reader.con``).

The text is Haskell's lexical syntax (the lexer reads it: escapes in characters and
strings, ``0x``/``0o`` integers, exponents), with whitespace and parentheses around any
value, and a leading ``-`` on numbers (``read "(-3)"``). Anything else, or anything left
over, raises ``ValueError("no parse")`` (GHC's ``Prelude.read: no parse``).

What flows out: Python values (int, float, bool, a one-character str for a Char, a 1-tuple
(text,) for a String, a list for a list, a pair (constructor name, field values) for a
tuple or a constructor), which the machine's ``read#`` (``prims_read._build``) turns into
heap objects; ``StgBackend`` gives the machine this function (the machine does not import
the front end).
"""

from __future__ import annotations

import functools
import json

from profkit.errors import SourceError

from .lexer import tokenize


def read_value(shape: str, text: str, prefix: bool | str = False) -> object:
    """The value ``text`` reads as at ``shape``; with ``prefix`` (``reads``), how many
    characters of ``text`` the value at its start takes, or -1 where none parses; with
    ``prefix="cost"`` the bytes GHC's Read instances allocate reading it (``_tree_cost``)."""
    if prefix == "cost":
        return _tree_cost(shape, text)
    if prefix:
        return _prefix_length(shape, text)
    try:
        toks = [t for t in tokenize(text, "<read>") if t.kind != "eof"]
    except SourceError:
        raise ValueError("no parse") from None
    p = _Reader(toks)
    v = p.value(_tree(shape))
    if p.i != len(toks):
        raise ValueError("no parse")
    return v


def _tree_cost(shape: str, text: str) -> int:
    """Bytes GHC 9.0.2's ReadP-based Read instances allocate reading ``text`` at a
    registered shape (tuples, Maybe/Either, derived Read): a least-squares fit to its -P
    totals of 17 reads (shapes/readcost22: nullary, prefix and record constructors,
    tuples, lists of pairs, Maybe; within 11%, most within 8%): 245 bytes, 2,018 a
    lexeme, 146 a character, 59 a blank, and 2,264 for each constructor of the type a
    constructor is read at (its derived parser tries each alternative)."""
    toks = [t for t in tokenize(text, "<read>") if t.kind != "eof"]
    p = _Reader(toks)
    p.value(_tree(shape))
    blanks = sum(ch.isspace() for ch in text)
    return 245 + 2018 * len(toks) + 146 * (len(text) - blanks) + 59 * blanks + 2264 * p.alts


def _prefix_length(shape: str, text: str) -> int:
    """``reads``: the characters up to the end of the value's last token (the rest, with
    its leading spaces, is left over), -1 where the text does not begin with a value. Text
    that does not lex is cut where the lexer stops (``reads "12 'x"`` is 12)."""
    try:
        toks = tokenize(text, "<read>")
    except SourceError as e:
        try:
            toks = tokenize(text[:_offset(text, e.line, e.col)], "<read>")
        except SourceError:
            return -1
    p = _Reader([t for t in toks if t.kind != "eof"])
    try:
        p.value(_tree(shape))
    except ValueError:
        return -1
    last = p.toks[p.i - 1]
    return _offset(text, last.end_line, last.end_col) + 1


def _offset(text: str, line: int, col: int) -> int:
    """The index in ``text`` of the 1-based ``line`` and ``col`` (columns as the lexer
    counts them: a tab to the next multiple of 8, plus one)."""
    at = 0
    for _ in range(line - 1):
        at = text.index("\n", at) + 1
    c = 1
    while c < col and at < len(text):
        c = ((c - 1) // 8 + 1) * 8 + 1 if text[at] == "\t" else c + 1
        at += 1
    return at


#: the JSON shapes of this process's programs (readshape: tuples, Maybe/Either, the
#: program's types), each named in the program by one character of Unicode's private use
#: area (a literal of one character, as a simple shape's: its unpacking is the program's
#: allocation, the same whichever shape it names)
SHAPES: dict[str, str] = {}
FIRST = 0xE000


def register(doc: str) -> str:
    """The one-character name of the JSON shape ``doc``."""
    name = next((k for k, v in SHAPES.items() if v == doc), None)
    if name is None:
        name = chr(FIRST + len(SHAPES))
        SHAPES[name] = doc
    return name


def shape_doc(shape: str) -> dict | None:
    """A registered shape's document (None for a simple shape)."""
    doc = SHAPES.get(shape)
    return json.loads(doc) if doc is not None else None


@functools.lru_cache(maxsize=64)
def _tree(shape: str) -> object:
    """A shape as ``_Reader.value`` takes it: the simple ones (``I``, ``[I]``) themselves,
    a registered one (``readshape``: tuples, Maybe/Either, the program's types) a tree."""
    if shape not in SHAPES:
        return shape
    doc = json.loads(SHAPES[shape])
    return _Shape(_untree(doc["t"]), {k: [(c, kind, f, [_untree(x) for x in ts], fx)
                                          for c, kind, f, ts, fx in alts]
                                      for k, alts in doc["d"].items()})


def _untree(t: object) -> object:
    return tuple(_untree(x) for x in t) if isinstance(t, list) else t


class _Shape:
    """A shape with the types it names: ``top`` a tree (a simple shape, ``("L", t)``,
    ``("T", (t, ...))`` or ``("R", name)``), ``defs`` name -> its constructors as
    (name, kind p/r/i, record fields, field trees, (precedence, assoc) of an infix one)."""

    def __init__(self, top: object, defs: dict) -> None:
        self.top = top
        self.defs = defs


class _Reader:
    def __init__(self, toks: list) -> None:
        self.toks = toks
        self.i = 0
        self.defs: dict = {}
        self.alts = 0  # the constructors of the types of those read (_tree_cost)

    def peek(self) -> object:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, kind: str, text: str | None = None) -> bool:
        t = self.peek()
        if t is not None and t.kind == kind and (text is None or t.text == text):
            self.i += 1
            return True
        return False

    def value(self, shape: object, prec: int = 0) -> object:
        if isinstance(shape, _Shape):
            self.defs = shape.defs
            shape = shape.top
        if not isinstance(shape, str):
            return self.tree(shape, prec)
        if self.take("special", "("):  # parentheses around any value
            v = self.value(shape)
            if not self.take("special", ")"):
                raise ValueError("no parse")
            return v
        if shape.startswith("["):
            return self.list_(shape[1:-1])
        t = self.peek()
        if t is None:
            raise ValueError("no parse")
        if shape in ("I", "D"):
            neg = self.take("varsym", "-")
            t = self.peek()
            if t is None:
                raise ValueError("no parse")
            if t.kind == "int" or shape == "D" and t.kind == "float":
                self.i += 1
                v = t.value if shape == "I" else float(t.value)  # type: ignore[arg-type]
                return -v if neg else v
            if shape == "D" and t.kind == "conid" and t.text in ("Infinity", "NaN"):
                self.i += 1
                v = float("inf") if t.text == "Infinity" else float("nan")
                return -v if neg else v
            raise ValueError("no parse")
        self.i += 1
        if shape == "B" and t.kind == "conid" and t.text in ("True", "False"):
            return t.text == "True"
        if shape == "C" and t.kind == "char":
            return t.value
        if shape == "S" and t.kind == "string":
            return (t.value,)
        raise ValueError("no parse")

    def tree(self, t: tuple, prec: int) -> object:
        """A value at a tree shape: a list, a tuple or a constructor of a named type; any
        of them in parentheses (which reset the precedence, as GHC's ``parens``)."""
        at = self.i
        if t[0] == "T":
            try:
                return self.tuple_(t[1])
            except ValueError:
                self.i = at
        elif t[0] == "R":
            alts = self.defs[t[1]]
            self.alts += len(alts)
            for alt in alts:  # infix constructors first: their left operand may be in ()
                if alt[1] == "i":
                    try:
                        return self.con(alt, prec)
                    except ValueError:
                        self.i = at
        if self.take("special", "("):
            try:
                v = self.value(t, 0)
                if self.take("special", ")"):
                    return v
            except ValueError:
                pass
            self.i = at
        if t[0] == "L":
            return self.list_(t[1])
        if t[0] == "R":
            for alt in self.defs[t[1]]:
                if alt[1] != "i":
                    try:
                        return self.con(alt, prec)
                    except ValueError:
                        self.i = at
        raise ValueError("no parse")

    def tuple_(self, items: tuple) -> tuple:
        if not self.take("special", "("):
            raise ValueError("no parse")
        out = []
        for k, item in enumerate(items):
            if k and not self.take("special", ","):
                raise ValueError("no parse")
            out.append(self.value(item, 0))
        if not self.take("special", ")"):
            raise ValueError("no parse")
        return ("(" + "," * (len(items) - 1) + ")", out)

    def con(self, alt: tuple, prec: int) -> tuple:
        """One constructor as derived Read reads it: a prefix one's fields at precedence 11
        (the application at 10), a record's in braces at 11 (each field's value reset to
        0), an infix one's operands at its precedence plus one. (base's readNumber takes a
        minus at any precedence: GHC reads ``P -3 2.5``.)"""
        name, kind, fields, trees, fixity = alt
        if kind == "i":
            if prec > fixity[0]:
                raise ValueError("no parse")
            left = self.value(trees[0], fixity[0] + 1)
            if not self.take("consym", name):
                raise ValueError("no parse")
            return (name, [left, self.value(trees[1], fixity[0] + 1)])
        if prec > (11 if kind == "r" else 10) and trees or not self.take_con(name):
            raise ValueError("no parse")
        if kind == "p":
            return (name, [self.value(x, 11) for x in trees])
        out = []
        if not self.take("special", "{"):
            raise ValueError("no parse")
        for k, (f, x) in enumerate(zip(fields, trees)):
            if k and not self.take("special", ","):
                raise ValueError("no parse")
            if not (self.take("varid", f) or self.take("special", "(") and
                    self.take("varsym", f) and self.take("special", ")")) or \
                    not self.take("reservedop", "="):
                raise ValueError("no parse")
            out.append(self.value(x, 0))
        if not self.take("special", "}"):
            raise ValueError("no parse")
        return (name, out)

    def take_con(self, name: str) -> bool:
        """A constructor's name: an identifier, or an operator one in parentheses."""
        if name[0] != ":":
            return self.take("conid", name)
        at = self.i
        if self.take("special", "(") and self.take("consym", name) and \
                self.take("special", ")"):
            return True
        self.i = at
        return False

    def list_(self, inner: object) -> list:
        if not self.take("special", "["):
            raise ValueError("no parse")
        out: list = []
        if self.take("special", "]"):
            return out
        while True:
            out.append(self.value(inner))
            if self.take("special", "]"):
                return out
            if not self.take("special", ","):
                raise ValueError("no parse")
