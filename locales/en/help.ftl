# The pages of /help (src/discord/help.rs): how to start, the variants, move notation,
# the commands and the rules of each variant.

help-label-start = Getting started
help-label-computer = Play the computer
help-label-variants = Variants
help-label-notation = Move notation
help-label-commands = Commands
help-label-rules-standard = Rules of shogi
help-label-rules-yonin = Rules of yonin shogi
help-label-rules-daidai = Rules of dai dai shogi
help-commands-head = **Commands**

help-start =
    {""}**Start a game with `/challenge`**: choose the variant, name your opponent (or leave the seat open for anyone), and play with `/move` once it is accepted.

    {""}**Shogi in this channel, one move at a time.** Nobody has to be online at the same time: after every move I post the board and mention the player to move.

    Variants you can play:
    - `standard`: shogi, two players on a 9×9 board
    - `yonin`: yonin shogi, four players on a 9×9 board, each for themselves
    - `yonin-doubles`: yonin shogi in two teams of two
    - `daidai`: dai dai shogi, two players on a 17×17 board

    Moves are typed in coordinates, e.g. `7g7f`, or `P*5e` to drop a pawn from your hand.
    Use the buttons below for more.

help-computer =
    {""}**Play the computer**
    The bot plays every variant, from level 1 (a beginner can beat it) to level 8 (its strongest).
    - **Against the bot alone**: `/challenge` naming the bot itself as your `opponent`; the game starts at once, without waiting for an answer. `level` sets its strength (default 3); `variant` as usual.
    - **Fill with computers**: under a yonin challenge with open seats, the **Fill with computers** button gives every open seat to a computer of the challenge's level, and the game starts.
    - **`computers`**: how many seats the computer takes from the start, e.g. `/challenge variant:yonin computers:3` for you against three computers, or `computers:2` to play with a friend against two.
    - Games with a computer are unrated. The computer moves right after the move before it, answers a draw offer at once (it accepts when it stands worse) and allows takebacks.

help-variants =
    {""}**Variants**
    - `standard`: shogi for two on a 9×9 board. Captured pieces join your hand and can be dropped back on the board as your own.
    - `yonin`: yonin shogi, four players on a 9×9 board, one on each side, each for themselves. Players without a legal move on their turn are out; the last one left wins. A player in check answers at once, out of turn.
    - `yonin-doubles`: yonin shogi for two teams of two, partners sitting opposite each other. The first player out loses the game for their team.
    - `daidai`: dai dai shogi, two players on a 17×17 board with 96 pieces a side of 64 kinds. Captured pieces leave the game: there are no drops.

help-notation =
    {""}**Move notation**
    Squares are named by file number then rank letter, as on the board image: `7g` is file 7, rank g.
    - `7g7f`: move the piece on 7g to 7f
    - `8h2b+`: move from 8h to 2b and promote (leave out the `+` to stay unpromoted)
    - `P*5e`: drop a pawn from your hand on 5e
    - `P-7f`: the same move in piece notation: the pawn goes to 7f (`x` for a capture, `*` for a drop)
    - `７六歩`: Japanese notation (`２二角成`, `５五角打`, `同　銀`), and digits with the ranks as numbers (`7776`) or CSA records' form (`+7776FU`)
    `/settings notation:` chooses how moves are written for you. On the 17×17 dai dai board files run from 17 to 1 and ranks from a to q.

help-rules-standard =
    {""}**Shogi** (standard): two players, black (moves first, at the bottom) and white, on 9×9.
    - Pieces: king, rook, bishop, gold, silver, knight, lance, pawn. Gold moves one step any way but diagonally back; silver one step diagonally or straight ahead; knight jumps two ahead and one aside; lance slides straight ahead; pawn steps straight ahead.
    - **Captures join your hand**: instead of moving, drop one on any empty square (`P*5e`).
    - **Promotion**: a move into, within or out of the far three ranks may promote (rook → dragon, bishop → horse, the small pieces → gold). Pawns and lances must promote on the last rank, knights on the last two.
    - Forbidden: two unpromoted pawns of yours on one file (nifu); mating with a dropped pawn; leaving your king attacked.
    - The game ends by **checkmate** (no legal move loses), resignation, or time. Fourfold repetition is a draw, but the side giving perpetual check loses. With your king and ten pieces in the far zone and 28 points (white 27: rook and bishop 5, others 1), `/declare` wins (impasse). Move 500 is a draw.

help-rules-yonin =
    {""}**Yonin shogi**: four players on 9×9, **S** (bottom), **W**, **N**, **E**, moving clockwise S → W → N → E. Each has a king, rook, two golds, two silvers and three pawns; forward is away from your own edge.
    - Captures join your hand and may be dropped, as in shogi; promotion in your far three lines.
    - **Check priority**: after any move, a player whose king is attacked moves next, out of turn; play then goes on clockwise from them.
    - **Elimination**: a player with no legal move on their turn is out. Their king stays as an obstacle, their hand is frozen, their pieces stay powerless until captured. The last player standing wins; places count for ratings.
    - Federation rules (the default): the game ends at move 300, scored by points (rook 5, others 1); after move 250 a player whose king reached their far zone may `/declare`; no resignation while three or more play; fourfold repetition voids the game.
    - **Doubles** (`yonin-doubles`): S and N against W and E. You cannot capture your partner's pieces; the first player eliminated loses the game for their pair.
    - Original 1992/93 rules (a `/challenge` option): no extras, and an eliminated player's hand goes to whoever eliminated them.

help-rules-daidai =
    {""}**Dai dai shogi**: two players on 17×17, 96 pieces a side of 64 kinds. Files run 17 to 1, ranks a to q.
    - **No drops**: captured pieces leave the game.
    - **Promotion by capture only**: a piece that can promote does so at the end of its first capturing move, and stays promoted.
    - **Lion**: moves twice in one turn, one king step each: it can capture two pieces in one move, capture and step back (igui), or jump to any square two away. Write the squares where it captures between origin and destination: `8h7g6f` takes on 7g and goes on to 6f, `8h7g8h` takes on 7g and stays (igui); in piece notation `Lnx7gx6f`, `Lnx!7g`. The lion dog moves up to three squares along one line the same way.
    - **Hook movers** slide, turn 90° once on an empty square, and slide on.
    - Check is enforced: you may not leave your king attacked. No legal move loses; resignation at any time.
    - Moves read in coordinates (`9q9p`) or piece notation with the code, the kanji or the English name (`P-8g`, `Lnx7c`, `獅子x7c`); type a code or kanji in `/move` to list that piece's moves.
    - The pictures below name every piece (code · kanji · English name), what it promotes to, and how it moves. After each move, a close-up of the board around it follows the whole board.
## The words drawn on the dai dai piece pages

reference-title = Dai dai shogi: the pieces and their moves
reference-step = one square
reference-slide = any distance
reference-limited = up to n squares
reference-jump = jumps to
reference-lion = may move twice (lion power)
reference-hook = may turn once
reference-promotes-to = promotes to {$piece}
reference-promoted-from = promoted from {$piece}
