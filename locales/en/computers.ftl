# Computer players at the table (src/discord/format.rs, replay.rs, refusals.rs): their
# names, their turns, the refusal of a rated game with them, the moves they play while no
# person is to move, the button that steps through a finished game, and the places of
# four-player games, where computers often play.

# The computer to move: it has no deadline, it moves as soon as it has thought.
computer-thinking = {$player} is thinking…
error-rated-with-computer = Games with the computer are never rated: leave `rated` out, or challenge only people for a rated game.
