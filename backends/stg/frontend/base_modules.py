"""Which module of base each of the Prelude's functions stands for (pipeline.BASE_MODULE_OF):
the closures its code allocates are described (-hd) and its CAFs named by that module, as
GHC's show them (<GHC.List.sat_s4op>, CAF GHC.Show)."""

# The base module GHC defines each Prelude function in: closure descriptions (-hd shows
# <Module.name>) of Prelude code use these, as GHC's show <GHC.List.sat_s4op>.
BASE_MODULES = {
    "GHC.List": "foldl foldl' foldr1 foldr1Go# foldl1 scanl scanr sum product sumI# productI# "
                "foldableCost# length "
                "lenAcc# reverse "
                "rev# head tail last init null !! nth# elem notElem lookup "
                "replicate iterate repeat cycle take drop splitAt takeWhile dropWhile span "
                "break zip zip3 zipWith zipWith3 unzip unzip3 maximum minimum filter scanl1 scanr1 "
                "emptyList# concat concatMap",
    "GHC.Base": "<> mappend mempty mconcat appendOrdering# memptyOrdering# mconcatOrdering# "
                "appendUnit# memptyUnit# mconcatUnit# appendFun1Ordering# appendFun2Ordering# "
                "appendFun1List# appendFun2List# "
                "map ++ foldr id const flip . $ applyNewtype# $! seq otherwise && || not return "
                "pure >>= >> =<< fail failMaybe# failList# fmap <$> <$ <*> *> <* asTypeOf until "
                "fmapMaybe# fmapPair# bindMaybe# thenMaybe# "
                "returnMaybe# flipBindMaybe# bindList# thenList# returnList# flipBindList# "
                "bindListGo# bindListIn# dmApLeft# dmApRight#",
    "Data.IORef": "modifyIORef modifyIORef'",
    "Data.Either": "fmapEither# bindEither# thenEither# returnEither# flipBindEither#",
    "Data.Traversable": "sequenceWith# sequenceWith_# mapMWith# mapMWith_# forMWith# "
                        "forMWith_# whenWith# unlessWith# foldMWith# replicateMWith# "
                        "replicateMWith_# zipWithMWith# zipWithMWith_# filterMWith# apWith# "
                        "rightWith# leftWith# traverseU# foldMU# "
                        "replicateMU# replicateMLoop# replicateMU_# replicateMLoop_# liftA2IO# "
                        "zipWithMU_# filterMU# whenU# unlessU# traverseMaybe# forMaybe# "
                        "sequenceMaybe# traverseEither# forEither# sequenceEither#",
    "GHC.Read": "read readAt#",
    "Text.Printf": "printf forceArgs# printfStr# printfIO# printfS# fromChar#",
    "System.Environment": "getArgs getProgName",
    "GHC.Show": "show shows showsBase# showsPrec showString showChar showParen showNum# showList# "
                "showlWith# showlRest# showStrElem# elemsStringy# showCharLit# showLitString# "
                "showLitChar protectEsc# asciiTab# showsStruct# showsCon# isNegativeZero# "
                "showDigits# showSpace showCommaSpace showParenS# showsPrecStr# showsStr# showStr# "
                "printStr#",
    "GHC.Enum": "toEnumBool# toEnumOrdering# toEnum minBound maxBound minBoundInt# "
                "maxBoundInt# minBoundChar# "
                "maxBoundChar# minBoundBool# maxBoundBool# minBoundOrdering# maxBoundOrdering# "
                "isCon# enumFrom enumFromTo enumFromThen enumFromThenTo numFrom# numFromThen# "
                "eftI# eftC# stepChar# eftD# efdtI# efdtIU# efdtID# efdtD# efdtDU# efdtDD# "
                "enumFromI# enumFromToI# enumFromThenI# enumFromThenToI# efdtUpI# efdtDnI# "
                "goUpI# goDnI# enumTo# enumTo1# enumThenTo# upThen# dnThen# "
                "succ pred fromEnum",
    "GHC.Num": "+ - * negate abs signum subtract fromInteger fromIntegerLit# "
               "fromIntegerLitZ# plusI# minusI# timesI# negateI# absI# fromIntegerI#",
    "GHC.Float": "fromIntegerD# fromIntegralZD#",
    "GHC.Real": "/ quot rem div mod quotRem divMod ^ powF powG powCost# powBits# powZ# powI# "
                "powZI# "
                "powCostZ# powOne# evenZ# oddZ# fromIntegralZ# fromIntegralZZ# fromIntegralZI# "
                "even odd gcd gcd' lcm gcdZero# gcdAbs# gcdLoop# gcdRem# gcdR# absBox# gcdZ# "
                "gcdZeroZ# "
                "fromIntegral fromIntegralD# realToFrac toInteger truncate round floor ceiling",
    "GHC.Classes": "== /= < <= > >= compare max min eqStruct# cmpStruct# cmpNum# thenCmp# "
                   "ltFields# leFields# gtFields# geFields# "
                   "conIndex# eqFields# cmpFields# ltCmp# leCmp# cmpTag# ltTag# eqTagFields# "
                   "notEq# maxDefault# minDefault# coercedMethod# "
                   "cmpTagFields#",
    "GHC.Err": "error errorWithoutStackTrace undefined errorCalledAt undefinedCalledAt raise#",
    "System.IO": "putStr putStrLn newline# putChar print forceStr# forceGo#",
    "Data.OldList": "\\\\ unfoldr genericLength genericLengthD# genericLengthZ# genericTake "
                    "genericDrop genericReplicate "
                    "genericSplitAt lines unlines words unwords intercalate intersperse "
                    "prependToAll# "
                    "isPrefixOf isSuffixOf partition partStep# nub nubFrom# sort sortBy insert "
                    "heads# tails# sequences# descending# ascending# ascendingEnd# mergeAll# "
                    "mergePairs# merge# mergeStep# mergeWith# mergeInto# "
                    "insertBy unwordsGo# group groupBy sortOn cmpFst# transpose isInfixOf "
                    "transposeS# sortCmp# "
                    "isInfixGo# tails inits initsGo# initsSnoc# initsList# "
                    "maximumBy minimumBy maxBy# minBy# dropWhileEnd stripPrefix subsequences "
                    "nonEmptySubs# "
                    "permutations perms# delete deleteBy union "
                    "unionBy nubBy nubByFrom# elemBy# intersect intersectBy find findGo# "
                    "findIndex findIdx# "
                    "findIndices elemIndex elemIndices",
    "Data.Maybe": "maybe fromMaybe fromJust isJust isNothing catMaybes mapMaybe listToMaybe "
                  "maybeToList",
    "Data.Ord": "comparing",
    "Data.Function": "on",
    "Control.Arrow": "&&& ***",
    "Control.DeepSeq": "deepseq force $!! rnf rwhnf rnfStruct# rnfCon#",
    "Control.Category": ">>> <<<",
    "Data.Bifunctor": "bimap first second bimapPair# firstPair# secondPair# bimapEither# "
                      "firstEither# secondEither#",
    "Data.Tuple": "fst snd curry uncurry",
    "GHC.Unicode": "isDigit isSpace isUpper isLower isAlpha isAlphaNum isPunctuation toUpper "
                   "toLower",
    "Data.Foldable": "mapM_ forM_ sequence_ and or any all foldMapBool# monoid# mapMU_# "
                     "sequenceU_#",
    "Control.Monad": "foldM replicateM_ replicateM zipWithM zipWithM_ filterM replicateMIO# "
                     "replicateMNext#",
}
