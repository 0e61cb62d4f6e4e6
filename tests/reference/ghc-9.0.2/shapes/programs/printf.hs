import Text.Printf

main :: IO ()
main = do
  printf "%d %i %5d|%-5d|%05d %x %X %o\n" (42 :: Int) (7 :: Int) (3 :: Int) (4 :: Int) (5 :: Int) (255 :: Int) (255 :: Int) (8 :: Int)
  printf "%.2f %8.3f %-8.1f| %f %e %.3e %g %g %g\n" (3.14159 :: Double) (2.5 :: Double) (1.25 :: Double) (0.1 :: Double) (1234.5 :: Double) (1234.5 :: Double) (0.5 :: Double) (1234567.0 :: Double) (1.0e-5 :: Double)
  printf "%s|%10s|%-10s|%c|%%\n" "hi" "right" "left" 'x'
  printf "%d items cost %.2f\n" (3 :: Int) (9.5 :: Double)
  let s = printf "%03d-%s" (7 :: Int) "x" :: String
  putStrLn s
  printf "%v %v\n" (10 :: Int) (2.5 :: Double)
  printf "%+d %+.1f % d\n" (5 :: Int) (2.0 :: Double) (3 :: Int)
  printf "%d\n" (-12 :: Int)
  printf "%5s|%.2s|\n" "abc" "abcdef"
  printf "%.2f %.1f %.0f %.3f %f %f %e %.2e %f\n" (2.675 :: Double) (0.05 :: Double) (2.5 :: Double) (0.0005 :: Double) (100.0 :: Double) (1e22 :: Double) (0.000123 :: Double) (9.999 :: Double) (1.5e-7 :: Double)
  mapM_ (\(n, x) -> printf "%-6s%8.3f\n" n x) [("pi", pi :: Double), ("e", exp 1)]
  printf "%d %d\n" (1 :: Int)
