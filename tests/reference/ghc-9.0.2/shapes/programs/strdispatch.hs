-- a dispatcher of 14 string commands, each row with a guard and list structure after
-- its literal: GHC falls through its join points; the model must not grow exponentially
run :: [String] -> [Int] -> [Int]
run [] st = st
run ("push" : x : rest) (a : st) | x /= "" = run rest (0 + a : st)
run ("pop" : x : rest) (a : st) | x /= "" = run rest (1 + a : st)
run ("add" : x : rest) (a : st) | x /= "" = run rest (2 + a : st)
run ("sub" : x : rest) (a : st) | x /= "" = run rest (3 + a : st)
run ("mul" : x : rest) (a : st) | x /= "" = run rest (4 + a : st)
run ("div" : x : rest) (a : st) | x /= "" = run rest (5 + a : st)
run ("dup" : x : rest) (a : st) | x /= "" = run rest (6 + a : st)
run ("swap" : x : rest) (a : st) | x /= "" = run rest (7 + a : st)
run ("drop" : x : rest) (a : st) | x /= "" = run rest (8 + a : st)
run ("over" : x : rest) (a : st) | x /= "" = run rest (9 + a : st)
run ("rot" : x : rest) (a : st) | x /= "" = run rest (10 + a : st)
run ("neg" : x : rest) (a : st) | x /= "" = run rest (11 + a : st)
run ("abs" : x : rest) (a : st) | x /= "" = run rest (12 + a : st)
run ("max" : x : rest) (a : st) | x /= "" = run rest (13 + a : st)
run (_ : rest) st = run rest st
main :: IO ()
main = print (run (concat (replicate 50 ["push","1","add","2","max","3","zz","4","rot"])) [0])
