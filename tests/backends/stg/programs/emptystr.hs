-- Empty Strings show as "" where the type says String: show/print/shows/showsPrec at
-- String, and derived Show's String fields (record and positional); the dynamic show
-- alone cannot tell "" from [] (backends/stg/SUBSET.md)
data Person = Person { name :: String, nick :: String, age :: Int } deriving Show

data Tag = Tag String Int | Untagged deriving Show

data Pair = Pair !String [Char] deriving Show

-- a field typed through synonyms (declared after their use)
data Owner = Owner Label Int deriving Show

type Label = Name

type Name = String

greet :: String -> String
greet s = "hi " ++ show s

main :: IO ()
main = do
  let e = ""
  print e
  putStrLn (show e ++ "|" ++ shows e "!" ++ showsPrec 11 e "?")
  print (Person "Ann" "" 30)
  print [Person "" "" 1, Person "Bo" "b" 2]
  print (Tag "" 1, Tag "x" 2, Untagged)
  print (Pair "" "")
  print (Owner "" 3, Owner "x" 4)
  putStrLn (greet "")
  print (words "")
  print ([] :: [Int])
