"""Which of the program's own CAFs running code can still reach: GHC's static reference
tables (SRTs), for the collector model's roots.

GHC keeps an evaluated CAF only while something live refers to it: a heap object's field,
or the SRT of live code -- a stack frame's return address, a heap closure's info table, a
static function reachable from those. A top-level ``table = [...]`` that only ``main``'s
first statement reads dies once that statement is done, and a heap profile shows it gone.
The model listed every CAF as a root for the whole run, so such a table stayed in every
later census.

What this module gives the model:

* At code generation (``compile.Codegen``) every generated code block records the names of
  the program's own top-level bindings its code refers to: a case continuation the free
  names of what is left to run (as ``live_slots`` records its environment slots), a
  closure's body its free names.
* ``CafSrt`` closes those over the top-level bindings (a function's or a static
  constructor's references, and an unevaluated CAF's) into sets of CAFs, per code block
  and per heap closure's info.
* At each major collection and census (``begin``, ``more``, ``end``, inside the
  collection's own trace) the machine's CAF roots lose every CAF of the program that no
  live code's set holds. Heap references need nothing here: a heap object's field holding
  the CAF is traced through it as before. Once dropped a CAF is never a root again (no
  code that can still run refers to it), as in GHC, where such a CAF is garbage. The
  decision reads only the machine's state and the live heap (not the dead flags of an
  earlier collection, nor what an earlier trace found), so leaving collections out
  between censuses (``StgBackend._only_censuses``) changes no CAF a census keeps.

Only the program's own CAFs are candidates: Prelude code cannot name them, and the
Prelude's and the runtime's own CAFs stay roots (Python primitives may use those).
A thunk under evaluation keeps what its code refers to (GHC blackholes lazily: its
collector meets the thunk, with its SRT, under the update frame). A closure that refers to
a candidate counts only if the program reaches it without going through a candidate's own
value (``more``): a memo list whose unevaluated cells refer to the list dies with
its last reader, as in GHC.

What is conservative (kept longer than GHC would): the references of an evaluated CAF's
code; a function passed as a value (an argument, a constructor field, a dictionary's
method) keeps what its code refers to for the whole run, since the traces do not see
static functions inside heap objects.
"""

from __future__ import annotations

from itertools import compress, count, islice
from operator import is_not, itemgetter
from typing import Any

import numpy as np

from .. import ir
from ..heap.heapobj import Thunk
from ..heap.rowbuf import may_hold_heap
from . import rt
from .case import free_names

#: frames between two points of the stack at which ``CafSrt._stack_wanted`` keeps what the
#: frames below refer to
FRAMES_STEP = 256


def value_names(binds: list, user: set[str]) -> set[str]:
    """The program's own top-level names used as values (not called): arguments,
    constructor fields, a function returned or bound as it is."""
    out: set[str] = set()
    todo: list = [tb.rhs for tb in binds]
    while todo:
        e = todo.pop()
        t = type(e)
        if t is ir.App:
            out.update(a.name for a in e.args if type(a) is ir.Var)
            if not e.args:
                out.add(e.fun)
        elif t is ir.ConApp or t is ir.PrimOp or t is ir.ConRhs:
            out.update(a.name for a in e.args if type(a) is ir.Var)
        elif t is ir.Closure:
            todo.append(e.body)
        elif t is ir.Let:
            todo.append(e.body)
            todo.extend(b.rhs for b in e.binds)
        elif t is ir.Case:
            todo.append(e.scrut)
            todo.extend(a.body for a in e.alts)
            if e.default is not None:
                todo.append(e.default)
        elif t is ir.SCC:
            todo.append(e.body)
    return out & user


class CafSrt:
    """The program's CAFs by the code that refers to them (see the module docstring)."""

    def __init__(self, machine: Any, codegen: Any) -> None:
        program = codegen.program
        user = codegen.user_globals
        binds = [tb for tb in program.binds if tb.name in user]
        memo = codegen.memo
        self.edges: dict[str, frozenset] = {}
        for tb in binds:
            self.edges[tb.name] = free_names(tb.rhs, memo) & user
        roots = {id(c) for c in machine.cafs}
        #: name -> the CAF object, for the program's own CAFs that are roots
        self.cafs: dict[str, Thunk] = {}
        for tb in binds:
            obj = codegen.gobj.get(tb.name)
            if type(tb.rhs) is ir.Closure and not tb.rhs.params and id(obj) in roots:
                self.cafs[tb.name] = obj
        #: during a major collection's trace (``begin`` .. ``end``): the wanted CAFs a
        #: closure that may be live refers to, by name; the CAFs dropped for sure; the
        #: possibly live closures' ids and infos; the CAF roots before, and of them the
        #: ones (by identity) left out of the roots now
        self._pending: dict[str, Thunk] = {}
        self._dropped: list[Thunk] = []
        self._ids: Any = None
        self._infos: Any = None
        self._order: list[Thunk] = []
        self._out: set[int] = set()
        self._machine: Any = None
        #: the program's CAF objects by identity -> their names
        self._names = {id(c): n for n, c in self.cafs.items()}
        self._memo: dict[frozenset, frozenset] = {}
        #: the stack's frames when ``_stack_wanted`` last read them all, and what the frames
        #: below each ``FRAMES_STEP``-th one refer to (``_upto[k]``: frames ``0..k*STEP-1``)
        self._frames: list = []
        self._upto: list[frozenset] = [frozenset()]
        self.frames_read = 0  # (by ``_stack_wanted``, with those points)
        #: CAFs every run keeps: those a function or static constructor used as a value
        #: refers to; a CAF used as a value keeps what its code refers to while it is
        #: unevaluated (``lazy``), as its code may still run
        always: set[str] = set()
        self.lazy: list[tuple[Thunk, frozenset]] = []
        for v in value_names(binds, user):
            got = self.closure(self.edges.get(v, frozenset()))
            if v in self.cafs:
                if got:
                    self.lazy.append((self.cafs[v], got))
            else:
                always |= got
        self.always = frozenset(always)
        ns = machine.ns
        #: code block (the function object a frame holds) -> CAFs its code refers to
        self.by_code: dict[Any, frozenset] = {}
        for name, refs in codegen.code_refs.items():
            got = self.closure(refs)
            fn = ns.get(name)
            if got and fn is not None:
                self.by_code[fn] = self.by_code.get(fn, frozenset()) | got
        #: a heap closure's info -> CAFs its code refers to
        self.by_info: dict[int, frozenset] = {}
        for info, refs in codegen.info_refs.items():
            got = self.closure(frozenset(refs))
            if got:
                self.by_info[info] = got
        #: by info id: whether ``by_info`` has it (a gather finds the live ones in O(n))
        self._flag = np.zeros(max(self.by_info, default=-1) + 1, dtype=bool)
        self._flag[list(self.by_info)] = True

    def closure(self, names: frozenset) -> frozenset:
        """The CAFs reachable from ``names`` through top-level references."""
        got = self._memo.get(names)
        if got is not None:
            return got
        seen = set(names)
        todo = list(names)
        while todo:
            for n in self.edges.get(todo.pop(), ()):
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        got = self._memo[names] = frozenset(n for n in seen if n in self.cafs)
        return got

    def begin(self, machine: Any, header: Any, dead: bytearray) -> None:
        """Before a major collection's trace: drop from the machine's CAF roots every CAF
        of the program no live code refers to, except those a closure that may be live
        refers to (its code); those (``_pending``) are left out of the roots for the
        trace, which asks ``more`` which of them the closures it reached keep. ``end``
        drops the rest. The result is the same whatever collections came before (GHC's
        semantics at a major collection: a CAF is kept exactly when live code's SRTs
        reach it), so a CAF dropped at one major collection is dropped at every later one
        and censuses without the collections between give the same CAF roots."""
        self._pending = {}
        self._dropped = []
        want = self._wanted(machine, header)
        flag = self._flag
        if want and len(flag):
            # the closures whose code refers to a wanted CAF and may be live: not updated,
            # not found dead by the last collection (those are garbage: a trace from the
            # roots cannot reach them), or allocated since
            ids = header.unchanged_with(flag)
            d = np.frombuffer(dead, dtype=np.uint8)
            old = ids < len(d)
            keep = np.ones(len(ids), dtype=bool)
            keep[old] = d[ids[old]] == 0
            ids = ids[keep]
            infos = header.gather("alloc_info", ids)
            held: set[str] = set()
            for i in np.unique(infos).tolist():
                held |= self.by_info[i]
            held &= want
            if held:
                self._ids, self._infos = ids, infos
                self._pending = {n: self.cafs[n] for n in held}
            want -= held
        if want or self._pending:
            self._order = list(machine.cafs)
            self._machine = machine
            out = self._out = {id(self.cafs[n]) for n in want}
            out |= {id(c) for c in self._pending.values()}
            machine.cafs[:] = [c for c in machine.cafs if id(c) not in out]
            self._dropped = [self.cafs.pop(n) for n in sorted(want)]

    def more(self, marked: bytearray) -> list[Any]:
        """During the trace (``marked``: what the roots reach so far): the values of the
        pending CAFs that a reached closure refers to, put back among the machine's roots
        (the trace follows them, then asks again: a kept CAF's value can reach more
        closures); [] once nothing more is kept. A closure reachable only through a
        wanted CAF's own value does not keep it: a memo list whose unevaluated tail refers
        to the list (``fibs = 0 : 1 : zipWith (+) fibs (tail fibs)``) is garbage once no
        running code refers to it, as in GHC."""
        pending = self._pending
        if not pending:
            return []
        ids, infos = self._ids, self._infos
        m = np.frombuffer(marked, dtype=np.uint8)
        inside = ids < len(m)
        reached = np.zeros(len(ids), dtype=bool)
        reached[inside] = m[ids[inside]] != 0
        got: set[str] = set()
        for i in np.unique(infos[reached]).tolist():
            got |= self.by_info[i]
        got &= pending.keys()
        if not got:
            return []
        out = self._out
        for n in got:
            out.discard(id(pending.pop(n)))
        self._machine.cafs[:] = [c for c in self._order if id(c) not in out]
        return [self.cafs[n].val for n in sorted(got) if self.cafs[n].val is not None]

    def end(self) -> list[Thunk]:
        """After the trace: drop the pending CAFs no reached closure kept; every CAF
        dropped by this collection (never a root again)."""
        dropped = self._dropped
        dropped += [self.cafs.pop(n) for n in sorted(self._pending)]
        self._pending, self._dropped = {}, []
        self._ids = self._infos = None
        self._order, self._machine, self._out = [], None, set()
        return dropped

    def _wanted(self, machine: Any, header: Any) -> set[str]:
        """The program's evaluated CAFs holding heap objects that no running code (the
        current code, the stack's frames, a thunk under evaluation, an unevaluated CAF
        used as a value) refers to."""
        want = {n for n, c in self.cafs.items() if n not in self.always and _holds(c.val)}
        if not want:
            return want
        want -= self.by_code.get(machine.cur_code, frozenset())
        for caf, got in self.lazy:
            if caf.val is None:
                want -= got
        if not want:
            return want
        got = self._stack_wanted(machine, header, set(want))
        from ..heap import gc as collector
        if collector.CHECK_TRACE:
            full = self._stack_wanted(machine, header, set(want), cached=False)
            if got != full:
                raise AssertionError(f"CAFs wanted: {sorted(got)} with the frames' points, "
                                     f"{sorted(full)} reading every frame")
        return got

    def _stack_wanted(self, machine: Any, header: Any, want: set[str], cached: bool = True
                      ) -> set[str]:
        """``want`` less the CAFs the stack's frames refer to (``_wanted``). What the
        frames below every ``FRAMES_STEP``-th one refer to is kept with those frames: the
        next call reads only the frames above the highest such point below which the stack
        holds the same frame objects (compared by identity, in C): not the unchanged bottom
        of a deep recursion at every census. What a frame refers to depends on the frame
        alone (its code, its CAF, its thunk's info)."""
        st = machine.stack
        k = 0
        if cached:
            old = self._frames
            same = next(compress(count(), map(is_not, st, old)), min(len(st), len(old)))
            k = min(same // FRAMES_STEP, len(self._upto) - 1)
            want -= self._upto[k]
            if not want:
                return want
        start = k * FRAMES_STEP
        self.frames_read += (len(st) - start) if cached else 0
        by_code, edges, names, closure = self.by_code, self.edges, self._names, self.closure
        wm, upd = rt.WM, rt.UPD
        refs: list[tuple[int, frozenset]] = []  # (frame, the CAFs it refers to)
        at: list[int] = []  # the thunks under evaluation (update frames), and their frames
        updating: list[int] = []
        for j, fr in enumerate(islice(st, start, None), start):
            if type(fr) is not Thunk and fr[0] is wm:
                fr = fr[1]
            if type(fr) is Thunk:
                if fr.id >= 0:
                    at.append(j)
                    updating.append(fr.id)
                continue
            code = fr[0]
            # a CAF under evaluation: what its code refers to
            got = (closure(edges.get(names.get(id(fr[1])), frozenset())) if code is upd
                   else by_code.get(code))
            if got:
                refs.append((j, got))
                want -= got
                if not want:
                    return want
        # a thunk under evaluation keeps what its code refers to until it is updated:
        # GHC blackholes lazily, so a collection meets the thunk itself (with its SRT)
        # under its update frame (`print (length keep)` keeps `keep` whole)
        flag = self._flag
        if updating and len(flag):
            infos = header.gather("alloc_info", np.array(updating, dtype=np.int64)).tolist()
            for j, i in zip(at, infos):
                if i < len(flag) and flag[i]:
                    refs.append((j, self.by_info[i]))
                    want -= self.by_info[i]
        if cached:
            refs.sort(key=itemgetter(0))
            upto = self._upto[:k + 1]
            acc, r = set(upto[-1]), 0
            for b in range(start + FRAMES_STEP, len(st) + 1, FRAMES_STEP):
                while r < len(refs) and refs[r][0] < b:
                    acc |= refs[r][1]
                    r += 1
                upto.append(frozenset(acc))
            self._upto, self._frames = upto, list(st)
        return want


def _holds(v: Any) -> bool:
    """Whether a CAF's value keeps heap objects alive (dropping it can change a census)."""
    if v is None:
        return False
    return getattr(v, "id", -1) >= 0 or may_hold_heap(v)


def build(machine: Any) -> CafSrt | None:
    """The machine's ``CafSrt``, or None when the program has no CAF of its own."""
    srt = CafSrt(machine, machine.codegen)
    return srt if srt.cafs else None
