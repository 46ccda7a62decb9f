//! The dai dai piece reference: for every kind of the piece table, its piece with the
//! kanji, its code as moves write it, its English name, what it promotes to, and a diagram
//! of its moves read from the table (steps, slides, jumps, and the lion, lion-dog and hook
//! powers), laid out a few pages of cells.

use tiny_skia::{PathBuilder, Pixmap, Rect, Transform};

use crate::engine::daidai;
use crate::engine::geometry::DIRECTIONS;
use crate::engine::piece::{KindDef, KindId, Special};

use super::fonts::{Align, TextLine};
use super::paint::*;
use super::pieces::{draw_piece_at, piece_look};
use super::scene::{BoardStyle, QuarterTurns, Scene, ScenePiece};
use super::{encode_png, RenderError};

/// The words on the pages, in the reader's language (the renderer knows none: its caller
/// gives them, the kinds' names included).
#[derive(Clone, Debug)]
pub struct ReferenceText {
    /// The title of every page; its number (`2/5`) follows.
    pub title: String,
    pub step: String,
    pub slide: String,
    /// For a slide limited to a number of squares (the number is drawn at its end).
    pub limited: String,
    pub jump: String,
    /// The shaded squares where a lion-type piece may move twice.
    pub lion: String,
    pub hook: String,
    /// Each kind's name, by kind of the table (`lion`; for a Japanese reader `獅子`). A
    /// name that is the kind's kanji is written once.
    pub names: Vec<String>,
    /// Each kind's promotion line, by kind: what it promotes to on its first capture, or
    /// what a promoted-only kind comes from (`promotes to Fr`); `None` for neither.
    pub promotions: Vec<Option<String>>,
}

impl Default for ReferenceText {
    /// English, with the table's English names and the promotions by code.
    fn default() -> ReferenceText {
        let kinds = daidai::kinds();
        ReferenceText {
            title: "Dai dai shogi: the pieces and their moves".to_string(),
            step: "one square".to_string(),
            slide: "any distance".to_string(),
            limited: "up to n squares".to_string(),
            jump: "jumps to".to_string(),
            lion: "may move twice (lion power)".to_string(),
            hook: "may turn once".to_string(),
            names: kinds.iter().map(|kind| kind.name.to_string()).collect(),
            promotions: kinds
                .iter()
                .map(|kind| match (kind.promotes_to, kind.promoted) {
                    (Some(to), _) => Some(format!("promotes to {}", kinds[usize::from(to)].code)),
                    (None, true) => Some(format!(
                        "promoted from {}",
                        kinds[usize::from(kind.base)].code
                    )),
                    (None, false) => None,
                })
                .collect(),
        }
    }
}

/// One page of the reference: which kinds it shows, in reading order, and the PNG.
#[derive(Clone, Debug)]
pub struct ReferencePage {
    pub kinds: Vec<KindId>,
    pub png: Vec<u8>,
}

/// Cells per page: two columns (a page reads at chat width), seven rows.
const COLUMNS: usize = 2;
const ROWS: usize = 7;
const CELL_W: f32 = 372.0;
const CELL_H: f32 = 172.0;
const MARGIN: f32 = 16.0;
const TITLE_H: f32 = 46.0;
const LEGEND_H: f32 = 102.0;
/// The move diagram: 7 x 7 squares around the piece.
const REACH: i32 = 3;
const SQUARE: f32 = 21.0;

/// The reference pages for every kind of dai dai shogi's table, in table order.
pub fn daidai_reference(text: &ReferenceText) -> Result<Vec<ReferencePage>, RenderError> {
    let kinds = daidai::kinds();
    let per_page = COLUMNS * ROWS;
    let pages = kinds.len().div_ceil(per_page);
    (0..pages)
        .map(|page| {
            let ids: Vec<KindId> = (page * per_page..kinds.len().min((page + 1) * per_page))
                .map(|id| id as KindId)
                .collect();
            let image = draw_page(kinds, &ids, text, page + 1, pages);
            Ok(ReferencePage {
                png: encode_png(&image)?,
                kinds: ids,
            })
        })
        .collect()
}

fn draw_page(
    kinds: &[KindDef],
    ids: &[KindId],
    text: &ReferenceText,
    page: usize,
    pages: usize,
) -> Pixmap {
    let rows = ids.len().div_ceil(COLUMNS).max(1);
    let width = (2.0 * MARGIN + COLUMNS as f32 * CELL_W).round() as u32;
    let height = (2.0 * MARGIN + TITLE_H + rows as f32 * CELL_H + LEGEND_H).round() as u32;
    let mut image = Pixmap::new(width, height).expect("a page is small and not empty");
    image.fill(BACKGROUND.color());
    TextLine::fitted(&format!("{}  {page}/{pages}", text.title), 30.0).draw(
        &mut image,
        MARGIN + 4.0,
        MARGIN + TITLE_H / 2.0 - 4.0,
        22.0,
        Align::Left,
        TEXT.color(),
    );
    for (i, &id) in ids.iter().enumerate() {
        let (col, row) = (i % COLUMNS, i / COLUMNS);
        let x = MARGIN + col as f32 * CELL_W;
        let y = MARGIN + TITLE_H + row as f32 * CELL_H;
        draw_cell(&mut image, kinds, id, text, x, y);
    }
    draw_legend(&mut image, text, MARGIN, height as f32 - MARGIN - LEGEND_H);
    image
}

/// One kind: its move diagram at the left; its piece, code, name and promotion at the
/// right, on a panel.
fn draw_cell(
    image: &mut Pixmap,
    kinds: &[KindDef],
    id: KindId,
    text: &ReferenceText,
    x: f32,
    y: f32,
) {
    let kind = &kinds[usize::from(id)];
    if let Some(panel) = Rect::from_xywh(x + 4.0, y + 4.0, CELL_W - 8.0, CELL_H - 8.0) {
        let body = rounded_rect(panel, 10.0);
        fill(image, &body, PLATE, Transform::identity());
        stroke(image, &body, PLATE_EDGE, 1.2, Transform::identity());
    }
    let side = SQUARE * (2 * REACH + 1) as f32;
    let (gx, gy) = (x + 14.0, y + (CELL_H - side) / 2.0);
    draw_diagram(image, kind, gx, gy);

    // The piece as the board draws it.
    let scene = Scene::new(BoardStyle::DaiDai);
    let piece = ScenePiece::new(kind.kanji, 0, QuarterTurns::SOUTH, 1);
    let piece = if kind.promoted {
        piece.promoted()
    } else {
        piece
    };
    let look = piece_look(&scene, &piece, false);
    let left = gx + side + 18.0;
    let (pw, ph) = (50.0, 66.0);
    draw_piece_at(
        image,
        &look,
        left + pw / 2.0,
        y + 16.0 + ph / 2.0,
        pw,
        ph,
        QuarterTurns::SOUTH,
    );
    let right = x + CELL_W - 14.0;
    let room = |from: f32, em: f32| ((right - from) / em).max(1.0);
    let code_x = left + pw + 12.0;
    TextLine::fitted(kind.code, room(code_x, 30.0)).draw(
        image,
        code_x,
        y + 36.0,
        30.0,
        Align::Left,
        INK.color(),
    );
    let name = text
        .names
        .get(usize::from(id))
        .map_or(kind.name, String::as_str);
    if name != kind.kanji {
        TextLine::fitted(kind.kanji, room(code_x, 18.0)).draw(
            image,
            code_x,
            y + 70.0,
            18.0,
            Align::Left,
            MUTED.color(),
        );
    }
    TextLine::fitted(name, room(left, 18.0)).draw(
        image,
        left,
        y + 106.0,
        18.0,
        Align::Left,
        TEXT.color(),
    );
    let promotion = text
        .promotions
        .get(usize::from(id))
        .and_then(Option::as_ref);
    if let Some(line) = promotion {
        TextLine::fitted(line, room(left, 15.0)).draw(
            image,
            left,
            y + 136.0,
            15.0,
            Align::Left,
            if kind.promoted { PROMOTED } else { MUTED }.color(),
        );
    }
}

/// What a diagram square shows, besides the lines of slides.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum DiagramMark {
    Step,
    Jump,
}

/// A kind's move diagram as data, forward up: marks on squares, slide lines (direction,
/// range with 0 for any distance), the squares shaded for a lion-type power, and whether
/// it hooks (orthogonally or diagonally).
#[derive(Clone, Debug, Default)]
pub struct Diagram {
    pub marks: Vec<((i32, i32), DiagramMark)>,
    pub slides: Vec<((i32, i32), u8)>,
    pub lion: Vec<(i32, i32)>,
    pub hook: Option<bool>,
}

/// The diagram of `kind`, read from its rays and special power.
pub fn diagram(kind: &KindDef) -> Diagram {
    let mut d = Diagram::default();
    for ray in kind.rays {
        let (dx, dy) = (i32::from(ray.dx), i32::from(ray.dy));
        if ray.is_jump() {
            d.marks.push(((dx, dy), DiagramMark::Jump));
        } else if ray.range == 1 {
            d.marks.push(((dx, dy), DiagramMark::Step));
        } else {
            d.slides.push(((dx, dy), ray.range));
        }
    }
    // Lion-dog lines: up to three squares along each of these directions.
    let lines = |d: &mut Diagram, dirs: &[(i32, i32)]| {
        for &(dx, dy) in dirs {
            for k in 1..=3 {
                d.lion.push((dx * k, dy * k));
            }
        }
    };
    let area = |d: &mut Diagram| {
        for dy in -2..=2 {
            for dx in -2..=2 {
                if (dx, dy) != (0, 0) && !d.lion.contains(&(dx, dy)) {
                    d.lion.push((dx, dy));
                }
            }
        }
    };
    match kind.special {
        Special::None => {}
        Special::Lion => area(&mut d),
        Special::LionDog => lines(&mut d, &DIRECTIONS),
        Special::FuriousFiend => {
            lines(&mut d, &DIRECTIONS);
            area(&mut d);
        }
        Special::GreatElephant => {
            lines(&mut d, &[(0, -1), (1, 0), (0, 1), (-1, 0), (1, 1), (-1, 1)])
        }
        Special::HookOrthogonal => d.hook = Some(false),
        Special::HookDiagonal => d.hook = Some(true),
    }
    d
}

/// The centre of diagram square (`dx`, `dy`) for a diagram at (`x`, `y`).
fn square_centre(x: f32, y: f32, dx: i32, dy: i32) -> (f32, f32) {
    (
        x + (dx + REACH) as f32 * SQUARE + SQUARE / 2.0,
        y + (dy + REACH) as f32 * SQUARE + SQUARE / 2.0,
    )
}

/// The colour of the diagram's own square, found nowhere else on the page.
pub const DIAGRAM_CENTRE: [u8; 3] = [0xF2, 0xB0, 0x1E];
const CENTRE: Ink = Ink(DIAGRAM_CENTRE[0], DIAGRAM_CENTRE[1], DIAGRAM_CENTRE[2], 255);
const LION_SHADE: Ink = Ink::opaque(0xCFE3F4);
const HOOK: Ink = Ink::opaque(0x2B6CB0);

fn draw_diagram(image: &mut Pixmap, kind: &KindDef, x: f32, y: f32) {
    let d = diagram(kind);
    let n = 2 * REACH + 1;
    let side = SQUARE * n as f32;
    if let Some(board) = Rect::from_xywh(x, y, side, side) {
        fill_rect(image, board, WHITE);
    }
    for &(dx, dy) in &d.lion {
        if dx.abs() <= REACH && dy.abs() <= REACH {
            let (cx, cy) = square_centre(x, y, dx, dy);
            if let Some(r) = Rect::from_xywh(cx - SQUARE / 2.0, cy - SQUARE / 2.0, SQUARE, SQUARE) {
                fill_rect(image, r, LION_SHADE);
            }
        }
    }
    let (cx, cy) = square_centre(x, y, 0, 0);
    if let Some(r) = Rect::from_xywh(cx - SQUARE / 2.0, cy - SQUARE / 2.0, SQUARE, SQUARE) {
        fill_rect(image, r, CENTRE);
    }
    // The piece itself: a small pentagon pointing forward.
    if let Some(outline) = super::pieces::piece_outline(SQUARE * 0.5, SQUARE * 0.62, true) {
        fill(image, &outline, GRID, Transform::from_translate(cx, cy));
    }
    let mut grid = PathBuilder::new();
    for i in 0..=n {
        let t = i as f32 * SQUARE;
        grid.move_to(x + t, y);
        grid.line_to(x + t, y + side);
        grid.move_to(x, y + t);
        grid.line_to(x + side, y + t);
    }
    if let Some(grid) = grid.finish() {
        stroke(image, &grid, PLATE_EDGE, 1.0, Transform::identity());
    }
    for &((dx, dy), mark) in &d.marks {
        if dx.abs() > REACH || dy.abs() > REACH {
            continue;
        }
        let (mx, my) = square_centre(x, y, dx, dy);
        match mark {
            DiagramMark::Step => {
                if let Some(dot) = circle(mx, my, SQUARE * 0.24) {
                    fill(image, &dot, INK, Transform::identity());
                }
            }
            DiagramMark::Jump => {
                if let Some(ring) = circle(mx, my, SQUARE * 0.27) {
                    stroke(image, &ring, INK, 2.2, Transform::identity());
                }
            }
        }
    }
    for &((dx, dy), range) in &d.slides {
        let reach = if range == 0 {
            REACH
        } else {
            i32::from(range).min(REACH)
        };
        let (fx, fy) = (dx as f32, dy as f32);
        let start = (cx + fx * SQUARE * 0.5, cy + fy * SQUARE * 0.5);
        // Past the last square's middle to the diagram's edge for any distance.
        let length = if range == 0 || i32::from(range) > REACH {
            SQUARE * (reach as f32 + 0.4)
        } else {
            SQUARE * reach as f32
        };
        let end = (cx + fx * length, cy + fy * length);
        let mut pb = PathBuilder::new();
        pb.move_to(start.0, start.1);
        pb.line_to(end.0, end.1);
        let norm = (fx * fx + fy * fy).sqrt();
        let (ux, uy) = (fx / norm, fy / norm);
        if range == 0 {
            let head = SQUARE * 0.38;
            pb.move_to(
                end.0 - ux * head - uy * head * 0.7,
                end.1 - uy * head + ux * head * 0.7,
            );
            pb.line_to(end.0, end.1);
            pb.line_to(
                end.0 - ux * head + uy * head * 0.7,
                end.1 - uy * head - ux * head * 0.7,
            );
        } else if i32::from(range) <= REACH {
            let bar = SQUARE * 0.3;
            pb.move_to(end.0 - uy * bar, end.1 + ux * bar);
            pb.line_to(end.0 + uy * bar, end.1 - ux * bar);
        }
        if let Some(path) = pb.finish() {
            stroke(image, &path, INK, 2.6, Transform::identity());
        }
        if range != 0 && i32::from(range) > REACH {
            // The range written at the line's end, beside it.
            let (tx, ty) = square_centre(x, y, dx * REACH, dy * REACH);
            let side_x = if dx == 0 { SQUARE * 0.45 } else { 0.0 };
            let side_y = if dx != 0 && dy == 0 {
                -SQUARE * 0.45
            } else {
                0.0
            };
            TextLine::new(&range.to_string()).draw(
                image,
                tx + side_x,
                ty + side_y,
                SQUARE * 0.8,
                Align::Centre,
                PROMOTED.color(),
            );
        }
    }
    if let Some(diagonal) = d.hook {
        draw_hook(image, diagonal, cx, cy);
    }
}

/// A bent arrow for a hook mover: out two squares, a quarter turn, on to the edge.
fn draw_hook(image: &mut Pixmap, diagonal: bool, cx: f32, cy: f32) {
    let ((ax, ay), (bx, by)) = if diagonal {
        ((-1.0, -1.0), (1.0, -1.0))
    } else {
        ((0.0, -1.0), (1.0, 0.0))
    };
    let corner = (cx + ax * SQUARE * 2.0, cy + ay * SQUARE * 2.0);
    let turn = if diagonal { 1.0 } else { 2.7 };
    let end = (corner.0 + bx * SQUARE * turn, corner.1 + by * SQUARE * turn);
    let mut pb = PathBuilder::new();
    pb.move_to(cx + ax * SQUARE * 0.5, cy + ay * SQUARE * 0.5);
    pb.line_to(corner.0, corner.1);
    pb.line_to(end.0, end.1);
    let norm = (bx * bx + by * by).sqrt();
    let (ux, uy) = (bx / norm, by / norm);
    let head = SQUARE * 0.38;
    pb.move_to(
        end.0 - ux * head - uy * head * 0.7,
        end.1 - uy * head + ux * head * 0.7,
    );
    pb.line_to(end.0, end.1);
    pb.line_to(
        end.0 - ux * head + uy * head * 0.7,
        end.1 - uy * head - ux * head * 0.7,
    );
    if let Some(path) = pb.finish() {
        stroke(image, &path, HOOK, 2.6, Transform::identity());
    }
}

/// The symbols and their meanings, in two rows at the foot of the page.
fn draw_legend(image: &mut Pixmap, text: &ReferenceText, x: f32, y: f32) {
    let em = 16.0;
    let row = LEGEND_H / 3.0;
    let entries: [(&str, u8); 6] = [
        (&text.step, 0),
        (&text.slide, 1),
        (&text.limited, 2),
        (&text.jump, 3),
        (&text.lion, 4),
        (&text.hook, 5),
    ];
    let col_w = (COLUMNS as f32 * CELL_W) / 2.0;
    for (i, (label, symbol)) in entries.into_iter().enumerate() {
        let (col, line) = (i % 2, i / 2);
        let sx = x + 8.0 + col as f32 * col_w;
        let cy = y + line as f32 * row + row / 2.0;
        let box_x = sx + SQUARE / 2.0;
        if let Some(r) = Rect::from_xywh(sx, cy - SQUARE / 2.0, SQUARE, SQUARE) {
            fill_rect(image, r, if symbol == 4 { LION_SHADE } else { WHITE });
            stroke(
                image,
                &PathBuilder::from_rect(r),
                PLATE_EDGE,
                1.0,
                Transform::identity(),
            );
        }
        match symbol {
            0 => {
                if let Some(dot) = circle(box_x, cy, SQUARE * 0.24) {
                    fill(image, &dot, INK, Transform::identity());
                }
            }
            1 | 2 | 5 => {
                let ink = if symbol == 5 { HOOK } else { INK };
                let mut pb = PathBuilder::new();
                pb.move_to(sx + 3.0, cy);
                pb.line_to(sx + SQUARE - 3.0, cy);
                if symbol == 2 {
                    pb.move_to(sx + SQUARE - 3.0, cy - 5.0);
                    pb.line_to(sx + SQUARE - 3.0, cy + 5.0);
                } else {
                    pb.move_to(sx + SQUARE - 9.0, cy - 5.0);
                    pb.line_to(sx + SQUARE - 3.0, cy);
                    pb.line_to(sx + SQUARE - 9.0, cy + 5.0);
                }
                if let Some(path) = pb.finish() {
                    stroke(image, &path, ink, 2.4, Transform::identity());
                }
            }
            3 => {
                if let Some(ring) = circle(box_x, cy, SQUARE * 0.27) {
                    stroke(image, &ring, INK, 2.2, Transform::identity());
                }
            }
            _ => {}
        }
        TextLine::fitted(label, (col_w - SQUARE - 16.0) / em).draw(
            image,
            sx + SQUARE + 8.0,
            cy,
            em,
            Align::Left,
            TEXT.color(),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(code: &str) -> &'static KindDef {
        daidai::kinds()
            .iter()
            .find(|k| k.code == code)
            .expect("a code of the table")
    }

    #[test]
    fn diagrams_read_the_table() {
        let lion = diagram(kind("Ln"));
        assert_eq!(lion.lion.len(), 24, "every square within two");
        assert_eq!(
            lion.marks
                .iter()
                .filter(|m| m.1 == DiagramMark::Step)
                .count(),
            8
        );
        assert_eq!(
            lion.marks
                .iter()
                .filter(|m| m.1 == DiagramMark::Jump)
                .count(),
            16
        );
        let dog = diagram(kind("LD"));
        assert_eq!(dog.lion.len(), 24, "three squares along eight lines");
        assert!(dog.marks.contains(&((0, -3), DiagramMark::Jump)));
        let hook = diagram(kind("HM"));
        assert_eq!((hook.hook, hook.slides.len()), (Some(false), 4));
        assert_eq!(diagram(kind("Lo")).hook, Some(true));
        let dove = diagram(kind("Dv"));
        assert!(dove.slides.contains(&((1, -1), 5)) && dove.slides.contains(&((0, -1), 2)));
        let pawn = diagram(kind("P"));
        assert_eq!(pawn.marks, [((0, -1), DiagramMark::Step)]);
        assert!(pawn.slides.is_empty() && pawn.lion.is_empty() && pawn.hook.is_none());
    }
}
