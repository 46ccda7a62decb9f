# 통신 대국의 시간: 휴가, 예비 시간, 서버 설정, 알림 설정에 따른 개인 메시지
# (차례 알림, 하루 한 번 요약).

## /vacation
vacation-started = 휴가가 시작되었습니다. {$until} ({$when})까지 대국 시간이 멈춥니다. 올해 남은 휴가는 {$left}입니다. `/휴가 종료`로 일찍 끝내면 남은 날은 돌려받습니다.
vacation-ended = 돌아오신 것을 환영합니다. 휴가가 끝나 대국 시간이 다시 흐릅니다. 올해 남은 휴가는 {$left}입니다.
vacation-game = 대국 #{$game} ({$channel})
vacation-game-deadline = 대국 #{$game} ({$channel}): 차례 마감 {$when}
vacation-notice-started = {$title} · {$player} 님이 {$until}까지 휴가 중입니다. 모두의 시간이 멈춥니다.
vacation-notice-ended = {$title} · {$player} 님이 휴가에서 돌아왔습니다. 시간이 다시 흐릅니다.
vacation-notice-to-move = {$player} 님의 차례이며, 마감은 {$when}입니다.

## 예비 시간
deadline-with-bank = {$when}, 예비 시간 포함: 남은 예비 시간 {$bank}
bank-empty = 없음
challenge-per-move-bank = 한 수당 {$time}, 예비 시간 {$bank}

## /server-settings
server-settings-head = **서버 설정** (관리자가 `/서버설정`으로 바꿉니다):
server-settings-changed = **서버 설정을 바꿨습니다.** 현재 설정:
server-settings-weekend = 주말 정지: {$value}
server-settings-weekend-on = 켜짐 (토요일 0:00부터 월요일 0:00까지 시간이 멈춤)
server-settings-weekend-off = 꺼짐
server-settings-time-zone = 시간대: `{$zone}`
server-settings-vacation = 휴가 일수: 한 사람당 1년에 {$days}일
server-settings-language = 채널 게시 언어: {$value}
server-settings-language-discord = Discord의 서버 언어 ({$value})
server-settings-time-per-move = 대국 신청에 정하지 않았을 때 한 수당 시간: {$value}
server-settings-time-per-move-default = {$time} (기본)
server-settings-no-clock = 제한 없음
server-settings-rated = 대국 신청에 정하지 않았을 때 레이팅 대국: {$value}
server-settings-abort-role = 어떤 대국이든 중단할 수 있는 역할 (메시지 관리 권한 외에): {$value}
server-settings-abort-role-none = 없음
server-settings-threads = 대국마다 스레드를 따로 엶: {$value}
server-settings-yes = 예
server-settings-no = 아니요
language-en = 영어
language-ja = 일본어 (日本語)
language-ko = 한국어

## /settings 알림
settings-notifications = 알림: {$value}
notifications-mention = 차례가 되면 채널에서 멘션
notifications-dm = 차례가 되면 채널에서 멘션하고 판 그림과 함께 개인 메시지도 보냄
notifications-quiet = 조용히: 채널의 판에서 멘션하지 않음 (알림도 마찬가지)
notifications-digest-at = 하루 한 번 요약: 매일 {$time} (다음은 {$when})에 내 차례인 대국 목록을 개인 메시지로 보냄. 채널의 판에서는 멘션하지 않음
notifications-digest = 하루 한 번 요약을 개인 메시지로

## 차례 알림과 요약
turn-dm = {$title} ({$channel}): 두실 차례입니다.
turn-dm-after = {$title} ({$channel}): {$ply}수째 **{$played}** 다음, 두실 차례입니다.
turn-dm-deadline = 마감 {$when}.
turn-dm-link = [대국으로 이동]({$link})
digest-head = **오늘의 요약**: 두실 차례인 대국이 {$count}개 있습니다.
digest-game = {$title} ({$channel}), 상대 {$opponents}, {$ply}수째
digest-board-link = [판]({$link})
