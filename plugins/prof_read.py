"""The cost-centre profile as data, and readers for GHC's and profkit's ``.prof`` files.

One tree structure serves the writers (``prof_text``, ``prof_json``) and the readers:

* ``CostCentreInfo`` -- a cost centre: GHC's ``CostCentre`` (id, label, module, SRC, is_caf).
* ``StackNode`` -- a cost-centre stack: its number (the ``no.`` column), its cost centre,
  entries, *individual* ticks and bytes, children. Text reports without ``-P`` carry only
  percentages; a node read from one has ``ticks``/``alloc`` None and ``pct`` set.
* ``Profile`` -- header fields, every cost centre, and the unpruned, unsorted tree.

The writers apply GHC's rules (hiding, totals, pruning, sorting) themselves, so a profile
read from a complete file (``-Pa`` text or ``-pj`` JSON) is written back byte for byte.

Readers: ``read_profile(path)`` dispatches on the first character (``{`` = JSON).
``ProfileFormatError`` (a ``UsageError``) is raised for a file that is not a profile.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from typing import Iterator

from profkit.errors import UsageError
from profkit.tables import HIDDEN_BUILTINS

#: The built-ins -p/-P ignore: GHC's ignoreCC/ignoreCCS (rts/Profiling.c) list OVERHEAD_of,
#: DONT_CARE, GC, SYSTEM and IDLE. PINNED is not among them: like any stack it is pruned when
#: it has no costs (always so in GHC 9.0.2's reports) and printed when it has some.
IGNORED_BUILTINS = HIDDEN_BUILTINS - {"PINNED"}


class ProfileFormatError(UsageError):
    """The file is not a cost-centre profile this reader understands. ``line`` is the
    1-based line the reader stopped at (0 when not known)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.line = line


@dataclass(eq=False)
class CostCentreInfo:
    id: int  # the number GHC prints as the JSON ``id`` (its ccID)
    label: str
    module: str
    src: str
    is_caf: bool = False

    @property
    def hidden(self) -> bool:
        """A built-in cost centre that -p and -P ignore (GC, SYSTEM, OVERHEAD_of, ...)."""
        return self.label in IGNORED_BUILTINS and self.src == "<built-in>"

    def key(self) -> tuple[str, str, str]:
        return (self.label, self.module, self.src)


@dataclass(eq=False)
class StackNode:
    id: int  # the CCS number (``no.``)
    cc: CostCentreInfo
    entries: int = 0
    ticks: int | None = 0  # individual, None when only percentages are known
    alloc: int | None = 0  # individual bytes, None when only percentages are known
    children: list[StackNode] = field(default_factory=list)
    #: (individual %time, %alloc, inherited %time, %alloc) as printed in a text report
    pct: tuple[float, float, float, float] | None = None

    def walk(self, depth: int = 0) -> Iterator[tuple[int, StackNode]]:
        """Pre-order (depth, node) pairs, children in their stored order."""
        yield depth, self
        for c in self.children:
            yield from c.walk(depth + 1)


@dataclass(eq=False)
class Profile:
    program: str
    root: StackNode
    cost_centres: list[CostCentreInfo]
    rts_args: list[str] = field(default_factory=list)
    args: list[str] = field(default_factory=list)  # program arguments (argv[1:])
    argv0: str = ""  # argv[0] for the JSON ``arguments`` list
    date: str = ""  # "Sun Nov 22 02:37 2026"
    tick_us: int = 1000
    processors: int = 1
    #: totals as printed in the file read (None for a profile built from a run)
    total_ticks: int | None = None
    total_alloc: int | None = None
    #: "text" or "json": the format the profile was read from ("" when built from a run)
    source_format: str = ""


# ----------------------------------------------------------------------------- dispatch


def read_profile(path: str) -> Profile:
    """Read a GHC or profkit ``.prof`` file (text report or ``-pj`` JSON)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise UsageError(f"{path}: {e.strerror or e}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise ProfileFormatError(f"{path}:{line}: expected UTF-8 text, found byte "
                                 f"0x{data[e.start]:02x}", line) from None
    stem = os.path.splitext(os.path.basename(path))[0]
    try:
        return parse_profile(text, program_hint=stem)
    except ProfileFormatError as e:
        raise ProfileFormatError(f"{path}:{e.line or 1}: {e}", e.line) from None


def parse_profile(text: str, program_hint: str = "") -> Profile:
    """Parse a text report or ``-pj`` JSON. ``program_hint`` (the file's name without
    ``.prof``) tells where a program name with spaces ends on the command line."""
    if text.lstrip().startswith("{"):
        return parse_json_profile(text)
    try:
        return parse_text_profile(text, program_hint)
    except ProfileFormatError:
        raise
    except (ValueError, IndexError, KeyError, AttributeError, TypeError) as e:
        # a line the column layout does not fit: one message, not a traceback
        raise ProfileFormatError(f"expected a GHC time and allocation report "
                                 f"({type(e).__name__}: {' '.join(str(e).split())[:120]})")


# ----------------------------------------------------------------------------- JSON


def parse_json_profile(text: str) -> Profile:
    try:
        d = json.loads(text)
        ccs = {
            int(c["id"]): CostCentreInfo(
                int(c["id"]), c["label"], c["module"], c["src_loc"], bool(c["is_caf"])
            )
            for c in d["cost_centres"]
        }
        counter = [0]

        def node(j: dict) -> StackNode:
            # JSON has no CCS numbers: number nodes so that the writer's sibling tie-break
            # (higher number first) keeps the file's order.
            counter[0] += 1
            n = StackNode(-counter[0], ccs[int(j["id"])], int(j["entries"]),
                          int(j["ticks"]), int(j["alloc"]))
            n.children = [node(c) for c in j["children"]]
            return n

        root = node(d["profile"])
        args = [str(a) for a in d.get("arguments", [])]
        return Profile(
            program=str(d["program"]),
            root=root,
            cost_centres=list(ccs.values()),
            rts_args=[str(a) for a in d.get("rts_arguments", [])],
            args=args[1:],
            argv0=args[0] if args else "",
            date=str(d.get("end_time", "")),
            tick_us=int(d.get("tick_interval", 1000)),
            total_ticks=int(d["total_ticks"]),
            total_alloc=int(d["total_alloc"]),
            source_format="json",
        )
    except json.JSONDecodeError as e:
        raise ProfileFormatError(f"expected -pj JSON: {e.msg} (column {e.colno})",
                                 e.lineno) from None
    except (ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError) as e:
        msg = " ".join(str(e).split())[:120]
        raise ProfileFormatError(f"expected a -pj JSON profile ({type(e).__name__}: {msg})"
                                 ) from None


# ----------------------------------------------------------------------------- text

_TITLE = " Time and Allocation Profiling Report  ("
_TIME_RE = re.compile(
    r"\s*total time\s*=\s*([\d.]+) secs\s+\((\d+) ticks @ (\d+) us, (\d+) processors?\)"
)
_ALLOC_RE = re.compile(r"\s*total alloc\s*=\s*([\d,]+) bytes")


def parse_text_profile(text: str, program_hint: str = "") -> Profile:
    lines = text.split("\n")
    try:
        start = next(i for i, ln in enumerate(lines) if _TITLE in ln)
    except StopIteration:
        raise ProfileFormatError("expected a 'Time and Allocation Profiling Report' "
                                 "title line", 1) from None
    if len(lines) < start + 7:
        raise ProfileFormatError("expected the command line and the totals after the "
                                 "title, found the end of the file", len(lines))
    date = lines[start].strip().split(_TITLE)[0]
    program, rts_args, args = _parse_command(lines[start + 2], program_hint)
    m_time = _TIME_RE.match(lines[start + 4])
    m_alloc = _ALLOC_RE.match(lines[start + 5])
    if not m_time:
        raise ProfileFormatError("expected 'total time = S secs (N ticks @ U us, P "
                                 "processors)'", start + 5)
    if not m_alloc:
        raise ProfileFormatError("expected 'total alloc = N bytes'", start + 6)
    total_ticks = int(m_time.group(2))
    total_alloc = int(m_alloc.group(1).replace(",", ""))
    i = start + 7
    flat, i = _parse_flat(lines, i)
    root, cc_seen = _parse_tree(lines, i)
    # GHC's flat table lists CCs newest first among equal ticks; give the listed CCs the
    # highest ids, in listed order, so the writer's tie-break reproduces the listing.
    order: list[tuple[str, str, str]] = []
    for key in flat + cc_seen:
        if key not in order:
            order.append(key)
    ids = {key: len(order) - k for k, key in enumerate(order)}
    infos = {key: CostCentreInfo(ids[key], *key) for key in order}
    for _, n in root.walk():
        info = infos[n.cc.key()]
        info.is_caf = n.cc.is_caf
        n.cc = info
    return Profile(
        program=program, root=root, cost_centres=list(infos.values()), rts_args=rts_args,
        args=args, argv0=program, date=date, tick_us=int(m_time.group(3)),
        processors=int(m_time.group(4)), total_ticks=total_ticks, total_alloc=total_alloc,
        source_format="text",
    )


def _parse_command(line: str, hint: str = "") -> tuple[str, list[str], list[str]]:
    words = line.split()
    if not words:
        raise ProfileFormatError("expected the program's command line two lines after the "
                                 "title")
    program, rest = words[0], words[1:]
    body = line.strip()
    if hint and " " in hint.strip() and (body == hint.strip()
                                         or body.startswith(hint.strip() + " ")):
        # GHC joins argv with spaces: a program named "my prog" (the report is
        # "my prog.prof") is known by the file's name
        program = hint.strip()
        rest = body[len(program):].split()
    rts: list[str] = []
    args: list[str] = []
    in_rts = False
    for w in rest:
        if w == "+RTS":
            in_rts = True
        elif w == "-RTS":
            in_rts = False
        elif in_rts:
            rts.append(w)
        else:
            args.append(w)
    return program, rts, args


def _parse_flat(lines: list[str], i: int) -> tuple[list[tuple[str, str, str]], int]:
    """The per-CC table: returns the CC keys in listed order and the index after it."""
    while i < len(lines) and not lines[i].startswith("COST CENTRE"):
        i += 1
    if i >= len(lines):
        raise ProfileFormatError("expected a 'COST CENTRE MODULE SRC %time %alloc' table",
                                 len(lines))
    head = lines[i]
    if not all(w in head for w in ("MODULE", "SRC", "%time")):
        raise ProfileFormatError("expected the columns COST CENTRE, MODULE, SRC, %time",
                                 i + 1)
    mod_at, src_at, time_at = head.index("MODULE"), head.index("SRC"), head.index("%time")
    src_end = time_at - 2  # "%-*s" then " %6s": the src field ends two columns before
    keys = []
    i += 2
    while i < len(lines) and lines[i].strip():
        row = lines[i]
        keys.append((row[:mod_at].rstrip(), row[mod_at:src_at].rstrip(),
                     row[src_at:src_end].rstrip()))
        i += 1
    return keys, i


def _parse_tree(lines: list[str], i: int) -> tuple[StackNode, list[tuple[str, str, str]]]:
    while i < len(lines) and not (lines[i].startswith("COST CENTRE") and "no." in lines[i]):
        i += 1
    if i >= len(lines):
        raise ProfileFormatError("expected the cost-centre stack tree ('COST CENTRE ... "
                                 "no. entries' header)", len(lines))
    head = lines[i]
    if not all(w in head for w in ("MODULE", "SRC")):
        raise ProfileFormatError("expected the columns COST CENTRE, MODULE, SRC, no.", i + 1)
    mod_at, src_at, no_at = head.index("MODULE"), head.index("SRC"), head.index("no.")
    verbose = head.rstrip().endswith("bytes")
    stack: list[StackNode] = []
    root: StackNode | None = None
    keys: list[tuple[str, str, str]] = []
    for lineno, row in enumerate(lines[i + 2:], i + 3):
        if not row.strip() or row.startswith(("Retainer", "SET ")):
            break
        label_field = row[:mod_at].rstrip()
        depth = len(label_field) - len(label_field.lstrip(" "))
        label = label_field.strip()
        module = row[mod_at:src_at].rstrip()
        src = row[src_at:no_at - 1].rstrip()
        nums = row[no_at - 1:].split()
        try:
            number, entries = int(nums[0]), int(nums[1])
            pct = tuple(float(x) for x in nums[2:6])
            if len(pct) != 4 or not all(0.0 <= x <= 100.0 for x in pct):
                raise ValueError("four percentages")
            ticks = int(nums[6]) if verbose else None
            alloc = int(nums[7]) if verbose else None
        except (IndexError, ValueError, OverflowError):
            raise ProfileFormatError("expected 'name module src no. entries %time %alloc "
                                     f"%time %alloc{' ticks bytes' if verbose else ''}', "
                                     f"got {row.strip()[:80]!r}", lineno) from None
        if number < 0 or entries < 0 or (ticks or 0) < 0 or (alloc or 0) < 0:
            raise ProfileFormatError("expected counts of at least 0, got "
                                     f"{row.strip()[:80]!r}", lineno)
        key = (label, module, src)
        keys.append(key)
        cc = CostCentreInfo(0, label, module, src, label == "CAF" or label.startswith("CAF:"))
        node = StackNode(number, cc, entries, ticks, alloc, pct=pct)  # type: ignore[arg-type]
        if depth == 0:
            if root is not None:
                raise ProfileFormatError("expected one root in the stack tree, found a "
                                         "second", lineno)
            root = node
            stack = [node]
            continue
        if depth > len(stack) or root is None:
            raise ProfileFormatError("expected a child indented one column more than its "
                                     f"parent, got {row.strip()[:80]!r}", lineno)
        del stack[depth:]
        stack[-1].children.append(node)
        stack.append(node)
    if root is None:
        raise ProfileFormatError("expected at least the MAIN row in the stack tree",
                                 i + 3)
    return root, keys
