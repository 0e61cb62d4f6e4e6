-- Tuples of 8 to 15 components (GHC's Show, Eq and Ord instances stop at 15): the Prelude's
-- eqStruct#, cmpStruct# and showsStruct# come here past 7. == and compare field by field
-- as base's derived instances (no thunk for the rest, nothing allocated); show as base's
-- show_tuple (its closures' words beyond the cells, tupleCost#: GHC 9.0.2 -P of 8- and
-- 9-tuples shown, 84 words and 11 more a component)
eqTuple# x y = case x of
  (a1, a2, a3, a4, a5, a6, a7, a8) -> case y of
    (b1, b2, b3, b4, b5, b6, b7, b8) ->
      case a1 == b1 of
        False -> False
        True ->
          case a2 == b2 of
            False -> False
            True ->
              case a3 == b3 of
                False -> False
                True ->
                  case a4 == b4 of
                    False -> False
                    True ->
                      case a5 == b5 of
                        False -> False
                        True ->
                          case a6 == b6 of
                            False -> False
                            True ->
                              case a7 == b7 of
                                False -> False
                                True ->
                                  a8 == b8
  (a1, a2, a3, a4, a5, a6, a7, a8, a9) -> case y of
    (b1, b2, b3, b4, b5, b6, b7, b8, b9) ->
      case a1 == b1 of
        False -> False
        True ->
          case a2 == b2 of
            False -> False
            True ->
              case a3 == b3 of
                False -> False
                True ->
                  case a4 == b4 of
                    False -> False
                    True ->
                      case a5 == b5 of
                        False -> False
                        True ->
                          case a6 == b6 of
                            False -> False
                            True ->
                              case a7 == b7 of
                                False -> False
                                True ->
                                  case a8 == b8 of
                                    False -> False
                                    True ->
                                      a9 == b9
  (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10) -> case y of
    (b1, b2, b3, b4, b5, b6, b7, b8, b9, b10) ->
      case a1 == b1 of
        False -> False
        True ->
          case a2 == b2 of
            False -> False
            True ->
              case a3 == b3 of
                False -> False
                True ->
                  case a4 == b4 of
                    False -> False
                    True ->
                      case a5 == b5 of
                        False -> False
                        True ->
                          case a6 == b6 of
                            False -> False
                            True ->
                              case a7 == b7 of
                                False -> False
                                True ->
                                  case a8 == b8 of
                                    False -> False
                                    True ->
                                      case a9 == b9 of
                                        False -> False
                                        True ->
                                          a10 == b10
  (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) -> case y of
    (b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11) ->
      case a1 == b1 of
        False -> False
        True ->
          case a2 == b2 of
            False -> False
            True ->
              case a3 == b3 of
                False -> False
                True ->
                  case a4 == b4 of
                    False -> False
                    True ->
                      case a5 == b5 of
                        False -> False
                        True ->
                          case a6 == b6 of
                            False -> False
                            True ->
                              case a7 == b7 of
                                False -> False
                                True ->
                                  case a8 == b8 of
                                    False -> False
                                    True ->
                                      case a9 == b9 of
                                        False -> False
                                        True ->
                                          case a10 == b10 of
                                            False -> False
                                            True ->
                                              a11 == b11
  (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12) -> case y of
    (b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12) ->
      case a1 == b1 of
        False -> False
        True ->
          case a2 == b2 of
            False -> False
            True ->
              case a3 == b3 of
                False -> False
                True ->
                  case a4 == b4 of
                    False -> False
                    True ->
                      case a5 == b5 of
                        False -> False
                        True ->
                          case a6 == b6 of
                            False -> False
                            True ->
                              case a7 == b7 of
                                False -> False
                                True ->
                                  case a8 == b8 of
                                    False -> False
                                    True ->
                                      case a9 == b9 of
                                        False -> False
                                        True ->
                                          case a10 == b10 of
                                            False -> False
                                            True ->
                                              case a11 == b11 of
                                                False -> False
                                                True ->
                                                  a12 == b12
  (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13) -> case y of
    (b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13) ->
      case a1 == b1 of
        False -> False
        True ->
          case a2 == b2 of
            False -> False
            True ->
              case a3 == b3 of
                False -> False
                True ->
                  case a4 == b4 of
                    False -> False
                    True ->
                      case a5 == b5 of
                        False -> False
                        True ->
                          case a6 == b6 of
                            False -> False
                            True ->
                              case a7 == b7 of
                                False -> False
                                True ->
                                  case a8 == b8 of
                                    False -> False
                                    True ->
                                      case a9 == b9 of
                                        False -> False
                                        True ->
                                          case a10 == b10 of
                                            False -> False
                                            True ->
                                              case a11 == b11 of
                                                False -> False
                                                True ->
                                                  case a12 == b12 of
                                                    False -> False
                                                    True ->
                                                      a13 == b13
  (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14) -> case y of
    (b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13, b14) ->
      case a1 == b1 of
        False -> False
        True ->
          case a2 == b2 of
            False -> False
            True ->
              case a3 == b3 of
                False -> False
                True ->
                  case a4 == b4 of
                    False -> False
                    True ->
                      case a5 == b5 of
                        False -> False
                        True ->
                          case a6 == b6 of
                            False -> False
                            True ->
                              case a7 == b7 of
                                False -> False
                                True ->
                                  case a8 == b8 of
                                    False -> False
                                    True ->
                                      case a9 == b9 of
                                        False -> False
                                        True ->
                                          case a10 == b10 of
                                            False -> False
                                            True ->
                                              case a11 == b11 of
                                                False -> False
                                                True ->
                                                  case a12 == b12 of
                                                    False -> False
                                                    True ->
                                                      case a13 == b13 of
                                                        False -> False
                                                        True ->
                                                          a14 == b14
  (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> case y of
    (b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13, b14, b15) ->
      case a1 == b1 of
        False -> False
        True ->
          case a2 == b2 of
            False -> False
            True ->
              case a3 == b3 of
                False -> False
                True ->
                  case a4 == b4 of
                    False -> False
                    True ->
                      case a5 == b5 of
                        False -> False
                        True ->
                          case a6 == b6 of
                            False -> False
                            True ->
                              case a7 == b7 of
                                False -> False
                                True ->
                                  case a8 == b8 of
                                    False -> False
                                    True ->
                                      case a9 == b9 of
                                        False -> False
                                        True ->
                                          case a10 == b10 of
                                            False -> False
                                            True ->
                                              case a11 == b11 of
                                                False -> False
                                                True ->
                                                  case a12 == b12 of
                                                    False -> False
                                                    True ->
                                                      case a13 == b13 of
                                                        False -> False
                                                        True ->
                                                          case a14 == b14 of
                                                            False -> False
                                                            True ->
                                                              a15 == b15
cmpTuple# x y = case x of
  (a1, a2, a3, a4, a5, a6, a7, a8) -> case y of
    (b1, b2, b3, b4, b5, b6, b7, b8) ->
      case compare a1 b1 of
        EQ ->
          case compare a2 b2 of
            EQ ->
              case compare a3 b3 of
                EQ ->
                  case compare a4 b4 of
                    EQ ->
                      case compare a5 b5 of
                        EQ ->
                          case compare a6 b6 of
                            EQ ->
                              case compare a7 b7 of
                                EQ ->
                                  compare a8 b8
                                o -> o
                            o -> o
                        o -> o
                    o -> o
                o -> o
            o -> o
        o -> o
  (a1, a2, a3, a4, a5, a6, a7, a8, a9) -> case y of
    (b1, b2, b3, b4, b5, b6, b7, b8, b9) ->
      case compare a1 b1 of
        EQ ->
          case compare a2 b2 of
            EQ ->
              case compare a3 b3 of
                EQ ->
                  case compare a4 b4 of
                    EQ ->
                      case compare a5 b5 of
                        EQ ->
                          case compare a6 b6 of
                            EQ ->
                              case compare a7 b7 of
                                EQ ->
                                  case compare a8 b8 of
                                    EQ ->
                                      compare a9 b9
                                    o -> o
                                o -> o
                            o -> o
                        o -> o
                    o -> o
                o -> o
            o -> o
        o -> o
  (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10) -> case y of
    (b1, b2, b3, b4, b5, b6, b7, b8, b9, b10) ->
      case compare a1 b1 of
        EQ ->
          case compare a2 b2 of
            EQ ->
              case compare a3 b3 of
                EQ ->
                  case compare a4 b4 of
                    EQ ->
                      case compare a5 b5 of
                        EQ ->
                          case compare a6 b6 of
                            EQ ->
                              case compare a7 b7 of
                                EQ ->
                                  case compare a8 b8 of
                                    EQ ->
                                      case compare a9 b9 of
                                        EQ ->
                                          compare a10 b10
                                        o -> o
                                    o -> o
                                o -> o
                            o -> o
                        o -> o
                    o -> o
                o -> o
            o -> o
        o -> o
  (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) -> case y of
    (b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11) ->
      case compare a1 b1 of
        EQ ->
          case compare a2 b2 of
            EQ ->
              case compare a3 b3 of
                EQ ->
                  case compare a4 b4 of
                    EQ ->
                      case compare a5 b5 of
                        EQ ->
                          case compare a6 b6 of
                            EQ ->
                              case compare a7 b7 of
                                EQ ->
                                  case compare a8 b8 of
                                    EQ ->
                                      case compare a9 b9 of
                                        EQ ->
                                          case compare a10 b10 of
                                            EQ ->
                                              compare a11 b11
                                            o -> o
                                        o -> o
                                    o -> o
                                o -> o
                            o -> o
                        o -> o
                    o -> o
                o -> o
            o -> o
        o -> o
  (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12) -> case y of
    (b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12) ->
      case compare a1 b1 of
        EQ ->
          case compare a2 b2 of
            EQ ->
              case compare a3 b3 of
                EQ ->
                  case compare a4 b4 of
                    EQ ->
                      case compare a5 b5 of
                        EQ ->
                          case compare a6 b6 of
                            EQ ->
                              case compare a7 b7 of
                                EQ ->
                                  case compare a8 b8 of
                                    EQ ->
                                      case compare a9 b9 of
                                        EQ ->
                                          case compare a10 b10 of
                                            EQ ->
                                              case compare a11 b11 of
                                                EQ ->
                                                  compare a12 b12
                                                o -> o
                                            o -> o
                                        o -> o
                                    o -> o
                                o -> o
                            o -> o
                        o -> o
                    o -> o
                o -> o
            o -> o
        o -> o
  (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13) -> case y of
    (b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13) ->
      case compare a1 b1 of
        EQ ->
          case compare a2 b2 of
            EQ ->
              case compare a3 b3 of
                EQ ->
                  case compare a4 b4 of
                    EQ ->
                      case compare a5 b5 of
                        EQ ->
                          case compare a6 b6 of
                            EQ ->
                              case compare a7 b7 of
                                EQ ->
                                  case compare a8 b8 of
                                    EQ ->
                                      case compare a9 b9 of
                                        EQ ->
                                          case compare a10 b10 of
                                            EQ ->
                                              case compare a11 b11 of
                                                EQ ->
                                                  case compare a12 b12 of
                                                    EQ ->
                                                      compare a13 b13
                                                    o -> o
                                                o -> o
                                            o -> o
                                        o -> o
                                    o -> o
                                o -> o
                            o -> o
                        o -> o
                    o -> o
                o -> o
            o -> o
        o -> o
  (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14) -> case y of
    (b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13, b14) ->
      case compare a1 b1 of
        EQ ->
          case compare a2 b2 of
            EQ ->
              case compare a3 b3 of
                EQ ->
                  case compare a4 b4 of
                    EQ ->
                      case compare a5 b5 of
                        EQ ->
                          case compare a6 b6 of
                            EQ ->
                              case compare a7 b7 of
                                EQ ->
                                  case compare a8 b8 of
                                    EQ ->
                                      case compare a9 b9 of
                                        EQ ->
                                          case compare a10 b10 of
                                            EQ ->
                                              case compare a11 b11 of
                                                EQ ->
                                                  case compare a12 b12 of
                                                    EQ ->
                                                      case compare a13 b13 of
                                                        EQ ->
                                                          compare a14 b14
                                                        o -> o
                                                    o -> o
                                                o -> o
                                            o -> o
                                        o -> o
                                    o -> o
                                o -> o
                            o -> o
                        o -> o
                    o -> o
                o -> o
            o -> o
        o -> o
  (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> case y of
    (b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13, b14, b15) ->
      case compare a1 b1 of
        EQ ->
          case compare a2 b2 of
            EQ ->
              case compare a3 b3 of
                EQ ->
                  case compare a4 b4 of
                    EQ ->
                      case compare a5 b5 of
                        EQ ->
                          case compare a6 b6 of
                            EQ ->
                              case compare a7 b7 of
                                EQ ->
                                  case compare a8 b8 of
                                    EQ ->
                                      case compare a9 b9 of
                                        EQ ->
                                          case compare a10 b10 of
                                            EQ ->
                                              case compare a11 b11 of
                                                EQ ->
                                                  case compare a12 b12 of
                                                    EQ ->
                                                      case compare a13 b13 of
                                                        EQ ->
                                                          case compare a14 b14 of
                                                            EQ ->
                                                              compare a15 b15
                                                            o -> o
                                                        o -> o
                                                    o -> o
                                                o -> o
                                            o -> o
                                        o -> o
                                    o -> o
                                o -> o
                            o -> o
                        o -> o
                    o -> o
                o -> o
            o -> o
        o -> o
showsTuple# x s = case x of
  (a1, a2, a3, a4, a5, a6, a7, a8) -> tupleCost# 84
    ('(' : showsPrec 0 a1 (',' : showsPrec 0 a2 (',' : showsPrec 0 a3 (',' : showsPrec 0 a4
    (',' : showsPrec 0 a5 (',' : showsPrec 0 a6 (',' : showsPrec 0 a7 (',' : showsPrec 0 a8
    (')' : s)))))))))
  (a1, a2, a3, a4, a5, a6, a7, a8, a9) -> tupleCost# 95
    ('(' : showsPrec 0 a1 (',' : showsPrec 0 a2 (',' : showsPrec 0 a3 (',' : showsPrec 0 a4
    (',' : showsPrec 0 a5 (',' : showsPrec 0 a6 (',' : showsPrec 0 a7 (',' : showsPrec 0 a8
    (',' : showsPrec 0 a9
    (')' : s))))))))))
  (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10) -> tupleCost# 106
    ('(' : showsPrec 0 a1 (',' : showsPrec 0 a2 (',' : showsPrec 0 a3 (',' : showsPrec 0 a4
    (',' : showsPrec 0 a5 (',' : showsPrec 0 a6 (',' : showsPrec 0 a7 (',' : showsPrec 0 a8
    (',' : showsPrec 0 a9 (',' : showsPrec 0 a10
    (')' : s)))))))))))
  (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) -> tupleCost# 117
    ('(' : showsPrec 0 a1 (',' : showsPrec 0 a2 (',' : showsPrec 0 a3 (',' : showsPrec 0 a4
    (',' : showsPrec 0 a5 (',' : showsPrec 0 a6 (',' : showsPrec 0 a7 (',' : showsPrec 0 a8
    (',' : showsPrec 0 a9 (',' : showsPrec 0 a10 (',' : showsPrec 0 a11
    (')' : s))))))))))))
  (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12) -> tupleCost# 128
    ('(' : showsPrec 0 a1 (',' : showsPrec 0 a2 (',' : showsPrec 0 a3 (',' : showsPrec 0 a4
    (',' : showsPrec 0 a5 (',' : showsPrec 0 a6 (',' : showsPrec 0 a7 (',' : showsPrec 0 a8
    (',' : showsPrec 0 a9 (',' : showsPrec 0 a10 (',' : showsPrec 0 a11 (',' : showsPrec 0 a12
    (')' : s)))))))))))))
  (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13) -> tupleCost# 139
    ('(' : showsPrec 0 a1 (',' : showsPrec 0 a2 (',' : showsPrec 0 a3 (',' : showsPrec 0 a4
    (',' : showsPrec 0 a5 (',' : showsPrec 0 a6 (',' : showsPrec 0 a7 (',' : showsPrec 0 a8
    (',' : showsPrec 0 a9 (',' : showsPrec 0 a10 (',' : showsPrec 0 a11 (',' : showsPrec 0 a12
    (',' : showsPrec 0 a13
    (')' : s))))))))))))))
  (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14) -> tupleCost# 150
    ('(' : showsPrec 0 a1 (',' : showsPrec 0 a2 (',' : showsPrec 0 a3 (',' : showsPrec 0 a4
    (',' : showsPrec 0 a5 (',' : showsPrec 0 a6 (',' : showsPrec 0 a7 (',' : showsPrec 0 a8
    (',' : showsPrec 0 a9 (',' : showsPrec 0 a10 (',' : showsPrec 0 a11 (',' : showsPrec 0 a12
    (',' : showsPrec 0 a13 (',' : showsPrec 0 a14
    (')' : s)))))))))))))))
  (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> tupleCost# 161
    ('(' : showsPrec 0 a1 (',' : showsPrec 0 a2 (',' : showsPrec 0 a3 (',' : showsPrec 0 a4
    (',' : showsPrec 0 a5 (',' : showsPrec 0 a6 (',' : showsPrec 0 a7 (',' : showsPrec 0 a8
    (',' : showsPrec 0 a9 (',' : showsPrec 0 a10 (',' : showsPrec 0 a11 (',' : showsPrec 0 a12
    (',' : showsPrec 0 a13 (',' : showsPrec 0 a14 (',' : showsPrec 0 a15
    (')' : s))))))))))))))))
