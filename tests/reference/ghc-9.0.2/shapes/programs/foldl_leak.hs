-- a foldl leak: the sum builds a chain of (+) thunks, then evaluates it (blackholes)
main :: IO ()
main = print (foldl (+) 0 [1 .. 1000000 :: Int])
