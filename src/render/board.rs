//! The board: the cached empty board (background, wood, grid, coordinates, empty piece
//! stands) and the marks of the last move and of check.

use std::sync::{Arc, OnceLock};

use tiny_skia::{PathBuilder, Pixmap, Rect, Transform};

use super::fonts::{draw_text, Align};
use super::layout::{Layout, ScreenEdge};
use super::paint::*;
use super::scene::{BoardStyle, Mark, Scene};
use super::sprites::Cache;

/// What an empty board image depends on.
type BoardKey = (BoardStyle, u8, Vec<String>, Vec<String>);

/// The image with everything that does not change during a game: background, wooden
/// board, grid, coordinates and (standard shogi) the empty piece stands.
pub fn empty_board(scene: &Scene, layout: &Layout) -> Arc<Pixmap> {
    static BOARDS: OnceLock<Cache<BoardKey>> = OnceLock::new();
    let key = (
        scene.style,
        scene.view.get(),
        scene.file_labels.clone(),
        scene.rank_labels.clone(),
    );
    BOARDS
        .get_or_init(|| Cache::new(32))
        .get_or_paint(&key, || {
            let mut pixmap = Pixmap::new(layout.width, layout.height)
                .expect("layout sizes are small and non-zero");
            pixmap.fill(BACKGROUND.color());
            draw_board(&mut pixmap, scene, layout);
            draw_coordinates(&mut pixmap, scene, layout);
            if scene.style == BoardStyle::Standard {
                for edge in [ScreenEdge::Top, ScreenEdge::Bottom] {
                    draw_stand_body(&mut pixmap, layout.hand_area(scene.style, edge));
                }
            }
            pixmap
        })
}

/// Standard shogi: an empty piece stand (komadai).
fn draw_stand_body(pixmap: &mut Pixmap, area: Rect) {
    let body = rounded_rect(area, 6.0);
    fill(
        pixmap,
        &body,
        SHADOW.alpha(40),
        Transform::from_translate(2.0, 3.0),
    );
    fill(pixmap, &body, STAND, Transform::identity());
    stroke(pixmap, &body, WOOD_EDGE, 2.0, Transform::identity());
}

fn draw_board(pixmap: &mut Pixmap, scene: &Scene, layout: &Layout) {
    let wood = layout.wood;
    let body = rounded_rect(wood, 5.0);
    fill(
        pixmap,
        &body,
        SHADOW.alpha(40),
        Transform::from_translate(2.0, 3.0),
    );
    fill(pixmap, &body, WOOD, Transform::identity());
    draw_grain(pixmap, wood);
    stroke(pixmap, &body, WOOD_EDGE, 2.0, Transform::identity());

    // Grid lines two pixels wide on whole pixels, so they stay crisp.
    let g = layout.grid;
    let m = &layout.metrics;
    let n = scene.size();
    let mut line = paint(GRID);
    line.anti_alias = false;
    for i in 0..=n {
        let x = (g.x() + i as f32 * m.cell_w).round();
        let y = (g.y() + i as f32 * m.cell_h).round();
        let extent = |from: f32, to: f32| (from.round() - 1.0, to.round() - from.round() + 2.0);
        let (top, height) = extent(g.top(), g.bottom());
        let (left, width) = extent(g.left(), g.right());
        for r in [
            rect(x - 1.0, top, 2.0, height),
            rect(left, y - 1.0, width, 2.0),
        ]
        .into_iter()
        .flatten()
        {
            pixmap.fill_rect(r, &line, Transform::identity(), None);
        }
    }
    let outer = PathBuilder::from_rect(g);
    stroke(pixmap, &outer, GRID, 3.0, Transform::identity());

    // Star points at the corners of the middle third (the promotion zone lines).
    if n == 9 {
        let mut pb = PathBuilder::new();
        for i in [3.0, 6.0] {
            for j in [3.0, 6.0] {
                pb.push_circle(g.x() + i * m.cell_w, g.y() + j * m.cell_h, 5.0);
            }
        }
        if let Some(stars) = pb.finish() {
            fill(pixmap, &stars, GRID, Transform::identity());
        }
    }
}

/// Straight grain (masame, the prized cut of a board), the same on every image: faint
/// vertical lines of varied width and depth on whole pixels, which cost the PNG almost
/// nothing since every row repeats the one above.
fn draw_grain(pixmap: &mut Pixmap, wood: Rect) {
    let mut seed: u32 = 0x9E37_79B9;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        (seed % 10_000) as f32 / 10_000.0
    };
    let (top, bottom) = ((wood.top() + 2.0).round(), (wood.bottom() - 2.0).round());
    let mut x = wood.left() + 3.0;
    while x < wood.right() - 4.0 {
        let width = if next() < 0.25 {
            3.0
        } else {
            1.0 + (next() * 2.0).floor()
        };
        let depth = 14.0 + next() * 34.0;
        let mut line = paint(GRAIN.alpha(depth as u8));
        line.anti_alias = false;
        if let Some(r) = rect(x.round(), top, width, bottom - top) {
            pixmap.fill_rect(r, &line, Transform::identity(), None);
        }
        x += 3.0 + next() * 11.0;
    }
}

pub fn draw_highlights(pixmap: &mut Pixmap, scene: &Scene, layout: &Layout) {
    for h in &scene.highlights {
        let Some(cell) = inner(layout.cell_rect(h.square), 1.0) else {
            continue;
        };
        let also_captured = scene
            .highlights
            .iter()
            .any(|o| o.square == h.square && o.mark == Mark::Captured);
        match h.mark {
            Mark::Middle if also_captured => {}
            Mark::From => fill_rect(pixmap, cell, MOVE_FROM),
            Mark::To => fill_rect(pixmap, cell, MOVE_TO),
            Mark::Middle => fill_rect(pixmap, cell, MOVE_MIDDLE),
            Mark::Captured => fill_rect(pixmap, cell, CAPTURE.alpha(60)),
        }
    }
    for &square in &scene.checked {
        let cell = layout.cell_rect(square);
        if let Some(glow) = inner(cell, 1.0) {
            fill_rect(pixmap, glow, CHECK.alpha(90));
        }
        if let Some(ring) = inner(cell, 4.0) {
            stroke(
                pixmap,
                &rounded_rect(ring, 6.0),
                CHECK,
                4.0,
                Transform::identity(),
            );
        }
    }
}

/// For a move through middle squares (lion, lion dog, hook), a line along its route:
/// from, each middle square in order, to.
pub fn draw_route(pixmap: &mut Pixmap, scene: &Scene, layout: &Layout) {
    let mut points = Vec::new();
    for mark in [Mark::From, Mark::Middle, Mark::To] {
        points.extend(
            scene
                .highlights
                .iter()
                .filter(|h| h.mark == mark)
                .map(|h| h.square),
        );
    }
    if !scene.highlights.iter().any(|h| h.mark == Mark::Middle) || points.len() < 2 {
        return;
    }
    let mut pb = PathBuilder::new();
    for (i, &square) in points.iter().enumerate() {
        let (x, y) = layout.cell_centre(square);
        if i == 0 {
            pb.move_to(x, y);
        } else {
            pb.line_to(x, y);
        }
    }
    if let Some(route) = pb.finish() {
        stroke(pixmap, &route, ROUTE, 6.0, Transform::identity());
    }
    for &square in &points {
        let (x, y) = layout.cell_centre(square);
        if let Some(dot) = circle(x, y, 7.0) {
            fill(pixmap, &dot, ROUTE, Transform::identity());
        }
    }
}

/// Red crosses over squares where a piece was taken besides the destination.
pub fn draw_capture_marks(pixmap: &mut Pixmap, scene: &Scene, layout: &Layout) {
    for h in scene.highlights.iter().filter(|h| h.mark == Mark::Captured) {
        let r = layout.cell_rect(h.square);
        let d = r.width().min(r.height()) * 0.2;
        let (cx, cy) = (r.x() + r.width() / 2.0, r.y() + r.height() / 2.0);
        let mut pb = PathBuilder::new();
        pb.move_to(cx - d, cy - d);
        pb.line_to(cx + d, cy + d);
        pb.move_to(cx + d, cy - d);
        pb.line_to(cx - d, cy + d);
        if let Some(cross) = pb.finish() {
            stroke(pixmap, &cross, WHITE.alpha(200), 9.0, Transform::identity());
            stroke(pixmap, &cross, CAPTURE, 5.0, Transform::identity());
        }
    }
}

/// The coordinate naming screen column `x` (`along_x`) or screen row `y` of the image:
/// along the image's top and bottom run the files when the view is upright or upside down,
/// the ranks when it is turned a quarter.
pub fn coordinate_label<'a>(
    scene: &'a Scene,
    layout: &Layout,
    x: usize,
    y: usize,
    along_x: bool,
) -> &'a str {
    let upright = layout.view().get() % 2 == 0;
    let square = layout.square_at(x, y);
    let (labels, index) = if along_x == upright {
        (&scene.file_labels, square.col)
    } else {
        (&scene.rank_labels, square.row)
    };
    labels.get(usize::from(index)).map_or("", String::as_str)
}

pub fn draw_coordinates(pixmap: &mut Pixmap, scene: &Scene, layout: &Layout) {
    let m = &layout.metrics;
    let n = scene.size();
    let (wood, band, em) = (layout.wood, m.coord_band, m.coord_em);
    let label = |x: usize, y: usize, along_x: bool| coordinate_label(scene, layout, x, y, along_x);
    for i in 0..n {
        let cell = layout.screen_cell_rect(i, i);
        let cx = cell.x() + cell.width() / 2.0;
        let cy = cell.y() + cell.height() / 2.0;
        let column_label = label(i, 0, true);
        let row_label = label(0, i, false);
        let mut places = vec![
            (column_label, cx, wood.top() - band / 2.0),
            (row_label, wood.right() + band / 2.0, cy),
        ];
        if m.coords_all_edges {
            places.push((column_label, cx, wood.bottom() + band / 2.0));
            places.push((row_label, wood.left() - band / 2.0, cy));
        }
        for (text, x, y) in places {
            draw_coordinate(pixmap, text, x, y, em);
        }
    }
}

/// One coordinate centred on (`x`, `y`); a second line (standard shogi's `一` over `a`)
/// goes under the first, smaller.
pub fn draw_coordinate(pixmap: &mut Pixmap, text: &str, x: f32, y: f32, em: f32) {
    match text.split_once('\n') {
        None => draw_text(pixmap, text, x, y, em, Align::Centre, COORD.color()),
        Some((first, second)) => {
            let small = em * 0.7;
            draw_text(
                pixmap,
                first,
                x,
                y - small * 0.55,
                em,
                Align::Centre,
                COORD.color(),
            );
            draw_text(
                pixmap,
                second,
                x,
                y + em * 0.6,
                small,
                Align::Centre,
                COORD.color(),
            );
        }
    }
}
