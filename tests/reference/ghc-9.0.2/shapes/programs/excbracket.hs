-- Resource handling: bracket, bracket_, finally and onException print in GHC's order,
-- with exceptions of the program's own types passing handlers of other types.
import Control.Exception
import Data.IORef

data BankError = Insufficient Int | UnknownAccount String deriving Show
instance Exception BankError

data Audit = Audit String deriving Show
instance Exception Audit

withdraw :: IORef Int -> Int -> IO ()
withdraw ref amt = do
  bal <- readIORef ref
  if amt > bal then throwIO (Insufficient (amt - bal)) else writeIORef ref (bal - amt)

withAccount :: String -> IORef Int -> (IORef Int -> IO a) -> IO a
withAccount name ref act =
  bracket (putStrLn ("open " ++ name) >> return ref)
          (\_ -> putStrLn ("close " ++ name))
          act

session :: IORef Int -> [Int] -> IO ()
session ref amts = withAccount "main" ref $ \r ->
  mapM_ (\a -> withdraw r a `onException` putStrLn ("  failed at " ++ show a)) amts

main :: IO ()
main = do
  ref <- newIORef 100
  r <- try (session ref [10, 20, 30, 50, 5])
  case r of
    Left (Insufficient n) -> putStrLn ("short by " ++ show n)
    Left e -> putStrLn ("bank error: " ++ show e)
    Right () -> putStrLn "all done"
  readIORef ref >>= print
  (putStrLn "working" >> throwIO (Audit "check")) `catch` \e -> case e of
    Audit what -> putStrLn ("audit: " ++ what)
  r2 <- try (handle (\e -> putStrLn ("arith: " ++ show (e :: ArithException)))
                    (throwIO (UnknownAccount "bob") `finally` putStrLn "finally ran"))
  case r2 of
    Left e -> putStrLn ("passed the arith handler: " ++ show (e :: BankError))
    Right () -> putStrLn "no"
  bracket_ (putStrLn "enter") (putStrLn "leave") (putStrLn "inside")
  counts <- mapM (\i -> do
                    c <- newIORef (0 :: Int)
                    res <- try (bracket_ (modifyIORef c (+ 1)) (modifyIORef c (+ 10))
                                  (if even i then throwIO (Insufficient i) else return i))
                    v <- readIORef c
                    return (either (\(Insufficient n) -> negate n) id res + v))
                 [1 .. 200 :: Int]
  print (sum counts)
  n <- (evaluate (length [1 .. 1000 :: Int]) `finally` putStrLn "counted")
  print n
  r3 <- try (evaluate (foldr (\x acc -> if x == 77 then throw (Audit "77") else x + acc)
                              0 [1 .. 100 :: Int]))
  putStrLn (either (\(Audit s) -> "stopped at " ++ s) show r3)
