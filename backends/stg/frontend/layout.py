"""The layout rule (Haskell 2010 report, section 10.3) as a token stream the parser pulls from.

Virtual braces and semicolons are produced on demand from a stack of layout contexts, so the
parser can apply the ``parse-error(t)`` side condition: when it meets a token that cannot
continue an implicit block (``in``, ``)``, ``,``, ``then`` ...), it calls ``close_implicit``
and the block ends there, as in ``let x = 1 in x`` on one line.
"""

from __future__ import annotations

from dataclasses import dataclass

from .lexer import Token
from profkit.errors import SourceError

LAYOUT_KEYWORDS = {"let", "where", "do", "of"}


@dataclass(slots=True)
class StreamState:
    i: int
    stack: tuple[int, ...]
    bol_done: bool
    pending_open: bool
    forced_bol: bool
    last: Token | None


class LayoutStream:
    def __init__(self, tokens: list[Token], filename: str, module_block: bool = True):
        self.toks = tokens
        self.file = filename
        self.i = 0
        self.stack: list[int] = []  # 0 = explicit braces, n > 0 = implicit block at column n
        self.bol_done = False
        # the module body opens an implicit block unless it starts with `module` or `{`
        first = tokens[0]
        self.pending_open = module_block and not (
            first.is_("reserved", "module") or first.is_("special", "{"))
        self.forced_bol = False  # Haskell 2010's <n> after an empty implicit block
        self.last: Token | None = None  # last real token consumed (for spans)

    # -- state for backtracking ------------------------------------------------------------
    def save(self) -> StreamState:
        return StreamState(self.i, tuple(self.stack), self.bol_done, self.pending_open,
                           self.forced_bol, self.last)

    def restore(self, s: StreamState) -> None:
        self.i, self.stack = s.i, list(s.stack)
        self.bol_done, self.pending_open = s.bol_done, s.pending_open
        self.forced_bol, self.last = s.forced_bol, s.last

    # -- the layout algorithm ----------------------------------------------------------------
    def _virtual(self, kind: str, t: Token) -> Token:
        text = {"vlbrace": "{", "vrbrace": "}", "vsemi": ";"}[kind]
        return Token(kind, text, None, t.line, t.col, t.line, t.col)

    def peek(self) -> Token:
        t = self.toks[self.i]
        if self.pending_open:
            if t.is_("special", "{"):
                return t
            return self._virtual("vlbrace", t)
        if t.kind == "eof":
            if self.stack and self.stack[-1] > 0:
                return self._virtual("vrbrace", t)
            return t
        if (t.bol or self.forced_bol) and not self.bol_done and self.stack:
            m = self.stack[-1]
            if m > 0 and t.col < m:
                return self._virtual("vrbrace", t)
            if m > 0 and t.col == m:
                return self._virtual("vsemi", t)
        return t

    def next(self) -> Token:
        t = self.peek()
        raw = self.toks[self.i]
        if t.kind == "vlbrace":
            self.pending_open = False
            n = raw.col if raw.kind != "eof" else 0
            enclosing = self.stack[-1] if self.stack else 0
            if n > enclosing or (not self.stack and n > 0):
                self.stack.append(n)
                self.bol_done = True  # the first token of the block gets no `;`
            else:
                # an empty block: `{` `}` and the next token is compared with the outer context
                self.forced_bol = True
                self.bol_done = False
                return Token("vlbrace_empty", "{", None, raw.line, raw.col, raw.line, raw.col)
            return t
        if t.kind == "vrbrace":
            self.stack.pop()
            return t
        if t.kind == "vsemi":
            self.bol_done = True
            return t
        if t.kind == "eof":
            return t
        # a real token
        self.i += 1
        self.bol_done = False
        self.forced_bol = False
        prev, self.last = self.last, t
        if t.kind == "reserved" and (t.text in LAYOUT_KEYWORDS or t.text == "case" and (
                prev is not None and prev.is_("reservedop", "\\"))):  # LambdaCase
            self.pending_open = True
        elif t.is_("special", "{"):
            if self.pending_open:
                self.pending_open = False
            self.stack.append(0)
        elif t.is_("special", "}"):
            if not self.stack or self.stack[-1] != 0:
                raise SourceError("parse error on input `}'", self.file, t.line, t.col)
            self.stack.pop()
        return t

    def close_implicit(self) -> bool:
        """parse-error(t): end the innermost implicit block before the current token."""
        if self.stack and self.stack[-1] > 0:
            self.stack.pop()
            return True
        return False

    def in_implicit(self) -> bool:
        return bool(self.stack) and self.stack[-1] > 0
