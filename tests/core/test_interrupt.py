"""Issue 17: Ctrl-C stops either backend, writes the reports so far (readable), exits 130.

Real processes and a real SIGINT: the MLWorks backend runs guest code inside unicorn's
``emu_start``, where only the watcher thread of ``profkit.runner.stop_on_interrupt`` can
stop it. The signal is sent once the program is past compilation: a first run stopped by
``--max-steps`` measures how long that takes on this (possibly busy) machine.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from profkit.plugins.hpfile import read_hp
from profkit.plugins.prof_read import read_profile
from tests.conftest import sigint_default

HS = """\
loop :: Int -> Int -> Int
loop 0 acc = acc
loop n acc = loop (n - 1) (acc + n `mod` 7)
main = print (loop 100000000 0)
"""

SML = """\
fun build 0 = [] | build n = n :: build (n - 1)
fun len [] = 0 | len (_ :: xs) = 1 + len xs
fun go (0, acc) = acc
  | go (n, acc) = go (n - 1, (acc + len (build 100)) mod 1000)
val _ = print (Int.toString (go (100000000, 0)) ^ "\\n")
"""


def _cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "profkit", "run", *args]


@pytest.mark.parametrize("name,source,arch", [
    ("loop.hs", HS, None), ("loop.sml", SML, "x86"), ("loop.sml", SML, "sparc"),
])
def test_sigint_writes_reports_and_exits_130(tmp_path, name, source, arch):
    prog = tmp_path / name
    prog.write_text(source)
    opts = ["--arch", arch] if arch else []
    rts = ["+RTS", "-p", "-hc", "-i0.001", "-RTS"]
    t0 = time.monotonic()
    calib = subprocess.run(_cmd("--outdir", str(tmp_path / "c"), "--max-steps", "1000",
                                *opts, str(prog), *rts), capture_output=True, text=True)
    startup = time.monotonic() - t0
    assert calib.returncode == 3, calib.stderr
    out = tmp_path / "o"
    p = subprocess.Popen(_cmd("--outdir", str(out), *opts, str(prog), *rts),
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=sigint_default)
    time.sleep(startup * 1.5 + 1.0)
    assert p.poll() is None, "the program ended before the signal"
    p.send_signal(signal.SIGINT)
    try:
        _, err = p.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
        pytest.fail("no exit after SIGINT")
    assert p.returncode == 130, err
    assert "Traceback" not in err and err.strip() == "profkit: interrupted"
    stem = os.path.splitext(name)[0]
    prof = read_profile(str(out / f"{stem}.prof"))
    assert prof.program == stem
    hp = read_hp(str(out / f"{stem}.hp"))
    assert not hp.truncated and hp.samples
    assert (out / f"{stem}.hp").read_text().rstrip().splitlines()[-1].startswith("END_SAMPLE")


def test_sigint_while_the_command_line_imports_is_one_line_130():
    """A Ctrl-C in the first few hundred milliseconds (numpy, pluggy and the plugins being
    imported) printed a KeyboardInterrupt traceback from inside an import: the package
    installs a quiet handler for the `profkit` command until ``cli.main`` runs."""
    code = ("import sys; sys.argv[0] = 'profkit'; import profkit, os, signal, time; "
            "os.kill(os.getpid(), signal.SIGINT); time.sleep(10)")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=60, preexec_fn=sigint_default)
    assert p.returncode == 130 and p.stderr == "profkit: interrupted\n", p.stderr
    # a library user's Ctrl-C stays Python's KeyboardInterrupt
    code = "import profkit, signal; print(signal.getsignal(signal.SIGINT).__name__)"
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=60, preexec_fn=sigint_default)
    assert p.stdout.strip() == "default_int_handler", p.stderr
