//! Perft counts against reference numbers, every variant from one table: standard shogi's
//! published counts (`shared/reference/perft-standard.md`), yonin's from an independent
//! implementation of its rules (`shared/reference/perft-yonin.md`, the same for singles
//! and doubles), and dai dai's from the start, cross-checked at depth two by the naive
//! reference generator of `daidai_reference.rs`.
//!
//! Each count runs in under a second in a release build except standard perft(6) from the
//! start (about 11 s here), which has a test of its own so that it runs beside the others.

use shogiban::engine::Position;
use shogiban::engine::{AnyPosition, RuleOptions, Variant};

/// Positions and their leaf counts at depth 1, 2, ...
struct Perft {
    variant: Variant,
    name: &'static str,
    /// Position text; `None` for the variant's start.
    position: Option<&'static str>,
    counts: &'static [u64],
}

const TABLE: &[Perft] = &[
    Perft {
        variant: Variant::Standard,
        name: "start",
        position: None,
        counts: &[30, 900, 25_470, 719_731, 19_861_490],
    },
    Perft {
        variant: Variant::Standard,
        name: "matsuri",
        position: Some("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"),
        counts: &[207, 28_684, 4_809_015],
    },
    Perft {
        variant: Variant::Standard,
        name: "max legal moves",
        position: Some("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"),
        counts: &[593, 105_677, 53_393_368],
    },
    Perft {
        variant: Variant::Standard,
        name: "full hands",
        position: Some("9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1"),
        counts: &[524, 248_257],
    },
    Perft {
        variant: Variant::Standard,
        name: "pawn-drop mate",
        position: Some("7lk/9/8S/9/9/9/9/7L1/8K b P 1"),
        counts: &[85, 639, 10_786],
    },
    Perft {
        variant: Variant::Standard,
        name: "double check",
        position: Some(
            "ln2+r1r2/5s+Pkl/3+B1p1p1/p4B2p/2P6/P6PP/1PNP1P3/2G3SK1/L4G1NL w 2GSN3Ps3p 76",
        ),
        counts: &[2, 445],
    },
    Perft {
        variant: Variant::Standard,
        name: "one legal move",
        position: Some("l7l/5bS2/p1np5/6Sk1/4p2B1/PSpPPn1G1/1P1G2g1N/2+l6/L1KN1+r3 b R3Pgs7p 1"),
        counts: &[1, 178],
    },
    Perft {
        variant: Variant::Standard,
        name: "no legal move",
        position: Some(
            "+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200",
        ),
        counts: &[0],
    },
    Perft {
        variant: Variant::Yonin,
        name: "start",
        position: None,
        counts: &[9, 81, 729, 6_561, 82_134],
    },
    Perft {
        variant: Variant::YoninDoubles,
        name: "start",
        position: None,
        counts: &[9, 81, 729, 6_561, 82_134],
    },
    Perft {
        variant: Variant::DaiDai,
        name: "start",
        position: None,
        counts: &[59, 3_463, 206_662],
    },
];

/// Checks every count of the table's positions of `variant`.
fn check(variant: Variant) {
    let mut checked = 0;
    for entry in TABLE.iter().filter(|e| e.variant == variant) {
        let position = match entry.position {
            Some(text) => AnyPosition::from_text(variant, text)
                .unwrap_or_else(|e| panic!("{variant} {}: {e}", entry.name)),
            None => AnyPosition::start(variant, &RuleOptions::defaults(variant)),
        };
        for (depth, &expected) in (1..).zip(entry.counts) {
            assert_eq!(
                position.perft(depth),
                expected,
                "{variant} {} depth {depth}",
                entry.name
            );
            checked += 1;
        }
    }
    assert!(checked > 0, "no perft reference for {variant}");
}

#[test]
fn standard() {
    check(Variant::Standard);
}

#[test]
fn yonin_singles() {
    check(Variant::Yonin);
}

#[test]
fn yonin_doubles() {
    check(Variant::YoninDoubles);
}

#[test]
fn daidai() {
    check(Variant::DaiDai);
}

#[test]
fn standard_start_depth_6() {
    let start = AnyPosition::start(Variant::Standard, &RuleOptions::default());
    assert_eq!(start.perft(6), 547_581_517);
}
