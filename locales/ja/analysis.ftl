# グラフと対局の解析（src/discord/analysis.rs, lists.rs）

rating-chart-title = レーティング推移 · {$player}
rating-chart-title-anonymous = レーティング推移
rating-chart-interval = 網掛け: レーティング ± 偏差の2倍（95% 区間）
rating-chart-top-title = {$variant}: 上位{$n}人のレーティング推移
rating-chart-legend = {$name} {$rating}
