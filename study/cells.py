"""Running one cell: ``profkit run`` in a fresh process and directory; the result carries
the program's output and every report as text, so the caller (a local thread or a Dask
worker on another machine) needs no shared file system.

``run_cell`` is a plain function of plain data (picklable both ways): Dask ships it to its
workers by reference, so workers need profkit installed (the same version: the result says
which one ran, and the caller refuses a mismatch).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
import time
from typing import Any

#: reports are byte-identical across runs and machines (the DATE lines)
SOURCE_DATE_EPOCH = "0"
#: `profkit run` children running in this process (killed when the study is interrupted)
_RUNNING: set[subprocess.Popen] = set()
_LOCK = threading.Lock()

#: largest report kept as text (a runaway .hp must not exhaust the caller's memory)
MAX_FILE_BYTES = 64 << 20


def payload(cell: Any, timeout: float) -> dict[str, Any]:
    """What a worker needs to run ``cell`` (a ``spec.Cell``)."""
    with open(cell.source_path, encoding="utf-8") as f:
        source = f.read()
    return {
        "key": cell.key, "program": cell.program, "ext": cell.ext, "source": source,
        "argv": list(cell.argv), "timeout": float(timeout), "version": cell.version,
    }


def run_cell(p: dict[str, Any]) -> dict[str, Any]:
    """Run one cell; never raises for a failing program (the failure is the result)."""
    from .spec import profkit_version

    start = time.perf_counter()
    result: dict[str, Any] = {
        "key": p["key"], "status": "failed", "exit_code": None, "error": "", "stdout": "",
        "stderr": "", "files": {}, "wall_seconds": 0.0, "cpu_seconds": None,
        "version": profkit_version(),
    }
    with tempfile.TemporaryDirectory(prefix="profkit-cell-") as tmp:
        src = os.path.join(tmp, f"{p['program']}.{p['ext']}")
        with open(src, "w", encoding="utf-8") as f:
            f.write(p["source"])
        env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PYTHONHASHSEED="0")
        cmd = [sys.executable, "-m", "profkit", "run", *p["argv"]]
        try:
            code, out, err, cpu, timed_out = _spawn(cmd, tmp, env, p["timeout"])
        except OSError as e:
            result["error"] = f"could not start profkit: {e}"
        else:
            result["exit_code"], result["stdout"], result["stderr"] = code, out, err
            result["cpu_seconds"] = cpu
            if timed_out:
                result["status"] = "timeout"
                result["exit_code"] = None
                result["error"] = f"timed out after {p['timeout']:g} s"
            elif code == 0:
                result["status"] = "ok"
            else:
                lines = [ln for ln in err.splitlines() if ln.strip()]
                result["error"] = (lines[-1] if lines else "") or f"exit {code}"
        for name in sorted(os.listdir(tmp)):
            full = os.path.join(tmp, name)
            if full == src or not os.path.isfile(full):
                continue
            if os.path.getsize(full) > MAX_FILE_BYTES:
                result["files"][name] = None  # recorded as too large, not kept
                continue
            with open(full, encoding="utf-8", errors="replace") as f:
                result["files"][name] = f.read()
    result["wall_seconds"] = time.perf_counter() - start
    return result


def kill_running() -> None:
    """Kill every cell process this process started (on Ctrl-C: the study stops now; the
    interrupted cells have no directory, so a rerun runs them again)."""
    with _LOCK:
        procs = list(_RUNNING)
    for p in procs:
        try:
            p.kill()
        except OSError:
            pass


def _spawn(cmd: list[str], cwd: str, env: dict[str, str], timeout: float
           ) -> tuple[int, str, str, float | None, bool]:
    """Run ``cmd``; (exit code, stdout, stderr, CPU seconds of the child, timed out).

    The child is reaped with ``os.wait4`` so that its own CPU time is known (the wall time
    of a cell depends on what else the machine runs; the CPU time hardly does); a timer
    kills it at the timeout. Where ``wait4`` does not exist, CPU time is None."""
    out_f = tempfile.TemporaryFile()
    err_f = tempfile.TemporaryFile()
    with out_f, err_f:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out_f, stderr=err_f,
                                stdin=subprocess.DEVNULL)
        with _LOCK:
            _RUNNING.add(proc)
        fired = threading.Event()

        def kill() -> None:
            fired.set()
            proc.kill()

        timer = threading.Timer(timeout, kill)
        timer.start()
        cpu: float | None = None
        try:
            if hasattr(os, "wait4"):
                _, status, ru = os.wait4(proc.pid, 0)
                proc.returncode = os.waitstatus_to_exitcode(status)
                cpu = ru.ru_utime + ru.ru_stime
            else:
                proc.wait()
        except BaseException:
            proc.kill()
            raise
        finally:
            timer.cancel()
            with _LOCK:
                _RUNNING.discard(proc)
        out_f.seek(0)
        err_f.seek(0)
        out = out_f.read().decode("utf-8", "replace")
        err = err_f.read().decode("utf-8", "replace")
    return proc.returncode, out, err, cpu, fired.is_set()
