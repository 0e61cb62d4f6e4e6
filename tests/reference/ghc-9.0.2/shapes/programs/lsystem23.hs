-- string rewriting: L-systems with concatMap and iterate, a turtle walk over the result
import qualified Data.Set as S

data Rule = Rule Char String

rewrite :: [Rule] -> String -> String
rewrite rules = concatMap expand
  where expand c = case [s | Rule k s <- rules, k == c] of
          (s : _) -> s
          [] -> [c]

generations :: [Rule] -> String -> [String]
generations rules = iterate (rewrite rules)

algae, koch, dragon :: [Rule]
algae = [Rule 'A' "AB", Rule 'B' "A"]
koch = [Rule 'F' "F+F-F-F+F"]
dragon = [Rule 'X' "X+YF+", Rule 'Y' "-FX-Y"]

type Pos = (Int, Int)

walk :: String -> [Pos]
walk = go (0, 0) (1, 0)
  where
    go p _ [] = [p]
    go p@(x, y) d@(dx, dy) (c : cs) = case c of
      'F' -> p : go (x + dx, y + dy) d cs
      '+' -> go p (-dy, dx) cs
      '-' -> go p (dy, -dx) cs
      _ -> go p d cs

bounds :: [Pos] -> (Pos, Pos)
bounds ps = ((minimum xs, minimum ys), (maximum xs, maximum ys))
  where (xs, ys) = unzip ps

render :: [Pos] -> [String]
render ps = [[if S.member (x, y) seen then '#' else '.' | x <- [x0 .. x1]] | y <- reverse [y0 .. y1]]
  where seen = S.fromList ps
        ((x0, y0), (x1, y1)) = bounds ps

main :: IO ()
main = do
  mapM_ putStrLn (take 7 (generations algae "A"))
  print (map length (take 15 (generations algae "A")))
  print (take 3 (generations koch "F"))
  let k3 = generations koch "F" !! 3
  print (length k3, length (filter (== 'F') k3), bounds (walk k3))
  mapM_ putStrLn (render (walk (generations koch "F" !! 2)))
  let d = generations dragon "FX" !! 8
  print (length d, S.size (S.fromList (walk d)), bounds (walk d))
  mapM_ putStrLn (render (walk (generations dragon "FX" !! 6)))
  print (takeWhile ((< 200) . length) (generations [Rule 'a' "ab", Rule 'b' "bc", Rule 'c' "a"] "a") !! 5)
