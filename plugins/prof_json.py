"""The ``-pj`` JSON profile, in GHC 9.0.2's exact layout (rts/ProfilerReportJson.c).

Semantics (FINDINGS §2): nothing is hidden or pruned, so ``total_alloc`` and ``total_ticks``
include the built-in cost centres (the -Pa totals); every ``profile`` node's ``id`` is the
*cost-centre* id, not the CCS number; ``alloc`` (bytes) and ``ticks`` are individual;
``tick_interval`` is in microseconds; ``initial_capabilities`` is 0 as GHC's non-threaded RTS
prints it. ``cost_centres`` is in GHC's CC_LIST order (newest first), children in the same
order as the text tree. speedscope recognises the file by ``rts_arguments`` and
``initial_capabilities``.
"""

from __future__ import annotations

from .hpfile import ghc_word
from .prof_read import Profile, StackNode
from .prof_text import sibling_key, totals


def _escape(s: str) -> str:
    # GHC escapes only backslash and newline; a quote is escaped too so the file stays JSON.
    return s.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def _need(x: int | None) -> int:
    if x is None:
        raise ValueError("the profile has no tick/byte counts (it was read from a -p report)")
    return x


def _node(n: StackNode, out: list[str]) -> None:
    out.append(f'{{"id": {n.cc.id}, "entries": {n.entries}, "alloc": {_need(n.alloc)}, '
               f'"ticks": {_need(n.ticks)}, "children": [')
    for k, c in enumerate(sorted(n.children, key=sibling_key)):
        if k:
            out.append(",")
        _node(c, out)
    out.append("]}\n")


def render_json(profile: Profile) -> str:
    total_ticks, total_alloc = totals(profile, show_all=True)
    secs = total_ticks * (profile.tick_us * 1000.0) / (1e9 * profile.processors)
    argv = [profile.argv0 or profile.program, *profile.args]
    out = [
        "{\n",
        f'"program": "{_escape(profile.program)}",\n',
        '"arguments": [', ", ".join(f'"{_escape(a)}"' for a in argv), "],\n",
        '"rts_arguments": [', ", ".join(f'"{_escape(a)}"' for a in profile.rts_args), "],\n",
        f'"end_time": "{profile.date}",\n',
        '"initial_capabilities": 0,\n',
        f'"total_time": {secs:11.2f},\n',
        f'"total_ticks": {total_ticks},\n',
        f'"tick_interval": {profile.tick_us},\n',
        f'"total_alloc":{total_alloc},\n',
        '"cost_centres": [\n',
        ", ".join(
            f'{{"id": {c.id}, "label": "{_escape(ghc_word(c.label))}", '
            f'"module": "{_escape(ghc_word(c.module))}", '
            f'"src_loc": "{_escape(c.src)}", "is_caf": {"true" if c.is_caf else "false"}}}'
            for c in sorted(profile.cost_centres, key=lambda c: -c.id)
        ),
        "]\n",
        ',\n"profile": ',
    ]
    _node(profile.root, out)
    out.append("}\n")
    return "".join(out)
