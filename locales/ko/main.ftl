# The bot's messages in Korean. Shogi words as the Korean rule pages write them:
# 쇼기, 요닌쇼기, 선수/후수, 장군, 외통, 투료, 천일수, 승격.

language-name = 한국어
