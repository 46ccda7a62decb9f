# Computer players at the table (src/discord/format.rs, replay.rs, refusals.rs): their
# names, their turns, the refusal of a rated game with them, the moves they play while no
# person is to move, the button that steps through a finished game, and the places of
# four-player games, where computers often play.

# A computer in a seat, named with the seat so that the computers of one game are told
# apart: "shogiban · level 3 (E)".
computer-in-seat = shogiban · level {$level} ({$seat})
# A computer player by its level, where its seat is not at hand: "shogiban · level 2".
computer-name = shogiban · level {$level}
# Computers of one level named in a challenge, before their seats are drawn.
computers-of-level = {$n ->
    [1] **shogiban · level {$level}**
   *[other] **shogiban · level {$level}** ×{$n}
}
# The computer to move: it has no deadline, it moves as soon as it has thought.
computer-thinking = {$player} is thinking…
error-rated-with-computer = Games with the computer are never rated: leave `rated` out, or challenge only people for a rated game.
# How often a four-player game ended in a place for a player: "1st ×2".
place-finishes = {$place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] {$place}th
} ×{$n}
# A four-player record, where each game ends in a place: "3 games (1st ×1, 2nd ×2)".
places-record = {$games ->
    [one] {$games} game
   *[other] {$games} games
} ({$places})
# The moves played since a person's last turn in a four-player game with computers (where
# nothing is posted while no person is to move), in one post: "moves 5–7: W: P-4e, N: P-5d,
# E: Sx4c".
gathered-moves = moves {$first}–{$last}: {$moves}
gathered-move = {$seat}: {$played}
# The button under a finished game's replay: the game move by move, for the clicker alone.
button-watch-replay = Watch move by move
