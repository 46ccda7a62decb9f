# 쇼기와 요닌쇼기 말의 이름 (반칙 설명에 씁니다). 다이다이쇼기의 말은 한자로 씁니다.

piece-king = 왕장
piece-rook = 비차
piece-bishop = 각행
piece-gold = 금장
piece-silver = 은장
piece-knight = 계마
piece-lance = 향차
piece-pawn = 보병
piece-dragon = 용왕
piece-horse = 용마
piece-promoted-silver = 성은
piece-promoted-knight = 성계
piece-promoted-lance = 성향
piece-tokin = 토금
