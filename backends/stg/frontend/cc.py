"""Automatic cost centres as GHC 9.0.2 places them (GHC.HsToCore.Coverage).

* ``-fprof-auto`` ("all"): every source function or value binding, top-level or local, gets
  a cost centre named by its declaration path (``main.a``, ``work.go.acc'``); a pattern
  binding is named ``(...)``; a lambda gets ``path.\\`` with the span of its body. Bindings
  count entries.
* ``-fprof-auto-top`` ("top"): top-level bindings only.
* ``-fprof-auto-exported`` ("exported"): the top-level bindings the module exports (all of
  them without an export list; ``main`` alone without a module header).
* ``-fprof-auto-calls`` ("calls"): every application or operator application that is not in
  function position gets a cost centre named by the enclosing declaration path, with the
  span of the application, counting no entries.
The declaration path always grows through named bindings (in every mode), and through
lambdas only under ``-fprof-auto``.
"""

from __future__ import annotations

from .. import ir
from . import syntax as S

MODES = (None, "all", "top", "exported", "calls")
#: local bindings the front end makes for GHC's dictionary code (traversable.py's
#: superclass selection): no cost centre
NO_CC = frozenset({"sg#"})


class AutoCC:
    def __init__(self, mode: str, file: str, module: str = "Main",
                 exports: list[str] | None = None, inline: frozenset[str] = frozenset()):
        self.mode = mode
        self.inline = inline  # bindings with an INLINE pragma: no note (GHC's -fprof-auto)
        self.exports = exports  # ("exported": None, every top-level binding)
        self.file = file
        self.module = module
        self.calls = mode == "calls"

    def _cc(self, label: str, span: S.Span) -> ir.CostCentre:
        return ir.CostCentre(label, self.module, S.format_span(self.file, span))

    def binding_cc(self, path: list[str], name: str, span: S.Span) -> ir.CostCentre | None:
        if name in self.inline or name in NO_CC:
            return None
        if self.mode == "all":
            return self._cc(".".join(path + [name]), span)
        if self.mode == "top" and not path or self.mode == "exported" and not path and (
                self.exports is None or name in self.exports):
            return self._cc(name, span)
        return None

    def lambda_cc(self, path: list[str], body_span: S.Span
                  ) -> tuple[ir.CostCentre | None, list[str]]:
        if self.mode == "all":
            new_path = path + ["\\"]
            return self._cc(".".join(new_path), body_span), new_path
        return None, path

    def call_cc(self, path: list[str], span: S.Span) -> ir.CostCentre:
        return self._cc(".".join(path), span)


def caf_cc(name: str, file: str, name_span: S.Span) -> ir.CostCentre:
    """-fprof-cafs: ``CAF:name`` with the span of the binder's name (``fg.hs:13:1-4``)."""
    return ir.CostCentre(f"CAF:{name}", "Main", S.format_span(file, name_span), True)
