"""Check that a change to the STG machine leaves every profile byte-identical: run a broad set
of programs with two versions of the code and compare their outputs.

    python tools/cmp_profiles.py run --tree DIR --out OUT [--sample N] [--hc N] [--only A,B]
    python tools/cmp_profiles.py diff OUT1 OUT2

``run`` runs, with the profkit of ``DIR`` (a checkout of the repository, e.g. a worktree of
main; default: this checkout), every program of tests/reference/ghc-9.0.2/programs and every
``len/N``-th program of tests/reference/ghc-9.0.2/shapes/programs (``--sample N``, default 48,
sorted by name: the same ones each time), each with ``-p``; the reference programs and
every fourth sampled shape program also with ``-hc`` (``--hc 0`` turns that off). Each run's
stdout, stderr, exit status, ``.prof`` and ``.hp`` go to ``OUT/NAME.MODE.*``. A program's
``P.stdin`` beside it is its standard input.

``diff`` compares two such folders file by file, with the report's date removed (the first
line of a ``.prof``, the ``DATE`` line of a ``.hp``), prints each file that differs and
exits 1 if any does. Runs are one at a time and slow (an hour's sample is a few minutes); run
the base version once and keep its folder.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REF = os.path.join(ROOT, "tests", "reference", "ghc-9.0.2")

sys.path.insert(0, os.path.join(ROOT, "bench"))
from bench_all import package_tree  # noqa: E402  (a checkout laid out as the package)


def programs(sample: int) -> list[tuple[str, str, bool]]:
    """``(name, path, also -hc)`` of every program to run."""
    out = []
    d = os.path.join(REF, "programs")
    for f in sorted(os.listdir(d)):
        if f.endswith(".hs"):
            out.append((f"ref_{f[:-3]}", os.path.join(d, f), True))
    d = os.path.join(REF, "shapes", "programs")
    shapes = sorted(f for f in os.listdir(d) if f.endswith(".hs"))
    if sample and shapes:
        step = max(1, len(shapes) // sample)
        for i, f in enumerate(shapes[::step][:sample]):
            out.append((f"shape_{f[:-3]}", os.path.join(d, f), i % 4 == 0))
    return out


def run_one(tree: str, path: str, mode: str, out: str, name: str, timeout: float) -> None:
    tmp = os.path.join(out, f".{name}.{mode}")
    os.makedirs(tmp, exist_ok=True)
    for f in os.listdir(tmp):
        os.remove(os.path.join(tmp, f))
    cmd = [sys.executable, "-m", "profkit.cli", "run", "-fprof-auto", "--outdir", tmp, path,
           "+RTS", f"-{mode}", "-RTS"]
    env = dict(os.environ, SOURCE_DATE_EPOCH="0", PYTHONPATH=tree)
    stdin_path = os.path.splitext(path)[0] + ".stdin"
    stdin = open(stdin_path, "rb") if os.path.exists(stdin_path) else subprocess.DEVNULL
    try:
        # (in the run's own folder: a program that writes files, filesizes22, leaves them
        # there)
        r = subprocess.run(cmd, stdin=stdin, capture_output=True, env=env, timeout=timeout,
                           cwd=tmp)
        status = str(r.returncode)
        stdout, stderr = r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        status, stdout, stderr = "timeout", b"", b""
    finally:
        if stdin is not subprocess.DEVNULL:
            stdin.close()
    base = f"{name}.{mode}"
    with open(os.path.join(out, base + ".stdout"), "wb") as f:
        f.write(stdout)
    with open(os.path.join(out, base + ".stderr"), "wb") as f:
        f.write(stderr.replace(tmp.encode(), b"OUT"))
    with open(os.path.join(out, base + ".status"), "w") as f:
        f.write(status + "\n")
    for f in os.listdir(tmp):
        ext = os.path.splitext(f)[1]
        if ext in (".prof", ".hp"):
            os.replace(os.path.join(tmp, f), os.path.join(out, base + ext))
        else:
            os.remove(os.path.join(tmp, f))
    os.rmdir(tmp)


def undated(path: str) -> list[bytes]:
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")
    if path.endswith(".prof") and lines:
        lines[0] = re.sub(rb"^\t.*?(Time and Allocation)", rb"\t\1", lines[0])
    return [x for x in lines if not x.startswith(b"DATE")]


def diff(a: str, b: str) -> int:
    names = sorted(set(os.listdir(a)) | set(os.listdir(b)))
    bad = 0
    for n in names:
        if n.startswith("."):
            continue
        pa, pb = os.path.join(a, n), os.path.join(b, n)
        if not (os.path.exists(pa) and os.path.exists(pb)):
            print(f"only in one: {n}")
            bad += 1
        elif undated(pa) != undated(pb):
            print(f"differs: {n}")
            bad += 1
    print(f"{len(names)} files, {bad} differ")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--tree", default=ROOT)
    r.add_argument("--out", required=True)
    r.add_argument("--sample", type=int, default=48)
    r.add_argument("--hc", type=int, default=1, help="0: -p runs only")
    r.add_argument("--only", default="", help="comma-separated names (ref_nfib, shape_X)")
    r.add_argument("--timeout", type=float, default=600.0)
    d = sub.add_parser("diff")
    d.add_argument("a")
    d.add_argument("b")
    a = ap.parse_args(argv)
    if a.cmd == "diff":
        return diff(a.a, a.b)
    tree = package_tree(a.tree)
    os.makedirs(a.out, exist_ok=True)
    only = {x for x in a.only.split(",") if x}
    for name, path, hc in programs(a.sample):
        if only and name not in only:
            continue
        for mode in ("p", "hc") if hc and a.hc else ("p",):
            run_one(tree, path, mode, a.out, name, a.timeout)
            print(f"{name} -{mode}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
