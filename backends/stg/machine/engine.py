"""The STG machine: runs an ``ir.Program`` with explicit heap objects, eval/apply calls,
update frames, and GHC's cost-centre stacks, writing the profiling header of every object.

Structure (one module each): ``heapobj`` objects and sizes, ``ccs`` cost-centre-stack rules,
``machine_compile`` IR -> Python source, ``rt`` the trampoline/return/enter/apply core,
``prims`` primitive operations, ``show`` GHC's number formatting.

Public surface (what the backend, the GC model and profiling plugins use):

* ``Machine(program, session)`` compiles; ``run()`` runs ``main`` applied to the world token
  under CCS MAIN and returns the exit status (0), raising ``GuestRuntimeError`` (``prog:
  msg``) for the program's runtime errors and ``ResourceLimitError`` for ``--max-steps`` /
  ``-M``.
* ``steps`` machine transitions so far (the virtual clock's units: 1e8 per second, see
  ``UNITS_PER_SECOND``); ``total_ticks``.
* ``ccs_entries``/``ccs_ticks`` lists and ``ccs_alloc_bytes()`` (numpy) indexed by StackTable
  id: SCC entry counts, timer ticks, bytes allocated (GHC sizes, no profiling header).
* ``roots()`` every object the program can still reach directly (frame stack, CAFs, the
  environment of the running code block); ``heapobj.children(obj)`` its pointers;
  ``gc_roots()`` the same as (object, retainer identity) pairs for ``gc.StgHeapModel``,
  listing only the frames changed since the last collection when ``minor_collection`` is
  set (exact: tests compare it with full roots event for event).
* ``kill_all()`` stages a death row for every object not yet dead (``dead`` marks).
* ``after_session_call()`` must follow any session call that may flush (census, gc events):
  the stager replaces its arrays on flush.
"""

from __future__ import annotations

import gc
import math
import re
from array import array
import sys
from typing import Any

import numpy as np

from profkit.clock import VirtualClock
from profkit.errors import GuestRuntimeError, ResourceLimitError, SourceError
from profkit.header import ProfHeader, SiteHeader
from profkit.kinds import ObjKind
from profkit.tables import CostCentre, Info

from .. import ir
from . import exceptions, prims, rt
from .ccs import CcsOps
from .codecache import compiled_pieces
from ..heap.heapobj import (BLACKHOLE_SIZE, LF, Box, Con, DataConR, Fun, Pap, Thunk,
                             con_class)
from ..heap.rts_heap import FLOAT_CAF_ALLOC
from .compile import Codegen, con_package
from .printf import PrintfError, printf_format
from .prims_io import ProgramExit, StdIO
from .roots import MachineRoots
from .read import ghc_cost as read_cost
from .show import show_char, show_double

#: hooks whose listeners may read the header's per-object state: current info after an
#: update (the ``track`` feature of ``Machine.features``)
TRACKING_HOOKS = ("profkit_use", "profkit_update", "profkit_copy", "profkit_death",
                  "profkit_census", "profkit_gc_start", "profkit_gc_end")


def wants_uses(session: Any) -> bool:
    """True if some plugin reads last use (``Session.reads_last_use``: it implements
    ``profkit_use``/``_update``/``_death`` or has a true ``needs_last_use`` attribute).
    Otherwise the machine writes no last use and stages no use row at entries and case
    scrutinies (``-hc``/``-hd``/``-hy``/``-hr`` do not pay for them)."""
    return session.reads_last_use()


#: virtual clock rate: one machine transition = 10 ns of "time" (1e5 transitions per 1 ms tick)
UNITS_PER_SECOND = 1e8


def _no_reader(shape: str, text: str) -> object:
    raise ValueError("no reader: the machine was built without a front end")


def _no_collector(thunk: Any) -> None:
    """``SELa`` when no collector model is attached: selector thunks are not listed."""


#: characters of generated source compiled at a time (``exec_in_pieces``)
EXEC_PIECE = 1 << 14


def exec_in_pieces(source: str, filename: str, ns: dict) -> None:
    """``exec(compile(source, filename, "exec"), ns)``, compiled a piece of about
    ``EXEC_PIECE`` characters at a time, cut before top-level ``def`` lines. Compiled
    whole, the parser held the syntax tree of the entire program at once: 15 MB for the
    Prelude's 100 KB, which Python's allocator then kept as the process's resident set for
    the rest of the run (a third of a small program's peak). The pieces keep their line
    numbers (each is preceded by the newlines of the lines before it), so tracebacks into
    generated code are the same."""
    starts = [mo.start() for mo in re.finditer(r"(?m)^def ", source)]
    cuts = [0]
    for i in starts:
        if i - cuts[-1] >= EXEC_PIECE:
            cuts.append(i)
    cuts.append(len(source))
    line = 0
    pieces = []
    for a, b in zip(cuts, cuts[1:]):
        piece = source[a:b]
        pieces.append("\n" * line + piece)
        line += piece.count("\n")
    for code in compiled_pieces(pieces, filename):  # (kept between runs: codecache.py)
        exec(code, ns)


class Machine(MachineRoots):
    def __init__(self, program: ir.Program, session: Any, *,
                 mark_con_use: bool | None = None, track_objects: bool | None = None) -> None:
        self.program = program
        self.session = session
        self.tables = session.tables
        self.config = session.config
        self.prog_name = self.config.program_name or "prog"
        self.ccs = CcsOps(self.tables)
        # A use is an entry or a case scrutiny of a constructor (the hook contract);
        # ``-p stg.con_use=0`` gives GHC's behaviour instead, where evaluated constructors
        # are never entered (pointer tagging) and so stay VOID in a biographical profile.
        if mark_con_use is None:
            mark_con_use = self.config.plugin_options.get("stg.con_use", "1") not in (
                "0", "false", "no")
        self.mark_con_use = mark_con_use
        # The header's per-object state and its events are kept only when a scheme can read
        # them (hookspecs say so; rt.specialize compiles the rest out): current info and
        # update events (``track``) for one listening to a per-object event other than
        # alloc, to a collection or to a census; last use and use events (``use``, at every
        # entry and case scrutiny) only for one that reads last use (``wants_uses``). A
        # plain -p run has neither, -hc/-hd/-hy/-hr only ``track``. ``track_objects=True``
        # (tests) keeps both.
        if track_objects is None:
            uses = wants_uses(session)
            track_objects = uses or any(session.listens(h) for h in TRACKING_HOOKS)
        else:
            uses = track_objects
        self.features = frozenset(("track", "use") if uses else
                                  ("track",) if track_objects else ())
        #: whether an object's id is ever read after its allocation: only by the lines of
        #: the ``track`` feature (header state, updates, uses) and by a collector model.
        #: Without them every heap object gets id 0 (``HI`` is then an empty tuple for the
        #: run-time functions' ``len(HI)``): a Python int of 32 bytes less per live object,
        #: and no call per allocation; the header's rows are the same.
        self.object_ids = "track" in self.features
        self.cafs: list[Thunk] = []
        #: the CAFs whose first entry allocates GHC's CAF_BLACKHOLE (rts lockCAF: 16 bytes
        #: charged to the entering stack; GHC 9.0.2, shapes/cafenter25): the program's own
        #: (compile.declare_globals: module Main's but ir.Program.library, mtl's or base's
        #: code compiled with it), but main, entered under MAIN (rts_heap's constant), and the
        #: Strings of base's constructors' names (GHC.Show's `$fShowMaybe1 =
        #: unpackCString# "Just "#'); GHC's dictionary CAFs (`$fShowMaybe $fShowInt') the
        #: model has not
        self.caf_locked: set[Thunk] = set()
        self.steps = 0
        self.total_ticks = 0
        self.cur_env: list | None = None
        self.cur_code: Any = None
        self.dead = bytearray()  # dead[oid] = 1 once a death row was staged
        #: updates noted by the run-time functions, one int each (``stage_updates``)
        self._updates = array("q")
        self.out: list[str] = []
        self.stdio = StdIO(self)  # stdin, stderr and exitWith (prims_io.py)
        self.hput_calls = 0  # output calls so far (prims.p_putStr: base's hPutStr costs)
        infos = self.tables.infos
        self.i_bh = infos.intern(Info("BLACKHOLE", "BLACKHOLE", "", ObjKind.BLACKHOLE))
        self.i_ind = infos.intern(Info("IND", "IND", "", ObjKind.IND))
        self.i_pap = infos.intern(Info("PAP", "PAP", "", ObjKind.PAP))
        self.datacons: dict[str, DataConR] = {}
        for dc in list(ir.BUILTIN_CONS.values()) + list(program.datacons.values()):
            shown = dc.display or dc.name
            info = infos.intern(Info(shown, dc.type_name, dc.module, ObjKind.CON,
                                     f"{con_package(dc.module)}:{dc.module}.{shown}"))
            self.datacons[dc.name] = DataConR(dc.name, dc.tag, dc.arity, info, dc.type_name,
                                              dc.module)
        self.nullary = {n: Con(-1, d, ()) for n, d in self.datacons.items() if d.arity == 0}
        self.world = Con(-1, DataConR("State#", 0, 0, -1, "State#", "GHC.Prim"), ())
        d_i, d_d, d_c = self.datacons["I#"], self.datacons["D#"], self.datacons["C#"]
        self.intlike = [Box(-1, d_i, i) for i in range(-16, 256)]
        self.charlike = [Box(-1, d_c, chr(i)) for i in range(256)]
        self._static_lits: dict[tuple[str, str], Box] = {}
        # the lazy tail thunk of a string literal is ghc-prim's `unpack (nh +# 1#)`, a
        # let-bound closure GHC's -hd names `<GHC.CString.sat_sBg>` (as the runtime's own)
        self.unpack_lf = LF("unpackCString#", 0, 2, infos.intern(
            Info("<GHC.CString.sat_sBg>", "[]", "GHC.CString", ObjKind.THUNK)), 3)
        self.ns = self._namespace(d_i, d_d, d_c)
        self.codegen = Codegen(self, program)
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old, 20000))
        try:
            self.codegen.declare_globals()
            self.codegen.compile_globals()
            self.source = self.codegen.finish()
            exec_in_pieces(self.source, f"<stg {program.source_file}>", self.ns)
        finally:
            sys.setrecursionlimit(old)
        for alias, target in self.codegen.aliases.items():
            self.ns[alias] = self.ns[target]
        for lf, fname in self.codegen.lf_code:
            lf.code = self.ns[fname]
        self.unpack_lf.code = self.ns["unpack_code"]
        rts = self.config.rts
        self.clock = VirtualClock(UNITS_PER_SECOND, rts.tick_interval or 0.001)
        self.listen_tick = session.listens("profkit_tick")
        self.max_steps = self.config.max_steps
        self.max_heap_bytes = rts.max_heap_bytes
        self._heap_checked = 0
        self._allocated_bytes = 0
        #: bytes per stack of the header rows a compaction dropped (ccs_alloc_bytes)
        self._retired_alloc = np.zeros(0, dtype=np.int64)
        #: with no collector model and no scheme needing an id after its alloc row, the
        #: header is emptied (``forget_ids``) whenever it reaches this many rows (0: never)
        self.forget_min = 0
        self.forgets = 0
        #: set by attach_collector (the backend's collector model): gc_hook(steps) is called
        #: every gc_interval transitions
        self.gc_hook: Any = None
        self.gc_interval = 4096
        self.next_gc = 0
        self._system_stack: int | None = None
        # Incremental roots for minor collections (GHC scans only the dirty part of a
        # stack). Frames below the watermark frame were not popped since the last
        # collection, so what they held then was promoted. Their environment can only have
        # been written since if a frame sharing it was popped (the frames of one
        # environment are contiguous on the stack) or if it was the environment about to
        # run at the last collection: such environments are "dirty" (_dirty holds their
        # ids) and the contiguous run of old frames holding them is scanned again. Only the
        # ids: holding the lists kept every popped frame's objects until the next
        # collection (in census-only mode, the next census). An id freed and reused can
        # only name a list made after the last collection, never the environment of a
        # frame below the watermark (alive since then): at worst a newer frame is scanned.
        self.incremental_roots = True
        self.minor_collection = False  # set by the backend before a minor collection
        self._wm_index = -1
        self._dirty: set[int] = set()
        # root cache of the edge tracer (gc_root_split): heap ids held by each frame as they
        # were at the last collection, concatenated, and each frame's offset into them
        # (int32, as the header's ids: a deep stack's cache is 4 bytes an id and a frame)
        self._rc_ids = array("i")
        self._rc_off = array("i", [0])  # (one entry per frame: an array, not int objects)
        self.live_bytes_fn: Any = None

    # ------------------------------------------------------------------ set-up
    def _namespace(self, d_i: DataConR, d_d: DataConR, d_c: DataConR) -> dict:
        h = self.session.header
        if type(h) is ProfHeader and len(h) == 0:
            # every allocation of this machine comes from a compile-time site: the compact
            # header (two appends per allocation, alloc rows exact, see core.header)
            h = self.session.header = SiteHeader()
        self.header = h
        site = h.site_id
        st = self.session.stager
        stack: list = []
        nil, true, false = self.nullary["[]"], self.nullary["True"], self.nullary["False"]
        ns: dict[str, Any] = {
            "__builtins__": __builtins__,
            "CCS": 0, "ERA": self.session.era, "m": self,
            "stack": stack, "push": stack.append, "pop": stack.pop,
            "HI": h.site if self.object_ids else (), "HP": h.producer, "HL": h.use, "HX": h.state,
            "HIa": h.site.append, "HPa": h.producer.append, "SITE": site, "SS": h.site_size,
            "HIx": h.site.extend, "HPx": h.producer.extend,  # (n rows at once: dead cells)
            "hl_set": h.set_last_use, "hx_set": h.set_state,
            "X_BH": h.state_id(self.i_bh), "X_IND": h.state_id(self.i_ind),
            "S_IBOX": site(d_i.info, 2), "S_DBOX": site(d_d.info, 2),
            "S_CBOX": site(d_c.info, 2), "S_CONS": site(self.datacons[":"].info, 3),
            "S_UNPACK": site(self.unpack_lf.info, 3), "S_CAFBH": site(self.i_bh, 2),
            "CAF_LOCKED": self.caf_locked,
            "WANT_USE": bool(st.wants.get("use")), "WANT_UPD": bool(st.wants.get("update")),
            "UPDa": self._updates.append,
            "I_BH": self.i_bh, "I_IND": self.i_ind, "I_PAP": self.i_pap,
            "I_IBOX": d_i.info, "I_DBOX": d_d.info, "I_CBOX": d_c.info,
            "I_CONS": self.datacons[":"].info, "I_UNPACK": self.unpack_lf.info,
            "DC_I": d_i, "DC_D": d_d, "DC_C": d_c, "DC_CONS": self.datacons[":"],
            "NIL": nil, "TRUE": true, "FALSE": false, "UNIT": self.nullary["()"],
            "WORLD": self.world,
            "IORES": Con(-1, self.datacons["(#,#)"], (self.world, self.nullary["()"])),
            "INTLIKE": self.intlike, "CHARLIKE": self.charlike, "UNPACK_LF": self.unpack_lf,
            "enter_fun": self.ccs.enter_fun, "scc_push": self.ccs.push,
            "ENT": self.ccs.entries, "OUT": self.out, "OUTa": self.out.append,
            "Con": Con, "Box": Box, "Fun": Fun, "Pap": Pap, "Thunk": Thunk,
            **{f"Con{n}": con_class(n) for n in range(9)},  # (more made by compile.alloc)
            "CON_CLASS": con_class,
            "NEW": object.__new__,
            "UPD": rt.UPD, "AP": rt.AP, "WM": rt.WM, "Halt": rt.Halt,
            "NURSERY_START": 0, "REMEMBER": None, "SELa": _no_collector,
            "math": math, "show_double": show_double, "show_char": show_char,
            "FLOAT_CAF_ALLOC": FLOAT_CAF_ALLOC, "read_cost": read_cost, "read_value": _no_reader,
            "printf_format": printf_format, "PrintfError": PrintfError,
        }
        self.stack = stack
        for fn in prims.HELPER_FUNCTIONS + tuple(prims.PRIM_FUNCTIONS.values()):
            ns[fn.__name__] = rt.rebind(fn, ns)
        self._install_runtime(ns)
        exceptions.install(self, ns)
        self._refresh_staging(ns)
        return ns

    def _install_runtime(self, ns: dict) -> None:
        """The run-time functions, specialised to ``features``, bound to this machine's
        namespace."""
        for fn in rt.RUNTIME_FUNCTIONS:
            ns[fn.__name__] = rt.specialize(fn, ns, self.features)

    def attach_collector(self, hook: Any, remember: Any, interval: int,
                         selector: Any = None) -> None:
        """A collector model is attached: ``hook(steps)`` is called every ``interval``
        transitions (between two code blocks, so roots() are exact), ``remember(thunk)``
        is its write barrier for updates of old objects and ``selector(thunk)`` is told of
        every selector thunk allocated (``compile.selector_field``). The barrier and the
        watermark frames are compiled into the run-time functions (the ``gc`` feature)."""
        if not self.object_ids:
            raise ValueError("a collector model needs object ids (the `track' feature)")
        self.gc_hook = hook
        self.gc_interval = interval
        self.ns["REMEMBER"] = remember
        if selector is not None:
            self.ns["SELa"] = selector
        self.features = self.features | {"gc"}
        self._install_runtime(self.ns)

    def _refresh_staging(self, ns: dict | None = None) -> None:
        ns = self.ns if ns is None else ns
        st = self.session.stager
        ns["USEa"] = st.use.append

    def after_session_call(self) -> None:
        """Re-bind the staging arrays (the session replaces them when it flushes) and the
        LDV era (a census advances it)."""
        self._refresh_staging()
        self.ns["ERA"] = self.session.era

    def datacon(self, name: str) -> DataConR:
        dc = self.datacons.get(name)
        if dc is None:
            raise SourceError(f"Data constructor not in scope: {name}", self.program.source_file)
        return dc

    def static_lit(self, kind: str, value: Any) -> Any:
        if kind == "Int":
            if -16 <= value <= 255:
                return self.intlike[value + 16]
            dc = self.datacons["I#"]
        elif kind == "Double":
            dc, value = self.datacons["D#"], float(value)
        elif kind == "Char":
            if ord(value) < 256:
                return self.charlike[ord(value)]
            dc = self.datacons["C#"]
        elif kind == "World":
            return self.world
        else:
            raise SourceError(f"unexpected {kind} literal", self.program.source_file)
        key = (kind, repr(value))
        box = self._static_lits.get(key)
        if box is None:
            box = self._static_lits[key] = Box(-1, dc, value)
        return box

    def caf_stack(self, tb: ir.TopBind) -> int:
        """The stack a CAF is evaluated under: MAIN/<its -fprof-cafs cc> or MAIN/CAF of its
        module (GHC's ``Module.CAF``)."""
        cc = self.program.caf_ccs.get(tb.name)
        if cc is None:
            cc = ir.CostCentre("CAF", tb.module, "<entire-module>", True)
        ccid = self.tables.ccs.intern(CostCentre(cc.label, cc.module, cc.src, True))
        return self.ccs.raw_push(0, ccid)

    # ------------------------------------------------------------------ running
    def run(self) -> int:
        main = self.codegen.gref.get(self.program.main)
        if main is None:
            raise SourceError(f"The IO action `{self.program.main}' is not defined in module "
                              "`Main'", self.program.source_file)
        ns = self.ns
        self.stack.clear()
        self.stack.append((rt.AP, None))  # the bottom frame
        ns["CCS"] = 0
        ns["ERA"] = self.session.era
        upt = self.clock.units_per_tick
        self.next_tick = (self.steps // upt + 1) * upt
        self.next_gc = self.steps + self.gc_interval
        limit = self._limit()
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old, 20000))
        # The heap is millions of small acyclic objects: CPython's cyclic collector would
        # re-scan them over and over (it halves the speed of mean_leak). Reference counting
        # still frees everything unreachable; cycles (letrec, CAFs) live until the run ends.
        gc_was_enabled = gc.isenabled()
        gc.disable()
        try:
            code, env = ns["apply"](ns[main], [self.world])
            _, self.steps = ns["run_loop"](code, env, self.steps, limit)
            self.at_exit()
        except ProgramExit as e:  # exitWith: the exit code, the run ends as at its end
            self.stack.clear()
            self.at_exit()
            return e.code
        except KeyboardInterrupt:
            # Ctrl-C: the reports are due within a second, and the cyclic collector, once
            # enabled again below, would first scan the whole guest heap (half a second at
            # a few million objects). Freeze what exists so it never scans it; reference
            # counting still frees it (an interrupted run's letrec cycles are kept).
            gc.freeze()
            raise
        except MemoryError:
            self.stack.clear()
            raise ResourceLimitError(f"{self.prog_name}: heap overflow") from None
        except RecursionError:
            raise GuestRuntimeError(f"{self.prog_name}: internal error: Python recursion limit "
                                    "(program nested too deeply)") from None
        except (AttributeError, TypeError, IndexError, KeyError, ValueError,
                ArithmeticError) as e:
            # The front end does not type-check: an ill-typed program (adding a list to a
            # number, applying a constructor) fails here. Report it as the program's error.
            self.stack.clear()
            raise GuestRuntimeError(f"{self.prog_name}: run-time type error "
                                    f"({type(e).__name__}: {e})") from None
        finally:
            sys.setrecursionlimit(old)
            if gc_was_enabled:
                gc.enable()
            self.stage_updates()
            self.flush_output()
        return 0

    def at_exit(self, uncaught: bool = False) -> None:
        """The runtime's own allocation as the run ends (heap/rts_heap's ``at_exit``)."""
        done = getattr(self, "rts_exit", None)  # None without the runtime heap
        if done is not None:
            done(uncaught)

    def stage_updates(self) -> None:
        """Make the update rows of the updates the run-time functions noted (``UPDa``, one
        int per update, cheaper than a row: ``oid`` for thunk -> BLACKHOLE, ``~oid`` for
        BLACKHOLE -> IND), in order, into the session's staging area. A thunk's row names
        its info and size as allocated (its site), a blackhole GHC's two words. Called
        before anything that may flush (``event``, the end of ``run``, ``kill_all``): the
        rows name the ids of the header as it is."""
        buf = self._updates
        if not buf:
            return
        ids = np.frombuffer(buf, dtype=np.int64).copy()
        del buf[:]
        ind = ids < 0
        self._stage_rows(np.where(ind, ~ids, ids), np.where(ind, self.i_ind, self.i_bh), ~ind)

    def _stage_rows(self, oid: np.ndarray, to_info: Any, thunk: np.ndarray) -> None:
        """Stage the update rows of objects ``oid`` becoming ``to_info``: where ``thunk``,
        an object as allocated (its site's info and size), else a blackhole (GHC's two
        words)."""
        rows = np.empty((len(oid), 5), dtype=np.int64)
        rows[:, 0] = oid
        rows[:, 1] = self.i_bh
        rows[:, 2] = to_info
        rows[:, 3:] = BLACKHOLE_SIZE
        k = np.flatnonzero(thunk)
        if len(k):
            h = self.header
            rows[k, 1] = h.gather("alloc_info", oid[k])
            rows[k, 3] = h.gather("size_words", oid[k])
        self.session.stager.update.frombytes(rows.tobytes())

    def selectors_short_cut(self, ids: list[int]) -> None:
        """The collector model short-cut the (unevaluated) selector thunks ``ids`` to the
        fields they select: each is now an indirection, as after an update, and its update
        row (thunk -> IND: GHC overwrites the thunk, which dies as a thunk for LDV) is
        staged, after those the run-time functions noted."""
        if not ids or "track" not in self.features:
            return
        self.stage_updates()
        h = self.header
        oid = np.array(ids, dtype=np.int64)
        h.set_state(int(oid.max()), 0)  # (grows the lazily grown column past every id)
        np.frombuffer(h.state, dtype=np.uint8)[oid] = h.state_id(self.i_ind)
        if self.session.stager.wants.get("update"):
            self._stage_rows(oid, self.i_ind, np.ones(len(oid), dtype=bool))

    def _limit(self) -> int:
        lim = self.next_tick
        if self.max_steps is not None:
            lim = min(lim, self.max_steps)
        if self.gc_hook is not None:
            lim = min(lim, self.next_gc)
        return lim

    def event(self, steps: int, env: Any, code: Any = None) -> int:
        """Called by the trampoline when the step count reaches the next tick or limit
        (``code`` is what runs next on ``env``)."""
        self.steps = steps
        self.cur_env = env
        self.cur_code = code
        if self._updates:
            self.stage_updates()
        ns = self.ns
        upt = self.clock.units_per_tick
        while steps >= self.next_tick:
            ccs = ns["CCS"]
            self.ccs.ticks[ccs] += 1
            self.total_ticks += 1
            if self.listen_tick:
                self.session.tick(self.clock.seconds(self.next_tick), ccs)
                self.after_session_call()
            self.next_tick += upt
        if self.max_steps is not None and steps >= self.max_steps:
            self.flush_output()
            raise ResourceLimitError(
                f"{self.prog_name}: step limit of {self.max_steps} transitions exceeded")
        if self.gc_hook is not None and steps >= self.next_gc:
            self.gc_hook(steps)
            self.next_gc = steps + self.gc_interval
        if self.max_heap_bytes is not None:
            self._check_heap()
        if self.forget_min and len(self.header) >= self.forget_min:
            self.forget_ids()
        ns["ERA"] = self.session.era
        return self._limit()

    def _check_heap(self) -> None:
        if self.live_bytes() > self.max_heap_bytes:
            self.flush_output()
            n, p = self.max_heap_bytes, self.prog_name
            # GHC 9.0.2's message for an exhausted -M heap (its exit code is 251)
            raise ResourceLimitError(
                f"{p}: Heap exhausted;\n{p}: Current maximum heap size is {n} bytes "
                f"({n // (1 << 20)} MB).\n{p}: Use `+RTS -M<size>' to increase it.")

    def live_bytes(self) -> int:
        """Bytes the heap holds: the collector model's figure when one is attached
        (``live_bytes_fn``), else every byte allocated so far (an over-estimate)."""
        if self.live_bytes_fn is not None:
            return self.live_bytes_fn()
        h = self.session.header
        n = len(h)
        if n > self._heap_checked:
            part = h.slice("size_words", self._heap_checked, n)
            self._allocated_bytes += int(part.sum(dtype=np.int64)) * 8
            self._heap_checked = n
        return self._allocated_bytes

    #: set by the runtime-heap model (heap/rts_heap.install): GHC.Float's CAF is charged at
    #: the first Double shown
    float_caf_pending = False

    def take_float_caf(self) -> int:
        """The stack of ``CAF GHC.Float``, once (``float_caf_pending`` is cleared)."""
        self.float_caf_pending = False
        cc = self.session.tables.ccs.intern(CostCentre("CAF", "GHC.Float", "<entire-module>",
                                                       True))
        return self.ccs.raw_push(0, cc)

    # ------------------------------------------------------------------ errors and output
    def flush_output(self) -> None:
        if self.out:
            self.session.stdout.write("".join(self.out))
            self.out.clear()

    def runtime_error(self, msg: str, kind: str | None = None) -> None:
        """Raise the exception of the error ``msg`` (exceptions.classify; stdout is written
        when it is uncaught)."""
        raise exceptions.classify(self.prog_name, msg, kind)

    def pattern_fail(self, msg: str) -> None:
        self.runtime_error(msg, "PatternMatchFail")

    def loop_error(self) -> None:
        self.runtime_error("<<loop>>", "NonTermination")

    def bad_apply(self, f: Any) -> None:
        self.runtime_error(f"internal error: applied a non-function {f!r}", "internal")

    def internal(self, msg: str) -> None:
        self.runtime_error(f"internal error: {msg}", "internal")

    # ------------------------------------------------------------------ profiling data
    @property
    def ccs_entries(self) -> list[int]:
        self.ccs.grown()
        return self.ccs.entries

    @property
    def ccs_ticks(self) -> list[int]:
        self.ccs.grown()
        return self.ccs.ticks

    def ccs_alloc_bytes(self) -> np.ndarray:
        """Bytes allocated per stack (GHC object sizes without the profiling header)."""
        h = self.session.header
        n = len(self.tables.stacks)
        if len(h) == 0:
            out = np.zeros(n, dtype=np.int64)
        else:
            w = np.bincount(h.column("producer"), weights=h.column("size_words"), minlength=n)
            out = (w * 8).astype(np.int64)
        r = self._retired_alloc
        out[:len(r)] += r[:len(out)]
        return out

    def kill_all(self) -> None:
        """Stage a death row (header as it is) for every object not yet dead."""
        self.stage_updates()
        h = self.session.header
        n = len(h)
        if len(self.dead) < n:
            self.dead.extend(bytes(n - len(self.dead)))
        st = self.session.stager
        if st.wants.get("death") and n:
            alive = np.flatnonzero(np.frombuffer(self.dead, dtype=np.uint8)[:n] == 0)
            rows = np.empty((len(alive), 6), dtype=np.int64)
            rows[:, 0] = alive
            for j, col in enumerate(("info", "producer", "size_words", "era", "last_use")):
                rows[:, j + 1] = h.gather(col, alive)
            st.death.frombytes(rows.tobytes())
        self.dead[:n] = b"\x01" * n
        self._refresh_staging()
