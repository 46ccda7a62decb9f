//! Whole-game records: KIF and CSA for standard shogi, and a plain record (variant, start
//! position, numbered moves, result) for every variant.

use thiserror::Error;

use super::game::{AnyPosition, EndReason, Game};
use super::geometry::Seat;
use super::kinds::STANDARD_KINDS;
use super::shogi::ShogiPosition;
use super::standard::{self, BLACK};
use super::Variant;

/// Why a record cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    #[error("{format} records are for standard shogi; use the plain record for {variant}")]
    WrongVariant {
        format: &'static str,
        variant: Variant,
    },
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

/// The game as a KIF file (UTF-8).
pub fn to_kif(game: &Game, names: &[String]) -> Result<String, RecordError> {
    let start = standard_start(game, "KIF")?;
    let mut out = String::from("# KIF\n");
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
        let word = match result.reason {
            EndReason::Resignation => "投了",
            EndReason::Checkmate | EndReason::NoLegalMove => "詰み",
            EndReason::Repetition | EndReason::PerpetualCheck => "千日手",
            EndReason::Declaration => "入玉勝ち",
            EndReason::MoveLimit => "持将棋",
            EndReason::Timeout => "切れ負け",
            EndReason::DrawAgreed => "引き分け",
            _ => "中断",
        };
        out.push_str(&format!("{:>4} {word}\n", n + 1));
        let winners = result.winners();
        if result.is_draw() || result.is_void() {
            out.push_str(&format!("まで{n}手で{word}\n"));
        } else if let Some(&w) = winners.first() {
            let side = if w == BLACK { "先手" } else { "後手" };
            out.push_str(&format!("まで{n}手で{side}の勝ち\n"));
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
    out
}

const CSA_CODES: [&str; 14] = [
    "OU", "HI", "KA", "KI", "GI", "KE", "KY", "FU", "RY", "UM", "NG", "NK", "NY", "TO",
];

/// The game as a CSA file (version 2.2).
pub fn to_csa(game: &Game, names: &[String]) -> Result<String, RecordError> {
    let start = standard_start(game, "CSA")?;
    let mut out = String::from("V2.2\n");
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
        let code = match result.reason {
            EndReason::Resignation => "%TORYO",
            EndReason::Checkmate | EndReason::NoLegalMove => "%TSUMI",
            EndReason::Repetition => "%SENNICHITE",
            EndReason::PerpetualCheck => "%OUTE_SENNICHITE",
            EndReason::Declaration => "%KACHI",
            EndReason::MoveLimit => "%MAX_MOVES",
            EndReason::Timeout => "%TIME_UP",
            EndReason::DrawAgreed => "%HIKIWAKE",
            _ => "%CHUDAN",
        };
        out.push_str(code);
        out.push('\n');
    }
    Ok(out)
}

/// A plain record for any variant: tags, then one numbered move per line.
pub fn to_text(game: &Game, names: &[String]) -> String {
    let variant = game.variant();
    let mut out = format!("[Variant \"{}\"]\n", variant.name());
    for seat in 0..variant.seats() {
        let seat_name = variant.seat_name(Seat(seat));
        out.push_str(&format!(
            "[{}{} \"{}\"]\n",
            seat_name[..1].to_uppercase(),
            &seat_name[1..],
            name(names, seat as usize, "?")
        ));
    }
    out.push_str(&format!(
        "[Start \"{}\"]\n",
        game.start_position().to_text()
    ));
    if let Some(result) = game.result() {
        let text = if result.is_void() {
            "void".to_string()
        } else if result.is_draw() {
            "draw".to_string()
        } else {
            let winners: Vec<&str> = result
                .winners()
                .into_iter()
                .map(|s| variant.seat_name(s))
                .collect();
            format!("{} won", winners.join(" and "))
        };
        out.push_str(&format!(
            "[Result \"{text} ({})\"]\n",
            result.reason.describe()
        ));
    }
    out.push_str(&format!("[Position \"{}\"]\n\n", game.position().to_text()));
    let first = game.start_position().ply() as usize;
    for (i, m) in game.history().iter().enumerate() {
        out.push_str(&format!(
            "{}. {} {} ({})\n",
            first + i + 1,
            variant.seat_name(m.seat),
            m.coordinate,
            m.western
        ));
    }
    out
}
