## 매일의 츠메쇼기 (/puzzle).

puzzle-daily = **{ $source ->
        [game] 오늘의 츠메쇼기 (대국 #{ $number }에서)
       *[bank] 오늘의 츠메쇼기 제{ $number }문
    }** ({ $day }): { $length }수 외통. 선수 차례입니다. 공격하는 쪽의 수는 모두 장군이어야 하고, 받는 쪽은 남은 말을 모두 지닌 말로 가집니다. `/puzzle answer` 로 한 수씩 답하세요.
puzzle-today = **{ $source ->
        [game] 츠메쇼기 (대국 #{ $number }에서)
       *[bank] 츠메쇼기 제{ $number }문
    }** ({ $day }): { $length }수 외통. 선수 차례입니다. 공격하는 쪽의 수는 모두 장군이어야 하고, 받는 쪽은 남은 말을 모두 지닌 말로 가집니다.
puzzle-first-move = `/puzzle answer` 로 한 수씩 답하세요. 맞는 수에는 받는 쪽이 응수합니다.
puzzle-so-far = 지금까지의 수순: { $moves } ({ $total }수 중 { $found }수 정답). 내 차례입니다.
puzzle-right = { $mv } 정답입니다! 받는 쪽은 { $reply }. 내 차례입니다 ({ $total }수 중 { $found }수 정답).
puzzle-solved = { $mv } 외통입니다! 오늘의 츠메쇼기({ $length }수 외통)를 풀었습니다. 연속 정답: { $streak }일.
puzzle-not-check = { $mv } 는 장군이 아닙니다. 츠메쇼기에서는 공격하는 쪽의 수가 모두 장군이어야 합니다. 아무것도 두지 않았습니다. 다른 수를 두어 보세요.
puzzle-not-answer = { $mv } 는 장군이지만 왕이 빠져나가 외통이 되지 않습니다. 아무것도 두지 않았습니다. 다른 수를 두어 보세요.
puzzle-already-solved = 오늘의 츠메쇼기는 이미 풀었습니다. 다음 문제는 내일 나옵니다.
puzzle-gave-up-already = 오늘의 츠메쇼기는 포기했습니다. 다음 문제는 내일 나옵니다.
puzzle-answer = { $source ->
        [game] 츠메쇼기 (대국 #{ $number }에서)
       *[bank] 츠메쇼기 제{ $number }문
    } ({ $length }수 외통)의 정답: { $moves }
puzzle-yesterday = { $source ->
        [game] 어제의 츠메쇼기 (대국 #{ $number }에서)
       *[bank] 어제의 츠메쇼기 제{ $number }문
    } ({ $day }, { $length }수 외통)의 정답: { $moves }
puzzle-leaderboard-title = **이 서버의 츠메쇼기 순위**
puzzle-leaderboard-empty = 이 서버에서는 아직 아무도 츠메쇼기를 풀지 않았습니다.
puzzle-leaderboard-line = { $rank }. { $player }: { $solved }문 정답, 연속 { $streak }일
settings-puzzle-channel = 매일의 츠메쇼기: { $channel } 에 { $hour }시에 올립니다.
settings-puzzle-none = 매일의 츠메쇼기: 올리지 않습니다 (`puzzle_channel` 로 설정).
