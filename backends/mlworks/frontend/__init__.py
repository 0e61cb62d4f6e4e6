"""Stage 1 of the MLWorks backend: the Standard ML front end.

In: SML source text (and ``basis.sml``, the Basis subset written in SML, compiled in front of
every program). Out: an ``ir.Program`` (``profkit.backends.mlworks.ir``), closure-converted and
first-order, or a one-line ``SourceError``.

Modules, in pipeline order: ``lexer`` -> ``parser`` (SML's infix resolution) -> ``typecheck``
(algorithm W over ``types``) -> ``match`` (pattern compilation) -> ``lower`` / ``lowerprims``
(closure conversion, data representation, the builtins) -> ``pipeline`` (the entry points).
Nothing here knows about machine code, the runtime or profiling.
"""

from .pipeline import compile_sml, infer_sml

__all__ = ["compile_sml", "infer_sml"]
