"""A model of the GHC runtime's own heap: what every GHC 9.0.2 program has allocated and
keeps live besides its own data (the stdout/stderr handles, their MVars and buffers, the text
encodings, the signal-handler array, the main thread's objects), charged to the cost-centre
stacks GHC charges them to.

    install(machine, session) -> RuntimeHeap | None    (None when the option is off)

Called by ``StgBackend.load`` once the STG machine has been built from a source file and
before it runs (machines loaded from hand-built IR by tests get no runtime heap). It
allocates header rows (and the Python objects the collector traces) under the stacks
``MAIN`` and ``MAIN/CAF <module>`` for the base modules GHC lists in every ``.prof``
(``GHC.Conc.Signal``, ``GHC.IO.Encoding``, ``GHC.IO.Encoding.Iconv``, ``GHC.IO.Handle.FD``,
``GHC.IO.Handle.Text``), and under the stack doing the program's first output (stdout's
buffer: ``MAIN/main`` for main's own ``print``, ``MAIN/main/report`` for a ``report``
function's). What GHC makes at start-up is made here before the program runs (``AT_START``);
stdout's handle, buffers and encodings when the first ``hPutStr`` runs
(``machine.rts_first_output``, called by ``prims.p_putStr``), as GHC's censuses show them
(a program that never writes to stdout has none of them here; GHC makes the handle's CAFs at
exit, when it flushes stdout). The live objects are kept by static roots for the whole run,
as GHC's CAFs and thread keep them; the rest of what GHC allocates there is garbage that dies
at the first collection. So:

* ``.prof`` gets GHC's library CAF rows, and the first output's 9,248 bytes under the stack
  doing it, with GHC's bytes (tests/reference/ghc-9.0.2/shapes/out/*.prof: the same in every
  program measured);
* every census shows GHC's runtime bands (``-hd -hm<module>`` and ``-hy -hm<module>`` of
  tests/reference/ghc-9.0.2/shapes/out/rts/): ``ARR_WORDS`` 36,816 bytes of pinned I/O
  buffers (band ``PINNED`` under -hc, ``SYSTEM`` under -hm: ``plugins.bands`` maps the
  registered pinned objects there), ``Handle__``, ``MVAR``, ``WEAK``, ``MUT_ARR_PTRS_CLEAN``
  ... 2,576 bytes more in total; LDVU counts the mutable and primitive ones as INHERENT_USE.

``-p stg.runtime_heap=0`` leaves all of it out (only the program's own heap is profiled).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from profkit.kinds import ObjKind
from profkit.tables import CostCentre, Info

from .heapobj import Con, DataConR, Thunk

# (desc, type, kind, bytes, -hT constructor name or "")
_Obj = tuple[str, str, ObjKind, int, str]
C, F, M, P = ObjKind.CON, ObjKind.FUN, ObjKind.MUTABLE, ObjKind.PRIM

#: Live objects per owner: None = MAIN, "main" = MAIN/main, else the module of a CAF.
#: From GHC 9.0.2's ``-hd -hm<module>`` / ``-hy -hm<module>`` of rts.hs (a census after the
#: first output; MAIN/main's from ``-hd -hcmain``, below).
LIVE: dict[str | None, list[_Obj]] = {
    None: [
        ("ThreadId", "ThreadId", C, 16, "base:GHC.Conc.Sync.ThreadId"),
        ("Dynamic", "Dynamic", C, 24, "base:Data.Dynamic.Dynamic"),
        ("(,)", "(,)", C, 24, "ghc-prim:GHC.Tuple.(,)"),
        ("Just", "Maybe", C, 16, "base:GHC.Maybe.Just"),
        ("<GHC.TopHandler.handler_s474>", "->(#,#)", F, 16, ""),
        ("<GHC.TopHandler.sat_s47g>", "->IO", F, 16, ""),
        ("WEAK", "WEAK", M, 48, ""),
    ],
    # hPutStr's objects while it forces its string (its char buffer's storage and the
    # write's closure): GHC 9.0.2 `-hd -hcmain` / `-hy -hcmain` of mean_leak.hs during its
    # only print, 64 bytes under the printing stack; made by the first output and kept (most
    # censuses of a program fall in a print forcing its string)
    "main": [
        ("MUT_VAR_CLEAN", "MUT_VAR_CLEAN", M, 16, ""),
        ("MallocPtr", "ForeignPtrContents", C, 24, "base:GHC.ForeignPtr.MallocPtr"),
        ("<GHC.IO.Handle.Text.sat_sbhG>", "[]", ObjKind.THUNK, 24, ""),  # -hy: [], not IO
        ("ARR_WORDS", "ARR_WORDS", P, 2680, ""),  # part of the pinned I/O buffers
    ],
    # the spare char buffer hPutStr leaves in the handle once the first output is written:
    # 64 bytes more under its stack in every later census (`-hd -hcmain` of rts.hs and of
    # the shapes' people.hs during their second print)
    "main_spare": [
        ("Buffer", "Buffer", C, 64, "base:GHC.IO.Buffer.Buffer"),
    ],
    "GHC.Conc.Signal": [
        ("MUT_ARR_PTRS_CLEAN", "MUT_ARR_PTRS_CLEAN", M, 552, ""),
        ("STArray", "STArray", C, 40, "base:GHC.Arr.STArray"),
        ("MVAR", "MVAR", M, 32, ""),
        ("MVar", "MVar", C, 16, "base:GHC.MVar.MVar"),
    ],
    "GHC.IO.Encoding": [
        ("<GHC.IO.Encoding.UTF8.sat_s4r4>", "IO", F, 16, ""),
        ("<GHC.IO.Encoding.UTF8.sat_s4r0>", "IO", F, 16, ""),
        ("TextEncoding", "TextEncoding", C, 32, "base:GHC.IO.Encoding.Types.TextEncoding"),
        ("<GHC.CString.sat_sBg>", "[]", C, 144, ""),
        ("MUT_VAR_CLEAN", "MUT_VAR_CLEAN", M, 16, ""),
        ("<GHC.IO.Encoding.sat_s36Z>", "IO", F, 16, ""),
        (":", "[]", C, 672, "ghc-prim:GHC.Types.:"),
    ],
    "GHC.IO.Encoding.Iconv": [
        (":", "[]", C, 120, "ghc-prim:GHC.Types.:"),
    ],
    "GHC.IO.Handle.FD": [
        ("<GHC.IO.Handle.Internals.sat_s8sm>", "->(#,#)", F, 40, ""),
        ("<GHC.IO.Encoding.UTF8.sat_s4r2>", "->>IO", F, 16, ""),
        ("MallocPtr", "ForeignPtrContents", C, 48, "base:GHC.ForeignPtr.MallocPtr"),
        ("BufferCodec", "BufferCodec", C, 48, "base:GHC.IO.Encoding.Types.BufferCodec"),
        ("Buffer", "Buffer", C, 128, "base:GHC.IO.Buffer.Buffer"),
        ("(,)", "(,)", C, 24, "ghc-prim:GHC.Tuple.(,)"),
        ("Just", "Maybe", C, 32, "base:GHC.Maybe.Just"),
        ("MUT_VAR_CLEAN", "MUT_VAR_CLEAN", M, 96, ""),
        ("Handle__", "Handle__", C, 144, "base:GHC.IO.Handle.Types.Handle__"),
        ("MVAR", "MVAR", M, 32, ""),
        ("FileHandle", "Handle", C, 24, "base:GHC.IO.Handle.Types.FileHandle"),
        ("WEAK", "WEAK", M, 48, ""),
        ("ARR_WORDS", "ARR_WORDS", P, 34136, ""),  # the stdout buffers (pinned)
    ],
    "GHC.IO.Handle.Text": [],
    # its CAF's cons once the first output is written (-hd/-hy -hmGHC.IO.Handle.Text of
    # rts.hs during its second print; mean_leak's only print has none)
    "Text_spare": [
        (":", "[]", C, 24, "ghc-prim:GHC.Types.:"),
    ],
}

#: Bytes GHC's ``.prof`` charges to each owner over a run (live objects included).
ALLOC: dict[str | None, int] = {
    None: 832 - 192, "Main": 32, "GHC.Conc.Signal": 640, "GHC.IO.Encoding": 2448,
    "GHC.IO.Encoding.Iconv": 200, "GHC.IO.Handle.FD": 34816, "GHC.IO.Handle.Text": 64 - 24,
    # the first hPutStr: stdout's 8,256-byte buffer and the call's own 992 bytes, under the
    # stack doing that first output (GHC 9.0.2: `main = report 5' charges 9,248 to
    # MAIN/main/report and nothing to MAIN/main; every later call 992, prims.p_putStr)
    "main": 9248 - 64, "main_spare": 64, "Text_spare": 24,
}
#: The run's end: stdout flushed by hs_exit under MAIN (192 bytes, GHC 9.0.2's MAIN is 832
#: after a normal end), or, when an exception ends it, by the top handler under the stack
#: of the run's first output (360 under main when head [] fails in a CAF of GHC.List;
#: MAIN stays at 640: shapes errend24)
EXIT_MAIN, EXIT_UNCAUGHT = 192, 360
#: Owners whose objects exist before the program's first output; the others (stdout's
#: handle, its buffers and encodings, the "main" owner) are made by the first hPutStr, as
#: GHC's censuses show (before the first output only MAIN and GHC.Conc.Signal's CAF)
AT_START = (None, "Main", "GHC.Conc.Signal")
#: GHC.Float's CAF once a Double's digits are computed (its tables of powers of ten):
#: 46,120 bytes for every value measured with GHC 9.0.2 (tests/reference/ghc-9.0.2/shapes)
FLOAT_CAF_ALLOC = 46120
#: Base CAFs made when the program first needs them (``machine.rts_library_caf``):
#: Text.Printf's at the first printf (GHC 9.0.2: 320 bytes with one `%d'; 424 with `%s %.2f'
#: and `%5d|%-4s|', as grades' formats: how it grows is not modelled)
LIBRARY_CAF_ALLOC = {"Text.Printf": 320, "GHC.Arr": 384,
                     # stdin's handle and buffers at its first read (GHC 9.0.2: 17,416 bytes
                     # more under CAF GHC.IO.Handle.FD), GHC.IO.Exception's at getContents
                     # (its lazy read's EOF), machine/prims_io.py
                     "GHC.IO.Handle.FD": 17416, "GHC.IO.Handle.Internals": 24,
                     "GHC.IO.Exception": 760,
                     # the first file opened (readFile, writeFile, appendFile: GHC 9.0.2)
                     "GHC.IO.FD": 80}
#: GHC's order of the library CAF rows (their registration order, kept by equal siblings)
CAF_MODULES = ("GHC.Conc.Signal", "GHC.IO.Encoding", "GHC.IO.Encoding.Iconv",
               "GHC.IO.Handle.FD", "GHC.IO.Handle.Text")
PINNED_DESC = "ARR_WORDS"


@dataclass
class RuntimeHeap:
    """What ``install`` made: the static roots keeping the live objects, their ids."""

    roots: list[Thunk]
    live_ids: list[int]
    pinned_stack: int


def enabled(config: Any) -> bool:
    v = config.plugin_options.get("stg.runtime_heap", True)
    return v not in (False, 0, "0", "false", "no", "off")


def install(machine: Any, session: Any) -> RuntimeHeap | None:
    """Allocate the runtime's heap into ``session``'s header, before the program runs: what
    exists at start-up now, the rest by ``machine.rts_first_output(ccs)``, which
    ``prims.p_putStr`` calls at the program's first output with the stack doing it."""
    if not enabled(session.config):
        return None
    tables = session.tables
    header = session.header
    owners: dict[str | None, int] = {None: 0}  # owner -> stack id (0 = MAIN)
    # Main: the `:Main.main = runMainIO main` CAF (-fprof-cafs names it CAF:main instead)
    prof_cafs = getattr(getattr(session.config, "compile", None), "prof_cafs", False)
    for mod in (() if prof_cafs else ("Main",)) + CAF_MODULES:
        cc = tables.ccs.intern(CostCentre("CAF", mod, "<entire-module>", True))
        owners[mod] = machine.ccs.raw_push(0, cc)  # made now: GHC's order of the rows
    pinned_cc = tables.ccs.intern(CostCentre("PINNED", "SYSTEM", "<built-in>"))
    pinned_stack = machine.ccs.raw_push(0, pinned_cc)
    infos = tables.infos
    heap = RuntimeHeap([], [], pinned_stack)
    pinned_infos: set[int] = set()
    garbage = infos.intern(Info("<GHC.Base.sat_s1>", "*", "GHC.Base", ObjKind.THUNK))
    made: dict[str | None, list[tuple[int, int, DataConR]]] = {}
    for owner in [*owners, "main", "main_spare", "Text_spare"]:
        made[owner] = []
        for desc, type_desc, kind, nbytes, con_name in LIVE.get(owner, []):
            module = desc[1:].rsplit(".", 1)[0] if desc.startswith("<") else "GHC.Base"
            info = infos.intern(Info(desc, type_desc, module, kind, con_name))
            if desc == PINNED_DESC:
                pinned_infos.add(info)
            made[owner].append((info, nbytes, DataConR(desc, 0, 0, info, type_desc, module)))

    def allocate(owner: str | None, stack: int) -> None:
        fields = []
        for info, nbytes, dc in made[owner]:
            oid = header.new(info, stack, nbytes // 8, 0)
            heap.live_ids.append(oid)
            fields.append(Con(oid, dc, ()))
        extra = getattr(machine.program, "main_dict_bytes", 0) if owner == "Main" else 0
        rest = (ALLOC.get(owner, 0) + extra - sum(o[1] for o in made[owner])) // 8
        while rest >= 2:  # what GHC allocated there and dropped: dead at the first GC
            words = min(rest, 1024) if rest - min(rest, 1024) != 1 else rest - 2
            header.new(garbage, stack, words, 0)
            rest -= words
        if fields:
            # one static root per owner, retained by the owner's stack (as a CAF is)
            holder = Con(-1, DataConR("(#runtime#)", 0, len(fields), -1, "", "GHC.Base"),
                         tuple(fields))
            root = Thunk(-1, None, None, stack, holder)  # type: ignore[arg-type]
            heap.roots.append(root)
            machine.cafs.append(root)

    for owner, stack in owners.items():
        if owner in AT_START:
            allocate(owner, stack)

    out_stack = [0]  # the stack of the first output (main's print, mostly)

    def first_output(ccs: int) -> None:
        machine.rts_first_output = None
        out_stack[0] = ccs
        machine.rts_first_written = lambda: written(ccs)
        allocate("main", ccs)
        for owner, stack in owners.items():
            if owner not in AT_START:
                allocate(owner, stack)

    def written(ccs: int) -> None:
        machine.rts_first_written = None
        allocate("main_spare", ccs)
        allocate("Text_spare", owners["GHC.IO.Handle.Text"])

    machine.rts_first_output = first_output
    machine.rts_first_written = None
    made_cafs: set[str] = set()

    def library_caf(module: str) -> None:
        """A base module's CAF evaluated once the program first needs it (Text.Printf's at
        the first printf): ``LIBRARY_CAF_ALLOC[module]`` bytes under ``CAF <module>``, dead
        at the next collection."""
        if module in made_cafs:
            return
        made_cafs.add(module)
        nbytes = LIBRARY_CAF_ALLOC[module]
        cc = tables.ccs.intern(CostCentre("CAF", module, "<entire-module>", True))
        stack = machine.ccs.raw_push(0, cc)
        rest = nbytes // 8
        while rest >= 2:
            words = min(rest, 1024) if rest - min(rest, 1024) != 1 else rest - 2
            header.new(garbage, stack, words, 0)
            rest -= words

    machine.rts_library_caf = library_caf

    def at_exit(uncaught: bool) -> None:
        """The run ends (``uncaught``: by an exception nothing caught)."""
        machine.rts_exit = None
        stack = out_stack[0] if uncaught else 0
        header.new(garbage, stack, (EXIT_UNCAUGHT if uncaught else EXIT_MAIN) // 8, 0)

    machine.rts_exit = at_exit
    machine.float_caf_pending = True  # GHC.Float's CAF, at the first Double shown (prims)
    from profkit.plugins.bands import register_pinned
    register_pinned(tables, pinned_stack, pinned_infos)
    return heap
