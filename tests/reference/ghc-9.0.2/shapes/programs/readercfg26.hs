-- Reader monad: rendering a report driven by a configuration record
module Main where

import Control.Monad.Reader
import Data.Char (toUpper)
import Data.List (intercalate)

data Config = Config
  { width :: Int
  , indentBy :: Int
  , bullet :: Char
  , shout :: Bool
  , depthLimit :: Int
  }

data Doc = Heading String | Para String | Items [Doc] | Section String [Doc]

type R = Reader Config

emph :: String -> R String
emph s = do
  up <- asks shout
  return (if up then map toUpper s else s)

wrapText :: Int -> String -> [String]
wrapText w = go [] 0 . words
  where
    go acc _ [] = [unwords (reverse acc) | not (null acc)]
    go acc n (x:xs)
      | null acc = go [x] (length x) xs
      | n + 1 + length x > w = unwords (reverse acc) : go [x] (length x) xs
      | otherwise = go (x : acc) (n + 1 + length x) xs

render :: Int -> Doc -> R [String]
render d doc = do
  ind <- asks indentBy
  w <- asks width
  lim <- asks depthLimit
  let pad = replicate (d * ind) ' '
  case doc of
    Heading h -> do
      h' <- emph h
      return [pad ++ h', pad ++ replicate (length h') '=']
    Para p -> return (map (pad ++) (wrapText (w - d * ind) p))
    Items ds -> do
      b <- asks bullet
      ls <- mapM (render (d + 1)) ds
      return (concatMap (\l -> case l of
                                 (x:xs) -> (pad ++ [b] ++ drop (length pad + 1) x) : xs
                                 [] -> []) ls)
    Section t ds
      | d >= lim -> return [pad ++ "[" ++ t ++ " ...]"]
      | otherwise -> do
          t' <- emph t
          body <- local (\c -> c { width = width c - 2 }) (mapM (render (d + 1)) ds)
          return ((pad ++ "## " ++ t') : concat body)

sample :: Int -> Doc
sample k = Section ("part " ++ show k)
  [ Heading ("chapter " ++ show k)
  , Para (intercalate " " (take (12 + k * 5) (cycle ["lorem", "ipsum", "dolor", "sit", "amet"])))
  , Items [Para ("point " ++ show i ++ " of " ++ show k) | i <- [1 .. k + 1]]
  , if k > 1 then sample (k - 1) else Para "end"
  ]

main :: IO ()
main = do
  let base = Config { width = 40, indentBy = 2, bullet = '*', shout = False, depthLimit = 4 }
      docs = map sample [1, 3]
  forM_ docs $ \doc -> mapM_ putStrLn (runReader (render 0 doc) base)
  let loud = base { shout = True, bullet = '-', width = 30, depthLimit = 2 }
  mapM_ putStrLn (runReader (render 0 (sample 4)) loud)
  let counts = [length (runReader (render 0 (sample n)) base { width = w })
               | n <- [1 .. 5], w <- [20, 50]]
  print counts
  print (runReader (asks width) base, runReader (local (\c -> c { width = 7 }) (asks width)) base)
