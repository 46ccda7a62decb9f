//! Pieces: their look (owner colours, promoted, powerless, face down), their pentagon cut
//! by rank, and their painted images, kept as sprites.

use tiny_skia::{Path, PathBuilder, Pixmap, Transform};

use super::fonts::draw_label;
use super::layout::Layout;
use super::paint::*;
use super::scene::{BoardStyle, QuarterTurns, Scene, ScenePiece};

/// The look of one piece, independent of where it stands.
pub struct PieceLook<'a> {
    label: &'a str,
    face: Ink,
    rim: Ink,
    rim_width: f32,
    ink: Ink,
    face_down: bool,
}

pub fn piece_look<'a>(scene: &Scene, piece: &'a ScenePiece, frozen: bool) -> PieceLook<'a> {
    let seat = scene.players.get(piece.owner);
    let yonin = scene.style == BoardStyle::Yonin;
    let grey = piece.powerless || frozen;
    let seat_ink = seat.map_or(PIECE_EDGE, |p| Ink::from_rgb(p.colour));
    let (mut face, mut rim, rim_width) = if yonin {
        (PIECE_FACE.mix(seat_ink, 0.16), seat_ink, 3.2)
    } else {
        (PIECE_FACE, PIECE_EDGE, 1.6)
    };
    let mut ink = if piece.promoted { PROMOTED } else { INK };
    if grey {
        face = GREY_FACE;
        rim = if yonin {
            seat_ink.mix(GREY_FACE, 0.55)
        } else {
            GREY_INK
        };
        ink = if piece.promoted {
            PROMOTED.mix(GREY_FACE, 0.5)
        } else {
            GREY_INK
        };
    }
    if piece.face_down {
        face = PIECE_BACK;
    }
    PieceLook {
        label: &piece.label,
        face,
        rim,
        rim_width,
        ink,
        face_down: piece.face_down,
    }
}

/// The piece outline in its own frame, pointing up, centred on the origin: a pentagon
/// with a short point for single kanji, a shorter one for two stacked kanji.
pub fn piece_outline(w: f32, h: f32, stacked: bool) -> Option<Path> {
    let (shoulder_w, shoulder_drop) = if stacked { (0.39, 0.17) } else { (0.38, 0.25) };
    let (hw, hh) = (w / 2.0, h / 2.0);
    let mut pb = PathBuilder::new();
    pb.move_to(0.0, -hh);
    pb.line_to(w * shoulder_w, -hh + h * shoulder_drop);
    pb.line_to(hw, hh);
    pb.line_to(-hw, hh);
    pb.line_to(-w * shoulder_w, -hh + h * shoulder_drop);
    pb.close();
    pb.finish()
}

/// Relative size of each size class, like real sets (the king the largest).
fn class_scale(size_class: u8) -> f32 {
    0.88 + 0.04 * f32::from(size_class.min(3))
}

/// Draws a piece centred on (`cx`, `cy`) (rounded to whole pixels), `w` x `h` in its own
/// frame, pointing to `facing` on screen.
pub fn draw_piece_at(
    pixmap: &mut Pixmap,
    look: &PieceLook,
    cx: f32,
    cy: f32,
    w: f32,
    h: f32,
    facing: QuarterTurns,
) {
    let key = SpriteKey::Piece {
        label: look.label.to_string(),
        face: look.face,
        rim: look.rim,
        ink: look.ink,
        rim_width: centi(look.rim_width),
        face_down: look.face_down,
        w: centi(w),
        h: centi(h),
        facing: facing.get(),
    };
    // A square wide enough for the piece turned any way, with its rim and shadow.
    let half = ((w.max(h) + look.rim_width) / 2.0 + 4.0).ceil() as i32;
    let side = (2 * half) as u32;
    let (x, y) = (cx.round() as i32 - half, cy.round() as i32 - half);
    memo(pixmap, key, x, y, side, side, |sprite| {
        paint_piece(sprite, look, half as f32, half as f32, w, h, facing);
    });
}

/// Paints a piece with anti-aliased paths: shadow, face, rim and label.
fn paint_piece(
    pixmap: &mut Pixmap,
    look: &PieceLook,
    cx: f32,
    cy: f32,
    w: f32,
    h: f32,
    facing: QuarterTurns,
) {
    let stacked = look.label.chars().count() > 1;
    let Some(outline) = piece_outline(w, h, stacked) else {
        return;
    };
    let place = Transform::from_rotate(facing.degrees()).post_translate(cx, cy);
    let shadow = place.post_translate(1.2, 2.0);
    fill(pixmap, &outline, SHADOW, shadow);
    fill(pixmap, &outline, look.face, place);
    stroke(pixmap, &outline, look.rim, look.rim_width, place);
    if look.face_down {
        // The blank back of a flipped king: an inner line shows it is a piece, not a hole.
        if let Some(inset) = piece_outline(w * 0.72, h * 0.72, stacked) {
            let t = Transform::from_translate(0.0, h * 0.06).post_concat(place);
            stroke(pixmap, &inset, PIECE_EDGE.alpha(150), 1.4, t);
        }
        return;
    }
    if stacked {
        let em = (w * 0.6).min(h * 0.43);
        let t = Transform::from_translate(0.0, h * 0.085).post_concat(place);
        draw_label(pixmap, look.label, em, 0.86, look.ink.color(), t);
    } else {
        let em = (w * 0.74).min(h * 0.62);
        let t = Transform::from_translate(0.0, h * 0.1).post_concat(place);
        draw_label(pixmap, look.label, em, 1.0, look.ink.color(), t);
    }
}

pub fn piece_size(layout: &Layout, size_class: u8) -> (f32, f32) {
    let m = &layout.metrics;
    let s = class_scale(size_class);
    // Square cells (yonin) hold pieces turned either way: fit the long side in the cell.
    let h = m.cell_h * m.piece_h * s;
    let w = m.cell_w * m.piece_w * s;
    (w, h)
}

pub fn draw_pieces(pixmap: &mut Pixmap, scene: &Scene, layout: &Layout) {
    for (square, piece) in scene.pieces() {
        let look = piece_look(scene, piece, false);
        let (cx, cy) = layout.cell_centre(square);
        let (w, h) = piece_size(layout, piece.size_class);
        let facing = piece.facing.relative_to(scene.view);
        draw_piece_at(pixmap, &look, cx, cy, w, h, facing);
    }
}
