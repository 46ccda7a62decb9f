//! The board picture of an outcome or a board view: one function, so the renderer can be
//! swapped in one place.

use image::codecs::png::PngEncoder;
use image::{ExtendedColorType, ImageEncoder};

use crate::engine::{self, Seat};

use super::BoardImage;

/// Pixels per square of the interim picture.
const CELL: u32 = 24;

/// Draws the position of `game` from `seat`'s side of the table as PNG bytes. Runs off the
/// async threads; `None` (logged) if drawing failed, which never undoes what was stored.
pub(super) async fn board_image(game: engine::Game, seat: u8) -> Option<BoardImage> {
    let variant = game.variant();
    let drawn = tokio::task::spawn_blocking(move || draw_board(&game, seat)).await;
    match drawn {
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

/// An interim picture until the renderer lands: the grid with each occupied square shaded
/// by its owner.
fn draw_board(game: &engine::Game, _seat: u8) -> Result<Vec<u8>, image::ImageError> {
    const OWNERS: [[u8; 3]; 4] = [[40, 40, 40], [200, 60, 60], [60, 60, 200], [60, 160, 60]];
    let position = game.position();
    let geometry = position.geometry();
    let size = u32::from(geometry.size());
    let side = size * CELL + 1;
    let mut rgb = vec![0u8; (side * side * 3) as usize];
    for y in 0..side {
        for x in 0..side {
            let on_line = x % CELL == 0 || y % CELL == 0;
            let colour = if on_line {
                [0, 0, 0]
            } else {
                let (col, row) = (x / CELL, y / CELL);
                let square = geometry.square(col as u8, row as u8);
                match position.piece_at(square) {
                    Some(piece) => OWNERS[piece.owner().index() % OWNERS.len()],
                    None => [240, 210, 150],
                }
            };
            let at = ((y * side + x) * 3) as usize;
            rgb[at..at + 3].copy_from_slice(&colour);
        }
    }
    let mut png = Vec::new();
    PngEncoder::new(&mut png).write_image(&rgb, side, side, ExtendedColorType::Rgb8)?;
    Ok(png)
}
