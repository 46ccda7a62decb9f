# 盤面の画像と再生に描く言葉: 対局者名の横の表示と、終局したときの各対局者の結果。

badge-to-move = 手番
badge-check = 王手
badge-out = 脱落
verdict-winner = 勝ち
verdict-draw = 引き分け
verdict-place = {$place}位
verdict-checkmated = 詰み
verdict-no-legal-move = 指し手なし
verdict-resigned = 投了
verdict-timeout = 時間切れ
verdict-perpetual-check = 連続王手の千日手
verdict-declaration = 入玉宣言
verdict-lost = 負け
replay-every = {$every}局面ごとに表示
