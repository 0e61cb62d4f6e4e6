"""Lowering of the builtins (``types.BUILTIN_TYPES``) to ``Prim``/``Runtime``/``Alloc``.

Overloaded operators are resolved from the type the checker instantiated at the occurrence
(``EVar.ty``). Float-valued real primitives (``radd rsub rmul rdiv rneg real_of_int sqrt``)
always appear directly as the field of ``Alloc("real", [...])`` (the boxing allocation);
their arguments are boxed reals. Runtime services take exactly one argument; several
arguments are passed as a pair (2) or record (3), in the order the service documents.
"""

from __future__ import annotations

from typing import Callable

from profkit.errors import SourceError

from .. import ir
from . import syntax as S
from .types import ARRAY, REF, VECTOR, TCon, TRec, prune

INT_OPS = {"+": "add", "-": "sub", "*": "mul", "div": "div", "mod": "mod",
           "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}
REAL_ARITH = {"+": "radd", "-": "rsub", "*": "rmul", "/": "rdiv"}
REAL_CMP = {"<": "rlt", "<=": "rle", ">": "rgt", ">=": "rge"}
SERVICES = {
    "print": "print", "Int.toString": "int_to_string", "Real.toString": "real_to_string",
    "^": "string_concat", "String.concat": "string_concat_list",
    "String.size": "string_size", "String.sub": "string_sub",
    "String.substring": "substring", "String.implode": "implode",
    "String.explode": "explode", "Array.array": "array_make", "Array.sub": "array_sub",
    "Array.update": "array_update", "Array.length": "array_length",
    "String.<": "string_lt", "String.=": "string_eq", "General.exit": "exit",
    "String.str": "char_to_string", "Unsafe.stringCompare": "string_compare",
    "Array.fromList": "array_from_list", "Unsafe.byteArray": "bytearray_make",
    "Unsafe.byteSub": "bytearray_sub", "Unsafe.byteUpdate": "bytearray_update",
    "Unsafe.byteLength": "bytearray_length", "Unsafe.realFmt": "real_fmt",
    "Unsafe.realFromString": "real_from_string",
}
BINARY_PRIMS = {"Int.quot": "quot", "Int.rem": "rem", "Real.==": "req",
                "Unsafe.andb": "andb", "Unsafe.orb": "orb", "Unsafe.xorb": "xorb"}
# overloaded operators at type word: SML functions of basis.sml's Word structure
WORD_IMPLS = {"+": "Word.+", "-": "Word.-", "*": "Word.*", "div": "Word.div",
              "mod": "Word.mod", "~": "Word.~", "<": "Word.<", "<=": "Word.<=",
              ">": "Word.>", ">=": "Word.>="}
# at IntInf.int: SML functions of basis.sml's IntInf structure
INTINF_IMPLS = {"+": "IntInf.+", "-": "IntInf.-", "*": "IntInf.*", "div": "IntInf.div",
                "mod": "IntInf.mod", "~": "IntInf.~", "abs": "IntInf.abs", "<": "IntInf.<",
                "<=": "IntInf.<=", ">": "IntInf.>", ">=": "IntInf.>="}
# at Word8.word (values 0..255): inline integer code, reduced modulo 256
WORD8_OPS = {"+": "add", "-": "sub", "*": "mul"}
UNARY_PRIMS = {"not": "not", "Real.floor": "floor", "Real.ceil": "ceil",
               "Real.trunc": "trunc", "Real.round": "round"}
BOXED_UNARY = {"Real.fromInt": "real_of_int", "Math.sqrt": "sqrt"}

Builder = Callable[[list[ir.Expr]], ir.Expr]


def boxed(op: str, args: list[ir.Expr]) -> ir.Expr:
    return ir.Alloc("real", [ir.Prim(op, args)])


def type_name(t) -> str:
    t = prune(t)
    if isinstance(t, TCon):
        return t.con.name
    if isinstance(t, TRec):
        return "record"
    return "var"


class PrimLowering:
    """Mixin for ``lower.Lowerer``: needs ``exp``, ``fresh``, ``eta``."""

    def operand_type(self, f: S.EVar):
        ft = prune(f.ty)
        assert isinstance(ft, TCon)
        a = prune(ft.args[0])
        if isinstance(a, TRec) and "1" in a.fields:
            return prune(a.fields["1"])
        return a

    def prim_spec(self, name: str, f: S.EVar) -> tuple[int, Builder, str]:
        """(number of arguments taken from the tuple, IR builder, key naming the item)."""
        if name in SERVICES:
            svc = SERVICES[name]
            return 1, lambda a: ir.Runtime(svc, [a[0]]), name
        if name in UNARY_PRIMS:
            op = UNARY_PRIMS[name]
            return 1, lambda a: ir.Prim(op, a), name
        if name in BOXED_UNARY:
            op = BOXED_UNARY[name]
            return 1, lambda a: boxed(op, a), name
        if name in ("Char.ord", "Char.unsafeChr", "Unsafe.cast"):
            return 1, lambda a: a[0], name
        if name in BINARY_PRIMS:
            bop = BINARY_PRIMS[name]
            return 2, lambda a: ir.Prim(bop, a), name
        if name == "General.exnName":
            return 1, lambda a: ir.Select(0, a[0]), name
        if name == "!":
            return 1, lambda a: ir.Deref(a[0]), name
        if name == "ref":
            return 1, lambda a: ir.Alloc("ref", a), name
        if name == ":=":
            return 2, lambda a: ir.Seq([ir.Assign(a[0], a[1]), ir.Int(0)]), name
        tn = type_name(self.operand_type(f))
        if tn == "word" and name in WORD_IMPLS:
            impl = self.basis_global(WORD_IMPLS[name], f)
            return 1, lambda a: ir.Call(impl, a[0]), f"word{name}"
        if tn == "IntInf.int" and name in INTINF_IMPLS:
            impl = self.basis_global(INTINF_IMPLS[name], f)
            return 1, lambda a: ir.Call(impl, a[0]), f"intinf{name}"
        if tn == "Word8.word" and name in WORD8_OPS:
            op8 = WORD8_OPS[name]
            return 2, lambda a: ir.Prim("mod", [ir.Prim(op8, a), ir.Int(256)]), f"word8{name}"
        if tn == "Word8.word" and name == "~":
            return 1, lambda a: ir.Prim("mod", [ir.Prim("neg", a), ir.Int(256)]), "word8~"
        if tn == "Word8.word" and name in INT_OPS:
            tn = "int"  # div, mod and comparisons: as on the integers 0..255
        if name in ("=", "<>"):
            build = self.equality(f, tn)
            if name == "<>":
                return 2, lambda a: ir.Prim("not", [build(a)]), f"{tn}<>"
            return 2, build, f"{tn}="
        if name in ("~", "abs"):
            if tn == "real":
                if name == "~":
                    return 1, lambda a: boxed("rneg", a), "real~"
                return 1, self.real_abs, "realabs"
            return 1, lambda a: ir.Prim("neg" if name == "~" else "abs", a), f"int{name}"
        if tn in ("int", "char") and name in INT_OPS:
            op = INT_OPS[name]
            return 2, lambda a: ir.Prim(op, a), f"int{name}"
        if tn == "real" and name in REAL_ARITH:
            op = REAL_ARITH[name]
            return 2, lambda a: boxed(op, a), f"real{name}"
        if tn == "real" and name in REAL_CMP:
            op = REAL_CMP[name]
            return 2, lambda a: ir.Prim(op, a), f"real{name}"
        if tn == "string" and name in REAL_CMP:
            return 2, self.string_cmp(name), f"string{name}"
        raise SourceError(f"type error: '{name}' is not defined on type {tn}", self.file,
                          *f.pos)  # type: ignore[attr-defined]

    def basis_global(self, name: str, f: S.EVar) -> ir.Expr:
        """The global holding basis function ``name`` (defined before any use)."""
        info = self.basis_env.lookup_value(name) if self.basis_env else None  # type: ignore
        uid = getattr(info, "uid", None)
        if uid is None or uid not in self.globals:  # type: ignore[attr-defined]
            raise SourceError(f"'{name}' is used before the basis defines it",
                              self.file, *f.pos)  # type: ignore[attr-defined]
        return self.global_read(self.globals[uid])  # type: ignore[attr-defined]

    def intinf_const(self, value: int, e) -> ir.Expr:
        """An integer constant at type IntInf.int: IntInf.fromInt of a 30-bit one, else
        IntInf.fromDigits of its sign and base-10000 digits (least significant first)."""
        if -(1 << 29) <= value < (1 << 29):
            return ir.Call(self.basis_global("IntInf.fromInt", e), ir.Int(value))
        digits: ir.Expr = ir.Int(0)  # nil
        mag = abs(value)
        limbs = []
        while mag:
            mag, d = divmod(mag, 10000)
            limbs.append(d)
        for d in reversed(limbs):
            digits = ir.Alloc("pair", [ir.Int(d), digits])
        return ir.Call(self.basis_global("IntInf.fromDigits", e),
                       ir.Alloc("pair", [ir.Int(1 if value < 0 else 0), digits]))

    def equality(self, f: S.EVar, tn: str) -> Builder:
        t = self.operand_type(f)
        if isinstance(t, TCon):
            dt = t.con.datatype
            if tn in ("int", "char", "word", "Word8.word") or (
                    dt is not None and not dt.is_list and dt.n_valued == 0):
                return lambda a: ir.Prim("eq", a)
            if tn == "string":
                return lambda a: ir.Runtime("string_eq", [ir.Alloc("pair", a)])
            if t.con in (REF, ARRAY):
                return lambda a: ir.Prim("eqptr", a)
            if t.con is VECTOR:  # shares the array representation: compare the elements
                tl = self.basis_global("Vector.toList", f)
                return lambda a: ir.Runtime("structural_eq", [ir.Alloc("pair", [
                    ir.Call(tl, a[0]), ir.Call(tl, a[1])])])
        if isinstance(t, TRec) and not t.fields:
            return lambda a: ir.Seq([a[0], a[1], ir.Int(1)])
        return lambda a: ir.Runtime("structural_eq", [ir.Alloc("pair", a)])

    def real_abs(self, a: list[ir.Expr]) -> ir.Expr:
        v = self.fresh("r")  # type: ignore[attr-defined]
        return ir.Let(v, a[0], ir.If(ir.Prim("rlt", [ir.Var(v), ir.Alloc("real", [ir.Real(0.0)])]),
                                     boxed("rneg", [ir.Var(v)]), ir.Var(v)))

    def string_cmp(self, name: str) -> Builder:
        def lt(x: ir.Expr, y: ir.Expr) -> ir.Expr:
            return ir.Runtime("string_lt", [ir.Alloc("pair", [x, y])])
        if name == "<":
            return lambda a: lt(a[0], a[1])
        if name == ">":
            return lambda a: self.swap(a, lambda x, y: lt(y, x))
        if name == "<=":
            return lambda a: self.swap(a, lambda x, y: ir.Prim("not", [lt(y, x)]))
        return lambda a: ir.Prim("not", [lt(a[0], a[1])])

    def swap(self, a: list[ir.Expr], k) -> ir.Expr:
        # evaluate left to right, then use in swapped order
        x, y = self.fresh("l"), self.fresh("r")  # type: ignore[attr-defined]
        return ir.Let(x, a[0], ir.Let(y, a[1], k(ir.Var(x), ir.Var(y))))

    def prim_apply(self, b, f: S.EVar, arg: S.Exp) -> ir.Expr:
        n, build, _ = self.prim_spec(b.name, f)
        if n == 1:
            return build([self.exp(arg)])  # type: ignore[attr-defined]
        while isinstance(arg, S.ETyped):
            arg = arg.exp
        if isinstance(arg, S.ERecord) and arg.is_tuple and len(arg.fields) == n:
            return build([self.exp(x) for _, x in arg.fields])  # type: ignore[attr-defined]
        tmp = self.fresh("t")  # type: ignore[attr-defined]
        return ir.Let(tmp, self.exp(arg),  # type: ignore[attr-defined]
                      build([ir.Select(i, ir.Var(tmp)) for i in range(n)]))

    def prim_value(self, b, f: S.EVar) -> ir.Expr:
        n, build, key = self.prim_spec(b.name, f)
        ident = None
        if b.name in ("=", "<>"):  # the equality used depends on the type itself
            t = self.operand_type(f)
            ident = t.con if isinstance(t, TCon) else None
        if n == 1:
            return self.eta(key, f, lambda a: build([a]), ident=ident)  # type: ignore
        return self.eta(key, f, lambda a: build(  # type: ignore[attr-defined]
            [ir.Select(i, a) for i in range(n)]), ident=ident)
