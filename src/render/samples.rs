//! Sample scenes of every variant: the image gallery, the render tests and the benchmarks
//! draw these. Standard shogi comes from engine positions; yonin and dai dai shogi, which
//! the engine does not play yet, are written out by hand.
//!
//! Hand-written boards are written as rows of whitespace-separated cells, top (rank a) to bottom as
//! Black/S sees them: `.` for an empty square, else the owner's letter (`b`/`w` for Black
//! and White; `s`, `w`, `n`, `e` for the yonin seats) and the label, with `+` after a
//! promoted piece.

use crate::engine::{standard, Game, RuleOptions, Seat, Variant};

use super::position::{position_scene, LastMove};
use super::scene::{BoardStyle, HandPiece, Mark, QuarterTurns, Scene, ScenePiece, Square};

/// Every label drawn on a piece of yonin shogi (until the engine has yonin's table).
pub const YONIN_LABELS: &[&str] = &["玉", "飛", "金", "銀", "歩", "龍", "全", "と"];

/// Dai dai shogi's kinds (rules/daidai.md): code, label, size class; the last four are
/// promoted forms only. Until the engine has dai dai's piece table, the samples and the
/// font tests read it from here.
#[rustfmt::skip]
pub const DAIDAI_KINDS: &[(&str, &str, u8)] = &[
    ("K", "玉将", 3), ("Q", "奔王", 2), ("RB", "行鳥", 2), ("Fr", "奔鬼", 2), ("FT", "奔獏", 2),
    ("WB", "水牛", 2), ("DK", "龍王", 2), ("DH", "龍馬", 2), ("Sq", "方行", 2), ("Ra", "走車", 2),
    ("R", "飛車", 2), ("B", "角行", 2), ("GB", "金翅", 2), ("GD", "大龍", 2), ("SB", "前旗", 2),
    ("FE", "香象", 2), ("WE", "白象", 2), ("Ln", "獅子", 3), ("LD", "狛犬", 3), ("Dv", "鳩槃", 1),
    ("SD", "夜叉", 1), ("BD", "青龍", 1), ("WT", "白虎", 1), ("RC", "右車", 1), ("LC", "左車", 1),
    ("Ph", "鳳凰", 1), ("Kr", "麒麟", 1), ("Po", "毒蛇", 1), ("OK", "古鵄", 1), ("VO", "猛牛", 1),
    ("FD", "飛龍", 1), ("EF", "変狐", 1), ("OR", "老鼠", 1), ("EB", "変狸", 1), ("FH", "馬麟", 1),
    ("PS", "踊鹿", 1), ("ST", "猛虎", 1), ("HM", "鉤行", 2), ("Lo", "天狗", 2), ("No", "北狄", 1),
    ("So", "南蛮", 1), ("Ea", "東夷", 1), ("We", "西戎", 1), ("NK", "近王", 1), ("BM", "盲猿", 0),
    ("FL", "猛豹", 0), ("EW", "悪狼", 0), ("VB", "猛熊", 0), ("RG", "右将", 1), ("LG", "左将", 1),
    ("G", "金将", 1), ("S", "銀将", 1), ("C", "銅将", 0), ("I", "鉄将", 0), ("W", "木将", 0),
    ("St", "石将", 0), ("AB", "嗔猪", 0), ("CS", "猫刄", 0), ("Rv", "反車", 0), ("L", "香車", 0),
    ("SM", "横行", 0), ("VM", "竪行", 0), ("HD", "𠵇犬", 0), ("P", "歩兵", 0), ("FF", "奮迅", 3),
    ("GE", "大象", 3), ("MW", "山母", 1), ("WS", "仙鶴", 2),
];

/// White's king in dai dai shogi.
pub const DAIDAI_WHITE_KING: &str = "王将";

/// The size class of a standard or yonin label, by the piece's rank.
fn small_board_class(label: &str) -> u8 {
    match label {
        "玉" | "王" => 3,
        "飛" | "角" | "龍" | "馬" => 2,
        "金" | "銀" | "全" => 1,
        _ => 0,
    }
}

fn daidai_class(label: &str) -> u8 {
    if label == DAIDAI_WHITE_KING {
        return 3;
    }
    DAIDAI_KINDS
        .iter()
        .find(|(_, l, _)| *l == label)
        .map_or(0, |&(_, _, class)| class)
}

fn daidai_label(code: &str) -> &'static str {
    DAIDAI_KINDS
        .iter()
        .find(|(c, _, _)| *c == code)
        .map_or("?", |&(_, label, _)| label)
}

/// Fills `scene`'s board from rows of cells (see the module doc). Panics on a malformed
/// sample, which is a bug in this file.
fn set_board(scene: &mut Scene, rows: &[&str]) {
    let seats = match scene.style {
        BoardStyle::Yonin => "swne",
        _ => "bw",
    };
    assert_eq!(rows.len(), scene.size(), "one row per rank");
    for (row, line) in rows.iter().enumerate() {
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cells.len(), scene.size(), "row {row}: one cell per file");
        for (col, cell) in cells.into_iter().enumerate() {
            let square = Square::new(col as u8, row as u8);
            if cell == "." {
                scene.set_piece(square, None);
                continue;
            }
            let mut chars = cell.chars();
            let seat_char = chars.next().expect("non-empty cell");
            let owner = seats.find(seat_char).expect("known seat letter");
            let rest: String = chars.collect();
            let (label, promoted) = match rest.strip_suffix('+') {
                Some(label) => (label.to_string(), true),
                None => (rest, false),
            };
            let class = match scene.style {
                BoardStyle::DaiDai => daidai_class(&label),
                _ => small_board_class(&label),
            };
            let facing = scene.players[owner].edge;
            let mut piece = ScenePiece::new(&label, owner, facing, class);
            piece.promoted = promoted;
            scene.set_piece(square, Some(piece));
        }
    }
}

fn sq(size: usize, text: &str) -> Square {
    Square::parse(size, text).expect("sample square")
}

fn hand(pieces: &[(&str, u8)]) -> Vec<HandPiece> {
    pieces
        .iter()
        .map(|&(label, count)| HandPiece::new(label, count, small_board_class(label)))
        .collect()
}

/// A standard shogi position from its SFEN, with `moves` (USI) played from it, drawn
/// from `seat` with the last move marked.
fn standard_game(sfen: &str, moves: &[&str], seat: Seat) -> Scene {
    let variant = Variant::Standard;
    let mut game = Game::from_position(variant, RuleOptions::defaults(variant), sfen)
        .expect("sample position");
    let mut last = None;
    for text in moves {
        let before = game.position().clone();
        let m = game.parse_move(text).expect("sample move");
        game.play(&m).expect("sample move is legal");
        last = Some(LastMove::new(&before, &m));
    }
    let mut scene = position_scene(game.position(), seat, last.as_ref());
    scene.players[0].name = "Sakura さくら".to_string();
    scene.players[1].name = "Tomás".to_string();
    scene
}

/// Standard shogi, the start position, Black to move.
pub fn standard_start() -> Scene {
    let mut scene = standard_game(standard::START_SFEN, &[], Seat(0));
    scene.caption = Some("Move 1".to_string());
    scene
}

/// Standard shogi in the middle game: Black has just dropped a gold on 3c, checking
/// White's king; a horse and a tokin on the board, pieces in both hands.
pub fn standard_midgame() -> Scene {
    let before = "ln5nl/1r3g1k1/p1sppg1pp/2p2p3/3P+B4/2P3P2/1PS1PP1+pP/1KG4R1/LN6L b GSN2Pbsp 47";
    let mut scene = standard_game(before, &["G*3c"], Seat(0));
    scene.caption = Some("Move 47: G*3c".to_string());
    scene
}

/// Yonin shogi in the middle game: N is out (king flipped on 5a, pieces powerless, hand
/// frozen); S's dragon has just taken E's pawn on 3e and checks E's king.
pub fn yonin_midgame() -> Scene {
    let mut scene = Scene::new(BoardStyle::Yonin);
    set_board(
        &mut scene,
        &[
            ". . n銀 n金 n玉 . . . .",
            ". . . n歩 . n歩 . . .",
            "w銀 . . . . . . . e銀",
            "w金 w歩 . . . . . e歩 e金",
            "w玉 w飛 . . . . s龍+ . e玉",
            "w金 w歩 . . . . . e歩 e金",
            "w銀 . . . s歩 . . e飛 e銀",
            ". . . s歩 . s歩 . . .",
            ". . s銀 s金 s玉 s金 s銀 . .",
        ],
    );
    let names = ["Mika", "Oliver", "José", "Дмитрий"];
    for (player, name) in scene.players.iter_mut().zip(names) {
        player.name = name.to_string();
    }
    scene.players[0].hand = hand(&[("飛", 1), ("歩", 2)]);
    scene.players[1].hand = hand(&[("金", 1)]);
    scene.players[2].hand = hand(&[("歩", 1)]);
    scene.players[3].hand = hand(&[("銀", 1)]);
    // N is out: king face down, everything else powerless.
    scene.players[2].eliminated = true;
    let n_pieces: Vec<Square> = scene
        .pieces()
        .filter(|(_, p)| p.owner == 2)
        .map(|(s, _)| s)
        .collect();
    for square in n_pieces {
        if let Some(mut piece) = scene.piece(square).cloned() {
            piece.powerless = true;
            piece.face_down = piece.label == "玉";
            scene.set_piece(square, Some(piece));
        }
    }
    scene.mark_move(Some(sq(9, "3b")), &[], &[], sq(9, "3e"));
    scene.checked = vec![sq(9, "1e")];
    scene.players[3].in_check = true;
    scene.to_move = Some(3);
    scene.caption = Some("Move 58: S 3b3e, check on E; N is out".to_string());
    scene
}

/// Dai dai shogi's setup (rules/daidai.md), White's camp as written there; Black's is its
/// half-turn.
const DAIDAI_WHITE_CAMP: [&str; 7] = [
    "L HM Dv R Sq DK FT RG K LG Q Fr DH Ra SD Lo L",
    "Rv Po LD BM FD RB Kr G NK G Ph CS PS OR Ln OK Rv",
    ". B . EB . FH . S GD S . WB . EF . VM .",
    "WT WE So Ea W St I C GB C I St W We No FE BD",
    "RC SM VO AB EW VB FL ST SB ST FL VB EW AB VO SM LC",
    "P P P P P P P P P P P P P P P P P",
    ". . . . . HD . . . . . HD . . . . .",
];

/// Dai dai shogi, the start position, Black to move.
pub fn daidai_start() -> Scene {
    let mut scene = Scene::new(BoardStyle::DaiDai);
    let n = scene.size();
    for (row, line) in DAIDAI_WHITE_CAMP.iter().enumerate() {
        for (col, code) in line.split_whitespace().enumerate() {
            if code == "." {
                continue;
            }
            for (owner, col, row) in [(1, col, row), (0, n - 1 - col, n - 1 - row)] {
                let label = if code == "K" && owner == 1 {
                    DAIDAI_WHITE_KING
                } else {
                    daidai_label(code)
                };
                let facing = scene.players[owner].edge;
                let piece = ScenePiece::new(label, owner, facing, daidai_class(label));
                scene.set_piece(Square::new(col as u8, row as u8), Some(piece));
            }
        }
    }
    scene.players[0].name = "Hiro".to_string();
    scene.players[1].name = "Anna".to_string();
    scene.caption = Some("Move 1".to_string());
    scene
}

/// Moves the piece on `from` (which must be `expected`) to `to`, capturing whatever is
/// there, promoting it to `promote_to` if given.
fn shift(scene: &mut Scene, from: &str, to: &str, expected: &str, promote_to: Option<&str>) {
    let n = scene.size();
    let mut piece = scene
        .piece(sq(n, from))
        .cloned()
        .expect("sample move from a piece");
    assert_eq!(piece.label, expected, "sample move from {from}");
    if let Some(label) = promote_to {
        piece.label = label.to_string();
        piece.size_class = daidai_class(label);
        piece.promoted = true;
    }
    scene.set_piece(sq(n, from), None);
    scene.set_piece(sq(n, to), Some(piece));
}

/// Dai dai shogi in the middle game: Black's lion has just taken a pawn on 8i and a savage
/// tiger on 8h in one move, and promoted to a furious fiend; other pieces have promoted by
/// capturing too.
pub fn daidai_midgame() -> Scene {
    let mut scene = daidai_start();
    let n = scene.size();
    let pawn = "歩兵";
    for (from, to) in [
        ("9l", "9j"),
        ("8l", "8k"),
        ("10l", "10k"),
        ("7l", "7j"),
        ("14l", "14k"),
        ("9f", "9h"),
        ("8f", "8i"),
        ("10f", "10g"),
        ("7f", "7h"),
        ("15f", "15g"),
    ] {
        shift(&mut scene, from, to, pawn, None);
    }
    // The howling dogs on file 12 have met (it does not promote).
    shift(&mut scene, "12k", "12g", "𠵇犬", None);
    shift(&mut scene, "12l", "12k", pawn, None);
    // Promotions by capture: White's flying dragon (a dragon king now) and kirin (a great
    // dragon), Black's rushing bird (a free demon).
    shift(&mut scene, "13b", "14k", "飛龍", Some("龍王"));
    shift(&mut scene, "11b", "10k", "麒麟", Some("大龍"));
    shift(&mut scene, "6p", "5j", "行鳥", Some("奔鬼"));
    shift(&mut scene, "8e", "8h", "猛虎", None);
    shift(&mut scene, "15p", "8j", "獅子", None);
    // The last move: the lion steps 8j to 8i taking the pawn, then to 8h taking the tiger.
    shift(&mut scene, "8j", "8h", "獅子", Some("奮迅"));
    scene.set_piece(sq(n, "8i"), None);
    scene.mark_move(
        Some(sq(n, "8j")),
        &[sq(n, "8i")],
        &[sq(n, "8i")],
        sq(n, "8h"),
    );
    scene.to_move = Some(1);
    scene.caption = Some("Move 31: Lnx8ix8h+".to_string());
    scene
}

/// The same scene drawn from another seat.
pub fn seen_from(mut scene: Scene, view: QuarterTurns) -> Scene {
    scene.view = view;
    scene
}

/// The gallery (`cargo run --example gallery` writes it to `docs/`): a file stem and a
/// scene for each sample image.
pub fn gallery() -> Vec<(&'static str, Scene)> {
    vec![
        ("standard-start", standard_start()),
        ("standard-midgame", standard_midgame()),
        (
            "standard-midgame-white",
            seen_from(standard_midgame(), QuarterTurns::NORTH),
        ),
        ("yonin-midgame-s", yonin_midgame()),
        (
            "yonin-midgame-w",
            seen_from(yonin_midgame(), QuarterTurns::WEST),
        ),
        ("daidai-start", daidai_start()),
        ("daidai-midgame", daidai_midgame()),
    ]
}

/// The marks of a scene's last move, for tests.
pub fn marks(scene: &Scene, mark: Mark) -> Vec<Square> {
    scene
        .highlights
        .iter()
        .filter(|h| h.mark == mark)
        .map(|h| h.square)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_hold_whole_sets() {
        assert_eq!(standard_start().pieces().count(), 40);
        assert_eq!(daidai_start().pieces().count(), 192);
        // Yonin: 36 pieces, minus those in hands (飛 歩 歩, 金, 歩, 銀).
        assert_eq!(yonin_midgame().pieces().count(), 36 - 6);
        let counted: u8 = standard_midgame()
            .players
            .iter()
            .flat_map(|p| p.hand.iter().map(|h| h.count))
            .sum();
        assert_eq!(
            standard_midgame().pieces().count() + usize::from(counted),
            40
        );
    }

    #[test]
    fn daidai_setup_matches_the_rules() {
        let scene = daidai_start();
        let label = |s: &str| scene.piece(sq(17, s)).map(|p| (p.label.as_str(), p.owner));
        assert_eq!(label("9a"), Some(("王将", 1)));
        assert_eq!(label("9q"), Some(("玉将", 0)));
        assert_eq!(label("12g"), Some(("𠵇犬", 1)));
        assert_eq!(label("12k"), Some(("𠵇犬", 0)));
        assert_eq!(label("3b"), Some(("獅子", 1)));
        assert_eq!(label("15p"), Some(("獅子", 0)));
        // Black's back rank, files 17 to 1, as the rules list it.
        let back: Vec<&str> = (0..17)
            .map(|c| {
                scene
                    .piece(Square::new(c, 16))
                    .map_or("", |p| p.label.as_str())
            })
            .collect();
        let expected: Vec<&str> = "L Lo SD Ra DH Fr Q LG K RG FT DK Sq R Dv HM L"
            .split(' ')
            .map(daidai_label)
            .collect();
        assert_eq!(back, expected);
    }
}
