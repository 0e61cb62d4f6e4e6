-- Data.Bits' unsafeShiftL/unsafeShiftR/complementBit at Word8/Word16 (unsafeShiftR at a fixed
-- type crashed), containers' take/drop/splitAt at the edges, join/liftM2 at Either;
-- the .stdout is runghc's (GHC 9.0.2)
import qualified Data.Map as M
import qualified Data.Set as S
import Data.Word
import Data.Bits
import Control.Monad

main :: IO ()
main = do
  print (unsafeShiftL (255 :: Word8) 4, unsafeShiftR (200 :: Word16) 3, complementBit (0 :: Word8) 7)
  print (S.take (-2) (S.fromList "abc"), S.drop 10 (S.fromList "abc"), M.splitAt 0 (M.fromList [(1, 'a')]))
  print (M.lookupIndex 'z' (M.fromList [('a', 1 :: Int)]), S.elemAt 0 (S.singleton 'q'))
  print (join (Right (Left "inner") :: Either String (Either String Int)), liftM2 (,) (Left "e" :: Either String Int) (Right (1 :: Int)))
