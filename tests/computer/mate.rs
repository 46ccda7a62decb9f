//! The mate solver: mate in one and df-pn on classic tsume, positions where a mate looks
//! near but does not exist, positions from engine games judged by cshogi's df-pn
//! (`tests/fixtures/mate/engine-games.tsv`, written by `scripts/mate-fixtures`), yonin
//! eliminations, the computer playing a found mate, and the `shogiban mate` tool.

use std::process::Command;

use shogiban::computer::mate::{mate_in_one, solve, MateLimits, MateResult};
use shogiban::computer::{choose, Level, Limits};
use shogiban::engine::{standard, AnyPosition, Game, Move, Position, RuleOptions, Variant};

fn sfen(text: &str) -> AnyPosition {
    AnyPosition::from_text(Variant::Standard, text).expect(text)
}

fn usi(pos: &AnyPosition, line: &[Move]) -> String {
    let mut pos = pos.clone();
    let mut words = Vec::new();
    for m in line {
        words.push(pos.coordinate(m));
        pos.play_unchecked(m);
    }
    words.join(" ")
}

fn nodes(n: u64) -> MateLimits {
    MateLimits {
        nodes: Some(n),
        deadline: None,
    }
}

/// Replays `line` from `pos` move by move through the game's own rules and says whether
/// it ends in checkmate of the side that did not start it.
fn mates_when_replayed(variant: Variant, text: &str, line: &[Move]) -> bool {
    let mut game =
        Game::from_position(variant, RuleOptions::defaults(variant), text).expect("position");
    let attacker = game.position().turn();
    for m in line {
        if game.play(m).is_err() {
            return false;
        }
    }
    game.result()
        .is_some_and(|result| result.winners().contains(&attacker))
}

#[test]
fn mate_in_one_finds_the_head_gold() {
    let pos = sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1");
    let m = mate_in_one(&pos).expect("G*5b mates");
    assert_eq!(pos.coordinate(&m), "G*5b");
    assert_eq!(solve(&pos, nodes(1000)), MateResult::Mate(vec![m]));
}

#[test]
fn mate_in_one_finds_board_moves_promotions_and_discovered_mates() {
    // The tokin made on 2b mates, its king guarding 1b.
    let pos = sfen("8k/9/7PK/9/9/9/9/9/9 b - 1");
    assert_eq!(pos.coordinate(&mate_in_one(&pos).expect("a mate")), "2c2b+");
    // The rook on 1i sees the king once the silver leaves the file (2d or 2f): the only
    // mates there are.
    let pos = sfen("7lk/7p1/9/9/8S/9/9/9/8R b - 1");
    let m = mate_in_one(&pos).expect("a discovered mate");
    assert!(["1e2d", "1e2f"].contains(&pos.coordinate(&m).as_str()));
    let mut after = pos.clone();
    after.play_unchecked(&m);
    assert!(after.in_check(after.turn()) && !after.has_legal_move());
}

#[test]
fn no_mate_in_one_where_the_only_mate_would_be_a_pawn_drop() {
    // P*1b would leave the king no move: uchifuzume, illegal. Nothing else mates, and
    // cshogi's df-pn proves there is no mate at all.
    let pos = sfen("7lk/9/8S/9/9/9/9/7L1/8K b P 1");
    assert_eq!(mate_in_one(&pos), None);
    assert!(!matches!(solve(&pos, nodes(200_000)), MateResult::Mate(_)));
    // A pawn in hand and the kings face to face: no mate.
    let pos = sfen("8k/9/8K/9/9/9/9/9/9 b P 1");
    assert_eq!(mate_in_one(&pos), None);
    assert_eq!(solve(&pos, nodes(10_000)), MateResult::NoMate);
}

/// Classic short tsume and cshogi's own df-pn test positions, each with the length of
/// cshogi's mating line and its first move: our line must replay to mate and be no
/// longer (most have more than one mating line, so moves are not compared beyond the
/// first of the shortest problems).
#[test]
fn solves_tsume_with_their_known_lengths() {
    let problems = [
        ("4k4/9/3P1P3/9/9/9/9/9/9 b GS 1", 5, "S*4b"),
        (
            "+B+R5n1/5gk2/p1pps1gp1/4ppnsK/6pP1/1PPSP3L/PR1P1PP2/6S2/L2G1G3 w B2N2LP2p 1",
            3,
            "2d2e",
        ),
        (
            "ln1g3+Rl/2sk1s+P2/2ppppb1p/p1b3p2/8P/P4P3/2PPP1P2/1+r2GS3/LN+p2KGNL w GN2Ps 36",
            7,
            "8h5h",
        ),
        (
            "l6nl/3kPs3/5p2p/p1ppg2P1/7+r1/P1G3p1P/1pNbSP1GL/2+n1S1K2/L1r3P2 w BGS3Pn2p 110",
            11,
            "2e2g",
        ),
        ("pk7/9/G8/2LKP4/9/9/9/9/9 b Bn 1", 3, "B*6c"),
        (
            "lr6l/4g4/p3p4/1pp5p/P2S1p3/2P1N2+bP/1PGP1Pk1R/2N3pp1/4K3L w b2g3s2nl4p 152",
            11,
            "3g3f",
        ),
    ];
    for (text, length, first) in problems {
        let pos = sfen(text);
        let MateResult::Mate(line) = solve(&pos, nodes(300_000)) else {
            panic!("no mate found in {text}");
        };
        assert!(
            mates_when_replayed(Variant::Standard, text, &line),
            "{text}: {}",
            usi(&pos, &line)
        );
        // Never longer than cshogi's line (ours may be shorter: cshogi's is not always
        // the fastest, e.g. a 9-ply mate where its line takes 11).
        assert!(line.len() <= length, "{text}: {}", usi(&pos, &line));
        if length <= 5 {
            // The first problem is symmetric: its mirror image mates as well.
            let played = pos.coordinate(&line[0]);
            assert!(
                played == first || (first == "S*4b" && played == "S*6b"),
                "{text}: {played}"
            );
        }
    }
}

#[test]
fn a_long_mate_is_solved_and_verified() {
    // cshogi's 23-ply line; any verified mate will do.
    let text = "8l/1R2S1kgr/3pp2p1/p2nlpp1p/5ns2/2+BPl3P/1PNK1PP2/1GGS2S2/5G1NL b B3P3p 1";
    let pos = sfen(text);
    match solve(&pos, nodes(1_000_000)) {
        MateResult::Mate(line) => {
            assert!(mates_when_replayed(Variant::Standard, text, &line));
            assert!(
                line.len() % 2 == 1 && line.len() <= 23,
                "{}",
                usi(&pos, &line)
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_middle_game_without_mate_is_not_claimed() {
    // cshogi's df-pn test of a position with checks but no mate.
    let pos = sfen("lns3kn1/1r7/4pgs+R1/2pp1p3/pp2P4/2P1SP3/PPSP5/2GBG4/LN1K3N+l b BG3Pl3p 49");
    assert!(!matches!(solve(&pos, nodes(300_000)), MateResult::Mate(_)));
    // The start position has no check at all.
    assert_eq!(
        solve(&standard_start(), nodes(1000)),
        MateResult::NoMate,
        "no check, no mate"
    );
}

fn standard_start() -> AnyPosition {
    AnyPosition::Shogi(standard::start())
}

/// One fixture line: the position, its distance to the game's mate, cshogi's verdict and
/// the length of its mating line.
struct Fixture {
    sfen: String,
    verdict: String,
    plies: usize,
}

fn fixtures() -> Vec<Fixture> {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/mate/engine-games.tsv"
    ));
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            Fixture {
                sfen: fields[0].to_string(),
                verdict: fields[2].to_string(),
                plies: fields[3].parse().expect("plies"),
            }
        })
        .collect()
}

/// The node budget per fixture: the solver expands some tens of thousands of nodes a
/// second on one core, so this stands for the one second (the benchmark
/// `cargo bench --bench mate` measures the time itself).
const FIXTURE_NODES: u64 = 30_000;

#[test]
fn engine_game_positions_agree_with_cshogi() {
    let all = fixtures();
    let mates: Vec<&Fixture> = all.iter().filter(|f| f.verdict == "mate").collect();
    let free: Vec<&Fixture> = all.iter().filter(|f| f.verdict == "nomate").collect();
    assert!(mates.len() >= 60, "only {} mate fixtures", mates.len());
    assert!(free.len() >= 20, "only {} mate-free fixtures", free.len());
    let mut solved = 0;
    let mut longer = Vec::new();
    for f in &mates {
        let pos = sfen(&f.sfen);
        if let MateResult::Mate(line) = solve(&pos, nodes(FIXTURE_NODES)) {
            assert!(
                mates_when_replayed(Variant::Standard, &f.sfen, &line),
                "a false mate in {}: {}",
                f.sfen,
                usi(&pos, &line)
            );
            if line.len() > f.plies {
                longer.push(format!("{} ({} > {})", f.sfen, line.len(), f.plies));
            }
            solved += 1;
        }
    }
    let share = solved as f64 / mates.len() as f64;
    assert!(
        share >= 0.95,
        "solved {solved} of {} cshogi mates ({:.1} %)",
        mates.len(),
        share * 100.0
    );
    eprintln!(
        "solved {solved} of {} cshogi mates; {} lines longer than cshogi's: {longer:?}",
        mates.len(),
        longer.len()
    );
    for f in &free {
        let pos = sfen(&f.sfen);
        let found = solve(&pos, nodes(FIXTURE_NODES));
        assert!(
            !matches!(found, MateResult::Mate(_)),
            "cshogi proves no mate in {}, we claim {found:?}",
            f.sfen
        );
    }
}

/// Yonin: an elimination at once is found by the same tools, through the turn order.
#[test]
fn yonin_eliminations_are_mates() {
    // A position of a seeded game where the seat to move eliminates another at once.
    let found = find_yonin_mate(false).expect("a yonin game with a mate in one");
    let (text, m) = found;
    let pos = AnyPosition::from_text(Variant::Yonin, &text).expect("position");
    let mut after = pos.clone();
    let effects = after.play_unchecked(&m);
    assert!(!effects.eliminated.is_empty(), "{text}");
    match solve(&pos, nodes(1000)) {
        MateResult::Mate(line) => assert_eq!(line, vec![m]),
        other => panic!("{text}: {other:?}"),
    }
}

/// Plays seeded yonin games that check whenever they can until the side to move has a
/// mate in one; returns that position and move.
fn find_yonin_mate(doubles: bool) -> Option<(String, Move)> {
    let variant = if doubles {
        Variant::YoninDoubles
    } else {
        Variant::Yonin
    };
    for seed in 1..40u64 {
        let mut pos = AnyPosition::start(variant, &RuleOptions::defaults(variant));
        let mut state = seed;
        let mut moves = Vec::new();
        for _ in 0..300 {
            if pos.seat_to_move().is_none() {
                break;
            }
            if let Some(m) = mate_in_one(&pos) {
                return Some((pos.to_text(), m));
            }
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mut checks = Vec::new();
            pos.generate_checks(&mut checks);
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let pool = if !checks.is_empty() && state >> 62 != 0 {
                &checks
            } else {
                &moves
            };
            let m = pool[(state >> 33) as usize % pool.len()];
            pos.play_unchecked(&m);
        }
    }
    None
}

#[test]
fn yonin_doubles_elimination_wins() {
    let (text, m) = find_yonin_mate(true).expect("a doubles game with a mate in one");
    let pos = AnyPosition::from_text(Variant::YoninDoubles, &text).expect("position");
    let me = pos.turn();
    let mut after = pos.clone();
    let effects = after.play_unchecked(&m);
    let (out, _) = effects.eliminated[0];
    assert!(out != me && Some(out) != pos.partner(me), "{text}");
}

#[test]
fn the_computer_plays_a_mate_it_finds() {
    // Mate in 5 (S*4b ...): level 1 looks one ply deep, yet the solver at its root finds
    // the mate with a share of the node budget.
    let text = "4k4/9/3P1P3/9/9/9/9/9/9 b GS 1";
    let game = Game::from_position(Variant::Standard, RuleOptions::default(), text).expect(text);
    let limits = Limits {
        nodes: Some(80_000),
        seed: Some(1),
        ..Limits::default()
    };
    let choice = choose(&game, Level::new(1).expect("level 1"), limits).expect("a move");
    // The position is symmetric: S*4b or its mirror S*6b.
    assert!(
        ["S*4b", "S*6b"].contains(&choice.text.as_str()),
        "{}",
        choice.text
    );
    assert_eq!(choice.depth, 5);
}

fn shogiban(args: &[&str]) -> (String, String, bool) {
    let out = Command::new(env!("CARGO_BIN_EXE_shogiban"))
        .args(args)
        .output()
        .expect("the tool runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

#[test]
fn the_mate_tool_prints_the_line_or_none() {
    let (out, err, ok) = shogiban(&[
        "mate",
        "--position",
        "4k4/9/3P1P3/9/9/9/9/9/9 b GS 1",
        "--nodes",
        "100000",
    ]);
    assert!(ok, "{err}");
    let words: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(words.len(), 5, "{out}");
    assert!(["S*4b", "S*6b"].contains(&words[0]), "{out}");
    assert!(err.contains("mate in 5"), "{err}");

    let (out, err, ok) = shogiban(&[
        "mate",
        "--position",
        "8k/9/8K/9/9/9/9/9/9 b P 1",
        "--nodes",
        "10000",
    ]);
    assert!(ok, "{err}");
    assert_eq!(out.trim(), "none");
    assert!(err.contains("no mate"), "{err}");

    // Moves are applied first; the side to move then is the attacker.
    let (out, _, ok) = shogiban(&[
        "mate",
        "--position",
        "4k4/9/4P4/9/9/9/9/8p/4K4 w G 1",
        "--moves",
        "1h1i+",
        "--nodes",
        "1000",
    ]);
    assert!(ok);
    assert_eq!(out.trim(), "G*5b");

    let (_, err, ok) = shogiban(&["mate", "--position", "not a position"]);
    assert!(!ok);
    assert!(err.contains("--position"), "{err}");
}
