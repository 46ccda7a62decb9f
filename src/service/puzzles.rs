//! The daily tsume of each server: which problem of the bank falls on a server's day, its
//! post in the server's puzzle channel at the server's hour (once per server and day), and
//! each player's answer move by move, with streaks and the puzzle leaderboard.
//!
//! The problems come from two places. The server's own finished games of standard shogi:
//! the bot looks at each once, in the background ([`Service::make_game_puzzle`]), and
//! keeps a problem when the mate that ended the game makes one
//! ([`crate::computer::tsume::from_game`]); a server's day takes the oldest of these not
//! yet posted. Otherwise the bank the composer made (`data/tsume/standard.txt`, each
//! proven by [`crate::computer::tsume::prove_tsume`]; a test proves them all again): a
//! server's day is its date in its time zone, consecutive days of one server get
//! consecutive problems of the bank, and servers start at different places in it.

use std::sync::OnceLock;

use chrono::{Datelike, NaiveDate, TimeZone};
use chrono_tz::Tz;

use crate::computer::tsume;
use crate::engine::{AnyPosition, Game, Move, Position, RuleOptions, Seat, Variant};
use crate::render::{self, LastMove};
use crate::store::{ChannelId, GameId, GamePuzzle, GuildId, PuzzleChannel, UserId};

use super::table::Table;
use super::{Announcement, GameRef, MoveText, Service, ServiceError, ServiceResult};

pub use super::views::DailyPuzzle;

/// How long after its end a finished game is still looked at for a tsume (games that
/// ended before the bot looked for them are left alone after this).
pub const GAME_PUZZLE_WINDOW: i64 = 30 * 86_400;

/// Nodes each solve may expand when a game is made into a tsume: the thinning takes a
/// tenth of it per look, so a game takes a few seconds of one core.
pub const GAME_PUZZLE_NODES: u64 = 100_000;

/// The bank, one problem a line: plies, the SFEN (four fields), the answer in USI.
const BANK_TEXT: &str = include_str!("../../data/tsume/standard.txt");

/// How many players the puzzle leaderboard lists.
pub const PUZZLE_TOP: usize = 10;

/// One problem of the bank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankPuzzle {
    /// Its number in the bank, from 1.
    pub number: usize,
    pub length: usize,
    pub sfen: String,
    /// The answer in USI: the attacker's moves and the longest defence.
    pub solution: Vec<String>,
}

/// Reads a bank's text; lines starting with `#` are comments.
pub fn read_bank(text: &str) -> Result<Vec<BankPuzzle>, String> {
    let mut bank = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let bad = || format!("line {}: {line}", n + 1);
        if words.len() < 6 {
            return Err(bad());
        }
        let length: usize = words[0].parse().map_err(|_| bad())?;
        let solution: Vec<String> = words[5..].iter().map(|w| (*w).to_owned()).collect();
        if solution.len() != length {
            return Err(bad());
        }
        bank.push(BankPuzzle {
            number: bank.len() + 1,
            length,
            sfen: words[1..5].join(" "),
            solution,
        });
    }
    Ok(bank)
}

/// The bank compiled into the bot.
pub fn puzzle_bank() -> &'static [BankPuzzle] {
    static BANK: OnceLock<Vec<BankPuzzle>> = OnceLock::new();
    BANK.get_or_init(|| read_bank(BANK_TEXT).expect("the committed tsume bank reads"))
}

/// A server's date at `now`.
pub fn day_at(now: i64, tz: Tz) -> NaiveDate {
    tz.timestamp_opt(now, 0)
        .earliest()
        .map(|t| t.date_naive())
        .unwrap_or_default()
}

/// The problem of a server's day from the bank: consecutive days take consecutive
/// problems.
pub fn puzzle_of_day(guild: GuildId, day: NaiveDate) -> &'static BankPuzzle {
    let bank = puzzle_bank();
    let len = bank.len() as u64;
    let index = (day.num_days_from_ce() as u64 + guild.0 % len) % len;
    &bank[index as usize]
}

/// A problem of a server's day, from the bank or from one of the server's games.
struct DayPuzzle {
    number: usize,
    game_id: Option<GameId>,
    length: usize,
    sfen: String,
    solution: Vec<String>,
}

impl DayPuzzle {
    fn of_bank(p: &BankPuzzle) -> DayPuzzle {
        DayPuzzle {
            number: p.number,
            game_id: None,
            length: p.length,
            sfen: p.sfen.clone(),
            solution: p.solution.clone(),
        }
    }

    fn of_game(p: GamePuzzle) -> DayPuzzle {
        DayPuzzle {
            number: p.game_id.0 as usize,
            game_id: Some(p.game_id),
            length: p.length as usize,
            sfen: p.sfen,
            solution: p.solution.split_whitespace().map(str::to_owned).collect(),
        }
    }
}

/// The moment `day` reaches `hour`:00 in `tz` (the hour after, where a clock change
/// skips it).
fn at_hour(day: NaiveDate, hour: i64, tz: Tz) -> i64 {
    for h in hour..hour + 3 {
        let time = day
            .and_hms_opt((h % 24) as u32, 0, 0)
            .expect("an hour of the day");
        if let Some(t) = tz.from_local_datetime(&time).earliest() {
            return t.timestamp();
        }
    }
    day.and_hms_opt(0, 0, 0)
        .map(|t| t.and_utc().timestamp())
        .unwrap_or_default()
}

/// The first `hour`:00 in `tz` after `now`.
pub fn next_post_after(now: i64, hour: i64, tz: Tz) -> i64 {
    let today = day_at(now, tz);
    let at = at_hour(today, hour, tz);
    if at > now {
        at
    } else {
        at_hour(today.succ_opt().unwrap_or(today), hour, tz)
    }
}

/// A player's view of a server's puzzle of the day.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleView {
    pub guild_id: GuildId,
    pub day: String,
    /// The bank's number of the problem, or the game's number when it comes from one.
    pub number: usize,
    pub length: usize,
    /// The problem's position.
    pub sfen: String,
    /// The server's game the problem was made from (`None`: the bank's).
    pub game_id: Option<GameId>,
    /// The answer in USI: the attacking moves and the defence, the last move mating.
    pub solution: Vec<String>,
    /// The answer's plies played so far (the player's moves and the defence).
    pub played: Vec<String>,
    /// The answer's attacking moves found so far.
    pub found: usize,
    pub solved: bool,
    pub gave_up: bool,
}

impl PuzzleView {
    /// Attacking moves in the answer.
    pub fn moves_to_find(&self) -> usize {
        self.length.div_ceil(2)
    }
}

/// What an answer did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleAnswer {
    /// The right move: the defence played back (none after the mate), the puzzle as it
    /// now stands, and the streak when this solved it.
    Right {
        played: MoveText,
        defence: Option<MoveText>,
        view: PuzzleView,
        streak: Option<u32>,
    },
    /// A legal move that gives no check: every attacking move of a tsume checks.
    NotCheck { played: MoveText },
    /// A check that is not the answer: the defence escapes it.
    NotTheAnswer { played: MoveText },
    /// The puzzle is already solved.
    AlreadySolved(PuzzleView),
    /// The player gave the puzzle up today.
    GaveUp(PuzzleView),
}

/// A player's place on a server's puzzle leaderboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleStanding {
    pub user_id: UserId,
    pub solved: usize,
    /// Consecutive days solved up to today (or yesterday, while today is still open).
    pub streak: u32,
}

/// The days in a row solved, ending today or yesterday, of a player's solved `days`.
pub fn streak_of(days: &[NaiveDate], today: NaiveDate) -> u32 {
    let mut streak = 0;
    let mut expect = if days.contains(&today) {
        today
    } else {
        match today.pred_opt() {
            Some(day) => day,
            None => return 0,
        }
    };
    while days.contains(&expect) {
        streak += 1;
        match expect.pred_opt() {
            Some(day) => expect = day,
            None => break,
        }
    }
    streak
}

/// A move's forms, in the position it is played in.
fn move_text(game: &Game, m: &Move) -> MoveText {
    let legal = game.legal_moves();
    let position = game.position();
    MoveText {
        coordinate: position.coordinate(m),
        western: position.western(m, &legal),
        japanese: game.japanese(m, &legal),
    }
}

/// The game of a puzzle with `played` (USI) played, with each move's forms.
fn replay(sfen: &str, played: &[String]) -> ServiceResult<(Game, Vec<MoveText>)> {
    let options = RuleOptions::defaults(Variant::Standard);
    let mut game = Game::from_position(Variant::Standard, options, sfen)
        .map_err(|e| ServiceError::Corrupt(format!("puzzle {sfen}: {e}")))?;
    let mut texts = Vec::with_capacity(played.len());
    for text in played {
        let m = game.parse_move(text)?;
        texts.push(move_text(&game, &m));
        game.play(&m)?;
    }
    Ok((game, texts))
}

/// The board of a puzzle with `played` (USI) played, from the attacker's side with both
/// hands, the last move marked.
pub fn puzzle_png(sfen: &str, played: &[String]) -> ServiceResult<Vec<u8>> {
    let mut position = AnyPosition::from_text(Variant::Standard, sfen)
        .map_err(|e| ServiceError::Corrupt(format!("puzzle {sfen}: {e}")))?;
    let mut last = None;
    for text in played {
        let m = position
            .parse_move(text)
            .map_err(|e| ServiceError::Corrupt(format!("puzzle move {text}: {e}")))?;
        last = Some(LastMove::new(&position, &m));
        position.play_unchecked(&m);
    }
    render::board_png(&position, Seat(0), last.as_ref())
        .map_err(|e| ServiceError::Corrupt(format!("puzzle board: {e}")))
}

/// The answer's moves in the reader's forms.
pub fn solution_texts(sfen: &str, solution: &[String]) -> ServiceResult<Vec<MoveText>> {
    Ok(replay(sfen, solution)?.1)
}

impl Service {
    /// Sets the channel a server's daily puzzle is posted in and its hour (0 to 23, in
    /// the server's time zone). If today's hour has passed, today's puzzle is posted at
    /// once (unless it already was).
    pub async fn set_puzzle_channel(
        &self,
        guild: GuildId,
        channel: ChannelId,
        hour: i64,
    ) -> ServiceResult<PuzzleChannel> {
        let now = self.now();
        let tz = self.server_settings(guild).await?.time_zone;
        let today = at_hour(day_at(now, tz), hour.clamp(0, 23), tz);
        let set = self
            .store()
            .set_puzzle_channel(guild, channel, hour.clamp(0, 23), today, now)
            .await?;
        self.schedule_changed();
        Ok(set)
    }

    /// Stops a server's daily puzzle posts; `false` if there were none.
    pub async fn clear_puzzle_channel(&self, guild: GuildId) -> ServiceResult<bool> {
        Ok(self.store().clear_puzzle_channel(guild).await?)
    }

    /// A server's puzzle channel and hour, if it has one.
    pub async fn puzzle_channel(&self, guild: GuildId) -> ServiceResult<Option<PuzzleChannel>> {
        Ok(self.store().puzzle_channel(guild).await?)
    }

    /// Looks at the next finished game of standard shogi that no process has looked at
    /// (claimed in the store, so each game once across processes) and keeps the tsume its
    /// final attack makes, if any. `Ok(false)` when no game is waiting. The search runs on
    /// a blocking thread, bounded by nodes.
    pub async fn make_game_puzzle(&self) -> ServiceResult<bool> {
        let now = self.now();
        let Some((game_id, guild)) = self
            .store()
            .claim_game_for_puzzle(now - GAME_PUZZLE_WINDOW, now)
            .await?
        else {
            return Ok(false);
        };
        let table = Table::from_row(self.game_row(GameRef::InGuild(guild, game_id)).await?)?;
        let start = table.game.start_position().to_text();
        let moves: Vec<String> = table
            .game
            .history()
            .iter()
            .map(|played| played.coordinate.clone())
            .collect();
        let made = tokio::task::spawn_blocking(move || {
            let positions = tsume::game_positions(&start, moves.iter().map(String::as_str)).ok()?;
            let (i, t) = tsume::from_game(&positions, GAME_PUZZLE_NODES)?;
            // The positions alternate back from the one before the last move.
            let back = 2 * (positions.len() - 1 - i) + 1;
            Some((moves.len() - back, t))
        })
        .await
        .map_err(|e| ServiceError::Corrupt(format!("a tsume from game #{game_id}: {e}")))?;
        if let Some((ply, t)) = made {
            tracing::info!(%game_id, ply, length = t.length, "a tsume made from a game");
            self.store()
                .store_game_puzzle(
                    game_id,
                    ply as i64,
                    t.length as i64,
                    &t.sfen,
                    &t.solution_usi().join(" "),
                    self.now(),
                )
                .await?;
        }
        Ok(true)
    }

    /// Posts the day's puzzle of every server whose hour has come: once per server and
    /// day, whichever process gets there first (the post's key is the server and the
    /// day). Returns how many this call posted.
    pub(super) async fn post_due_puzzles(&self, now: i64) -> ServiceResult<usize> {
        let mut posted = 0;
        for due in self.store().due_puzzle_posts(now).await? {
            let tz = self.server_settings(due.guild_id).await?.time_zone;
            let day = day_at(now, tz);
            let puzzle = self.day_puzzle(due.guild_id, day, tz, true).await?;
            let post = Announcement::DailyPuzzle(Box::new(DailyPuzzle {
                guild_id: due.guild_id,
                day: day.to_string(),
                number: puzzle.number,
                length: puzzle.length,
                sfen: puzzle.sfen,
                game_id: puzzle.game_id,
            }));
            let stored = post.stored_in(due.channel_id, None, None)?;
            let next = next_post_after(now, due.hour, tz);
            if self
                .store()
                .post_puzzle(
                    due.guild_id,
                    &day.to_string(),
                    due.channel_id,
                    due.next_post_at,
                    next,
                    &[stored],
                    now,
                )
                .await?
            {
                posted += 1;
                self.announced();
            }
        }
        Ok(posted)
    }

    /// `user`'s view of the server's puzzle of today.
    pub async fn puzzle_today(&self, guild: GuildId, user: UserId) -> ServiceResult<PuzzleView> {
        let now = self.now();
        let tz = self.server_settings(guild).await?.time_zone;
        self.puzzle_view(guild, user, day_at(now, tz), tz, true)
            .await
    }

    /// The problem of a server's day: the one from the server's games chosen for it, or
    /// when `choose` (the day is today) the oldest of them waiting, made before the day
    /// began; else the bank's.
    async fn day_puzzle(
        &self,
        guild: GuildId,
        day: NaiveDate,
        tz: Tz,
        choose: bool,
    ) -> ServiceResult<DayPuzzle> {
        let made_before = choose.then(|| at_hour(day, 0, tz));
        let from_game = self
            .store()
            .game_puzzle_of_day(guild, &day.to_string(), made_before)
            .await?;
        Ok(match from_game {
            Some(p) => DayPuzzle::of_game(p),
            None => DayPuzzle::of_bank(puzzle_of_day(guild, day)),
        })
    }

    async fn puzzle_view(
        &self,
        guild: GuildId,
        user: UserId,
        day: NaiveDate,
        tz: Tz,
        choose: bool,
    ) -> ServiceResult<PuzzleView> {
        let progress = self
            .store()
            .puzzle_progress(guild, user, &day.to_string())
            .await?;
        // A progress row keeps the problem it was begun on.
        let kept = match &progress {
            Some(p) => match puzzle_bank().iter().find(|b| b.sfen == p.sfen) {
                Some(b) => Some(DayPuzzle::of_bank(b)),
                None => self
                    .store()
                    .game_puzzle_by_sfen(guild, &p.sfen)
                    .await?
                    .map(DayPuzzle::of_game),
            },
            None => None,
        };
        let puzzle = match kept {
            Some(p) => p,
            None => self.day_puzzle(guild, day, tz, choose).await?,
        };
        let (found, solved, gave_up) = match progress {
            Some(p) => (p.found as usize, p.solved_at.is_some(), p.gave_up),
            None => (0, false, false),
        };
        let plies = (2 * found).min(puzzle.length).min(puzzle.solution.len());
        Ok(PuzzleView {
            guild_id: guild,
            day: day.to_string(),
            number: puzzle.number,
            length: puzzle.length,
            played: puzzle.solution[..plies].to_vec(),
            sfen: puzzle.sfen,
            game_id: puzzle.game_id,
            solution: puzzle.solution,
            found,
            solved,
            gave_up,
        })
    }

    /// The attacking moves `user` may try next on today's puzzle: the checks of the
    /// position as it stands (empty once it is over), in USI with their Western form.
    pub async fn puzzle_checks(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> ServiceResult<Vec<MoveText>> {
        let view = self.puzzle_today(guild, user).await?;
        if view.solved || view.gave_up {
            return Ok(Vec::new());
        }
        let (game, _) = replay(&view.sfen, &view.played)?;
        let mut checks = Vec::new();
        game.position().generate_checks(&mut checks);
        Ok(checks.iter().map(|m| move_text(&game, m)).collect())
    }

    /// Answers one attacking move of today's puzzle, in any notation. The right move is
    /// recorded with the defence that follows it; a wrong one changes nothing. A move
    /// that cannot be read or is illegal is refused with the rule's reason.
    pub async fn answer_puzzle(
        &self,
        guild: GuildId,
        user: UserId,
        text: &str,
    ) -> ServiceResult<PuzzleAnswer> {
        let now = self.now();
        let tz = self.server_settings(guild).await?.time_zone;
        let today = day_at(now, tz);
        let view = self.puzzle_view(guild, user, today, tz, true).await?;
        if view.solved {
            return Ok(PuzzleAnswer::AlreadySolved(view));
        }
        if view.gave_up {
            return Ok(PuzzleAnswer::GaveUp(view));
        }
        let (mut game, _) = replay(&view.sfen, &view.played)?;
        let m = game.parse_move(text)?;
        let played = move_text(&game, &m);
        let Some(expected) = view.solution.as_slice().get(view.played.len()) else {
            return Err(ServiceError::Corrupt(format!(
                "puzzle {} has no answer",
                view.sfen
            )));
        };
        if played.coordinate != *expected {
            let mut after = game.position().clone();
            after.play_unchecked(&m);
            return Ok(if after.in_check(Seat(1)) {
                PuzzleAnswer::NotTheAnswer { played }
            } else {
                PuzzleAnswer::NotCheck { played }
            });
        }
        game.play(&m)?;
        let solution = view.solution.as_slice();
        let defence = match solution.get(view.played.len() + 1) {
            Some(reply) => {
                let r = game.parse_move(reply)?;
                let text = move_text(&game, &r);
                game.play(&r)?;
                Some(text)
            }
            None => None,
        };
        let found = view.found + 1;
        let solved = found == view.moves_to_find();
        let day = today.to_string();
        let recorded = self
            .store()
            .record_puzzle_step(
                guild,
                user,
                &day,
                &view.sfen,
                view.found as i64,
                found as i64,
                solved.then_some(now),
                false,
                now,
            )
            .await?;
        if !recorded {
            return Err(ServiceError::Raced);
        }
        let view = self.puzzle_view(guild, user, today, tz, true).await?;
        let streak = if solved {
            Some(self.puzzle_streak(guild, user).await?)
        } else {
            None
        };
        Ok(PuzzleAnswer::Right {
            played,
            defence,
            view,
            streak,
        })
    }

    /// Gives today's puzzle up: its answer is shown, and it no longer counts toward the
    /// streak. A solved puzzle stays solved.
    pub async fn give_up_puzzle(&self, guild: GuildId, user: UserId) -> ServiceResult<PuzzleView> {
        let now = self.now();
        let tz = self.server_settings(guild).await?.time_zone;
        let today = day_at(now, tz);
        let view = self.puzzle_view(guild, user, today, tz, true).await?;
        if view.solved || view.gave_up {
            return Ok(view);
        }
        self.store()
            .record_puzzle_step(
                guild,
                user,
                &today.to_string(),
                &view.sfen,
                view.found as i64,
                view.found as i64,
                None,
                true,
                now,
            )
            .await?;
        self.puzzle_view(guild, user, today, tz, true).await
    }

    /// The server's puzzle of yesterday, whose day is over, for its answer.
    pub async fn puzzle_yesterday(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> ServiceResult<PuzzleView> {
        let now = self.now();
        let tz = self.server_settings(guild).await?.time_zone;
        let today = day_at(now, tz);
        self.puzzle_view(guild, user, today.pred_opt().unwrap_or(today), tz, false)
            .await
    }

    /// The answer of a puzzle a view shows.
    pub fn puzzle_solution(&self, view: &PuzzleView) -> ServiceResult<Vec<MoveText>> {
        solution_texts(&view.sfen, &view.solution)
    }

    /// A player's current streak in a server.
    pub async fn puzzle_streak(&self, guild: GuildId, user: UserId) -> ServiceResult<u32> {
        let board = self.puzzle_leaderboard_all(guild).await?;
        Ok(board
            .iter()
            .find(|s| s.user_id == user)
            .map_or(0, |s| s.streak))
    }

    /// The server's puzzle leaderboard: the players with most puzzles solved, then the
    /// longest streak, at most [`PUZZLE_TOP`].
    pub async fn puzzle_leaderboard(&self, guild: GuildId) -> ServiceResult<Vec<PuzzleStanding>> {
        let mut board = self.puzzle_leaderboard_all(guild).await?;
        board.truncate(PUZZLE_TOP);
        Ok(board)
    }

    async fn puzzle_leaderboard_all(&self, guild: GuildId) -> ServiceResult<Vec<PuzzleStanding>> {
        let now = self.now();
        let tz = self.server_settings(guild).await?.time_zone;
        let today = day_at(now, tz);
        let solved = self.store().solved_puzzles(guild).await?;
        let mut board: Vec<PuzzleStanding> = Vec::new();
        let mut days: Vec<NaiveDate> = Vec::new();
        let mut current: Option<UserId> = None;
        let mut flush = |user: Option<UserId>, days: &mut Vec<NaiveDate>| {
            if let Some(user_id) = user {
                board.push(PuzzleStanding {
                    user_id,
                    solved: days.len(),
                    streak: streak_of(days, today),
                });
            }
            days.clear();
        };
        for (user, day) in solved {
            if current != Some(user) {
                flush(current, &mut days);
                current = Some(user);
            }
            if let Ok(day) = day.parse::<NaiveDate>() {
                days.push(day);
            }
        }
        flush(current, &mut days);
        board.sort_by(|a, b| (b.solved, b.streak, a.user_id).cmp(&(a.solved, a.streak, b.user_id)));
        Ok(board)
    }
}
