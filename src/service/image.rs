//! The board picture of an outcome or a board view, drawn by the renderer from one seat
//! with the players' names and the last move marked.

use crate::engine::{AnyPosition, Seat};
use crate::render::{self, LastMove, RenderError};

use super::table::Table;
use super::{BoardImage, Service};

/// What a picture shows besides the position.
pub(super) struct Picture {
    pub position: AnyPosition,
    pub seat: u8,
    pub last_move: Option<LastMove>,
    /// Display names by seat.
    pub names: Vec<String>,
    /// One line under the board.
    pub caption: Option<String>,
}

impl Picture {
    /// The position of `table` as it stands, from `seat`.
    pub fn of(table: &Table, seat: u8, last_move: Option<LastMove>) -> Self {
        let history = table.game.history();
        let caption = history
            .last()
            .map(|m| format!("{}. {}", history.len(), m.western));
        Self {
            position: table.game.position().clone(),
            seat,
            last_move,
            names: table.names(),
            caption,
        }
    }

    /// Draws it as PNG bytes, off the async threads. `None` (logged) if drawing failed,
    /// which never undoes what was stored.
    pub async fn draw(self) -> Option<BoardImage> {
        let variant = self.position.variant();
        let seat = self.seat;
        match tokio::task::spawn_blocking(move || self.png()).await {
            Ok(Ok(png)) => Some(BoardImage {
                seat,
                seat_name: variant.seat_name(Seat(seat)),
                png,
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

    fn png(&self) -> Result<Vec<u8>, RenderError> {
        let mut scene =
            render::position_scene(&self.position, Seat(self.seat), self.last_move.as_ref());
        for (player, name) in scene.players.iter_mut().zip(&self.names) {
            player.name.clone_from(name);
        }
        scene.caption.clone_from(&self.caption);
        render::render_png(&scene)
    }
}

impl Service {
    /// The last move of a game as the picture marks it, worked out from the position
    /// before it (the move log keeps the position after every move). `None` before the
    /// first move, or if the log does not say.
    pub(super) async fn last_move(&self, table: &Table) -> Option<LastMove> {
        let last = table.game.history().last()?;
        let before = match table.row.ply {
            0 => return None,
            1 => table.game.start_position().clone(),
            ply => {
                let earlier = match self.store().move_at(table.id(), ply - 1).await {
                    Ok(found) => found?,
                    Err(error) => {
                        tracing::warn!(%error, game = %table.id(), "no last move to mark");
                        return None;
                    }
                };
                AnyPosition::from_text(table.variant(), &earlier.position).ok()?
            }
        };
        let m = before.parse_move(&last.coordinate).ok()?;
        Some(LastMove::new(&before, &m))
    }
}
