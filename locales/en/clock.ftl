# The correspondence clock: vacations, the time bank, server settings, and the direct
# messages of the notification settings (the turn message, the daily digest).

## /vacation
vacation-started = Your vacation has begun: your games' clocks wait until {$until} ({$when}). You have {$left} of vacation left this year; `/vacation end` ends it early and gives the rest back.
vacation-ended = Welcome back: your vacation is over and your games' clocks run again. You have {$left} of vacation left this year.
vacation-game = Game #{$game} in {$channel}
vacation-game-deadline = Game #{$game} in {$channel}: the turn now runs out {$when}
vacation-notice-started = {$title} · {$player} is on vacation until {$until}: the clock waits for everyone.
vacation-notice-ended = {$title} · {$player} is back from vacation: the clock runs again.
vacation-notice-to-move = {$player} to move; time runs out {$when}.

## The time bank
deadline-with-bank = {$when}, time bank included: {$bank} left in the bank
bank-empty = none
challenge-per-move-bank = {$time} per move and a time bank of {$bank}

## /server-settings
server-settings-head = **Server settings** (managers change them with `/server-settings`):
server-settings-changed = **Server settings changed.** They now are:
server-settings-weekend = Weekend pause: {$value}
server-settings-weekend-on = on: clocks stop from Saturday 00:00 to Monday 00:00
server-settings-weekend-off = off
server-settings-time-zone = Time zone: {$zone}
server-settings-vacation = Vacation allowance: {$days ->
    [one] {$days} day a year per player
   *[other] {$days} days a year per player
}
server-settings-language = Language of the channel posts: {$value}
server-settings-language-discord = the server's language in Discord ({$value})
server-settings-time-per-move = Time per move when a challenge does not say: {$value}
server-settings-time-per-move-default = {$time} (the default)
server-settings-no-clock = no limit
server-settings-rated = Games rated when a challenge does not say: {$value}
server-settings-abort-role = Role that may abort any game (besides Manage Messages): {$value}
server-settings-abort-role-none = none
server-settings-threads = Each game in a thread of its own: {$value}
server-settings-yes = yes
server-settings-no = no
language-en = English
language-ja = Japanese (日本語)
language-ko = Korean (한국어)

## /settings notifications
settings-notifications = Notifications: {$value}
notifications-mention = a mention in the channel when it is your turn
notifications-dm = a mention in the channel and a direct message with the board when it is your turn
notifications-quiet = quiet: the channel's boards do not mention you (reminders neither)
notifications-digest-at = a daily digest: one direct message every day at {$time} (the next {$when}) listing the games where it is your turn; the channel's boards do not mention you
notifications-digest = a daily digest by direct message

## The turn message and the digest
turn-dm = {$title} in {$channel}: your move.
turn-dm-after = {$title} in {$channel}: your move after **{$played}** (move {$ply}).
turn-dm-deadline = Time runs out {$when}.
turn-dm-link = [Go to the game]({$link})
digest-head = **Your daily digest**: it is your turn in {$count ->
    [one] {$count} game.
   *[other] {$count} games.
}
digest-game = {$title} in {$channel} against {$opponents}, move {$ply}
digest-board-link = [board]({$link})
