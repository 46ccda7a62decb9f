//! Dai dai shogi: the reach table of the rules file, every special move on real
//! positions, promotion, stuck pieces, repetition, notation, random playouts and a
//! comparison with a naive reference generator (perft from the start among them).

use crate::daidai_reference;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use shogiban::engine::daidai::{
    self, judge_repetition, parse_move, to_coordinate, to_hodges, DaiDaiPosition, HistoryEntry,
    Repetition, RepetitionCulprit, Rules, BLACK, WHITE,
};
use shogiban::engine::EliminationReason;
use shogiban::engine::{IllegalMove, Move, MoveParseError, Piece, Position, Seat};

/// A position with the given pieces (square, position-text code) and side to move,
/// written as position text and read back.
fn place(pieces: &[(&str, &str)], side: &str) -> DaiDaiPosition {
    let g = daidai::GEOMETRY;
    let mut cells = vec![vec![None; 17]; 17];
    for &(square, code) in pieces {
        let sq = g.parse_square(square).expect(square);
        let (c, r) = g.col_row(sq);
        cells[r as usize][c as usize] = Some(code);
    }
    let ranks: Vec<String> = cells
        .iter()
        .map(|row| {
            let mut items = Vec::new();
            let mut empty = 0;
            for cell in row {
                match cell {
                    None => empty += 1,
                    Some(code) => {
                        if empty > 0 {
                            items.push(empty.to_string());
                            empty = 0;
                        }
                        items.push(code.to_string());
                    }
                }
            }
            if empty > 0 {
                items.push(empty.to_string());
            }
            items.join(",")
        })
        .collect();
    let text = format!("{} {side} - 1", ranks.join("/"));
    daidai::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn coords(pos: &DaiDaiPosition) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<String> = moves.iter().map(|m| to_coordinate(pos, m)).collect();
    out.sort();
    out
}

fn play(pos: &DaiDaiPosition, text: &str) -> DaiDaiPosition {
    let m = parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.play(&m).expect("legal").0
}

fn code_at(pos: &DaiDaiPosition, square: &str) -> Option<String> {
    let sq = daidai::GEOMETRY.parse_square(square).unwrap();
    pos.piece_at(sq).map(daidai::notation::piece_code)
}

#[test]
fn empty_board_reach_table_from_the_centre() {
    // The rules file's table: squares a Black piece on 9i reaches on an empty board
    // (lion-type counts include the pass square).
    let table = "K 8  AB 4  B 32  BM 6  BD 29  CS 4  C 4  Dv 28  DH 36  DK 36  Ea 8  EB 6  EF 6  \
        EW 5  FL 6 FD 8  FH 8  FE 28  Fr 58  FT 58  FF 33  G 6  GB 32  GD 32  HM 288  HD 9  \
        I 3  Kr 8  L 8 LC 25  LG 7  Ln 25  LD 25  Lo 148  MW 41  No 8  OK 10  OR 6  P 1  Ph 8  \
        Po 5  PS 9  Q 64 Ra 34  Rv 16  RC 25  RG 7  R 32  RB 56  ST 6  SD 28  SM 18  S 5  \
        So 8  Sq 34  SB 34  St 2 VM 18  VB 6  VO 8  WB 52  We 8  WE 28  WT 29  WS 41  W 4  \
        NK 8  GE 53";
    let words: Vec<&str> = table.split_whitespace().collect();
    let mut seen = std::collections::BTreeSet::new();
    for pair in words.chunks(2) {
        let (code, expected): (&str, usize) = (pair[0], pair[1].parse().unwrap());
        let kind = daidai::kind_by_code(code).expect(code);
        seen.insert(kind);
        let token = match daidai::promoted_from_kind(kind) {
            Some(source) if daidai::kinds()[kind as usize].promoted => {
                format!("+{}", daidai::text_code(source).to_ascii_uppercase())
            }
            _ => daidai::text_code(kind).to_ascii_uppercase(),
        };
        let pos = place(&[("9i", &token)], "b");
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let squares: std::collections::BTreeSet<_> = moves.iter().map(|m| m.to).collect();
        assert_eq!(squares.len(), expected, "{code}");
    }
    assert_eq!(seen.len(), daidai::KIND_COUNT, "every kind is in the table");
}

#[test]
fn lion_double_capture_and_capture_then_step() {
    let pos = place(
        &[
            ("9i", "LN"),
            ("9h", "p"),
            ("8g", "g"),
            ("9q", "K"),
            ("9a", "k"),
        ],
        "b",
    );
    let moves = coords(&pos);
    // Take 9h, then 8g; take 9h and step on to an empty 10g; igui; the plain moves.
    for m in ["9i9h8g+", "9i9h10g+", "9i9h9i+", "9i9h+", "9i8g+", "9i9g"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    let m = parse_move(&pos, "Lnx9hx8g+").unwrap();
    assert_eq!(to_coordinate(&pos, &m), "9i9h8g+");
    let (after, effects) = pos.play(&m).unwrap();
    assert_eq!(effects.captured.len(), 2);
    assert!(effects.promoted);
    assert_eq!(
        code_at(&after, "8g").as_deref(),
        Some("+Ln"),
        "a furious fiend"
    );
    assert_eq!(code_at(&after, "9h"), None);
    assert_eq!(code_at(&after, "9i"), None);
    // A capture followed by a step to an empty square.
    let m = parse_move(&pos, "Lnx9h-10g+").unwrap();
    let (after, _) = pos.play(&m).unwrap();
    assert_eq!(code_at(&after, "10g").as_deref(), Some("+Ln"));
    assert_eq!(code_at(&after, "8g").as_deref(), Some("G"));
}

#[test]
fn igui_captures_without_moving_and_promotes() {
    let pos = place(&[("9i", "LN"), ("8h", "sg"), ("9q", "K"), ("9a", "k")], "b");
    let m = parse_move(&pos, "Lnx!8h").unwrap();
    assert_eq!(to_coordinate(&pos, &m), "9i8h9i+");
    assert_eq!(parse_move(&pos, "9i8h9i").unwrap(), m, "the + is optional");
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    assert_eq!(to_hodges(&pos, &m, &legal), "Lnx!8h+");
    let (after, effects) = pos.play(&m).unwrap();
    assert_eq!(
        effects.captured[0].1,
        Piece::new(daidai::STONE, WHITE, false)
    );
    assert_eq!(code_at(&after, "9i").as_deref(), Some("+Ln"));
    assert_eq!(code_at(&after, "8h"), None);
}

#[test]
fn pass_needs_an_empty_neighbour_and_is_never_legal_in_check() {
    let pos = place(&[("9i", "LN"), ("9q", "K"), ("9a", "k")], "b");
    let m = parse_move(&pos, "9i9h9i").unwrap();
    assert!(pos.is_pass(&m));
    // Any empty neighbour names the same (one) pass.
    assert_eq!(parse_move(&pos, "9i10j9i").unwrap(), m);
    assert_eq!(parse_move(&pos, "Ln-!8h").unwrap(), m);
    let (after, effects) = pos.play(&m).unwrap();
    assert!(effects.passed && effects.captured.is_empty() && !effects.promoted);
    assert_eq!(after.turn(), WHITE);
    assert_eq!(
        daidai::to_text(&after).split(' ').next(),
        daidai::to_text(&pos).split(' ').next()
    );
    let passes = |p: &DaiDaiPosition| {
        let mut v = Vec::new();
        p.legal_moves(&mut v);
        v.iter().filter(|m| p.is_pass(m)).count()
    };
    assert_eq!(passes(&pos), 1);

    // Every neighbour taken (own pieces and an enemy): igui, but no pass.
    let crowded = place(
        &[
            ("9i", "LN"),
            ("10h", "P"),
            ("9h", "p"),
            ("8h", "P"),
            ("10i", "G"),
            ("8i", "G"),
            ("10j", "S"),
            ("9j", "C"),
            ("8j", "S"),
            ("9q", "K"),
            ("9a", "k"),
        ],
        "b",
    );
    assert_eq!(passes(&crowded), 0);
    assert!(coords(&crowded).contains(&"9i9h9i+".to_string()));
    let err = crowded.check_move(&Move::through(
        sq("9i"),
        [sq("10h"), shogiban::engine::Sq::NONE],
        sq("9i"),
        false,
    ));
    assert!(matches!(err, Err(IllegalMove::OwnPiece(_))), "{err:?}");

    // In check (a white rook on the king's file): no pass.
    let checked = place(&[("5i", "LN"), ("9q", "K"), ("9a", "r"), ("1a", "k")], "b");
    assert!(checked.in_check(BLACK));
    assert_eq!(passes(&checked), 0);
    let err = checked.check_move(&Move::through(
        sq("5i"),
        [sq("5h"), shogiban::engine::Sq::NONE],
        sq("5i"),
        false,
    ));
    assert_eq!(err, Err(IllegalMove::PassInCheck));
    assert_eq!(
        IllegalMove::PassInCheck.to_string(),
        "a pass is never legal while in check"
    );
}

fn sq(name: &str) -> shogiban::engine::Sq {
    daidai::GEOMETRY.parse_square(name).unwrap()
}

#[test]
fn lion_jumps_over_pieces() {
    // A lion boxed in by its own pieces still jumps to every free square at distance two.
    let mut pieces = vec![("9i", "LN"), ("9q", "K"), ("9a", "k")];
    for n in ["10h", "9h", "8h", "10i", "8i", "10j", "9j", "8j"] {
        pieces.push((n, "P"));
    }
    let pos = place(&pieces, "b");
    let moves: Vec<String> = coords(&pos)
        .into_iter()
        .filter(|m| m.starts_with("9i"))
        .collect();
    assert_eq!(moves.len(), 16, "{moves:?} (no pass: no empty neighbour)");
    assert!(moves.contains(&"9i9g".to_string()));
    assert!(moves.contains(&"9i11h".to_string()));
    assert_eq!(
        parse_move(&pos, "Ln-9g").map(|m| to_coordinate(&pos, &m)),
        Ok("9i9g".to_string())
    );
}

#[test]
fn lion_dog_triple_capture_and_return() {
    let pos = place(
        &[
            ("9i", "LD"),
            ("9h", "p"),
            ("9g", "g"),
            ("9f", "s"),
            ("9q", "K"),
            ("1a", "k"),
        ],
        "b",
    );
    let moves = coords(&pos);
    for m in [
        "9i9h9g9f+", // all three
        "9i9g9f+",   // jump 9h, take 9g and 9f
        "9i9h9g+",   // take 9h and 9g
        "9i9g9h+",   // take 9h and 9g, come back to 9h
        "9i9h9i+",   // igui on 9h
        "9i9f+",     // jump to 9f
    ] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    // Never two captures with a gap, never along two lines.
    assert!(!moves.contains(&"9i9h9f+".to_string()));
    let m = parse_move(&pos, "LDx9hx9gx9f+").unwrap();
    let (after, effects) = pos.play(&m).unwrap();
    assert_eq!(effects.captured.len(), 3);
    assert_eq!(
        code_at(&after, "9f").as_deref(),
        Some("+LD"),
        "a great elephant"
    );
    // Capture on s1 and s2, return to s1.
    let m = parse_move(&pos, "LDx9hx9gx9h").unwrap();
    assert_eq!(to_coordinate(&pos, &m), "9i9g9h+");
    let (after, effects) = pos.play(&m).unwrap();
    assert_eq!(effects.captured.len(), 2);
    assert_eq!(code_at(&after, "9h").as_deref(), Some("+LD"));
    assert_eq!(code_at(&after, "9g"), None);
    assert_eq!(code_at(&after, "9f").as_deref(), Some("S"));

    // A friendly piece on s1 is jumped, and stops the stepping captures.
    let pos = place(
        &[
            ("9i", "LD"),
            ("9h", "P"),
            ("9g", "g"),
            ("9f", "s"),
            ("9q", "K"),
            ("1a", "k"),
        ],
        "b",
    );
    let moves = coords(&pos);
    assert!(moves.contains(&"9i9g9f+".to_string()));
    assert!(moves.contains(&"9i9g+".to_string()));
    assert!(
        !moves.contains(&"9i9g9h+".to_string()),
        "cannot end on its own piece"
    );
}

/// Destinations of the moves from `from`, as coordinate text.
fn moves_from(pos: &DaiDaiPosition, from: &str) -> Vec<String> {
    let origin = |m: &String| daidai::GEOMETRY.parse_square_prefix(m).map(|(s, _)| s);
    coords(pos)
        .into_iter()
        .filter(|m| origin(m) == Some(sq(from)))
        .collect()
}

#[test]
fn furious_fiend_jumps_to_the_third_square_and_great_elephant_keeps_to_its_lines() {
    // A furious fiend boxed in by its own pawns: the lion's 16 jumps and the lion dog's 8
    // third squares, no pass.
    let ring = ["10h", "9h", "8h", "10i", "8i", "10j", "9j", "8j"];
    let mut pieces = vec![("9i", "+LN"), ("9q", "K"), ("1a", "k")];
    pieces.extend(ring.iter().map(|&n| (n, "P")));
    let fiend = place(&pieces, "b");
    let moves = moves_from(&fiend, "9i");
    assert_eq!(moves.len(), 24, "{moves:?}");
    assert!(moves.contains(&"9i12f".to_string()) && moves.contains(&"9i9l".to_string()));

    // A great elephant with its six lion-dog lines blocked at the first square: it jumps
    // along them to s2 and s3 but slides no further, moves two squares forward
    // diagonally, and cannot pass although its forward diagonal neighbours are empty.
    let mut pieces = vec![("9i", "+LD"), ("9q", "K"), ("1a", "k")];
    pieces.extend(
        ["9h", "10i", "8i", "9j", "10j", "8j"]
            .iter()
            .map(|&n| (n, "P")),
    );
    let elephant = place(&pieces, "b");
    let mut moves = moves_from(&elephant, "9i");
    moves.sort();
    let mut expected: Vec<String> = [
        "9i10h", "9i11g", "9i8h", "9i7g", // fB2
        "9i9g", "9i9f", "9i11i", "9i12i", "9i7i", "9i6i", "9i9k", "9i9l", // orthogonal s2, s3
        "9i11k", "9i12l", "9i7k", "9i6l", // back diagonals s2, s3
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    expected.sort();
    assert_eq!(moves, expected);
    // On an open board it slides on past the third square, and passes.
    let open = place(&[("9i", "+LD"), ("9q", "K"), ("1a", "k")], "b");
    let moves = moves_from(&open, "9i");
    assert!(moves.contains(&"9i9a".to_string()));
    assert!(moves.contains(&"9i9h9i".to_string()), "pass");
    assert!(
        !moves.contains(&"9i6f".to_string()),
        "forward diagonals only two squares"
    );
}

#[test]
fn historical_readings_are_rule_options() {
    let text = |pieces: &[(&str, &str)]| daidai::to_text(&place(pieces, "b"));
    let dog = text(&[
        ("9i", "LD"),
        ("9h", "p"),
        ("9g", "p"),
        ("9q", "K"),
        ("1a", "k"),
    ]);
    let range = Rules {
        lion_dog_range: true,
        ..Rules::default()
    };
    let pos = daidai::from_text_with(&dog, range).unwrap();
    let moves = moves_from(&pos, "9i");
    assert!(moves.contains(&"9i9h+".to_string()));
    assert!(!moves.contains(&"9i9g+".to_string()), "no jump over 9h");
    assert!(!moves.contains(&"9i9h9i+".to_string()), "no igui");
    assert!(
        !moves.iter().any(|m| m.len() > 5 && m.ends_with("9i")),
        "no pass"
    );
    // Without lion-dog promotion the capture does not promote.
    let no_promotion = Rules {
        lion_dog_no_promotion: true,
        ..Rules::default()
    };
    let pos = daidai::from_text_with(&dog, no_promotion).unwrap();
    assert!(moves_from(&pos, "9i").contains(&"9i9h9g".to_string()));
    assert!(daidai::from_text_with(&text(&[("9i", "+LD")]), no_promotion).is_err());
    // The great elephant by the range reading: no jumps, no pass.
    let elephant = text(&[("9i", "+LD"), ("9h", "P"), ("9q", "K"), ("1a", "k")]);
    let ranged = Rules {
        great_elephant_range: true,
        ..Rules::default()
    };
    let pos = daidai::from_text_with(&elephant, ranged).unwrap();
    let moves = moves_from(&pos, "9i");
    assert!(!moves.contains(&"9i9g".to_string()));
    assert!(!moves.iter().any(|m| m.len() > 5 && m.ends_with("9i")));
    assert!(moves.contains(&"9i9q".to_string()) || moves.contains(&"9i9p".to_string()));
}

#[test]
fn hook_mover_turns_a_corner_but_never_captures_on_its_first_leg() {
    // Black hook mover on 9i; a White gold on 9e blocks the file.
    let pos = place(
        &[
            ("9i", "HM"),
            ("9e", "g"),
            ("5i", "P"),
            ("9q", "K"),
            ("1a", "k"),
        ],
        "b",
    );
    let moves = coords(&pos);
    // Around a corner: up to 9f, then right along rank f.
    assert!(moves.contains(&"9i5f".to_string()));
    // It can take the gold by ending there...
    assert!(moves.contains(&"9i9e".to_string()));
    // ...but cannot take it and turn: 5e is reachable only through 9e (the route via 5i
    // is blocked by its own pawn on 5i).
    assert!(!moves.contains(&"9i5e".to_string()), "{moves:?}");
    assert!(
        moves.contains(&"9i6e".to_string()),
        "via 6i, then up the 6 file"
    );
    // One move per destination even when both corners are open.
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let mut tos: Vec<_> = legal
        .iter()
        .filter(|m| m.from == sq("9i"))
        .map(|m| m.to)
        .collect();
    let n = tos.len();
    tos.sort();
    tos.dedup();
    assert_eq!(tos.len(), n);
    // The turning square may be written; it is not part of the canonical form.
    assert_eq!(
        parse_move(&pos, "9i9f5f").map(|m| to_coordinate(&pos, &m)),
        Ok("9i5f".to_string())
    );
    assert!(parse_move(&pos, "9i9e5e").is_err());

    // A hook mover gives check around a corner.
    let check = place(&[("9i", "hm"), ("5e", "K"), ("1a", "k")], "b");
    assert!(check.in_check(BLACK));
    let blocked = place(
        &[
            ("9i", "hm"),
            ("5e", "K"),
            ("9e", "P"),
            ("5i", "P"),
            ("1a", "k"),
        ],
        "b",
    );
    assert!(!blocked.in_check(BLACK));
}

#[test]
fn long_nosed_goblin_hooks_diagonally() {
    let pos = place(&[("9i", "LO"), ("9q", "K"), ("2a", "k")], "b");
    let moves = coords(&pos);
    // Up-right to 7g, then up-left to 9e: on its own file, two ranks up.
    assert!(moves.contains(&"9i9e".to_string()));
    assert!(moves.contains(&"9i9h".to_string()), "a step");
    assert!(
        moves.contains(&"9i9g".to_string()),
        "up-right to 8h, then up-left"
    );
    assert!(!moves.contains(&"9i9f".to_string()), "the other colour");
}

#[test]
fn howling_dogs_capture_each_other_on_move_one() {
    let pos = daidai::start();
    let moves = coords(&pos);
    assert!(moves.contains(&"12k12g".to_string()));
    assert!(moves.contains(&"6k6g".to_string()));
    let after = play(&pos, "HDx12g");
    assert_eq!(code_at(&after, "12g").as_deref(), Some("HD"));
    // White answers in kind on the other file.
    let after = play(&after, "6g6k");
    assert_eq!(code_at(&after, "6k").as_deref(), Some("HD"));
    assert_eq!(after.piece_at(sq("6k")).unwrap().owner(), WHITE);
}

#[test]
fn promotion_on_the_first_capture_only() {
    // An eastern barbarian promotes to a lion on its first capture; that lion never
    // becomes a furious fiend.
    let pos = place(
        &[
            ("9i", "EA"),
            ("9h", "p"),
            ("8f", "p"),
            ("7e", "p"),
            ("9q", "K"),
            ("1a", "k"),
            ("17a", "l"),
        ],
        "b",
    );
    let pos = play(&pos, "Eax9h+");
    assert_eq!(code_at(&pos, "9h").as_deref(), Some("+Ea"));
    let pos = play(&pos, "L-17b");
    let m = parse_move(&pos, "+Eax8f").unwrap();
    assert!(!m.promote);
    assert!(parse_move(&pos, "+Eax8f+").is_err(), "no second promotion");
    let (pos, effects) = pos.play(&m).unwrap();
    assert!(!effects.promoted);
    assert_eq!(code_at(&pos, "8f").as_deref(), Some("+Ea"));
    let text = daidai::to_text(&pos);
    assert!(text.contains("+EA"), "{text}");
    assert_eq!(daidai::to_text(&daidai::from_text(&text).unwrap()), text);
    // An original lion does promote.
    let lion = place(&[("9i", "LN"), ("9h", "p"), ("9q", "K"), ("1a", "k")], "b");
    let m = parse_move(&lion, "Lnx9h").unwrap();
    assert!(m.promote);
    // A promotion is compulsory: the move without it is refused.
    let unpromoted = Move {
        promote: false,
        ..m
    };
    assert_eq!(
        lion.check_move(&unpromoted),
        Err(IllegalMove::MustPromote("lion".into()))
    );
    // Non-capturing moves never promote.
    assert!(!parse_move(&lion, "Ln-9g").unwrap().promote);
}

#[test]
fn a_stuck_pawn_on_the_last_rank_is_legal() {
    let pos = place(&[("9b", "P"), ("5b", "I"), ("9q", "K"), ("1a", "k")], "b");
    let pos = play(&pos, "P-9a");
    assert_eq!(code_at(&pos, "9a").as_deref(), Some("P"));
    let pos = play(&pos, "K-1b");
    let moves = coords(&pos);
    assert!(
        !moves.iter().any(|m| m.starts_with("9a")),
        "the pawn cannot move"
    );
    let pos = play(&pos, "I-5a");
    let pos = play(&pos, "K-1a");
    assert!(!coords(&pos).iter().any(|m| m.starts_with("5a")));
    // Written and read back as it stands.
    let text = daidai::to_text(&pos);
    assert_eq!(daidai::from_text(&text).unwrap(), pos);
}

#[test]
fn check_is_enforced_and_no_legal_move_loses() {
    // Black's king on 9q, a White rook pins the gold on 9p.
    let pos = place(&[("9q", "K"), ("9p", "G"), ("9a", "r"), ("1a", "k")], "b");
    let moves = coords(&pos);
    assert!(moves.contains(&"9p9o".to_string()));
    assert!(!moves.contains(&"9p8p".to_string()), "pinned");
    let err = pos.check_move(&Move::board(sq("9p"), sq("8p"), false));
    assert_eq!(err, Err(IllegalMove::SelfCheck));

    // Mate: the king on 1q with a white queen on 2o protected by a white gold on 3n.
    let mate = place(&[("1q", "K"), ("2p", "q"), ("3o", "g"), ("9a", "k")], "b");
    assert!(mate.in_check(BLACK));
    assert!(!mate.has_legal_move());
    assert_eq!(mate.end_reason(), Some(EliminationReason::Mate));
    assert_eq!(mate.count_legal_moves(), 0);
    // No move without check loses too.
    let stuck = place(&[("1a", "P"), ("9a", "k")], "b");
    assert_eq!(stuck.end_reason(), Some(EliminationReason::NoMove));
}

#[test]
fn lions_passing_in_turn_hit_the_repetition_rule() {
    let mut pos = place(&[("9i", "LN"), ("9c", "ln"), ("9q", "K"), ("9a", "k")], "b");
    let start = pos.hash();
    let mut history: Vec<HistoryEntry> = Vec::new();
    let mut verdicts = Vec::new();
    for _ in 0..8 {
        let pass = if pos.turn() == BLACK {
            "9i9h9i"
        } else {
            "9c9d9c"
        };
        let (after, effects) = pos.play(&parse_move(&pos, pass).unwrap()).unwrap();
        let entry = HistoryEntry::new(&after, pos.turn(), &effects);
        let verdict = judge_repetition(start, &history, &entry);
        verdicts.push(verdict);
        if verdict != Repetition::Allowed {
            break;
        }
        history.push(entry);
        pos = after;
    }
    // Black passed first: White's 6th pass (the start position's 4th occurrence) stands,
    // Black's 7th pass is refused.
    assert_eq!(verdicts.len(), 7);
    assert_eq!(
        verdicts.last(),
        Some(&Repetition::Forbidden(RepetitionCulprit::FirstPasser))
    );
}

#[test]
fn notation_reads_aliases_kanji_and_disambiguates() {
    let pos = daidai::start();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    // Kanji and case-blind codes.
    assert_eq!(
        to_coordinate(&pos, &parse_move(&pos, "獅子-13o").unwrap()),
        "15p13o"
    );
    assert_eq!(
        to_coordinate(&pos, &parse_move(&pos, "𠵇犬x12g").unwrap()),
        "12k12g"
    );
    assert_eq!(
        to_coordinate(&pos, &parse_move(&pos, "hdx6g").unwrap()),
        "6k6g"
    );
    // Hodges forms of the rules file: a promoted piece, a promoting capture.
    let witch = place(
        &[
            ("5f", "+BM"),
            ("8d", "CS"),
            ("7c", "p"),
            ("9q", "K"),
            ("1a", "k"),
        ],
        "b",
    );
    let mut legal = Vec::new();
    witch.legal_moves(&mut legal);
    let m = parse_move(&witch, "+BM-5e").unwrap();
    assert_eq!(to_coordinate(&witch, &m), "5f5e");
    assert_eq!(to_hodges(&witch, &m, &legal), "+BM-5e");
    assert_eq!(
        parse_move(&witch, "山母-5e"),
        Ok(m),
        "the kanji of the promoted kind"
    );
    let m = parse_move(&witch, "CSx7c+").unwrap();
    assert_eq!(to_coordinate(&witch, &m), "8d7c+");
    assert_eq!(to_hodges(&witch, &m, &legal), "CSx7c+");
    // Two golds can reach 9i: the origin is needed.
    let two_golds = place(&[("8i", "G"), ("10i", "G"), ("9q", "K"), ("1a", "k")], "b");
    let err = parse_move(&two_golds, "G-9i");
    assert!(
        matches!(err, Err(MoveParseError::Ambiguous { .. })),
        "{err:?}"
    );
    let mut legal = Vec::new();
    two_golds.legal_moves(&mut legal);
    let m = parse_move(&two_golds, "G8i-9i").unwrap();
    assert_eq!(to_hodges(&two_golds, &m, &legal), "G8i-9i");
    // Clashing codes: exact case picks one, the aliases the other.
    let tigers = place(&[("5m", "ST"), ("3m", "SG"), ("9q", "K"), ("1a", "k")], "b");
    assert_eq!(
        to_coordinate(&tigers, &parse_move(&tigers, "ST-5l").unwrap()),
        "5m5l"
    );
    assert_eq!(
        to_coordinate(&tigers, &parse_move(&tigers, "SVT-5k").unwrap()),
        "5m5k"
    );
    assert_eq!(
        to_coordinate(&tigers, &parse_move(&tigers, "St-2l").unwrap()),
        "3m2l"
    );
    assert_eq!(
        to_coordinate(&tigers, &parse_move(&tigers, "sg-4l").unwrap()),
        "3m4l"
    );
    // Case-blind `st` means whichever piece can make the move.
    assert_eq!(
        to_coordinate(&tigers, &parse_move(&tigers, "st-2l").unwrap()),
        "3m2l"
    );
    // Errors name the problem.
    assert!(matches!(
        parse_move(&pos, "9q7o"),
        Err(MoveParseError::Illegal {
            reason: IllegalMove::CannotReach { .. },
            ..
        })
    ));
    assert!(matches!(
        parse_move(&pos, "17q17o"),
        Err(MoveParseError::Illegal {
            reason: IllegalMove::Blocked { .. },
            ..
        })
    ));
    assert!(matches!(
        parse_move(&pos, "5e5d"),
        Err(MoveParseError::Illegal {
            reason: IllegalMove::NotYourPiece(_),
            ..
        })
    ));
    assert!(matches!(
        parse_move(&pos, "9i9h"),
        Err(MoveParseError::Illegal {
            reason: IllegalMove::NoPiece(_),
            ..
        })
    ));
    assert!(matches!(
        parse_move(&pos, "17q17p"),
        Err(MoveParseError::Illegal {
            reason: IllegalMove::OwnPiece(_),
            ..
        })
    ));
    assert!(matches!(
        parse_move(&pos, "Ln-9i"),
        Err(MoveParseError::NoSuchMove(_))
    ));
    assert!(matches!(
        parse_move(&pos, "FF-9i"),
        Err(MoveParseError::Illegal { .. })
    ));
}

/// Perft from the start is in `tests/perft.rs`; its first two counts again, by the
/// reference generator.
#[test]
fn the_reference_generator_counts_perft_from_the_start() {
    let pos = daidai::start();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert_eq!(daidai_reference::legal_moves(&pos).len(), 59);
    let leaves: usize = moves
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.apply(m);
            daidai_reference::legal_moves(&child).len()
        })
        .sum();
    assert_eq!(leaves, 3_463);
}

/// A random position: both kings and pieces drawn from the set (some promoted), on random
/// squares, with the side not to move out of check.
fn random_position(rng: &mut StdRng, rules: Rules) -> DaiDaiPosition {
    let kinds = daidai::kinds();
    let mut pool: Vec<u8> = Vec::new();
    for row in daidai::WHITE_CAMP {
        for code in row {
            if let Some(k) = daidai::kind_by_code(code) {
                if k != daidai::KING {
                    pool.push(k);
                }
            }
        }
    }
    loop {
        let mut pos = DaiDaiPosition::empty(rules);
        let mut squares: Vec<_> = daidai::GEOMETRY.squares().collect();
        squares.shuffle(rng);
        let mut squares = squares.into_iter();
        for seat in [BLACK, WHITE] {
            pos.set_piece(
                squares.next().unwrap(),
                Some(Piece::new(daidai::KING, seat, false)),
            );
            let mut mine = pool.clone();
            mine.shuffle(rng);
            // Always some of the special movers, then a random handful of the rest.
            let specials = [
                daidai::LION,
                daidai::LION_DOG,
                daidai::HOOK_MOVER,
                daidai::LONG_NOSED_GOBLIN,
                daidai::EASTERN_BARBARIAN,
                daidai::WESTERN_BARBARIAN,
            ];
            let count = rng.gen_range(4..40);
            let chosen = specials.iter().copied().chain(
                mine.into_iter()
                    .filter(|k| !specials.contains(k))
                    .take(count),
            );
            for kind in chosen {
                let def = &kinds[kind as usize];
                let piece = match def.promotes_to {
                    Some(to) if rng.gen_bool(0.35) => Piece::new(to, seat, true),
                    _ => Piece::new(kind, seat, false),
                };
                pos.set_piece(squares.next().unwrap(), Some(piece));
            }
        }
        pos.set_turn(Seat(rng.gen_range(0..2)));
        if let Ok(valid) = daidai::from_text_with(&daidai::to_text(&pos), rules) {
            return valid;
        }
    }
}

#[test]
fn fast_generator_agrees_with_the_reference_on_random_positions() {
    let seed = std::env::var("DAIDAI_REFERENCE_SEED")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(17);
    let mut rng = StdRng::seed_from_u64(seed);
    let readings = [
        Rules::default(),
        Rules {
            lion_dog_range: true,
            great_elephant_range: true,
            lion_dog_no_promotion: false,
        },
        Rules {
            lion_dog_range: false,
            great_elephant_range: false,
            lion_dog_no_promotion: true,
        },
    ];
    let mut compared = 0;
    // DAIDAI_REFERENCE_ROUNDS raises the number of positions for a longer search.
    let rounds = std::env::var("DAIDAI_REFERENCE_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 20 } else { 150 });
    for round in 0..rounds {
        let rules = readings[round % readings.len()];
        let mut pos = random_position(&mut rng, rules);
        // A few plies from each random position, to see positions after special moves.
        for _ in 0..4 {
            let text = daidai::to_text(&pos);
            assert_eq!(
                pos.in_check(pos.turn()),
                daidai_reference::in_check(&pos, pos.turn()),
                "{text}"
            );
            let fast = daidai_reference::engine_moves(&pos);
            let slow = daidai_reference::legal_moves(&pos);
            if fast != slow {
                let only_fast: Vec<_> = fast.difference(&slow).collect();
                let only_slow: Vec<_> = slow.difference(&fast).collect();
                panic!("{text}\nonly engine: {only_fast:?}\nonly reference: {only_slow:?}");
            }
            assert_eq!(pos.count_legal_moves(), fast.len());
            compared += 1;
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            // Prefer the unusual: multi-captures, igui and passes.
            let pick = moves
                .iter()
                .filter(|m| !m.via[0].is_none())
                .collect::<Vec<_>>()
                .choose(&mut rng)
                .copied()
                .copied()
                .or_else(|| moves.choose(&mut rng).copied());
            let Some(m) = pick else { break };
            pos.apply(&m);
        }
    }
    assert!(compared > rounds * 2);
}

#[test]
fn random_playouts_never_panic_round_trip_and_conserve_pieces() {
    let mut rng = StdRng::seed_from_u64(2024);
    // Debug builds (plain `cargo test`) play fewer games; `--release` plays them all.
    let games = if cfg!(debug_assertions) { 20 } else { 300 };
    let (mut mates, mut draws) = (0, 0);
    let mut moves = Vec::new();
    for game in 0..games {
        let mut pos = daidai::start();
        let start_hash = pos.hash();
        let mut history: Vec<HistoryEntry> = Vec::new();
        let mut seen: std::collections::HashMap<u64, u32> = std::collections::HashMap::new();
        let mut count = pos.pieces().count();
        'game: for _ply in 0..4000 {
            let text = daidai::to_text(&pos);
            let back = daidai::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(back, pos, "{text}");
            assert_eq!(back.hash(), pos.hash());
            assert_eq!(pos.hash(), pos.compute_hash());
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                assert!(pos.end_reason().is_some());
                mates += 1;
                break;
            }
            // Mates first, then checks, then captures, so that games end; White plays
            // worse than Black, so that Black usually wins material and then the game.
            moves.shuffle(&mut rng);
            moves.sort_by_key(|m| std::cmp::Reverse(gain(&pos, m)));
            let careless = if pos.turn() == BLACK { 0.1 } else { 0.6 };
            if rng.gen_bool(careless) {
                moves[..].shuffle(&mut rng);
            }
            let checks: Vec<usize> = (0..moves.len())
                .filter(|&i| {
                    let mut next = pos.clone();
                    next.play_quiet(&moves[i]);
                    next.in_check(next.turn())
                })
                .collect();
            let mate = checks.iter().copied().find(|&i| {
                let mut next = pos.clone();
                next.play_quiet(&moves[i]);
                !next.has_legal_move()
            });
            if let Some(i) = mate.or_else(|| {
                checks
                    .choose(&mut rng)
                    .copied()
                    .filter(|_| !rng.gen_bool(careless))
            }) {
                moves.swap(0, i);
            }
            for m in moves.clone() {
                if game % 50 == 0 {
                    let coord = to_coordinate(&pos, &m);
                    assert_eq!(parse_move(&pos, &coord), Ok(m), "{coord} in {text}");
                    let hodges = to_hodges(&pos, &m, &moves);
                    assert_eq!(parse_move(&pos, &hodges), Ok(m), "{hodges} in {text}");
                }
                let mut next = pos.clone();
                let effects = next.apply(&m);
                let entry = HistoryEntry::new(&next, pos.turn(), &effects);
                let verdict = if seen.get(&entry.hash).copied().unwrap_or(0)
                    + u32::from(entry.hash == start_hash)
                    >= 3
                {
                    judge_repetition(start_hash, &history, &entry)
                } else {
                    Repetition::Allowed
                };
                if let Repetition::Forbidden(_) = verdict {
                    continue;
                }
                let after = next.pieces().count();
                assert_eq!(after + effects.captured.len(), count, "pieces conserved");
                assert!(
                    !next.in_check(pos.turn()),
                    "the mover left its king in check"
                );
                count = after;
                *seen.entry(entry.hash).or_default() += 1;
                history.push(entry);
                pos = next;
                if verdict == Repetition::Draw {
                    draws += 1;
                    break 'game;
                }
                continue 'game;
            }
            // Every legal move is forbidden by the repetition rule: that side loses too.
            mates += 1;
            break;
        }
    }
    // Random endings of a few pieces can wander past the ply limit; two games in three
    // still run to their end (mate, no move, or a repetition draw).
    assert!(
        (mates + draws) * 3 >= games * 2,
        "games played to the end: {mates} without a move, {draws} drawn, of {games}"
    );
}

/// The value of what a move takes.
fn gain(pos: &DaiDaiPosition, m: &Move) -> u32 {
    m.middles()
        .chain((m.to != m.from).then_some(m.to))
        .filter_map(|s| pos.piece_at(s))
        .map(|p| pos.kind(p.kind()).points as u32)
        .sum()
}

#[test]
fn arbitrary_text_never_panics() {
    let pos = daidai::start();
    let mut rng = StdRng::seed_from_u64(5);
    let alphabet: Vec<char> =
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ+-x!*/, 獅子𠵇"
            .chars()
            .collect();
    for _ in 0..20_000 {
        let len = rng.gen_range(0..24);
        let text: String = (0..len)
            .map(|_| *alphabet.choose(&mut rng).unwrap())
            .collect();
        let _ = parse_move(&pos, &text);
        let _ = daidai::from_text(&text);
    }
    // Mutations of the start text.
    let start = daidai::START_TEXT;
    for _ in 0..2_000 {
        let mut chars: Vec<char> = start.chars().collect();
        for _ in 0..rng.gen_range(1..4) {
            let i = rng.gen_range(0..chars.len());
            chars[i] = *alphabet.choose(&mut rng).unwrap();
        }
        let text: String = chars.into_iter().collect();
        if let Ok(p) = daidai::from_text(&text) {
            assert_eq!(daidai::from_text(&daidai::to_text(&p)).unwrap(), p);
        }
    }
}

#[test]
fn unreadable_text_is_answered_with_dai_dai_examples() {
    let pos = daidai::from_text(daidai::START_TEXT).unwrap();
    let error = parse_move(&pos, "lion to the moon").unwrap_err();
    assert!(matches!(error, MoveParseError::Syntax { .. }), "{error:?}");
    let message = error.to_string();
    assert!(message.contains("Lnx15fx15e"), "{message}");
    assert!(!message.contains("P*5e"), "no drops in dai dai: {message}");
}
