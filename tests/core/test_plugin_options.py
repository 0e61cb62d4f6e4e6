"""Typed plugin options: ``-p name.key=value`` checked against each plugin's declaration."""

from __future__ import annotations

import io
import pathlib
import tomllib

import pytest

from profkit import cli
from profkit.errors import UsageError
from profkit.options import Config, parse_run_args
from profkit.plugin_options import (
    Option,
    PluginOptions,
    installed_plugins,
    known_declarations,
    parse_bool,
    profkit_cli_command,
    schemes_text,
)
from profkit.runner import run

from .fakes import FakeBackend, FakeBackendPlugin

ROOT = pathlib.Path(__file__).resolve().parents[2]

# a declaration made in-process, as a third-party plugin module would at import time
DEMO = PluginOptions(
    "optdemo",
    Option("enable", bool, False, "turn the demo on"),
    Option("depth", int, 3, "how deep"),
    Option("ratio", float, 0.5, "a ratio"),
    Option("mode", str, "fast", "how", choices=("fast", "slow")),
    Option("label", str, "", "free text"),
    help="options of the tests",
)


@pytest.mark.parametrize("text,value", [
    ("1", True), ("true", True), ("Yes", True), ("on", True),
    ("0", False), ("FALSE", False), ("no", False), ("off", False)])
def test_booleans_accept_the_usual_spellings(text, value):
    assert parse_bool(text) is value


def test_values_are_typed_with_defaults_filled_in():
    cfg = parse_run_args(["-p", "optdemo.depth=0x10", "-p", "optdemo.enable=yes",
                          "-p", "optdemo.label=a=b", "x.hs"])
    opts = DEMO.values(cfg)
    assert opts.depth == 16 and opts.enable is True and opts.ratio == 0.5
    assert opts.mode == "fast" and opts["label"] == "a=b"
    # the raw dictionary keeps normalised strings, for code that reads it directly
    assert cfg.plugin_options["optdemo.enable"] == "1"
    assert DEMO.enabled(cfg) and not DEMO.enabled(Config(program="x.hs"))


@pytest.mark.parametrize("spec,message", [
    ("tikcy.enable=1", "unknown plugin 'tikcy' (plugins with options:"),
    ("optdemo.enabel=1", "plugin 'optdemo' has no option 'enabel' (its options: depth, enable"),
    ("optdemo.depth=deep", "bad value for int option"),
    ("optdemo.ratio=x", "bad value for float option"),
    ("optdemo.enable=maybe", "expected one of 0, 1, true, false, yes, no"),
    ("optdemo.mode=medium", "expected one of fast, slow"),
    ("optdemo=1", "-p takes name.key=value or no:name"),
    ("optdemo.depth", "-p takes name.key=value or no:name"),
])
def test_bad_plugin_options_are_refused_in_one_line(spec, message):
    with pytest.raises(UsageError) as e:
        parse_run_args(["-p", spec, "x.hs"])
    assert message in str(e.value) and "\n" not in str(e.value)


def test_unknown_plugin_error_lists_the_built_in_ones():
    with pytest.raises(UsageError) as e:
        parse_run_args(["-p", "nosuch.x=1", "x.hs"])
    for name in ("ccprof", "heapprof", "ldvu", "retainer", "stg", "optdemo"):
        assert name in str(e.value)


def test_declarations_are_checked_when_made():
    with pytest.raises(TypeError):
        Option("n", int, "3")
    with pytest.raises(TypeError):
        Option("n", list, [])
    with pytest.raises(ValueError):
        Option("mode", str, "medium", choices=("fast", "slow"))
    with pytest.raises(ValueError):
        PluginOptions("a.b")
    assert Option("ratio", float, 1).parse("2.5") == 2.5


def test_a_config_built_without_the_command_line_is_checked_too():
    cfg = Config(program="x.hs", plugin_options={"optdemo.dpeth": "1"})
    with pytest.raises(UsageError, match="no option 'dpeth'"):
        DEMO.values(cfg)


def test_cli_exits_2_with_a_profkit_message(capsys):
    assert cli.main(["run", "-p", "tikcy.enable=1", "x.hs"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("profkit: -p tikcy.enable=1: unknown plugin 'tikcy'")


def test_every_namespace_has_enable_and_enable_0_blocks_its_plugin():
    cfg = parse_run_args(["-p", "ccprof.enable=0", "-p", "stg.con_use=false", "x.hs"])
    assert "ccprof" in cfg.disabled_plugins
    assert cfg.plugin_options["stg.con_use"] == "0"  # what the STG machine reads
    cfg = parse_run_args(["-p", "ccprof.enable=0", "-p", "ccprof.enable=1", "x.hs"])
    assert "ccprof" not in cfg.disabled_plugins
    assert parse_run_args(["-p", "no:render", "x.hs"]).disabled_plugins == {"render"}


def _run_fake(tmp_path, *argv):
    tmp_path.mkdir()
    prog = tmp_path / "f.hs"
    prog.write_text("main = print 1\n")
    cfg = parse_run_args(["--outdir", str(tmp_path), *argv, str(prog), "+RTS", "-p"])
    status = run(cfg, plugins=[FakeBackendPlugin(FakeBackend())], stdout=io.StringIO())
    return status, (tmp_path / "f.prof").exists()


def test_enable_0_really_turns_a_selected_scheme_off(tmp_path):
    assert _run_fake(tmp_path / "a") == (0, True)
    assert _run_fake(tmp_path / "b", "-p", "ccprof.enable=0") == (0, False)
    assert _run_fake(tmp_path / "c", "-p", "ccprof.enable=yes") == (0, True)


def test_declarations_are_found_through_the_installed_entry_points():
    names = {p.name for p in installed_plugins()}
    assert {"ccprof", "heapprof", "ldvu", "retainer", "stg", "mlworks"} <= names
    decls = known_declarations()
    assert decls["stg"].options["con_use"].default is True
    assert "stg" in decls["stg"].plugin_names
    assert decls["gcstats"].options["file"].type is str


def test_profkit_schemes_lists_plugins_options_types_defaults_and_help(capsys):
    assert profkit_cli_command("schemes", []) == 0
    out = capsys.readouterr().out
    assert "ccprof: profkit.plugins.ccprof" in out
    assert "-p stg.KEY=VALUE" in out
    assert "con_use" in out and "bool" in out and "GHC's pointer-tagging" in out
    assert "optdemo" in out and "fast|slow" in out  # declared in-process: listed too
    assert profkit_cli_command("plugins", []) == 0  # the name for it
    assert profkit_cli_command("render", []) is None
    with pytest.raises(UsageError):
        profkit_cli_command("schemes", ["extra"])
    assert "depth" in schemes_text(plugins=[], extra=[])


def test_the_schemes_command_is_registered_as_an_entry_point():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())
    eps = meta["project"]["entry-points"]["profkit"]
    assert eps["schemes"] == "profkit.plugin_options"
