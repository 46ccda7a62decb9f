//! A close-up of the board around what just happened: the last move (and a king it put
//! in check), cut from the board image at full size with coordinates around it, so a
//! 17x17 board's two-kanji names read at chat width where the whole board is too small.

use tiny_skia::{IntRect, Pixmap, PixmapPaint, Rect, Transform};

use crate::engine::{AnyPosition, Seat};

use super::board::{coordinate_label, draw_coordinate};
use super::layout::Layout;
use super::paint::*;
use super::position::{position_scene_styled, LastMove};
use super::scene::{Mark, PieceStyle, Scene, Square};
use super::{encode_png, render_scene, RenderError};

/// The fewest and the most cells a close-up shows across: seven 17x17 cells make an image
/// under 550 px wide, shown at full size in chat; eleven still show a long move and the
/// king it checks at four fifths of that.
pub const CROP_MIN: usize = 7;
pub const CROP_MAX: usize = 11;

/// Cells of the board, in screen cells of the scene's view: `cols` columns from `left`,
/// `rows` rows from `top`.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub struct CropWindow {
    pub left: usize,
    pub top: usize,
    pub cols: usize,
    pub rows: usize,
}

impl CropWindow {
    /// Whether the screen cell (`x`, `y`) is inside.
    pub fn contains(&self, x: usize, y: usize) -> bool {
        (self.left..self.left + self.cols).contains(&x)
            && (self.top..self.top + self.rows).contains(&y)
    }
}

/// The squares a close-up should show, most important first: where the last move ended,
/// kings in check, what it passed or took on the way, where it started.
fn squares_of_interest(scene: &Scene) -> Vec<Square> {
    let marked = |mark: Mark| {
        scene
            .highlights
            .iter()
            .filter(move |h| h.mark == mark)
            .map(|h| h.square)
    };
    marked(Mark::To)
        .chain(scene.checked.iter().copied())
        .chain(marked(Mark::Captured))
        .chain(marked(Mark::Middle))
        .chain(marked(Mark::From))
        .collect()
}

/// The window of a close-up of `scene`: a square of [`CROP_MIN`] to [`CROP_MAX`] cells
/// around the squares of interest (those that fit with the most important), a cell or two
/// of room around them where the board allows. `None` when there is nothing to show (no
/// last move and no check).
pub fn crop_window(scene: &Scene) -> Option<CropWindow> {
    let layout = Layout::new(scene);
    let n = scene.size();
    // Bounding box of the squares kept, in screen cells: (left, top, right, bottom).
    let mut bounds: Option<(usize, usize, usize, usize)> = None;
    for square in squares_of_interest(scene) {
        let (x, y) = layout.screen_cell(square);
        let grown = match bounds {
            None => (x, y, x, y),
            Some((l, t, r, b)) => (l.min(x), t.min(y), r.max(x), b.max(y)),
        };
        // Each square kept keeps a cell of room around the box.
        if grown.2 - grown.0 + 3 <= CROP_MAX && grown.3 - grown.1 + 3 <= CROP_MAX {
            bounds = Some(grown);
        }
    }
    let (l, t, r, b) = bounds?;
    let span = (r - l + 1).max(b - t + 1);
    let side = if span + 4 <= CROP_MAX {
        span + 4
    } else {
        span + 2
    }
    .clamp(CROP_MIN, CROP_MAX)
    .min(n);
    // Centred on the box, moved inside the board.
    let start = |low: usize, high: usize| {
        let centre = (low + high).div_ceil(2);
        centre.saturating_sub(side / 2).min(n - side)
    };
    Some(CropWindow {
        left: start(l, r),
        top: start(t, b),
        cols: side,
        rows: side,
    })
}

/// Room around the cells: the wooden rim, and the margin outside the coordinates.
const RIM: f32 = 8.0;
const MARGIN: f32 = 8.0;

/// The close-up of `scene` (see [`crop_window`]): its cells at the size of the board
/// image, on a wooden rim, with the coordinates of its files and ranks on every side.
pub fn render_crop(scene: &Scene) -> Option<Pixmap> {
    let window = crop_window(scene)?;
    let layout = Layout::new(scene);
    let board = render_scene(scene);
    let m = layout.metrics;
    let first = layout.screen_cell_rect(window.left, window.top);
    let last = layout.screen_cell_rect(window.left + window.cols - 1, window.top + window.rows - 1);
    // The cells with their grid lines, which lie one pixel either side of a cell's edge.
    let cells = IntRect::from_ltrb(
        first.left().round() as i32 - 1,
        first.top().round() as i32 - 1,
        last.right().round() as i32 + 1,
        last.bottom().round() as i32 + 1,
    )?;
    let piece = board.clone_rect(cells)?;
    let band = m.coord_band;
    let outside = MARGIN + band + RIM;
    let width = (2.0 * outside + cells.width() as f32).round() as u32;
    let height = (2.0 * outside + cells.height() as f32).round() as u32;
    let mut image = Pixmap::new(width, height)?;
    image.fill(BACKGROUND.color());
    let wood = Rect::from_xywh(
        MARGIN + band,
        MARGIN + band,
        cells.width() as f32 + 2.0 * RIM,
        cells.height() as f32 + 2.0 * RIM,
    )?;
    let body = rounded_rect(wood, 5.0);
    fill(
        &mut image,
        &body,
        SHADOW.alpha(40),
        Transform::from_translate(2.0, 3.0),
    );
    fill(&mut image, &body, WOOD, Transform::identity());
    stroke(&mut image, &body, WOOD_EDGE, 2.0, Transform::identity());
    image.draw_pixmap(
        outside as i32,
        outside as i32,
        piece.as_ref(),
        &PixmapPaint::default(),
        Transform::identity(),
        None,
    );
    // The window's edge drawn as the board's outer line.
    if let Some(edge) = Rect::from_xywh(
        outside + 1.0,
        outside + 1.0,
        cells.width() as f32 - 2.0,
        cells.height() as f32 - 2.0,
    ) {
        let path = tiny_skia::PathBuilder::from_rect(edge);
        stroke(&mut image, &path, GRID, 3.0, Transform::identity());
    }
    let (w, h) = (width as f32, height as f32);
    for i in 0..window.cols {
        let x = window.left + i;
        let cx = outside + 1.0 + (i as f32 + 0.5) * m.cell_w;
        let label = coordinate_label(scene, &layout, x, window.top, true);
        draw_coordinate(&mut image, label, cx, MARGIN + band / 2.0, m.coord_em);
        draw_coordinate(&mut image, label, cx, h - MARGIN - band / 2.0, m.coord_em);
    }
    for j in 0..window.rows {
        let y = window.top + j;
        let cy = outside + 1.0 + (j as f32 + 0.5) * m.cell_h;
        let label = coordinate_label(scene, &layout, window.left, y, false);
        draw_coordinate(&mut image, label, MARGIN + band / 2.0, cy, m.coord_em);
        draw_coordinate(&mut image, label, w - MARGIN - band / 2.0, cy, m.coord_em);
    }
    Some(image)
}

/// The close-up PNG of `position` seen from `seat` around `last_move` and any king in
/// check; `None` when there is neither (a start position).
pub fn crop_png(
    position: &AnyPosition,
    seat: Seat,
    last_move: Option<&LastMove>,
) -> Result<Option<Vec<u8>>, RenderError> {
    crop_png_styled(position, seat, last_move, PieceStyle::Kanji)
}

/// [`crop_png`] with the pieces in `style` (dai dai shogi, the one variant boards come
/// with a close-up for today, keeps its kanji).
pub fn crop_png_styled(
    position: &AnyPosition,
    seat: Seat,
    last_move: Option<&LastMove>,
    style: PieceStyle,
) -> Result<Option<Vec<u8>>, RenderError> {
    let scene = position_scene_styled(position, seat, last_move, style);
    render_crop(&scene)
        .map(|image| encode_png(&image))
        .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::scene::{BoardStyle, QuarterTurns};

    fn daidai_with(moved: (&str, &str), checked: Option<&str>, view: QuarterTurns) -> Scene {
        let mut scene = Scene::new(BoardStyle::DaiDai);
        scene.view = view;
        let sq = |s: &str| Square::parse(17, s).expect("square");
        scene.mark_move(Some(sq(moved.0)), &[], &[], sq(moved.1));
        scene.checked.extend(checked.map(sq));
        scene
    }

    #[test]
    fn a_short_move_gets_the_smallest_window_around_it() {
        let scene = daidai_with(("9i", "9h"), None, QuarterTurns::SOUTH);
        let w = crop_window(&scene).expect("a window");
        assert_eq!((w.cols, w.rows), (CROP_MIN, CROP_MIN));
        let layout = Layout::new(&scene);
        for s in ["9i", "9h"] {
            let (x, y) = layout.screen_cell(Square::parse(17, s).unwrap());
            assert!(w.contains(x, y), "{s} in {w:?}");
            // Room around it.
            assert!(w.contains(x - 2, y) && w.contains(x + 2, y), "{s} centred");
        }
    }

    #[test]
    fn the_window_stays_on_the_board_and_turns_with_the_view() {
        // A move in the corner, seen from either side.
        for view in [QuarterTurns::SOUTH, QuarterTurns::NORTH] {
            let scene = daidai_with(("1b", "1a"), None, view);
            let w = crop_window(&scene).expect("a window");
            assert!(w.left + w.cols <= 17 && w.top + w.rows <= 17);
            let layout = Layout::new(&scene);
            let (x, y) = layout.screen_cell(Square::parse(17, "1a").unwrap());
            assert!(w.contains(x, y));
        }
    }

    #[test]
    fn a_checked_king_joins_the_window_when_it_fits_and_the_move_comes_first() {
        let near = daidai_with(("12f", "12k"), Some("9q"), QuarterTurns::SOUTH);
        let w = crop_window(&near).expect("a window");
        let layout = Layout::new(&near);
        for s in ["12k", "9q"] {
            let (x, y) = layout.screen_cell(Square::parse(17, s).unwrap());
            assert!(w.contains(x, y), "{s} in {w:?}");
        }
        assert!(w.cols <= CROP_MAX);
        // Too far apart for one window: the move's destination wins.
        let far = daidai_with(("17b", "17a"), Some("1q"), QuarterTurns::SOUTH);
        let w = crop_window(&far).expect("a window");
        let (x, y) = layout.screen_cell(Square::parse(17, "17a").unwrap());
        assert!(w.contains(x, y));
        let (x, y) = layout.screen_cell(Square::parse(17, "1q").unwrap());
        assert!(!w.contains(x, y));
    }

    #[test]
    fn nothing_to_show_gives_no_close_up() {
        assert_eq!(crop_window(&Scene::new(BoardStyle::DaiDai)), None);
        assert!(render_crop(&Scene::new(BoardStyle::DaiDai)).is_none());
    }
}
