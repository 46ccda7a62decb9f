//! Standard shogi notation: SFEN, USI, Western (Hodges) and Japanese move text, and the
//! KIF and CSA game records.

use shogiban::engine::standard;
use shogiban::engine::{Game, GameError, MoveParseError, RuleOptions, Variant};

fn game_after(moves: &str) -> Game {
    let mut g = Game::new(Variant::Standard, RuleOptions::defaults(Variant::Standard));
    for text in moves.split_whitespace() {
        let m = g.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        g.play(&m).unwrap();
    }
    g
}

#[test]
fn sfen_round_trips_exactly() {
    for sfen in [
        standard::START_SFEN,
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "ln2+r1r2/5s+Pkl/3+B1p1p1/p4B2p/2P6/P6PP/1PNP1P3/2G3SK1/L4G1NL w 2GSN3Ps3p 76",
        "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
    ] {
        let pos = standard::from_sfen(sfen).unwrap();
        assert_eq!(standard::to_sfen(&pos), sfen);
    }
}

#[test]
fn malformed_sfen_names_the_problem() {
    let cases = [
        ("", "empty"),
        ("lnsgkgsnl/1r5b1 b - 1", "ranks"),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1",
            "rank 9",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
            "side",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2 1",
            "hand",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0",
            "move number",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNQ b - 1",
            "unknown piece",
        ),
        ("4k4/9/9/9/9/9/P8/P8/4K4 b - 1", "two unpromoted pawns"),
        ("P3k4/9/9/9/9/9/9/9/4K4 b - 1", "could never move"),
        ("4k4/4R4/9/9/9/9/9/9/4K4 b - 1", "not to move is in check"),
    ];
    for (sfen, expected) in cases {
        let err = standard::from_sfen(sfen).expect_err(sfen).to_string();
        assert!(err.to_lowercase().contains(expected), "{sfen}: {err}");
    }
}

#[test]
fn usi_western_and_japanese_name_the_same_move() {
    let g = game_after("7g7f 3c3d");
    let expected = g.parse_move("8h2b+").unwrap();
    for text in [
        "8h2b+",
        "Bx2b+",
        "B8hx2b+",
        "２二角成",
        "▲２二角成",
        "22角成",
    ] {
        assert_eq!(g.parse_move(text).unwrap(), expected, "{text}");
    }
    let declined = g.parse_move("8h2b").unwrap();
    assert_eq!(g.parse_move("Bx2b=").unwrap(), declined);
    assert_eq!(g.parse_move("２二角不成").unwrap(), declined);
    // Western without a promotion mark is ambiguous where promotion is optional.
    match g.parse_move("Bx2b") {
        Err(GameError::Parse(MoveParseError::Ambiguous { candidates, .. })) => {
            assert!(candidates.contains("Bx2b+") && candidates.contains("Bx2b="));
        }
        other => panic!("expected ambiguity, got {other:?}"),
    }
}

#[test]
fn malformed_move_text_gets_a_readable_error() {
    let g = game_after("");
    for text in ["", "hello", "7g", "7g7", "Z-7f", "P*", "10a1a", "7g7f++"] {
        match g.parse_move(text) {
            Err(GameError::Parse(MoveParseError::Syntax { .. })) => {}
            other => panic!("{text:?}: expected a syntax error, got {other:?}"),
        }
    }
}

#[test]
fn written_moves_use_minimal_disambiguation() {
    let mut g = game_after("7g7f 3c3d");
    let report = g.play(&g.parse_move("8h2b+").unwrap()).unwrap();
    let played = report.played.unwrap();
    assert_eq!(played.western, "Bx2b+");
    assert_eq!(played.japanese, "２二角成");
    assert_eq!(played.kif, "２二角成(88)");
    assert_eq!(played.csa, "+8822UM");
    // Two golds can reach 5h: the origin is written, in both notations.
    let g = game_after("");
    let m = g.parse_move("6i5h").unwrap();
    let mut h = g.clone();
    let played = h.play(&m).unwrap().played.unwrap();
    assert_eq!(played.western, "G6i-5h");
    assert_eq!(played.japanese, "５八金左");
    let m = g.parse_move("G4i-5h").unwrap();
    let mut h = g.clone();
    assert_eq!(h.play(&m).unwrap().played.unwrap().japanese, "５八金右");
    // The Japanese disambiguation reads back to the same move.
    assert_eq!(g.parse_move("５八金右").unwrap(), m);
    // A silver that could go to 7h or 6h: moving straight forward is 直 only with two.
    let g = game_after("");
    assert_eq!(
        g.clone()
            .play(&g.parse_move("7i7h").unwrap())
            .unwrap()
            .played
            .unwrap()
            .western,
        "S-7h"
    );
}

#[test]
fn same_square_recapture_and_drops_in_japanese() {
    let mut g = game_after("7g7f 3c3d 8h2b+");
    let played = g
        .play(&g.parse_move("3a2b").unwrap())
        .unwrap()
        .played
        .unwrap();
    assert_eq!(played.japanese, "同　銀");
    assert_eq!(played.kif, "同　銀(31)");
    let played = g
        .play(&g.parse_move("B*4e").unwrap())
        .unwrap()
        .played
        .unwrap();
    assert_eq!(played.western, "B*4e");
    assert_eq!(played.japanese, "４五角");
    assert_eq!(played.kif, "４五角打");
    assert_eq!(played.csa, "+0045KA");
}

#[test]
fn kif_and_csa_records_of_a_whole_game() {
    let mut g = game_after("7g7f 3c3d 8h2b+ 3a2b B*4e");
    g.resign(standard::WHITE).unwrap();
    let names = ["Alice".to_string(), "Bob".to_string()];
    let kif = shogiban::engine::record::to_kif(&g, &names).unwrap();
    assert!(kif.contains("先手：Alice"), "{kif}");
    assert!(kif.contains("後手：Bob"));
    assert!(kif.contains("   1 ７六歩(77)"), "{kif}");
    assert!(kif.contains("   3 ２二角成(88)"));
    assert!(kif.contains("   4 同　銀(31)"));
    assert!(kif.contains("   5 ４五角打"));
    assert!(kif.contains("   6 投了"));
    let csa = shogiban::engine::record::to_csa(&g, &names).unwrap();
    assert!(csa.starts_with("V2.2\nN+Alice\nN-Bob\n"), "{csa}");
    assert!(
        csa.contains("\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n+0045KA\n%TORYO"),
        "{csa}"
    );
}

#[test]
fn unreadable_text_is_answered_with_examples_of_each_notation() {
    let message = game_after("").parse_move("hello").unwrap_err().to_string();
    for example in ["7g7f", "P*5e", "P-7f"] {
        assert!(message.contains(example), "{message}");
    }
}
