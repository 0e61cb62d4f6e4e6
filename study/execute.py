"""``profkit study FILE``: run the cells that are not done yet, locally or on Dask, and load
each finished cell into the store.

Layout of a study directory::

    STUDY_DIR/study.toml            the study file, copied (compare reads it back)
    STUDY_DIR/results.sqlite        the store (the cells of the current matrix)
    STUDY_DIR/matrix.json           the keys of the study's current cells
    STUDY_DIR/cells/PROG-KEY/       one directory per cell: cell.json (what ran, status,
                                    error, wall time), stdout.txt, stderr.txt, the reports

A cell directory appears atomically (written aside, then renamed) once its cell is over, so
a study killed half-way resumes with exactly the missing cells. Failed and timed-out cells
count as done (their error is recorded) unless ``--retry-failed``.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from typing import Any, Callable, TextIO

from profkit.errors import UsageError

from . import cells as cellmod
from . import store
from .spec import Cell, Study, load_study

USAGE = """\
usage: profkit study FILE.toml [--outdir DIR] [-j N] [--timeout SECS]
                     [--scheduler tcp://HOST:PORT [--connect-timeout SECS]]
                     [--retry-failed] [--list] [--quiet]

Runs every cell of the study's matrix that is not done yet (cells are keyed by program
text, options and profkit version), each in its own `profkit run` process, N at a time
(default: the study's `jobs`, else the number of cores), or on a Dask cluster with
--scheduler. Results go to DIR (default: NAME-study next to the current directory):
DIR/results.sqlite and DIR/cells/. Then see `profkit compare DIR`.
"""


MATRIX_NAME = "matrix.json"


def default_study_dir(study: Study) -> str:
    return f"{study.name}-study"


def study_main(argv: list[str]) -> int:
    opts = _parse(argv)
    study = load_study(opts["file"])
    outdir = opts.get("outdir") or default_study_dir(study)
    if opts.get("list"):
        for c in study.cells():
            print(f"{c.key}  {c.program:10} {c.config:24} {' '.join(c.argv)}")
        return 0
    summary = run_study(study, outdir, jobs=opts.get("jobs"), timeout=opts.get("timeout"),
                        scheduler=opts.get("scheduler"), retry_failed=opts.get("retry", False),
                        connect_timeout=opts.get("connect-timeout", 30.0),
                        progress=sys.stderr if not opts.get("quiet") else None)
    print(f"{summary['cells']} cells: {summary['ran']} run ({summary['failed']} failed), "
          f"{summary['skipped']} already done; wall {summary['wall']:.1f} s")
    for key, err in summary["errors"]:
        print(f"  failed {key}: {err}")
    for key in summary["wrong_output"]:
        print(f"  warning: {key} printed something else than its .stdout file")
    for key in summary["other_source"]:
        print(f"  warning: {key} ran on a worker whose profkit source differs")
    print(f"store: {os.path.join(outdir, store.STORE_NAME)}   "
          f"tables: profkit compare {outdir} --metric alloc")
    return 1 if summary["failed"] else 0


def _parse(argv: list[str]) -> dict[str, Any]:
    opts: dict[str, Any] = {}
    it = iter(argv)
    for a in it:
        if a in ("-h", "--help"):
            sys.stdout.write(USAGE)
            raise SystemExit(0)
        if a in ("--outdir", "-o", "-j", "--jobs", "--timeout", "--scheduler",
                 "--connect-timeout"):
            v = next(it, None)
            if v is None:
                raise UsageError(f"study: {a} needs a value")
            if a in ("-j", "--jobs", "--timeout", "--connect-timeout"):
                try:
                    num = float(v)
                except ValueError:
                    raise UsageError(f"study: {a} needs a number, not {v!r}") from None
                if not (num > 0 and math.isfinite(num)):  # nan and inf too
                    raise UsageError(f"study: {a} must be a positive finite number, not {v!r}")
                if a in ("-j", "--jobs") and (num != int(num) or num > 4096):
                    raise UsageError(f"study: {a} must be a whole number of jobs (1..4096), "
                                     f"not {v!r}")
                name = {"-j": "jobs", "--jobs": "jobs"}.get(a, a[2:])
                opts[name] = int(num) if name == "jobs" else num
            else:
                if not v:
                    raise UsageError(f"study: {a}: empty value")
                if a == "--scheduler" and not re.fullmatch(r"[a-z][a-z0-9+]*://[^\s/]+:\d+/?", v):
                    raise UsageError(f"study: --scheduler {v!r}: expected an address such as "
                                     "tcp://HOST:PORT")
                opts["outdir" if a in ("--outdir", "-o") else "scheduler"] = v
        elif a == "--retry-failed":
            opts["retry"] = True
        elif a == "--list":
            opts["list"] = True
        elif a in ("-q", "--quiet"):
            opts["quiet"] = True
        elif a.startswith("-"):
            raise UsageError(f"study: unknown option {a} (try 'profkit study --help')")
        elif "file" in opts:
            raise UsageError("study: one study file at a time")
        else:
            opts["file"] = a
    if "file" not in opts:
        raise UsageError("study: no study file given (usage: profkit study FILE.toml)")
    return opts


# ---------------------------------------------------------------------------- running


class Progress:
    """A one-line progress bar on a terminal; one line per finished cell otherwise."""

    def __init__(self, out: TextIO | None, total: int) -> None:
        self.out, self.total, self.done, self.failed = out, total, 0, 0
        self.tty = bool(out and hasattr(out, "isatty") and out.isatty())
        self.start = time.perf_counter()

    def step(self, label: str, status: str) -> None:
        self.done += 1
        self.failed += status != "ok"
        if not self.out:
            return
        width = 30
        fill = width * self.done // max(self.total, 1)
        el = time.perf_counter() - self.start
        eta = el / self.done * (self.total - self.done)
        bar = f"[{'#' * fill}{'.' * (width - fill)}] {self.done}/{self.total}"
        tail = f"failed {self.failed}  {el:5.0f}s elapsed, ~{eta:4.0f}s left"
        if self.tty:
            self.out.write(f"\r{bar}  {tail}  {label[:30]:30}")
            if self.done == self.total:
                self.out.write("\n")
        else:
            self.out.write(f"{bar} {status:7} {label}\n")
        self.out.flush()


def cell_dir(outdir: str, cell: Cell) -> str:
    return os.path.join(outdir, "cells", f"{cell.program}-{cell.key}")


def _done(outdir: str, cell: Cell, retry_failed: bool) -> bool:
    path = os.path.join(cell_dir(outdir, cell), "cell.json")
    if not os.path.exists(path):
        return False
    if not retry_failed:
        return True
    with open(path) as f:
        return json.load(f)["result"]["status"] == "ok"


def save_cell(outdir: str, cell: Cell, res: dict[str, Any]) -> str:
    """Write a finished cell's directory atomically; returns its path."""
    final = cell_dir(outdir, cell)
    tmp = final + ".partial"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    for name, body in res["files"].items():
        if body is not None and name not in ("cell.json", "stdout.txt", "stderr.txt"):
            with open(os.path.join(tmp, name), "w", encoding="utf-8") as f:
                f.write(body)
    for name in ("stdout", "stderr"):
        with open(os.path.join(tmp, f"{name}.txt"), "w", encoding="utf-8") as f:
            f.write(res[name])
    meta = {"cell": cell.to_dict(),
            "result": {k: v for k, v in res.items() if k not in ("files", "stdout", "stderr")}}
    meta["result"]["too_large"] = sorted(n for n, b in res["files"].items() if b is None)
    with open(os.path.join(tmp, "cell.json"), "w") as f:
        json.dump(meta, f, indent=1)
    shutil.rmtree(final, ignore_errors=True)
    os.replace(tmp, final)
    return final


def _expected(study: Study, program: str) -> str | None:
    path = study.expected.get(program)
    if not path:
        return None
    with open(path, encoding="utf-8") as f:
        return f.read()


def run_study(study: Study, outdir: str, *, jobs: int | None = None,
              timeout: float | None = None, scheduler: str | None = None,
              retry_failed: bool = False, progress: TextIO | None = None,
              connect_timeout: float = 30.0) -> dict[str, Any]:
    """Run the missing cells of ``study`` into ``outdir``; returns a summary dict
    (``cells``, ``ran``, ``failed``, ``skipped``, ``wall``, ``errors``, ``cell_seconds``,
    ``store_seconds``)."""
    start = time.perf_counter()
    try:
        os.makedirs(os.path.join(outdir, "cells"), exist_ok=True)
    except OSError as e:
        raise UsageError(f"study: --outdir {outdir}: {e.strerror or e}") from None
    shutil.copyfile(study.path, os.path.join(outdir, "study.toml"))
    all_cells = study.cells()
    # the current matrix: compare shows these cells only (older ones stay in the store)
    with open(os.path.join(outdir, MATRIX_NAME), "w") as f:
        json.dump([c.key for c in all_cells], f)
    db = store.connect(outdir)
    store.prune(db, {c.key for c in all_cells})
    have = store.stored_keys(db)
    todo: list[Cell] = []
    skipped = 0
    for c in all_cells:
        if _done(outdir, c, retry_failed):
            skipped += 1
            if c.key not in have:  # killed between writing the cell and loading it
                store.load_cell(db, cell_dir(outdir, c), study.name,
                                study.name_map.get(c.program, {}), _expected(study, c.program))
        else:
            todo.append(c)
    bar = Progress(progress, len(todo))
    summary: dict[str, Any] = {"cells": len(all_cells), "ran": 0, "failed": 0,
                               "skipped": skipped, "errors": [], "cell_seconds": 0.0,
                               "cell_cpu_seconds": 0.0, "wrong_output": [],
                               "other_source": [],
                               "store_seconds": 0.0}
    t_out = timeout or study.timeout

    def finish(cell: Cell, res: dict[str, Any]) -> None:
        t0 = time.perf_counter()
        d = save_cell(outdir, cell, res)
        store.load_cell(db, d, study.name, study.name_map.get(cell.program, {}),
                        _expected(study, cell.program))
        summary["store_seconds"] += time.perf_counter() - t0
        summary["cell_seconds"] += res["wall_seconds"]
        summary["cell_cpu_seconds"] += res.get("cpu_seconds") or 0.0
        summary["ran"] += 1
        status = db.execute("SELECT status, error, output_ok FROM runs WHERE key = ?",
                            (cell.key,)).fetchone()
        if status[2] == 0 and status[0] == "ok":
            summary["wrong_output"].append(f"{cell.program} {cell.config}")
        if status[0] != "ok":
            summary["failed"] += 1
            summary["errors"].append((f"{cell.program} {cell.config}", status[1]))
        bar.step(f"{cell.program} {cell.config}", status[0])

    try:
        if todo:
            payloads = [cellmod.payload(c, t_out) for c in todo]
            if scheduler:
                _run_dask(todo, payloads, finish, scheduler, connect_timeout,
                          summary["other_source"])
            else:
                _run_local(todo, payloads, finish, jobs or study.jobs or os.cpu_count() or 1)
    finally:
        db.close()
    summary["wall"] = time.perf_counter() - start
    return summary


Finish = Callable[[Cell, dict[str, Any]], None]


def _run_local(todo: list[Cell], payloads: list[dict], finish: Finish, jobs: int) -> None:
    # threads only wait on `profkit run` child processes: the work is in the children
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futs = {pool.submit(cellmod.run_cell, p): c for c, p in zip(todo, payloads)}
        try:
            for fut in as_completed(futs):
                finish(futs[fut], _result(fut, futs[fut]))
        except BaseException:  # Ctrl-C: stop now; unfinished cells leave no directory
            for f in futs:
                f.cancel()
            cellmod.kill_running()
            raise


def _run_dask(todo: list[Cell], payloads: list[dict], finish: Finish, scheduler: str,
              connect_timeout: float, mismatched: list[str]) -> None:
    try:
        from distributed import Client, as_completed as dask_completed
    except ImportError:
        raise UsageError("--scheduler needs Dask: pip install 'profkit[study]'") from None
    try:
        client = Client(scheduler, timeout=connect_timeout)
    except (OSError, TimeoutError, ValueError) as e:
        raise UsageError(f"cannot reach the Dask scheduler {scheduler}: {e}") from None
    try:
        futs = client.map(cellmod.run_cell, payloads, pure=False,
                          key=[f"profkit-cell-{c.key}" for c in todo])
        by_key = {f.key: c for f, c in zip(futs, todo)}
        for fut in dask_completed(futs):
            cell = by_key[fut.key]
            res = _result(fut, cell)
            if res["status"] == "ok" and res["version"] != cell.version:
                if res["version"].split("+")[0] != cell.version.split("+")[0]:
                    # another release: its reports would be stored under this one's key
                    res["status"] = "failed"
                    res["error"] = (f"the worker runs profkit {res['version']}, this study "
                                    f"profkit {cell.version}")
                else:  # the same release, other source (kept: runs.profkit_version says so)
                    mismatched.append(f"{cell.program} {cell.config}: {res['version']}")
            finish(cell, res)
    finally:
        client.close()


def _result(fut: Any, cell: Cell) -> dict[str, Any]:
    try:
        return fut.result()
    except Exception as e:  # the worker itself failed (lost, killed): the cell failed
        return {"key": cell.key, "status": "failed", "exit_code": None,
                "error": f"worker error: {type(e).__name__}: {e}", "stdout": "", "stderr": "",
                "files": {}, "wall_seconds": 0.0, "cpu_seconds": None,
                "version": cell.version}

