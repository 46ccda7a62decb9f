//! The scene: everything a board image shows, in plain drawing terms (labels, owners,
//! directions, marks), so the renderer needs no rules and the rules need no drawing.

use crate::engine::Variant;

/// A number of quarter turns clockwise, 0..=3.
///
/// Used for three things that share one compass: the direction a piece points (0 = up,
/// toward rank a, as Black/S sees the board), the edge a seat sits at (0 = bottom, 1 = left,
/// 2 = top, 3 = right, which is also the direction its pieces point), and the view (the edge
/// of the seat drawn at the bottom of the image).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
pub struct QuarterTurns(u8);

impl QuarterTurns {
    /// Up / the bottom edge: Black, S.
    pub const SOUTH: QuarterTurns = QuarterTurns(0);
    /// Right / the left edge: W.
    pub const WEST: QuarterTurns = QuarterTurns(1);
    /// Down / the top edge: White, N.
    pub const NORTH: QuarterTurns = QuarterTurns(2);
    /// Left / the right edge: E.
    pub const EAST: QuarterTurns = QuarterTurns(3);

    /// `turns` quarter turns clockwise, reduced modulo 4.
    pub const fn new(turns: u8) -> QuarterTurns {
        QuarterTurns(turns % 4)
    }

    pub const fn get(self) -> u8 {
        self.0
    }

    /// `self` seen from a viewer rotated by `view`: the same direction in image terms.
    pub const fn relative_to(self, view: QuarterTurns) -> QuarterTurns {
        QuarterTurns((self.0 + 4 - view.0) % 4)
    }

    /// The angle of this direction in degrees clockwise.
    pub fn degrees(self) -> f32 {
        f32::from(self.0) * 90.0
    }
}

/// How the board and its surroundings are drawn.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum BoardStyle {
    /// Standard shogi: wooden board with squares of about 11:12, hands beside the board.
    Standard,
    /// Yonin shogi: square cells, four seat colours, each hand along its owner's edge.
    Yonin,
    /// Dai dai shogi: 17x17, two-kanji names stacked on tall pieces, no hands.
    DaiDai,
}

impl BoardStyle {
    /// A variant drawn in this style, whose board gives the style its size.
    fn variant(self) -> Variant {
        match self {
            BoardStyle::Standard => Variant::Standard,
            BoardStyle::Yonin => Variant::Yonin,
            BoardStyle::DaiDai => Variant::DaiDai,
        }
    }

    /// Number of files (= ranks) of the boards drawn in this style.
    pub fn size(self) -> usize {
        usize::from(self.variant().geometry().size())
    }
}

/// A square in global coordinates as Black/S sees the board: `col` 0 is the leftmost file
/// (file N), `row` 0 the top rank (rank a).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Square {
    pub col: u8,
    pub row: u8,
}

impl Square {
    pub const fn new(col: u8, row: u8) -> Square {
        Square { col, row }
    }

    /// The square with shogi coordinates `file` (1..=N, counted from the right) and `rank`
    /// (1..=N, counted from the top: rank a is 1) on an N x N board.
    pub fn from_file_rank(size: usize, file: u8, rank: u8) -> Square {
        debug_assert!((1..=size).contains(&usize::from(file)));
        debug_assert!((1..=size).contains(&usize::from(rank)));
        Square::new(size as u8 - file, rank - 1)
    }

    /// Parses USI-style coordinates such as `7g` or `12k` (file number, rank letter).
    pub fn parse(size: usize, text: &str) -> Option<Square> {
        let split = text.find(|c: char| !c.is_ascii_digit())?;
        let (file, rank) = text.split_at(split);
        let file: u8 = file.parse().ok()?;
        let mut rank_chars = rank.chars();
        let rank_char = rank_chars.next()?;
        if rank_chars.next().is_some() || !rank_char.is_ascii_lowercase() {
            return None;
        }
        let rank = rank_char as u8 - b'a' + 1;
        let in_range = |v: u8| (1..=size).contains(&usize::from(v));
        (in_range(file) && in_range(rank)).then(|| Square::from_file_rank(size, file, rank))
    }
}

/// How pieces are drawn.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
pub enum PieceStyle {
    /// The kanji of real sets (one character, or two stacked in dai dai shogi).
    #[default]
    Kanji,
    /// For beginners: the piece's Western letter (`K`; a promoted `+R` as a red `R`) with
    /// its moves drawn around it as dots and arrows. Standard and yonin shogi; dai dai
    /// shogi keeps its kanji.
    International,
}

impl PieceStyle {
    /// Every style, the default first.
    pub const ALL: [PieceStyle; 2] = [PieceStyle::Kanji, PieceStyle::International];

    /// The style's name as the command line takes it and a setting may store it.
    pub fn name(self) -> &'static str {
        match self {
            PieceStyle::Kanji => "kanji",
            PieceStyle::International => "international",
        }
    }
}

impl std::fmt::Display for PieceStyle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece style name that is not one of ours.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown piece style '{0}' (choose kanji or international)")]
pub struct UnknownPieceStyle(pub String);

impl std::str::FromStr for PieceStyle {
    type Err = UnknownPieceStyle;

    /// Reads a [`PieceStyle::name`], in any case; `intl` is short for international.
    fn from_str(s: &str) -> Result<PieceStyle, UnknownPieceStyle> {
        match s.trim().to_ascii_lowercase().as_str() {
            "kanji" => Ok(PieceStyle::Kanji),
            "international" | "intl" => Ok(PieceStyle::International),
            _ => Err(UnknownPieceStyle(s.into())),
        }
    }
}

/// How far a piece reaches along one of its move lines.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Reach {
    /// One square: drawn as a dot toward that square.
    Step,
    /// Any number of squares (`0`), or up to this many: drawn as an arrow.
    Slide(u8),
    /// Straight to the square at that displacement, over anything between (the knight).
    Jump,
}

/// One move line of a piece in its own frame: `dx` to its right, `dy` forward negative
/// (up as the owner sees the board), so the drawing turns with the piece.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct MoveMark {
    pub dx: i8,
    pub dy: i8,
    pub reach: Reach,
}

/// A piece as drawn on a square or in a hand.
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct ScenePiece {
    /// The text written on the piece: one kanji, or two stacked (dai dai shogi); in the
    /// international style the Western letter (`K`, `+R`).
    pub label: String,
    /// The international style: the piece's moves, drawn around its letter. `None` draws
    /// the label as kanji.
    pub moves: Option<Vec<MoveMark>>,
    /// Index of the owner in [`Scene::players`].
    pub owner: usize,
    /// The direction the piece points, normally its owner's forward direction.
    pub facing: QuarterTurns,
    /// Promoted pieces have their label in red.
    pub promoted: bool,
    /// Pieces of an eliminated yonin player: drawn greyed.
    pub powerless: bool,
    /// The flipped king of an eliminated yonin player (裏王): drawn face down, no label.
    pub face_down: bool,
    /// Size by rank, 0 (pawn-like) ..= 3 (king), as real sets cut them.
    pub size_class: u8,
}

impl ScenePiece {
    /// An ordinary piece of `owner` pointing to `facing`.
    pub fn new(label: &str, owner: usize, facing: QuarterTurns, size_class: u8) -> ScenePiece {
        ScenePiece {
            label: label.to_string(),
            moves: None,
            owner,
            facing,
            promoted: false,
            powerless: false,
            face_down: false,
            size_class: size_class.min(3),
        }
    }

    /// The international look: `label` is a Western letter, drawn with `moves`.
    pub fn with_moves(mut self, moves: Vec<MoveMark>) -> ScenePiece {
        self.moves = Some(moves);
        self
    }

    pub fn promoted(mut self) -> ScenePiece {
        self.promoted = true;
        self
    }

    pub fn powerless(mut self) -> ScenePiece {
        self.powerless = true;
        self
    }

    pub fn face_down(mut self) -> ScenePiece {
        self.face_down = true;
        self
    }
}

/// What a highlighted square took part in, for the last move.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Mark {
    /// Where the moving piece started (not shown for drops).
    From,
    /// Where it ended (or where a piece was dropped).
    To,
    /// A square a lion-type piece stepped through.
    Middle,
    /// A square where a piece was captured other than the destination (double captures,
    /// igui).
    Captured,
}

#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Highlight {
    pub square: Square,
    pub mark: Mark,
}

/// A colour as 8-bit sRGB.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Rgb {
    pub r: u8,
    pub g: u8,
    pub b: u8,
}

impl Rgb {
    pub const fn new(r: u8, g: u8, b: u8) -> Rgb {
        Rgb { r, g, b }
    }
}

/// The seat colours of yonin shogi in seat order S, W, N, E: blue, green, orange, purple
/// (from the Okabe-Ito palette, told apart with the common colour-vision deficiencies).
pub const YONIN_COLOURS: [Rgb; 4] = [
    Rgb::new(0x00, 0x72, 0xB2),
    Rgb::new(0x00, 0x9E, 0x73),
    Rgb::new(0xE6, 0x9F, 0x00),
    Rgb::new(0xCC, 0x79, 0xA7),
];

/// Pieces in a hand of one kind, with how many there are.
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct HandPiece {
    pub label: String,
    /// The international style's moves, as [`ScenePiece::moves`].
    pub moves: Option<Vec<MoveMark>>,
    pub count: u8,
    /// Size by rank, as [`ScenePiece::size_class`].
    pub size_class: u8,
}

impl HandPiece {
    pub fn new(label: &str, count: u8, size_class: u8) -> HandPiece {
        HandPiece {
            label: label.to_string(),
            moves: None,
            count,
            size_class: size_class.min(3),
        }
    }

    /// The international look, as [`ScenePiece::with_moves`].
    pub fn with_moves(mut self, moves: Vec<MoveMark>) -> HandPiece {
        self.moves = Some(moves);
        self
    }
}

/// The words drawn on a board image beside the names, in the reader's language (the
/// renderer knows no language: its caller gives them).
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct BoardWords {
    /// The tag of the player to move.
    pub to_move: String,
    /// The tag of a player whose king is attacked.
    pub check: String,
    /// The tag of an eliminated yonin player.
    pub out: String,
    /// The yonin seats on their chips, in seat order S, W, N, E.
    pub seats: [String; 4],
}

impl Default for BoardWords {
    /// English: "to move", "check", "out", and the seat letters.
    fn default() -> BoardWords {
        BoardWords {
            to_move: "to move".into(),
            check: "check".into(),
            out: "out".into(),
            seats: ["S", "W", "N", "E"].map(String::from),
        }
    }
}

/// How a finished game ended for one seat, drawn beside its name instead of the tags of
/// a game going on ("to move", "check").
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct Verdict {
    /// What the tag says: "winner", "checkmate", "2nd", "draw"...
    pub text: String,
    pub kind: VerdictKind,
}

/// Whether a [`Verdict`] tells of a win, a loss or neither; it sets the tag's colour.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum VerdictKind {
    Won,
    Lost,
    Drawn,
}

/// One seat at the table.
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct Player {
    /// Display name; any Unicode (characters without a glyph are drawn as a placeholder).
    pub name: String,
    /// The edge the seat sits at, which is also the direction its pieces point.
    pub edge: QuarterTurns,
    /// Seat colour (rims and legend in yonin shogi).
    pub colour: Rgb,
    /// The pieces in hand, in the order they are drawn (most valuable first).
    pub hand: Vec<HandPiece>,
    /// The seat's king is in check.
    pub in_check: bool,
    /// Out of the game (yonin): hand frozen, pieces powerless.
    pub eliminated: bool,
    /// How the game ended for this seat, once it has: drawn instead of its other tags.
    pub verdict: Option<Verdict>,
}

impl Player {
    pub fn new(name: &str, edge: QuarterTurns, colour: Rgb) -> Player {
        Player {
            name: name.to_string(),
            edge,
            colour,
            hand: Vec::new(),
            in_check: false,
            eliminated: false,
            verdict: None,
        }
    }
}

/// Everything one board image shows.
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct Scene {
    pub style: BoardStyle,
    size: usize,
    cells: Vec<Option<ScenePiece>>,
    /// The edge of the seat drawn at the bottom.
    pub view: QuarterTurns,
    /// The seats, indexed as [`ScenePiece::owner`]: two (Black, White) or four (S, W, N, E).
    pub players: Vec<Player>,
    /// Index of the player to move, if the game goes on.
    pub to_move: Option<usize>,
    /// Squares of the last move.
    pub highlights: Vec<Highlight>,
    /// Squares of kings in check.
    pub checked: Vec<Square>,
    /// File labels by column, left to right as Black/S sees the board (`9` .. `1`).
    pub file_labels: Vec<String>,
    /// Rank labels by row, top to bottom as Black/S sees the board (`a` .., or `一\na` for a
    /// kanji over a letter).
    pub rank_labels: Vec<String>,
    /// One line of text under the board (move number, result), if any.
    pub caption: Option<String>,
    /// Doubles: the two pairs of partners, as indices into [`Scene::players`] (S with N,
    /// W with E); the legend shows each pair on its own row.
    pub pairs: Option<[[usize; 2]; 2]>,
    /// The tags and seat names drawn beside the players, in the reader's language.
    pub words: BoardWords,
}

impl Scene {
    /// Marks the game over: nobody to move, and each seat's [`Verdict`] (by seat, as
    /// [`Scene::players`]) drawn instead of its tags. Seats without one keep theirs.
    pub fn set_verdicts(&mut self, verdicts: &[Option<Verdict>]) {
        if verdicts.iter().all(Option::is_none) {
            return;
        }
        self.to_move = None;
        for (player, verdict) in self.players.iter_mut().zip(verdicts) {
            player.verdict.clone_from(verdict);
        }
    }
}

impl Scene {
    /// An empty board of the style's size with its usual coordinates and unnamed players:
    /// Black and White for the two-player styles, S, W, N and E for yonin.
    pub fn new(style: BoardStyle) -> Scene {
        let size = style.size();
        let file_labels = (1..=size).rev().map(|f| f.to_string()).collect();
        let rank_labels = match style {
            // Kanji as on real boards, over the letters players type in USI moves.
            BoardStyle::Standard => ["一", "二", "三", "四", "五", "六", "七", "八", "九"]
                .iter()
                .zip('a'..='i')
                .map(|(kanji, letter)| format!("{kanji}\n{letter}"))
                .collect(),
            _ => (0..size as u8)
                .map(|r| char::from(b'a' + r).to_string())
                .collect(),
        };
        let players = match style {
            BoardStyle::Yonin => ["S", "W", "N", "E"]
                .iter()
                .enumerate()
                .map(|(i, name)| Player::new(name, QuarterTurns::new(i as u8), YONIN_COLOURS[i]))
                .collect(),
            _ => vec![
                Player::new("Black", QuarterTurns::SOUTH, Rgb::new(0x20, 0x20, 0x20)),
                Player::new("White", QuarterTurns::NORTH, Rgb::new(0xF4, 0xF4, 0xF4)),
            ],
        };
        Scene {
            style,
            size,
            cells: vec![None; size * size],
            view: QuarterTurns::SOUTH,
            players,
            to_move: Some(0),
            highlights: Vec::new(),
            checked: Vec::new(),
            file_labels,
            rank_labels,
            caption: None,
            pairs: None,
            words: BoardWords::default(),
        }
    }

    /// Number of files (= ranks): 9 or 17.
    pub fn size(&self) -> usize {
        self.size
    }

    fn index(&self, square: Square) -> Option<usize> {
        let (col, row) = (usize::from(square.col), usize::from(square.row));
        (col < self.size && row < self.size).then_some(row * self.size + col)
    }

    /// The piece on `square`; `None` also for a square off the board.
    pub fn piece(&self, square: Square) -> Option<&ScenePiece> {
        self.index(square).and_then(|i| self.cells[i].as_ref())
    }

    /// Puts `piece` on `square` (or empties it); squares off the board are ignored.
    pub fn set_piece(&mut self, square: Square, piece: Option<ScenePiece>) {
        if let Some(i) = self.index(square) {
            self.cells[i] = piece;
        }
    }

    /// Every occupied square with its piece, row by row.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, &ScenePiece)> {
        let size = self.size;
        self.cells.iter().enumerate().filter_map(move |(i, cell)| {
            cell.as_ref()
                .map(|p| (Square::new((i % size) as u8, (i / size) as u8), p))
        })
    }

    /// Marks the last move: `from` (none for a drop), squares stepped through, squares of
    /// other captures, and `to`.
    pub fn mark_move(
        &mut self,
        from: Option<Square>,
        middle: &[Square],
        captured: &[Square],
        to: Square,
    ) {
        self.highlights.clear();
        if let Some(from) = from {
            self.highlights.push(Highlight {
                square: from,
                mark: Mark::From,
            });
        }
        for &square in middle {
            self.highlights.push(Highlight {
                square,
                mark: Mark::Middle,
            });
        }
        self.highlights.push(Highlight {
            square: to,
            mark: Mark::To,
        });
        for &square in captured {
            self.highlights.push(Highlight {
                square,
                mark: Mark::Captured,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_style_names_read_back_and_bad_ones_are_refused() {
        for style in PieceStyle::ALL {
            assert_eq!(style.name().parse(), Ok(style));
            assert_eq!(style.to_string(), style.name());
        }
        assert_eq!(" Intl ".parse(), Ok(PieceStyle::International));
        assert_eq!(PieceStyle::default(), PieceStyle::Kanji);
        let bad = "western".parse::<PieceStyle>().unwrap_err();
        assert_eq!(
            bad.to_string(),
            "unknown piece style 'western' (choose kanji or international)"
        );
    }

    #[test]
    fn squares_use_shogi_coordinates() {
        assert_eq!(Square::from_file_rank(9, 9, 1), Square::new(0, 0));
        assert_eq!(Square::from_file_rank(9, 1, 9), Square::new(8, 8));
        assert_eq!(Square::parse(9, "7g"), Some(Square::new(2, 6)));
        assert_eq!(Square::parse(17, "12k"), Some(Square::new(5, 10)));
        assert_eq!(Square::parse(17, "1q"), Some(Square::new(16, 16)));
        assert_eq!(Square::parse(9, "0a"), None);
        assert_eq!(Square::parse(9, "1j"), None);
        assert_eq!(Square::parse(9, "7"), None);
        assert_eq!(Square::parse(9, "7gg"), None);
    }

    #[test]
    fn facing_relative_to_view() {
        // W's pieces point right; seen from W (W at the bottom) they point up.
        assert_eq!(
            QuarterTurns::WEST.relative_to(QuarterTurns::WEST),
            QuarterTurns::SOUTH
        );
        // S's pieces seen from W point left.
        assert_eq!(
            QuarterTurns::SOUTH.relative_to(QuarterTurns::WEST),
            QuarterTurns::EAST
        );
        assert_eq!(
            QuarterTurns::SOUTH.relative_to(QuarterTurns::NORTH),
            QuarterTurns::NORTH
        );
    }

    #[test]
    fn default_coordinates() {
        let standard = Scene::new(BoardStyle::Standard);
        assert_eq!(standard.file_labels.first().map(String::as_str), Some("9"));
        assert_eq!(
            standard.rank_labels.last().map(String::as_str),
            Some("九\ni")
        );
        let daidai = Scene::new(BoardStyle::DaiDai);
        assert_eq!(daidai.size(), 17);
        assert_eq!(daidai.file_labels.first().map(String::as_str), Some("17"));
        assert_eq!(daidai.rank_labels.last().map(String::as_str), Some("q"));
    }
}
