"""Standard ML lexer for the profkit subset: tokens with 1-based line and column."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from profkit.errors import SourceError

RESERVED = {
    "abstype", "and", "andalso", "as", "case", "datatype", "do", "else", "end", "exception",
    "fn", "fun", "handle", "if", "in", "infix", "infixr", "let", "local", "nonfix", "of",
    "op", "open", "orelse", "raise", "rec", "then", "type", "val", "with", "withtype",
    "while", "struct", "structure", "sig", "signature",
}
# reserved symbolic words (an identifier made of symbol characters that is one of these is a
# keyword, not an operator)
RESERVED_SYMBOLS = {"=>", "->", "|", ":", "=", "#"}
SYMBOL_CHARS = set("!%&$#+-/:<=>?@\\~`^|*")
PUNCT = set("()[]{},;_")
_SPACE = re.compile(r"[ \t\r\n\f]+")
_COMMENT_MARK = re.compile(r"\(\*|\*\)")
INT_MIN, INT_MAX = -(1 << 29), (1 << 29) - 1
WORD_MAX = (1 << 30) - 1


class BigLit(int):
    """An integer literal outside MLWorks's 30-bit int, with its source text: an
    ``IntInf.int`` constant, or the type checker's one-line error
    (``typecheck.int_range_error``) when its type is ``int``."""

    def __new__(cls, value: int, text: str) -> "BigLit":
        obj = super().__new__(cls, value)
        obj.text = text
        return obj

    def __reduce__(self):
        return (BigLit, (int(self), self.text))


@dataclass(slots=True)
class Token:
    """``kind``: ``id`` (alphanumeric or symbolic identifier, possibly qualified ``A.b``),
    ``tyvar``, ``int``, ``real``, ``string``, ``char``, ``sel`` (``#lab``), ``kw``
    (reserved word or punctuation, text in ``value``), ``eof``."""

    kind: str
    value: object
    line: int
    col: int

    def is_kw(self, text: str) -> bool:
        return self.kind == "kw" and self.value == text


class Lexer:
    def __init__(self, source: str, filename: str):
        self.src = source
        self.file = filename
        self.pos = 0
        self.line = 1
        self.line_start = 0

    def error(self, msg: str, line: int | None = None, col: int | None = None) -> SourceError:
        if line is None:
            line, col = self.line, self.pos - self.line_start + 1
        return SourceError(f"syntax error: {msg}", self.file, line, col or 0)

    def _advance(self, n: int = 1) -> None:
        # count the newlines of the span at once (the lexer runs over basis.sml every time)
        end = min(self.pos + n, len(self.src))
        k = self.src.count("\n", self.pos, end)
        if k:
            self.line += k
            self.line_start = self.src.rindex("\n", self.pos, end) + 1
        self.pos += n

    def _skip_space(self) -> None:
        src = self.src
        while self.pos < len(src):
            m = _SPACE.match(src, self.pos)
            if m is not None:
                self._advance(m.end() - self.pos)
            elif src.startswith("(*", self.pos):
                line, col = self.line, self.pos - self.line_start + 1
                depth = 0
                while True:
                    m = _COMMENT_MARK.search(src, self.pos)
                    if m is None:
                        raise self.error("unterminated comment", line, col)
                    self._advance(m.end() - self.pos)
                    depth += 1 if m.group() == "(*" else -1
                    if depth == 0:
                        break
            else:
                return

    def tokens(self) -> list[Token]:
        out: list[Token] = []
        while True:
            self._skip_space()
            line, col = self.line, self.pos - self.line_start + 1
            if self.pos >= len(self.src):
                out.append(Token("eof", None, line, col))
                return out
            kind, value = self._token()
            out.append(Token(kind, value, line, col))

    def _token(self) -> tuple[str, object]:
        src, p = self.src, self.pos
        c = src[p]
        if c == '"':
            return "string", self._string()
        if c == "#" and src.startswith('#"', p):
            self._advance()
            s = self._string()
            if len(s) != 1:
                raise self.error("character constant must have length 1")
            return "char", s[0]
        if c == "#" and p + 1 < len(src) and (src[p + 1].isalnum()):
            q = p + 1
            while q < len(src) and (src[q].isalnum() or src[q] in "_'"):
                q += 1
            lab = src[p + 1:q]
            if lab[0] == "0":
                raise self.error("bad record label")
            self._advance(q - p)
            return "sel", lab
        if c.isdigit() or (c == "~" and p + 1 < len(src) and src[p + 1].isdigit()):
            return self._number()
        if c in "()[]{},;":
            self._advance()
            return "kw", c
        if src.startswith("...", p):
            self._advance(3)
            return "kw", "..."
        if c == "'":
            q = p + 1
            while q < len(src) and (src[q].isalnum() or src[q] in "_'"):
                q += 1
            self._advance(q - p)
            return "tyvar", src[p:q]
        if c.isalpha():
            return self._alnum_id()
        if c == "_":
            self._advance()
            return "kw", "_"
        if c in SYMBOL_CHARS:
            q = p
            while q < len(src) and src[q] in SYMBOL_CHARS:
                q += 1
            text = src[p:q]
            self._advance(q - p)
            if text in RESERVED_SYMBOLS:
                return "kw", text
            return "id", text
        raise self.error(f"unexpected character {c!r}")

    def _alnum_id(self) -> tuple[str, object]:
        src = self.src
        q = self.pos
        parts = []
        while True:
            s = q
            while q < len(src) and (src[q].isalnum() or src[q] in "_'"):
                q += 1
            parts.append(src[s:q])
            # a qualified name: Structure.name or Structure.+ (symbolic last component)
            if q + 1 < len(src) and src[q] == "." and (src[q + 1].isalpha()):
                q += 1
                continue
            if q + 1 < len(src) and src[q] == "." and src[q + 1] in SYMBOL_CHARS:
                r = q + 1
                while r < len(src) and src[r] in SYMBOL_CHARS:
                    r += 1
                parts.append(src[q + 1:r])
                q = r
            break
        text = ".".join(parts)
        self._advance(q - self.pos)
        if len(parts) == 1 and text in RESERVED:
            return "kw", text
        return "id", text

    def _number(self) -> tuple[str, object]:
        src = self.src
        p = q = self.pos
        neg = src[q] == "~"
        if neg:
            q += 1
        line, col = self.line, self.pos - self.line_start + 1
        hexd = "0123456789abcdefABCDEF"
        if src.startswith("0x", q) and q + 2 < len(src) and src[q + 2] in hexd:
            r = q + 2
            while r < len(src) and src[r] in hexd:
                r += 1
            value = int(src[q + 2:r], 16)
            self._advance(r - p)
            return "int", self._int_in_range(-value if neg else value, src[p:r], line, col)
        if src.startswith("0w", q) and not neg:
            is_hex = src.startswith("0wx", q)
            digits = hexd if is_hex else "0123456789"
            s = q + (3 if is_hex else 2)
            r = s
            while r < len(src) and src[r] in digits:
                r += 1
            if r > s:
                value = int(src[s:r], 16 if is_hex else 10)
                self._advance(r - p)
                if value > WORD_MAX:
                    raise SourceError(f"constant {src[p:r]} is out of range for word "
                                      f"(30 bits)", self.file, line, col)
                return "word", value
        r = q
        while r < len(src) and src[r].isdigit():
            r += 1
        is_real = False
        if r + 1 < len(src) and src[r] == "." and src[r + 1].isdigit():
            is_real = True
            r += 1
            while r < len(src) and src[r].isdigit():
                r += 1
        if r < len(src) and src[r] in "eE":
            s = r + 1
            if s < len(src) and src[s] == "~":
                s += 1
            if s < len(src) and src[s].isdigit():
                is_real = True
                r = s
                while r < len(src) and src[r].isdigit():
                    r += 1
        text = src[q:r].replace("~", "-")
        self._advance(r - p)
        if is_real:
            v = float(text)
            return "real", -v if neg else v
        v = int(text)
        return "int", self._int_in_range(-v if neg else v, src[p:r], line, col)

    def _int_in_range(self, v: int, text: str, line: int, col: int) -> int:
        # MLWorks's int is 30-bit tagged: a literal outside it is kept as a BigLit, which
        # the type checker accepts only at IntInf.int (never wrapped)
        if not INT_MIN <= v <= INT_MAX:
            return BigLit(v, text)
        return v

    def _string(self) -> str:
        src = self.src
        line, col = self.line, self.pos - self.line_start + 1
        self._advance()  # opening quote
        out = []
        while True:
            if self.pos >= len(src) or src[self.pos] == "\n":
                raise self.error("unterminated string", line, col)
            c = src[self.pos]
            if c == '"':
                self._advance()
                return "".join(out)
            if c != "\\":
                out.append(c)
                self._advance()
                continue
            self._advance()
            e = src[self.pos] if self.pos < len(src) else ""
            simple = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "a": "\a", "b": "\b",
                      "v": "\v", "f": "\f", "r": "\r"}
            if e in simple:
                out.append(simple[e])
                self._advance()
            elif e.isdigit() and src[self.pos:self.pos + 3].isdigit():
                out.append(chr(int(src[self.pos:self.pos + 3])))
                self._advance(3)
            elif e == "^" and self.pos + 1 < len(src):
                out.append(chr(ord(src[self.pos + 1]) - 64))
                self._advance(2)
            elif e in " \t\n\r\f":
                # \  whitespace  \ : a gap, ignored
                while self.pos < len(src) and src[self.pos] in " \t\n\r\f":
                    self._advance()
                if self.pos >= len(src) or src[self.pos] != "\\":
                    raise self.error("bad string gap")
                self._advance()
            else:
                raise self.error(f"bad escape \\{e} in string")


@lru_cache(maxsize=4)
def _cached_tokens(source: str, filename: str) -> tuple[Token, ...]:
    return tuple(Lexer(source, filename).tokens())


def tokenize(source: str, filename: str) -> list[Token]:
    """The tokens of ``source``; the few sources lexed again and again (basis.sml, the
    builtins' types) come from a small cache (tokens are never modified)."""
    if len(source) > 200_000:
        return Lexer(source, filename).tokens()
    return list(_cached_tokens(source, filename))
