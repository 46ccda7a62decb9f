//! Board images: a position drawn as a PNG from any seat. Depends on the engine only.
//!
//! Drawing goes through a [`Scene`], a plain description of what the image shows (piece
//! labels, owners, directions, marks, hands, names), so the painter knows no rules:
//! [`render_scene`] paints a scene with tiny-skia and the embedded Noto CJK outlines, and
//! [`encode_png`] turns the result into PNG bytes. [`position_scene`] and [`board_png`]
//! make the scene of an engine position seen from one seat, with its [`LastMove`].
//! [`replay_gif`] draws a whole game as an animated GIF; [`crop_png`] a close-up of the
//! board around the last move, for boards too large to read at chat width;
//! [`daidai_reference`] the dai dai pieces with their moves.

mod board;
pub mod chart;
mod crop;
pub mod fonts;
pub mod layout;
mod lzw;
mod paint;
pub mod palette;
mod panels;
mod pieces;
mod position;
mod reference;
mod replay;
pub mod samples;
pub mod scene;
mod sprites;

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder};
use tiny_skia::Pixmap;

pub use crop::{
    crop_png, crop_png_styled, crop_window, render_crop, CropWindow, CROP_MAX, CROP_MIN,
};
pub use position::{
    board_png, board_png_styled, move_marks, position_scene, position_scene_styled, style_of,
    LastMove,
};
pub use reference::{
    daidai_reference, diagram, Diagram, DiagramMark, ReferencePage, ReferenceText, DIAGRAM_CENTRE,
};
pub use replay::{
    english_skip_note, replay_gif, Replay, ReplayFrame, ReplayOptions, SkipNote, DEFAULT_BYTE_LIMIT,
};
pub use scene::{
    BoardStyle, BoardWords, HandPiece, Highlight, Mark, MoveMark, PieceStyle, Player, QuarterTurns,
    Reach, Rgb, Scene, ScenePiece, Square, UnknownPieceStyle, Verdict, VerdictKind, YONIN_COLOURS,
};

/// Why an image could not be produced.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("could not encode the board image as PNG: {0}")]
    Encode(#[from] image::ImageError),
    #[error("could not encode the replay as GIF: {0}")]
    Gif(#[from] gif::EncodingError),
    #[error("a replay needs at least one position")]
    EmptyReplay,
    #[error("an image of {width} x {height} pixels is too large for a GIF")]
    TooBigForGif { width: u32, height: u32 },
    #[error(
        "the replay takes {needed} bytes even with only its first and last positions, \
         over the limit of {limit} bytes"
    )]
    TooLarge { limit: usize, needed: usize },
    #[error("the record does not play again at move {ply} ({text}): {reason}")]
    Record {
        ply: usize,
        text: String,
        reason: String,
    },
}

/// Paints `scene` into a new pixmap, of a size fixed by its style and view.
pub fn render_scene(scene: &Scene) -> Pixmap {
    let layout = layout::Layout::new(scene);
    let mut pixmap = (*board::empty_board(scene, &layout)).clone();
    board::draw_highlights(&mut pixmap, scene, &layout);
    board::draw_route(&mut pixmap, scene, &layout);
    pieces::draw_pieces(&mut pixmap, scene, &layout);
    board::draw_capture_marks(&mut pixmap, scene, &layout);
    panels::draw_hands(&mut pixmap, scene, &layout);
    match scene.style {
        BoardStyle::Yonin => panels::draw_legend(&mut pixmap, scene, &layout),
        BoardStyle::Standard | BoardStyle::DaiDai => panels::draw_bars(&mut pixmap, scene, &layout),
    }
    pixmap
}

/// Encodes an opaque pixmap (as [`render_scene`] makes) as an RGB PNG.
pub fn encode_png(pixmap: &Pixmap) -> Result<Vec<u8>, RenderError> {
    // The images are opaque, so premultiplied RGBA is plain RGBA: drop the alpha.
    // Written into a buffer sized up front: pushing pixel by pixel cost as much as the
    // deflate itself.
    let mut rgb = vec![0u8; pixmap.data().len() / 4 * 3];
    for (out, px) in rgb.chunks_exact_mut(3).zip(pixmap.data().chunks_exact(4)) {
        out.copy_from_slice(&px[..3]);
    }
    let mut png = Vec::with_capacity(rgb.len() / 8);
    // Measured on the sample boards with zlib-rs behind the encoder and the Up filter
    // (boards are made of vertical runs): level 1 encodes a 9x9 board in about 4 ms at
    // about 127 KB, 40% faster than the default backend's level 1 for 7% more bytes; the
    // 17x17 boards take level 2 (about 400 KB in 13 ms, where level 1 gives 480 KB in 9 ms).
    let level = if pixmap.width() * pixmap.height() > 1_000_000 {
        2
    } else {
        1
    };
    let encoder =
        PngEncoder::new_with_quality(&mut png, CompressionType::Level(level), FilterType::Up);
    encoder.write_image(
        &rgb,
        pixmap.width(),
        pixmap.height(),
        ExtendedColorType::Rgb8,
    )?;
    Ok(png)
}

/// [`render_scene`] and [`encode_png`] in one step.
pub fn render_png(scene: &Scene) -> Result<Vec<u8>, RenderError> {
    encode_png(&render_scene(scene))
}
