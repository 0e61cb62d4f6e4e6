"""Real values in the code walker (a mixin of ``walker.Walker``, split off for size): a
double computed in the target's float register without boxing, and boxed as MLWorks boxes
reals (an allocation site the space profiler sees)."""

from __future__ import annotations

from .. import ir
from .hooks import alloc_name


class FloatValues:
    """Needs from ``Walker``: float_const, float_arith, float_unary, float_of_int, float_load,
    store_boxed_double, two, into, alloc_seq, alloc_site, ACC, FLOAT_SECOND."""

    def float_value(self, e) -> None:
        """The double value of ``e`` in the target's float register without boxing it: a
        Real constant, a float-valued primitive (whose arguments are boxed reals), or any
        expression whose value is a boxed real."""
        if isinstance(e, ir.Real):
            self.float_const(e.value)
        elif isinstance(e, ir.Prim) and e.op in ("radd", "rsub", "rmul", "rdiv"):
            self.two(e.args, self.FLOAT_SECOND)
            self.float_arith(e.op)
        elif isinstance(e, ir.Prim) and e.op in ("rneg", "sqrt"):
            self.into(e.args[0], self.ACC)
            self.float_unary(e.op)
        elif isinstance(e, ir.Prim) and e.op == "real_of_int":
            self.into(e.args[0], self.ACC)
            self.float_of_int()
        else:
            self.into(e, self.ACC)
            self.float_load()

    def box_real(self) -> None:
        """Box the double in the float register (the GC leaves those alone); into ACC."""
        primary = self.alloc_seq("real", 1)
        self.store_boxed_double(primary)
        self.alloc_site(alloc_name("real", 1), self.ACC, primary)

    def x_Real(self, e: ir.Real, tail):
        self.float_value(e)
        self.box_real()
