"""The machine's run-time core: returning values, entering closures, applying functions.

Performance note: these functions (and those of ``prims.py``) are *templates*. Each
``Machine`` copies them with ``rebind`` into its own namespace dictionary, the same one its
generated code is ``exec``'d in, so that the machine registers are plain module globals there
(the cheapest mutable state CPython offers). The names they use without defining them are
those registers and constants, listed in ``machine.Machine._namespace``:

``CCS`` current cost-centre stack (StackTable id) · ``ERA`` LDV era · ``stack``/``push``/``pop``
the frame stack · the header (``core.header.SiteHeader``): ``HI``/``HIa`` the allocation-site
column and its ``append`` (``S_*`` site ids, ``SITE(info, size)`` interns one, ``SS`` site
sizes), ``HP``/``HPa`` producers, ``HL`` last use and ``HX`` current-info state (grown
lazily: on IndexError ``hl_set``/``hx_set``; ``X_BH``/``X_IND`` state codes) ·
``WANT_USE``/``USEa`` use rows and ``WANT_UPD``/``UPDa`` update staging (one int per
update: ``oid`` for thunk -> BLACKHOLE, ``~oid`` for BLACKHOLE -> IND; the machine makes the
rows, ``Machine.stage_updates``) · ``I_*`` info ids ·
``DC_*``, ``NIL``, ``TRUE``, ``FALSE``, ``INTLIKE``, ``CHARLIKE`` static closures ·
``enter_fun`` the CCS call rule · ``m`` the Machine.

Frames on ``stack`` are tuples whose first item is the handler ``h(frame, value)``, or
heap thunks:

* ``(code, env, ccs, slot)`` case continuation: ``ret`` restores ``ccs``, stores the value
  in ``env[slot]`` and continues with ``code(env)`` (which selects the alternative);
* a ``Thunk`` (id >= 0) is the update frame of that thunk: ``ret`` overwrites it and
  restores the stack kept meanwhile in its ``ccs`` slot (a thunk's own stack is read only
  when it is entered; a tuple frame was 64 bytes per update frame, one per level of a deep
  stack of forced thunks);
* ``(UPD, thunk, ccs)`` update frame of a CAF (id -1, whose own stack is read later: the
  retainer identity of its value): overwrites the thunk, restores ``ccs``;
* ``(AP, args)``     pending arguments of an over-saturated call;
* ``(AP, args, ccs)`` those of an over-saturated call of a function (known, or found to
  take fewer), applied under the caller's ``ccs`` (GHC's code and genapply push
  ``stg_restore_cccs`` below them);
* ``(AP, None)``     bottom of the stack (returning to it ends the run: ``Halt``);
* ``(WM, frame)``    a frame wrapped as the collector's watermark (``Machine.wm_pop``).

Every code block returns ``(code, env)`` to the trampoline in ``run_loop``; ``ret`` never
runs code itself, so Python's own stack depth stays bounded by the program text.
"""

from __future__ import annotations

import re
import textwrap
import types
from typing import Any

# ruff: noqa: F821  -- free names are the machine registers, see the module docstring


def rebind(fn: Any, ns: dict) -> Any:
    """A copy of function ``fn`` whose globals are ``ns``."""
    return types.FunctionType(fn.__code__, ns, fn.__name__, fn.__defaults__, fn.__closure__)


_TAGS = re.compile(r"#\s*\[([a-z ]+)\]")


def specialize(fn: Any, ns: dict, features: frozenset[str]) -> Any:
    """A copy of template ``fn`` (one of ``RUNTIME_FUNCTIONS``) with globals ``ns`` and
    without the source lines tagged ``# [tag ...]`` for features this machine does not have
    (a line stays if one of its tags is in ``features``): ``track`` keeps the header's
    current info (thunk -> BLACKHOLE -> IND) and the update events, wanted when some scheme
    reads per-object state (a census, a collection, a death); ``use`` the last-use writes
    and use events at every entry and scrutiny, wanted only by schemes that read last use
    (``engine.wants_uses``; ``use`` comes with ``track``); ``gc`` the collector model's
    write barrier and watermark frames. The tagged lines cost a sixth of a plain ``-p``
    run's time, the ``use`` lines most of it."""
    key = (fn.__name__, features)
    code = _SPECIALIZED.get(key)
    if code is None:
        first, lines = _TEMPLATES[fn.__name__]
        # dropped lines become blank ones and the function starts on its own line, so that
        # tracebacks still point into this file
        kept = [""] * (first - 1)
        for line in lines:
            mo = _TAGS.search(line)
            kept.append("" if mo and not features.intersection(mo.group(1).split()) else line)
        module = compile("\n".join(kept) + "\n", __file__, "exec")
        code = _SPECIALIZED[key] = next(c for c in module.co_consts
                                        if type(c) is types.CodeType)
    out = types.FunctionType(code, ns, fn.__name__)
    out.__doc__ = fn.__doc__
    return out


_SPECIALIZED: dict[tuple[str, frozenset[str]], types.CodeType] = {}


def inline_body(fn: Any, features: frozenset[str]) -> list[str]:
    """The statements of template ``fn``'s body for ``features`` (as ``specialize`` keeps
    them), without its docstring and ``global`` line, indented from column 0: for generated
    code that runs it inline (its parameters must be locals of the same names there)."""
    _, lines = _TEMPLATES[fn.__name__]
    body = lines[1:]
    if body and body[0].strip().startswith('"""'):
        end = next(i for i, line in enumerate(body)
                   if line.rstrip().endswith('"""') and (i or line.count('"""') == 2))
        body = body[end + 1:]
    out = []
    for line in body:
        mo = _TAGS.search(line)
        if line.strip().startswith("global ") or (
                mo and not features.intersection(mo.group(1).split())):
            continue
        out.append(line[4:])
    return out


class Halt(Exception):
    """Raised by the bottom frame ``(AP, None)`` with the program's final value."""


def UPD(fr, v):
    """Marker of update frames (``ret`` handles them)."""
    raise AssertionError("frame markers are not called")


def AP(fr, v):
    """Marker of frames holding the extra arguments of an over-saturated call."""
    raise AssertionError("frame markers are not called")


def WM(fr, v):
    """Marker of the watermark frame ``(WM, original_frame)``: the lowest frame not popped
    since the last collection (see ``Machine.wm_pop``)."""
    raise AssertionError("frame markers are not called")


def ret(v):
    """Return value ``v`` to the frame on top of the stack; the (code, env) to run next."""
    global CCS
    while True:
        fr = pop()
        if type(fr) is Thunk:  # a heap thunk's update frame
            t = fr
            CCS = t.ccs
        else:
            k = fr[0]
            if k is WM:  # [gc]
                fr = m.wm_pop(fr)  # [gc]
                if type(fr) is Thunk:  # [gc]
                    push(fr)  # [gc] (an update frame: popped again, above)
                    continue  # [gc]
                k = fr[0]  # [gc]
            if k is not UPD:
                if k is AP:
                    args = fr[1]
                    if args is None:  # the bottom frame
                        raise Halt(v)
                    if len(fr) > 2:  # a known call's: the caller's stack (stg_restore_cccs)
                        CCS = fr[2]
                    return apply(v, args)
                CCS = fr[2]
                env = fr[1]
                env[fr[3]] = v
                return k, env
            t = fr[1]  # a CAF's
            CCS = fr[2]
        t.val = v
        oid = t.id  # [track gc]
        if oid >= 0:  # [track]
            try:  # [track]
                HX[oid] = X_IND  # [track]
            except IndexError:  # [track]
                hx_set(oid, X_IND)  # [track]
            if WANT_UPD:  # [track]
                UPDa(~oid)  # [track] BLACKHOLE -> IND (Machine.stage_updates)
        if oid < NURSERY_START:  # [gc]
            REMEMBER(t)  # [gc] write barrier of the collector model


def enter(o):
    """Evaluate object ``o`` (enter a thunk, or return a value)."""
    if type(o) is Thunk:
        v = o.val
        if v is not None:
            return ret(v)
        return enter_thunk(o)
    return ret(o)


def enter_thunk(o):
    """Enter thunk ``o``, known to be unevaluated (generated force chains check that
    inline): push its update frame and run its code."""
    global CCS
    fv = o.fv
    if fv is None:
        m.loop_error()
    oid = o.id  # [track]
    if oid >= 0:  # [track]
        try:  # [use]
            HL[oid] = ERA  # [use]
        except IndexError:  # [use]
            hl_set(oid, ERA)  # [use]
        if WANT_USE:  # [use]
            USEa(oid)  # [use]
        try:  # [track]
            HX[oid] = X_BH  # [track]
        except IndexError:  # [track]
            hx_set(oid, X_BH)  # [track]
        if WANT_UPD:  # [track]
            UPDa(oid)  # [track] thunk -> BLACKHOLE (Machine.stage_updates)
    own = o.ccs
    if o.id >= 0:
        o.ccs = CCS  # the thunk is its own update frame (see the module docstring)
        push(o)
    else:
        push((UPD, o, CCS))
        if o in CAF_LOCKED:  # GHC's lockCAF: a CAF_BLACKHOLE (16 bytes) under the entering
            HIa(S_CAFBH)  # stack (see Machine.caf_locked)
            HPa(CCS)
    o.fv = None
    CCS = own
    lf = o.lf
    pad = lf.pad
    if pad:
        # a new list of the exact size (``fv += pad`` over-allocated by up to 9 slots, kept
        # as long as the environment: a frame's, for a deep stack, one per level)
        fv = fv + pad
    return lf.code, fv


def apply(f, args):
    """Apply ``f`` to the list ``args``, which the callee may keep (eval/apply: PAPs for too
    few arguments, an AP frame for too many)."""
    global CCS
    while True:
        t = type(f)
        if t is Fun:
            fn = f
            c = f.ccs
            break
        if t is Pap:
            fn = f.fun
            c = f.ccs
            args = f.args + args
            break
        if t is Thunk:
            v = f.val
            if v is None:
                push((AP, args))
                return enter(f)
            f = v
            continue
        m.bad_apply(f)
    lf = fn.lf
    ar = lf.arity
    n = len(args)
    if n < ar:
        # GHC's BUILD_PAP gives a new PAP the current stack (also when extending a PAP);
        # applying it later enters it with enterFunCCS like a heap-allocated function.
        return ret(mkpap(fn, args, CCS))
    oid = f.id  # [use]
    if oid >= 0:  # [use]
        try:  # [use]
            HL[oid] = ERA  # [use]
        except IndexError:  # [use]
            hl_set(oid, ERA)  # [use]
        if WANT_USE:  # [use]
            USEa(oid)  # [use]
    if n > ar:  # genapply's stg_restore_cccs frame below the rest: applied under ours
        push((AP, args[ar:], CCS))
        args = args[:ar]
    if c is not None and c != CCS:
        CCS = enter_fun(CCS, c)
    # ``args`` is always a list of the caller's own (a literal of the generated code, a
    # slice, a PAP's arguments joined): without free variables or padding it becomes the
    # environment without a copy; else a concatenation makes one of the exact size (``+=``
    # over-allocated, see enter_thunk)
    fv = fn.fv
    pad = lf.pad
    if fv:
        args = fv + args + pad if pad else fv + args
    elif pad:
        args = args + pad
    return lf.code, args


def mkpap(fn, args, c):
    o = Pap(len(HI), fn, args, c)
    HIa(SITE(I_PAP, 3 + len(args)))
    HPa(CCS)
    return o


def run_loop(code, env, steps, limit):
    """The trampoline: one code block per machine transition (call, thunk entry, return to
    a case continuation). Returns (final value, steps). Eight transitions run per loop
    iteration while the next event is further away (an eighth of the counting and
    testing); ``i`` counts those done, so that the step count stays exact when one
    raises."""
    i = 0
    while True:
        try:
            while True:
                if steps + 8 <= limit:
                    code, env = code(env)
                    i = 1
                    code, env = code(env)
                    i = 2
                    code, env = code(env)
                    i = 3
                    code, env = code(env)
                    i = 4
                    code, env = code(env)
                    i = 5
                    code, env = code(env)
                    i = 6
                    code, env = code(env)
                    i = 7
                    code, env = code(env)
                    steps += 8
                    i = 0
                else:
                    code, env = code(env)
                    steps += 1
                if steps >= limit:
                    limit = m.event(steps, env, code)
        except Halt as h:
            return h.args[0], steps + i
        except BaseException as e:
            m.steps = steps + i
            # a Haskell exception: the handler of its catch frame runs next (exceptions.py);
            # anything else, or an uncaught one, goes on
            code, env = unwind(e)
            steps += i
            i = 0


def unpack_code(env):
    """Body of the lazy ``unpackCString#`` tail thunk (free vars: the string, an index)."""
    return ret(unpack(env[0], env[1]))


RUNTIME_FUNCTIONS = (ret, enter, enter_thunk, apply, mkpap, run_loop, unpack_code)



def _last_line(code: types.CodeType) -> int:
    """The last source line of ``code``'s instructions (and its nested code's)."""
    last = max(end for _, end, _, _ in code.co_positions() if end is not None)
    for c in code.co_consts:
        if type(c) is types.CodeType:
            last = max(last, _last_line(c))
    return last


def template_sources(fns: tuple, path: str) -> dict[str, tuple[int, list[str]]]:
    """Each function's first line and dedented source lines, from the file ``path`` that
    defines them: from the ``def`` line to its last instruction's, with any lines after it
    still inside the function (a trailing comment). What ``inspect.getsource`` gives, read
    in a tenth of the time (it tokenizes the file: 9 % of a one-line program's start-up)."""
    with open(path, encoding="utf-8") as f:
        text = f.read().splitlines()
    out = {}
    for fn in fns:
        first = fn.__code__.co_firstlineno
        last = _last_line(fn.__code__)
        indent = len(text[first - 1]) - len(text[first - 1].lstrip())
        while last < len(text) and text[last].strip() and \
                len(text[last]) - len(text[last].lstrip()) > indent:
            last += 1
        out[fn.__name__] = (first, textwrap.dedent("\n".join(text[first - 1:last]) + "\n")
                            .splitlines())
    return out


#: each template's first line and dedented source lines, read once when this module is
#: imported (so that the text always matches the code, even if the file changes later)
_TEMPLATES = template_sources(RUNTIME_FUNCTIONS, __file__)
