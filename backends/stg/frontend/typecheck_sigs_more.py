"""The types of prelude_more.hs's functions (GHC 9.0.2's, base 4.15), as Haskell
signatures; ``typecheck_env.prelude_env`` reads them with the Prelude's."""

#: the types prelude_more.hs declares (System.IO's Handle and BufferMode, System.Exit's
#: ExitCode), with the classes base gives them instances of
MORE_TYCONS = {"Handle": ("Eq", "Show"), "BufferMode": ("Eq", "Ord", "Show", "Read"),
               "ExitCode": ("Eq", "Ord", "Show", "Read")}

MORE_CONSTRUCTOR_SIGS = """NoBuffering :: BufferMode
LineBuffering :: BufferMode
BlockBuffering :: Maybe Int -> BufferMode
ExitSuccess :: ExitCode
ExitFailure :: Int -> ExitCode
"""

MORE_SIGS = """stdin :: Handle
stdout :: Handle
stderr :: Handle
hPutStr :: Handle -> String -> IO ()
hPutStrLn :: Handle -> String -> IO ()
hPrint :: Show a => Handle -> a -> IO ()
hPutChar :: Handle -> Char -> IO ()
hFlush :: Handle -> IO ()
hSetBuffering :: Handle -> BufferMode -> IO ()
hGetBuffering :: Handle -> IO BufferMode
hClose :: Handle -> IO ()
getLine :: IO String
getChar :: IO Char
getContents :: IO String
isEOF :: IO Bool
hGetLine :: Handle -> IO String
hGetContents :: Handle -> IO String
hIsEOF :: Handle -> IO Bool
interact :: (String -> String) -> IO ()
readFile :: FilePath -> IO String
writeFile :: FilePath -> String -> IO ()
appendFile :: FilePath -> String -> IO ()
ioError :: IOException -> IO a
userError :: String -> IOException
isDoesNotExistError :: IOException -> Bool
isPermissionError :: IOException -> Bool
isAlreadyExistsError :: IOException -> Bool
isAlreadyInUseError :: IOException -> Bool
isEOFError :: IOException -> Bool
isUserError :: IOException -> Bool
readLn :: Read a => IO a
exitWith :: ExitCode -> IO a
exitSuccess :: IO a
exitFailure :: IO a
foldl1' :: (a -> a -> a) -> [a] -> a
scanl' :: (b -> a -> b) -> b -> [a] -> [b]
iterate' :: (a -> a) -> a -> [a]
mapAccumL :: (s -> a -> (s, b)) -> s -> [a] -> (s, [b])
mapAccumR :: (s -> a -> (s, b)) -> s -> [a] -> (s, [b])
zip4 :: [a] -> [b] -> [c] -> [d] -> [(a, b, c, d)]
zipWith4 :: (a -> b -> c -> d -> e) -> [a] -> [b] -> [c] -> [d] -> [e]
unzip4 :: [(a, b, c, d)] -> ([a], [b], [c], [d])
lefts :: [Either a b] -> [a]
rights :: [Either a b] -> [b]
partitionEithers :: [Either a b] -> ([a], [b])
swap :: (a, b) -> (b, a)
isAscii :: Char -> Bool
isLatin1 :: Char -> Bool
isAsciiUpper :: Char -> Bool
isAsciiLower :: Char -> Bool
isHexDigit :: Char -> Bool
isOctDigit :: Char -> Bool
isControl :: Char -> Bool
isPrint :: Char -> Bool
isLetter :: Char -> Bool
isMark :: Char -> Bool
isNumber :: Char -> Bool
isSymbol :: Char -> Bool
isSeparator :: Char -> Bool
forever :: IO a -> IO b
void :: Functor f => f a -> f ()
foldM_ :: (b -> a -> IO b) -> b -> [a] -> IO ()
msum :: Monad m => [m a] -> m a
"""
