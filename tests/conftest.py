"""Shared test setup: pinned report dates and the location of the reference data.

Reference outputs of the real GHC 9.0.2, Poly/ML and SML/NJ live under ``tests/reference/``
(see its README for where each file came from). Tests find them through ``REFERENCE`` and
never through an absolute path, so the suite passes in a clone placed anywhere.
"""

import os
from pathlib import Path

# Reports carry a DATE line; pin it so golden comparisons are byte-exact.
os.environ.setdefault("SOURCE_DATE_EPOCH", "1795000000")

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
REFERENCE = TESTS / "reference"
GHC_REF = REFERENCE / "ghc-9.0.2"
SML_REF = REFERENCE / "sml"


def sigint_default() -> None:
    """``preexec_fn`` of a test's child process that receives a SIGINT: the child's Ctrl-C is
    Python's default even when the test run itself ignores SIGINT (started with ``&`` by a
    non-interactive shell), which children would otherwise inherit."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def reference_path(*parts: str) -> Path:
    """A file or folder under ``tests/reference`` (``reference_path("sml", "programs")``)."""
    return REFERENCE.joinpath(*parts)


# ---------------------------------------------------------------------------------------
# Reads beside the repository: the folder that holds the repository may hold other
# projects' files on a developer's machine (it did: a shared reference folder), and a test
# that reads them passes there and fails everywhere else. Record such reads and fail.
_OUTSIDE_READS: list[str] = []
_BESIDE = str(REPO.parent) + os.sep
_INSIDE = str(REPO) + os.sep
_SESSION_CACHE: list[str] = []  # PROFKIT_CACHE_DIR made for this session (pytest_configure)


def _audit(event: str, args: tuple) -> None:
    if event != "open" or not args or not isinstance(args[0], (str, os.PathLike)):
        return
    try:
        path = os.path.abspath(os.fspath(args[0]))
    except (TypeError, ValueError):
        return
    if path.startswith(_BESIDE) and not path.startswith(_INSIDE) and (
            os.sep + ".venv" + os.sep) not in path and not any(
            path.startswith(d + os.sep) for d in _SESSION_CACHE):
        _OUTSIDE_READS.append(path)


def pytest_configure(config) -> None:
    import sys
    import tempfile

    sys.addaudithook(_audit)
    # the MLWorks front end's cache of the compiled Basis (README, "Start-up"): a directory
    # of this session's own, never the user's (runs start cold; the suite writes nothing
    # outside its temporary files)
    if not os.environ.get("PROFKIT_CACHE_DIR"):
        import atexit
        import shutil

        _SESSION_CACHE.append(tempfile.mkdtemp(prefix="profkit-test-cache-"))
        os.environ["PROFKIT_CACHE_DIR"] = _SESSION_CACHE[0]
        atexit.register(shutil.rmtree, _SESSION_CACHE[0], True)


def pytest_sessionfinish(session, exitstatus) -> None:
    if _OUTSIDE_READS:
        import sys

        sys.stderr.write("tests read files outside the repository:\n  "
                         + "\n  ".join(sorted(set(_OUTSIDE_READS))[:20]) + "\n")
        session.exitstatus = 1
