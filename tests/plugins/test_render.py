"""``profkit render`` (plugins/render.py, render_png.py): SVG checked as XML, PNG decoded and
checked pixel by pixel, on GHC's real .hp files and on synthetic ones."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from profkit.errors import UsageError
from profkit.plugins import render
from profkit.plugins.hpfile import HpWriter, parse_hp, read_hp
from profkit.plugins.render_png import FONT, decode_png, draw_text, render_png
from tests.conftest import REFERENCE as REFDATA

REFERENCE = str(REFDATA / "ghc-9.0.2/out")
HD = f"{REFERENCE}/mean_leak/autoO0/hd/mean_leak.hd.hp"
SVG = "{http://www.w3.org/2000/svg}"


def hp_text(samples: list[tuple[float, dict[str, int]]], job: str = "prog +RTS -hc") -> str:
    buf = io.StringIO()
    w = HpWriter(buf, job, date="Thu Jan  1 00:00 1970")
    for t, bands in samples:
        w.sample(t, list(bands.items()))
    w.close(samples[-1][0] + 1.0 if samples else 1.0)
    return buf.getvalue()


def svg_of(data, **kw) -> ET.Element:
    return ET.fromstring(render.render_svg(render.layout(data, **kw)))


def key_names(root: ET.Element) -> list[str]:
    return [g.get("data-band") for g in root.iter(f"{SVG}g") if g.get("class") == "key-entry"]


def band_names(root: ET.Element) -> list[str]:
    return [p.get("data-band") for p in root.iter(f"{SVG}polygon")]


# ----------------------------------------------------------------------------- SVG


def test_svg_of_ghc_mean_leak_hd():
    root = svg_of(read_hp(HD))
    assert root.tag == f"{SVG}svg" and root.get("width") == "1000"
    # bands bottom to top: OTHER (trace elements), then ascending area; the key top-down
    assert key_names(root) == [":", "<GHC.List.sat_s4op>", "D#", "BLACKHOLE", "OTHER"]
    assert band_names(root) == list(reversed(key_names(root)))
    title = " ".join(t.text for t in root.find(f"{SVG}g[@id='title']"))
    assert title.startswith("mean_leak.autoO0 +RTS -hd -i0.02")
    assert title.endswith("Sun Nov 22 02:38 2026")
    assert " bytes x seconds " in title
    ticks = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "ytick"]
    assert ticks[0] == "0" and ticks[-1] == "70M"
    xt = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "xtick"]
    assert xt[:3] == ["0.00", "0.01", "0.02"]


def test_byte_seconds_in_the_title_use_the_trapezoid_rule_with_commas():
    # 0 -> 2,000,000 bytes over 1 s, held 1 s, -> 0 over 1 s: 1e6 + 2e6 + 1e6 byte-seconds
    data = parse_hp(hp_text([(1.0, {"a": 1_500_000, "b": 500_000}),
                             (2.0, {"a": 1_500_000, "b": 500_000})]))
    chart = render.layout(data)
    assert chart.title_parts[1] == "4,000,000 bytes x seconds"
    assert chart.title == [f'prog +RTS -hc   4,000,000 bytes x seconds   Thu Jan  1 00:00 1970']


def test_long_job_takes_its_own_title_line():
    data = parse_hp(hp_text([(1.0, {"a": 10})], job="x" * 200))
    chart = render.layout(data)
    assert chart.title[0] == "x" * 200 and chart.title[1].startswith("10 bytes x seconds")


def test_at_most_20_bands_with_the_rest_in_other():
    bands = {f"b{i:02d}": 1000 + i for i in range(30)}
    root = svg_of(parse_hp(hp_text([(1.0, bands)])))
    keys = key_names(root)
    assert len(keys) == 20 and keys[-1] == "OTHER"
    assert keys[:19] == [f"b{i:02d}" for i in range(29, 10, -1)]  # largest on top
    assert len(key_names(svg_of(parse_hp(hp_text([(1.0, bands)])), max_bands=40))) == 30


def test_trace_elements_are_merged_into_other():
    data = parse_hp(hp_text([(1.0, {"big": 10_000, "tiny": 50, "small": 30})]))
    assert key_names(svg_of(data)) == ["big", "OTHER"]
    assert key_names(svg_of(data, trace_percent=0)) == ["big", "tiny", "small"]
    # the merged band carries the merged bytes: the stack's top is still the heap size
    chart = render.layout(data)
    assert chart.cum[-1].max() == 10_080


def test_other_holding_nothing_is_not_drawn():
    # GHC's -hb prints DRAG 0 in every sample; hp2ps's key leaves it out
    root = svg_of(read_hp(f"{REFERENCE}/mean_leak/autoO0/hb/mean_leak.hb.hp"))
    assert "DRAG" not in key_names(root)
    data = parse_hp(hp_text([(1.0, {"a": 10, "z": 0})]))
    assert key_names(svg_of(data)) == ["a"]


def test_band_polygons_follow_the_samples():
    data = parse_hp(hp_text([(1.0, {"a": 100, "b": 300})]))
    chart = render.layout(data, width=600, height=400)
    root = ET.fromstring(render.render_svg(chart))
    poly = {p.get("data-band"): p.get("points") for p in root.iter(f"{SVG}polygon")}
    pts = [tuple(map(float, p.split(","))) for p in poly["a"].split()]
    # upper edge of "a" (the smaller, bottom band) at the middle sample is at 100 bytes
    x0, y0, x1, y1 = chart.plot
    assert pts[1] == pytest.approx((float(chart.x_of(1.0)), float(chart.y_of(100))), abs=0.01)
    assert pts[0][1] == pytest.approx(y1)


def test_names_are_escaped_in_svg():
    data = parse_hp(hp_text([(1.0, {"<Main.sat_s1>": 100, 'a&"b': 100})]))
    root = svg_of(data)  # parses, so escaping is right
    assert set(key_names(root)) == {"<Main.sat_s1>", 'a&"b'}


def test_every_ghc_file_renders(tmp_path):
    import glob
    for path in sorted(glob.glob(f"{REFERENCE}/*/*/h*/*.hp")):
        data = read_hp(path)
        if not data.samples:
            continue
        chart = render.layout(data)
        ET.fromstring(render.render_svg(chart))
        assert chart.cum[-1].max() <= chart.ymax


# ----------------------------------------------------------------------------- PNG


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def test_png_signature_size_and_band_colours_in_place():
    data = read_hp(HD)
    chart = render.layout(data, width=800, height=500)
    png = render_png(chart)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[12:16] == b"IHDR"
    img = decode_png(png)
    assert img.shape == (500, 800, 3)
    # at the second sample, each band's colour is in the middle of its slice of the stack
    j = 1
    checked = 0
    x = int(round(float(chart.x_of(chart.times[j]))))
    for k, band in enumerate(chart.bands):
        lo, hi = chart.cum[k][j], chart.cum[k + 1][j]
        if float(chart.y_of(lo)) - float(chart.y_of(hi)) < 6:
            continue  # too thin to hit reliably
        y = int(round(float(chart.y_of((lo + hi) / 2))))
        assert tuple(img[y, x]) == rgb(band.colour), band.name
        checked += 1
    assert checked >= 3
    # above the stack the plot is white; the key swatches carry the band colours
    top = int(float(chart.y_of(chart.cum[-1][j]))) - 5
    assert tuple(img[top, x]) == (255, 255, 255)
    for band, y in chart.key:
        assert tuple(img[y + 5, chart.key_x + 7]) == rgb(band.colour)


def test_png_has_text_pixels_in_title_and_key():
    chart = render.layout(read_hp(HD))
    img = decode_png(render_png(chart))
    title_rows = img[14:14 + 10]
    assert (title_rows == 0).all(axis=2).sum() > 200  # black glyph pixels
    band, y = chart.key[0]
    text = img[y:y + 10, chart.key_x + 20:chart.key_x + 20 + 6 * len(band.name)]
    assert (text == 0).all(axis=2).any()


def test_png_is_deterministic():
    chart = render.layout(read_hp(HD))
    assert render_png(chart) == render_png(render.layout(read_hp(HD)))


def test_font_covers_printable_ascii_and_clips():
    assert all(chr(c) in FONT for c in range(32, 127))
    img = np.full((10, 10, 3), 255, dtype=np.uint8)
    draw_text(img, 7, -3, "WW?\u00e9")  # partly outside, and a character without a glyph
    assert (img == 0).any()


# ----------------------------------------------------------------------------- command


def test_cli_writes_svg_and_png(tmp_path, capsys):
    out = tmp_path / "leak"
    status = render.profkit_cli_command("render", [HD, "-o", str(out), "--format", "both"])
    assert status == 0
    assert (tmp_path / "leak.svg").read_text().startswith("<?xml")
    assert (tmp_path / "leak.png").read_bytes()[:4] == b"\x89PNG"
    assert "wrote" in capsys.readouterr().out
    assert render.profkit_cli_command("read", []) is None


def test_cli_renders_a_file_still_being_written(tmp_path):
    path = tmp_path / "live.hp"
    text = hp_text([(0.5, {"a": 100}), (1.0, {"a": 200})])
    path.write_text(text[: text.rindex("BEGIN_SAMPLE") + 20])  # cut inside the last sample
    assert render.render_main([str(path)]) == 0
    assert ET.parse(tmp_path / "live.svg").getroot().tag == f"{SVG}svg"


def test_output_paths():
    assert render.output_paths("d/x.hp", None, None) == {"svg": "d/x.svg"}
    assert render.output_paths("d/x.hp", "o.png", None) == {"png": "o.png"}
    assert render.output_paths("d/x.hp", None, "both") == {"svg": "d/x.svg", "png": "d/x.png"}
    assert render.output_paths("x.hp", "out.svg", "both") == {"svg": "out.svg", "png": "out.png"}


def test_cli_errors_are_usage_errors(tmp_path):
    with pytest.raises(UsageError, match="no such file|No such file"):
        render.render_main([str(tmp_path / "none.hp")])
    empty = tmp_path / "e.hp"
    empty.write_text("")
    with pytest.raises(UsageError, match="no complete sample"):
        render.render_main([str(empty)])
    with pytest.raises(UsageError, match="render:"):
        render.render_main([HD, "--format", "pdf"])
    with pytest.raises(UsageError, match="render:"):
        render.render_main([])
    for bad in (["--bands", "0"], ["--trace", "nan"], ["--trace", "-1"], ["-o", ""],
                ["--width", "99999999"]):
        with pytest.raises(UsageError, match="render:"):
            render.render_main([HD, *bad])
