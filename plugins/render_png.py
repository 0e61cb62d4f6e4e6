"""PNG back end of ``profkit render``: rasterise a ``render.Chart`` with numpy.

The stacked area is filled for all pixels at once: the cumulative band boundaries are
interpolated at every pixel column (``np.interp``, straight lines between samples as in the
SVG), each pixel's value is compared with them in one broadcast, and the count of boundaries
below it is the band index. Text is drawn with the 5x7 bitmap font below (8 rows, the last
for descenders; cell 6x10 pixels, ``render.CHAR_W``/``CHAR_H``), designed for this module.
The PNG is 8-bit RGB, no interlace, written with zlib and struct; the output depends only on
the chart, so identical profiles give identical files.
"""

from __future__ import annotations

import struct
import zlib

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # render.py imports this module (the font): the type only, no cycle
    from profkit.plugins.render import Chart

CHAR_W, CHAR_H = 6, 10  # the bitmap font's cell; render.py's SVG text uses a matching size
KEY_NAME_CHARS = 48  # longer band names are shortened in the key (full name in SVG tooltips)


def _key_label(name: str) -> str:
    return name if len(name) <= KEY_NAME_CHARS else name[: KEY_NAME_CHARS - 3] + "..."

# One glyph per line: 8 rows of 5 pixels, '#' on, '.' off.
_GLYPHS = {
    " ": "..... ..... ..... ..... ..... ..... ..... .....",
    "!": "..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#.. .....",
    '"': ".#.#. .#.#. ..... ..... ..... ..... ..... .....",
    "#": ".#.#. .#.#. ##### .#.#. ##### .#.#. .#.#. .....",
    "$": "..#.. .#### #.#.. .###. ..#.# ####. ..#.. .....",
    "%": "##... ##..# ...#. ..#.. .#... #..## ...## .....",
    "&": ".##.. #..#. #.#.. .#... #.#.# #..#. .##.# .....",
    "'": "..#.. ..#.. ..... ..... ..... ..... ..... .....",
    "(": "...#. ..#.. .#... .#... .#... ..#.. ...#. .....",
    ")": ".#... ..#.. ...#. ...#. ...#. ..#.. .#... .....",
    "*": "..... ..#.. #.#.# .###. #.#.# ..#.. ..... .....",
    "+": "..... ..#.. ..#.. ##### ..#.. ..#.. ..... .....",
    ",": "..... ..... ..... ..... ..... ..#.. ..#.. .#...",
    "-": "..... ..... ..... ##### ..... ..... ..... .....",
    ".": "..... ..... ..... ..... ..... ..... ..#.. .....",
    "/": "..... ....# ...#. ..#.. .#... #.... ..... .....",
    "0": ".###. #...# #..## #.#.# ##..# #...# .###. .....",
    "1": "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###. .....",
    "2": ".###. #...# ....# ...#. ..#.. .#... ##### .....",
    "3": "##### ...#. ..#.. ...#. ....# #...# .###. .....",
    "4": "...#. ..##. .#.#. #..#. ##### ...#. ...#. .....",
    "5": "##### #.... ####. ....# ....# #...# .###. .....",
    "6": "..##. .#... #.... ####. #...# #...# .###. .....",
    "7": "##### ....# ...#. ..#.. .#... .#... .#... .....",
    "8": ".###. #...# #...# .###. #...# #...# .###. .....",
    "9": ".###. #...# #...# .#### ....# ...#. .##.. .....",
    ":": "..... ..... ..#.. ..... ..... ..#.. ..... .....",
    ";": "..... ..... ..#.. ..... ..... ..#.. ..#.. .#...",
    "<": "...#. ..#.. .#... #.... .#... ..#.. ...#. .....",
    "=": "..... ..... ##### ..... ##### ..... ..... .....",
    ">": ".#... ..#.. ...#. ....# ...#. ..#.. .#... .....",
    "?": ".###. #...# ....# ...#. ..#.. ..... ..#.. .....",
    "@": ".###. #...# #.### #.#.# #.### #.... .###. .....",
    "A": ".###. #...# #...# ##### #...# #...# #...# .....",
    "B": "####. #...# #...# ####. #...# #...# ####. .....",
    "C": ".###. #...# #.... #.... #.... #...# .###. .....",
    "D": "###.. #..#. #...# #...# #...# #..#. ###.. .....",
    "E": "##### #.... #.... ####. #.... #.... ##### .....",
    "F": "##### #.... #.... ####. #.... #.... #.... .....",
    "G": ".###. #...# #.... #.### #...# #...# .#### .....",
    "H": "#...# #...# #...# ##### #...# #...# #...# .....",
    "I": ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###. .....",
    "J": "..### ...#. ...#. ...#. ...#. #..#. .##.. .....",
    "K": "#...# #..#. #.#.. ##... #.#.. #..#. #...# .....",
    "L": "#.... #.... #.... #.... #.... #.... ##### .....",
    "M": "#...# ##.## #.#.# #.#.# #...# #...# #...# .....",
    "N": "#...# #...# ##..# #.#.# #..## #...# #...# .....",
    "O": ".###. #...# #...# #...# #...# #...# .###. .....",
    "P": "####. #...# #...# ####. #.... #.... #.... .....",
    "Q": ".###. #...# #...# #...# #.#.# #..#. .##.# .....",
    "R": "####. #...# #...# ####. #.#.. #..#. #...# .....",
    "S": ".#### #.... #.... .###. ....# ....# ####. .....",
    "T": "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#.. .....",
    "U": "#...# #...# #...# #...# #...# #...# .###. .....",
    "V": "#...# #...# #...# #...# #...# .#.#. ..#.. .....",
    "W": "#...# #...# #...# #.#.# #.#.# #.#.# .#.#. .....",
    "X": "#...# #...# .#.#. ..#.. .#.#. #...# #...# .....",
    "Y": "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#.. .....",
    "Z": "##### ....# ...#. ..#.. .#... #.... ##### .....",
    "[": ".###. .#... .#... .#... .#... .#... .###. .....",
    "\\": "..... #.... .#... ..#.. ...#. ....# ..... .....",
    "]": ".###. ...#. ...#. ...#. ...#. ...#. .###. .....",
    "^": "..#.. .#.#. #...# ..... ..... ..... ..... .....",
    "_": "..... ..... ..... ..... ..... ..... ..... #####",
    "`": ".#... ..#.. ..... ..... ..... ..... ..... .....",
    "a": "..... ..... .###. ....# .#### #...# .#### .....",
    "b": "#.... #.... #.##. ##..# #...# #...# ####. .....",
    "c": "..... ..... .###. #.... #.... #...# .###. .....",
    "d": "....# ....# .##.# #..## #...# #...# .#### .....",
    "e": "..... ..... .###. #...# ##### #.... .###. .....",
    "f": "..##. .#..# .#... ###.. .#... .#... .#... .....",
    "g": "..... ..... .#### #...# #...# .#### ....# .###.",
    "h": "#.... #.... #.##. ##..# #...# #...# #...# .....",
    "i": "..#.. ..... .##.. ..#.. ..#.. ..#.. .###. .....",
    "j": "...#. ..... ..##. ...#. ...#. ...#. #..#. .##..",
    "k": "#.... #.... #..#. #.#.. ##... #.#.. #..#. .....",
    "l": ".##.. ..#.. ..#.. ..#.. ..#.. ..#.. .###. .....",
    "m": "..... ..... ##.#. #.#.# #.#.# #...# #...# .....",
    "n": "..... ..... #.##. ##..# #...# #...# #...# .....",
    "o": "..... ..... .###. #...# #...# #...# .###. .....",
    "p": "..... ..... ####. #...# #...# ####. #.... #....",
    "q": "..... ..... .#### #...# #...# .#### ....# ....#",
    "r": "..... ..... #.##. ##..# #.... #.... #.... .....",
    "s": "..... ..... .#### #.... .###. ....# ####. .....",
    "t": ".#... .#... ###.. .#... .#... .#..# ..##. .....",
    "u": "..... ..... #...# #...# #...# #..## .##.# .....",
    "v": "..... ..... #...# #...# #...# .#.#. ..#.. .....",
    "w": "..... ..... #...# #...# #.#.# #.#.# .#.#. .....",
    "x": "..... ..... #...# .#.#. ..#.. .#.#. #...# .....",
    "y": "..... ..... #...# #...# #...# .#### ....# .###.",
    "z": "..... ..... ##### ...#. ..#.. .#... ##### .....",
    "{": "...## ..#.. ..#.. .#... ..#.. ..#.. ...## .....",
    "|": "..#.. ..#.. ..#.. ..#.. ..#.. ..#.. ..#.. .....",
    "}": "##... ..#.. ..#.. ...#. ..#.. ..#.. ##... .....",
    "~": "..... ..... .#... #.#.# ...#. ..... ..... .....",
}
# A box for characters outside the font.
_MISSING = "##### #...# #...# #...# #...# #...# ##### ....."


def _bitmap(spec: str) -> np.ndarray:
    return np.array([[ch == "#" for ch in row] for row in spec.split()], dtype=bool)


FONT = {ch: _bitmap(spec) for ch, spec in _GLYPHS.items()}
_MISSING_BITMAP = _bitmap(_MISSING)


def _rgb(colour: str) -> np.ndarray:
    return np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)], dtype=np.uint8)


BLACK = np.array([0, 0, 0], dtype=np.uint8)


def draw_text(img: np.ndarray, x: int, y: int, text: str, colour: np.ndarray = BLACK,
              anchor: str = "start") -> None:
    """Draw ``text`` with its cell's top left corner at (x, y) (``anchor`` "middle"/"end"
    moves it left like SVG's text-anchor). Pixels outside the image are clipped."""
    width = len(text) * CHAR_W
    if anchor == "middle":
        x -= width // 2
    elif anchor == "end":
        x -= width
    h, w = img.shape[:2]
    for i, ch in enumerate(text):
        glyph = FONT.get(ch, _MISSING_BITMAP)
        gx, gy = x + i * CHAR_W, y + 1
        ys, xs = np.nonzero(glyph)
        ys, xs = ys + gy, xs + gx
        ok = (ys >= 0) & (ys < h) & (xs >= 0) & (xs < w)
        img[ys[ok], xs[ok]] = colour


def fill_rect(img: np.ndarray, x0: int, y0: int, x1: int, y1: int, colour: np.ndarray) -> None:
    h, w = img.shape[:2]
    img[max(0, y0):min(h, y1), max(0, x0):min(w, x1)] = colour


def rasterise_bands(chart: Chart) -> tuple[np.ndarray, np.ndarray]:
    """(band index per plot pixel, shape (H, W); len(bands) = background) for the plot area."""
    x0, y0, x1, y1 = chart.plot
    cols = np.arange(x0, x1) + 0.5
    rows = np.arange(y0, y1) + 0.5
    t = (cols - x0) / (x1 - x0) * chart.tmax
    # cumulative boundaries at each column; outside the sampled range there is no heap
    inside = (t >= chart.times.min()) & (t <= chart.times.max())
    bounds = np.stack([np.interp(t, chart.times, c) for c in chart.cum[1:]]) if len(
        chart.bands) else np.zeros((0, len(cols)))
    bounds[:, ~inside] = 0.0
    values = (y1 - rows) / (y1 - y0) * chart.ymax  # value at each pixel row's centre
    idx = (values[None, :, None] >= bounds[:, None, :]).sum(axis=0)
    colours = np.array([_rgb(b.colour) for b in chart.bands] + [[255, 255, 255]],
                       dtype=np.uint8)
    return idx, colours


def render_png(chart: Chart) -> bytes:
    """The chart as PNG bytes."""
    c = chart
    img = np.full((c.height, c.width, 3), 255, dtype=np.uint8)
    x0, y0, x1, y1 = c.plot
    idx, colours = rasterise_bands(c)
    img[y0:y1, x0:x1] = colours[idx]
    for i, line in enumerate(c.title):
        draw_text(img, c.width // 2, 14 + i * (CHAR_H + 6), line, anchor="middle")
    # axes and ticks
    fill_rect(img, x0 - 1, y0, x0, y1 + 1, BLACK)
    fill_rect(img, x0 - 1, y1, x1, y1 + 1, BLACK)
    for v, label in c.xticks:
        x = int(round(float(c.x_of(v))))
        fill_rect(img, x, y1, x + 1, y1 + 5, BLACK)
        draw_text(img, x, y1 + 6, label, anchor="middle")
    for v, label in c.yticks:
        y = int(round(float(c.y_of(v))))
        fill_rect(img, x0 - 5, y, x0, y + 1, BLACK)
        draw_text(img, x0 - 6, y - CHAR_H // 2, label, anchor="end")
    for t in c.marks:
        x = int(round(float(c.x_of(t))))
        fill_rect(img, x, y0 - 6, x + 1, y0, BLACK)
    draw_text(img, (x0 + x1) // 2, y1 + 12 + CHAR_H, "seconds", anchor="middle")
    draw_text(img, x0, y0 - 6 - CHAR_H, "bytes", anchor="middle")
    # key
    for b, y in c.key:
        fill_rect(img, c.key_x, y, c.key_x + CHAR_H + 4, y + CHAR_H, BLACK)
        fill_rect(img, c.key_x + 1, y + 1, c.key_x + CHAR_H + 3, y + CHAR_H - 1, _rgb(b.colour))
        draw_text(img, c.key_x + CHAR_H + 10, y, _key_label(b.name))
    return encode_png(img)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(
        ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def encode_png(img: np.ndarray) -> bytes:
    """An (H, W, 3) uint8 array as an 8-bit RGB PNG (filter 0 on every row)."""
    h, w = img.shape[:2]
    raw = np.zeros((h, 1 + w * 3), dtype=np.uint8)
    raw[:, 1:] = img.reshape(h, w * 3)
    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(raw.tobytes(), 9)) + _chunk(b"IEND", b""))


def decode_png(data: bytes) -> np.ndarray:
    """Read back a PNG written by ``encode_png`` (8-bit RGB, filter 0 rows); for tests."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, w, h = 8, b"", 0, 0
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        if zlib.crc32(kind + body) & 0xFFFFFFFF != struct.unpack(">I", data[pos + 8 + n:
                                                                             pos + 12 + n])[0]:
            raise ValueError(f"bad CRC in {kind!r} chunk")
        if kind == b"IHDR":
            w, h = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = np.frombuffer(zlib.decompress(idat), dtype=np.uint8).reshape(h, 1 + w * 3)
    if raw[:, 0].any():
        raise ValueError("only filter type 0 is supported")
    return raw[:, 1:].reshape(h, w, 3)
