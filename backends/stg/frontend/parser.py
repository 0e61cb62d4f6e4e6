"""Recursive-descent parser for the Haskell subset (tokens via the layout stream -> AST).

Operator applications are left as ``EOpSeq`` (fixities are resolved in ``rename`` once all
fixity declarations are known). Types are parsed and thrown away.
"""

from __future__ import annotations

from . import modules, show_shapes
from . import syntax as S
from .layout import LayoutStream
from .lexer import Token, tokenize
from .parser_expr import ExprParser, _is_bang, _tok_span
from .parser_ext import ExtParser
from profkit.errors import SourceError


class Parser(ExprParser, ExtParser):
    def __init__(self, source: str, filename: str, magic_hash: bool = False,
                 prelude_names: frozenset[str] | None = None):
        self.file = filename
        toks = tokenize(source, filename, magic_hash)
        if prelude_names is not None:  # a program: containers' names to the Prelude's
            modules.resolve(toks, filename, prelude_names)
        self.ts = LayoutStream(toks, filename)
        self.has_records = False  # record syntax seen: records.resolve runs after parsing
        self.field_owner: dict[str, str] = {}  # record field -> the type declaring it
        self.field_spans: dict[str, S.Span] = {}  # record field -> its first name span
        #: type synonyms without parameters (``type Name = String``): name -> its type's text
        self.synonyms: dict[str, str] = {}
        #: each data declaration with its fields' type texts, per constructor (module()
        #: gives the declaration its ``show_shapes`` once every synonym is known)
        self.field_types: list[tuple[S.DData, list[list[str]]]] = []

    # -- token helpers -----------------------------------------------------------------------
    def peek(self) -> Token:
        return self.ts.peek()

    def next(self) -> Token:
        return self.ts.next()

    def show_shape(self, text: str) -> str | None:
        """Where the field type ``text`` (tokens spaced) has Strings, through the module's
        synonyms (show_shapes.of_text)."""
        return show_shapes.of_text(text, self.synonyms)

    def error(self, t: Token, expected: str | None = None) -> SourceError:
        if t.kind == "eof":
            msg = "parse error (possibly incorrect indentation or mismatched brackets)"
        elif t.kind in ("vrbrace", "vsemi", "vlbrace", "vlbrace_empty"):
            msg = "parse error (possibly incorrect indentation or mismatched brackets)"
        else:
            msg = f"parse error on input {t.describe()}"
        if expected:
            msg += f": expected {expected}"
        return SourceError(msg, self.file, t.line, t.col)

    def at(self, kind: str, text: str | None = None) -> bool:
        return self.peek().is_(kind, text)

    def at_special(self, text: str) -> bool:
        return self.peek().is_("special", text)

    def expect(self, kind: str, text: str | None = None, what: str | None = None) -> Token:
        t = self.peek()
        if not t.is_(kind, text):
            raise self.error(t, what or f"`{text or kind}'")
        return self.next()

    def start(self) -> tuple[int, int]:
        t = self.peek()
        return (t.line, t.col)

    def span_from(self, start: tuple[int, int]) -> S.Span:
        last = self.ts.last
        assert last is not None
        return (start[0], start[1], last.end_line, last.end_col)

    def at_semi(self) -> bool:
        t = self.peek()
        return t.kind == "vsemi" or t.is_("special", ";")

    def at_close(self) -> bool:
        t = self.peek()
        return t.kind == "vrbrace" or t.is_("special", "}")

    # -- blocks (the layout-sensitive part) ----------------------------------------------------
    def block(self, item, can_start) -> list:
        """``{ item ; item ... }`` with explicit or virtual braces and parse-error(t)."""
        t = self.next()
        if t.kind == "vlbrace_empty":
            return []
        if t.kind not in ("vlbrace",) and not t.is_("special", "{"):
            raise self.error(t, "a block")
        explicit = t.kind != "vlbrace"
        items: list = []
        while True:
            t = self.peek()
            if t.kind == "vsemi" or t.is_("special", ";"):
                self.next()
                continue
            if t.kind == "vrbrace" or (explicit and t.is_("special", "}")):
                self.next()
                return items
            if can_start(t):
                items.append(item())
                t = self.peek()
                if t.kind in ("vsemi", "vrbrace") or t.is_("special", ";") or \
                        (explicit and t.is_("special", "}")):
                    continue
            if not explicit and self.ts.close_implicit():
                return items
            raise self.error(t)

    # -- module ----------------------------------------------------------------------------
    def module(self) -> S.Module:
        name = "Main"
        exports: list[str] | None = ["main"]  # no header: module Main (main) where
        if self.at("reserved", "module"):
            self.next()
            name = self.expect("conid", what="a module name").text
            exports = self.skip_parens() if self.at_special("(") else None
            self.expect("reserved", "where")
        imports: list[tuple[str, tuple[int, int]]] = []
        decls = self.block(lambda: self.topdecl(imports), self.can_start_decl)
        t = self.peek()
        if t.kind != "eof":
            raise self.error(t)
        for decl, types in self.field_types:
            decl.show_shapes = [[self.show_shape(t) for t in tys] for tys in types]
            decl.field_texts = [[show_shapes.expand(t, self.synonyms) for t in tys]
                                for tys in types]
        return S.Module(name, group_clauses([d for d in decls if d is not None], self.file),
                        self.file, [m for m, _ in imports], [pos for _, pos in imports],
                        exports, inline=t.value or frozenset())

    def skip_parens(self) -> list[str]:
        """Skip a parenthesised list; returns the variables named at its top level (an export
        list's functions: ``f``, ``(+++)``)."""
        depth = 0
        names: list[str] = []
        while True:
            t = self.next()
            if t.kind == "eof":
                raise self.error(t, "`)'")
            if t.is_("special", "("):
                depth += 1
            elif t.is_("special", ")"):
                depth -= 1
                if depth == 0:
                    return names
            elif t.kind == "varid" and depth == 1 or t.kind == "varsym" and depth == 2:
                names.append(t.text)

    def can_start_decl(self, t: Token) -> bool:
        if t.kind in ("varid", "conid", "int", "float", "char", "string"):
            return True
        if t.kind == "special" and t.text in "([":
            return True
        if t.kind == "reserved" and t.text in ("data", "newtype", "type", "import", "infix",
                                               "infixl", "infixr", "class", "instance", "_"):
            return True
        return t.kind in ("varsym",) and t.text in ("!", "-") or t.is_("reservedop", "~")

    def topdecl(self, imports: list[tuple[str, tuple[int, int]]]) -> S.Decl | None:
        t = self.peek()
        if t.is_("reserved", "import"):
            self.next()
            if self.at("varid", "qualified"):
                self.next()
            mod_tok = self.expect("conid", what="a module name")
            imports.append((str(mod_tok.value), (mod_tok.line, mod_tok.col)))
            while not (self.at_semi() or self.at_close() or self.at("eof")):
                if self.at_special("("):
                    self.skip_parens()
                else:
                    self.next()
            return None
        if t.kind == "reserved" and t.text in ("data", "newtype"):
            decl = self.data_decl()
            decl.newtype = t.text == "newtype"
            return decl
        if t.is_("reserved", "type"):
            self.next()
            name = self.peek()
            if name.kind != "conid":
                raise self.error(name, "a type name")
            text = self.type_text(self.skip_type_decl, " ")
            if text.startswith(name.text + " = "):
                self.synonyms[name.text] = text[len(name.text) + 3:]
            return None
        if t.is_("reserved", "instance"):
            return self.instance_decl()
        if t.is_("reserved", "class"):
            return self.class_decl()
        return self.decl()

    def class_decl(self) -> S.DClass:
        """``class [ctx =>] C a [where sigs and default methods]`` (one type parameter)."""
        st = self.start()
        self.next()
        supers = self.instance_context() or []
        name, name_span = self.class_name()
        if not self.at("varid"):
            t = self.peek()
            raise SourceError("a class of the Haskell subset has one type parameter (`class C "
                              "a where ...')", self.file, t.line, t.col)
        tyvar = self.next().text
        if not (self.at("reserved", "where") or self.at_semi() or self.at_close() or
                self.at("eof")):
            t = self.peek()
            raise SourceError("a class of the Haskell subset has one type parameter and no "
                              "functional dependencies", self.file, t.line, t.col)
        decls: list = []
        if self.at("reserved", "where"):
            self.next()
            decls = self.decls_block()
        return S.DClass(name, name_span, tyvar, supers, decls, self.span_from(st))

    def class_name(self) -> tuple[str, S.Span]:
        st = self.start()
        cls = self.expect("conid", what="a class name").text
        while self.at("varsym", "."):  # a qualified class name (Prelude.Show)
            self.next()
            cls = self.expect("conid", what="a class name").text
        return cls, self.span_from(st)

    def instance_context(self) -> list[tuple[str, str]] | None:
        """``C a =>`` or ``(C a, D b) =>`` (consumed), or None (nothing consumed)."""
        save = self.ts.save()
        items: list[tuple[str, str]] = []
        try:
            paren = self.at_special("(")
            if paren:
                self.next()
            while not (paren and self.at_special(")")):
                cls, _ = self.class_name()
                items.append((cls, self.expect("varid", what="a type variable").text))
                if not paren or not self.at_special(","):
                    break
                self.next()
            if paren:
                self.expect("special", ")")
            if self.at("reservedop", "=>"):
                self.next()
                return items
        except SourceError:
            pass
        self.ts.restore(save)
        return None

    def instance_decl(self) -> S.DInst:
        """``instance [ctx =>] Cls T`` or ``Cls (T a ..)``, then ``where`` and the methods."""
        st = self.start()
        self.next()
        context = self.instance_context() or []
        cls, cls_span = self.class_name()
        tst = self.start()
        name, tyvars = self.instance_head(cls)
        type_span = self.span_from(tst)
        decls: list = []
        if self.at("reserved", "where"):
            self.next()
            decls = self.decls_block()
        return S.DInst(cls, cls_span, name, tyvars, context, decls, self.span_from(st),
                       type_span)

    def skip_type_decl(self) -> None:
        while not (self.at_semi() or self.at_close() or self.at("eof")):
            self.next()

    def data_decl(self) -> S.Decl:
        st = self.start()
        self.next()
        name = self.expect("conid", what="a type name").text
        params: list[str] = []
        while self.at("varid"):
            params.append(self.next().text)
        cons: list[tuple[str, int]] = []
        fields: list[list[str]] = []
        types: list[list[str]] = []  # per constructor, its fields' type texts
        stricts: list[list[bool]] = []  # per constructor, its fields' strictness (``!T``)
        infix_cons: set[str] = set()
        if self.at("reservedop", "="):
            self.next()
            while True:
                self.existential()  # (forall s. Shape s =>: the checker reads it)
                left_bang = self.field_bang()  # (only an infix constructor's left field)
                cname_tok = self.peek()
                nxt = self.ts.toks[self.ts.i + 1] if self.ts.i + 1 < len(self.ts.toks) else None
                left: list[str] = []  # an infix constructor's left field: a :& b, [a] :| b
                if left_bang or cname_tok.kind == "varid" or cname_tok.is_("special", "[") or (
                        cname_tok.is_("special", "(") and not (nxt and nxt.kind == "consym")):
                    left.append(self.type_text(self.atype, " "))
                    cname_tok = self.peek()
                    if not self.at("consym"):
                        raise self.error(cname_tok, "an infix data constructor")
                if left:
                    cname = "?"
                elif cname_tok.is_("special", "("):  # an operator constructor (:+:)
                    self.next()
                    cname = self.expect("consym", what="a constructor").text
                    self.expect("special", ")")
                else:
                    cname = self.expect("conid", what="a data constructor").text
                if self.at_special("{"):
                    names = self.record_fields(name, tys := [], bangs := [])
                    stricts.append(bangs)
                    cons.append((cname, len(names)))
                    fields.append(names)
                    types.append(tys)
                    self.has_records = True
                    if self.at("reservedop", "|"):
                        self.next()
                        continue
                    break
                arity = 0
                tys = list(left)
                bangs = [left_bang] * len(left)
                while not left and self.atype_start():
                    bangs.append(self.field_bang())
                    tys.append(self.type_text(self.atype, " "))
                    arity += 1
                if self.at("consym"):  # infix constructor: a :+: b
                    if not left and arity == 0:  # its left field a type constructor
                        tys, bangs = [cname], [False]
                    cname = self.next().text
                    infix_cons.add(cname)
                    bangs.append(self.field_bang())
                    tys.append(self.type_text(self.atype, " "))
                    arity = 2
                stricts.append(bangs[-arity:] if arity else [])
                cons.append((cname, arity))
                fields.append([])
                types.append(tys[-arity:] if arity else [])
                if self.at("reservedop", "|"):
                    self.next()
                    continue
                break
        deriving: list[tuple[str, S.Span]] = []
        if self.at("reserved", "deriving"):
            self.next()
            paren = self.at_special("(")
            if paren:
                self.next()
            while not (paren and self.at_special(")")):
                deriving.append(self.class_name())
                if not paren or not self.at_special(","):
                    break
                self.next()
            if paren:
                self.expect("special", ")")
        spans = {f: self.field_spans[f] for names in fields for f in names}
        decl = S.DData(name, cons, self.span_from(st), deriving, fields, spans, params)
        decl.strict = stricts
        decl.infix_cons = infix_cons
        self.field_types.append((decl, types))
        return decl

    def field_bang(self) -> bool:
        """A field's strictness annotation ``!``, if present (consumed)."""
        if self.at("varsym", "!"):
            self.next()
            return True
        return False

    def record_fields(self, type_name: str, types: list[str], bangs: list[bool]) -> list[str]:
        """``{ f1, f2 :: T1, f3 :: !T2 }`` -> the field names in order (``types``: each
        one's type text; ``bangs``: each one's strictness). A field may be shared by
        constructors of one type, not declared twice in a constructor or in two types."""
        self.expect("special", "{")
        names: list[str] = []

        def field() -> str:
            t = self.expect("varid", what="a field name")
            owner = self.field_owner.setdefault(t.text, type_name)
            if owner != type_name or t.text in names or t.text in group:
                raise SourceError(f"Multiple declarations of `{t.text}'", self.file, t.line,
                                  t.col)
            self.field_spans.setdefault(t.text, (t.line, t.col, t.end_line, t.end_col))
            return t.text

        while not self.at_special("}"):
            group: list[str] = []
            group.append(field())
            while self.at_special(","):
                self.next()
                group.append(field())
            self.expect("reservedop", "::", "`::' after the field names")
            bangs += [self.field_bang()] * len(group)
            types += [self.type_text(self.type_, " ")] * len(group)
            names += group
            if not self.at_special(","):
                break
            self.next()
        self.expect("special", "}", "`}' or `,'")
        return names

    # -- types (parsed and ignored) ------------------------------------------------------------
    def atype_start(self) -> bool:
        t = self.peek()
        return t.kind in ("conid", "varid") or (t.kind == "special" and t.text in "([") or \
            t.is_("varsym", "!")

    def atype(self) -> None:
        t = self.next()
        if t.kind in ("conid", "varid"):
            return
        if t.is_("special", "("):
            if self.at_special(")"):
                self.next()
                return
            if self.at("reservedop", "->"):
                self.next()
                self.expect("special", ")")
                return
            while self.at_special(","):
                self.next()
            if self.at_special(")"):
                self.next()
                return
            self.type_()
            while self.at_special(","):
                self.next()
                self.type_()
            self.expect("special", ")")
            return
        if t.is_("special", "["):
            if not self.at_special("]"):
                self.type_()
            self.expect("special", "]")
            return
        raise self.error(t, "a type")

    def type_(self) -> None:
        if self.at("varid", "forall"):
            self.next()
            while self.at("varid"):
                self.next()
            self.expect("varsym", ".")
        self.btype()
        if self.at("reservedop", "=>"):
            self.next()
            self.btype()
        while self.at("reservedop", "->"):
            self.next()
            self.btype()
            if self.at("reservedop", "=>"):
                self.next()
                self.btype()

    def btype(self) -> None:
        if not self.atype_start():
            raise self.error(self.peek(), "a type")
        self.atype()
        while self.atype_start() and not self.at("varsym", "!"):
            self.atype()

    # -- declarations ----------------------------------------------------------------------------
    def decls_block(self) -> list[S.Decl]:
        decls = self.block(self.decl, self.can_start_decl)
        return group_clauses([d for d in decls if d is not None], self.file)

    def decl(self) -> S.Decl | None:
        st = self.start()
        t = self.peek()
        if t.kind == "reserved" and t.text in ("infix", "infixl", "infixr"):
            self.next()
            prec = 9
            if self.at("int"):
                prec = int(self.next().value)  # type: ignore[arg-type]
            ops = [self.op_name()]
            while self.at_special(","):
                self.next()
                ops.append(self.op_name())
            return S.DFixity(t.text, prec, ops, self.span_from(st))
        # type signature: var {, var} :: type
        save = self.ts.save()
        names = self.try_sig_names()
        if names is not None:
            self.type_()
            return S.DSig(names, self.span_from(st))
        self.ts.restore(save)
        # f apat* rhs | (op) apat* rhs | pat varop pat rhs | pat rhs
        if t.kind == "varid":
            nxt = self.ts.toks[self.ts.i + 1] if self.ts.i + 1 < len(self.ts.toks) else None
            after = self.ts.toks[self.ts.i + 2] if self.ts.i + 2 < len(self.ts.toks) else None
            is_infix = nxt is not None and (
                (nxt.kind == "varsym" and not _is_bang(nxt, after)) or nxt.is_("special", "`"))
            as_pat = nxt is not None and nxt.text == "@"  # xs@(x : _) = ...: a pattern
            if not is_infix and not as_pat:
                name_tok = self.next()
                pats = []
                while self.apat_start():
                    pats.append(self.apat())
                rhs = self.rhs("=")
                return S.Clause(name_tok.text, pats, rhs, self.span_from(st),
                                _tok_span(name_tok))
        if t.is_("special", "(") and self.paren_op_follows():
            self.next()
            name_tok = self.next()
            self.next()
            pats = []
            while self.apat_start():
                pats.append(self.apat())
            rhs = self.rhs("=")
            return S.Clause(name_tok.text, pats, rhs, self.span_from(st), _tok_span(name_tok))
        left = self.pattern()
        if self.at("varsym") or self.at_special("`"):
            op_tok = self.peek()
            op = self.op_name()
            right = self.pattern()
            rhs = self.rhs("=")
            return S.Clause(op, [left, right], rhs, self.span_from(st), _tok_span(op_tok))
        rhs = self.rhs("=")
        if isinstance(left, S.PVar):
            return S.Clause(left.name, [], rhs, self.span_from(st), left.span)
        if isinstance(left, S.PBang) and isinstance(left.pat, S.PVar):
            # a variable binding (GHC names its cost centre after the variable), strict
            return S.Clause(left.pat.name, [], rhs, self.span_from(st), left.pat.span,
                            bang=True)
        return S.DPat(left, rhs, self.span_from(st))

    def paren_op_follows(self) -> bool:
        toks, i = self.ts.toks, self.ts.i
        return i + 2 < len(toks) and toks[i + 1].kind in ("varsym", "consym") and \
            toks[i + 2].is_("special", ")")

    def try_sig_names(self) -> list[str] | None:
        names = []
        while True:
            t = self.peek()
            if t.kind == "varid":
                self.next()
                names.append(t.text)
            elif t.is_("special", "(") and self.paren_op_follows():
                self.next()
                names.append(self.next().text)
                self.next()
            else:
                return None
            if self.at_special(","):
                self.next()
                continue
            if self.at("reservedop", "::"):
                self.next()
                return names
            return None

    def op_name(self) -> str:
        t = self.next()
        if t.kind in ("varsym", "consym"):
            return t.text
        if t.is_("special", "`"):
            name = self.next()
            if name.kind not in ("varid", "conid"):
                raise self.error(name, "an identifier")
            self.expect("special", "`")
            return name.text
        raise self.error(t, "an operator")

    def guards(self, eq: str) -> list[S.GuardedExpr]:
        """``| q1, q2 eq e`` ... (at the first ``|``): each guard's qualifiers and body."""
        guards: list[S.GuardedExpr] = []
        while self.at("reservedop", "|"):
            gst = self.start()
            self.next()
            quals = [self.qual()]
            while self.at_special(","):
                self.next()
                quals.append(self.qual())
            self.expect("reservedop", eq)
            e = self.expr()
            guards.append(S.GuardedExpr(quals, e, self.span_from(gst)))
        return guards

    def rhs(self, eq: str) -> S.Rhs:
        st = self.start()
        body = None
        guards: list[S.GuardedExpr] = []
        if self.at("reservedop", "|"):
            # guards may continue on the next line at the block's indentation
            guards = self.guards(eq)
        else:
            self.expect("reservedop", eq)
            body = self.expr()
        where: list[S.Decl] = []
        if self.at("reserved", "where"):
            self.next()
            where = self.decls_block()
        return S.Rhs(body, guards, where, self.span_from(st))

def group_clauses(decls: list, file: str) -> list[S.Decl]:
    """Merge consecutive clauses of one name into a ``DFun``; reject split definitions."""
    out: list[S.Decl] = []
    seen: set[str] = set()
    for d in decls:
        if isinstance(d, S.Clause):
            last = out[-1] if out else None
            if isinstance(last, S.DFun) and last.name == d.name:
                if len(d.pats) != len(last.clauses[0].pats):
                    raise SourceError(f"Equations for `{d.name}' have different numbers of "
                                      "arguments", file, d.span[0], d.span[1])
                if not d.pats:
                    raise SourceError(f"Multiple declarations of `{d.name}'", file,
                                      d.span[0], d.span[1])
                last.clauses.append(d)
                last.span = S.join(last.span, d.span)
                continue
            if d.name in seen:
                raise SourceError(f"Multiple declarations of `{d.name}'", file, d.span[0],
                                  d.span[1])
            seen.add(d.name)
            out.append(S.DFun(d.name, [d], d.span, d.name_span))
        else:
            out.append(d)
    return out


def parse_module(source: str, filename: str, magic_hash: bool = False,
                 prelude_names: frozenset[str] | None = None) -> S.Module:
    """Parse a whole module. Raises ``SourceError`` for lexical, layout and syntax errors.
    Record syntax is resolved here into the plain forms (``records.py``). With
    ``prelude_names`` (the Prelude's), names the module imports from containers' modules
    are resolved to theirs (``modules.resolve``)."""
    parser = Parser(source, filename, magic_hash, prelude_names)
    module = parser.module()
    if parser.has_records:
        from .records import resolve

        resolve(module)
    return module
