"""Start-up of small programs under ``profkit run``: profkit's cache cold and warm.

    python bench/bench_startup.py [--lang sml|hs] [--repeat N] [--arch x86|sparc]
                                  [--bytecode warm|none]

``--lang sml`` (default; also ``bench_ml_startup.py``): SML programs on the MLWorks
backend, whose cache holds the compiled Basis. ``--lang hs``: Haskell programs on the STG
backend, whose cache holds the parsed Prelude, its desugared bindings and its summary
(frontend/preludecache.py, prelude_desugar.py).

Each figure is a fresh ``python -m profkit.cli run PROG.sml`` subprocess's own user+system
CPU seconds (``os.wait4``), the median of ``--repeat`` runs. Rows:

* ``python -c pass``: the interpreter alone;
* ``no cache``: ``PROFKIT_NO_CACHE=1``, the Basis (the Prelude) made every run;
* ``cold``: an empty cache directory each run (make it, write the entries);
* ``warm``: the entry written by an earlier run is read (the usual case).

The cache directory is a temporary one (``PROFKIT_CACHE_DIR``): the user's is not touched.
Python's own bytecode: with ``--bytecode warm`` (default) the runs write and reuse ``.pyc``
files in a temporary ``PYTHONPYCACHEPREFIX`` (one untimed run first), as an installed
profkit has them; ``--bytecode none`` sets ``PYTHONDONTWRITEBYTECODE=1`` and no prefix,
so every module is compiled from source each run. Every run's output must be the same.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile

from bench_sml_strings import cpu_run  # run as `python bench/bench_startup.py`

PROGRAMS_HS: dict[str, str] = {
    "hello": 'main :: IO ()\nmain = putStrLn "hi"\n',
    # uses a little more of the Prelude: words, a Map, show
    "words": """import qualified Data.Map as M
main :: IO ()
main = do
  let ws = words "the quick brown fox jumps over the lazy dog the end"
  print (M.toList (M.fromListWith (+) [(w, 1 :: Int) | w <- ws]))
""",
}
PROGRAMS: dict[str, str] = {
    "hello": 'val () = print "hi\\n"\n',
    # uses a little more of the Basis: lists, strings, Int.toString
    "words": """
val ws = String.tokens Char.isSpace "the quick brown fox jumps over the lazy dog"
val () = print (String.concatWith "," (List.rev ws) ^ " " ^ Int.toString (length ws) ^ "\\n")
""",
}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lang", choices=("sml", "hs"), default="sml")
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--arch", default="x86")
    ap.add_argument("--bytecode", choices=("warm", "none"), default="warm")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as d:
        env = {k: v for k, v in os.environ.items()
               if k not in ("PROFKIT_NO_CACHE", "PROFKIT_CACHE_DIR", "PYTHONPYCACHEPREFIX",
                            "PYTHONDONTWRITEBYTECODE")}
        if args.bytecode == "warm":
            env["PYTHONPYCACHEPREFIX"] = os.path.join(d, "pyc")
        else:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        warm_dir = os.path.join(d, "cache")

        def median(cmd, extra, fresh_cache=False):
            times, outs = [], set()
            for i in range(args.repeat):
                e = dict(env, **extra)
                if fresh_cache:
                    e["PROFKIT_CACHE_DIR"] = tempfile.mkdtemp(dir=d, prefix="cold")
                t, out = cpu_run(cmd, d, e)
                times.append(t)
                outs.add(out)
            if len(outs) != 1:
                raise RuntimeError(f"{cmd}: output differs between runs")
            return statistics.median(times), outs.pop()

        t_py, _ = median([sys.executable, "-c", "pass"], {})
        print(f"bytecode {args.bytecode}, median of {args.repeat} runs, CPU seconds "
              f"(user+sys); python -c pass: {t_py:.3f}")
        print(f"{'program':10} {'no cache':>9} {'cold':>7} {'warm':>7} {'warm/no cache':>14}")
        for name, src in (PROGRAMS if args.lang == "sml" else PROGRAMS_HS).items():
            path = os.path.join(d, f"{name}.{args.lang}")
            with open(path, "w") as f:
                f.write(src)
            arch = ["--arch", args.arch] if args.lang == "sml" else []
            cmd = [sys.executable, "-m", "profkit.cli", "run", *arch, "--outdir", d, path]
            # untimed: the bytecode, and the warm entry
            cpu_run(cmd, d, dict(env, PROFKIT_CACHE_DIR=warm_dir))
            t_off, out_off = median(cmd, {"PROFKIT_NO_CACHE": "1"})
            t_cold, out_cold = median(cmd, {}, fresh_cache=True)
            t_warm, out_warm = median(cmd, {"PROFKIT_CACHE_DIR": warm_dir})
            same = out_off == out_cold == out_warm
            print(f"{name:10} {t_off:9.3f} {t_cold:7.3f} {t_warm:7.3f} "
                  f"{t_warm / t_off:14.2f}" + ("" if same else "  OUTPUT DIFFERS"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
