//! The stored format pinned: games written to the database by earlier versions of the
//! program (the files in `tests/golden/`, one per variant, written before the format had a
//! version number) must still load, show the same positions with the same hashes, and play
//! on. A change to position texts, Zobrist keys or the state's layout that would make
//! stored games unreadable fails here.

use shogiban::engine::Position;
use shogiban::engine::{Game, StateError, Variant, STATE_VERSION};

struct Golden {
    variant: Variant,
    file: &'static str,
    start_hash: u64,
    hash: u64,
    position: &'static str,
    plies: usize,
}

const GOLDEN: [Golden; 4] = [
    Golden {
        variant: Variant::Standard,
        file: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/standard.json")),
        start_hash: 0xc30b8e9e53595791,
        hash: 0x1a7df1561f37690e,
        position: "lnsg1g1nl/1r3k1s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL b b 7",
        plies: 6,
    },
    Golden {
        variant: Variant::Yonin,
        file: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/yonin.json")),
        start_hash: 0xc503bded1dfa0ba7,
        hash: 0x8f01edbc8e7d5663,
        position: "2nG1nKnGnS2/2nSnPnRnP3/2wS1nP1eS2/wGwP5ePeG/wKwRwP1sP1ePeReK/wGwP5ePeG/wS7eS/3sPsRsP3/2sSsGsKsGsS2 S -/-/-/- SWNE 9",
        plies: 8,
    },
    Golden {
        variant: Variant::YoninDoubles,
        file: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/yonin-doubles.json")),
        start_hash: 0xc503bded1dfa0ba7,
        hash: 0x8f01edbc8e7d5663,
        position: "2nG1nKnGnS2/2nSnPnRnP3/2wS1nP1eS2/wGwP5ePeG/wKwRwP1sP1ePeReK/wGwP5ePeG/wS7eS/3sPsRsP3/2sSsGsKsGsS2 S -/-/-/- SWNE 9",
        plies: 8,
    },
    Golden {
        variant: Variant::DaiDai,
        file: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/daidai.json")),
        start_hash: 0xe5d191b492bfc28f,
        hash: 0x300027f07eb7f221,
        position: "1,hm,dv,r,sq,dk,ft,rg,k,lg,q,fr,dh,ra,sd,lo,l/l,po,ld,bm,fd,rb,kr,g,nk,g,ph,cs,ps,or,ln,ok,rv/rv,b,1,eb,1,fh,1,s,gd,s,1,wb,1,ef,1,vm,1/wt,we,so,ea,w,sg,i,c,gb,c,i,sg,w,wbr,no,fe,bd/rc,sm,vo,ab,ew,vb,fl,st,sb,st,fl,vb,ew,ab,vo,sm,lc/p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p/5,HD,5,hd,5/17/17/17/11,HD,5/P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P/LC,SM,VO,AB,EW,VB,FL,ST,SB,ST,FL,VB,EW,AB,VO,SM,RC/BD,FE,NO,WBR,W,SG,I,C,GB,C,I,SG,W,EA,SO,WE,WT/1,VM,1,EF,1,WB,1,S,GD,S,1,FH,1,EB,1,B,1/RV,OK,LN,OR,PS,CS,PH,G,NK,G,KR,RB,FD,BM,LD,PO,RV/L,LO,SD,RA,DH,FR,Q,LG,K,RG,FT,DK,SQ,R,DV,HM,L b - 9",
        plies: 8,
    },
];

#[test]
fn stored_games_of_every_variant_still_load_and_play_on() {
    for golden in &GOLDEN {
        let name = golden.variant.name();
        let mut game = Game::from_state(golden.file).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(game.variant(), golden.variant);
        assert_eq!(
            game.start_position().hash(),
            golden.start_hash,
            "{name}: start hash"
        );
        assert_eq!(game.position().hash(), golden.hash, "{name}: hash");
        assert_eq!(game.position().to_text(), golden.position, "{name}");
        assert_eq!(game.history().len(), golden.plies, "{name}");
        // The game goes on from where it was stored, and stores again in today's format.
        let next = game.legal_moves()[0];
        game.play(&next).unwrap();
        let stored = game.to_state();
        assert!(
            stored.contains(&format!("\"version\":{STATE_VERSION}")),
            "{stored}"
        );
        let again = Game::from_state(&stored).unwrap();
        assert_eq!(again.position(), game.position(), "{name}");
        assert_eq!(again.history().len(), golden.plies + 1, "{name}");
    }
}

#[test]
fn a_game_stored_by_a_newer_version_is_refused_by_name() {
    let newer = GOLDEN[0].file.replacen('{', "{\"version\":99,", 1);
    match Game::from_state(&newer) {
        Err(StateError::Newer { found: 99 }) => {}
        other => panic!("{:?}", other.map(|g| g.position().to_text())),
    }
}
