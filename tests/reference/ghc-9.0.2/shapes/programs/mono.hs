import Data.List (sortBy)
import Data.Ord (comparing)

data P = P { name :: String, age :: Int } deriving Show

main :: IO ()
main = do
  putStrLn ("ab" <> "cd" <> mempty)
  print (mconcat [[1, 2], [3], [] :: [Int]], mappend [True] [False])
  let people = [P "bo" 30, P "al" 30, P "cy" 25]
  print (sortBy (comparing age <> comparing name) people)
  print (compare 1 2 <> compare 3 3, mempty :: Ordering, mconcat [EQ, GT, LT])
  print (mconcat ["x", "y", "z"], () <> ())
