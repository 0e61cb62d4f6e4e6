import Data.Char

count :: (Char -> Bool) -> [Char] -> Int
count p = length . filter p

main :: IO ()
main = do
  let cs = ['\0' .. '\255'] ++ "\x300\x2028\x3000\x0660\x4e2d\x1F600\xE000\x200B\x00AD\x2167"
  print (map (\p -> count p cs)
    [isAscii, isControl, isHexDigit, isOctDigit, isLetter, isPrint, isSeparator, isNumber,
     isMark, isSymbol, isLatin1, isAsciiUpper, isAsciiLower])
  print (filter isPrint (take 40 (drop 120 cs)))
