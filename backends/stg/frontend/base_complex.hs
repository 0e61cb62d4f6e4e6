-- base's Data.Complex, compiled with a program that imports it (libraries.py: a group as
-- base_newtypes.hs's). Its Num instance is an instance of the program's kind (instances.py);
-- Fractional and Floating at Complex are reached by the checked type of each use of `/',
-- `sqrt', `exp'... (complex.py: the functions below ending in C#). The definitions are
-- base 4.15's, at Double (0.0 where base's literals are at the type's parameter).

-- @group Complex Data.Complex
infix 6 :+
data Complex a = !a :+ !a deriving (Eq, Show)

realPart :: Complex a -> a
realPart (x :+ _) = x

imagPart :: Complex a -> a
imagPart (_ :+ y) = y

conjugate :: Num a => Complex a -> Complex a
conjugate (x :+ y) = x :+ negate y

mkPolar :: Floating a => a -> a -> Complex a
mkPolar r theta = (r * cos theta) :+ (r * sin theta)

cis :: Floating a => a -> Complex a
cis theta = cos theta :+ sin theta

polar :: RealFloat a => Complex a -> (a, a)
polar z = (magnitude z, phase z)

magnitude :: RealFloat a => Complex a -> a
magnitude (x :+ y) = scaleFloat k (sqrt (sqrC# (scaleFloat mk x) + sqrC# (scaleFloat mk y)))
  where k = max (exponent x) (exponent y)
        mk = negate k

-- (the subset's Complex holds Doubles: an Integer made one, whatever the type says)
toDoubleC# :: Num a => Integer -> a
toDoubleC# n = fromInteger n

sqrC# :: Num a => a -> a
sqrC# z = z * z

phase :: RealFloat a => Complex a -> a
phase (x :+ y) = if x == 0.0 && y == 0.0 then 0.0 else atan2 y x

instance RealFloat a => Num (Complex a) where
  (x :+ y) + (x' :+ y') = (x + x') :+ (y + y')
  (x :+ y) - (x' :+ y') = (x - x') :+ (y - y')
  (x :+ y) * (x' :+ y') = (x * x' - y * y') :+ (x * y' + y * x')
  negate (x :+ y) = negate x :+ negate y
  abs z = magnitude z :+ 0.0
  signum z@(x :+ y) = if x == 0.0 && y == 0.0 then 0.0 :+ 0.0 else (x / r) :+ (y / r)
    where r = magnitude z
  fromInteger n = toDoubleC# n :+ 0.0

divC# :: RealFloat a => Complex a -> Complex a -> Complex a
divC# (x :+ y) (x' :+ y') = ((x * x'' + y * y'') / d) :+ ((y * x'' - x * y'') / d)
  where x'' = scaleFloat k x'
        y'' = scaleFloat k y'
        k = negate (max (exponent x') (exponent y'))
        d = x' * x'' + y' * y''

recipC# :: RealFloat a => Complex a -> Complex a
recipC# z = divC# (1.0 :+ 0.0) z

piC# :: RealFloat a => Complex a
piC# = pi :+ 0.0

expC# :: RealFloat a => Complex a -> Complex a
expC# (x :+ y) = (expx * cos y) :+ (expx * sin y)
  where expx = exp x

logC# :: RealFloat a => Complex a -> Complex a
logC# z = log (magnitude z) :+ phase z

sqrtC# :: RealFloat a => Complex a -> Complex a
sqrtC# z@(x :+ y) = if x == 0.0 && y == 0.0 then 0.0 :+ 0.0
                    else u :+ (if y < 0 then negate v else v)
  where (u, v) = if x < 0 then (v', u') else (u', v')
        v' = abs y / (u' * 2.0)
        u' = sqrt ((magnitude z + abs x) / 2.0)

sinC# :: RealFloat a => Complex a -> Complex a
sinC# (x :+ y) = (sin x * cosh y) :+ (cos x * sinh y)

cosC# :: RealFloat a => Complex a -> Complex a
cosC# (x :+ y) = (cos x * cosh y) :+ negate (sin x * sinh y)

tanC# :: RealFloat a => Complex a -> Complex a
tanC# (x :+ y) = divC# ((sinx * coshy) :+ (cosx * sinhy))
                       ((cosx * coshy) :+ negate (sinx * sinhy))
  where sinx = sin x
        cosx = cos x
        sinhy = sinh y
        coshy = cosh y

sinhC# :: RealFloat a => Complex a -> Complex a
sinhC# (x :+ y) = (cos y * sinh x) :+ (sin y * cosh x)

coshC# :: RealFloat a => Complex a -> Complex a
coshC# (x :+ y) = (cos y * cosh x) :+ (sin y * sinh x)

powC# :: RealFloat a => Complex a -> Complex a -> Complex a
powC# x@(re :+ im) y@(yre :+ yim)
  | yre == 0.0 && yim == 0.0 = 1.0 :+ 0.0
  | re == 0.0 && im == 0.0 = case compare yre 0.0 of
      GT -> 0.0 :+ 0.0
      LT -> (1.0 / 0.0) :+ 0.0
      EQ -> (0.0 / 0.0) :+ (0.0 / 0.0)
  | otherwise = expC# (logC# x * y)

fromRationalC# :: RealFloat a => Rational -> Complex a
fromRationalC# r = fromRational r :+ 0.0

fromDoubleC# :: Double -> Complex Double
fromDoubleC# x = x :+ 0.0
