-- Integer operations past 64 bits (issue 18): each top-level function one operation at
-- one operand size, called 10 times (GHC 9.0.2's ghc-bignum bytes per operation).
import Data.List (foldl')

v_s :: Integer
v_s = 4611686018427387904
v_sm :: Integer
v_sm = (-4611686018427387904)
v_one :: Integer
v_one = 1
v_b1 :: Integer
v_b1 = 9223372036854788153
v_b1n :: Integer
v_b1n = (-9223372036854788153)
v_b2 :: Integer
v_b2 = 1267650600228229401496703205383
v_b2n :: Integer
v_b2n = (-1267650600228229401496703205383)
v_b2p :: Integer
v_b2p = 1267650600228229401496703205382
v_b3 :: Integer
v_b3 = 1427247692705959881058285969449495136382746631
v_b4 :: Integer
v_b4 = 1809251394333065553493296640760748560207343510400633813116524750123642650624
v_k :: Integer
v_k = 12345
v_kn :: Integer
v_kn = (-12345)
v_w :: Integer
v_w = 10
add_s_s :: Integer -> Integer -> Integer
add_s_s x y = x + y
add_b1_b1 :: Integer -> Integer -> Integer
add_b1_b1 x y = x + y
add_b2_b2 :: Integer -> Integer -> Integer
add_b2_b2 x y = x + y
add_b2_k :: Integer -> Integer -> Integer
add_b2_k x y = x + y
add_k_b2 :: Integer -> Integer -> Integer
add_k_b2 x y = x + y
add_b3_b2 :: Integer -> Integer -> Integer
add_b3_b2 x y = x + y
add_b2_b1n :: Integer -> Integer -> Integer
add_b2_b1n x y = x + y
add_b2_b2n :: Integer -> Integer -> Integer
add_b2_b2n x y = x + y
add_b1_b1n :: Integer -> Integer -> Integer
add_b1_b1n x y = x + y
add_b1n_b1n :: Integer -> Integer -> Integer
add_b1n_b1n x y = x + y
add_b2n_k :: Integer -> Integer -> Integer
add_b2n_k x y = x + y
sub_b2_b2p :: Integer -> Integer -> Integer
sub_b2_b2p x y = x - y
sub_b1_b1 :: Integer -> Integer -> Integer
sub_b1_b1 x y = x - y
sub_b2_b1 :: Integer -> Integer -> Integer
sub_b2_b1 x y = x - y
sub_b2_k :: Integer -> Integer -> Integer
sub_b2_k x y = x - y
sub_sm_s :: Integer -> Integer -> Integer
sub_sm_s x y = x - y
sub_k_b2 :: Integer -> Integer -> Integer
sub_k_b2 x y = x - y
sub_b3_b2 :: Integer -> Integer -> Integer
sub_b3_b2 x y = x - y
mul_s_w :: Integer -> Integer -> Integer
mul_s_w x y = x * y
mul_b1_b1 :: Integer -> Integer -> Integer
mul_b1_b1 x y = x * y
mul_b2_b2 :: Integer -> Integer -> Integer
mul_b2_b2 x y = x * y
mul_b2_k :: Integer -> Integer -> Integer
mul_b2_k x y = x * y
mul_k_b2 :: Integer -> Integer -> Integer
mul_k_b2 x y = x * y
mul_b3_b2 :: Integer -> Integer -> Integer
mul_b3_b2 x y = x * y
mul_b2_b2n :: Integer -> Integer -> Integer
mul_b2_b2n x y = x * y
mul_b2_kn :: Integer -> Integer -> Integer
mul_b2_kn x y = x * y
mul_b4_b4 :: Integer -> Integer -> Integer
mul_b4_b4 x y = x * y
quot_b2_k :: Integer -> Integer -> Integer
quot_b2_k x y = x `quot` y
rem_b2_k :: Integer -> Integer -> Integer
rem_b2_k x y = x `rem` y
div_b2_k :: Integer -> Integer -> Integer
div_b2_k x y = x `div` y
mod_b2_k :: Integer -> Integer -> Integer
mod_b2_k x y = x `mod` y
div_b2n_k :: Integer -> Integer -> Integer
div_b2n_k x y = x `div` y
mod_b2n_k :: Integer -> Integer -> Integer
mod_b2n_k x y = x `mod` y
quot_b3_b2 :: Integer -> Integer -> Integer
quot_b3_b2 x y = x `quot` y
rem_b3_b2 :: Integer -> Integer -> Integer
rem_b3_b2 x y = x `rem` y
div_b3_b2 :: Integer -> Integer -> Integer
div_b3_b2 x y = x `div` y
mod_b3_b2 :: Integer -> Integer -> Integer
mod_b3_b2 x y = x `mod` y
div_b3_b2n :: Integer -> Integer -> Integer
div_b3_b2n x y = x `div` y
mod_b3_b2n :: Integer -> Integer -> Integer
mod_b3_b2n x y = x `mod` y
quot_b4_b2 :: Integer -> Integer -> Integer
quot_b4_b2 x y = x `quot` y
rem_b4_b2 :: Integer -> Integer -> Integer
rem_b4_b2 x y = x `rem` y
quot_b2_b3 :: Integer -> Integer -> Integer
quot_b2_b3 x y = x `quot` y
rem_b2_b3 :: Integer -> Integer -> Integer
rem_b2_b3 x y = x `rem` y
quot_b4_k :: Integer -> Integer -> Integer
quot_b4_k x y = x `quot` y
quot_b1_k :: Integer -> Integer -> Integer
quot_b1_k x y = x `quot` y
div_s_k :: Integer -> Integer -> Integer
div_s_k x y = x `div` y
mod_b2_b2p :: Integer -> Integer -> Integer
mod_b2_b2p x y = x `mod` y
quot_b2_one :: Integer -> Integer -> Integer
quot_b2_one x y = x `quot` y
gcd_b3_b2 :: Integer -> Integer -> Integer
gcd_b3_b2 x y = x `gcd` y
eq_b2_b2p :: Integer -> Integer -> Bool
eq_b2_b2p x y = x == y
lt_b2_b3 :: Integer -> Integer -> Bool
lt_b2_b3 x y = x < y
neg_b2 :: Integer -> Integer
neg_b2 x = negate x
neg_s :: Integer -> Integer
neg_s x = negate x
neg_b1 :: Integer -> Integer
neg_b1 x = negate x
neg_b1n :: Integer -> Integer
neg_b1n x = negate x
abs_b2n :: Integer -> Integer
abs_b2n x = abs x
abs_b2 :: Integer -> Integer
abs_b2 x = abs x
sig_b2 :: Integer -> Integer
sig_b2 x = signum x
toI_b2 :: Integer -> Int
toI_b2 x = (fromIntegral :: Integer -> Int) x
toI_k_k :: Integer -> Int
toI_k_k x = (fromIntegral :: Integer -> Int) x
fromInt_s :: Int -> Integer
fromInt_s x = fromIntegral x
toInteger_s :: Int -> Integer
toInteger_s x = toInteger x
fromInt_k :: Int -> Integer
fromInt_k x = fromIntegral x
show_b1 :: Integer -> String
show_b1 x = show x
show_b2 :: Integer -> String
show_b2 x = show x
show_b3 :: Integer -> String
show_b3 x = show x
show_b4 :: Integer -> String
show_b4 x = show x
show_s :: Integer -> String
show_s x = show x
show_k :: Integer -> String
show_k x = show x
show_b2n :: Integer -> String
show_b2n x = show x

n :: Int
n = 10

ck :: (Int -> Integer) -> IO ()
ck f = print (length (filter (/= 0) [f i | i <- [1 .. n]]))
cki :: (Int -> Int) -> IO ()
cki f = print (length (filter (/= 0) [f i | i <- [1 .. n]]))
ckb :: (Int -> Bool) -> IO ()
ckb f = print (length (filter id [f i | i <- [1 .. n]]))
cks :: (Int -> String) -> IO ()
cks f = print (sum (map length [f i | i <- [1 .. n]]))

main :: IO ()
main = do
  ck (\_ -> add_s_s v_s v_s)
  ck (\_ -> add_b1_b1 v_b1 v_b1)
  ck (\_ -> add_b2_b2 v_b2 v_b2)
  ck (\_ -> add_b2_k v_b2 v_k)
  ck (\_ -> add_k_b2 v_k v_b2)
  ck (\_ -> add_b3_b2 v_b3 v_b2)
  ck (\_ -> add_b2_b1n v_b2 v_b1n)
  ck (\_ -> add_b2_b2n v_b2 v_b2n)
  ck (\_ -> add_b1_b1n v_b1 v_b1n)
  ck (\_ -> add_b1n_b1n v_b1n v_b1n)
  ck (\_ -> add_b2n_k v_b2n v_k)
  ck (\_ -> sub_b2_b2p v_b2 v_b2p)
  ck (\_ -> sub_b1_b1 v_b1 v_b1)
  ck (\_ -> sub_b2_b1 v_b2 v_b1)
  ck (\_ -> sub_b2_k v_b2 v_k)
  ck (\_ -> sub_sm_s v_sm v_s)
  ck (\_ -> sub_k_b2 v_k v_b2)
  ck (\_ -> sub_b3_b2 v_b3 v_b2)
  ck (\_ -> mul_s_w v_s v_w)
  ck (\_ -> mul_b1_b1 v_b1 v_b1)
  ck (\_ -> mul_b2_b2 v_b2 v_b2)
  ck (\_ -> mul_b2_k v_b2 v_k)
  ck (\_ -> mul_k_b2 v_k v_b2)
  ck (\_ -> mul_b3_b2 v_b3 v_b2)
  ck (\_ -> mul_b2_b2n v_b2 v_b2n)
  ck (\_ -> mul_b2_kn v_b2 v_kn)
  ck (\_ -> mul_b4_b4 v_b4 v_b4)
  ck (\_ -> quot_b2_k v_b2 v_k)
  ck (\_ -> rem_b2_k v_b2 v_k)
  ck (\_ -> div_b2_k v_b2 v_k)
  ck (\_ -> mod_b2_k v_b2 v_k)
  ck (\_ -> div_b2n_k v_b2n v_k)
  ck (\_ -> mod_b2n_k v_b2n v_k)
  ck (\_ -> quot_b3_b2 v_b3 v_b2)
  ck (\_ -> rem_b3_b2 v_b3 v_b2)
  ck (\_ -> div_b3_b2 v_b3 v_b2)
  ck (\_ -> mod_b3_b2 v_b3 v_b2)
  ck (\_ -> div_b3_b2n v_b3 v_b2n)
  ck (\_ -> mod_b3_b2n v_b3 v_b2n)
  ck (\_ -> quot_b4_b2 v_b4 v_b2)
  ck (\_ -> rem_b4_b2 v_b4 v_b2)
  ck (\_ -> quot_b2_b3 v_b2 v_b3)
  ck (\_ -> rem_b2_b3 v_b2 v_b3)
  ck (\_ -> quot_b4_k v_b4 v_k)
  ck (\_ -> quot_b1_k v_b1 v_k)
  ck (\_ -> div_s_k v_s v_k)
  ck (\_ -> mod_b2_b2p v_b2 v_b2p)
  ck (\_ -> quot_b2_one v_b2 v_one)
  ck (\_ -> gcd_b3_b2 v_b3 v_b2)
  ckb (\_ -> eq_b2_b2p v_b2 v_b2p)
  ckb (\_ -> lt_b2_b3 v_b2 v_b3)
  ck (\_ -> neg_b2 v_b2)
  ck (\_ -> neg_s v_s)
  ck (\_ -> neg_b1 v_b1)
  ck (\_ -> neg_b1n v_b1n)
  ck (\_ -> abs_b2n v_b2n)
  ck (\_ -> abs_b2 v_b2)
  ck (\_ -> sig_b2 v_b2)
  cki (\_ -> toI_b2 v_b2)
  cki (\_ -> toI_k_k v_k)
  ck (\_ -> fromInt_s 4611686018427387904)
  ck (\_ -> toInteger_s 4611686018427387904)
  ck (\_ -> fromInt_k 12345)
  cks (\_ -> show_b1 v_b1)
  cks (\_ -> show_b2 v_b2)
  cks (\_ -> show_b3 v_b3)
  cks (\_ -> show_b4 v_b4)
  cks (\_ -> show_s v_s)
  cks (\_ -> show_k v_k)
  cks (\_ -> show_b2n v_b2n)
  print [v_s, v_sm, v_one, v_b1, v_b1n, v_b2, v_b2n, v_b2p, v_b3, v_b4, v_k, v_kn, v_w]
