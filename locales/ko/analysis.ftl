# 그래프와 대국 분석 (src/discord/analysis.rs, lists.rs)

rating-chart-title = 레이팅 변화 · {$player}
rating-chart-title-anonymous = 레이팅 변화
rating-chart-interval = 음영: 레이팅 ± 편차의 2배 (95% 구간)
rating-chart-top-title = {$variant}: 상위 {$n}명의 레이팅 변화
rating-chart-legend = {$name} {$rating}

# 종국 후 분석 (src/discord/review.rs)
button-analyse = 분석
review-queued = 대국 #{$game}{PARTICLE($game, "을")} 분석 대기열에 넣었습니다 ({$place ->
    [1] 다음 차례입니다
   *[other] {$place}번째입니다
}). 진행 상황과 결과는 {$channel}에 올립니다.
review-already-running = 대국 #{$game}{PARTICLE($game, "은")} 분석 중입니다: {$total}수 중 {$done}수째. 결과는 요청한 채널에 올립니다.
review-already-queued = 대국 #{$game}{PARTICLE($game, "은")} 이미 분석을 기다리고 있습니다 ({$place}번째). 결과는 요청한 채널에 올립니다.
review-progress = {$title} · 분석 중: {$total}수 중 {$done}수째
    {$bar}
review-progress-done = {$title} · 분석 완료: {$total}수
    {$bar}
review-failed = {$title} · 분석에 실패했습니다. `/분석`으로 다시 시도할 수 있습니다 (대국 #{$game}).
review-title = {$title} · 분석
review-title-asked = {$title} · 분석 (요청: {$player})
review-search-time = {$engine}, 국면당 {$ms}밀리초
review-search-nodes = {$engine}, 국면당 {$nodes}노드
review-engine-built-in = 내장 컴퓨터
review-graph-title = {$title} #{$game} · {$moves}수
review-no-mistakes = 의문수, 악수, 대악수를 찾지 못했습니다.
review-more = … 그 밖에 {$count}수 (그래프에 표시되어 있습니다).
review-move-line = {$ply}수째 **{$played}{$sign}** {$judgement} · 최선 {$best} · {$before} → {$after}
review-move-button = {$ply}수째 {$played}{$sign}
review-inaccuracy = 의문수
review-mistake = 악수
review-blunder = 대악수
review-score-mate-for = 외통
review-score-mate-against = 외통당함
