"""``profkit render FILE.hp``: draw a heap profile as SVG and/or PNG, the way hp2ps does.

What is drawn (hp2ps's conventions, users' guide §hp2ps and FINDINGS §6):

* stacked bands over time, straight lines between samples, the x axis from 0 to the last
  sample's time in seconds and the y axis from 0 bytes;
* bands ordered by area (byte-seconds, trapezoid rule): the largest on top, as hp2ps's
  default ordering; the trace elements (the smallest bands that together hold less than
  ``--trace`` percent of the total area, default 1 like ``hp2ps -t1``) and the bands beyond
  ``--bands`` (default 20, like ``hp2ps -m20``; OTHER counts as one of them) are merged into
  one ``OTHER`` band drawn at the bottom. hp2ps drops trace elements instead; merging them
  keeps the top of the stack equal to the heap size, and an OTHER holding nothing is not
  drawn;
* a key on the right, listing the bands top to bottom in stacking order;
* the title ``JOB   N bytes x seconds   DATE`` with N in thousands-separated integer
  byte-seconds (hp2ps: ``2,416,325 bytes x seconds``);
* axes with "nice" ticks (1, 2, 5 x 10^k), bytes labelled with k/M/G (powers of 1000).

It reads GHC's ``.hp`` files as well as profkit's (``hpfile.read_hp``), including a file
still being written (its incomplete last sample is skipped).

Drawing approach. One layout (``Chart``: pixel geometry, band polygons, ticks, key) feeds two
back ends. SVG is written by hand: it is text, exact, scalable and testable with an XML
parser, and it carries tooltips. PNG is rasterised here with numpy (``render_png``): the
stacked area is filled column by column by comparing each pixel's value with the cumulative
band boundaries interpolated at that column (one broadcast comparison, no Python loop per
pixel), text uses a small embedded 5x7 bitmap font, and the PNG container is written with
zlib and struct. No new dependency is needed: Pillow or matplotlib would add tens of MB to
draw rectangles and a few hundred characters, and an SVG rasteriser (cairosvg) would pull in
cairo; the numpy route is ~200 lines and deterministic byte for byte.
"""

from __future__ import annotations

import argparse
import math
import os
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from profkit.errors import UsageError
from profkit.hookspecs import hookimpl
from profkit.plugins.hpfile import HeapProfileData, read_hp


def escape(data: str, entities: dict[str, str] | None = None) -> str:
    """``xml.sax.saxutils.escape``, imported when a picture is drawn (its import pulls in
    ``urllib.request``: a tenth of a small program's start-up)."""
    from xml.sax.saxutils import escape as xml_escape

    return xml_escape(data, entities or {})


OTHER = "OTHER"
#: Band colours, bottom band first after OTHER; distinct hues, none grey.
PALETTE = [
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
    "#9c755f", "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf",
    "#bcbd22", "#aec7e8", "#ffbb78", "#98df8a",
]
OTHER_COLOUR = "#a0a0a0"
# the bitmap font's cell and the key's label length are the PNG module's (its font)
from profkit.plugins.render_png import CHAR_H, CHAR_W, KEY_NAME_CHARS, _key_label  # noqa: E402,F401,E501


@dataclass
class Band:
    name: str
    values: np.ndarray  # bytes at each sample
    area: float  # byte-seconds
    colour: str = ""


@dataclass
class Chart:
    """The drawing, in pixels (origin top left), shared by the SVG and PNG back ends."""

    width: int
    height: int
    plot: tuple[int, int, int, int]  # x0, y0, x1, y1 of the plot area
    times: np.ndarray
    bands: list[Band]  # bottom to top
    cum: np.ndarray  # (len(bands)+1, len(times)) cumulative bytes, row 0 all zero
    tmax: float
    ymax: float
    title: list[str]  # one or two lines
    title_parts: tuple[str, str, str]  # JOB, "N bytes x seconds", DATE
    xticks: list[tuple[float, str]] = field(default_factory=list)
    yticks: list[tuple[float, str]] = field(default_factory=list)
    key: list[tuple[Band, int]] = field(default_factory=list)  # band, y of its key row
    key_x: int = 0
    marks: list[float] = field(default_factory=list)

    def x_of(self, t: np.ndarray | float) -> np.ndarray | float:
        x0, _, x1, _ = self.plot
        return x0 + (np.asarray(t) / self.tmax) * (x1 - x0)

    def y_of(self, v: np.ndarray | float) -> np.ndarray | float:
        _, y0, _, y1 = self.plot
        return y1 - (np.asarray(v) / self.ymax) * (y1 - y0)


# ----------------------------------------------------------------------------- layout


def trapezoid(times: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Area under each row of ``values`` (straight lines between samples), in value x time."""
    if len(times) < 2:
        return np.zeros(values.shape[:-1])
    dt = np.diff(times)
    return ((values[..., 1:] + values[..., :-1]) * 0.5 * dt).sum(axis=-1)


def select_bands(data: HeapProfileData, max_bands: int = 20, trace_percent: float = 1.0
                 ) -> tuple[np.ndarray, list[Band], float]:
    """(times, bands bottom to top, total byte-seconds) after hp2ps's trace/OTHER merging."""
    times = np.array([s.time for s in data.samples], dtype=float)
    names = data.band_names()
    matrix = np.zeros((len(names), len(times)), dtype=float)
    index = {n: i for i, n in enumerate(names)}
    for j, s in enumerate(data.samples):
        for n, v in s.bands.items():
            matrix[index[n], j] = v
    areas = trapezoid(times, matrix)
    total = float(areas.sum())
    order = sorted(range(len(names)), key=lambda i: (-areas[i], names[i]))
    # trace elements: the smallest bands that together hold less than trace_percent of the
    # total area (hp2ps -t's rule)
    budget = trace_percent / 100.0 * total
    n_trace, acc = 0, 0.0
    for i in reversed(order):
        if acc + areas[i] >= budget:
            break
        acc += areas[i]
        n_trace += 1
    keep = order[: len(order) - n_trace]
    merged = order[len(order) - n_trace:]
    max_bands = max(1, max_bands)
    if len(keep) > max_bands or (merged and len(keep) >= max_bands):
        cut = max_bands - 1
        merged = keep[cut:] + merged
        keep = keep[:cut]
    bands = [Band(names[i], matrix[i], float(areas[i])) for i in reversed(keep)]
    for k, b in enumerate(reversed(bands)):  # the largest band gets the first colour
        b.colour = PALETTE[k % len(PALETTE)]
    if merged and matrix[merged].any():
        other = matrix[merged].sum(axis=0)
        bands.insert(0, Band(OTHER, other, float(trapezoid(times, other)), OTHER_COLOUR))
    return times, bands, total


def nice_step(span: float, max_ticks: int) -> float:
    """The smallest 1/2/5 x 10^k step giving at most ``max_ticks`` intervals over ``span``."""
    if span <= 0:
        return 1.0
    raw = span / max(1, max_ticks)
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * mag >= raw * (1 - 1e-9):
            return m * mag
    return 10 * mag


def _fmt_seconds(v: float, step: float) -> str:
    decimals = max(0, -math.floor(math.log10(step) + 1e-9)) if step < 1 else 0
    return f"{v:.{decimals}f}"


def _fmt_bytes(v: float, step: float) -> str:
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if step >= scale / 10 and (v >= scale or v == 0):
            if v == 0:
                return "0"
            q = v / scale
            s = f"{q:.1f}" if abs(q - round(q)) > 1e-9 else f"{round(q)}"
            return s + unit
    return f"{v:.0f}"


def layout(data: HeapProfileData, width: int = 1000, height: int = 600, max_bands: int = 20,
           trace_percent: float = 1.0) -> Chart:
    """Compute the whole drawing of a parsed heap profile."""
    if not data.samples:
        raise UsageError("no complete sample to draw")
    times, bands, total = select_bands(data, max_bands, trace_percent)
    cum = np.zeros((len(bands) + 1, len(times)))
    for k, b in enumerate(bands):
        cum[k + 1] = cum[k] + b.values
    tmax = float(times.max()) if len(times) and times.max() > 0 else 1.0
    peak = float(cum[-1].max()) if len(times) else 0.0
    ystep = nice_step(peak, 10) if peak > 0 else 1.0
    ymax = max(ystep, math.ceil(peak / ystep - 1e-9) * ystep)
    parts = (data.job, f"{int(round(total)):,} bytes x seconds", data.date)
    one_line = f"{parts[0]}   {parts[1]}   {parts[2]}"
    title = [one_line] if len(one_line) * CHAR_W <= width - 20 else [
        parts[0], f"{parts[1]}   {parts[2]}"]
    longest = max((len(_key_label(b.name)) for b in bands), default=0)
    # key: swatch, gap, names, right margin; the plot takes the rest
    key_x = width - 12 - (CHAR_H + 10) - longest * CHAR_W
    x0 = 12 + 7 * CHAR_W
    y0 = 16 + len(title) * (CHAR_H + 6)
    x1 = max(x0 + 100, key_x - 20)
    y1 = height - (2 * CHAR_H + 22)
    chart = Chart(width, height, (x0, y0, x1, y1), times, bands, cum, tmax, ymax, title, parts,
                  marks=list(data.marks))
    xstep = nice_step(tmax, max(2, (x1 - x0) // 90))
    chart.xticks = [(v, _fmt_seconds(v, xstep))
                    for v in np.arange(0.0, tmax * (1 + 1e-9), xstep).tolist()]
    chart.yticks = [(v, _fmt_bytes(v, ystep))
                    for v in np.arange(0.0, ymax * (1 + 1e-9), ystep).tolist()]
    chart.key_x = x1 + 20
    row = CHAR_H + 6
    top = y0 + max(0, ((y1 - y0) - row * len(bands)) // 2)
    chart.key = [(b, top + i * row) for i, b in enumerate(reversed(bands))]
    return chart


# ----------------------------------------------------------------------------- SVG


def render_svg(chart: Chart) -> str:
    """The chart as a standalone SVG document."""
    c = chart
    x0, y0, x1, y1 = c.plot
    fs = CHAR_H  # font size in px; monospace at 10px is ~6px per character
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{c.width}" height="{c.height}" '
        f'viewBox="0 0 {c.width} {c.height}" font-family="monospace" font-size="{fs}">\n',
        f'<rect id="background" x="0" y="0" width="{c.width}" height="{c.height}" '
        'fill="#ffffff"/>\n',
        '<g id="title">\n',
    ]
    for i, line in enumerate(c.title):
        out.append(f'<text x="{c.width / 2:.1f}" y="{14 + i * (CHAR_H + 6) + fs}" '
                   f'text-anchor="middle">{escape(line)}</text>\n')
    out.append("</g>\n<g id=\"bands\">\n")
    xs = c.x_of(c.times)
    for k, b in enumerate(c.bands):
        upper = [f"{x:.2f},{y:.2f}" for x, y in zip(xs, c.y_of(c.cum[k + 1]))]
        lower = [f"{x:.2f},{y:.2f}" for x, y in zip(xs[::-1], c.y_of(c.cum[k][::-1]))]
        peak = int(b.values.max()) if len(b.values) else 0
        out.append(f'<polygon class="band" data-band="{escape(b.name, {chr(34): "&quot;"})}" '
                   f'fill="{b.colour}" stroke="#000000" stroke-width="0.3" '
                   f'points="{" ".join(upper + lower)}"><title>{escape(b.name)}: peak '
                   f'{peak:,} bytes, {int(round(b.area)):,} bytes x seconds</title>'
                   "</polygon>\n")
    out.append('</g>\n<g id="axes" stroke="#000000" fill="none">\n')
    out.append(f'<polyline points="{x0},{y0} {x0},{y1} {x1},{y1}"/>\n')
    for v, _ in c.xticks:
        x = float(c.x_of(v))
        out.append(f'<line x1="{x:.2f}" y1="{y1}" x2="{x:.2f}" y2="{y1 + 4}"/>\n')
    for v, _ in c.yticks:
        y = float(c.y_of(v))
        out.append(f'<line x1="{x0 - 4}" y1="{y:.2f}" x2="{x0}" y2="{y:.2f}"/>\n')
    for t in c.marks:
        x = float(c.x_of(t))
        out.append(f'<line class="mark" x1="{x:.2f}" y1="{y0 - 6}" x2="{x:.2f}" y2="{y0}"/>\n')
    out.append('</g>\n<g id="ticks" fill="#000000">\n')
    for v, label in c.xticks:
        out.append(f'<text class="xtick" x="{float(c.x_of(v)):.2f}" y="{y1 + 6 + fs}" '
                   f'text-anchor="middle">{escape(label)}</text>\n')
    for v, label in c.yticks:
        out.append(f'<text class="ytick" x="{x0 - 6}" y="{float(c.y_of(v)) + fs / 2 - 1:.2f}" '
                   f'text-anchor="end">{escape(label)}</text>\n')
    out.append(f'<text class="xlabel" x="{(x0 + x1) / 2:.1f}" y="{y1 + 12 + 2 * fs}" '
               'text-anchor="middle">seconds</text>\n')
    out.append(f'<text class="ylabel" x="{x0}" y="{y0 - 6}" text-anchor="middle">bytes</text>\n')
    out.append('</g>\n<g id="key">\n')
    for b, y in c.key:
        name = escape(b.name, {'"': "&quot;"})
        out.append(f'<g class="key-entry" data-band="{name}"><rect x="{c.key_x}" y="{y}" '
                   f'width="{CHAR_H + 4}" height="{CHAR_H}" fill="{b.colour}" stroke="#000000" '
                   f'stroke-width="0.5"/><text x="{c.key_x + CHAR_H + 10}" y="{y + fs - 1}">'
                   f"{escape(_key_label(b.name))}</text><title>{escape(b.name)}</title></g>\n")
    out.append("</g>\n</svg>\n")
    return "".join(out)


# ----------------------------------------------------------------------------- command


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line and exit code 2, not argparse's SystemExit
        raise UsageError(f"render: {message}")


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="profkit render", add_help=False,
                description="Draw a .hp heap profile as SVG and/or PNG.")
    p.add_argument("file")
    p.add_argument("-o", "--output", help="output file (or stem with --format both)")
    p.add_argument("--format", choices=("svg", "png", "both"), default=None)
    p.add_argument("--bands", type=int, default=20, help="at most N bands, OTHER included")
    p.add_argument("--trace", type=float, default=1.0,
                   help="merge bands under this percentage of the total area into OTHER")
    p.add_argument("--width", type=int, default=1000)
    p.add_argument("--height", type=int, default=600)
    return p


def output_paths(file: str, output: str | None, fmt: str | None) -> dict[str, str]:
    """Which files to write: ``{"svg": path, "png": path}`` (one or both)."""
    if fmt is None:
        ext = os.path.splitext(output)[1].lower() if output else ""
        fmt = ext[1:] if ext in (".svg", ".png") else "svg"
    formats = ("svg", "png") if fmt == "both" else (fmt,)
    if output and fmt != "both":
        return {fmt: output}
    stem = output if output else os.path.splitext(file)[0]
    stem = os.path.splitext(stem)[0] if stem.lower().endswith((".svg", ".png")) else stem
    return {f: f"{stem}.{f}" for f in formats}


#: largest picture side in pixels (a PNG is drawn in memory)
MAX_SIDE = 20000


def render_main(argv: Sequence[str]) -> int:
    """The body of ``profkit render``; returns the exit status."""
    args = _parser().parse_args(list(argv))
    if not (200 <= args.width <= MAX_SIDE and 150 <= args.height <= MAX_SIDE):
        raise UsageError(f"render: --width must be 200..{MAX_SIDE} and --height "
                         f"150..{MAX_SIDE}")
    if args.output == "":
        raise UsageError("render: -o: empty file name")
    if not 1 <= args.bands <= 1000:
        raise UsageError("render: --bands must be 1..1000")
    if not 0.0 <= args.trace <= 100.0:  # also refuses nan
        raise UsageError("render: --trace must be a percentage, 0..100")
    data = read_hp(args.file)
    if not data.samples:
        raise UsageError(f"{args.file}: not a heap profile (no complete sample)")
    chart = layout(data, args.width, args.height, args.bands, args.trace)
    for fmt, path in output_paths(args.file, args.output, args.format).items():
        if fmt == "svg":
            payload = render_svg(chart).encode("utf-8")
        else:
            from profkit.plugins.render_png import render_png

            payload = render_png(chart)
        try:
            with open(path, "wb") as f:
                f.write(payload)
        except OSError as e:
            raise UsageError(f"{path}: {e.strerror or e}") from None
        print(f"wrote {path}")
    return 0


@hookimpl
def profkit_cli_command(name: str, argv: list[str]) -> int | None:
    if name != "render":
        return None
    return render_main(argv)
