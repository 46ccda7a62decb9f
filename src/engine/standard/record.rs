//! Standard shogi's records: KIF and CSA, written and read (whole games, and the move
//! forms a game keeps for them).

use thiserror::Error;

use super::{self as standard, BLACK};
use crate::engine::game::Game;
use crate::engine::geometry::Seat;
use crate::engine::kinds::STANDARD_KINDS;
use crate::engine::moves::Move;
use crate::engine::notation::CSA_CODES;
use crate::engine::outcome::EndReason;
use crate::engine::position::Position;
use crate::engine::rules::RuleOptions;
use crate::engine::shogi::ShogiPosition;
use crate::engine::variant::AnyPosition;
use crate::engine::Variant;

/// Why a record cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    #[error("{format} records are for standard shogi; use the plain record for {variant}")]
    WrongVariant {
        format: &'static str,
        variant: Variant,
    },
    /// A KIF file that cannot be read; `line` counts from 1.
    #[error("line {line} of the KIF record: {reason}")]
    Kif { line: usize, reason: String },
}

const KIF_RANKS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
const KIF_COUNT: [&str; 19] = [
    "", "", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二", "十三", "十四",
    "十五", "十六", "十七", "十八",
];

/// The start position of a standard game, or the error for other variants.
#[allow(irrefutable_let_patterns)]
fn standard_start<'a>(
    game: &'a Game,
    format: &'static str,
) -> Result<&'a ShogiPosition, RecordError> {
    match (game.variant(), game.start_position()) {
        (Variant::Standard, AnyPosition::Shogi(start)) => Ok(start),
        (variant, _) => Err(RecordError::WrongVariant { format, variant }),
    }
}

fn name<'a>(names: &'a [String], seat: usize, fallback: &'a str) -> &'a str {
    names.get(seat).map_or(fallback, String::as_str)
}

/// The character encoding a KIF file declares on its first line. Japanese programs read
/// `.kif` files as Shift_JIS (CP932) and `.kifu` files as UTF-8; the file must then be
/// written in the encoding it declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KifEncoding {
    /// For `.kif` files.
    ShiftJis,
    /// For `.kifu` files.
    Utf8,
}

impl KifEncoding {
    /// The name the first line declares.
    pub fn name(self) -> &'static str {
        match self {
            KifEncoding::ShiftJis => "Shift_JIS",
            KifEncoding::Utf8 => "UTF-8",
        }
    }
}

/// The game as a KIF file declaring UTF-8 (a `.kifu` file).
pub fn to_kif(game: &Game, names: &[String]) -> Result<String, RecordError> {
    to_kif_declaring(game, names, KifEncoding::Utf8)
}

/// The game as a KIF file whose first line declares `encoding`, as Kifu for Windows and
/// Japanese sites write it (`#KIF version=2.0 encoding=Shift_JIS`). The text is the same
/// either way: whoever writes the file encodes it as declared.
pub fn to_kif_declaring(
    game: &Game,
    names: &[String],
    encoding: KifEncoding,
) -> Result<String, RecordError> {
    let start = standard_start(game, "KIF")?;
    let mut out = format!("#KIF version=2.0 encoding={}\n", encoding.name());
    if standard::to_sfen(start) == standard::START_SFEN {
        out.push_str("手合割：平手\n");
    } else {
        out.push_str(&kif_board(start));
    }
    out.push_str(&format!("先手：{}\n", name(names, 0, "先手")));
    out.push_str(&format!("後手：{}\n", name(names, 1, "後手")));
    out.push_str("手数----指手---------消費時間--\n");
    let first = start.ply() as usize;
    for (i, m) in game.history().iter().enumerate() {
        out.push_str(&format!("{:>4} {}\n", first + i + 1, m.kif));
    }
    let n = first + game.history().len();
    if let Some(result) = game.result() {
        let side = |seat: Seat| if seat == BLACK { "先手" } else { "後手" };
        let word = match result.reason {
            EndReason::Resignation => Some("投了"),
            EndReason::Checkmate => Some("詰み"),
            // Japanese records have no word for a player left without a legal move while
            // not in check (it is not a mate): say it in a comment, then the winner line.
            EndReason::NoLegalMove => {
                let loser = side(game.position().turn());
                out.push_str(&format!("*{loser}に指せる手がないため{loser}の負け\n"));
                None
            }
            EndReason::Repetition | EndReason::PerpetualCheck => Some("千日手"),
            EndReason::Declaration => Some("入玉勝ち"),
            EndReason::MoveLimit => Some("持将棋"),
            EndReason::Timeout => Some("切れ負け"),
            EndReason::DrawAgreed => Some("引き分け"),
            _ => Some("中断"),
        };
        if let Some(word) = word {
            out.push_str(&format!("{:>4} {word}\n", n + 1));
        }
        let winners = result.winners();
        if result.is_draw() || result.is_void() {
            out.push_str(&format!("まで{n}手で{}\n", word.unwrap_or("中断")));
        } else if let Some(&w) = winners.first() {
            out.push_str(&format!("まで{n}手で{}の勝ち\n", side(w)));
        }
    }
    Ok(out)
}

/// A board diagram (BOD) for KIF files that do not start from the usual position.
fn kif_board(pos: &ShogiPosition) -> String {
    let g = pos.geometry();
    let hand = |seat: Seat| {
        let items: Vec<String> = pos
            .hand(seat)
            .map(|(k, n)| {
                format!(
                    "{}{}",
                    STANDARD_KINDS[k as usize].kif,
                    KIF_COUNT[n.min(18) as usize]
                )
            })
            .collect();
        if items.is_empty() {
            "なし".to_string()
        } else {
            items.join("　")
        }
    };
    let mut out = format!("後手の持駒：{}\n", hand(standard::WHITE));
    out.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
    for row in 0..9 {
        out.push('|');
        for col in 0..9 {
            match pos.piece_at(g.square(col, row)) {
                None => out.push_str(" ・"),
                Some(p) => {
                    out.push(if p.owner() == BLACK { ' ' } else { 'v' });
                    out.push_str(STANDARD_KINDS[p.kind() as usize].kanji);
                }
            }
        }
        out.push_str(&format!("|{}\n", KIF_RANKS[row as usize]));
    }
    out.push_str("+---------------------------+\n");
    out.push_str(&format!("先手の持駒：{}\n", hand(BLACK)));
    if pos.turn() != BLACK {
        out.push_str("後手番\n");
    }
    // Moves played before the diagram, so move numbers and the move limit carry on.
    if pos.ply() > 0 {
        out.push_str(&format!("手数＝{}\n", pos.ply()));
    }
    out
}

/// CSA move text: `+7776FU`, `-0055KA` (the piece as it stands after the move).
pub(crate) fn csa_move(pos: &ShogiPosition, m: &Move) -> String {
    let g = pos.geometry();
    let sign = if pos.turn() == standard::BLACK {
        '+'
    } else {
        '-'
    };
    let (from, kind) = match m.drop {
        Some(kind) => ("00".to_string(), kind),
        None => {
            let piece = pos.piece_at(m.from).expect("a move starts on a piece");
            let def = pos.kind(piece.kind());
            let kind = match (m.promote, def.promotes_to) {
                (true, Some(k)) => k,
                _ => piece.kind(),
            };
            (format!("{}{}", g.file(m.from), g.rank(m.from)), kind)
        }
    };
    format!(
        "{sign}{from}{}{}{}",
        g.file(m.to),
        g.rank(m.to),
        CSA_CODES[kind as usize]
    )
}

/// The game as a CSA file (version 3.0, UTF-8: %MAX_MOVES is a code of that version).
pub fn to_csa(game: &Game, names: &[String]) -> Result<String, RecordError> {
    let start = standard_start(game, "CSA")?;
    let mut out = String::from("'CSA encoding=UTF-8\nV3.0\n");
    out.push_str(&format!(
        "N+{}\nN-{}\n",
        name(names, 0, ""),
        name(names, 1, "")
    ));
    if standard::to_sfen(start) == standard::START_SFEN {
        out.push_str("PI\n+\n");
    } else {
        let g = start.geometry();
        for row in 0..9 {
            out.push_str(&format!("P{}", row + 1));
            for col in 0..9 {
                match start.piece_at(g.square(col, row)) {
                    None => out.push_str(" * "),
                    Some(p) => {
                        out.push(if p.owner() == BLACK { '+' } else { '-' });
                        out.push_str(CSA_CODES[p.kind() as usize]);
                    }
                }
            }
            out.push('\n');
        }
        for (seat, sign) in [(BLACK, '+'), (standard::WHITE, '-')] {
            let pieces: String = start
                .hand(seat)
                .flat_map(|(k, n)| (0..n).map(move |_| format!("00{}", CSA_CODES[k as usize])))
                .collect();
            if !pieces.is_empty() {
                out.push_str(&format!("P{sign}{pieces}\n"));
            }
        }
        out.push_str(if start.turn() == BLACK { "+\n" } else { "-\n" });
    }
    for m in game.history() {
        out.push_str(&m.csa);
        out.push('\n');
    }
    if let Some(result) = game.result() {
        // The side to move when the game ended, as CSA names it.
        let mover = if game.position().turn() == BLACK {
            '+'
        } else {
            '-'
        };
        let code = match result.reason {
            EndReason::Resignation => "%TORYO".to_string(),
            EndReason::Checkmate => "%TSUMI".to_string(),
            // CSA has no code for a player left without a legal move while not in check,
            // which is not a mate: say it in a comment and name the winner.
            EndReason::NoLegalMove => {
                let winner = if mover == '+' { '-' } else { '+' };
                format!("'no legal move for {mover} (not in check): {winner} wins")
            }
            EndReason::Repetition => "%SENNICHITE".to_string(),
            // Perpetual check is a foul by the side that kept checking, who has just been
            // left to move after the fourth repetition.
            EndReason::PerpetualCheck => {
                let checker = if mover == '+' { '-' } else { '+' };
                format!("'perpetual check by {checker}\n%{checker}ILLEGAL_ACTION")
            }
            EndReason::Declaration => "%KACHI".to_string(),
            EndReason::MoveLimit => "%MAX_MOVES".to_string(),
            EndReason::Timeout => "%TIME_UP".to_string(),
            EndReason::DrawAgreed => "%HIKIWAKE".to_string(),
            _ => "%CHUDAN".to_string(),
        };
        out.push_str(&code);
        out.push('\n');
    }
    Ok(out)
}

/// Reads a KIF file of standard shogi (what [`to_kif`] writes, and what Japanese sites and
/// programs write: the usual start or a board diagram, numbered moves with their origin
/// `７六歩(77)`, `同　銀(33)`, and the ending word) into a game played through the engine, so
/// every move is checked and the result is the one the rules give.
pub fn from_kif(text: &str) -> Result<Game, RecordError> {
    let lines: Vec<&str> = text.lines().collect();
    let fail = |line: usize, reason: String| RecordError::Kif { line, reason };
    let mut diagram: Vec<(usize, &str)> = Vec::new();
    let mut hands = [String::new(), String::new()];
    let mut white_to_move = false;
    let mut played_before: u32 = 0;
    let mut first_move = lines.len();
    for (i, line) in lines.iter().enumerate() {
        let line = line.trim_end();
        if let Some(rest) = line
            .strip_prefix("先手の持駒：")
            .or(line.strip_prefix("下手の持駒："))
        {
            hands[0] = rest.to_string();
        } else if let Some(rest) = line
            .strip_prefix("後手の持駒：")
            .or(line.strip_prefix("上手の持駒："))
        {
            hands[1] = rest.to_string();
        } else if line.starts_with('|') {
            diagram.push((i + 1, line));
        } else if line.starts_with("後手番") || line.starts_with("上手番") {
            white_to_move = true;
        } else if let Some(count) = line.strip_prefix("手数＝") {
            let digits: String = count.chars().take_while(char::is_ascii_digit).collect();
            played_before = digits
                .parse()
                .map_err(|_| fail(i + 1, format!("'{line}' gives no move count")))?;
        } else if line.starts_with("手数") {
            first_move = i + 1;
            break;
        } else if let Some(handicap) = line.strip_prefix("手合割：") {
            if handicap.trim() != "平手" && diagram.is_empty() {
                return Err(fail(
                    i + 1,
                    format!("handicap '{handicap}' needs a board diagram"),
                ));
            }
        }
    }
    let options = RuleOptions::defaults(Variant::Standard);
    let mut game = if diagram.is_empty() {
        Game::new(Variant::Standard, options)
    } else {
        let sfen = diagram_sfen(&diagram, &hands, white_to_move, played_before + 1)?;
        Game::from_position(Variant::Standard, options, &sfen).map_err(|e| {
            fail(
                diagram[0].0,
                format!("the board diagram is not a position: {e}"),
            )
        })?
    };
    for (i, line) in lines.iter().enumerate().skip(first_move) {
        let number = i + 1;
        let line = line.trim();
        if line.is_empty()
            || line.starts_with('*')
            || line.starts_with('#')
            || line.starts_with('&')
        {
            continue;
        }
        if line.starts_with("まで") || line.starts_with("変化：") {
            break;
        }
        let Some((count, rest)) = line.split_once(|c: char| c.is_ascii_whitespace()) else {
            return Err(fail(number, format!("'{line}' is not a numbered move")));
        };
        if count.parse::<u32>().is_err() {
            return Err(fail(number, format!("'{line}' is not a numbered move")));
        }
        // The move ends at the first ASCII space; what follows is the time used.
        let text = rest.trim_start().split(' ').next().unwrap_or_default();
        let seat = game.position().turn();
        let ended = match text {
            "投了" => game.resign(seat).map(|_| ()),
            "切れ負け" | "時間切れ" => game.timeout(seat).map(|_| ()),
            "入玉勝ち" => game.declare(seat).map(|_| ()),
            "引き分け" => game.agree_draw().map(|_| ()),
            "中断" => game.abort().map(|_| ()),
            "詰み" | "千日手" | "持将棋" => {
                if game.is_over() {
                    Ok(())
                } else {
                    return Err(fail(
                        number,
                        format!("the record says {text}, but the game is not over there"),
                    ));
                }
            }
            _ => {
                let m = game
                    .parse_move(text)
                    .map_err(|e| fail(number, format!("'{text}': {e}")))?;
                game.play(&m).map(|_| ())
            }
        };
        ended.map_err(|e| fail(number, format!("'{text}': {e}")))?;
    }
    Ok(game)
}

/// The SFEN of a KIF board diagram (BOD): nine `|...|` rows of ` ・`, ` 歩` or `v歩`.
fn diagram_sfen(
    rows: &[(usize, &str)],
    hands: &[String; 2],
    white_to_move: bool,
    move_number: u32,
) -> Result<String, RecordError> {
    if rows.len() != 9 {
        return Err(RecordError::Kif {
            line: rows[0].0,
            reason: format!("a board diagram has 9 rows, this one {}", rows.len()),
        });
    }
    let mut board = Vec::new();
    for &(line, row) in rows {
        let cells: Vec<char> = row.trim_start_matches('|').chars().collect();
        let mut text = String::new();
        let mut empty = 0;
        for col in 0..9 {
            let (mark, piece) = match (cells.get(col * 2), cells.get(col * 2 + 1)) {
                (Some(&m), Some(&p)) => (m, p),
                _ => {
                    return Err(RecordError::Kif {
                        line,
                        reason: "a board row has fewer than 9 squares".into(),
                    })
                }
            };
            if piece == '・' {
                empty += 1;
                continue;
            }
            let kind = kind_by_kanji(piece).ok_or_else(|| RecordError::Kif {
                line,
                reason: format!("'{piece}' is not a piece"),
            })?;
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            let code = STANDARD_KINDS[kind as usize].code;
            text.push_str(&if mark == 'v' {
                code.to_ascii_lowercase()
            } else {
                code.to_string()
            });
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        board.push(text);
    }
    let mut hand = String::new();
    for (seat, items) in hands.iter().enumerate() {
        for item in items
            .split([' ', '　'])
            .filter(|s| !s.is_empty() && *s != "なし")
        {
            let mut chars = item.chars();
            let piece = chars.next().unwrap_or('?');
            let kind = kind_by_kanji(piece).ok_or_else(|| RecordError::Kif {
                line: rows[0].0,
                reason: format!("'{item}' in a hand is not a piece"),
            })?;
            let count_text: String = chars.collect();
            let count = if count_text.is_empty() {
                1
            } else {
                KIF_COUNT
                    .iter()
                    .position(|&c| c == count_text)
                    .ok_or_else(|| RecordError::Kif {
                        line: rows[0].0,
                        reason: format!("'{item}' in a hand has no count"),
                    })?
            };
            let code = STANDARD_KINDS[kind as usize].code;
            if count > 1 {
                hand.push_str(&count.to_string());
            }
            hand.push_str(&if seat == 1 {
                code.to_ascii_lowercase()
            } else {
                code.to_string()
            });
        }
    }
    if hand.is_empty() {
        hand.push('-');
    }
    let side = if white_to_move { 'w' } else { 'b' };
    Ok(format!("{} {side} {hand} {move_number}", board.join("/")))
}

/// A standard kind from one kanji as boards and hands write it (玉 and 王, 竜 and 龍).
fn kind_by_kanji(c: char) -> Option<u8> {
    let mut buf = [0u8; 4];
    let text: &str = c.encode_utf8(&mut buf);
    let text = match text {
        "王" => "玉",
        "龍" => "竜",
        other => other,
    };
    STANDARD_KINDS
        .iter()
        .position(|k| k.kanji == text || k.kif == text || k.kanji_alt == Some(text))
        .map(|k| k as u8)
}
