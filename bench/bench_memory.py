"""Host memory per guest word, both backends (issue 17: the default memory bound).

Each program holds a list of N elements live at once; the run's peak resident set (a child
process's ru_maxrss) minus a trivial program's, divided by the guest's peak live heap (the
largest total of the run's ``-hT`` heap profile), is what one guest byte costs the host.
Also prints the cost per guest word allocated (STG: one header row per object, whether or
not it is live).

    .venv/bin/python bench/bench_memory.py [N=200000]

``--runs`` prints instead the peak resident set and CPU time of the STG runs issues 13 and 18
measure (a one-line program, nfib 30 with -p, bench/programs/sort_heap.hs with -p, with
``-hc``, ``-hd``, ``-hy``, ``-hr`` and ``-hb -i0.001`` and with ``-hc -i0.05``, mean_leak with
-p and the heap modes), the median of ``--repeat`` runs (and the range
of the resident sets), beside GHC 9.0.2's ``-prof`` binary's maximum resident set for the
same run (``bench/memory_ghc.json``) and the ratio to it (issue 13 item 3: at most 3x);
``--against DIR`` runs each also with PYTHONPATH=DIR (a tree holding another version's
``profkit`` package), interleaved; ``--only TEXT`` keeps the runs whose name contains TEXT:

    .venv/bin/python bench/bench_memory.py --runs [--repeat 3] [--against DIR] [--only hc]

``--ghc`` measures GHC's figures again (``ghc`` on the PATH; prints them as the JSON's
``ghc`` entries, to be pasted there).

``--imports`` prints the resident set of a fresh process after importing numpy, after
loading the collectors' graph search (``profkit.csgraph.load``) and, for comparison, after
importing ``scipy.sparse.csgraph`` as usual (which that load avoids: 30 MB):

    .venv/bin/python bench/bench_memory.py --imports
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from profkit.plugins.hpfile import read_hp  # noqa: E402

HS = """\
main = do
  let xs = [1 .. {n}] :: [Int]
  print (sum xs)
  print (length xs)
"""
HS_TRIVIAL = "main = print 1\n"
SML = """\
fun build (0, acc) = acc | build (n, acc) = build (n - 1, n :: acc)
fun sum ([], s) = s | sum (x :: xs, s) = sum (xs, (s + x) mod 1000)
fun len ([], k) = k | len (_ :: xs, k) = len (xs, k + 1)
val xs = build ({n}, [])
val _ = print (Int.toString (sum (xs, 0)) ^ "\\n")
val _ = print (Int.toString (len (xs, 0)) ^ "\\n")
"""
SML_TRIVIAL = 'val _ = print "1\\n"\n'


def child_run(path: str, outdir: str, rts: list[str]) -> int:
    """Peak RSS in bytes of one ``profkit run`` (measured as a separate process tree)."""
    code = ("import resource, subprocess, sys; "
            "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=False); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    cmd = [sys.executable, "-c", code, sys.executable, "-m", "profkit", "run", "--outdir",
           outdir, "--max-memory", "0", path]
    if rts:
        cmd += ["+RTS", *rts, "-RTS"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return int(out.strip().splitlines()[-1]) * 1024


def measure(name: str, source: str, trivial: str, ext: str, n: int, word: int) -> None:
    tmp = tempfile.mkdtemp(prefix="bench-mem-")
    prog = os.path.join(tmp, f"m{ext}")
    with open(prog, "w") as f:
        f.write(source.format(n=n))
    triv = os.path.join(tmp, f"t{ext}")
    with open(triv, "w") as f:
        f.write(trivial)
    base = child_run(triv, tmp, ["-hT", "-i0.01"])
    rss = child_run(prog, tmp, ["-hT", "-i0.001"])
    hp = read_hp(os.path.join(tmp, "m.hp"))
    peak = max((sum(s.bands.values()) for s in hp.samples), default=0)
    if peak <= 0:
        print(f"{name:8} N={n}: no heap sample (run too short)")
        return
    per_byte = (rss - base) / peak
    print(f"{name:8} N={n:>8}: peak live guest heap {peak / 2**20:8.1f} MB, host RSS "
          f"{rss / 2**20:7.1f} MB (trivial program {base / 2**20:6.1f} MB): "
          f"{per_byte:6.1f} host bytes per guest byte = {per_byte * word:7.1f} per "
          f"{word}-byte guest word")


#: mean_leak: a million Doubles kept live at once (issue 13 item 3's large heap)
ML = "tests/reference/ghc-9.0.2/programs/mean_leak.hs"

#: (name, source or a path under the repository, RTS options) of ``--runs``
RUNS = [
    ("main = print 1, -p", "main = print 1\n", ["-p"]),
    ("nfib 30, -p", "nfib :: Int -> Int\nnfib n = if n < 2 then 1 else nfib (n-1) + nfib (n-2)\n"
     "main :: IO ()\nmain = print (nfib 30)\n", ["-p"]),
    ("sort_heap, -p", "bench/programs/sort_heap.hs", ["-p"]),
    ("sort_heap, -hc -i0.001", "bench/programs/sort_heap.hs", ["-hc", "-i0.001"]),
    ("sort_heap, -hd -i0.001", "bench/programs/sort_heap.hs", ["-hd", "-i0.001"]),
    ("sort_heap, -hy -i0.001", "bench/programs/sort_heap.hs", ["-hy", "-i0.001"]),
    ("sort_heap, -hr -i0.001", "bench/programs/sort_heap.hs", ["-hr", "-i0.001"]),
    ("sort_heap, -hb -i0.001", "bench/programs/sort_heap.hs", ["-hb", "-i0.001"]),
    # (censuses 50 times further apart: what the collections left out meanwhile keep alive)
    ("sort_heap, -hc -i0.05", "bench/programs/sort_heap.hs", ["-hc", "-i0.05"]),
    ("mean_leak, -p", ML, ["-p"]),
    ("mean_leak, -hc -i0.01", ML, ["-hc", "-i0.01"]),
    ("mean_leak, -hd -i0.01", ML, ["-hd", "-i0.01"]),
    ("mean_leak, -hr -i0.01", ML, ["-hr", "-i0.01"]),
    ("mean_leak, -hb -i0.01", ML, ["-hb", "-i0.01"]),
]

#: GHC 9.0.2's maximum resident sets (MB) of the same runs (``--ghc`` measures them)
GHC_FIGURES = os.path.join(ROOT, "bench", "memory_ghc.json")


def ghc_figures() -> tuple[dict[str, float], dict[str, str]]:
    """(run name -> GHC's maximum resident set in MB, run name -> the RTS options GHC's run
    used where they differ from profkit's) from ``GHC_FIGURES``."""
    with open(GHC_FIGURES) as f:
        data = json.load(f)
    return data["ghc"], data.get("ghc_options", {})


def _program(tmp: str, name: str, src: str) -> str:
    """The path of run ``name``'s program (a source text is written to ``tmp``)."""
    if src.endswith(".hs"):
        return os.path.join(ROOT, src)
    path = os.path.join(tmp, "p" + "".join(c for c in name if c.isalnum()) + ".hs")
    with open(path, "w") as f:
        f.write(src)
    return path


def measure_ghc() -> None:
    """GHC's figures again: each program built with ``-O0 -prof -fprof-auto -rtsopts`` and
    run once per entry of ``RUNS`` (options as ``ghc_options`` says), peak RSS in MB."""
    if shutil.which("ghc") is None:
        raise SystemExit("ghc is not on the PATH")
    _, opts = ghc_figures()
    tmp = tempfile.mkdtemp(prefix="bench-mem-ghc-")
    got = {}
    for name, src, rts in RUNS:
        path = _program(tmp, name, src)
        exe = os.path.join(tmp, os.path.basename(path)[:-3])
        if not os.path.exists(exe):
            subprocess.run(["ghc", "-O0", "-prof", "-fprof-auto", "-rtsopts", path,
                            "-outputdir", exe + ".o", "-o", exe], check=True,
                           stdout=subprocess.DEVNULL)
        flags = opts.get(name, " ".join(rts)).split()
        # (through /usr/bin/time: a child's own ru_maxrss counts the forking Python's pages
        # too, which is most of a small GHC binary's figure)
        proc = subprocess.run(["/usr/bin/time", "-f", "%M", exe, "+RTS", *flags, "-RTS"],
                              cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True, check=False)
        got[name] = round(int(proc.stderr.split()[-1]) / 1024, 1)
        status = proc.returncode
        print(f"{name:26} {got[name]:7.1f} MB" + (f" (status {status})" if status else ""))
    print(json.dumps(got, indent=1))


def timed_run(path: str, rts: list[str], pythonpath: str) -> tuple[float, float]:
    """(peak RSS in MB, CPU seconds) of one ``profkit run -fprof-auto`` (a child process)."""
    env = dict(os.environ, SOURCE_DATE_EPOCH="0")
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    with tempfile.TemporaryDirectory() as out:
        cmd = [sys.executable, "-m", "profkit.cli", "run", "-fprof-auto", "--outdir", out,
               "--max-memory", "0", path] + (["+RTS", *rts, "-RTS"] if rts else [])
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                env=env)
        _, status, ru = os.wait4(proc.pid, 0)
    if status:
        raise SystemExit(f"failed ({status}): {' '.join(cmd)}")
    return ru.ru_maxrss / 1024, ru.ru_utime + ru.ru_stime


def runs(repeat: int, against: str, only: str = "") -> None:
    tmp = tempfile.mkdtemp(prefix="bench-mem-")
    ghc, _ = ghc_figures()
    trees = [("this tree", "")] + ([(against, against)] if against else [])
    print(f"{'run':26} " + " ".join(f"{name[-20:]:>22}" for name, _ in trees)
          + f"{'GHC':>10} {'x GHC':>6}")
    for name, src, rts in RUNS:
        if only not in name:
            continue
        path = _program(tmp, name, src)
        got: list[list[tuple[float, float]]] = [[] for _ in trees]
        for _ in range(repeat):
            for k, (_, pp) in enumerate(trees):  # interleaved: the same load for both
                got[k].append(timed_run(path, rts, pp))
        cells = []
        for runs_k in got:
            rss = sorted(r for r, _ in runs_k)
            cpu = sorted(c for _, c in runs_k)
            span = f" ({rss[0]:.1f}-{rss[-1]:.1f})" if len(rss) > 1 else ""
            cells.append(f"{_median(rss):9.1f} MB{span} {_median(cpu):7.2f} s")
        g = ghc.get(name)
        mine = _median(sorted(r for r, _ in got[0]))
        print(f"{name:26} " + " ".join(cells)
              + (f"{g:7.1f} MB {mine / g:5.2f}x" if g else ""))


def _median(xs: list[float]) -> float:
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def imports() -> None:
    """Resident set (MB) of a fresh process after each import step."""
    steps = [("import numpy", "import numpy"),
             ("+ profkit.csgraph.load()",
              "import numpy; from profkit import csgraph; assert csgraph.load()"),
             ("+ scipy.sparse.csgraph (as usual)",
              "import numpy; import scipy.sparse.csgraph")]
    for name, code in steps:
        out = subprocess.run(
            [sys.executable, "-c", code + "; import resource; "
             "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"],
            capture_output=True, text=True, check=True).stdout
        print(f"{name:36} {int(out.split()[-1]) / 1024:7.1f} MB")


def main() -> None:
    if "--imports" in sys.argv:
        imports()
        return
    if "--runs" in sys.argv:
        args = sys.argv[1:]
        repeat = int(args[args.index("--repeat") + 1]) if "--repeat" in args else 1
        runs(repeat, args[args.index("--against") + 1] if "--against" in args else "",
             args[args.index("--only") + 1] if "--only" in args else "")
        return
    if "--ghc" in sys.argv:
        measure_ghc()
        return
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    measure("stg", HS, HS_TRIVIAL, ".hs", n, 8)
    measure("mlworks", SML, SML_TRIVIAL, ".sml", n, 4)


if __name__ == "__main__":
    main()
