-- Division by zero at Word16 after a line of output: GHC's exception message.
import Data.Word

ratio :: Word16 -> Word16 -> Word16
ratio a b = a `div` b

main :: IO ()
main = do
  print (ratio 100 7)
  print (ratio 100 0)
