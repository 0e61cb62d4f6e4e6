"""The types of prelude_exc.hs's functions: Control.Exception (GHC 9.0.2, base 4.15), as
Haskell signatures; ``typecheck_env.prelude_env`` reads them with the Prelude's. The class
``Exception`` (superclass Show) has base's instances for its types here and a program's
``instance Exception E`` (instances.py takes it: no methods)."""

#: the types (Show instances: base's, prelude_exc.hs's showsExc#)
EXC_TYCONS = ("SomeException", "ErrorCall", "ArithException", "ArrayException",
              "PatternMatchFail", "IOException", "NonTermination")

EXC_CONSTRUCTOR_SIGS = """ErrorCall :: [Char] -> ErrorCall
Overflow :: ArithException
Underflow :: ArithException
LossOfPrecision :: ArithException
DivideByZero :: ArithException
Denormal :: ArithException
RatioZeroDenominator :: ArithException
IndexOutOfBounds :: [Char] -> ArrayException
UndefinedElement :: [Char] -> ArrayException
PatternMatchFail :: [Char] -> PatternMatchFail
NonTermination :: NonTermination
"""

EXC_SIGS = """throw :: Exception e => e -> a
throwIO :: Exception e => e -> IO a
evaluate :: a -> IO a
catch :: Exception e => IO a -> (e -> IO a) -> IO a
handle :: Exception e => (e -> IO a) -> IO a -> IO a
try :: Exception e => IO a -> IO (Either e a)
onException :: IO a -> IO b -> IO a
finally :: IO a -> IO b -> IO a
bracket :: IO a -> (a -> IO b) -> (a -> IO c) -> IO c
bracket_ :: IO a -> IO b -> IO c -> IO c
displayException :: Exception e => e -> [Char]
"""
