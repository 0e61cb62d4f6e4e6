"""Lexer for the Haskell subset: source text -> tokens with 1-based positions.

Columns follow GHC: 1-based, a tab advances to the next multiple of 8 plus one, and a token's
end column is inclusive (``nfib.hs:4:1-53``). Comments and pragmas other than ``SCC`` are
dropped; ``{-# SCC "name" #-}`` becomes one ``scc`` token whose value is the name.
"""

from __future__ import annotations

from dataclasses import dataclass

from profkit.errors import SourceError

RESERVED_IDS = {
    "case", "class", "data", "default", "deriving", "do", "else", "foreign", "if", "import",
    "in", "infix", "infixl", "infixr", "instance", "let", "module", "newtype", "of", "then",
    "type", "where", "_",
}
RESERVED_OPS = {"..", "::", "=", "\\", "|", "<-", "->", "@", "~", "=>"}
_UNBOXED = {"IO#": "(#,#)", "IO3#": "(#,,#)", "IO4#": "(#,,,#)"}
SYMBOL_CHARS = set("!#$%&*+./<=>?@\\^|-~:")
SPECIAL = set("(),;[]`{}")
#: GHC extensions whose programs the subset does not run: refused at their LANGUAGE pragma
REFUSED_EXTENSIONS = {
    "GADTs", "GADTSyntax", "TypeFamilies", "TypeFamilyDependencies", "DataKinds", "PolyKinds",
    "TemplateHaskell", "QuasiQuotes", "MultiParamTypeClasses", "FunctionalDependencies",
    "RankNTypes", "Rank2Types", "MagicHash", "UnboxedTuples",
    "Arrows", "ImplicitParams", "OverloadedStrings", "OverloadedLists", "RebindableSyntax",
    "TypeApplications", "DerivingVia", "DeriveGeneric", "DeriveFunctor", "DeriveFoldable",
    "DeriveTraversable", "GeneralizedNewtypeDeriving", "GeneralisedNewtypeDeriving",
    "StandaloneDeriving", "DefaultSignatures", "PatternSynonyms", "ViewPatterns",
    "RecursiveDo", "ParallelListComp", "TransformListComp", "MonadComprehensions",
    "CPP", "ForeignFunctionInterface", "NegativeLiterals", "OverloadedLabels",
    "StaticPointers", "LinearTypes", "QuantifiedConstraints", "NPlusKPatterns",
    "BlockArguments",
}

ASCII_ESCAPES = {
    "NUL": 0, "SOH": 1, "STX": 2, "ETX": 3, "EOT": 4, "ENQ": 5, "ACK": 6, "BEL": 7, "BS": 8,
    "HT": 9, "LF": 10, "VT": 11, "FF": 12, "CR": 13, "SO": 14, "SI": 15, "DLE": 16, "DC1": 17,
    "DC2": 18, "DC3": 19, "DC4": 20, "NAK": 21, "SYN": 22, "ETB": 23, "CAN": 24, "EM": 25,
    "SUB": 26, "ESC": 27, "FS": 28, "GS": 29, "RS": 30, "US": 31, "SP": 32, "DEL": 127,
}
SIMPLE_ESCAPES = {"a": 7, "b": 8, "f": 12, "n": 10, "r": 13, "t": 9, "v": 11, "\\": 92,
                  '"': 34, "'": 39}


@dataclass(slots=True)
class Token:
    """``kind`` is one of: varid conid varsym consym int float char string special reserved
    reservedop scc eof (and, from the layout stream, vlbrace vrbrace vsemi)."""

    kind: str
    text: str
    value: object
    line: int
    col: int
    end_line: int
    end_col: int
    bol: bool = False  # first token on its line (drives the layout rule)
    space_before: bool = True

    def is_(self, kind: str, text: str | None = None) -> bool:
        return self.kind == kind and (text is None or self.text == text)

    def describe(self) -> str:
        if self.kind == "eof":
            return "end of input"
        if self.kind in ("vlbrace", "vrbrace", "vsemi"):
            return "layout"
        return f"`{self.text}'"


class Lexer:
    def __init__(self, source: str, filename: str, magic_hash: bool = False):
        self.src = source
        self.file = filename
        self.magic = magic_hash  # Prelude only: identifiers may end in '#'
        self.underscores = False  # NumericUnderscores: `1_000_000'
        self.binary = False  # BinaryLiterals: `0b1010'
        self.inline: set[str] = set()  # the names of {-# INLINE f #-} pragmas
        self.i = 0
        self.line = 1
        self.col = 1

    def error(self, msg: str, line: int | None = None, col: int | None = None) -> SourceError:
        return SourceError(msg, self.file, line or self.line, col or self.col)

    # -- position bookkeeping ------------------------------------------------------------
    def advance(self, n: int = 1) -> None:
        for _ in range(n):
            ch = self.src[self.i]
            self.i += 1
            if ch == "\n":
                self.line += 1
                self.col = 1
            elif ch == "\t":
                self.col = ((self.col - 1) // 8 + 1) * 8 + 1
            else:
                self.col += 1

    def peekc(self, k: int = 0) -> str:
        j = self.i + k
        return self.src[j] if j < len(self.src) else ""

    # -- main loop -----------------------------------------------------------------------
    def tokens(self) -> list[Token]:
        out: list[Token] = []
        last_line = 0
        spaced = True
        while True:
            spaced = self.skip_space_and_comments() or spaced
            if self.i >= len(self.src):
                # (its value: the names of INLINE pragmas, which get no automatic note)
                out.append(Token("eof", "", frozenset(self.inline), self.line, self.col,
                                 self.line, self.col, True))
                return out
            tok = self.next_token()
            if tok is None:
                continue  # an ignored pragma
            tok.bol = tok.line != last_line
            tok.space_before = spaced
            spaced = False
            last_line = tok.end_line
            out.append(tok)

    def skip_space_and_comments(self) -> bool:
        skipped = False
        while self.i < len(self.src):
            c = self.peekc()
            if c in " \t\r\n\f\v":
                self.advance()
                skipped = True
            elif c == "-" and self.peekc(1) == "-":
                j = self.i
                while j < len(self.src) and self.src[j] == "-":
                    j += 1
                if j < len(self.src) and self.src[j] in SYMBOL_CHARS:
                    return skipped  # an operator such as -->
                while self.i < len(self.src) and self.peekc() != "\n":
                    self.advance()
                skipped = True
            elif c == "{" and self.peekc(1) == "-" and self.peekc(2) != "#":
                self.skip_block_comment()
                skipped = True
            else:
                return skipped
        return skipped

    def skip_block_comment(self) -> None:
        line, col = self.line, self.col
        depth = 0
        while self.i < len(self.src):
            if self.src.startswith("{-", self.i):
                depth += 1
                self.advance(2)
            elif self.src.startswith("-}", self.i):
                depth -= 1
                self.advance(2)
                if depth == 0:
                    return
            else:
                self.advance()
        raise self.error("unterminated `{-'", line, col)

    def make(self, kind: str, text: str, value: object, line: int, col: int) -> Token:
        # end position: the last character consumed
        end_line, end_col = self.line, self.col - 1
        if end_col < 1:  # token ended with a newline (cannot happen for our tokens)
            end_col = 1
        return Token(kind, text, value, line, col, end_line, end_col)

    def next_token(self) -> Token | None:
        line, col, start = self.line, self.col, self.i
        c = self.peekc()
        if c == "{" and self.src.startswith("{-#", self.i):
            return self.pragma()
        if c.isalpha() or c == "_":
            return self.identifier()
        if c.isdigit():
            return self.number()
        if c == "'":
            return self.char_lit()
        if c == '"':
            return self.string_lit()
        if c in SPECIAL:
            self.advance()
            return self.make("special", c, c, line, col)
        if c in SYMBOL_CHARS:
            while self.peekc() and self.peekc() in SYMBOL_CHARS:
                self.advance()
            text = self.src[start:self.i]
            if text in RESERVED_OPS:
                return self.make("reservedop", text, text, line, col)
            kind = "consym" if text[0] == ":" else "varsym"
            return self.make(kind, text, text, line, col)
        raise self.error(f"lexical error at character {c!r}")

    def pragma(self) -> Token | None:
        line, col, start = self.line, self.col, self.i
        end = self.src.find("#-}", self.i)
        if end < 0:
            raise self.error("unterminated pragma `{-#'")
        body = self.src[self.i + 3:end].strip()
        self.advance(end + 3 - self.i)
        words = body.split(None, 1)
        if words and words[0] == "LANGUAGE" and len(words) > 1:
            self.language(words[1], line, col)
        if words and words[0] == "INLINE" and len(words) > 1:  # (not INLINABLE, NOINLINE)
            self.inline.add(words[1].split()[-1].strip("()"))
        if not words or words[0].upper() != "SCC":
            return None  # LANGUAGE, INLINE, OPTIONS_GHC ...: accepted and ignored
        if len(words) < 2:
            raise self.error("SCC pragma needs a cost-centre name", line, col)
        name = words[1].strip()
        if name.startswith('"') and name.endswith('"') and len(name) >= 2:
            name = name[1:-1]
            if any(ch.isspace() for ch in name):
                # GHC's own words, at the string: its reports are read as words
                q = self.src.index('"', start)
                before = self.src[start:q]
                at_line = line + before.count("\n")
                at_col = (col + len(before) if "\n" not in before
                          else len(before) - before.rindex("\n"))
                raise self.error("Spaces are not allowed in SCCs", at_line, at_col)
        elif not all(ch.isalnum() or ch in "_'." for ch in name):
            raise self.error(f"bad cost-centre name in SCC pragma: {name}", line, col)
        return self.make("scc", "{-# SCC #-}", name, line, col)

    def language(self, names: str, line: int, col: int) -> None:
        """A LANGUAGE pragma's extensions: NumericUnderscores turns underscores in numbers
        on; those whose programs the subset cannot run are refused here, at the pragma."""
        for ext in (n.strip() for n in names.split(",")):
            if ext == "NumericUnderscores":
                self.underscores = True
            elif ext == "BinaryLiterals":
                self.binary = True
            elif ext in REFUSED_EXTENSIONS:
                raise self.error(f"the extension {ext} is not supported by the Haskell subset "
                                 "(see SUBSET.md)", line, col)

    def identifier(self) -> Token:
        line, col, start = self.line, self.col, self.i
        qual_start = start
        while True:
            # a qualified name M.x / M.Con / M.+ : drop the qualifier (imports are ignored)
            while self.peekc().isalnum() or _in(self.peekc(), "_'"):
                self.advance()
            if self.magic and self.peekc() == "#":
                self.advance()
            word = self.src[start:self.i]
            nxt = self.peekc(1)
            if word[0].isupper() and self.peekc() == "." and (nxt.isalpha() or nxt == "_"):
                self.advance()
                start = self.i
                continue
            if word[0].isupper() and self.peekc() == "." and nxt and nxt in SYMBOL_CHARS:
                self.advance()
                sym_start = self.i
                while self.peekc() and self.peekc() in SYMBOL_CHARS:
                    self.advance()
                text = self.src[sym_start:self.i]
                kind = "consym" if text[0] == ":" else "varsym"
                # value: the qualified name (modules.resolve reads the qualifier)
                return self.make(kind, text, self.src[qual_start:self.i], line, col)
            break
        if self.magic and word in _UNBOXED:
            # the Prelude's names for the unboxed pair an IO action returns, a triple, a
            # quadruple
            return self.make("conid", _UNBOXED[word], _UNBOXED[word], line, col)
        if word in RESERVED_IDS:
            return self.make("reserved", word, word, line, col)
        kind = "conid" if word[0].isupper() else "varid"
        # text is the name without qualifier; value keeps the qualified name (for imports)
        return self.make(kind, word, self.src[qual_start:self.i], line, col)

    def number(self) -> Token:
        line, col, start = self.line, self.col, self.i
        if self.peekc() == "0" and self.peekc(1) in ("x", "X") and self.digits_at(2, _ishex):
            self.advance(2)
            self.digits(_ishex, leading=True)
            text = self.src[start:self.i]
            return self.make("int", text, int(text[2:].replace("_", ""), 16), line, col)
        if self.binary and self.peekc() == "0" and self.peekc(1) in ("b", "B") and \
                self.digits_at(2, lambda c: _in(c, "01")):
            self.advance(2)
            self.digits(lambda c: _in(c, "01"), leading=True)
            text = self.src[start:self.i]
            return self.make("int", text, int(text[2:].replace("_", ""), 2), line, col)
        if self.peekc() == "0" and self.peekc(1) in ("o", "O") and \
                self.digits_at(2, lambda c: _in(c, "01234567")):
            self.advance(2)
            self.digits(lambda c: _in(c, "01234567"), leading=True)
            text = self.src[start:self.i]
            return self.make("int", text, int(text[2:].replace("_", ""), 8), line, col)
        self.digits(str.isdigit)
        is_float = False
        if self.peekc() == "." and self.peekc(1).isdigit():
            is_float = True
            self.advance()
            self.digits(str.isdigit)
        if self.peekc() in ("e", "E"):
            k = 1
            if self.peekc(1) in ("+", "-"):
                k = 2
            if self.peekc(k).isdigit():
                is_float = True
                self.advance(k)
                self.digits(str.isdigit)
        text = self.src[start:self.i]
        digits = text.replace("_", "")
        if is_float:
            return self.make("float", text, float(digits), line, col)
        return self.make("int", text, int(digits), line, col)

    def digits_at(self, k: int, ok) -> bool:
        """Does a digit ``ok`` accepts start ``k`` characters on (after underscores, with
        NumericUnderscores: ``0x_ff``)?"""
        while self.underscores and self.peekc(k) == "_":
            k += 1
        return ok(self.peekc(k))

    def digits(self, ok, leading: bool = False) -> None:
        """Skip the digits ``ok`` accepts; with NumericUnderscores, underscores between
        them too (``1_000_000``, ``1__000``; ``leading``: before the first, ``0x_ff``)."""
        if leading:
            while self.underscores and self.peekc() == "_":
                self.advance()
        while True:
            if ok(self.peekc()):
                self.advance()
                continue
            k = 0
            while self.underscores and self.peekc(k) == "_":
                k += 1
            if k and ok(self.peekc(k)):
                self.advance(k)
                continue
            return

    def escape(self) -> str | None:
        """After a backslash: returns the character, or None for the empty escape ``\\&``."""
        c = self.peekc()
        if c == "":
            raise self.error("unterminated escape")
        if c in SIMPLE_ESCAPES:
            self.advance()
            return chr(SIMPLE_ESCAPES[c])
        if c == "&":
            self.advance()
            return None
        if c == "^" and self.peekc(1) and "@" <= self.peekc(1) <= "_":
            ch = self.peekc(1)
            self.advance(2)
            return chr(ord(ch) - 64)
        if c.isdigit():
            j = self.i
            while self.peekc().isdigit():
                self.advance()
            return self._code(int(self.src[j:self.i]))
        if c == "x" and _ishex(self.peekc(1)):
            self.advance()
            j = self.i
            while _ishex(self.peekc()):
                self.advance()
            return self._code(int(self.src[j:self.i], 16))
        if c == "o" and _in(self.peekc(1), "01234567"):
            self.advance()
            j = self.i
            while _in(self.peekc(), "01234567"):
                self.advance()
            return self._code(int(self.src[j:self.i], 8))
        # longest ASCII name first (SOH before SO)
        for name in sorted(ASCII_ESCAPES, key=len, reverse=True):
            if self.src.startswith(name, self.i):
                self.advance(len(name))
                return chr(ASCII_ESCAPES[name])
        raise self.error(f"lexical error in string/character literal at character {c!r}")

    def _code(self, n: int) -> str:
        if n > 0x10FFFF:
            raise self.error("numeric escape sequence out of range")
        return chr(n)

    def char_lit(self) -> Token:
        line, col = self.line, self.col
        self.advance()
        c = self.peekc()
        if c == "\\":
            self.advance()
            ch = self.escape()
            if ch is None:
                raise self.error("lexical error in character literal", line, col)
        elif c in ("", "\n", "'"):
            raise self.error("lexical error in character literal", line, col)
        else:
            ch = c
            self.advance()
        if self.peekc() != "'":
            raise self.error("lexical error in character literal: missing closing `''", line, col)
        self.advance()
        return self.make("char", repr(ch), ch, line, col)

    def string_lit(self) -> Token:
        line, col = self.line, self.col
        self.advance()
        chars: list[str] = []
        while True:
            c = self.peekc()
            if c == "" or c == "\n":
                raise self.error("lexical error in string/character literal: unterminated "
                                 "string", line, col)
            if c == '"':
                self.advance()
                break
            if c == "\\":
                self.advance()
                if _in(self.peekc(), " \t\n\r"):  # a string gap
                    while _in(self.peekc(), " \t\n\r"):
                        self.advance()
                    if self.peekc() != "\\":
                        raise self.error("lexical error in string gap")
                    self.advance()
                    continue
                ch = self.escape()
                if ch is not None:
                    chars.append(ch)
                continue
            chars.append(c)
            self.advance()
        s = "".join(chars)
        return self.make("string", '"' + s + '"', s, line, col)


def _in(c: str, chars: str) -> bool:
    """``c in chars`` for one character; "" (end of input) is in nothing."""
    return c != "" and c in chars


def _ishex(c: str) -> bool:
    return c != "" and c in "0123456789abcdefABCDEF"


def tokenize(source: str, filename: str = "<input>", magic_hash: bool = False) -> list[Token]:
    """All tokens of ``source``, ending with an ``eof`` token."""
    return Lexer(source, filename, magic_hash).tokens()
