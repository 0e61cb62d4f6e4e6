"""Stage 1 of the STG backend: the Haskell-subset front end.

In: Haskell source text (and ``prelude.hs``, the Prelude written in the subset). Out: an STG
``ir.Program`` (``profkit.backends.stg.ir``) with GHC's automatic cost centres placed, or a
one-line ``SourceError``.

Modules, in pipeline order: ``lexer`` -> ``layout`` (the layout rule) -> ``parser`` /
``parser_expr`` -> ``rename`` (scopes, fixities) -> ``typecheck*`` (the checker) ->
``directed`` (type-directed rewrites: instances and literals by checked type) -> ``sugar``
(do, comprehensions, sequences) -> ``desugar`` / ``desugar_app`` / ``binds`` / ``match``
(A-normal STG, explicit allocation, pattern matching) with ``cc`` (automatic cost centres),
``deriving``/``instances``/``classes`` (derived and declared methods) -> ``stgpass`` (free
variables), ``lne`` (join points) -> ``pipeline`` (the entry point). Nothing here knows about
the machine.
"""

from .pipeline import compile_program

__all__ = ["compile_program"]
