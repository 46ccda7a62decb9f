//! Standard shogi notation: SFEN, USI, Western (Hodges) and Japanese move text, and the
//! KIF and CSA game records.

use shogiban::engine::record::{from_kif, to_csa, to_kif};
use shogiban::engine::standard;
use shogiban::engine::{EndReason, Game, GameError, MoveParseError, Variant};

use common::games::{game_at, new_game, play_all};
use shogiban::engine::Position;

fn game_after(moves: &str) -> Game {
    let mut g = new_game(Variant::Standard);
    play_all(&mut g, moves);
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
            let western: Vec<&str> = candidates.iter().map(|c| c.western.as_str()).collect();
            let coordinate: Vec<&str> = candidates.iter().map(|c| c.coordinate.as_str()).collect();
            let japanese: Vec<&str> = candidates
                .iter()
                .filter_map(|c| c.japanese.as_deref())
                .collect();
            assert_eq!(western, ["Bx2b+", "Bx2b="]);
            assert_eq!(coordinate, ["8h2b+", "8h2b"]);
            assert_eq!(japanese, ["２二角成", "２二角不成"]);
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
fn a_western_move_no_piece_can_make_gets_the_reason_of_the_nearest() {
    let g = game_after("");
    let reason = |text: &str| g.parse_move(text).unwrap_err().to_string();
    // Nine pawns, none of which reaches 7e: refused as the coordinate move of the one on
    // 7g is, not as text that matches nothing.
    for text in ["P-7e", "7g7e"] {
        let why = reason(text);
        assert!(
            why.contains("a pawn on 7g cannot move to 7e"),
            "{text}: {why}"
        );
    }
    // Two golds, neither reaching 4f: the nearer, on 4i.
    assert!(
        reason("G-4f").contains("gold on 4i cannot move to 4f"),
        "{}",
        reason("G-4f")
    );
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
    assert!(
        csa.starts_with("'CSA encoding=UTF-8\nV3.0\nN+Alice\nN-Bob\n"),
        "{csa}"
    );
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

/// Three golds can reach ４八 (from ３八, ５八 and ５九).
const THREE_GOLDS: &str =
    "ln2k2nl/r1s1g1bs1/pppp3pp/4pp3/9/3P5/PPN1PPPPP/1B1SG1GR1/L2KG1SNL b Pp 43";

fn played_japanese(g: &Game, text: &str) -> String {
    let m = g.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    g.clone().play(&m).unwrap().played.unwrap().japanese
}

#[test]
fn right_or_left_alone_when_it_names_the_piece() {
    let g = game_at(Variant::Standard, THREE_GOLDS);
    // ３八: the rightmost of the three, so 右 alone (as KI2 records write it).
    assert_eq!(played_japanese(&g, "3h4h"), "４八金右");
    // ５九 is the only one moving up.
    assert_eq!(played_japanese(&g, "5i4h"), "４八金上");
    // ５八 and ５九 share a file: 左 alone would not do, so among the sideways movers.
    assert_eq!(played_japanese(&g, "5h4h"), "４八金左寄");
    // Each form reads back, the short and the long.
    let right = g.parse_move("3h4h").unwrap();
    assert_eq!(g.parse_move("４八金右").unwrap(), right);
    assert_eq!(g.parse_move("４八金右寄").unwrap(), right);
    assert_eq!(
        g.parse_move("４八金上").unwrap(),
        g.parse_move("5i4h").unwrap()
    );
    assert_eq!(
        g.parse_move("４八金左寄").unwrap(),
        g.parse_move("5h4h").unwrap()
    );
    // 寄 alone names two golds.
    assert!(matches!(
        g.parse_move("４八金寄"),
        Err(GameError::Parse(MoveParseError::Ambiguous { .. }))
    ));
}

#[test]
fn kif_origin_form_reads_as_the_move_it_names() {
    let g = game_after("");
    assert_eq!(
        g.parse_move("７六歩(77)").unwrap(),
        g.parse_move("7g7f").unwrap()
    );
    let g = game_after("7g7f 3c3d");
    let m = g.parse_move("２二角不成(88)").unwrap();
    assert_eq!(m, g.parse_move("8h2b").unwrap());
    assert_eq!(
        g.parse_move("２二角成(88)").unwrap(),
        g.parse_move("8h2b+").unwrap()
    );
    // 同 with the origin, as KIF writes a recapture.
    let g = game_after("7g7f 3c3d 8h2b+");
    assert_eq!(
        g.parse_move("同　銀(31)").unwrap(),
        g.parse_move("3a2b").unwrap()
    );
    // An origin with no such piece is refused, not guessed.
    let g = game_after("");
    assert!(g.parse_move("７六歩(78)").is_err());
}

#[test]
fn a_list_of_moves_keeps_same_square_moves_whole() {
    use shogiban::engine::notation::split_moves;
    assert_eq!(
        split_moves("７六歩 ３四歩 ２二角成 同　銀"),
        ["７六歩", "３四歩", "２二角成", "同銀"]
    );
    assert_eq!(split_moves("▲７六歩 △同 歩"), ["▲７六歩", "△同歩"]);
    assert_eq!(split_moves("  7g7f\t3c3d\n"), ["7g7f", "3c3d"]);
}

/// A game from `sfen` with `moves` played, then `end` applied.
fn game_from(sfen: &str, moves: &str, end: impl FnOnce(&mut Game)) -> Game {
    let mut g = game_at(Variant::Standard, sfen);
    play_all(&mut g, moves);
    end(&mut g);
    g
}

const KINGS_ONLY: &str = "4k4/9/9/9/9/9/9/9/4K4 b - 1";
/// White's king on １一 has no move once the gold reaches ２三, and is not in check.
const NO_MOVE_LEFT: &str = "8k/9/6N2/7G1/9/9/9/9/4K4 b - 1";
/// Black may declare: king in the zone, ten pieces there and 28 points with the hand.
const DECLARATION: &str = "9/1R2K2B1/PPPP1PPPP/9/9/9/9/9/4k4 b RB 1";

#[test]
fn no_legal_move_is_not_written_as_a_mate() {
    let g = game_from(NO_MOVE_LEFT, "2d2c", |_| {});
    assert_eq!(g.result().unwrap().reason, EndReason::NoLegalMove);
    let names = ["A".to_string(), "B".to_string()];
    let kif = to_kif(&g, &names).unwrap();
    assert!(!kif.contains("詰み"), "{kif}");
    assert!(kif.contains("*後手に指せる手がないため後手の負け"), "{kif}");
    assert!(kif.ends_with("まで1手で先手の勝ち\n"), "{kif}");
    let csa = to_csa(&g, &names).unwrap();
    assert!(!csa.contains("%TSUMI"), "{csa}");
    assert!(
        csa.ends_with("+2423KI\n'no legal move for - (not in check): + wins\n"),
        "{csa}"
    );
}

#[test]
fn csa_codes_belong_to_the_version_declared() {
    let names = ["A".to_string(), "B".to_string()];
    let limit = game_from("4k4/9/9/9/9/9/9/9/4K4 b - 499", "5i4i 5a4a", |_| {});
    assert_eq!(limit.result().unwrap().reason, EndReason::MoveLimit);
    let csa = to_csa(&limit, &names).unwrap();
    assert!(csa.starts_with("'CSA encoding=UTF-8\nV3.0\n"), "{csa}");
    assert!(csa.ends_with("%MAX_MOVES\n"), "{csa}");
}

#[test]
fn our_kif_reads_back_for_every_ending_from_a_diagram() {
    let names = ["Alice".to_string(), "Bob".to_string()];
    let black = standard::BLACK;
    let white = standard::WHITE;
    let games: Vec<(&str, Game)> = vec![
        // Checkmate after a silver that stays unpromoted in the zone.
        (
            "checkmate",
            game_from("4k4/9/9/4S4/9/9/9/9/4K4 b G 1", "5d5c 5a4a G*4b", |_| {}),
        ),
        ("no legal move", game_from(NO_MOVE_LEFT, "2d2c", |_| {})),
        (
            "repetition",
            game_from(KINGS_ONLY, &"5i4i 5a4a 4i5i 4a5a ".repeat(3), |_| {}),
        ),
        (
            "move limit",
            game_from("4k4/9/9/9/9/9/9/9/4K4 b - 499", "5i4i 5a4a", |_| {}),
        ),
        // Black's rook checks with every move of the cycle: the fourth time, Black loses.
        (
            "perpetual check",
            game_from(
                "8k/R8/9/9/9/9/9/9/4K4 b - 1",
                &"9b9a 1a1b 9a9b 1b1a ".repeat(3),
                |_| {},
            ),
        ),
        (
            "declaration",
            game_from(DECLARATION, "", |g| {
                g.declare(black).unwrap();
            }),
        ),
        (
            "resignation",
            game_from(KINGS_ONLY, "5i4i", |g| {
                g.resign(white).unwrap();
            }),
        ),
        (
            "timeout",
            game_from(KINGS_ONLY, "5i4i 5a4a", |g| {
                g.timeout(black).unwrap();
            }),
        ),
        (
            "draw agreed",
            game_from(KINGS_ONLY, "5i4i", |g| {
                g.agree_draw().unwrap();
            }),
        ),
        (
            "aborted",
            game_from(KINGS_ONLY, "", |g| {
                g.abort().unwrap();
            }),
        ),
    ];
    let reasons: Vec<EndReason> = games
        .iter()
        .filter_map(|(_, g)| g.result().map(|r| r.reason))
        .collect();
    for reason in [
        EndReason::Checkmate,
        EndReason::NoLegalMove,
        EndReason::Repetition,
        EndReason::PerpetualCheck,
        EndReason::MoveLimit,
        EndReason::Declaration,
        EndReason::Resignation,
        EndReason::Timeout,
        EndReason::DrawAgreed,
        EndReason::Aborted,
    ] {
        assert!(reasons.contains(&reason), "{reason:?} is covered");
    }
    for (what, g) in games {
        assert!(g.is_over(), "{what}");
        let kif = to_kif(&g, &names).unwrap();
        assert!(
            kif.contains("後手の持駒："),
            "{what}: a board diagram\n{kif}"
        );
        let back = from_kif(&kif).unwrap_or_else(|e| panic!("{what}: {e}\n{kif}"));
        assert_eq!(
            back.start_position().to_text(),
            g.start_position().to_text(),
            "{what}"
        );
        let moves = |g: &Game| {
            g.history()
                .iter()
                .map(|m| m.coordinate.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(moves(&back), moves(&g), "{what}\n{kif}");
        assert_eq!(back.result(), g.result(), "{what}\n{kif}");
    }
    // The unpromoted silver is written 不成 and read back unpromoted.
    let g = game_from("4k4/9/9/4S4/9/9/9/9/4K4 b G 1", "5d5c", |_| {});
    let kif = to_kif(&g, &names).unwrap();
    assert!(kif.contains("   1 ５三銀不成(54)"), "{kif}");
    assert_eq!(from_kif(&kif).unwrap().history()[0].coordinate, "5d5c");
}

#[test]
fn a_damaged_kif_names_its_line() {
    let err = from_kif(
        "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７六歩(77)\n",
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("line 4"), "{err}");
    assert!(err.contains("７六歩"), "{err}");
}

#[test]
fn csa_moves_and_digits_read_as_the_move_they_name() {
    let g = game_after("");
    let pawn = g.parse_move("7g7f").unwrap();
    for text in ["+7776FU", "7776FU", "7776fu", " 7776 ", "７７７６"] {
        assert_eq!(g.parse_move(text).unwrap(), pawn, "{text}");
    }
    // The piece after the move says whether it promotes; digits alone leave it open.
    let g = game_after("7g7f 3c3d");
    assert_eq!(
        g.parse_move("+8822UM").unwrap(),
        g.parse_move("8h2b+").unwrap()
    );
    assert_eq!(
        g.parse_move("8822KA").unwrap(),
        g.parse_move("8h2b").unwrap()
    );
    assert_eq!(
        g.parse_move("8822+").unwrap(),
        g.parse_move("8h2b+").unwrap()
    );
    assert!(matches!(
        g.parse_move("8822"),
        Err(GameError::Parse(MoveParseError::Ambiguous { .. }))
    ));
    assert!(shogiban::engine::notation::is_csa_move("+8822KA"));
    assert!(!shogiban::engine::notation::is_csa_move("8822"));
    // A drop, from 00.
    let mut h = game_after("7g7f 3c3d 8h2b+ 3a2b");
    assert_eq!(
        h.parse_move("+0055KA").unwrap(),
        h.parse_move("B*5e").unwrap()
    );
    play_all(&mut h, "+0055KA");
    assert_eq!(h.history().last().unwrap().coordinate, "B*5e");
}

#[test]
fn a_csa_move_of_the_other_side_names_whose_turn_it_is() {
    let g = game_after("");
    let why = g.parse_move("-3334FU").unwrap_err().to_string();
    assert_eq!(
        why,
        "'-3334FU' matches no legal move: it is black's turn, not white's"
    );
    // Malformed CSA is not a move at all.
    for text in ["+7776XX", "+777FU", "+7776FUU", "7776g"] {
        assert!(
            matches!(
                g.parse_move(text),
                Err(GameError::Parse(MoveParseError::Syntax { .. }))
            ),
            "{text}: {:?}",
            g.parse_move(text)
        );
    }
}

#[test]
fn a_king_that_cannot_get_there_is_refused_for_that() {
    let g = game_after("");
    let why = |text: &str| g.parse_move(text).unwrap_err().to_string();
    assert_eq!(
        why("５五王"),
        "'５五王' matches no legal move: a king on 5i cannot move to 5e"
    );
    assert_eq!(
        why("５九玉"),
        "'５九玉' matches no legal move: your king is already on 5i"
    );
    // A pawn out of reach and none in hand: the nearest pawn's reason, not the hand's.
    assert_eq!(
        why("７五歩"),
        "'７五歩' matches no legal move: a pawn on 7g cannot move to 7e"
    );
    // With a pawn in hand, the same text is a drop, refused for what drops forbid.
    let g = game_after("2g2f 8c8d 2f2e 8d8e 2e2d 2c2d 2h2d 8e8f");
    let why = g.parse_move("２四歩").unwrap_err().to_string();
    assert!(why.contains("2d is occupied"), "{why}");
}

#[test]
fn same_square_with_no_move_before_says_so() {
    let g = game_after("");
    match g.parse_move("同歩") {
        Err(GameError::Parse(MoveParseError::SameWithoutPrevious(text))) => {
            assert_eq!(text, "同歩")
        }
        other => panic!("expected 同 without a previous move, got {other:?}"),
    }
    // After a move 同 stands for its square, and a refusal names what was typed.
    let g = game_after("7g7f 3c3d");
    let why = g.parse_move("同歩").unwrap_err().to_string();
    assert_eq!(
        why,
        "'同歩' matches no legal move: a pawn on 3g cannot move to 3d"
    );
}
