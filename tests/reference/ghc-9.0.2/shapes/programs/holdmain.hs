-- A phone book built at the start of main and kept for its final lookup, while other
-- work runs in between.
import qualified Data.Map.Strict as M
import Data.Char (toUpper)

type Book = M.Map String (Int, String)

entry :: Int -> (String, (Int, String))
entry i = ("name" ++ show i, (5550000 + i * 13, map toUpper ("street " ++ show (i `mod` 40))))

mkBook :: Int -> Book
mkBook n = M.fromList (map entry [1 .. n])

primes :: Int -> [Int]
primes n = sieve [2 .. n]
  where
    sieve (p : xs) = p : sieve [x | x <- xs, x `mod` p /= 0]
    sieve [] = []

main :: IO ()
main = do
  let book = mkBook 1500
  print (M.size book)
  print (length (primes 4000))
  print (sum (take 200 (primes 2000)))
  case M.lookup "name777" book of
    Just (num, street) -> putStrLn (show num ++ " " ++ street)
    Nothing -> putStrLn "missing"
  print (M.lookupMin book)
