"""The repository is self-contained: no tracked file names a path of a development machine,
and no test reads a file that lies beside the repository instead of inside it.

The second check is done while the suite runs: ``tests/conftest.py`` installs an audit hook
that records every file opened next to the repository (its parent folder, outside the
repository itself), and the session fails if there is any (see ``pytest_sessionfinish``).
"""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

from tests.conftest import REPO

# Paths of the machines profkit is developed on, and home folders in general.
DEV_PATH = re.compile(r"(?<![\w.])/(?:work|root|home/[\w.-]+|Users/[\w.-]+)/[\w.-]+")
# A string in code that starts at one of these roots names a place on some machine's disk
# (system paths such as /usr/bin/chromium, /dev/null or /tmp are fine).
ROOTED = re.compile(r"/(?:work|root|home|Users|mnt|opt|srv|var|data|media|shared|scratch|nfs)/")


def tracked_files() -> list[Path]:
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True,
                             check=True).stdout
        names = [n for n in out.decode().split("\0") if n]
    except (OSError, subprocess.CalledProcessError):  # an exported tree without .git
        names = [str(p.relative_to(REPO)) for p in REPO.rglob("*")
                 if p.is_file() and ".venv" not in p.parts and ".git" not in p.parts]
    return [REPO / n for n in names]


def test_no_tracked_file_names_a_development_machine_path():
    offenders = []
    for path in tracked_files():
        if not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # binary data (pictures) cannot name a path we would follow
        for n, line in enumerate(text.splitlines(), 1):
            if DEV_PATH.search(line):
                offenders.append(f"{path.relative_to(REPO)}:{n}: {line.strip()[:100]}")
    assert not offenders, "absolute development paths:\n" + "\n".join(offenders)


def test_no_python_file_names_a_path_under_a_machine_specific_root():
    offenders = []
    for path in tracked_files():
        if path.suffix != ".py" or not path.is_file():
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and ROOTED.match(node.value)):
                offenders.append(f"{path.relative_to(REPO)}:{node.lineno}: {node.value}")
    assert not offenders, "absolute paths in code:\n" + "\n".join(offenders)


def test_the_check_itself_sees_a_development_path():
    # The patterns above must match what they are meant to catch, or the tests prove nothing.
    # (the samples are built from pieces so that this file does not trip its own checks)
    work, home = "/" + "work/shared/reference", "/" + "home/alice/profkit"
    assert DEV_PATH.search(f'REF = "{work}/sml"')
    assert DEV_PATH.search(f"see {home}/x.hs")
    assert not DEV_PATH.search("tests/reference/sml/programs/nfib.sml")
    assert not DEV_PATH.search("https://example.org/work/shared")
    assert ROOTED.match(work + "/ghc-9.0.2") and ROOTED.match(home + "/x")
    assert not ROOTED.match("/programs/*.sml") and not ROOTED.match("/usr/bin/chromium")
