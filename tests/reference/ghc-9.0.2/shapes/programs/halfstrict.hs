-- Running statistics over a stream of readings: the first half summed with a lazy
-- accumulator (a chain of thunks), the second half with a strict one.
import Data.List (foldl')

readings :: Int -> [Int]
readings n = [ (i * 37 + 11) `mod` 101 | i <- [1 .. n] ]

data Stats = Stats { count :: Int, total :: Int }

addLazy :: Stats -> Int -> Stats
addLazy (Stats c t) x = Stats (c + 1) (t + x)

addStrict :: Stats -> Int -> Stats
addStrict (Stats c t) x =
  let c' = c + 1
      t' = t + x
  in c' `seq` t' `seq` Stats c' t'

mean :: Stats -> Double
mean (Stats c t) = fromIntegral t / fromIntegral c

lazyPhase :: Int -> Stats
lazyPhase n = foldl addLazy (Stats 0 0) (readings n)

strictPhase :: Int -> Stats
strictPhase n = foldl' addStrict (Stats 0 0) (readings n)

busy :: Int -> Int -> Int
busy acc 0 = acc
busy acc k = let acc' = (acc * 31 + k) `mod` 1000003 in acc' `seq` busy acc' (k - 1)

main :: IO ()
main = do
  let s1 = lazyPhase 12000
  putStrLn ("lazy count " ++ show (count s1))
  putStrLn ("lazy total " ++ show (total s1))
  print (busy 1 20000)
  let s2 = strictPhase 12000
  putStrLn ("strict count " ++ show (count s2))
  putStrLn ("strict total " ++ show (total s2))
  print (busy 2 20000)
  print (mean s1 == mean s2)
