-- show of tuples holding Strings (issue 18 item 1, shapes20): a String in each place of a
-- pair and a triple, "" and longer Strings, pairs in a list and in Just, against the same
-- shapes without a String; each in a function of its own called 20 times
s0 :: Int -> String
s0 n = show ("", n)

s1 :: Int -> String
s1 n = show ("a", n)

s2 :: Int -> String
s2 n = show ("ab", n)

s3 :: Int -> String
s3 n = show ("abc", n)

r2 :: Int -> String
r2 n = show (n, "ab")

b2 :: Int -> String
b2 n = show ("ab", "cd")

g2 :: Int -> String
g2 n = show "ab"

h2 :: Int -> String
h2 n = show (n, n)

c2 :: Int -> String
c2 n = show ('c', n)

n2 :: Int -> String
n2 n = show ([n, n], n)

l1 :: Int -> String
l1 n = show [("x", n)]

l2 :: Int -> String
l2 n = show [("ab", n), ("yy", n + 1)]

m2 :: Int -> String
m2 n = show (Just ("q", n))

t3 :: Int -> String
t3 n = show ("ab", n, n)

t3b :: Int -> String
t3b n = show (n, n, "ab")

t3s :: Int -> String
t3s n = show ("a", n, "bc")

q4 :: Int -> String
q4 n = show (n, n + 1, [n, n * 2], "q")

main :: IO ()
main = do
  let xs = replicate 20 5
  mapM_ (putStrLn . s0) xs
  mapM_ (putStrLn . s1) xs
  mapM_ (putStrLn . s2) xs
  mapM_ (putStrLn . s3) xs
  mapM_ (putStrLn . r2) xs
  mapM_ (putStrLn . b2) xs
  mapM_ (putStrLn . g2) xs
  mapM_ (putStrLn . h2) xs
  mapM_ (putStrLn . c2) xs
  mapM_ (putStrLn . n2) xs
  mapM_ (putStrLn . l1) [1 .. 20]
  mapM_ (putStrLn . l2) [1 .. 20]
  mapM_ (putStrLn . m2) [1 .. 20]
  mapM_ (putStrLn . t3) xs
  mapM_ (putStrLn . t3b) xs
  mapM_ (putStrLn . t3s) [1 .. 20]
  mapM_ (putStrLn . q4) [1 .. 20]
