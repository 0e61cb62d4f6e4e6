"""Let-no-escape functions, as GHC's code generator compiles them.

A local function that is only ever called, saturated, in tail position of the body of the
``let`` that binds it (``f k c | c > 5 = rot 1 | otherwise = rot 2 where rot b = b + c +
k``) is a join point in GHC: no closure is allocated for it, a call is a jump (the stack
does not change). GHC 9.0.2 -O0: ``f`` allocates nothing where a closure capturing ``c``
and ``k`` would cost 24 bytes per call. A call under a cost centre of the let body (a
recursive function's call inside its own ``go`` cost centre) is not a jump: such a
function keeps its closure (``where go acc i = ... go (acc + i) (i + 1)`` with
-fprof-auto allocates ``go``'s two words in GHC too).

``lift_join_points`` turns each such function into a top-level one taking its free
variables first (the machine allocates nothing for a call of a top-level function, and a
call does not change the cost-centre stack, as a jump does not); run it after
``stgpass.fill_free_vars`` and run that again after it.
"""

from __future__ import annotations

from .. import ir


def lift_join_points(program: ir.Program, keep: set[str] = frozenset()) -> None:
    """Lift the join points of the program's own code; ``keep``: local functions that take
    dictionaries in GHC (a constrained generalised binding), whose closures GHC allocates."""
    globals_ = {b.name for b in program.binds} | set(keep)
    lifted: list[ir.TopBind] = []
    for top in program.binds:
        if top.module == "Main" and isinstance(top.rhs, ir.Closure):
            top.rhs.body = _expr(top.rhs.body, lifted, globals_)
    program.binds.extend(lifted)


def _expr(e: ir.Expr, out: list[ir.TopBind], globals_: set[str]) -> ir.Expr:
    """``e`` with the join points of its lets lifted into ``out`` (walks every closure)."""
    if isinstance(e, ir.Let):
        for b in e.binds:
            if isinstance(b.rhs, ir.Closure):
                b.rhs.body = _expr(b.rhs.body, out, globals_)
        e.body = _expr(e.body, out, globals_)
        keep = []
        names = {b.name for b in e.binds}
        for b in e.binds:
            r = b.rhs
            if (isinstance(r, ir.Closure) and r.params and b.name not in globals_
                    and not (set(r.free) & names)
                    and not any(_occurs(o.rhs, b.name) for o in e.binds if o is not b)
                    and _tail_only(e.body, b.name, len(r.params))):
                name = _fresh(b.name + "$j", globals_)
                free = list(r.free)
                out.append(ir.TopBind(name, ir.Closure(free + r.params, r.body, r.info, False),
                                      "Main"))
                e.body = _redirect(e.body, b.name, name, free)
            else:
                keep.append(b)
        if not keep:
            return e.body
        e.binds = keep
        return e
    if isinstance(e, ir.Case):
        e.scrut = _expr(e.scrut, out, globals_)
        for a in e.alts:
            a.body = _expr(a.body, out, globals_)
        if e.default is not None:
            e.default = _expr(e.default, out, globals_)
        return e
    if isinstance(e, ir.SCC):
        e.body = _expr(e.body, out, globals_)
    return e


def _fresh(base: str, taken: set[str]) -> str:
    name, k = base, 1
    while name in taken:
        k += 1
        name = f"{base}{k}"
    taken.add(name)
    return name


def _atoms_mention(args: list, name: str) -> bool:
    return any(isinstance(a, ir.Var) and a.name == name for a in args)


def _occurs(x: object, name: str) -> bool:
    """Whether ``name`` occurs anywhere in expression or right-hand side ``x``."""
    stack = [x]
    while stack:
        e = stack.pop()
        if isinstance(e, ir.Closure):
            if name in e.free or name in e.params:
                return True
            stack.append(e.body)
        elif isinstance(e, ir.ConRhs):
            if _atoms_mention(e.args, name):
                return True
        elif isinstance(e, ir.App):
            if e.fun == name or _atoms_mention(e.args, name):
                return True
        elif isinstance(e, (ir.ConApp, ir.PrimOp)):
            if _atoms_mention(e.args, name):
                return True
        elif isinstance(e, ir.Let):
            stack.extend(b.rhs for b in e.binds)
            stack.append(e.body)
        elif isinstance(e, ir.Case):
            stack.append(e.scrut)
            stack.extend(a.body for a in e.alts)
            if e.default is not None:
                stack.append(e.default)
        elif isinstance(e, ir.SCC):
            stack.append(e.body)
    return False


def _tail_only(e: ir.Expr, name: str, arity: int) -> bool:
    """Every occurrence of ``name`` in ``e`` is a saturated call in tail position (through
    lets and case alternatives, not under a cost centre), and there is at least one."""
    found = False
    stack = [e]
    while stack:
        x = stack.pop()
        if isinstance(x, ir.App):
            if _atoms_mention(x.args, name):
                return False
            if x.fun == name:
                if len(x.args) != arity:
                    return False
                found = True
        elif isinstance(x, ir.Let):
            if any(_occurs(b.rhs, name) for b in x.binds):
                return False
            stack.append(x.body)
        elif isinstance(x, ir.Case):
            if _occurs(x.scrut, name):
                return False
            stack.extend(a.body for a in x.alts)
            if x.default is not None:
                stack.append(x.default)
        elif _occurs(x, name):  # under a cost centre, or an argument of a primitive
            return False
    return found


def _redirect(e: ir.Expr, name: str, new: str, free: list[str]) -> ir.Expr:
    """The tail calls of ``name`` in ``e`` made calls of ``new`` with ``free`` first."""
    if isinstance(e, ir.App) and e.fun == name:
        return ir.App(new, [ir.Var(f) for f in free] + e.args)
    if isinstance(e, ir.Let):
        e.body = _redirect(e.body, name, new, free)
    elif isinstance(e, ir.Case):
        for a in e.alts:
            a.body = _redirect(a.body, name, new, free)
        if e.default is not None:
            e.default = _redirect(e.default, name, new, free)
    return e
