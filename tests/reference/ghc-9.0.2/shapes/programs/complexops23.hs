import Data.Complex

main :: IO ()
main = do
  let z = 1 :+ (-2) :: Complex Double
      w = 3 :+ 4 :: Complex Double
  print z
  print (realPart w, imagPart w, magnitude w, phase w)
  print (z + w, z - w, z * w, z / w)
  print (negate z, abs w, signum w, conjugate z)
  print (mkPolar 2 (pi / 4) :: Complex Double)
  print (polar (0 :+ 1 :: Complex Double), cis pi :: Complex Double)
  print (sqrt z, exp z, log w)
  print (sin z, cos z)
  print (z ** w, w ^ 3, recip w)
  print (sum [z, w, 1], product [z, w])
  print [Just z]
  print (fromIntegral (3 :: Int) + z)
  print (pi :: Complex Double)
