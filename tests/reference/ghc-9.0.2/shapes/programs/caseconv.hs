import Data.Char
lowerAll :: String -> Int
lowerAll s = sum (map (ord . toLower) s)
upperAll :: String -> Int
upperAll s = sum (map (ord . toUpper) s)
alphas :: String -> Int
alphas s = length (filter isAlpha s)
main = do
  let a = replicate 1000 'a'
      b = replicate 1000 'B'
      c = replicate 1000 ' '
  print (lowerAll a)
  print (lowerAll b)
  print (lowerAll c)
  print (upperAll a)
  print (alphas (a ++ c))
