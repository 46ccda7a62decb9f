# The bot's messages in Japanese. Shogi words as Japanese players read them on shogi
# sites: 先手/後手, 手番, 王手, 投了, 千日手, 持将棋/入玉宣言, 詰み, 待った.

language-name = 日本語
