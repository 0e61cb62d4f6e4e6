"""The expression and pattern half of the SML parser (``parser.Parser`` is the declaration
and type half, and the token machinery this mixin uses: ``tok``, ``next``, ``accept``,
``expect``, ``error``, ``fixity``, ``dec``/``decs`` for ``let``).

Infix expressions and patterns are resolved with the fixities in force (:meth:`resolve`).
"""

from __future__ import annotations

from profkit.errors import SourceError

from . import syntax as S
from .lexer import Token

EXP_STARTERS = {"fn", "case", "if", "raise", "while"}

#: expressions nested deeper than this are refused (no real program comes near it)
MAX_NESTING = 500


class ExpParser:
    """Patterns and expressions (a mixin of ``parser.Parser``)."""

    def label(self) -> str:
        t = self.tok
        if t.kind == "id" or (t.kind == "int" and t.value > 0):  # type: ignore[operator]
            self.next()
            return str(t.value)
        raise self.error(f"expected a record label, found {self.describe(t)}")

    # ------------------------------------------------------------------ patterns
    def pat(self) -> S.Pat:
        p = self.pos()
        pat = self.infpat()
        while self.accept(":"):
            pat = S.PTyped(pat, self.ty(), p)
        if self.at("as"):
            inner = pat.pat if isinstance(pat, S.PTyped) else pat
            if not isinstance(inner, S.PVar):
                raise self.error("'as' must follow a variable")
            self.next()
            body = self.pat()
            if isinstance(pat, S.PTyped):
                body = S.PTyped(body, pat.ty, p)
            return S.PAs(inner.name, body, p)
        return pat

    def infpat(self) -> S.Pat:
        items: list = []  # ("pat", Pat) | ("op", name, pos)
        while True:
            t = self.tok
            if t.kind == "id" and self.is_infix_tok(t) and items and items[-1][0] == "pat":
                self.next()
                items.append(("op", t.value, (t.line, t.col)))
                continue
            if self.starts_atpat(t):
                pat = self.atpat()
                if items and items[-1][0] == "pat":
                    prev = items[-1][1]
                    if not isinstance(prev, S.PVar):
                        raise self.error("constructor application needs a constructor name", t)
                    items[-1] = ("pat", S.PCon(prev.name, pat, prev.pos))
                else:
                    items.append(("pat", pat))
                continue
            break
        if not items or items[-1][0] != "pat":
            raise self.error(f"expected a pattern, found {self.describe(self.tok)}")
        return self.resolve(items, lambda name, a, b, pos: S.PCon(
            name, S.PRecord([("1", a), ("2", b)], False, pos, is_tuple=True), pos))

    def starts_atpat(self, t: Token) -> bool:
        if t.kind in ("int", "word", "string", "char", "real"):
            return True
        if t.kind == "id":
            return not self.is_infix_tok(t)
        return t.kind == "kw" and t.value in ("_", "(", "[", "{", "op")

    def atpat(self) -> S.Pat:
        t = self.tok
        p = (t.line, t.col)
        if t.kind in ("int", "word", "string", "char", "real"):
            self.next()
            return S.PConst(t.value, t.kind, p)
        if t.kind == "id":
            self.next()
            return S.PVar(t.value, p)  # type: ignore[arg-type]
        if self.accept("op"):
            return S.PVar(self.ident(), p)
        if self.accept("_"):
            return S.PWild(p)
        if self.accept("("):
            if self.accept(")"):
                return S.PRecord([], False, p, is_tuple=True)
            pats = [self.pat()]
            while self.accept(","):
                pats.append(self.pat())
            self.expect(")")
            if len(pats) == 1:
                return pats[0]
            return S.PRecord([(str(i + 1), q) for i, q in enumerate(pats)], False, p,
                             is_tuple=True)
        if self.accept("["):
            pats = []
            if not self.at("]"):
                pats.append(self.pat())
                while self.accept(","):
                    pats.append(self.pat())
            self.expect("]")
            return S.PList(pats, p)
        if self.accept("{"):
            fields: list[tuple[str, S.Pat]] = []
            flexible = False
            while not self.at("}"):
                if self.accept("..."):
                    flexible = True
                    break
                fp = self.pos()
                lab = self.label()
                if self.accept("="):
                    fields.append((lab, self.pat()))
                else:  # punning: {a, b : int, c as pat}
                    fpat: S.Pat = S.PVar(lab, fp)
                    if self.accept(":"):
                        fpat = S.PTyped(fpat, self.ty(), fp)
                    if self.accept("as"):
                        fpat = S.PAs(lab, self.pat(), fp)
                    fields.append((lab, fpat))
                if not self.accept(","):
                    break
            self.expect("}")
            return S.PRecord(fields, flexible, p)
        raise self.error(f"expected a pattern, found {self.describe(t)}")

    # ------------------------------------------------------------------ infix resolution
    def resolve(self, items: list, make):
        """Operator-precedence resolution of [operand, op, operand, ...]."""
        if len(items) % 2 == 0 or any(
                (k % 2 == 0) != (it[0] != "op") for k, it in enumerate(items)):
            bad = next((it for k, it in enumerate(items) if (k % 2 == 0) == (it[0] == "op")),
                       None)
            if bad is None and items[-1][0] == "op":
                bad = items[-1]
            if bad is not None:
                raise SourceError(f"syntax error: infix operator '{bad[1]}' is missing an "
                                  "operand", self.file, *bad[2])
            raise self.error("infix operator is missing an operand")
        operands = [items[0][1]]
        ops: list[tuple[str, S.Pos]] = []

        def reduce_top() -> None:
            name, pos = ops.pop()
            b = operands.pop()
            a = operands.pop()
            operands.append(make(name, a, b, pos))

        for k in range(1, len(items), 2):
            name, pos = items[k][1], items[k][2]
            prec, right = self.fixity[name]
            while ops:
                tprec, tright = self.fixity[ops[-1][0]]
                if tprec > prec or (tprec == prec and not right):
                    reduce_top()
                else:
                    break
            ops.append((name, pos))
            operands.append(items[k + 1][1])
        while ops:
            reduce_top()
        return operands[0]

    # ------------------------------------------------------------------ expressions
    def exp(self) -> S.Exp:
        # Refused here, with a position, rather than later: the type checker's cost grows
        # with the square of the nesting (5,000 nested `fn` took 35 s before an error).
        self.depth += 1
        try:
            if self.depth > MAX_NESTING:
                raise self.error(f"expression nested too deeply (more than {MAX_NESTING} "
                                 "levels)")
            return self._exp()
        finally:
            self.depth -= 1

    def _exp(self) -> S.Exp:
        t = self.tok
        p = (t.line, t.col)
        if self.accept("fn"):
            return S.EFn(self.match(), p)
        if self.accept("case"):
            e = self.exp()
            self.expect("of")
            return S.ECase(e, self.match(), p)
        if self.accept("if"):
            c = self.exp()
            self.expect("then")
            a = self.exp()
            self.expect("else")
            return S.EIf(c, a, self.exp(), p)
        if self.accept("raise"):
            return S.ERaise(self.exp(), p)
        if self.accept("while"):
            c = self.exp()
            self.expect("do")
            return S.EWhile(c, self.exp(), p)
        e = self.orelse()
        while self.at("handle"):
            hp = self.pos()
            self.next()
            e = S.EHandle(e, self.match(), hp)
        return e

    def operand_or_exp(self, sub) -> S.Exp:
        if self.tok.kind == "kw" and self.tok.value in EXP_STARTERS:
            return self.exp()
        return sub()

    def orelse(self) -> S.Exp:
        e = self.andalso()
        while self.at("orelse"):
            p = self.pos()
            self.next()
            e = S.EOrelse(e, self.operand_or_exp(self.andalso), p)
        return e

    def andalso(self) -> S.Exp:
        e = self.typed()
        while self.at("andalso"):
            p = self.pos()
            self.next()
            e = S.EAndalso(e, self.operand_or_exp(self.typed), p)
        return e

    def typed(self) -> S.Exp:
        e = self.infexp()
        while self.at(":"):
            p = self.pos()
            self.next()
            e = S.ETyped(e, self.ty(), p)
        return e

    def match(self) -> list[S.Rule]:
        self.accept("|")
        rules = []
        while True:
            p = self.pos()
            pat = self.pat()
            self.expect("=>")
            rules.append(S.Rule(pat, self.exp(), p))
            if not self.accept("|"):
                return rules

    def starts_atexp(self, t: Token) -> bool:
        if t.kind in ("int", "word", "string", "char", "real", "sel"):
            return True
        if t.kind == "id":
            return not self.is_infix_tok(t)
        return t.kind == "kw" and t.value in ("(", "[", "{", "let", "op")

    def infexp(self) -> S.Exp:
        items: list = []
        while True:
            t = self.tok
            if self.is_infix_tok(t) and items and items[-1][0] == "exp":
                self.next()
                items.append(("op", t.value, (t.line, t.col)))
                continue
            if self.starts_atexp(t):
                e = self.atexp()
                if items and items[-1][0] == "exp":
                    f = items[-1][1]
                    items[-1] = ("exp", S.EApp(f, e, f.pos))
                else:
                    items.append(("exp", e))
                continue
            if items and items[-1][0] == "op" and t.kind == "kw" and t.value in EXP_STARTERS:
                items.append(("exp", self.exp()))  # `x = if ...` etc.
            break
        if not items:
            raise self.error(f"expected an expression, found {self.describe(self.tok)}")
        return self.resolve(items, lambda name, a, b, pos: S.EApp(
            S.EVar(name, pos), S.ERecord([("1", a), ("2", b)], pos, is_tuple=True), pos))

    def atexp(self) -> S.Exp:
        t = self.next()
        p = (t.line, t.col)
        if t.kind in ("int", "word", "string", "char", "real"):
            return S.EConst(t.value, t.kind, p)
        if t.kind == "sel":
            return S.ESelector(t.value, p)  # type: ignore[arg-type]
        if t.kind == "id":
            return S.EVar(t.value, p)  # type: ignore[arg-type]
        if t.is_kw("op"):
            return S.EVar(self.ident(), p)
        if t.is_kw("("):
            if self.accept(")"):
                return S.ERecord([], p, is_tuple=True)
            first = self.exp()
            if self.at(","):
                items = [first]
                while self.accept(","):
                    items.append(self.exp())
                self.expect(")")
                return S.ERecord([(str(i + 1), e) for i, e in enumerate(items)], p,
                                 is_tuple=True)
            if self.at(";"):
                items = [first]
                while self.accept(";"):
                    items.append(self.exp())
                self.expect(")")
                return S.ESeq(items, p)
            self.expect(")")
            return first
        if t.is_kw("["):
            items = []
            if not self.at("]"):
                items.append(self.exp())
                while self.accept(","):
                    items.append(self.exp())
            self.expect("]")
            return S.EList(items, p)
        if t.is_kw("{"):
            fields = []
            if not self.at("}"):
                while True:
                    lab = self.label()
                    self.expect("=")
                    fields.append((lab, self.exp()))
                    if not self.accept(","):
                        break
            self.expect("}")
            return S.ERecord(fields, p)
        if t.is_kw("let"):
            saved = dict(self.fixity)
            decs = self.decs(("in",))
            self.expect("in")
            body = [self.exp()]
            while self.accept(";"):
                body.append(self.exp())
            self.expect("end")
            self.fixity = saved
            b = body[0] if len(body) == 1 else S.ESeq(body, body[0].pos)
            return S.ELet(decs, b, p)
        raise self.error(f"expected an expression, found {self.describe(t)}", t)
