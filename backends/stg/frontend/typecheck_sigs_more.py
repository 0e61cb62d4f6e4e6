"""The types of prelude_more.hs's functions (GHC 9.0.2's, base 4.15), as Haskell
signatures; ``typecheck_env.prelude_env`` reads them with the Prelude's."""

MORE_SIGS = """
"""
