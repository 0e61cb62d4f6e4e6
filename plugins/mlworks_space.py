"""The MLWorks space profile: allocation and GC copying per function, per generation and per
object type, reported byte-for-byte in MLWorks's format (shared/research/mlworks.md §5-§6).

This is a scheme over core's events, so it runs on every backend:

* on the MLWorks backend the patched allocation sequences call profiling routines whose
  records become ``alloc`` rows (producer = the allocating code item), and the collector's
  copies become ``copy`` rows;
* on the STG backend the allocating cost centre plays the function, so a Haskell program
  gets an MLWorks-format space report too.

MLWorks counts an object's allocation when the creation space holding it is collected (the
profile end forces one), and a copy each time a collection copies it into generation g >= 1
(so a long-lived object is counted once per promotion and "copied" may exceed "allocated").
Summing ``alloc`` rows and ``copy`` rows per destination generation gives the same totals.

Selected with ``--profile FILE`` (MLWorks's ``-profile``); ``--profile-manner N`` gives the
manner bits (1 calls, 2 time, 4 space, 8 copies, bits 8-15 the type breakdown, bits 16+
depth) and ``--profile-select S`` profiles only functions whose name contains S.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from profkit.hookspecs import hookimpl
from profkit.kinds import ObjKind
from profkit.plugin_options import PluginOptions

# breakdown indices (MLWorks's object_count table), and the printed column order
RECORDS, STRINGS, ARRAYS, BYTEARRAYS, BACKPTRS, CODE, HEADER50, WEAKARRAYS = range(8)
CLOSURES, PAIRS, TOTAL = 8, 9, 10
N_KINDS = 11
PRINT_ORDER = (RECORDS, PAIRS, CLOSURES, STRINGS, ARRAYS, BYTEARRAYS, CODE, WEAKARRAYS, TOTAL)
KIND_INDEX = {
    "record": RECORDS, "string": STRINGS, "array": ARRAYS, "bytearray": BYTEARRAYS,
    "code": CODE, "weakarray": WEAKARRAYS, "closure": CLOSURES, "pair": PAIRS,
}
DASHES = "-" * 57
HEADING = "gen" + " " * 7 + "".join(
    f"{n:>12}" for n in ("records", "pairs", "closures", "strings", "arrays", "bytearrays",
                         "code", "weakarrays", "total")
)

MANNER_CALLS, MANNER_TIME, MANNER_SPACE, MANNER_COPIES = 1, 2, 4, 8
BREAKDOWN_SHIFT = 8


def space_kind_index(info) -> int:
    """MLWorks object kind of an info row; STG objects are mapped onto MLWorks's kinds."""
    if info.space_kind:
        return KIND_INDEX[info.space_kind]
    k = info.kind
    if k in (ObjKind.FUN, ObjKind.PAP, ObjKind.THUNK):
        return CLOSURES
    if k == ObjKind.MUTABLE:
        return ARRAYS
    if k == ObjKind.PRIM or info.desc in ("I#", "D#", "C#"):
        return BYTEARRAYS
    if k == ObjKind.CODE:
        return CODE
    return RECORDS


@dataclass
class LargeSize:
    """MLWorks's ``large_size``: megabytes and the remaining bytes."""

    megabytes: int
    bytes: int

    @classmethod
    def of(cls, n: int) -> "LargeSize":
        return cls(int(n) >> 20, int(n) & 0xFFFFF)


@dataclass
class ObjectCount:
    number: int
    size: LargeSize
    overhead: int


@dataclass
class FunctionSpaceProfile:
    """Shaped like MLWorks.Profile's ``Function_Space_Profile``."""

    id: str
    allocated: LargeSize
    copied: LargeSize
    copies: list[LargeSize]  # generation 1, 2, ... (zero entries omitted)
    allocation: list[list[tuple[str, ObjectCount]]]  # [alloc, copied into gen 1, ...]


@dataclass
class SpaceProfile:
    data_allocated: int
    collections: int
    functions: int
    total_profiled: FunctionSpaceProfile | None
    function_profiles: list[FunctionSpaceProfile] = field(default_factory=list)


class MLWorksSpaceProfile:
    """The scheme. Counters are numpy arrays indexed [function, generation, kind]."""

    def __init__(self, config) -> None:
        self.config = config
        self.manner = config.profile_manner
        self.select = config.profile_select
        self.max_gens = 16
        self.collections = 0
        self.names: list[str] = []
        self._func_of_cc: np.ndarray = np.zeros(0, dtype=np.int64)
        self.count = np.zeros((0, self.max_gens, N_KINDS), dtype=np.int64)
        self.size = np.zeros((0, self.max_gens, N_KINDS), dtype=np.int64)
        self.over = np.zeros((0, self.max_gens, N_KINDS), dtype=np.int64)
        self._info_kind = np.zeros(0, dtype=np.int64)
        self._info_over = np.zeros(0, dtype=np.int64)
        self.result: SpaceProfile | None = None
        #: MLWorks's time and call-count results (plugins/mlworks_time.py), with manner
        #: bit 1 or 2 on a backend that provides them (MLWorks)
        self.time_result = None

    # ---------------------------------------------------------------- set-up
    @property
    def breakdown(self) -> bool:
        return bool((self.manner >> BREAKDOWN_SHIFT) & 0xFF)

    @property
    def copies(self) -> bool:
        return bool(self.manner & MANNER_COPIES)

    def _refresh_functions(self, session) -> None:
        """Profiled functions are the program's cost centres (code items on MLWorks), in the
        order they were registered, less MLWorks's and GHC's built-ins."""
        ccs = session.tables.ccs
        have = len(self._func_of_cc)
        if have == len(ccs):
            return
        ext = np.full(len(ccs) - have, -1, dtype=np.int64)
        for i in range(have, len(ccs)):
            cc = ccs[i]
            # the runtime's own cost centres (MAIN, the RTS heap's PINNED/SYSTEM) are not
            # functions of the program: MLWorks never profiled its runtime's objects either
            if cc.module in ("MAIN", "SYSTEM") or cc.label in ("CAF", "SYSTEM", "GC",
                                                                 "OVERHEAD_of", "PINNED"):
                continue
            if self.select and self.select not in cc.label:
                continue
            ext[i - have] = len(self.names)
            self.names.append(cc.label)
        self._func_of_cc = np.concatenate([self._func_of_cc, ext])
        grow = len(self.names) - self.count.shape[0]
        if grow > 0:
            z = np.zeros((grow, self.max_gens, N_KINDS), dtype=np.int64)
            self.count = np.concatenate([self.count, z])
            self.size = np.concatenate([self.size, z])
            self.over = np.concatenate([self.over, z])

    def _refresh_infos(self, session) -> None:
        infos = session.tables.infos
        n = len(infos)
        if len(self._info_kind) == n:
            return
        self._info_kind = np.array([space_kind_index(i) for i in infos.rows], dtype=np.int64)
        wb = session.word_bytes
        self._info_over = np.array(
            [wb if i.overhead_bytes < 0 else i.overhead_bytes for i in infos.rows],
            dtype=np.int64,
        )

    @hookimpl
    def profkit_session_start(self, session) -> None:
        self._refresh_functions(session)

    # ---------------------------------------------------------------- events
    def _add(self, session, obj: np.ndarray, gen: np.ndarray) -> None:
        self._refresh_functions(session)
        self._refresh_infos(session)
        h = session.header
        producer = h.column("producer")[obj]
        ok = producer >= 0
        obj, gen, producer = obj[ok], gen[ok], producer[ok]
        func = self._func_of_cc[session.tables.stacks.columns()["cc"][producer]]
        sel = func >= 0
        obj, gen, func = obj[sel], np.minimum(gen[sel], self.max_gens - 1), func[sel]
        info = h.column("info")[obj]
        kind = self._info_kind[info]
        size = h.column("size_words")[obj].astype(np.int64) * session.word_bytes
        over = self._info_over[info]
        for arr, val in ((self.count, 1), (self.size, size), (self.over, over)):
            np.add.at(arr, (func, gen, kind), val)
            np.add.at(arr, (func, gen, TOTAL), val)

    def allocated(self, session, batch) -> None:
        self._add(session, batch["obj"], np.zeros(len(batch), dtype=np.int64))

    def copied(self, session, batch) -> None:
        to = batch["to_gen"].astype(np.int64)
        self._add(session, batch["obj"], np.maximum(to, 1))

    @hookimpl
    def profkit_gc_start(self, generation, major) -> None:
        self.collections += generation + 1

    # ---------------------------------------------------------------- results
    def _function(self, name: str, count, size, over) -> FunctionSpaceProfile:
        gens = [g for g in range(self.max_gens) if count[g, TOTAL]]
        last = max(gens) if gens else 0
        copies = [LargeSize.of(size[g, TOTAL]) for g in range(1, last + 1) if size[g, TOTAL]]
        allocation = [
            [(k, ObjectCount(int(count[g, i]), LargeSize.of(size[g, i]), int(over[g, i])))
             for k, i in (("RECORD", RECORDS), ("PAIR", PAIRS), ("CLOSURE", CLOSURES),
                          ("STRING", STRINGS), ("ARRAY", ARRAYS), ("BYTEARRAY", BYTEARRAYS),
                          ("OTHER", CODE), ("TOTAL", TOTAL))]
            for g in range(last + 1)
        ] if self.breakdown else []
        return FunctionSpaceProfile(
            id=name,
            allocated=LargeSize.of(size[0, TOTAL]),
            copied=LargeSize.of(size[1:, TOTAL].sum()),
            copies=copies,
            allocation=allocation,
        )

    def data_bytes(self) -> int:
        """What the scheme's tables occupy: MLWorks's "bytes used for profiling"."""
        return int(self.count.nbytes + self.size.nbytes + self.over.nbytes)

    @hookimpl
    def profkit_run_end(self, session) -> None:
        self._refresh_functions(session)
        funcs = [self._function(n, self.count[i], self.size[i], self.over[i])
                 for i, n in enumerate(self.names)]
        total = None
        if self.names:
            total = self._function("total profiled", self.count.sum(0), self.size.sum(0),
                                   self.over.sum(0))
        self.result = SpaceProfile(self.data_bytes(), self.collections, len(self.names),
                                   total, funcs)
        get = getattr(session.backend, "mlworks_time_profile", None)
        if self.manner & (MANNER_CALLS | MANNER_TIME) and callable(get):
            from . import mlworks_time

            names, counts, stats = get()
            self.time_result = mlworks_time.build(names, counts, stats, self.select,
                                                  self.manner)

    # ---------------------------------------------------------------- the report
    def _record(self, out: list[str], name: str, count, size, over) -> None:
        alloc = float(size[0, TOTAL])
        copied = float(size[1:, TOTAL].sum())
        out.append(f"{alloc:12.0f}{copied:12.0f}  {name}\n")
        if self.copies and size[1, TOTAL]:
            line = " " * 12
            for g in range(1, self.max_gens):
                if not size[g, TOTAL]:
                    break
                line += f"{float(size[g, TOTAL]):12.0f}"
            out.append(line + "\n")
        if self.breakdown and size[0, TOTAL]:
            out.append(f"          {HEADING}\n")
            last = max(g for g in range(self.max_gens) if count[g, TOTAL])
            for g in range(last + 1):
                out.append(
                    f"          {g:2d}     no "
                    + "".join(f"{int(count[g, i]):12d}" for i in PRINT_ORDER)
                    + "\n               size "
                    + "".join(f"{float(size[g, i]):12.0f}" for i in PRINT_ORDER)
                    + "\n           overhead "
                    + "".join(f"{int(over[g, i]):12d}" for i in PRINT_ORDER)
                    + "\n"
                )

    def report(self) -> str:
        out = [
            "MLWorks profiler report\n",
            f"{self.data_bytes()} bytes of data used for profiling control\n",
            f"profile period: {round(self.config.rts.tick_interval * 1000)} ms\n",
            f"functions profiled : {len(self.names)}\n",
        ]
        if self.time_result is not None:
            from . import mlworks_time

            out.append(mlworks_time.report(self.time_result))
        if self.manner & MANNER_SPACE:
            out += [DASHES + "\n", "MLWorks space profile\n",
                    f"{self.data_bytes()} bytes used for profiling\n",
                    f"{self.collections} collections\n",
                    f"functions profiled : {len(self.names)}\n"]
            if self.names:
                out.append("---\n")
                out.append("       alloc      copied  name\n")
                self._record(out, "total profiled", self.count.sum(0), self.size.sum(0),
                             self.over.sum(0))
                for i, name in enumerate(self.names):
                    self._record(out, name, self.count[i], self.size[i], self.over[i])
            out.append(DASHES + "\n")
        return "".join(out)

    @hookimpl
    def profkit_session_finish(self, session) -> None:
        if self.result is None:
            self.profkit_run_end(session)
        with open(self.config.profile_file, "w") as f:
            f.write(self.report())


class SpaceEvents:
    """The allocation and copy events of a ``MLWorksSpaceProfile``, registered only when its
    report has a space section (manner bit 4 or 8): MLWorks's time and call-count report
    (bits 1 and 2) needs no object, and listening to allocations makes a backend record
    every one (on MLWorks: patch every allocation sequence)."""

    def __init__(self, scheme: MLWorksSpaceProfile) -> None:
        self.scheme = scheme

    @hookimpl
    def profkit_alloc(self, session, batch) -> None:
        self.scheme.allocated(session, batch)

    @hookimpl
    def profkit_copy(self, session, batch) -> None:
        self.scheme.copied(session, batch)


# Its options (``profkit schemes``): only the implicit ``enable``; ``-p mlworks_space.enable=0``
# turns the scheme off even when its flags select it.
PROFKIT_OPTIONS = PluginOptions(
    "mlworks_space", help="MLWorks space profile (--profile FILE)")


@hookimpl
def profkit_add_schemes(config):
    if config.profile_file:
        scheme = MLWorksSpaceProfile(config)
        if config.profile_manner & (MANNER_SPACE | MANNER_COPIES):
            return [scheme, SpaceEvents(scheme)]
        return [scheme]
    return None
