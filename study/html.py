"""One self-contained HTML page for a study: the metric tables, and per program the heap
profiles of every configuration side by side and the allocation per function. Charts are
inline SVG drawn here (no scripts, fonts or styles from elsewhere); a few lines of inline
script only add hover highlighting and mark the page as rendered (``data-charts``)."""

from __future__ import annotations

import html
from typing import Any

from .compare import Metric, StudyData, function_rows, metric_table

PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1",
           "#ff9da7", "#9c755f", "#bab0ac"]
#: biographical bands keep one colour on every chart
BIO_COLOURS = {"USE": "#59a14f", "INHERENT_USE": "#4e79a7", "LAG": "#edc948",
               "DRAG": "#f28e2b", "VOID": "#e15759"}
MAX_BANDS = 9  # bands beyond the largest ones are drawn as OTHER
STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; margin: .5em 0 1.5em; }
th, td { padding: 2px 8px; text-align: right; border-bottom: 1px solid #ddd; }
th:first-child, td:first-child { text-align: left; }
tr.summary td { font-weight: bold; background: #f6f6f6; }
td.better { color: #1a7f37; } td.worse { color: #b3261e; } td.failed { color: #b3261e; }
.row { display: flex; flex-wrap: wrap; gap: 16px; }
figure { margin: 0; } figcaption { font-size: 12px; color: #555; }
svg text { font: 10px system-ui, sans-serif; fill: #333; }
svg .hl { opacity: .6; }
"""
SCRIPT = """
(function () {
  var charts = document.querySelectorAll('svg.chart');
  document.body.setAttribute('data-charts', String(charts.length));
  charts.forEach(function (svg) {
    svg.querySelectorAll('[data-band]').forEach(function (el) {
      el.addEventListener('mouseenter', function () { el.classList.add('hl'); });
      el.addEventListener('mouseleave', function () { el.classList.remove('hl'); });
    });
  });
})();
"""


def _e(s: Any) -> str:
    return html.escape(str(s), quote=True)


def _num(v: Any, integer: bool = True) -> str:
    if v is None:
        return "-"
    if isinstance(v, str):
        return v
    return f"{int(v):,}" if integer else f"{v:.4g}"


def table_html(t: dict[str, Any]) -> str:
    m: Metric = t["metric"]
    configs = t["configs"]
    bi = configs.index(t["baseline"]) if t["baseline"] in configs else -1
    out = [f'<table class="metric" data-metric="{_e(m.name)}"><tr><th>Program</th>']
    out += [f"<th>{_e(c)}{' (base)' if i == bi else ''}</th>" for i, c in enumerate(configs)]
    out.append("</tr>")
    for p, vals in t["rows"]:
        out.append(f"<tr><td>{_e(p)}</td>")
        for i, v in enumerate(vals):
            r = t["ratios"][p][i]
            if v == "FAILED":
                out.append('<td class="failed">FAILED</td>')
            elif i == bi or r is None:
                out.append(f"<td>{_e(_num(v, m.integer))}</td>")
            else:
                cls = "better" if r < 1 else "worse" if r > 1 else ""
                out.append(f'<td class="{cls}" title="{_e(_num(v, m.integer))}">'
                           f"{(r - 1) * 100:+.1f}%</td>")
        out.append("</tr>")
    for name, rs in t["summary"].items():
        out.append(f'<tr class="summary"><td>{_e(name)}</td>')
        out += ["<td></td>" if i == bi or r is None else f"<td>{(r - 1) * 100:+.1f}%</td>"
                for i, r in enumerate(rs)]
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


def heap_chart(samples: list[tuple[float, dict[str, int]]], title: str,
               end_time: float | None, width: int = 420, height: int = 220) -> str:
    """A stacked area chart of census samples [(time, {band: bytes})]. The profile's empty
    first and last samples (not stored) are put back at 0 and at the end of the run."""
    if samples and samples[0][0] > 0:
        samples = [(0.0, {})] + samples
    if samples and end_time and end_time > samples[-1][0]:
        samples = samples + [(end_time, {})]
    totals: dict[str, int] = {}
    for _, bands in samples:
        for b, v in bands.items():
            totals[b] = totals.get(b, 0) + v
    top = sorted(totals, key=lambda b: -totals[b])[:MAX_BANDS]
    names = top + (["OTHER"] if len(totals) > len(top) else [])
    pts = [(t, {n: 0 for n in names}) for t, _ in samples]
    for (_, bands), (_, acc) in zip(samples, pts):
        for b, v in bands.items():
            acc[b if b in top else "OTHER"] += v
    tmax = max([t for t, _ in samples] + [end_time or 0.0, 1e-12])
    vmax = max([sum(a.values()) for _, a in pts] + [1])
    L, R, T, B = 48, 8, 18, 24
    w, h = width - L - R, height - T - B
    x = lambda t: L + w * t / tmax  # noqa: E731
    y = lambda v: T + h - h * v / vmax  # noqa: E731
    parts = [f'<svg class="chart heap-profile" xmlns="http://www.w3.org/2000/svg" '
             f'width="{width}" height="{height + 14 * ((len(names) + 2) // 3)}" '
             f'data-samples="{len(samples)}" data-bands="{len(names)}">',
             f'<text x="{L}" y="12">{_e(title)}</text>']
    lower = [0] * len(pts)
    for i, n in enumerate(names):
        upper = [lo + a[n] for lo, (_, a) in zip(lower, pts)]
        if pts:
            top_pts = " ".join(f"{x(t):.1f},{y(u):.1f}" for (t, _), u in zip(pts, upper))
            bot_pts = " ".join(f"{x(t):.1f},{y(lo):.1f}"
                               for (t, _), lo in reversed(list(zip(pts, lower))))
            parts.append(f'<polygon data-band="{_e(n)}" fill="{_colour(n, i)}" '
                         f'points="{top_pts} {bot_pts}"><title>{_e(n)}</title></polygon>')
        lower = upper
    parts.append(f'<line x1="{L}" y1="{T + h}" x2="{L + w}" y2="{T + h}" stroke="#333"/>'
                 f'<line x1="{L}" y1="{T}" x2="{L}" y2="{T + h}" stroke="#333"/>'
                 f'<text x="{L + w}" y="{T + h + 14}" text-anchor="end">{tmax:.4g} s</text>'
                 f'<text x="{L - 4}" y="{T + 8}" text-anchor="end">{_human(vmax)}</text>')
    for i, n in enumerate(names):
        lx, ly = 4 + (i % 3) * ((width - 8) // 3), height + 4 + 14 * (i // 3)
        parts.append(f'<rect x="{lx}" y="{ly - 8}" width="9" height="9" '
                     f'fill="{_colour(n, i)}"/>'
                     f'<text x="{lx + 12}" y="{ly}">{_e(n[:28])}</text>')
    if not samples:
        parts.append(f'<text x="{L + 8}" y="{T + h // 2}">no census samples</text>')
    parts.append("</svg>")
    return "".join(parts)


def alloc_chart(program: str, configs: list[str], rows: list, width: int = 860,
                limit: int = 12) -> str:
    """Grouped horizontal bars: bytes allocated per function, one bar per configuration."""
    rows = rows[:limit]
    bar, gap = 9, 8
    L, R, T = 150, 80, 20
    height = T + len(rows) * (bar * len(configs) + gap) + 16 * len(configs) + 10
    vmax = max([v or 0 for _, a, _ in rows for v in a] + [1])
    w = width - L - R
    parts = [f'<svg class="chart alloc-bars" xmlns="http://www.w3.org/2000/svg" '
             f'width="{width}" height="{height}" data-functions="{len(rows)}">',
             f'<text x="0" y="12">{_e(program)}: bytes allocated per function</text>']
    yy = T
    for f, a, _ in rows:
        parts.append(f'<text x="{L - 6}" y="{yy + bar * len(configs) / 2 + 4:.0f}" '
                     f'text-anchor="end">{_e(f[:26])}</text>')
        for i, v in enumerate(a):
            bw = w * (v or 0) / vmax
            parts.append(f'<rect data-band="{_e(configs[i])}" x="{L}" y="{yy}" '
                         f'width="{bw:.1f}" height="{bar - 1}" '
                         f'fill="{PALETTE[i % len(PALETTE)]}"><title>{_e(f)} '
                         f'{_e(configs[i])}: {_num(v)} bytes</title></rect>'
                         f'<text x="{L + bw + 3:.1f}" y="{yy + bar - 1}">{_human(v)}</text>')
            yy += bar
        yy += gap
    for i, c in enumerate(configs):
        parts.append(f'<rect x="{L}" y="{yy + 16 * i}" width="9" height="9" '
                     f'fill="{PALETTE[i % len(PALETTE)]}"/>'
                     f'<text x="{L + 12}" y="{yy + 16 * i + 8}">{_e(c)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _colour(band: str, i: int) -> str:
    return BIO_COLOURS.get(band, PALETTE[i % len(PALETTE)])


def _human(v: Any) -> str:
    if v is None:
        return "-"
    v = float(v)
    for unit in ("", "k", "M", "G"):
        if abs(v) < 1000:
            return f"{v:.3g}{unit}"
        v /= 1000
    return f"{v:.3g}T"


def heap_profiles(data: StudyData, key: str) -> list[str]:
    """The heap profiles a run has: its main break-down first, then the biography."""
    profiles = [p for (p,) in data.db.execute(
        "SELECT DISTINCT profile FROM census WHERE key = ? ORDER BY profile", (key,))]
    return sorted(profiles, key=lambda p: (p == "hb", p))


def heap_samples(data: StudyData, key: str, profile: str
                 ) -> list[tuple[float, dict[str, int]]]:
    samples: dict[int, tuple[float, dict[str, int]]] = {}
    for s, t, band, b in data.db.execute(
            "SELECT sample, time, band, bytes FROM census WHERE key = ? AND profile = ? "
            "ORDER BY sample", (key, profile)):
        samples.setdefault(s, (t, {}))[1][band] = b
    return [samples[s] for s in sorted(samples)]


def render_page(data: StudyData, metrics: list[Metric], baseline: str | None = None) -> str:
    study = next(iter(data.runs.values()))["study"] if data.runs else ""
    out = ["<!DOCTYPE html><html><head><meta charset=\"utf-8\">",
           f"<title>profkit study {_e(study)}</title><style>{STYLE}</style></head><body>",
           f"<h1>profkit study: {_e(study)}</h1>",
           f"<p>{len(data.programs)} programs &times; {len(data.configs)} configurations. "
           "Profiles are deterministic (virtual time): one run per cell is exact. Columns "
           "after the baseline show the change against it; the summary rows are over the "
           "programs.</p>", "<h2>Metrics</h2>"]
    for m in metrics:
        t = metric_table(data, m, baseline)
        out.append(f"<h3>{_e(m.title)}</h3>{table_html(t)}")
    out.append("<h2>Programs</h2>")
    for p in data.programs:
        out.append(f'<section class="program" id="prog-{_e(p)}"><h3>{_e(p)}</h3>')
        runs = [(c, data.runs[(p, c)]) for c in data.configs if (p, c) in data.runs]
        kinds: list[str] = []
        for _, r in runs:
            kinds += [k for k in heap_profiles(data, r["key"]) if k not in kinds]
        # one row per kind of heap profile, the configurations side by side
        for kind in sorted(kinds, key=lambda k: (k == "hb", k)) or [""]:
            out.append('<div class="row">')
            for c, r in runs:
                samples = heap_samples(data, r["key"], kind) if kind else []
                title = f"{c}: heap profile" + (f" (-{kind})" if kind else "")
                note = r["status"] + (": " + r["error"] if r["error"] else "")
                out.append(f"<figure>{heap_chart(samples, title, r['virtual_time'])}"
                           f"<figcaption>{_e(note)}</figcaption></figure>")
            out.append("</div>")
        configs, rows = function_rows(data, p)
        if rows:
            out.append(alloc_chart(p, configs, rows))
            out.append('<table class="functions"><tr><th>function</th>'
                       + "".join(f"<th>{_e(c)} bytes</th>" for c in configs)
                       + "".join(f"<th>{_e(c)} entries</th>" for c in configs) + "</tr>")
            for f, a, e in rows:
                out.append(f"<tr><td>{_e(f)}</td>" + "".join(f"<td>{_num(v)}</td>" for v in a)
                           + "".join(f"<td>{_num(v)}</td>" for v in e) + "</tr>")
            out.append("</table>")
        out.append("</section>")
    out.append(f"<script>{SCRIPT}</script></body></html>\n")
    return "".join(out)


def write_page(data: StudyData, path: str, metrics: list[Metric],
               baseline: str | None = None) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(render_page(data, metrics, baseline))
