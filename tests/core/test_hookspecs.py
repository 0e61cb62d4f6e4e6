"""Meta-tests in datasette's style: every hook is documented, and every hook is exercised."""

from __future__ import annotations

import inspect
import pathlib
import re

from profkit import hookspecs
from profkit.docs import hook_names, hook_reference

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_every_hook_has_a_docstring_naming_cost_and_parameters():
    for name in hook_names():
        fn = getattr(hookspecs, name)
        doc = inspect.getdoc(fn)
        assert doc, f"{name} has no docstring"
        assert "Cost:" in doc, f"{name}: docstring does not give the cost class"
        for p in inspect.signature(fn).parameters:
            if p in ("session", "config"):
                continue
            assert p in doc, f"{name}: parameter {p!r} is not documented"


def test_hook_reference_lists_every_hook():
    text = hook_reference()
    for name in hook_names():
        assert f"## {name}(" in text


def _spy_class(called: set[str]):
    """A plugin implementing every hookspec, recording which ones were called."""

    def make(name):
        def impl(self, *args):
            called.add(name)

        params = list(inspect.signature(getattr(hookspecs, name)).parameters)
        impl.__signature__ = inspect.Signature(
            [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
            + [inspect.Parameter(p, inspect.Parameter.POSITIONAL_OR_KEYWORD) for p in params]
        )
        impl.__name__ = name
        return hookspecs.hookimpl(impl)

    return type("Spy", (), {n: make(n) for n in hook_names() if n != "profkit_make_backend"})


def test_every_hook_is_exercised(tmp_path):
    """Run the fake backend and the CLI dispatcher with a spy that implements every hook:
    every hook must actually be called by the machinery."""
    import io

    from profkit.options import parse_run_args
    from profkit.runner import run
    from profkit.session import make_plugin_manager

    from .fakes import FakeBackend, FakeBackendPlugin

    called: set[str] = set()
    spy = _spy_class(called)()
    prog = tmp_path / "f.hs"
    prog.write_text("main = print 1\n")
    cfg = parse_run_args(["--outdir", str(tmp_path), str(prog), "+RTS", "-p"])
    backend_plugin = FakeBackendPlugin(FakeBackend())
    run(cfg, plugins=[backend_plugin, spy], stdout=io.StringIO(), load_entrypoints=False)
    called.add("profkit_make_backend")  # the fake backend plugin answered it
    pm = make_plugin_manager()
    pm.register(spy)
    pm.hook.profkit_cli_command(name="nothing", argv=[])
    assert called == set(hook_names())


def test_core_imports_no_backend_and_no_plugin():
    for path in (ROOT / "core").rglob("*.py"):
        text = path.read_text()
        assert not re.search(r"^\s*(from|import)\s+profkit\.(backends|plugins)", text, re.M), path
        assert not re.search(r"^\s*from\s+\.\.?(backends|plugins)", text, re.M), path
