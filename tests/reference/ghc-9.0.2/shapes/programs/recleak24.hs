-- A space leak by lazy accumulation in a record: foldl' forces the accumulator only to
-- its constructor, so each field grows a chain of thunks; then a strict version.
import Data.List (foldl')

data Acc = Acc { total :: Int, count :: Int, biggest :: Int }

step :: Acc -> Int -> Acc
step a x = a { total = total a + x, count = count a + 1, biggest = max (biggest a) x }

stepStrict :: Acc -> Int -> Acc
stepStrict (Acc t c b) x =
  let t' = t + x; c' = c + 1; b' = max b x in t' `seq` c' `seq` b' `seq` Acc t' c' b'

readings :: Int -> [Int]
readings n = [(i * 7919) `mod` 10007 | i <- [1 .. n]]

report :: Acc -> String
report (Acc t c b) = show t ++ " " ++ show c ++ " " ++ show b

main :: IO ()
main = do
  putStrLn (report (foldl' step (Acc 0 0 0) (readings 12000)))
  putStrLn (report (foldl' stepStrict (Acc 0 0 0) (readings 60000)))
