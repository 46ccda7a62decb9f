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
