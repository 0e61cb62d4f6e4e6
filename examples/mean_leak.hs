module Main (main) where

-- The classic space leak: xs is shared by sum and length, so the whole list
-- stays live until length has walked it. Try -hd, -hb and -hr on it.
mean :: [Double] -> Double
mean xs = sum xs / fromIntegral (length xs)

main :: IO ()
main = print (mean [1 .. 200000])
