-- printf at String and at IO: six formats each (widths, left justification, several arguments)
import Text.Printf (printf)
g1 :: Int -> IO ()
g1 n = printf "%d\n" n
g2 :: Int -> IO ()
g2 n = printf "%3d\n" n
g3 :: String -> IO ()
g3 s = printf "%-6s\n" s
g4 :: Int -> Int -> String -> IO ()
g4 a b s = printf "t=%3d..%3d %-6s\n" a b s
g5 :: String -> IO ()
g5 s = printf "%s\n" s
g6 :: Int -> IO ()
g6 n = printf "x%5dy\n" n
s1 :: Int -> String
s1 n = printf "%d\n" n
s2 :: Int -> String
s2 n = printf "%3d\n" n
s3 :: String -> String
s3 s = printf "%-6s\n" s
s4 :: Int -> Int -> String -> String
s4 a b s = printf "t=%3d..%3d %-6s\n" a b s
s5 :: String -> String
s5 s = printf "%s\n" s
s6 :: Int -> String
s6 n = printf "x%5dy\n" n
main :: IO ()
main = do
  mapM_ (\i -> g1 i >> g2 i >> g3 "ab" >> g5 "abc" >> g6 i >> g4 i (i * 3) "web") [1 .. 50]
  mapM_ (\i -> putStr (s1 i) >> putStr (s2 i) >> putStr (s3 "ab") >> putStr (s5 "abc") >> putStr (s6 i) >> putStr (s4 i (i * 3) "web")) [1 .. 50]
