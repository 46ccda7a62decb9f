//! Pieces: their look (owner colours, promoted, powerless, face down), their pentagon cut
//! by rank, and their painted images, kept as sprites: kanji, or the international style's
//! letter with the piece's moves drawn around it.

use tiny_skia::{Path, PathBuilder, Pixmap, Transform};

use super::fonts::{draw_label, TextLine};
use super::layout::Layout;
use super::paint::*;
use super::scene::{BoardStyle, MoveMark, QuarterTurns, Reach, Scene, ScenePiece};

/// The look of one piece, independent of where it stands.
pub struct PieceLook<'a> {
    label: &'a str,
    /// The international style's moves; `None` for kanji.
    moves: Option<&'a [MoveMark]>,
    face: Ink,
    rim: Ink,
    rim_width: f32,
    ink: Ink,
    /// The colour of the move marks (international style).
    mark: Ink,
    face_down: bool,
}

pub fn piece_look<'a>(scene: &Scene, piece: &'a ScenePiece, frozen: bool) -> PieceLook<'a> {
    let seat = scene.players.get(piece.owner);
    let yonin = scene.style == BoardStyle::Yonin;
    let grey = piece.powerless || frozen;
    let seat_ink = seat.map_or(PIECE_EDGE, |p| Ink::from_rgb(p.colour));
    let (mut face, mut rim, rim_width) = if yonin {
        (seat_face(seat_ink), seat_ink, 3.2)
    } else {
        (PIECE_FACE, PIECE_EDGE, 1.6)
    };
    let mut ink = if piece.promoted { PROMOTED } else { INK };
    if grey {
        face = GREY_FACE;
        rim = if yonin { grey_rim(seat_ink) } else { GREY_INK };
        ink = if piece.promoted {
            PROMOTED.mix(GREY_FACE, 0.5)
        } else {
            GREY_INK
        };
    }
    if piece.face_down {
        face = PIECE_BACK;
    }
    // Move marks in the seat's colour where seats have colours (yonin), deepened to read
    // on the tinted face; otherwise in the label's ink.
    let mark = match (yonin, grey) {
        (true, false) => seat_mark(seat_ink),
        (true, true) => grey_mark(seat_ink),
        (false, _) => ink,
    };
    PieceLook {
        label: &piece.label,
        moves: piece.moves.as_deref(),
        face,
        rim,
        rim_width,
        ink,
        mark,
        face_down: piece.face_down,
    }
}

/// The piece outline in its own frame, pointing up, centred on the origin: a pentagon
/// with a short point for single kanji, a shorter one for two stacked kanji.
pub fn piece_outline(w: f32, h: f32, stacked: bool) -> Option<Path> {
    let (shoulder_w, shoulder_drop) = if stacked { (0.41, 0.13) } else { (0.38, 0.25) };
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

/// Relative size of each size class, like real sets (the king the largest), each class
/// `step` smaller than the next.
fn class_scale(size_class: u8, step: f32) -> f32 {
    1.0 - step * f32::from(3 - size_class.min(3))
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
        moves: look.moves.map(<[MoveMark]>::to_vec),
        face: look.face,
        rim: look.rim,
        ink: look.ink,
        mark: look.mark,
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
    let stacked = look.moves.is_none() && look.label.chars().count() > 1;
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
    if let Some(moves) = look.moves {
        paint_international(pixmap, look, moves, w, h, place);
    } else if stacked {
        // Two kanji fill the piece below its short point, in a heavier weight: dai dai
        // boards are mostly seen scaled down to chat width, where thin strokes vanish.
        let em = (w * 0.6).min(h * 0.47);
        let t = Transform::from_translate(0.0, h * 0.075).post_concat(place);
        draw_label(pixmap, look.label, em, 0.86, 0.035, look.ink.color(), t);
    } else {
        let em = (w * 0.74).min(h * 0.62);
        let t = Transform::from_translate(0.0, h * 0.1).post_concat(place);
        draw_label(pixmap, look.label, em, 1.0, 0.0, look.ink.color(), t);
    }
}

/// The international face: the Western letter a little below the middle, and around it
/// one mark per move line of the piece, pointing where that line goes in the piece's own
/// frame (`place` turns it with the piece): a dot for a step, an arrow for a slide (with
/// a bar across its tail when the range is limited), a ring for a jump.
fn paint_international(
    pixmap: &mut Pixmap,
    look: &PieceLook,
    moves: &[MoveMark],
    w: f32,
    h: f32,
    place: Transform,
) {
    let centre = (0.0, h * 0.1);
    draw_letter(pixmap, look.label, w * 0.58, look.ink, centre, place);
    let unit = w.min(h);
    let dot = unit * 0.066;
    for mark in moves {
        let (x, y) = mark_point(mark.dx, mark.dy, w, h, centre);
        match mark.reach {
            Reach::Step => {
                if let Some(disc) = circle(x, y, dot) {
                    fill(pixmap, &disc, look.mark, place);
                }
            }
            Reach::Jump => {
                if let Some(ring) = circle(x, y, dot * 1.15) {
                    stroke(pixmap, &ring, look.mark, unit * 0.042, place);
                }
            }
            Reach::Slide(range) => {
                let (dx, dy) = (x - centre.0, y - centre.1);
                let length = (dx * dx + dy * dy).sqrt().max(0.01);
                let (ux, uy) = (dx / length, dy / length);
                let tail = (x - ux * unit * 0.1, y - uy * unit * 0.1);
                let tip = (x + ux * unit * 0.07, y + uy * unit * 0.07);
                // A solid head: at chat width an open V blurs into a dot, a wedge stays
                // a wedge.
                let head = unit * 0.12;
                let base = (tip.0 - ux * head, tip.1 - uy * head);
                let mut pb = PathBuilder::new();
                pb.move_to(tail.0, tail.1);
                pb.line_to(base.0 + ux * head * 0.3, base.1 + uy * head * 0.3);
                if range > 1 {
                    let bar = head * 0.6;
                    pb.move_to(tail.0 - uy * bar, tail.1 + ux * bar);
                    pb.line_to(tail.0 + uy * bar, tail.1 - ux * bar);
                }
                if let Some(shaft) = pb.finish() {
                    stroke(pixmap, &shaft, look.mark, unit * 0.055, place);
                }
                let spread = head * 0.75;
                let mut pb = PathBuilder::new();
                pb.move_to(tip.0, tip.1);
                pb.line_to(base.0 - uy * spread, base.1 + ux * spread);
                pb.line_to(base.0 + uy * spread, base.1 - ux * spread);
                pb.close();
                if let Some(wedge) = pb.finish() {
                    fill(pixmap, &wedge, look.mark, place);
                }
            }
        }
    }
}

/// The international label centred on `centre` of the piece frame, `em` pixels tall: the
/// letter of the kind, the same for its promoted side (`+R` draws as a red `R`).
///
/// A promoted piece is told by its red ink, as kanji pieces are, and by its marks, which
/// change with promotion for every kind (a tokin shows the gold's six steps, a dragon the
/// rook's arrows with four diagonal dots), so it stays told apart without colour too. A
/// plus sign before the letter was tried: on a piece 40 px wide, as chat shows a board,
/// it is a speck of three pixels, and the pair had to shrink the letter by a fifth.
fn draw_letter(
    pixmap: &mut Pixmap,
    label: &str,
    em: f32,
    ink: Ink,
    centre: (f32, f32),
    place: Transform,
) {
    let letter = match label.strip_prefix('+') {
        Some(rest) if !rest.is_empty() => rest,
        _ => label,
    };
    let at = Transform::from_translate(centre.0, centre.1).post_concat(place);
    TextLine::new(letter).draw_centred(pixmap, em, ink.color(), at);
}

/// Where the mark of a move line toward (`dx`, `dy`) sits on a piece `w` x `h`, around the
/// letter's `centre`: on an oval inside the outline, the forward corners drawn in under
/// the slanted shoulders; a jump beyond a step goes further out along its own direction.
fn mark_point(dx: i8, dy: i8, w: f32, h: f32, centre: (f32, f32)) -> (f32, f32) {
    let (fx, fy) = (f32::from(dx), f32::from(dy));
    if dx.abs() > 1 || dy.abs() > 1 {
        // A jump (the knight's two forward jumps): toward its square, out under the
        // shoulder, beyond where a step would be.
        let length = fx.abs().max(fy.abs());
        return (
            centre.0 + fx / length * w * 0.44,
            centre.1 + fy / length * h * 0.4,
        );
    }
    let (rx, ry) = match (dx != 0, dy) {
        // Forward diagonals sit inside the shoulders.
        (true, -1) => (w * 0.27, h * 0.3),
        (true, _) => (w * 0.32, h * 0.31),
        (false, -1) => (0.0, h * 0.37),
        (false, _) => (w * 0.37, h * 0.32),
    };
    (centre.0 + fx * rx, centre.1 + fy * ry)
}

pub fn piece_size(layout: &Layout, size_class: u8) -> (f32, f32) {
    let m = &layout.metrics;
    let s = class_scale(size_class, m.class_step);
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
