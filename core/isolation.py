"""Third-party plugins cannot lose a run.

A scheme installed from another package is code profkit does not control. When one of its
hook implementations raises, that plugin is reported in one line (its name, the hook, the
exception), unregistered so it sees no further events, and the run goes on: the program
still runs to its end and every other scheme still writes its report. The run's exit status
then says that a plugin failed (``PLUGIN_FAILED_EXIT``) unless the program itself failed.

profkit's own modules (``profkit.*``) are not guarded: an exception there is a profkit bug
and keeps its traceback. A third-party entry point that cannot even be imported is reported
the same way and left out.
"""

from __future__ import annotations

import importlib.metadata
import os
import traceback
from dataclasses import dataclass
from typing import Any, Callable

import pluggy

from .errors import ProfkitError

#: exit status of a run in which a third-party plugin failed (the program itself ran)
PLUGIN_FAILED_EXIT = 5


@dataclass
class PluginFailure:
    plugin: str      # the plugin's registered name (entry-point name or class name)
    where: str       # the hook that raised, or "import"
    error: str       # ``Type: message``
    trace: str       # the formatted traceback, shown with PROFKIT_TRACEBACK=1

    def one_line(self) -> str:
        what = "could not be loaded" if self.where == "import" else f"failed in {self.where}"
        return (f"profkit: plugin {self.plugin} {what}: {self.error} "
                f"(left out of the run; the other reports are written)")


def is_third_party(plugin: Any) -> bool:
    """True for plugins whose code is not profkit's own (modules or scheme objects)."""
    name = getattr(plugin, "__name__", None) if _is_module(plugin) else type(plugin).__module__
    name = name or ""
    return not (name == "profkit" or name.startswith("profkit."))


def _is_module(obj: Any) -> bool:
    return type(obj).__name__ == "module"


def _describe(e: BaseException) -> str:
    text = " ".join(str(e).split())
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


class PluginGuard:
    """Wraps the hook implementations of third-party plugins of one plugin manager."""

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self.pm = pm
        self.failures: list[PluginFailure] = []
        self._guarded: set[int] = set()

    def guard(self, plugin: Any) -> None:
        """Wrap each hook implementation of ``plugin`` (if third-party) once."""
        if id(plugin) in self._guarded or not is_third_party(plugin):
            return
        self._guarded.add(id(plugin))
        for caller in self.pm.get_hookcallers(plugin) or ():
            for impl in caller.get_hookimpls():
                if impl.plugin is plugin and not (impl.hookwrapper or impl.wrapper):
                    impl.function = self._wrap(plugin, caller.name, impl.function)

    def guard_all(self) -> None:
        for _name, plugin in self.pm.list_name_plugin():
            if plugin is None:  # a blocked name
                continue
            self.guard(plugin)

    def _wrap(self, plugin: Any, hook: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def guarded(*args: Any) -> Any:
            try:
                return fn(*args)
            except (KeyboardInterrupt, SystemExit, MemoryError, ProfkitError):
                raise  # a ProfkitError is the plugin's deliberate one-line refusal
            except Exception as e:
                self.fail(plugin, hook, e)
                return None
        guarded.__wrapped__ = fn  # type: ignore[attr-defined]
        return guarded

    def fail(self, plugin: Any, hook: str, e: BaseException) -> None:
        name = self.pm.get_name(plugin) or ""
        if not name or name.isdigit():  # pluggy names unnamed plugins by their id()
            name = (plugin.__name__ if _is_module(plugin)
                    else f"{type(plugin).__module__}.{type(plugin).__qualname__}")
        self.failures.append(PluginFailure(name, hook, _describe(e), traceback.format_exc()))
        if self.pm.is_registered(plugin):
            self.pm.unregister(plugin)

    def load_entrypoints(self, group: str) -> None:
        """``PluginManager.load_setuptools_entrypoints`` with import failures of
        third-party plugins reported instead of raised (profkit's own still raise)."""
        seen: set[str] = set()
        for dist in list(importlib.metadata.distributions()):
            for ep in dist.entry_points:
                if ep.group != group or ep.name in seen:
                    continue
                seen.add(ep.name)
                if self.pm.get_plugin(ep.name) is not None or self.pm.is_blocked(ep.name):
                    continue
                ours = ep.value.split(":")[0].startswith("profkit.")
                try:
                    plugin = ep.load()
                    self.pm.register(plugin, name=ep.name)
                except Exception as e:
                    if ours:
                        raise
                    self.failures.append(PluginFailure(ep.name, "import", _describe(e),
                                                       traceback.format_exc()))

    def report(self, stderr: Any) -> None:
        """One line per failure on ``stderr`` (and the tracebacks if asked for)."""
        show = os.environ.get("PROFKIT_TRACEBACK") not in (None, "", "0")
        for f in self.failures:
            if show:
                print(f.trace.rstrip(), file=stderr)
            print(f.one_line(), file=stderr)
