import Data.Char (toUpper, isDigit, ord, chr)
import Data.List (foldl', sortOn, group, sort)
import qualified Data.List as L

data Token = TNum Int | TOp Char | TParen Char deriving (Show, Eq)

tokenize :: String -> [Token]
tokenize [] = []
tokenize (c:cs)
  | isDigit c = let (ds, rest) = span isDigit (c:cs) in TNum (read ds) : tokenize rest
  | c `elem` "+-*/" = TOp c : tokenize cs
  | c `elem` "()" = TParen c : tokenize cs
  | otherwise = tokenize cs

caesar :: Int -> String -> String
caesar n = map shift
  where shift c | c >= 'a' && c <= 'z' = rot 'a' c
                | c >= 'A' && c <= 'Z' = rot 'A' c
                | otherwise = c
        rot base c = chr (ord base + (ord c - ord base + n) `mod` 26)

histogram :: [Int] -> [(Int, Int)]
histogram = map (\g -> (head g, length g)) . group . sort

main :: IO ()
main = do
  print (tokenize "12 + (3*45) - 6")
  putStrLn (caesar 3 "Hello, World!")
  print (histogram [3,1,2,3,3,1])
  print (foldl' (+) 0 [1..100 :: Integer], L.sortOn negate [3,1,2 :: Int])
  let avg xs = fromIntegral (sum xs) / fromIntegral (length xs) :: Double
  print (avg [1, 2, 3, 4 :: Int])
  mapM_ (putStrLn . map toUpper) ["ab", "cd"]
  print (zip3 [1 :: Int ..] "abc" [True, False, True])
  print (words "  the quick  brown fox ", unwords ["a", "b"], lines "x\ny\n")
  print (read "[1,2,3]" :: [Int])
