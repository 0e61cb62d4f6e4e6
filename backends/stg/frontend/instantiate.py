"""The instantiations of recursive generalised local functions (issue 18).

GHC's type checker gives a recursive local function it generalises over a class (no
signature: ``credit acct x ((a, b) : rest) | a == acct = ..``, ``(Eq a, Num b) => ..``) an
abstraction over the dictionaries outside its recursion: ``credit = \\$dEq $dNum -> letrec
credit' = \\acct x ds -> .. credit' .. in credit'``. At -O0 nothing removes it, so each use
of ``credit`` (each call from outside its own body) applies it to the dictionaries, which
makes the superclass selections its body needs and allocates the loop's closure, holding
those dictionaries and the function's other free variables (its own name is not stored:
a closure reaches itself through its own pointer). GHC 9.0.2, ledger.hs's ``post``: 24
bytes per use of ``credit`` (two dictionaries), 48 for the branch calling it twice.

The model's closure is the loop's, allocated where the function is bound; this pass adds
each use's allocation before the call, as words nothing keeps (the model's garbage cells).
Run after the free-variable pass (the loop's size counts its free variables)."""

from __future__ import annotations

from typing import Callable

from .. import ir
from .stgpass import map_nested, pad_cells

def cells(words: int, fresh: Callable[[str], str]) -> list[ir.Bind]:
    """Bindings allocating ``words`` words in cells of 2 to 6 words (stgpass.pad_cells)."""
    return pad_cells(words, fresh, ir.Lit(0, "Int"))


def instantiations(program: ir.Program, funs: dict[str, tuple[list[int], int]],
                   fresh: Callable[[str], str]) -> None:
    """Before each call of the functions in ``funs`` (IR name -> the sizes in bytes of
    the selections it makes per instantiation, the dictionaries its loop holds) from
    outside their own bodies, the instantiation's selections and loop closure."""
    if not funs:
        return
    for top in program.binds:
        if top.module == "Main" and isinstance(top.rhs, ir.Closure):
            top.rhs.body = _Walk(funs, fresh).expr(top.rhs.body)


class _Walk:
    def __init__(self, funs: dict[str, tuple[list[int], int]], fresh: Callable[[str], str]):
        self.funs, self.fresh = funs, fresh
        self.words: dict[str, int] = {}  # a bound function -> its instantiation's words
        self.inside: list[str] = []  # the functions whose bodies are being walked

    def expr(self, e: ir.Expr) -> ir.Expr:
        if isinstance(e, ir.App):
            words = self.words.get(e.fun)
            if words is None or e.fun in self.inside or not e.args:
                return e
            return ir.Let(cells(words, self.fresh), e) if words > 1 else e
        if isinstance(e, ir.Let):
            x: ir.Expr = e
            chain = []
            while isinstance(x, ir.Let):
                for b in x.binds:
                    spec = self.funs.get(b.name)
                    if spec is not None and isinstance(b.rhs, ir.Closure):
                        sizes, held = spec
                        others = [v for v in b.rhs.free if v != b.name]
                        self.words[b.name] = sum(sizes) // 8 + 1 + held + len(others)
                for b in x.binds:
                    if isinstance(b.rhs, ir.Closure):
                        self.inside.append(b.name)
                        b.rhs.body = self.expr(b.rhs.body)
                        self.inside.pop()
                chain.append(x)
                x = x.body
            out = self.expr(x)
            for let in reversed(chain):
                let.body = out
                out = let
            return out
        return map_nested(e, self.expr)
