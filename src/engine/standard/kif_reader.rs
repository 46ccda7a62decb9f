//! Standard shogi's KIF files read back into a game, which plays every move. Above the
//! game ([`crate::engine::game`]), unlike the writing of KIF and CSA records
//! ([`super::record`]), which reads the game's state below it.

use super::record::{RecordError, KIF_COUNT};
use crate::engine::game::Game;
use crate::engine::kinds::STANDARD_KINDS;
use crate::engine::options::RuleOptions;
use crate::engine::position::Position;
use crate::engine::Variant;

/// Reads a KIF file of standard shogi (what [`crate::engine::record::to_kif`] writes, and what Japanese sites and
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
