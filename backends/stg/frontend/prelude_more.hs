-- More of base, part of the Prelude module (appended to prelude.hs and containers.hs when
-- it is loaded): System.IO's handles and buffering, System.Exit, and Data.List/Data.Char/
-- Data.Either/Data.Tuple/Control.Monad functions ordinary programs use.

-- ------------------------------------------------------------------ System.IO
-- The standard handles (Handle# 0/1/2: stdin, stdout, stderr). stderr is unbuffered; stdout
-- is written before it when stdout is line-buffered (a terminal's, or hSetBuffering's No/
-- LineBuffering), else held back as GHC's block buffer (machine/prims_io.py); stdin is read
-- from the run's standard input (getContents reads it whole, not lazily as GHC's does).
data Handle = Handle# Int
data BufferMode = NoBuffering | LineBuffering | BlockBuffering (Maybe Int)
stdin = Handle# 0
stdout = Handle# 1
stderr = Handle# 2
hPutStr h s w = case h of
  Handle# k -> if prim "==" k 2 then putErr# s w else putStr s w
putErr# s w = case forceStr# s of !s' -> prim "putErr#" s' w
putErrLn# s w = case putErr# s w of IO# w' _ -> prim "putErr#" newline# w'
hPutStrLn h s w = case h of
  Handle# k -> if prim "==" k 2 then putErrLn# s w else putStrLn s w
hPrint h x w = hPutStrLn h (show x) w
hPrintStr# h x w = hPutStrLn h (showStr# x) w
hPutChar h c w = hPutStr h [c] w
hFlush h w = case h of Handle# k -> prim "hFlush#" k w
hSetBuffering h mode w = case h of
  Handle# k -> case mode of
    NoBuffering -> prim "hSetBuffering#" k 0 w
    LineBuffering -> prim "hSetBuffering#" k 1 w
    BlockBuffering _ -> prim "hSetBuffering#" k 2 w
hGetBuffering h w = case h of
  Handle# k -> IO# w (if prim "==" k 2 then NoBuffering else BlockBuffering Nothing)
hClose h w = case h of Handle# _ -> IO# w ()
getLine w = case prim "getLine#" w of !s -> IO# w s
getChar w = case prim "getChar#" w of !c -> IO# w c
getContents w = case prim "getContents#" w of !s -> IO# w s
isEOF w = case prim "isEOF#" w of !b -> IO# w b
hGetLine h w = case h of Handle# _ -> getLine w
hGetContents h w = case h of Handle# _ -> getContents w
hIsEOF h w = case h of Handle# _ -> isEOF w
interact f w = case getContents w of IO# w' s -> putStr (f s) w'
-- files relative to the current directory (machine/prims_io.py: read whole, GHC reads lazily)
readFile p w = case forceStr# p of !p' -> case prim "readFile#" p' w of !s -> IO# w s
writeFile p s w = fileWrite# 0 p s w
appendFile p s w = fileWrite# 1 p s w
fileWrite# k p s w = case forceStr# p of
  !p' -> case forceStr# s of !s' -> prim "writeFile#" p' s' k w
-- System.IO.Error: an IOError is an IOException (its message: "path: openFile: does not
-- exist (...)", "user error (...)")
ioError e w = prim "throw#" e (showException# e)
userError s = IOError ("user error (" ++ s ++ ")")
isDoesNotExistError e = ioeHas# ": does not exist (" e
isPermissionError e = ioeHas# ": permission denied (" e
isAlreadyExistsError e = ioeHas# ": already exists (" e
isAlreadyInUseError e = ioeHas# ": resource busy (" e
isEOFError e = ioeHas# ": end of file" e
isUserError e = case e of IOError m -> isPrefixOf "user error (" m
ioeHas# t e = case e of IOError m -> isInfixOf t m
-- readLn at the type the checker finds (readshape.read_directed gives the shape):
-- base's getLine >>= readIO, the value parsed when the action runs
readLn w = readLnAt# "I" w
readLnAt# shape w = case getLine w of
  IO# w' s -> case readAt# shape s of !v -> IO# w' v

-- ------------------------------------------------------------------ System.Exit
-- exitWith throws ExitCode; GHC's top handler flushes stdout and exits with its code (the
-- reports are written as at the end of a run)
data ExitCode = ExitSuccess | ExitFailure Int
exitWith code w = case code of
  ExitSuccess -> prim "exit#" 0 w
  ExitFailure n -> case n of
    !k -> if prim "==" k 0
          then errorWithoutStackTrace
                 "Control.Exception.Base.exitWith: invalid argument (ExitFailure 0)"
          else prim "exit#" k w
exitSuccess w = exitWith ExitSuccess w
exitFailure w = exitWith (ExitFailure 1) w

-- ------------------------------------------------------------------ Data.List (base 4.15)
foldl1' f (x:xs) = foldl' f x xs
foldl1' _ [] = badFoldl1'#
scanl' f q ls = scanlGo'# f q ls
scanlGo'# f !q ls = q : (case ls of
                           [] -> []
                           x:xs -> case f q x of !q' -> scanlGo'# f q' xs)
iterate' f x = case f x of !x' -> x : iterate' f x'
-- Data.Traversable's: traverse at lists (foldr of liftA2 (:)) in the StateL/StateR
-- applicatives, as base runs it (the caller passes the dictionaries; nothing specialised)
mapAccumL f s xs = foldr (accumLCons# f) accumNil# xs s
mapAccumR f s xs = foldr (accumRCons# f) accumNil# xs s
accumNil# s = (s, [])
accumLCons# f x ys = stateLiftL# (:) (\s -> f s x) ys
accumRCons# f x ys = stateLiftR# (:) (\s -> f s x) ys
stateLiftL# g kx ky = \s -> let (s', x) = kx s
                                (s'', y) = ky s'
                            in (s'', g x y)
stateLiftR# g kx ky = \s -> let (s', y) = ky s
                                (s'', x) = kx s'
                            in (s'', g x y)
zip4 as bs cs ds = zipWith4 (\a b c d -> (a, b, c, d)) as bs cs ds
zipWith4 z (a:as) (b:bs) (c:cs) (d:ds) = z a b c d : zipWith4 z as bs cs ds
zipWith4 _ _ _ _ _ = []
-- base's lazy pattern ~(as, bs, cs, ds): a selector thunk per component
unzip4 ps = foldr unzip4Go# ([], [], [], []) ps
unzip4Go# (a, b, c, d) r =
  (a : sel41# r, b : sel42# r, c : sel43# r, d : sel44# r)
sel41# (a, _, _, _) = a
sel42# (_, b, _, _) = b
sel43# (_, _, c, _) = c
sel44# (_, _, _, d) = d

-- ------------------------------------------------------------------ Data.Either, Data.Tuple
lefts xs = [a | Left a <- xs]
rights xs = [b | Right b <- xs]
-- base's foldr of left a ~(l, r) = (a : l, r): selector thunks for l and r, the fold's rest
-- a thunk of the list's tail alone (its -O2 loop)
partitionEithers es = case es of
  [] -> ([], [])
  (e:es') -> partitionGo# e (partitionEithers es')
partitionGo# e p = case e of
  Left a -> (a : fst p, snd p)
  Right b -> (fst p, b : snd p)
swap (a, b) = (b, a)

-- ------------------------------------------------------------------ Data.Char
-- GHC.Unicode's predicates: the general category of the character (charClass#'s code:
-- 0 control, 1 print, 2 letter, 3 mark, 4 number, 5 punctuation, 6 symbol, 7 separator)
isAscii c = case prim "ord#" c of !o -> prim "<" o 128
isLatin1 c = case prim "ord#" c of !o -> prim "<" o 256
isAsciiUpper c = c >= 'A' && c <= 'Z'
isAsciiLower c = c >= 'a' && c <= 'z'
isHexDigit c = isDigit c || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f')
isOctDigit c = c >= '0' && c <= '7'
isControl c = prim "charClass#" c 0
isPrint c = prim "charClass#" c 1
isLetter c = prim "charClass#" c 2
isMark c = prim "charClass#" c 3
isNumber c = prim "charClass#" c 4
isSymbol c = prim "charClass#" c 6
isSeparator c = prim "charClass#" c 7

-- ------------------------------------------------------------------ Control.Monad (IO)
forever a w = case a w of IO# w' _ -> forever a w'
void m w = case m w of IO# w' _ -> IO# w' ()
foldM_ f z xs w = case foldM f z xs w of IO# w' _ -> IO# w' ()
msum ms = msumGo# ms
msumGo# [] = Nothing
msumGo# (m:ms) = case m of
  Nothing -> msumGo# ms
  Just x -> Just x
msumList# ms = concat ms
