-- the first output (hPutStr) under a function of its own, after a long computation: stdout's
-- buffer is charged to MAIN/main/report, and the handle's objects appear only after it
report :: Int -> IO ()
report n = putStrLn ("n = " ++ show n)

main :: IO ()
main = do
  let s = sum (map (`mod` 7) [1 .. 300000 :: Int])
  s `seq` return ()
  report s
  print (length (filter even (map (* 3) [1 .. 300000 :: Int])))
