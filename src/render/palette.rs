//! The one palette of the animated replays: the renderer's own colours (board, lines,
//! pieces, ink, the yonin seat colours, highlights, text and panels), the colours they make
//! where a translucent one lies over another, and short ramps between the pairs that meet
//! at anti-aliased edges. [`ColourIndex`] maps a drawn colour to its palette entry, exactly
//! for the colours listed and to the nearest one (found once, then remembered) for the rest.

use std::sync::OnceLock;

use super::paint::*;
use super::scene::YONIN_COLOURS;

/// The palette entry left free for "unchanged since the previous frame".
pub const TRANSPARENT: u8 = 255;

/// At most this many colours, so that one index stays free for [`TRANSPARENT`].
const MAX_COLOURS: usize = 255;

/// Colours closer than this (squared, weighted as [`distance`]) are kept once.
const SAME: u32 = 12;

/// The palette: up to 255 RGB colours, every one a colour the renderer draws or a blend
/// of two that meet.
pub struct Palette {
    colours: Vec<[u8; 3]>,
}

/// Builds the palette in order of importance, so that if the list ever outgrows the 255
/// entries the ones cut are the finest steps of the ramps.
struct Builder {
    colours: Vec<[u8; 3]>,
}

impl Builder {
    fn add(&mut self, ink: Ink) {
        let rgb = [ink.0, ink.1, ink.2];
        if self.colours.len() < MAX_COLOURS && self.colours.iter().all(|c| distance(*c, rgb) > SAME)
        {
            self.colours.push(rgb);
        }
    }

    /// `steps` colours evenly between `a` and `b` (not the ends themselves).
    fn ramp(&mut self, a: Ink, b: Ink, steps: u32) {
        for i in 1..=steps {
            self.add(a.mix(b, i as f32 / (steps + 1) as f32));
        }
    }
}

/// `top` (with its alpha) laid over the opaque `under`.
fn over(top: Ink, under: Ink) -> Ink {
    under.mix(Ink(top.0, top.1, top.2, 255), f32::from(top.3) / 255.0)
}

impl Palette {
    /// The palette shared by every replay.
    pub fn board() -> &'static Palette {
        static PALETTE: OnceLock<Palette> = OnceLock::new();
        PALETTE.get_or_init(Palette::build)
    }

    fn build() -> Palette {
        let mut b = Builder {
            colours: Vec::with_capacity(MAX_COLOURS),
        };
        let seats: Vec<Ink> = YONIN_COLOURS.iter().map(|&c| Ink::from_rgb(c)).collect();
        let highlights = [
            MOVE_FROM,
            MOVE_TO,
            MOVE_MIDDLE,
            CAPTURE.alpha(60),
            CHECK.alpha(90),
        ];
        let lit: Vec<Ink> = highlights.iter().map(|&h| over(h, WOOD)).collect();

        // The flat colours, as painted.
        for ink in [
            BACKGROUND, WOOD, WOOD_EDGE, STAND, GRID, COORD, PIECE_FACE, PIECE_EDGE, PIECE_BACK,
            INK, PROMOTED, GREY_FACE, GREY_INK, CAPTURE, CHECK, TEXT, MUTED, PLATE, PLATE_EDGE,
            TURN, TURN_PLATE, WHITE,
        ] {
            b.add(ink);
        }
        for &seat in &seats {
            for ink in [
                seat,
                seat_face(seat),
                seat_mark(seat),
                seat_strip(seat),
                grey_rim(seat),
                grey_mark(seat),
            ] {
                b.add(ink);
            }
        }
        // Translucent layers over what they are drawn on: the last move's squares, check,
        // the route of a lion move, shadows, the grain of the wood.
        for &ink in &lit {
            b.add(ink);
        }
        for under in [WOOD, lit[0], lit[1]] {
            b.add(over(ROUTE, under));
        }
        for under in [BACKGROUND, WOOD, STAND, PIECE_FACE] {
            b.add(over(SHADOW.alpha(40), under));
        }
        for under in [WOOD, STAND, BACKGROUND, lit[0], lit[1], lit[2]] {
            b.add(over(SHADOW, under));
        }
        for &seat in &seats {
            b.add(over(SHADOW, seat_strip(seat)));
            b.add(over(seat.alpha(200), seat_strip(seat)));
            b.add(over(seat.alpha(90), GREY_FACE));
        }
        // The grain: 14 to 48 of 255 of its colour over the wood, and under the highlights.
        for depth in [14, 22, 31, 40, 48] {
            let grain = over(GRAIN.alpha(depth), WOOD);
            b.add(grain);
            b.add(over(MOVE_FROM, grain));
            b.add(over(MOVE_TO, grain));
        }
        b.add(over(WHITE.alpha(200), WOOD));

        // Anti-aliased edges, the ones seen most first: writing on the pieces and panels.
        b.ramp(INK, PIECE_FACE, 6);
        b.ramp(PROMOTED, PIECE_FACE, 4);
        b.ramp(TEXT, PLATE, 4);
        b.ramp(TEXT, TURN_PLATE, 3);
        b.ramp(TEXT, BACKGROUND, 3);
        for &seat in &seats {
            b.ramp(INK, seat_face(seat), 3);
            b.ramp(seat_mark(seat), seat_face(seat), 3);
            b.ramp(seat, seat_face(seat), 2);
            b.ramp(seat, WOOD, 2);
            b.ramp(WHITE, seat, 2);
        }
        b.ramp(GRID, WOOD, 3);
        b.ramp(COORD, BACKGROUND, 3);
        b.ramp(MUTED, BACKGROUND, 3);
        b.ramp(MUTED, PLATE, 2);
        b.ramp(PIECE_EDGE, PIECE_FACE, 2);
        b.ramp(PIECE_EDGE, WOOD, 2);
        b.ramp(WOOD_EDGE, WOOD, 2);
        b.ramp(WOOD_EDGE, BACKGROUND, 2);
        b.ramp(WOOD_EDGE, STAND, 2);
        b.ramp(GREY_INK, GREY_FACE, 3);
        b.ramp(PROMOTED, GREY_FACE, 2);
        for tag in [TURN, CHECK, GREY_INK, GRID] {
            b.ramp(WHITE, tag, 2);
        }
        b.ramp(TURN, TURN_PLATE, 2);
        b.ramp(TURN, BACKGROUND, 2);
        b.ramp(PLATE_EDGE, BACKGROUND, 2);
        b.ramp(PLATE, BACKGROUND, 1);
        b.ramp(CHECK, lit[4], 2);
        b.ramp(CAPTURE, lit[3], 2);
        for &under in &lit {
            b.ramp(PIECE_EDGE, under, 2);
            b.ramp(GRID, under, 1);
        }
        for &seat in &seats {
            b.ramp(seat, lit[1], 1);
            b.ramp(seat, seat_strip(seat), 2);
            b.ramp(INK, seat_face(seat), 5);
        }
        b.ramp(INK, PIECE_FACE, 10);
        b.ramp(PROMOTED, PIECE_FACE, 8);
        b.ramp(GRID, WOOD, 6);
        Palette { colours: b.colours }
    }

    pub fn len(&self) -> usize {
        self.colours.len()
    }

    pub fn is_empty(&self) -> bool {
        self.colours.is_empty()
    }

    pub fn colours(&self) -> &[[u8; 3]] {
        &self.colours
    }

    /// The colour table as a GIF wants it: 256 RGB triples, the unused ones black.
    pub fn gif_table(&self) -> Vec<u8> {
        let mut table = vec![0u8; 256 * 3];
        for (i, c) in self.colours.iter().enumerate() {
            table[i * 3..i * 3 + 3].copy_from_slice(c);
        }
        table
    }

    /// The entry nearest to `rgb`.
    fn nearest(&self, rgb: [u8; 3]) -> u8 {
        let mut best = (u32::MAX, 0);
        for (i, &c) in self.colours.iter().enumerate() {
            let d = distance(c, rgb);
            if d < best.0 {
                best = (d, i);
            }
        }
        best.1 as u8
    }
}

/// Squared colour distance weighted for the eye (green counts most, blue least).
pub fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    let d = |i: usize| (i32::from(a[i]) - i32::from(b[i])).unsigned_abs();
    2 * d(0) * d(0) + 4 * d(1) * d(1) + 3 * d(2) * d(2)
}

/// A map from drawn colours to palette entries, remembering every colour it has seen, so a
/// colour is looked up once by distance and then found in one probe. Open addressing on
/// 24-bit RGB keys; it grows as needed (a game's frames hold a few thousand colours).
pub struct ColourIndex<'a> {
    palette: &'a Palette,
    /// Key: the RGB value with bit 24 set (0 = empty slot).
    keys: Vec<u32>,
    values: Vec<u8>,
    len: usize,
}

impl<'a> ColourIndex<'a> {
    pub fn new(palette: &'a Palette) -> ColourIndex<'a> {
        let mut index = ColourIndex {
            palette,
            keys: vec![0; 1 << 12],
            values: vec![0; 1 << 12],
            len: 0,
        };
        // The palette's own colours map to themselves, never to a neighbour.
        for (i, c) in palette.colours.iter().enumerate() {
            index.insert(rgb_key(c[0], c[1], c[2]), i as u8);
        }
        index
    }

    pub fn palette(&self) -> &'a Palette {
        self.palette
    }

    /// The palette entry of the colour `r`, `g`, `b`.
    #[inline]
    pub fn index(&mut self, r: u8, g: u8, b: u8) -> u8 {
        let key = rgb_key(r, g, b);
        let mask = self.keys.len() - 1;
        let mut slot = slot_of(key, mask);
        loop {
            match self.keys[slot] {
                k if k == key => return self.values[slot],
                0 => break,
                _ => slot = (slot + 1) & mask,
            }
        }
        let found = self.palette.nearest([r, g, b]);
        self.insert(key, found);
        found
    }

    fn insert(&mut self, key: u32, value: u8) {
        if (self.len + 1) * 2 > self.keys.len() {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut slot = slot_of(key, mask);
        while self.keys[slot] != 0 && self.keys[slot] != key {
            slot = (slot + 1) & mask;
        }
        if self.keys[slot] == 0 {
            self.len += 1;
        }
        self.keys[slot] = key;
        self.values[slot] = value;
    }

    fn grow(&mut self) {
        let size = self.keys.len() * 2;
        let keys = std::mem::replace(&mut self.keys, vec![0; size]);
        let values = std::mem::replace(&mut self.values, vec![0; size]);
        self.len = 0;
        for (key, value) in keys.into_iter().zip(values) {
            if key != 0 {
                self.insert(key, value);
            }
        }
    }
}

#[inline]
fn rgb_key(r: u8, g: u8, b: u8) -> u32 {
    1 << 24 | u32::from(r) << 16 | u32::from(g) << 8 | u32::from(b)
}

#[inline]
fn slot_of(key: u32, mask: usize) -> usize {
    // Fibonacci hashing: the top bits of the product spread neighbouring colours.
    (key.wrapping_mul(0x9E37_79B1) >> 8) as usize & mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_fits_a_gif_with_one_entry_free() {
        let palette = Palette::board();
        assert!(palette.len() <= 255, "{} colours", palette.len());
        assert!(palette.len() > 200, "the ramps fill it: {}", palette.len());
        assert_eq!(palette.gif_table().len(), 768);
    }

    #[test]
    fn the_renderers_colours_map_to_themselves() {
        let palette = Palette::board();
        let mut index = ColourIndex::new(palette);
        for ink in [
            BACKGROUND, WOOD, GRID, INK, PROMOTED, PIECE_FACE, TEXT, WHITE,
        ] {
            let i = index.index(ink.0, ink.1, ink.2);
            assert_eq!(palette.colours()[usize::from(i)], [ink.0, ink.1, ink.2]);
        }
        for seat in YONIN_COLOURS {
            let i = index.index(seat.r, seat.g, seat.b);
            assert_eq!(palette.colours()[usize::from(i)], [seat.r, seat.g, seat.b]);
        }
    }

    #[test]
    fn other_colours_go_to_the_nearest_entry_and_are_remembered() {
        let palette = Palette::board();
        let mut index = ColourIndex::new(palette);
        // Many colours, so the table grows past its first size.
        for r in (0..=255).step_by(5) {
            for g in (0..=255).step_by(15) {
                for b in (0..=255).step_by(51) {
                    let i = index.index(r, g, b);
                    let got = palette.colours()[usize::from(i)];
                    let best = palette
                        .colours()
                        .iter()
                        .map(|&c| distance(c, [r, g, b]))
                        .min()
                        .expect("colours");
                    assert_eq!(distance(got, [r, g, b]), best);
                    assert_eq!(index.index(r, g, b), i, "the same answer again");
                }
            }
        }
    }
}
