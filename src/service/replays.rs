//! Replays of a game: the whole game as an animated GIF (announced when a game ends, and
//! given on request for any game, finished or not), and the board after any one of its
//! moves with the moves around it, for stepping through a game.
//!
//! Both are drawn from the game's own record, played again from its start position (the
//! stored state holds the whole record, so nothing else is read). The captions are the
//! front end's: it passes them in as [`Captions`], so the words stay with the rest of its
//! text.

use std::sync::Arc;

use crate::engine::{PlayedMove, Seat, SeatName, Variant};
use crate::render::{self, BoardWords, PieceStyle, ReplayFrame, ReplayOptions, SkipNote, Verdict};
use crate::store::{self, ChannelId, GameId, GameStatus, GuildId, UserId};

use super::table::{StoredResult, Table};
use super::{
    BoardImage, GameOver, GameRef, PlayerView, ReplayView, Service, ServiceError, ServiceResult,
};

/// Moves listed on each side of the one shown when stepping through a game.
pub const MOVES_AROUND: u32 = 5;

/// What the caption of one position says: the variant, the number of moves played to reach
/// it, the last of them (`None` at the start), and the result on the final position of a
/// finished game.
#[derive(Clone, Copy, Debug)]
pub struct Caption<'a> {
    pub variant: Variant,
    pub ply: u32,
    pub played: Option<&'a PlayedMove>,
    pub result: Option<&'a str>,
}

/// Writes the caption under a replayed position, in the reader's language.
pub type Captions = Arc<dyn Fn(&Caption<'_>) -> String + Send + Sync>;

/// Says how a finished game ended for each seat (by seat), in the reader's language, for
/// the tags of its final position.
pub type Verdicts = Arc<dyn Fn(Variant, &GameOver) -> Vec<Option<Verdict>> + Send + Sync>;

/// The words drawn on replayed boards, the front end's in its reader's language and
/// notation: the captions, the tags beside the names, how the game ended for each seat,
/// and the note of a shortened replay.
#[derive(Clone)]
pub struct ReplayWords {
    pub captions: Captions,
    pub board: BoardWords,
    pub verdicts: Verdicts,
    pub skip_note: SkipNote,
}

impl ReplayWords {
    /// `captions` with the renderer's own (English) tags and note, and no verdicts.
    pub fn with_captions(captions: Captions) -> ReplayWords {
        ReplayWords {
            captions,
            board: BoardWords::default(),
            verdicts: Arc::new(|_, _| Vec::new()),
            skip_note: Arc::new(render::english_skip_note),
        }
    }
}

/// Which seat a replay is seen from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplaySeat {
    /// This seat.
    Seat(u8),
    /// As the game's record is shown to this user: from the winner's seat when the game has
    /// a winner, else from the user's own seat if they play, else from the first seat.
    For(UserId),
}

/// A game drawn as an animated GIF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayFile {
    pub game_id: GameId,
    pub variant: Variant,
    pub seat: u8,
    pub seat_name: SeatName,
    /// E.g. `shogiban-game-12.gif`.
    pub filename: String,
    pub gif: Vec<u8>,
    /// Positions in the game, the start included.
    pub positions: usize,
    /// Positions in the file.
    pub frames: usize,
    /// Every how many positions one is shown: 1 when none were left out.
    pub every: usize,
    /// Whether the game is over.
    pub finished: bool,
}

/// One move in the list beside a replayed board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayMove {
    pub ply: u32,
    pub seat: u8,
    pub seat_name: SeatName,
    /// The move in every notation.
    pub text: super::MoveText,
}

/// The board after one move of a game, with the moves around it.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayBoard {
    pub game_id: GameId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub variant: Variant,
    pub status: GameStatus,
    /// The moves played before the position shown.
    pub ply: u32,
    /// The moves of the game so far.
    pub last_ply: u32,
    /// The seat the board is seen from.
    pub seat: u8,
    /// The viewer's seat, if they play in the game.
    pub viewer_seat: Option<u8>,
    pub players: Vec<PlayerView>,
    /// Up to [`MOVES_AROUND`] moves each side of the one that led to the position, and it.
    pub moves: Vec<ReplayMove>,
    /// How the game ended; `None` while it goes on.
    pub result: Option<String>,
    /// How the game ended, for the front end to say in its reader's language; `None`
    /// while it goes on.
    pub over: Option<GameOver>,
    pub image: Option<BoardImage>,
}

impl Service {
    /// The game `game` as an animated GIF of at most `byte_limit` bytes (positions are left
    /// out to stay under it, and the captions say so), seen from `seat`.
    pub async fn replay_gif(
        &self,
        game: GameRef,
        seat: ReplaySeat,
        byte_limit: usize,
        words: ReplayWords,
    ) -> ServiceResult<ReplayFile> {
        let table = Table::from_row(self.game_row(game).await?)?;
        // A replay made for one user is drawn with their pieces; one for the channel, kanji.
        let style = match seat {
            ReplaySeat::For(user) => self.piece_style_of(user).await,
            ReplaySeat::Seat(_) => PieceStyle::Kanji,
        };
        let seat = replay_seat(&table, seat);
        let id = table.id();
        let drawn =
            tokio::task::spawn_blocking(move || draw_gif(&table, seat, style, byte_limit, &words))
                .await
                .map_err(|e| replay_failed(id, e.to_string()))??;
        Ok(drawn)
    }

    /// The board of `game` after `ply` moves (`None`: as it stands), seen from `seat`
    /// (`None`: the viewer's seat if they play, else the first seat), with the moves around
    /// it.
    pub async fn replay_board(
        &self,
        game: GameRef,
        ply: Option<u32>,
        seat: Option<u8>,
        viewer: UserId,
        words: ReplayWords,
    ) -> ServiceResult<ReplayBoard> {
        let table = Table::from_row(self.game_row(game).await?)?;
        let game_id = table.id();
        let variant = table.variant();
        let last_ply = u32::try_from(table.game.history().len()).unwrap_or(u32::MAX);
        let ply = ply.unwrap_or(last_ply);
        if ply > last_ply {
            return Err(ServiceError::NoSuchMove {
                game: game_id,
                last_ply,
            });
        }
        let viewer_seat = table.seat_of(viewer).ok();
        let seat = match seat {
            Some(seat) if seat < variant.seats() => seat,
            Some(_) => {
                return Err(ServiceError::NoSuchSeat { variant });
            }
            None => viewer_seat.unwrap_or(0),
        };
        let moves = moves_around(&table, ply);
        let result = result_of(&table.row);
        let over = over_of(&table);
        let players = table.players();
        let (id, guild_id, channel_id, status) = (
            table.id(),
            table.row.guild_id,
            table.row.channel_id,
            table.row.status,
        );
        let style = self.piece_style_of(viewer).await;
        let png = tokio::task::spawn_blocking(move || draw_board(&table, ply, seat, style, &words))
            .await
            .map_err(|e| replay_failed(id, e.to_string()))??;
        Ok(ReplayBoard {
            game_id: id,
            guild_id,
            channel_id,
            variant,
            status,
            ply,
            last_ply,
            seat,
            viewer_seat,
            players,
            moves,
            result,
            over,
            image: Some(BoardImage {
                seat,
                seat_name: variant.named_seat(Seat(seat)),
                png,
                // The replay pages through whole boards; the close-up follows the live game.
                close_up: None,
            }),
        })
    }

    /// The last message posted about each game in its channel (or thread), for lists that
    /// link to them; games with none are left out.
    pub async fn last_messages(
        &self,
        games: &[super::GameSummary],
    ) -> ServiceResult<Vec<(GameId, store::MessageId)>> {
        let mut found = Vec::new();
        for game in games {
            if let Some(message) = self
                .store()
                .last_game_message(game.game_id, game.channel_id)
                .await?
            {
                found.push((game.game_id, message));
            }
        }
        Ok(found)
    }

    /// The stored game a command means.
    pub(super) async fn game_row(&self, game: GameRef) -> ServiceResult<store::Game> {
        match game {
            GameRef::InGuild(guild, id) => self
                .store()
                .game(id)
                .await?
                .filter(|row| row.guild_id == guild)
                .ok_or(ServiceError::GameNotFound(id)),
            GameRef::Channel(channel) => self
                .store()
                .latest_game_in_channel(channel)
                .await?
                .ok_or(ServiceError::NoGameHere),
        }
    }
}

/// The announcement of a game's replay at its end: drawn from the first winner's seat, or
/// the first seat when nobody won. `None` for a game without moves (its replay would be
/// its first board again).
pub(super) fn replay_at_end(table: &Table, summary: &str, over: &GameOver) -> Option<ReplayView> {
    if table.game.history().is_empty() {
        return None;
    }
    let seat = table
        .game
        .result()
        .and_then(|result| result.winners().first().copied())
        .map_or(0, |seat| seat.0);
    Some(ReplayView {
        game_id: table.id(),
        guild_id: table.row.guild_id,
        variant: table.variant(),
        seat,
        summary: summary.to_owned(),
        players: table.players(),
        over: Some(over.clone()),
    })
}

/// The seat a replay is drawn from.
fn replay_seat(table: &Table, seat: ReplaySeat) -> u8 {
    match seat {
        ReplaySeat::Seat(seat) if seat < table.variant().seats() => seat,
        ReplaySeat::Seat(_) => 0,
        ReplaySeat::For(user) => table
            .game
            .result()
            .and_then(|result| result.winners().first().copied())
            .map(|seat| seat.0)
            .or_else(|| table.seat_of(user).ok())
            .unwrap_or(0),
    }
}

/// How a stored game ended, in one line.
fn result_of(row: &store::Game) -> Option<String> {
    StoredResult::of(row).map(|stored| stored.summary)
}

fn replay_failed(game: GameId, reason: String) -> ServiceError {
    ServiceError::Replay { game, reason }
}

/// How a stored game ended, as the front end words it: the stored reason and the places
/// of the seats; `None` while it goes on, or for a result that does not read back.
fn over_of(table: &Table) -> Option<GameOver> {
    let row = &table.row;
    let stored = StoredResult::of(row)?;
    let standings = table
        .players()
        .into_iter()
        .map(|player| super::Standing {
            place: row
                .seats
                .iter()
                .find(|seat| seat.seat == player.seat)
                .and_then(|seat| seat.place),
            player,
            rating: None,
        })
        .collect();
    Some(GameOver {
        status: row.status,
        reason: stored.reason,
        summary: stored.summary,
        rated: row.rated && row.status == GameStatus::Finished,
        standings,
    })
}

/// Every position of the game with its caption, and on the final position of a finished
/// game how it ended for each seat.
fn frames_of(table: &Table, words: &ReplayWords) -> ServiceResult<Vec<ReplayFrame>> {
    let variant = table.variant();
    let result = result_of(&table.row);
    let moves = table.game.history().len();
    let mut played_so_far = 0;
    let mut frames = ReplayFrame::from_game(&table.game, |ply, played| {
        if played.is_some() {
            played_so_far += 1;
        }
        let last = played_so_far == moves && table.row.status != GameStatus::Active;
        (words.captions)(&Caption {
            variant,
            ply,
            played,
            result: if last { result.as_deref() } else { None },
        })
    })
    .map_err(|e| replay_failed(table.id(), e.to_string()))?;
    if let (Some(over), Some(last)) = (over_of(table), frames.last_mut()) {
        last.verdicts = (words.verdicts)(variant, &over);
    }
    Ok(frames)
}

fn draw_gif(
    table: &Table,
    seat: u8,
    style: PieceStyle,
    byte_limit: usize,
    words: &ReplayWords,
) -> ServiceResult<ReplayFile> {
    let frames = frames_of(table, words)?;
    let options = ReplayOptions {
        seat: Seat(seat),
        names: table.names(),
        piece_style: style,
        byte_limit,
        skip_note: words.skip_note.clone(),
        words: words.board.clone(),
        ..ReplayOptions::default()
    };
    let replay = render::replay_gif(&frames, &options)
        .map_err(|e| replay_failed(table.id(), e.to_string()))?;
    Ok(ReplayFile {
        game_id: table.id(),
        variant: table.variant(),
        seat,
        seat_name: table.variant().named_seat(Seat(seat)),
        filename: format!("shogiban-game-{}.gif", table.id()),
        gif: replay.gif,
        positions: frames.len(),
        frames: replay.frames,
        every: replay.every,
        finished: table.row.status != GameStatus::Active,
    })
}

fn draw_board(
    table: &Table,
    ply: u32,
    seat: u8,
    style: PieceStyle,
    words: &ReplayWords,
) -> ServiceResult<Vec<u8>> {
    let frames = frames_of(table, words)?;
    // The record starts at index 0 with the start position: frame `ply` follows move `ply`.
    let frame = usize::try_from(ply)
        .ok()
        .and_then(|ply| frames.get(ply))
        .ok_or_else(|| replay_failed(table.id(), format!("no position after move {ply}")))?;
    let mut scene =
        render::position_scene_styled(&frame.position, Seat(seat), frame.last_move.as_ref(), style);
    for (player, name) in scene.players.iter_mut().zip(table.names()) {
        player.name = name;
    }
    scene.caption = Some(frame.caption.clone());
    scene.words.clone_from(&words.board);
    scene.set_verdicts(&frame.verdicts);
    render::render_png(&scene).map_err(|e| replay_failed(table.id(), e.to_string()))
}

/// The moves from [`MOVES_AROUND`] before move `ply` to as many after it.
fn moves_around(table: &Table, ply: u32) -> Vec<ReplayMove> {
    let variant = table.variant();
    let first = ply.saturating_sub(MOVES_AROUND).max(1);
    let last = ply.saturating_add(MOVES_AROUND);
    table
        .game
        .history()
        .iter()
        .zip(1u32..)
        .filter(|(_, n)| (first..=last).contains(n))
        .map(|(played, n)| ReplayMove {
            ply: n,
            seat: played.seat.0,
            seat_name: variant.named_seat(played.seat),
            text: super::MoveText::of(played),
        })
        .collect()
}
