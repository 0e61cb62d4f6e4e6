newtype P a = P { runP :: String -> Maybe (a, String) }
instance Functor P where
  fmap f (P p) = P $ \s -> case p s of
    Nothing -> Nothing
    Just (a, r) -> Just (f a, r)
instance Applicative P where
  pure x = P $ \s -> Just (x, s)
  P pf <*> P pa = P $ \s -> case pf s of
    Nothing -> Nothing
    Just (f, r) -> case pa r of
      Nothing -> Nothing
      Just (a, r') -> Just (f a, r')
item :: P Char
item = P $ \s -> case s of
  (c:cs) -> Just (c, cs)
  [] -> Nothing
token :: P a -> P a
token p = p <* item
skip :: P a -> P a
skip p = item *> p
both :: P (Char, Char)
both = (,) <$> item <*> item
main :: IO ()
main = do
  print (map (\k -> fmap fst (runP (token item) (replicate k 'x'))) [2 .. 50])
  print (map (\k -> fmap fst (runP (skip item) (take k (cycle "ab")))) [2 .. 40])
  print (map (\k -> fmap fst (runP both (show k))) [10 .. 30 :: Int])
