# The words drawn on board images and replays (src/discord/format_board.rs): the tags
# beside the players' names, and how a finished game ended for each of them.

badge-to-move = to move
badge-check = check
badge-out = out
verdict-winner = winner
verdict-draw = draw
# A place in yonin's final standings: "2nd".
verdict-place = {$place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] {$place}th
}
verdict-checkmated = checkmated
verdict-no-legal-move = no legal move
verdict-resigned = resigned
verdict-timeout = out of time
verdict-perpetual-check = perpetual check
verdict-declaration = lost to a declaration
verdict-lost = lost
# The note of a replay too long to show every position.
replay-every = every {$every ->
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
} position shown
