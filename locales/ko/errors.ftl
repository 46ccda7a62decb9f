# 거절과 실패. 원인이 된 본인에게만 알립니다.

## 대국

error-no-game-here = 이 채널에서 진행 중인 대국이 없습니다. 대국 신청으로 시작하세요.
error-your-game-ended = 대국 #{$game}{PARTICLE($game, "은")} 끝났습니다. 결과: {$result}. 새 대국은 `/대국신청`으로 시작합니다.
error-game-not-found = 대국 #{$game}{PARTICLE($game, "이")} 없습니다.
error-game-over = 대국 #{$game}{PARTICLE($game, "은")} 이미 끝났습니다.
error-not-a-player = 이 대국의 대국자가 아닙니다.
error-not-your-turn = 지금은 내 차례가 아닙니다. {$player} 님의 차례입니다.
error-eliminated = 이 대국에서 탈락했습니다.
error-nothing-to-resign = 이미 탈락했으므로 투료할 것이 없습니다. 대국이 끝날 때까지 여기서 관전할 수 있습니다.
error-resignation-needs-two = 이 대국의 규칙에서는 3명 이상 남아 있는 동안 투료할 수 없습니다 (지금 {$alive}명). 2명만 남으면 투료할 수 있으니 계속 두세요.
error-too-late-to-abort = 모두가 두었으므로 더 이상 대국을 중단할 수 없습니다. 투료하거나, 무승부를 제안하거나, 관리자에게 부탁하세요.
error-draws-two-players = 합의 무승부는 2인 대국에서만 됩니다.
error-takebacks-two-players = 무르기는 2인 대국에서만 됩니다.
error-already-offered = 이미 무승부를 제안했습니다. 상대의 답을 기다리세요.
error-takeback-pending-yours = 이미 무르기를 요청했습니다. 먼저 답을 기다리세요.
error-takeback-pending = {$player} 님이 무르기를 요청했습니다. 먼저 그 요청에 답하세요.
error-no-offer-to-answer = 답할 {JOSA($offer, "이")} 없습니다.
error-offer-lapsed = {$player} 님의 {JOSA($offer, "은")} 대국이 진행되어 무효가 되었습니다. 지금 답할 것이 없습니다.
error-own-offer = 그 {JOSA($offer, "은")} 내가 한 것입니다. 상대가 답해야 합니다.
error-nothing-to-take-back = 무를 수 있는 내 수가 없습니다.
error-moved-on = 질문을 받은 뒤 대국 #{$game}{PARTICLE($game, "이")} 진행되어 ({$since}) 아무 수도 두지 않았습니다. 판을 보고 `/착수`를 다시 사용하세요.
error-moves-since = 그 뒤로 {$n}수가 두어졌습니다
error-takeback-since = 그 뒤로 무르기가 있었습니다
error-raced = 처리하는 동안 대국이 바뀌었습니다 (누군가 먼저 두었습니다). 아무것도 하지 않았습니다. 대국을 확인하고 다시 하세요.
error-channel-busy = 이 채널에서는 이미 대국이 진행 중입니다. 먼저 끝내거나 다른 채널이나 스레드에서 두세요.
error-challenge-not-found = 대국 신청 #{$id}{PARTICLE($id, "이")} 없습니다.
error-challenge-closed = 대국 신청 #{$id}{PARTICLE($id, "은")} {$status} 더 이상 답할 수 없습니다.
challenge-status-open = 열려 있어
challenge-status-accepted = 수락되어
challenge-status-declined = 거절되어
challenge-status-cancelled = 취소되어
challenge-status-expired = 만료되어
error-challenge-expired = 대국 신청 #{$id}{PARTICLE($id, "이")} 만료되었습니다. 두고 싶다면 새로 신청하세요.
error-not-invited = 대국 신청 #{$id}{PARTICLE($id, "은")} 나에게 온 신청이 아닙니다. 초대받지 않았고 빈자리도 없습니다.
error-challenge-full = 대국 신청 #{$id}의 자리가 모두 찼습니다.
error-own-challenge = 대국 신청 #{$id}{PARTICLE($id, "은")} 내 신청입니다. 다른 사람의 답을 기다리거나 취소하세요.
error-not-challenger = 대국 신청 #{$id}{PARTICLE($id, "은")} 신청한 사람만 취소할 수 있습니다.
error-replay = 대국 #{$game}의 다시보기를 만들 수 없습니다. 이유: {$reason}
error-storage = 대국 데이터베이스에 오류가 났습니다 ({$detail}). 다시 시도하세요. 계속되면 서버 관리자에게 알리세요.
error-corrupt = 저장된 데이터를 읽을 수 없습니다 ({$detail}). 망가진 대국은 관리자가 중단할 수 있습니다. 서버 관리자에게 알리세요.

## 규칙

rules-game-over = 대국이 끝났습니다
rules-not-your-turn = 내 차례가 아닙니다
rules-declaration = 선언 조건을 채우지 못했습니다. {$reason}
parse-syntax = "{$text}"{PARTICLE($text, "은")} 읽을 수 없는 수입니다 (예: {$examples})
parse-illegal = "{$text}"에 맞는 합법수가 없습니다. {$reason}
parse-ambiguous = "{$text}"{PARTICLE($text, "으로")}는 수가 하나로 정해지지 않습니다. {$candidates} 중에서 골라 쓰세요
parse-no-such-move = "{$text}"에 맞는 합법수가 없습니다
parse-or = {", "}
parse-same-without-previous = "{$text}"의 同은 직전 수가 간 칸을 가리키는데, 아직 둔 수가 없습니다
illegal-game-over = 대국이 끝났습니다
illegal-no-piece = {$square}에 말이 없습니다
illegal-not-your-piece = {$square}의 말은 내 말이 아닙니다
illegal-cannot-reach = {$from}의 {JOSA($piece, "은")} {JOSA($to, "으로")} 갈 수 없습니다
illegal-blocked = {$from}에서 {JOSA($to, "으로")} 가는 길이 막혀 있습니다
illegal-own-piece = {$square}에 내 말이 있습니다
illegal-partner-piece = {$square}에 같은 편의 말이 있어 잡을 수 없습니다
illegal-capture-king = {$square}의 왕장은 잡을 수 없습니다
illegal-not-in-hand = 지닌 말에 {JOSA($piece, "이")} 없습니다
illegal-drop-occupied = 말은 빈칸에만 놓을 수 있는데 {JOSA($square, "은")} 차 있습니다
illegal-nifu = 니후(二歩): 그 줄에는 이미 승격하지 않은 보병이 있습니다
illegal-uchifuzume = 우치후즈메(打ち歩詰め): 보병을 놓아 외통을 만들 수는 없습니다
illegal-pawn-before-dead-king = 탈락한 사람의 왕장 바로 앞에는 보병을 놓을 수 없습니다
illegal-dead-piece = {$square}의 {JOSA($piece, "은")} 다시 움직일 수 없으므로 그곳에서는 승격해야 합니다 (놓을 수도 없습니다)
illegal-cannot-promote = {JOSA($piece, "은")} 승격할 수 없습니다
illegal-outside-zone = 승격하려면 적진에서 시작하거나 끝나는 수여야 합니다
illegal-self-check = 이 수를 두면 내 왕장이 장군을 받는 상태로 남습니다
illegal-perpetual-check = 연속 장군 천일수: 이 장군으로 같은 국면이 네 번째가 되므로 다른 수를 두세요
illegal-no-drops = 이 종류에서는 말을 놓을 수 없습니다
illegal-off-board = 그 칸은 판 위에 없습니다
illegal-cannot-drop = {JOSA($piece, "은")} 놓을 수 없습니다
illegal-no-piece-of-kind = 판 위에 내 {JOSA($piece, "이")} 없습니다
illegal-no-such-piece = 판 위에 그런 말이 없습니다
illegal-other-piece = {$square}의 말은 {$piece}입니다
illegal-wrong-seat = 지금은 {$to_move} 차례이고, {$named} 차례가 아닙니다
illegal-must-deviate = 이 수로 같은 국면이 네 번째가 됩니다. {$culprit ->
    [check] 순환의 모든 수에서 장군을 건 쪽이
    [attack] 순환의 모든 수에서 공격한 쪽이
   *[passes] 패스를 시작한 쪽이
} 다른 수를 두어야 합니다
illegal-no-movement = 수는 어딘가로 움직여야 합니다 (패스는 빈칸으로 갔다가 돌아오는 수입니다)
illegal-pass-in-check = 장군을 받고 있을 때는 패스할 수 없습니다
illegal-pass-written-as = 이 패스는 {JOSA($written, "으로")} 씁니다
illegal-cannot-pass = {JOSA($piece, "은")} 여기서 패스할 수 없습니다
illegal-must-promote = {JOSA($piece, "은")} 처음 말을 잡을 때 승격하므로 이 수는 승격해야 합니다
illegal-does-not-promote = {JOSA($piece, "은")} 이 수로 승격하지 않습니다
illegal-no-igui = {JOSA($piece, "은")} 움직이지 않고 {$square}의 말을 잡을 수 없습니다
illegal-wrong-path = {JOSA($piece, "은")} 그 경로로 {$from}에서 {JOSA($to, "으로")} 갈 수 없습니다
illegal-already-there = {JOSA($piece, "은")} 이미 {$square}에 있습니다

## 명령과 버튼

error-something-went-wrong = 이쪽에서 문제가 생겼습니다. 다시 시도하세요.
error-unknown-command = 이 명령은 더 이상 없습니다. `/`를 입력하면 지금 명령이 보입니다.
error-option-unreadable = 옵션을 읽을 수 없습니다 ({$detail}). 확인하고 다시 하세요.
error-option-mismatch = 이 명령의 옵션 중 받을 수 없는 것이 있습니다 (범위를 벗어난 값이거나 옛 형태의 명령). 옵션을 확인하고 다시 하세요.
error-cooldown = 이 명령을 다시 쓰려면 {$seconds}초 기다리세요.
error-bot-permissions = 이 채널에서 다음 권한이 필요합니다: {$permissions}.
error-user-permissions = 이 명령에 필요한 권한이 없습니다.
error-user-permissions-missing = 이 명령에 필요한 권한이 없습니다: {$permissions}.
error-guild-only = 이 명령은 서버에서만 쓸 수 있습니다.
error-dm-only = 이 명령은 개인 메시지에서만 쓸 수 있습니다.
error-not-here = 여기서는 이 명령을 쓸 수 없습니다.
error-only-in-servers = 대국은 서버에서 합니다. 서버 채널에서 사용하세요.
error-no-game-of-yours-here = 이 채널에 진행 중인 내 대국이 없습니다. `/대국목록`은 진행 중인 대국을 보여 주고, `/대국신청`은 새 대국을 시작합니다.
error-button-other-game = 이 버튼은 대국 #{$game}의 것인데, 그 대국은 끝났거나 내 대국이 아닙니다.
error-button-gone = 이 버튼은 더 이상 작동하지 않습니다: 대상이 끝났거나 바뀌었습니다. `/도움말`에서 지금 할 수 있는 것을 보세요.
error-button-gone-plain = 이 버튼은 더 이상 작동하지 않습니다.
error-button-gone-move = 이 버튼은 더 이상 작동하지 않습니다. `/착수`를 다시 사용하세요.
error-button-gone-resign = 이 버튼은 더 이상 작동하지 않습니다. `/투료`를 다시 사용하세요.
error-button-gone-board = 이 버튼은 더 이상 작동하지 않습니다. `/판보기`를 사용하세요.
error-button-gone-replay = 이 버튼은 더 이상 작동하지 않습니다. `/다시보기`를 다시 사용하세요.
error-button-gone-challenge = 이 버튼은 더 이상 작동하지 않습니다. 새로 대국을 신청하세요.
error-button-no-challenge = 이 버튼은 더 이상 작동하지 않습니다: 대국 신청 #{$id}{PARTICLE($id, "이")} 없습니다.
error-challenge-other-channel = 이 버튼은 다른 채널의 대국 신청에 속합니다. 그곳에서 사용하세요.
error-help-page-gone = 그 도움말 쪽은 더 이상 없습니다. `/도움말`을 다시 사용하세요.
error-cannot-resign-here = 이 대국은 여기서 투료할 수 없습니다.
error-computer-levels = 컴퓨터 레벨은 1~8입니다.
error-too-many-computers = {JOSA($variant, "은")} {$seats}명이 두는 쇼기입니다. 컴퓨터 {$computers}명을 넣으면 상대는 {$room}명까지 더 넣을 수 있습니다.
error-bot-opponent = {JOSA($name, "은")} 봇이라 대국할 수 없습니다. 사람을 지정하거나, 이 봇(컴퓨터)을 지정하거나, 상대를 비워 누구나 참가하게 하세요.
error-yonin-rules-not-yonin = 요닌쇼기 규칙은 요닌쇼기에서만 쓰며, {$variant}에는 쓸 수 없습니다. `요닌쇼기규칙` 옵션을 빼세요.

## 통신 대국의 시간
error-on-vacation = 이미 {$until}까지 휴가 중입니다. 먼저 `/휴가 종료`로 휴가를 끝내세요.
error-not-on-vacation = 휴가 중이 아닙니다.
error-vacation-allowance = 올해 남은 휴가는 {$left}일입니다 (이 서버에서는 1년에 {$allowance}일까지). {$asked}일은 쓸 수 없습니다.
error-unknown-time-zone = `{$name}` 시간대는 없습니다. `Asia/Seoul`, `Europe/Paris`, `America/New_York` 같은 시간대 이름을 쓰세요.
error-bank-without-clock = 예비 시간은 한 수당 시간에 더해지는 것입니다. 시간 제한을 정하거나 예비 시간을 빼세요.
error-time-per-move-range = 한 수당 시간은 {$min}부터 {$max}까지입니다.
error-bank-range = 예비 시간은 1초부터 {$max}까지입니다.
error-vacation-days-range = 휴가 일수는 1년에 0일부터 {$max}일까지입니다.
error-too-many-opponents = {JOSA($variant, "은")} {$seats}명이 두는 쇼기입니다. 상대는 {$most}명까지 지정하세요.
error-challenge-yourself = 자기 자신에게 대국을 신청할 수 없습니다.
error-opponent-twice = 같은 상대는 한 번만 지정하세요.

# /대국신청 의 자리 지정.
error-seats-for-variant = {$variant}의 자리는 {$seats}개입니다 ({$names}). 자리마다 한 명씩, 또는 빈자리를 지정하세요.
error-seatless-player = 신청한 대국자 모두에게 자리를 지정하세요.
error-one-seat-each = 한 사람은 한 자리에만 앉을 수 있습니다.
error-seat-for-stranger = 자리는 신청한 사람과 지명한 상대에게만 지정할 수 있습니다.
error-vacation-too-short = 휴가는 하루 이상입니다.
error-replay-no-such-move = 대국 #{$game}{PARTICLE($game, "은")} 아직 {$last}수입니다. 0(시작 국면)부터 {$last}까지의 수를 고르세요.
error-replay-no-such-seat = {$variant}의 자리는 {$seats}개입니다 ({$names}).
error-record-wrong-variant = `{$format}` 기보는 쇼기 전용입니다. {$variant}에는 텍스트 기보를 쓰세요.
error-record-kif = `KIF` 기보의 {$line}번째 줄을 읽을 수 없습니다. 이유: {$reason}
error-computer-game-over = 대국이 끝나서 컴퓨터가 둘 수가 없습니다.
error-computer-no-move = 컴퓨터가 둘 수 있는 합법수가 없습니다.

# 착수 외에 대국 규칙이 허용하지 않는 것.
refusal-impasse-declarations-off = 이 대국에서는 지쇼기 선언을 할 수 없습니다.
refusal-entering-king-declarations-off = 이 대국에서는 입옥 선언을 할 수 없습니다.
refusal-declaration-too-early = 입옥 선언은 {$after}수째 이후에 할 수 있습니다.
refusal-no-declaration = 이 쇼기에는 선언이 없습니다.
refusal-not-four-players = 요닌쇼기 대국이 아닙니다.
refusal-already-out = {JOSA($seat, "은")} 이미 탈락했습니다.
refusal-nothing-to-take-back = 무를 수 있는 수가 없습니다.

# 선언이 인정되지 않는 이유 (rules-declaration 뒤).
declaration-no-king = 판 위에 왕장이 없습니다
declaration-king-outside-zone = 왕장이 적진에 들어가지 않았습니다
declaration-in-check = 장군을 받고 있습니다
declaration-pieces-in-zone = 적진에 왕장 외의 말이 {$needed}개 이상 있어야 하는데 {$have}개입니다
declaration-points = {$needed}점이 필요한데 {$have}점입니다
declaration-no-legal-move = 둘 수 있는 수가 없습니다

# /서버설정
error-reset-and-set = 그 설정은 새 값을 정하거나 초기화하거나 둘 중 하나만 하세요.

# The game database cannot be reached (a server restarting, a full disk): what was saved.
error-database-down = 지금 게임 데이터베이스가 응답하지 않아 아무것도 바꾸지 않았습니다. 1분쯤 뒤에 다시 하세요.
error-database-partly = 게임 데이터베이스가 도중에 응답하지 않아 일부만 저장되었을 수 있습니다. 1분쯤 뒤에 상황을 확인하고 다시 하세요.
error-database-unknown = 저장하는 도중에 게임 데이터베이스가 응답하지 않아 저장되었는지 확인할 수 없었습니다. 저장되었다면 채널에 알려집니다. 1분쯤 뒤에 채널을 확인하고 다시 하세요.
database-not-confirmed = 게임 데이터베이스의 확인이 늦어지고 있습니다. 이미 저장되었을 수도 있습니다. 저장되었는지는 여기서 알려 드립니다.
autocomplete-database-down = 지금 게임 데이터베이스가 응답하지 않습니다. 수를 전부 입력하거나 1분쯤 뒤에 다시 하세요

## 대국 장소
error-your-game-in-thread = 내 대국은 스레드 {$threads}에서 두고 있습니다. 명령어는 그곳에서 사용하세요.
error-games-in-threads = 이 채널에서는 대국을 두지 않습니다. 대국은 각자의 스레드에서 둡니다 ({$threads}). 새 대국은 `/대국신청`으로 시작합니다.
