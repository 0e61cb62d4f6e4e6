"""``profkit compare``: nofib-analyse-style tables over a study's store.

One table per metric: a row per program, a column per configuration; the baseline column
in absolute numbers, every other column as the change against it (percent, or a ratio with
``--ratio``), then ``Min``, ``Max`` and ``Geometric Mean`` rows over the programs. Profiles
are deterministic, so one run per cell is exact: no spreads, no significance tests.
``--program P`` lists P's functions on every configuration side by side (the two runtimes
meet at the source-level function name). ``--csv`` prints the same as tidy CSV;
``--html OUT`` writes one self-contained page with charts.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import sqlite3
from dataclasses import dataclass
from typing import Any

from profkit.errors import UsageError

from . import store

USAGE = """\
usage: profkit compare STUDY_DIR|STUDY.toml [--metric M]... [--baseline CONFIG]
                       [--program P] [--all-functions] [--ratio] [--csv] [--html OUT]

metrics: alloc (bytes allocated), maxlive (largest census total, bytes), copied (bytes
copied by the collector), collections, dragvoid (DRAG+VOID share of the -hb heap),
time (virtual seconds), objects (objects allocated), ticks (.prof ticks)
"""


@dataclass(frozen=True)
class Metric:
    name: str
    column: str
    title: str
    integer: bool = True


METRICS = {m.name: m for m in (
    Metric("alloc", "alloc_bytes", "total allocation (bytes)"),
    Metric("maxlive", "max_live_bytes", "maximum live heap at a census (bytes)"),
    Metric("copied", "copied_bytes", "bytes copied by the collector"),
    Metric("collections", "collections", "number of collections"),
    Metric("dragvoid", "drag_void_share", "DRAG+VOID share of the heap over time", False),
    Metric("time", "virtual_time", "virtual run time (seconds)", False),
    Metric("objects", "alloc_objects", "objects allocated"),
    Metric("ticks", "prof_total_ticks", "profiler ticks (.prof)"),
)}
BACKEND_ORDER = {"stg": 0, "mlworks": 1}


# ---------------------------------------------------------------------------- data


@dataclass
class StudyData:
    db: sqlite3.Connection
    programs: list[str]
    configs: list[str]
    runs: dict[tuple[str, str], dict[str, Any]]  # (program, config) -> runs row


def resolve_dir(arg: str) -> str:
    if os.path.isdir(arg):
        return arg
    from .execute import default_study_dir
    from .spec import find_study_file, load_study

    try:
        study = load_study(find_study_file(arg))
    except UsageError:
        raise UsageError(f"{arg}: not a study directory or study file") from None
    d = default_study_dir(study)
    if os.path.isdir(d):
        return d
    raise UsageError(f"{arg}: no results yet in {d}/ (run 'profkit study {arg}' first)")


def load(study_dir: str) -> StudyData:
    path = os.path.join(study_dir, store.STORE_NAME)
    if not os.path.exists(path):
        raise UsageError(f"{study_dir}: no {store.STORE_NAME} (run 'profkit study' first)")
    db = store.connect(study_dir)
    db.row_factory = sqlite3.Row
    rows = [dict(r) for r in db.execute("SELECT * FROM runs")]
    rows.sort(key=lambda r: (BACKEND_ORDER.get(r["backend"], 9), r["arch"], r["scheme"],
                             r["nursery"], r["generations"], r["interval"], r["program"]))
    matrix = os.path.join(study_dir, "matrix.json")
    if os.path.exists(matrix):
        # the study's current cells only (older ones stay in the store), in matrix order
        with open(matrix) as f:
            order = {k: i for i, k in enumerate(json.load(f))}
        rows = sorted((r for r in rows if r["key"] in order), key=lambda r: order[r["key"]])
    configs: list[str] = []
    for r in rows:
        if r["config"] not in configs:
            configs.append(r["config"])
    programs = sorted({r["program"] for r in rows})
    return StudyData(db, programs, configs, {(r["program"], r["config"]): r for r in rows})


def metric_table(data: StudyData, metric: Metric, baseline: str | None = None
                 ) -> dict[str, Any]:
    """Values and ratios: ``{"configs", "baseline", "rows": [(program, [value|None|str]),
    ...], "ratios": {program: [ratio|None]}, "summary": {"Min": [...], ...}}``. A failed cell
    has the value "FAILED"."""
    configs = list(data.configs)
    base = baseline or _first_measured(data, metric, configs)
    if base is not None and base not in configs:
        raise UsageError(f"compare: no configuration {base!r} (have: {', '.join(configs)})")
    rows, ratios = [], {}
    for p in data.programs:
        vals: list[Any] = []
        for c in configs:
            r = data.runs.get((p, c))
            if r is None:
                vals.append(None)
            elif r["status"] != "ok":
                vals.append("FAILED")
            else:
                vals.append(r[metric.column])
        rows.append((p, vals))
        b = vals[configs.index(base)] if base else None
        ratios[p] = [_ratio(v, b) for v in vals]
    summary: dict[str, list[float | None]] = {"Min": [], "Max": [], "Geometric Mean": []}
    for i in range(len(configs)):
        rs = [ratios[p][i] for p in data.programs if ratios[p][i] is not None]
        pos = [x for x in rs if x > 0]
        summary["Min"].append(min(rs) if rs else None)
        summary["Max"].append(max(rs) if rs else None)
        summary["Geometric Mean"].append(
            math.exp(sum(math.log(x) for x in pos) / len(pos)) if pos else None)
    return {"metric": metric, "configs": configs, "baseline": base, "rows": rows,
            "ratios": ratios, "summary": summary}


def _first_measured(data: StudyData, metric: Metric, configs: list[str]) -> str | None:
    """The default baseline: the first configuration with a value of ``metric`` for some
    program (a metric only some schemes measure, such as ``dragvoid`` of ``-hb`` cells,
    would otherwise be compared with an empty column), else the first one."""
    for c in configs:
        for p in data.programs:
            r = data.runs.get((p, c))
            if r is not None and r["status"] == "ok" and \
                    isinstance(r[metric.column], (int, float)):
                return c
    return configs[0] if configs else None


def _ratio(v: Any, b: Any) -> float | None:
    if not isinstance(v, (int, float)) or not isinstance(b, (int, float)):
        return None
    if b == 0:
        return 1.0 if v == 0 else None
    return v / b


def function_rows(data: StudyData, program: str, library: bool = False
                  ) -> tuple[list[str], list[tuple[str, list[Any], list[Any]]]]:
    """(configs, [(function, alloc per config, entries per config)]) for one program, from
    the ``.prof`` rows (the space report's generation-0 bytes when a cell has no .prof)."""
    keys = {c: data.runs[(program, c)]["key"] for c in data.configs
            if (program, c) in data.runs}
    alloc: dict[str, dict[str, int]] = {}
    entries: dict[str, dict[str, int]] = {}
    for c, k in keys.items():
        q = ("SELECT function, SUM(alloc_bytes), SUM(entries) FROM functions "
             "WHERE key = ? AND (library = 0 OR ?) GROUP BY function")
        got = list(data.db.execute(q, (k, int(library))))
        if not got:
            q = ("SELECT function, SUM(bytes), NULL FROM space_functions WHERE key = ? "
                 "AND generation = 0 AND (library = 0 OR ?) GROUP BY function")
            got = list(data.db.execute(q, (k, int(library))))
        for fn, a, e in got:
            alloc.setdefault(fn, {})[c] = a
            entries.setdefault(fn, {})[c] = e
    configs = [c for c in data.configs if c in keys]
    order = sorted(alloc, key=lambda f: (-max((v or 0) for v in alloc[f].values()), f))
    return configs, [(f, [alloc[f].get(c) for c in configs],
                      [entries[f].get(c) for c in configs]) for f in order]


# ---------------------------------------------------------------------------- text


def _fmt_value(v: Any, metric: Metric) -> str:
    if v is None:
        return "-"
    if isinstance(v, str):
        return v
    if metric.integer:
        return str(int(v))
    return f"{v:.4g}"


def _fmt_ratio(r: float | None, as_ratio: bool) -> str:
    if r is None:
        return "-"
    if as_ratio:
        return f"{r:.3f}"
    return f"{(r - 1) * 100:+.1f}%"


def format_table(t: dict[str, Any], as_ratio: bool = False) -> str:
    metric: Metric = t["metric"]
    configs: list[str] = t["configs"]
    bi = configs.index(t["baseline"]) if t["baseline"] in configs else -1
    head = ["Program"] + [c + (" (base)" if i == bi else "") for i, c in enumerate(configs)]
    body: list[list[str]] = []
    for p, vals in t["rows"]:
        row = [p]
        for i, v in enumerate(vals):
            if i == bi or isinstance(v, str) or v is None:
                row.append(_fmt_value(v, metric))
            else:
                row.append(_fmt_ratio(t["ratios"][p][i], as_ratio))
        body.append(row)
    summ = [[name] + ["" if i == bi else _fmt_ratio(r, as_ratio) for i, r in enumerate(rs)]
            for name, rs in t["summary"].items()]
    widths = [max(len(r[i]) for r in [head] + body + summ) for i in range(len(head))]
    rule = "-" * (sum(widths) + 2 * len(widths))
    fmt = lambda r: "  ".join(x.rjust(w) for x, w in zip(r, widths)).rstrip()  # noqa: E731
    out = [rule, f"{metric.title}: {metric.name}", rule, fmt(head), rule]
    out += [fmt(r) for r in body] + [rule] + [fmt(r) for r in summ] + [rule]
    return "\n".join(out) + "\n"


def format_functions(program: str, configs: list[str], rows: list) -> str:
    head = ["function"] + [f"{c} bytes" for c in configs] + [f"{c} entries" for c in configs]
    body = [[f] + [("-" if v is None else str(v)) for v in a]
            + [("-" if v is None else str(v)) for v in e] for f, a, e in rows]
    widths = [max(len(r[i]) for r in [head] + body) for i in range(len(head))]
    fmt = lambda r: "  ".join(  # noqa: E731
        (x.ljust(w) if i == 0 else x.rjust(w)) for i, (x, w) in enumerate(zip(r, widths)))
    rule = "-" * (sum(widths) + 2 * len(widths))
    return "\n".join([f"{program}: allocation and entries per function", rule, fmt(head), rule]
                     + [fmt(r) for r in body] + [rule]) + "\n"


# ---------------------------------------------------------------------------- CSV


def tables_csv(tables: list[dict[str, Any]]) -> str:
    """Tidy rows: metric, program, config, value, ratio (summary rows have no value)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["metric", "program", "config", "value", "baseline", "ratio"])
    for t in tables:
        m = t["metric"].name
        for p, vals in t["rows"]:
            for c, v, r in zip(t["configs"], vals, t["ratios"][p]):
                w.writerow([m, p, c, "" if v is None else v, t["baseline"],
                            "" if r is None else repr(r)])
        for name, rs in t["summary"].items():
            for c, r in zip(t["configs"], rs):
                w.writerow([m, name, c, "", t["baseline"], "" if r is None else repr(r)])
    return buf.getvalue()


def functions_csv(program: str, configs: list[str], rows: list) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["program", "function", "config", "alloc_bytes", "entries"])
    for f, a, e in rows:
        for c, x, y in zip(configs, a, e):
            w.writerow([program, f, c, "" if x is None else x, "" if y is None else y])
    return buf.getvalue()
