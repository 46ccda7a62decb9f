# 판 그림과 재생에 그리는 말: 대국자 이름 옆의 표시와, 대국이 끝났을 때 대국자마다의 결과.

badge-to-move = 차례
badge-check = 장군
badge-out = 탈락
verdict-winner = 승리
verdict-draw = 무승부
verdict-place = {$place}위
verdict-checkmated = 외통
verdict-no-legal-move = 둘 수 없음
verdict-resigned = 투료
verdict-timeout = 시간 초과
verdict-perpetual-check = 연속 장군 천일수
verdict-declaration = 입옥 선언
verdict-lost = 패배
replay-every = {$every}국면마다 표시
