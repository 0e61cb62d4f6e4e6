-- A record built in an if and taken apart by its selectors, each forced with seq, then
-- returned (a function whose result's fields are evaluated in place).
data Tri = Tri { ta :: Int, tb :: Int, tc :: Int }

shift :: Tri -> Int -> Tri
shift (Tri a b c) i =
  let t = if i `mod` 3 == 0 then Tri (a + i) b c else Tri a (b + i) (c + 1)
  in ta t `seq` tb t `seq` t

walk :: Tri -> Int -> Tri
walk t 0 = t
walk t n = walk (shift t n) (n - 1)

main :: IO ()
main = do
  let Tri a b c = walk (Tri 0 0 0) 6000
  print (a, b, c)
