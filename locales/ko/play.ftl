# 대국 문구: 종류와 자리 이름, 수와 그 결과, 판, 제안, 결과, 대국 신청, 목록과 프로필.

## 이름

variant-standard = 쇼기
variant-yonin = 요닌쇼기
variant-yonin-doubles = 요닌쇼기 (복식)
variant-daidai = 다이다이쇼기
seat-black = 선수
seat-white = 후수
seat-south = 남
seat-west = 서
seat-north = 북
seat-east = 동
player = {$seat} {$who}
player-named = {$seat} ({$name})
player-unnamed = {$seat} (사용자 {$user})
nobody = 빈자리
game-title = **{$variant} #{$game}**
list-separator = {", "}
list-and = {$rest}, {$last}
moves-count = {$n}수
duration-days = {$n}일
duration-hours = {$n}시간
duration-minutes = {$n}분
duration-seconds = {$n}초
duration-separator = {" "}
duration-under-a-minute = 1분 미만
bad-duration = 한 수당 시간 {JOSA($text, "을")} 읽을 수 없습니다. `1d`, `3d`, `12h`, `30m`처럼 숫자와 단위(`d` = 일, `h` = 시간, `m` = 분)로 쓰거나, 시간 제한이 없으면 `none`이라고 쓰세요.

## 수와 그 결과 (채널)

event-move = {$ply}수째: {$player} {$played}
event-resigned = {$player} 님이 투료했습니다.
event-timeout = {$player} 님의 시간이 다 되었습니다.
event-declared = {$player} 님이 선언했습니다.
event-draw-agreed = {$offered} 님의 무승부 제안을 {$accepted} 님이 받아들였습니다.
event-aborted = {$who} 님이 대국을 중단했습니다.
event-aborted-moderator = {$who} 님이 관리자로서 대국을 중단했습니다.
event-takeback = {$player} 님의 요청으로 {JOSA($moves, "을")} 물렀습니다.
elimination-mate = 외통
elimination-no-move = 둘 수 없음
elimination-timeout = 시간 초과
elimination-resignation = 투료
eliminated = **{$player} 님 탈락** ({$why}).
eliminated-by = **{$player} 님 탈락** ({$by} 님에 의한 {$why}).
check-on = {$players} 님에게 **장군**!
check-priority = 장군을 받은 사람이 먼저 둡니다 (장군 우선).
your-move = {$player} 님의 차례입니다.
your-move-deadline = {$player} 님의 차례입니다 (마감 {$when}).
play-with-move = `/착수`로 두세요.
move-and-coordinate = {$played} (`{$coordinate}`)
move-and-forms = {$played} (`{$coordinate}`, {$japanese})

## 결과

reason-checkmate = 외통
reason-no-legal-move = 둘 수 없음
reason-resignation = 투료
reason-timeout = 시간 초과
reason-repetition = 천일수
reason-perpetual-check = 연속 장군 천일수
reason-declaration = 입옥 선언
reason-move-limit = 수 제한
reason-draw-agreed = 합의
reason-aborted = 중단
reason-last-survivor = 다른 모두의 탈락
reason-pair-eliminated = 상대 팀의 탈락
result-aborted = 대국이 중단되었습니다
result-draw-agreed = 합의에 의한 무승부
result-void = 무효 대국 ({$reason})
result-draw = 무승부 ({$reason})
result-wins = {$winners}{$count ->
   *[other] {""}
} 승리 ({$reason})
game-over = **종국**: {$result}.
game-over-unrated = 레이팅에 반영되지 않는 대국입니다.
game-over-no-result = 승패가 나지 않아 레이팅은 바뀌지 않습니다.
game-over-export = 기보는 `/기보`로 받을 수 있습니다.
place = {$place}위

## 판 (본인만)

board-head = {$title} · {$ply}수째 · {$players}
board-last-move = 마지막 수: {$played}.
board-check = {$players} 님에게 **장군**이 걸려 있습니다.
board-to-move = 차례: {$player} 님
board-to-move-deadline = 차례: {$player} 님 (마감 {$when})
board-seen-from = {$seat} 쪽에서 본 판입니다.

## 제안

offer-draw-standing = {$player} 님이 무승부를 제안합니다.
offer-takeback-standing = {$player} 님이 무르기를 요청합니다.
offer-draw-ask = {$players} 님, 아래 버튼으로 무승부를 받아들이거나 대국을 계속하세요.
offer-takeback-ask = {$players} 님, 아래 버튼으로 무르기를 허락하거나 거절하세요.
offer-draw-name = 무승부 제안
offer-takeback-name = 무르기 요청
offer-declined = {$by} 님이 {$player} 님의 {JOSA($offer, "을")} 거절했습니다. 대국은 계속됩니다.
offer-accepted-by = {$by} 님이 받아들였습니다.
offer-declined-by = {$by} 님이 거절했습니다.
offer-sent = {$game}에서 보낸 {JOSA($offer, "을")} 채널에 올렸습니다. 상대의 답을 기다려 주세요.
offer-lapsed = {$player} 님의 {JOSA($offer, "은")} 답을 받기 전에 대국이 진행되어 무효가 되었습니다.
reminder = 알림: {$player} 님의 차례입니다. 마감은 {$when}입니다.

## 수 (본인만)

no-move-matches = "{$typed}"에 맞는 합법수가 없습니다
choices-cut = {$matching}수 중 {$shown}수 표시 — 말이나 칸을 입력하면 좁혀집니다
button-promote = 승격
button-stay = 승격 안 함
promotion-question = 승격할까요? {$promote} 또는 {$stay} 중에서 고르세요. 고를 때까지 {$game}에서는 아무 수도 두지 않습니다.
change-move = 수를 두었습니다: {$played} ({$game}의 {$ply}수째).
change-resigned = {$game}에서 투료했습니다.
change-timeout = {$game}에서 {$player} 님의 시간이 다 되었습니다.
change-declared = {$game}에서 선언이 인정되었습니다.
change-draw = {$game}의 무승부 제안을 받아들였습니다.
change-aborted = {JOSA($game, "을")} 중단했습니다.
change-takeback = {$game}에서 무르기를 허락해 {JOSA($moves, "을")} 물렀습니다.

## 대국 신청

challenge-made-started = **{$variant}** 대국이 시작되었습니다. 첫 판을 채널에 올렸습니다.
challenge-made-posted = **대국 신청 #{$id}**{PARTICLE($id, "을")} 채널에 올렸습니다. 상대의 답을 기다려 주세요.
challenge-head = **대국 신청 #{$id}**: {$challenger} 님이 {$challenged} 님에게 **{$variant}** 대국을 신청했습니다.
challenge-per-move = 한 수당 {$time}
challenge-no-clock = 시간 제한 없음
challenge-rated = 레이팅 대국
challenge-unrated = 레이팅 미반영
challenge-seats-random = 자리는 추첨
challenge-seats-fixed = 자리: {$seats}
challenge-terms = {$rated}, {$clock}, {$seats}.
challenge-rules = 규칙: {$rules}.
challenge-waiting = {$players} 님의 수락을 기다립니다.
challenge-open-seats = 빈자리가 {$n}개 있어 누구나 참가할 수 있습니다.
challenge-expires = 이 신청은 {$when}에 만료됩니다.
challenge-accepted = 수락되어 대국이 시작되었습니다.
challenge-declined = {$players} 님이 거절했습니다.
challenge-cancelled = 신청자가 취소했습니다.
challenge-expired-state = 모두 모이기 전에 만료되었습니다.
challenge-anyone = 참가하는 {$n}명
seats-open = 빈자리 {$n}개
rule-hand-to-eliminator = 탈락한 사람의 지닌 말은 탈락시킨 사람에게 간다
rule-no-move-limit = 수 제한 없음
rule-move-limit = {$limit}수째에 종국
rule-no-declaration = 입옥 선언 없음
rule-resign-any-time = 언제든 투료 가능
rule-repetition-stands = 천일수여도 무효가 아님
rule-no-impasse = 입옥 선언 없음
rules-separator = {"; "}
challenge-expired = {$challenger} 님의 **대국 신청 #{$id}** (**{$variant}**)은(는) 모두 모이지 않아 만료되었습니다.
game-begins = {$title} 대국 시작: {$players}
game-pairs = 팀: {$pairs}
pairs-against = {" 대 "}

## 목록, 순위, 프로필

game-line = {$title} ({$channel}): {$players}, {$ply}수째
your-turn = **내 차례**
game-line-to-move = ; {$player} 차례
game-line-result = , {$result}
game-line-to-move-deadline = ; {$player} 차례, 마감 {$when}
and-more = … 외 {$n}국.
leaderboard-head = **{$variant} 순위** ({$page}쪽)
leaderboard-empty = 아직 레이팅 대국이 없습니다. `/대국신청`으로 시작하세요.
leaderboard-empty-page = 이 쪽에는 아직 레이팅 대국이 없습니다. `/대국신청`으로 시작하세요.
leaderboard-record = {$games}국 ({$wins}승 {$losses}패 {$draws}무)
leaderboard-provisional = "?"는 잠정 레이팅입니다 (아직 대국 수가 적음).
profile-head = **{$player} 님의 프로필**
profile-no-ratings = 이 서버에서 아직 레이팅 대국이 없습니다.
profile-rank = , 순위 {$rank}위
profile-provisional = ? (잠정)
profile-record = {$games}국 ({$wins}승 {$losses}패 {$draws}무)
profile-playing = **대국 중**
profile-recent = **최근 대국**
profile-computer-playing = **컴퓨터와 대국 중**
profile-computer-recent = **컴퓨터와의 최근 대국**

## 버튼과 답

button-my-view = 내 쪽에서 보기
button-resign = 투료
button-accept-draw = 무승부 수락
button-allow-takeback = 무르기 허락
button-decline = 거절
button-accept = 수락
button-accept-or-join = 수락 또는 참가
button-join = 참가
button-withdraw = 신청 취소
button-fill = 컴퓨터로 채우기
resign-confirm = **{$variant} #{$game}**에서 투료할까요? 투료하면 대국이 끝나며 되돌릴 수 없습니다.
resigned-game = 대국 #{$game}에서 투료했습니다.
you-declined-draw = 무승부 제안을 거절했습니다.
you-declined-takeback = 무르기 요청을 거절했습니다.
error-view-elsewhere = 대국 #{$game}{PARTICLE($game, "은")} {$channel}에서 진행 중입니다. 그곳의 "내 쪽에서 보기" 버튼을 쓰세요.
error-view-over = 대국 #{$game}{PARTICLE($game, "은")} 끝났습니다. 기보는 `/기보`로 받을 수 있습니다.
challenge-joined = **대국 신청 #{$id}**에 참가했습니다.
challenge-started = **대국 신청 #{$id}**{PARTICLE($id, "이")} 수락되어 **{$variant} #{$game}** 대국이 시작되었습니다.
challenge-you-declined = **대국 신청 #{$id}**{PARTICLE($id, "을")} 거절했습니다.
challenge-you-withdrew = **대국 신청 #{$id}**{PARTICLE($id, "을")} 취소했습니다.
time-per-move-default = 한 수당 {$time} (기본)
time-no-limit = 시간 제한 없음
games-head = **이 서버의 대국**
games-none = 진행 중인 대국이 없습니다. `/대국신청`으로 시작하세요.
games-yours-head = **이 서버에서 내 대국**
games-yours-none = 여기서 두고 있는 대국이 없습니다. `/대국신청`으로 시작하세요.
export-record = 대국 #{$game}의 기보 (`{$format}`)입니다.
link-board = 판

## 대국 스레드

thread-versus = {" 대 "}
thread-and = {", "}
thread-unnamed-player = 사용자 {$user}
thread-result = **{$variant} #{$game}** ({$thread}): {$result}.
thread-missing-permissions = 대국 스레드를 열려면 이 채널에서 {$permissions} 권한이 필요합니다{$count ->
   *[other] {""}
}. 이번 대국은 이 채널에서 진행합니다. 다음부터 스레드를 쓰려면 서버 관리자에게 권한을 받으세요.
thread-refused = 대국 스레드를 열려면 이 채널에서 {$permission} 권한이 필요합니다. Discord가 스레드를 열지 않아 대국은 이 채널에서 진행합니다. 다음부터 스레드를 쓰려면 서버 관리자에게 권한을 받으세요.
thread-already = 여기는 이미 스레드이므로 대국은 여기서 진행합니다.
thread-computers-only = 컴퓨터만 상대하는 대국은 스레드 없이 이 채널에서 바로 시작합니다.
thread-not-opened = Discord가 대국 스레드를 열지 않아 대국이 시작되지 않았습니다 (아무것도 바뀌지 않았습니다). 잠시 후 "수락"을 다시 누르세요.

## 다시보기

caption-start = 시작 국면
caption-move = {$ply}수째 {$played}
replay-shortened = 긴 대국이라 {$positions}개 국면 중 {$frames}개를 보여 줍니다 ({$every}국면마다).
replay-announced = {$title} · {$result}. {$seat} 쪽에서 본 대국 전체의 다시보기입니다.{$shortened} `/다시보기`로 한 수씩 볼 수 있습니다 (대국 #{$game}).
replay-not-drawn = {$title} · {$result}. 다시보기 그림을 만들지 못했습니다. `/기보`에서 형식으로 애니메이션을 고르면 다시 만듭니다 (대국 #{$game}).
replay-exported = 대국 #{$game}의 다시보기입니다 ({$positions}개 국면, {$seat} 쪽에서).{$shortened}
replay-exported-so-far = 대국 #{$game}의 지금까지의 다시보기입니다 ({$positions}개 국면, {$seat} 쪽에서).{$shortened}
button-my-seat = 내 쪽에서
button-first-seat = {$seat} 쪽에서
replay-at-start = 시작 국면
replay-after-move = {$ply}수째
replay-board-head = {$title} · 다시보기 {$position} / 전체 {$last}수 ({$seat} 쪽에서)
replay-still-played = 대국 중
replay-watching = 관전 중이므로 첫 자리 쪽에서 본 판입니다.
replay-no-moves = 아직 한 수도 두지 않았습니다.

## 설정

settings-head = **내 설정**
settings-saved = **저장했습니다.** 현재 설정:
settings-notation = 기보 표기: {$value}
settings-notation-default = 기보 표기: {$value} (언어 기본값)
settings-pieces = 말: {$value}
settings-pieces-default = 말: {$value} (기본값)
settings-how = `/설정`으로 바꿀 수 있습니다. 옵션은 각각 따로 저장됩니다.
notation-japanese = 일본식 (７六歩)
notation-western = 서양식 (`P-7f`)
notation-coordinate = 좌표 (`7g7f`)
pieces-kanji = 한자
pieces-international = 국제식 (글자와 움직임 표시)
permission-create-public-threads = 공개 스레드 만들기
permission-send-messages-in-threads = 스레드에서 메시지 보내기
