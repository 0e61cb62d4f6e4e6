-- top-level bindings that name a function (f1 = unwords, f2 = words): GHC eta-expands
-- them, so each is a CAF entered once whose calls push it uncounted
f1 :: [String] -> String
f1 = unwords

f2 :: String -> [String]
f2 = words

f3 :: [Int] -> [String]
f3 = map show

main :: IO ()
main = do
  let xs = f3 [1 .. 300]
  print (length (concat xs))
  let s = f1 xs
  print (length s)
  print (length (f2 s))
