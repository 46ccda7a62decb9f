//! The piece table of standard shogi, shared by yonin shogi (which uses a subset of it).

use super::piece::{KindDef, KindId, Ray, Special};

pub const KING: KindId = 0;
pub const ROOK: KindId = 1;
pub const BISHOP: KindId = 2;
pub const GOLD: KindId = 3;
pub const SILVER: KindId = 4;
pub const KNIGHT: KindId = 5;
pub const LANCE: KindId = 6;
pub const PAWN: KindId = 7;
pub const DRAGON: KindId = 8;
pub const HORSE: KindId = 9;
pub const PRO_SILVER: KindId = 10;
pub const PRO_KNIGHT: KindId = 11;
pub const PRO_LANCE: KindId = 12;
pub const TOKIN: KindId = 13;

const KING_RAYS: &[Ray] = &[
    Ray::step(0, -1),
    Ray::step(1, -1),
    Ray::step(1, 0),
    Ray::step(1, 1),
    Ray::step(0, 1),
    Ray::step(-1, 1),
    Ray::step(-1, 0),
    Ray::step(-1, -1),
];
const ROOK_RAYS: &[Ray] = &[
    Ray::slide(0, -1),
    Ray::slide(1, 0),
    Ray::slide(0, 1),
    Ray::slide(-1, 0),
];
const BISHOP_RAYS: &[Ray] = &[
    Ray::slide(1, -1),
    Ray::slide(1, 1),
    Ray::slide(-1, 1),
    Ray::slide(-1, -1),
];
const GOLD_RAYS: &[Ray] = &[
    Ray::step(0, -1),
    Ray::step(1, -1),
    Ray::step(-1, -1),
    Ray::step(1, 0),
    Ray::step(-1, 0),
    Ray::step(0, 1),
];
const SILVER_RAYS: &[Ray] = &[
    Ray::step(0, -1),
    Ray::step(1, -1),
    Ray::step(-1, -1),
    Ray::step(1, 1),
    Ray::step(-1, 1),
];
const KNIGHT_RAYS: &[Ray] = &[Ray::jump(1, -2), Ray::jump(-1, -2)];
const LANCE_RAYS: &[Ray] = &[Ray::slide(0, -1)];
const PAWN_RAYS: &[Ray] = &[Ray::step(0, -1)];
const DRAGON_RAYS: &[Ray] = &[
    Ray::slide(0, -1),
    Ray::slide(1, 0),
    Ray::slide(0, 1),
    Ray::slide(-1, 0),
    Ray::step(1, -1),
    Ray::step(1, 1),
    Ray::step(-1, 1),
    Ray::step(-1, -1),
];
const HORSE_RAYS: &[Ray] = &[
    Ray::slide(1, -1),
    Ray::slide(1, 1),
    Ray::slide(-1, 1),
    Ray::slide(-1, -1),
    Ray::step(0, -1),
    Ray::step(1, 0),
    Ray::step(0, 1),
    Ray::step(-1, 0),
];

#[allow(clippy::too_many_arguments)]
const fn kind(
    code: &'static str,
    name: &'static str,
    kanji: &'static str,
    kif: &'static str,
    rays: &'static [Ray],
    promotes_to: Option<KindId>,
    base: KindId,
    dead_depth: u8,
    points: u8,
    draw_class: u8,
) -> KindDef {
    KindDef {
        code,
        name,
        kanji,
        kanji_alt: None,
        kif,
        rays,
        special: Special::None,
        promotes_to,
        base,
        promoted: code.len() > 1,
        royal: false,
        dead_depth,
        points,
        draw_class,
    }
}

/// Standard shogi's fourteen kinds: eight base kinds, then the six promoted ones.
pub static STANDARD_KINDS: [KindDef; 14] = [
    KindDef {
        kanji_alt: Some("王"),
        royal: true,
        ..kind("K", "king", "玉", "玉", KING_RAYS, None, KING, 0, 0, 3)
    },
    kind(
        "R",
        "rook",
        "飛",
        "飛",
        ROOK_RAYS,
        Some(DRAGON),
        ROOK,
        0,
        5,
        2,
    ),
    kind(
        "B",
        "bishop",
        "角",
        "角",
        BISHOP_RAYS,
        Some(HORSE),
        BISHOP,
        0,
        5,
        2,
    ),
    kind("G", "gold", "金", "金", GOLD_RAYS, None, GOLD, 0, 1, 1),
    kind(
        "S",
        "silver",
        "銀",
        "銀",
        SILVER_RAYS,
        Some(PRO_SILVER),
        SILVER,
        0,
        1,
        1,
    ),
    kind(
        "N",
        "knight",
        "桂",
        "桂",
        KNIGHT_RAYS,
        Some(PRO_KNIGHT),
        KNIGHT,
        2,
        1,
        0,
    ),
    kind(
        "L",
        "lance",
        "香",
        "香",
        LANCE_RAYS,
        Some(PRO_LANCE),
        LANCE,
        1,
        1,
        0,
    ),
    kind(
        "P",
        "pawn",
        "歩",
        "歩",
        PAWN_RAYS,
        Some(TOKIN),
        PAWN,
        1,
        1,
        0,
    ),
    kind("+R", "dragon", "龍", "龍", DRAGON_RAYS, None, ROOK, 0, 5, 2),
    kind("+B", "horse", "馬", "馬", HORSE_RAYS, None, BISHOP, 0, 5, 2),
    kind(
        "+S",
        "promoted silver",
        "全",
        "成銀",
        GOLD_RAYS,
        None,
        SILVER,
        0,
        1,
        1,
    ),
    kind(
        "+N",
        "promoted knight",
        "圭",
        "成桂",
        GOLD_RAYS,
        None,
        KNIGHT,
        0,
        1,
        0,
    ),
    kind(
        "+L",
        "promoted lance",
        "杏",
        "成香",
        GOLD_RAYS,
        None,
        LANCE,
        0,
        1,
        0,
    ),
    kind("+P", "tokin", "と", "と", GOLD_RAYS, None, PAWN, 0, 1, 0),
];
