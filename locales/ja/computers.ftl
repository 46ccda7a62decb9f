# コンピュータの対局者: 名前、手番、レーティング戦の拒否、人の手番でない間の指し手、
# 終局した対局を一手ずつ見るボタン、四人将棋の順位。

computer-in-seat = shogiban レベル{$level}（{$seat}）
computer-name = shogiban レベル{$level}
computers-of-level = {$n ->
    [1] **shogiban レベル{$level}**
   *[other] **shogiban レベル{$level}** ×{$n}
}
computer-thinking = {$player}が考えています…
error-rated-with-computer = コンピュータとの対局はレーティングに反映されません。`レーティング`を指定せずに申し込むか、レーティング戦は人どうしで申し込んでください。
place-finishes = {$place}位×{$n}
places-record = {$games}局（{$places}）
gathered-moves = {$first}〜{$last}手目：{$moves}
gathered-move = {$seat}：{$played}
button-watch-replay = 一手ずつ再生
