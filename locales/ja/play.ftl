# 対局の文面: 種類と席の名前、指し手とその結果、盤面、提案、結果、対局申込、一覧とプロフィール。

## 名前

variant-standard = 将棋
variant-yonin = 四人将棋
variant-yonin-doubles = 四人将棋（ダブルス）
variant-daidai = 大大将棋
seat-black = 先手
seat-white = 後手
seat-south = 南
seat-west = 西
seat-north = 北
seat-east = 東
player = {$seat} {$who}
player-named = {$seat}（{$name}）
player-unnamed = {$seat}（ユーザー {$user}）
nobody = 空席
game-title = **{$variant} #{$game}**
list-separator = 、
list-and = {$rest}と{$last}
moves-count = {$n}手
duration-days = {$n}日
duration-hours = {$n}時間
duration-minutes = {$n}分
duration-seconds = {$n}秒
duration-separator = {""}
duration-under-a-minute = 1分未満
bad-duration = 一手の持ち時間 {$text} を読み取れませんでした。`1d`、`3d`、`12h`、`30m` のように数字と単位（`d` = 日、`h` = 時間、`m` = 分）で書くか、時間制限なしなら `none` と書いてください。

## 指し手とその結果（チャンネル向け）

event-move = {$ply}手目　{$player} {$played}
event-resigned = {$player}が投了しました。
event-timeout = {$player}の時間切れです。
event-declared = {$player}が宣言しました。
event-draw-agreed = {$offered}からの引き分けの申し出を{$accepted}が受けました。
event-aborted = {$who}が対局を中止しました。
event-aborted-moderator = {$who}がモデレーターとして対局を中止しました。
event-takeback = {$player}の待ったで{$moves}戻しました。
elimination-mate = 詰み
elimination-no-move = 指し手なし
elimination-timeout = 時間切れ
elimination-resignation = 投了
eliminated = **{$player}が脱落**（{$why}）。
eliminated-by = **{$player}が脱落**（{$by}による{$why}）。
check-on = {$players}に**王手**！
check-priority = 王手をかけられた人が先に指します（王手優先）。
your-move = {$player}の手番です。
your-move-deadline = {$player}の手番です（期限 {$when}）。
play-with-move = `/指す` で指してください。
move-and-coordinate = {$played}（`{$coordinate}`）
move-and-forms = {$played}（`{$coordinate}`、{$japanese}）

## 結果

reason-checkmate = 詰み
reason-no-legal-move = 指し手なし
reason-resignation = 投了
reason-timeout = 時間切れ
reason-repetition = 千日手
reason-perpetual-check = 連続王手の千日手
reason-declaration = 入玉宣言
reason-move-limit = 手数制限
reason-draw-agreed = 合意
reason-aborted = 中止
reason-last-survivor = ほか全員の脱落
reason-pair-eliminated = 相手ペアの脱落
result-aborted = 対局は中止されました
result-draw-agreed = 合意による引き分け
result-void = 無効局（{$reason}）
result-draw = 引き分け（{$reason}）
result-wins = {$winners}の勝ち{$count ->
   *[other] {""}
}（{$reason}）
game-over = **終局**　{$result}。
game-over-unrated = レーティング対象外の対局です。
game-over-no-result = 勝敗がつかなかったため、レーティングは変わりません。
game-over-export = 棋譜は `/棋譜` で出力できます。
place = {$place}位

## 盤面（本人のみ）

board-head = {$title} · {$ply}手目 · {$players}
board-last-move = 最終手：{$played}
board-check = {$players}に**王手**がかかっています。
board-to-move = 手番：{$player}
board-to-move-deadline = 手番：{$player}（期限 {$when}）
board-seen-from = {$seat}側から見た盤面です。

## 提案

offer-draw-standing = {$player}が引き分けを提案しています。
offer-takeback-standing = {$player}が待ったを申し出ています。
offer-draw-ask = {$players}は、下のボタンで引き分けを受けるか、対局を続けるかを選んでください。
offer-takeback-ask = {$players}は、下のボタンで待ったを認めるか断るかを選んでください。
offer-draw-name = 引き分けの提案
offer-takeback-name = 待ったの申し出
offer-declined = {$by}が{$player}の{$offer}を断りました。対局は続きます。
offer-accepted-by = {$by}が受けました。
offer-declined-by = {$by}が断りました。
offer-sent = {$game}での{$offer}をチャンネルに投稿しました。相手の返事をお待ちください。
offer-lapsed = {$player}の{$offer}は、返事の前に対局が進んだため無効になりました。
reminder = お知らせ：{$player}の手番です。期限は {$when} です。

## 指し手（本人のみ）

no-move-matches = 「{$typed}」に合う合法手はありません
choices-cut = {$matching}手中{$shown}手を表示 — 駒や升目を入力すると絞り込めます
button-promote = 成る
button-stay = 成らない
promotion-question = 成りますか？ {$promote} か {$stay} を選んでください。選ぶまで{$game}の手は指されません。
change-move = {$played}を指しました（{$game}の{$ply}手目）。
change-resigned = {$game}で投了しました。
change-timeout = {$game}で{$player}が時間切れになりました。
change-declared = {$game}での宣言が認められました。
change-draw = {$game}の引き分けの申し出を受けました。
change-aborted = {$game}を中止しました。
change-takeback = {$game}で待ったを認め、{$moves}戻しました。

## 対局申込

challenge-made-started = **{$variant}**の対局が始まりました。最初の盤面をチャンネルに投稿しました。
challenge-made-posted = **対局申込 #{$id}**をチャンネルに投稿しました。相手の返事をお待ちください。
challenge-head = **対局申込 #{$id}**　{$challenger}が{$challenged}に**{$variant}**の対局を申し込みました。
challenge-per-move = 一手{$time}
challenge-no-clock = 時間制限なし
challenge-rated = レーティング対局
challenge-unrated = レーティング対象外
challenge-seats-random = 席は抽選
challenge-seats-fixed = 席は{$seats}
challenge-terms = {$rated}、{$clock}、{$seats}。
challenge-rules = ルール：{$rules}。
challenge-waiting = {$players}の承諾を待っています。
challenge-open-seats = 空席が{$n}席あり、誰でも参加できます。
challenge-expires = この申込は {$when} に期限が切れます。
challenge-accepted = 承諾され、対局が始まりました。
challenge-declined = {$players}が断りました。
challenge-cancelled = 申込者が取り下げました。
challenge-expired-state = 全員がそろう前に期限切れになりました。
challenge-anyone = 参加者{$n}人
seats-open = 空席{$n}
rule-hand-to-eliminator = 脱落した人の持ち駒は倒した人のものになる
rule-no-move-limit = 手数制限なし
rule-move-limit = {$limit}手目で終局
rule-no-declaration = 入玉宣言なし
rule-resign-any-time = いつでも投了できる
rule-repetition-stands = 千日手でも無効にならない
rule-no-impasse = 入玉宣言なし
rules-separator = 、
challenge-expired = {$challenger}の**対局申込 #{$id}**（**{$variant}**）は、全員がそろわないまま期限切れになりました。
game-begins = {$title} 対局開始　{$players}
game-pairs = ペア：{$pairs}
pairs-against = {" 対 "}

## 一覧・ランキング・プロフィール

game-line = {$title}（{$channel}）　{$players}、{$ply}手目
your-turn = **あなたの手番**
game-line-to-move = 、手番は{$player}
game-line-result = 、{$result}
game-line-to-move-deadline = 、手番は{$player}、期限 {$when}
and-more = …ほか{$n}局。
leaderboard-head = **{$variant}のランキング**（{$page}ページ目）
leaderboard-empty = まだレーティング対局がありません。`/対局申込` で始めましょう。
leaderboard-empty-page = このページにはまだレーティング対局がありません。`/対局申込` で始めましょう。
leaderboard-record = {$games}局（{$wins}勝{$losses}敗{$draws}分）
leaderboard-provisional = 「?」は暫定のレーティングです（対局数がまだ少ないため）。
profile-head = **{$player}のプロフィール**
profile-no-ratings = このサーバーでのレーティング対局はまだありません。
profile-rank = 、ランキング{$rank}位
profile-provisional = ?（暫定）
profile-record = {$games}局（{$wins}勝{$losses}敗{$draws}分）
profile-playing = **対局中**
profile-recent = **最近の対局**
profile-computer-playing = **コンピュータと対局中**
profile-computer-recent = **コンピュータとの最近の対局**

## ボタンと返事

button-my-view = 自分側から見る
button-resign = 投了する
button-accept-draw = 引き分けを受ける
button-allow-takeback = 待ったを認める
button-decline = 断る
button-accept = 受ける
button-accept-or-join = 受ける・参加する
button-join = 参加する
button-withdraw = 取り下げる
button-fill = コンピュータで埋める
resign-confirm = **{$variant} #{$game}** を投了しますか？ 投了すると対局は終わり、取り消せません。
resigned-game = 対局 #{$game} を投了しました。
you-declined-draw = 引き分けの提案を断りました。
you-declined-takeback = 待ったの依頼を断りました。
error-view-elsewhere = 対局 #{$game} は {$channel} で指されています。そちらの「自分側から見る」ボタンを使ってください。
error-view-over = 対局 #{$game} は終わっています。棋譜は `/棋譜` で出力できます。
challenge-joined = **対局申込 #{$id}** に参加しました。
challenge-started = **対局申込 #{$id}** が承諾され、**{$variant} #{$game}** が始まりました。
challenge-you-declined = **対局申込 #{$id}** を断りました。
challenge-you-withdrew = **対局申込 #{$id}** を取り下げました。
time-per-move-default = 一手{$time}（既定）
time-no-limit = 時間制限なし
games-head = **このサーバーの対局**
games-none = 進行中の対局はありません。`/対局申込` で始められます。
games-yours-head = **このサーバーでのあなたの対局**
games-yours-none = このサーバーで対局中のものはありません。`/対局申込` で始められます。
export-record = 対局 #{$game} の棋譜（`{$format}`）です。
link-board = 盤面

## 対局スレッド

thread-versus = {" 対 "}
thread-and = 、
thread-unnamed-player = ユーザー {$user}
thread-result = **{$variant} #{$game}**（{$thread}）：{$result}。
thread-missing-permissions = 対局スレッドを作るには、このチャンネルで {$permissions} の権限が必要です{$count ->
   *[other] {""}
}。今回の対局はこのチャンネルで行います。次回からスレッドを使うには、サーバーの管理者に権限を付けてもらってください。
thread-refused = 対局スレッドを作るには、このチャンネルで {$permission} の権限が必要です。Discord にスレッドの作成を断られたため、対局はこのチャンネルで行います。次回からスレッドを使うには、サーバーの管理者に権限を付けてもらってください。
thread-already = ここはすでにスレッドなので、対局はここで行います。
thread-computers-only = コンピュータだけが相手の対局は、スレッドを作らずこのチャンネルですぐに始まります。
thread-not-opened = Discord が対局スレッドを作らなかったため、対局は始まっていません（何も変わっていません）。少ししてから、もう一度「受ける」を押してください。

## 再生

caption-start = 開始局面
caption-move = {$ply}手目 {$played}
replay-shortened = 長い対局なので、{$positions}局面のうち{$frames}局面を表示します（{$every}局面ごと）。
replay-announced = {$title} · {$result}。{$seat}側から見た全局の再生です。{$shortened} `/再生` で一手ずつ見られます（対局 #{$game}）。
replay-not-drawn = {$title} · {$result}。再生画像を作れませんでした。`/棋譜` で形式にアニメーションを選ぶと、もう一度作ります（対局 #{$game}）。
replay-exported = 対局 #{$game} の再生画像です（{$positions}局面、{$seat}側から）。{$shortened}
replay-exported-so-far = 対局 #{$game} のここまでの再生画像です（{$positions}局面、{$seat}側から）。{$shortened}
button-my-seat = 自分側から
button-first-seat = {$seat}側から
replay-at-start = 開始局面
replay-after-move = {$ply}手目
replay-board-head = {$title} · 再生 {$position}／全{$last}手（{$seat}側から）
replay-still-played = 対局中
replay-watching = 観戦中なので、最初の席の側から見た盤面です。
replay-no-moves = まだ一手も指されていません。

## 設定

settings-head = **あなたの設定**
settings-saved = **保存しました。** 現在の設定：
settings-notation = 棋譜の表記：{$value}
settings-notation-default = 棋譜の表記：{$value}（言語の既定）
settings-pieces = 駒：{$value}
settings-pieces-default = 駒：{$value}（既定）
settings-how = `/設定` で変更できます。オプションはそれぞれ別々に保存されます。
notation-japanese = 日本式（７六歩）
notation-western = 欧米式（`P-7f`）
notation-coordinate = 座標（`7g7f`）
pieces-kanji = 漢字
pieces-international = 国際式（文字と動きの印）
permission-create-public-threads = 公開スレッドの作成
permission-send-messages-in-threads = スレッドでメッセージを送信
