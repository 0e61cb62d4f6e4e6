import Data.List (sortOn, groupBy, intercalate)
import Data.Function (on)
import Data.Maybe (fromMaybe, mapMaybe)

data Grade = A | B | C | D | F deriving (Show, Eq, Ord, Enum, Bounded)

data Student = Student { sname :: String, sid :: Int, marks :: [Int] } deriving (Show, Eq)

class Show a => Report a where
  title :: a -> String
  title = takeWhile (/= ' ') . show
  body :: a -> [String]

instance Report Student where
  body s = [sname s ++ " #" ++ show (sid s), "  marks: " ++ unwords (map show (marks s)), "  grade: " ++ show (grade (average s))]

instance Report Grade where
  title g = "Grade " ++ show g
  body g = ["band " ++ show (fromEnum g)]

average :: Student -> Double
average s
  | null ms = 0
  | otherwise = fromIntegral (sum ms) / fromIntegral (length ms)
  where ms = marks s

grade :: Double -> Grade
grade x
  | x >= 85 = A
  | x >= 70 = B
  | x >= 55 = C
  | x >= 40 = D
  | otherwise = F

parseStudent :: String -> Maybe Student
parseStudent line = case words line of
  (n : i : ms) | all (all (`elem` "0123456789")) (i : ms) -> Just (Student n (read i) (map read ms))
  _ -> Nothing

roster :: String
roster = unlines
  [ "ann 101 88 92 79 95", "ben 102 55 61 48", "cho 103 71 70 77 80 69"
  , "dee 104 40 38 52", "eve 105 99 97", "fay 106 x 50", "gus 107 63 66 70 58"
  , "hal 108 20 35 41 30", "ivy 109 85 85 86", "jon 110" ]

render :: Report a => a -> String
render x = intercalate "\n" (("== " ++ title x) : body x)

main :: IO ()
main = do
  let students = mapMaybe parseStudent (lines roster)
  mapM_ (putStrLn . render) (take 3 students)
  let byGrade = groupBy ((==) `on` fst) (sortOn fst [ (grade (average s), sname s) | s <- students ])
  mapM_ (\g -> putStrLn (show (fst (head g)) ++ ": " ++ intercalate ", " (map snd g))) byGrade
  putStrLn (render (minBound :: Grade))
  print [ (g, length [ s | s <- students, grade (average s) == g ]) | g <- [minBound .. maxBound] ]
  print (fromMaybe (Student "nobody" 0 []) (lookup 105 [ (sid s, s) | s <- students ]))
  print (sum (map (sum . marks) students), maximum (concatMap marks students))
