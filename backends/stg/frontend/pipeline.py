"""Public entry point of the Haskell-subset front end: source text -> STG IR program.

    compile_program(source, filename, prof_auto=None | "all" | "top" | "calls",
                    prof_cafs=False) -> ir.Program

The Prelude (``prelude.hs``) is parsed once per process and compiled together with each
program (module ``Prelude``, no automatic cost centres). Structural ``show``/``==``/
``compare`` of the program's own data types is generated here as Haskell source.
"""

from __future__ import annotations

import functools
import itertools
import sys
from importlib import resources

from .. import ir
from . import syntax as S
from .cc import MODES, AutoCC, caf_cc
from .deriving import Derived, derive
from .classes import lower_classes, method_names, resolve_methods
from .instances import lower_instances
from .desugar import Desugarer
from .parser import parse_module
from .rename import Fixity, collect_fixities, rename_module
from .stgpass import fill_free_vars
from .lne import lift_join_points
from .toplevel import dictionary_functions, main_wrapper
from . import typecheck_types as T
from .typecheck import prepare as prepare_typecheck
from profkit.errors import SourceError, UsageError

# names the Prelude refers to but which are generated per program (user data types)
GENERATED = ("show", "showsCon#", "conIndex#", "eqFields#", "cmpFields#", "eqCon#", "cmpCon#",
             "ltCon#", "leCon#", "gtCon#", "geCon#", "fromEnumCon#", "succCon#", "predCon#",
             "enumFromCon#", "enumFromThenCon#", "enumFromToCon#", "enumFromThenToCon#",
             "tagToCon#", "lastTag#")
# of those, the ones a program uses by name
PUBLIC_GENERATED = ("show",)
PRELUDE_MODULES = {
    "Prelude", "Data.List", "Data.Char", "Data.Maybe", "Data.Either", "Data.Function",
    "Control.Monad", "System.IO", "System.Environment", "Data.Int", "Debug.Trace",
    "Text.Printf", "Data.Foldable",
    "Data.Ord", "Control.Exception", "GHC.Exts", "List", "Char", "Maybe", "Monad",
}


# The base module GHC defines each Prelude function in: closure descriptions (-hd shows
# <Module.name>) of Prelude code use these, as GHC's show <GHC.List.sat_s4op>.
_BASE_MODULES = {
    "GHC.List": "foldl foldl' foldr1 foldl1 scanl scanr sum product length lenAcc# reverse "
                "rev# head tail last init null !! nth# elem notElem lookup "
                "replicate iterate repeat cycle take drop splitAt takeWhile dropWhile span "
                "break zip zip3 zipWith zipWith3 unzip unzip3 maximum minimum filter scanl1 scanr1 "
                "emptyList# concat concatMap",
    "GHC.Base": "<> mappend mempty mconcat appendOrdering# memptyOrdering# mconcatOrdering# "
                "appendUnit# memptyUnit# mconcatUnit# appendFun1Ordering# appendFun2Ordering# "
                "appendFun1List# appendFun2List# "
                "map ++ foldr id const flip . $ $! seq otherwise && || not return pure >>= >> "
                "=<< fmap <$> <*> *> <* asTypeOf until fmapMaybe# fmapPair# bindMaybe# thenMaybe# "
                "returnMaybe# flipBindMaybe# bindList# thenList# returnList# flipBindList# "
                "bindListGo# bindListIn#",
    "Data.Either": "fmapEither# bindEither# thenEither# returnEither# flipBindEither#",
    "Data.Traversable": "sequenceWith# sequenceWith_# mapMWith# mapMWith_# forMWith# "
                        "forMWith_# whenWith# unlessWith# foldMWith# replicateMWith# "
                        "replicateMWith_# zipWithMWith# zipWithMWith_# filterMWith# apWith# "
                        "rightWith# leftWith#",
    "GHC.Read": "read readAt#",
    "Text.Printf": "printf forceArgs# printfStr# printfIO#",
    "System.Environment": "getArgs getProgName",
    "GHC.Show": "show shows showsPrec showString showChar showParen showNum# showList# "
                "showlWith# showlRest# showStrElem# elemsStringy# showCharLit# showLitString# "
                "showLitChar protectEsc# asciiTab# showsStruct# showsCon# isNegativeZero# "
                "showDigits# showSpace showCommaSpace",
    "GHC.Enum": "toEnumBool# toEnumOrdering# toEnum minBound maxBound minBoundInt# "
                "maxBoundInt# minBoundChar# "
                "maxBoundChar# minBoundBool# maxBoundBool# minBoundOrdering# maxBoundOrdering# "
                "isCon# enumFrom enumFromTo enumFromThen enumFromThenTo numFrom# numFromThen# eftI# "
                "eftD# efdtI# efdtIU# efdtID# efdtD# efdtDU# efdtDD# succ pred fromEnum",
    "GHC.Num": "+ - * negate abs signum subtract fromInteger",
    "GHC.Float": "fromIntegerD#",
    "GHC.Real": "/ quot rem div mod quotRem divMod ^ powF powG even odd gcd gcd' lcm "
                "fromIntegral fromIntegralD# realToFrac toInteger truncate round floor ceiling",
    "GHC.Classes": "== /= < <= > >= compare max min eqStruct# cmpStruct# cmpNum# thenCmp# "
                   "ltFields# leFields# gtFields# geFields# "
                   "conIndex# eqFields# cmpFields# ltCmp# leCmp# cmpTag# ltTag# eqTagFields# "
                   "cmpTagFields#",
    "GHC.Err": "error errorWithoutStackTrace undefined errorCalledAt undefinedCalledAt raise#",
    "System.IO": "putStr putStrLn newline# putChar print forceStr# forceGo#",
    "Data.OldList": "\\\\ unfoldr genericLength genericTake genericDrop genericReplicate "
                    "genericSplitAt lines unlines words unwords intercalate intersperse "
                    "prependToAll# "
                    "isPrefixOf isSuffixOf partition partStep# nub nubFrom# sort sortBy insert "
                    "heads# tails# "
                    "insertBy unwordsGo# group groupBy sortOn transpose isInfixOf tails inits "
                    "maximumBy minimumBy dropWhileEnd stripPrefix subsequences nonEmptySubs# "
                    "permutations perms# permInterleave# permInterleave2# delete deleteBy union "
                    "unionBy nubBy nubByFrom# elemBy# intersect intersectBy find findIndex "
                    "findIndices elemIndex elemIndices",
    "Data.Maybe": "maybe fromMaybe fromJust isJust isNothing catMaybes mapMaybe listToMaybe "
                  "maybeToList",
    "Data.Ord": "comparing",
    "Data.Function": "on",
    "Data.Tuple": "fst snd curry uncurry",
    "GHC.Unicode": "isDigit isSpace isUpper isLower isAlpha isAlphaNum isPunctuation toUpper "
                   "toLower",
    "Data.Foldable": "mapM_ forM_ sequence_ and or any all foldMapBool# monoid#",
    "Control.Monad": "foldM replicateM_ replicateM zipWithM zipWithM_ filterM",
}
BASE_MODULE_OF = {name: mod for mod, names in _BASE_MODULES.items() for name in names.split()}


def _module_names(mod: S.Module) -> list[str]:
    out = []
    for d in mod.decls:
        if isinstance(d, S.DFun):
            out.append(d.name)
        elif isinstance(d, S.DPat):
            from .rename import pat_binders
            names: list[tuple[str, S.Span]] = []
            pat_binders(d.pat, names)
            out.extend(n for n, _ in names)
    return out


def _datacons(mod: S.Module, module: str, known: dict[str, ir.DataCon]) -> dict[str, ir.DataCon]:
    out: dict[str, ir.DataCon] = {}
    for d in mod.decls:
        if isinstance(d, S.DData):
            for tag, (name, arity) in enumerate(d.cons):
                if name in known or name in out:
                    raise SourceError(f"Multiple declarations of `{name}' (a constructor of "
                                      "this name already exists)", mod.file, d.span[0],
                                      d.span[1])
                out[name] = ir.DataCon(name, tag, arity, d.name, module)
    return out


@functools.lru_cache(maxsize=1)
def _prelude() -> tuple[S.Module, dict[str, ir.DataCon], dict[str, Fixity]]:
    text = resources.files(__package__).joinpath("prelude.hs").read_text()
    mod = parse_module(text, "prelude.hs", magic_hash=True)
    cons = dict(ir.BUILTIN_CONS)
    cons.update(_datacons(mod, "Data.Either", cons))
    fix: dict[str, Fixity] = {}
    collect_fixities(mod.decls, fix)
    names = set(_module_names(mod)) | set(GENERATED) | {"prim"}
    rename_module(mod, names, {c: d.arity for c, d in cons.items()}, fix)
    return mod, cons, fix


def _helpers_source(user_cons: dict[str, ir.DataCon], derived: Derived | None = None) -> str:
    """show/==/compare support for data types (constructor index, fields), in the subset
    itself: ``conIndex#`` is -1 for anything that is not a constructor of such a type. The
    constructors of a type with derived methods (``derived``) go to those methods."""
    derived = derived or Derived()
    # the Prelude's own data types go through the same derived-style code
    cons = [c for c in _prelude()[1].values()
            if c.type_name in ("Bool", "Ordering", "Maybe", "Either")]
    cons += list(user_cons.values())

    def pat(c: ir.DataCon, v: str, wild: bool = False) -> str:
        args = ["_" if wild else f"{v}{i}" for i in range(c.arity)]
        if c.name[0] == ":":
            return f"({args[0]} {c.name} {args[1]})"
        return f"({c.name} {' '.join(args)})" if args else c.name

    def to_derived(stem: str, call: str) -> list[str]:
        return [f"  {pat(user_cons[c], '', True)} -> {name} {call}"
                for names, name in derived.dispatch.get(stem, []) for c in names]

    lines = []
    for fn, stem, otherwise in (
            ("eqCon#", "eq", "eqTagFields# x y"), ("cmpCon#", "compare", "cmpTagFields# x y"),
            ("ltCon#", "lt", "ltCmp# x y"), ("leCon#", "le", "leCmp# x y"),
            ("gtCon#", "gt", "ltCmp# y x"), ("geCon#", "ge", "leCmp# y x")):
        lines += [f"{fn} x y = case x of", *to_derived(stem, "x y"), f"  _ -> {otherwise}"]
    # Enum: a program's derived methods, else (Bool, Ordering, any enumeration) by tags
    enums = [[c for c in cons if c.type_name == t] for t in dict.fromkeys(
        c.type_name for c in cons)]
    enums = [e for e in enums if all(c.arity == 0 for c in e)]
    lines.append("tagToCon# x i = case x of")
    lines += [f"  {c.name} -> tagTo{n}# i" for n, e in enumerate(enums) for c in e]
    lines.append('  _ -> errorWithoutStackTrace "toEnum: not an enumeration"')
    for n, e in enumerate(enums):
        lines.append(f"tagTo{n}# i = case i of")
        lines += [f"  {c.tag} -> {c.name}" for c in e]
        lines.append('  _ -> errorWithoutStackTrace "toEnum: bad argument"')
    lines.append("lastTag# x = case x of")
    lines += [f"  {c.name} -> {len(e) - 1}" for e in enums for c in e]
    lines.append('  _ -> errorWithoutStackTrace "not an enumeration"')
    t = "tagToCon# x"
    for fn, stem, args, otherwise in (
            ("fromEnumCon#", "fromEnum", "x", "conIndex# x"),
            ("succCon#", "succ", "x", f"{t} (conIndex# x + 1)"),
            ("predCon#", "pred", "x", f"{t} (conIndex# x - 1)"),
            ("enumFromCon#", "enumFrom", "x",
             f"map ({t}) (enumFromTo (conIndex# x) (lastTag# x))"),
            ("enumFromThenCon#", "enumFromThen", "x y",
             f"map ({t}) (enumFromThenTo (conIndex# x) (conIndex# y) "
             "(if conIndex# x > conIndex# y then 0 else lastTag# x))")):
        lines += [f"{fn} {args} = case x of", *to_derived(stem, args), f"  _ -> {otherwise}"]
    # enumFromTo/enumFromThenTo: the class defaults, map toEnum [fromEnum x ..]
    for fn, args, ints in (("enumFromToCon#", "x y", "enumFromTo"),
                           ("enumFromThenToCon#", "x y z", "enumFromThenTo")):
        lines.append(f"{fn} {args} = case x of")
        for names, name in derived.dispatch.get("toEnum", []):
            k = name[len("toEnum_"):]
            frm = " ".join(f"(fromEnum_{k} {v})" for v in args.split())
            lines += [f"  {pat(user_cons[c], '', True)} -> map toEnum_{k} ({ints} {frm})"
                      for c in names]
        idx = " ".join(f"(conIndex# {v})" for v in args.split())
        lines.append(f"  _ -> map ({t}) ({ints} {idx})")
    # show: an instance's own show method, else base's default (showsPrec 0 x "")
    if derived.dispatch.get("show"):
        lines += ["show x = case x of", *to_derived("show", "x"), '  _ -> showsPrec 0 x ""']
    else:
        lines.append('show x = showsPrec 0 x ""')
    lines += ["showsCon# d x s = case x of", *to_derived("showsPrec", "d x s")]
    shown = {c for names, _ in derived.dispatch.get("showsPrec", []) for c in names}
    for c in cons:
        if c.name in shown and c.module == "Main":
            continue
        label = f"({c.name})" if c.name[0] == ":" else c.name
        if c.arity == 0:
            lines.append(f'  {label} -> showString "{label}" s')
            continue
        body = "r"
        for i in reversed(range(c.arity)):
            body = f"showsPrec 11 a{i} (' ' : {body})" if i < c.arity - 1 else \
                f"showsPrec 11 a{i} {body}"
        lines.append(f"  {pat(c, 'a')} -> showParen (d > 10) "
                     f"(\\r -> \"{label} \" ++ {body}) s")
    lines.append("  _ -> errorWithoutStackTrace \"show: value cannot be shown\"")
    lines.append("conIndex# x = case x of")
    for structural in ("[]", "(_:_)", "(_, _)", "(_, _, _)", "(_, _, _, _)", "(_, _, _, _, _)",
                       "(_, _, _, _, _, _)", "(_, _, _, _, _, _, _)",
                       "()"):
        lines.append(f"  {structural} -> -2")
    for c in cons:
        lines.append(f"  {pat(c, '', True)} -> {c.tag}")
    lines.append("  _ -> -1")
    for fn, combine, unit in (("eqFields#", "&&", "True"), ("cmpFields#", "thenCmp#", "EQ")):
        lines.append(f"{fn} x y = case x of")
        for c in cons:
            if c.arity == 0:
                continue
            parts = [f"(a{i} == b{i})" if fn == "eqFields#" else f"(compare a{i} b{i})"
                     for i in range(c.arity)]
            expr = parts[-1]
            for p in reversed(parts[:-1]):
                expr = f"{combine} {p} ({expr})" if combine != "&&" else f"{p} && ({expr})"
            lines.append(f"  {pat(c, 'a')} -> case y of")
            lines.append(f"    {pat(c, 'b')} -> {expr}")
            lines.append(f"    _ -> {unit}")
        lines.append(f"  _ -> {unit}")
    return "\n".join(lines) + "\n"


def _type_literals(types, user_names: set[str], derived: Derived) -> None:
    """Where the checked types change a value's box (the machine's numbers carry no type):
    an integer literal the checker typed Double (``Rect 2 3`` with Double fields, a
    defaulted ``let x = 3 in x / 2``) becomes the Double literal GHC makes of it, so it
    shows as ``2.0`` and is boxed as a D#; ``fromIntegral``/``fromInteger`` at a Double
    result converts (``fromIntegralD#``), so ``fromIntegral n :: Double`` shows as
    ``3.0`` without the annotation."""
    def prelude_ref(e: object, names: frozenset[str] | tuple[str, ...]) -> bool:
        """``e`` names one of the Prelude's ``names`` (not a binding of the program's own)."""
        return isinstance(e, S.EVar) and e.name in names and not e.local and \
            e.name not in user_names

    for e, _t in list(getattr(types, "expr_types", {}).values()):
        if isinstance(e, S.ELit) and e.kind == "Int" and types.expr_desc(e) == "Double":
            e.kind = "Double"
            e.value = float(e.value)
        elif prelude_ref(e, ("fromIntegral", "fromInteger")) and \
                types.expr_desc(e) == "->Double":
            e.name = "%fromIntegralD#" if e.name == "fromIntegral" else "%fromIntegerD#"
        elif prelude_ref(e, ("toEnum", "minBound", "maxBound")):
            _type_directed(e, types.expr_desc(e), derived)
        elif prelude_ref(e, ("fmap", "<$>")):
            _functor_directed(e, _t, derived, types.file)
        elif prelude_ref(e, ("read",)):
            _read_directed(e, _t, derived, types.file)
        elif prelude_ref(e, ("printf",)):
            _printf_directed(e, _t, derived, types.file)
        elif prelude_ref(e, ("<>", "mappend", "mempty", "mconcat")):
            _monoid_directed(e, _t, types.file)
        if isinstance(e, S.EDo) or prelude_ref(e, MONADIC):
            _monad_directed(e, _monad_of(e, _t), types.file, derived)
        if derived.num and prelude_ref(e, _NUM_AT):
            _num_directed(e, _t, derived)


#: the Prelude's Num operations -> how to find the type they are used at: "arg" (the first
#: argument's), "res" (the result's), "elem" (the element type of the list argument)
_NUM_AT = {"+": "arg", "-": "arg", "*": "arg", "negate": "arg", "abs": "arg",
           "signum": "arg", "subtract": "arg", "fromInteger": "res", "sum": "elem",
           "product": "elem", "^": "arg"}


def _num_type(t: object) -> str | None:
    """The name of the program's type ``t`` is headed by (None: another type, or open)."""
    head, _ = T.spine(t)
    return head.name if isinstance(head, T.TCon) and not head.rigid else None


def _num_directed(e: S.EVar, t: object, derived: Derived) -> None:
    """A Num operation at a program's type with a Num instance (the checked type): the
    instance's method, or base's code over the methods (subtract, sum and product:
    ``foldl (+) 0``, the 0 the instance's fromInteger) as GHC selects them from the
    statically known dictionary."""
    sf = T.split_fun(t)
    if sf is None:
        return
    how = _NUM_AT[e.name]
    at = sf[1] if how == "res" else sf[0]
    if how == "elem":
        _, args = T.spine(at)
        if not args:
            return
        at = args[-1]
    binds = derived.num.get(_num_type(at) or "")
    zero, one = "0", "1"
    if binds is None:
        head, _ = T.spine(at)
        if not (isinstance(head, T.TVar) or isinstance(head, T.TCon) and head.rigid) or \
                e.name == "fromInteger":
            return
        binds, k = _num_dispatchers(derived), "Num#"  # open: chosen by the values
    else:
        k = binds["fromInteger"]
        zero, one = f"({k} 0)", f"({k} 1)"
    if e.name in binds:
        e.name = "%" + binds[e.name]
    elif e.name == "subtract":
        e.name = "%" + derived.helper(f"subtract_{k}", "subtract",
                                      f"x y = {binds['-']} y x")
    elif e.name == "^":  # base's (^) (GHC.Real), its products the instance's
        t = binds["*"]
        f = derived.helper(f"powF_{k}", "^",
                           f"x y\n  | even y = powF_{k} ({t} x x) (y `quot` 2)\n"
                           f"  | y == 1 = x\n  | otherwise = powG_{k} ({t} x x) (y `quot` 2) x")
        derived.helper(f"powG_{k}", "^",
                       f"x y z\n  | even y = powG_{k} ({t} x x) (y `quot` 2) z\n"
                       f"  | y == 1 = {t} x z\n"
                       f"  | otherwise = powG_{k} ({t} x x) (y `quot` 2) ({t} x z)")
        e.name = "%" + derived.helper(
            f"pow_{k}", "^", f"x0 y0\n  | y0 < 0 = errorWithoutStackTrace \"Negative "
            f"exponent\"\n  | y0 == 0 = {one}\n  | otherwise = {f} x0 y0")
    else:
        op = binds["+"] if e.name == "sum" else binds["*"]
        unit = one if e.name == "product" else zero
        e.name = "%" + derived.helper(f"{e.name}_{k}", e.name, f"xs = foldl {op} {unit} xs")


def _num_dispatchers(derived: Derived) -> dict[str, str]:
    """The Num operations where the checked type is left open (``Num a =>`` code, the
    methods of ``instance Num a => Num (V a)``) in a program with Num instances: each
    evaluates its arguments and takes the instance of a constructor (``numWhich#``), or the
    Prelude's arithmetic on boxes; a box met with a constructor (a literal of the open
    type, sum's 0) goes through that instance's fromInteger first."""
    types = sorted(derived.num)
    which = ["x = case conIndex# x of", "  -1 -> 0", "  _ -> case x of"]
    for i, t in enumerate(types, 1):
        for con, arity in derived.num_cons[t]:
            pat = con if arity == 0 else "(" + " ".join([con] + ["_"] * arity) + ")"
            if not (con[0].isalpha() or con[0] == "_"):
                pat = f"(_ {con} _)"
            which.append(f"    {pat} -> {i}")
    which.append("    _ -> 0")
    derived.helper("numWhich#", "numWhich", "\n".join(which))
    out = {"fromInteger": "fromInteger"}
    for method, stem in (("+", "plus"), ("-", "minus"), ("*", "times")):
        alts = [f"x y = case numWhich# x of", "  0 -> case numWhich# y of",
                f"    0 -> x {method} y"]
        alts += [f"    {i} -> {derived.num[t][method]} ({derived.num[t]['fromInteger']} x) y"
                 for i, t in enumerate(types, 1)]
        alts += [f"  {i} -> case numWhich# y of\n"
                 f"    0 -> {derived.num[t][method]} x ({derived.num[t]['fromInteger']} y)\n"
                 f"    _ -> {derived.num[t][method]} x y" for i, t in enumerate(types, 1)]
        out[method] = derived.helper(f"{stem}Num#", method, "\n".join(alts))
    for method in ("negate", "abs", "signum"):
        alts = ["x = case numWhich# x of", f"  0 -> {method} x"]
        alts += [f"  {i} -> {derived.num[t][method]} x" for i, t in enumerate(types, 1)]
        out[method] = derived.helper(f"{method}Num#", method, "\n".join(alts))
    return out


def _num_literals(module: S.Module, types, derived: Derived) -> None:
    """An integer literal the checker typed as a program's type with a Num instance is
    ``fromInteger`` of the instance applied to it, and ``-e`` at such a type its
    ``negate``, as GHC desugars them."""
    def rewrite(e: object) -> object | None:
        if isinstance(e, (S.ELit, S.ENeg)) and (not isinstance(e, S.ELit) or e.kind == "Int"):
            hit = types.expr_types.get(id(e))
            binds = derived.num.get(_num_type(hit[1]) or "") if hit and hit[0] is e else None
            if binds is not None:
                if isinstance(e, S.ENeg):
                    return S.EApp(S.EVar("%" + binds["negate"], e.span),
                                  [walk(e.expr)], e.span)  # type: ignore[list-item]
                return S.EApp(S.EVar("%" + binds["fromInteger"], e.span), [e], e.span)
        return None

    seen: set[int] = set()

    def walk(node: object) -> object:
        new = rewrite(node)
        if new is not None:
            return new
        if id(node) in seen or not hasattr(node, "__dataclass_fields__"):
            return node
        seen.add(id(node))
        for name in node.__dataclass_fields__:
            setattr(node, name, walk_value(getattr(node, name)))
        return node

    def walk_value(v: object) -> object:
        if isinstance(v, list):
            for i, x in enumerate(v):
                v[i] = walk_value(x)
            return v
        if isinstance(v, tuple):
            return tuple(walk_value(x) for x in v)
        if hasattr(v, "__dataclass_fields__"):
            return walk(v)
        return v

    if derived.num:
        for d in module.decls:
            walk(d)


# the monad operations of the Prelude: >>=, >>, return, pure and =<< (and do blocks) also
# at Maybe, lists and Either; the others in IO only
_MONAD_OPS = {">>=": "bind", ">>": "then", "return": "return", "pure": "return",
              "=<<": "flipBind"}
_MONAD_SUFFIX = {"Maybe": "Maybe#", "[]": "List#", "Either": "Either#"}


# the others, given the monad's bind and return (prelude.hs: mapMWith# ...)
_MONAD_WITH = {"mapM": "mapMWith#", "mapM_": "mapMWith_#", "forM": "forMWith#",
               "forM_": "forMWith_#", "sequence": "sequenceWith#", "sequence_": "sequenceWith_#",
               "when": "whenWith#", "unless": "unlessWith#", "foldM": "foldMWith#",
               "replicateM": "replicateMWith#", "replicateM_": "replicateMWith_#",
               "zipWithM": "zipWithMWith#", "zipWithM_": "zipWithMWith_#",
               "filterM": "filterMWith#", "<*>": "apWith#", "*>": "rightWith#",
               "<*": "leftWith#"}
# name parts for the operators' per-monad aliases
_MONAD_STEMS = {"<*>": "ap", "*>": "apRight", "<*": "apLeft"}


# arguments before the monadic result of each monad function's type
_MONAD_ARITY = {"return": 1, "pure": 1, "sequence": 1, "sequence_": 1, "foldM": 3,
                "zipWithM": 3, "zipWithM_": 3}


def _monad_of(e: S.EDo | S.EVar, t: object) -> str:
    """The monad's type constructor at a do block or monad function (its result's head):
    "IO", "Maybe", "[]", "Either", "->", or "*" when the types leave it open."""
    n = 0 if isinstance(e, S.EDo) else _MONAD_ARITY.get(e.name, 2)
    for _ in range(n):
        sf = T.split_fun(t)
        if sf is None:
            return "*"
        t = sf[1]
    head, _ = T.spine(t)
    return head.name if isinstance(head, T.TCon) and not head.rigid else "*"


def _monad_directed(e: S.EDo | S.EVar, head: str, file: str, derived: Derived) -> None:
    """A do block or monad operation at the monad the checker found: IO (the Prelude's),
    Maybe, lists or Either (base's instances, ``bindMaybe#``..., and mapM & co. made from
    their bind and return); other monads are refused."""
    if head in ("IO", "*", ""):
        return
    if head not in _MONAD_SUFFIX:
        raise SourceError(f"the {head} monad is not supported by the Haskell subset: do and "
                          "the monad functions run in IO, Maybe, lists and Either (see "
                          "SUBSET.md)", file, e.span[0], e.span[1])
    suffix = _MONAD_SUFFIX[head]
    if isinstance(e, S.EDo):
        e.monad = head
    elif e.name in _MONAD_OPS:
        e.name = f"%{_MONAD_OPS[e.name]}{suffix}"
    else:
        base = _MONAD_STEMS.get(e.name, e.name)
        name = f"{base.rstrip('_')}{'_' if base.endswith('_') else ''}{suffix}"
        e.name = "%" + derived.helper(name, e.name,
                                      f"= {_MONAD_WITH[e.name]} bind{suffix} return{suffix}")


MONADIC = frozenset((">>=", ">>", "=<<", "return", "pure", "mapM", "mapM_", "forM", "forM_",
                     "sequence", "sequence_", "when", "unless", "foldM", "replicateM",
                     "replicateM_", "zipWithM", "zipWithM_", "filterM", "<*>", "*>", "<*"))


# fmap of the Prelude's functors other than IO (base's instances)
_FMAP = {"[]": "%map", "Maybe": "%fmapMaybe#", "Either": "%fmapEither#", "(,)": "%fmapPair#"}


def _functor_directed(e: S.EVar, t: object, derived: Derived, file: str) -> None:
    """fmap/<$> at the functor the checker found: IO (the Prelude's), a list (map), Maybe,
    Either, a pair, or a program's type with a Functor instance (its fmap method)."""
    sf = T.split_fun(t)  # (a -> b) -> f a -> f b
    sf = T.split_fun(sf[1]) if sf is not None else None
    if sf is None:
        return
    head, _ = T.spine(sf[0])
    if isinstance(head, T.TCon) and not head.rigid:
        if head.key == "IO":
            return
        name = _FMAP.get(head.key) or derived.functor.get(head.name)
        if name is not None:
            e.name = name if name.startswith("%") else "%" + name
            return
        what = f"the functor `{head.name}'"
    else:
        what = "a functor the types leave open (a `Functor f =>' context)"
    raise SourceError(f"`{e.name}' at {what} is not supported by the Haskell subset (IO, lists, "
                      "Maybe, Either, pairs and the program's Functor instances are: see "
                      "SUBSET.md)", file, e.span[0], e.span[1])


# Semigroup/Monoid at the types base gives instances the subset keeps: lists (the Prelude's
# own definitions), Ordering and ()
_MONOID = {"Ordering": {"<>": "appendOrdering#", "mappend": "appendOrdering#",
                        "mempty": "memptyOrdering#", "mconcat": "mconcatOrdering#"},
           "()": {"<>": "appendUnit#", "mappend": "appendUnit#", "mempty": "memptyUnit#",
                  "mconcat": "mconcatUnit#"}}


def _monoid_directed(e: S.EVar, t: object, file: str) -> None:
    """<>, mappend, mempty and mconcat at the type the checker found."""
    if e.name == "mempty":
        at = t
    else:
        sf = T.split_fun(t)
        if sf is None:
            return
        at = sf[1] if e.name == "mconcat" else sf[0]
    head, _ = T.spine(at)
    arity, res = 0, at
    while e.name in ("<>", "mappend") and T.split_fun(res) is not None and arity < 3:
        arity, res = arity + 1, T.split_fun(res)[1]  # type: ignore[index]
    if 1 <= arity <= 2:  # functions into a semigroup, pointwise
        rh, _ = T.spine(res)
        kind = {"[]": "List", "Ordering": "Ordering"}.get(getattr(rh, "key", ""))
        if kind is not None:
            e.name = f"%appendFun{arity}{kind}#"
            return
    if isinstance(head, T.TVar):
        return  # left open: the list definitions (defaulting has nothing to say)
    if isinstance(head, T.TCon) and not head.rigid:
        if head.key == "[]":
            return
        if head.key in _MONOID:
            e.name = "%" + _MONOID[head.key][e.name]
            return
    raise SourceError(f"`{e.name}' at the type `{T.show_type(at)}' is not supported by the "
                      "Haskell subset (lists, Ordering, () and functions into lists or "
                      "Ordering are: see SUBSET.md)", file,
                      e.span[0], e.span[1])


def _printf_directed(e: S.EVar, t: object, derived: Derived, file: str) -> None:
    """printf at its checked type ``String -> t1 .. tn -> IO () / String``: a helper of the
    derived code taking n arguments (a String one deep-forced) for machine/printf.py."""
    args: list[str] = []
    sf = T.split_fun(t)
    res = sf[1] if sf is not None else t
    while True:
        sf = T.split_fun(res)
        if sf is None:
            break
        h, hargs = T.spine(sf[0])
        is_string = getattr(h, "key", "") == "[]" and hargs and \
            getattr(T.spine(hargs[0])[0], "key", "") == "Char"
        args.append("s" if is_string else "v")
        res = sf[1]
    head, _ = T.spine(res)
    kind = {"IO": "IO", "[]": "Str"}.get(getattr(head, "key", ""))
    if kind is None:
        raise SourceError("`printf' is supported with its result in IO or as a String (the "
                          "types leave it open here: see SUBSET.md)", file, e.span[0],
                          e.span[1])
    params = [f"a{i}" for i in range(len(args))]
    items = [f"forceStr# {p}" if a == "s" else p for p, a in zip(params, args)]
    name = f"printf{kind}_{''.join(args)}#"  # printfIO_sv#: an IO printf of a String and a value
    e.name = "%" + derived.helper(name, "printf", f"fmt {' '.join(params)} = printf{kind}# fmt "
                                                  f"[{', '.join(items)}]")


def _read_shape(t: object) -> str | None:
    """The shape ``read#`` parses a value of type ``t`` by (None: a type it cannot read)."""
    h, args = T.spine(t)
    if not isinstance(h, T.TCon) or h.rigid:
        return "I" if isinstance(h, T.TVar) else None  # left open: Integer by defaulting
    if h.key in ("Int", "Integer"):
        return "I"
    if h.key in ("Double", "Float"):
        return "D"
    if h.key in ("Bool", "Char"):
        return h.key[0]
    if h.key == "[]" and args:
        eh, _ = T.spine(args[0])
        if isinstance(eh, T.TCon) and eh.key == "Char":
            return "S"
        inner = _read_shape(args[0])
        return None if inner is None else f"[{inner}]"
    return None


def _read_directed(e: S.EVar, t: object, derived: Derived, file: str) -> None:
    """read at the type the checker found: a helper of the derived code reading that shape
    (Int, Integer, Double, Bool, Char, String and lists of them)."""
    sf = T.split_fun(t)
    if sf is None:
        return
    shape = _read_shape(sf[1])
    if shape is None:
        raise SourceError(f"`read' at the type `{T.show_type(sf[1])}' is not supported by the "
                          "Haskell subset (Int, Integer, Double, Bool, Char, String and lists "
                          "of them are: see SUBSET.md)", file, e.span[0], e.span[1])
    # readI#, read_lI_r# for [Int]: the shape spelled in name characters
    name = "read" + shape.replace("[", "_l").replace("]", "_r") + "#"
    e.name = "%" + derived.helper(name, "read", f's = readAt# "{shape}" s')


def _type_directed(e: S.EVar, desc: str | None, derived: Derived) -> None:
    """toEnum/minBound/maxBound at the type the checker found: the program's derived
    instance, or base's Int/Char/Bool/Ordering one."""
    if desc is None:
        return
    t = desc[2:] if e.name == "toEnum" and desc.startswith("->") else desc
    k = derived.type_index.get(t)
    name = f"{e.name}_{k}#" if k is not None else None
    if name is not None and name in derived.labels:
        e.name = name
    elif e.name == "toEnum" and t == "Char":
        e.name = "%chr"
    elif e.name == "toEnum" and t in ("Bool", "Ordering"):
        e.name = f"%toEnum{t}#"
    elif e.name != "toEnum" and t in ("Int", "Char", "Bool", "Ordering"):
        e.name = f"%{e.name}{t}#"


def compile_program(source: str, filename: str, *, prof_auto: str | None = None,
                    prof_cafs: bool = False) -> ir.Program:
    """Compile a Haskell-subset program to STG IR.

    ``prof_auto``: None (only explicit SCC pragmas), ``"all"`` (-fprof-auto), ``"top"``
    (-fprof-auto-top) or ``"calls"`` (-fprof-auto-calls). ``prof_cafs`` (-fprof-cafs)
    records one ``CAF:name`` cost centre per top-level CAF in ``Program.caf_ccs``.
    Raises ``SourceError`` for any error in the program."""
    if prof_auto not in MODES:
        raise UsageError(f"prof_auto must be one of {MODES}, not {prof_auto!r}")
    # the compiler recurses over the program's nesting; give it room, then restore
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 20000))
    try:
        return _compile(source, filename, prof_auto, prof_cafs)
    except RecursionError:
        raise SourceError("program too deeply nested for the front end", filename, 1,
                          1) from None
    finally:
        sys.setrecursionlimit(old_limit)


def _compile(source: str, filename: str, prof_auto: str | None, prof_cafs: bool
             ) -> ir.Program:
    prelude, pcons, pfix = _prelude()
    user = parse_module(source, filename)
    for imp, (line, col) in zip(user.imports, user.import_positions):
        if imp not in PRELUDE_MODULES:
            raise SourceError(f"Could not find module `{imp}' (only Prelude-like modules can "
                              "be imported)", filename, line, col)
    user_cons = _datacons(user, "Main", pcons)
    cons = dict(pcons)
    cons.update(user_cons)
    derived = derive(user.decls, filename)
    classes = lower_classes(user, derived)
    inst_methods = lower_instances(user, derived, classes)
    helpers = parse_module(_helpers_source(user_cons, derived), "<generated>", magic_hash=True)
    prelude_names = _module_names(prelude)
    generated = set(GENERATED) | set(_module_names(helpers))  # with the tagTo<n># tables
    rename_module(helpers, set(prelude_names) | generated | set(derived.names),
                  {c: d.arity for c, d in cons.items()}, pfix)
    fix = dict(pfix)
    collect_fixities(user.decls, fix)
    user_names = _module_names(user)
    types = prepare_typecheck(user, source, filename)  # before renaming drops signatures
    types.inst_methods = inst_methods
    types.classes = classes
    types.needs_tokens |= bool(classes.classes)  # the methods' signatures are read from them
    methods = method_names(classes)
    rename_module(user, set(prelude_names) | set(user_names) | set(PUBLIC_GENERATED) |
                  set(methods),
                  {c: d.arity for c, d in cons.items()}, fix)
    if "main" not in user_names:
        raise SourceError("The IO action `main' is not defined in module `Main'", filename,
                          1, 1)
    for d in user.decls:  # `main x = ...` is a function, not an IO action (GHC refuses it)
        if isinstance(d, S.DFun) and d.name == "main" and d.clauses and d.clauses[0].pats:
            sp = d.clauses[0].span
            raise SourceError("Couldn't match expected type `IO t0' with a function: `main' "
                              f"takes {len(d.clauses[0].pats)} argument(s)", filename,
                              sp[0], sp[1])
    types.check()  # ill-typed programs are refused here, before they run
    _type_literals(types, set(user_names) | set(methods), derived)  # methods are the program's
    _num_literals(user, types, derived)
    derived.source += resolve_methods(types, classes, filename)
    dictionary_functions(user, types.sigs, source)  # after the check: uses become calls
    # the derived instances: module Main code (GHC compiles them with the program)
    dmod = parse_module(derived.source, "<derived>", magic_hash=True)
    rename_module(dmod, set(prelude_names) | set(user_names) | set(derived.names) |
                  generated,
                  {c: d.arity for c, d in cons.items()}, fix)

    # IR names: the program's own top-level names are kept; Prelude names that clash with
    # them or with primitive names get a "Prelude." prefix.
    taken = set(user_names) | set(ir.PRIMOPS)
    pnames = {n: (f"Prelude.{n}" if n in taken else n)
              for n in prelude_names + sorted(generated)}
    pnames.update({n: n for n in derived.names})
    unames = {n: (f"Main.{n}" if n in ir.PRIMOPS else n) for n in user_names}
    counter = itertools.count(1)
    auto = AutoCC(prof_auto, filename) if prof_auto else None
    d_pre = Desugarer("prelude.hs", "Prelude", pnames, cons, pnames, None, counter)
    d_user = Desugarer(filename, "Main", {**pnames, **unames, **methods}, cons, pnames, auto,
                       counter)
    d_user.taken |= d_pre.taken
    d_user.types = types  # the checked types give closures their -hy descriptions
    d_user.derived_labels = derived.labels
    d_user.own_code = derived.own_code
    binds: list[ir.TopBind] = []
    for d, mod in ((d_pre, prelude), (d_pre, helpers), (d_user, user), (d_user, dmod)):
        for decl in mod.decls:
            if d is d_pre and isinstance(decl, (S.DFun, S.DPat)):
                d.closure_module = BASE_MODULE_OF.get(getattr(decl, "name", ""), "GHC.Base")
            if isinstance(decl, S.DFun):
                out = d.fun_rhs(decl, {}, [], d.globals[decl.name])
            elif isinstance(decl, S.DPat):
                out = d.pattern_binds(decl, {}, [], d.globals)
            else:
                continue
            binds.extend(ir.TopBind(b.name, b.rhs, d.module) for b in out)
    for con in sorted(d_pre.used_wrappers | d_user.used_wrappers):
        dc = cons[con]
        module = "Main" if dc.module == "Main" else "Prelude"
        if dc.arity == 0:
            rhs: ir.Rhs = ir.ConRhs(con, [])
        else:
            params = [f"a{i}" for i in range(dc.arity)]
            rhs = ir.Closure(params, ir.ConApp(con, [ir.Var(p) for p in params]),
                             ir.ClosureInfo(con, module), False)
        binds.append(ir.TopBind("$W" + con, rhs, module))
    program = ir.Program(binds, cons, "main", filename)
    main_wrapper(program, unames["main"])
    if prof_cafs:
        for decl in user.decls:
            if isinstance(decl, S.DFun) and not decl.clauses[0].pats:
                top = next(b for b in binds if b.name == unames[decl.name])
                if isinstance(top.rhs, ir.Closure) and not top.rhs.params:
                    # keyed by the IR binding name; labelled with the source name
                    program.caf_ccs[top.name] = caf_cc(decl.name, filename, decl.name_span)
    fill_free_vars(program)
    lift_join_points(program, d_user.dict_funs)  # GHC's let-no-escape functions
    fill_free_vars(program)
    return program

