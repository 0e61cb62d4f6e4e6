module Main (main) where

-- -hy names of function closures: each list holds one kind of closure (a local function
-- or a lambda capturing a variable) until it is used at the end.

adders :: Int -> [Int -> Int]
adders n = [add | i <- [1 .. n], let add y = y + i]

adders2 :: Int -> [Int -> Int -> Int]
adders2 n = [add2 | i <- [1 .. n], let add2 y z = y * z + i]

tags :: Int -> [Char -> (Char, Int)]
tags n = [tag | i <- [1 .. n], let tag y = (y, i)]

printers :: Int -> [Int -> IO ()]
printers n = [out | i <- [1 .. n], let out k = print (k + i)]

showers :: Int -> [Int -> String]
showers n = [sh | i <- [1 .. n], let sh k = show (k * i)]

scales :: Int -> [Double -> Double]
scales n = [\x -> x * fromIntegral i | i <- [1 .. n]]

ranges :: Int -> [Int -> [Int]]
ranges n = [\k -> [i .. i + k] | i <- [1 .. n]]

main :: IO ()
main = do
  let n = 3000
      a = adders n
      a2 = adders2 n
      t = tags n
      p = printers n
      s = showers n
      l = scales n
      r = ranges n
  print (length a + length a2 + length t + length p + length s + length l + length r)
  print (sum (map ($ 1) a) + sum (map (\f -> f 2 3) a2) + sum (map (snd . ($ 'x')) t))
  mapM_ ($ 0) (take 2 p)
  print (sum (map (length . ($ 7)) s) + sum (map (length . ($ 2)) r))
  print (sum (map ($ 1.5) l))
