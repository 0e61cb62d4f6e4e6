"""The uncaught-exception message with the exception's argument, as Poly/ML prints it.

Poly/ML prints ``Exception- Mine 3 raised`` (``Mine (SOME 3)``, ``Fail "x"``, ``E (1, "a")``,
``E [1, 2]``, ``E {a = 1, b = 2.5}``, ``E fn``). The runtime knows no types, so the front end
wraps the program's top level in a handler that formats the exception value from the types
the checker gave the program's top-level exceptions (lowered here to IR, with basis.sml's
``ProfkitPrint`` helpers for lists, strings, chars and words) and raises, to the runtime's
outermost handler, an exception whose name string is that text: the runtime prints
``Exception- <name> raised`` for it. Exceptions declared inside expressions (``let``) are
printed by name only; values of types without a printed form print as ``?``.
"""

from __future__ import annotations

from .. import ir
from .types import (
    ARRAY,
    ARROW,
    CHAR,
    EXN,
    INT,
    INTINF,
    REAL,
    REF,
    STRING,
    VECTOR,
    WORD,
    WORD8,
    ExnInfo,
    TCon,
    TRec,
    TypePrinter,
    prune,
    sorted_labels,
    subst,
)


def cat(parts: list[ir.Expr]) -> ir.Expr:
    """Concatenation of string expressions (one runtime call)."""
    lst: ir.Expr = ir.Int(0)
    for p in reversed(parts):
        lst = ir.Alloc("pair", [p, lst], "::", "list")
    return ir.Runtime("string_concat_list", [lst])


def lit(text: str) -> ir.Expr:
    return ir.String(text.encode("latin-1"))


class ValuePrinter:
    """Builds IR printing values of known types; ``lw`` is the ``lower.Lowerer``."""

    def __init__(self, lw, exns: list[ExnInfo]) -> None:
        self.lw = lw
        self.exns = exns
        self.memo: dict[str, int] = {}  # datatype instance / exn -> uid of its printer
        self.items: dict[int, str] = {}

    def helper(self, name: str) -> ir.Expr:
        return self.lw.global_read(self.lw.globals[self.lw.basis_env.lookup_value(
            "ProfkitPrint." + name).uid])

    def fmt(self, t, v: ir.Expr, paren: bool) -> ir.Expr:
        """String of value ``v`` (a cheap expression) of type ``t``; ``paren`` when it is a
        constructor's argument (applications are then parenthesised)."""
        t = prune(t)
        if isinstance(t, TRec):
            labs = sorted_labels(t.fields)
            if not labs:
                return lit("()")
            vals = [ir.Select(i, v) for i in range(len(labs))]
            if labs == [str(i + 1) for i in range(len(labs))] and len(labs) > 1:
                parts: list[ir.Expr] = [lit("(")]
                for i, lab in enumerate(labs):
                    parts += [lit(", ")] if i else []
                    parts.append(self.fmt(t.fields[lab], vals[i], False))
                return cat(parts + [lit(")")])
            parts = [lit("{")]
            for i, lab in enumerate(labs):
                parts += [lit(", ")] if i else []
                parts += [lit(f"{lab} = "), self.fmt(t.fields[lab], vals[i], False)]
            return cat(parts + [lit("}")])
        if not isinstance(t, TCon):
            return lit("?")
        c = t.con
        if c is INT:
            return ir.Runtime("int_to_string", [v])
        if c is REAL:
            return ir.Runtime("real_to_string", [v])
        if c is STRING:
            return ir.Call(self.helper("string"), v)
        if c is CHAR:
            return ir.Call(self.helper("char"), v)
        if c is WORD:
            return ir.Call(self.helper("word"), v)
        if c is WORD8:
            return ir.Call(self.helper("word8"), v)
        if c is INTINF:
            return ir.Call(self.lw.global_read(self.lw.globals[self.lw.basis_env.lookup_value(
                "IntInf.toString").uid]), v)
        if c is ARROW:
            return lit("fn")
        if c is EXN:
            return ir.Call(self.printer_closure(f"exn{paren}", lambda p: self.exn_body(
                p, paren)), v)
        if c is REF:
            s = cat([lit("ref "), self.fmt(t.args[0], ir.Deref(v), True)])
            return cat([lit("("), s, lit(")")]) if paren else s
        if c in (ARRAY, VECTOR):
            s = ir.Call(ir.Call(self.helper("array"), self.elem_closure(t.args[0])), v)
            return cat([lit("("), s, lit(")")]) if paren else s
        dt = c.datatype
        if dt is None:
            return lit("?")
        if dt.is_list:
            return ir.Call(ir.Call(self.helper("list"), self.elem_closure(t.args[0])), v)
        key = f"{id(c)}:{TypePrinter().show(t)}"
        s = ir.Call(self.printer_closure(key, lambda p: self.datatype_body(t, p)), v)
        if not paren or dt.n_valued == 0:
            return s
        tmp = self.lw.fresh("s")
        return ir.Let(tmp, s, ir.If(ir.Prim("is_int", [v]), ir.Var(tmp),
                                    cat([lit("("), ir.Var(tmp), lit(")")])))

    def elem_closure(self, t) -> ir.Expr:
        name = self.lw.item_name("<print element>", (1, 1))
        return self.lw.new_item(name, (1, 1), [], lambda p: self.fmt(t, ir.Var(p), False))

    def printer_closure(self, key: str, body) -> ir.Expr:
        """A recursive printer (datatypes, exn): one code item per key, reached again
        through its own uid (SelfClosure inside it, captured by nested items)."""
        if key in self.memo:
            return self.lw.access(self.memo[key])
        uid = -next(self.lw.names) - 1
        self.memo[key] = uid
        name = self.lw.item_name("<print value>", (1, 1))
        try:
            return self.lw.new_item(name, (1, 1), [], lambda p: body(ir.Var(p)), self_uid=uid)
        finally:
            del self.memo[key]  # reachable by uid only inside the item itself

    def datatype_body(self, t: TCon, v: ir.Expr) -> ir.Expr:
        dt = t.con.datatype
        nullary = [(c.tag, lit(c.name)) for c in dt.cons if not c.has_arg]
        valued = []
        for c in dt.cons:
            if not c.has_arg:
                continue
            params, ft = c.scheme
            at = subst(prune(ft).args[0], {p.id: a for p, a in zip(params, t.args)})
            valued.append((c.tag, cat([lit(c.name + " "), self.fmt(at, ir.Select(1, v), True)])))
        n = ir.Switch(v, nullary, lit("?")) if nullary else lit("?")
        if not valued:
            return n
        return ir.If(ir.Prim("is_int", [v]), n, ir.Switch(ir.Select(0, v), valued, lit("?")))

    def exn_body(self, e: ir.Expr, paren: bool) -> ir.Expr:
        out: ir.Expr = ir.Select(0, e)  # the name string
        for info in reversed(self.exns):
            at = prune(info.scheme[1]).args[0]
            text = cat([lit(("(" if paren else "") + info.name + " "),
                        self.fmt(at, ir.Select(1, e), True), lit(")" if paren else "")])
            out = ir.If(ir.Prim("eqptr", [ir.Select(0, e), self.lw.exn_id_current(info)]),
                        text, out)
        return out


def wrap_uncaught(lw, body: ir.Expr, exns: list[ExnInfo]) -> ir.Expr:
    """``body`` (the program's top level) inside the handler described above. Exceptions
    without an argument (and ``Fail``, which the runtime prints) are re-raised as they are,
    so a program declaring no exception with an argument is left unchanged."""
    exns = [x for x in exns if x.has_arg]
    if not exns:
        return body
    fail = lw.basis_env.lookup_value("Fail") if lw.basis_env is not None else None
    printer = ValuePrinter(lw, exns + ([fail] if isinstance(fail, ExnInfo) else []))
    name = lw.fresh("uncaught")
    e = ir.Var(name)
    out: ir.Expr = ir.Raise(e)
    for info in reversed(exns):
        at = prune(info.scheme[1]).args[0]
        text = cat([lit(info.name + " "), printer.fmt(at, ir.Select(1, e), True)])
        out = ir.If(ir.Prim("eqptr", [ir.Select(0, e), lw.exn_id_current(info)]),
                    ir.Raise(ir.Alloc("record", [text, ir.Int(0)], info.name, "exn")), out)
    return ir.Handle(body, name, out)
