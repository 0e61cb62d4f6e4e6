import Control.Monad.Trans.State.Strict

pGet :: Int -> State Int Int
pGet _ = get

pPut :: Int -> State Int ()
pPut i = put i

pModify :: Int -> State Int ()
pModify i = modify (+ i)

pModifyS :: Int -> State Int ()
pModifyS i = modify' (+ i)

pGets :: Int -> State Int Int
pGets i = gets (+ i)

pState :: Int -> State Int Int
pState i = state (\s -> (s, s + i))

pReturn :: Int -> State Int Int
pReturn i = return i

pBind :: Int -> State Int ()
pBind i = get >>= put

pThen :: Int -> State Int ()
pThen i = put i >> put i

pFmap :: Int -> State Int Int
pFmap i = fmap (+ i) get

pAp :: Int -> State Int Int
pAp i = (+) <$> get <*> get

main :: IO ()
main = do
  print (execState (mapM_ pGet [1 .. 100]) 0)
  print (execState (mapM_ pPut [1 .. 100]) 0)
  print (execState (mapM_ pModify [1 .. 100]) 0)
  print (execState (mapM_ pModifyS [1 .. 100]) 0)
  print (execState (mapM_ pGets [1 .. 100]) 0)
  print (execState (mapM_ pState [1 .. 100]) 0)
  print (execState (mapM_ pReturn [1 .. 100]) 0)
  print (execState (mapM_ pBind [1 .. 100]) 0)
  print (execState (mapM_ pThen [1 .. 100]) 0)
  print (execState (mapM_ pFmap [1 .. 100]) 0)
  print (execState (mapM_ pAp [1 .. 100]) 0)
