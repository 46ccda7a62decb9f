//! The position text (format in the module doc of `daidai`): reading with validation,
//! and writing.

use super::*;
use crate::engine::error::PositionError;
use crate::engine::Variant;

/// The start position in position text.
pub const START_TEXT: &str = "l,hm,dv,r,sq,dk,ft,rg,k,lg,q,fr,dh,ra,sd,lo,l/\
rv,po,ld,bm,fd,rb,kr,g,nk,g,ph,cs,ps,or,ln,ok,rv/\
1,b,1,eb,1,fh,1,s,gd,s,1,wb,1,ef,1,vm,1/\
wt,we,so,ea,w,sg,i,c,gb,c,i,sg,w,wbr,no,fe,bd/\
rc,sm,vo,ab,ew,vb,fl,st,sb,st,fl,vb,ew,ab,vo,sm,lc/\
p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p/\
5,hd,5,hd,5/17/17/17/\
5,HD,5,HD,5/\
P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P/\
LC,SM,VO,AB,EW,VB,FL,ST,SB,ST,FL,VB,EW,AB,VO,SM,RC/\
BD,FE,NO,WBR,W,SG,I,C,GB,C,I,SG,W,EA,SO,WE,WT/\
1,VM,1,EF,1,WB,1,S,GD,S,1,FH,1,EB,1,B,1/\
RV,OK,LN,OR,PS,CS,PH,G,NK,G,KR,RB,FD,BM,LD,PO,RV/\
L,LO,SD,RA,DH,FR,Q,LG,K,RG,FT,DK,SQ,R,DV,HM,L b - 1";

/// Reads a position under the default rules.
pub fn from_text(text: &str) -> Result<DaiDaiPosition, PositionError> {
    from_text_with(text, Rules::default())
}

/// Reads a position under the given rule readings.
pub fn from_text_with(text: &str, rules: Rules) -> Result<DaiDaiPosition, PositionError> {
    let mut fields = text.split_whitespace();
    let board = fields.next().ok_or(PositionError::Empty)?;
    let side = fields
        .next()
        .ok_or_else(|| PositionError::SideToMove(String::new()))?;
    let mut next = fields.next();
    if next == Some("-") {
        next = fields.next();
    }
    let number = match next {
        None => None,
        Some(n) if n.bytes().all(|b| b.is_ascii_digit()) => Some(n),
        Some(other) => return Err(PositionError::NoHands(other.into())),
    };
    if let Some(extra) = fields.next() {
        return Err(PositionError::TrailingText(extra.into()));
    }
    let mut pos = DaiDaiPosition::empty(rules);
    let kinds = &pos.data.kinds;
    let size = GEOMETRY.size() as usize;
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != size {
        return Err(PositionError::RankCount {
            expected: size,
            found: ranks.len(),
        });
    }
    for (row, rank) in ranks.iter().enumerate() {
        let mut col = 0usize;
        for item in rank.split(',') {
            if item.is_empty() {
                return Err(PositionError::EmptyItem(row + 1));
            }
            if item.bytes().all(|b| b.is_ascii_digit()) {
                let run: usize = item
                    .parse()
                    .ok()
                    .filter(|n| (1..=size).contains(n))
                    .ok_or_else(|| PositionError::BadRun {
                        item: item.into(),
                        max: size,
                    })?;
                col += run;
            } else {
                if col >= size {
                    return Err(PositionError::RankWidth {
                        rank: row + 1,
                        expected: size,
                        found: col + 1,
                    });
                }
                let piece = read_piece(item, kinds)?;
                pos.set_piece(GEOMETRY.square(col as u8, row as u8), Some(piece));
                col += 1;
            }
            if col > size {
                return Err(PositionError::RankWidth {
                    rank: row + 1,
                    expected: size,
                    found: col,
                });
            }
        }
        if col != size {
            return Err(PositionError::RankWidth {
                rank: row + 1,
                expected: size,
                found: col,
            });
        }
    }
    match side {
        "b" => pos.set_turn(BLACK),
        "w" => pos.set_turn(WHITE),
        other => return Err(PositionError::SideToMove(other.into())),
    }
    if let Some(n) = number {
        let n: u32 = n
            .parse()
            .ok()
            .filter(|&n| (1..=1_000_000).contains(&n))
            .ok_or_else(|| PositionError::MoveNumber(n.into()))?;
        pos.set_ply(n - 1);
    }
    validate(&pos)?;
    Ok(pos)
}

/// One piece item: `[+]CODE`, upper case for Black and lower case for White.
fn read_piece(item: &str, kinds: &[KindDef]) -> Result<Piece, PositionError> {
    let unknown = || PositionError::UnknownPiece(item.into());
    let (plus, code) = match item.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, item),
    };
    if code.is_empty() || !code.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Err(unknown());
    }
    let owner = if code.bytes().all(|b| b.is_ascii_uppercase()) {
        BLACK
    } else if code.bytes().all(|b| b.is_ascii_lowercase()) {
        WHITE
    } else {
        return Err(PositionError::MixedCase(item.into()));
    };
    let kind = (0..KIND_COUNT as KindId)
        .find(|&k| text_code(k).eq_ignore_ascii_case(code))
        .ok_or_else(unknown)?;
    let def = &kinds[kind as usize];
    if plus {
        let to = def.promotes_to.ok_or_else(|| PositionError::NoPromotion {
            item: item.into(),
            piece: def.name,
        })?;
        Ok(Piece::new(to, owner, true))
    } else {
        // A promoted-only kind is promoted whichever way it is written.
        Ok(Piece::new(kind, owner, def.promoted))
    }
}

/// Refuses positions no game could reach in a way that matters to play: more pieces of a
/// kind than the set holds (counting promoted pieces with the kind they came from), two
/// kings for a side, or the side not to move in check.
fn validate(pos: &DaiDaiPosition) -> Result<(), PositionError> {
    let data = pos.data;
    for seat in [BLACK, WHITE] {
        let mut plain = [0u32; KIND_COUNT];
        let mut promoted = [0u32; KIND_COUNT];
        for (_, p) in pos.pieces().filter(|(_, p)| p.owner() == seat) {
            if p.promoted() {
                promoted[p.kind() as usize] += 1;
            } else {
                plain[p.kind() as usize] += 1;
            }
        }
        let side = Variant::DaiDai.seat_name(seat);
        for (kind, def) in data.kinds.iter().enumerate() {
            let set = data.setup_counts[kind] as u32;
            let from_promotion = def.promotes_to.map_or(0, |to| promoted[to as usize]);
            if plain[kind] + from_promotion > set {
                return Err(PositionError::TooManyOnOneSide {
                    seat: side,
                    count: plain[kind] + from_promotion,
                    piece: def.name,
                    with_promoted: from_promotion > 0,
                    set,
                });
            }
            if promoted[kind] > 0 && !data.kinds.iter().any(|k| k.promotes_to == Some(kind as u8)) {
                return Err(PositionError::NeverPromoted(def.name));
            }
        }
    }
    if pos.in_check(opponent(pos.turn())) {
        return Err(PositionError::WaitingInCheck);
    }
    Ok(())
}

/// Writes a position as position text.
pub fn to_text(pos: &DaiDaiPosition) -> String {
    let mut out = String::with_capacity(640);
    let size = GEOMETRY.size();
    for row in 0..size {
        if row > 0 {
            out.push('/');
        }
        let mut empty = 0;
        let mut first = true;
        let mut item = |out: &mut String, text: &str| {
            if !first {
                out.push(',');
            }
            first = false;
            out.push_str(text);
        };
        for col in 0..size {
            match pos.piece_at(GEOMETRY.square(col, row)) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        item(&mut out, &empty.to_string());
                        empty = 0;
                    }
                    item(&mut out, &piece_text(p));
                }
            }
        }
        if empty > 0 {
            item(&mut out, &empty.to_string());
        }
    }
    out.push_str(if pos.turn() == BLACK {
        " b - "
    } else {
        " w - "
    });
    out.push_str(&(pos.ply() + 1).to_string());
    out
}

/// A piece as position text writes it (`LN`, `+bm`).
pub(super) fn piece_text(p: Piece) -> String {
    let code = match (p.promoted(), promoted_from_kind(p.kind())) {
        (true, Some(source)) => format!("+{}", text_code(source)),
        _ => text_code(p.kind()).to_string(),
    };
    if p.owner() == BLACK {
        code.to_ascii_uppercase()
    } else {
        code.to_ascii_lowercase()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_text_matches_the_setup_table() {
        assert_eq!(to_text(&start()), START_TEXT);
        assert_eq!(from_text(START_TEXT).unwrap(), start());
        assert_eq!(from_text(START_TEXT).unwrap().hash(), start().hash());
    }

    #[test]
    fn promoted_pieces_round_trip_with_their_flag() {
        let text = "17/17/17/17/17/17/17/17/\
                    5,+EA,+LN,+bm,ff,8/17/17/17/17/17/17/17/17 w - 12";
        let pos = from_text(text).unwrap();
        let lion = pos.piece_at(GEOMETRY.parse_square("12i").unwrap()).unwrap();
        assert_eq!((lion.kind(), lion.promoted()), (LION, true));
        let fiend = pos.piece_at(GEOMETRY.parse_square("11i").unwrap()).unwrap();
        assert_eq!((fiend.kind(), fiend.promoted()), (FURIOUS_FIEND, true));
        let written = to_text(&pos);
        assert_eq!(
            written,
            "17/17/17/17/17/17/17/17/5,+EA,+LN,+bm,+ln,8/17/17/17/17/17/17/17/17 w - 12"
        );
        assert_eq!(to_text(&from_text(&written).unwrap()), written);
    }

    #[test]
    fn bad_text_gives_errors() {
        let empty_rank = "17/".repeat(16) + "17";
        for bad in [
            "",
            "17 b",
            &format!("{empty_rank} x"),
            &format!("{empty_rank} b P"),
            &format!("{empty_rank} b - 0"),
            &format!("{empty_rank} b - 1 extra"),
            &"17/".repeat(17),
            "18/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 b",
            "16,Ln/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 b",
            "16,LN,/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 b",
            "16,XX/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 b",
            "16,+P/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 b",
            "16,+FF/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 b",
            "15,K,K/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 b",
            "14,LN,LN,EA/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 b",
            "14,LN,+EA,EA/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 b",
            "16,k/16,R/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 b",
            "99999999999999999999/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 b",
            "8,\u{7345}\u{5b50},8/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 b",
        ] {
            assert!(from_text(bad).is_err(), "{bad}");
        }
        // White in check with Black to move is fine; the reverse is not.
        let ok = "16,k/16,R/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 w";
        assert!(from_text(ok).is_ok());
    }
}
