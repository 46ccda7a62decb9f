# The pieces of standard and yonin shogi by name, as refusals name them
# (src/discord/refusals.rs). Dai dai's pieces are named by the piece table: their English
# names here, their kanji in Japanese and Korean.

piece-king = king
piece-rook = rook
piece-bishop = bishop
piece-gold = gold
piece-silver = silver
piece-knight = knight
piece-lance = lance
piece-pawn = pawn
piece-dragon = dragon
piece-horse = horse
piece-promoted-silver = promoted silver
piece-promoted-knight = promoted knight
piece-promoted-lance = promoted lance
piece-tokin = tokin
