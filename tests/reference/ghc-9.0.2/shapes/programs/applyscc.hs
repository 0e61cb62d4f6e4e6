apply :: Char -> Int -> Int -> Maybe Int
apply '+' a b = Just (a + b)
apply '-' a b = Just (a - b)
apply _ _ _ = Nothing

run :: [Int] -> Int
run xs = sum [v | x <- xs, Just v <- [apply '+' x x]]

main :: IO ()
main = print (run [1 .. 1000])
