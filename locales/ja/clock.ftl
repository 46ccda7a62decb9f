# 通信対局の持ち時間: 休暇、考慮時間、サーバー設定、通知設定によるダイレクトメッセージ
# （手番の知らせ、1日1回のまとめ）。

## /vacation
vacation-started = 休暇を始めました。あなたの対局の持ち時間は {$until}（{$when}）まで止まります。今年の休暇は残り{$left}です。`/休暇 終了` で早めに終えると、残りの日数は戻ります。
vacation-ended = おかえりなさい。休暇が終わり、対局の持ち時間がふたたび進みます。今年の休暇は残り{$left}です。
vacation-game = 対局 #{$game}（{$channel}）
vacation-game-deadline = 対局 #{$game}（{$channel}）の手番の期限は {$when}
vacation-notice-started = {$title} · {$player}は {$until} まで休暇中です。そのあいだ全員の持ち時間が止まります。
vacation-notice-ended = {$title} · {$player}が休暇から戻りました。持ち時間がふたたび進みます。
vacation-notice-to-move = {$player}の手番で、期限は {$when} です。

## 考慮時間
deadline-with-bank = {$when}・考慮時間込み、残りの考慮時間は{$bank}
bank-empty = なし
challenge-per-move-bank = 一手{$time}、考慮時間{$bank}

## /server-settings
server-settings-head = **サーバー設定**（管理者が `/サーバー設定` で変更できます）
server-settings-changed = **サーバー設定を変更しました。** 現在の設定：
server-settings-weekend = 週末停止：{$value}
server-settings-weekend-on = あり（土曜 0:00 から月曜 0:00 まで持ち時間が止まります）
server-settings-weekend-off = なし
server-settings-time-zone = タイムゾーン：`{$zone}`
server-settings-vacation = 休暇日数：一人あたり年{$days}日
server-settings-language = チャンネルへの投稿の言語：{$value}
server-settings-language-discord = Discord でのサーバーの言語（{$value}）
server-settings-time-per-move = 対局申込で指定がないときの一手の持ち時間：{$value}
server-settings-time-per-move-default = {$time}（既定）
server-settings-no-clock = なし
server-settings-rated = 対局申込で指定がないときのレーティング対局：{$value}
server-settings-abort-role = どの対局でも中止できるロール（「メッセージの管理」の権限のほかに）：{$value}
server-settings-abort-role-none = なし
server-settings-threads = 対局ごとにスレッドを作る：{$value}
server-settings-yes = する
server-settings-no = しない
language-en = 英語
language-ja = 日本語
language-ko = 韓国語（한국어）

## /settings 通知
settings-notifications = 通知：{$value}
notifications-mention = 手番になったらチャンネルでメンション
notifications-dm = 手番になったらチャンネルでメンションし、盤面つきのダイレクトメッセージも送る
notifications-quiet = 通知なし：チャンネルの盤面でメンションしません（催促も同じ）
notifications-digest-at = 1日1回のまとめ：毎日 {$time}（次回 {$when}）に、手番の対局の一覧をダイレクトメッセージで送ります。チャンネルの盤面ではメンションしません
notifications-digest = 1日1回のまとめをダイレクトメッセージで

## 手番の知らせとまとめ
turn-dm = {$title}（{$channel}）であなたの手番です。
turn-dm-after = {$title}（{$channel}）で{$ply}手目 **{$played}** が指されました。あなたの手番です。
turn-dm-deadline = 期限は {$when} です。
turn-dm-link = [対局へ移動]({$link})
digest-head = **今日のまとめ**　あなたの手番の対局が{$count}局あります。
digest-game = {$title}（{$channel}）相手：{$opponents}、{$ply}手目
digest-board-link = [盤面]({$link})
