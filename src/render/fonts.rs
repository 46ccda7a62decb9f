//! The embedded fonts (subsets of Noto CJK JP, see `fonts/`) and glyph outlines turned
//! into tiny-skia paths: piece labels, and single lines of text with fallbacks for
//! characters the subsets lack.

use std::sync::OnceLock;

use ab_glyph::{Font, FontRef, GlyphId, OutlineCurve};
use tiny_skia::{Color, FillRule, Paint, Path, PathBuilder, Pixmap, Rect, Transform};

/// Noto Serif CJK JP Bold, cut to the piece labels.
pub static PIECE_FONT_DATA: &[u8] = include_bytes!("../../fonts/NotoSerifCJKjp-Bold.subset.otf");
/// Noto Sans CJK JP Bold, cut to coordinates, names and captions.
pub static TEXT_FONT_DATA: &[u8] = include_bytes!("../../fonts/NotoSansCJKjp-Bold.subset.otf");
/// The character list both subsets were cut from.
pub static GLYPH_LIST: &str = include_str!("../../fonts/glyphs.txt");

/// Noto CJK draws ideographs in an em box from -0.12 to 0.88 em around the baseline, so
/// its middle sits this far above the baseline.
const EM_BOX_MIDDLE: f32 = 0.38;

/// Which embedded font a glyph comes from.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum FontRole {
    /// Serif, for the labels on pieces.
    Piece,
    /// Sans, for coordinates, names and captions.
    Text,
}

pub struct Fonts {
    piece: FontRef<'static>,
    text: FontRef<'static>,
}

/// The parsed embedded fonts. They are part of the binary and checked by the tests, so
/// failing to parse them is a build defect, not a runtime condition.
pub fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| Fonts {
        piece: FontRef::try_from_slice(PIECE_FONT_DATA).expect("embedded piece font parses"),
        text: FontRef::try_from_slice(TEXT_FONT_DATA).expect("embedded text font parses"),
    })
}

impl Fonts {
    pub fn font(&self, role: FontRole) -> &FontRef<'static> {
        match role {
            FontRole::Piece => &self.piece,
            FontRole::Text => &self.text,
        }
    }

    /// The glyph of `c` in `role`'s font, if the font has one.
    pub fn glyph(&self, role: FontRole, c: char) -> Option<GlyphId> {
        let id = self.font(role).glyph_id(c);
        (id.0 != 0).then_some(id)
    }

    /// The outline of `c` in `role`'s font as a path in em units, y pointing down, the
    /// origin on the baseline at the left of the advance; `None` if the font has no glyph
    /// for `c` or the glyph draws nothing (a space).
    pub fn outline(&self, role: FontRole, c: char) -> Option<Path> {
        let font = self.font(role);
        let id = self.glyph(role, c)?;
        let outline = font.outline(id)?;
        let scale = 1.0 / font.units_per_em().unwrap_or(1000.0);
        curves_to_path(&outline.curves, scale)
    }

    /// Horizontal advance of glyph `id` of `role`'s font in em.
    pub fn advance(&self, role: FontRole, id: GlyphId) -> f32 {
        let font = self.font(role);
        font.h_advance_unscaled(id) / font.units_per_em().unwrap_or(1000.0)
    }
}

/// Joins ab_glyph's curve list back into contours (a curve that does not start where the
/// previous one ended, or that follows a closed contour, starts a new one).
fn curves_to_path(curves: &[OutlineCurve], scale: f32) -> Option<Path> {
    let mut pb = PathBuilder::with_capacity(curves.len() + 8, curves.len() * 3 + 8);
    let p = |pt: ab_glyph::Point| (pt.x * scale, -pt.y * scale);
    let mut contour_start: Option<ab_glyph::Point> = None;
    let mut last: Option<ab_glyph::Point> = None;
    for curve in curves {
        let (start, end) = match *curve {
            OutlineCurve::Line(a, b) => (a, b),
            OutlineCurve::Quad(a, _, b) => (a, b),
            OutlineCurve::Cubic(a, _, _, b) => (a, b),
        };
        if last != Some(start) || last == contour_start {
            if contour_start.is_some() {
                pb.close();
            }
            let (x, y) = p(start);
            pb.move_to(x, y);
            contour_start = Some(start);
        }
        match *curve {
            OutlineCurve::Line(_, b) => {
                let (x, y) = p(b);
                pb.line_to(x, y);
            }
            OutlineCurve::Quad(_, c, b) => {
                let ((cx, cy), (x, y)) = (p(c), p(b));
                pb.quad_to(cx, cy, x, y);
            }
            OutlineCurve::Cubic(_, c1, c2, b) => {
                let ((c1x, c1y), (c2x, c2y), (x, y)) = (p(c1), p(c2), p(b));
                pb.cubic_to(c1x, c1y, c2x, c2y, x, y);
            }
        }
        last = Some(end);
    }
    if contour_start.is_some() {
        pb.close();
    }
    pb.finish()
}

/// Fills `path` (in em units, from [`Fonts::outline`]) placed by `transform`.
pub fn fill_glyph(pixmap: &mut Pixmap, path: &Path, colour: Color, transform: Transform) {
    let mut paint = Paint::default();
    paint.set_color(colour);
    paint.anti_alias = true;
    pixmap.fill_path(path, &paint, FillRule::Winding, transform, None);
}

/// Draws one piece label centred on the origin of `transform` (a transform from the
/// piece's own frame, pointing up, to the image): one character `em` pixels tall, or two
/// stacked, each `em` tall and squeezed vertically by `squeeze`. `embolden` (in em) thickens
/// every stroke by outlining the glyph as well as filling it, a heavier weight for labels
/// that must still read when the image is shown small.
pub fn draw_label(
    pixmap: &mut Pixmap,
    label: &str,
    em: f32,
    squeeze: f32,
    embolden: f32,
    colour: Color,
    transform: Transform,
) {
    let fonts = fonts();
    let chars: Vec<char> = label.chars().collect();
    let count = chars.len().max(1) as f32;
    let line = em * squeeze;
    for (i, &c) in chars.iter().enumerate() {
        // Centre of this character's em box in the piece frame.
        let centre_y = (i as f32 - (count - 1.0) / 2.0) * line;
        let Some((role, id)) = glyph_for_label(c) else {
            continue;
        };
        let Some(path) = fonts.outline(role, c) else {
            continue;
        };
        let half_advance = fonts.advance(role, id) / 2.0;
        let glyph = Transform::from_row(
            em,
            0.0,
            0.0,
            em * squeeze,
            -half_advance * em,
            centre_y + EM_BOX_MIDDLE * em * squeeze,
        );
        let placed = glyph.post_concat(transform);
        fill_glyph(pixmap, &path, colour, placed);
        if embolden > 0.0 {
            let mut paint = Paint::default();
            paint.set_color(colour);
            paint.anti_alias = true;
            // The path is in em units: a stroke of `embolden` em, however it is scaled.
            let stroke = tiny_skia::Stroke {
                width: embolden,
                line_join: tiny_skia::LineJoin::Round,
                ..tiny_skia::Stroke::default()
            };
            pixmap.stroke_path(&path, &paint, &stroke, placed, None);
        }
    }
}

fn glyph_for_label(c: char) -> Option<(FontRole, GlyphId)> {
    let fonts = fonts();
    [FontRole::Piece, FontRole::Text]
        .into_iter()
        .find_map(|role| fonts.glyph(role, c).map(|id| (role, id)))
}

/// How a line of text sits on its anchor point horizontally.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// One laid-out character: a glyph, or a placeholder box for a character no font has.
#[derive(Clone, Debug)]
enum Item {
    Glyph { role: FontRole, c: char, x: f32 },
    Placeholder { x: f32, width: f32 },
}

/// A single line of text laid out in em units.
#[derive(Clone, Debug)]
pub struct TextLine {
    items: Vec<Item>,
    /// Width in em.
    width: f32,
}

const PLACEHOLDER_WIDTH: f32 = 0.6;

impl TextLine {
    /// Lays out `text` on one line: each character from the text font, else from the piece
    /// font, else as its plain Latin letter, else as a placeholder box. Control characters,
    /// combining marks and variation selectors without a glyph take no space.
    pub fn new(text: &str) -> TextLine {
        let fonts = fonts();
        let mut items = Vec::with_capacity(text.len());
        let mut x = 0.0;
        for c in text.chars() {
            if c.is_control() {
                continue;
            }
            let found = [c, fold_to_latin(c).unwrap_or(c)]
                .into_iter()
                .find_map(|c| glyph_for_text(c).map(|(role, id)| (role, id, c)));
            match found {
                Some((role, id, c)) => {
                    items.push(Item::Glyph { role, c, x });
                    x += fonts.advance(role, id);
                }
                None if is_invisible(c) => {}
                None => {
                    items.push(Item::Placeholder {
                        x,
                        width: PLACEHOLDER_WIDTH,
                    });
                    x += PLACEHOLDER_WIDTH;
                }
            }
        }
        TextLine { items, width: x }
    }

    /// [`TextLine::new`], cut with an ellipsis to fit `max_width` em.
    pub fn fitted(text: &str, max_width: f32) -> TextLine {
        let mut line = TextLine::new(text);
        if line.width <= max_width {
            return line;
        }
        let ellipsis = TextLine::new("…");
        let room = max_width - ellipsis.width;
        let keep = line
            .items
            .iter()
            .position(|item| {
                let (x, w) = line.item_extent(item);
                x + w > room
            })
            .unwrap_or(line.items.len());
        line.items.truncate(keep);
        let start = line.items.last().map_or(0.0, |item| {
            let (x, w) = line.item_extent(item);
            x + w
        });
        for item in ellipsis.items {
            if let Item::Glyph { role, c, x } = item {
                line.items.push(Item::Glyph {
                    role,
                    c,
                    x: start + x,
                });
            }
        }
        line.width = start + ellipsis.width;
        line
    }

    fn item_extent(&self, item: &Item) -> (f32, f32) {
        match *item {
            Item::Glyph { role, c, x } => {
                let fonts = fonts();
                let w = fonts
                    .glyph(role, c)
                    .map_or(0.0, |id| fonts.advance(role, id));
                (x, w)
            }
            Item::Placeholder { x, width } => (x, width),
        }
    }

    /// Width in em.
    pub fn width(&self) -> f32 {
        self.width
    }

    /// Draws the line `em` units tall centred on the origin of `transform` (a frame such
    /// as a piece's own, which may be turned), its visual middle on the origin.
    pub fn draw_centred(&self, pixmap: &mut Pixmap, em: f32, colour: Color, transform: Transform) {
        let fonts = fonts();
        let left = -self.width * em / 2.0;
        let baseline = EM_BOX_MIDDLE * em;
        for item in &self.items {
            if let Item::Glyph { role, c, x } = *item {
                if let Some(path) = fonts.outline(role, c) {
                    let t = Transform::from_row(em, 0.0, 0.0, em, left + x * em, baseline);
                    fill_glyph(pixmap, &path, colour, t.post_concat(transform));
                }
            }
        }
    }

    /// Draws the line `em` pixels tall, its visual middle on `y`, aligned on `x`.
    pub fn draw(&self, pixmap: &mut Pixmap, x: f32, y: f32, em: f32, align: Align, colour: Color) {
        let left = match align {
            Align::Left => x,
            Align::Centre => x - self.width * em / 2.0,
            Align::Right => x - self.width * em,
        };
        let baseline = y + EM_BOX_MIDDLE * em;
        let fonts = fonts();
        for item in &self.items {
            match *item {
                Item::Glyph { role, c, x } => {
                    if let Some(path) = fonts.outline(role, c) {
                        let t = Transform::from_row(em, 0.0, 0.0, em, left + x * em, baseline);
                        fill_glyph(pixmap, &path, colour, t);
                    }
                }
                Item::Placeholder { x, width } => {
                    draw_placeholder(pixmap, left + x * em, baseline, width * em, em, colour);
                }
            }
        }
    }
}

/// Draws a line of text: shorthand for [`TextLine::new`] and [`TextLine::draw`].
pub fn draw_text(
    pixmap: &mut Pixmap,
    text: &str,
    x: f32,
    y: f32,
    em: f32,
    align: Align,
    colour: Color,
) {
    TextLine::new(text).draw(pixmap, x, y, em, align, colour);
}

fn glyph_for_text(c: char) -> Option<(FontRole, GlyphId)> {
    let fonts = fonts();
    [FontRole::Text, FontRole::Piece]
        .into_iter()
        .find_map(|role| fonts.glyph(role, c).map(|id| (role, id)))
}

fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{0300}'..='\u{036F}'   // combining diacritical marks
        | '\u{200B}'..='\u{200F}' // zero-width space, joiners, direction marks
        | '\u{202A}'..='\u{202E}' // bidi embeddings
        | '\u{2060}'..='\u{2064}'
        | '\u{FE00}'..='\u{FE0F}' // variation selectors
        | '\u{FEFF}'
        | '\u{E0100}'..='\u{E01EF}')
}

/// A hollow box the size of a lower-case letter, for a character no font can draw.
fn draw_placeholder(
    pixmap: &mut Pixmap,
    x: f32,
    baseline: f32,
    width: f32,
    em: f32,
    colour: Color,
) {
    let (w, h) = (width * 0.7, em * 0.62);
    let Some(rect) = Rect::from_xywh(x + width * 0.15, baseline - h, w, h) else {
        return;
    };
    let path = PathBuilder::from_rect(rect);
    let mut paint = Paint::default();
    paint.set_color(colour);
    paint.anti_alias = true;
    let stroke = tiny_skia::Stroke {
        width: (em * 0.07).max(1.0),
        ..Default::default()
    };
    pixmap.stroke_path(&path, &paint, &stroke, Transform::identity(), None);
}

/// Plain Latin letters for Latin letters with diacritics (Latin Extended-A and Latin
/// Extended Additional), used when the text font lacks the accented form.
pub fn fold_to_latin(c: char) -> Option<char> {
    const EXTENDED_A: &[u8; 128] = b"AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIiJjJjKkkLlLlLlLlLlNnNnNnnNnOoOoOoOoRrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzs";
    const EXTENDED_ADDITIONAL: &[u8; 256] = b"AaBbBbBbCcDdDdDdDdDdEeEeEeEeEeFfGgHhHhHhHhHhIiIiKkKkKkLlLlLlLlMmMmMmNnNnNnNnOoOoOoOoPpPpRrRrRrRrSsSsSsSsSsTtTtTtTtUuUuUuUuUuVvVvWwWwWwWwWwXxXxYyZzZzZzhtwy??????AaAaAaAaAaAaAaAaAaAaAaAaEeEeEeEeEeEeEeEeIiIiOoOoOoOoOoOoOoOoOoOoOoOoUuUuUuUuUuUuUuYyYyYyYy??????";
    let folded = match u32::from(c) {
        u @ 0x100..=0x17F => EXTENDED_A[(u - 0x100) as usize],
        u @ 0x1E00..=0x1EFF => EXTENDED_ADDITIONAL[(u - 0x1E00) as usize],
        _ => return None,
    };
    (folded != b'?').then_some(char::from(folded))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fonts_parse_and_have_cjk_em() {
        let fonts = fonts();
        for role in [FontRole::Piece, FontRole::Text] {
            assert_eq!(fonts.font(role).units_per_em(), Some(1000.0));
        }
        let id = fonts
            .glyph(FontRole::Piece, '王')
            .expect("王 in the piece font");
        assert!((fonts.advance(FontRole::Piece, id) - 1.0).abs() < 1e-3);
    }

    #[test]
    fn outlines_are_paths_in_em_units() {
        let path = fonts()
            .outline(FontRole::Piece, '王')
            .expect("王 has an outline");
        let b = path.bounds();
        // Inside the ideographic em box, y pointing down from the baseline.
        assert!(b.left() >= 0.0 && b.right() <= 1.0, "{b:?}");
        assert!(b.top() >= -0.9 && b.bottom() <= 0.13, "{b:?}");
        assert!(b.width() > 0.7 && b.height() > 0.7, "{b:?}");
        assert!(fonts().outline(FontRole::Text, ' ').is_none());
    }

    #[test]
    fn missing_characters_fall_back() {
        assert_eq!(fold_to_latin('Ł'), Some('L'));
        assert_eq!(fold_to_latin('ệ'), Some('e'));
        assert_eq!(fold_to_latin('a'), None);
        // An emoji has no glyph: a placeholder of fixed width.
        let line = TextLine::new("a😀b");
        assert_eq!(line.items.len(), 3);
        assert!(matches!(line.items[1], Item::Placeholder { .. }));
        // Combining marks and joiners take no room.
        assert_eq!(TextLine::new("e\u{301}\u{200D}").items.len(), 1);
    }

    #[test]
    fn long_text_is_cut_with_an_ellipsis() {
        let full = TextLine::new("Alexandra Konstantinopoulou");
        let cut = TextLine::fitted("Alexandra Konstantinopoulou", 5.0);
        assert!(full.width() > 5.0);
        assert!(cut.width() <= 5.0, "{}", cut.width());
        assert!(matches!(cut.items.last(), Some(Item::Glyph { c: '…', .. })));
        let short = TextLine::fitted("Ann", 5.0);
        assert_eq!(short.items.len(), 3);
    }
}
