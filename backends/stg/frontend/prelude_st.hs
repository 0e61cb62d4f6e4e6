
-- ------------------------------------------------------------------ Control.Monad.ST, Data.STRef, mutable and unboxed arrays
-- ST runs as IO (an action applied to the world token; runST applies it), an STRef is an
-- IORef's MUT_VAR and STRef box. The array package's mutable arrays (STArray, IOArray boxed;
-- STUArray, IOUArray unboxed) and UArray are machine/prims_st.py's objects: a function
-- making one at an unboxed type is `...K# k' with its element type's k (directed_st.py),
-- elsewhere the boxed one (k 0). An unboxed array's elements are evaluated when written.
runST m = case m () of IO# _ x -> x
stToIO m w = m w
newSTRef v w = prim "newMutVar#" w v
readSTRef r w = prim "readMutVar#" r w
writeSTRef r v w = prim "writeMutVar#" r w v
modifySTRef r f w = case prim "readMutVar#" r w of
  IO# w' x -> prim "writeMutVar#" r w' (f x)
modifySTRef' r f w = case prim "readMutVar#" r w of
  IO# w' x -> case f x of !x' -> prim "writeMutVar#" r w' x'
-- (GHC's `error' in array's Data.Array.Base; -prof adds its cost-centre stack, not modelled)
mArrBot# = raise# ("MArray: undefined array element\nCallStack (from HasCallStack):\n  error, "
  ++ "called at libraries/array/Data/Array/Base.hs:812:16 in array-0.5.4.0:Data.Array.Base")
newArray b v w = newArrayK# 0 b v w
newArrayK# k b v w = case bndsForce# b of
  !b' -> if prim "==" k 0 then prim "mArrNew#" k b' w v
         else case v of !v' -> prim "mArrNew#" k b' w v'
newArray_ b w = newArrayK# 0 b mArrBot# w
newArray_K# k b w = if prim "==" k 0 then newArrayK# 0 b mArrBot# w
  else case prim "stCost#" 1 (if prim "==" k 2 then 72 else 24) of () -> newArrayU_# k b w
newArrayU_# k b w = case bndsForce# b of !b' -> case prim "mArrNewU#" k b' of !a -> IO# w a
-- array's costs from -O0 code an element: getElems 248, newListArray 208 and 440 a call
-- (listArray at a UArray 104), freeze 408 (424 unboxed) and 896 a call, thaw 328 and 584
-- a call, UArray's array and (//) 112, accumArray 104 (shapes/stmicro); newArray_ at an
-- unboxed type 24 (72 at Bool: shapes/stsize)
newListArray b es w = newListArrayK# 0 b es w
newListArrayK# k b es w = case prim "stCost#" 1 440 of () -> newListArrayC# 208 k b es w
newListArrayC# c k b es w = case newArrayRaw_# k b w of
  IO# w1 a -> case prim "arrSize#" a of
    !n -> case fillList# c a 0 n es w1 of IO# w2 _ -> IO# w2 a
newArrayRaw_# k b w = if prim "==" k 0 then newArrayK# 0 b mArrBot# w else newArrayU_# k b w
fillList# c a i n es w = if prim ">=" i n then IO# w () else case es of
  [] -> IO# w ()
  (x : rest) -> case prim "stCost#" 1 c of
    () -> case unsafeWrite a i x w of
      IO# w' _ -> case prim "+#" i 1 of !i' -> fillList# c a i' n rest w'
readArray a i w = prim "mArrRead#" a (ixForce# i) w
writeArray a i v w = if prim "mArrBoxed#" a then prim "mArrWrite#" a (ixForce# i) w v
  else case v of !v' -> prim "mArrWrite#" a (ixForce# i) w v'
unsafeRead a k w = prim "mArrReadAt#" a k w
unsafeWrite a k v w = if prim "mArrBoxed#" a then prim "mArrWriteAt#" a k w v
  else case v of !v' -> prim "mArrWriteAt#" a k w v'
getBounds a w = case prim "arrBounds#" a of !b -> IO# w b
getElems a w = case prim "stCost#" (prim "arrSize#" a) 248 of
  () -> case prim "mArrElems#" a of !es -> IO# w es
freeze a w = case prim "stCost#" (prim "arrSize#" a) (if prim "mArrBoxed#" a then 408 else 424) of
  () -> case prim "stCost#" 1 896 of () -> case prim "mArrFreeze#" a of !r -> IO# w r
thaw a w = case prim "stCost#" (prim "arrSize#" a) 328 of
  () -> case prim "stCost#" 1 584 of () -> case prim "mArrThaw#" a of !r -> IO# w r
unsafeFreeze a w = case prim "mArrUnsafeFreeze#" a of !r -> IO# w r
unsafeThaw a w = case prim "mArrUnsafeThaw#" a of !r -> IO# w r
runSTArray m = case m () of IO# _ a -> prim "mArrUnsafeFreeze#" a
runSTUArray m = case m () of IO# _ a -> prim "mArrUnsafeFreeze#" a
unsafeAt a k = case prim "mArrReadAt#" a k () of IO# _ x -> x
-- UArray's listArray, array and accumArray (an unboxed array filled, then frozen in place);
-- its (//) and accum a copy updated
listArrayK# k b es = if prim "==" k 0 then listArray b es else
  case newListArrayC# 104 k b es () of IO# _ a -> prim "mArrUnsafeFreeze#" a
arrayK# k b ies = if prim "==" k 0 then array b ies else case newArrayU_# k b () of
  IO# _ a -> case fillAssocs# a ies () of IO# _ _ -> prim "mArrUnsafeFreeze#" a
fillAssocs# _ [] w = IO# w ()
fillAssocs# a (p : rest) w = case p of
  (i, x) -> case prim "stCost#" 1 112 of
    () -> case unsafeWrite a (prim "arrOffset#" a (ixForce# i)) x w of
      IO# w' _ -> fillAssocs# a rest w'
accumArrayK# k f z b ies = if prim "==" k 0 then accumArray f z b ies else
  case newArrayK# k b z () of
    IO# _ a -> case accumM# f a ies () of IO# _ _ -> prim "mArrUnsafeFreeze#" a
accumM# _ _ [] w = IO# w ()
accumM# f a (p : rest) w = case p of
  (i, x) -> case prim "arrOffset#" a (ixForce# i) of
    !k -> case prim "stCost#" 1 104 of
      () -> case unsafeRead a k w of
        IO# w1 old -> case unsafeWrite a k (f old x) w1 of IO# w2 _ -> accumM# f a rest w2
updU# a ies = case prim "mArrThaw#" a of
  !m -> case fillAssocs# m ies () of IO# _ _ -> prim "mArrUnsafeFreeze#" m
accumU# f a ies = case prim "mArrThaw#" a of
  !m -> case accumM# f m ies () of IO# _ _ -> prim "mArrUnsafeFreeze#" m
