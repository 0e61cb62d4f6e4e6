"""Every STG profiling mode on every reference program and example, against an unprofiled run
and against the figures of the previous release stored in ``bench/baseline.json``.

    python bench/bench_all.py [--repeat N | --rounds N] [--only NAME,...] [--modes p,hc,...]
                              [--timeout SECS] [--save FILE] [--baseline FILE] [--against DIR]

Each run is a fresh ``python -m profkit.cli run -fprof-auto PROG.hs +RTS <mode> -RTS``
subprocess; its user+system CPU seconds and maximum resident set come from ``os.wait4`` (the
child's own rusage, so other processes on the machine do not count). With ``--repeat N`` the
smallest CPU time of N runs is kept (the least disturbed one). Heap modes sample at 100
censuses: ``-i`` is the program's virtual run time (read from its ``-p`` report's
``total time``) divided by 100, so the ratio to ``-p`` is the cost of 100 censuses.

Columns: CPU seconds, ratio to the unprofiled run (``none``), ratio to ``-p``, and ratio to
the baseline's figure for the same cell (>1 is slower than before: a regression), then the
peak RSS in MB. ``--save`` writes the figures as JSON (how baseline.json was made, from the
code before the speed work: ``python bench/bench_all.py --save bench/baseline.json``).
``--against DIR`` measures another version of the code (a copy of the package tree under
DIR, e.g. an older release) in the same session, run for run, which is the comparison to
trust on a loaded machine. ``--rounds N`` runs every mode once per round, in turn (rather
than all repeats of one mode, then the next), and adds the median over rounds of each
mode's ratio to the same round's ``-p`` run and to the same round's ``--against`` run:
paired ratios, which a change in the machine's load between modes does not bias.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAM_DIRS = [("ref", os.path.join(ROOT, "tests", "reference", "ghc-9.0.2", "programs")),
                ("ex", os.path.join(ROOT, "examples"))]
MODES = ["none", "p", "hc", "hd", "hy", "hr", "hb"]
CENSUSES = 100


def programs(extra: list[str] = ()) -> list[tuple[str, str]]:
    """The reference programs and examples, then ``extra`` (paths of other ``.hs`` files, named
    ``x/NAME``)."""
    out = []
    for tag, d in PROGRAM_DIRS:
        for f in sorted(os.listdir(d)):
            if f.endswith(".hs"):
                out.append((f"{tag}/{f[:-3]}", os.path.join(d, f)))
    for p in extra:
        out.append((f"x/{os.path.splitext(os.path.basename(p))[0]}", os.path.abspath(p)))
    return out


def _cpu_of(pid: int) -> float:
    """CPU seconds (user+sys) a running child used so far (Linux /proc; 0 elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def run_once(path: str, rts: list[str], timeout: float, pythonpath: str = "") -> dict:
    """One subprocess run: CPU seconds (user+sys), peak RSS (MB), exit status."""
    with tempfile.TemporaryDirectory() as out:
        cmd = [sys.executable, "-m", "profkit.cli", "run", "-fprof-auto", "--outdir", out, path]
        if rts:
            cmd += ["+RTS", *rts, "-RTS"]
        env = dict(os.environ, SOURCE_DATE_EPOCH="0")
        if pythonpath:
            env["PYTHONPATH"] = pythonpath
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
        start = time.monotonic()
        while True:
            pid, status, ru = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if _cpu_of(proc.pid) > timeout or time.monotonic() - start > 6 * timeout:
                proc.kill()
                pid, status, ru = os.wait4(proc.pid, 0)
                return {"cpu": None, "rss_mb": ru.ru_maxrss / 1024, "status": "timeout"}
            time.sleep(0.1)
        prof_total = None
        base = os.path.splitext(os.path.basename(path))[0]
        prof = os.path.join(out, base + ".prof")
        if os.path.exists(prof):
            with open(prof) as f:
                text = f.read()
            # the run's length from its ticks (the printed seconds have two decimals: a
            # 0.012 s run read as 0.01 gave 121 censuses, not 100)
            mo = re.search(r"\((\d+) ticks @ (\d+) us", text)
            if mo and int(mo.group(1)):
                prof_total = int(mo.group(1)) * int(mo.group(2)) / 1e6
            else:
                mo = re.search(r"total time\s+=\s+([0-9.]+) secs", text)
                if mo:
                    prof_total = float(mo.group(1))
        rc = os.waitstatus_to_exitcode(status)
        return {"cpu": round(ru.ru_utime + ru.ru_stime, 3), "rss_mb": round(ru.ru_maxrss / 1024, 1),
                "status": rc, "prof_total": prof_total}


#: the source folders of the package's parts in a checkout (pyproject's package-dir)
PACKAGE_DIRS = {"backends": "backends", "plugins": "plugins", "study": "study"}


def package_tree(d: str) -> str:
    """A folder to put on PYTHONPATH to import the profkit of ``d``: ``d`` itself if it holds
    a ``profkit`` package; for a checkout of the repository (``core/`` is the package, its
    subpackages beside it), a temporary tree of links laid out as the package is installed.
    (PYTHONPATH=checkout imports nothing from it: with profkit installed in editable mode,
    the comparison was the working tree against itself.)"""
    d = os.path.abspath(d)
    if os.path.isdir(os.path.join(d, "profkit")) or not os.path.isfile(
            os.path.join(d, "core", "__init__.py")):
        return d
    tree = tempfile.mkdtemp(prefix="profkit-against-")
    import atexit
    import shutil
    atexit.register(shutil.rmtree, tree, True)  # (the links only: rmtree does not follow)
    pkg = os.path.join(tree, "profkit")
    os.mkdir(pkg)
    for name in os.listdir(os.path.join(d, "core")):
        os.symlink(os.path.join(d, "core", name), os.path.join(pkg, name))
    for name, src in PACKAGE_DIRS.items():
        if os.path.isdir(os.path.join(d, src)):
            os.symlink(os.path.join(d, src), os.path.join(pkg, name))
    return tree


def rts_for(mode: str, interval: float | None) -> list[str]:
    if mode == "none":
        return []
    if mode == "p":
        return ["-p"]
    flags = [f"-{mode}"]
    if interval:
        flags.append(f"-i{interval:.6g}")
    return flags


def _line(name: str, mode: str, r: dict, res: dict, base: dict | None, extra: str = "") -> str:
    cpu = r["cpu"]

    def ratio(other: dict | None) -> str:
        if cpu is None or not other or not other.get("cpu"):
            return "-"
        return f"{cpu / other['cpu']:.2f}"

    shown = f"{cpu:8.2f}" if cpu is not None else f"{'timeout':>8}"
    return (f"{name:18} {mode:5} {shown} {ratio(res.get('none')):>6} "
            f"{ratio(res.get('p')):>6} {ratio(r.get('against') or base):>6} "
            f"{r['rss_mb']:8.1f}"
            + (f" {r['against']['rss_mb']:8.1f}" if r.get("against") else "") + extra)


def _best(runs: list[dict]) -> dict:
    ok = [r for r in runs if r["cpu"] is not None]
    r = dict(min(ok, key=lambda r: r["cpu"]) if ok else runs[0])
    r["rss_mb"] = max(x["rss_mb"] for x in runs)
    return r


def _by_mode(name: str, path: str, modes: list[str], a: argparse.Namespace,
             base: dict) -> dict:
    """Every repeat of a mode, then the next mode (the -p run gives the census interval)."""
    res: dict[str, dict] = {}
    interval = None
    for mode in modes:
        runs, other = [], []
        for _ in range(a.repeat):
            if a.against:
                other.append(run_once(path, rts_for(mode, interval), a.timeout, a.against))
            runs.append(run_once(path, rts_for(mode, interval), a.timeout))
        r = _best(runs)
        if mode == "p" and r.get("prof_total"):
            interval = r["prof_total"] / CENSUSES
            r["interval"] = interval
        if other:
            r["against"] = _best(other)
        res[mode] = r
        print(_line(name, mode, r, res, base.get(name, {}).get(mode)), flush=True)
    return res


def _median(xs: list[float]) -> float | None:
    xs = sorted(xs)
    if not xs:
        return None
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def _rounds(name: str, path: str, modes: list[str], a: argparse.Namespace) -> dict:
    """``a.rounds`` rounds of every mode in turn (after one -p run for the interval)."""
    first = run_once(path, rts_for("p", None), a.timeout)
    interval = first["prof_total"] / CENSUSES if first.get("prof_total") else None
    runs: dict[str, list[dict]] = {m: [] for m in modes}
    other: dict[str, list[dict]] = {m: [] for m in modes}
    for _ in range(a.rounds):
        for mode in modes:
            if a.against:
                other[mode].append(run_once(path, rts_for(mode, interval), a.timeout,
                                            a.against))
            runs[mode].append(run_once(path, rts_for(mode, interval), a.timeout))
    res: dict[str, dict] = {}
    for mode in modes:
        r = _best(runs[mode])
        if other[mode]:
            r["against"] = _best(other[mode])
        rp = [x["cpu"] / p["cpu"] for x, p in zip(runs[mode], runs.get("p", []))
              if x["cpu"] and p["cpu"]]
        rb = [x["cpu"] / o["cpu"] for x, o in zip(runs[mode], other[mode])
              if x["cpu"] and o["cpu"]]
        r["median_to_p"], r["median_to_against"] = _median(rp), _median(rb)
        if mode == "p":
            r["interval"] = interval
        res[mode] = r
        fmt = (lambda v: f"{v:.3f}" if v is not None else "-")
        print(_line(name, mode, r, res, None,
                    f" {fmt(r['median_to_p']):>7} {fmt(r['median_to_against']):>8}"),
              flush=True)
    return res


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--only", default="", help="comma-separated program names (e.g. ref/nfib)")
    ap.add_argument("--modes", default=",".join(MODES))
    ap.add_argument("--add", default="", metavar="FILE,...",
                    help="more programs (paths of .hs files, e.g. bench/programs/sort_heap.hs), "
                         "named x/NAME; with --only, name them there too")
    ap.add_argument("--timeout", type=float, default=600.0, help="CPU seconds per run")
    ap.add_argument("--save", default="")
    ap.add_argument("--baseline", default=os.path.join(ROOT, "bench", "baseline.json"))
    ap.add_argument("--against", default="", metavar="DIR",
                    help="also run every cell with another version's profkit (DIR: a "
                         "checkout of the repository, or a tree holding a profkit package), "
                         "interleaved run by run so that both see the same machine load; "
                         "/base is then the ratio to that run")
    ap.add_argument("--rounds", type=int, default=0, metavar="N",
                    help="N rounds, each running every mode once (and its --against run) "
                         "in turn; also prints the median over rounds of each mode's ratio to "
                         "the same round's -p run and to the same round's --against run "
                         "(the ratios to trust on a machine whose load changes)")
    a = ap.parse_args(argv)
    if a.against:
        a.against = package_tree(a.against)
    modes = [m for m in a.modes.split(",") if m]
    if "p" not in modes and any(m not in ("none", "p") for m in modes):
        modes.insert(0, "p")  # the census interval comes from the -p run
    only = {x for x in a.only.split(",") if x}
    base = {}
    if a.baseline and os.path.exists(a.baseline) and os.path.abspath(a.baseline) != (
            os.path.abspath(a.save) if a.save else None):
        with open(a.baseline) as f:
            base = json.load(f).get("results", {})
    results: dict[str, dict] = {}
    hdr = f"{'program':18} {'mode':5} {'cpu s':>8} {'/none':>6} {'/-p':>6} {'/base':>6} {'RSS MB':>8}"
    if a.against:
        hdr += f" {'base RSS':>8}"
    if a.rounds:
        hdr += f" {'med/-p':>7} {'med/base':>8}"
    print(hdr)
    print("-" * len(hdr))
    for name, path in programs([x for x in a.add.split(",") if x]):
        if only and name not in only:
            continue
        if a.rounds:
            results[name] = _rounds(name, path, modes, a)
        else:
            results[name] = _by_mode(name, path, modes, a, base)
    if a.save:
        with open(a.save, "w") as f:
            json.dump({"note": "CPU seconds (user+sys) and peak RSS per program and mode, "
                               "from bench/bench_all.py", "results": results}, f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
