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
from .dead_binds import drop_dead_binds
from .deriving import Derived, derive
from .classes import lower_classes, method_names, resolve_methods
from .open_methods import tag_open_methods
from .newtypes import erasable, erase as erase_newtypes, selectors, tick_selectors
from .instances import lower_instances
from .desugar import Desugarer
from .desugar_types import once_used_functions
from .directed import bound_named, num_literals, open_literals, type_literals
from . import containers_sigs
from .base_modules import BASE_MODULES
from .modules import CONTAINER_MODULES
from . import exports, libraries, mtl, traversable
from . import numeric
from . import prelude_tuples
from . import preludecache
from . import show_cons
from . import sugar
from . import fixed_ints
from .lexer import tokenize
from .parser import parse_module
from .prelude_desugar import desugar_prelude
from .rename import MAX_TUPLE, Fixity, collect_fixities, rename_module
from .statics import float_statics
from .known_con import case_of_known_con, float_into_thunks
from .identity_case import drop_identity_cases
from .stgpass import fill_free_vars
from .lne import lift_join_points
from .inline_calls import inline_calls, source_name
from .inline_once import inline_once
from .instantiate import instantiations
from .toplevel import (dictionary_functions, main_wrapper, method_dictionary_functions,
                       wrapper_binds)
from .typecheck import prepare as prepare_typecheck
from .typecheck_env import prelude_env
from .hidden_cons import parse_apart
from .default_copies import copy_open_defaults
from .eta_paps import eta_expand_paps
from .bounded_witness import add_source as add_bounds_source, witness_bounds
from .typecheck_inline import only_main_exported
from profkit.errors import SourceError, UsageError

# names the Prelude refers to but which are generated per program (user data types)
GENERATED = ("show", "showsAt2#", "dictsShown#", "showsCon#", "rnfCon#", "conIndex#",
             "eqFields#", "cmpFields#", "eqCon#", "cmpCon#",
             "ltCon#", "leCon#", "gtCon#", "geCon#", "neCon#", "maxCon#", "minCon#",
             "fromEnumCon#", "succCon#", "predCon#",
             "enumFromCon#", "enumFromThenCon#", "enumFromToCon#", "enumFromThenToCon#",
             "tagToCon#", "lastTag#")
# of those, the ones a program uses by name
PUBLIC_GENERATED = ("show",)
PRELUDE_MODULES = {
    "Data.IORef", "Data.Array", "Data.Ix", "Control.Monad.ST", "Data.STRef", "Data.Array.ST",
    "Data.Array.MArray", "Data.Array.IO", "Data.Array.Unboxed", "Data.Array.IArray",
    "Data.Array.Base",
    "Prelude", "Data.List", "Data.Char", "Data.Maybe", "Data.Either", "Data.Function",
    "Control.Monad", "System.IO", "System.Environment", "Data.Int", "Debug.Trace",
    "Text.Printf", "Data.Foldable",
    "Data.Ord", "Control.Exception", "GHC.Exts", "List", "Char", "Maybe", "Monad", "Data.Bits",
    "System.Exit", "Data.Tuple", "Data.Traversable", "Text.Read", "Numeric",
    "Data.Ratio", "Data.Word", "Data.Functor", "Control.Applicative", "Control.Arrow",
    "Data.Bifunctor", "Control.Category", "Control.DeepSeq", "System.IO.Error",
}


# containers' constructors as profiles name them: the Prelude's name -> (name, type, module)
CONTAINER_CONS = {"MTip#": ("Tip", "Map", "Data.Map.Internal"),
                  "MBin#": ("Bin", "Map", "Data.Map.Internal"),
                  "STip#": ("Tip", "Set", "Data.Set.Internal"),
                  "SBin#": ("Bin", "Set", "Data.Set.Internal")}


BASE_MODULE_OF = {name: mod for mod, names in BASE_MODULES.items() for name in names.split()}
BASE_MODULE_OF.update(containers_sigs.modules_of())
BASE_MODULE_OF.update(numeric.modules_of())
BASE_MODULE_OF.update(fixed_ints.modules_of())
# base's Show instances show a constructor's name from a CAF of their module (GHC 9.0.2:
# `print True' charges 256 bytes, 64 per character, to CAF GHC.Show, once)
_SHOW_CAFS = {f"showStr{c}#": "GHC.Show" for c in ("True", "False", "LT", "EQ", "GT", "Just",
                                                  "Nothing")}
_SHOW_CAFS.update({"showStrLeft#": "Data.Either", "showStrRight#": "Data.Either",
                   "showCommaSpaceStr#": "GHC.Show"})
_SHOW_CAFS.update({f"showStr{c}#": m for cs, m in (
    (("NoBuffering", "LineBuffering", "BlockBuffering"), "GHC.IO.Handle.Types"),
    (("ExitSuccess", "ExitFailure"), "GHC.IO.Exception"),
    (("Down",), "Data.Ord")) for c in cs})
_SHOW_CAFS.update({f"bad{f}#": "GHC.List" for f in (  # (prelude.hs: base's error CAFs)
    "Head", "Tail", "Last", "Init", "Foldr1", "Foldl1", "Foldl1'", "Cycle", "Maximum",
    "Minimum", "IndexNeg", "IndexLarge")})


from .typecheck_sigs_exc import EXC_TYCONS  # noqa: E402
#: Control.Exception's types are shown by base's instances (prelude_exc.hs)
_EXC_SHOWS = [f"  {p} -> showsExc# d x s" for p in (
    "(ErrorCall _)", "Overflow", "Underflow", "LossOfPrecision", "DivideByZero", "Denormal",
    "RatioZeroDenominator", "(IndexOutOfBounds _)", "(UndefinedElement _)",
    "(PatternMatchFail _)", "(IOError _)", "NonTermination")]


def _dictionaries(name: str) -> int:
    """The dictionaries GHC passes to the Prelude function ``name`` (an IR name)."""
    sc = prelude_env()[0].get(source_name(name))
    return len(sc.preds) if sc is not None else 0


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
                bangs = d.strict[tag] if tag < len(d.strict) else []
                strict = tuple(bangs) if any(bangs) and not d.newtype else ()
                out[name] = ir.DataCon(name, tag, arity, d.name, module, strict=strict,
                                       newtype=d.newtype)
    return out


SUMMARY = "stg-summary-"  # (prefix of its cache entries)


@functools.lru_cache(maxsize=1)
def _prelude_text() -> str:
    """The Prelude's source: its modules' files, and Data.Word's and Data.Int's types."""
    files = resources.files(__package__)
    # containers.hs (Data.Map, Data.Set) and prelude_more.hs are part of the Prelude module
    text = "\n".join(files.joinpath(f).read_text()
                     for f in ("prelude.hs", "containers.hs", "prelude_more.hs", "prelude_st.hs",
                               "prelude_numeric.hs", "prelude_word.hs", "prelude_traverse.hs",
                               "prelude_exc.hs"))
    text += "\n" + prelude_tuples.source()  # tuples of 8 to 15 components (generated)
    return text + "\n" + fixed_ints.prelude_source()  # Data.Word's and Data.Int's types


@functools.lru_cache(maxsize=1)
def _prelude() -> tuple[S.Module, dict[str, ir.DataCon], dict[str, Fixity]]:
    text = _prelude_text()
    cached = preludecache.load(text)  # (renamed: its constructors and fixities are the same)
    mod = cached if cached is not None else parse_module(text, "prelude.hs", magic_hash=True)
    cons = dict(ir.BUILTIN_CONS)
    cons.update(_datacons(mod, "Data.Either", cons))
    for name, (shown, type_name, module) in CONTAINER_CONS.items():
        dc = cons[name]
        dc.display, dc.type_name, dc.module = shown, type_name, module
    cons["Down"].module = "Data.Ord"
    cons["R#"].display, cons["R#"].module = ":%", "GHC.Real"
    fix: dict[str, Fixity] = {}
    collect_fixities(mod.decls, fix)
    if cached is None:
        names = set(_module_names(mod)) | set(GENERATED) | {"prim"}
        rename_module(mod, names, {c: d.arity for c, d in cons.items()}, fix)
        preludecache.store(text, mod)
    return mod, cons, fix


@functools.lru_cache(maxsize=1)
def _prelude_summary() -> tuple[tuple[str, ...], dict[str, ir.DataCon], dict[str, Fixity]]:
    """The Prelude's top-level names, constructors and fixities: all a compile needs of the
    parsed Prelude when its desugared bindings come from the cache (prelude_desugar.py),
    itself kept in the cache (a few KB, where the parsed module is 1.4 MB)."""
    text = _prelude_text()
    got = preludecache.load_entry(SUMMARY, text)
    if isinstance(got, tuple) and len(got) == 3 and isinstance(got[0], tuple) and \
            isinstance(got[1], dict) and isinstance(got[2], dict):
        return got
    mod, cons, fix = _prelude()
    out = (tuple(_module_names(mod)), cons, fix)
    preludecache.store_entry(SUMMARY, text, out)
    return out


def _helpers_source(user_cons: dict[str, ir.DataCon], derived: Derived | None = None) -> str:
    """show/==/compare support for data types (constructor index, fields), in the subset
    itself: ``conIndex#`` is -1 for anything that is not a constructor of such a type. The
    constructors of a type with derived methods (``derived``) go to those methods."""
    derived = derived or Derived()
    # the Prelude's own data types go through the same derived-style code
    cons = [c for c in _prelude_summary()[1].values()
            if c.type_name in ("Bool", "Ordering", "Maybe", "Either", "BufferMode", "ExitCode",
                               "Down", "Ratio", *EXC_TYCONS)]
    cons += list(user_cons.values())

    def pat(c: ir.DataCon, v: str, wild: bool = False) -> str:
        args = ["_" if wild else f"{v}{i}" for i in range(c.arity)]
        if c.name[0] == ":":
            return f"({args[0]} {c.name} {args[1]})"
        return f"({c.name} {' '.join(args)})" if args else c.name

    def to_derived(stem: str, call: str) -> list[str]:
        return [f"  {pat(user_cons[c], '', True)} -> {name} {call}"
                for names, name in derived.dispatch.get(stem, []) for c in names]

    lines = ["rnfCon# x = case x of", *to_derived("rnf", "x")]
    # Control.DeepSeq's rnf without the program's method: every field (a Generic default)
    lines += [f"  {pat(c, 'a')} -> " + " `seq` ".join(
        [f"rnf a{i}" for i in range(c.arity)] + ["()"]) for c in cons
        if not any(c.name in names for names, _ in derived.dispatch.get("rnf", []))]
    lines.append("  _ -> rnfStruct# x")
    for fn, stem, otherwise in (
            ("eqCon#", "eq", "eqTagFields# x y"), ("cmpCon#", "compare", "cmpTagFields# x y"),
            ("ltCon#", "lt", "ltCmp# x y"), ("leCon#", "le", "leCmp# x y"),
            ("gtCon#", "gt", "ltCmp# y x"), ("geCon#", "ge", "leCmp# y x"),
            ("neCon#", "ne", "notEq# x y"), ("maxCon#", "max", "maxDefault# x y"),
            ("minCon#", "min", "minDefault# x y")):
        lines += [f"{fn} x y = case x of", *to_derived(stem, "x y"),
                  *numeric.NUMERIC_DISPATCH.get(stem, []), f"  _ -> {otherwise}"]
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
    # enumFromTo/enumFromThenTo: the class defaults, map toEnum [fromEnum x ..] as base
    # compiles them (enumTo#, enumThenTo#)
    for fn, args, ints in (("enumFromToCon#", "x y", "enumFromTo"),
                           ("enumFromThenToCon#", "x y z", "enumFromThenTo")):
        lines.append(f"{fn} {args} = case x of")
        for names, name in derived.dispatch.get("toEnum", []):
            k = name[len("toEnum_"):]
            evals = "".join(f"case fromEnum_{k} {v} of !{v}' -> " for v in args.split())
            body = f"{evals}{fn[:-4].replace('enumFrom', 'enum')}# toEnum_{k} " + \
                " ".join(f"{v}'" for v in args.split())
            lines += [f"  {pat(user_cons[c], '', True)} -> {body}" for c in names]
        idx = " ".join(f"(conIndex# {v})" for v in args.split())
        lines.append(f"  _ -> map ({t}) ({ints} {idx})")
    # show: an instance's own show method, else base's default (showsPrec 0 x "")
    lines += ["show x = case x of", *to_derived("show", "x"),
              *map(show_cons.show_alt, show_cons.one_field(cons)), '  _ -> showsPrec 0 x ""']
    lines += ["showsCon# d x s = case x of", *to_derived("showsPrec", "d x s"),
              *numeric.NUMERIC_DISPATCH["showsPrec"], *_EXC_SHOWS]
    cafs: list[str] = []
    one_field = show_cons.one_field(cons)
    shown = {c for names, _ in derived.dispatch.get("showsPrec", []) for c in names}
    for c in cons:
        if c.name in shown and c.module == "Main" or c.name == "R#":  # Ratio's: NUMERIC_DISPATCH
            continue
        label = f"({c.name})" if c.name[0] == ":" else c.name
        text = f'"{label}"' if c.arity == 0 else f'"{label} "'
        if c.module != "Main":  # base's instance: the name a CAF of its module (-O)
            text = f"showStr{c.name}#"
            cafs.append(f'{text} = "{label}{" " if c.arity else ""}"')
        if c in one_field:  # (show_cons.py)
            lines.append(show_cons.shows_alt(c))
            continue
        if c.arity == 0:
            # base's show of its own nullary constructor (Bool, Ordering ...) is the name's
            # CAF, shared by every call (GHC 9.0.2: print True allocates 16 bytes beyond
            # it; a copy was 200 more): show's own call, precedence 0 onto show's ""
            shown = "showsBase#" if c.module != "Main" else "showString"
            lines.append(f'  {label} -> {shown} {text} s' if shown == "showString" else
                         f'  {label} -> {shown} {text} d s')
            continue
        body = "r"
        for i in reversed(range(c.arity)):
            body = f"showsPrec 11 a{i} (' ' : {body})" if i < c.arity - 1 else \
                f"showsPrec 11 a{i} {body}"
        lines.append(f"  {pat(c, 'a')} -> showParenS# (d > 10) "
                     f"(\\r -> {text} ++ {body}) s")
    lines.append("  _ -> errorWithoutStackTrace \"show: value cannot be shown\"")
    lines += cafs + show_cons.helpers(cons, to_derived("showsPrec", "d x"))
    lines.append("conIndex# x = case x of")
    tuples = ["(" + ", ".join(["_"] * n) + ")" for n in range(2, MAX_TUPLE + 1)]
    for structural in ("[]", "(_:_)", *tuples, "()"):
        lines.append(f"  {structural} -> -2")
    for c in cons:
        lines.append(f"  {pat(c, '', True)} -> {c.tag}")
    # containers' Map (-3) and Set (-4): their instances are the Prelude's (containers.hs)
    lines += ["  MTip# -> -3", "  (MBin# _ _ _ _ _) -> -3", "  STip# -> -4",
              "  (SBin# _ _ _ _) -> -4", "  _ -> -1"]
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


def compile_program(source: str, filename: str, *, prof_auto: str | None = None,
                    prof_cafs: bool = False) -> ir.Program:
    """Compile a Haskell-subset program to STG IR.

    ``prof_auto``: None (only explicit SCC pragmas), ``"all"`` (-fprof-auto), ``"top"``
    (-fprof-auto-top) or ``"calls"`` (-fprof-auto-calls). ``prof_cafs`` (-fprof-cafs)
    records one ``CAF:name`` cost centre per top-level CAF in ``Program.caf_ccs`` (which
    also gives base's Show CAFs theirs, ``CAF GHC.Show``: ``_SHOW_CAFS``).
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
    names, pcons, pfix = _prelude_summary()
    sugar.numbering(1)  # (a program's made-up names: the same in every process)
    prelude_names = list(names)
    user, source = parse_apart(  # (a program's `Down': renamed apart from base's)
        source, filename, pcons,
        lambda src: parse_module(src, filename, prelude_names=frozenset(prelude_names)))
    for imp, (line, col) in zip(user.imports, user.import_positions):
        if imp not in PRELUDE_MODULES and imp not in CONTAINER_MODULES and \
                imp not in mtl.MODULES and imp not in libraries.MODULES:
            raise SourceError(f"Could not find module `{imp}' (only Prelude-like modules can "
                              "be imported)", filename, line, col)
    if user.imports:  # import lists naming what their module does not export
        supported = exports.supported_names(
            tuple(prelude_names), tuple((c, d.type_name) for c, d in pcons.items()))
        exports.check_import_lists(tokenize(source, filename), filename, supported)
    state = mtl.variant(user.imports, user.import_positions, filename)
    lib_decls: set[int] = set()  # mtl's State (mtl.py): library code, compiled with it
    if state is not None:
        mtl.check_uses(source, filename)
        lib, source = mtl.library(state, user, source, filename)
        lib_decls = {id(d) for d in lib} | {id(i) for d in lib if isinstance(d, S.DInst)
                                            for i in d.decls}
        user.decls = lib + user.decls
    # base's newtypes (libraries.py): library code too, compiled with it
    groups = libraries.selected(tokenize(source, filename), filename) \
        if any(imp in libraries.MODULES for imp in user.imports) else None
    lib_modules: dict[int, str] = {}  # id of a declaration -> its module
    lib_line = source.count("\n") + 2  # (the library's text follows the program's)
    if groups:
        lib, source = libraries.attach(user, source, libraries.source(groups), filename,
                                       "base", magic_hash=True)
        lib_modules = libraries.closure_modules(groups, lib)
        lib_decls |= set(lib_modules)
        user.decls = lib + user.decls
    user_cons = _datacons(user, "Main", pcons)
    for d in user.decls:
        for inner, shown in getattr(d, "shown", {}).items():
            user_cons[inner].display = shown
    cons = dict(pcons)
    cons.update(user_cons)
    derived = derive(user.decls, filename)
    copy_open_defaults(user, source)  # (a default using a method like `zeroV :: v')
    classes = lower_classes(user, derived)
    inst_methods = lower_instances(user, derived, classes)
    if groups and "Complex" in groups:  # (its Fractional and Floating: complex.py)
        classes.prelude_instances |= {("Fractional", "Complex"), ("Floating", "Complex")}
    numeric.ratio_instances(user.imports, source, derived)
    lib_names = {d.name for d in user.decls if isinstance(d, S.DFun) and id(d) in lib_decls}
    for d in user.decls:  # no cost centres, as GHC's mtl: like base's code
        if isinstance(d, S.DFun) and d.name in lib_names:
            closure = derived.labels.get(d.name, (None, None, d.name))[2]
            derived.labels[d.name] = (None, d.span, closure)
            derived.own_code.discard(d.name)
    for name, (label, span, closure) in list(derived.labels.items()):
        if groups and label is not None and span and span[0] >= lib_line:
            derived.labels[name] = (None, span, closure)  # (a library type's derived code)
            derived.own_code.discard(name)
    helpers = parse_module(_helpers_source(user_cons, derived), "<generated>", magic_hash=True)
    generated = set(GENERATED) | set(_module_names(helpers))  # with the tagTo<n># tables
    rename_module(helpers, set(prelude_names) | generated | set(derived.names),
                  {c: d.arity for c, d in cons.items()}, pfix)
    fix = dict(pfix)
    for d in user.decls:  # the program's own operator: GHC's default fixity unless declared
        if isinstance(d, S.DFun) and not d.name[:1].isalpha() and d.name[:1] != "_":
            fix.pop(d.name, None)
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
    tagged = tag_open_methods(user, types, classes, derived, filename)  # (adds helpers)
    derived.source += tagged
    if groups and "Writer" in groups:
        libraries.check_writer_logs(types, filename)
    drop_dead_binds(user)  # GHC's simple optimiser: local bindings nothing uses
    if derived.traversable or derived.foldable:  # (methods taking a class's operations)
        traversable.method_bodies(user, derived, types)
    type_literals(types, set(user_names) | set(methods), derived)  # methods are the program's
    num_literals(user, types, derived)
    open_literals(user, types)  # literals at a type variable: fromInteger of a dictionary
    fixed_ints.fixed_literals(user, types)  # Data.Word/Data.Int literals, -e, [a .. b]
    derived.source += resolve_methods(types, classes, filename)
    method_dictionary_functions(user, classes, source)  # (a method's own context)
    dict_funs = dictionary_functions(  # after the check: uses become calls
        user, types.sigs, source,
        also=mtl.CALLED if state and state[1] == "trans" else frozenset())
    if derived.open_bounds:  # (minBound/maxBound in a binding generic in Bounded)
        witness_bounds(user, types, dict_funs, derived,
                       lambda w, desc: bound_named(w, desc, derived, filename), filename)
        add_bounds_source(user, derived)
    # the derived instances: module Main code (GHC compiles them with the program)
    dmod = parse_module(derived.source, "<derived>", magic_hash=True)
    rename_module(dmod, set(prelude_names) | set(user_names) | set(derived.names) |
                  generated,
                  {c: d.arity for c, d in cons.items()}, fix)
    erased = set(erasable(user.decls, classes.prelude_instances | set(classes.instances)))
    erase_newtypes([user, dmod], erased)

    # IR names: the program's own top-level names are kept; Prelude names that clash with
    # them or with primitive names get a "Prelude." prefix.
    taken = set(user_names) | set(ir.PRIMOPS)
    pnames = {n: (f"Prelude.{n}" if n in taken else n)
              for n in prelude_names + sorted(generated)}
    pnames.update({n: n for n in derived.names})
    unames = {n: (f"Main.{n}" if n in ir.PRIMOPS else n) for n in user_names}
    counter = itertools.count(1)
    auto = AutoCC(prof_auto, filename, exports=user.exports, inline=user.inline) \
        if prof_auto else None
    d_pre = Desugarer("prelude.hs", "Prelude", pnames, cons, pnames, None, counter)
    d_user = Desugarer(filename, "Main", {**pnames, **unames, **methods}, cons, pnames, auto,
                       counter)
    d_user.taken |= d_pre.taken
    d_user.types = types  # the checked types give closures their -hy descriptions
    d_user.once_tops = once_used_functions(user)  # (GHC -O0 inlines them: their thunks' types)
    d_user.derived_labels = derived.labels
    d_user.own_code = derived.own_code
    binds = desugar_prelude(d_pre, lambda: _prelude()[0], _prelude_text(), BASE_MODULE_OF)
    d_user.counter = d_pre.counter  # (one numbering: it goes on from the Prelude's)
    settled = {b.name for b in binds}
    library: set[str] = set()  # (ir.Program.library)
    for d, mod in ((d_pre, helpers), (d_user, user), (d_user, dmod)):
        for decl in mod.decls:
            if d is d_pre and isinstance(decl, (S.DFun, S.DPat)):
                d.closure_module = BASE_MODULE_OF.get(getattr(decl, "name", ""), "GHC.Base")
            elif d is d_user and isinstance(decl, S.DFun):
                d.closure_module = lib_modules[id(decl)] if id(decl) in lib_modules else \
                    mtl.closure_module(state, decl.name) if decl.name in lib_names else "Main"
            if isinstance(decl, S.DFun):
                out = d.fun_rhs(decl, {}, [], d.globals[decl.name])
            elif isinstance(decl, S.DPat):
                out = d.pattern_binds(decl, {}, [], d.globals)
            else:
                continue
            binds.extend(ir.TopBind(b.name, b.rhs, d.module) for b in out)
            library |= {b.name for b in out} if mod is user and id(decl) in lib_decls else set()
    binds += wrapper_binds(cons, d_pre.used_wrappers | d_user.used_wrappers)
    program = ir.Program(binds, cons, "main", filename)
    program.settled, program.library = settled, library
    program.main_dict_bytes = getattr(types, "main_dict_bytes", 0) + \
        32 * len(derived.enum_defaults)  # (the instance's enumFromTo: a PAP of base's default)
    if state is not None:  # the State monad's dictionaries, CAFs of module Main
        program.main_dict_bytes += mtl.dictionary_bytes(
            state, derived.class_uses,
            [d for d in user.decls if getattr(d, "name", None) not in lib_names])
    for name, module in _SHOW_CAFS.items():  # evaluated under CAF <module>, as base's
        program.caf_ccs[name] = ir.CostCentre("CAF", module, "<entire-module>", True)
    for decl in user.decls:  # base's newtypes' Show strings (libraries.py), as those
        if id(decl) in lib_modules and isinstance(decl, S.DFun) and decl.name[-1] == "#":
            program.caf_ccs[unames[decl.name]] = ir.CostCentre(
                "CAF", lib_modules[id(decl)], "<entire-module>", True)
    main_wrapper(program, unames["main"])
    if prof_cafs:
        for decl in user.decls:
            if isinstance(decl, S.DFun) and not decl.clauses[0].pats and \
                    decl.name not in lib_names:
                top = next(b for b in binds if b.name == unames[decl.name])
                if isinstance(top.rhs, ir.Closure) and not top.rhs.params:
                    # keyed by the IR binding name; labelled with the source name
                    program.caf_ccs[top.name] = caf_cc(decl.name, filename, decl.name_span)
    float_statics(program, {unames[d.name] for d in user.decls if isinstance(d, S.DFun)
                            and d.name != "main" and d.name not in lib_names and
                            not d.clauses[0].pats})
    tick_selectors(program, {unames[f] for f in selectors(user.decls, erased)})
    inline_once(program, d_user.local_names | d_user.pattern_names,  # GHC -O0's simplifier:
                {**d_user.arg_evals, **d_user.split_sccs}, d_user.selections_of)  # used once
    inline_calls(program, d_user.local_names, d_user.arg_evals, _dictionaries,
                 set(d_user.selections_of), d_user.garbage,  # and small ones
                 {unames[n] for n in user_names if n != "main" and n not in lib_names},
                 only_main_exported(source),
                 (d_user.dict_funs, d_user.rec_instances, d_user.alloc_boxes,
                  d_user.strict_thunks),
                 {n for n, (label, _, _) in derived.labels.items() if label is None},
                 d_user.regenerated)
    case_of_known_con(program, d_user.strict_thunks, d_user.seqs)
    float_into_thunks(program)  # (a copy's thunk used once, in a thunk: moved there)
    eta_expand_paps(program,  # (CorePrep: a thunk of a partial application: a function)
                    {unames[n] for n in user_names if n != "main" and n not in lib_names})
    drop_identity_cases(program)  # (`Just x -> Just x; Nothing -> Nothing': the scrutinee)
    fill_free_vars(program)
    lift_join_points(program, d_user.dict_funs)  # GHC's let-no-escape functions
    instantiations(program, d_user.rec_instances, d_user.fresh)  # (after the free variables)
    fill_free_vars(program)
    return program

