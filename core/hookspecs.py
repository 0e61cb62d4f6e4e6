"""Every event of profkit, in one module: the contract between runtimes and profiling schemes.

Hooks are pluggy hooks of the project ``profkit``. An implementation may take any subset of
the parameters (pluggy passes by name), so events can grow parameters without breaking
plugins. Cost classes:

* **set-up**: once per run.
* **hot, batched**: one call per *batch* of objects (numpy structured arrays); the batch is
  flushed before any rare hook and at the end, in the order alloc, use, update, copy, death.
  A backend stages a hot event only if some plugin implements its hook.
* **rare**: one call per occurrence (a GC, a census, a timer tick, the end of the run).

Which backend emits what is said per hook: ``stg`` is the modelled STG machine,
``mlworks`` the emulated MLWorks runtime.

The small integers in batches are ids into ``session.tables`` (``info``: InfoTable,
``producer``/``stack``: StackTable) and object ids (``obj``): dense header indexes, 0, 1,
2... in allocation order, never reused in a run, unchanged by updates and GC moves, so a
scheme keeps per-object state in arrays indexed by ``obj``. ``profkit.scheme`` (re-exported
from ``profkit``) names them (``info_name``, ``stack_text``), says where reports go
(``output_path``) and declares options; ``docs/writing-schemes.md`` is the tutorial.

**What a backend keeps per object depends on what schemes read.** The STG machine keeps an
object's *current* info (a thunk entered is a BLACKHOLE, then an IND) only when some plugin
implements ``profkit_use``, ``_update``, ``_copy``, ``_death``, ``_census`` or
``_gc_start``/``_end``; and its *last use* (the ``last_use`` column of the header, of death
rows and of censuses, written at every entry and case scrutiny) only when some plugin
implements ``profkit_use``, ``profkit_update`` or ``profkit_death``, or declares the
attribute ``needs_last_use = True`` (a plain attribute on the plugin or scheme object, read
when the program is loaded, before ``profkit_session_start``). A census-only scheme (the
``-hc``/``-hd``/``-hy`` profile, ``-hr``) thus does not pay for use tracking; one that reads
``census.col("last_use")`` without implementing those hooks must set the attribute, or it
sees 0 (never used) for every object. The MLWorks backend follows the same rule
(``Session.reads_last_use``): its code is instrumented to record uses, and the header keeps
``last_use``, for ``-hb`` and whenever some plugin reads last use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    import numpy as np

    from .heap import CensusView
    from .options import Config
    from .session import Session

hookspec = pluggy.HookspecMarker("profkit")
hookimpl = pluggy.HookimplMarker("profkit")

# ----------------------------------------------------------------------------------- set-up


@hookspec
def profkit_configure(config: Config) -> None:
    """Called once after the command line is parsed and before the backend is made.

    Cost: set-up. Emitted by: the session, for every backend.

    :param config: the parsed options (``config.rts`` holds GHC-style ``+RTS`` flags,
        ``config.compile`` the compile-time flags, ``config.plugin_options`` the
        ``-p name.key=value`` settings, already checked against the plugins' declared
        options and normalised; read them typed with ``PluginOptions.values(config)``).
        A scheme may raise ``UsageError`` for a bad combination of flags.
    """


@hookspec
def profkit_add_schemes(config: Config) -> list[Any] | None:
    """Return the scheme objects this plugin module contributes for this run, or None.

    Cost: set-up. Called on every plugin module (built-in ones and those found through the
    ``profkit`` entry-point group alike) after ``profkit_configure``. A module looks at the
    options and instantiates only the schemes the user selected (``+RTS -p`` selects the
    cost-centre profile, ``-hc`` the heap profile, ...); the session registers each returned
    object as a plugin, so schemes implement the event hooks as methods.

    :param config: the parsed options.
    """


@hookspec(firstresult=True)
def profkit_make_backend(config: Config, path: str) -> Any:
    """Return a backend object able to run the program at ``path``, or None to decline.

    Cost: set-up. The first non-None result is used. Built-in backends choose by the file's
    extension (``.hs`` -> stg, ``.sml`` -> mlworks) unless ``config.backend`` names one.

    :param config: the parsed options.
    :param path: the program's source file.
    """


@hookspec
def profkit_session_start(session: Session) -> None:
    """Called once before the program starts running, after the backend has loaded the
    program and filled the session's tables with what is known statically (cost centres,
    info tables, code items).

    Cost: set-up. Emitted by: stg, mlworks.

    :param session: the session; ``session.tables``, ``session.header``, ``session.config``.
    """


@hookspec
def profkit_session_finish(session: Session, exitstatus: int) -> None:
    """Called once at the very end, after ``profkit_run_end``: write reports here (into
    ``profkit.output_path(session, ".suffix")``: ``--outdir`` and the program's name).

    Also called when the program failed (``exitstatus`` != 0), so that everything collected
    so far is written and valid. Cost: set-up. Emitted by: stg, mlworks.

    :param session: the session.
    :param exitstatus: the program's exit status (0 on success).
    """


@hookspec(firstresult=True)
def profkit_cli_command(name: str, argv: list[str]) -> int | None:
    """Run the ``profkit NAME ...`` subcommand if this plugin provides it; return its exit
    status, or None if ``name`` is not this plugin's.

    Cost: set-up (called only for subcommands core does not know, such as ``render``).

    :param name: the subcommand.
    :param argv: its arguments.
    """


# ----------------------------------------------------------------------------------- hot


@hookspec
def profkit_alloc(session: Session, batch: np.ndarray) -> None:
    """Objects were allocated.

    Cost: hot, batched. Emitted by: stg (every heap object the machine allocates: constructors,
    thunks, functions, PAPs, boxed literals), mlworks (every object allocated by ML code
    through an inline allocation sequence or a runtime allocation; an object gets its id
    when the runtime first sees it: at its allocation record when producers are recorded,
    else at the first collection that finds it, in address order).

    :param batch: a numpy structured array (``profkit.header.ALLOC_DTYPE``), one row per
        object in allocation order, describing the object as it was allocated. Columns:

        - ``obj`` (int64): the object's id, a dense header index: objects are numbered
          0, 1, 2... in allocation order, so ids in a batch are consecutive and follow those
          of the previous batch. Never reused in a run; kept by updates and by GC moves.
        - ``info`` (int32): InfoTable id (``session.tables.infos[info]``, or
          ``profkit.info_name``): what was allocated. stg: the closure's or constructor's
          info; mlworks: the object kind or what the runtime knows of the allocation site.
        - ``producer`` (int32): StackTable id of who allocated it (``profkit.stack_text``).
          stg: the current cost-centre stack; mlworks: the one-frame stack of the allocating
          function when the space-profiling patches record producers (a scheme that names
          objects by producer turns them on), else -1 (unknown).
        - ``size_words`` (int32): size in words of ``session.word_bytes`` bytes (stg: 8-byte
          words without the profiling header, as GHC counts; mlworks: 4-byte words, as
          MLWorks's heap counts them).
        - ``era`` (int32): the LDV creation era (number of censuses so far + 1).
    """


@hookspec
def profkit_use(session: Session, batch: np.ndarray) -> None:
    """Objects were used: entered (thunks, functions) or scrutinised by a case (constructors).

    Cost: hot, batched (one row per use; the same object may appear many times). Emitted by:
    stg (entry of a thunk, function or PAP; case scrutiny of a constructor); mlworks (not
    emitted: uses of native objects are not observable without instrumenting every load).
    The LDV ``last_use`` header column is kept up to date by the backend whenever some
    plugin implements this hook, ``profkit_update`` or ``profkit_death``, or declares
    ``needs_last_use = True``; without one of them the STG machine writes no last use at
    all (a census-only ``-hc``/``-hd`` run, a plain ``-p``) and ``last_use`` reads 0. An
    object's current info after an update is kept when some plugin implements any of those
    hooks, ``profkit_copy``, ``profkit_census`` or ``profkit_gc_start``/``_end`` (see the
    module docstring).

    :param batch: a numpy structured array (``profkit.events.USE_DTYPE``), one row per use in
        the order they happened. Columns:

        - ``obj`` (int64): the id of the object used (as in ``profkit_alloc``).
    """


@hookspec
def profkit_update(session: Session, batch: np.ndarray) -> None:
    """Objects were overwritten in place: a thunk became a blackhole, a blackhole became an
    indirection or a value. In the LDVU seed's words this is the death of the old closure and
    the creation of a new one at the same place; ``obj`` keeps its id.

    Cost: hot, batched. Emitted by: stg (blackholing on thunk entry, update on return);
    mlworks (not emitted: ML has no updatable objects; ``:=`` mutates a ref, whose object
    is unchanged).

    :param batch: a numpy structured array (``profkit.events.UPDATE_DTYPE``), one row per
        update in the order they happened (an object updated twice in a batch has two rows,
        the second's ``old_info`` being the first's ``new_info``). Columns:

        - ``obj`` (int64): the id of the object overwritten (unchanged by the update).
        - ``old_info`` (int32): InfoTable id of the closure before the update (the thunk's
          info, or BLACKHOLE's for the update that ends an evaluation).
        - ``new_info`` (int32): InfoTable id after it (BLACKHOLE, IND, or the value's info).
        - ``old_size_words`` (int32): size before, in ``session.word_bytes`` words.
        - ``new_size_words`` (int32): size after.
    """


@hookspec
def profkit_copy(session: Session, batch: np.ndarray) -> None:
    """Objects were copied by a collection, within a generation (aging) or into an older one
    (promotion).

    Cost: hot, batched. Emitted by: stg (the modelled generational collector), mlworks (the
    Cheney collector, one row per object evacuated).

    :param batch: a numpy structured array (``profkit.events.COPY_DTYPE``), one row per object
        copied, during the collection announced by ``profkit_gc_start``. Columns:

        - ``obj`` (int64): the id of the object copied (ids do not change when objects move).
        - ``from_gen`` (int16): the generation it was in (0 = nursery / creation space).
        - ``to_gen`` (int16): the generation it is copied into; ``to_gen > from_gen`` is a
          promotion, ``to_gen == from_gen`` aging within a generation.
        - ``size_words`` (int32): its size in ``session.word_bytes`` words.
    """


@hookspec
def profkit_death(session: Session, batch: np.ndarray) -> None:
    """Objects were found dead by a collection, or are declared dead at the end of the run
    (GHC's LdvCensusKillAll), with their header as it was.

    Cost: hot, batched. Emitted by: stg, mlworks. Every allocated object gets exactly one
    death row by the end of the run (objects overwritten by an update keep their id and die
    once).

    :param batch: a numpy structured array (``profkit.events.DEATH_DTYPE``), one row per object
        found dead, with its header as it was at its death. Columns:

        - ``obj`` (int64): the id of the dead object.
        - ``info`` (int32): InfoTable id of what it was at its death (after any updates: an
          updated thunk dies as an IND or as its value).
        - ``producer`` (int32): StackTable id of who allocated it.
        - ``size_words`` (int32): its size at death, in ``session.word_bytes`` words.
        - ``era`` (int32): its LDV creation era.
        - ``last_use`` (int32): the LDV era of its last use, 0 if never used. stg: from
          entries and case scrutinies (kept because this hook is implemented); mlworks:
          from the use table when the code is instrumented for uses (else 0).
    """


# ----------------------------------------------------------------------------------- rare


@hookspec
def profkit_renumber(session: Session, kept: np.ndarray) -> None:
    """The backend compacted its header: the surviving objects were renumbered.

    Cost: rare (at a major collection, when at least three quarters of the ids allocated so
    far, or of those allocated since the last compaction, are dead; and, on a run with no
    collector model where no scheme listens to uses,
    updates, copies, deaths or censuses, every 65,536 allocations with ``kept`` empty: the
    ids of delivered alloc rows are forgotten). Emitted by: stg. Staged batches were
    flushed just before, so every row delivered earlier names an old id and every later
    row a new one. A scheme that implements any of
    ``profkit_alloc``/``use``/``update``/``copy``/``death`` and not this hook keeps
    compaction off for the whole run (``profkit.scheme`` says more).

    :param kept: int64, sorted: the old ids of the objects still live, and possibly of
        objects already dead (a *generational* compaction keeps the ids numbered by the
        previous compaction as they are, ``kept`` then starts with ``0, 1, 2, ...``, dead
        ones included while they are few: do not take ``len(kept)`` as the live count).
        The object that had id ``kept[k]`` now has id ``k``; every other old id is gone
        (those objects were given their death rows, as were the dead ones in ``kept``:
        no later row names them); objects allocated from now on get ids from
        ``len(kept)``. ``profkit.scheme.ObjectColumn.keep(kept)`` renumbers a column.
    """



@hookspec
def profkit_gc_start(session: Session, generation: int, major: bool) -> None:
    """A collection of generations ``0..generation`` starts.

    Cost: rare. Emitted by: stg, mlworks. ``session.profiler_collection`` is True when the
    backend collects for a profiler's own bookkeeping rather than for the program (the
    MLWorks space profiler's flush at the end of the run); a scheme that counts the
    program's collections leaves those out.

    :param generation: the oldest generation being collected (0 = the nursery / creation
        space only).
    :param major: True when every generation is collected (always so before a census).
    """


@hookspec
def profkit_gc_end(session: Session, generation: int, major: bool) -> None:
    """The collection that started with ``profkit_gc_start`` is over; its copy and death
    batches have been flushed.

    Cost: rare. Emitted by: stg, mlworks.

    :param generation: as in ``profkit_gc_start``.
    :param major: as in ``profkit_gc_start``.
    """


@hookspec
def profkit_census(session: Session, census: CensusView) -> None:
    """A heap census: a consistent view of the live heap right after a major collection.

    Cost: rare (one per ``-i`` interval of virtual time). Emitted by: stg, mlworks. The era
    (``census.era``) advances after all implementations have run.

    :param census: a ``profkit.heap.CensusView``: the live objects as aligned columns,
        ``census.obj`` (int64 ids) and ``census.gen`` (int8 generation), and by name with
        ``census.col(name)``: the header columns ``info``, ``producer``, ``size_words``,
        ``era``, ``last_use`` (int32, as the object is now; ``last_use`` is kept only
        for a run where some plugin reads last use, see the module docstring: a census-only
        scheme that reads it sets ``needs_last_use = True``), the info-derived ``desc``,
        ``type``, ``module`` (int32 string-table ids) and ``kind`` (int8 ObjKind), and
        ``size_bytes`` (int64). ``census.time`` is the
        virtual time, ``census.era`` the census number; ``census.graph`` is the heap graph
        if ``session.needs_graph`` was set by some scheme at session start.
    """


@hookspec
def profkit_tick(session: Session, time: float, stack: int) -> None:
    """The virtual timer ticked (every ``tick interval`` of virtual time, 1 ms by default as
    in GHC 9.0.2).

    Cost: rare. Emitted by: stg (``stack`` = the current cost-centre stack), mlworks
    (``stack`` = the one-frame stack of the function the program counter is in).

    :param time: virtual seconds since the start.
    :param stack: a StackTable id.
    """


@hookspec
def profkit_run_end(session: Session) -> None:
    """The program has finished (or failed). Death rows for every object still live have been
    flushed just before. Schemes finish their computations here; they write files in
    ``profkit_session_finish``.

    Cost: rare (once). Emitted by: stg, mlworks.
    """
