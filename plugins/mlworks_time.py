"""MLWorks's time and call-count report (``--profile FILE --profile-manner`` bits 1 and 2),
printed by the MLWorks profile scheme (``mlworks_space``) before its space section, in
MLWorks's exact formats (profiler.c ``time_profile_report``; mlworks.md §6).

What flows in: from the backend (``backend.mlworks_time_profile()``: item names, exact call
counts or None when the code was not call-counted, the stack scanner's ``TimeStats`` or
None when no time profile was taken); what flows out: the report text and the same numbers
as Python values (:class:`TimeProfile`, shaped like MLWorks.Profile's time results).

Columns: ``calls`` entries (``-`` when not call-counted), ``top`` scans with the function
innermost, ``scans`` scans with it anywhere on the stack, ``found`` its frames over all
scans, ``depth`` the most frames of it in one scan minus one, ``self`` the longest run of
consecutive frames of it in one scan minus one. With a manner depth d (bits 16-19) each
function is followed by its caller chains of up to d callers (``top scans found`` and the
chain ``f; caller; caller's caller``). A profkit run takes no ticks in the collector or in
the profiler (they take no virtual time), so those counts are 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field

DASHES = "-" * 57
COLUMNS = "   calls       top     scans     found     depth      self   name\n"
#: bytes of MLWorks's C structures, for the "bytes used" line: struct time_profile (9
#: words), struct time_profile_caller (6 words)
TIME_STRUCT_BYTES, CALLER_STRUCT_BYTES = 36, 24


@dataclass
class FunctionCaller:
    id: str
    found: int
    top: int
    scans: int
    callers: list["FunctionCaller"] = field(default_factory=list)


@dataclass
class FunctionTimeProfile:
    """One function: MLWorks's ``Function_Profile`` call count with its
    ``Function_Time_Profile`` (``found`` = -1 when not time-profiled)."""

    id: str
    call_count: int  # -1: not call-counted
    found: int
    top: int
    scans: int
    depth: int
    self: int
    callers: list[FunctionCaller] = field(default_factory=list)


@dataclass
class TimeProfile:
    data_allocated: int
    functions: int  # time-profiled
    call_counted: int
    scans: int
    gc_ticks: int
    profile_ticks: int
    frames: int
    ml_frames: int
    max_ml_stack_depth: int
    function_profiles: list[FunctionTimeProfile] = field(default_factory=list)


def build(names: list[str], counts, stats, select: str | None, manner: int) -> TimeProfile:
    """The time profile of one run from the backend's data."""
    chosen = [i for i, n in enumerate(names) if select is None or select in n]
    timed = stats is not None and bool(manner & 2)
    counted = counts is not None and bool(manner & 1)
    kids: dict[tuple[int, tuple[int, ...]], list[tuple[int, ...]]] = {}
    if timed:
        for (f, chain) in stats.callers:
            kids.setdefault((f, chain[:-1]), []).append(chain)

    def callers_of(f: int, chain: tuple[int, ...]) -> list[FunctionCaller]:
        out = []
        for ch in kids.get((f, chain), []):
            fo, sc, tp = stats.callers[(f, ch)]
            out.append(FunctionCaller(names[ch[-1]], fo, tp, sc, callers_of(f, ch)))
        return out

    funcs = []
    for i in chosen:
        if timed:
            funcs.append(FunctionTimeProfile(
                names[i], int(counts[i]) if counted else -1, int(stats.found[i]),
                int(stats.top[i]), int(stats.scans_of[i]), int(stats.max_depth[i]),
                int(stats.self_[i]), callers_of(i, ())))
        elif counted:
            funcs.append(FunctionTimeProfile(names[i], int(counts[i]), -1, 0, 0, 0, 0))
    n_callers = sum(1 for (f, _c) in stats.callers if f in set(chosen)) if timed else 0
    return TimeProfile(
        data_allocated=(TIME_STRUCT_BYTES * len(chosen) if timed else 0)
        + CALLER_STRUCT_BYTES * n_callers,
        functions=len(chosen) if timed else 0,
        call_counted=len(chosen) if counted else 0,
        scans=stats.scans if timed else 0, gc_ticks=0, profile_ticks=0,
        frames=stats.frames if timed else 0, ml_frames=stats.frames if timed else 0,
        max_ml_stack_depth=stats.max_frames if timed else 0, function_profiles=funcs)


def _nested(out: list[str], top: str, chain: list[str], c: FunctionCaller) -> None:
    names = chain + [c.id]
    out.append(f"          {c.top:8d}  {c.scans:8d}  {c.found:8d}                       {top}"
               + "".join(f"; {n}" for n in names) + "\n")
    for k in c.callers:
        _nested(out, top, names, k)


def report(tp: TimeProfile) -> str:
    """MLWorks's time section, framed by its dash lines."""
    out = [DASHES + "\n",
           "MLWorks time profile:\n"
           f"{tp.data_allocated} bytes used for time profiling data\n"
           f"functions profiled : {tp.functions}\n"
           f"functions call-counted : {tp.call_counted}\n"
           f"scans: {tp.scans}\n"
           f"(plus {tp.gc_ticks} ticks in GC, {tp.profile_ticks} ticks in profiler, "
           "0 re-entered)\n"]
    if tp.scans:
        fr, ml = float(tp.frames), float(tp.ml_frames)
        out.append(f"frames scanned: {fr:.0f}\n"
                   f"ML frames scanned: {ml:.0f} ({(ml / fr * 100.0) if fr else 0.0:3.1f}%)\n"
                   f"mean stack depth: {fr / tp.scans:.2f}\n"
                   f"maximum ML stack depth: {tp.max_ml_stack_depth}\n"
                   f"mean ML stack depth: {ml / tp.scans:.2f}\n")
    if (tp.functions and tp.scans) or tp.call_counted:
        out.append("---\n" + COLUMNS)
        for f in tp.function_profiles:
            if f.found < 0:
                out.append(f"{f.call_count:8d}         -           -           -           -"
                           f"           -   {f.id}\n")
                continue
            calls = f"{f.call_count:8d}" if f.call_count >= 0 else "       -"
            out.append(f"{calls}  {f.top:8d}  {f.scans:8d}  {f.found:8d}  {f.depth:8d}  "
                       f"{f.self:8d}   {f.id}\n")
            for c in f.callers:
                _nested(out, f.id, [], c)
    out.append(DASHES + "\n")
    return "".join(out)
