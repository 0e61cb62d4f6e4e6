-- Data.Map and Data.Set (the containers package), part of the Prelude module: appended to
-- prelude.hs when it is loaded. A qualified name of the program (`M.insert', `Set.member')
-- reaches these through modules.py's table (`insert_M#', `member_S#').
--
-- The trees are containers' weight-balanced trees (Adams's trees with the parameters delta 3
-- and ratio 2), with containers' node layout: a Map node holds its size unboxed, its key,
-- value and two subtrees (5 words); a Set node its size, element and subtrees (4 words).
-- containers is compiled with -O2 and its fields are strict: nothing here allocates a thunk
-- where that code does not (every subtree is evaluated before a node is built), helpers
-- that return two or three results return them unboxed (IO#, IO3#), and an operation that
-- leaves a subtree unchanged returns the same subtree (ptrEq#), as containers does, so only
-- the nodes on a changed path are rebuilt. Its costs fall to the caller, as the library's
-- do in GHC's profiles (it has no cost centres).

infixl 9 !^^, !?^^, \\^^, \\^^^

data Map# k a = MTip# | MBin# Int k a (Map# k a) (Map# k a)
data Set# a = STip# | SBin# Int a (Set# a) (Set# a)

-- ------------------------------------------------------------------ Map: balancing
sizeM# MTip# = 0
sizeM# (MBin# s _ _ _ _) = s
-- three times / twice a size, unboxed (an argument that is a call would be a thunk: the
-- code below evaluates every size and size sum before passing it on)
tri# s = prim "+#" s (prim "+#" s s)
twice# s = prim "+#" s s
triM# t = case sizeM# t of !s -> tri# s
twiceM# t = case sizeM# t of !s -> twice# s

binM# k x l r = case prim "+#" (prim "+#" (sizeM# l) (sizeM# r)) 1 of !s -> MBin# s k x l r
singletonM# k x = MBin# 1 k x MTip# MTip#

-- the left subtree may have grown by one, or the right shrunk by one
-- (a leaf with nothing beside it is rebuilt under the new node: containers' compiled
-- balanceL, balanceR and balance copy it, an effect of the strict subtree fields)
balanceLM# k x l r = case l of
  MTip# -> binM# k x l r
  MBin# sl lk lx ll lr ->
    if prim "<=" (prim "+#" sl (sizeM# r)) 1
    then case singletonM# lk lx of !c -> MBin# 2 k x c MTip#
    else if prim ">" sl (triM# r) then rotRM# k x lk lx ll lr r
    else binM# k x l r
-- the right subtree may have grown by one, or the left shrunk by one
balanceRM# k x l r = case r of
  MTip# -> binM# k x l r
  MBin# sr rk rx rl rr ->
    if prim "<=" (prim "+#" sr (sizeM# l)) 1
    then case singletonM# rk rx of !c -> MBin# 2 k x MTip# c
    else if prim ">" sr (triM# l) then rotLM# k x l rk rx rl rr
    else binM# k x l r
-- either side may be out of balance (after an alter, or a glue)
balanceM# k x l r = case l of
  MTip# -> balanceRM# k x l r
  MBin# sl lk lx ll lr ->
    if prim ">" (prim "+#" sl (sizeM# r)) 1 then
      (if prim ">" sl (triM# r) then rotRM# k x lk lx ll lr r else balanceRM# k x l r)
    else case singletonM# lk lx of !c -> MBin# 2 k x c MTip#

-- a right rotation (single or double) of k x (lk lx ll lr) r
rotRM# k x lk lx ll lr r =
  if prim "<" (sizeM# lr) (twiceM# ll)
  then case binM# k x lr r of !n -> binM# lk lx ll n
  else case lr of
    MBin# _ mk mx ml mr -> case binM# lk lx ll ml of
      !a -> case binM# k x mr r of !b -> binM# mk mx a b
rotLM# k x l rk rx rl rr =
  if prim "<" (sizeM# rl) (twiceM# rr)
  then case binM# k x l rl of !n -> binM# rk rx n rr
  else case rl of
    MBin# _ mk mx ml mr -> case binM# k x l ml of
      !a -> case binM# rk rx mr rr of !b -> binM# mk mx a b

-- join two trees with a key between them, whatever their sizes
linkM# k x l r = case l of
  MTip# -> insertMinM# k x r
  MBin# sl lk lx ll lr -> case r of
    MTip# -> insertMaxM# k x l
    MBin# sr rk rx rl rr ->
      if prim "<" (tri# sl) sr then case linkM# k x l rl of !n -> balanceLM# rk rx n rr
      else if prim "<" (tri# sr) sl then case linkM# k x lr r of !n -> balanceRM# lk lx ll n
      else binM# k x l r
insertMaxM# k x t = case t of
  MTip# -> singletonM# k x
  MBin# _ tk tx l r -> case insertMaxM# k x r of !n -> balanceRM# tk tx l n
insertMinM# k x t = case t of
  MTip# -> singletonM# k x
  MBin# _ tk tx l r -> case insertMinM# k x l of !n -> balanceLM# tk tx n r
-- join two trees (every key of l below every key of r)
mergeM# l r = case l of
  MTip# -> r
  MBin# sl lk lx ll lr -> case r of
    MTip# -> l
    MBin# sr rk rx rl rr ->
      if prim "<" (tri# sl) sr then case mergeM# l rl of !n -> balanceLM# rk rx n rr
      else if prim "<" (tri# sr) sl then case mergeM# lr r of !n -> balanceRM# lk lx ll n
      else glueM# l r
-- join two balanced neighbours: the larger side gives up its extreme node as the root
glueM# l r = case l of
  MTip# -> r
  MBin# sl lk lx ll lr -> case r of
    MTip# -> l
    MBin# sr rk rx rl rr ->
      if prim ">" sl sr
      then case maxViewM# lk lx ll lr of
        IO3# k x l' -> case box3# k x l' of (k', x', l'') -> balanceRM# k' x' l'' r
      else case minViewM# rk rx rl rr of
        IO3# k x r' -> case box3# k x r' of (k', x', r'') -> balanceLM# k' x' l r''
-- containers' minViewSure/maxViewSure box their result once (a MinView: 3 fields; Set's 2)
box3# a b c = (a, b, c)
box2# a b = (a, b)
minViewM# k x l r = case l of
  MTip# -> IO3# k x r
  MBin# _ lk lx ll lr -> case minViewM# lk lx ll lr of
    IO3# km xm l' -> case balanceRM# k x l' r of !t -> IO3# km xm t
maxViewM# k x l r = case r of
  MTip# -> IO3# k x l
  MBin# _ rk rx rl rr -> case maxViewM# rk rx rl rr of
    IO3# km xm r' -> case balanceLM# k x l r' of !t -> IO3# km xm t

-- ------------------------------------------------------------------ Map: queries
null_M# MTip# = True
null_M# (MBin# _ _ _ _ _) = False
-- (an empty map's size is the static 0)
size_M# t = case t of
  MTip# -> 0
  MBin# sz _ _ _ _ -> prim "box#" sz
lookup_M# k t = case k of
  !k' -> case t of
    MTip# -> Nothing
    MBin# _ kx x l r -> case compare k' kx of
      LT -> lookup_M# k' l
      GT -> lookup_M# k' r
      EQ -> Just x
member_M# k t = case k of
  !k' -> case t of
    MTip# -> False
    MBin# _ kx _ l r -> case compare k' kx of
      LT -> member_M# k' l
      GT -> member_M# k' r
      EQ -> True
notMember_M# k t = not (member_M# k t)
findWithDefault_M# d k t = case k of
  !k' -> case t of
    MTip# -> d
    MBin# _ kx x l r -> case compare k' kx of
      LT -> findWithDefault_M# d k' l
      GT -> findWithDefault_M# d k' r
      EQ -> x
t !^^ k = case k of
  !k' -> case t of
    MTip# -> errorWithoutStackTrace "Map.!: given key is not an element in the map"
    MBin# _ kx x l r -> case compare k' kx of
      LT -> l !^^ k'
      GT -> r !^^ k'
      EQ -> x
t !?^^ k = lookup_M# k t
lookupMin_M# MTip# = Nothing
lookupMin_M# (MBin# _ k x l _) = case l of
  MTip# -> Just (k, x)
  _ -> lookupMin_M# l
lookupMax_M# MTip# = Nothing
lookupMax_M# (MBin# _ k x _ r) = case r of
  MTip# -> Just (k, x)
  _ -> lookupMax_M# r
findMin_M# t = case lookupMin_M# t of
  Just p -> p
  Nothing -> errorWithoutStackTrace "Map.findMin: empty map has no minimal element"
findMax_M# t = case lookupMax_M# t of
  Just p -> p
  Nothing -> errorWithoutStackTrace "Map.findMax: empty map has no maximal element"
-- the greatest key below k (lookupLT), the least above (lookupGT), and with equality
-- (the best key so far is carried unboxed: only the answer is allocated)
lookupLT_M# k t = case k of !k' -> nearM# False True k' False k' k' t
lookupGT_M# k t = case k of !k' -> nearM# False False k' False k' k' t
lookupLE_M# k t = case k of !k' -> nearM# True True k' False k' k' t
lookupGE_M# k t = case k of !k' -> nearM# True False k' False k' k' t
nearM# eq below k found bk bx t = case t of
  MTip# -> if found then Just (bk, bx) else Nothing
  MBin# _ kx x l r -> case compare k kx of
    EQ -> if eq then Just (kx, x)
          else if below then nearM# eq below k found bk bx l else nearM# eq below k found bk bx r
    LT -> if below then nearM# eq below k found bk bx l else nearM# eq below k True kx x l
    GT -> if below then nearM# eq below k True kx x r else nearM# eq below k found bk bx r

-- ------------------------------------------------------------------ Map: building
empty_M# = MTip#
singleton_M# k x = singletonM# k x
singleton_MS# k x = case x of !x' -> singletonM# k x'
insert_M# k x t = case k of !k' -> insertM# k' x t
insert_MS# k x t = case k of !k' -> case x of !x' -> insertM# k' x' t
-- (the same key and value already there leave the map as it is)
insertM# k x t = case t of
  MTip# -> singletonM# k x
  MBin# sz kx y l r -> case compare k kx of
    LT -> case insertM# k x l of !l' -> if prim "ptrEq#" l' l then t else balanceLM# kx y l' r
    GT -> case insertM# k x r of !r' -> if prim "ptrEq#" r' r then t else balanceRM# kx y l r'
    EQ -> if prim "ptrEq#" x y then (if prim "ptrEq#" k kx then t else MBin# sz k x l r)
          else MBin# sz k x l r
-- insertWith f k new: the new value is f new old (lazy: a thunk; strict: evaluated)
-- (the key given replaces the key found, as in containers)
insertWith_M# f k x t = case k of !k' -> insertWithM# False f k' x t
insertWith_MS# f k x t = case k of !k' -> insertWithM# True f k' x t
insertWithKey_M# f k x t = case k of !k' -> insertWithKeyM# False f k' x t
insertWithKey_MS# f k x t = case k of !k' -> insertWithKeyM# True f k' x t
insertWithM# strict f k x t = case t of
  MTip# -> if strict then case x of !x' -> singletonM# k x' else singletonM# k x
  MBin# sz kx y l r -> case compare k kx of
    LT -> case insertWithM# strict f k x l of !l' -> balanceLM# kx y l' r
    GT -> case insertWithM# strict f k x r of !r' -> balanceRM# kx y l r'
    EQ -> if strict then case f x y of !v -> MBin# sz k v l r
          else MBin# sz k (f x y) l r
insertWithKeyM# strict f k x t = case t of
  MTip# -> if strict then case x of !x' -> singletonM# k x' else singletonM# k x
  MBin# sz kx y l r -> case compare k kx of
    LT -> case insertWithKeyM# strict f k x l of !l' -> balanceLM# kx y l' r
    GT -> case insertWithKeyM# strict f k x r of !r' -> balanceRM# kx y l r'
    EQ -> if strict then case f k x y of !v -> MBin# sz k v l r
          else MBin# sz k (f k x y) l r
delete_M# k t = case k of !k' -> deleteM# k' t
deleteM# k t = case t of
  MTip# -> MTip#
  MBin# _ kx x l r -> case compare k kx of
    LT -> case deleteM# k l of
      !l' -> if prim "ptrEq#" l' l then t else balanceRM# kx x l' r
    GT -> case deleteM# k r of
      !r' -> if prim "ptrEq#" r' r then t else balanceLM# kx x l r'
    EQ -> glueM# l r
adjust_M# f k t = case k of !k' -> adjustM# False (\_ v -> f v) k' t
adjust_MS# f k t = case k of !k' -> adjustM# True (\_ v -> f v) k' t
adjustWithKey_M# f k t = case k of !k' -> adjustM# False f k' t
adjustWithKey_MS# f k t = case k of !k' -> adjustM# True f k' t
adjustM# strict f k t = case t of
  MTip# -> MTip#
  MBin# sz kx x l r -> case compare k kx of
    LT -> case adjustM# strict f k l of !l' -> MBin# sz kx x l' r
    GT -> case adjustM# strict f k r of !r' -> MBin# sz kx x l r'
    EQ -> if strict then case f kx x of !v -> MBin# sz kx v l r
          else MBin# sz kx (f kx x) l r
update_M# f k t = case k of !k' -> updateM# False f k' t
update_MS# f k t = case k of !k' -> updateM# True f k' t
updateM# strict f k t = case t of
  MTip# -> MTip#
  MBin# sz kx x l r -> case compare k kx of
    LT -> case updateM# strict f k l of !l' -> balanceRM# kx x l' r
    GT -> case updateM# strict f k r of !r' -> balanceLM# kx x l r'
    EQ -> case f x of
      Nothing -> glueM# l r
      Just x' -> if strict then case x' of !v -> MBin# sz kx v l r else MBin# sz kx x' l r
alter_M# f k t = case k of !k' -> alterM# False f k' t
alter_MS# f k t = case k of !k' -> alterM# True f k' t
alterM# strict f k t = case t of
  MTip# -> case f Nothing of
    Nothing -> MTip#
    Just x -> if strict then case x of !x' -> singletonM# k x' else singletonM# k x
  MBin# sz kx x l r -> case compare k kx of
    LT -> case alterM# strict f k l of !l' -> balanceM# kx x l' r
    GT -> case alterM# strict f k r of !r' -> balanceM# kx x l r'
    EQ -> case f (Just x) of
      Nothing -> glueM# l r
      Just x' -> if strict then case x' of !v -> MBin# sz kx v l r else MBin# sz kx x' l r
deleteMin_M# t = case t of
  MTip# -> MTip#
  MBin# _ k x l r -> case l of
    MTip# -> r
    _ -> case deleteMin_M# l of !l' -> balanceRM# k x l' r
deleteMax_M# t = case t of
  MTip# -> MTip#
  MBin# _ k x l r -> case r of
    MTip# -> l
    _ -> case deleteMax_M# r of !r' -> balanceLM# k x l r'
-- (containers returns Just of a thunk: the view, a boxed MinView, is made when the result
-- is looked at)
minViewWithKey_M# t = case t of
  MTip# -> Nothing
  MBin# _ k x l r -> Just (minViewKeyM# k x l r)
maxViewWithKey_M# t = case t of
  MTip# -> Nothing
  MBin# _ k x l r -> Just (maxViewKeyM# k x l r)
minView_M# t = case t of
  MTip# -> Nothing
  MBin# _ k x l r -> Just (minViewValM# k x l r)
maxView_M# t = case t of
  MTip# -> Nothing
  MBin# _ k x l r -> Just (maxViewValM# k x l r)
minViewKeyM# k x l r = case minViewM# k x l r of
  IO3# km xm t -> case box3# km xm t of (a, b, c) -> ((a, b), c)
maxViewKeyM# k x l r = case maxViewM# k x l r of
  IO3# km xm t -> case box3# km xm t of (a, b, c) -> ((a, b), c)
minViewValM# k x l r = case minViewM# k x l r of
  IO3# km xm t -> case box3# km xm t of (_, b, c) -> (b, c)
maxViewValM# k x l r = case maxViewM# k x l r of
  IO3# km xm t -> case box3# km xm t of (_, b, c) -> (b, c)
-- fromList grows the tree as containers does, for its shape (later operations walk the
-- same paths): while the keys ascend, the next key becomes the root over the tree so far
-- (2s-1 nodes) and a perfect tree of as many nodes built from the keys after it
-- (perfectM#); the first key out of order sends it and the rest to one insert each (the
-- order tested by >=, containers' not_ordered: a program's derived >= is entered)
fromList_M# xs = fromListM# False xs
fromList_MS# xs = fromListM# True xs
fromListM# strict xs = case xs of
  [] -> MTip#
  ((k, x) : rest) -> case leafM# strict k x of
    !t -> case rest of
      [] -> t
      ((k2, _) : _) -> if k >= k2 then insertAllM# strict t rest else growM# strict 1 t rest
leafM# strict k x = case k of
  !k' -> if strict then case x of !x' -> singletonM# k' x' else singletonM# k' x
growM# strict s t xs = case xs of
  [] -> t
  ((k, x) : rest) -> case rest of
    [] -> case k of
      !k' -> if strict then case x of !x' -> insertMaxM# k' x' t else insertMaxM# k' x t
    ((k2, _) : _) ->
      if k >= k2
      then insertAllM# strict t xs
      else case perfectM# strict s rest of
        IO3# r ys zs -> case linkLeafM# strict k x t r of
          !t' -> case zs of
            [] -> case twice# s of !s2 -> growM# strict s2 t' ys
            _ -> insertAllM# strict t' zs
linkLeafM# strict k x l r = case k of
  !k' -> if strict then case x of !x' -> linkM# k' x' l r else linkM# k' x l r
-- a tree of the first s (a power of two) ascending pairs at most: the tree, the pairs after
-- it when they still ascend, else the pairs from the first out of order
perfectM# strict s xs = case xs of
  [] -> IO3# MTip# [] []
  (p : rest) ->
    if prim "==" s 1
    then case p of
      (k, x) -> case rest of
        [] -> leafThunkM# strict k x [] []
        ((k2, _) : _) -> if k >= k2 then leafThunkM# strict k x [] rest
                         else leafThunkM# strict k x rest []
    else case prim "half#" s of
      !h -> case perfectM# strict h xs of
        IO3# l ys zs -> case ys of
          [] -> IO3# l ys zs
          ((ky, y) : yss) -> case yss of
            [] -> if strict then IO3# (insertMaxSM# ky y l) [] zs
                  else IO3# (insertMaxLM# ky y l) [] zs
            ((k2, _) : _) ->
              if ky >= k2
              then IO3# l [] ys
              else case perfectM# strict h yss of
                IO3# r zs' ws -> if strict then IO3# (linkSM# ky y l r) zs' ws
                                 else IO3# (linkLM# ky y l r) zs' ws
-- the trees perfectM# returns are thunks, as containers' create returns them (its triple is
-- unboxed, the tree in it lazy): a leaf's, a linked node's, a last element's insertMax
leafThunkM# strict k x ys zs = if strict then IO3# (leafM# True k x) ys zs
                               else IO3# (leafM# False k x) ys zs
insertMaxLM# k x t = case k of !k' -> insertMaxM# k' x t
insertMaxSM# k x t = case k of !k' -> case x of !x' -> insertMaxM# k' x' t
linkLM# k x l r = case k of !k' -> linkM# k' x l r
linkSM# k x l r = case k of !k' -> case x of !x' -> linkM# k' x' l r
insertAllM# strict t xs = case xs of
  [] -> t
  ((k, x) : ys) -> case k of
    !k' -> case (if strict then case x of !x' -> insertM# k' x' t else insertM# k' x t) of
      !t' -> insertAllM# strict t' ys
fromListWith_M# f xs = fromListWithKeyM# False (\_ a b -> f a b) MTip# xs
fromListWith_MS# f xs = fromListWithKeyM# True (\_ a b -> f a b) MTip# xs
fromListWithKey_M# f xs = fromListWithKeyM# False f MTip# xs
fromListWithKey_MS# f xs = fromListWithKeyM# True f MTip# xs
fromListWithKeyM# strict f t xs = case xs of
  [] -> t
  ((k, x) : ys) -> case k of
    !k' -> case insertWithKeyM# strict f k' x t of !t' -> fromListWithKeyM# strict f t' ys
-- from a list in ascending key order: equal keys keep the last value (fromAscList)
fromAscList_M# xs = fromDistinctAscList_M# (lastOfRunsM# xs)
fromAscList_MS# xs = fromDistinctAscList_MS# (lastOfRunsM# xs)
lastOfRunsM# xs = case xs of
  [] -> []
  (p : ys) -> case ys of
    [] -> [p]
    (q : _) -> case p of
      (k1, _) -> case q of
        (k2, _) -> if k1 == k2 then lastOfRunsM# ys else p : lastOfRunsM# ys
fromDistinctAscList_M# xs = fromListM# False xs
fromDistinctAscList_MS# xs = fromListM# True xs

-- ------------------------------------------------------------------ Map: combining
-- split at k: the keys below and above, whether k is there and its value (all unboxed: a
-- tree split at one of its own keys allocates nothing where it splits)
splitM# k t = case t of
  MTip# -> IO4# MTip# False k MTip#
  MBin# _ kx x l r -> case compare k kx of
    LT -> case splitM# k l of
      IO4# ll found v lr -> case linkM# kx x lr r of !g -> IO4# ll found v g
    GT -> case splitM# k r of
      IO4# rl found v rr -> case linkM# kx x l rl of !s -> IO4# s found v rr
    EQ -> IO4# l True x r
split_M# k t = case k of !k' -> case splitM# k' t of IO4# l _ _ r -> (l, r)
splitLookup_M# k t = case k of
  !k' -> case splitM# k' t of
    IO4# l found v r -> if found then (l, Just v, r) else (l, Nothing, r)
-- union by divide and conquer (split the right tree at the left root), with containers'
-- shortcuts: a right singleton is inserted unless its key is there, a left singleton
-- inserted over the right tree; union keeps the left value and returns a subtree it
-- leaves as it was, unionWith calls its function on both values
union_M# t1 t2 = case t2 of
  MTip# -> t1
  MBin# _ k x MTip# MTip# -> insertRM# k x t1
  _ -> case t1 of
    MTip# -> t2
    MBin# _ k1 x1 MTip# MTip# -> insertM# k1 x1 t2
    MBin# _ k1 x1 l1 r1 -> case splitM# k1 t2 of
      IO4# l2 _ _ r2 -> case union_M# l1 l2 of
        !l -> case union_M# r1 r2 of
          !r -> if prim "ptrEq#" l l1 then (if prim "ptrEq#" r r1 then t1
                else linkM# k1 x1 l r) else linkM# k1 x1 l r
-- insert unless the key is there
insertRM# k x t = case t of
  MTip# -> singletonM# k x
  MBin# _ kx y l r -> case compare k kx of
    LT -> case insertRM# k x l of !l' -> if prim "ptrEq#" l' l then t else balanceLM# kx y l' r
    GT -> case insertRM# k x r of !r' -> if prim "ptrEq#" r' r then t else balanceRM# kx y l r'
    EQ -> t
unionWith_M# f t1 t2 = unionWithM# False f t1 t2
unionWith_MS# f t1 t2 = unionWithM# True f t1 t2
unionWithM# strict f t1 t2 = case t2 of
  MTip# -> t1
  MBin# _ k x MTip# MTip# -> insertWithM# strict (\a b -> f b a) k x t1
  _ -> case t1 of
    MTip# -> t2
    MBin# _ k1 x1 MTip# MTip# -> insertWithM# strict f k1 x1 t2
    MBin# _ k1 x1 l1 r1 -> case splitM# k1 t2 of
      IO4# l2 found x2 r2 -> case unionWithM# strict f l1 l2 of
        !l -> case unionWithM# strict f r1 r2 of
          !r -> if found
                then (if strict then case f x1 x2 of !v -> linkM# k1 v l r
                      else linkM# k1 (f x1 x2) l r)
                else linkM# k1 x1 l r
unions_M# ts = foldl' union_M# MTip# ts
unionsWith_M# f ts = foldl' (unionWith_M# f) MTip# ts
unionsWith_MS# f ts = foldl' (unionWith_MS# f) MTip# ts
intersection_M# t1 t2 = intersectionWithKeyM# True union_M# t1 t2
intersectionWith_M# f t1 t2 = intersectionWithKeyM# False (\_ a b -> f a b) t1 t2
intersectionWithKey_M# f t1 t2 = intersectionWithKeyM# False f t1 t2
intersectionWithKeyM# left f t1 t2 = case t1 of
  MTip# -> MTip#
  MBin# _ k x l1 r1 -> case t2 of
    MTip# -> MTip#
    _ -> case splitM# k t2 of
      IO4# l2 found y r2 -> case intersectionWithKeyM# left f l1 l2 of
        !l -> case intersectionWithKeyM# left f r1 r2 of
          !r -> if not found then mergeM# l r
                else if left then linkM# k x l r else linkM# k (f k x y) l r
-- (a t1 that loses nothing is returned as it is)
difference_M# t1 t2 = case t1 of
  MTip# -> MTip#
  _ -> case t2 of
    MTip# -> t1
    MBin# _ k _ l2 r2 -> case splitM# k t1 of
      IO4# l1 _ _ r1 -> case difference_M# l1 l2 of
        !l -> case difference_M# r1 r2 of
          !r -> if prim "==" (prim "+#" (sizeM# l) (sizeM# r)) (sizeM# t1) then t1
                else mergeM# l r
t1 \\^^ t2 = difference_M# t1 t2
withoutKeys_M# t s = foldrS# (\k m -> deleteM# k m) t s
restrictKeys_M# t s = filterWithKey_M# (\k _ -> member_S# k s) t
isSubmapOf_M# t1 t2 = all (\(k, x) -> lookup_M# k t2 == Just x) (toAscList_M# t1)

-- ------------------------------------------------------------------ Map: traversals
map_M# f t = case t of
  MTip# -> MTip#
  MBin# s k x l r -> case map_M# f l of
    !l' -> case map_M# f r of !r' -> MBin# s k (f x) l' r'
map_MS# f t = case t of
  MTip# -> MTip#
  MBin# s k x l r -> case map_MS# f l of
    !l' -> case map_MS# f r of !r' -> case f x of !v -> MBin# s k v l' r'
mapWithKey_M# f t = case t of
  MTip# -> MTip#
  MBin# s k x l r -> case mapWithKey_M# f l of
    !l' -> case mapWithKey_M# f r of !r' -> MBin# s k (f k x) l' r'
mapWithKey_MS# f t = case t of
  MTip# -> MTip#
  MBin# s k x l r -> case mapWithKey_MS# f l of
    !l' -> case mapWithKey_MS# f r of !r' -> case f k x of !v -> MBin# s k v l' r'
mapKeys_M# f t = fromList_M# (foldrWithKey_M# (\k x xs -> (f k, x) : xs) [] t)
filter_M# p t = filterWithKey_M# (\_ x -> p x) t
filterWithKey_M# p t = case t of
  MTip# -> MTip#
  MBin# _ k x l r -> case filterWithKey_M# p l of
    !l' -> case filterWithKey_M# p r of
      !r' -> if p k x
             then (if prim "ptrEq#" l' l then (if prim "ptrEq#" r' r then t
                   else linkM# k x l' r') else linkM# k x l' r')
             else mergeM# l' r'
partition_M# p t = partitionWithKey_M# (\_ x -> p x) t
partitionWithKey_M# p t = (filterWithKey_M# p t, filterWithKey_M# (\k x -> not (p k x)) t)
mapMaybe_M# f t = mapMaybeWithKey_M# (\_ x -> f x) t
mapMaybeWithKey_M# f t = case t of
  MTip# -> MTip#
  MBin# _ k x l r -> case mapMaybeWithKey_M# f l of
    !l' -> case mapMaybeWithKey_M# f r of
      !r' -> case f k x of
        Just y -> linkM# k y l' r'
        Nothing -> mergeM# l' r'
-- the folds are containers' lazy ones: the rest of a right fold is a thunk; foldr' and
-- foldl' run a local loop (a closure of f, per call)
foldr_M# f z t = case t of
  MTip# -> z
  MBin# _ _ x l r -> foldr_M# f (f x (foldr_M# f z r)) l
foldrWithKey_M# f z t = case t of
  MTip# -> z
  MBin# _ k x l r -> foldrWithKey_M# f (f k x (foldrWithKey_M# f z r)) l
foldl_M# f z t = case t of
  MTip# -> z
  MBin# _ _ x l r -> foldl_M# f (f (foldl_M# f z l) x) r
foldlWithKey_M# f z t = case t of
  MTip# -> z
  MBin# _ k x l r -> foldlWithKey_M# f (f (foldlWithKey_M# f z l) k x) r
-- (strict in the accumulator, but the fold of the other subtree is passed to f unevaluated)
foldr'_M# f z t = go z t
  where go z' m = case m of
          MTip# -> z'
          MBin# _ _ x l r -> case f x (go z' r) of !z'' -> go z'' l
foldl'_M# f z t = go z t
  where go z' m = case m of
          MTip# -> z'
          MBin# _ _ x l r -> case f (go z' l) x of !z'' -> go z'' r
foldrWithKey'_M# f z t = case t of
  MTip# -> z
  MBin# _ k x l r -> case foldrWithKey'_M# f z r of
    !z' -> case f k x z' of !z'' -> foldrWithKey'_M# f z'' l
foldlWithKey'_M# f z t = case t of
  MTip# -> z
  MBin# _ k x l r -> case foldlWithKey'_M# f z l of
    !z' -> case f z' k x of !z'' -> foldlWithKey'_M# f z'' r
-- the lists: a cell (and pair) per element, the rest a thunk
elems_M# t = elemsGoM# [] t
elemsGoM# z t = case t of
  MTip# -> z
  MBin# _ _ x l r -> elemsGoM# (x : elemsGoM# z r) l
keys_M# t = keysGoM# [] t
keysGoM# z t = case t of
  MTip# -> z
  MBin# _ k _ l r -> keysGoM# (k : keysGoM# z r) l
toAscList_M# t = toAscGoM# [] t
toAscGoM# z t = case t of
  MTip# -> z
  MBin# _ k x l r -> toAscGoM# ((k, x) : toAscGoM# z r) l
toDescList_M# t = toDescGoM# [] t
toDescGoM# z t = case t of
  MTip# -> z
  MBin# _ k x l r -> toDescGoM# ((k, x) : toDescGoM# z l) r
keysSet_M# t = case t of
  MTip# -> STip#
  MBin# s k _ l r -> case keysSet_M# l of !l' -> case keysSet_M# r of !r' -> SBin# s k l' r'
-- Foldable (Map k): the values
sum_M# t = foldl'_M# (+) 0 t
product_M# t = foldl'_M# (*) 1 t
maximum_M# t = case t of
  MTip# -> errorWithoutStackTrace "maximum: empty structure"
  MBin# _ _ x _ _ -> foldl'_M# max x t
minimum_M# t = case t of
  MTip# -> errorWithoutStackTrace "minimum: empty structure"
  MBin# _ _ x _ _ -> foldl'_M# min x t
elem_M# x t = elem x (elems_M# t)
-- Eq, Ord and Show (Map k a): containers' instances, through the ascending list
eqMap# a b = if prim "==" (sizeM# a) (sizeM# b)
             then case toAscList_M# a of !xs -> case toAscList_M# b of !ys -> xs == ys
             else False
cmpMap# a b = compare (toAscList_M# a) (toAscList_M# b)
showsMap# d m s = showParenS# (d > 10) (\r -> "fromList " ++ shows (toAscList_M# m) r) s

-- ------------------------------------------------------------------ Set
sizeS# STip# = 0
sizeS# (SBin# s _ _ _) = s
triS# t = case sizeS# t of !s -> tri# s
twiceS# t = case sizeS# t of !s -> twice# s
binS# x l r = case prim "+#" (prim "+#" (sizeS# l) (sizeS# r)) 1 of !s -> SBin# s x l r
singletonS# x = SBin# 1 x STip# STip#
balanceLS# x l r = case l of
  STip# -> binS# x l r
  SBin# sl lx ll lr ->
    if prim "<=" (prim "+#" sl (sizeS# r)) 1
    then case singletonS# lx of !c -> SBin# 2 x c STip#
    else if prim ">" sl (triS# r) then rotRS# x lx ll lr r
    else binS# x l r
balanceRS# x l r = case r of
  STip# -> binS# x l r
  SBin# sr rx rl rr ->
    if prim "<=" (prim "+#" sr (sizeS# l)) 1
    then case singletonS# rx of !c -> SBin# 2 x STip# c
    else if prim ">" sr (triS# l) then rotLS# x l rx rl rr
    else binS# x l r
rotRS# x lx ll lr r =
  if prim "<" (sizeS# lr) (twiceS# ll)
  then case binS# x lr r of !n -> binS# lx ll n
  else case lr of
    SBin# _ mx ml mr -> case binS# lx ll ml of
      !a -> case binS# x mr r of !b -> binS# mx a b
rotLS# x l rx rl rr =
  if prim "<" (sizeS# rl) (twiceS# rr)
  then case binS# x l rl of !n -> binS# rx n rr
  else case rl of
    SBin# _ mx ml mr -> case binS# x l ml of
      !a -> case binS# rx mr rr of !b -> binS# mx a b
linkS# x l r = case l of
  STip# -> insertMinS# x r
  SBin# sl lx ll lr -> case r of
    STip# -> insertMaxS# x l
    SBin# sr rx rl rr ->
      if prim "<" (tri# sl) sr then case linkS# x l rl of !n -> balanceLS# rx n rr
      else if prim "<" (tri# sr) sl then case linkS# x lr r of !n -> balanceRS# lx ll n
      else binS# x l r
insertMaxS# x t = case t of
  STip# -> singletonS# x
  SBin# _ tx l r -> case insertMaxS# x r of !n -> balanceRS# tx l n
insertMinS# x t = case t of
  STip# -> singletonS# x
  SBin# _ tx l r -> case insertMinS# x l of !n -> balanceLS# tx n r
mergeS# l r = case l of
  STip# -> r
  SBin# sl lx ll lr -> case r of
    STip# -> l
    SBin# sr rx rl rr ->
      if prim "<" (tri# sl) sr then case mergeS# l rl of !n -> balanceLS# rx n rr
      else if prim "<" (tri# sr) sl then case mergeS# lr r of !n -> balanceRS# lx ll n
      else glueS# l r
glueS# l r = case l of
  STip# -> r
  SBin# sl lx ll lr -> case r of
    STip# -> l
    SBin# sr rx rl rr ->
      if prim ">" sl sr
      then case maxViewS# lx ll lr of
        IO# m l' -> case box2# m l' of (m', l'') -> balanceRS# m' l'' r
      else case minViewS# rx rl rr of
        IO# m r' -> case box2# m r' of (m', r'') -> balanceLS# m' l r''
minViewS# x l r = case l of
  STip# -> IO# x r
  SBin# _ lx ll lr -> case minViewS# lx ll lr of
    IO# m l' -> case balanceRS# x l' r of !t -> IO# m t
maxViewS# x l r = case r of
  STip# -> IO# x l
  SBin# _ rx rl rr -> case maxViewS# rx rl rr of
    IO# m r' -> case balanceLS# x l r' of !t -> IO# m t

empty_S# = STip#
singleton_S# x = singletonS# x
null_S# STip# = True
null_S# (SBin# _ _ _ _) = False
size_S# t = case t of
  STip# -> 0
  SBin# sz _ _ _ -> prim "box#" sz
member_S# x t = case x of
  !x' -> case t of
    STip# -> False
    SBin# _ y l r -> case compare x' y of
      LT -> member_S# x' l
      GT -> member_S# x' r
      EQ -> True
notMember_S# x t = not (member_S# x t)
insert_S# x t = case x of !x' -> insertS# x' t
-- an element equal to one there replaces it (the path is rebuilt), unless it is the very
-- same object
insertS# x t = case t of
  STip# -> singletonS# x
  SBin# sz y l r -> case compare x y of
    LT -> case insertS# x l of !l' -> if prim "ptrEq#" l' l then t else balanceLS# y l' r
    GT -> case insertS# x r of !r' -> if prim "ptrEq#" r' r then t else balanceRS# y l r'
    EQ -> if prim "ptrEq#" x y then t else SBin# sz x l r
delete_S# x t = case x of !x' -> deleteS# x' t
deleteS# x t = case t of
  STip# -> STip#
  SBin# _ y l r -> case compare x y of
    LT -> case deleteS# x l of !l' -> if prim "ptrEq#" l' l then t else balanceRS# y l' r
    GT -> case deleteS# x r of !r' -> if prim "ptrEq#" r' r then t else balanceLS# y l r'
    EQ -> glueS# l r
fromList_S# xs = case xs of
  [] -> STip#
  (x : rest) -> case x of
    !x' -> case singletonS# x' of
      !t -> case rest of
        [] -> t
        (x2 : _) -> if x' >= x2 then insertAllS# t rest else growS# 1 t rest
growS# s t xs = case xs of
  [] -> t
  (x : rest) -> case rest of
    [] -> case x of !x' -> insertMaxS# x' t
    (x2 : _) ->
      if x >= x2
      then insertAllS# t xs
      else case perfectS# s rest of
        IO3# r ys zs -> case x of
          !x' -> case linkS# x' t r of
            !t' -> case zs of
              [] -> case twice# s of !s2 -> growS# s2 t' ys
              _ -> insertAllS# t' zs
perfectS# s xs = case xs of
  [] -> IO3# STip# [] []
  (x : rest) ->
    if prim "==" s 1
    then case rest of
      [] -> IO3# (leafS# x) [] []
      (x2 : _) -> if x >= x2 then IO3# (leafS# x) [] rest else IO3# (leafS# x) rest []
    else case prim "half#" s of
      !h -> case perfectS# h xs of
        IO3# l ys zs -> case ys of
          [] -> IO3# l ys zs
          (y : yss) -> case yss of
            [] -> IO3# (insertMaxLS# y l) [] zs
            (y2 : _) ->
              if y >= y2
              then IO3# l [] ys
              else case perfectS# h yss of
                IO3# r zs' ws -> IO3# (linkLS# y l r) zs' ws
-- (perfectS#'s trees are thunks, as perfectM#'s)
leafS# x = case x of !x' -> singletonS# x'
insertMaxLS# x t = case x of !x' -> insertMaxS# x' t
linkLS# x l r = case x of !x' -> linkS# x' l r
insertAllS# t xs = case xs of
  [] -> t
  (x : ys) -> case x of !x' -> case insertS# x' t of !t' -> insertAllS# t' ys
fromAscList_S# xs = fromDistinctAscList_S# (dedupS# xs)
dedupS# xs = case xs of
  [] -> []
  (x : ys) -> case ys of
    [] -> [x]
    (y : _) -> if x == y then dedupS# ys else x : dedupS# ys
fromDistinctAscList_S# xs = fromList_S# xs
findMin_S# t = case t of
  STip# -> errorWithoutStackTrace "Set.findMin: empty set has no minimal element"
  SBin# _ x l _ -> case l of
    STip# -> x
    _ -> findMin_S# l
findMax_S# t = case t of
  STip# -> errorWithoutStackTrace "Set.findMax: empty set has no maximal element"
  SBin# _ x _ r -> case r of
    STip# -> x
    _ -> findMax_S# r
lookupMin_S# t = case t of
  STip# -> Nothing
  _ -> Just (findMin_S# t)
lookupMax_S# t = case t of
  STip# -> Nothing
  _ -> Just (findMax_S# t)
deleteMin_S# t = case t of
  STip# -> STip#
  SBin# _ x l r -> case l of
    STip# -> r
    _ -> case deleteMin_S# l of !l' -> balanceRS# x l' r
deleteMax_S# t = case t of
  STip# -> STip#
  SBin# _ x l r -> case r of
    STip# -> l
    _ -> case deleteMax_S# r of !r' -> balanceLS# x l r'
minView_S# t = case t of
  STip# -> Nothing
  SBin# _ x l r -> case minViewS# x l r of IO# m t' -> Just (m, t')
maxView_S# t = case t of
  STip# -> Nothing
  SBin# _ x l r -> case maxViewS# x l r of IO# m t' -> Just (m, t')
splitS# x t = case t of
  STip# -> IO3# STip# False STip#
  SBin# _ y l r -> case compare x y of
    LT -> case splitS# x l of IO3# ll m lr -> case linkS# y lr r of !g -> IO3# ll m g
    GT -> case splitS# x r of IO3# rl m rr -> case linkS# y l rl of !s -> IO3# s m rr
    EQ -> IO3# l True r
split_S# x t = case x of !x' -> case splitS# x' t of IO3# l _ r -> (l, r)
union_S# t1 t2 = case t2 of
  STip# -> t1
  SBin# _ x STip# STip# -> insertRS# x t1
  _ -> case t1 of
    STip# -> t2
    SBin# _ x STip# STip# -> insertS# x t2
    SBin# _ x l1 r1 -> case splitS# x t2 of
      IO3# l2 _ r2 -> case union_S# l1 l2 of
        !l -> case union_S# r1 r2 of
          !r -> if prim "ptrEq#" l l1 then (if prim "ptrEq#" r r1 then t1 else linkS# x l r)
                else linkS# x l r
-- insert unless an equal element is there
insertRS# x t = case t of
  STip# -> singletonS# x
  SBin# _ y l r -> case compare x y of
    LT -> case insertRS# x l of !l' -> if prim "ptrEq#" l' l then t else balanceLS# y l' r
    GT -> case insertRS# x r of !r' -> if prim "ptrEq#" r' r then t else balanceRS# y l r'
    EQ -> t
unions_S# ts = foldl' union_S# STip# ts
intersection_S# t1 t2 = case t1 of
  STip# -> STip#
  SBin# _ x l1 r1 -> case t2 of
    STip# -> STip#
    _ -> case splitS# x t2 of
      IO3# l2 m r2 -> case intersection_S# l1 l2 of
        !l -> case intersection_S# r1 r2 of
          !r -> if m then linkS# x l r else mergeS# l r
difference_S# t1 t2 = case t1 of
  STip# -> STip#
  _ -> case t2 of
    STip# -> t1
    SBin# _ x l2 r2 -> case splitS# x t1 of
      IO3# l1 _ r1 -> case difference_S# l1 l2 of
        !l -> case difference_S# r1 r2 of
          !r -> if prim "==" (prim "+#" (sizeS# l) (sizeS# r)) (sizeS# t1) then t1
                else mergeS# l r
t1 \\^^^ t2 = difference_S# t1 t2
isSubsetOf_S# t1 t2 = prim "<=" (sizeS# t1) (sizeS# t2) && all (\x -> member_S# x t2)
                                                               (toAscList_S# t1)
filter_S# p t = case t of
  STip# -> STip#
  SBin# _ x l r -> case filter_S# p l of
    !l' -> case filter_S# p r of
      !r' -> if p x
             then (if prim "ptrEq#" l' l then (if prim "ptrEq#" r' r then t
                   else linkS# x l' r') else linkS# x l' r')
             else mergeS# l' r'
partition_S# p t = (filter_S# p t, filter_S# (\x -> not (p x)) t)
-- map: fromList of the mapped elements (the list made in one pass, as GHC fuses
-- containers' List.map f . toList)
map_S# f t = fromList_S# (mapListS# f [] t)
mapListS# f z t = case t of
  STip# -> z
  SBin# _ x l r -> mapListS# f (f x : mapListS# f z r) l
foldrS# f z t = case t of
  STip# -> z
  SBin# _ x l r -> foldrS# f (f x (foldrS# f z r)) l
foldr_S# f z t = foldrS# f z t
foldl_S# f z t = case t of
  STip# -> z
  SBin# _ x l r -> foldl_S# f (f (foldl_S# f z l) x) r
foldr'_S# f z t = case t of
  STip# -> z
  SBin# _ x l r -> case foldr'_S# f z r of !z' -> case f x z' of !z'' -> foldr'_S# f z'' l
foldl'_S# f z t = case t of
  STip# -> z
  SBin# _ x l r -> case foldl'_S# f z l of !z' -> case f z' x of !z'' -> foldl'_S# f z'' r
toAscList_S# t = toAscGoS# [] t
toAscGoS# z t = case t of
  STip# -> z
  SBin# _ x l r -> toAscGoS# (x : toAscGoS# z r) l
toDescList_S# t = toDescGoS# [] t
toDescGoS# z t = case t of
  STip# -> z
  SBin# _ x l r -> toDescGoS# (x : toDescGoS# z l) r
elems_S# t = toAscList_S# t
sum_S# t = foldl'_S# (+) 0 t
product_S# t = foldl'_S# (*) 1 t
maximum_S# t = findMax_S# t
minimum_S# t = findMin_S# t
elem_S# x t = elem x (toAscList_S# t)
eqSet# a b = if prim "==" (sizeS# a) (sizeS# b)
             then case toAscList_S# a of !xs -> case toAscList_S# b of !ys -> xs == ys
             else False
cmpSet# a b = compare (toAscList_S# a) (toAscList_S# b)
showsSet# d m s = showParenS# (d > 10) (\r -> "fromList " ++ shows (toAscList_S# m) r) s
toList_S# t = toAscList_S# t
toList_M# t = toAscList_M# t
assocs_M# t = toAscList_M# t
-- containers' `valid': every node balanced (delta 3), keys in order (each subtree checked
-- against its bounds, two closures a node), sizes right (a Just a node)
valid_M# t = if balancedM# t then (if boundedM# anyKey# anyKey# t then validSizeM# t else False)
             else False
anyKey# _ = True
balancedM# t = case t of
  MTip# -> True
  MBin# _ _ _ l r -> if balancedSz# (sizeM# l) (sizeM# r)
                     then (if balancedM# l then balancedM# r else False) else False
balancedSz# a b = if prim "<=" (prim "+#" a b) 1 then True
                  else if prim "<=" a (tri# b) then prim "<=" b (tri# a) else False
boundedM# lo hi t = case t of
  MTip# -> True
  MBin# _ k _ l r -> if lo k then (if hi k then (if boundedM# lo (\x -> x < k) l
                                                 then boundedM# (\x -> x > k) hi r else False)
                                     else False) else False
validSizeM# t = case realSizeM# t of
  Nothing -> False
  Just n -> prim "==" n (sizeM# t)
justZero# = Just 0
realSizeM# t = case t of
  MTip# -> justZero#
  MBin# sz _ _ l r -> case realSizeM# l of
    Nothing -> Nothing
    Just n -> case realSizeM# r of
      Nothing -> Nothing
      Just m -> if prim "==" (prim "+#" (prim "+#" n m) 1) sz
                then case prim "box#" sz of !b -> Just b else Nothing
valid_S# t = if balancedS# t then (if boundedS# anyKey# anyKey# t then validSizeS# t else False)
             else False
balancedS# t = case t of
  STip# -> True
  SBin# _ _ l r -> if balancedSz# (sizeS# l) (sizeS# r)
                   then (if balancedS# l then balancedS# r else False) else False
boundedS# lo hi t = case t of
  STip# -> True
  SBin# _ x l r -> if lo x then (if hi x then (if boundedS# lo (\y -> y < x) l
                                               then boundedS# (\y -> y > x) hi r else False)
                                   else False) else False
validSizeS# t = case realSizeS# t of
  Nothing -> False
  Just n -> prim "==" n (sizeS# t)
realSizeS# t = case t of
  STip# -> justZero#
  SBin# sz _ l r -> case realSizeS# l of
    Nothing -> Nothing
    Just n -> case realSizeS# r of
      Nothing -> Nothing
      Just m -> if prim "==" (prim "+#" (prim "+#" n m) 1) sz
                then case prim "box#" sz of !b -> Just b else Nothing

-- ------------------------------------------------------------------ Map: more of the API
-- (each built on the functions above: the results are containers', the allocation near it)
deleteFindMin_M# t = case minViewWithKey_M# t of
  Just p -> p
  Nothing -> (errorWithoutStackTrace
                "Map.deleteFindMin: can not return the minimal element of an empty map", MTip#)
deleteFindMax_M# t = case maxViewWithKey_M# t of
  Just p -> p
  Nothing -> (errorWithoutStackTrace
                "Map.deleteFindMax: can not return the maximal element of an empty map", MTip#)
-- by position in key order: the subtrees' sizes lead the way (the index unboxed, as
-- containers' workers keep it: only the answer is allocated)
elemAt_M# i t = case i of !i' -> elemAtM# i' t
elemAtM# i t = case t of
  MTip# -> errorWithoutStackTrace "Map.elemAt: index out of range"
  MBin# _ kx x l r -> case sizeM# l of
    !sl -> if prim "<" i sl then elemAtM# i l else if prim "==" i sl then (kx, x)
           else case prim "-#" (prim "-#" i sl) 1 of !j -> elemAtM# j r
lookupIndex_M# k t = case k of !k' -> lookupIndexM# k' 0 t
lookupIndexM# k idx t = case t of
  MTip# -> Nothing
  MBin# _ kx _ l r -> case compare k kx of
    LT -> lookupIndexM# k idx l
    GT -> case prim "+#" (prim "+#" idx (sizeM# l)) 1 of !j -> lookupIndexM# k j r
    EQ -> case prim "box#" (prim "+#" idx (sizeM# l)) of !b -> Just b
findIndex_M# k t = case lookupIndex_M# k t of
  Just i -> i
  Nothing -> errorWithoutStackTrace "Map.findIndex: element is not in the map"
-- (take/drop split the tree at the n-th key, as containers does: no list in between)
take_M# n t = if n >= size_M# t then t else if n <= 0 then MTip#
              else case elemAt_M# n t of (k, _) -> case split_M# k t of (l, _) -> l
drop_M# n t = if n <= 0 then t else if n >= size_M# t then MTip#
              else case elemAt_M# n t of (k, x) -> case split_M# k t of (_, r) -> insert_M# k x r
splitAt_M# n t = (take_M# n t, drop_M# n t)
deleteAt_M# i t = case elemAt_M# i t of (k, _) -> delete_M# k t
updateMin_M# f t = case lookupMin_M# t of
  Nothing -> t
  Just (k, _) -> update_M# f k t
updateMax_M# f t = case lookupMax_M# t of
  Nothing -> t
  Just (k, _) -> update_M# f k t
updateWithKey_M# f k t = update_M# (f k) k t
unionWithKey_M# f t1 t2 = foldrWithKey_M# (\k x m -> insertWithKey_M# (\kk new old -> f kk old new)
                                                                 k x m) t1 t2
mapAccum_M# f a t = mapAccumWithKey_M# (\a' _ x -> f a' x) a t
-- (lazy in the accumulator and the values, as containers' mapAccumL: what is not looked
-- at is not computed)
mapAccumWithKey_M# f a t = case t of
  MTip# -> (a, MTip#)
  MBin# sx kx x l r ->
    let (a1, l') = mapAccumWithKey_M# f a l
        (a2, x') = f a1 kx x
        (a3, r') = mapAccumWithKey_M# f a2 r
    in (a3, MBin# sx kx x' l' r')
mapKeysMonotonic_M# f t = mapKeys_M# f t
-- containers' functions generic in an applicative, a functor or a monoid: the named one is
-- at IO (a list's monoid), a use at another has its operations passed (traversable.py)
-- (containers' go: liftA3 of the three, liftA2 and <*>)
traverseWithKey_M# f t = traverseWithKeyP_M# fmap liftA2IO# apIO# pure f t
traverseWithKeyP_M# fm l2 ap pu f t = case t of
  MTip# -> pu MTip#
  MBin# 1 kx x _ _ -> fm (\x' -> MBin# 1 kx x' MTip# MTip#) (f kx x)
  MBin# sx kx x l r -> ap (l2 (\l' x' r' -> MBin# sx kx x' l' r')
                              (traverseWithKeyP_M# fm l2 ap pu f l) (f kx x))
                          (traverseWithKeyP_M# fm l2 ap pu f r)
foldMapWithKey_M# f t = foldMapWithKeyP_M# (++) [] f t
foldMapWithKeyP_M# app emp f t = case t of
  MTip# -> emp
  MBin# 1 kx x _ _ -> f kx x
  MBin# _ kx x l r -> app (foldMapWithKeyP_M# app emp f l)
                          (app (f kx x) (foldMapWithKeyP_M# app emp f r))
alterF_M# f k t = alterFP_M# fmap f k t
alterFP_M# fm f k t = fm (\r -> case r of
                              Nothing -> delete_M# k t
                              Just v -> insert_M# k v t) (f (lookup_M# k t))
mapKeysWith_M# c f t = fromListWith_M# c (foldrWithKey_M# (\k x xs -> (f k, x) : xs) [] t)
fromAscListWith_M# f xs = fromListWith_M# f xs
fromDescList_M# xs = fromList_M# xs
differenceWith_M# f t1 t2 = mapMaybeWithKey_M# (\k x -> case lookup_M# k t2 of
                                                  Nothing -> Just x
                                                  Just y -> f x y) t1
isProperSubmapOf_M# t1 t2 = size_M# t1 < size_M# t2 && isSubmapOf_M# t1 t2

-- ------------------------------------------------------------------ Set: more of the API
deleteFindMin_S# t = case minView_S# t of
  Just p -> p
  Nothing -> (errorWithoutStackTrace
                "Set.deleteFindMin: can not return the minimal element of an empty set", STip#)
deleteFindMax_S# t = case maxView_S# t of
  Just p -> p
  Nothing -> (errorWithoutStackTrace
                "Set.deleteFindMax: can not return the maximal element of an empty set", STip#)
lookupLT_S# x t = case x of !x' -> nearS# False True x' False x' t
lookupGT_S# x t = case x of !x' -> nearS# False False x' False x' t
lookupLE_S# x t = case x of !x' -> nearS# True True x' False x' t
lookupGE_S# x t = case x of !x' -> nearS# True False x' False x' t
nearS# eq below x found best t = case t of
  STip# -> if found then Just best else Nothing
  SBin# _ y l r -> case compare x y of
    EQ -> if eq then Just y
          else if below then nearS# eq below x found best l else nearS# eq below x found best r
    LT -> if below then nearS# eq below x found best l else nearS# eq below x True y l
    GT -> if below then nearS# eq below x True y r else nearS# eq below x found best r
elemAt_S# i t = case i of !i' -> elemAtS# i' t
elemAtS# i t = case t of
  STip# -> errorWithoutStackTrace "Set.elemAt: index out of range"
  SBin# _ x l r -> case sizeS# l of
    !sl -> if prim "<" i sl then elemAtS# i l else if prim "==" i sl then x
           else case prim "-#" (prim "-#" i sl) 1 of !j -> elemAtS# j r
lookupIndex_S# x t = case x of !x' -> lookupIndexS# x' 0 t
lookupIndexS# x idx t = case t of
  STip# -> Nothing
  SBin# _ y l r -> case compare x y of
    LT -> lookupIndexS# x idx l
    GT -> case prim "+#" (prim "+#" idx (sizeS# l)) 1 of !j -> lookupIndexS# x j r
    EQ -> case prim "box#" (prim "+#" idx (sizeS# l)) of !b -> Just b
findIndex_S# x t = case lookupIndex_S# x t of
  Just i -> i
  Nothing -> errorWithoutStackTrace "Set.findIndex: element is not in the set"
take_S# n t = if n >= size_S# t then t else if n <= 0 then STip#
              else case split_S# (elemAt_S# n t) t of (l, _) -> l
drop_S# n t = if n <= 0 then t else if n >= size_S# t then STip#
              else case elemAt_S# n t of x -> case split_S# x t of (_, r) -> insert_S# x r
splitAt_S# n t = (take_S# n t, drop_S# n t)
deleteAt_S# i t = delete_S# (elemAt_S# i t) t
isProperSubsetOf_S# t1 t2 = size_S# t1 < size_S# t2 && isSubsetOf_S# t1 t2
mapMonotonic_S# f t = map_S# f t
fromDescList_S# xs = fromList_S# xs

-- ------------------------------------------------------------------ more of the API
-- (containers' remaining Data.Map/Data.Set names, in terms of the functions above: their
-- results are containers', their allocation the composed functions', not containers' own)
compose_M# bc ab = mapMaybe_M# (\b -> lookup_M# b bc) ab
differenceWithKey_M# f t1 t2 = mapMaybeWithKey_M# (\k x -> case lookup_M# k t2 of
                                                     Nothing -> Just x
                                                     Just y -> f k x y) t1
-- disjoint, takeWhile/dropWhile/spanAntitone as containers' (a split at each root, linked)
disjoint_M# t1 t2 = case t1 of
  MTip# -> True
  MBin# _ k _ l r -> case t2 of
    MTip# -> True
    _ -> case splitM# k t2 of
      IO4# lt found _ gt -> if found then False else disjoint_M# l lt && disjoint_M# r gt
takeWhileAntitone_M# p t = case t of
  MTip# -> MTip#
  MBin# _ k x l r -> if p k then case takeWhileAntitone_M# p r of !r' -> linkM# k x l r'
                     else takeWhileAntitone_M# p l
dropWhileAntitone_M# p t = case t of
  MTip# -> MTip#
  MBin# _ k x l r -> if p k then dropWhileAntitone_M# p r
                     else case dropWhileAntitone_M# p l of !l' -> linkM# k x l' r
spanAntitone_M# p t = case takeWhileAntitone_M# p t of
  !a -> case dropWhileAntitone_M# p t of !b -> (a, b)
fromAscListWithKey_M# f xs = fromListWithKey_M# f xs
fromDescListWith_M# f xs = fromListWith_M# f xs
fromDescListWithKey_M# f xs = fromListWithKey_M# f xs
fromDistinctDescList_M# xs = fromList_M# xs
-- fromSet: the set's own shape, each key's value a thunk (containers' fromSet)
fromSet_M# f s = case s of
  STip# -> MTip#
  SBin# sz x l r -> case fromSet_M# f l of
    !l' -> case fromSet_M# f r of !r' -> MBin# sz x (f x) l' r'
insertLookupWithKey_M# f k x t = (lookup_M# k t, insertWithKey_M# f k x t)
isSubmapOfBy_M# f t1 t2 = all (\(k, x) -> case lookup_M# k t2 of
                                           Just y -> f x y
                                           Nothing -> False) (toAscList_M# t1)
isProperSubmapOfBy_M# f t1 t2 = size_M# t1 < size_M# t2 && isSubmapOfBy_M# f t1 t2
mapAccumRWithKey_M# f a t = case t of
  MTip# -> (a, MTip#)
  MBin# sx kx x l r ->
    let (a1, r') = mapAccumRWithKey_M# f a r
        (a2, x') = f a1 kx x
        (a3, l') = mapAccumRWithKey_M# f a2 l
    in (a3, MBin# sx kx x' l' r')
mapEither_M# f t = mapEitherWithKey_M# (\_ x -> f x) t
-- mapEitherWithKey and mergeWithKey as containers' (one pass: a pair a node; a split of the
-- second map at each root of the first, the results linked or merged)
mapEitherWithKey_M# f t = case t of
  MTip# -> (MTip#, MTip#)
  MBin# _ k x l r -> case mapEitherWithKey_M# f l of
    (l1, l2) -> case mapEitherWithKey_M# f r of
      (r1, r2) -> case f k x of
        Left y -> case linkM# k y l1 r1 of !a -> case mergeM# l2 r2 of !b -> (a, b)
        Right z -> case mergeM# l1 r1 of !a -> case linkM# k z l2 r2 of !b -> (a, b)
mergeWithKey_M# f g1 g2 t1 t2 = case t1 of
  MTip# -> g2 t2
  MBin# _ kx x l1 r1 -> case t2 of
    MTip# -> g1 t1
    _ -> case splitM# kx t2 of
      IO4# l2 found x2 r2 -> case mergeWithKey_M# f g1 g2 l1 l2 of
        !l' -> case mergeWithKey_M# f g1 g2 r1 r2 of
          !r' -> if found then (case f kx x x2 of
                                  Nothing -> mergeM# l' r'
                                  Just y -> linkM# kx y l' r')
                 else case g1 (singletonM# kx x) of
                   MTip# -> mergeM# l' r'
                   MBin# _ _ y _ _ -> linkM# kx y l' r'
splitRoot_M# t = case t of
  MTip# -> []
  MBin# _ k x l r -> [l, singleton_M# k x, r]
updateAt_M# f i t = case elemAt_M# i t of (k, _) -> updateWithKey_M# f k t
updateLookupWithKey_M# f k t = case lookup_M# k t of
  Nothing -> (Nothing, t)
  Just x -> case f k x of
    Nothing -> (Just x, delete_M# k t)
    Just x' -> (Just x', insert_M# k x' t)
updateMinWithKey_M# f t = case lookupMin_M# t of
  Nothing -> t
  Just (k, _) -> updateWithKey_M# f k t
updateMaxWithKey_M# f t = case lookupMax_M# t of
  Nothing -> t
  Just (k, _) -> updateWithKey_M# f k t
-- cartesianProduct as containers': each element's row (the other set mapped monotonically)
-- merged in order
cartesianProduct_S# a b = case a of
  STip# -> STip#
  SBin# _ x l r -> case cartesianProduct_S# l b of
    !l' -> case cartesianProduct_S# r b of
      !r' -> mergeS# l' (mergeS# (mapMonoS# (\y -> (x, y)) b) r')
mapMonoS# f t = case t of
  STip# -> STip#
  SBin# sz x l r -> case mapMonoS# f l of !l' -> case mapMonoS# f r of !r' -> SBin# sz (f x) l' r'
disjoint_S# t1 t2 = case t1 of
  STip# -> True
  SBin# _ x l r -> case t2 of
    STip# -> True
    _ -> case splitS# x t2 of
      IO3# lt found gt -> if found then False else disjoint_S# l lt && disjoint_S# r gt
disjointUnion_S# a b =
  fromDistinctAscList_S# (map Left (toAscList_S# a) ++ map Right (toAscList_S# b))
takeWhileAntitone_S# p t = case t of
  STip# -> STip#
  SBin# _ x l r -> if p x then case takeWhileAntitone_S# p r of !r' -> linkS# x l r'
                   else takeWhileAntitone_S# p l
dropWhileAntitone_S# p t = case t of
  STip# -> STip#
  SBin# _ x l r -> if p x then dropWhileAntitone_S# p r
                   else case dropWhileAntitone_S# p l of !l' -> linkS# x l' r
spanAntitone_S# p t = case takeWhileAntitone_S# p t of
  !a -> case dropWhileAntitone_S# p t of !b -> (a, b)
fold_S# f z t = foldrS# f z t
fromDistinctDescList_S# xs = fromList_S# xs
-- powerSet as containers' (each element's sets built on the later elements' by insertMin)
powerSet_S# s = insertMinS# STip# (foldr'_S# powerStep# STip# s)
powerStep# x pxs = glueS# (insertMinS# (singletonS# x) (mapMonoS# (insertMinS# x) pxs)) pxs
splitMember_S# x t = case x of !x' -> case splitS# x' t of IO3# l m r -> (l, m, r)
splitRoot_S# t = case t of
  STip# -> []
  SBin# _ x l r -> [l, singleton_S# x, r]
