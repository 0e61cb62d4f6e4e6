"""Readable text for STG IR (debugging, tests and ``--dump-stg``-style output)."""

from __future__ import annotations

from . import ir


def atom(a: ir.Atom) -> str:
    if isinstance(a, ir.Var):
        return a.name
    if a.kind == "String":
        return f"{a.value!r}#"
    return repr(a.value)


def rhs(r: ir.Rhs, ind: int) -> str:
    if isinstance(r, ir.ConRhs):
        return f"{r.con} [{', '.join(atom(a) for a in r.args)}]"
    kind = "\\r" if not r.params else "\\n"
    if not r.params and not r.updatable:
        kind = "\\s"
    head = f"{kind} [{' '.join(r.free)}] [{' '.join(r.params)}] ->"
    return head + "\n" + " " * (ind + 2) + expr(r.body, ind + 2)


def expr(e: ir.Expr, ind: int = 0) -> str:
    pad = " " * ind
    if isinstance(e, ir.App):
        return f"{e.fun} {' '.join(atom(a) for a in e.args)}".rstrip()
    if isinstance(e, ir.ConApp):
        return f"{e.con} [{', '.join(atom(a) for a in e.args)}]"
    if isinstance(e, ir.PrimOp):
        return f"{e.op}# {' '.join(atom(a) for a in e.args)}"
    if isinstance(e, ir.LitE):
        return atom(e.lit)
    if isinstance(e, ir.SCC):
        return f"scc<{e.cc.label} {e.cc.src}{'' if e.count else ' nocount'}>\n{pad}" + \
            expr(e.body, ind)
    if isinstance(e, ir.Let):
        kw = "let rec" if e.rec else "let"
        parts = [f"{b.name} = {rhs(b.rhs, ind + 4)}" for b in e.binds]
        sep = "\n" + pad + " " * (len(kw) + 1)
        return f"{kw} " + sep.join(parts) + f"\n{pad}in " + expr(e.body, ind + 3)
    if isinstance(e, ir.Case):
        out = [f"case {expr(e.scrut, ind + 5)} of {e.binder} {{"]
        for a in e.alts:
            if isinstance(a, ir.ConAlt):
                pat = f"{a.con} {' '.join(a.vars)}".rstrip()
            else:
                pat = atom(a.lit)
            out.append(f"{pad}  {pat} -> " + expr(a.body, ind + 4))
        if e.default is not None:
            out.append(f"{pad}  __DEFAULT -> " + expr(e.default, ind + 4))
        out.append(pad + "}")
        return "\n".join(out)
    raise TypeError(e)


def program(p: ir.Program, module: str | None = None) -> str:
    out = []
    for b in p.binds:
        if module is None or b.module == module:
            out.append(f"{b.name} = {rhs(b.rhs, 0)}")
    return "\n\n".join(out) + "\n"
