//! Board pictures: what a board image shows (the position, the seat it is seen from, the
//! last move marked, the players' names and a caption), kept as plain data so that an
//! announcement can be stored with it and drawn when it is posted, and the drawing itself;
//! also a table's board as one seat sees it ([`BoardView`], before it is drawn).

use serde::{Deserialize, Serialize};

use crate::engine::{AnyPosition, Position, Seat, SeatName, Variant};
use crate::render::{self, BoardWords, LastMove, PieceStyle, RenderError, Verdict};

use super::table::Table;
use super::{BoardImage, BoardView, PlayerView, Service};

/// A board to draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardPicture {
    pub variant: Variant,
    /// The position in the variant's text form (SFEN for standard shogi).
    pub position: String,
    /// The seat the board is seen from.
    pub seat: u8,
    /// The last move, marked on the board.
    pub last_move: Option<PlayedMove>,
    /// Display names by seat.
    pub names: Vec<String>,
    /// One line under the board.
    pub caption: Option<String>,
    /// The last move, for a caption in the reader's language and notation (absent from
    /// pictures stored before it was added, which show `caption`).
    #[serde(default)]
    pub played: Option<NumberedMove>,
}

/// A move with its number and who played it, in every notation: the last move a picture's
/// caption names, or a board's text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NumberedMove {
    pub ply: u32,
    pub seat: u8,
    pub text: super::MoveText,
}

/// A move as the picture marks it: the move in coordinate notation and the position it
/// was played from (which tells what it captured on its way).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedMove {
    /// The position before the move, in the variant's text form.
    pub before: String,
    /// The move in coordinate notation.
    pub coordinate: String,
}

/// Why a picture could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    #[error("the position does not read back: {0}")]
    Position(String),
    #[error(transparent)]
    Render(#[from] RenderError),
}

/// The last move of a table's game, numbered; `None` before the first.
pub(super) fn last_numbered(table: &Table) -> Option<NumberedMove> {
    let history = table.game.history();
    history.last().map(|m| NumberedMove {
        ply: u32::try_from(history.len()).unwrap_or(u32::MAX),
        seat: m.seat.0,
        text: super::MoveText::of(m),
    })
}

impl BoardPicture {
    /// The position of `table` as it stands, seen from `seat`.
    pub(super) fn of(table: &Table, seat: u8, last_move: Option<PlayedMove>) -> Self {
        let history = table.game.history();
        let caption = history
            .last()
            .map(|m| format!("{}. {}", history.len(), m.western));
        let played = last_numbered(table);
        Self {
            variant: table.variant(),
            position: table.game.position().to_text(),
            seat,
            last_move,
            names: table.names(),
            caption,
            played,
        }
    }

    /// How players name the seat the board is seen from.
    pub fn seat_name(&self) -> SeatName {
        self.variant.named_seat(Seat(self.seat))
    }

    /// Draws it as PNG bytes with kanji pieces and English words, off the async threads.
    /// `None` (logged) if drawing failed: the board is then left out of whatever shows it.
    pub async fn draw(&self) -> Option<BoardImage> {
        self.draw_styled(PieceStyle::Kanji).await
    }

    /// Draws it as [`BoardPicture::draw`] does, with the pieces in `style` (for a board
    /// drawn for one player, in the style of their settings).
    pub async fn draw_styled(&self, style: PieceStyle) -> Option<BoardImage> {
        self.draw_with(style, &PictureWords::default()).await
    }

    /// Draws it with the pieces in `style` and the reader's `words`.
    pub async fn draw_with(&self, style: PieceStyle, words: &PictureWords) -> Option<BoardImage> {
        let picture = self.clone();
        let words = words.clone();
        let drawn = tokio::task::spawn_blocking(move || {
            let png = picture.png_with(style, &words)?;
            Ok::<_, PictureError>((png, picture.close_up_styled(style)))
        });
        match drawn.await {
            Ok(Ok((png, close_up))) => Some(BoardImage {
                seat: self.seat,
                seat_name: self.seat_name(),
                png,
                close_up,
            }),
            Ok(Err(error)) => {
                tracing::error!(%error, "could not draw the board");
                None
            }
            Err(error) => {
                tracing::error!(%error, "the board drawing task failed");
                None
            }
        }
    }

    /// The position and the last move to mark, read back.
    fn read(&self) -> Result<(AnyPosition, Option<LastMove>), PictureError> {
        let position = AnyPosition::from_text(self.variant, &self.position)
            .map_err(|e| PictureError::Position(e.to_string()))?;
        let last_move = self.last_move.as_ref().and_then(|played| {
            let before = AnyPosition::from_text(self.variant, &played.before).ok()?;
            let m = before.parse_move(&played.coordinate).ok()?;
            Some(LastMove::new(&before, &m))
        });
        Ok((position, last_move))
    }

    /// The close-up beside the whole board, for dai dai shogi, whose 17x17 board is too
    /// fine to read at chat width: `None` for the other variants, before the first move
    /// with no king in check, or (logged) if drawing failed.
    pub fn close_up(&self) -> Option<Vec<u8>> {
        self.close_up_styled(PieceStyle::Kanji)
    }

    /// The close-up with the pieces in `style` (dai dai keeps its kanji whatever the style).
    pub fn close_up_styled(&self, style: PieceStyle) -> Option<Vec<u8>> {
        // Only boards larger than 9x9 (dai dai shogi's 17x17) are too fine at chat width.
        if self.variant.geometry().size() <= 9 {
            return None;
        }
        let drawn = self.read().and_then(|(position, last_move)| {
            Ok(render::crop_png_styled(
                &position,
                Seat(self.seat),
                last_move.as_ref(),
                style,
            )?)
        });
        drawn.unwrap_or_else(|error| {
            tracing::error!(%error, "could not draw the close-up");
            None
        })
    }

    /// Draws it as PNG bytes with kanji pieces.
    pub fn png(&self) -> Result<Vec<u8>, PictureError> {
        self.png_styled(PieceStyle::Kanji)
    }

    /// Draws it as PNG bytes with the pieces in `style`.
    pub fn png_styled(&self, style: PieceStyle) -> Result<Vec<u8>, PictureError> {
        self.png_with(style, &PictureWords::default())
    }

    /// Draws it as PNG bytes with the pieces in `style` and the reader's `words`.
    pub fn png_with(
        &self,
        style: PieceStyle,
        words: &PictureWords,
    ) -> Result<Vec<u8>, PictureError> {
        let (position, last_move) = self.read()?;
        let mut scene =
            render::position_scene_styled(&position, Seat(self.seat), last_move.as_ref(), style);
        for (player, name) in scene.players.iter_mut().zip(&self.names) {
            player.name.clone_from(name);
        }
        scene.caption = words.caption.clone().or_else(|| self.caption.clone());
        scene.words.clone_from(&words.board);
        scene.set_verdicts(&words.verdicts);
        Ok(render::render_png(&scene)?)
    }
}

/// What a picture's reader sees written on it, in their language and notation: the tags
/// beside the names, the caption (else the picture's own), and for a finished game how it
/// ended for each seat (by seat), drawn instead of the tags of a game going on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PictureWords {
    pub board: BoardWords,
    pub caption: Option<String>,
    pub verdicts: Vec<Option<Verdict>>,
}

impl Service {
    /// The last move of a game as the picture marks it, with the position before it (the
    /// move log keeps the position after every move), when the game has `ply` moves and
    /// the engine's history ends with that move. `None` before the first move, or if the
    /// log does not say.
    pub(super) async fn last_played(&self, table: &Table, ply: u32) -> Option<PlayedMove> {
        let last = table.game.history().last()?;
        let before = match ply {
            0 => return None,
            1 => table.game.start_position().to_text(),
            ply => match self.store().move_at(table.id(), ply - 1).await {
                Ok(found) => found?.position,
                Err(error) => {
                    tracing::warn!(%error, game = %table.id(), "no last move to mark");
                    return None;
                }
            },
        };
        Some(PlayedMove {
            before,
            coordinate: last.coordinate.clone(),
        })
    }
}

impl Table {
    /// The game as it stands from one seat, not yet drawn, without its offers.
    pub(super) fn board(&self, seat: u8, last_move: Option<PlayedMove>) -> BoardView {
        let table = self;
        let position = table.game.position();
        BoardView {
            game_id: table.row.id,
            guild_id: table.row.guild_id,
            channel_id: table.row.channel_id,
            variant: table.variant(),
            ply: table.row.ply,
            players: table.players(),
            to_move: table.seat_to_move().map(|s| table.player(s)),
            checks: table.players_in(position.checked_seats()),
            last_move: table.game.history().last().map(|m| m.western.clone()),
            last_played: last_numbered(table),
            deadline_at: table.row.deadline_at,
            bank_left: table
                .seat_to_move()
                .and_then(|seat| super::clocks::bank_shown(&table.row, seat)),
            offers: Vec::new(),
            pairs: table.pairs(),
            position: position.to_text(),
            picture: BoardPicture::of(table, seat, last_move),
            image: None,
        }
    }

    /// The pairs of a game played in pairs, each seat with its partner, in seat order.
    fn pairs(&self) -> Vec<Vec<PlayerView>> {
        let table = self;
        let position = table.game.position();
        let seats = table.variant().seats();
        (0..seats)
            .filter_map(|seat| {
                let partner = Position::partner(position, Seat(seat))?;
                (partner.0 > seat).then(|| vec![table.player(seat), table.player(partner.0)])
            })
            .collect()
    }
}
