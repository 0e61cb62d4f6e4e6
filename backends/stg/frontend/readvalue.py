"""Parsing ``read``'s text as GHC's Read instances do, for the shapes the front end asks for
(``directed._read_directed``): ``I`` (Int/Integer), ``D`` (Double), ``B`` (Bool), ``C``
(Char), ``S`` (String) and ``[x]`` (a list of shape x).

The text is Haskell's lexical syntax (the lexer reads it: escapes in characters and
strings, ``0x``/``0o`` integers, exponents), with whitespace and parentheses around any
value, and a leading ``-`` on numbers (``read "(-3)"``). Anything else, or anything left
over, raises ``ValueError("no parse")`` (GHC's ``Prelude.read: no parse``).

What flows out: Python values (int, float, bool, a one-character str for a Char, a 1-tuple
(text,) for a String, a list for a list), which the machine's ``read#`` (``prims._build``)
turns into heap objects; ``StgBackend`` gives the machine this function (the machine does
not import the front end).
"""

from __future__ import annotations

from profkit.errors import SourceError

from .lexer import tokenize


def read_value(shape: str, text: str, prefix: bool = False) -> object:
    """The value ``text`` reads as at ``shape``; with ``prefix`` (``reads``), how many
    characters of ``text`` the value at its start takes, or -1 where none parses."""
    if prefix:
        return _prefix_length(shape, text)
    try:
        toks = [t for t in tokenize(text, "<read>") if t.kind != "eof"]
    except SourceError:
        raise ValueError("no parse") from None
    p = _Reader(toks)
    v = p.value(shape)
    if p.i != len(toks):
        raise ValueError("no parse")
    return v


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
        p.value(shape)
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


class _Reader:
    def __init__(self, toks: list) -> None:
        self.toks = toks
        self.i = 0

    def peek(self) -> object:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, kind: str, text: str | None = None) -> bool:
        t = self.peek()
        if t is not None and t.kind == kind and (text is None or t.text == text):
            self.i += 1
            return True
        return False

    def value(self, shape: str) -> object:
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

    def list_(self, inner: str) -> list:
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
