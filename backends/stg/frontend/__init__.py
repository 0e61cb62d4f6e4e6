"""Stage 1 of the STG backend: the Haskell-subset front end.

In: Haskell source text (and ``prelude.hs``, the Prelude written in the subset). Out: an STG
``ir.Program`` (``profkit.backends.stg.ir``) with GHC's automatic cost centres placed, or a
one-line ``SourceError``.

Modules, in pipeline order: ``lexer`` -> ``layout`` (the layout rule) -> ``parser`` /
``parser_expr`` -> ``rename`` (scopes, fixities) -> ``sugar`` (do, comprehensions,
sequences) -> ``desugar`` / ``desugar_app`` / ``binds`` / ``match`` (A-normal STG, explicit
allocation, pattern matching) with ``cc`` (automatic cost centres) and ``deriving`` (derived
Show/Eq/Ord methods) -> ``stgpass`` (free variables) -> ``pipeline`` (the entry point). Nothing here knows about the machine.
"""

from .pipeline import compile_program

__all__ = ["compile_program"]
