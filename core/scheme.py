"""The scheme author's API: everything a profiling scheme needs besides the hooks themselves.

A *scheme* is an object whose methods implement event hooks (``core/hookspecs.py``; ``profkit
hooks`` prints the reference). A *plugin module* (registered under the ``profkit``
entry-point group) declares its options and returns scheme objects from
``profkit_add_schemes``. ``docs/writing-schemes.md`` is the tutorial; this module is the API:

* ``Scheme``: an optional base class that ties a scheme to its declared options
  (``Scheme.add_schemes(config)`` instantiates it when its ``enable`` option is on) and knows
  where its report goes (``output_path``).
* names for the small integers hot batches carry: ``info_name`` / ``info_description`` /
  ``info_kind`` (an ``info`` column value: what an object is), ``stack_names`` /
  ``stack_text`` (a ``producer`` or tick ``stack``: who allocated, as a cost-centre stack;
  on MLWorks a one-frame stack of the allocating function);
* where reports go: ``output_dir``, ``program_name``, ``output_path`` (``--outdir`` and the
  program's name as GHC's reports print it);
* per-object state: ``ObjectColumn``.

**Object ids.** The ``obj`` of every batch row and census column is a *dense header index*:
the backend gives each object it allocates the next integer from 0 (its row in
``session.header``), in allocation order, and never reuses an id during a run. An update
(thunk -> blackhole -> value) keeps the id. So a scheme keeps per-object state in a numpy
array indexed by ``obj`` that grows with the alloc batches (``ObjectColumn``), not in a dict.
Ids are not addresses: they do not change when a collection moves an object. The header
columns hold each object's *current* state (an updated thunk's ``info`` is its new info);
a scheme that needs what an object was at allocation keeps it from the alloc rows.
**Compaction.** On a long run the STG backend compacts its header at a major collection
(when at least three quarters of its ids are dead): the live objects are renumbered
``0..L-1`` in their old order, the dead ids are forgotten, and allocation continues from
``L``. Later compactions may be generational (when three quarters of the ids allocated
since the last one are dead): the ids the last one numbered stay as they are, a few of
them already dead, and only newer survivors are renumbered. The
``profkit_renumber(session, kept)`` hook says so (``kept``: the sorted old ids it keeps,
which may name objects already dead that no later row names; old id ``kept[k]`` is now
``k``); ``ObjectColumn.keep(kept)`` does it for a
column. Batches are flushed just before, so no row in flight names an old id. A scheme that
implements a per-object hook (alloc, use, update, copy, death) and not ``profkit_renumber``
turns compaction off for the whole run, so a scheme written for dense, never-reused ids
stays right (it then pays the memory of every id ever allocated).

**The session** (every hook's ``session``) is what a scheme reads besides batches:
``session.config`` (the options: ``Config``), ``session.tables`` (``infos``, ``ccs``,
``stacks``: what ids name), ``session.header`` (objects' current header columns),
``session.word_bytes``, ``session.era`` (the LDV era), ``session.time`` (virtual seconds
now), and ``session.needs_graph`` (set it in ``profkit_session_start`` to get
``census.graph``).

**Units.** ``size_words`` counts words of ``session.word_bytes`` bytes (8 on the STG machine,
GHC's 64-bit words without the profiling header; 4 on MLWorks). Times are virtual seconds.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from .kinds import CLOSURE_TYPE_NAMES, ObjKind
from .plugin_options import Option, OptionValues, PluginOptions

if TYPE_CHECKING:
    from .options import Config
    from .session import Session
    from .tables import Info

__all__ = [
    "InfoName", "ObjectColumn", "Option", "OptionValues", "PluginOptions", "Scheme",
    "info_description", "info_kind", "info_name", "info_names", "kind_name", "output_dir",
    "output_path", "program_name", "stack_names", "stack_text",
]


# ------------------------------------------------------------------------ infos


@dataclass(frozen=True)
class InfoName:
    """What an ``info`` id stands for, in words.

    ``name``: the closure description GHC's ``-hd`` prints (``":"``, ``"I#"``,
    ``"<Main.sat_s1>"``; on MLWorks the object kind, or what its allocation site builds
    (``"SOME"``, ``"::"``, ``"(,)"``, ``"f[p.sml:3]"``) when a scheme asked for names:
    ``Scheme.needs_info_names``, ``-hd``, ``-hy``); ``type``: the type description
    (``-hy``); ``module``: the defining module; ``kind``: the ``ObjKind``; ``kind_name``:
    its GHC closure-type name (``CON`` for constructors, ``THUNK``, ``FUN``, ``PAP``,
    ``IND``, ...).
    """

    id: int
    name: str
    type: str
    module: str
    kind: ObjKind
    kind_name: str

    def __str__(self) -> str:
        where = f" ({self.module})" if self.module else ""
        return f"{self.name}{where} ({self.kind_name.lower()})"


def _info(session: Session, info: int) -> Info:
    return session.tables.infos[int(info)]


def kind_name(kind: ObjKind | int) -> str:
    """GHC's closure-type name of a kind: ``CON``, ``FUN``, ``PAP``, ``THUNK``, ``IND``..."""
    k = ObjKind(int(kind))
    return "CON" if k == ObjKind.CON else CLOSURE_TYPE_NAMES.get(k, k.name)


def info_name(session: Session, info: int) -> str:
    """The closure description of an ``info`` id (``-hd``'s band name)."""
    return _info(session, info).desc


def info_kind(session: Session, info: int) -> ObjKind:
    """The ``ObjKind`` of an ``info`` id."""
    return _info(session, info).kind


def info_description(session: Session, info: int) -> InfoName:
    """Everything the info table says of an ``info`` id, as an ``InfoName``."""
    i = _info(session, info)
    return InfoName(int(info), i.desc, i.type_desc, i.module, i.kind, kind_name(i.kind))


def info_names(session: Session, infos: np.ndarray) -> list[str]:
    """``info_name`` of every element of an integer array (one table lookup per distinct
    id, so it is cheap on a whole batch column)."""
    uniq, inv = np.unique(np.asarray(infos), return_inverse=True)
    names = [info_name(session, int(u)) for u in uniq]
    return [names[k] for k in inv.tolist()]


# ------------------------------------------------------------------------ stacks


def stack_names(session: Session, stack: int, *, qualified: bool = True) -> list[str]:
    """The cost centres of a ``producer`` (or tick ``stack``) id, outermost first, without
    MAIN: ``["Main.main", "Main.nfib"]`` (``qualified=False``: ``["main", "nfib"]``). The
    MAIN stack itself (id 0) gives ``[]``. On MLWorks a producer is the allocating function,
    a one-element list; -1 (a producer the backend did not record) gives ``[]`` too."""
    stacks = session.tables.stacks
    ccs = session.tables.ccs
    out = []
    for cc in reversed(stacks.frames(int(stack))):
        c = ccs[cc]
        out.append(f"{c.module}.{c.label}" if qualified and c.module else c.label)
    return out


def stack_text(session: Session, stack: int, *, qualified: bool = True, sep: str = "/") -> str:
    """A producer as one string, ``Main.main/Main.nfib``; ``MAIN`` for the MAIN stack,
    ``???`` for -1 (not recorded: MLWorks without space-profiling patches)."""
    if int(stack) < 0:
        return "???"
    return sep.join(stack_names(session, stack, qualified=qualified)) or "MAIN"


# ------------------------------------------------------------------------ where reports go


def _config(where: Session | Config) -> Config:
    return getattr(where, "config", where)  # a Session has .config; a Config is one


def output_dir(where: Session | Config) -> str:
    """The directory reports go to (``--outdir``, default the current directory)."""
    return _config(where).outdir


def program_name(where: Session | Config) -> str:
    """The program's name as GHC's reports print it: ``nfib`` for ``examples/nfib.hs``."""
    return _config(where).program_name


def output_path(where: Session | Config, suffix: str) -> str:
    """``OUTDIR/PROG<suffix>``: ``output_path(session, ".ticky")`` -> ``./nfib.ticky``."""
    return os.path.join(output_dir(where), program_name(where) + suffix)


# ------------------------------------------------------------------------ per-object state


class ObjectColumn:
    """A growable per-object integer column indexed by ``obj`` (dense header ids).

    ``set(objs, values)`` stores (growing the array as needed, new cells hold ``fill``);
    ``get(objs)`` reads (ids never set read as ``fill``); ``keep(kept)`` renumbers after a
    header compaction (``profkit_renumber``), ``remap(new_ids)`` by a full old->new map.
    Vectorised: pass whole batch columns.
    """

    def __init__(self, dtype: Any = np.int32, fill: int = -1) -> None:
        self.fill = fill
        self.values = np.full(0, fill, dtype=dtype)

    def __len__(self) -> int:
        return len(self.values)

    def _grow(self, n: int) -> None:
        if n > len(self.values):
            size = max(n, 2 * len(self.values), 1024)
            grown = np.full(size, self.fill, dtype=self.values.dtype)
            grown[: len(self.values)] = self.values
            self.values = grown

    def set(self, objs: np.ndarray, values: np.ndarray | int) -> None:
        objs = np.asarray(objs, dtype=np.int64)
        if len(objs):
            self._grow(int(objs.max()) + 1)
            self.values[objs] = values

    def get(self, objs: np.ndarray) -> np.ndarray:
        objs = np.asarray(objs, dtype=np.int64)
        out = np.full(len(objs), self.fill, dtype=self.values.dtype)
        inside = objs < len(self.values)
        out[inside] = self.values[objs[inside]]
        return out

    def keep(self, kept: np.ndarray) -> None:
        """The ``profkit_renumber`` form: old id ``kept[k]`` becomes ``k``, the rest go."""
        kept = np.asarray(kept, dtype=np.int64)
        out = np.full(max(len(kept), 1024), self.fill, dtype=self.values.dtype)
        inside = kept < len(self.values)
        out[: len(kept)][inside] = self.values[kept[inside]]
        self.values = out

    def remap(self, new_ids: np.ndarray) -> None:
        """Renumber: the value of old id ``i`` moves to ``new_ids[i]`` (-1: dropped)."""
        new_ids = np.asarray(new_ids, dtype=np.int64)
        n = min(len(new_ids), len(self.values))
        keep = new_ids[:n] >= 0
        size = int(new_ids[:n][keep].max()) + 1 if keep.any() else 0
        out = np.full(max(size, 1024), self.fill, dtype=self.values.dtype)
        out[new_ids[:n][keep]] = self.values[:n][keep]
        self.values = out


# ------------------------------------------------------------------------ the base class


class Scheme:
    """Optional base class of a scheme object.

    Subclasses set ``options`` (their plugin's ``PluginOptions``) and, if ``enable`` is not
    the only switch, override ``selected``. The plugin module's hook is then one line::

        @hookimpl
        def profkit_add_schemes(config):
            return MyScheme.add_schemes(config)

    The instance has ``config`` and ``opts`` (typed option values, ``opts.top``...).
    Event hooks are methods marked ``@hookimpl`` as usual.
    """

    #: the declared options of the plugin this scheme belongs to
    options: ClassVar[PluginOptions | None] = None
    #: the scheme names objects by their ``info`` (``info_name``, ``info_description``):
    #: a backend that names allocation sites only on demand (MLWorks) then names them, as
    #: for ``-hd``/``-hy`` (read when the program is loaded)
    needs_info_names: ClassVar[bool] = False

    def __init__(self, config: Config, opts: OptionValues | None = None) -> None:
        self.config = config
        if opts is None and self.options is not None:
            opts = self.options.values(config)
        self.opts = opts

    @classmethod
    def selected(cls, config: Config, opts: OptionValues | None) -> bool:
        """Whether the user asked for this scheme; default: its ``enable`` option."""
        return bool(opts.enable) if opts is not None else True

    @classmethod
    def add_schemes(cls, config: Config) -> list[Scheme] | None:
        """The body of ``profkit_add_schemes``: ``[cls(config, opts)]`` when selected."""
        opts = cls.options.values(config) if cls.options is not None else None
        return [cls(config, opts)] if cls.selected(config, opts) else None

    def output_path(self, suffix: str) -> str:
        """``OUTDIR/PROG<suffix>`` for this run."""
        return output_path(self.config, suffix)
