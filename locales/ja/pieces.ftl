# 本将棋と四人将棋の駒の名前（反則の説明で使います）。大大将棋の駒は漢字で書きます。

piece-king = 玉
piece-rook = 飛車
piece-bishop = 角
piece-gold = 金
piece-silver = 銀
piece-knight = 桂
piece-lance = 香
piece-pawn = 歩
piece-dragon = 竜
piece-horse = 馬
piece-promoted-silver = 成銀
piece-promoted-knight = 成桂
piece-promoted-lance = 成香
piece-tokin = と金
