//! Where things go in the image: its size, the board and its cells for the seat drawn at
//! the bottom, the coordinate bands, and the places of hands, names and caption.

use tiny_skia::Rect;

use super::scene::{BoardStyle, QuarterTurns, Scene, Square};

/// The fixed measures of one board style, in pixels.
#[derive(Copy, Clone, Debug)]
pub struct Metrics {
    pub cell_w: f32,
    pub cell_h: f32,
    /// Wood around the outer grid lines.
    pub wood_pad: f32,
    /// Depth of the band holding the coordinates beside the board.
    pub coord_band: f32,
    pub coord_em: f32,
    /// Coordinates on all four edges (else files on top and ranks on the right).
    pub coords_all_edges: bool,
    /// Piece width and height of the largest size class, as fractions of the cell.
    pub piece_w: f32,
    pub piece_h: f32,
    /// Height of the name bars above and below the board (two-player styles).
    pub bar_h: f32,
    /// How much smaller each size class of piece is than the next (the king's is 1).
    pub class_step: f32,
}

pub const MARGIN: f32 = 16.0;
const GAP: f32 = 10.0;
/// Standard shogi: width of a piece stand beside the board.
const STAND_W: f32 = 96.0;
/// Yonin: depth of the hand strip along each edge.
const STRIP_D: f32 = 64.0;
/// Yonin: height of one legend row, and of the caption line.
pub const LEGEND_ROW_H: f32 = 36.0;

impl Metrics {
    pub fn of(style: BoardStyle) -> Metrics {
        match style {
            // 66 x 72 is 11:12, the proportion of real board squares.
            BoardStyle::Standard => Metrics {
                cell_w: 66.0,
                cell_h: 72.0,
                wood_pad: 12.0,
                coord_band: 28.0,
                coord_em: 20.0,
                coords_all_edges: false,
                piece_w: 0.84,
                piece_h: 0.92,
                bar_h: 46.0,
                class_step: 0.04,
            },
            // Square cells, so pieces can point four ways.
            BoardStyle::Yonin => Metrics {
                cell_w: 64.0,
                cell_h: 64.0,
                wood_pad: 10.0,
                coord_band: 26.0,
                coord_em: 19.0,
                coords_all_edges: true,
                piece_w: 0.80,
                piece_h: 0.92,
                bar_h: 0.0,
                class_step: 0.04,
            },
            // Tall cells for two stacked kanji. The board is mostly seen scaled to chat
            // width (550 px), so its width goes to the kanji: narrow cells (the labels are
            // limited by height, not width), little wood and coordinate room, pieces that
            // fill their cells and differ little in size.
            BoardStyle::DaiDai => Metrics {
                cell_w: 58.0,
                cell_h: 76.0,
                wood_pad: 6.0,
                coord_band: 24.0,
                coord_em: 17.0,
                coords_all_edges: true,
                piece_w: 0.93,
                piece_h: 0.95,
                bar_h: 46.0,
                class_step: 0.02,
            },
        }
    }
}

/// The image edge a seat's hand, bar or legend entry belongs to, seen by the viewer.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum ScreenEdge {
    Bottom,
    Left,
    Top,
    Right,
}

impl ScreenEdge {
    /// The screen edge of a seat sitting at `edge`, seen from `view`.
    pub fn of(edge: QuarterTurns, view: QuarterTurns) -> ScreenEdge {
        match edge.relative_to(view).get() {
            0 => ScreenEdge::Bottom,
            1 => ScreenEdge::Left,
            2 => ScreenEdge::Top,
            _ => ScreenEdge::Right,
        }
    }
}

/// The geometry of one image.
#[derive(Clone, Debug)]
pub struct Layout {
    pub width: u32,
    pub height: u32,
    pub metrics: Metrics,
    size: usize,
    view: QuarterTurns,
    /// The outer grid lines' box.
    pub grid: Rect,
    /// The wooden board.
    pub wood: Rect,
    /// Name bars (two-player styles): the one at the top and the one at the bottom.
    pub top_bar: Option<Rect>,
    pub bottom_bar: Option<Rect>,
    /// Yonin: the legend naming the players, two rows.
    pub legend: Option<Rect>,
    /// Yonin: the caption line under everything.
    pub caption: Option<Rect>,
}

fn rect(x: f32, y: f32, w: f32, h: f32) -> Rect {
    Rect::from_xywh(x, y, w, h)
        .unwrap_or_else(|| Rect::from_xywh(x, y, 1.0, 1.0).expect("unit rect"))
}

impl Layout {
    pub fn new(scene: &Scene) -> Layout {
        let m = Metrics::of(scene.style);
        let n = scene.size() as f32;
        // The grid on screen: rotating by a quarter turn swaps nothing because cells keep
        // their on-screen shape; only which square lands in which cell changes.
        let (grid_w, grid_h) = (m.cell_w * n, m.cell_h * n);
        let (wood_w, wood_h) = (grid_w + 2.0 * m.wood_pad, grid_h + 2.0 * m.wood_pad);
        let band = m.coord_band;
        let mut layout = Layout {
            width: 0,
            height: 0,
            metrics: m,
            size: scene.size(),
            view: scene.view,
            grid: rect(0.0, 0.0, grid_w, grid_h),
            wood: rect(0.0, 0.0, wood_w, wood_h),
            top_bar: None,
            bottom_bar: None,
            legend: None,
            caption: None,
        };
        let (wood_x, wood_y, width, height) = match scene.style {
            BoardStyle::Standard => {
                // stand | board | ranks | stand, name bars above and below.
                let wood_x = MARGIN + STAND_W + GAP;
                let width = wood_x + wood_w + band + GAP + STAND_W + MARGIN;
                let top = MARGIN + m.bar_h + GAP;
                let wood_y = top + band;
                let bottom_bar_y = wood_y + wood_h + GAP;
                let height = bottom_bar_y + m.bar_h + MARGIN;
                layout.top_bar = Some(rect(MARGIN, MARGIN, width - 2.0 * MARGIN, m.bar_h));
                layout.bottom_bar = Some(rect(MARGIN, bottom_bar_y, width - 2.0 * MARGIN, m.bar_h));
                (wood_x, wood_y, width, height)
            }
            BoardStyle::Yonin => {
                let side = STRIP_D + GAP + band;
                let width = 2.0 * (MARGIN + side) + wood_w;
                let legend_h = 2.0 * LEGEND_ROW_H;
                let legend_y = MARGIN;
                let wood_x = MARGIN + side;
                let wood_y = legend_y + legend_h + GAP + side;
                let caption_y = wood_y + wood_h + side;
                let height = caption_y + LEGEND_ROW_H + MARGIN / 2.0;
                layout.legend = Some(rect(MARGIN, legend_y, width - 2.0 * MARGIN, legend_h));
                layout.caption = Some(rect(MARGIN, caption_y, width - 2.0 * MARGIN, LEGEND_ROW_H));
                (wood_x, wood_y, width, height)
            }
            BoardStyle::DaiDai => {
                let wood_x = MARGIN + band;
                let width = 2.0 * wood_x + wood_w;
                let wood_y = MARGIN + m.bar_h + GAP + band;
                let bottom_bar_y = wood_y + wood_h + band + GAP;
                let height = bottom_bar_y + m.bar_h + MARGIN;
                layout.top_bar = Some(rect(MARGIN, MARGIN, width - 2.0 * MARGIN, m.bar_h));
                layout.bottom_bar = Some(rect(MARGIN, bottom_bar_y, width - 2.0 * MARGIN, m.bar_h));
                (wood_x, wood_y, width, height)
            }
        };
        layout.width = width.round() as u32;
        layout.height = height.round() as u32;
        layout.wood = rect(wood_x, wood_y, wood_w, wood_h);
        layout.grid = rect(wood_x + m.wood_pad, wood_y + m.wood_pad, grid_w, grid_h);
        layout
    }

    pub fn size(&self) -> usize {
        self.size
    }

    pub fn view(&self) -> QuarterTurns {
        self.view
    }

    /// The on-screen column and row of `square` (0, 0 = top left of the image).
    pub fn screen_cell(&self, square: Square) -> (usize, usize) {
        let n = self.size - 1;
        let (c, r) = (usize::from(square.col), usize::from(square.row));
        match self.view.get() {
            0 => (c, r),
            // W at the bottom: the board turned a quarter counter-clockwise.
            1 => (r, n - c),
            2 => (n - c, n - r),
            _ => (n - r, c),
        }
    }

    /// The square shown in on-screen column `x`, row `y`.
    pub fn square_at(&self, x: usize, y: usize) -> Square {
        let n = self.size - 1;
        let (c, r) = match self.view.get() {
            0 => (x, y),
            1 => (n - y, x),
            2 => (n - x, n - y),
            _ => (y, n - x),
        };
        Square::new(c as u8, r as u8)
    }

    /// The image rectangle of a screen cell, between its grid lines.
    pub fn screen_cell_rect(&self, x: usize, y: usize) -> Rect {
        let m = &self.metrics;
        rect(
            self.grid.x() + x as f32 * m.cell_w,
            self.grid.y() + y as f32 * m.cell_h,
            m.cell_w,
            m.cell_h,
        )
    }

    /// The image rectangle of `square`.
    pub fn cell_rect(&self, square: Square) -> Rect {
        let (x, y) = self.screen_cell(square);
        self.screen_cell_rect(x, y)
    }

    /// The image point at the middle of `square`.
    pub fn cell_centre(&self, square: Square) -> (f32, f32) {
        let r = self.cell_rect(square);
        (r.x() + r.width() / 2.0, r.y() + r.height() / 2.0)
    }

    /// The hand area of a seat at screen edge `edge`: standard shogi's piece stands (the
    /// top seat's at the top left, the bottom seat's at the bottom right) or yonin's strips
    /// along the board.
    pub fn hand_area(&self, style: BoardStyle, edge: ScreenEdge) -> Rect {
        let m = &self.metrics;
        let wood = self.wood;
        match style {
            BoardStyle::Standard => {
                let stand_h = (7.0 * HAND_SLOT_H + 2.0 * GAP).min(wood.height());
                match edge {
                    ScreenEdge::Top | ScreenEdge::Left => rect(MARGIN, wood.y(), STAND_W, stand_h),
                    ScreenEdge::Bottom | ScreenEdge::Right => rect(
                        wood.right() + m.coord_band + GAP,
                        wood.bottom() - stand_h,
                        STAND_W,
                        stand_h,
                    ),
                }
            }
            _ => {
                let out = m.coord_band + GAP;
                match edge {
                    ScreenEdge::Bottom => {
                        rect(wood.x(), wood.bottom() + out, wood.width(), STRIP_D)
                    }
                    ScreenEdge::Top => {
                        rect(wood.x(), wood.y() - out - STRIP_D, wood.width(), STRIP_D)
                    }
                    ScreenEdge::Left => {
                        rect(wood.x() - out - STRIP_D, wood.y(), STRIP_D, wood.height())
                    }
                    ScreenEdge::Right => rect(wood.right() + out, wood.y(), STRIP_D, wood.height()),
                }
            }
        }
    }
}

/// Standard shogi: height of one kind's place on a piece stand.
pub const HAND_SLOT_H: f32 = 60.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screen_cells_invert() {
        for style in [BoardStyle::Standard, BoardStyle::Yonin, BoardStyle::DaiDai] {
            for view in 0..4 {
                let mut scene = Scene::new(style);
                scene.view = QuarterTurns::new(view);
                let layout = Layout::new(&scene);
                let n = scene.size() as u8;
                for col in 0..n {
                    for row in 0..n {
                        let sq = Square::new(col, row);
                        let (x, y) = layout.screen_cell(sq);
                        assert_eq!(layout.square_at(x, y), sq);
                    }
                }
            }
        }
    }

    #[test]
    fn views_put_the_seat_at_the_bottom() {
        let mut scene = Scene::new(BoardStyle::Yonin);
        // 9e is W's king square, at the middle of the left edge as S sees it.
        let w_king = Square::parse(9, "9e").expect("square");
        let s_king = Square::parse(9, "5i").expect("square");
        scene.view = QuarterTurns::WEST;
        let layout = Layout::new(&scene);
        assert_eq!(layout.screen_cell(w_king), (4, 8));
        assert_eq!(layout.screen_cell(s_king), (8, 4));
        scene.view = QuarterTurns::EAST;
        let layout = Layout::new(&scene);
        assert_eq!(
            layout.screen_cell(Square::parse(9, "1e").expect("square")),
            (4, 8)
        );
        assert_eq!(layout.screen_cell(s_king), (0, 4));
    }
}
