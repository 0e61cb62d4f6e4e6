module Main (main) where

-- Synonyms stay in the types of GHC's binders (-ddump-stg-final): `older's thunks are
-- Age, greet's results Name, a string literal [Char].
type Age = Int
type Name = String
older :: Age -> Age
older a = if a > 200 then a else older (a + 1)
greet :: Name -> Name
greet n = if null n then greet "x" else "hi " ++ n
main :: IO ()
main = do
  print (older (older 3))
  putStrLn (greet (greet "bob"))
