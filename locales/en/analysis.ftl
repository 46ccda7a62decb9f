# Charts and game analysis (src/discord/analysis.rs, lists.rs): the rating history drawn on
# /profile and /leaderboard, and the review of a finished game.

# The title of a player's rating chart on /profile: "Rating history · alice".
rating-chart-title = Rating history · {$player}
rating-chart-title-anonymous = Rating history
# What the shading of a rating chart means.
rating-chart-interval = Shaded: the rating ± twice its deviation (95% interval)
# The title of the leaderboard's chart: "Shogi: the top 10 over time".
rating-chart-top-title = {$variant}: the top {$n} over time
# A line of a chart in its legend: "Shogi 1620", "alice 1620".
rating-chart-legend = {$name} {$rating}

# The review of a finished game (src/discord/review.rs): /analyse, the Analyse button, the
# progress message and the review's post.
button-analyse = Analyse
# Answer to /analyse, privately: the review is queued; it shows its progress in a channel.
review-queued = Game #{$game} is queued for review ({$place ->
    [1] next in line
   *[other] number {$place} in line
}). Its progress and the result will be posted in {$channel}.
review-already-running = Game #{$game} is being analysed: move {$done} of {$total}. The result will be posted where it was asked for.
review-already-queued = Game #{$game} is already waiting to be analysed (number {$place} in line). The result will be posted where it was asked for.
# The progress message, edited as the review goes: title, move reached, a bar.
review-progress = {$title} · analysing move {$done} of {$total}
    {$bar}
review-progress-done = {$title} · analysed: {$total} moves
    {$bar}
review-failed = {$title} · the analysis failed. `/analyse game:{$game}` tries again.
review-title = {$title} · review
review-title-asked = {$title} · review, asked for by {$player}
# Under the review: what searched and how long per position.
review-search-time = {$engine}, {$ms} ms per position
review-search-nodes = {$engine}, {$nodes} nodes per position
review-engine-built-in = the built-in computer
# The graph's title: "Shogi #12 · 84 moves".
review-graph-title = {$title} #{$game} · {$moves ->
    [one] {$moves} move
   *[other] {$moves} moves
}
review-no-mistakes = No inaccuracy, mistake or blunder was found.
review-more = … and {$count} more, marked on the graph.
# A judged move: "23. ☗P-2d?? blunder · better ☗S-2d · +0.4 → -6.2" (scores in pawns, from the
# mover's side, before and after the move).
review-move-line = {$ply}. **{$played}{$sign}** {$judgement} · better {$best} · {$before} → {$after}
review-move-button = {$ply}. {$played}{$sign}
review-inaccuracy = inaccuracy
review-mistake = mistake
review-blunder = blunder
review-score-mate-for = mate
review-score-mate-against = mated
