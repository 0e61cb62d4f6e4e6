import Data.Char (ord, chr)
import Data.List (foldl')

egcd :: Integer -> Integer -> (Integer, Integer, Integer)
egcd a 0 = (a, 1, 0)
egcd a b = let (g, x, y) = egcd b (a `mod` b)
           in (g, y, x - (a `div` b) * y)

modInv :: Integer -> Integer -> Maybe Integer
modInv a m = case egcd a m of
  (1, x, _) -> Just (x `mod` m)
  _ -> Nothing

powMod :: Integer -> Integer -> Integer -> Integer
powMod b e m = go b e 1
  where
    go _ 0 acc = acc
    go x k acc
      | odd k = go (x * x `mod` m) (k `div` 2) (acc * x `mod` m)
      | otherwise = go (x * x `mod` m) (k `div` 2) acc

data Key = Key { modulus :: Integer, expo :: Integer } deriving Show

makeKeys :: Integer -> Integer -> Integer -> Maybe (Key, Key)
makeKeys p q e = do
  let n = p * q
      phi = (p - 1) * (q - 1)
  d <- modInv e phi
  return (Key n e, Key n d)

encodeStr :: String -> Integer
encodeStr = foldl' (\acc c -> acc * 256 + fromIntegral (ord c)) 0

decodeStr :: Integer -> String
decodeStr 0 = ""
decodeStr n = decodeStr (n `div` 256) ++ [chr (fromIntegral (n `mod` 256))]

blocks :: Int -> String -> [String]
blocks _ [] = []
blocks k s = take k s : blocks k (drop k s)

crypt :: Key -> Integer -> Integer
crypt (Key n k) x = powMod x k n

main :: IO ()
main = do
  let p = 1000000007
      q = 998244353
  case makeKeys p q 65537 of
    Nothing -> putStrLn "no inverse"
    Just (pub, priv) -> do
      print pub
      let msg = "The quick brown fox jumps over the lazy dog, twice over!"
          plain = map encodeStr (blocks 6 msg)
          enc = map (crypt pub) plain
          dec = map (crypt priv) enc
      print (take 3 enc)
      putStrLn (concatMap decodeStr dec)
      print (dec == plain, length enc)
  print [modInv a 97 | a <- [1 .. 12]]
  print (egcd 240 46, egcd 1071 462)
  print (sum [powMod 2 k 1000003 | k <- [1 .. 200]])
