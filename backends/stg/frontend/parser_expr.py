"""Expressions, statements, alternatives and patterns for the parser (a mixin of
``parser.Parser``, split off for size)."""

from __future__ import annotations

from typing import Callable

from . import syntax as S
from .lexer import Token
from profkit.errors import SourceError

#: expressions nested deeper than this are refused with their position
MAX_NESTING = 1000

# tokens that can start an atomic expression
_ATOM_START_KINDS = {"varid", "conid", "int", "float", "char", "string"}


class ExprParser:
    """Needs the token helpers of ``parser.Parser`` (peek, next, expect, block ...)."""

    # -- expressions -------------------------------------------------------------------------
    def expr(self) -> S.Expr:
        # Nesting is refused here, at a position, rather than as a recursion error of a
        # later pass (or a quadratic one): no real program nests 1000 expressions deep.
        depth = self.__dict__.get("_depth", 0) + 1
        if depth > MAX_NESTING:
            t = self.peek()
            raise SourceError(f"expression nested too deeply (more than {MAX_NESTING} "
                              "levels)", self.file, t.line, t.col)
        self._depth = depth
        try:
            return self._expr()
        finally:
            self._depth = depth - 1

    def _expr(self) -> S.Expr:
        st = self.start()
        e = self.infix_expr()
        if self.at("reservedop", "::"):
            self.next()
            return S.ETyped(e, self.span_from(st), self.type_text())
        return e

    def type_text(self, parse: Callable[[], object] | None = None, sep: str = "") -> str:
        """Parse a type (with ``parse``, else ``type_``); return its tokens' text joined by
        ``sep`` (a hint for desugaring; a data field's type for derived Show, spaced)."""
        start = self.ts.i
        (parse or self.type_)()
        return sep.join(t.text for t in self.ts.toks[start:self.ts.i])

    def is_op_token(self, t: Token) -> bool:
        return t.kind in ("varsym", "consym") or t.is_("special", "`")

    def op_ref(self) -> S.OpRef:
        t = self.peek()
        name = self.op_name()
        is_con = name[0] == ":" or name[0].isupper()
        return S.OpRef(name, is_con, self.span_from((t.line, t.col)))

    def infix_expr(self, section: bool = False):
        """Operands and operators. With ``section``, a trailing operator before ``)`` is
        returned as ``(expr, op)`` (a left section)."""
        st = self.start()
        items: list = []
        while True:
            if self.at("varsym", "-"):
                t = self.next()
                items.append(S.NegMark(_tok_span(t)))
                continue
            items.append(self.exp10())
            t = self.peek()
            if self.is_op_token(t):
                op = self.op_ref()
                if section and self.at_special(")"):
                    e = items[0] if len(items) == 1 else S.EOpSeq(items, self.span_of(items))
                    return (e, op)
                items.append(op)
                continue
            break
        if len(items) == 1:
            return items[0]
        return S.EOpSeq(items, self.span_from(st))

    def span_of(self, items: list) -> S.Span:
        return S.join(items[0].span, items[-1].span)

    def exp10(self) -> S.Expr:
        st = self.start()
        t = self.peek()
        if t.is_("reservedop", "\\"):
            self.next()
            if self.at("reserved", "case"):  # LambdaCase
                return self.lambda_case(st)
            pats = [self.apat()]
            while self.apat_start():
                pats.append(self.apat())
            self.expect("reservedop", "->")
            body = self.expr()
            return S.ELam(pats, body, self.span_from(st))
        if t.is_("reserved", "let"):
            self.next()
            decls = self.decls_block()
            self.expect("reserved", "in")
            body = self.expr()
            return S.ELet(decls, body, self.span_from(st))
        if t.is_("reserved", "if"):
            self.next()
            if self.at("reservedop", "|"):  # MultiWayIf
                return self.multi_way_if(st)
            c = self.expr()
            self.optional_semi()
            self.expect("reserved", "then")
            a = self.expr()
            self.optional_semi()
            self.expect("reserved", "else")
            b = self.expr()
            return S.EIf(c, a, b, self.span_from(st))
        if t.is_("reserved", "case"):
            self.next()
            scrut = self.expr()
            self.expect("reserved", "of")
            alts = self.block(self.alt, self.can_start_pat)
            return S.ECase(scrut, alts, self.span_from(st))
        if t.is_("reserved", "do"):
            self.next()
            stmts = self.block(self.stmt, self.can_start_stmt)
            if not stmts:
                raise SourceError("empty 'do' block", self.file, t.line, t.col)
            return S.EDo(stmts, self.span_from(st))
        if t.kind == "scc":
            self.next()
            e = self.expr()
            return S.ESCC(str(t.value), e, e.span)
        return self.fexp()

    def optional_semi(self) -> None:
        if self.at_semi():
            save = self.ts.save()
            self.next()
            if not (self.at("reserved", "then") or self.at("reserved", "else")):
                self.ts.restore(save)

    def fexp(self) -> S.Expr:
        st = self.start()
        f = self.aexp()
        args = []
        while self.aexp_start():
            args.append(self.aexp())
        if not args:
            return f
        if isinstance(f, S.ELam) and f.span == S.NOSPAN:  # `(, x) e' (parser_ext.py)
            tup = self.applied_section(f, args, self.span_from(st))
            if tup is not None:
                return tup
        return S.EApp(f, args, self.span_from(st))

    def aexp_start(self) -> bool:
        t = self.peek()
        return t.kind in _ATOM_START_KINDS or (t.kind == "special" and t.text in "([")

    def aexp(self) -> S.Expr:
        st = self.start()
        e = self.aexp1()
        while self.at_special("{"):  # record update binds tighter than application
            e = S.ERecord(None, e, self.field_binds(self.expr), self.span_from(st))
        return e

    def field_binds(self, item) -> list[tuple[str, object, S.Span]]:
        """``{ f1 = x, f2 = y }`` (also ``{}``): fields with their values (``item`` parses
        one: an expression or a pattern) and spans."""
        self.expect("special", "{")
        self.has_records = True
        out: list[tuple[str, object, S.Span]] = []
        while not self.at_special("}"):
            if self.at("reservedop", ".."):  # RecordWildCards: the fields not named
                t = self.next()
                out.append(("..", None, _tok_span(t)))
                break
            t = self.expect("varid", what="a field name")
            if self.at_special(",") or self.at_special("}"):  # NamedFieldPuns: f = f
                sp = _tok_span(t)
                pun = S.EVar(t.text, sp) if item == self.expr else S.PVar(t.text, sp)
                out.append((t.text, pun, sp))
            else:
                self.expect("reservedop", "=", "`=' after the field name")
                out.append((t.text, item(), _tok_span(t)))
            if not self.at_special(","):
                break
            self.next()
        self.expect("special", "}", "`}' or `,'")
        return out

    def aexp1(self) -> S.Expr:
        st = self.start()
        t = self.next()
        sp = _tok_span(t)
        if t.kind == "varid":
            return S.EVar(t.text, sp)
        if t.kind == "conid":
            if self.at_special("{"):  # record construction
                return S.ERecord(t.text, None, self.field_binds(self.expr), self.span_from(st))
            return S.ECon(t.text, sp)
        if t.kind == "int":
            return S.ELit(t.value, "Int", sp)
        if t.kind == "float":
            return S.ELit(t.value, "Double", sp)
        if t.kind == "char":
            return S.ELit(t.value, "Char", sp)
        if t.kind == "string":
            return S.ELit(t.value, "String", sp)
        if t.is_("special", "("):
            return self.paren_expr(st)
        if t.is_("special", "["):
            return self.bracket_expr(st)
        raise self.error(t, "an expression")

    def paren_expr(self, st) -> S.Expr:
        t = self.peek()
        if t.is_("special", ")"):
            self.next()
            return S.ECon("()", self.span_from(st))
        if t.is_("special", ","):
            return self.tuple_section(st, [None])
        if self.is_op_token(t) and not t.is_("varsym", "-"):
            op = self.op_ref()
            if self.at_special(")"):
                self.next()
                sp = self.span_from(st)
                return S.ECon(op.name, sp) if op.is_con else S.EVar(op.name, sp)
            e = self.expr()
            self.expect("special", ")")
            return S.ERightSection(op, e, self.span_from(st))
        if t.is_("varsym", "-"):
            toks, i = self.ts.toks, self.ts.i
            if i + 1 < len(toks) and toks[i + 1].is_("special", ")"):
                self.next()
                self.next()
                return S.EVar("-", self.span_from(st))
        r = self.infix_expr(section=True)
        if isinstance(r, tuple):
            self.expect("special", ")")
            return S.ELeftSection(r[0], r[1], self.span_from(st))
        e = r
        if self.at("reservedop", "::"):
            self.next()
            e = S.ETyped(e, self.span_from(st), self.type_text())
        if self.at_special(","):
            return self.tuple_section(st, [e])
        self.expect("special", ")", "`)'")
        return S.EParen(e, self.span_from(st))

    def bracket_expr(self, st) -> S.Expr:
        if self.at_special("]"):
            self.next()
            return S.ECon("[]", self.span_from(st))
        first = self.expr()
        if self.at("reservedop", ".."):
            self.next()
            end = None if self.at_special("]") else self.expr()
            self.expect("special", "]")
            return S.EArith(first, None, end, self.span_from(st))
        if self.at("reservedop", "|"):
            self.next()
            quals = [self.qual()]
            while self.at_special(","):
                self.next()
                quals.append(self.qual())
            self.expect("special", "]", "`]' or `,'")
            return S.EComp(first, quals, self.span_from(st))
        items = [first]
        if self.at_special(","):
            self.next()
            second = self.expr()
            if self.at("reservedop", ".."):
                self.next()
                end = None if self.at_special("]") else self.expr()
                self.expect("special", "]")
                return S.EArith(first, second, end, self.span_from(st))
            items.append(second)
            while self.at_special(","):
                self.next()
                items.append(self.expr())
        self.expect("special", "]", "`]' or `,'")
        return S.EList(items, self.span_from(st))

    # -- statements, qualifiers, alternatives -------------------------------------------------
    def can_start_stmt(self, t: Token) -> bool:
        return t.kind not in ("vrbrace", "vsemi", "eof") and not (
            t.kind == "special" and t.text in "),;]}") and not (
            t.kind == "reserved" and t.text in ("in", "then", "else", "of", "where")) and not (
            t.kind == "reservedop" and t.text in ("=", "|", "->", "<-", "..", "::"))

    def stmt(self) -> S.Stmt:
        return self.qual()

    def qual(self) -> S.Stmt:
        st = self.start()
        if self.at("reserved", "let"):
            save = self.ts.save()
            self.next()
            decls = self.decls_block()
            if not self.at("reserved", "in"):
                return S.SLet(decls, self.span_from(st))
            self.ts.restore(save)
        # try `pat <- expr`
        save = self.ts.save()
        try:
            p = self.pattern()
            if self.at("reservedop", "<-"):
                self.next()
                e = self.expr()
                return S.SBind(p, e, self.span_from(st))
        except SourceError:
            pass
        self.ts.restore(save)
        e = self.expr()
        return S.SExpr(e, self.span_from(st))

    def can_start_pat(self, t: Token) -> bool:
        return t.kind in ("varid", "conid", "int", "float", "char", "string") or \
            (t.kind == "special" and t.text in "([") or t.is_("reserved", "_") or \
            t.is_("varsym", "-") or t.is_("varsym", "!") or t.is_("reservedop", "~")

    def alt(self) -> S.Alt:
        st = self.start()
        p = self.pattern()
        rhs = self.rhs("->")
        return S.Alt(p, rhs, self.span_from(st))

    # -- patterns -------------------------------------------------------------------------------
    def pattern(self) -> S.Pat:
        st = self.start()
        left = self.lpat()
        if self.at("consym"):
            op = self.next().text
            right = self.pattern()  # infix constructors associate to the right
            return S.PCon(op, [left, right], self.span_from(st))
        return left

    def lpat(self) -> S.Pat:
        st = self.start()
        t = self.peek()
        if t.is_("varsym", "-"):
            self.next()
            n = self.next()
            if n.kind not in ("int", "float"):
                raise self.error(n, "a number")
            return S.PLit(-n.value, "Int" if n.kind == "int" else "Double",  # type: ignore
                          self.span_from(st), negated=True)
        if t.kind == "conid":
            self.next()
            if self.at_special("{"):
                return S.PRecord(t.text, self.field_binds(self.pattern), self.span_from(st))
            args = []
            while self.apat_start():
                args.append(self.apat())
            return S.PCon(t.text, args, self.span_from(st))
        return self.apat()

    def apat_start(self) -> bool:
        t = self.peek()
        return t.kind in ("varid", "conid", "int", "float", "char", "string") or \
            (t.kind == "special" and t.text in "([") or t.is_("reserved", "_") or \
            (t.is_("varsym", "!") and t.kind == self.ts.toks[self.ts.i].kind and
             _is_bang(t, self.ts.toks[self.ts.i + 1])) or t.is_("reservedop", "~")

    def apat(self) -> S.Pat:
        st = self.start()
        t = self.next()
        sp = _tok_span(t)
        if t.kind == "varid":
            if self.at("reservedop", "@"):
                self.next()
                p = self.apat()
                return S.PAs(t.text, p, self.span_from(st))
            return S.PVar(t.text, sp)
        if t.is_("reserved", "_"):
            return S.PWild(sp)
        if t.kind == "conid":
            if self.at_special("{"):
                return S.PRecord(t.text, self.field_binds(self.pattern), self.span_from(st))
            return S.PCon(t.text, [], sp)
        if t.kind == "int":
            return S.PLit(t.value, "Int", sp)
        if t.kind == "float":
            return S.PLit(t.value, "Double", sp)
        if t.kind == "char":
            return S.PLit(t.value, "Char", sp)
        if t.kind == "string":
            return S.PLit(t.value, "String", sp)
        if t.is_("varsym", "!"):
            return S.PBang(self.apat(), self.span_from(st))
        if t.is_("reservedop", "~"):
            return S.PLazy(self.apat(), self.span_from(st))
        if t.is_("special", "("):
            if self.at_special(")"):
                self.next()
                return S.PCon("()", [], self.span_from(st))
            p = self.pattern()
            if self.at_special(","):
                items = [p]
                while self.at_special(","):
                    self.next()
                    items.append(self.pattern())
                self.expect("special", ")", "`)' or `,'")
                return S.PTuple(items, self.span_from(st))
            if self.at("reservedop", "::"):
                self.next()
                self.type_()
            self.expect("special", ")")
            return p
        if t.is_("special", "["):
            items = []
            if not self.at_special("]"):
                items.append(self.pattern())
                while self.at_special(","):
                    self.next()
                    items.append(self.pattern())
            self.expect("special", "]", "`]' or `,'")
            return S.PList(items, self.span_from(st))
        raise self.error(t, "a pattern")


def _is_bang(t: Token, after: Token | None) -> bool:
    """``f !x`` is a bang pattern; ``a ! b`` an operator (GHC's whitespace rule)."""
    return t.text == "!" and t.space_before and after is not None and not after.space_before


def _tok_span(t: Token) -> S.Span:
    return (t.line, t.col, t.end_line, t.end_col)
