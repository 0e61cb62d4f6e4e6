"""Recursive-descent parser for the SML subset, with SML's infix resolution.

Modules: this one (tokens, declarations, types) and ``parser_exp`` (patterns, expressions).
Fixity is tracked while parsing (``infix``/``infixr``/``nonfix`` declarations are scoped to
``let``), as the Definition requires: whether ``a f b`` is an application or an infix
expression depends on the declarations seen so far.
"""

from __future__ import annotations

from profkit.errors import SourceError

from . import syntax as S
from .lexer import Token, tokenize
from .parser_exp import EXP_STARTERS, MAX_NESTING, ExpParser  # noqa: F401 - re-exported

# SML's initial basis fixities: name -> (precedence, right associative)
INITIAL_FIXITY: dict[str, tuple[int, bool]] = {
    "*": (7, False), "/": (7, False), "div": (7, False), "mod": (7, False),
    "+": (6, False), "-": (6, False), "^": (6, False),
    "::": (5, True), "@": (5, True),
    "=": (4, False), "<>": (4, False), "<": (4, False), ">": (4, False), "<=": (4, False),
    ">=": (4, False), ":=": (3, False), "o": (3, False), "before": (0, False),
}

DEC_STARTERS = {"val", "fun", "type", "datatype", "exception", "local", "infix", "infixr",
                "nonfix", "open", "structure"}


class Parser(ExpParser):
    """The token machinery, declarations and types (patterns and expressions: ``parser_exp``)."""

    def __init__(self, source: str, filename: str):
        self.file = filename
        self.toks: list[Token] = tokenize(source, filename)
        self.i = 0
        self.fixity: dict[str, tuple[int, bool]] = dict(INITIAL_FIXITY)
        self.depth = 0  # expressions being parsed inside one another (MAX_NESTING)

    # ------------------------------------------------------------------ token helpers
    @property
    def tok(self) -> Token:
        return self.toks[self.i]

    def peek(self, k: int = 1) -> Token:
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def pos(self) -> S.Pos:
        return (self.tok.line, self.tok.col)

    def next(self) -> Token:
        t = self.toks[self.i]
        if t.kind != "eof":
            self.i += 1
        return t

    def at(self, text: str) -> bool:
        return self.tok.kind == "kw" and self.tok.value == text

    def accept(self, text: str) -> bool:
        if self.at(text):
            self.i += 1
            return True
        return False

    def describe(self, t: Token) -> str:
        if t.kind == "eof":
            return "end of file"
        if t.kind in ("kw", "id", "tyvar"):
            return f"'{t.value}'"
        if t.kind == "sel":
            return f"'#{t.value}'"
        return f"{t.kind} constant"

    def error(self, msg: str, t: Token | None = None) -> SourceError:
        t = t or self.tok
        return SourceError(f"syntax error: {msg}", self.file, t.line, t.col)

    def expect(self, text: str) -> Token:
        if not self.at(text):
            raise self.error(f"expected '{text}', found {self.describe(self.tok)}")
        return self.next()

    def ident(self, what: str = "identifier") -> str:
        t = self.tok
        if t.kind == "id":
            self.i += 1
            return t.value  # type: ignore[return-value]
        if t.kind == "kw" and t.value == "=":  # `op =`
            self.i += 1
            return "="
        raise self.error(f"expected {what}, found {self.describe(t)}")

    def is_infix_tok(self, t: Token) -> bool:
        if t.kind == "id":
            return t.value in self.fixity
        return t.kind == "kw" and t.value == "=" and "=" in self.fixity

    # ------------------------------------------------------------------ programs
    def program(self) -> S.Program:
        decs: list[S.Dec] = []
        while self.tok.kind != "eof":
            if self.accept(";"):
                continue
            if self.tok.kind == "kw" and self.tok.value in DEC_STARTERS:
                decs.extend(self.dec())
            else:  # a top-level expression `e;` means `val it = e`
                p = self.pos()
                e = self.exp()
                decs.append(S.DVal([S.ValBind(S.PVar("it", p), e, p)], False, p))
                if not self.at(";") and self.tok.kind != "eof":
                    raise self.error(f"expected ';' after top-level expression, found "
                                     f"{self.describe(self.tok)}")
        return S.Program(decs, self.file)

    def decs(self, stop: tuple[str, ...]) -> list[S.Dec]:
        out: list[S.Dec] = []
        while True:
            if self.accept(";"):
                continue
            if self.tok.kind == "kw" and self.tok.value in DEC_STARTERS:
                out.extend(self.dec())
                continue
            if any(self.at(s) for s in stop):
                return out
            raise self.error(f"expected a declaration or '{stop[0]}', found "
                             f"{self.describe(self.tok)}")

    # ------------------------------------------------------------------ declarations
    def dec(self) -> list[S.Dec]:
        t = self.next()
        p = (t.line, t.col)
        kw = t.value
        if kw == "val":
            rec = self.accept("rec")
            binds = []
            while True:
                bp = self.pos()
                rec = self.accept("rec") or rec
                pat = self.pat()
                self.expect("=")
                binds.append(S.ValBind(pat, self.exp(), bp))
                if not self.accept("and"):
                    break
            return [S.DVal(binds, rec, p)]
        if kw == "fun":
            binds = [self.fun_bind()]
            while self.accept("and"):
                binds.append(self.fun_bind())
            return [S.DFun(binds, p)]
        if kw == "type":
            return [S.DType(self.type_binds(), p)]
        if kw == "datatype":
            binds = [self.dat_bind()]
            while self.accept("and"):
                binds.append(self.dat_bind())
            withtype = self.type_binds() if self.accept("withtype") else []
            return [S.DDatatype(binds, withtype, p)]
        if kw == "exception":
            ebinds = []
            while True:
                ep = self.pos()
                self.accept("op")
                name = self.ident("exception name")
                if self.accept("of"):
                    ebinds.append(S.ExBind(name, self.ty(), None, ep))
                elif self.accept("="):
                    ebinds.append(S.ExBind(name, None, self.ident("exception name"), ep))
                else:
                    ebinds.append(S.ExBind(name, None, None, ep))
                if not self.accept("and"):
                    break
            return [S.DException(ebinds, p)]
        if kw == "local":
            saved = dict(self.fixity)
            local = self.decs(("in",))
            self.expect("in")
            body = self.decs(("end",))
            self.expect("end")
            del saved
            return [S.DLocal(local, body, p)]
        if kw in ("infix", "infixr"):
            prec = 0
            if self.tok.kind == "int":
                t = self.tok
                prec = self.next().value  # type: ignore[assignment]
                if not 0 <= prec <= 9:  # type: ignore[operator]
                    raise self.error(f"precedence {prec} not allowed, must be between 0 "
                                     "and 9", t)
            names = [self.ident("operator name")]
            while self.tok.kind == "id" or self.at("="):
                names.append(self.ident())
            for n in names:
                self.fixity[n] = (prec, kw == "infixr")  # type: ignore[assignment]
            return []
        if kw == "nonfix":
            while self.tok.kind == "id":
                self.fixity.pop(self.next().value, None)  # type: ignore[arg-type]
            return []
        if kw == "open":
            names = [self.ident("structure name")]
            while self.tok.kind == "id":
                names.append(self.ident())
            return [S.DOpen(names, p)]
        if kw == "structure":
            name = self.ident("structure name")
            self.expect("=")
            self.expect("struct")
            body = self.decs(("end",))
            self.expect("end")
            return [S.DStructure(name, body, p)]
        raise self.error(f"unexpected {self.describe(t)}", t)

    def type_binds(self) -> list[tuple[list[str], str, S.Ty]]:
        out = []
        while True:
            tvs = self.tyvar_seq()
            name = self.ident("type name")
            self.expect("=")
            out.append((tvs, name, self.ty()))
            if not self.accept("and"):
                return out

    def tyvar_seq(self) -> list[str]:
        if self.tok.kind == "tyvar":
            return [self.next().value]  # type: ignore[list-item]
        if self.at("(") and self.peek().kind == "tyvar":
            self.next()
            tvs = [self.next().value]
            while self.accept(","):
                if self.tok.kind != "tyvar":
                    raise self.error("expected a type variable")
                tvs.append(self.next().value)
            self.expect(")")
            return tvs  # type: ignore[return-value]
        return []

    def dat_bind(self) -> S.DatBind:
        p = self.pos()
        tvs = self.tyvar_seq()
        name = self.ident("datatype name")
        self.expect("=")
        cons = []
        while True:
            cp = self.pos()
            self.accept("op")
            cname = self.ident("constructor name")
            arg = self.ty() if self.accept("of") else None
            cons.append(S.ConBind(cname, arg, cp))
            if not self.accept("|"):
                break
        return S.DatBind(tvs, name, cons, p)

    def fun_bind(self) -> S.FunBind:
        p = self.pos()
        clauses = []
        name = None
        while True:
            cp = self.pos()
            cname, pats = self.clause_head()
            if name is None:
                name = cname
            elif cname != name:
                raise SourceError(f"syntax error: clauses of '{name}' disagree on the "
                                  f"function name ('{cname}')", self.file, *cp)
            rty = self.ty() if self.accept(":") else None
            self.expect("=")
            body = self.exp()
            clauses.append(S.Clause(pats, rty, body, cp))
            if not self.accept("|"):
                break
        assert name is not None
        if len({len(c.pats) for c in clauses}) != 1:
            raise SourceError(f"syntax error: clauses of '{name}' have different numbers of "
                              "arguments", self.file, *p)
        return S.FunBind(name, clauses, p)

    def clause_head(self) -> tuple[str, list[S.Pat]]:
        t = self.tok
        if self.accept("op"):
            name = self.ident()
        elif (t.kind == "id" and not self.is_infix_tok(t)
              and not (self.peek().kind == "id" and self.is_infix_tok(self.peek()))):
            name = self.ident()
        else:  # infix form: apat id apat
            left = self.atpat()
            op = self.tok
            if not self.is_infix_tok(op):
                raise self.error("expected a function name in 'fun' clause")
            self.next()
            right = self.atpat()
            tup = S.PRecord([("1", left), ("2", right)], False, (t.line, t.col), is_tuple=True)
            return op.value, [tup]  # type: ignore[return-value]
        pats = []
        while not (self.at("=") or self.at(":")):
            if self.tok.kind == "eof":
                raise self.error("expected '=' in 'fun' clause")
            pats.append(self.atpat())
        if not pats:
            raise self.error(f"function '{name}' needs at least one argument pattern")
        return name, pats

    # ------------------------------------------------------------------ types
    def ty(self) -> S.Ty:
        p = self.pos()
        t = self.ty_tuple()
        if self.accept("->"):
            return S.TyFunS(t, self.ty(), p)
        return t

    def ty_tuple(self) -> S.Ty:
        p = self.pos()
        items = [self.ty_app()]
        while self.tok.kind == "id" and self.tok.value == "*":
            self.next()
            items.append(self.ty_app())
        return items[0] if len(items) == 1 else S.TyTupleS(items, p)

    def ty_app(self) -> S.Ty:
        p = self.pos()
        if self.at("("):
            self.next()
            first = self.ty()
            if self.accept(","):
                args = [first, self.ty()]
                while self.accept(","):
                    args.append(self.ty())
                self.expect(")")
                t: S.Ty = S.TyConS(self.ident("type constructor"), args, p)
            else:
                self.expect(")")
                t = first
        elif self.tok.kind == "tyvar":
            t = S.TyVarS(self.next().value, p)  # type: ignore[arg-type]
        elif self.at("{"):
            self.next()
            fields = []
            if not self.at("}"):
                while True:
                    lab = self.label()
                    self.expect(":")
                    fields.append((lab, self.ty()))
                    if not self.accept(","):
                        break
            self.expect("}")
            t = S.TyRecordS(fields, p)
        elif self.tok.kind == "id" and self.tok.value != "*":
            t = S.TyConS(self.ident(), [], p)
        else:
            raise self.error(f"expected a type, found {self.describe(self.tok)}")
        while self.tok.kind == "id" and self.tok.value != "*":
            t = S.TyConS(self.ident(), [t], p)
        return t


def parse_program(source: str, filename: str) -> S.Program:
    """Parse a whole SML source file. Raises ``SourceError`` on syntax errors."""
    return Parser(source, filename).program()
