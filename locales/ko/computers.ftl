# 컴퓨터 대국자: 이름, 차례, 레이팅 대국 거절, 사람의 차례가 아닌 동안 둔 수,
# 끝난 대국을 한 수씩 보는 버튼, 4인 쇼기의 순위.

computer-in-seat = shogiban 레벨 {$level} ({$seat})
computer-name = shogiban 레벨 {$level}
computers-of-level = {$n ->
    [1] **shogiban 레벨 {$level}**
   *[other] **shogiban 레벨 {$level}** ×{$n}
}
computer-thinking = {$player}이(가) 생각하는 중입니다…
error-rated-with-computer = 컴퓨터와의 대국은 레이팅에 반영되지 않습니다. `레이팅`을 지정하지 말고 신청하거나, 레이팅 대국은 사람끼리 신청하세요.
place-finishes = {$place}위 ×{$n}
places-record = {$games}국 ({$places})
gathered-moves = {$first}~{$last}수째: {$moves}
gathered-move = {$seat}: {$played}
button-watch-replay = 한 수씩 보기
