"""The types of containers' functions (containers.hs), as Haskell signatures under the names
programs use; ``prelude_sigs`` gives them their Prelude names. Data.Map.Strict's functions
have Data.Map's types."""

from __future__ import annotations

import re
from importlib import resources

MAP_SIGS = """
empty :: Map k a
singleton :: k -> a -> Map k a
null :: Map k a -> Bool
size :: Map k a -> Int
lookup :: Ord k => k -> Map k a -> Maybe a
member :: Ord k => k -> Map k a -> Bool
notMember :: Ord k => k -> Map k a -> Bool
findWithDefault :: Ord k => a -> k -> Map k a -> a
(!) :: Ord k => Map k a -> k -> a
(!?) :: Ord k => Map k a -> k -> Maybe a
lookupMin :: Map k a -> Maybe (k, a)
lookupMax :: Map k a -> Maybe (k, a)
findMin :: Map k a -> (k, a)
findMax :: Map k a -> (k, a)
lookupLT :: Ord k => k -> Map k v -> Maybe (k, v)
lookupGT :: Ord k => k -> Map k v -> Maybe (k, v)
lookupLE :: Ord k => k -> Map k v -> Maybe (k, v)
lookupGE :: Ord k => k -> Map k v -> Maybe (k, v)
insert :: Ord k => k -> a -> Map k a -> Map k a
insertWith :: Ord k => (a -> a -> a) -> k -> a -> Map k a -> Map k a
insertWithKey :: Ord k => (k -> a -> a -> a) -> k -> a -> Map k a -> Map k a
delete :: Ord k => k -> Map k a -> Map k a
adjust :: Ord k => (a -> a) -> k -> Map k a -> Map k a
adjustWithKey :: Ord k => (k -> a -> a) -> k -> Map k a -> Map k a
update :: Ord k => (a -> Maybe a) -> k -> Map k a -> Map k a
alter :: Ord k => (Maybe a -> Maybe a) -> k -> Map k a -> Map k a
deleteMin :: Map k a -> Map k a
deleteMax :: Map k a -> Map k a
minViewWithKey :: Map k a -> Maybe ((k, a), Map k a)
deleteFindMin :: Map k a -> ((k, a), Map k a)
deleteFindMax :: Map k a -> ((k, a), Map k a)
elemAt :: Int -> Map k a -> (k, a)
lookupIndex :: Ord k => k -> Map k a -> Maybe Int
findIndex :: Ord k => k -> Map k a -> Int
take :: Int -> Map k a -> Map k a
drop :: Int -> Map k a -> Map k a
splitAt :: Int -> Map k a -> (Map k a, Map k a)
deleteAt :: Int -> Map k a -> Map k a
updateMin :: (a -> Maybe a) -> Map k a -> Map k a
updateMax :: (a -> Maybe a) -> Map k a -> Map k a
updateWithKey :: Ord k => (k -> a -> Maybe a) -> k -> Map k a -> Map k a
unionWithKey :: Ord k => (k -> a -> a -> a) -> Map k a -> Map k a -> Map k a
mapAccum :: (a -> b -> (a, c)) -> a -> Map k b -> (a, Map k c)
traverseWithKey :: Applicative t => (k -> a -> t b) -> Map k a -> t (Map k b)
foldMapWithKey :: Monoid m => (k -> a -> m) -> Map k a -> m
alterF :: (Ord k, Functor f) => (Maybe a -> f (Maybe a)) -> k -> Map k a -> f (Map k a)
mapAccumWithKey :: (a -> k -> b -> (a, c)) -> a -> Map k b -> (a, Map k c)
mapKeysMonotonic :: (k1 -> k2) -> Map k1 a -> Map k2 a
mapKeysWith :: Ord k2 => (a -> a -> a) -> (k1 -> k2) -> Map k1 a -> Map k2 a
fromAscListWith :: Eq k => (a -> a -> a) -> [(k, a)] -> Map k a
fromDescList :: Eq k => [(k, a)] -> Map k a
differenceWith :: Ord k => (a -> b -> Maybe a) -> Map k a -> Map k b -> Map k a
isProperSubmapOf :: (Ord k, Eq a) => Map k a -> Map k a -> Bool
maxViewWithKey :: Map k a -> Maybe ((k, a), Map k a)
minView :: Map k a -> Maybe (a, Map k a)
maxView :: Map k a -> Maybe (a, Map k a)
fromList :: Ord k => [(k, a)] -> Map k a
fromListWith :: Ord k => (a -> a -> a) -> [(k, a)] -> Map k a
fromListWithKey :: Ord k => (k -> a -> a -> a) -> [(k, a)] -> Map k a
fromAscList :: Eq k => [(k, a)] -> Map k a
fromDistinctAscList :: [(k, a)] -> Map k a
split :: Ord k => k -> Map k a -> (Map k a, Map k a)
splitLookup :: Ord k => k -> Map k a -> (Map k a, Maybe a, Map k a)
union :: Ord k => Map k a -> Map k a -> Map k a
unionWith :: Ord k => (a -> a -> a) -> Map k a -> Map k a -> Map k a
unions :: Ord k => [Map k a] -> Map k a
unionsWith :: Ord k => (a -> a -> a) -> [Map k a] -> Map k a
intersection :: Ord k => Map k a -> Map k b -> Map k a
intersectionWith :: Ord k => (a -> b -> c) -> Map k a -> Map k b -> Map k c
intersectionWithKey :: Ord k => (k -> a -> b -> c) -> Map k a -> Map k b -> Map k c
difference :: Ord k => Map k a -> Map k b -> Map k a
(\\\\) :: Ord k => Map k a -> Map k b -> Map k a
withoutKeys :: Ord k => Map k a -> Set k -> Map k a
restrictKeys :: Ord k => Map k a -> Set k -> Map k a
isSubmapOf :: (Ord k, Eq a) => Map k a -> Map k a -> Bool
map :: (a -> b) -> Map k a -> Map k b
mapWithKey :: (k -> a -> b) -> Map k a -> Map k b
mapKeys :: Ord k2 => (k1 -> k2) -> Map k1 a -> Map k2 a
filter :: (a -> Bool) -> Map k a -> Map k a
filterWithKey :: (k -> a -> Bool) -> Map k a -> Map k a
partition :: (a -> Bool) -> Map k a -> (Map k a, Map k a)
partitionWithKey :: (k -> a -> Bool) -> Map k a -> (Map k a, Map k a)
mapMaybe :: (a -> Maybe b) -> Map k a -> Map k b
mapMaybeWithKey :: (k -> a -> Maybe b) -> Map k a -> Map k b
foldr :: (a -> b -> b) -> b -> Map k a -> b
foldl :: (a -> b -> a) -> a -> Map k b -> a
foldrWithKey :: (k -> a -> b -> b) -> b -> Map k a -> b
foldlWithKey :: (a -> k -> b -> a) -> a -> Map k b -> a
foldr' :: (a -> b -> b) -> b -> Map k a -> b
foldl' :: (a -> b -> a) -> a -> Map k b -> a
foldrWithKey' :: (k -> a -> b -> b) -> b -> Map k a -> b
foldlWithKey' :: (a -> k -> b -> a) -> a -> Map k b -> a
elems :: Map k a -> [a]
keys :: Map k a -> [k]
assocs :: Map k a -> [(k, a)]
toList :: Map k a -> [(k, a)]
toAscList :: Map k a -> [(k, a)]
toDescList :: Map k a -> [(k, a)]
keysSet :: Map k a -> Set k
valid :: Ord k => Map k a -> Bool
compose :: Ord b => Map b c -> Map a b -> Map a c
differenceWithKey :: Ord k => (k -> a -> b -> Maybe a) -> Map k a -> Map k b -> Map k a
disjoint :: Ord k => Map k a -> Map k b -> Bool
takeWhileAntitone :: (k -> Bool) -> Map k a -> Map k a
dropWhileAntitone :: (k -> Bool) -> Map k a -> Map k a
spanAntitone :: (k -> Bool) -> Map k a -> (Map k a, Map k a)
fromAscListWithKey :: Eq k => (k -> a -> a -> a) -> [(k, a)] -> Map k a
fromDescListWith :: Eq k => (a -> a -> a) -> [(k, a)] -> Map k a
fromDescListWithKey :: Eq k => (k -> a -> a -> a) -> [(k, a)] -> Map k a
fromDistinctDescList :: [(k, a)] -> Map k a
fromSet :: (k -> a) -> Set k -> Map k a
insertLookupWithKey :: Ord k => (k -> a -> a -> a) -> k -> a -> Map k a -> (Maybe a, Map k a)
isSubmapOfBy :: Ord k => (a -> b -> Bool) -> Map k a -> Map k b -> Bool
isProperSubmapOfBy :: Ord k => (a -> b -> Bool) -> Map k a -> Map k b -> Bool
mapAccumRWithKey :: (a -> k -> b -> (a, c)) -> a -> Map k b -> (a, Map k c)
mapEither :: (a -> Either b c) -> Map k a -> (Map k b, Map k c)
mapEitherWithKey :: (k -> a -> Either b c) -> Map k a -> (Map k b, Map k c)
mergeWithKey :: Ord k => (k -> a -> b -> Maybe c) -> (Map k a -> Map k c) -> \
(Map k b -> Map k c) -> Map k a -> Map k b -> Map k c
splitRoot :: Map k b -> [Map k b]
updateAt :: (k -> a -> Maybe a) -> Int -> Map k a -> Map k a
updateLookupWithKey :: Ord k => (k -> a -> Maybe a) -> k -> Map k a -> (Maybe a, Map k a)
updateMinWithKey :: (k -> a -> Maybe a) -> Map k a -> Map k a
updateMaxWithKey :: (k -> a -> Maybe a) -> Map k a -> Map k a
"""

SET_SIGS = """
empty :: Set a
singleton :: a -> Set a
null :: Set a -> Bool
size :: Set a -> Int
member :: Ord a => a -> Set a -> Bool
notMember :: Ord a => a -> Set a -> Bool
insert :: Ord a => a -> Set a -> Set a
delete :: Ord a => a -> Set a -> Set a
fromList :: Ord a => [a] -> Set a
fromAscList :: Eq a => [a] -> Set a
fromDistinctAscList :: [a] -> Set a
findMin :: Set a -> a
findMax :: Set a -> a
lookupMin :: Set a -> Maybe a
lookupMax :: Set a -> Maybe a
deleteMin :: Set a -> Set a
deleteMax :: Set a -> Set a
minView :: Set a -> Maybe (a, Set a)
deleteFindMin :: Set a -> (a, Set a)
deleteFindMax :: Set a -> (a, Set a)
lookupLT :: Ord a => a -> Set a -> Maybe a
lookupGT :: Ord a => a -> Set a -> Maybe a
lookupLE :: Ord a => a -> Set a -> Maybe a
lookupGE :: Ord a => a -> Set a -> Maybe a
elemAt :: Int -> Set a -> a
lookupIndex :: Ord a => a -> Set a -> Maybe Int
findIndex :: Ord a => a -> Set a -> Int
take :: Int -> Set a -> Set a
drop :: Int -> Set a -> Set a
splitAt :: Int -> Set a -> (Set a, Set a)
deleteAt :: Int -> Set a -> Set a
isProperSubsetOf :: Ord a => Set a -> Set a -> Bool
mapMonotonic :: (a -> b) -> Set a -> Set b
fromDescList :: Eq a => [a] -> Set a
maxView :: Set a -> Maybe (a, Set a)
split :: Ord a => a -> Set a -> (Set a, Set a)
union :: Ord a => Set a -> Set a -> Set a
unions :: Ord a => [Set a] -> Set a
intersection :: Ord a => Set a -> Set a -> Set a
difference :: Ord a => Set a -> Set a -> Set a
(\\\\) :: Ord a => Set a -> Set a -> Set a
isSubsetOf :: Ord a => Set a -> Set a -> Bool
filter :: (a -> Bool) -> Set a -> Set a
partition :: (a -> Bool) -> Set a -> (Set a, Set a)
map :: Ord b => (a -> b) -> Set a -> Set b
foldr :: (a -> b -> b) -> b -> Set a -> b
foldl :: (a -> b -> a) -> a -> Set b -> a
foldr' :: (a -> b -> b) -> b -> Set a -> b
foldl' :: (a -> b -> a) -> a -> Set b -> a
toList :: Set a -> [a]
toAscList :: Set a -> [a]
toDescList :: Set a -> [a]
elems :: Set a -> [a]
valid :: Ord a => Set a -> Bool
cartesianProduct :: Set a -> Set b -> Set (a, b)
disjoint :: Ord a => Set a -> Set a -> Bool
disjointUnion :: Set a -> Set b -> Set (Either a b)
takeWhileAntitone :: (a -> Bool) -> Set a -> Set a
dropWhileAntitone :: (a -> Bool) -> Set a -> Set a
spanAntitone :: (a -> Bool) -> Set a -> (Set a, Set a)
fold :: (a -> b -> b) -> b -> Set a -> b
fromDistinctDescList :: [a] -> Set a
powerSet :: Set a -> Set (Set a)
splitMember :: Ord a => a -> Set a -> (Set a, Bool, Set a)
splitRoot :: Set a -> [Set a]
"""

#: the Prelude's names of containers' operators (modules._OPERATORS)
_OPS = {("_M#", "!"): "!^^", ("_M#", "!?"): "!?^^", ("_M#", "\\\\"): "\\\\^^",
        ("_S#", "\\\\"): "\\\\^^^"}


def _defined() -> set[str]:
    text = resources.files(__package__).joinpath("containers.hs").read_text()
    return set(re.findall(r"^([a-z][\w']*#) ", text, re.M))


def modules_of() -> dict[str, str]:
    """containers.hs's functions -> the module GHC names their closures after (-hd)."""
    return {name: "Data.Set.Internal" if name.endswith("S#") and not name.endswith("MS#")
            else "Data.Map.Internal" for name in _defined()}


def prelude_sigs() -> str:
    """The signatures under the Prelude's names (Data.Map.Strict's ``_MS#`` functions too,
    where containers.hs defines one)."""
    prelude_names = _defined()
    out = []
    for text, suffixes in ((MAP_SIGS, ("_M#", "_MS#")), (SET_SIGS, ("_S#",))):
        for line in text.replace("\\\n", "").strip().splitlines():
            name, _, ty = line.partition(" :: ")
            for suffix in suffixes:
                if name.startswith("("):
                    full = _OPS.get((suffix, name[1:-1]))
                    if full is not None:
                        out.append(f"({full}) :: {ty}")
                elif name + suffix in prelude_names:
                    out.append(f"{name}{suffix} :: {ty}")
    return "\n".join(out) + "\n"
