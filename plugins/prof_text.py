"""The ``.prof`` text report (``+RTS -p``, ``-P``, ``-pa``, ``-Pa``) in GHC 9.0.2's layout.

``-P`` adds the ticks and bytes columns; ``-pa`` and ``-Pa`` are one mode in GHC (both set
COST_CENTRES_ALL): everything shown, with ticks and bytes.

The rules, each checked against the real reports in shared/reference/ghc-9.0.2/out:

* Built-in cost centres (GC, SYSTEM, OVERHEAD_of, IDLE, DONT_CARE; not PINNED, which is
  only pruned when empty, see ``prof_read.IGNORED_BUILTINS``) are *ignored* by
  -p/-P: their stacks are not printed, their costs are left out of the totals and of their
  parents' inherited costs. They still count when column widths are computed (nfib's flat
  table is as wide as ``PROFILING``, OVERHEAD_of's module). -pa/-Pa ignore nothing.
* A stack with no entries, ticks or bytes and no surviving children is pruned (not by -pa).
* Siblings are ordered by entries (descending), then label (strcmp), then newest first:
  GHC keeps each stack's children newest first and sorts them stably, so equal siblings come
  out with the higher CCS number first.
* Flat table: one row per cost centre, costs summed over its stacks, shown when its ticks >
  total/100 or its words > total/100 (integer division) or with -pa. Rows are ordered by
  ticks only (descending); ties keep GHC's CC_LIST order, which is newest (highest id) first:
  nfib -O2 lists MAIN (1.7% alloc) before CAF GHC.IO.Handle.FD (71.8%). Percentages there are
  computed in single precision (``StgFloat``), in the tree in double.
* Column widths come from the longest label (plus indentation), module, SRC and CCS number,
  with GHC's minimums ("COST CENTRE", "MODULE", "SRC", "no.").
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .hpfile import ghc_word
from .prof_read import CostCentreInfo, Profile, StackNode

MODES = ("p", "P", "pa", "Pa")


def sibling_key(n: StackNode) -> tuple[int, str, int]:
    """GHC's sibling order: entries descending, label (strcmp), then newest (highest no.)."""
    return (-n.entries, n.cc.label, -n.id)


def sorted_tree(root: StackNode) -> StackNode:
    """A copy of the tree with every child list in GHC's sibling order."""
    kids = sorted((sorted_tree(c) for c in root.children), key=sibling_key)
    return StackNode(root.id, root.cc, root.entries, root.ticks, root.alloc, kids, root.pct)


@dataclass
class _Shown:
    node: StackNode
    ignored: bool
    inh_ticks: int = 0
    inh_alloc: int = 0
    children: list[_Shown] = field(default_factory=list)


def _need(x: int | None) -> int:
    if x is None:
        raise ValueError("the profile has no tick/byte counts (it was read from a -p report)")
    return x


def _prepare(node: StackNode, show_all: bool) -> _Shown | None:
    """Prune, sort and inherit: the tree as GHC prints it (None when pruned)."""
    kids = [k for k in (_prepare(c, show_all) for c in node.children) if k is not None]
    kids.sort(key=lambda k: sibling_key(k.node))
    ticks, alloc = _need(node.ticks), _need(node.alloc)
    if not (show_all or kids or node.entries or ticks or alloc):
        return None
    s = _Shown(node, not show_all and node.cc.hidden, ticks, alloc, kids)
    for k in kids:
        if not k.ignored:
            s.inh_ticks += k.inh_ticks
            s.inh_alloc += k.inh_alloc
    return s


def _walk(s: _Shown, depth: int = 0):
    yield depth, s
    for k in s.children:
        yield from _walk(k, depth + 1)


def _f32_pct(part: int, total: int) -> float:
    if total == 0:
        return 0.0
    return float(np.float32(part) / np.float32(total) * np.float32(100))


def _pct(part: int, total: int) -> float:
    return 0.0 if total == 0 else part / total * 100.0


def header_text(profile: Profile, total_ticks: int, total_alloc: int) -> str:
    secs = total_ticks * (profile.tick_us * 1000.0) / (1e9 * profile.processors)
    command = "".join(
        [f" {profile.program} +RTS", *(f" {a}" for a in profile.rts_args), " -RTS",
         *(f" {a}" for a in profile.args)]
    )
    plural = "s" if profile.processors > 1 else ""
    return (
        f"\t{profile.date} Time and Allocation Profiling Report  (Final)\n"
        f"\n\t  {command}\n\n"
        f"\ttotal time  = {secs:11.2f} secs   ({total_ticks} ticks @ {profile.tick_us} us, "
        f"{profile.processors} processor{plural})\n"
        f"\ttotal alloc = {total_alloc:>11,} bytes  (excludes profiling overheads)\n\n"
    )


def _flat_table(profile: Profile, shown: _Shown, show_all: bool, verbose: bool,
                total_ticks: int, total_alloc: int) -> str:
    per_cc: dict[int, list[int]] = {}
    for _, s in _walk(shown):
        acc = per_cc.setdefault(id(s.node.cc), [0, 0])
        acc[0] += _need(s.node.ticks)
        acc[1] += _need(s.node.alloc)
    # GHC compares words; a byte count that is not whole words is compared as it is.
    unit = 8 if total_alloc % 8 == 0 else 1
    listed: list[tuple[CostCentreInfo, int, int]] = []
    lw, mw, sw = 11, 6, 3
    for cc in sorted(profile.cost_centres, key=lambda c: -c.id):  # CC_LIST order
        ticks, alloc = per_cc.get(id(cc), (0, 0))
        if (show_all or ticks > total_ticks // 100
                or alloc // unit > (total_alloc // unit) // 100):
            listed.append((cc, ticks, alloc))
            lw, mw, sw = max(lw, len(cc.label)), max(mw, len(cc.module)), max(sw, len(cc.src))
    listed.sort(key=lambda r: -r[1])  # stable: ties keep CC_LIST order
    out = [f"{'COST CENTRE':<{lw}} {'MODULE':<{mw}} {'SRC':<{sw}} {'%time':>6} {'%alloc':>6}"]
    if verbose:
        out.append(f"  {'ticks':>5} {'bytes':>9}")
    out.append("\n\n")
    for cc, ticks, alloc in listed:
        if not show_all and cc.hidden:
            continue
        out.append(
            f"{ghc_word(cc.label):<{lw}} {ghc_word(cc.module):<{mw}} {cc.src:<{sw}}"
            f" {_f32_pct(ticks, total_ticks):6.1f} {_f32_pct(alloc, total_alloc):6.1f}"
        )
        if verbose:
            out.append(f"  {ticks:5d} {alloc:9d}")
        out.append("\n")
    out.append("\n\n")
    return "".join(out)


def _tree_table(shown: _Shown, verbose: bool, total_ticks: int, total_alloc: int) -> str:
    rows = list(_walk(shown))
    lw, mw, sw, iw = 11, 6, 3, 3
    for depth, s in rows:
        cc = s.node.cc
        lw = max(lw, depth + len(cc.label))
        mw, sw = max(mw, len(cc.module)), max(sw, len(cc.src))
        iw = max(iw, len(str(s.node.id)))
    out = [" " * (lw + 1 + mw + 1 + sw + 1 + iw),
           "                individual      inherited\n",
           f"{'COST CENTRE':<{lw}} {'MODULE':<{mw}} {'SRC':<{sw}} {'no.':<{iw}}",
           f" {'entries':>11}  {'%time':>5} {'%alloc':>6}   {'%time':>5} {'%alloc':>6}"]
    if verbose:
        out.append(f"  {'ticks':>5} {'bytes':>9}")
    out.append("\n\n")
    for depth, s in rows:
        if s.ignored:
            continue
        n, cc = s.node, s.node.cc
        out.append(
            f"{' ' * depth}{ghc_word(cc.label):<{lw - depth}} {ghc_word(cc.module):<{mw}}"
            f" {cc.src:<{sw}}"
            f" {n.id:>{iw}} {n.entries:11d}"
            f"  {_pct(n.ticks, total_ticks):5.1f}  {_pct(n.alloc, total_alloc):5.1f}"
            f"   {_pct(s.inh_ticks, total_ticks):5.1f}  {_pct(s.inh_alloc, total_alloc):5.1f}"
        )
        if verbose:
            out.append(f"  {n.ticks:5d} {n.alloc:9d}")
        out.append("\n")
    return "".join(out)


def totals(profile: Profile, show_all: bool) -> tuple[int, int]:
    """Total ticks and bytes as the report prints them (ignored built-ins left out)."""
    t = a = 0
    for _, n in profile.root.walk():
        if show_all or not n.cc.hidden:
            t += _need(n.ticks)
            a += _need(n.alloc)
    return t, a


def render_text(profile: Profile, mode: str = "p") -> str:
    """The whole report for ``+RTS -<mode>`` (mode one of p, P, pa, Pa)."""
    if mode not in MODES:
        raise ValueError(f"unknown text report mode {mode!r}")
    # GHC's -pa and -Pa both set COST_CENTRES_ALL, which is above VERBOSE: -pa prints the
    # ticks and bytes columns too (RtsFlags.c)
    verbose, show_all = mode in ("P", "pa", "Pa"), mode in ("pa", "Pa")
    total_ticks, total_alloc = totals(profile, show_all)
    # an empty run still prints MAIN
    shown = _prepare(profile.root, show_all) or _Shown(profile.root, False)
    return (
        header_text(profile, total_ticks, total_alloc)
        + _flat_table(profile, shown, show_all, verbose, total_ticks, total_alloc)
        + _tree_table(shown, verbose, total_ticks, total_alloc)
    )
