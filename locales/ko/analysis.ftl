# 그래프와 대국 분석 (src/discord/analysis.rs, lists.rs)

rating-chart-title = 레이팅 변화 · {$player}
rating-chart-title-anonymous = 레이팅 변화
rating-chart-interval = 음영: 레이팅 ± 편차의 2배 (95% 구간)
rating-chart-top-title = {$variant}: 상위 {$n}명의 레이팅 변화
rating-chart-legend = {$name} {$rating}
