"""Haskell exceptions on the STG machine (Control.Exception, issue 18;
``frontend/prelude_exc.hs``).

An exception in flight is a Python ``HsException`` (a ``GuestRuntimeError``: uncaught, its
message is GHC's ``prog: ...`` and the exit code 1): the run-time errors of the machine and
its primitives (``Machine.runtime_error``: a division by zero, a failed pattern match...),
``error`` and ``errorWithoutStackTrace`` (``throwErr#``: an ErrorCall of the message and
location, neither forced) and the program's ``throw``/``throwIO`` (``throw#``). ``catch#``
pushes a *catch frame* ``(catch_ret, [handler, tag, world, None, kind], ccs, 3)`` (a case
continuation that passes the action's result on) and applies the action; when an
exception is raised, ``run_loop`` calls ``unwind``: the frames above the nearest catch
frame whose tag matches the exception's type are dropped, as GHC's raise# drops them, and
the handler is applied to the exception's value. It runs under the stack of the raise
entered with the frame's (GHC's raise# keeps the current cost-centre stack and enters
base's handler closure, made at the catch: checked against GHC 9.0.2's .prof). Each thunk
under evaluation among the dropped frames (an update frame) is left as GHC's raise#
leaves it: entered again, it raises the same exception (without evaluating anything
again), under the stack entering it. An uncaught exception thrown by the program is
shown by its String (its Show instance), evaluated with nothing left on the stack.

A tag is the handled type's name as an Int (frontend/directed_exc.py's ``tag_of``: the
name's bytes, read back by ``tag_name``), 0 for SomeException (every exception). The type
of an exception is its value's constructor's type (``DataConR.type_name``); one the
machine raises has its type from its message (``classify``) and its value is made when
caught, as static objects (GHC allocates them before the raise). Base's closures and
boxes that the subset's code does not make are charged where GHC allocates them (per
operation, from GHC 9.0.2's bytes on probe programs: see each primitive)."""

from __future__ import annotations

from typing import Any

from profkit.errors import GuestRuntimeError
from profkit.tables import CostCentre

from ..heap.heapobj import LF, Box, Con, Thunk, con_class
from ..ir import EXC_TAG_NAMES
from .prims_io import ProgramExit

# ruff: noqa: F821  -- the templates' free names are the machine registers (rt.py)

#: what separates an ErrorCall's message from its location in the machine's text
CALLSTACK = "\nCallStack (from HasCallStack):\n"


class HsException(GuestRuntimeError):
    """A Haskell exception: ``exc_type`` its type's name, ``value`` its heap value (None
    until caught, made from ``parts``), ``shown`` the program's String for it (a thunk:
    printed when nothing catches it) or None (the message is the text)."""

    def __init__(self, text: str, exc_type: str, value: Any = None, shown: Any = None,
                 parts: tuple = ()):
        super().__init__(text)
        self.exc_type = exc_type
        self.value = value
        self.shown = shown
        self.parts = parts
        self.caf = None  # base's CAF raising it (an arithmetic error: exceptions.unwind)
        self.exit = None  # exitWith's ProgramExit, its ExitCode the value


def tag_name(tag: int) -> str:
    if tag == 0:
        return "SomeException"
    name = EXC_TAG_NAMES.get(tag)
    return name if name is not None else \
        tag.to_bytes((tag.bit_length() + 7) // 8, "big").decode(errors="replace")


#: messages of the machine's errors that are not ErrorCalls: (type, constructor)
_ARITH = {"divide by zero": "DivideByZero", "Ratio has zero denominator":
          "RatioZeroDenominator", "arithmetic overflow": "Overflow"}


def classify(prog: str, msg: str, kind: str | None) -> HsException:
    """The exception of the machine's error ``msg`` (``kind``: "PatternMatchFail",
    "NonTermination", "internal" (not an exception: never caught), None: by the text)."""
    text = f"{prog}: {msg}"
    if kind is not None:
        return HsException(text, kind, parts=(msg,))
    if msg in _ARITH:
        exc = HsException(text, "ArithException", parts=(_ARITH[msg],))
        exc.caf = _ARITH[msg]
        return exc
    if msg.startswith("<stdin>: "):
        return HsException(text, "IOException", parts=(msg,))
    head, sep, loc = msg.partition(CALLSTACK)
    return HsException(text, "ErrorCall", parts=(head, loc and CALLSTACK[1:] + loc))


def _static_str(m: Any, s: str) -> Any:
    """A String of static objects (allocating nothing)."""
    ns = m.ns
    lst = ns["NIL"]
    cons, chars, dc_c = m.datacons[":"], ns["CHARLIKE"], ns["DC_C"]
    make = con_class(2).make
    for ch in reversed(s):
        c = chars[ord(ch)] if ord(ch) < 256 else Box(-1, dc_c, ch)
        lst = make(-1, cons, c, lst)
    return lst


def value_of(m: Any, exc: HsException) -> Any:
    """The exception's heap value (made once)."""
    if exc.value is not None:
        return exc.value
    t, parts = exc.exc_type, exc.parts
    if t == "ArithException" or t == "NonTermination":
        v = m.nullary[parts[0] if t == "ArithException" else t]
    elif t == "ErrorCall":
        # ErrorCall's one field is the message; the location rides along in a second slot
        # that only excLoc# reads (GHC's ErrorCallWithLocation, whose pattern synonym
        # ErrorCall binds the message)
        v = con_class(2).make(-1, m.datacons["ErrorCall"], _static_str(m, parts[0]),
                              _static_str(m, parts[1]))
    else:
        con = {"PatternMatchFail": "PatternMatchFail", "IOException": "IOError"}[t]
        # (base's PatternMatchFail message ends its line: GHC 9.0.2's show has the "\n")
        text = parts[0] + ("\n" if t == "PatternMatchFail" else "")
        v = Con(-1, m.datacons[con], (_static_str(m, text),))
    exc.value = v
    m.exc_origin[id(v)] = exc
    return v


def _matches(exc: HsException, frame: tuple) -> bool:
    if frame[1][4] >= 2:  # onException's and bracket's: every exception
        return True
    tag = frame[1][1].val
    return tag == 0 or tag_name(tag) == exc.exc_type


def _thunk_of(fr: Any) -> Any:
    if type(fr) is Thunk:
        return fr
    if type(fr) is tuple and fr[0] is UPD_MARK:
        return fr[1]
    return None


UPD_MARK: Any = None  # rt.UPD (set by install)


def unwind(m: Any, exc: BaseException) -> tuple:
    """``exc`` was raised in ``run_loop``: the (code, env) of the handler of the nearest
    catch frame for it, the frames above dropped; else ``exc`` goes on (uncaught)."""
    if isinstance(exc, ProgramExit):  # exitWith throws its ExitCode (finalizers run)
        exc = _exit_exception(m, exc)
    if not isinstance(exc, HsException) or exc.exc_type == "internal":
        raise exc
    flush_pending(m)
    ns = m.ns
    stack, catch_ret, wm = m.stack, ns["catch_ret"], ns["WM"]
    k = len(stack) - 1
    while k >= 0:
        fr = stack[k]
        if type(fr) is tuple and fr[0] is wm:
            fr = fr[1]
        if type(fr) is tuple and fr[0] is catch_ret and _matches(exc, fr):
            break
        k -= 1
    if k < 0:
        return _uncaught(m, exc)
    raise_lf = m.exc_raise_lf
    updated = False
    while len(stack) > k:
        fr = stack.pop()
        if type(fr) is tuple and fr[0] is wm:
            fr = m.wm_pop(fr)
        t = _thunk_of(fr)
        if t is not None and t.val is None:
            t.lf, t.fv = raise_lf, [exc]  # entered again: raises exc (GHC's raise#)
            updated = True
    if updated:  # GHC's one raise closure for the updated thunks (a THUNK_1_0)
        ns["_charge"](24)
    if exc.caf is not None and exc.caf not in m.exc_cafs:
        # base raises an arithmetic error from a CAF of GHC.Real (divZeroError...): the
        # first time it is entered, under that CAF's stack, with the exception's box
        m.exc_cafs.add(exc.caf)
        cc = m.session.tables.ccs.intern(CostCentre("CAF", "GHC.Real", "<entire-module>",
                                                    True))
        ns["CCS"] = m.ccs.raw_push(0, cc)
        ns["_charge"](24)
    # the handler runs under the stack of the raise (GHC's raise# keeps it: GHC 9.0.2's
    # .prof puts a handler under the function that divided by zero), entered as below
    env = fr[1]
    # base's handler closure was made at the catch (under the frame's stack) and is
    # entered from the raise: GHC's enterFunCCS of the two (`CAF GHC.Real/main/hnd' for a
    # top-level hnd caught in main the first time a division by zero raises)
    here, ops = ns["CCS"], m.ccs
    ns["CCS"] = ops.append(here, fr[2]) if ops.root(here) != ops.root(fr[2]) else \
        ops.enter_fun(here, fr[2])
    if env[4] >= 2:  # onException's action (bracket's `after a'), then the exception again
        ns["push"]((ns["rethrow_ret"], [None, exc], ns["CCS"], 0))
        return ns["apply"](env[0], [env[2]] if env[4] == 2 else [env[1], env[2]])
    ns["_charge"](16)  # fromException's Just (SomeException's too: fromException = Just)
    return ns["apply"](env[0], [value_of(m, exc), env[2]])


#: the characters of hPutStr's buffer (GHC.IO.Buffer's dEFAULT_CHAR_BUFFER_SIZE)
CHAR_BUFFER = 2048


def committed(text: str, mode: int) -> str:
    """What of ``text``, the characters a failing hPutStr forced before the failure, GHC's
    handle has: base's writeBlocks copies the String into a spare buffer it commits to the
    handle when full (room kept for a "\r\n": 2,047 characters) and, line-buffered, after
    each newline; an exception loses the uncommitted rest. Unbuffered (``mode`` 0) each
    character is written at once (GHC 9.0.2 compiled, stdout a file: ``print [1, 2, error
    "x"]`` writes nothing, 5,000 characters and an error 4,094 of them; runghc's stdout is
    unbuffered: ``[1,2,``)."""
    if mode == 0:
        return text
    kept = n = 0
    for i, c in enumerate(text):
        if n + 1 >= CHAR_BUFFER:
            kept, n = i, 0
        n += 1
        if c == "\n" and mode == 1:
            kept, n = i + 1, 0
    return text[:kept]


def flush_pending(m: Any) -> None:
    """base's hPutStr copies a String into stdout's buffer as it forces it: when forcing
    raises, the characters evaluated before (``m.pending_out``'s evaluated prefix) that
    base's buffering had committed (``committed``) are in the handle, written before
    anything later."""
    s, m.pending_out = getattr(m, "pending_out", None), None
    cons, out = m.ns["DC_CONS"], []
    while s is not None:
        if type(s) is Thunk:
            s = s.val
        if s is None or s.dc is not cons:
            break
        c = s.f0
        if type(c) is Thunk:
            c = c.val
            if c is None:
                break
        out.append(c.val)
        s = s.f1
    stdio = getattr(m, "stdio", None)
    text = committed("".join(out), stdio.out_mode() if stdio is not None else 2)
    if text:
        m.out.append(text)


def _uncaught(m: Any, exc: HsException) -> tuple:
    """No handler: the message, or the program's String for its exception (``shown``,
    evaluated now, with nothing on the stack, and printed as GHC's top handler does)."""
    if exc.exit is not None:
        raise exc.exit
    if exc.shown is None:
        m.at_exit(uncaught=True)
        m.flush_output()
        raise exc
    ns = m.ns
    m.stack[:] = [m.stack[0]]  # the bottom frame
    shown, exc.shown = exc.shown, None
    # GHC's top handler, under the raise's stack: 3,904 bytes and 20 a character of the
    # message (uncaught_ret), and the CAFs it enters (shapes probes un*)
    ns["_charge"](3904)
    here = ns["CCS"]
    for mod, n in (("GHC.IO.Exception", 2280), ("GHC.Conc.Sync", 960),
                   ("GHC.IO.Encoding", 528)):
        ns["CCS"] = _caf_stack(m, mod)
        ns["_charge"](n)
    ns["CCS"] = here
    if exc.exc_type == "ErrorCall":  # (errorWithoutStackTrace's: GHC.Exception's CAF)
        m.exc_base_cafs("error", (("GHC.Exception", 760),))
    ns["push"]((ns["uncaught_ret"], [None, exc, []], here, 0))
    return ns["enter"](shown)


def _exit_exception(m: Any, pe: ProgramExit) -> HsException:
    """exitWith's exception: its ExitCode (static), uncaught the run's end with its code."""
    if pe.code == 0:
        v = m.nullary["ExitSuccess"]
    else:
        v = Con(-1, m.datacons["ExitFailure"], (Box(-1, m.datacons["I#"], pe.code),))
    exc = HsException(f"{m.prog_name}: {pe.code}", "ExitCode", value=v)
    exc.exit = pe
    m.exc_origin[id(v)] = exc
    return exc


def _caf_stack(m: Any, module: str) -> int:
    cc = m.session.tables.ccs.intern(CostCentre("CAF", module, "<entire-module>", True))
    return m.ccs.raw_push(0, cc)


def base_cafs(m: Any, key: str, cafs: tuple) -> None:
    """Base's CAFs entered the first time (``key``): error's call stack (GHC.Exception 768
    bytes, GHC.Stack.CCS 256), then its location shown (3,456 and 64 more: shapes
    excparse, probes er, er2)."""
    if key in m.exc_cafs:
        return
    m.exc_cafs.add(key)
    ns = m.ns
    here = ns["CCS"]
    for mod, n in cafs:
        ns["CCS"] = _caf_stack(m, mod)
        ns["_charge"](n)
    ns["CCS"] = here


def user_dictionary(m: Any, name: str) -> None:
    """The first use of a program's exception type: GHC -O0 builds its Exception and Show
    dictionaries and Typeable representation, CAFs of Main (824 bytes, 136 more a
    constructor after the first: shapes excbracket, excuncaught, probes)."""
    if name in m.exc_dicts or name in BASE_TYPES:
        return
    m.exc_dicts.add(name)
    ns = m.ns
    here = ns["CCS"]
    ns["CCS"] = _caf_stack(m, "Main")
    ncons = sum(1 for d in m.datacons.values() if d.type_name == name and d.module == "Main")
    ns["_charge"](824 + 136 * max(ncons - 1, 0))
    ns["CCS"] = here


#: Control.Exception's types (prelude_exc.hs)
BASE_TYPES = frozenset({"SomeException", "ErrorCall", "ArithException", "ArrayException",
                        "PatternMatchFail", "IOException", "NonTermination"})


# ---------------------------------------------------------------- run-time templates
def catch_ret(env):
    """A catch frame's continuation: the action returned, its result goes on."""
    return ret(env[3])


def uncaught_ret(env):
    """Forcing an uncaught exception's String, a cell at a time: ``env`` is (the value
    returned, the exception, the characters so far)."""
    v = env[0]
    if v.dc is not DC_CONS:
        exc = env[1]
        text = "".join(env[2])
        n = 20 * len(text)
        at = text.find("CallStack (from -prof):")
        if at >= 0:  # (its lines printed: 53 bytes a character more, 5,176 less in all;
            # GHC 9.0.2, shapes errcall24 and probes of 2 to 5 cost centres)
            n += max(0, 53 * (len(text) - at) - 5176)
        site = text.find("\n  error, called at ")
        if site >= 0:  # the call site's SrcLoc strings, CAFs of Main, shown: 352 bytes and
            # 64 a character of its file, package and module names
            file = text[site + 20:].split(":", 1)[0]
            m.exc_base_cafs("srcloc", (("Main", 352 + 64 * (len(file) + 8)),))
        if n >= 16:
            _charge(n - n % 8)
        exc.args = (f"{m.prog_name}: {text}",)
        m.at_exit(uncaught=True)
        m.flush_output()
        raise exc
    c = v.f0
    if type(c) is Thunk and c.val is None:
        push((uncaught_char, [None, env, v.f1], CCS, 0))
        return enter(c)
    if type(c) is Thunk:
        c = c.val
    env[2].append(c.val)
    push((uncaught_ret, [None, env[1], env[2]], CCS, 0))
    return enter(v.f1)


def uncaught_char(env):
    outer = env[1]
    outer[2].append(env[0].val)
    push((uncaught_ret, [None, outer[1], outer[2]], CCS, 0))
    return enter(env[2])


def raise_code(env):
    """A thunk an exception passed through: raise it again, under the stack of the one
    entering it (GHC's stg_raise sets none): its update frame's."""
    global CCS
    fr = stack[-1]
    CCS = fr.ccs if type(fr) is Thunk else fr[2]
    raise env[0]


def p_excLit(k, s):
    """base's ``showString`` of exception text ``k`` (EXC_TEXTS) onto ``s``: GHC's
    unpackAppendCString#: 56 bytes a character (GHC 9.0.2: `length (show DivideByZero)'
    880 bytes with its thunk and box)."""
    text = EXC_TEXTS[k.val]
    _charge(16 * len(text))
    return mkstr(text, s)


def p_catch(act, handler, tag, kind, w):
    """``catch# act handler tag kind w``: the catch frame, then ``act w`` (through an AP
    frame: the primitive is in tail position, its result returned to that frame). Base's
    closures for the handler: catch's handler' (3 words), onException's (2)."""
    k = kind.val
    if k < 2 and tag.val:
        m.exc_user_dict(tag_name(tag.val))
    if k != 1:
        _charge(24 if k == 0 else 16)
    push((catch_ret, [handler, tag, w, None, k], CCS, 3))
    push((AP, [w]))
    return act


def p_catchA(act, after, w, a):
    """``catchA# act after w a``: bracket's catch frame, ``after a`` its handler (``a``
    not forced). Base's closures (the masked action's, the handler's) and its other work:
    104 bytes (GHC 9.0.2, shapes probe)."""
    _charge(104)
    push((catch_ret, [after, a, w, None, 3], CCS, 3))
    push((AP, [w]))
    return act


def rethrow_ret(env):
    """onException's action ran: the exception goes on."""
    raise env[1]


def p_excCost(n):
    """Bytes of base's closures the subset's code does not make (finally's): ()."""
    _charge(n.val)
    return UNIT


def p_throw(e, shown):
    """``throw# e s``: raise the exception value ``e`` (``s`` its String, lazy). A value
    caught before (a handler's rethrow) is the exception it came from."""
    exc = m.exc_origin.get(id(e))
    m.exc_user_dict(e.dc.type_name)
    if exc is None or exc.value is not e:
        exc = HsException(f"{m.prog_name}: <exception>", e.dc.type_name, value=e, shown=shown)
        m.exc_origin[id(e)] = exc
    _charge(32)
    raise exc


def p_excLoc(e):
    """``Just`` an ErrorCall's location (its hidden second field: "CallStack ...", maybe
    not evaluated: a primitive returns a value), or ``Just []``."""
    return Con1.make(-1, m.datacons["Just"], getattr(e, "f1", NIL))


def p_throwErr(pair, shown):
    """``throwErr# (msg, loc) s``: raise the ErrorCall of ``msg`` with location ``loc``
    (neither forced: GHC's ErrorCallWithLocation), ``s`` its String."""
    v = Con2.make(-1, m.datacons["ErrorCall"], pair.f0, pair.f1)
    exc = HsException(f"{m.prog_name}: <error>", "ErrorCall", value=v, shown=shown)
    m.exc_origin[id(v)] = exc
    _charge(48)  # base's ErrorCallWithLocation and SomeException boxes
    raise exc


def p_errCallStack(_):
    """``error``'s HasCallStack and -prof work (its SrcLoc, the CallStack, currentCallStack
    reading the cost-centre stack's names): GHC 9.0.2 allocates 2,744 bytes and 1,830 a
    cost centre on the stack plus 44 a character of its module, label and source span
    (shapes probes er, er2: within 0.3% at three to five levels). Returns the location's
    -prof part's key (excProf#): "\\nCallStack (from -prof):" and a line a cost centre,
    innermost first."""
    n = 2536  # (2,744 less the 208 bytes of the subset's own error path)
    st, names = m.tables.stacks, m.tables.ccs
    s = CCS
    lines = []
    while s > 0:
        cc = names[st.cc[s]]
        n += 1830 + 44 * (len(cc.module) + len(cc.label) + len(cc.src))
        lines.append(f"\n  {cc.module}.{cc.label} ({cc.src})")
        s = st.parent[s]
    _charge(n - n % 8)
    m.exc_base_cafs("error", (("GHC.Exception", 768), ("GHC.Stack.CCS", 256)))
    if not lines:
        return mkint(-1)
    text = "\nCallStack (from -prof):" + "".join(lines)
    return mkint(m.exc_prof.setdefault(text, len(m.exc_prof)))


def p_excProf(k):
    """The -prof part of an ErrorCall's location (``errCallStack#``'s key), when shown:
    base's lazily joined lines, about 64 bytes a character (shapes excparse)."""
    text = next(t for t, i in m.exc_prof.items() if i == k.val)
    m.exc_base_cafs("shown", (("GHC.Exception", 3456), ("GHC.Stack.CCS", 64)))
    _charge(24 * len(text))
    return mkstr(text)


#: the texts of base's Show instances of the exception types (prelude_exc.hs's excLit#)
EXC_TEXTS = ("arithmetic overflow", "arithmetic underflow", "loss of precision",
             "divide by zero", "denormal", "Ratio has zero denominator",
             "array index out of range", "undefined array element", "<<loop>>", ": ")

EXC_PRIMS = {"catch#": p_catch, "throw#": p_throw, "excLoc#": p_excLoc, "excLit#": p_excLit,
             "excCost#": p_excCost, "throwErr#": p_throwErr, "errCallStack#": p_errCallStack,
             "catchA#": p_catchA, "excProf#": p_excProf}
EXC_HELPERS = (catch_ret, uncaught_ret, uncaught_char, raise_code, rethrow_ret)


def install(m: Any, ns: dict) -> None:
    """Give machine ``m`` what the templates use."""
    global UPD_MARK
    UPD_MARK = ns["UPD"]
    m.exc_origin = {}
    m.exc_cafs = set()
    m.exc_prof = {}
    m.exc_dicts = set()
    m.exc_user_dict = lambda name: user_dictionary(m, name)
    m.exc_base_cafs = lambda key, cafs: base_cafs(m, key, cafs)
    ns["EXC_TEXTS"] = EXC_TEXTS
    m.exc_raise_lf = LF("raise#", 0, 1, m.unpack_lf.info, 3)
    m.exc_raise_lf.code = ns["raise_code"]
    m.exc_static_str = lambda s: _static_str(m, s)
    ns["unwind"] = lambda e: unwind(m, e)
    ns["HsException"] = HsException
    ns["tag_name"] = tag_name
