//! The position text (format in the module doc of `daidai`): read by the shared reader of
//! [`crate::engine::setup`], then checked against dai dai's piece sets; and written.

use super::*;
use crate::engine::error::PositionError;
use crate::engine::setup::{Setup, TextFormat};
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
    let data = RuleData::get(rules);
    let setup = text_format(&data.kinds).read(text)?;
    let mut pos = DaiDaiPosition::empty(rules);
    for row in 0..GEOMETRY.size() {
        for col in 0..GEOMETRY.size() {
            if let Some(piece) = setup.piece(col, row) {
                pos.set_piece(GEOMETRY.square(col, row), Some(piece));
            }
        }
    }
    pos.set_turn(setup.turn);
    pos.set_ply(setup.move_number - 1);
    validate(&pos)?;
    Ok(pos)
}

/// How dai dai shogi writes positions under a kind table: no hands, so the third field
/// is always `-`.
pub(super) fn text_format(kinds: &[KindDef]) -> TextFormat<'_> {
    TextFormat {
        variant: Variant::DaiDai,
        size: GEOMETRY.size(),
        kinds,
        named: None,
        aliases: &TEXT_ALIASES,
        hand_kinds: &[],
        hand_max: 0,
        max_move_number: 1_000_000,
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
    text_format(pos.kinds()).write(&Setup::of(pos))
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
