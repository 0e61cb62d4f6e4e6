"""The results store: one SQLite file per study (``STUDY_DIR/results.sqlite``), tidy tables.

SQLite because it is in Python's standard library (no new dependency for a feature every
user of ``profkit study`` needs), it is one file that ``sqlite3``, pandas
(``read_sql``), DuckDB (``ATTACH 'results.sqlite' (TYPE sqlite)``), Datasette or any
spreadsheet's ODBC driver open directly, and the writer is a single process (the study
driver), which is SQLite's easy case.

Tables (``key`` = the cell key; every row of a cell is replaced when the cell is loaded again):

* ``runs``: one row per cell: the matrix coordinates, status and error, and the per-run
  figures (virtual time, allocation, collections, bytes copied, max live heap -- none when
  the censuses are restricted, ``-hd<desc>``, ``-hb<bio>``... --, drag+void share, the
  ``.prof`` totals, the MLWorks space report's totals);
* ``functions``: per cost centre of the ``.prof``: entries, ticks, bytes (individual costs
  summed over the stacks it heads), with ``function`` the source-level name shared by both
  runtimes (SML names mapped through the corpus name map) and ``library`` for runtime and
  Basis/Prelude code;
* ``space_functions``: per function of the MLWorks space report and generation: bytes
  allocated (generation 0) or copied into that generation;
* ``census``: per ``.hp`` profile (``hc``, ``hb``...), sample, band: bytes;
* ``collections``: per generation: collections, bytes and objects copied (gcstats scheme);
* ``biography``: per ``-hb`` band: bytes summed over the censuses and the largest sample;
* ``retainer_sets``: per retainer set of an ``-hr`` run (the ``.prof``'s SET listing): its
  id (the ``(n)`` prefix of the census band names), the retaining stacks as listed, and how
  many there are; a ``.prof`` with no time report (``-hr`` without ``-p``) adds nothing to
  ``functions``.
"""

from __future__ import annotations

import json
import os
import sqlite3
from typing import Any

from profkit.errors import UsageError

from . import reports

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    key TEXT PRIMARY KEY, study TEXT, program TEXT, backend TEXT, arch TEXT, scheme TEXT,
    nursery TEXT, generations INTEGER, interval REAL, config TEXT, argv TEXT,
    status TEXT, exit_code INTEGER, error TEXT, output_ok INTEGER,
    virtual_time REAL, alloc_bytes INTEGER, alloc_objects INTEGER, collections INTEGER,
    copied_bytes INTEGER, copied_objects INTEGER, max_live_bytes INTEGER,
    drag_void_share REAL, prof_total_alloc INTEGER, prof_total_ticks INTEGER,
    space_collections INTEGER, space_alloc_bytes INTEGER, space_copied_bytes INTEGER,
    wall_seconds REAL, cpu_seconds REAL, profkit_version TEXT, program_sha TEXT
);
CREATE TABLE IF NOT EXISTS functions (
    key TEXT, program TEXT, backend TEXT, label TEXT, module TEXT, src TEXT, function TEXT,
    library INTEGER, entries INTEGER, ticks INTEGER, alloc_bytes INTEGER
);
CREATE TABLE IF NOT EXISTS space_functions (
    key TEXT, program TEXT, backend TEXT, name TEXT, function TEXT, library INTEGER,
    generation INTEGER, bytes INTEGER
);
CREATE TABLE IF NOT EXISTS census (
    key TEXT, profile TEXT, sample INTEGER, time REAL, band TEXT, bytes INTEGER
);
CREATE TABLE IF NOT EXISTS collections (
    key TEXT, generation INTEGER, collections INTEGER, copied_bytes INTEGER,
    copied_objects INTEGER
);
CREATE TABLE IF NOT EXISTS biography (
    key TEXT, band TEXT, bytes_summed INTEGER, max_bytes INTEGER
);
CREATE TABLE IF NOT EXISTS retainer_sets (
    key TEXT, set_id INTEGER, retainers TEXT, stacks INTEGER
);
CREATE INDEX IF NOT EXISTS functions_key ON functions (key);
CREATE INDEX IF NOT EXISTS space_key ON space_functions (key);
CREATE INDEX IF NOT EXISTS census_key ON census (key, profile);
CREATE INDEX IF NOT EXISTS collections_key ON collections (key);
CREATE INDEX IF NOT EXISTS biography_key ON biography (key);
CREATE INDEX IF NOT EXISTS retainer_sets_key ON retainer_sets (key);
"""
TABLES = ("runs", "functions", "space_functions", "census", "collections", "biography",
          "retainer_sets")
STORE_NAME = "results.sqlite"


def connect(study_dir: str) -> sqlite3.Connection:
    """The study's store, created if missing; a file that is not one (or cannot be opened)
    is a ``UsageError``."""
    path = os.path.join(study_dir, STORE_NAME)
    try:
        db = sqlite3.connect(path)
        db.executescript(SCHEMA)
    except sqlite3.Error as e:
        raise UsageError(f"{path}: not a results store ({e}); delete it to start over") \
            from None
    return db


def stored_keys(db: sqlite3.Connection) -> set[str]:
    return {k for (k,) in db.execute("SELECT key FROM runs")}


def prune(db: sqlite3.Connection, keep: set[str]) -> int:
    """Remove the rows of cells outside ``keep`` (the study's current matrix), so that plain
    SQL sees exactly the current study; their directories stay, and a cell that comes back
    into the matrix is loaded again from its directory without running. Returns the number
    of runs removed."""
    gone = stored_keys(db) - keep
    with db:
        for k in gone:
            for t in TABLES:
                db.execute(f"DELETE FROM {t} WHERE key = ?", (k,))
    return len(gone)


def load_cell(db: sqlite3.Connection, cell_dir: str, study: str,
              name_map: dict[str, str], expected: str | None = None) -> None:
    """(Re)load one finished cell from its directory (``cell.json`` and the reports)."""
    with open(os.path.join(cell_dir, "cell.json")) as f:
        meta = json.load(f)
    cell, res = meta["cell"], meta["result"]
    key, prog, backend = cell["key"], cell["program"], cell["backend"]
    files = {n: os.path.join(cell_dir, n) for n in os.listdir(cell_dir)}

    def text(name: str) -> str | None:
        if name not in files:
            return None
        with open(files[name], encoding="utf-8", errors="replace") as f:
            return f.read()

    run: dict[str, Any] = {
        "key": key, "study": study, "program": prog, "backend": backend, "arch": cell["arch"],
        "scheme": cell["scheme"], "nursery": cell["nursery"],
        "generations": cell["generations"], "interval": cell["interval"],
        "config": cell["config"], "argv": " ".join(cell["argv"]), "status": res["status"],
        "exit_code": res["exit_code"], "error": res["error"],
        "wall_seconds": res["wall_seconds"], "cpu_seconds": res.get("cpu_seconds"),
        "profkit_version": res["version"],
        "program_sha": cell["program_sha"],
    }
    stdout = text("stdout.txt")
    if expected is not None and stdout is not None:
        run["output_ok"] = int(stdout == expected)
    rows: dict[str, list[tuple]] = {t: [] for t in TABLES[1:]}
    errors: list[str] = []
    try:
        _load_reports(run, rows, prog, backend, text, files, name_map,
                      reports.census_restricted(cell["argv"]))
    except Exception as e:  # a malformed report: recorded with the run, the study goes on
        errors.append(f"reading reports: {type(e).__name__}: {e}")
    if errors:
        run["error"] = "; ".join(filter(None, [run["error"], *errors]))
        if run["status"] == "ok":
            run["status"] = "bad-report"
    with db:
        for t in TABLES:
            db.execute(f"DELETE FROM {t} WHERE key = ?", (key,))
        cols = ", ".join(run)
        db.execute(f"INSERT INTO runs ({cols}) VALUES ({', '.join('?' * len(run))})",
                   list(run.values()))
        for t, rs in rows.items():
            if rs:
                n = len(rs[0])
                db.executemany(f"INSERT INTO {t} VALUES ({', '.join('?' * n)})", rs)


def _load_reports(run: dict[str, Any], rows: dict[str, list[tuple]], prog: str, backend: str,
                  text: Any, files: dict[str, str], name_map: dict[str, str],
                  restricted: bool = False) -> None:
    key = run["key"]
    gc = text(f"{prog}.gcstats.json")
    if gc is not None:
        g = reports.parse_gcstats(gc)
        run["virtual_time"] = g["virtual_time"]
        run["alloc_bytes"] = g["alloc_bytes"]
        run["alloc_objects"] = g["alloc_objects"]
        run["collections"] = sum(x["collections"] for x in g["generations"])
        run["copied_bytes"] = sum(x["copied_bytes"] for x in g["generations"])
        run["copied_objects"] = sum(x["copied_objects"] for x in g["generations"])
        rows["collections"] = [(key, x["generation"], x["collections"], x["copied_bytes"],
                                x["copied_objects"]) for x in g["generations"]]
    prof = text(f"{prog}.prof")
    for sets in (prof, text(f"{prog}.retainers")):
        if sets is not None:
            rows["retainer_sets"] += [(key, *r) for r in reports.retainer_set_rows(sets)]
    p = reports.read_prof_text(prof) if prof is not None else None
    if p is not None:
        run["prof_total_alloc"] = p.total_alloc
        run["prof_total_ticks"] = p.total_ticks
        for r in reports.prof_function_rows(p):
            fn, lib = reports.source_function(backend, r["label"], r["module"], prog, name_map)
            rows["functions"].append((key, prog, backend, r["label"], r["module"], r["src"], fn,
                                      int(lib), r["entries"], r["ticks"], r["alloc_bytes"]))
    space = text(f"{prog}.space")
    if space is not None:
        s = reports.parse_space_report(space, f"{prog}.space")
        run["space_collections"] = s.collections
        run["space_alloc_bytes"] = s.total_alloc
        run["space_copied_bytes"] = s.total_copied
        for name, alloc, _copied, copies in s.functions:
            fn, lib = reports.source_function(backend, name, "", prog, name_map)
            for gen, b in enumerate([alloc, *copies]):
                if b:
                    rows["space_functions"].append((key, prog, backend, name, fn, int(lib),
                                                    gen, b))
    main_hp = None
    for fname in sorted(files):
        if not (fname.startswith(prog + ".") and fname.endswith(".hp")):
            continue
        data = reports.parse_hp_text(text(fname), fname)
        profile = reports.hp_profile_name(fname, prog, data.job)
        rows["census"] += [(key, profile, *r) for r in reports.census_rows(data)]
        if profile == "hb":
            run["drag_void_share"] = reports.drag_void_share(data)
            rows["biography"] = [(key, band, tot, mx) for band, (tot, mx)
                                 in reports.biography_totals(data).items()]
        if main_hp is None or profile != "hb":
            main_hp = data
    if main_hp is not None and not restricted:
        run["max_live_bytes"] = reports.max_live(main_hp)
