-- Numeric's float formatting: showFFloat/showEFloat/showGFloat with Just n and Nothing
-- digits over a table of values (negative, small, large, exact halves for rounding).
import Numeric (showFFloat, showEFloat, showGFloat)

values :: [Double]
values = [0, 1, -1, 3.14159, 2.5, 3.5, -0.125, 0.05, 1234567.891, 1.0e-4, 6.02e23, -2.0e-3,
          99.995, 0.5, 12345.678]

row :: Double -> String
row x = showFFloat (Just 2) x " | " ++ showFFloat Nothing x " | " ++ showFFloat (Just 0) x
  " | " ++ showEFloat (Just 3) x " | " ++ showEFloat Nothing x " | " ++
  showEFloat (Just 0) x " | " ++ showGFloat (Just 2) x " | " ++ showGFloat Nothing x ""

money :: Double -> String
money x = (if x < 0 then "-$" else "$") ++ showFFloat (Just 2) (abs x) ""

main :: IO ()
main = do
  mapM_ (putStrLn . row) values
  let prices = [19.99, 5.25, 0.1, 100, 3.333]
      total = sum prices
  mapM_ (putStrLn . money) prices
  putStrLn ("total " ++ money total ++ ", mean " ++ showFFloat (Just 3) (total / 5) "")
  putStrLn (showEFloat (Just 2) (total * 1000) "")
  putStrLn (money (-12.345))
