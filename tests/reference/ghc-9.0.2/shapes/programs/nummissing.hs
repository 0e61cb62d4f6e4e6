-- A Num instance without (*), abs and signum: GHC warns (-Wmissing-methods) and the
-- missing method fails when it is used; (-) is base's default, x + negate y.
data V = V Int Int deriving Show

instance Num V where
  V a b + V c d = V (a + c) (b + d)
  negate (V a b) = V (negate a) (negate b)
  fromInteger n = V (fromInteger n) (fromInteger n)

main :: IO ()
main = do
  print (V 1 2 + 10)
  print (V 5 5 - V 1 2)
  print (subtract 1 (V 0 0))
  print (V 3 4 * V 1 1)
