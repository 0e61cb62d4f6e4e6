newtype St s a = St { runSt :: s -> (a, s) }

putA :: s -> St s ()
putA s = St (\_ -> ((), s))

putB :: s -> St s ()
putB s = St (\x -> ((), s))

putC :: s -> St s ()
putC s = St $ \_ -> ((), s)

retD :: a -> St s a
retD a = St (\s -> (a, s))

main :: IO ()
main = do
  print (sum [snd (runSt (putA k) 0) | k <- [1 .. 1000 :: Int]])
  print (sum [snd (runSt (putB k) 0) | k <- [1 .. 1000 :: Int]])
  print (sum [snd (runSt (putC k) 0) | k <- [1 .. 1000 :: Int]])
  print (sum [fst (runSt (retD k) 0) | k <- [1 .. 1000 :: Int]])
