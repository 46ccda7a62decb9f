# 断りと失敗。原因となった本人にだけ伝えます。

## 対局

error-no-game-here = このチャンネルで進行中の対局はありません。対局申込で始めてください。
error-your-game-ended = あなたの対局 #{$game} は終局しています（{$result}）。新しい対局は `/対局申込` で始められます。
error-game-not-found = 対局 #{$game} はありません。
error-game-over = 対局 #{$game} はすでに終わっています。
error-not-a-player = あなたはこの対局の対局者ではありません。
error-not-your-turn = あなたの手番ではありません。いまは{$player}の手番です。
error-eliminated = あなたはこの対局から脱落しています。
error-nothing-to-resign = あなたはすでに脱落しているので、投了するものはありません。対局の最後までここで観戦できます。
error-resignation-needs-two = この対局のルールでは、3人以上が残っている間は投了できません（いま{$alive}人）。残りが2人になれば投了できるので、指し続けてください。
error-too-late-to-abort = 全員が指したので、もう対局を中止できません。投了するか、引き分けを提案するか、モデレーターに頼んでください。
error-draws-two-players = 合意による引き分けは2人の対局でだけできます。
error-takebacks-two-players = 待ったは2人の対局でだけできます。
error-already-offered = すでに引き分けを申し出ています。相手の返事をお待ちください。
error-takeback-pending-yours = すでに待ったを申し出ています。先にその返事をお待ちください。
error-takeback-pending = {$player}が待ったを申し出ています。先にそれに答えてください。
error-no-offer-to-answer = 答えるべき{$offer}はありません。
error-offer-lapsed = {$player}の{$offer}は対局が進んだため無効になりました。いま答えるものはありません。
error-own-offer = その{$offer}はあなたが出したものです。答えるのは相手です。
error-nothing-to-take-back = 戻せるあなたの指し手がありません。
error-moved-on = 尋ねた後に対局 #{$game} が進んだため（{$since}）、何も指されませんでした。盤面を見て、もう一度 `/指す` を使ってください。
error-moves-since = その後{$n}手指されました
error-takeback-since = その後待ったがありました
error-raced = 処理の途中で対局が変わったため（誰かが先に指しました）、何もしませんでした。対局を確認して、もう一度どうぞ。
error-channel-busy = このチャンネルではすでに対局が進行中です。それを終えるか、別のチャンネルかスレッドで対局してください。
error-challenge-not-found = 対局申込 #{$id} はありません。
error-challenge-closed = 対局申込 #{$id} は{$status}ため、もう答えられません。
challenge-status-open = 受付中の
challenge-status-accepted = 承諾された
challenge-status-declined = 断られた
challenge-status-cancelled = 取り下げられた
challenge-status-expired = 期限切れになった
error-challenge-expired = 対局申込 #{$id} は期限切れです。対局したい場合は新しく申し込んでください。
error-not-invited = 対局申込 #{$id} はあなた宛てではありません（招待されておらず、空席もありません）。
error-challenge-full = 対局申込 #{$id} の席はすべて埋まっています。
error-own-challenge = 対局申込 #{$id} はあなたの申込です。ほかの人の返事を待つか、取り下げてください。
error-not-challenger = 対局申込 #{$id} を取り下げられるのは申し込んだ人だけです。
error-replay = 対局 #{$game} の再生を作れませんでした（{$reason}）。
error-storage = 対局のデータベースでエラーが起きました（{$detail}）。もう一度試してください。続くようならサーバーの管理者に知らせてください。
error-corrupt = 保存されたデータを読み戻せません（{$detail}）。壊れた対局はモデレーターが中止できます。サーバーの管理者に知らせてください。

## ルール

rules-game-over = 対局は終わっています
rules-not-your-turn = あなたの手番ではありません
rules-declaration = 宣言の条件を満たしていません（{$reason}）
parse-syntax = 「{$text}」は指し手として読めません（例：{$examples}）
parse-illegal = 「{$text}」は指せません。{$reason}
parse-ambiguous = 「{$text}」では手が一つに決まりません。{$candidates}のどれかを指定してください
parse-no-such-move = 「{$text}」に当たる指し手はありません
parse-or = 、
parse-same-without-previous = 「{$text}」の「同」は直前の指し手が動いた升目のことですが、まだ一手も指されていません
illegal-game-over = 対局は終わっています
illegal-no-piece = {$square}に駒はありません
illegal-not-your-piece = {$square}の駒はあなたの駒ではありません
illegal-cannot-reach = {$from}の{$piece}は{$to}へ動けません
illegal-blocked = {$from}から{$to}への道がふさがっています
illegal-own-piece = {$square}には自分の駒があります
illegal-partner-piece = {$square}には味方の駒があり、取れません
illegal-capture-king = {$square}の玉は取れません
illegal-not-in-hand = 持ち駒に{$piece}がありません
illegal-drop-occupied = {$square}には駒があるので打てません
illegal-nifu = 二歩です。その筋にはすでに成っていない歩があります
illegal-uchifuzume = 打ち歩詰めです。歩を打って詰ますことはできません
illegal-pawn-before-dead-king = 脱落した人の玉の真正面には歩を打てません
illegal-dead-piece = {$square}の{$piece}はその先に動けないので、成らなければなりません（そこに打つこともできません）
illegal-cannot-promote = {$piece}は成れません
illegal-outside-zone = 成れるのは、敵陣に入る手、敵陣の中で動く手、敵陣から出る手だけです
illegal-self-check = この手では自分の玉が王手のままになります
illegal-perpetual-check = 連続王手の千日手です。この王手で同じ局面が4回目になるので、別の手を指してください
illegal-no-drops = この将棋では駒を打てません
illegal-off-board = その升目は盤上にありません
illegal-cannot-drop = {$piece}は打てません
illegal-no-piece-of-kind = 盤上にあなたの{$piece}はありません
illegal-no-such-piece = 盤上にそのような駒はありません
illegal-other-piece = {$square}の駒は{$piece}です
illegal-wrong-seat = いまは{$to_move}の手番で、{$named}の手番ではありません
illegal-must-deviate = この手で同じ局面が4回目になります。{$culprit ->
    [check] サイクルのすべての手で王手をかけた側
    [attack] サイクルのすべての手で攻めた側
   *[passes] パスを始めた側
}が別の手を指さなければなりません
illegal-no-movement = 指し手は駒を動かさなければなりません（パスは空いた升目へ行って戻る手です）
illegal-pass-in-check = 王手をかけられているときはパスできません
illegal-pass-written-as = このパスは {$written} と書きます
illegal-cannot-pass = {$piece}はここでパスできません
illegal-must-promote = {$piece}は最初に駒を取ったときに成るので、この手は成らなければなりません
illegal-does-not-promote = {$piece}はこの手では成りません
illegal-no-igui = {$piece}は動かずに{$square}の駒を取る（居食い）ことはできません
illegal-wrong-path = {$piece}はその道筋で{$from}から{$to}へは行けません
illegal-already-there = {$piece}はすでに{$square}にあります

## コマンドとボタン

error-something-went-wrong = こちら側で問題が起きました。もう一度試してください。
error-unknown-command = このコマンドはもうありません。`/` を入力するといまのコマンドが表示されます。
error-option-unreadable = オプションを読み取れませんでした（{$detail}）。確かめて、もう一度どうぞ。
error-option-mismatch = このコマンドのオプションに受け付けられないものがあります（範囲外の値か、古い形のコマンドです）。オプションを確認してもう一度どうぞ。
error-cooldown = このコマンドをもう一度使うまで{$seconds}秒お待ちください。
error-bot-permissions = このチャンネルで次の権限が必要です：{$permissions}。
error-user-permissions = このコマンドに必要な権限がありません。
error-user-permissions-missing = このコマンドには次の権限が必要ですが、あなたにはありません：{$permissions}。
error-guild-only = このコマンドはサーバー内でだけ使えます。
error-dm-only = このコマンドはダイレクトメッセージでだけ使えます。
error-not-here = ここではこのコマンドを使えません。
error-only-in-servers = 対局はサーバーで行います。サーバーのチャンネルで使ってください。
error-no-game-of-yours-here = このチャンネルにあなたの進行中の対局はありません。`/対局一覧` で進行中の対局が、`/対局申込` で新しい対局が始められます。
error-button-other-game = このボタンは対局 #{$game} のもので、その対局は終わっているか、あなたの対局ではありません。
error-button-gone = このボタンはもう使えません（対象が終わったか変わりました）。`/ヘルプ` でいまできることを確かめてください。
error-button-gone-plain = このボタンはもう使えません。
error-button-gone-move = このボタンはもう使えません。もう一度 `/指す` を使ってください。
error-button-gone-resign = このボタンはもう使えません。もう一度 `/投了` を使ってください。
error-button-gone-board = このボタンはもう使えません。`/盤面` を使ってください。
error-button-gone-replay = このボタンはもう使えません。もう一度 `/再生` を使ってください。
error-button-gone-challenge = このボタンはもう使えません。新しく対局を申し込んでください。
error-button-no-challenge = このボタンはもう使えません。対局申込 #{$id} はありません。
error-challenge-other-channel = このボタンは別のチャンネルの対局申込のものです。そちらで使ってください。
error-help-page-gone = そのヘルプページはもうありません。もう一度 `/ヘルプ` を使ってください。
error-cannot-resign-here = この対局はここからは投了できません。
error-computer-levels = コンピュータのレベルは1〜8です。
error-too-many-computers = {$variant}は{$seats}人で指します。コンピュータが{$computers}人入ると、相手はあと{$room}人まで指名できます。
error-bot-opponent = {$name}はボットなので対局できません。人を指名するか、このボット（コンピュータ）を指名するか、相手を省略して誰でも参加できるようにしてください。
error-yonin-rules-not-yonin = 四人将棋のルールは四人将棋でだけ使えます（{$variant}には使えません）。`四人将棋ルール` を外してください。

## 通信対局の持ち時間
error-on-vacation = すでに {$until} まで休暇中です。先に `/休暇 終了` で休暇を終えてください。
error-not-on-vacation = 休暇中ではありません。
error-vacation-allowance = 今年の休暇は残り{$left}日です（このサーバーでは年に{$allowance}日まで）。{$asked}日は取れません。
error-unknown-time-zone = `{$name}` というタイムゾーンはありません。`Asia/Tokyo`、`Europe/Paris`、`America/New_York` のような名前を指定してください。
error-bank-without-clock = 考慮時間は一手の持ち時間に加えるものです。持ち時間を決めるか、考慮時間を外してください。
error-time-per-move-range = 一手の持ち時間は{$min}から{$max}までです。
error-bank-range = 考慮時間は1秒から{$max}までです。
error-vacation-days-range = 休暇日数は年に0日から{$max}日までです。
error-too-many-opponents = {$variant}は{$seats}人で指します。相手は{$most}人まで指定してください。
error-challenge-yourself = 自分自身に対局を申し込むことはできません。
error-opponent-twice = 同じ相手は一度だけ指定してください。

# /対局申込 の席の指定。
error-seats-for-variant = {$variant}の席は{$seats}つです（{$names}）。それぞれの席に一人ずつか、空席を指定してください。
error-seatless-player = 申し込みの対局者全員に席を指定してください。
error-one-seat-each = 一人が座れる席は一つだけです。
error-seat-for-stranger = 席を指定できるのは申し込んだ人と指名した相手だけです。
error-vacation-too-short = 休暇は1日以上で指定してください。
error-replay-no-such-move = 対局 #{$game} はまだ{$last}手です。0（開始局面）から{$last}までの手数を選んでください。
error-replay-no-such-seat = {$variant}の席は{$seats}つです（{$names}）。
error-record-wrong-variant = `{$format}` 形式の棋譜は本将棋だけです。{$variant}にはテキストの棋譜を使ってください。
error-record-kif = `KIF` 棋譜の{$line}行目を読めません（{$reason}）。
error-computer-game-over = 対局は終わっているので、コンピュータが指す手はありません。
error-computer-no-move = コンピュータが指せる合法手がありません。

# 指し手以外で、対局のルールが認めないこと。
refusal-impasse-declarations-off = この対局では入玉宣言はできません。
refusal-entering-king-declarations-off = この対局では入玉宣言はできません。
refusal-declaration-too-early = 入玉宣言は{$after}手目以降にできます。
refusal-no-declaration = この将棋には宣言がありません。
refusal-not-four-players = 四人将棋の対局ではありません。
refusal-already-out = {$seat}はすでに脱落しています。
refusal-nothing-to-take-back = 待ったで戻せる手がありません。

# 宣言が認められない理由（rules-declaration の後）。
declaration-no-king = 盤上に玉がありません
declaration-king-outside-zone = 玉が敵陣に入っていません
declaration-in-check = 王手がかかっています
declaration-pieces-in-zone = 敵陣に玉以外の駒が{$needed}枚以上必要ですが、{$have}枚です
declaration-points = {$needed}点必要ですが、{$have}点です
declaration-no-legal-move = 指せる手がありません

# /サーバー設定
error-reset-and-set = その設定は新しい値を指定するか初期化するか、どちらか一方にしてください。

# The game database cannot be reached (a server restarting, a full disk): what was saved.
error-database-down = いまゲームのデータベースが応答しないため、何も変更していません。1分ほどしてからもう一度試してください。
error-database-partly = ゲームのデータベースが途中で応答しなくなったため、一部だけが保存されたかもしれません。1分ほどしてから状況を確かめて、もう一度試してください。
error-database-unknown = 保存中にゲームのデータベースが応答しなくなり、保存されたかどうか確認できませんでした。保存されていればチャンネルに告知されます。1分ほどしてからチャンネルを確かめて、もう一度試してください。
database-not-confirmed = ゲームのデータベースの確認が遅れています。すでに保存されているかもしれません。保存されたかどうかはここでお知らせします。
autocomplete-database-down = いまゲームのデータベースが応答しません。指し手をすべて入力するか、1分ほどしてからもう一度試してください

## 対局の場所
error-your-game-in-thread = あなたの対局はスレッド {$threads} で指されています。コマンドはそちらで使ってください。
error-games-in-threads = このチャンネルでは対局は行われていません。対局はそれぞれのスレッドで指されています（{$threads}）。新しい対局は `/対局申込` で始められます。
