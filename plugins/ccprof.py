"""Cost-centre time and allocation profiling (``+RTS -p``, ``-P``, ``-pa``, ``-Pa``, ``-pj``).

A backend-generic scheme built only on core's events and tables:

* bytes per stack: every ``profkit_alloc`` batch, ``size_words * session.word_bytes``
  summed by ``producer`` (a StackTable id) with ``np.bincount``;
* ticks per stack: one per ``profkit_tick`` call, charged to its ``stack``;
* entries per stack: ``session.tables.stacks.entries`` (the backend counts SCC entries);
* cost centres and the stack tree: ``session.tables.ccs`` and ``session.tables.stacks``.

At ``profkit_session_finish`` the report is written to ``<prog>.prof`` in the output
directory, as text (``prof_text``) or JSON (``prof_json``), also after a failed run.

Numbering: the ``no.`` column prints the StackTable id, as the heap profiles' ``(ccsID)``
bands do (``bands.ccs_id``), so the reports of one run agree; the JSON ``id`` is the
CostCentreTable id + ``CC_ID_OFFSET`` (MAIN is 1, as no GHC cc id is 0). Both are creation
orders, as GHC's, so GHC's "newest first" tie-breaks apply unchanged.

With ``-hr`` the retainer scheme's census blocks and SET listing go around the text report
in the same file, in GHC's order (``retainer.claim_prof_sections``). The DATE line
is the only wall-clock value in the report; ``SOURCE_DATE_EPOCH`` pins it (in UTC).

Also provides the ``profkit read`` subcommand (``cli_read``): the normalised tree of one
profile (``normalised_text``) or the per-stack differences of two (``compare_text``).
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from profkit.errors import UsageError
from profkit.hookspecs import hookimpl
from profkit.plugin_options import PluginOptions

from .prof_read import CostCentreInfo, Profile, StackNode, read_profile

#: printed CCS number = StackTable id + CCS_ID_OFFSET (0: the heap profiles' numbering)
CCS_ID_OFFSET = 0
#: JSON cost-centre id = CostCentreTable id + CC_ID_OFFSET
CC_ID_OFFSET = 1


def ccs_number(stack: int) -> int:
    """The number a report prints for StackTable id ``stack`` (the ``no.`` column)."""
    return stack + CCS_ID_OFFSET


def report_date(epoch: float | None = None) -> str:
    """GHC's ``time_str()``: ``ctime`` without the seconds, e.g. ``Sun Nov 22 02:37 2026``.

    ``SOURCE_DATE_EPOCH`` (seconds, read as UTC) pins it for reproducible reports.
    """
    if epoch is None:
        pinned = os.environ.get("SOURCE_DATE_EPOCH")
        if pinned:
            try:
                t = time.gmtime(int(pinned))
            except (ValueError, OverflowError):
                raise UsageError(f"bad SOURCE_DATE_EPOCH: {pinned!r}") from None
        else:
            t = time.localtime()
    else:
        t = time.gmtime(epoch)
    s = time.asctime(t)  # "Sun Nov  2 02:37:45 2026", the same layout as C's ctime
    return s[:16] + s[19:]


class CostCentreProfile:
    """The -p family of reports for one run."""

    name = "ccprof"

    def __init__(
        self,
        config: Any,
        *,
        cc_numbering: Callable[[int], int] | None = None,
        ccs_numbering: Callable[[int], int] | None = None,
    ) -> None:
        """``cc_numbering``/``ccs_numbering`` map table ids to printed numbers (tests use them to
        print GHC's own numbering); by default the ids plus the offsets above."""
        self.config = config
        self.mode: str = config.rts.prof or "p"
        self._cc_number = cc_numbering or (lambda i: i + CC_ID_OFFSET)
        self._ccs_number = ccs_numbering or ccs_number
        self._alloc_bytes = np.zeros(0, dtype=np.int64)
        self._tick_stacks: list[int] = []

    # ------------------------------------------------------------------ events
    @hookimpl
    def profkit_alloc(self, session: Any, batch: np.ndarray) -> None:
        producer = batch["producer"]
        size = batch["size_words"]
        if len(producer) and producer.min() < 0:  # objects with no producer are not costed
            keep = producer >= 0
            producer, size = producer[keep], size[keep]
        if not len(producer):
            return
        n = max(len(session.tables.stacks), int(producer.max()) + 1)
        # float64 weights are exact for sums below 2**53 words
        words = np.bincount(producer, weights=size, minlength=n).astype(np.int64)
        if len(self._alloc_bytes) < n:
            self._alloc_bytes = np.concatenate(
                [self._alloc_bytes, np.zeros(n - len(self._alloc_bytes), dtype=np.int64)]
            )
        self._alloc_bytes[:n] += words * session.word_bytes

    @hookimpl
    def profkit_renumber(self) -> None:
        """Nothing to do: allocation is summed per stack as the rows arrive."""

    @hookimpl
    def profkit_tick(self, stack: int) -> None:
        self._tick_stacks.append(stack)

    @hookimpl
    def profkit_session_finish(self, session: Any) -> None:
        profile = self.build_profile(session)
        text = render(profile, self.mode)
        note = getattr(session.backend, "producers_note", None)
        if note and self.mode != "pj":
            # (the MLWorks backend turned allocation recording on for %alloc: say so between
            # the header and the tables, where readers skip free text)
            at = text.find("COST CENTRE")
            if at >= 0:
                text = text[:at] + f"\t({note})\n\n" + text[at:]
        heap = self.config.rts.heap
        if self.mode != "pj" and (heap.breakdown == "r" or heap.retainer):
            from . import retainer

            sections = retainer.claim_prof_sections(session)
            if sections is not None:
                text = sections[0] + text + sections[1]
        path = self.config.output_path(".prof")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)

    # ------------------------------------------------------------------ the data
    def build_profile(self, session: Any) -> Profile:
        """The run's costs as a ``Profile`` (unpruned, unsorted; writers apply GHC's rules)."""
        tables = session.tables
        stacks = tables.stacks
        n = len(stacks)
        alloc = np.zeros(n, dtype=np.int64)
        m = min(n, len(self._alloc_bytes))
        alloc[:m] = self._alloc_bytes[:m]
        tick_stacks = np.asarray(self._tick_stacks, dtype=np.int64)
        ticks = np.bincount(tick_stacks[tick_stacks >= 0], minlength=n)[:n]
        entries = _entries(session, n)
        infos = [
            CostCentreInfo(self._cc_number(i), cc.label, cc.module, cc.src, cc.is_caf)
            for i, cc in enumerate(tables.ccs.rows)
        ]
        nodes = [
            StackNode(self._ccs_number(s), infos[stacks.cc[s]], int(entries[s]),
                      int(ticks[s]), int(alloc[s]))
            for s in range(n)
        ]
        for s in range(1, n):
            nodes[stacks.parent[s]].children.append(nodes[s])
        cfg = self.config
        return Profile(
            program=cfg.program_name,
            root=nodes[0],
            cost_centres=infos,
            rts_args=list(cfg.rts.args),
            args=list(cfg.program_args),
            # argv[0] as if the program had been built next to its source (GHC: ./nfib)
            argv0=os.path.join(os.path.dirname(cfg.program) or ".", cfg.program_name),
            date=report_date(),
            tick_us=max(1, round(cfg.rts.tick_interval * 1e6)),
        )


def _entries(session: Any, n: int) -> list[int]:
    counts = list(session.tables.stacks.entries[:n])
    counts.extend([0] * (n - len(counts)))
    return counts


def render(profile: Profile, mode: str) -> str:
    """The report for ``+RTS -<mode>`` as a string (JSON for ``pj``)."""
    if mode == "pj":
        from .prof_json import render_json

        return render_json(profile)
    from .prof_text import render_text

    return render_text(profile, mode)


# ---------------------------------------------------------------------- profkit read


@dataclass
class StackCosts:
    """One shown stack with -p semantics: built-ins ignored, empty stacks pruned."""

    depth: int
    path: tuple[tuple[str, str, str], ...]  # (label, module, src) from MAIN down
    node: StackNode
    time: float  # individual %time
    alloc: float  # individual %alloc
    inh_time: float
    inh_alloc: float


def _known(root: StackNode) -> bool:
    return all(n.ticks is not None and n.alloc is not None for _, n in root.walk())


def stack_costs(profile: Profile) -> tuple[list[StackCosts], int | None, int | None]:
    """The shown stacks in a runtime-independent order (entries, label, module, SRC), with
    percentages against the -p totals; and those totals (ticks, bytes), None if unknown.

    Computed from ticks and bytes when the file has them (-P, -Pa, -pj), so every format of
    one run gives the same figures; from the printed percentages otherwise."""
    known = _known(profile.root)
    tot_t = tot_a = 0
    if known:
        for _, n in profile.root.walk():
            if not n.cc.hidden:
                tot_t += n.ticks or 0
                tot_a += n.alloc or 0
    out: list[StackCosts] = []

    def pct(x: int, tot: int) -> float:
        return 0.0 if tot == 0 else x / tot * 100.0

    def visit(n: StackNode, depth: int, path: tuple) -> tuple[int, int, bool]:
        path = path + (n.cc.key(),)
        row = StackCosts(depth, path, n, 0.0, 0.0, 0.0, 0.0)
        at = len(out)
        out.append(row)
        it, ia = (n.ticks or 0, n.alloc or 0)
        any_kid = False
        kids = sorted(n.children, key=lambda c: (-c.entries, c.cc.label, c.cc.module, c.cc.src))
        for c in kids:
            if c.cc.hidden:
                continue
            ct, ca, shown = visit(c, depth + 1, path)
            it, ia, any_kid = it + ct, ia + ca, any_kid or shown
        if known:
            row.time, row.alloc = pct(n.ticks or 0, tot_t), pct(n.alloc or 0, tot_a)
            row.inh_time, row.inh_alloc = pct(it, tot_t), pct(ia, tot_a)
        elif n.pct is not None:
            row.time, row.alloc, row.inh_time, row.inh_alloc = n.pct
        empty = not (any_kid or n.entries or (n.ticks if known else row.time)
                     or (n.alloc if known else row.alloc))
        if empty and depth > 0 and known:
            del out[at:]
            return it, ia, False
        return it, ia, True

    visit(profile.root, 0, ())
    if not known:
        return out, profile.total_ticks, profile.total_alloc
    return out, tot_t, tot_a


def normalised_text(profile: Profile) -> str:
    """The tree without CCS numbers, dates or column alignment: two runs, or GHC and
    profkit, can be compared with ``diff``."""
    rows, tot_t, tot_a = stack_costs(profile)
    lines = [f"program {profile.program}: {tot_t} ticks, {tot_a} bytes\n"]
    for r in rows:
        n = r.node
        line = (f"{' ' * r.depth}{n.cc.label}  {n.cc.module}  {n.cc.src}  entries={n.entries}"
                f"  time={r.time:.1f}%  alloc={r.alloc:.1f}%"
                f"  inherited={r.inh_time:.1f}%/{r.inh_alloc:.1f}%")
        if n.ticks is not None and n.alloc is not None:
            line += f"  ticks={n.ticks}  bytes={n.alloc}"
        lines.append(line + "\n")
    return "".join(lines)


def _frame_name(frame: tuple[str, str, str]) -> str:
    label, module, _ = frame
    return label if module == "MAIN" else f"{module}.{label}"


def _path_name(path: tuple[tuple[str, str, str], ...]) -> str:
    return "/".join(_frame_name(f) for f in path) + f" ({path[-1][2]})"


def _under(rows: list[StackCosts], top: str | None) -> list[StackCosts]:
    """The rows below MAIN's child named ``top`` (``Main.CAF``, ``Main.main``), or all."""
    if top is None:
        return rows
    return [r for r in rows if len(r.path) > 1 and _frame_name(r.path[1]) == top]


def compare_text(
    a: Profile, b: Profile, name_a: str = "A", name_b: str = "B", *, under: str | None = None
) -> tuple[str, bool]:
    """Per-stack differences of entries, individual %time and %alloc between two profiles,
    matching stacks by their path of (label, module, SRC); ``under`` limits the comparison
    to one subtree of MAIN (``"Main.CAF"``: the program's own costs, without the library
    CAFs a GHC report has). Returns (text, any difference)."""
    ra, ta, aa = stack_costs(a)
    rb, tb, ab = stack_costs(b)
    ra, rb = _under(ra, under), _under(rb, under)
    ma: dict[tuple, StackCosts] = {}
    mb: dict[tuple, StackCosts] = {}
    for rows, m in ((ra, ma), (rb, mb)):
        for r in rows:
            if r.path in m:  # equal paths (possible in a hand-made file): add them up
                o = m[r.path]
                o.time += r.time
                o.alloc += r.alloc
                o.node = StackNode(o.node.id, o.node.cc, o.node.entries + r.node.entries)
            else:
                m[r.path] = r
    order = [r.path for r in ra] + [r.path for r in rb if r.path not in ma]
    lines = [f"--- {name_a}: {a.program}, {ta} ticks, {aa} bytes\n",
             f"+++ {name_b}: {b.program}, {tb} ticks, {ab} bytes\n"]
    diffs = []
    for p in order:
        x, y = ma.get(p), mb.get(p)
        if x is None or y is None:
            diffs.append(f"{_path_name(p)}: only in {name_a if y is None else name_b}\n")
            continue
        parts = []
        if x.node.entries != y.node.entries:
            parts.append(f"entries {x.node.entries} -> {y.node.entries}")
        if f"{x.time:.1f}" != f"{y.time:.1f}":
            parts.append(f"%time {x.time:.1f} -> {y.time:.1f}")
        if f"{x.alloc:.1f}" != f"{y.alloc:.1f}":
            parts.append(f"%alloc {x.alloc:.1f} -> {y.alloc:.1f}")
        if parts:
            diffs.append(f"{_path_name(p)}: {', '.join(parts)}\n")
    lines.extend(diffs or ["no differences in entries, %time or %alloc\n"])
    return "".join(lines), bool(diffs)


# ---------------------------------------------------------------------- plugin hooks


# Its options (``profkit schemes``): only the implicit ``enable``; ``-p ccprof.enable=0``
# turns the scheme off even when its flags select it.
PROFKIT_OPTIONS = PluginOptions(
    "ccprof", help="cost-centre time and allocation profile (+RTS -p -P -pa -Pa -pj)")


@hookimpl
def profkit_add_schemes(config: Any) -> list[Any] | None:
    if config.rts.prof:
        return [CostCentreProfile(config)]
    return None


@hookimpl
def profkit_cli_command(name: str, argv: list[str]) -> int | None:
    if name != "read":
        return None
    return cli_read(argv)


READ_USAGE = """\
usage: profkit read FILE.prof            print the cost-centre tree in a normalised form
       profkit read [--under NAME] A.prof B.prof
                                         print the stacks whose entries, %time or %alloc differ
Files may be GHC's or profkit's text reports (-p, -P, -pa, -Pa) or -pj JSON. --under limits
the comparison to one child of MAIN, named Module.label: --under Main.CAF compares the
program's own costs and leaves out the library CAFs of a GHC report.
With two files the exit status is 0 when nothing differs and 1 otherwise.
"""


def cli_read(argv: Sequence[str], out: Any = None) -> int:
    """``profkit read FILE`` / ``profkit read A B``; returns the exit status."""
    out = out if out is not None else sys.stdout
    args = list(argv)
    under = None
    if "--under" in args:
        k = args.index("--under")
        if k + 1 >= len(args):
            raise UsageError("--under needs a name such as Main.CAF")
        under = args[k + 1]
        del args[k:k + 2]
    if not args or args[0] in ("-h", "--help") or len(args) > 2:
        out.write(READ_USAGE)
        return 0 if args and args[0] in ("-h", "--help") else 2
    if len(args) == 1:
        from .hpfile import is_hp_file, read_hp, summary_text

        if is_hp_file(args[0]):  # `profkit read FILE.hp`: a heap profile's summary
            out.write(summary_text(read_hp(args[0])))
            return 0
    profiles = [read_profile(p) for p in args]
    if len(profiles) == 1:
        out.write(normalised_text(profiles[0]))
        return 0
    text, differs = compare_text(profiles[0], profiles[1], args[0], args[1], under=under)
    out.write(text)
    return 1 if differs else 0
