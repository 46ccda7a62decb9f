# Japanese names and descriptions of the slash commands, their options and choices.
# Names: at most 32 characters, no spaces. Descriptions: at most 100 characters.
# See src/discord/i18n.rs for the keys.

cmd-challenge = 対局申込
    .description = このチャンネルで対局を申し込みます。相手を指名するか、空席にして誰でも参加できるようにします
    .opponent = 相手
    .opponent-description = 対局する相手（省略すると誰でも参加できます）
    .variant = 種類
    .variant-description = 将棋の種類（省略時：本将棋）
    .variant-choice-shogi-standard-2-players = 本将棋（2人）
    .variant-choice-yonin-shogi-4-players = 四人将棋（4人）
    .variant-choice-yonin-shogi-doubles-2-teams-of-2 = 四人将棋ダブルス（2人ずつ2組）
    .variant-choice-dai-dai-shogi-17x17-2-players = 大大将棋（17×17、2人）
    .opponent2 = 相手2
    .opponent2-description = 2人目の相手（四人将棋）
    .opponent3 = 相手3
    .opponent3-description = 3人目の相手（四人将棋）
    .time_per_move = 一手の持ち時間
    .time_per_move-description = 一手ごとの持ち時間。例：1d、3d、12h、none（省略時：サーバーの設定、なければ 3d）
    .seats = 席順
    .seats-description = 席は抽選（省略時）か、指定順（あなたが最初）
    .seats-choice-drawn-at-random = 抽選
    .seats-choice-as-listed-you-then-the-opponents-in-order = 指定順：あなた、続いて相手の順
    .rated = レーティング
    .rated-description = 結果をレーティングに反映するか（省略時：サーバーの設定、なければする）
    .yonin_rules = 四人将棋ルール
    .yonin_rules-description = 四人将棋のルール（省略時：連盟ルール）
    .yonin_rules-choice-federation-move-limit-declaration-repetition = 連盟ルール（手数制限・宣言・千日手）
    .yonin_rules-choice-original-1992-93-eliminated-hand-to-the-eliminator = 公式ルール 1992/93（脱落者の持ち駒は倒した人へ）
    .yonin_rules-choice-federation-without-the-extras = 連盟ルール（追加規定なし）
    .level = レベル
    .level-description = コンピュータの強さ。1（初心者）〜8（最強）、省略時 3
    .computers = コンピュータ
    .computers-description = コンピュータが埋める席の数（四人将棋：0〜3）
    .thread = スレッド
    .thread-description = このチャンネルの下に新しいスレッドを作って対局する（省略時：サーバーの設定、なければしない）
    .bank = 考慮時間
    .bank-description = 一手の持ち時間を使い切った後に使える、各自の予備の時間（省略時：なし）
    .bank-choice-none = なし
    .bank-choice-1-day = 1日
    .bank-choice-3-days = 3日
    .bank-choice-7-days = 7日

cmd-move = 指す
    .description = このチャンネルの対局で指します。一覧から合法手を選ぶか、指し手を入力してください
    .move = 指し手
    .move-description = 指し手。例：7g7f、P*5e、７六歩（一覧に合法手が出ます）

cmd-board = 盤面
    .description = このチャンネルの対局の盤面を、自分側から見た向きで自分だけに表示します

cmd-resign = 投了
    .description = このチャンネルの対局を投了します（ボタンで確認します）

cmd-draw = 引き分け
    .description = このチャンネルの対局で引き分けを申し出るか、相手の申し出を受けます

cmd-takeback = 待った
    .description = 直前の自分の手を戻させてもらうよう相手に頼みます（待った）

cmd-declare = 宣言
    .description = 手番で指す代わりに入玉宣言をします（本将棋は27点法、四人将棋は入玉宣言）

cmd-abort = 中止
    .description = このチャンネルの対局を勝敗なしで中止します（全員が指す前か、モデレーターが）

cmd-games = 対局一覧
    .description = このサーバーで進行中の対局、または自分の対局を一覧します
    .mine = 自分の対局
    .mine-description = 自分が指している対局だけ（省略時：このサーバーのすべての対局）

cmd-leaderboard = ランキング
    .description = このサーバーのある種類の将棋の上位プレイヤーを表示します
    .variant = 種類
    .variant-description = 将棋の種類（省略時：本将棋）
    .variant-choice-shogi-standard-2-players = 本将棋（2人）
    .variant-choice-yonin-shogi-4-players = 四人将棋（4人）
    .variant-choice-yonin-shogi-doubles-2-teams-of-2 = 四人将棋ダブルス（2人ずつ2組）
    .variant-choice-dai-dai-shogi-17x17-2-players = 大大将棋（17×17、2人）
    .page = ページ
    .page-description = ページ番号（省略時：1）
    .chart = グラフ
    .chart-description = 上位10人のレーティング推移のグラフも表示（省略時：表示しない）

cmd-profile = 成績
    .description = このサーバーでのプレイヤーのレーティング、対局数、最近の結果を表示します
    .player = プレイヤー
    .player-description = 誰の成績か（省略時：あなた）

cmd-export = 棋譜
    .description = 対局の棋譜をファイルで送ります（このチャンネルの対局か、番号で指定した対局）
    .format = 形式
    .format-description = 棋譜の形式（省略時：本将棋は KIF、それ以外は局面ファイル）
    .format-choice-kif-standard-shogi = KIF（本将棋）
    .format-choice-csa-standard-shogi = CSA（本将棋）
    .format-choice-position-file-positions-and-moves-every-variant = 局面ファイル：局面と指し手（全種類）
    .format-choice-gif-an-animated-replay-a-picture-per-position-every-variant = GIF：対局の再生アニメーション、一局面ごとに一枚（全種類）
    .format-choice-kifu-kif-in-utf-8-standard-shogi = KIFU：UTF-8のKIF（本将棋）
    .game = 対局番号
    .game-description = 対局番号（省略時：このチャンネルの対局か、直前に終わった対局）

cmd-replay = 再生
    .description = このサーバーの対局を一手ずつ見ます。指定した手の後の盤面と、前後に進むボタンを表示します
    .game = 対局番号
    .game-description = 対局番号（省略時：このチャンネルの対局か、直前に終わった対局）
    .move = 手数
    .move-description = この手の後の盤面を表示（0：開始局面、省略時：最後の手）

cmd-vacation = 休暇
    .description = 休暇を取るか、早めに終えます。休暇中はあなたの対局の持ち時間がすべて止まります

cmd-vacation-start = 開始
    .description = 休暇を始めます。終わるまで、あなたの対局の持ち時間は相手も含めてすべて止まります
    .days = 日数
    .days-description = 休暇の日数（このサーバーの年間の休暇日数から引かれます）

cmd-vacation-end = 終了
    .description = 休暇をいま終えます。使わなかった日数は年間の休暇日数に戻ります

cmd-server-settings = サーバー設定
    .description = このサーバーの設定を表示・変更します（週末停止、タイムゾーン、休暇、言語、持ち時間など。管理者用）
    .weekend_pause = 週末停止
    .weekend_pause-description = 土曜 0:00 から月曜 0:00 まで（サーバーのタイムゾーン）持ち時間を止める
    .time_zone = タイムゾーン
    .time_zone-description = サーバーのタイムゾーン。例：Asia/Tokyo、Europe/Paris、America/New_York
    .vacation_days = 休暇日数
    .vacation_days-description = 一人が一年に取れる休暇の日数（省略時：30）
    .language = 言語
    .language-description = このサーバーのチャンネルへのボットの投稿の言語
    .language-choice-english = 英語（English）
    .language-choice-japanese = 日本語
    .language-choice-korean = 韓国語（한국어）
    .language-choice-the-server-s-language-in-discord = Discord でのサーバーの言語
    .time_per_move = 一手の持ち時間
    .time_per_move-description = 対局申込で指定がないときの一手の持ち時間。例：1d、3d、12h、none
    .rated = レーティング
    .rated-description = 対局申込で指定がないとき結果をレーティングに反映するか（省略時：する）
    .abort_role = 中止ロール
    .abort_role-description = このロールのメンバーはこのサーバーのどの対局でも中止できます（メッセージの管理の権限とは別に）
    .game_threads = 対局スレッド
    .game_threads-description = 対局申込で指定がないとき対局ごとにスレッドを作る（省略時：しない）
    .reset = 初期化
    .reset-description = 設定を既定に戻す：一手の持ち時間、または中止ロールなし
    .reset-choice-time-per-move = 一手の持ち時間
    .reset-choice-abort-role = 中止ロール

cmd-help = ヘルプ
    .description = 遊び方を説明します（将棋の種類とルール、棋譜の書き方、コマンド）
    .topic = 項目
    .topic-description = 説明する項目
    .topic-choice-getting-started = はじめに
    .topic-choice-variants = 将棋の種類
    .topic-choice-move-notation = 棋譜の書き方
    .topic-choice-commands = コマンド
    .topic-choice-rules-of-shogi = 本将棋のルール
    .topic-choice-rules-of-yonin-shogi = 四人将棋のルール
    .topic-choice-rules-of-dai-dai-shogi = 大大将棋のルール
    .topic-choice-play-the-computer = コンピュータと対局

cmd-settings = 設定
    .description = 自分用の設定（棋譜の表記、盤面の駒、手番の知らせ方）
    .notation = 表記
    .notation-description = 指し手の表記（既定：日本語と韓国語なら日本式、それ以外は欧米式）
    .notation-choice-japanese = 日本式（７六歩）
    .notation-choice-western-p-7f = 欧米式（P-7f）
    .notation-choice-coordinate-7g7f = 座標（7g7f）
    .pieces = 駒
    .pieces-description = 自分に表示する盤面の駒の種類（既定：漢字）
    .pieces-choice-kanji = 漢字
    .pieces-choice-international-for-beginners = 国際式（初心者向け）
    .notifications = 通知
    .notifications-description = 手番の知らせ方（省略時：チャンネルでメンション）
    .notifications-choice-mention-me-in-the-channel = チャンネルでメンション
    .notifications-choice-mention-me-and-send-me-a-direct-message = メンションとダイレクトメッセージ
    .notifications-choice-quiet-no-mention = 通知なし：メンションしない
    .notifications-choice-daily-digest-by-direct-message-no-mention = 1日1回のまとめをDMで（メンションなし）
