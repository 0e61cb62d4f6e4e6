{-# LANGUAGE RecordWildCards, NamedFieldPuns #-}
-- record wildcards and field puns in patterns, construction and update
data Config = Config { name :: String, size :: Int, deep :: Bool } deriving Show
data Item = Item { label :: String, price :: Int, qty :: Int } deriving (Show, Eq)

describe :: Config -> String
describe Config{..} = name ++ ":" ++ show size ++ (if deep then "!" else "")

total :: Item -> Int
total Item{price, qty} = price * qty

mkItem :: String -> Int -> Item
mkItem label price = Item{label, price, qty = 1}

restock :: Int -> Item -> Item
restock qty item = item { qty }

grow :: Config -> Config
grow Config{..} = let size' = size * 2 in Config{size = size', ..}

build :: Int -> Config
build size = Config{..}
  where
    name = "cfg" ++ show size
    deep = even size

main :: IO ()
main = do
  putStrLn (describe (Config { name = "x", size = 3, deep = True }))
  let items = [restock (i `mod` 5 + 1) (mkItem ("item" ++ show i) (i * 3)) | i <- [1 .. 500]]
  print (sum (map total items))
  print (head items)
  print (map (size . grow . build) [1 .. 10])
  mapM_ (putStrLn . describe . build) [1, 2]
