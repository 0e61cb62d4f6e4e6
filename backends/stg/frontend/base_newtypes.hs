-- base's newtypes of Data.Monoid, Data.Semigroup and Data.Functor.Identity, with their
-- instances, compiled with a program that imports one of those modules (libraries.py).
-- Each `-- @group NAME MODULE' line opens a group: the declarations of one newtype (or
-- function), which an import list selects by any name it defines; MODULE is the module
-- GHC defines them in (closure descriptions, -hd). The instances are written out (not
-- derived) as base's derived ones behave: records shown with their field, `Identity 5'.

-- @group Sum Data.Semigroup.Internal
newtype Sum a = Sum { getSum :: a }

showSum# :: String
showSum# = "Sum {getSum = "

instance Show a => Show (Sum a) where
  showsPrec d (Sum a) = showParen (d >= 11)
    (showString showSum# . showsPrec 0 a . showChar '}')

instance Eq a => Eq (Sum a) where
  Sum a == Sum b = a == b

instance Ord a => Ord (Sum a) where
  compare (Sum a) (Sum b) = compare a b

instance Num a => Semigroup (Sum a) where
  Sum a <> Sum b = Sum (a + b)

instance Num a => Monoid (Sum a) where
  mempty = Sum 0

instance Functor Sum where
  fmap f (Sum a) = Sum (f a)

-- @group Product Data.Semigroup.Internal
newtype Product a = Product { getProduct :: a }

showProduct# :: String
showProduct# = "Product {getProduct = "

instance Show a => Show (Product a) where
  showsPrec d (Product a) = showParen (d >= 11)
    (showString showProduct# . showsPrec 0 a . showChar '}')

instance Eq a => Eq (Product a) where
  Product a == Product b = a == b

instance Ord a => Ord (Product a) where
  compare (Product a) (Product b) = compare a b

instance Num a => Semigroup (Product a) where
  Product a <> Product b = Product (a * b)

instance Num a => Monoid (Product a) where
  mempty = Product 1

instance Functor Product where
  fmap f (Product a) = Product (f a)

-- @group Any Data.Semigroup.Internal
newtype Any = Any { getAny :: Bool }

showAny# :: String
showAny# = "Any {getAny = "

instance Show Any where
  showsPrec d (Any a) = showParen (d >= 11)
    (showString showAny# . showsPrec 0 a . showChar '}')

instance Eq Any where
  Any a == Any b = a == b

instance Ord Any where
  compare (Any a) (Any b) = compare a b

instance Semigroup Any where
  Any a <> Any b = Any (a || b)

instance Monoid Any where
  mempty = Any False

-- @group All Data.Semigroup.Internal
newtype All = All { getAll :: Bool }

showAll# :: String
showAll# = "All {getAll = "

instance Show All where
  showsPrec d (All a) = showParen (d >= 11)
    (showString showAll# . showsPrec 0 a . showChar '}')

instance Eq All where
  All a == All b = a == b

instance Ord All where
  compare (All a) (All b) = compare a b

instance Semigroup All where
  All a <> All b = All (a && b)

instance Monoid All where
  mempty = All True

-- @group Dual Data.Semigroup.Internal
newtype Dual a = Dual { getDual :: a }

showDual# :: String
showDual# = "Dual {getDual = "

instance Show a => Show (Dual a) where
  showsPrec d (Dual a) = showParen (d >= 11)
    (showString showDual# . showsPrec 0 a . showChar '}')

instance Eq a => Eq (Dual a) where
  Dual a == Dual b = a == b

instance Ord a => Ord (Dual a) where
  compare (Dual a) (Dual b) = compare a b

instance Semigroup a => Semigroup (Dual a) where
  Dual a <> Dual b = Dual (b <> a)

instance Monoid a => Monoid (Dual a) where
  mempty = Dual mempty

-- @group Endo Data.Semigroup.Internal
newtype Endo a = Endo { appEndo :: a -> a }

showEndo# :: String
showEndo# = "Endo {appEndo = "

instance Semigroup (Endo a) where
  Endo f <> Endo g = Endo (\x -> f (g x))

instance Monoid (Endo a) where
  mempty = Endo (\x -> x)

-- @group MFirst Data.Monoid
newtype First a = First { getFirst :: Maybe a }

showFirst# :: String
showFirst# = "First {getFirst = "

instance Show a => Show (First a) where
  showsPrec d (First a) = showParen (d >= 11)
    (showString showFirst# . showsPrec 0 a . showChar '}')

instance Eq a => Eq (First a) where
  First a == First b = a == b

instance Ord a => Ord (First a) where
  compare (First a) (First b) = compare a b

instance Semigroup (First a) where
  First Nothing <> b = b
  a <> _ = a

instance Monoid (First a) where
  mempty = First Nothing

-- @group MLast Data.Monoid
newtype Last a = Last { getLast :: Maybe a }

showLast# :: String
showLast# = "Last {getLast = "

instance Show a => Show (Last a) where
  showsPrec d (Last a) = showParen (d >= 11)
    (showString showLast# . showsPrec 0 a . showChar '}')

instance Eq a => Eq (Last a) where
  Last a == Last b = a == b

instance Ord a => Ord (Last a) where
  compare (Last a) (Last b) = compare a b

instance Semigroup (Last a) where
  a <> Last Nothing = a
  _ <> b = b

instance Monoid (Last a) where
  mempty = Last Nothing

-- @group Min Data.Semigroup
newtype Min a = Min { getMin :: a }

showMin# :: String
showMin# = "Min {getMin = "

instance Show a => Show (Min a) where
  showsPrec d (Min a) = showParen (d >= 11)
    (showString showMin# . showsPrec 0 a . showChar '}')

instance Eq a => Eq (Min a) where
  Min a == Min b = a == b

instance Ord a => Ord (Min a) where
  compare (Min a) (Min b) = compare a b

instance Ord a => Semigroup (Min a) where
  Min a <> Min b = Min (min a b)

instance Functor Min where
  fmap f (Min a) = Min (f a)

-- @group Max Data.Semigroup
newtype Max a = Max { getMax :: a }

showMax# :: String
showMax# = "Max {getMax = "

instance Show a => Show (Max a) where
  showsPrec d (Max a) = showParen (d >= 11)
    (showString showMax# . showsPrec 0 a . showChar '}')

instance Eq a => Eq (Max a) where
  Max a == Max b = a == b

instance Ord a => Ord (Max a) where
  compare (Max a) (Max b) = compare a b

instance Ord a => Semigroup (Max a) where
  Max a <> Max b = Max (max a b)

instance Functor Max where
  fmap f (Max a) = Max (f a)

-- @group SFirst Data.Semigroup
newtype First a = First { getFirst :: a }

showFirst# :: String
showFirst# = "First {getFirst = "

instance Show a => Show (First a) where
  showsPrec d (First a) = showParen (d >= 11)
    (showString showFirst# . showsPrec 0 a . showChar '}')

instance Eq a => Eq (First a) where
  First a == First b = a == b

instance Ord a => Ord (First a) where
  compare (First a) (First b) = compare a b

instance Semigroup (First a) where
  a <> _ = a

-- @group SLast Data.Semigroup
newtype Last a = Last { getLast :: a }

showLast# :: String
showLast# = "Last {getLast = "

instance Show a => Show (Last a) where
  showsPrec d (Last a) = showParen (d >= 11)
    (showString showLast# . showsPrec 0 a . showChar '}')

instance Eq a => Eq (Last a) where
  Last a == Last b = a == b

instance Ord a => Ord (Last a) where
  compare (Last a) (Last b) = compare a b

instance Semigroup (Last a) where
  _ <> b = b

-- @group Identity Data.Functor.Identity
newtype Identity a = Identity { runIdentity :: a }

showIdentity# :: String
showIdentity# = "Identity {runIdentity = "

instance Show a => Show (Identity a) where
  showsPrec d (Identity a) = showParen (d >= 11) (showString "Identity " . showsPrec 11 a)

instance Eq a => Eq (Identity a) where
  Identity a == Identity b = a == b

instance Ord a => Ord (Identity a) where
  compare (Identity a) (Identity b) = compare a b

instance Functor Identity where
  fmap f (Identity a) = Identity (f a)

instance Applicative Identity where
  pure a = Identity a
  Identity f <*> Identity a = Identity (f a)

instance Monad Identity where
  return a = Identity a
  Identity a >>= k = k a
