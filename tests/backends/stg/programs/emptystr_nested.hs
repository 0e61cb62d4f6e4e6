-- Empty Strings inside lists, tuples, Maybe and Either show as "" (the type at the show
-- says where: directed.show_shape), in print/show/shows and derived Show fields whose
-- types have Strings inside (through synonyms); stdout is runghc 9.0.2's
type Tags = [String]
type Pair = (String, Int)
data Item = Item { label :: String, kids :: Tags, pr :: Pair, opt :: Maybe (String, Int) }
  deriving (Show, Eq)
data T = Leaf | Node T String T | Tagged Tags deriving Show
newtype W = W (Maybe String) deriving Show

main :: IO ()
main = do
  print (Item "" ["", "x"] ("", 3) (Just ("", 4)))
  print (Node Leaf "" (Tagged ["", ""]))
  print (W (Just ""))
  mapM_ print [("", 1 :: Int), ("a", 2)]
  putStrLn (show (Just ""))
  putStrLn (shows ([] :: [String], "") "!")
  print ["", ""]
  print (Just (Just ""))
  print (Right "" :: Either Int String)
  print (Just [("", [""])])
  let xs = map (\s -> (s, length s)) ["", "ab"]
  print xs
  print (unzip xs)
  print (break (== ' ') "")
  print (lookup 1 [(1 :: Int, "")])
  print (Just (-3 :: Int), Just "")
  print (lines "a\n\nb")
  print (Just "")
  print ("", 1 :: Int)
  print [("", 'x')]
  print (words "  ")
  print ([] :: [Int])
  print (Left "" :: Either String Int)
  print (splitAt 0 "abc")
  print (span (== 'a') "bcd")
  print (zip ["", "b"] [1 :: Int, 2])
  print [[""]]
