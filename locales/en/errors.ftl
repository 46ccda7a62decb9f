# Refusals and failures, told privately to the user who caused them
# (src/discord/refusals.rs, src/discord/error.rs and the commands).

## The game table

error-no-game-here = There is no game in progress in this channel. Start one with a challenge.
error-your-game-ended = Your game #{$game} ended: {$result}. `/challenge` starts a new one.
error-game-not-found = There is no game #{$game}.
error-game-over = Game #{$game} has already ended.
error-not-a-player = You are not playing in this game.
error-not-your-turn = It is not your turn: {$player} is to move.
error-eliminated = You are out of this game: you were eliminated.
error-nothing-to-resign = You are already out of this game (you were eliminated), so there is nothing to resign. You can still follow it here to the end.
error-resignation-needs-two = This game's rules do not allow resigning while three or more players are still in ({$alive} are). Play on: you can resign once only two of you are left.
error-too-late-to-abort = Every player has moved, so the game can no longer be aborted. Resign, offer a draw, or ask a moderator.
error-draws-two-players = Draws by agreement are for two-player games.
error-takebacks-two-players = Takebacks are for two-player games.
error-already-offered = You have already offered a draw; wait for your opponent's answer.
error-takeback-pending-yours = You have already asked for a takeback; it must be answered first.
error-takeback-pending = {$player} has asked for a takeback; it must be answered first.
error-no-offer-to-answer = There is no {$offer} to answer.
error-offer-lapsed = The {$offer} by {$player} lapsed when the game moved on, so there is nothing to answer now.
error-own-offer = The {$offer} is yours; your opponent has to answer it.
error-nothing-to-take-back = There is no move of yours to take back.
error-moved-on = Game #{$game} has moved on since you were asked ({$since}), so nothing was played. Look at the board and use `/move` again.
error-moves-since = {$n ->
    [one] {$n} move played since
   *[other] {$n} moves played since
}
error-takeback-since = a takeback since
error-raced = The game changed while this was being done (someone acted first), so nothing was done; look at the game and try again.
error-channel-busy = This channel already has a game in progress. Finish it first, or play in another channel or a thread.
error-challenge-not-found = There is no challenge #{$id}.
error-challenge-closed = Challenge #{$id} was {$status}; it can no longer be answered.
challenge-status-open = open
challenge-status-accepted = accepted
challenge-status-declined = declined
challenge-status-cancelled = cancelled
challenge-status-expired = expired
error-challenge-expired = Challenge #{$id} has expired. Make a new one if you still want to play.
error-not-invited = Challenge #{$id} is not for you: you were not invited and it has no open seat.
error-challenge-full = Every seat of challenge #{$id} is taken.
error-own-challenge = Challenge #{$id} is yours: wait for the others to answer, or cancel it.
error-not-challenger = Only the player who made challenge #{$id} can cancel it.
error-replay = The replay of game #{$game} could not be made: {$reason}.
error-storage = The game database failed ({$detail}). Please try again; if it keeps happening, tell a server admin.
error-corrupt = Stored data cannot be read back: {$detail}. A moderator can abort a broken game; tell a server admin.

## The rules

rules-game-over = the game is over
rules-not-your-turn = it is not your turn
rules-declaration = the declaration fails: {$reason}
parse-syntax = '{$text}' is not a move I can read (examples: {$examples})
parse-illegal = '{$text}' matches no legal move: {$reason}
parse-ambiguous = '{$text}' is ambiguous: it could be {$candidates}
parse-no-such-move = '{$text}' matches no legal move
parse-or = {" or "}
parse-same-without-previous = '{$text}' needs a previous move: 同 means the square the last move went to, and no move has been played yet
illegal-game-over = the game is over
illegal-no-piece = there is no piece on {$square}
illegal-not-your-piece = the piece on {$square} is not yours
illegal-cannot-reach = a {$piece} on {$from} cannot move to {$to}
illegal-blocked = the path from {$from} to {$to} is blocked
illegal-own-piece = {$square} holds one of your own pieces
illegal-partner-piece = {$square} holds your partner's piece, which may not be captured
illegal-capture-king = a king on {$square} cannot be captured
illegal-not-in-hand = you have no {$piece} in hand
illegal-drop-occupied = drops go on empty squares, and {$square} is occupied
illegal-nifu = nifu: you already have an unpromoted pawn on that line
illegal-uchifuzume = uchifuzume: a pawn drop may not give checkmate
illegal-pawn-before-dead-king = a pawn may not be dropped directly in front of an eliminated player's king
illegal-dead-piece = a {$piece} on {$square} could never move again, so it must promote there (and cannot be dropped there)
illegal-cannot-promote = a {$piece} cannot promote
illegal-outside-zone = promotion needs a move that starts or ends in the promotion zone
illegal-self-check = this move would leave your king in check
illegal-perpetual-check = perpetual check: this check would repeat a position for the fourth time, so play something else
illegal-no-drops = drops are not allowed in this variant
illegal-off-board = that square is not on the board
illegal-cannot-drop = a {$piece} cannot be dropped
illegal-no-piece-of-kind = you have no {$piece} on the board
illegal-no-such-piece = you have no such piece on the board
illegal-other-piece = the piece on {$square} is a {$piece}
illegal-wrong-seat = it is {$to_move}'s turn, not {$named}'s
illegal-must-deviate = this move would repeat the position a fourth time, and the side that {$culprit ->
    [check] gave check with every move of the cycle
    [attack] attacked with every move of the cycle
   *[passes] began the run of passes
} must play something else
illegal-no-movement = a move must go somewhere (a pass steps to an empty square and back)
illegal-pass-in-check = a pass is never legal while in check
illegal-pass-written-as = this pass is written {$written}
illegal-cannot-pass = a {$piece} cannot pass here
illegal-must-promote = a {$piece} promotes on its first capture: the move must promote
illegal-does-not-promote = a {$piece} does not promote with this move
illegal-no-igui = a {$piece} cannot capture on {$square} without moving
illegal-wrong-path = a {$piece} cannot go from {$from} to {$to} that way
illegal-already-there = your {$piece} is already on {$square}

## Commands and buttons

error-something-went-wrong = Something went wrong on my side. Please try again.
error-unknown-command = This command no longer exists. Type `/` to see the current ones.
error-option-unreadable = I could not read that option ({$detail}). Check it and try again.
error-option-mismatch = One of this command's options is not one I accept (a value out of its range, or an older form of the command). Check the options and try again.
error-cooldown = Please wait {$seconds} s before using this command again.
error-bot-permissions = I need these permissions in this channel: {$permissions}.
error-user-permissions = You do not have the permissions this command needs.
error-user-permissions-missing = This command needs these permissions, which you do not have: {$permissions}.
error-guild-only = This command works only in a server.
error-dm-only = This command works only in direct messages.
error-not-here = You cannot use this command here.
error-only-in-servers = Games are played in servers: use this in a server channel.
error-no-game-of-yours-here = You have no game in progress in this channel. `/games` lists the games going on; `/challenge` starts one.
error-button-other-game = This button belongs to game #{$game}, which is over or which you are not playing.
error-button-gone = This button no longer works: what it belonged to has ended or changed. Use `/help` to see what you can do now.
error-button-gone-plain = This button no longer works.
error-button-gone-move = This button no longer works. Use `/move` again.
error-button-gone-resign = This button no longer works. Use `/resign` again.
error-button-gone-board = This button no longer works. Use `/board`.
error-button-gone-replay = This button no longer works: use `/replay` again.
error-button-gone-challenge = This button no longer works. Make a new challenge.
error-button-no-challenge = This button no longer works: there is no challenge #{$id}.
error-challenge-other-channel = This button belongs to a challenge in another channel: use it there.
error-help-page-gone = That help page no longer exists. Try `/help` again.
error-cannot-resign-here = This game cannot be resigned from here.
error-computer-levels = The computer's levels are 1 to 8.
error-too-many-computers = {$variant} is for {$seats} players: with {$computers ->
    [one] {$computers} computer
   *[other] {$computers} computers
} there is room for {$room ->
    [one] {$room} more opponent
   *[other] {$room} more opponents
}.
error-bot-opponent = {$name} is a bot and cannot play. Challenge a person, this bot (the computer), or leave the opponent out so anyone can join.
error-yonin-rules-not-yonin = The yonin rule sets are for yonin games, not {$variant}. Leave `yonin_rules` out.

## The correspondence clock
error-on-vacation = You are already on vacation until {$until}; end it with `/vacation end` first.
error-not-on-vacation = You are not on vacation.
error-vacation-allowance = You have {$left ->
    [one] {$left} day
   *[other] {$left} days
} of vacation left this year (the allowance here is {$allowance} days), not {$asked ->
    [one] {$asked} day
   *[other] {$asked} days
}.
error-unknown-time-zone = There is no time zone called `{$name}`: give an IANA name such as `Europe/Paris`, `America/New_York` or `Asia/Tokyo`.
error-bank-without-clock = A time bank adds to the time per move: give the game a time limit, or leave the bank out.
error-time-per-move-range = The time per move must be between {$min} and {$max}.
error-bank-range = The time bank must be between 1 second and {$max}.
error-vacation-days-range = The vacation allowance is between 0 and {$max} days a year.
error-too-many-opponents = {$variant} is for {$seats} players: name at most {$most ->
    [one] {$most} opponent
   *[other] {$most} opponents
}.
error-challenge-yourself = You cannot challenge yourself.
error-opponent-twice = Name each opponent only once.

# Seats asked for in /challenge.
error-seats-for-variant = {$variant} has {$seats} seats ({$names}): give one player or an open seat for each.
error-seatless-player = Every player of the challenge needs a seat.
error-one-seat-each = A player can take only one seat.
error-seat-for-stranger = Only the challenger and the named opponents can be given seats.
error-vacation-too-short = A vacation lasts at least one day.
error-replay-no-such-move = Game #{$game} has {$last ->
    [one] {$last} move
   *[other] {$last} moves
} so far: choose a move from 0 (the start) to {$last}.
error-replay-no-such-seat = {$variant} has {$seats} seats ({$names}).
error-record-wrong-variant = {$format} records are for standard shogi; use the plain record for {$variant}.
error-record-kif = Line {$line} of the KIF record cannot be read: {$reason}.
error-computer-game-over = The game is over: the computer has nothing to play.
error-computer-no-move = The computer has no legal move to choose from.

# What the rules of a game do not allow besides moves.
refusal-impasse-declarations-off = Impasse declarations are off in this game.
refusal-entering-king-declarations-off = Entering-king declarations are off in this game.
refusal-declaration-too-early = The entering-king declaration is available once {$after} moves have been played.
refusal-no-declaration = This variant has no declaration.
refusal-not-four-players = This is not a four-player game.
refusal-already-out = {$seat} is already out of the game.
refusal-nothing-to-take-back = There is no move to take back.

# Why a declaration fails (after rules-declaration).
declaration-no-king = you have no king on the board
declaration-king-outside-zone = your king is not in your promotion zone
declaration-in-check = you are in check
declaration-pieces-in-zone = you need at least {$needed} pieces besides the king in the zone, and have {$have}
declaration-points = you need {$needed} points and have {$have}
declaration-no-legal-move = you have no legal move

# /server-settings
error-reset-and-set = Give that setting a new value or reset it, not both.

# The game database cannot be reached (a server restarting, a full disk): what was saved.
error-database-down = The game database is not answering just now, so nothing was changed. Please try again in a minute.
error-database-partly = The game database stopped answering partway through, so only part of this may have been saved. Look again in a minute before trying again.
error-database-unknown = The game database stopped answering while saving this, and it could not tell whether it was saved. If it was, it is announced in the channel; look there in a minute before trying again.
database-not-confirmed = The game database is slow to confirm this, and it may already be saved. You will be told here whether it was.
autocomplete-database-down = The game database is not answering just now: type your move in full, or try again in a minute

## Where a game is played
error-your-game-in-thread = Your game here is played in its thread: {$threads}. Use the command there.
error-games-in-threads = No game is played in this channel itself; the games here are played in their threads: {$threads}. `/challenge` starts one.
