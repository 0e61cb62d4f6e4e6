"""A failing third-party plugin does not lose the run: it is named in one line on stderr,
dropped from the run, the other schemes' reports are written and valid, and the exit status
says a plugin failed (5) unless the program itself failed."""

from __future__ import annotations

import sys
import types

import pytest

from profkit.hookspecs import hookimpl
from profkit.isolation import PLUGIN_FAILED_EXIT, is_third_party
from profkit.plugins import ccprof
from profkit.plugins.hpfile import parse_hp
from profkit.plugins.prof_read import parse_text_profile
from profkit.testing import EventScript, run_program
from tests.conftest import REPO

NFIB = REPO / "examples" / "nfib.hs"
# long enough in virtual time for a few censuses at -i0.00002
SUMS = """main :: IO ()
main = print (sum [ x * y | x <- [1 .. 60 :: Int], y <- [x .. 60] ])
"""


def _plugin(hook: str, *, at: int = 1, exc: type[Exception] = ZeroDivisionError):
    """A third-party plugin module whose scheme raises in ``hook`` on call number ``at``."""
    mod = types.ModuleType("thirdparty_failing")

    class Failing:
        calls = 0

    def impl(self, **kw):
        self.calls += 1
        if self.calls == at:
            raise exc(f"boom in {hook}")

    impl.__name__ = hook
    setattr(Failing, hook, hookimpl(impl))
    Failing.__module__ = mod.__name__
    mod.Failing = Failing
    mod.profkit_add_schemes = hookimpl(lambda config: [Failing()])
    mod.profkit_add_schemes.__name__ = "profkit_add_schemes"
    return mod


def _check_reports(r):
    prof = parse_text_profile(r.report(".prof"))
    assert prof.total_alloc > 0
    hp = parse_hp(r.report(".hp"))
    assert len(hp.samples) >= 4


@pytest.mark.parametrize("hook", ["profkit_alloc", "profkit_census", "profkit_gc_end",
                                  "profkit_session_finish", "profkit_session_start"])
def test_failing_scheme_is_named_and_others_report(tmp_path, hook):
    r = run_program(source=SUMS, name="sums.hs",
                    plugins=[_plugin(hook, at=2 if hook == "profkit_alloc" else 1)],
                    rts=["-p", "-hc", "-A8k", "-i0.00002"], outdir=tmp_path)
    assert r.status == PLUGIN_FAILED_EXIT
    lines = r.stderr.splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith(f"profkit: plugin thirdparty_failing.")
    assert f"failed in {hook}: ZeroDivisionError: boom in {hook}" in lines[0]
    assert "Traceback" not in r.stderr
    assert r.stdout == "1711355\n"
    _check_reports(r)


def test_plugin_is_dropped_after_its_failure(tmp_path):
    mod = _plugin("profkit_alloc", at=1)
    r = run_program(NFIB, plugins=[mod], rts=["-p", "-A8k"], outdir=tmp_path)
    (scheme,) = [s for s in r.session.schemes if type(s).__name__ == "Failing"]
    assert scheme.calls == 1  # no further batches reached it
    assert r.stderr.count("\n") == 1


def test_program_failure_keeps_its_own_status(tmp_path):
    src = 'main :: IO ()\nmain = print (head ([] :: [Int]))\n'
    r = run_program(source=src, name="bad.hs", plugins=[_plugin("profkit_run_end")],
                    rts=["-p"], outdir=tmp_path)
    assert r.status == 1
    lines = r.stderr.splitlines()
    assert len(lines) == 2 and "Prelude.head" in lines[0]
    assert "failed in profkit_run_end" in lines[1]
    assert parse_text_profile(r.report(".prof")).total_ticks >= 0


def test_broken_entry_point_is_reported_not_raised(tmp_path, monkeypatch):
    site = tmp_path / "site"
    info = site / "profkit_broken-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: profkit-broken\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[profkit]\nbrokenplug = profkit_broken_mod\n")
    (site / "profkit_broken_mod.py").write_text("raise RuntimeError('cannot start')\n")
    monkeypatch.syspath_prepend(str(site))
    r = run_program(NFIB, rts=["-p"], outdir=tmp_path / "out")
    assert r.status == PLUGIN_FAILED_EXIT
    assert r.stderr.strip() == ("profkit: plugin brokenplug could not be loaded: "
                                "RuntimeError: cannot start (left out of the run; "
                                "the other reports are written)")
    _ = parse_text_profile(r.report(".prof"))
    sys.modules.pop("profkit_broken_mod", None)


def test_profkit_own_code_is_not_guarded():
    # an exception in profkit's own schemes is a bug and keeps its traceback
    assert not is_third_party(ccprof)
    assert not is_third_party(ccprof.CostCentreProfile.__new__(ccprof.CostCentreProfile))
    assert is_third_party(_plugin("profkit_tick"))


def test_event_script_lets_a_scheme_author_see_the_exception():
    mod = _plugin("profkit_session_start")
    with pytest.raises(ZeroDivisionError):
        EventScript(mod.Failing())
