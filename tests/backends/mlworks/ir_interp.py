"""A reference interpreter for ``profkit.backends.mlworks.ir`` programs (tests only).

Pure Python and deliberately simple: values are Python values, not tagged words.
ints (also chars, booleans 0/1, unit 0, nil 0, nullary constructors) -> ``int``;
boxed reals -> ``float``; strings -> ``bytes``; pairs/records -> ``tuple``;
refs -> ``Ref``; arrays -> ``Arr``; closures -> ``Closure(record, k)`` where ``record`` is a
list ``[code_0, ..., free...]`` and ``k`` the field the closure value points at (``k > 0``
only for members of a shared ``LetRecClosures`` record). Exceptions are ``MLRaise``
carrying the exception value (a tuple ``(name, arg)``).

Each IR expression is compiled once into a Python closure; calls in tail position return
a ``_Tail`` that the caller's loop runs, so tail-recursive SML loops use constant Python
stack. Semantics are the IR's documented ones: 30-bit integer overflow raises Overflow,
``div``/``mod`` floor, ``quot``/``rem`` truncate, division by zero raises Div.

Use ``run_program(prog) -> Result(stdout, uncaught)``; ``uncaught`` is what Poly/ML prints
for an uncaught exception (``Exception- Div raised``) or None.
"""

from __future__ import annotations

import math
import sys
import threading
from dataclasses import dataclass

from profkit.backends.mlworks import ir
from profkit.backends.mlworks.codegen.hooks import alloc_name, closure_name
from profkit.backends.mlworks.codegen.inline import INLINE

MIN_INT = -(1 << 29)
MAX_INT = (1 << 29) - 1


class Ref:
    __slots__ = ("v",)

    def __init__(self, v):
        self.v = v


class Arr:
    __slots__ = ("items",)

    def __init__(self, items):
        self.items = items


class Closure:
    __slots__ = ("rec", "k")

    def __init__(self, rec, k):
        self.rec = rec
        self.k = k


class MLRaise(Exception):
    def __init__(self, value):
        super().__init__()
        self.value = value


class _Tail:
    __slots__ = ("fn", "arg")

    def __init__(self, fn, arg):
        self.fn = fn
        self.arg = arg


@dataclass
class Result:
    stdout: str
    uncaught: str | None
    #: with ``count=True``: entries per code item name (every application, tail calls and
    #: self tail calls included), as the instrumented code counts them
    calls: dict[str, int] | None = None
    #: with ``count=True``: uses by kind -- "enter" (a closure entered), "select" (a field
    #: of a record/tuple/constructor selected), "scrutinise" (``is_int`` on a boxed value)
    uses: dict[str, int] | None = None
    #: with ``count=True``: (objects allocated by ``Alloc``/closures, of which ever used)
    objects: tuple[int, int] | None = None
    #: with ``count=True``: objects allocated per description as the code generators name
    #: their sites (``codegen/hooks.py``: ``alloc_name``, ``closure_name``), boxed reals and
    #: ``explode``'s cons cells and the ``(ref, value)`` pair of an ``Assign`` (the
    #: write-barrier service's argument) included
    allocs: dict[str, int] | None = None
    #: with ``count=True``: (era when allocated, era of the last use, 0 = never used) of
    #: every object of ``objects``, in allocation order; eras advance at the censuses given
    #: as ``census_at`` (a census before the object numbered ``census_at[k]`` is allocated)
    eras: list[tuple[int, int]] | None = None


def real_to_string(x: float) -> str:
    """SML Basis ``Real.toString`` = ``fmt (GEN NONE)`` exactly as Poly/ML 5.7 computes it:
    the value rounded to 12 significant digits (trailing zeros dropped), written ``d.dddEx``
    when the decimal exponent is above 12 or below -5 (``1E20``, ``1.5E~7``), else in fixed
    notation with at least one digit after the point (``3.0``, ``0.00001``, ``~2.5``);
    ``inf``, ``~inf``, ``nan``; negative zero is ``~0.0``."""
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "~inf"
    sign = "~" if math.copysign(1.0, x) < 0 else ""
    x = abs(x)
    if x == 0:
        return sign + "0.0"
    mant, e = ("%.11e" % x).split("e")
    digits = mant.replace(".", "").rstrip("0") or "0"
    exp = int(e) + 1  # value = 0.digits * 10**exp
    n = len(digits)
    if exp > 12 or exp < -5:
        m = digits if n == 1 else digits[0] + "." + digits[1:]
        s = m + "E" + str(exp - 1).replace("-", "~")
    elif exp <= 0:
        s = "0." + "0" * (-exp) + digits
    elif n <= exp:
        s = digits + "0" * (exp - n) + ".0"
    else:
        s = digits[:exp] + "." + digits[exp:]
    return sign + s


class Interp:
    def __init__(self, prog: ir.Program, count: bool = False,
                 census_at: list[int] | tuple[int, ...] = ()):
        self.prog = prog
        # eras (LDVU): 1 until the first census; a census happens at an allocation (a GC
        # point) once census_at[k] objects have been allocated
        self.era = 1
        self._census = sorted(census_at)
        self._next_census = 0
        self._born: list[int] = []
        self._last: dict[int, int] = {}
        # counting mode (issue 11): calls per item, uses per kind, objects used
        self.count = count
        self.calls: dict[str, int] = {}
        self.uses = {"enter": 0, "select": 0, "scrutinise": 0}
        self._used: set[int] = set()  # id() of used objects (kept alive by _alive)
        self._alive: list = []
        self.allocs: dict[str, int] = {}
        self.strings: dict[bytes, bytes] = {}
        self.out: list[str] = []
        self.globals: list = [0] * prog.n_globals
        self.items: dict[str, tuple] = {}
        for name, b in prog.exn_names.items():
            self.strings.setdefault(b, b)
        for it in prog.items:
            if it.name in self.items:
                raise ValueError(f"duplicate code item name {it.name!r}")
            self.items[it.name] = (it.param, None)
        self._compiled = {it.name: it for it in prog.items}
        for it in prog.items:
            self.items[it.name] = (it.param, self.comp(it.body, True))

    # ------------------------------------------------------------------ helpers
    def intern(self, b: bytes) -> bytes:
        return self.strings.setdefault(b, b)

    def exn(self, name: str):
        return MLRaise((self.intern(self.prog.exn_names[name]), 0))

    def check(self, n: int) -> int:
        if n < MIN_INT or n > MAX_INT:
            raise self.exn("Overflow")
        return n

    def _use(self, kind: str, v):
        self.uses[kind] += 1
        o = id(v.rec) if type(v) is Closure else id(v)
        self._used.add(o)
        self._last[o] = self.era
        return v

    def _new(self, v):
        n, cs = len(self._alive), self._census
        while self._next_census < len(cs) and cs[self._next_census] <= n:
            self.era += 1
            self._next_census += 1
        self._alive.append(v.rec if type(v) is Closure else v)
        self._born.append(self.era)
        return v

    def apply(self, clo, arg):
        while True:
            if self.count:
                name = clo.rec[clo.k]
                self.calls[name] = self.calls.get(name, 0) + 1
                self._use("enter", clo)
            param, body = self.items[clo.rec[clo.k]]
            r = body({param: arg, "$clo": clo})
            if type(r) is _Tail:
                clo, arg = r.fn, r.arg
                continue
            return r

    # ------------------------------------------------------------------ compilation
    def comp(self, e, tail: bool = False):
        m = getattr(self, "c_" + type(e).__name__)
        c = m(e, tail)
        if self.count and type(e) in (ir.Alloc, ir.MakeClosure):
            what = (alloc_name(e.kind, len(e.fields), e.what, e.type_desc)[0]
                    if type(e) is ir.Alloc else closure_name(e.code)[0])
            allocs, new = self.allocs, self._new

            if type(e) is ir.Alloc and e.kind == "real":  # a float, not an object here
                def counted(f):
                    allocs[what] = allocs.get(what, 0) + 1
                    return c(f)
                return counted

            def counted_new(f):
                allocs[what] = allocs.get(what, 0) + 1
                return new(c(f))
            return counted_new
        return c

    def c_Int(self, e, tail):
        v = e.value
        return lambda f: v

    def c_Real(self, e, tail):
        v = float(e.value)
        return lambda f: v

    def c_String(self, e, tail):
        v = self.intern(e.value)
        return lambda f: v

    def c_Var(self, e, tail):
        n = e.name
        return lambda f: f[n]

    def c_EnvVar(self, e, tail):
        i = e.index

        def env(f):
            c = f["$clo"]
            return c.rec[c.k + i]
        return env

    def c_SelfClosure(self, e, tail):
        return lambda f: f["$clo"]

    def c_SiblingClosure(self, e, tail):
        off = e.offset

        def sib(f):
            c = f["$clo"]
            return Closure(c.rec, c.k + off)
        return sib

    def c_Global(self, e, tail):
        i, g = e.index, self.globals
        return lambda f: g[i]

    def c_SetGlobal(self, e, tail):
        i, g, v = e.index, self.globals, self.comp(e.value)

        def setg(f):
            g[i] = v(f)
            return 0
        return setg

    def c_Let(self, e, tail):
        n, v, b = e.name, self.comp(e.value), self.comp(e.body, tail)

        def let(f):
            f[n] = v(f)
            return b(f)
        return let

    def c_Seq(self, e, tail):
        parts = [self.comp(x) for x in e.exprs[:-1]]
        last = self.comp(e.exprs[-1], tail)

        def seq(f):
            for p in parts:
                p(f)
            return last(f)
        return seq

    def c_Alloc(self, e, tail):
        fs = [self.comp(x) for x in e.fields]
        if e.kind in ("pair", "record"):
            if e.kind == "pair" and len(fs) != 2:
                raise ValueError("pair with %d fields" % len(fs))
            if len(fs) == 2:
                a, b = fs
                return lambda f: (a(f), b(f))
            return lambda f: tuple([x(f) for x in fs])
        if e.kind == "ref":
            (a,) = fs
            return lambda f: Ref(a(f))
        if e.kind == "real":
            (a,) = fs
            return lambda f: float(a(f))
        raise ValueError(f"unknown Alloc kind {e.kind}")

    def c_Select(self, e, tail):
        i, v = e.index, self.comp(e.value)
        if self.count:
            use = self._use
            return lambda f: use("select", v(f))[i]
        return lambda f: v(f)[i]

    def c_MakeClosure(self, e, tail):
        code, fs = e.code, [self.comp(x) for x in e.free]
        if code not in self.items:
            raise ValueError(f"MakeClosure of unknown item {code!r}")
        return lambda f: Closure([code] + [x(f) for x in fs], 0)

    def c_LetRecClosures(self, e, tail):
        names, codes = e.names, e.codes
        fs = [self.comp(x) for x in e.free]
        body = self.comp(e.body, tail)

        alive = self._alive if self.count else None

        allocs, what = self.allocs, closure_name(codes[0])[0]

        def letrec(f):
            rec = list(codes) + [x(f) for x in fs]
            if alive is not None:
                alive.append(rec)
                allocs[what] = allocs.get(what, 0) + 1
            for k, n in enumerate(names):
                f[n] = Closure(rec, k)
            return body(f)
        return letrec

    def c_Call(self, e, tail):
        fn, arg = self.comp(e.fn), self.comp(e.arg)
        if tail:
            return lambda f: _Tail(fn(f), arg(f))
        apply = self.apply
        return lambda f: apply(fn(f), arg(f))

    def c_Deref(self, e, tail):
        v = self.comp(e.value)
        return lambda f: v(f).v

    def c_Assign(self, e, tail):
        r, v = self.comp(e.ref), self.comp(e.value)
        allocs = self.allocs if self.count else None

        def assign(f):
            rr = r(f)
            rr.v = v(f)
            if allocs is not None:  # the code calls the barrier service with a pair
                allocs["(,)"] = allocs.get("(,)", 0) + 1
            return 0
        return assign

    def c_If(self, e, tail):
        c, a, b = self.comp(e.cond), self.comp(e.then, tail), self.comp(e.else_, tail)
        return lambda f: a(f) if c(f) else b(f)

    def c_Switch(self, e, tail):
        v = self.comp(e.value)
        table = {k: self.comp(x, tail) for k, x in e.cases}
        d = self.comp(e.default, tail)
        return lambda f: table.get(v(f), d)(f)

    def c_Raise(self, e, tail):
        v = self.comp(e.exn)

        def rse(f):
            raise MLRaise(v(f))
        return rse

    def c_Handle(self, e, tail):
        body, n, h = self.comp(e.body), e.name, self.comp(e.handler, tail)

        def handle(f):
            try:
                return body(f)
            except MLRaise as x:
                f[n] = x.value
                return h(f)
        return handle

    def c_Prim(self, e, tail):
        args = [self.comp(x) for x in e.args]
        op = e.op
        fn = PRIMS.get(op)
        if fn is None:
            raise ValueError(f"unknown Prim {op}")
        if self.count and op == "is_int":
            (a,) = args
            use = self._use

            def is_int(f):
                x = a(f)
                if isinstance(x, int):
                    return 1
                use("scrutinise", x)
                return 0
            return is_int
        if len(args) == 1:
            (a,) = args
            return lambda f: fn(self, a(f))
        if len(args) == 2:
            a, b = args
            return lambda f: fn(self, a(f), b(f))
        raise ValueError(f"Prim {op} with {len(args)} args")

    def c_Runtime(self, e, tail):
        if len(e.args) != 1:
            raise ValueError(f"Runtime {e.service} takes one argument, got {len(e.args)}")
        a0 = e.args[0]
        if (e.service in INLINE and INLINE[e.service] > 1 and isinstance(a0, ir.Alloc)
                and a0.kind in ("pair", "record") and len(a0.fields) == INLINE[e.service]):
            # the code generators emit this service as instructions and never allocate its
            # literal argument tuple (codegen/inline.py): not an object in count mode
            a = self.c_Alloc(a0, False)
        else:
            a = self.comp(a0)
        fn = SERVICES.get(e.service)
        if fn is None:
            raise ValueError(f"unknown service {e.service}")
        if self.count and e.service == "explode":  # one cons cell ("::") per character
            allocs = self.allocs

            def explode(f):
                s = a(f)
                allocs["::"] = allocs.get("::", 0) + len(s)
                return fn(self, s)
            return explode
        return lambda f: fn(self, a(f))

    # ------------------------------------------------------------------ running
    def run(self) -> Result:
        setup = Closure([self.prog.setup], 0)
        uncaught = None
        try:
            self.apply(setup, 0)
        except MLRaise as x:
            name, arg = x.value
            uncaught = f"Exception- {name.decode()} raised"
        except _Exit:
            pass
        if not self.count:
            return Result("".join(self.out), uncaught)
        used = sum(1 for o in self._alive if id(o) in self._used)
        eras = [(b, self._last.get(id(o), 0)) for o, b in zip(self._alive, self._born)]
        return Result("".join(self.out), uncaught, dict(self.calls), dict(self.uses),
                      (len(self._alive), used), dict(self.allocs), eras)


class _Exit(Exception):
    pass


def _div(self, a, b):
    if b == 0:
        raise self.exn("Div")
    return self.check(a // b)


def _mod(self, a, b):
    if b == 0:
        raise self.exn("Div")
    return a % b


def _quot(self, a, b):
    if b == 0:
        raise self.exn("Div")
    q = abs(a) // abs(b)
    return self.check(q if (a >= 0) == (b >= 0) else -q)


def _rem(self, a, b):
    if b == 0:
        raise self.exn("Div")
    return a - b * _quot(self, a, b)


def _to_int(self, x):
    if math.isnan(x) or math.isinf(x):
        raise self.exn("Overflow")
    return self.check(int(x))


PRIMS = {
    "add": lambda s, a, b: s.check(a + b), "sub": lambda s, a, b: s.check(a - b),
    "mul": lambda s, a, b: s.check(a * b), "div": _div, "mod": _mod, "quot": _quot,
    "rem": _rem, "neg": lambda s, a: s.check(-a), "abs": lambda s, a: s.check(abs(a)),
    "lt": lambda s, a, b: int(a < b), "le": lambda s, a, b: int(a <= b),
    "gt": lambda s, a, b: int(a > b), "ge": lambda s, a, b: int(a >= b),
    "eq": lambda s, a, b: int(a == b), "ne": lambda s, a, b: int(a != b),
    "eqptr": lambda s, a, b: int(a == b if isinstance(a, int) and isinstance(b, int)
                                 else a is b),
    "is_int": lambda s, a: int(isinstance(a, int)), "not": lambda s, a: int(not a),
    "andb": lambda s, a, b: a & b, "orb": lambda s, a, b: a | b,
    "xorb": lambda s, a, b: a ^ b,
    "radd": lambda s, a, b: a + b, "rsub": lambda s, a, b: a - b,
    "rmul": lambda s, a, b: a * b,
    "rdiv": lambda s, a, b: a / b if b != 0 else (math.copysign(math.inf, a) * math.copysign(1, b)
                                                  if a != 0 else math.nan),
    "rneg": lambda s, a: -a, "rlt": lambda s, a, b: int(a < b),
    "rle": lambda s, a, b: int(a <= b), "rgt": lambda s, a, b: int(a > b),
    "rge": lambda s, a, b: int(a >= b), "req": lambda s, a, b: int(a == b),
    "real_of_int": lambda s, a: float(a),
    "floor": lambda s, a: _to_int(s, math.floor(a) if math.isfinite(a) else a),
    "ceil": lambda s, a: _to_int(s, math.ceil(a) if math.isfinite(a) else a),
    "trunc": lambda s, a: _to_int(s, a),
    "round": lambda s, a: _to_int(s, round(a) if math.isfinite(a) else a),
    "sqrt": lambda s, a: math.sqrt(a) if a >= 0 else math.nan,
}


def _ml_list(items):
    out = 0
    for x in reversed(items):
        out = (x, out)
    return out


def _py_list(v):
    out = []
    while not isinstance(v, int):
        out.append(v[0])
        v = v[1]
    return out


def _print(s, a):
    s.out.append(a.decode("utf-8", "surrogateescape"))  # as the runtime's print
    return 0


def _string_sub(s, a):
    st, i = a
    if not 0 <= i < len(st):
        raise s.exn("Subscript")
    return st[i]


def _substring(s, a):
    st, i, n = a
    if i < 0 or n < 0 or i + n > len(st):
        raise s.exn("Subscript")
    return st[i:i + n]


def _array_make(s, a):
    n, init = a
    if n < 0:
        raise s.exn("Size")
    return Arr([init] * n)


def _array_sub(s, a):
    arr, i = a
    if not 0 <= i < len(arr.items):
        raise s.exn("Subscript")
    return arr.items[i]


def _array_update(s, a):
    arr, i, v = a
    if not 0 <= i < len(arr.items):
        raise s.exn("Subscript")
    arr.items[i] = v
    return 0


def _structural_eq(s, a):
    x, y = a
    return int(_seq(x, y))


def _seq(x, y) -> bool:
    if isinstance(x, (Ref, Arr)):
        return x is y
    if isinstance(x, tuple):
        return isinstance(y, tuple) and len(x) == len(y) and all(
            _seq(p, q) for p, q in zip(x, y))
    return x == y


def _exit(s, a):
    raise _Exit()


def _int_to_string(s, a):
    return str(a).replace("-", "~").encode()


SERVICES = {
    "print": _print, "int_to_string": _int_to_string,
    "real_to_string": lambda s, a: real_to_string(a).encode(),
    "string_concat": lambda s, a: a[0] + a[1],
    "string_concat_list": lambda s, a: b"".join(_py_list(a)),
    "string_size": lambda s, a: len(a), "string_sub": _string_sub, "substring": _substring,
    "implode": lambda s, a: bytes(_py_list(a)), "explode": lambda s, a: _ml_list(list(a)),
    "string_eq": lambda s, a: int(a[0] == a[1]), "string_lt": lambda s, a: int(a[0] < a[1]),
    "array_make": _array_make, "array_sub": _array_sub, "array_update": _array_update,
    "array_length": lambda s, a: len(a.items), "structural_eq": _structural_eq,
    "exit": _exit,
    # used by the Basis (basis.sml): str, String.compare, Array.fromList
    "char_to_string": lambda s, a: bytes([a & 0xFF]),
    "string_compare": lambda s, a: (a[0] > a[1]) - (a[0] < a[1]),
    "array_from_list": lambda s, a: Arr(list(_py_list(a))),
    # byte arrays (Word8Array, CharArray): arrays of small ints
    "bytearray_make": _array_make, "bytearray_sub": _array_sub,
    "bytearray_update": _array_update, "bytearray_length": lambda s, a: len(a.items),
}


def run_program(prog: ir.Program, stack_mb: int = 512, max_depth: int = 1_000_000,
                count: bool = False, census_at: list[int] | tuple[int, ...] = ()) -> Result:
    """Run ``prog`` in a thread with a large stack (non-tail recursion nests Python calls,
    about five Python frames per ML call). The full-size lists.sml (1e6-deep recursion)
    needs ``stack_mb=1024, max_depth=30_000_000`` (about a minute, 2-3 GB)."""
    box: dict = {}

    def target() -> None:
        try:
            box["r"] = Interp(prog, count=count, census_at=census_at).run()
        except BaseException as e:  # re-raised in the caller's thread
            box["e"] = e

    old_limit = sys.getrecursionlimit()
    old_size = threading.stack_size()
    sys.setrecursionlimit(max_depth)
    threading.stack_size(stack_mb * 1024 * 1024)
    try:
        t = threading.Thread(target=target)
        t.start()
        t.join()
    finally:
        threading.stack_size(old_size)
        sys.setrecursionlimit(old_limit)
    if "e" in box:
        raise box["e"]
    return box["r"]


if __name__ == "__main__":  # python tests/backends/mlworks/ir_interp.py prog.sml
    from profkit.backends.mlworks.frontend.pipeline import compile_sml

    path = sys.argv[1]
    with open(path) as fh:
        res = run_program(compile_sml(fh.read(), path))
    sys.stdout.write(res.stdout)
    if res.uncaught:
        print(res.uncaught)
        sys.exit(1)
