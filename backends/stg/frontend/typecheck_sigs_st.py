"""The types of prelude_st.hs's functions: Control.Monad.ST, Data.STRef and the array
package's mutable and unboxed arrays (GHC 9.0.2: base 4.15, array 0.5.4), as Haskell
signatures; ``typecheck_env.prelude_env`` reads them with the Prelude's.

The checker has single-parameter classes only: array's ``MArray a e m`` is ``MArray a`` here
(on the array's type constructor: STArray s, STUArray s, IOArray, IOUArray) and
``IArray a e`` is ``IArray a`` (Array, UArray); the monad of an MArray operation is left to
its use (a do block in ST or IO: both run as IO, ``runST`` applies the action). ``runST``
has no rank-2 type (``ST s a -> a``). Data.Array's functions take any IArray, as
Data.Array.Unboxed's (IArray's) do; an array type the program leaves open is an Array."""

#: the types (all of them without instances of the Prelude's classes but IArray's Show)
ST_TYCONS = ("ST", "STRef", "RealWorld", "STArray", "STUArray", "IOArray", "IOUArray",
             "UArray")

#: array's classes, on the array's type constructor (typecheck_types.INSTANCES)
ST_INSTANCES = {
    "MArray": dict.fromkeys(("STArray", "STUArray", "IOArray", "IOUArray"), ""),
    "IArray": dict.fromkeys(("Array", "UArray"), ""),
}

ST_SIGS = """runST :: ST s a -> a
stToIO :: ST RealWorld a -> IO a
newSTRef :: a -> ST s (STRef s a)
readSTRef :: STRef s a -> ST s a
writeSTRef :: STRef s a -> a -> ST s ()
modifySTRef :: STRef s a -> (a -> a) -> ST s ()
modifySTRef' :: STRef s a -> (a -> a) -> ST s ()
newArray :: (MArray a, Ix i) => (i, i) -> e -> m (a i e)
newArray_ :: (MArray a, Ix i) => (i, i) -> m (a i e)
newListArray :: (MArray a, Ix i) => (i, i) -> [e] -> m (a i e)
readArray :: (MArray a, Ix i) => a i e -> i -> m e
writeArray :: (MArray a, Ix i) => a i e -> i -> e -> m ()
getBounds :: (MArray a, Ix i) => a i e -> m (i, i)
getElems :: (MArray a, Ix i) => a i e -> m [e]
freeze :: (MArray a, IArray b, Ix i) => a i e -> m (b i e)
thaw :: (IArray b, MArray a, Ix i) => b i e -> m (a i e)
unsafeFreeze :: (MArray a, IArray b, Ix i) => a i e -> m (b i e)
unsafeThaw :: (IArray b, MArray a, Ix i) => b i e -> m (a i e)
unsafeRead :: (MArray a, Ix i) => a i e -> Int -> m e
unsafeWrite :: (MArray a, Ix i) => a i e -> Int -> e -> m ()
unsafeAt :: (IArray a, Ix i) => a i e -> Int -> e
runSTArray :: Ix i => ST s (STArray s i e) -> Array i e
runSTUArray :: Ix i => ST s (STUArray s i e) -> UArray i e
listArray :: (IArray a, Ix i) => (i, i) -> [e] -> a i e
array :: (IArray a, Ix i) => (i, i) -> [(i, e)] -> a i e
(!) :: (IArray a, Ix i) => a i e -> i -> e
bounds :: IArray a => a i e -> (i, i)
elems :: IArray a => a i e -> [e]
indices :: (IArray a, Ix i) => a i e -> [i]
assocs :: (IArray a, Ix i) => a i e -> [(i, e)]
accumArray :: (IArray a, Ix i) => (e -> v -> e) -> e -> (i, i) -> [(i, v)] -> a i e
accum :: (IArray a, Ix i) => (e -> v -> e) -> a i e -> [(i, v)] -> a i e
(//) :: (IArray a, Ix i) => a i e -> [(i, e)] -> a i e
"""
