"""Typed plugin options: what ``-p name.key=value`` may say, declared by each plugin.

A plugin declares its options once, at module level, under a *namespace* (normally its entry
point name)::

    from profkit.plugin_options import Option, PluginOptions

    PROFKIT_OPTIONS = PluginOptions(
        "ticky",
        Option("enable", bool, False, "count ticky-ticky counters"),
        Option("top", int, 0, "print only the N biggest rows (0: all)"),
        help="ticky-ticky style counters per closure",
    )

and reads typed values with ``PROFKIT_OPTIONS.values(config)`` (``.enable`` is a bool,
``.top`` an int, defaults filled in). profkit finds declarations in two ways: the
``PROFKIT_OPTIONS`` attribute (a ``PluginOptions`` or a list of them) of every module of the
``profkit`` entry-point group, and every ``PluginOptions`` constructed in the process (so a
plugin module imported by a test, and registered through the session API, is known too).

``profkit run`` checks each ``-p`` value as it is collected (``collect``): an unknown
namespace or key, or a value of the wrong type, is a ``UsageError`` naming the valid ones
(``profkit: ...``, exit 2). Every namespace has a boolean ``enable`` option even when it does
not declare one (default true): ``-p NAME.enable=0`` turns the plugin off like ``-p no:NAME``.
Values are kept in ``Config.plugin_options`` as normalised strings (booleans ``"1"``/``"0"``)
so that code reading the raw dictionary keeps working.

Also the ``profkit schemes`` subcommand (alias ``profkit plugins``): every installed plugin with
its hooks and options (this module is a plugin for that one hook).
"""

from __future__ import annotations

import importlib.metadata
import inspect
import sys
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Iterable, Sequence

from .errors import UsageError
from .hookspecs import hookimpl

ENTRY_POINT_GROUP = "profkit"  # the same group as session.ENTRY_POINT_GROUP
DECLARATION_ATTR = "PROFKIT_OPTIONS"

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")
_TYPES = (bool, int, float, str)


def parse_bool(text: str) -> bool:
    """``1/true/yes/on`` -> True, ``0/false/no/off`` -> False (any case); else ValueError."""
    t = text.strip().lower()
    if t in _TRUE:
        return True
    if t in _FALSE:
        return False
    raise ValueError(text)


@dataclass(frozen=True)
class Option:
    """One option of a plugin: ``-p NAMESPACE.key=value``.

    :param key: the option's name (letters, digits, ``_``).
    :param type: ``bool``, ``int``, ``float`` or ``str``.
    :param default: the value when the option is not given (of ``type``).
    :param help: one line for ``profkit schemes``.
    :param choices: for ``str`` options, the accepted values (None: any).
    """

    key: str
    type: type = str
    default: Any = None
    help: str = ""
    choices: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if self.type not in _TYPES:
            raise TypeError(f"option {self.key!r}: type must be bool, int, float or str")
        if not self.key.replace("_", "").isalnum():
            raise ValueError(f"bad option name {self.key!r}")
        d = self.default
        # a wrong default would only show when a user leaves the option out: refuse it now
        if d is not None and not (isinstance(d, self.type) or (self.type is float
                                                                and isinstance(d, int))):
            raise TypeError(f"option {self.key!r}: default {d!r} is not a {self.type.__name__}")
        if self.choices and d is not None and d not in self.choices:
            raise ValueError(f"option {self.key!r}: default {d!r} is not one of its choices")

    @property
    def type_name(self) -> str:
        if self.choices:
            return "|".join(self.choices)
        return self.type.__name__

    def parse(self, text: str) -> Any:
        """The typed value of ``text``; ValueError with a reason if it is not one."""
        if self.type is bool:
            try:
                return parse_bool(text)
            except ValueError:
                raise ValueError("expected one of 0, 1, true, false, yes, no") from None
        if self.type is int:
            try:
                return int(text, 0)
            except ValueError:
                raise ValueError("expected an integer") from None
        if self.type is float:
            try:
                return float(text)
            except ValueError:
                raise ValueError("expected a number") from None
        if self.choices and text not in self.choices:
            raise ValueError(f"expected one of {', '.join(self.choices)}")
        return text

    def normalise(self, value: Any) -> str:
        """The string stored in ``Config.plugin_options`` for a typed value."""
        if self.type is bool:
            return "1" if value else "0"
        return str(value)


class OptionValues:
    """Typed option values of one namespace: attributes (``opts.top``) and ``opts["top"]``."""

    def __init__(self, namespace: str, values: dict[str, Any]) -> None:
        self._namespace = namespace
        self.__dict__.update(values)

    def __getitem__(self, key: str) -> Any:
        return self.__dict__[key]

    def as_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_")}

    def __repr__(self) -> str:
        return f"OptionValues({self._namespace!r}, {self.as_dict()!r})"


ENABLE_HELP = "0 turns the plugin off (as -p no:NAME)"

#: every declaration constructed in this process, by namespace (the latest wins, so that
#: re-importing a module replaces its declaration)
_DECLARED: dict[str, PluginOptions] = {}


class PluginOptions:
    """The declared options of one plugin namespace (``-p NAMESPACE.key=value``)."""

    def __init__(self, namespace: str, *options: Option, help: str = "") -> None:
        if not namespace or "." in namespace or ":" in namespace:
            raise ValueError(f"bad plugin namespace {namespace!r}")
        self.namespace = namespace
        self.help = help
        self.options: dict[str, Option] = {}
        for o in options:
            if o.key in self.options:
                raise ValueError(f"{namespace}: option {o.key!r} declared twice")
            self.options[o.key] = o
        if "enable" not in self.options:
            self.options["enable"] = Option("enable", bool, True, ENABLE_HELP)
        #: entry-point names of the plugin modules that declare this namespace (filled when
        #: the entry points are scanned); ``-p NAMESPACE.enable=0`` blocks them
        self.plugin_names: set[str] = set()
        _DECLARED[namespace] = self

    def option(self, key: str, spec: str = "") -> Option:
        """The declared option ``key``; UsageError listing the valid keys if there is none
        (``spec``: the ``-p`` argument, for the message)."""
        o = self.options.get(key)
        if o is None:
            raise UsageError(
                f"-p {spec or self.namespace + '.' + key}: plugin {self.namespace!r} has no "
                f"option {key!r} "
                f"(its options: {', '.join(sorted(self.options))})")
        return o

    def values(self, config: Any) -> OptionValues:
        """Typed values of this namespace's options in ``config`` (defaults filled in).

        Raises UsageError for an undeclared key of this namespace or a bad value, also when
        the Config was built without the command line."""
        raw = getattr(config, "plugin_options", {}) or {}
        out = {k: o.default for k, o in self.options.items()}
        prefix = self.namespace + "."
        for name, text in raw.items():
            if name.startswith(prefix):
                key = name[len(prefix):]
                out[key] = _parse_value(self.option(key), name, str(text))
        return OptionValues(self.namespace, out)

    def enabled(self, config: Any) -> bool:
        """The value of the ``enable`` option (declared, or the implicit one)."""
        return bool(self.values(config).enable)

    def __repr__(self) -> str:
        return f"PluginOptions({self.namespace!r}, {', '.join(self.options)})"


def _parse_value(option: Option, name: str, text: str) -> Any:
    try:
        return option.parse(text)
    except ValueError as e:
        raise UsageError(f"-p {name}={text}: bad value for {option.type_name} option ({e})") \
            from None


# ------------------------------------------------------------------------ discovery


@dataclass
class InstalledPlugin:
    """One module of the ``profkit`` entry-point group, as ``profkit schemes`` lists it."""

    name: str  # the entry point's name (what ``-p no:NAME`` blocks)
    value: str  # ``module`` or ``module:attr``
    distribution: str  # the installed distribution that registers it
    module: Any  # the loaded object, None if loading failed
    error: str = ""  # why loading failed

    @property
    def declarations(self) -> list[PluginOptions]:
        return declarations_of(self.module)

    @property
    def hooks(self) -> list[str]:
        if self.module is None:
            return []
        return sorted(n for n, v in vars(self.module).items()
                      if n.startswith("profkit_") and callable(v)
                      and hasattr(v, "profkit_impl"))


def declarations_of(plugin: Any) -> list[PluginOptions]:
    """The ``PROFKIT_OPTIONS`` of a plugin module or object, as a list."""
    d = getattr(plugin, DECLARATION_ATTR, None)
    if d is None:
        return []
    if isinstance(d, PluginOptions):
        return [d]
    return [x for x in d if isinstance(x, PluginOptions)]


def installed_plugins() -> list[InstalledPlugin]:
    """Every module of the ``profkit`` entry-point group, loaded (importing a plugin module
    is what ``profkit run`` does anyway), in entry-point name order."""
    out = []
    seen: set[str] = set()
    for ep in sorted(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP),
                     key=lambda e: e.name):
        if ep.name in seen:
            continue
        seen.add(ep.name)
        dist = ep.dist.name if getattr(ep, "dist", None) is not None else "?"
        try:
            module = ep.load()
        except Exception as e:  # a broken third-party plugin must not hide the others
            out.append(InstalledPlugin(ep.name, ep.value, dist, None, f"{type(e).__name__}: {e}"))
            continue
        for d in declarations_of(module):
            d.plugin_names.add(ep.name)
        out.append(InstalledPlugin(ep.name, ep.value, dist, module))
    return out


_scanned = False


def known_declarations(*, load_entrypoints: bool = True) -> dict[str, PluginOptions]:
    """Every declaration known: those of installed plugins (loaded once per process) and
    those constructed in this process, by namespace."""
    global _scanned
    if load_entrypoints and not _scanned:
        installed_plugins()
        _scanned = True
    return dict(sorted(_DECLARED.items()))


def declare(plugins: Iterable[Any]) -> None:
    """Make the declarations of extra plugin modules/objects known (constructing a
    ``PluginOptions`` already does this; this is for declarations built elsewhere)."""
    for p in plugins:
        for d in declarations_of(p):
            _DECLARED[d.namespace] = d


def plugin_names() -> set[str]:
    """What ``-p no:NAME`` may name: the entry points of the ``profkit`` group (not loaded)
    and the namespaces and plugin names of the declarations known in this process."""
    names = {ep.name for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)}
    for namespace, d in _DECLARED.items():
        names.add(namespace)
        names.update(d.plugin_names)
    return names


# ------------------------------------------------------------------------ the -p flag


def collect(config: Any, spec: str) -> None:
    """Check one ``-p`` argument against the known declarations and store it in ``config``:
    ``no:NAME`` disables a plugin, ``NAME.key=value`` sets an option (normalised), and
    ``NAME.enable=0`` also disables the plugins that declare ``NAME``."""
    if spec.startswith("no:"):
        if not spec[3:]:
            raise UsageError("-p no: needs a plugin name")
        names = plugin_names()
        if spec[3:] not in names:
            raise UsageError(f"-p {spec}: no plugin named {spec[3:]!r} is installed "
                             f"(installed: {', '.join(sorted(names))})")
        config.disabled_plugins.add(spec[3:])
        return
    name, eq, text = spec.partition("=")
    namespace, dot, key = name.partition(".")
    if not eq or not dot or not namespace or not key:
        raise UsageError(f"-p takes name.key=value or no:name, not {spec!r}")
    decls = known_declarations()
    d = decls.get(namespace)
    if d is None:
        raise UsageError(f"-p {spec}: unknown plugin {namespace!r} (plugins with options: "
                         f"{', '.join(decls) or 'none'}; 'profkit schemes' lists them)")
    option = d.option(key, spec)
    value = _parse_value(option, name, text)
    config.plugin_options[name] = option.normalise(value)
    if key == "enable":
        names = {namespace} | d.plugin_names
        if value:
            config.disabled_plugins.difference_update(names)
        else:
            config.disabled_plugins.update(names)


# ------------------------------------------------------------------------ profkit schemes


def _summary(doc: str, width: int = 96) -> str:
    """The first sentence of a docstring's first paragraph, on one line."""
    para = " ".join(doc.split("\n\n")[0].split())
    end = para.find(". ")
    text = para if end < 0 else para[: end + 1]
    return text if len(text) <= width else text[: width - 3] + "..."


def _scheme_lines(decl: PluginOptions) -> list[str]:
    lines = [f"  -p {decl.namespace}.KEY=VALUE" + (f"   {decl.help}" if decl.help else "")]
    for o in decl.options.values():
        default = o.normalise(o.default) if o.default is not None else ""
        shown = default if default else '""'
        lines.append(f"      {o.key} ({o.type_name}, default {shown}): {o.help}")
    return lines


def schemes_text(plugins: Sequence[InstalledPlugin] | None = None,
                 extra: Iterable[Any] = ()) -> str:
    """The ``profkit schemes`` listing: each installed plugin module (and each of ``extra``),
    its distribution, the hooks it implements at module level, and its options."""
    plugins = installed_plugins() if plugins is None else plugins
    out = ["profkit plugins (entry-point group 'profkit'); set options with "
           "-p NAME.KEY=VALUE, turn a plugin off with -p no:NAME", ""]
    listed: set[str] = set()
    rows: list[tuple[str, str, Any, str]] = [
        (p.name, f"{p.value}  [{p.distribution}]", p.module, p.error) for p in plugins]
    rows += [(getattr(m, "__name__", type(m).__name__), "registered in-process", m, "")
             for m in extra]
    for name, where, module, error in rows:
        out.append(f"{name}: {where}")
        if error:
            out.append(f"  failed to load: {error}")
        doc = inspect.getdoc(module) if isinstance(module, ModuleType) else None
        if doc and not any(d.help for d in declarations_of(module)):
            out.append("  " + _summary(doc))
        for d in declarations_of(module):
            listed.add(d.namespace)
            out.extend(_scheme_lines(d))
        out.append("")
    others = [d for n, d in sorted(_DECLARED.items()) if n not in listed]
    if others:
        out.append("declared in this process:")
        for d in others:
            out.extend(_scheme_lines(d))
        out.append("")
    return "\n".join(out)


@hookimpl
def profkit_cli_command(name: str, argv: list[str]) -> int | None:
    if name not in ("schemes", "plugins"):
        return None
    if argv and argv[0] in ("-h", "--help"):
        sys.stdout.write("usage: profkit schemes   list installed plugins, their schemes' "
                         "options, types, defaults and help\n")
        return 0
    if argv:
        raise UsageError(f"profkit {name} takes no arguments")
    sys.stdout.write(schemes_text())
    return 0
