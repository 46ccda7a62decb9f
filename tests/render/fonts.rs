//! The embedded fonts draw every piece label of every variant and every character the
//! character list promises.

use shogiban::engine::daidai;
use shogiban::engine::kinds::STANDARD_KINDS;
use shogiban::render::fonts::{fonts, FontRole, GLYPH_LIST};

/// The outline of `c` in `role`'s font, at least `min` em wide and tall.
fn assert_real_outline(role: FontRole, c: char, min: f32, context: &str) {
    let path = fonts()
        .outline(role, c)
        .unwrap_or_else(|| panic!("{context}: no outline for {c} (U+{:04X})", u32::from(c)));
    let b = path.bounds();
    assert!(
        b.width() >= min && b.height() >= min,
        "{context}: outline of {c} is only {:.2} x {:.2} em",
        b.width(),
        b.height()
    );
}

#[test]
fn every_piece_label_has_outlines_in_the_piece_font() {
    // Every label from the engines' piece tables, both faces of the king included. Yonin
    // shogi plays with the standard table.
    let standard: Vec<&str> = STANDARD_KINDS
        .iter()
        .flat_map(|kind| std::iter::once(kind.kanji).chain(kind.kanji_alt))
        .collect();
    assert_eq!(standard.len(), 15);
    let daidai: Vec<&str> = daidai::kinds()
        .iter()
        .flat_map(|kind| std::iter::once(kind.kanji).chain(kind.kanji_alt))
        .collect();
    assert_eq!(
        daidai.len(),
        69,
        "64 kinds, 4 promoted-only forms, White's king"
    );
    let variants: [(&str, Vec<&str>); 2] = [("standard", standard), ("daidai", daidai)];
    for (variant, labels) in variants {
        for label in labels {
            let count = label.chars().count();
            let expected = if variant == "daidai" { 2 } else { 1 };
            assert_eq!(count, expected, "{variant} label {label}");
            for c in label.chars() {
                // Every kanji (and と) covers most of its em box.
                assert_real_outline(FontRole::Piece, c, 0.5, &format!("{variant} {label}"));
            }
        }
    }
}

#[test]
fn the_howling_dog_kanji_outside_the_bmp_is_embedded() {
    assert_real_outline(FontRole::Piece, '\u{20D47}', 0.5, "𠵇犬");
}

/// The characters of `glyphs.txt` for one font: the literal lists, and the ranges.
fn listed(font: &str) -> (Vec<char>, Vec<(u32, u32)>) {
    let mut chars = Vec::new();
    let mut ranges = Vec::new();
    for line in GLYPH_LIST.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, rest) = line.split_once(' ').expect("`<font> <characters>`");
        assert!(name == "pieces" || name == "text", "unknown font {name}");
        if name != font {
            continue;
        }
        let rest = rest.trim();
        if let Some(range) = rest.strip_prefix("U+") {
            let range = range.split_whitespace().next().expect("a range");
            let (low, high) = range.split_once('-').expect("U+XXXX-YYYY");
            let parse = |h: &str| u32::from_str_radix(h, 16).expect("hex");
            ranges.push((parse(low), parse(high)));
        } else {
            chars.extend(rest.chars());
        }
    }
    (chars, ranges)
}

#[test]
fn every_listed_character_is_in_its_subset() {
    for (font, role) in [("pieces", FontRole::Piece), ("text", FontRole::Text)] {
        let (chars, _) = listed(font);
        assert!(!chars.is_empty());
        for c in chars {
            assert!(
                fonts().outline(role, c).is_some(),
                "glyphs.txt lists {c} for {font}; run fonts/subset.sh"
            );
        }
    }
}

#[test]
fn text_font_has_latin_digits_and_kana_for_names() {
    let (_, ranges) = listed("text");
    assert!(ranges.contains(&(0x20, 0x7E)));
    for c in ('A'..='Z')
        .chain('a'..='z')
        .chain('0'..='9')
        .chain("éüñçßøåÀÉ".chars())
    {
        assert_real_outline(FontRole::Text, c, 0.05, "latin");
    }
    for c in "さくらアキラДмитрийΩ一九…☗☖".chars() {
        assert!(fonts().outline(FontRole::Text, c).is_some(), "{c}");
    }
}

#[test]
fn fonts_stay_small() {
    let total = shogiban::render::fonts::PIECE_FONT_DATA.len()
        + shogiban::render::fonts::TEXT_FONT_DATA.len();
    assert!(total < 512 * 1024, "embedded fonts take {total} bytes");
}
