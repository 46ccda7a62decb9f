# Korean names and descriptions of the slash commands, their options and choices.
# Names: at most 32 characters, no spaces. Descriptions: at most 100 characters.
# See src/discord/i18n.rs for the keys.

cmd-challenge = 대국신청
    .description = 이 채널에서 대국을 신청합니다. 상대를 지명하거나, 자리를 비워 누구나 참가하게 합니다
    .opponent = 상대
    .opponent-description = 대국할 상대 (생략하면 누구나 참가할 수 있습니다)
    .variant = 종류
    .variant-description = 쇼기의 종류 (기본: 쇼기)
    .variant-choice-shogi-standard-2-players = 쇼기 (2인)
    .variant-choice-yonin-shogi-4-players = 요닌쇼기 (4인)
    .variant-choice-yonin-shogi-doubles-2-teams-of-2 = 요닌쇼기 복식 (2인 2팀)
    .variant-choice-dai-dai-shogi-17x17-2-players = 다이다이쇼기 (17×17, 2인)
    .opponent2 = 상대2
    .opponent2-description = 두 번째 상대 (요닌쇼기)
    .opponent3 = 상대3
    .opponent3-description = 세 번째 상대 (요닌쇼기)
    .time_per_move = 한수시간
    .time_per_move-description = 한 수마다 주어지는 시간. 예: 1d, 3d, 12h, none (기본: 서버 설정, 없으면 3d)
    .seats = 자리
    .seats-description = 자리는 추첨 (기본) 또는 적은 순서 (내가 먼저)
    .seats-choice-drawn-at-random = 추첨
    .seats-choice-as-listed-you-then-the-opponents-in-order = 적은 순서: 당신, 이어서 상대 순
    .rated = 레이팅
    .rated-description = 결과를 레이팅에 반영할지 (기본: 서버 설정, 없으면 반영)
    .yonin_rules = 요닌쇼기규칙
    .yonin_rules-description = 요닌쇼기 규칙 (기본: 연맹 규칙)
    .yonin_rules-choice-federation-move-limit-declaration-repetition = 연맹 규칙 (수 제한, 선언, 천일수)
    .yonin_rules-choice-original-1992-93-eliminated-hand-to-the-eliminator = 원래 규칙 1992/93 (탈락자의 지닌 말은 탈락시킨 사람에게)
    .yonin_rules-choice-federation-without-the-extras = 연맹 규칙 (추가 규정 없이)
    .level = 레벨
    .level-description = 컴퓨터의 강함, 1 (초보) ~ 8 (최강), 기본 3
    .computers = 컴퓨터
    .computers-description = 컴퓨터가 채울 자리 수 (요닌쇼기: 0~3)
    .thread = 스레드
    .thread-description = 이 채널 아래 새 스레드에서 대국합니다 (기본: 서버 설정, 없으면 아니요)
    .bank = 예비시간
    .bank-description = 한 수의 시간을 다 쓴 뒤에 쓸 수 있는 각자의 예비 시간 (기본: 없음)
    .bank-choice-none = 없음
    .bank-choice-1-day = 1일
    .bank-choice-3-days = 3일
    .bank-choice-7-days = 7일

cmd-move = 착수
    .description = 이 채널의 대국에서 수를 둡니다. 목록에서 둘 수 있는 수를 고르거나 입력하세요
    .move = 수
    .move-description = 둘 수. 예: ７六歩, 7g7f, P*5e (목록에 둘 수 있는 수가 나옵니다)

cmd-board = 판보기
    .description = 이 채널의 대국 판을 내 쪽에서 본 방향으로 나에게만 보여 줍니다

cmd-resign = 투료
    .description = 이 채널의 대국을 투료합니다 (버튼으로 확인합니다)

cmd-draw = 무승부
    .description = 이 채널의 대국에서 무승부를 제안하거나, 상대의 제안을 받아들입니다

cmd-takeback = 무르기
    .description = 방금 둔 내 수를 무르게 해 달라고 상대에게 요청합니다

cmd-declare = 선언
    .description = 내 차례에 수를 두는 대신 입옥 선언을 합니다 (쇼기는 27점법, 요닌쇼기는 입옥 선언)

cmd-abort = 중단
    .description = 이 채널의 대국을 승패 없이 중단합니다 (모두가 두기 전, 또는 관리자)

cmd-games = 대국목록
    .description = 이 서버에서 진행 중인 대국이나 내 대국을 보여 줍니다
    .mine = 내대국
    .mine-description = 내가 두는 대국만 (기본: 이 서버의 모든 대국)

cmd-leaderboard = 순위
    .description = 이 서버에서 쇼기 종류별 상위 플레이어를 보여 줍니다
    .variant = 종류
    .variant-description = 쇼기의 종류 (기본: 쇼기)
    .variant-choice-shogi-standard-2-players = 쇼기 (2인)
    .variant-choice-yonin-shogi-4-players = 요닌쇼기 (4인)
    .variant-choice-yonin-shogi-doubles-2-teams-of-2 = 요닌쇼기 복식 (2인 2팀)
    .variant-choice-dai-dai-shogi-17x17-2-players = 다이다이쇼기 (17×17, 2인)
    .page = 페이지
    .page-description = 페이지 번호 (기본: 1)
    .chart = 그래프
    .chart-description = 상위 10명의 레이팅 변화 그래프도 보여 줌 (기본: 보여 주지 않음)

cmd-profile = 전적
    .description = 이 서버에서 플레이어의 레이팅, 대국 수, 최근 결과를 보여 줍니다
    .player = 플레이어
    .player-description = 누구의 전적인지 (기본: 나)

cmd-export = 기보
    .description = 대국의 기보를 파일로 보냅니다 (이 채널의 대국 또는 번호로 지정한 대국)
    .format = 형식
    .format-description = 기보 형식 (기본: 쇼기는 KIF, 그 밖에는 국면 파일)
    .format-choice-kif-standard-shogi = KIF (쇼기)
    .format-choice-csa-standard-shogi = CSA (쇼기)
    .format-choice-position-file-positions-and-moves-every-variant = 국면 파일: 국면과 수 (모든 종류)
    .format-choice-gif-an-animated-replay-a-picture-per-position-every-variant = GIF: 대국 재생 애니메이션, 국면마다 한 장 (모든 종류)
    .format-choice-kifu-kif-in-utf-8-standard-shogi = KIFU: UTF-8 KIF (쇼기)
    .game = 대국번호
    .game-description = 대국 번호 (기본: 이 채널의 대국, 또는 그 직전 대국)

cmd-replay = 다시보기
    .description = 이 서버의 대국을 한 수씩 봅니다. 지정한 수 뒤의 판과 앞뒤로 넘기는 버튼을 보여 줍니다
    .game = 대국번호
    .game-description = 대국 번호 (기본: 이 채널의 대국, 또는 그 직전 대국)
    .move = 수순
    .move-description = 이 수 뒤의 판을 보여 줍니다 (0: 시작 국면, 기본: 마지막 수)

cmd-vacation = 휴가
    .description = 휴가를 시작하거나 일찍 끝냅니다. 휴가 중에는 내 대국의 시간이 모두 멈춥니다

cmd-vacation-start = 시작
    .description = 휴가를 시작합니다. 끝날 때까지 내 대국의 시간이 상대 것까지 모두 멈춥니다
    .days = 일수
    .days-description = 휴가 일수 (이 서버의 연간 휴가 일수에서 빠집니다)

cmd-vacation-end = 종료
    .description = 휴가를 지금 끝냅니다. 쓰지 않은 일수는 연간 휴가 일수로 돌아갑니다

cmd-server-settings = 서버설정
    .description = 이 서버의 설정을 보거나 바꿉니다 (주말 정지, 시간대, 휴가, 언어, 시간 등. 관리자용)
    .weekend_pause = 주말정지
    .weekend_pause-description = 토요일 0시부터 월요일 0시까지 (서버 시간대) 시간을 멈춥니다
    .time_zone = 시간대
    .time_zone-description = 서버의 시간대. 예: Asia/Seoul, Asia/Tokyo, Europe/Paris
    .vacation_days = 휴가일수
    .vacation_days-description = 한 사람이 일 년에 쓸 수 있는 휴가 일수 (기본 30)
    .language = 언어
    .language-description = 이 서버 채널에 올리는 봇 게시물의 언어
    .language-choice-english = 영어 (English)
    .language-choice-japanese = 일본어 (日本語)
    .language-choice-korean = 한국어
    .language-choice-the-server-s-language-in-discord = Discord의 서버 언어
    .time_per_move = 한수시간
    .time_per_move-description = 대국 신청에 정하지 않았을 때 한 수마다 주어지는 시간. 예: 1d, 3d, 12h, none
    .rated = 레이팅
    .rated-description = 대국 신청에 정하지 않았을 때 결과를 레이팅에 반영할지 (기본: 반영)
    .abort_role = 중단역할
    .abort_role-description = 이 역할의 멤버는 이 서버의 어떤 대국이든 중단할 수 있습니다 (메시지 관리 권한 외에)
    .game_threads = 대국스레드
    .game_threads-description = 대국 신청에 정하지 않았을 때 대국마다 스레드를 따로 엽니다 (기본: 아니요)
    .reset = 초기화
    .reset-description = 설정을 기본값으로 되돌림: 한 수당 시간, 또는 중단 역할 없음
    .reset-choice-time-per-move = 한 수당 시간
    .reset-choice-abort-role = 중단 역할

cmd-help = 도움말
    .description = 두는 법을 설명합니다 (쇼기의 종류와 규칙, 기보 표기법, 명령어)
    .topic = 주제
    .topic-description = 설명할 주제
    .topic-choice-getting-started = 시작하기
    .topic-choice-variants = 쇼기의 종류
    .topic-choice-move-notation = 기보 표기법
    .topic-choice-commands = 명령어
    .topic-choice-rules-of-shogi = 쇼기 규칙
    .topic-choice-rules-of-yonin-shogi = 요닌쇼기 규칙
    .topic-choice-rules-of-dai-dai-shogi = 다이다이쇼기 규칙
    .topic-choice-play-the-computer = 컴퓨터와 대국

cmd-settings = 설정
    .description = 내 설정 (기보 표기, 판의 말, 차례 알림 방법)
    .notation = 표기
    .notation-description = 수를 쓰는 방식 (기본: 일본어와 한국어는 일본식, 그 밖에는 서양식)
    .notation-choice-japanese = 일본식 (７六歩)
    .notation-choice-western-p-7f = 서양식 (P-7f)
    .notation-choice-coordinate-7g7f = 좌표 (7g7f)
    .pieces = 말
    .pieces-description = 내게 보여 줄 판에 쓰는 말 (기본: 한자)
    .pieces-choice-kanji = 한자
    .pieces-choice-international-for-beginners = 국제식 (초보자용)
    .notifications = 알림
    .notifications-description = 내 차례를 알리는 방법 (기본: 채널에서 멘션)
    .notifications-choice-mention-me-in-the-channel = 채널에서 멘션
    .notifications-choice-mention-me-and-send-me-a-direct-message = 멘션과 개인 메시지
    .notifications-choice-quiet-no-mention = 조용히: 멘션 없음
    .notifications-choice-daily-digest-by-direct-message-no-mention = 하루 한 번 요약을 개인 메시지로 (멘션 없음)
