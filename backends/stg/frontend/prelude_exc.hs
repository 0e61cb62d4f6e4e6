-- Control.Exception, part of the Prelude module (appended to the other Prelude files; its
-- primitives and the catch frames are machine/exceptions.py). An exception value at run
-- time is the exception itself (a SomeException is its inner value: the machine is
-- dynamically typed); a handler's type is a tag the checker's types give
-- (directed_exc.py): the type's name as an Int (exceptions.tag_name), "SomeException"
-- catching every exception.

-- ------------------------------------------------------------------ the exception types
data ErrorCall = ErrorCall [Char]
data ArithException = Overflow | Underflow | LossOfPrecision | DivideByZero | Denormal
  | RatioZeroDenominator
data ArrayException = IndexOutOfBounds [Char] | UndefinedElement [Char]
data PatternMatchFail = PatternMatchFail [Char]
data IOException = IOError [Char]
data NonTermination = NonTermination

-- base's Show instances (showsPrec ignores the precedence); a program's exception type:
-- its own Show instance
showsExc# d e s = case e of
  ErrorCall m -> case prim "excLoc#" e of Just loc -> m ++ excShowLoc# loc s
  Overflow -> prim "excLit#" 0 s
  Underflow -> prim "excLit#" 1 s
  LossOfPrecision -> prim "excLit#" 2 s
  DivideByZero -> prim "excLit#" 3 s
  Denormal -> prim "excLit#" 4 s
  RatioZeroDenominator -> prim "excLit#" 5 s
  IndexOutOfBounds m -> prim "excLit#" 6 (excDetail# m s)
  UndefinedElement m -> prim "excLit#" 7 (excDetail# m s)
  PatternMatchFail m -> m ++ s
  IOError m -> m ++ s
  NonTermination -> prim "excLit#" 8 s
  _ -> showsPrec d e s
excShowLoc# loc s = case loc of
  [] -> s
  _ -> '\n' : (loc ++ s)
excDetail# m s = if null m then s else prim "excLit#" 9 (m ++ s)
displayException e = showsExc# 0 e ""
showException# e = showsExc# 0 e ""

-- ------------------------------------------------------------------ throwing
-- error and errorWithoutStackTrace (prelude.hs): an ErrorCall of the message and location
-- (throwErr# makes it of the pair's fields, unforced; the String printed if uncaught);
-- errCallStack# charges base's HasCallStack and -prof call-stack work (exceptions.py)
raiseErr# msg loc = prim "throwErr#" (msg, loc) (msg ++ excShowLoc# loc "")
-- (caught or not, it shows the -prof call stack a -prof binary adds: GHC 9.0.2's uncaught
-- `error' prints its "CallStack (from -prof):" lines, shapes/partial23.stderr)
errorLoc# msg loc = case prim "errCallStack#" 0 of
  !k -> let full = loc ++ excProf# k in
        prim "throwErr#" (msg, full) (msg ++ excShowLoc# full "")
excProf# k = if k < 0 then [] else prim "excProf#" k
-- throw# raises the value; its String (lazy: GHC's SomeException box) is printed if nothing
-- catches it. throwIO's arity is base's with the Exception dictionary (a PAP of two)
throw e = prim "throw#" e (showException# e)
throwIO = throwIOAt# 0
throwIOAt# d e w = prim "throw#" e (showException# e)
evaluate x w = case x of !v -> IO# w v

-- ------------------------------------------------------------------ catching
-- catch# pushes a catch frame for the tag's type and runs the action; an exception of that
-- type unwinds to it and the handler runs. The kinds (exceptions.py): 0 catch and handle
-- (base's handler' closure, fromException's Just), 1 try (its Right and Left are built
-- here), 2 onException (the handler is an action run before the exception goes on), 3
-- bracket's (the handler a function of the resource).
-- catch, handle and try are the directed pass's catchAt# TAG (a PAP, as base's functions
-- applied to their dictionary).
catchAt# tag act h w = prim "catch#" act h tag 0 w
handleAt# tag h act w = prim "catch#" act h tag 0 w
tryAt# tag act w = prim "catch#" (tryRight# act) tryLeft# tag 1 w
tryRight# act w = case act w of IO# w' v -> IO# w' (Right v)
tryLeft# e w = IO# w (Left e)
-- at a type the checker leaves open: every exception
catch = catchAt# 0
handle = handleAt# 0
try = tryAt# 0
onException act what w = prim "catch#" act what 0 2 w
finally act sequel w = case prim "excCost#" 40 of
  () -> case onException act sequel w of
    IO# w1 r -> case sequel w1 of IO# w2 _ -> IO# w2 r
-- bracket's handler is `after a' (kind 3: a not forced, the last argument)
bracket before after thing w = case before w of
  IO# w1 a -> case prim "catchA#" (thing a) after w1 a of
    IO# w2 r -> case after a w2 of IO# w3 _ -> IO# w3 r
bracket_ before after thing w = case prim "excCost#" 120 of
  () -> case before w of
    IO# w1 _ -> case onException thing after w1 of
      IO# w2 r -> case after w2 of IO# w3 _ -> IO# w3 r
