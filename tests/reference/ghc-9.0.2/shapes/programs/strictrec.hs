-- A record with strict fields updated in a loop (issue 18 item 1d, shapes19): a field's
-- value bound by let or where and used again (GHC's wrapper makes the let a case), a
-- direct constructor step, record update syntax
data S = S !Int !Int
data Reg = Reg { acc :: !Int, flags :: Int } deriving Show

go :: Int -> S -> S
go 0 s = s
go n (S a b) = go (n - 1) (S (a + 1) (b + a))

total :: S -> Int
total (S a b) = a + b

step :: Reg -> Int -> Reg
step (Reg a f) x =
  let a' = a + x
      carry = if a' < 0 then 1 else 0
  in Reg a' (f + carry)

step2 :: Reg -> Int -> Reg
step2 (Reg a f) x = Reg a' (f + bump)
  where a' = a * 3 `mod` 1000 + x
        bump = if a' > 500 then 1 else 0

step3 :: Reg -> Int -> Reg
step3 r x = r { acc = acc r + x }

both :: S -> Int -> S
both (S a b) x = let a' = a + x; b' = b + a' in S a' b'

main :: IO ()
main = do
  print (total (go 1000 (S 0 0)))
  print (foldl step (Reg 30000 0) [1 .. 100])
  print (foldl step2 (Reg 7 0) [1 .. 100])
  print (foldl step3 (Reg 30000 0) [1 .. 100])
  print (total (foldl both (S 1 2) [1 .. 100]))
