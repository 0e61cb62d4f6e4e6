s0 :: String
s0 = show (0.5 :: Double)
s1 :: String
s1 = show (0.05 :: Double)
s2 :: String
s2 = show (5.0e-3 :: Double)
s3 :: String
s3 = show (5.0e-5 :: Double)
s4 :: String
s4 = show (5.0e-9 :: Double)
s5 :: String
s5 = show (5.0e-17 :: Double)
s6 :: String
s6 = show (5.0e-30 :: Double)
s7 :: String
s7 = show (-6.344131569286608e-17 :: Double)
s8 :: String
s8 = show (1.2345e-7 :: Double)
s9 :: String
s9 = show (0.1 :: Double)
s10 :: String
s10 = show (0.123 :: Double)
s11 :: String
s11 = show (1.0e-2 :: Double)
s12 :: String
s12 = show (5.0e8 :: Double)
s13 :: String
s13 = show (5.0e20 :: Double)
s14 :: String
s14 = show (1.2345e30 :: Double)
s15 :: String
s15 = show (6.02e23 :: Double)
main = do
  putStrLn (show (1.5 :: Double))
  putStrLn s0
  putStrLn s1
  putStrLn s2
  putStrLn s3
  putStrLn s4
  putStrLn s5
  putStrLn s6
  putStrLn s7
  putStrLn s8
  putStrLn s9
  putStrLn s10
  putStrLn s11
  putStrLn s12
  putStrLn s13
  putStrLn s14
  putStrLn s15
