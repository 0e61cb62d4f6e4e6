-- Parsing numbers from strings with Text.Read (readMaybe, readEither) and reporting the
-- errors; a hex/octal dump of the valid ones with Numeric's showHex/showOct/readHex.
import Text.Read (readMaybe, readEither)
import Numeric (showHex, showOct, readHex, readOct)
import Data.Char (toUpper)

inputs :: [String]
inputs = ["42", " 17 ", "-5", "(3)", "x12", "", "1e3", "0x1F", "255", "12 13", "4096", "007"]

parseAll :: [String] -> ([String], [Int])
parseAll [] = ([], [])
parseAll (s:ss) =
  let (errs, oks) = parseAll ss
  in case readEither s :: Either String Int of
       Left e -> ((show s ++ ": " ++ e) : errs, oks)
       Right n -> (errs, n : oks)

pad :: Int -> String -> String
pad w s = replicate (w - length s) '0' ++ s

hexLine :: Int -> String
hexLine n = pad 8 (map toUpper (showHex (abs n) "")) ++ "  " ++ pad 6 (showOct (abs n) "") ++ "  " ++ show n

doubles :: [String]
doubles = ["3.25", "-0.5", "1e-2", "2.", ".5", "7", "NaN", "1.5e3"]

main :: IO ()
main = do
  let (errs, oks) = parseAll inputs
  mapM_ putStrLn errs
  mapM_ (putStrLn . hexLine) oks
  print (sum oks)
  print (map (\s -> readMaybe s :: Maybe Double) doubles)
  print (map (\s -> readMaybe s :: Maybe Bool) ["True", "false", " False"])
  print (readEither "[1,2,3]" :: Either String [Int])
  print (readMaybe "\"hi\"" :: Maybe String)
  print (map (\s -> fst (head (readHex s)) :: Int) ["ff", "10", "dead", "BEEF"])
  print (readOct "777 rest" :: [(Int, String)])
  print (readHex "zz" :: [(Int, String)])
  let total = sum [n | Just n <- map (\s -> readMaybe s :: Maybe Int) (words "1 2 x 3 4.5 5")]
  putStrLn (showHex total "" ++ " " ++ showOct total "")
