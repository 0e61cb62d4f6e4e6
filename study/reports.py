"""Reading a cell's reports into rows: profkit's own readers for ``.prof`` (``prof_read``)
and ``.hp`` (``hpfile``), and small parsers for the MLWorks space report and the gcstats
JSON. Every number is taken from the report text as written, so the store equals the
reports exactly."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from profkit.errors import UsageError
from profkit.plugins.hpfile import HeapProfileData, parse_hp
from profkit.plugins.prof_read import Profile, parse_profile

HEAP_FLAGS = ("hc", "hm", "hd", "hy", "hr", "hb", "hT")
BIO_BANDS = ("LAG", "DRAG", "VOID", "USE", "INHERENT_USE")
# (MLWorks's names: "f argument 2[file:line]"; the .prof prints blanks as "_")
_ML_LABEL = re.compile(
    r"^(?P<name>.*?)(?:[ _]argument[ _]\d+)?\[(?P<file>[^\]:]+):(?P<pos>[^\]]*)\]$")


# ------------------------------------------------------------------ function names


def source_function(backend: str, label: str, module: str, program: str,
                    name_map: dict[str, str]) -> tuple[str, bool]:
    """The source-level function name of a report label, and whether it is library code.

    STG: the cost-centre label (``steps.go``) of module ``Main``; anything else (``MAIN``,
    Prelude CAFs) is library. MLWorks: the code item's name without ``[file:line]`` and
    without `` argument N`` (the inner functions of a curried ``fun`` are the function);
    items of ``basis.sml`` and builtins are library; ``<anon>`` keeps its line. SML names
    are then mapped to Haskell labels through the corpus name map."""
    if backend == "stg":
        return label, module != "Main"
    m = _ML_LABEL.match(label)
    if not m:
        return label, True  # "Builtin function _int+", "MAIN", "total profiled"
    name, file = m.group("name"), m.group("file")
    if file == "basis.sml":
        return f"Basis.{name}", True
    if name == "<anon>":
        return f"<anon>:{m.group('pos').split(',')[0]}", False
    return name_map.get(name, name), False


# ------------------------------------------------------------------ .prof


def prof_function_rows(profile: Profile) -> list[dict[str, Any]]:
    """Per cost centre, the sums of the individual costs of every stack it heads: entries,
    ticks and bytes (None when the report holds percentages only)."""
    rows: dict[tuple[str, str, str], dict[str, Any]] = {}
    for _, node in profile.root.walk():
        cc = node.cc
        r = rows.setdefault(cc.key(), {"label": cc.label, "module": cc.module, "src": cc.src,
                                       "entries": 0, "ticks": 0, "alloc_bytes": 0})
        r["entries"] += node.entries
        for col, v in (("ticks", node.ticks), ("alloc_bytes", node.alloc)):
            r[col] = None if v is None or r[col] is None else r[col] + v
    return list(rows.values())


def read_prof_text(text: str) -> Profile | None:
    """The time and allocation report of a ``.prof`` (text or ``-pj``); ``None`` for a
    ``.prof`` that holds only a retainer profile's part (``-hr`` without ``-p``: census
    blocks and the SET listing, as GHC writes it)."""
    if _RETAINER_ONLY.match(text) and _TIME_TITLE not in text:
        return None
    return parse_profile(text)


_TIME_TITLE = "Time and Allocation Profiling Report"
_RETAINER_ONLY = re.compile(r"\s*(Retainer Profiling: \d|Retainer sets created)")
_SET_LINE = re.compile(r"SET (\d+) = \{(.*)\}$")


def retainer_set_rows(text: str) -> list[tuple[int, str, int | None]]:
    """The retainer sets listed in a ``.prof`` (or ``.retainers``) file: ``(set id, the
    retaining stacks as written between the braces, number of stacks; None for MANY)``. The
    set ids are the ``(n)`` prefixes of the ``-hr`` profile's band names."""
    out = []
    for ln in text.split("\n"):
        m = _SET_LINE.match(ln.strip())
        if m:
            body = m.group(2)
            # (stacks are <...> items joined by ", "; a label may itself hold "<...>")
            n = None if body == "MANY" else body.count(">, <") + 1
            out.append((int(m.group(1)), body, n))
    return out


# ------------------------------------------------------------------ .hp


def hp_profile_name(filename: str, program: str, job: str) -> str:
    """``hb`` for ``PROG.hb.hp``; for ``PROG.hp`` the break-down its JOB line names (with
    ``-hb`` beside another break-down, ``-hr -hb``, the biography is ``PROG.hb.hp`` and
    ``PROG.hp`` is the other one)."""
    middle = filename[len(program):-len(".hp")].strip(".")
    if middle:
        return middle
    named = [h for f in job.split() for h in HEAP_FLAGS if f == "-" + h]
    other = [h for h in named if h != "hb"]
    return other[0] if other else named[0] if named else "hc"


def census_restricted(argv: list[str]) -> bool:
    """Whether a run's command line restricts its censuses (``-hc<names>``, ``-hd<desc>``,
    ``-hb<bio>``... as the RTS parses them): its profiles then count part of the heap, so
    their largest sample is not the live heap."""
    from profkit.options import RtsFlags, parse_rts_flag, split_command

    rts = RtsFlags()
    for flag in split_command(argv)[1]:
        parse_rts_flag(flag, rts)
    return bool(rts.heap.restrict)


def census_rows(data: HeapProfileData) -> list[tuple[int, float, str, int]]:
    """(sample number, time, band, bytes) of every non-zero band of every complete sample."""
    return [(i, s.time, band, v) for i, s in enumerate(data.samples) for band, v in s.bands.items()]


def max_live(data: HeapProfileData) -> int:
    return max((sum(s.bands.values()) for s in data.samples), default=0)


def biography_totals(data: HeapProfileData) -> dict[str, tuple[int, int]]:
    """band -> (bytes summed over the census samples, largest sample)."""
    out: dict[str, tuple[int, int]] = {}
    for band in BIO_BANDS:
        vals = [s.bands.get(band, 0) for s in data.samples]
        out[band] = (sum(vals), max(vals, default=0))
    return out


def drag_void_share(data: HeapProfileData) -> float | None:
    """DRAG + VOID over the whole biographical heap, summed over the censuses (the censuses
    are equally spaced in virtual time, so this is the share of the heap-time product)."""
    tot = biography_totals(data)
    allb = sum(t for t, _ in tot.values())
    if not allb:
        return None
    return (tot["DRAG"][0] + tot["VOID"][0]) / allb


def parse_hp_text(text: str, name: str) -> HeapProfileData:
    return parse_hp(text, name)


# ------------------------------------------------------------------ MLWorks space report


@dataclass
class SpaceReport:
    collections: int
    total_alloc: int
    total_copied: int
    total_copies: list[int]  # per generation 1, 2, ...
    functions: list[tuple[str, int, int, list[int]]]  # name, alloc, copied, copies by gen


def parse_space_report(text: str, name: str = "<space>") -> SpaceReport:
    """The MLWorks space profile section: ``alloc copied name`` records, each optionally
    followed by its copies per generation (a line starting with 12 blanks); the type
    breakdown tables (manner bits 8-15), if present, are skipped."""
    lines = text.split("\n")
    collections = 0
    records: list[tuple[str, int, int, list[int]]] = []
    in_table = False
    after_record = False  # the copies line can only follow its record line
    for ln in lines:
        m = re.fullmatch(r"(\d+) collections", ln.strip())
        if m and not in_table:
            collections = int(m.group(1))
        if ln.strip() == "alloc      copied  name":
            in_table = True
            continue
        if not in_table:
            continue
        if ln.startswith("-----") or not ln.strip():
            in_table = False
            continue
        was_after, after_record = after_record, False
        try:
            alloc, copied = int(ln[:12]), int(ln[12:24])
        except ValueError:
            # not a record: the copies line right after one, or a breakdown table line
            if was_after and ln.startswith(" " * 12) and ln.split() and all(
                    x.isdigit() for x in ln.split()):
                records[-1][3].extend(int(x) for x in ln.split())
            continue
        if ln[24:26] != "  ":
            raise UsageError(f"{name}: bad space report line {ln!r}")
        records.append((ln[26:], alloc, copied, []))
        after_record = True
    if not records or records[0][0] != "total profiled":
        return SpaceReport(collections, 0, 0, [], records)
    total = records[0]
    return SpaceReport(collections, total[1], total[2], total[3], records[1:])


# ------------------------------------------------------------------ gcstats


def parse_gcstats(text: str) -> dict[str, Any]:
    try:
        return json.loads(text)
    except ValueError as e:
        raise UsageError(f"bad gcstats report: {e}") from None
