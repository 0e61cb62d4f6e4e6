"""String- and array-heavy SML programs: profkit's MLWorks backend against SML/NJ.

    python bench/bench_sml_strings.py [--arch x86|sparc] [--only NAME,...] [--repeat N]

Each program (below) runs as a fresh ``python -m profkit.cli run PROG.sml`` subprocess and as
``sml PROG.sml`` (SML/NJ, when installed); the figures are each process's own user+system CPU
seconds from ``os.wait4`` (compilation included on both sides; the smallest of ``--repeat``
runs). Both outputs must agree. Columns: profkit seconds, SML/NJ seconds, their ratio.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

PROGRAMS: dict[str, str] = {
    # String.sub over a string, character classes (the 0.2 ms per String.sub)
    "string_sub_loop": """
val s = CharVector.tabulate (4000, fn i => chr (32 + i mod 90))
fun count (i, n) = if i >= size s then n
  else count (i + 1, if Char.isAlpha (String.sub (s, i)) then n + 1 else n)
fun rep (0, acc) = acc | rep (k, acc) = rep (k - 1, acc + count (0, 0))
val () = print (Int.toString (rep (5, 0)) ^ "\\n")
""",
    # Array.sub / Array.update: a sieve
    "array_sieve": """
fun primes n =
  let val a = Array.array (n + 1, true)
      fun mark (i, j) = if j > n then () else (Array.update (a, j, false); mark (i, j + i))
      fun loop i = if i * i > n then ()
                   else (if Array.sub (a, i) then mark (i, i * i) else (); loop (i + 1))
      fun cnt (i, c) = if i > n then c else cnt (i + 1, if Array.sub (a, i) then c + 1 else c)
  in loop 2; cnt (2, 0) end
val () = print (Int.toString (primes 20000) ^ "\\n")
""",
    # word arithmetic over the characters of strings (CharVector.foldl: one explode each)
    "word_hash": """
fun hash s =
  CharVector.foldl (fn (c, h) => Word.andb (h * 0w31 + Word.fromInt (ord c), 0wxFFFFFF)) 0w7 s
val words = List.tabulate (300, fn i => "word" ^ Int.toString (i * 7919))
fun go (0, acc) = acc
  | go (k, acc) = go (k - 1, List.foldl (fn (w, a) => Word.xorb (a, hash w)) acc words)
val () = print (Word.toString (go (3, 0w0)) ^ "\\n")
""",
    # building and splitting strings: ^, concat, tokens, implode/explode
    "string_build": """
val line = String.concatWith " " (List.tabulate (200, fn i => Int.toString (i * i)))
fun round k = let val toks = String.tokens Char.isSpace line
                  val back = String.concatWith "," (List.rev toks)
              in size back + k end
fun rep (0, acc) = acc | rep (k, acc) = rep (k - 1, round acc)
val () = print (Int.toString (rep (40, 0)) ^ "\\n")
""",
    # raise/handle in a loop (the exception-heavy loop)
    "exceptions": """
exception Odd of int
fun check i = if i mod 2 = 1 then raise Odd i else i
fun loop (i, acc) = if i >= 20000 then acc
  else loop (i + 1, acc + (check i handle Odd j => ~ j))
val () = print (Int.toString (loop (0, 0)) ^ "\\n")
""",
}


def cpu_run(cmd: list[str], cwd: str, env: dict[str, str] | None = None
            ) -> tuple[float, str]:
    """Run ``cmd``; its own user+system CPU seconds (``os.wait4``) and its stdout (latin-1,
    so any bytes compare). Also used by bench_startup.py."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            stdin=subprocess.DEVNULL, cwd=cwd, env=env)
    out = proc.stdout.read().decode("latin-1") if proc.stdout else ""
    _pid, status, ru = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{cmd} failed")
    return ru.ru_utime + ru.ru_stime, out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--arch", default="x86")
    ap.add_argument("--only", default="")
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args(argv)
    names = [n for n in PROGRAMS if not args.only or n in args.only.split(",")]
    sml = shutil.which("sml")
    print(f"{'program':18} {'profkit s':>10} {'sml/nj s':>9} {'ratio':>7}")
    with tempfile.TemporaryDirectory() as d:
        for name in names:
            path = os.path.join(d, name + ".sml")
            with open(path, "w") as f:
                f.write(PROGRAMS[name])
            pk = [sys.executable, "-m", "profkit.cli", "run", "--arch", args.arch,
                  "--outdir", d, path]
            t_pk, out_pk = min(cpu_run(pk, d) for _ in range(args.repeat))
            if sml:
                t_nj, out_nj = min(cpu_run([sml, path], d) for _ in range(args.repeat))
                # SML/NJ echoes its banner and the top-level bindings: compare the program's
                # own line (every program prints one line last)
                same = out_pk.strip() in out_nj
                ratio = f"{t_pk / t_nj:7.1f}" + ("" if same else "  OUTPUT DIFFERS")
                print(f"{name:18} {t_pk:10.2f} {t_nj:9.2f} {ratio}")
            else:
                print(f"{name:18} {t_pk:10.2f} {'-':>9} {'-':>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
