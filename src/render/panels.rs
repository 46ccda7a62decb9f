//! Around the board: hands (standard shogi's piece stands, yonin's strips along each
//! edge), name bars or the yonin legend, whose turn, check, eliminated, caption. Each
//! small drawing is a sprite, so the next image of the same game only copies it.

use tiny_skia::{Pixmap, Rect, Transform};

use super::fonts::{Align, TextLine};
use super::layout::{Layout, ScreenEdge, HAND_SLOT_H, LEGEND_ROW_H};
use super::paint::*;
use super::pieces::{draw_piece_at, piece_look, piece_outline, piece_size};
use super::scene::{BoardStyle, HandPiece, Player, QuarterTurns, Scene, ScenePiece, VerdictKind};

// ---------------------------------------------------------------------------------------
// Sprites of text and shapes

/// Draws one line of text, cut with an ellipsis to `max_width` em, `em` pixels tall, its
/// middle on `cy`; returns its width in pixels.
#[allow(clippy::too_many_arguments)]
fn draw_line(
    pixmap: &mut Pixmap,
    text: &str,
    max_width: f32,
    x: f32,
    cy: f32,
    em: f32,
    align: Align,
    ink: Ink,
) -> f32 {
    let line = TextLine::fitted(text, max_width);
    let width = line.width() * em;
    // Room for accents above and descenders below the em box, and for side bearings.
    let pad = (em * 0.25).ceil();
    let (w, h) = (
        (width + 2.0 * pad).ceil() as u32,
        2 * (em * 0.8).ceil() as u32,
    );
    let left = match align {
        Align::Left => x,
        Align::Centre => x - width / 2.0,
        Align::Right => x - width,
    };
    let key = SpriteKey::Text {
        text: text.to_string(),
        max_width: centi(max_width),
        em: centi(em),
        ink,
    };
    let (sx, sy) = (
        (left - pad).round() as i32,
        cy.round() as i32 - (h / 2) as i32,
    );
    memo(pixmap, key, sx, sy, w, h, |sprite| {
        line.draw(sprite, pad, (h / 2) as f32, em, Align::Left, ink.color());
    });
    width
}

/// A rounded rectangle filling `area`, with an edge line.
fn draw_panel(
    pixmap: &mut Pixmap,
    area: Rect,
    radius: f32,
    fill_ink: Ink,
    edge: Ink,
    edge_width: f32,
) {
    let (x, y) = (area.x().round() as i32, area.y().round() as i32);
    let (w, h) = (area.width().round(), area.height().round());
    let key = SpriteKey::Panel {
        w: centi(w),
        h: centi(h),
        radius: centi(radius),
        fill: fill_ink,
        edge,
        edge_width: centi(edge_width),
    };
    let margin = edge_width.ceil() as i32;
    let size = |v: f32| v as u32 + 2 * margin as u32;
    memo(
        pixmap,
        key,
        x - margin,
        y - margin,
        size(w),
        size(h),
        |sprite| {
            let m = margin as f32;
            if let Some(r) = rect(m, m, w, h) {
                let body = rounded_rect(r, radius);
                fill(sprite, &body, fill_ink, Transform::identity());
                stroke(sprite, &body, edge, edge_width, Transform::identity());
            }
        },
    );
}

/// A small rounded tag with a word in it, starting at `x`; returns its width.
fn draw_tag(
    pixmap: &mut Pixmap,
    text: &str,
    x: f32,
    cy: f32,
    em: f32,
    fill_ink: Ink,
    ink: Ink,
) -> f32 {
    let w = tag_width(text, em);
    let h = (em * 1.45).round();
    let (sx, sy) = (x.round() as i32, cy.round() as i32 - (h / 2.0) as i32);
    let key = SpriteKey::Tag {
        text: text.to_string(),
        em: centi(em),
        fill: fill_ink,
        ink,
    };
    memo(pixmap, key, sx, sy, w.ceil() as u32, h as u32, |sprite| {
        if let Some(r) = rect(0.0, 0.0, w, h) {
            fill(
                sprite,
                &rounded_rect(r, h / 2.0),
                fill_ink,
                Transform::identity(),
            );
        }
        TextLine::new(text).draw(
            sprite,
            em * 0.5,
            ((h / 2.0) as u32) as f32,
            em,
            Align::Left,
            ink.color(),
        );
    });
    w
}

fn tag_width(text: &str, em: f32) -> f32 {
    (TextLine::new(text).width() * em + em).ceil()
}

/// A count of pieces in hand: white digits on a dark disc of radius `r`.
fn draw_count(pixmap: &mut Pixmap, count: u8, x: f32, y: f32, r: f32) {
    let half = r.ceil() as i32 + 1;
    let side = 2 * half as u32;
    let key = SpriteKey::Count { count, r: centi(r) };
    memo(
        pixmap,
        key,
        x.round() as i32 - half,
        y.round() as i32 - half,
        side,
        side,
        |sprite| {
            let c = half as f32;
            if let Some(disc) = circle(c, c, r) {
                fill(sprite, &disc, WHITE, Transform::identity());
            }
            if let Some(disc) = circle(c, c, r - 1.5) {
                fill(sprite, &disc, GRID, Transform::identity());
            }
            let digits = count.to_string();
            let em = if digits.len() > 1 { r * 1.1 } else { r * 1.35 };
            TextLine::new(&digits).draw(sprite, c, c, em, Align::Centre, WHITE.color());
        },
    );
}

/// The seat's name on its chip, in the scene's words (`S`, or `南`).
fn seat_letter<'a>(scene: &'a Scene, player: &Player) -> &'a str {
    &scene.words.seats[usize::from(player.edge.get())]
}

/// A rounded square in the seat's colour with its letter, upright for the viewer.
fn draw_seat_chip(
    pixmap: &mut Pixmap,
    scene: &Scene,
    player: &Player,
    cx: f32,
    cy: f32,
    side: f32,
) {
    let ink = if player.eliminated {
        GREY_INK
    } else {
        Ink::from_rgb(player.colour)
    };
    let letter = seat_letter(scene, player);
    let half = (side / 2.0).ceil() as i32;
    let px = 2 * half as u32;
    let key = SpriteKey::Chip {
        letter: letter.to_owned(),
        ink,
        side: centi(side),
    };
    memo(
        pixmap,
        key,
        cx.round() as i32 - half,
        cy.round() as i32 - half,
        px,
        px,
        |sprite| {
            let c = half as f32;
            if let Some(r) = rect(c - side / 2.0, c - side / 2.0, side, side) {
                fill(
                    sprite,
                    &rounded_rect(r, side * 0.22),
                    ink,
                    Transform::identity(),
                );
            }
            TextLine::new(letter).draw(sprite, c, c, side * 0.66, Align::Centre, WHITE.color());
        },
    );
}

/// Black's ☗ (filled) or White's ☖ (hollow), drawn as a small piece shape `h` tall.
fn draw_side_mark(pixmap: &mut Pixmap, black: bool, cx: f32, cy: f32, h: f32) {
    let half = (h / 2.0).ceil() as i32 + 2;
    let side = 2 * half as u32;
    let key = SpriteKey::SideMark { black, h: centi(h) };
    memo(
        pixmap,
        key,
        cx.round() as i32 - half,
        cy.round() as i32 - half,
        side,
        side,
        |sprite| {
            if let Some(outline) = piece_outline(h * 0.84, h, false) {
                let t = Transform::from_translate(half as f32, half as f32);
                fill(sprite, &outline, if black { GRID } else { WHITE }, t);
                stroke(sprite, &outline, GRID, 2.0, t);
            }
        },
    );
}

// ---------------------------------------------------------------------------------------
// Hands

pub fn draw_hands(pixmap: &mut Pixmap, scene: &Scene, layout: &Layout) {
    match scene.style {
        BoardStyle::DaiDai => {}
        BoardStyle::Standard => {
            for index in 0..scene.players.len() {
                draw_stand(pixmap, scene, layout, index);
            }
        }
        BoardStyle::Yonin => {
            for index in 0..scene.players.len() {
                draw_strip(pixmap, scene, layout, index);
            }
        }
    }
}

/// Standard shogi: the pieces on a seat's piece stand (komadai; the stand itself is part
/// of the empty board), one kind a row with its count.
fn draw_stand(pixmap: &mut Pixmap, scene: &Scene, layout: &Layout, index: usize) {
    let player = &scene.players[index];
    let edge = ScreenEdge::of(player.edge, scene.view);
    let area = layout.hand_area(scene.style, edge);
    // The pieces sit at the owner's end of the stand, most valuable farthest from the
    // owner, so the top seat's stand is the bottom seat's turned half round.
    let owner_below = matches!(edge, ScreenEdge::Bottom | ScreenEdge::Right);
    let facing = player.edge.relative_to(scene.view);
    let pad = 10.0;
    let kinds = player.hand.len();
    for (slot, hand_piece) in player.hand.iter().enumerate() {
        let offset = pad + (kinds - slot) as f32 * HAND_SLOT_H - HAND_SLOT_H / 2.0;
        let cy = if owner_below {
            area.bottom() - offset
        } else {
            area.top() + offset
        };
        let cx = area.x() + area.width() * 0.42;
        draw_hand_piece(
            pixmap,
            scene,
            layout,
            index,
            hand_piece,
            (cx, cy),
            facing,
            0.86,
        );
    }
}

#[allow(clippy::too_many_arguments)]
fn draw_hand_piece(
    pixmap: &mut Pixmap,
    scene: &Scene,
    layout: &Layout,
    owner: usize,
    hand_piece: &HandPiece,
    (cx, cy): (f32, f32),
    facing: QuarterTurns,
    scale: f32,
) {
    let player = &scene.players[owner];
    let mut piece = ScenePiece::new(&hand_piece.label, owner, player.edge, hand_piece.size_class);
    piece.moves.clone_from(&hand_piece.moves);
    let look = piece_look(scene, &piece, player.eliminated);
    let (w, h) = piece_size(layout, hand_piece.size_class);
    let (w, h) = (w * scale, h * scale);
    draw_piece_at(pixmap, &look, cx, cy, w, h, facing);
    if hand_piece.count > 1 {
        // Lower right of the piece as the viewer sees it.
        let reach = w.max(h) / 2.0;
        draw_count(
            pixmap,
            hand_piece.count,
            cx + reach * 0.78,
            cy + reach * 0.62,
            11.5,
        );
    }
}

/// Yonin: a strip along the seat's edge, a chip with the seat's letter first, then the
/// kinds in hand, running left to right as the seat's owner sees them.
fn draw_strip(pixmap: &mut Pixmap, scene: &Scene, layout: &Layout, index: usize) {
    let player = &scene.players[index];
    let edge = ScreenEdge::of(player.edge, scene.view);
    let area = layout.hand_area(scene.style, edge);
    let seat_ink = Ink::from_rgb(player.colour);
    let (tint, rim) = if player.eliminated {
        (GREY_FACE, seat_ink.alpha(90))
    } else {
        (seat_strip(seat_ink), seat_ink.alpha(200))
    };
    draw_panel(pixmap, area, 8.0, tint, rim, 2.0);

    let along = area.width().max(area.height());
    let depth = area.width().min(area.height());
    // Position `u` along the strip from its owner's left, at the strip's middle depth.
    let point = |u: f32| -> (f32, f32) {
        let mid = depth / 2.0;
        match edge {
            ScreenEdge::Bottom => (area.left() + u, area.top() + mid),
            ScreenEdge::Top => (area.right() - u, area.top() + mid),
            ScreenEdge::Left => (area.left() + mid, area.top() + u),
            ScreenEdge::Right => (area.left() + mid, area.bottom() - u),
        }
    };
    let (chip_x, chip_y) = point(depth / 2.0 + 2.0);
    draw_seat_chip(pixmap, scene, player, chip_x, chip_y, depth * 0.62);
    let facing = player.edge.relative_to(scene.view);
    let slot = 68.0_f32.min((along - depth - 8.0) / player.hand.len().max(1) as f32);
    for (i, hand_piece) in player.hand.iter().enumerate() {
        let centre = point(depth + 8.0 + (i as f32 + 0.5) * slot);
        draw_hand_piece(
            pixmap, scene, layout, index, hand_piece, centre, facing, 0.84,
        );
    }
}

// ---------------------------------------------------------------------------------------
// Names, turn, legend

/// The status tags of player `index`, in the scene's words: whose turn, check, out; or,
/// once the game is over, how it ended for them.
fn statuses(scene: &Scene, index: usize) -> Vec<(&str, Ink)> {
    let player = &scene.players[index];
    let words = &scene.words;
    if let Some(verdict) = &player.verdict {
        let ink = match verdict.kind {
            VerdictKind::Won => TURN,
            VerdictKind::Lost => CHECK,
            VerdictKind::Drawn => GREY_INK,
        };
        return vec![(verdict.text.as_str(), ink)];
    }
    let mut tags = Vec::new();
    if scene.to_move == Some(index) {
        tags.push((words.to_move.as_str(), TURN));
    }
    if player.in_check {
        tags.push((words.check.as_str(), CHECK));
    }
    if player.eliminated {
        tags.push((words.out.as_str(), GREY_INK));
    }
    tags
}

/// Width in pixels of the status tags of player `index` with their gaps.
fn status_width(scene: &Scene, index: usize, em: f32) -> f32 {
    statuses(scene, index)
        .iter()
        .map(|(text, _)| tag_width(text, em) + em * 0.4)
        .sum()
}

fn draw_status(pixmap: &mut Pixmap, scene: &Scene, index: usize, mut x: f32, cy: f32, em: f32) {
    for (text, ink) in statuses(scene, index) {
        x += draw_tag(pixmap, text, x, cy, em, ink, WHITE) + em * 0.4;
    }
}

/// Two-player styles: a name plate above the board for the seat at the top and one below
/// for the seat at the bottom; the plate of the player to move is lit.
pub fn draw_bars(pixmap: &mut Pixmap, scene: &Scene, layout: &Layout) {
    let (name_em, tag_em, caption_em) = (22.0, 15.0, 17.0);
    for (index, player) in scene.players.iter().enumerate().take(2) {
        let at_top = matches!(
            ScreenEdge::of(player.edge, scene.view),
            ScreenEdge::Top | ScreenEdge::Left
        );
        let Some(bar) = (if at_top {
            layout.top_bar
        } else {
            layout.bottom_bar
        }) else {
            continue;
        };
        let to_move = scene.to_move == Some(index);
        if to_move {
            draw_panel(pixmap, bar, 10.0, TURN_PLATE, TURN, 3.0);
        } else {
            draw_panel(pixmap, bar, 10.0, PLATE, PLATE_EDGE, 1.5);
        }
        let cy = bar.y() + bar.height() / 2.0;
        let mut x = bar.x() + 14.0;
        draw_side_mark(
            pixmap,
            player.edge.get() == 0,
            x + 11.0,
            cy,
            bar.height() * 0.58,
        );
        x += 32.0;
        // The caption goes at the right of the top bar.
        let mut right = bar.right() - 14.0;
        if let (true, Some(caption)) = (at_top, scene.caption.as_deref()) {
            let width = draw_line(
                pixmap,
                caption,
                16.0,
                right,
                cy,
                caption_em,
                Align::Right,
                MUTED,
            );
            right -= width + 20.0;
        }
        let room = right - x - status_width(scene, index, tag_em) - 12.0;
        let width = draw_line(
            pixmap,
            &player.name,
            (room / name_em).max(1.0),
            x,
            cy,
            name_em,
            Align::Left,
            TEXT,
        );
        draw_status(pixmap, scene, index, x + width + 12.0, cy, tag_em);
    }
}

/// Yonin: two rows naming the four seats (S and W, then N and E; in doubles each row a
/// pair, led by a tag such as `S+N`) with their colours and status, and the caption under
/// the board.
pub fn draw_legend(pixmap: &mut Pixmap, scene: &Scene, layout: &Layout) {
    let Some(legend) = layout.legend else {
        return;
    };
    let (name_em, tag_em, caption_em, pair_em) = (20.0, 14.0, 17.0, 16.0);
    let seats = scene.players.len().min(4);
    let rows: Vec<(Option<String>, [usize; 2])> = match scene.pairs {
        Some(pairs) if pairs.iter().flatten().all(|&i| i < seats) => pairs
            .iter()
            .map(|&[a, b]| {
                let name = |i: usize| seat_letter(scene, &scene.players[i]);
                (Some(format!("{}+{}", name(a), name(b))), [a, b])
            })
            .collect(),
        _ => vec![(None, [0, 1]), (None, [2, 3])],
    };
    // The pair tags share one width, so the names line up.
    let tag_room = rows
        .iter()
        .filter_map(|(tag, _)| tag.as_deref())
        .map(|tag| tag_width(tag, pair_em) + 8.0)
        .fold(0.0, f32::max);
    let col_w = (legend.width() - tag_room) / 2.0;
    for (row, (tag, pair)) in rows.iter().enumerate() {
        let top = legend.y() + row as f32 * LEGEND_ROW_H;
        if let Some(tag) = tag {
            let cy = top + LEGEND_ROW_H / 2.0;
            draw_tag(pixmap, tag, legend.x() + 2.0, cy, pair_em, GRID, WHITE);
        }
        for (col, &index) in pair.iter().enumerate() {
            let Some(player) = scene.players.get(index) else {
                continue;
            };
            let Some(entry) = rect(
                legend.x() + tag_room + col as f32 * col_w + 3.0,
                top + 3.0,
                col_w - 6.0,
                LEGEND_ROW_H - 6.0,
            ) else {
                continue;
            };
            if scene.to_move == Some(index) {
                draw_panel(pixmap, entry, 8.0, TURN_PLATE, TURN, 2.5);
            } else {
                draw_panel(pixmap, entry, 8.0, PLATE, PLATE_EDGE, 1.2);
            }
            let cy = entry.y() + entry.height() / 2.0;
            let chip = entry.height() - 8.0;
            draw_seat_chip(
                pixmap,
                scene,
                player,
                entry.x() + 4.0 + chip / 2.0,
                cy,
                chip,
            );
            let x = entry.x() + chip + 14.0;
            let room = entry.right() - 8.0 - x - status_width(scene, index, tag_em);
            let ink = if player.eliminated { MUTED } else { TEXT };
            let width = draw_line(
                pixmap,
                &player.name,
                (room / name_em).max(1.0),
                x,
                cy,
                name_em,
                Align::Left,
                ink,
            );
            draw_status(pixmap, scene, index, x + width + 10.0, cy, tag_em);
        }
    }
    if let (Some(caption), Some(area)) = (&scene.caption, layout.caption) {
        let centre = area.x() + area.width() / 2.0;
        let cy = area.y() + area.height() / 2.0;
        draw_line(
            pixmap,
            caption,
            area.width() / caption_em,
            centre,
            cy,
            caption_em,
            Align::Centre,
            MUTED,
        );
    }
}

/// A band of caption text across `area` (an animated replay's line under the board): the
/// caption in large type at the left, and `note` (such as which positions are shown)
/// smaller at the right. Text too long for its room is cut with an ellipsis.
pub fn draw_caption_band(pixmap: &mut Pixmap, area: Rect, caption: &str, note: Option<&str>) {
    let (caption_em, note_em) = (22.0, 16.0);
    let cy = area.y() + area.height() / 2.0;
    let (left, right) = (area.left() + 14.0, area.right() - 14.0);
    let mut room = right - left;
    if let Some(note) = note {
        let max = room * 0.45;
        let width = draw_line(
            pixmap,
            note,
            max / note_em,
            right,
            cy,
            note_em,
            Align::Right,
            MUTED,
        );
        room -= width + 24.0;
    }
    draw_line(
        pixmap,
        caption,
        (room / caption_em).max(1.0),
        left,
        cy,
        caption_em,
        Align::Left,
        TEXT,
    );
}
