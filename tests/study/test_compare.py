"""``profkit compare``: tables, CSV, the per-program view and the HTML page in Chromium."""

from __future__ import annotations

import csv
import io
import math
import re
import sqlite3
import subprocess

from profkit.cli import main

from .conftest import chromium


def test_table_has_programs_configs_and_summary_rows(tiny_study, capsys):
    _, out, _ = tiny_study
    assert main(["compare", str(out), "--metric", "alloc"]) == 0
    text = capsys.readouterr().out
    assert "stg (base)" in text and "mlworks/x86" in text
    for row in ("leak", "nfib", "Min", "Max", "Geometric Mean"):
        assert re.search(rf"^\s*{row}\s", text, re.M), row
    # the baseline column holds absolute numbers, straight from the store
    db = sqlite3.connect(out / "results.sqlite")
    leak = db.execute("SELECT alloc_bytes FROM runs WHERE program='leak' AND backend='stg'"
                      ).fetchone()[0]
    assert re.search(rf"^\s*leak\s+{leak}\s+[-+]\d+\.\d%$", text, re.M)


def test_all_metrics_print(tiny_study, capsys):
    _, out, _ = tiny_study
    assert main(["compare", str(out), "--baseline", "mlworks/x86", "--ratio"]) == 0
    text = capsys.readouterr().out
    for m in ("alloc", "maxlive", "copied", "collections", "dragvoid", "time"):
        assert f": {m}\n" in text
    assert "mlworks/x86 (base)" in text


def test_csv_equals_store_and_geometric_mean(tiny_study, capsys):
    _, out, _ = tiny_study
    assert main(["compare", str(out), "--metric", "copied,alloc", "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    db = sqlite3.connect(out / "results.sqlite")
    store = {(p, c): (a, cp) for p, c, a, cp in db.execute(
        "SELECT program, config, alloc_bytes, copied_bytes FROM runs")}
    vals = {(r["metric"], r["program"], r["config"]): r for r in rows}
    for (p, c), (a, cp) in store.items():
        assert int(vals[("alloc", p, c)]["value"]) == a
        assert int(vals[("copied", p, c)]["value"]) == cp
    ratios = [a / store[(p, "stg")][0] for (p, c), (a, _) in store.items() if c == "mlworks/x86"]
    gm = float(vals[("alloc", "Geometric Mean", "mlworks/x86")]["ratio"])
    assert math.isclose(gm, math.exp(sum(map(math.log, ratios)) / len(ratios)))


def test_function_view_side_by_side(tiny_study, capsys):
    _, out, _ = tiny_study
    assert main(["compare", str(out), "--program", "leak"]) == 0
    text = capsys.readouterr().out
    churn = next(ln for ln in text.splitlines() if ln.startswith("churn "))
    assert len(re.findall(r"\d+", churn)) == 4  # bytes and entries on both runtimes
    assert main(["compare", str(out), "--program", "leak", "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert {r["config"] for r in rows if r["function"] == "build"} == {"stg", "mlworks/x86"}


def test_html_page_renders_in_chromium(tiny_study, tmp_path):
    _, out, _ = tiny_study
    page = tmp_path / "study.html"
    assert main(["compare", str(out), "--html", str(page)]) == 0
    text = page.read_text()
    assert "http://" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in text
    proc = subprocess.run(
        [chromium(), "--headless", "--no-sandbox", "--disable-gpu",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--no-first-run", f"--user-data-dir={tmp_path / 'chromium'}", "--dump-dom",
         page.as_uri()], capture_output=True, text=True, timeout=120)
    dom = proc.stdout
    assert "<svg" in dom, proc.stderr[-2000:]
    # the inline script ran and counted the charts: per program and runtime an -hc and an
    # -hb profile, and per program an allocation chart
    m = re.search(r'<body[^>]*data-charts="(\d+)"', dom)
    assert m and int(m.group(1)) == 10, dom[:500]
    heap = re.findall(r'<svg class="chart heap-profile"[^>]*data-samples="(\d+)"', dom)
    # (nfib on the STG machine ends before the first census: its charts say so)
    assert len(heap) == 8 and sum(int(n) > 0 for n in heap) >= 6
    assert len(re.findall(r"heap profile \(-hb\)", dom)) == 4
    assert dom.count('class="chart alloc-bars"') == 2
    assert dom.count("<polygon") >= 4
    assert re.search(r'<table class="metric" data-metric="alloc"', dom)


def test_a_metric_only_some_schemes_measure_is_compared_with_the_first_that_does():
    # dragvoid comes from -hb cells only: with a -p cell first in the study, the default
    # baseline was that cell's empty column and every ratio printed "-"; the baseline is
    # now the first configuration with a value (an explicit --baseline is kept)
    from profkit.study.compare import METRICS, StudyData, metric_table

    def row(share):
        return {"status": "ok", "drag_void_share": share, "alloc_bytes": 100}

    data = StudyData(None, ["a", "b"], ["prof", "bio", "bio2"],
                     {("a", "prof"): row(None), ("a", "bio"): row(0.25),
                      ("a", "bio2"): row(0.5), ("b", "prof"): row(None),
                      ("b", "bio"): row(0.2), ("b", "bio2"): row(0.1)})
    t = metric_table(data, METRICS["dragvoid"])
    assert t["baseline"] == "bio"
    assert t["ratios"]["a"] == [None, 1.0, 2.0] and t["ratios"]["b"] == [None, 1.0, 0.5]
    assert metric_table(data, METRICS["alloc"])["baseline"] == "prof"
    assert metric_table(data, METRICS["dragvoid"], "bio2")["baseline"] == "bio2"
