"""The worked study of ``profkit demo``: the bundled ``studies/demo.toml`` run into
``OUTDIR/study/``, its allocation table printed and one comparison page written."""

from __future__ import annotations

import os

from .compare import METRICS, format_table, load, metric_table
from .execute import run_study
from .html import write_page
from .spec import load_study

STUDIES_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "studies")


def demo_study(outdir: str, lines: list[str], study_file: str | None = None) -> int:
    """Run the demo study (or ``study_file``); append a summary line to ``lines``; return
    the number of failed cells."""
    study = load_study(study_file or os.path.join(STUDIES_DIR, "demo.toml"))
    sdir = os.path.join(outdir, "study")
    s = run_study(study, sdir)
    data = load(sdir)
    page = os.path.join(sdir, "compare.html")
    names = ("alloc", "maxlive", "copied", "collections", "dragvoid", "time")
    metrics = [METRICS[m] for m in names]
    write_page(data, page, metrics)
    print(format_table(metric_table(data, METRICS["alloc"])), end="")
    data.db.close()
    name = "study " + os.path.basename(study.path)
    line = (f"{name:27} {s['cells']} cells, {s['failed']} failed   "
            f"{os.path.relpath(page, outdir)}  study/results.sqlite")
    print(line, flush=True)
    lines.append(line)
    return s["failed"]
