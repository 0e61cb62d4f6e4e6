from __future__ import annotations

import io

import pytest

from profkit.errors import UsageError
from profkit.hookspecs import hookimpl
from profkit.options import parse_run_args
from profkit.runner import run
from profkit.session import Session
from profkit.testing import Recorder

from .fakes import FakeBackend, FakeBackendPlugin


@pytest.fixture
def prog(tmp_path):
    p = tmp_path / "f.hs"
    p.write_text("main = print 1\n")
    return p


def _run(prog, tmp_path, backend, *plugins):
    cfg = parse_run_args(["--outdir", str(tmp_path), str(prog)])
    out, err = io.StringIO(), io.StringIO()
    status = run(cfg, plugins=[FakeBackendPlugin(backend), *plugins], stdout=out, stderr=err,
                 load_entrypoints=False)
    return status, out.getvalue(), err.getvalue()


def test_events_arrive_in_flush_order_and_every_object_dies_once(prog, tmp_path):
    # GIVEN a recorder listening to every hook
    rec = Recorder()
    status, out, _ = _run(prog, tmp_path, FakeBackend(), rec)
    # THEN the run succeeded and printed the program's output
    assert status == 0 and out == "done\n"
    names = rec.names()
    assert names[0] == "session_start"
    # batches are flushed before the rare hook that follows them, alloc first
    i = names.index("gc_start")
    assert names[:i] == ["session_start", "alloc", "use", "update"]
    j = names.index("gc_end")
    assert names[i + 1:j] == ["copy", "death"]
    assert names[j + 1:] == ["tick", "census", "death", "run_end", "session_finish"]
    deaths = rec.rows("death")["obj"]
    assert sorted(deaths.tolist()) == sorted(rec.rows("alloc")["obj"].tolist())
    census = dict(rec.calls)["census"]
    assert census == {"era": 1, "live": 1, "bytes": 24}


def test_era_advances_after_each_census(prog, tmp_path):
    rec = Recorder()
    backend = FakeBackend()
    _run(prog, tmp_path, backend, rec)
    # the object that survived to the end died with its creation era 1; nothing later
    assert rec.rows("death")["era"].tolist() == [1, 1]


def test_hot_events_nobody_listens_to_are_not_staged(tmp_path):
    cfg = parse_run_args([str(tmp_path / "x.hs")])
    s = Session(cfg, load_entrypoints=False)
    assert s.stager.wants == {e: False for e in ("alloc", "use", "update", "copy", "death")}

    class OnlyDeaths:
        @hookimpl
        def profkit_death(self, batch):
            pass

    s2 = Session(cfg, [OnlyDeaths()], load_entrypoints=False)
    assert s2.stager.wants["death"] and not s2.stager.wants["use"]


def test_a_failing_program_still_finishes_the_session(prog, tmp_path):
    rec = Recorder()
    status, out, err = _run(prog, tmp_path, FakeBackend(fail=True), rec)
    assert status == 1
    assert err == "fake: Prelude.head: empty list\n"
    assert rec.names()[-2:] == ["run_end", "session_finish"]
    assert rec.calls[-1][1] == {"exitstatus": 1}


def test_schemes_are_instantiated_only_when_selected(prog, tmp_path):
    made = []

    class SchemeModule:
        @hookimpl
        def profkit_add_schemes(self, config):
            if config.rts.prof:
                made.append(Recorder())
                return [made[-1]]
            return None

    cfg = parse_run_args([str(prog)])
    Session(cfg, [SchemeModule()], load_entrypoints=False)
    assert made == []
    cfg = parse_run_args([str(prog), "+RTS", "-p"])
    s = Session(cfg, [SchemeModule()], load_entrypoints=False)
    assert len(made) == 1 and s.schemes == made


def test_misspelt_hook_is_caught_at_start_up(tmp_path):
    class Typo:
        @hookimpl
        def profkit_alocate(self, batch):
            pass

    import pluggy

    with pytest.raises(pluggy.PluginValidationError):
        Session(parse_run_args([str(tmp_path / "x.hs")]), [Typo()], load_entrypoints=False)


def test_missing_program_file_is_a_usage_error(tmp_path):
    with pytest.raises(UsageError, match="no such file"):
        run(parse_run_args([str(tmp_path / "nope.hs")]), load_entrypoints=False)


def test_configure_hook_sees_the_config(prog):
    seen = []

    class P:
        @hookimpl
        def profkit_configure(self, config):
            seen.append(config.program_name)

    Session(parse_run_args([str(prog)]), [P()], load_entrypoints=False)
    assert seen == ["f"]


def test_source_errors_are_one_line_even_when_they_quote_several():
    from profkit.errors import SourceError

    e = SourceError("bad name: -} f 27\n   b = {-# SCC", "m.hs", 16, 11)
    assert e.one_line() == "m.hs:16:11: error: bad name: -} f 27 b = {-# SCC"


def test_session_time_is_the_backends_virtual_time(tmp_path):
    s = Session(parse_run_args([str(tmp_path / "x.hs")]), load_entrypoints=False)
    assert s.time == 0.0  # no backend yet

    class Clocked:
        def virtual_time(self):
            return 0.25

    s.backend = Clocked()
    assert s.time == 0.25


def test_stager_put_keeps_rows_in_order_with_the_flat_ones():
    """Rows staged whole (``Stager.put``, the end-of-run deaths) come out after what was
    staged flat before them and before what is staged after."""
    import numpy as np

    from profkit.events import DEATH_DTYPE, Stager

    s = Stager({"death": True})
    s.death.extend((1, 2, 3, 4, 5, 6))
    rows = np.zeros(2, dtype=DEATH_DTYPE)
    rows["obj"], rows["size_words"] = [7, 8], [3, 4]
    s.put("death", rows)
    s.death.extend((9, 0, 0, 2, 0, 0))
    out = s.take("death")
    assert list(out["obj"]) == [1, 7, 8, 9] and list(out["size_words"]) == [4, 3, 4, 2]
    assert s.take("death") is None
