//! Game review: a blunder planted in a real game is named with the better move, the moves
//! around it are not, every variant gets its lines (one per seat in yonin, per team in
//! doubles), the graph renders with the blunder marked, and `shogiban analyse` prints a
//! line per move and writes the graph. Searches run on node budgets, so results repeat.

use std::process::Command;

use shogiban::computer::analysis::{review, Judgement, ReviewLimits};
use shogiban::engine::{notation, Game, RuleOptions, Variant};
use shogiban::service::analysis::{evaluation_chart, EvaluationText};

const NODES: u64 = 30_000;

/// White does not take back the horse that just took its bishop (`8b7b` instead of
/// `3a2b`): a bishop down for nothing. The rest are ordinary opening moves.
const PLANTED: &str = "7g7f 3c3d 8h2b+ 8b7b 2b1a 7c7d 2g2f 7a6b";

fn game_of(variant: Variant, moves: &str) -> (Game, Vec<shogiban::engine::Move>) {
    let start = Game::new(variant, RuleOptions::defaults(variant));
    let mut game = start.clone();
    let mut played = Vec::new();
    for text in notation::split_moves(moves) {
        let m = game.parse_move(&text).expect(&text);
        game.play(&m).expect(&text);
        played.push(m);
    }
    (start, played)
}

fn limits() -> ReviewLimits {
    ReviewLimits {
        nodes: Some(NODES),
        ..ReviewLimits::default()
    }
}

#[test]
fn a_planted_blunder_is_named_with_the_better_move() {
    let (start, moves) = game_of(Variant::Standard, PLANTED);
    let mut reported = Vec::new();
    let reviewed = review(&start, &moves, limits(), |done, total| {
        reported.push((done, total))
    })
    .unwrap();
    assert_eq!(
        reported.len(),
        moves.len() + 1,
        "progress after every position"
    );
    assert_eq!(reported.last(), Some(&(moves.len() + 1, moves.len() + 1)));
    assert_eq!(reviewed.moves.len(), moves.len());

    let blunder = &reviewed.moves[3];
    assert_eq!(blunder.ply, 4);
    assert_eq!(blunder.played_text, "8b7b");
    assert_eq!(blunder.judgement, Some(Judgement::Blunder), "{blunder:?}");
    assert_eq!(blunder.best_text.as_deref(), Some("3a2b"), "{blunder:?}");
    assert!(blunder.before > blunder.after + 300, "{blunder:?}");
    // The bishop exchange and the quiet opening moves are no mistakes.
    for m in reviewed.moves.iter().filter(|m| m.ply != 4 && m.ply <= 3) {
        assert_eq!(m.judgement, None, "{m:?}");
    }
    // After the blunder black stands clearly better: one line, from black's side.
    assert_eq!(reviewed.curves.len(), 1);
    let line = &reviewed.curves[0].points;
    assert_eq!(line.len(), moves.len() + 1);
    assert!(line[4].1 > 300, "{line:?}");
}

#[test]
fn the_graph_renders_with_the_blunder_marked() {
    let (start, moves) = game_of(Variant::Standard, PLANTED);
    let reviewed = review(&start, &moves, limits(), |_, _| {}).unwrap();
    let text = EvaluationText {
        title: "将棋 · 形勢グラフ".into(),
        subtitle: "30000 nodes".into(),
        sides: vec!["☗".into()],
    };
    let chart = evaluation_chart(&reviewed, &text);
    let (pixmap, geometry) = chart.draw();
    assert_eq!(geometry.points, vec![geometry.points[0].clone()]);
    assert_eq!(geometry.points[0].len(), moves.len() + 1);
    let judged = reviewed
        .moves
        .iter()
        .filter(|m| m.judgement.is_some())
        .count();
    assert_eq!(geometry.markers.len(), judged);
    assert!(
        geometry.texts.iter().any(|t| t == "4??"),
        "{:?}",
        geometry.texts
    );
    assert!(geometry.missing.is_empty(), "{:?}", geometry.missing);
    // Black's advantage after the blunder is drawn above the middle line.
    let (_, top, _, bottom) = geometry.plot;
    let middle = (top + bottom) / 2.0;
    assert!(geometry.points[0][4].1 < middle - 20.0);
    let png = chart.png().unwrap();
    let decoded = image::load_from_memory(&png).unwrap();
    assert_eq!(
        (decoded.width(), decoded.height()),
        (pixmap.width(), pixmap.height())
    );
}

#[test]
fn yonin_has_a_line_per_seat_and_doubles_per_team() {
    for (variant, lines) in [(Variant::Yonin, 4), (Variant::YoninDoubles, 2)] {
        let start = Game::new(variant, RuleOptions::defaults(variant));
        let mut game = start.clone();
        let mut moves = Vec::new();
        for _ in 0..8 {
            let m = game.legal_moves()[0];
            game.play(&m).unwrap();
            moves.push(m);
        }
        let limits = ReviewLimits {
            nodes: Some(3_000),
            ..ReviewLimits::default()
        };
        let reviewed = review(&start, &moves, limits, |_, _| {}).unwrap();
        assert_eq!(reviewed.curves.len(), lines, "{variant:?}");
        assert_eq!(reviewed.moves.len(), 8);
        for curve in &reviewed.curves {
            assert!(curve.points.len() >= 2, "{variant:?}: {curve:?}");
            assert!(curve.points.windows(2).all(|w| w[0].0 < w[1].0));
        }
        let text = EvaluationText {
            title: variant.title().into(),
            subtitle: String::new(),
            sides: reviewed
                .curves
                .iter()
                .map(|c| format!("{:?}", c.seats))
                .collect(),
        };
        let (_, geometry) = evaluation_chart(&reviewed, &text).draw();
        assert_eq!(geometry.points.len(), lines);
    }
}

#[test]
fn the_analyse_tool_prints_a_line_per_move_and_writes_the_graph() {
    let dir = std::env::temp_dir().join(format!("shogiban-analyse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out_file = dir.join("graph.png");
    let out = Command::new(env!("CARGO_BIN_EXE_shogiban"))
        .args(["analyse", "--variant", "standard", "--moves", PLANTED])
        .args(["--nodes", &NODES.to_string(), "--out"])
        .arg(&out_file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 8, "{stdout}");
    let words: Vec<&str> = lines[3].split_whitespace().collect();
    assert_eq!(&words[..2], &["4", "8b7b"], "{stdout}");
    words[2].parse::<i32>().expect("a score");
    assert_eq!(&words[3..], &["3a2b", "blunder"], "{stdout}");
    assert!(lines[0].starts_with("1 7g7f "), "{stdout}");
    let png = std::fs::read(&out_file).unwrap();
    image::load_from_memory(&png).expect("a PNG graph");
    std::fs::remove_dir_all(&dir).ok();

    // Bad input: a clear message, nothing written.
    let bad = Command::new(env!("CARGO_BIN_EXE_shogiban"))
        .args(["analyse", "--moves", "7g7f 7g7f", "--out"])
        .arg(dir.join("never.png"))
        .output()
        .unwrap();
    assert!(!bad.status.success());
    let why = String::from_utf8_lossy(&bad.stderr);
    assert!(why.contains("move 2 of --moves"), "{why}");
    assert!(!dir.join("never.png").exists());
}

/// The USI engine (Debian's fairy-stockfish) reviews standard shogi instead of the built-in
/// search when one is given: it names the planted blunder and the recapture too.
#[test]
fn a_usi_engine_reviews_standard_shogi_and_names_the_blunder() {
    let path = ["/usr/games/fairy-stockfish", "/usr/bin/fairy-stockfish"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
        .expect(
            "fairy-stockfish must be installed: scripts/install-test-deps installs Debian's package",
        );
    let mut engine = shogiban::computer::usi::UsiEngine::new(path, Vec::new());
    let (start, moves) = game_of(Variant::Standard, PLANTED);
    let limits = ReviewLimits {
        movetime: std::time::Duration::from_millis(200),
        nodes: None,
    };
    let reviewed = shogiban::computer::analysis::review_with(
        &start,
        &moves,
        limits,
        Some(&mut engine),
        |_, _| {},
    )
    .unwrap();
    let blunder = &reviewed.moves[3];
    assert_eq!(blunder.played_text, "8b7b");
    assert_eq!(blunder.judgement, Some(Judgement::Blunder), "{blunder:?}");
    assert_eq!(blunder.best_text.as_deref(), Some("3a2b"), "{blunder:?}");
    // The engine's nodes are counted: it did the searching.
    assert!(reviewed.nodes > 0);
}
