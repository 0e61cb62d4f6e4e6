-- instance dictionaries of compound types (Ord (Int, Int), Eq String, Show [Int]) needed
-- by local bindings: GHC -O0 builds them with the binding, each time it is bound
import qualified Data.Map as M

m0 :: M.Map (Int, Int) Int
m0 = M.fromList [((1, 1), 1)]

f1, f2, f3, fs, fl, fn :: Int -> Bool
f1 i = r where r = M.member (i, i) m0
f2 i = r where r = M.member (i, i) m0 && M.member (i, 0) m0
f3 i = M.member (i, i) m0
fs i = r where r = show i == "5"
fl i = r where r = length (show [i, i]) > 3
fn i = r where r = go i
               go 0 = M.member (0, 0) m0
               go k = go (k - 1)

main :: IO ()
main = do
  print (length (filter f1 [1 .. 1000]))
  print (length (filter f2 [1 .. 1000]))
  print (length (filter f3 [1 .. 1000]))
  print (length (filter fs [1 .. 1000]))
  print (length (filter fl [1 .. 1000]))
  print (length (filter fn [1 .. 100]))
