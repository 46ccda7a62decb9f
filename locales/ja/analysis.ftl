# グラフと対局の解析（src/discord/analysis.rs, lists.rs）

rating-chart-title = レーティング推移 · {$player}
rating-chart-title-anonymous = レーティング推移
rating-chart-interval = 網掛け: レーティング ± 偏差の2倍（95% 区間）
rating-chart-top-title = {$variant}: 上位{$n}人のレーティング推移
rating-chart-legend = {$name} {$rating}

# 終局後の解析（src/discord/review.rs）
button-analyse = 解析
review-queued = 対局 #{$game} を解析の順番待ちに入れました（{$place ->
    [1] 次に解析します
   *[other] {$place}番目です
}）。進み具合と結果は {$channel} に投稿します。
review-already-running = 対局 #{$game} は解析中です：{$total}手中{$done}手目。結果は依頼のあったチャンネルに投稿します。
review-already-queued = 対局 #{$game} はすでに解析の順番待ちです（{$place}番目）。結果は依頼のあったチャンネルに投稿します。
review-progress = {$title} · 解析中：{$total}手中{$done}手目
    {$bar}
review-progress-done = {$title} · 解析完了：{$total}手
    {$bar}
review-failed = {$title} · 解析に失敗しました。`/解析` でもう一度試せます（対局 #{$game}）。
review-title = {$title} · 解析
review-title-asked = {$title} · 解析（依頼：{$player}）
review-search-time = {$engine}、1局面{$ms}ミリ秒
review-search-nodes = {$engine}、1局面{$nodes}ノード
review-engine-built-in = 内蔵ソフト
review-graph-title = {$title} #{$game} · {$moves}手
review-no-mistakes = 疑問手・悪手・大悪手は見つかりませんでした。
review-more = …ほか{$count}手（グラフに印があります）。
review-move-line = {$ply}手目 **{$played}{$sign}** {$judgement} · 最善 {$best} · {$before} → {$after}
review-move-button = {$ply}手目 {$played}{$sign}
review-inaccuracy = 疑問手
review-mistake = 悪手
review-blunder = 大悪手
review-score-mate-for = 詰み
review-score-mate-against = 詰まされ
