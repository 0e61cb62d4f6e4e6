-- gcd and lcm from the program (issue 18 item 1, shapes20): base's generic gcd called with
-- the Integral dictionary (-O0 fires no rule), at Int, negative Int and Integer, and a
-- Rational's reduction (base's specialised gcd at Integer); each called 20 times
import Data.Ratio

gi :: Int -> Int
gi n = gcd n 36

gn :: Int -> Int
gn n = gcd (negate n) 36

gz :: Integer -> Integer
gz n = gcd n 36

li :: Int -> Int
li n = lcm n 12

rz :: Integer -> Rational
rz n = n % 36

main :: IO ()
main = do
  mapM_ (print . gi) [1000 .. 1019]
  mapM_ (print . gn) [1000 .. 1019]
  mapM_ (print . gz) [1000 .. 1019]
  mapM_ (print . li) [1000 .. 1019]
  mapM_ (print . rz) [1000 .. 1019]
