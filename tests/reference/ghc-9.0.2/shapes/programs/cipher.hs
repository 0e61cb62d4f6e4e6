import Data.Char (ord, chr, isUpper, isLower, isAlpha, toUpper)
import Data.List (sortOn, group, sort)

newtype Key = Key Int deriving Show

shift :: Key -> Char -> Char
shift (Key k) c
  | isUpper c = rot 'A'
  | isLower c = rot 'a'
  | otherwise = c
  where rot base = chr (ord base + (ord c - ord base + k) `mod` 26)

encrypt :: Key -> String -> String
encrypt k = map (shift k)

decrypt :: Key -> String -> String
decrypt (Key k) = encrypt (Key (negate k))

letterCounts :: String -> [(Char, Int)]
letterCounts s = map (\g -> (head g, length g)) (group (sort (map toUpper (filter isAlpha s))))

guessKey :: String -> Key
guessKey s = Key ((ord top - ord 'E') `mod` 26)
  where top = fst (last (sortOn snd (letterCounts s)))

vigenere :: String -> String -> String
vigenere key msg = zipWith enc (cycle key) msg
  where enc k c = shift (Key (ord (toUpper k) - ord 'A')) c

rle :: String -> [(Int, Char)]
rle = map (\g -> (length g, head g)) . group

unrle :: [(Int, Char)] -> String
unrle = concatMap (uncurry replicate)

main :: IO ()
main = do
  let msg = "Meet me near the old tree at seven, bring the secret letters and be ever so discreet."
      k = Key 11
      c = encrypt k msg
  putStrLn c
  putStrLn (decrypt k c)
  print (guessKey c)
  putStrLn (decrypt (guessKey c) c)
  print (take 5 (letterCounts msg))
  let v = vigenere "LEMON" msg
  putStrLn v
  print (rle "aaabccddddde")
  putStrLn (unrle (rle "xxyyyzzzz"))
  print (length (concat (replicate 50 (encrypt k msg))))
  print (map (\n -> encrypt (Key n) "abcxyz") [1, 13, 25])
