## The daily tsume (/puzzle): 詰将棋, a mate problem. Black (at the bottom) mates in the
## number of moves given, every move a check; White holds all the other pieces.

puzzle-daily = **{ $source ->
        [game] Daily tsume from game #{ $number }
       *[bank] Daily tsume #{ $number }
    }** ({ $day }): mate in { $length }. Black to move; every one of Black's moves must check, and White holds all the other pieces in hand. Solve it with `/puzzle answer`, one move at a time.
puzzle-today = **{ $source ->
        [game] Tsume from game #{ $number }
       *[bank] Tsume #{ $number }
    }** ({ $day }): mate in { $length }. Black to move; every one of Black's moves must check, and White holds all the other pieces in hand.
puzzle-first-move = Answer with `/puzzle answer`, one move at a time: the defence replies to each right move.
puzzle-so-far = Moves so far: { $moves } ({ $found } of { $total } of your moves found). Your move.
puzzle-right = { $mv } is right! White answers { $reply }. Your move ({ $found } of { $total } found).
puzzle-solved = { $mv } is mate! You solved today's tsume, a mate in { $length }. Streak: { $streak ->
        [one] 1 day
       *[other] { $streak } days
    }.
puzzle-not-check = { $mv } gives no check: in a tsume every one of Black's moves must check. Nothing was played; try another move.
puzzle-not-answer = { $mv } is a check, but it does not force mate: the king gets away. Nothing was played; try another move.
puzzle-already-solved = You have solved today's tsume. The next one comes tomorrow.
puzzle-gave-up-already = You gave today's tsume up. The next one comes tomorrow.
puzzle-answer = The answer of { $source ->
        [game] the tsume from game #{ $number }
       *[bank] tsume #{ $number }
    } (mate in { $length }): { $moves }
puzzle-yesterday = Yesterday's { $source ->
        [game] tsume from game #{ $number }
       *[bank] tsume #{ $number }
    } ({ $day }, mate in { $length }): { $moves }
puzzle-leaderboard-title = **Tsume solvers of this server**
puzzle-leaderboard-empty = No one has solved a tsume here yet.
puzzle-leaderboard-line = { $rank }. { $player }: { $solved } solved, streak { $streak ->
        [one] 1 day
       *[other] { $streak } days
    }
settings-puzzle-channel = Daily tsume: posted in { $channel } at { $hour }:00.
settings-puzzle-none = Daily tsume: not posted (set `puzzle_channel`).
