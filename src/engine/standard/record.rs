//! Standard shogi's records: KIF and CSA written from a game's state (whole games, and the
//! move forms a game keeps for them), and the errors of writing and reading them. KIF
//! files are read back into a game in [`super::kif_reader`], above the game.

use thiserror::Error;

use super::{self as standard, BLACK};
use crate::engine::geometry::Seat;
use crate::engine::kinds::STANDARD_KINDS;
use crate::engine::moves::Move;
use crate::engine::notation::CSA_CODES;
use crate::engine::outcome::EndReason;
use crate::engine::position::Position;
use crate::engine::shogi::ShogiPosition;
use crate::engine::state::GameState;
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
pub(super) const KIF_COUNT: [&str; 19] = [
    "", "", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二", "十三", "十四",
    "十五", "十六", "十七", "十八",
];

/// The start position of a standard game, or the error for other variants.
#[allow(irrefutable_let_patterns)]
fn standard_start<'a>(
    game: &'a GameState,
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
pub(crate) fn to_kif(game: &GameState, names: &[String]) -> Result<String, RecordError> {
    to_kif_declaring(game, names, KifEncoding::Utf8)
}

/// The game as a KIF file whose first line declares `encoding`, as Kifu for Windows and
/// Japanese sites write it (`#KIF version=2.0 encoding=Shift_JIS`). The text is the same
/// either way: whoever writes the file encodes it as declared.
pub(crate) fn to_kif_declaring(
    game: &GameState,
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
pub(crate) fn to_csa(game: &GameState, names: &[String]) -> Result<String, RecordError> {
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
