//! Move notation: the USI-like coordinate form and the seat-naming Western form, read
//! and written; and the position text read back exactly.

use shogiban::engine::yonin;
use shogiban::engine::MoveParseError;

use super::support::*;

fn western(pos: &shogiban::engine::shogi::ShogiPosition, text: &str) -> String {
    let m = yonin::parse_move(pos, text).unwrap();
    yonin::to_western(pos, &m)
}

#[test]
fn western_moves_name_the_seat() {
    let mut pos = yonin::start(false);
    assert_eq!(western(&pos, "5g5f"), "S: P-5f");
    assert_eq!(western(&pos, "7i7h"), "S: S-7h");
    play(&mut pos, "5g5f");
    assert_eq!(western(&pos, "7e6e"), "W: P-6e");
    assert_eq!(western(&pos, "9d8c"), "W: G-8c");
    play(&mut pos, "W: P-6e");
    assert_eq!(western(&pos, "5c5d"), "N: P-5d");
    play(&mut pos, "N: P-5d");
    assert_eq!(western(&pos, "3e4e"), "E: P-4e");
}

#[test]
fn captures_promotions_and_drops() {
    // S's pawn on 5d may promote on 5c (S's zone); S holds a pawn; both of S's golds
    // reach 5g.
    let mut pos = singles("4nK4/9/3wG5/4sP4/wK7eK/9/9/3sG1sG3/4sK4 S P/-/-/- SWNE 1");
    assert_eq!(western(&pos, "5d5c+"), "S: P-5c+");
    assert_eq!(western(&pos, "5d5c"), "S: P-5c=");
    assert_eq!(western(&pos, "P*4e"), "S: P*4e");
    assert_eq!(western(&pos, "6h5g"), "S: G6h-5g");
    assert!(matches!(
        yonin::parse_move(&pos, "G-5g"),
        Err(MoveParseError::Ambiguous { .. })
    ));
    // W's gold takes S's pawn.
    play(&mut pos, "5i5h");
    assert_eq!(western(&pos, "6c5d"), "W: Gx5d");
    // The Western form reads back.
    play(&mut pos, "W: Gx5d");
    assert_eq!(pos.hand_count(W, shogiban::engine::kinds::PAWN), 1);
}

#[test]
fn moves_read_in_every_form() {
    let pos = yonin::start(false);
    let coordinate = yonin::parse_move(&pos, "5g5f").unwrap();
    for text in [
        "P-5f",
        "S: P-5f",
        "s: P-5f",
        "S P-5f",
        "  5g5f ",
        "S: 5g5f",
        "５六歩",
    ] {
        assert_eq!(yonin::parse_move(&pos, text), Ok(coordinate), "{text}");
        assert_eq!(yonin::to_coordinate(&pos, &coordinate), "5g5f");
    }
    for text in ["", "5g", "5g5f5e", "X: 5g5f", "P*", "S:", "5j5i", "R*5e"] {
        assert!(yonin::parse_move(&pos, text).is_err(), "{text:?} accepted");
    }
    assert!(matches!(
        yonin::parse_move(&pos, "N: 5c5d"),
        Err(MoveParseError::Illegal { .. })
    ));
}

proptest::proptest! {
    #[test]
    fn any_text_reads_or_is_refused(text in "\\PC{0,160}") {
        for doubles in [false, true] {
            if let Ok(pos) = yonin::from_text(&text, doubles) {
                let written = yonin::to_text(&pos);
                proptest::prop_assert_eq!(yonin::from_text(&written, doubles), Ok(pos));
            }
        }
    }

    #[test]
    fn a_damaged_start_text_reads_or_is_refused(at in 0..yonin::START_TEXT.len(), c in "\\PC") {
        let mut text = yonin::START_TEXT.to_string();
        text.replace_range(at..at + 1, &c);
        if let Ok(pos) = yonin::from_text(&text, false) {
            let written = yonin::to_text(&pos);
            proptest::prop_assert_eq!(yonin::from_text(&written, false), Ok(pos));
        }
    }

    #[test]
    fn any_move_text_parses_or_is_refused(text in "\\PC{0,24}") {
        let pos = yonin::start(false);
        if let Ok(m) = yonin::parse_move(&pos, &text) {
            proptest::prop_assert!(pos.is_legal(&m));
        }
    }
}

#[test]
fn unreadable_text_is_answered_with_yonin_examples() {
    let pos = yonin::start(false);
    for text in ["hello", "5g", "Z-5f"] {
        let error = yonin::parse_move(&pos, text).unwrap_err();
        assert!(
            matches!(error, MoveParseError::Syntax { .. }),
            "{text}: {error:?}"
        );
        let message = error.to_string();
        // Yonin shogi has no bishop: the examples are moves a yonin player can make.
        assert!(
            message.contains("5g5f") && message.contains("Rx5c+"),
            "{message}"
        );
        assert!(!message.contains("Bx2b+"), "{message}");
    }
}
