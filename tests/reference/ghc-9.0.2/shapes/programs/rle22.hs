-- run-length encoding, decoding and a few group-based transforms
import Data.List (group)
import Data.Char (isDigit)

encode :: String -> [(Int, Char)]
encode = map (\g -> (length g, head g)) . group

render :: [(Int, Char)] -> String
render = foldr (\(n, c) acc -> (if n == 1 then [c] else show n ++ [c]) ++ acc) ""

parse :: String -> [(Int, Char)]
parse [] = []
parse s = case span isDigit s of
  ("", c:rest) -> (1, c) : parse rest
  (ds, c:rest) -> (read ds, c) : parse rest
  (_, []) -> error "dangling count"

expand :: [(Int, Char)] -> String
expand = concatMap (uncurry replicate)

lookAndSay :: String -> String
lookAndSay = concatMap (\g -> show (length g) ++ [head g]) . group

main :: IO ()
main = do
  let samples = ["WWWWWWWWWWWWBWWWWWWWWWWWWBBBWWWWWWWWWWWWWWWWWWWWWWWWBWWWWWWWWWWWWWW",
                 "abc", "aabbbcccc", "", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"]
  mapM_ (\s -> do
          let r = render (encode s)
          putStrLn (show s ++ " -> " ++ show r)
          print (expand (parse r) == s)) samples
  print (encode "mississippi")
  let says = iterate lookAndSay "1"
  mapM_ putStrLn (take 8 says)
  print (map length (take 25 says))
