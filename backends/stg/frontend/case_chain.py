"""The simplifier's steps on a ``case`` whose scrutinee is a note, a one-alternative case or
a thunk used there, as GHC 9.0.2 -O0 takes them after inlining (issue 18; known_con.py's
walk calls ``scrutinee_chain`` on each pattern match and each ``seq``).

queuesim's ``let s' = step s; (_, _, q', _) = s' in sizeQ q' `seq` run (n - 1) s'`` is, once
``sizeQ`` is inlined, ``case scc<sizeQ> (case q' of Queue f b -> ..) of sq -> .. s' ..``.
GHC's Core of ``run`` (-ddump-simpl) is ``tick<sizeQ> tick<run.q'> tick<run.(...)> case
<step's body> of wild2 { (,,,) _ _ q' _ -> case q' of Queue f b -> case scc<sizeQ> .. of
_ -> run (n - 1) wild2 }``: no thunk for ``s'``, the pattern or ``q'``. The steps:

* a note around a case scrutinised (``case (scc<f> case x of alts1) of alts2``): the note's
  count on ``x``, its scope in ``alts1`` (GHC's simplTick pushes it inside, Note
  [case-of-scc-of-case]);
* a note around a variable (not a function: a scrutinee is data) costs nothing but its
  count (mkTick keeps a counting note's count, drops a scope-only one): the counts are made
  counting notes of ``()`` around the case, the variable left bare. Notes met together
  stay nested (``scctick<run.s'> tick<step> s``: a note on a note keeps its scope, so
  step's entry is counted under run.s', as GHC's tree shows it);
* case of case when the inner case has one alternative: ``case (case x of K vs -> e) of
  alts`` is ``case x of K vs -> case e of alts`` (nothing is duplicated);
* a thunk scrutinised there: its uses in the alternatives are the case binder's (binder
  swap, also on a ``seq``'s case), and a thunk then used once is its code in place
  (known_con's ``binder_swap`` and ``used_once``); the steps repeat on the code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import ir
from .notes import push_note

if TYPE_CHECKING:
    from .known_con import Known, _Walk


def is_seq(name: str, seqs: set[str]) -> bool:
    """Is ``name`` the binder of a ``seq``'s case (or of an inlined copy's)?"""
    return name.split("~")[0] in seqs


def scrutinee_chain(walk: "_Walk", e: ir.Case, known: dict[str, "Known"]
                    ) -> tuple[list[list[ir.SCC]], ir.Case]:
    """The counts to make around the case (each a chain of notes), and the case (``e`` or
    the case it became)."""
    counts: list[list[ir.SCC]] = []
    for _ in range(100):  # (each step removes a note, a case or a thunk)
        notes: list[ir.SCC] = []
        s = e.scrut
        while isinstance(s, ir.SCC):
            notes.append(s)
            s = s.body
        if notes and isinstance(s, ir.App) and not s.args:
            if any(n.count for n in notes):
                counts.append(notes)
            e.scrut = s
            continue
        if isinstance(s, ir.Case) and s.alts:
            if notes:  # the notes' counts on the inner scrutinee, their scope in its alts
                scrut = s.scrut
                for n in reversed(notes):
                    scrut = ir.SCC(n.cc, scrut, n.count)
                s.scrut = scrut
                for alt in s.alts:
                    for n in reversed(notes):
                        alt.body = ir.SCC(n.cc, alt.body, False)
                    alt.body = push_note(alt.body)
                if s.default is not None:
                    for n in reversed(notes):
                        s.default = ir.SCC(n.cc, s.default, False)
                    s.default = push_note(s.default)
                e.scrut = s
            if len(s.alts) == 1 and s.default is None:
                alt = s.alts[0]
                alt.body = ir.Case(alt.body, e.binder, e.alts, e.default, e.fail_msg)
                e = s
                continue
            break
        if notes or not isinstance(s, ir.App) or s.args:
            break
        walk.binder_swap(e)
        out = walk.used_once(s, known)
        if out is s:
            break
        e.scrut = out
    return counts, e


def count_only(counts: list[list[ir.SCC]], e: ir.Expr) -> ir.Expr:
    """``e`` after the entries ``counts`` counts (the chains of notes around ``()``)."""
    for notes in reversed(counts):
        unit: ir.Expr = ir.ConApp("()", [])
        for n in reversed(notes):
            unit = ir.SCC(n.cc, unit, n.count)
        e = ir.Case(unit, "_", [], e)
    return e
