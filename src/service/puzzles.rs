//! The daily tsume of each server: which problem of the bank falls on a server's day, its
//! post in the server's puzzle channel at the server's hour (once per server and day), and
//! each player's answer move by move, with streaks and the puzzle leaderboard.
//!
//! The problems come from the bank the composer made (`data/tsume/standard.txt`, each
//! proven by [`crate::computer::tsume::prove_tsume`]; a test proves them all again), so
//! nothing is composed while the bot runs. A server's day is its date in its time zone;
//! consecutive days of one server get consecutive problems of the bank, and servers start
//! at different places in it.

use std::sync::OnceLock;

use chrono::{Datelike, NaiveDate, TimeZone};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use crate::engine::{AnyPosition, Game, Move, Position, RuleOptions, Seat, Variant};
use crate::render::{self, LastMove};
use crate::store::{ChannelId, GuildId, PuzzleChannel, UserId};

use super::{Announcement, MoveText, Service, ServiceError, ServiceResult};

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

/// The problem of a server's day: consecutive days take consecutive problems.
pub fn puzzle_of_day(guild: GuildId, day: NaiveDate) -> &'static BankPuzzle {
    let bank = puzzle_bank();
    let len = bank.len() as u64;
    let index = (day.num_days_from_ce() as u64 + guild.0 % len) % len;
    &bank[index as usize]
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

/// A day's puzzle posted in a server's puzzle channel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyPuzzle {
    pub guild_id: GuildId,
    /// The server's date, `YYYY-MM-DD`.
    pub day: String,
    pub number: usize,
    pub length: usize,
    pub sfen: String,
}

/// A player's view of a server's puzzle of the day.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleView {
    pub guild_id: GuildId,
    pub day: String,
    pub number: usize,
    pub length: usize,
    /// The problem's position.
    pub sfen: String,
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

    /// Posts the day's puzzle of every server whose hour has come: once per server and
    /// day, whichever process gets there first (the post's key is the server and the
    /// day). Returns how many this call posted.
    pub(super) async fn post_due_puzzles(&self, now: i64) -> ServiceResult<usize> {
        let mut posted = 0;
        for due in self.store().due_puzzle_posts(now).await? {
            let tz = self.server_settings(due.guild_id).await?.time_zone;
            let day = day_at(now, tz);
            let puzzle = puzzle_of_day(due.guild_id, day);
            let post = Announcement::DailyPuzzle(Box::new(DailyPuzzle {
                guild_id: due.guild_id,
                day: day.to_string(),
                number: puzzle.number,
                length: puzzle.length,
                sfen: puzzle.sfen.clone(),
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
        self.puzzle_view(guild, user, day_at(now, tz)).await
    }

    async fn puzzle_view(
        &self,
        guild: GuildId,
        user: UserId,
        day: NaiveDate,
    ) -> ServiceResult<PuzzleView> {
        let puzzle = puzzle_of_day(guild, day);
        let progress = self
            .store()
            .puzzle_progress(guild, user, &day.to_string())
            .await?;
        // A progress row keeps the problem it was begun on.
        let (puzzle, found, solved, gave_up) = match progress {
            Some(p) => {
                let kept = puzzle_bank()
                    .iter()
                    .find(|b| b.sfen == p.sfen)
                    .unwrap_or(puzzle);
                (kept, p.found as usize, p.solved_at.is_some(), p.gave_up)
            }
            None => (puzzle, 0, false, false),
        };
        let plies = (2 * found).min(puzzle.length);
        Ok(PuzzleView {
            guild_id: guild,
            day: day.to_string(),
            number: puzzle.number,
            length: puzzle.length,
            sfen: puzzle.sfen.clone(),
            played: puzzle.solution[..plies].to_vec(),
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
        let view = self.puzzle_view(guild, user, today).await?;
        if view.solved {
            return Ok(PuzzleAnswer::AlreadySolved(view));
        }
        if view.gave_up {
            return Ok(PuzzleAnswer::GaveUp(view));
        }
        let (mut game, _) = replay(&view.sfen, &view.played)?;
        let m = game.parse_move(text)?;
        let played = move_text(&game, &m);
        let Some(expected) = puzzle_bank_solution(&view).get(view.played.len()) else {
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
        let solution = puzzle_bank_solution(&view);
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
        let view = self.puzzle_view(guild, user, today).await?;
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
        let view = self.puzzle_view(guild, user, today).await?;
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
        self.puzzle_view(guild, user, today).await
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
        self.puzzle_view(guild, user, today.pred_opt().unwrap_or(today))
            .await
    }

    /// The answer of a puzzle a view shows.
    pub fn puzzle_solution(&self, view: &PuzzleView) -> ServiceResult<Vec<MoveText>> {
        solution_texts(&view.sfen, puzzle_bank_solution(view))
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

/// The answer of the problem a view shows.
fn puzzle_bank_solution(view: &PuzzleView) -> &'static [String] {
    puzzle_bank()
        .iter()
        .find(|b| b.sfen == view.sfen)
        .map(|b| b.solution.as_slice())
        .unwrap_or(&[])
}
