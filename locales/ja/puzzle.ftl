## 毎日の詰将棋（/puzzle）。

puzzle-daily = **{ $source ->
        [game] 今日の詰将棋（対局 #{ $number } から）
       *[bank] 今日の詰将棋 第{ $number }問
    }**（{ $day }）：{ $length }手詰。先手番です。攻め方の手はすべて王手、玉方は残りの駒をすべて持ち駒にしています。`/puzzle answer` で一手ずつ答えてください。
puzzle-today = **{ $source ->
        [game] 詰将棋（対局 #{ $number } から）
       *[bank] 詰将棋 第{ $number }問
    }**（{ $day }）：{ $length }手詰。先手番です。攻め方の手はすべて王手、玉方は残りの駒をすべて持ち駒にしています。
puzzle-first-move = `/puzzle answer` で一手ずつ答えてください。正しい手には玉方が応じます。
puzzle-so-far = ここまでの手順：{ $moves }（{ $total }手のうち{ $found }手正解）。あなたの番です。
puzzle-right = { $mv } は正解です！玉方は { $reply }。あなたの番です（{ $total }手のうち{ $found }手正解）。
puzzle-solved = { $mv } で詰みです！今日の詰将棋（{ $length }手詰）を解きました。連続正解：{ $streak }日。
puzzle-not-check = { $mv } は王手ではありません。詰将棋では攻め方の手はすべて王手です。何も指していません。別の手を試してください。
puzzle-not-answer = { $mv } は王手ですが、玉が逃れて詰みません。何も指していません。別の手を試してください。
puzzle-already-solved = 今日の詰将棋はもう解きました。次の問題はまた明日。
puzzle-gave-up-already = 今日の詰将棋はギブアップしました。次の問題はまた明日。
puzzle-answer = { $source ->
        [game] 詰将棋（対局 #{ $number } から）
       *[bank] 詰将棋 第{ $number }問
    }（{ $length }手詰）の正解：{ $moves }
puzzle-yesterday = { $source ->
        [game] 昨日の詰将棋（対局 #{ $number } から）
       *[bank] 昨日の詰将棋 第{ $number }問
    }（{ $day }、{ $length }手詰）の正解：{ $moves }
puzzle-leaderboard-title = **このサーバーの詰将棋ランキング**
puzzle-leaderboard-empty = このサーバーではまだ誰も詰将棋を解いていません。
puzzle-leaderboard-line = { $rank }. { $player }：{ $solved }問正解、連続{ $streak }日
settings-puzzle-channel = 毎日の詰将棋：{ $channel } に { $hour }時に投稿します。
settings-puzzle-none = 毎日の詰将棋：投稿しません（`puzzle_channel` で設定）。
