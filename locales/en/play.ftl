# Games as players read them: names of variants and seats, moves and what they did,
# boards, offers, results, challenges, lists and profiles (src/discord/format.rs).

## Names

variant-standard = Shogi
variant-yonin = Yonin shogi
variant-yonin-doubles = Yonin shogi (doubles)
variant-daidai = Dai dai shogi
seat-black = black
seat-white = white
seat-south = S
seat-west = W
seat-north = N
seat-east = E
# A seat and who sits there: "black <@1>".
player = {$seat} {$who}
# A seat and the player's name, in one-line results: "black (alice)".
player-named = {$seat} ({$name})
player-unnamed = {$seat} (user {$user})
nobody = nobody
game-title = **{$variant} #{$game}**
list-separator = {", "}
list-and = {$rest} and {$last}
moves-count = {$n ->
    [one] {$n} move
   *[other] {$n} moves
}
duration-days = {$n ->
    [one] {$n} day
   *[other] {$n} days
}
duration-hours = {$n ->
    [one] {$n} hour
   *[other] {$n} hours
}
duration-minutes = {$n ->
    [one] {$n} minute
   *[other] {$n} minutes
}
duration-seconds = {$n ->
    [one] {$n} second
   *[other] {$n} seconds
}
duration-separator = {" "}
duration-under-a-minute = less than a minute
bad-duration = I could not read the time per move {$text}. Write a number and a unit, such as `1d`, `3d`, `12h` or `30m` (d = days, h = hours, m = minutes), or `none` for no clock.

## A move and what it did, for the channel

event-move = move {$ply}: {$player} played {$played}
event-resigned = {$player} resigned.
event-timeout = {$player} ran out of time.
event-declared = {$player} declared the game over.
event-draw-agreed = {$accepted} accepted the draw offered by {$offered}.
event-aborted = {$who} aborted the game.
event-aborted-moderator = {$who} aborted the game as a moderator.
event-takeback = {$moves} taken back at the request of {$player}.
elimination-mate = checkmated
elimination-no-move = left without a legal move
elimination-timeout = out of time
elimination-resignation = resigned
eliminated = **{$player} is eliminated**: {$why}.
eliminated-by = **{$player} is eliminated**: {$why} by {$by}.
check-on = **Check** on {$players}!
check-priority = The checked player answers at once (check priority).
your-move = Your move, {$player}.
your-move-deadline = Your move, {$player} (time runs out {$when}).
play-with-move = Play with `/move`.
move-and-coordinate = {$played} (`{$coordinate}`)
move-and-forms = {$played} (`{$coordinate}`, {$japanese})

## Results

reason-checkmate = checkmate
reason-no-legal-move = no legal move
reason-resignation = resignation
reason-timeout = timeout
reason-repetition = fourfold repetition
reason-perpetual-check = perpetual check
reason-declaration = declaration
reason-move-limit = move limit
reason-draw-agreed = draw by agreement
reason-aborted = aborted
reason-last-survivor = last player standing
reason-pair-eliminated = a pair lost a player
result-aborted = the game was aborted
result-draw-agreed = drawn by agreement
result-void = the game is void ({$reason})
result-draw = draw ({$reason})
result-wins = {$winners} {$count ->
    [one] wins
   *[other] win
} ({$reason})
game-over = **Game over**: {$result}.
game-over-unrated = Unrated: ratings do not change.
game-over-no-result = No result: ratings do not change.
game-over-export = Use `/export` for the game record.
# A place in the final standings: "1."
place = {$place}.

## A board, privately

board-head = {$title} · move {$ply} · {$players}
board-last-move = Last move: {$played}.
board-check = **Check** on {$players}.
board-to-move = To move: {$player}.
board-to-move-deadline = To move: {$player} (time runs out {$when}).
board-seen-from = Seen from {$seat}.

## Offers

offer-draw-standing = {$player} offers a draw.
offer-takeback-standing = {$player} asks to take back a move.
offer-draw-ask = {$players}: accept the draw, or play on with the buttons below.
offer-takeback-ask = {$players}: allow the takeback, or refuse it with the buttons below.
offer-draw-name = draw offer
offer-takeback-name = takeback request
offer-declined = {$by} declined the {$offer} of {$player}. The game goes on.
offer-accepted-by = Accepted by {$by}.
offer-declined-by = Declined by {$by}.
offer-sent = Your {$offer} in {$game} is posted in the channel for your opponent to answer.
offer-lapsed = {$player}'s {$offer} lapsed: the game moved on before it was answered.
reminder = reminder: your move, {$player}. Time runs out {$when}.

## Moves, privately

no-move-matches = No legal move matches "{$typed}"
choices-cut = {$shown} of {$matching} — type a piece or square
button-promote = Promote
button-stay = Don't promote
promotion-question = Promote or not? {$promote} or {$stay}. Nothing is played in {$game} until you choose.
change-move = Your move {$played} was played: move {$ply} of {$game}.
change-resigned = You resigned {$game}.
change-timeout = {$player} ran out of time in {$game}.
change-declared = Your declaration in {$game} was accepted.
change-draw = You accepted the draw in {$game}.
change-aborted = You aborted {$game}.
change-takeback = You allowed the takeback in {$game}: {$moves} taken back.

## Challenges

challenge-made-started = Your **{$variant}** game begins: its first board is posted in the channel.
challenge-made-posted = Your **Challenge #{$id}** is posted in the channel for the players to answer.
challenge-head = **Challenge #{$id}**: {$challenger} challenges {$challenged} to **{$variant}**.
challenge-per-move = {$time} per move
challenge-no-clock = no time limit
challenge-rated = rated
challenge-unrated = unrated
challenge-seats-random = seats drawn at random
challenge-seats-fixed = seats: {$seats}
challenge-terms = {$rated}, {$clock}, {$seats}.
challenge-rules = Rules: {$rules}.
challenge-waiting = Waiting for {$players} to accept.
challenge-open-seats = {$n ->
    [one] {$n} seat
   *[other] {$n} seats
} open: anyone may join.
challenge-expires = The challenge expires {$when}.
challenge-accepted = Accepted: the game has begun.
challenge-declined = Declined by {$players}.
challenge-cancelled = Withdrawn by the challenger.
challenge-expired-state = Expired before everyone had joined.
challenge-anyone = {$n ->
    [one] anyone who joins
   *[other] {$n} players who join
}
seats-open = {$n ->
    [one] {$n} seat
   *[other] {$n} seats
} open
rule-hand-to-eliminator = an eliminated player's hand goes to the eliminator
rule-no-move-limit = no move limit
rule-move-limit = the game ends after move {$limit}
rule-no-declaration = no entering-king declaration
rule-resign-any-time = resignation allowed at any time
rule-repetition-stands = repetition does not void the game
rule-no-impasse = no impasse declaration
rules-separator = {"; "}
challenge-expired = **Challenge #{$id}** of {$challenger} to **{$variant}** has expired: not everyone joined in time.
game-begins = {$title} begins: {$players}.
game-pairs = Pairs: {$pairs}.
pairs-against = {" against "}

## Lists, leaderboards, profiles

game-line = {$title} in {$channel}: {$players}, move {$ply}
your-turn = **Your turn**
game-line-to-move = ; {$player} to move
game-line-result = , {$result}
game-line-to-move-deadline = ; {$player} to move, time runs out {$when}
and-more = … and {$n} more.
leaderboard-head = **{$variant} leaderboard**, page {$page}
leaderboard-empty = No rated games yet. Play one with `/challenge`.
leaderboard-empty-page = No rated games yet on this page. Play one with `/challenge`.
leaderboard-record = {$games ->
    [one] {$games} game
   *[other] {$games} games
} ({$wins}–{$losses}–{$draws})
leaderboard-provisional = ? provisional: few games yet.
profile-head = **Profile of {$player}**
profile-no-ratings = No rated games in this server yet.
profile-rank = , #{$rank} on the leaderboard
profile-provisional = ? (provisional)
profile-record = {$games ->
    [one] {$games} game
   *[other] {$games} games
} ({$wins} won, {$losses} lost, {$draws} drawn)
profile-playing = **Playing**
profile-recent = **Recent games**
profile-computer-playing = **Against the computer: playing**
profile-computer-recent = **Against the computer: recent games**

## Buttons and answers

button-my-view = My view
button-resign = Resign
button-accept-draw = Accept the draw
button-allow-takeback = Allow the takeback
button-decline = Decline
button-accept = Accept
button-accept-or-join = Accept or join
button-join = Join
button-withdraw = Withdraw
button-fill = Fill with computers
resign-confirm = Resign **{$variant} #{$game}**? This ends the game for you and cannot be undone.
resigned-game = You resigned game #{$game}.
you-declined-draw = You declined the draw offer.
you-declined-takeback = You declined the takeback request.
error-view-elsewhere = Game #{$game} is played in {$channel}: use its My view button there.
error-view-over = Game #{$game} is over. `/export` gives its record.
challenge-joined = You are in **Challenge #{$id}**.
challenge-started = **Challenge #{$id}** is accepted: **{$variant} #{$game}** begins.
challenge-you-declined = You declined **Challenge #{$id}**.
challenge-you-withdrew = You withdrew **Challenge #{$id}**.
time-per-move-default = {$time} per move (the default)
time-no-limit = No time limit
games-head = **Games in this server**
games-none = No game is going on. `/challenge` starts one.
games-yours-head = **Your games in this server**
games-yours-none = You are not playing any game here. `/challenge` starts one.
export-record = The record of game #{$game} ({$format}).
link-board = board

## Game threads

thread-versus = {" vs "}
thread-and = {" and "}
thread-unnamed-player = user {$user}
thread-result = **{$variant} #{$game}** in {$thread}: {$result}.
thread-missing-permissions = I cannot open a game thread here: I need the {$permissions} {$count ->
    [one] permission
   *[other] permissions
} in this channel. The game will be played in this channel; a server admin can grant {$count ->
    [one] it
   *[other] them
} for the next one.
thread-refused = I cannot open a game thread here: I need the {$permission} permission in this channel. Discord refused to open the thread, so the game is played in this channel; a server admin can grant it for the next one.
thread-already = This is a thread already: the game will be played right here.
thread-computers-only = A game against the computer alone starts at once in this channel, without a thread.
thread-not-opened = Discord did not open the game's thread, so the game has not started; nothing changed. Press Accept again in a moment.

## Replays

caption-start = Start
caption-move = Move {$ply}: {$played}
replay-shortened = It is long, so the replay shows {$frames} of its {$positions} positions (every {$every ->
    [1] 1st
    [2] 2nd
    [3] 3rd
    [21] 21st
    [22] 22nd
    [23] 23rd
    [31] 31st
    [32] 32nd
    [33] 33rd
   *[other] {$every}th
} position shown).
replay-announced = {$title} · the whole game, seen from {$seat}'s side: {$result}.{$shortened} `/replay game:{$game}` steps through it.
replay-not-drawn = {$title} · {$result}. The replay could not be drawn; `/export format:gif game:{$game}` tries again.
replay-exported = The replay of game #{$game} ({$positions} positions), seen from {$seat}'s side.{$shortened}
replay-exported-so-far = The replay of game #{$game} so far ({$positions} positions), seen from {$seat}'s side.{$shortened}
button-my-seat = From my seat
button-first-seat = From {$seat}'s seat
replay-at-start = the start
replay-after-move = after move {$ply}
replay-board-head = {$title} · replay, {$position} of {$last} (seen from {$seat}'s side)
replay-still-played = still being played
replay-watching = You are watching: the board is seen from the first seat.
replay-no-moves = No move has been played yet.

## Settings

settings-head = **Your settings**
settings-saved = **Saved.** Your settings now:
settings-notation = Move notation: {$value}
settings-notation-default = Move notation: {$value} (the default for your language)
settings-pieces = Pieces: {$value}
settings-pieces-default = Pieces: {$value} (the default)
settings-how = Change them with `/settings`; each option is saved on its own.
notation-japanese = Japanese (７六歩)
notation-western = Western (P-7f)
notation-coordinate = coordinate (7g7f)
pieces-kanji = kanji
pieces-international = international (letters and move marks)
# Discord's names of the permissions a game thread needs, as its settings show them.
permission-create-public-threads = Create Public Threads
permission-send-messages-in-threads = Send Messages in Threads
