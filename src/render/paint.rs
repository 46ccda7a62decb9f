//! The palette and the drawing primitives shared by the painters: fills, strokes,
//! rounded rectangles, and small drawings kept as sprites between images.

use std::sync::OnceLock;

use tiny_skia::{
    Color, FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, Transform,
};

use super::scene::Rgb;
use super::sprites::{blit, Cache};

/// A colour with alpha, as written in the palette below.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Ink(pub u8, pub u8, pub u8, pub u8);

impl Ink {
    pub const fn opaque(rgb: u32) -> Ink {
        Ink((rgb >> 16) as u8, (rgb >> 8) as u8, rgb as u8, 255)
    }
    pub const fn alpha(self, a: u8) -> Ink {
        Ink(self.0, self.1, self.2, a)
    }
    pub fn color(self) -> Color {
        Color::from_rgba8(self.0, self.1, self.2, self.3)
    }
    pub fn from_rgb(rgb: Rgb) -> Ink {
        Ink(rgb.r, rgb.g, rgb.b, 255)
    }
    /// This colour moved `t` (0..=1) of the way toward `other`.
    pub fn mix(self, other: Ink, t: f32) -> Ink {
        let f = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * t).round() as u8;
        Ink(
            f(self.0, other.0),
            f(self.1, other.1),
            f(self.2, other.2),
            f(self.3, other.3),
        )
    }
}

// The palette.
pub const BACKGROUND: Ink = Ink::opaque(0xEFE8DA);
pub const WOOD: Ink = Ink::opaque(0xE6BC72);
pub const WOOD_EDGE: Ink = Ink::opaque(0x9C6B2E);
pub const GRAIN: Ink = Ink::opaque(0xB07A30);
pub const STAND: Ink = Ink::opaque(0xD9A95E);
pub const GRID: Ink = Ink::opaque(0x35240F);
pub const COORD: Ink = Ink::opaque(0x5B4630);
pub const PIECE_FACE: Ink = Ink::opaque(0xF8E6B8);
pub const PIECE_EDGE: Ink = Ink::opaque(0x7A5A2C);
pub const PIECE_BACK: Ink = Ink::opaque(0xA87B45);
pub const SHADOW: Ink = Ink(0, 0, 0, 70);
pub const INK: Ink = Ink::opaque(0x161310);
pub const PROMOTED: Ink = Ink::opaque(0xC8141E);
pub const GREY_FACE: Ink = Ink::opaque(0xD4D1CB);
pub const GREY_INK: Ink = Ink::opaque(0x8E8A84);
pub const MOVE_FROM: Ink = Ink::opaque(0xF2C230).alpha(105);
pub const MOVE_TO: Ink = Ink::opaque(0xF2B01E).alpha(170);
pub const MOVE_MIDDLE: Ink = Ink::opaque(0x4FA3E0).alpha(120);
pub const ROUTE: Ink = Ink::opaque(0x2B6CB0).alpha(150);
pub const CAPTURE: Ink = Ink::opaque(0xD01A22);
pub const CHECK: Ink = Ink::opaque(0xE0201E);
pub const TEXT: Ink = Ink::opaque(0x2A2118);
pub const MUTED: Ink = Ink::opaque(0x7A6E60);
pub const PLATE: Ink = Ink::opaque(0xF8F4EC);
pub const PLATE_EDGE: Ink = Ink::opaque(0xD5C8B0);
pub const TURN: Ink = Ink::opaque(0xE8A317);
pub const TURN_PLATE: Ink = Ink::opaque(0xFFF1CC);
pub const WHITE: Ink = Ink::opaque(0xFFFFFF);

// Colours derived from a yonin seat's colour.

/// The face of a seat's pieces, tinted with its colour.
pub fn seat_face(seat: Ink) -> Ink {
    PIECE_FACE.mix(seat, 0.16)
}

/// The international move marks of a seat's pieces: its colour deepened to read on the
/// tinted face.
pub fn seat_mark(seat: Ink) -> Ink {
    seat.mix(INK, 0.22)
}

/// The hand strip along a seat's edge.
pub fn seat_strip(seat: Ink) -> Ink {
    BACKGROUND.mix(seat, 0.14)
}

/// The rim of an eliminated seat's pieces.
pub fn grey_rim(seat: Ink) -> Ink {
    seat.mix(GREY_FACE, 0.55)
}

/// The move marks of an eliminated seat's pieces.
pub fn grey_mark(seat: Ink) -> Ink {
    seat.mix(GREY_FACE, 0.45)
}

pub fn paint(ink: Ink) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(ink.color());
    paint.anti_alias = true;
    paint
}

pub fn fill(pixmap: &mut Pixmap, path: &Path, ink: Ink, transform: Transform) {
    pixmap.fill_path(path, &paint(ink), FillRule::Winding, transform, None);
}

/// Strokes with round joins and caps.
pub fn stroke(pixmap: &mut Pixmap, path: &Path, ink: Ink, width: f32, transform: Transform) {
    let stroke = Stroke {
        width,
        line_join: LineJoin::Round,
        line_cap: LineCap::Round,
        ..Stroke::default()
    };
    pixmap.stroke_path(path, &paint(ink), &stroke, transform, None);
}

pub fn fill_rect(pixmap: &mut Pixmap, rect: Rect, ink: Ink) {
    pixmap.fill_rect(rect, &paint(ink), Transform::identity(), None);
}

pub fn rounded_rect(rect: Rect, radius: f32) -> Path {
    let r = radius.min(rect.width() / 2.0).min(rect.height() / 2.0);
    // A quarter circle as one cubic: control points at 0.5523 of the radius.
    let k = r * (1.0 - 0.552_284_8);
    let (l, t, rt, b) = (rect.left(), rect.top(), rect.right(), rect.bottom());
    let mut pb = PathBuilder::new();
    pb.move_to(l + r, t);
    pb.line_to(rt - r, t);
    pb.cubic_to(rt - k, t, rt, t + k, rt, t + r);
    pb.line_to(rt, b - r);
    pb.cubic_to(rt, b - k, rt - k, b, rt - r, b);
    pb.line_to(l + r, b);
    pb.cubic_to(l + k, b, l, b - k, l, b - r);
    pb.line_to(l, t + r);
    pb.cubic_to(l, t + k, l + k, t, l + r, t);
    pb.close();
    pb.finish().unwrap_or_else(|| PathBuilder::from_rect(rect))
}

pub fn circle(x: f32, y: f32, r: f32) -> Option<Path> {
    PathBuilder::from_circle(x, y, r)
}

pub fn rect(x: f32, y: f32, w: f32, h: f32) -> Option<Rect> {
    Rect::from_xywh(x, y, w, h)
}

/// `rect` shrunk by `inset` on every side.
pub fn inner(rect: Rect, inset: f32) -> Option<Rect> {
    Rect::from_ltrb(
        rect.left() + inset,
        rect.top() + inset,
        rect.right() - inset,
        rect.bottom() - inset,
    )
}

/// Hundredths, for sizes in sprite keys.
pub fn centi(v: f32) -> u32 {
    (v * 100.0).round().max(0.0) as u32
}

/// Everything a small drawing depends on, so one painted copy serves every image.
#[derive(Clone, Eq, PartialEq, Hash, Debug)]
pub enum SpriteKey {
    Piece {
        label: String,
        moves: Option<Vec<super::scene::MoveMark>>,
        face: Ink,
        rim: Ink,
        ink: Ink,
        mark: Ink,
        rim_width: u32,
        face_down: bool,
        w: u32,
        h: u32,
        facing: u8,
    },
    Text {
        text: String,
        max_width: u32,
        em: u32,
        ink: Ink,
    },
    Tag {
        text: String,
        em: u32,
        fill: Ink,
        ink: Ink,
    },
    Count {
        count: u8,
        r: u32,
    },
    Panel {
        w: u32,
        h: u32,
        radius: u32,
        fill: Ink,
        edge: Ink,
        edge_width: u32,
    },
    Chip {
        letter: String,
        ink: Ink,
        side: u32,
    },
    SideMark {
        black: bool,
        h: u32,
    },
}

/// Draws the sprite for `key` with its top left corner at (`x`, `y`); on first use it is
/// painted by `paint` into a transparent `w` x `h` pixmap.
pub fn memo(
    pixmap: &mut Pixmap,
    key: SpriteKey,
    x: i32,
    y: i32,
    w: u32,
    h: u32,
    paint: impl FnOnce(&mut Pixmap),
) {
    static SPRITES: OnceLock<Cache<SpriteKey>> = OnceLock::new();
    let sprite = SPRITES
        .get_or_init(|| Cache::new(2048))
        .get_or_paint(&key, || {
            let mut sprite = Pixmap::new(w.max(1), h.max(1)).expect("sprite sizes are small");
            paint(&mut sprite);
            sprite
        });
    blit(pixmap, &sprite, x, y);
}
