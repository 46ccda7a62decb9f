//! Perft counts of standard shogi against the published reference numbers
//! (`shared/reference/perft-standard.md`): every count that runs in a few seconds.

use shogiban::engine::{standard, Position};

fn perft(sfen: &str, depth: u32) -> u64 {
    standard::from_sfen(sfen).expect("valid SFEN").perft(depth)
}

#[test]
fn start_position_to_depth_4() {
    let sfen = standard::START_SFEN;
    assert_eq!(perft(sfen, 1), 30);
    assert_eq!(perft(sfen, 2), 900);
    assert_eq!(perft(sfen, 3), 25_470);
    assert_eq!(perft(sfen, 4), 719_731);
}

#[test]
fn matsuri() {
    let sfen = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
    assert_eq!(perft(sfen, 1), 207);
    assert_eq!(perft(sfen, 2), 28_684);
    assert_eq!(perft(sfen, 3), 4_809_015);
}

#[test]
fn max_legal_moves() {
    let sfen = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";
    assert_eq!(perft(sfen, 1), 593);
    assert_eq!(perft(sfen, 2), 105_677);
}

#[test]
fn full_hands() {
    let sfen = "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1";
    assert_eq!(perft(sfen, 1), 524);
    assert_eq!(perft(sfen, 2), 248_257);
}

#[test]
fn pawn_drop_mate() {
    let sfen = "7lk/9/8S/9/9/9/9/7L1/8K b P 1";
    assert_eq!(perft(sfen, 1), 85);
    assert_eq!(perft(sfen, 2), 639);
    assert_eq!(perft(sfen, 3), 10_786);
}

#[test]
fn double_check() {
    let sfen = "ln2+r1r2/5s+Pkl/3+B1p1p1/p4B2p/2P6/P6PP/1PNP1P3/2G3SK1/L4G1NL w 2GSN3Ps3p 76";
    assert_eq!(perft(sfen, 1), 2);
    assert_eq!(perft(sfen, 2), 445);
}

#[test]
fn one_legal_move() {
    let sfen = "l7l/5bS2/p1np5/6Sk1/4p2B1/PSpPPn1G1/1P1G2g1N/2+l6/L1KN1+r3 b R3Pgs7p 1";
    assert_eq!(perft(sfen, 1), 1);
    assert_eq!(perft(sfen, 2), 178);
}

#[test]
fn no_legal_move() {
    let sfen = "+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200";
    assert_eq!(perft(sfen, 1), 0);
}
