"""GHC extensions' syntax for the parser (a mixin of ``parser.Parser``): TupleSections,
LambdaCase and MultiWayIf, each written as the expressions GHC's desugarer makes of it
(issue 18), and ExistentialQuantification's ``forall`` before a constructor."""

from __future__ import annotations

from . import syntax as S
from .sugar import fresh_name
from profkit.errors import SourceError

#: the name of an ESCC standing for GHC -fprof-auto's lambda note on a `\case` alternative
#: (``path.\``, named where it is desugared; no note without -fprof-auto)
AUTO_LAMBDA = "%\\"

class ExtParser:
    """Needs the token helpers of ``parser.Parser`` and ``parser_expr.ExprParser``."""

    def tuple_section(self, st, items: list) -> S.Expr:
        """After ``(e`` (or ``(``) at a comma: the rest of a tuple whose components may be
        left out. ``(a, b)`` is a tuple, ``(,,)`` the constructor, and ``(, x)``/``(x,)``
        GHC's ``\\y -> (y, x)``: a lambda with no cost centre of its own, ``x`` inside it."""
        while self.at_special(","):
            self.next()
            if self.at_special(",") or self.at_special(")"):
                items.append(None)
            else:
                items.append(self.expr())
        self.expect("special", ")", "`)' or `,'")
        sp = self.span_from(st)
        if all(i is None for i in items):
            return S.ECon("(" + "," * (len(items) - 1) + ")", sp)
        if all(i is not None for i in items):
            return S.ETuple(items, sp)
        params: list[S.Pat] = []
        comps: list[S.Expr] = []
        for i in items:
            if i is None:
                v = fresh_name("ts")
                params.append(S.PVar(v, sp))
                comps.append(S.EVar(v, sp))
            else:
                comps.append(i)
        lam = S.ELam(params, S.ETuple(comps, sp), S.NOSPAN)
        self.__dict__.setdefault("tuple_sections", {})[id(lam)] = (lam, items)
        return lam

    def applied_section(self, f: S.Expr, args: list[S.Expr], span: S.Span) -> S.Expr | None:
        """``(, x) e``: GHC's simple optimiser beta-reduces the section's lambda, leaving the
        tuple ``(e, x)`` (a constructor application: its note splits, mkTick)."""
        sec = self.__dict__.get("tuple_sections", {}).get(id(f))
        if sec is None or sec[0] is not f or len(args) < len(f.pats):
            return None
        given = iter(args)
        comps = [next(given) if i is None else i for i in sec[1]]
        rest = args[len(f.pats):]
        tup = S.ETuple(comps, span)
        return S.EApp(tup, rest, span) if rest else tup

    def lambda_case(self, st) -> S.Expr:
        """``\\case alts`` (at ``case``): GHC's ``\\x -> case x of alts``, whose note under
        -fprof-auto is on each alternative's right-hand side (``f.\\`` with its span)."""
        self.next()
        alts = self.block(self.alt, self.can_start_pat)
        sp = self.span_from(st)
        for a in alts:
            rhs = a.rhs
            if rhs.body is not None:
                rhs.body = S.ESCC(AUTO_LAMBDA, rhs.body, rhs.body.span)
            for g in rhs.guards:
                g.expr = S.ESCC(AUTO_LAMBDA, g.expr, g.expr.span)
        v = fresh_name("lc")
        return S.ELam([S.PVar(v, sp)], S.ECase(S.EVar(v, sp), alts, sp), S.NOSPAN)

    def multi_way_if(self, st) -> S.Expr:
        """``if | g1 -> e1 | g2 -> e2`` (at the first ``|``): guards as a case
        alternative's, over ``()``."""
        guards = self.guards("->")
        sp = self.span_from(st)
        rhs = S.Rhs(None, guards, [], sp)
        return S.ECase(S.ECon("()", sp), [S.Alt(S.PWild(sp), rhs, sp)], sp)

    def instance_head(self, cls: str) -> tuple[str, list[str]]:
        """An instance's type: ``T``, ``(T a ..)``, ``[a]``/``[]`` or a tuple of type
        variables ``(a, b)`` (for the program's own classes); its name and variables."""
        tyvars: list[str] = []
        if self.at("conid"):
            name = self.next().text
        elif self.at_special("(") and self.ts.toks[self.ts.i + 1].kind == "conid":
            self.next()
            name = self.next().text
            while self.at("varid"):
                tyvars.append(self.next().text)
            self.expect("special", ")", "`)' after the type's variables")
        elif self.at_special("(") and self.ts.toks[self.ts.i + 1].kind == "varid":
            self.next()  # (a, b) or (a, b, c): a tuple type, for the program's own classes
            tyvars.append(self.expect("varid", None, "a type variable").text)
            while self.at_special(","):
                self.next()
                tyvars.append(self.expect("varid", None, "a type variable").text)
            self.expect("special", ")", "`)' after the tuple's variables")
            name = "(" + "," * (len(tyvars) - 1) + ")"
        elif self.at_special("["):  # [a] or [] (the list type)
            self.next()
            name = "[]"
            if self.at("varid"):
                tyvars.append(self.next().text)
            self.expect("special", "]", "`]' in the list type")
        else:
            t = self.peek()
            raise SourceError(f"instance {cls} of this type is not supported by the Haskell "
                              "subset: instances are for the program's own data types, "
                              "`T' or `(T a ..)' (see SUBSET.md)", self.file, t.line, t.col)
        return name, tyvars

    def existential(self) -> None:
        """Skip ``forall s t. [context =>]`` before a constructor (ExistentialQuantification:
        the value keeps its own constructor, which the methods dispatch on)."""
        if not self.at("varid", "forall"):
            return
        self.next()
        if not self.at("varid"):
            raise self.error(self.peek(), "a type variable after forall")
        while self.at("varid"):
            self.next()
        if not self.at("varsym", "."):
            raise self.error(self.peek(), "`.' after forall's type variables")
        self.next()
        j, depth = self.ts.i, 0
        toks = self.ts.toks
        while j < len(toks) and toks[j].kind != "eof" and toks[j].col > 1 and not (
                depth == 0 and (toks[j].is_("reservedop", "|") or
                                toks[j].is_("reservedop", "=>") or
                                toks[j].is_("reserved", "deriving"))):
            depth += toks[j].is_("special", "(") - toks[j].is_("special", ")")
            j += 1
        if j < len(toks) and toks[j].is_("reservedop", "=>"):
            self.ts.i = j + 1
