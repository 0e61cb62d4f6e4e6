-- a small sliding 8-puzzle solved by breadth-first search with a visited set
import qualified Data.Set as S
import Data.List (elemIndex)
import Data.Maybe (fromJust)

type Board = [Int]

goal :: Board
goal = [1, 2, 3, 4, 5, 6, 7, 8, 0]

moves :: Board -> [(Char, Board)]
moves b = [(name, swap z t) | (name, dr, dc) <- dirs,
                               let r' = r + dr, let c' = c + dc,
                               r' >= 0, r' < 3, c' >= 0, c' < 3,
                               let t = r' * 3 + c']
  where
    z = fromJust (elemIndex 0 b)
    (r, c) = z `divMod` 3
    dirs = [('U', -1, 0), ('D', 1, 0), ('L', 0, -1), ('R', 0, 1)]
    swap i j = [pick k x | (k, x) <- zip [0 ..] b]
      where pick k x | k == i = b !! j
                     | k == j = b !! i
                     | otherwise = x

solve :: Board -> Maybe String
solve start = go (S.singleton start) [(start, "")]
  where
    go _ [] = Nothing
    go seen ((b, path) : rest)
      | b == goal = Just (reverse path)
      | otherwise =
          let next = [(b', m : path) | (m, b') <- moves b, not (S.member b' seen)]
              seen' = foldr (S.insert . fst) seen next
          in go seen' (rest ++ next)

showBoard :: Board -> String
showBoard b = unlines [concatMap cell (take 3 (drop (3 * i) b)) | i <- [0 .. 2]]
  where cell 0 = " ."
        cell n = ' ' : show n

applyMoves :: Board -> String -> Board
applyMoves = foldl (\b m -> maybe b id (lookup m (moves b)))

main :: IO ()
main = do
  let starts = [[1, 2, 3, 4, 5, 6, 0, 7, 8], [1, 2, 3, 0, 4, 6, 7, 5, 8],
                [4, 1, 3, 7, 2, 6, 0, 5, 8], [1, 3, 6, 5, 2, 0, 4, 7, 8]]
  mapM_ (\s -> do
          putStr (showBoard s)
          let sol = solve s
          print sol
          print (fmap (\p -> applyMoves s p == goal) sol)) starts
