"""Test helpers for scheme authors: record events, run a program with a scheme in-process,
script event streams without a backend, and a pytest fixture.

* ``Recorder``: a plugin that records every hook call (hot batches concatenated per event).
* ``run_program(program, plugins=[...], rts=..., options=...)``: a whole ``profkit run`` in this
  process; returns a ``RunResult`` (status, output, session, events, report files).
* ``EventScript``: a backend-less session driven by hand (alloc, use, update, gc, census...).
* pytest fixtures, registered by installing profkit (entry point ``pytest11``):
  ``profkit_run`` (``run_program`` writing under ``tmp_path``) and ``profkit_script``
  (an ``EventScript`` writing under ``tmp_path``).
"""

from __future__ import annotations

import io
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np

from .heap import CensusView
from .hookspecs import hookimpl
from .kinds import ObjKind
from .tables import CostCentre, Info


@dataclass
class Recorder:
    """Records every hook call (hot batches concatenated per event) for assertions."""

    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    batches: dict[str, list[np.ndarray]] = field(default_factory=dict)

    def _hot(self, name: str, batch: np.ndarray) -> None:
        self.calls.append((name, {"rows": len(batch)}))
        self.batches.setdefault(name, []).append(batch.copy())

    def rows(self, event: str) -> np.ndarray | None:
        parts = self.batches.get(event)
        return np.concatenate(parts) if parts else None

    def names(self) -> list[str]:
        return [c[0] for c in self.calls]

    @hookimpl
    def profkit_session_start(self, session):
        self.calls.append(("session_start", {}))

    @hookimpl
    def profkit_alloc(self, batch):
        self._hot("alloc", batch)

    @hookimpl
    def profkit_use(self, batch):
        self._hot("use", batch)

    @hookimpl
    def profkit_update(self, batch):
        self._hot("update", batch)

    @hookimpl
    def profkit_copy(self, batch):
        self._hot("copy", batch)

    @hookimpl
    def profkit_death(self, batch):
        self._hot("death", batch)

    @hookimpl
    def profkit_gc_start(self, generation, major):
        self.calls.append(("gc_start", {"generation": generation, "major": major}))

    @hookimpl
    def profkit_gc_end(self, generation, major):
        self.calls.append(("gc_end", {"generation": generation, "major": major}))

    @hookimpl
    def profkit_census(self, census):
        self.calls.append(("census", {"era": census.era, "live": len(census),
                                      "bytes": int(census.col("size_bytes").sum())}))

    @hookimpl
    def profkit_tick(self, time, stack):
        self.calls.append(("tick", {"time": time, "stack": stack}))

    @hookimpl
    def profkit_run_end(self):
        self.calls.append(("run_end", {}))

    @hookimpl
    def profkit_session_finish(self, exitstatus):
        self.calls.append(("session_finish", {"exitstatus": exitstatus}))


# ---------------------------------------------------------------------------------------
# Running a program with a scheme in-process


@dataclass
class RunResult:
    """What ``run_program`` gives back: the exit status, the program's output, the session
    (its tables, header and registered ``schemes``), every event (``events``, a Recorder)
    and the report files written into ``outdir``."""

    status: int
    stdout: str
    stderr: str
    session: Any
    events: Recorder
    outdir: Path

    @property
    def reports(self) -> dict[str, str]:
        """Every text file in ``outdir``, by file name."""
        out = {}
        for p in sorted(self.outdir.iterdir()):
            if p.is_file():
                try:
                    out[p.name] = p.read_text()
                except UnicodeDecodeError:
                    continue
        return out

    def report(self, suffix: str) -> str:
        """The text of ``OUTDIR/PROG<suffix>`` (``result.report(".prof")``)."""
        return (self.outdir / (self.session.config.program_name + suffix)).read_text()

    def schemes(self, cls: type | None = None) -> list[Any]:
        """The scheme objects registered for the run (those of class ``cls``)."""
        return [s for s in self.session.schemes if cls is None or isinstance(s, cls)]


def _option_text(value: Any) -> str:
    if value is True or value is False:
        return "1" if value else "0"
    return str(value)


def run_program(
    program: str | os.PathLike[str] | None = None,
    *,
    plugins: Sequence[Any] = (),
    source: str | None = None,
    name: str = "prog.hs",
    flags: Sequence[str] = (),
    rts: Sequence[str] = (),
    options: dict[str, Any] | None = None,
    args: Sequence[str] = (),
    outdir: str | os.PathLike[str] | None = None,
    load_entrypoints: bool = True,
    record: bool = True,
) -> RunResult:
    """Run a program under ``plugins`` in this process, as ``profkit run`` would.

    :param program: the ``.hs``/``.sml`` file; or give ``source`` (program text) and
        ``name`` (its file name, whose extension picks the backend).
    :param plugins: plugin modules (yours, not installed) or scheme objects to register.
    :param flags: ``profkit run`` options before the program (``-fprof-auto``, ``--arch``).
    :param rts: ``+RTS`` flags (``["-p", "-hd"]``).
    :param options: plugin options, ``{"ticky.enable": True}`` (checked as ``-p`` would).
    :param outdir: where reports go (default: a new temporary directory).
    :param load_entrypoints: also load the installed plugins (the backends are plugins too,
        so leave this on unless a plugin supplies its own backend).
    :param record: register the ``Recorder`` (``result.events``). It keeps every event by
        object id, so it also keeps the backend from compacting ids (``profkit_renumber``);
        ``record=False`` runs exactly as ``profkit run`` does (``result.events`` stays empty).

    Plugin modules that are also installed entry points are registered once.
    """
    from .options import parse_run_args
    from .plugin_options import declare, installed_plugins
    from .runner import run

    declare(plugins)
    out_path = Path(outdir if outdir is not None else tempfile.mkdtemp(prefix="profkit-"))
    out_path.mkdir(parents=True, exist_ok=True)
    if source is not None:
        program = out_path / name
        program.write_text(source)
    if program is None:
        raise ValueError("run_program needs a program path or source text")
    argv = ["--outdir", str(out_path), *flags]
    for k, v in (options or {}).items():
        argv += ["-p", f"{k}={_option_text(v)}"]
    argv += [str(program), "+RTS", *rts, "-RTS", *args]
    config = parse_run_args(argv)
    if load_entrypoints:
        installed = {id(p.module) for p in installed_plugins()}
        plugins = tuple(p for p in plugins if id(p) not in installed)
    events = Recorder()
    grab = _SessionGrab()
    stdout, stderr = io.StringIO(), io.StringIO()
    extra = [events, grab] if record else [grab]
    status = run(config, plugins=[*plugins, *extra], stdout=stdout, stderr=stderr,
                 load_entrypoints=load_entrypoints)
    return RunResult(status, stdout.getvalue(), stderr.getvalue(), grab.session, events,
                     out_path)


class _SessionGrab:
    session: Any = None

    @hookimpl(tryfirst=True)
    def profkit_session_start(self, session):
        self.session = session


# ---------------------------------------------------------------------------------------
# Scripted event streams: unit-test a scheme without running a program


class EventScript:
    """A session without a backend, driven by hand: make infos and stacks, allocate, use,
    update, copy and kill objects, collect and census, and the events reach ``plugins``
    exactly as a backend would deliver them (batched, flushed before rare hooks)::

        s = EventScript(MyScheme(config))
        cons = s.info(":", ObjKind.CON)
        a = s.alloc(cons, size_words=3)
        s.gc(promote=[a])          # copy a into generation 1
        s.finish()                 # deaths of everything live, run end, session finish
    """

    def __init__(self, *plugins: Any, options: dict[str, Any] | None = None,
                 program: str = "script.hs", outdir: str = ".", word_bytes: int = 8) -> None:
        from .options import Config
        from .session import Session

        config = Config(program=program, outdir=outdir,
                        plugin_options={k: _option_text(v) for k, v in (options or {}).items()})
        self.session = Session(config, plugins, load_entrypoints=False, stdout=io.StringIO(),
                               isolate=False)
        self.session.word_bytes = word_bytes
        self.live: list[int] = []
        self.gen: dict[int, int] = {}
        self.time = 0.0
        self.session.session_start()

    def info(self, desc: str, kind: ObjKind = ObjKind.CON, type_desc: str = "",
             module: str = "Main") -> int:
        return self.session.tables.infos.intern(Info(desc, type_desc or desc, module, kind))

    def stack(self, *labels: str, module: str = "Main") -> int:
        """The stack MAIN/labels[0]/labels[1]/... (cost centres made as needed)."""
        t = self.session.tables
        s = t.stacks.MAIN
        for label in labels:
            s = t.stacks.push(s, t.ccs.intern(CostCentre(label, module, f"{module}.hs")))
        return s

    def alloc(self, info: int, producer: int = 0, size_words: int = 2) -> int:
        oid = self.session.header.new(info, producer, size_words, self.session.era)
        self.live.append(oid)
        self.gen[oid] = 0
        return oid

    def use(self, obj: int) -> None:
        s = self.session
        s.header.last_use[obj] = s.era
        if s.stager.wants["use"]:
            s.stager.use.append(obj)

    def update(self, obj: int, new_info: int, new_size_words: int | None = None) -> None:
        """Overwrite ``obj`` in place. Pending batches are flushed first: alloc rows are
        read from the header at a flush, and must show the object as it was allocated."""
        s, h = self.session, self.session.header
        s.flush()
        new_size = h.size_words[obj] if new_size_words is None else new_size_words
        if s.stager.wants["update"]:
            s.stager.update.extend((obj, h.info[obj], new_info, h.size_words[obj], new_size))
        h.info[obj] = new_info
        h.size_words[obj] = new_size

    def _die(self, obj: int) -> None:
        s, h = self.session, self.session.header
        if s.stager.wants["death"]:
            s.stager.death.extend((obj, h.info[obj], h.producer[obj], h.size_words[obj],
                                   h.era[obj], h.last_use[obj]))
        self.live.remove(obj)

    def gc(self, *, generation: int = 0, major: bool = False, kill: Sequence[int] = (),
           promote: Sequence[int] = ()) -> None:
        """A collection: ``kill`` die, ``promote`` are copied one generation up."""
        s = self.session
        s.gc_start(generation, major)
        for obj in promote:
            g = self.gen[obj]
            if s.stager.wants["copy"]:
                s.stager.copy.extend((obj, g, g + 1, s.header.size_words[obj]))
            self.gen[obj] = g + 1
        for obj in kill:
            self._die(obj)
        s.gc_end(generation, major)

    def census(self) -> None:
        obj = np.array(self.live, dtype=np.int64)
        gen = np.array([self.gen[o] for o in self.live], dtype=np.int8)
        self.time += 0.1
        s = self.session
        s.census(CensusView(time=self.time, era=s.era, obj=obj, gen=gen, tables=s.tables,
                            header=s.header, word_bytes=s.word_bytes))

    def tick(self, stack: int = 0) -> None:
        self.time += 0.001
        self.session.tick(self.time, stack)

    def finish(self, exitstatus: int = 0) -> Any:
        """Every live object dies, then run end and session finish; returns the session."""
        for obj in list(self.live):
            self._die(obj)
        self.session.run_end()
        self.session.finish(exitstatus)
        return self.session


# ---------------------------------------------------------------------------------------
# pytest plugin: installed with profkit under the ``pytest11`` entry point named
# ``profkit.testing``, so its fixtures are in every test session with no conftest line (an
# older ``pytest_plugins = ["profkit.testing"]`` still works: pytest sees the same name)

try:
    import pytest as _pytest
except ImportError:  # profkit.testing works without pytest; only the fixture needs it
    _pytest = None

if _pytest is not None:

    @_pytest.fixture
    def profkit_run(tmp_path: Path) -> Callable[..., RunResult]:
        """``profkit_run(program, plugins=[...], rts=[...], options={...})``: ``run_program``
        with reports written under the test's ``tmp_path``."""
        counter = iter(range(1 << 30))

        def _run(*a: Any, **kw: Any) -> RunResult:
            kw.setdefault("outdir", tmp_path / f"run{next(counter)}")
            return run_program(*a, **kw)

        return _run

    @_pytest.fixture
    def profkit_script(tmp_path: Path) -> Callable[..., EventScript]:
        """``profkit_script(*schemes, options={...}, word_bytes=8)``: an ``EventScript``
        (a backend-less session driven by hand) whose reports go under ``tmp_path``."""

        def _script(*plugins: Any, **kw: Any) -> EventScript:
            kw.setdefault("outdir", str(tmp_path))
            return EventScript(*plugins, **kw)

        return _script
