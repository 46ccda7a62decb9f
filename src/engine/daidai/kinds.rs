//! Dai dai shogi's piece table: the 64 kinds of the setup and the 4 that exist only as
//! promotions, each written once with its code, name, kanji, move pattern (in the Betza
//! notation of the rules file) and promotion; the setup; the aliases that make piece
//! codes unambiguous without case; and the kind tables of the historical rule readings.

use crate::engine::geometry::DIRECTIONS;
use crate::engine::piece::{KindDef, KindId, Ray, Special};

pub const KING: KindId = 0;
pub const QUEEN: KindId = 1;
pub const RUSHING_BIRD: KindId = 2;
pub const FREE_DEMON: KindId = 3;
pub const FREE_DREAM_EATER: KindId = 4;
pub const WATER_BUFFALO: KindId = 5;
pub const DRAGON_KING: KindId = 6;
pub const DRAGON_HORSE: KindId = 7;
pub const SQUARE_MOVER: KindId = 8;
pub const RACING_CHARIOT: KindId = 9;
pub const ROOK: KindId = 10;
pub const BISHOP: KindId = 11;
pub const GOLDEN_BIRD: KindId = 12;
pub const GREAT_DRAGON: KindId = 13;
pub const STANDARD_BEARER: KindId = 14;
pub const FRAGRANT_ELEPHANT: KindId = 15;
pub const WHITE_ELEPHANT: KindId = 16;
pub const LION: KindId = 17;
pub const LION_DOG: KindId = 18;
pub const DOVE: KindId = 19;
pub const SHE_DEVIL: KindId = 20;
pub const BLUE_DRAGON: KindId = 21;
pub const WHITE_TIGER: KindId = 22;
pub const RIGHT_CHARIOT: KindId = 23;
pub const LEFT_CHARIOT: KindId = 24;
pub const PHOENIX: KindId = 25;
pub const KIRIN: KindId = 26;
pub const POISONOUS_SNAKE: KindId = 27;
pub const OLD_KITE: KindId = 28;
pub const VIOLENT_OX: KindId = 29;
pub const FLYING_DRAGON: KindId = 30;
pub const ENCHANTED_FOX: KindId = 31;
pub const OLD_RAT: KindId = 32;
pub const ENCHANTED_BADGER: KindId = 33;
pub const FLYING_HORSE: KindId = 34;
pub const PRANCING_STAG: KindId = 35;
pub const SAVAGE_TIGER: KindId = 36;
pub const HOOK_MOVER: KindId = 37;
pub const LONG_NOSED_GOBLIN: KindId = 38;
pub const NORTHERN_BARBARIAN: KindId = 39;
pub const SOUTHERN_BARBARIAN: KindId = 40;
pub const EASTERN_BARBARIAN: KindId = 41;
pub const WESTERN_BARBARIAN: KindId = 42;
pub const NEIGHBOURING_KING: KindId = 43;
pub const BLIND_MONKEY: KindId = 44;
pub const FEROCIOUS_LEOPARD: KindId = 45;
pub const EVIL_WOLF: KindId = 46;
pub const VIOLENT_BEAR: KindId = 47;
pub const RIGHT_GENERAL: KindId = 48;
pub const LEFT_GENERAL: KindId = 49;
pub const GOLD: KindId = 50;
pub const SILVER: KindId = 51;
pub const COPPER: KindId = 52;
pub const IRON: KindId = 53;
pub const WOOD: KindId = 54;
pub const STONE: KindId = 55;
pub const ANGRY_BOAR: KindId = 56;
pub const CAT_SWORD: KindId = 57;
pub const REVERSE_CHARIOT: KindId = 58;
pub const LANCE: KindId = 59;
pub const SIDE_MOVER: KindId = 60;
pub const VERTICAL_MOVER: KindId = 61;
pub const HOWLING_DOG: KindId = 62;
pub const PAWN: KindId = 63;
pub const FURIOUS_FIEND: KindId = 64;
pub const GREAT_ELEPHANT: KindId = 65;
pub const MOUNTAIN_WITCH: KindId = 66;
pub const WIZARD_STORK: KindId = 67;

/// Number of kinds: 64 in the setup, 4 promoted-only.
pub const KIND_COUNT: usize = 68;

/// The most rays one kind has (the great elephant's 20).
const MAX_RAYS: usize = 32;

/// Reads a move pattern in the rules file's Betza notation into rays, at compile time.
///
/// Atoms: `W F K` steps, `R B Q` slides (a count limits them: `R2`), `D A` jumps to the
/// second and `H G` to the third orthogonal/diagonal square, `N` the knight's jumps.
/// Modifiers before an atom add directions (`f b l r`, `s` = `lr`, `v` = `fb`); a bracket
/// intersects them (`[fr]B` is the forward-right diagonal alone). Directions are the
/// owner's: forward is up (`dy = -1`), right is `dx = +1`.
const fn parse_betza(text: &str) -> ([Ray; MAX_RAYS], usize) {
    // Direction bits in the order of `DIRECTIONS`: f, fr, r, br, b, bl, l, fl.
    const ORTH: u8 = 0b0101_0101;
    const DIAG: u8 = 0b1010_1010;
    const fn modifier(c: u8) -> u8 {
        match c {
            b'f' => 0b1000_0011,
            b'b' => 0b0011_1000,
            b'l' => 0b1110_0000,
            b'r' => 0b0000_1110,
            b's' => 0b1110_1110,
            b'v' => 0b1011_1011,
            _ => panic!("unknown Betza modifier"),
        }
    }
    let bytes = text.as_bytes();
    let mut rays = [Ray::step(0, 0); MAX_RAYS];
    let mut count = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b' ' {
            i += 1;
            continue;
        }
        // Directions chosen by modifiers; zero means "no modifier": all of the atom's.
        let mut chosen = 0u8;
        if bytes[i] == b'[' {
            chosen = 0xFF;
            i += 1;
            while bytes[i] != b']' {
                chosen &= modifier(bytes[i]);
                i += 1;
            }
            i += 1;
        } else {
            while bytes[i].is_ascii_lowercase() {
                chosen |= modifier(bytes[i]);
                i += 1;
            }
        }
        let atom = bytes[i];
        i += 1;
        let mut range = 0u8;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            range = range * 10 + (bytes[i] - b'0');
            i += 1;
        }
        if atom == b'N' {
            if chosen != 0 {
                panic!("knight jumps take no modifiers here");
            }
            let jumps: [(i8, i8); 8] = [
                (1, -2),
                (2, -1),
                (2, 1),
                (1, 2),
                (-1, 2),
                (-2, 1),
                (-2, -1),
                (-1, -2),
            ];
            let mut j = 0;
            while j < 8 {
                rays[count] = Ray::jump(jumps[j].0, jumps[j].1);
                count += 1;
                j += 1;
            }
            continue;
        }
        // (family of directions, distance multiplier for jumps, slide?)
        let (family, scale, slide) = match atom {
            b'W' => (ORTH, 1, false),
            b'F' => (DIAG, 1, false),
            b'K' => (0xFF, 1, false),
            b'R' => (ORTH, 1, true),
            b'B' => (DIAG, 1, true),
            b'Q' => (0xFF, 1, true),
            b'D' => (ORTH, 2, false),
            b'A' => (DIAG, 2, false),
            b'H' => (ORTH, 3, false),
            b'G' => (DIAG, 3, false),
            _ => panic!("unknown Betza atom"),
        };
        if range != 0 && !slide {
            panic!("only slides take a range");
        }
        let dirs = if chosen == 0 { family } else { family & chosen };
        if dirs == 0 {
            panic!("a Betza term selects no direction");
        }
        let mut d = 0;
        while d < 8 {
            if dirs & (1 << d) != 0 {
                let (dx, dy) = (DIRECTIONS[d].0 as i8, DIRECTIONS[d].1 as i8);
                rays[count] = if slide {
                    Ray::limited(dx, dy, range)
                } else {
                    Ray::jump(dx * scale, dy * scale)
                };
                count += 1;
            }
            d += 1;
        }
    }
    (rays, count)
}

/// The rays of a Betza pattern, as a `&'static [Ray]` built at compile time.
macro_rules! betza {
    ($pattern:literal) => {{
        const PARSED: ([Ray; MAX_RAYS], usize) = parse_betza($pattern);
        const RAYS: &[Ray] = PARSED.0.split_at(PARSED.1).0;
        RAYS
    }};
}

/// A kind that does not promote. `points` are the German Chu Shogi Association's average
/// values quoted in the rules' source (a rough guide to strength); `draw_class` sizes the
/// piece when drawn (0 smallest, 3 the royal and lion family).
const fn def(
    code: &'static str,
    name: &'static str,
    kanji: &'static str,
    rays: &'static [Ray],
    points: u8,
    draw_class: u8,
) -> KindDef {
    KindDef {
        code,
        name,
        kanji,
        kanji_alt: None,
        kif: kanji,
        rays,
        special: Special::None,
        promotes_to: None,
        base: 0,
        promoted: false,
        royal: false,
        dead_depth: 0,
        points,
        draw_class,
    }
}

/// `kind` promotes to `to` on its first capture.
const fn promotes(mut kind: KindDef, to: KindId) -> KindDef {
    kind.promotes_to = Some(to);
    kind
}

const fn special(mut kind: KindDef, special: Special) -> KindDef {
    kind.special = special;
    kind
}

/// A kind that exists only as the promotion of `from`.
const fn promoted_from(mut kind: KindDef, from: KindId) -> KindDef {
    kind.promoted = true;
    kind.base = from;
    kind
}

/// Every kind, indexed by [`KindId`]; the `base` of a kind in the setup is filled in by
/// [`kind_table`] (itself), of a promoted-only kind it is the kind it promoted from.
static KINDS: [KindDef; KIND_COUNT] = [
    KindDef {
        kanji_alt: Some("王将"),
        royal: true,
        draw_class: 3,
        ..def("K", "king", "玉将", betza!("K"), 4, 3)
    },
    def("Q", "queen", "奔王", betza!("Q"), 15, 2),
    promotes(
        def("RB", "rushing bird", "行鳥", betza!("B sR fR"), 14, 2),
        FREE_DEMON,
    ),
    def("Fr", "free demon", "奔鬼", betza!("B sR vR5"), 14, 2),
    def("FT", "free dream-eater", "奔獏", betza!("B vR sR5"), 14, 2),
    promotes(
        def("WB", "water buffalo", "水牛", betza!("B sR vR2"), 13, 2),
        FREE_DREAM_EATER,
    ),
    def("DK", "dragon king", "龍王", betza!("R F"), 10, 2),
    def("DH", "dragon horse", "龍馬", betza!("B W"), 10, 2),
    def("Sq", "square mover", "方行", betza!("R fF"), 9, 2),
    def("Ra", "racing chariot", "走車", betza!("R bF"), 9, 2),
    def("R", "rook", "飛車", betza!("R"), 8, 2),
    def("B", "bishop", "角行", betza!("B"), 7, 2),
    def("GB", "golden bird", "金翅", betza!("vR B3 sR2"), 10, 2),
    def("GD", "great dragon", "大龍", betza!("sR B3 vR2"), 9, 2),
    def(
        "SB",
        "standard bearer",
        "前旗",
        betza!("fR fB sR2 bR2 bB2"),
        12,
        2,
    ),
    def(
        "FE",
        "fragrant elephant",
        "香象",
        betza!("fB R2 bB2"),
        10,
        2,
    ),
    def("WE", "white elephant", "白象", betza!("bB R2 fB2"), 7, 2),
    // The lion's rays are what it reaches in one turn (every square within two king
    // steps); its double moves are generated from `Special::Lion`.
    promotes(
        special(
            def("Ln", "lion", "獅子", betza!("K N A D"), 22, 3),
            Special::Lion,
        ),
        FURIOUS_FIEND,
    ),
    promotes(
        special(
            def("LD", "lion dog", "狛犬", betza!("K D A H G"), 8, 3),
            Special::LionDog,
        ),
        GREAT_ELEPHANT,
    ),
    def("Dv", "dove", "鳩槃", betza!("B5 R2"), 9, 1),
    def("SD", "she-devil", "夜叉", betza!("R5 B2"), 9, 1),
    def(
        "BD",
        "blue dragon",
        "青龍",
        betza!("sR [fr]B vR2 [fl]F"),
        8,
        1,
    ),
    def(
        "WT",
        "white tiger",
        "白虎",
        betza!("vR [fl]B sR2 [fr]F"),
        9,
        1,
    ),
    def(
        "RC",
        "right chariot",
        "右車",
        betza!("fR [fr]B [bl]B bW"),
        7,
        1,
    ),
    def(
        "LC",
        "left chariot",
        "左車",
        betza!("fR [fl]B [br]B bW"),
        7,
        1,
    ),
    promotes(
        def("Ph", "phoenix", "鳳凰", betza!("W A"), 3, 1),
        GOLDEN_BIRD,
    ),
    promotes(
        def("Kr", "kirin", "麒麟", betza!("F D"), 3, 1),
        GREAT_DRAGON,
    ),
    promotes(
        def("Po", "poisonous snake", "毒蛇", betza!("sW fD bA"), 1, 1),
        HOOK_MOVER,
    ),
    promotes(
        def("OK", "old kite", "古鵄", betza!("R2 fF"), 4, 1),
        LONG_NOSED_GOBLIN,
    ),
    def("VO", "violent ox", "猛牛", betza!("R2"), 3, 1),
    promotes(
        def("FD", "flying dragon", "飛龍", betza!("B2"), 3, 1),
        DRAGON_KING,
    ),
    promotes(
        def("EF", "enchanted fox", "変狐", betza!("fB2 bR2"), 2, 1),
        SHE_DEVIL,
    ),
    promotes(
        def("OR", "old rat", "老鼠", betza!("fB2 bR2"), 2, 1),
        WIZARD_STORK,
    ),
    promotes(
        def("EB", "enchanted badger", "変狸", betza!("fR2 sR2"), 2, 1),
        DOVE,
    ),
    promotes(
        def("FH", "flying horse", "馬麟", betza!("W fB2"), 4, 1),
        QUEEN,
    ),
    promotes(
        def("PS", "prancing stag", "踊鹿", betza!("F fW sR2"), 4, 1),
        SQUARE_MOVER,
    ),
    def("ST", "savage tiger", "猛虎", betza!("vR2 fF"), 3, 1),
    // Hook movers: the rays are the one-leg moves; the turn is `Special::Hook*`.
    special(
        def("HM", "hook mover", "鉤行", betza!("R"), 114, 2),
        Special::HookOrthogonal,
    ),
    special(
        def("Lo", "long-nosed goblin", "天狗", betza!("W B"), 46, 2),
        Special::HookDiagonal,
    ),
    promotes(
        def(
            "No",
            "northern barbarian",
            "北狄",
            betza!("fB2 sW bF"),
            3,
            1,
        ),
        FRAGRANT_ELEPHANT,
    ),
    promotes(
        def(
            "So",
            "southern barbarian",
            "南蛮",
            betza!("bB2 sW fF"),
            3,
            1,
        ),
        WHITE_ELEPHANT,
    ),
    promotes(
        def("Ea", "eastern barbarian", "東夷", betza!("vR2 sW fF"), 4, 1),
        LION,
    ),
    promotes(
        def("We", "western barbarian", "西戎", betza!("sR2 vW fF"), 3, 1),
        LION_DOG,
    ),
    promotes(
        def("NK", "neighbouring king", "近王", betza!("K"), 3, 1),
        STANDARD_BEARER,
    ),
    promotes(
        def("BM", "blind monkey", "盲猿", betza!("F sW"), 2, 0),
        MOUNTAIN_WITCH,
    ),
    def("FL", "ferocious leopard", "猛豹", betza!("F vW"), 3, 0),
    def("EW", "evil wolf", "悪狼", betza!("fK sW"), 3, 0),
    def("VB", "violent bear", "猛熊", betza!("fB2 sW"), 3, 0),
    def("RG", "right general", "右将", betza!("F vW lW"), 3, 1),
    def("LG", "left general", "左将", betza!("F vW rW"), 3, 1),
    def("G", "gold general", "金将", betza!("W fF"), 3, 1),
    def("S", "silver general", "銀将", betza!("F fW"), 2, 1),
    def("C", "copper general", "銅将", betza!("fF vW"), 2, 0),
    def("I", "iron general", "鉄将", betza!("fK"), 2, 0),
    def("W", "wood general", "木将", betza!("fB2"), 2, 0),
    def("St", "stone general", "石将", betza!("fF"), 1, 0),
    def("AB", "angry boar", "嗔猪", betza!("W"), 2, 0),
    promotes(
        def("CS", "cat sword", "猫刄", betza!("F"), 2, 0),
        DRAGON_HORSE,
    ),
    def("Rv", "reverse chariot", "反車", betza!("vR"), 4, 0),
    def("L", "lance", "香車", betza!("fR"), 3, 0),
    def("SM", "side mover", "横行", betza!("sR vW"), 5, 0),
    def("VM", "vertical mover", "竪行", betza!("vR sW"), 5, 0),
    def("HD", "howling dog", "𠵇犬", betza!("fR bW"), 3, 0),
    def("P", "pawn", "歩兵", betza!("fW"), 1, 0),
    // The furious fiend reaches every lion square and the lion dog's third squares.
    promoted_from(
        special(
            def("FF", "furious fiend", "奮迅", betza!("K N A D H G"), 23, 3),
            Special::FuriousFiend,
        ),
        LION,
    ),
    // Its lion-dog lines are where it jumps to the third square.
    promoted_from(
        special(
            def(
                "GE",
                "great elephant",
                "大象",
                betza!("R bB fB2 D bA H bG"),
                9,
                3,
            ),
            Special::GreatElephant,
        ),
        LION_DOG,
    ),
    promoted_from(
        def("MW", "mountain witch", "山母", betza!("B bR fW"), 9, 1),
        BLIND_MONKEY,
    ),
    promoted_from(
        def("WS", "wizard stork", "仙鶴", betza!("B fR bW"), 11, 2),
        OLD_RAT,
    ),
];

/// Historical reading: the lion dog as a plain slider of up to three squares.
const LION_DOG_RANGE: KindDef = promotes(
    def("LD", "lion dog", "狛犬", betza!("Q3"), 8, 3),
    GREAT_ELEPHANT,
);
/// The furious fiend when the lion dog is read as a range-3 slider: a lion that also
/// slides to the third square.
const FURIOUS_FIEND_RANGE: KindDef = promoted_from(
    special(
        def("FF", "furious fiend", "奮迅", betza!("K N A D Q3"), 23, 3),
        Special::FuriousFiend,
    ),
    LION,
);
/// Historical reading: the great elephant without lion-dog power.
const GREAT_ELEPHANT_RANGE: KindDef = promoted_from(
    def("GE", "great elephant", "大象", betza!("R bB fB2"), 9, 3),
    LION_DOG,
);

/// Which historical readings of the rules are in force. The default is the rules file's:
/// lion-dog power for the lion dog, the furious fiend and the great elephant, and the lion
/// dog promoting to the great elephant.
#[derive(
    Copy, Clone, Eq, PartialEq, Hash, Debug, Default, serde::Serialize, serde::Deserialize,
)]
pub struct Rules {
    /// The lion dog (and the lion-dog half of the furious fiend) slides up to three
    /// squares instead of making lion-dog moves.
    #[serde(default)]
    pub lion_dog_range: bool,
    /// The great elephant moves only as R bB fB2, without lion-dog power.
    #[serde(default)]
    pub great_elephant_range: bool,
    /// The lion dog never promotes.
    #[serde(default)]
    pub lion_dog_no_promotion: bool,
}

impl Rules {
    /// A small number identifying the combination (0 = the default rules).
    pub fn index(self) -> usize {
        self.lion_dog_range as usize
            | (self.great_elephant_range as usize) << 1
            | (self.lion_dog_no_promotion as usize) << 2
    }
}

/// The kind table under `rules`.
pub fn kind_table(rules: Rules) -> Vec<KindDef> {
    let mut kinds = KINDS.to_vec();
    for (id, kind) in kinds.iter_mut().enumerate() {
        if !kind.promoted {
            kind.base = id as KindId;
        }
    }
    if rules.lion_dog_range {
        kinds[LION_DOG as usize] = KindDef {
            base: LION_DOG,
            ..LION_DOG_RANGE
        };
        kinds[FURIOUS_FIEND as usize] = FURIOUS_FIEND_RANGE;
    }
    if rules.great_elephant_range {
        kinds[GREAT_ELEPHANT as usize] = GREAT_ELEPHANT_RANGE;
    }
    if rules.lion_dog_no_promotion {
        kinds[LION_DOG as usize].promotes_to = None;
    }
    kinds
}

/// The kinds under the default rules (for code, names and kanji, which no reading changes).
pub fn kinds() -> &'static [KindDef; KIND_COUNT] {
    &KINDS
}

/// The kind whose first capture promotes to `kind`, if any.
pub fn promoted_from_kind(kind: KindId) -> Option<KindId> {
    KINDS
        .iter()
        .position(|k| k.promotes_to == Some(kind))
        .map(|k| k as KindId)
}

/// Extra names accepted for kinds whose codes clash without case: `ST` (savage tiger) and
/// `St` (stone general), `WE` (white elephant) and `We` (western barbarian).
pub const ALIASES: [(&str, KindId); 4] = [
    ("SVT", SAVAGE_TIGER),
    ("SG", STONE),
    ("WEL", WHITE_ELEPHANT),
    ("WBR", WESTERN_BARBARIAN),
];

/// Codes position text writes instead of the kind's own, so that no two codes differ
/// only in case: the stone general's and the western barbarian's aliases.
pub const TEXT_ALIASES: [(KindId, &str); 2] = [(STONE, "SG"), (WESTERN_BARBARIAN, "WBR")];

/// The code a kind has in position text, unique without case: the code itself, or its
/// alias in [`TEXT_ALIASES`].
pub fn text_code(kind: KindId) -> &'static str {
    TEXT_ALIASES
        .iter()
        .find(|&&(k, _)| k == kind)
        .map_or(KINDS[kind as usize].code, |&(_, code)| code)
}

/// The kinds a piece name may mean: an exact code first; otherwise a code or alias without
/// regard to case, a kanji name (玉将 or 王将, 獅子, 𠵇犬), or the English name (`lion dog`,
/// `lion-dog`). Several kinds come back only for a case-blind clash such as `st`.
pub fn kinds_named(name: &str) -> Vec<KindId> {
    let name = name.trim();
    if let Some(k) = KINDS.iter().position(|k| k.code == name) {
        return vec![k as KindId];
    }
    let mut found: Vec<KindId> = KINDS
        .iter()
        .enumerate()
        .filter(|(_, k)| {
            k.code.eq_ignore_ascii_case(name)
                || k.kanji == name
                || k.kanji_alt == Some(name)
                || same_words(k.name, name)
        })
        .map(|(id, _)| id as KindId)
        .collect();
    for (alias, kind) in ALIASES {
        if alias.eq_ignore_ascii_case(name) && !found.contains(&kind) {
            found.push(kind);
        }
    }
    found
}

/// English names compare without case, with `-`, `_` and spaces alike.
fn same_words(a: &str, b: &str) -> bool {
    let norm = |s: &str| {
        s.chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .flat_map(char::to_lowercase)
            .collect::<String>()
    };
    norm(a) == norm(b)
}

/// White's camp as the rules file draws it: ranks a..g, files 17 to 1 (left to right as
/// Black sees the board); `.` is empty. Black's camp is its 180° rotation.
pub const WHITE_CAMP: [[&str; 17]; 7] = [
    [
        "L", "HM", "Dv", "R", "Sq", "DK", "FT", "RG", "K", "LG", "Q", "Fr", "DH", "Ra", "SD", "Lo",
        "L",
    ],
    [
        "Rv", "Po", "LD", "BM", "FD", "RB", "Kr", "G", "NK", "G", "Ph", "CS", "PS", "OR", "Ln",
        "OK", "Rv",
    ],
    [
        ".", "B", ".", "EB", ".", "FH", ".", "S", "GD", "S", ".", "WB", ".", "EF", ".", "VM", ".",
    ],
    [
        "WT", "WE", "So", "Ea", "W", "St", "I", "C", "GB", "C", "I", "St", "W", "We", "No", "FE",
        "BD",
    ],
    [
        "RC", "SM", "VO", "AB", "EW", "VB", "FL", "ST", "SB", "ST", "FL", "VB", "EW", "AB", "VO",
        "SM", "LC",
    ],
    ["P"; 17],
    [
        ".", ".", ".", ".", ".", "HD", ".", ".", ".", ".", ".", "HD", ".", ".", ".", ".", ".",
    ],
];

/// The kind with exactly this code.
pub fn kind_by_code(code: &str) -> Option<KindId> {
    KINDS
        .iter()
        .position(|k| k.code == code)
        .map(|k| k as KindId)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exactly_the_listed_kinds_promote() {
        let promoting: Vec<&str> = KINDS
            .iter()
            .filter(|k| k.promotes_to.is_some())
            .map(|k| k.code)
            .collect();
        assert_eq!(promoting.len(), 21);
        let mut sorted = promoting.clone();
        sorted.sort_unstable();
        let listed = [
            "BM", "CS", "EB", "EF", "Ea", "FD", "FH", "Kr", "LD", "Ln", "NK", "No", "OK", "OR",
            "PS", "Ph", "Po", "RB", "So", "WB", "We",
        ];
        let mut listed = listed.to_vec();
        listed.sort_unstable();
        assert_eq!(sorted, listed);
        // Each promoted form has exactly one source.
        for kind in KINDS.iter() {
            if let Some(to) = kind.promotes_to {
                let sources = KINDS.iter().filter(|k| k.promotes_to == Some(to)).count();
                assert_eq!(sources, 1, "{}", KINDS[to as usize].code);
            }
        }
        let promoted_only: Vec<&str> = KINDS
            .iter()
            .filter(|k| k.promoted)
            .map(|k| k.code)
            .collect();
        assert_eq!(promoted_only, ["FF", "GE", "MW", "WS"]);
    }

    #[test]
    fn setup_has_96_pieces_of_64_kinds_a_side() {
        let mut counts = [0u32; KIND_COUNT];
        for row in WHITE_CAMP {
            for code in row {
                if code != "." {
                    counts[kind_by_code(code).expect(code) as usize] += 1;
                }
            }
        }
        assert_eq!(counts.iter().sum::<u32>(), 96);
        assert_eq!(counts.iter().filter(|&&n| n > 0).count(), 64);
        assert_eq!(counts[PAWN as usize], 17);
        let twos = [
            "AB", "C", "EW", "FL", "G", "HD", "I", "L", "Rv", "S", "SM", "ST", "St", "VB", "VO",
            "W",
        ];
        for (id, &n) in counts.iter().enumerate() {
            let code = KINDS[id].code;
            let expected = if code == "P" {
                17
            } else if twos.contains(&code) {
                2
            } else if KINDS[id].promoted {
                0
            } else {
                1
            };
            assert_eq!(n, expected, "{code}");
        }
    }

    #[test]
    fn codes_are_unique_and_text_codes_unique_without_case() {
        for (i, a) in KINDS.iter().enumerate() {
            for b in &KINDS[i + 1..] {
                assert_ne!(a.code, b.code);
            }
        }
        let mut text: Vec<String> = (0..KIND_COUNT as u8)
            .map(|k| text_code(k).to_ascii_uppercase())
            .collect();
        text.sort();
        text.dedup();
        assert_eq!(text.len(), KIND_COUNT);
    }

    #[test]
    fn names_resolve_by_code_alias_kanji_and_english() {
        assert_eq!(kinds_named("St"), vec![STONE]);
        assert_eq!(kinds_named("ST"), vec![SAVAGE_TIGER]);
        let mut st = kinds_named("st");
        st.sort_unstable();
        assert_eq!(st, vec![SAVAGE_TIGER, STONE]);
        assert_eq!(kinds_named("sg"), vec![STONE]);
        assert_eq!(kinds_named("wbr"), vec![WESTERN_BARBARIAN]);
        assert_eq!(kinds_named("獅子"), vec![LION]);
        assert_eq!(kinds_named("王将"), vec![KING]);
        assert_eq!(kinds_named("𠵇犬"), vec![HOWLING_DOG]);
        assert_eq!(kinds_named("lion-dog"), vec![LION_DOG]);
        assert_eq!(kinds_named("ln"), vec![LION]);
        assert!(kinds_named("xyz").is_empty());
    }

    #[test]
    fn betza_reads_brackets_ranges_and_jumps() {
        let rays = KINDS[BLUE_DRAGON as usize].rays;
        // sR (2) + [fr]B (1) + vR2 (2) + [fl]F (1)
        assert_eq!(rays.len(), 6);
        assert!(rays.contains(&Ray::limited(1, -1, 0)));
        assert!(rays.contains(&Ray::step(-1, -1)));
        assert!(rays.contains(&Ray::limited(0, 1, 2)));
        let snake = KINDS[POISONOUS_SNAKE as usize].rays;
        assert_eq!(
            snake,
            &[
                Ray::step(1, 0),
                Ray::step(-1, 0),
                Ray::jump(0, -2),
                Ray::jump(2, 2),
                Ray::jump(-2, 2)
            ]
        );
        assert_eq!(KINDS[LION as usize].rays.len(), 24);
        assert_eq!(KINDS[FURIOUS_FIEND as usize].rays.len(), 32);
    }
}
