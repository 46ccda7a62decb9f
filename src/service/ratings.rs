//! Rating maths: Glicko-2 for two-player variants (standard, dai dai), Weng-Lin for the
//! four-player ones (yonin singles by final places; yonin doubles with the pairs as teams of
//! two). Pure functions over `skillratings`; the store keeps the numbers.
//!
//! Which games count: only finished, rated games. Aborted and void games (a yonin game
//! voided by repetition) change nothing: the service does not rate them, and
//! [`Store::finish_game`](crate::store::Store::finish_game) does not even call the rating
//! function for them. A game with a computer seat is never rated (its challenge, or the
//! start of a game whose open seats computers filled, says so), so computers have no
//! ratings; a server's ratings in a variant can be computed again from its rated games
//! (`Service::recompute_ratings_asked`), as a migration asks after changing which games
//! count.
//!
//! Provisional ratings: a rating is provisional while its player has fewer than
//! [`PROVISIONAL_GAMES`] rated games in that guild and variant, **or** while its deviation
//! is above the system's threshold ([`RatingSystem::provisional_deviation`]):
//! - Glicko-2 deviation above 110 (of 350 at the start; the threshold lichess uses). Between
//!   two newcomers it takes about 14 games to get there, fewer against settled players.
//! - Weng-Lin uncertainty above 6.5 (of 8.33 at the start). Four-player singles pass it
//!   within the first ten games; doubles, where one game says less about each partner,
//!   after about 15 games between newcomers.
//!
//! Leaderboards list established ratings only ([`RatingSystem::established`]).
//!
//! Display: Glicko-2 ratings are shown as they are (1500 to start). Weng-Lin ratings are
//! mapped onto the same scale, `1500 + (mu - 25) * k`, with `k` chosen so that a rating
//! difference predicts the same winning chance between two settled players as it does in
//! Glicko-2 / Elo (about 29.5 display points per Weng-Lin point).
//!
//! Glicko-2 is applied game by game (each game its own rating period); deviations do not
//! grow with inactivity.

use std::collections::HashSet;

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::weng_lin::{
    expected_score_two_teams, weng_lin_multi_team, weng_lin_two_teams, WengLinConfig, WengLinRating,
};
use skillratings::{MultiTeamOutcome, Outcomes};

use crate::store::{LeaderboardQuery, RatingUpdate, RatingValue, SeatPlace, SeatRating, Tally};

/// Rated games a player needs in a guild and variant before their rating is established.
pub const PROVISIONAL_GAMES: u32 = 10;

/// Glicko-2 deviation above which a rating is provisional.
pub const GLICKO2_PROVISIONAL_DEVIATION: f64 = 110.0;

/// Weng-Lin uncertainty (sigma) above which a rating is provisional.
pub const WENG_LIN_PROVISIONAL_UNCERTAINTY: f64 = 6.5;

/// Why a game can't be rated as described.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RatingError {
    #[error("a rated game needs at least two sides")]
    TooFewSides,
    #[error("a side of a rated game has no seat")]
    EmptySide,
    #[error("seat {0} appears on two sides")]
    SeatOnTwoSides(u8),
    #[error("places start at 1, not 0")]
    ZeroPlace,
    #[error("seat {0} has no place in the result")]
    SeatWithoutPlace(u8),
    #[error("the result places seat {0}, which the game does not have")]
    UnknownSeat(u8),
    #[error("Glicko-2 rates one player against one other")]
    NotOneAgainstOne,
}

/// The rating system of a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RatingSystem {
    /// Two players: standard shogi and dai dai shogi.
    Glicko2,
    /// Four players: yonin shogi, singles and doubles.
    WengLin,
}

impl RatingSystem {
    /// The system for a game with this many seats: Glicko-2 for two, Weng-Lin otherwise.
    pub fn for_seats(seats: usize) -> Self {
        if seats == 2 {
            Self::Glicko2
        } else {
            Self::WengLin
        }
    }

    /// A newcomer's rating.
    pub fn initial(self) -> RatingValue {
        match self {
            Self::Glicko2 => from_glicko2(Glicko2Rating::new()),
            Self::WengLin => from_weng_lin(WengLinRating::new()),
        }
    }

    /// The deviation above which a rating is provisional.
    pub fn provisional_deviation(self) -> f64 {
        match self {
            Self::Glicko2 => GLICKO2_PROVISIONAL_DEVIATION,
            Self::WengLin => WENG_LIN_PROVISIONAL_UNCERTAINTY,
        }
    }

    /// Whether a rating with this many games and this deviation is provisional.
    pub fn is_provisional(self, games_played: u32, deviation: f64) -> bool {
        games_played < PROVISIONAL_GAMES || deviation > self.provisional_deviation()
    }

    /// The leaderboard filter that lists established ratings only.
    pub fn established(self, limit: u32, offset: u32) -> LeaderboardQuery {
        LeaderboardQuery {
            min_games: PROVISIONAL_GAMES,
            max_deviation: Some(self.provisional_deviation()),
            limit,
            offset,
        }
    }

    /// The rating as players see it (on the familiar 1500 scale for both systems).
    pub fn display(self, value: &RatingValue) -> i32 {
        let shown = match self {
            Self::Glicko2 => value.rating,
            Self::WengLin => weng_lin_display(value.rating),
        };
        round_to_i32(shown)
    }
}

/// A two-player result, from the first player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win,
    Loss,
    Draw,
}

impl Outcome {
    fn to_outcomes(self) -> Outcomes {
        match self {
            Self::Win => Outcomes::WIN,
            Self::Loss => Outcomes::LOSS,
            Self::Draw => Outcomes::DRAW,
        }
    }
}

/// Glicko-2 after one game between `first` and `second`; `result` is the first player's.
pub fn glicko2_game(
    first: &Glicko2Rating,
    second: &Glicko2Rating,
    result: Outcome,
) -> (Glicko2Rating, Glicko2Rating) {
    glicko2(first, second, &result.to_outcomes(), &Glicko2Config::new())
}

/// Weng-Lin after a free-for-all game: each player with their final place (1 is best;
/// players who tie share a place). Returns the new ratings in the same order.
pub fn weng_lin_free_for_all(players: &[(WengLinRating, u8)]) -> Vec<WengLinRating> {
    let teams: Vec<([WengLinRating; 1], u8)> = players.iter().map(|&(r, p)| ([r], p)).collect();
    let sides: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .map(|(team, place)| (&team[..], MultiTeamOutcome::new(usize::from(*place))))
        .collect();
    weng_lin_multi_team(&sides, &WengLinConfig::new())
        .into_iter()
        .filter_map(|team| team.into_iter().next())
        .collect()
}

/// Weng-Lin after a doubles game between two pairs; `result` is the first pair's. Both
/// partners of a pair move the same way; the one whose rating is less certain moves more.
pub fn weng_lin_doubles(
    first: [WengLinRating; 2],
    second: [WengLinRating; 2],
    result: Outcome,
) -> ([WengLinRating; 2], [WengLinRating; 2]) {
    let (new_first, new_second) = weng_lin_two_teams(
        &first,
        &second,
        &result.to_outcomes(),
        &WengLinConfig::new(),
    );
    (
        new_first.try_into().unwrap_or(first),
        new_second.try_into().unwrap_or(second),
    )
}

/// A doubles pair as one rating, for display: the partners' mean rating, with the
/// uncertainty of that mean.
pub fn pair_rating(pair: [WengLinRating; 2]) -> WengLinRating {
    WengLinRating {
        rating: (pair[0].rating + pair[1].rating) / 2.0,
        uncertainty: (pair[0].uncertainty.powi(2) + pair[1].uncertainty.powi(2)).sqrt() / 2.0,
    }
}

/// The chance that the first pair beats the second, as Weng-Lin sees it.
pub fn doubles_win_probability(first: [WengLinRating; 2], second: [WengLinRating; 2]) -> f64 {
    expected_score_two_teams(&first, &second, &WengLinConfig::new()).0
}

/// The final standing of a rated game: its sides (one seat each, or a doubles pair) and
/// each side's place (1 is best; sides that tie share a place).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    sides: Vec<Side>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Side {
    seats: Vec<u8>,
    place: u8,
}

impl Standings {
    /// Two players: seat 0 against seat 1; `result` is seat 0's.
    pub fn two_player(result: Outcome) -> Self {
        let (first, second) = places_of(result);
        Self {
            sides: vec![
                Side {
                    seats: vec![0],
                    place: first,
                },
                Side {
                    seats: vec![1],
                    place: second,
                },
            ],
        }
    }

    /// Every seat for itself, by final place (yonin singles).
    pub fn singles(places: &[SeatPlace]) -> Result<Self, RatingError> {
        Self::sides(places.iter().map(|p| (vec![p.seat], p.place)).collect())
    }

    /// Two pairs (yonin doubles: seats 0 and 2, S and N, against 1 and 3, W and E);
    /// `result` is the first pair's.
    pub fn doubles(first: [u8; 2], second: [u8; 2], result: Outcome) -> Result<Self, RatingError> {
        let (first_place, second_place) = places_of(result);
        Self::sides(vec![
            (first.to_vec(), first_place),
            (second.to_vec(), second_place),
        ])
    }

    /// Any sides with their places.
    pub fn sides(sides: Vec<(Vec<u8>, u8)>) -> Result<Self, RatingError> {
        if sides.len() < 2 {
            return Err(RatingError::TooFewSides);
        }
        let mut seen = HashSet::new();
        for (seats, place) in &sides {
            if seats.is_empty() {
                return Err(RatingError::EmptySide);
            }
            if *place == 0 {
                return Err(RatingError::ZeroPlace);
            }
            if let Some(&seat) = seats.iter().find(|&&s| !seen.insert(s)) {
                return Err(RatingError::SeatOnTwoSides(seat));
            }
        }
        Ok(Self {
            sides: sides
                .into_iter()
                .map(|(seats, place)| Side { seats, place })
                .collect(),
        })
    }

    /// The place of every seat, for the game's record.
    pub fn seat_places(&self) -> Vec<SeatPlace> {
        let mut places: Vec<SeatPlace> = self
            .sides
            .iter()
            .flat_map(|side| {
                side.seats.iter().map(|&seat| SeatPlace {
                    seat,
                    place: side.place,
                })
            })
            .collect();
        places.sort_by_key(|p| p.seat);
        places
    }

    /// How a side's place counts in its players' records: a win for a first place held
    /// alone, a draw for a shared first place, a loss otherwise.
    fn tally(&self, side: &Side) -> Tally {
        let best = self
            .sides
            .iter()
            .map(|s| s.place)
            .min()
            .unwrap_or(side.place);
        let sharing = self.sides.iter().filter(|s| s.place == side.place).count();
        match (side.place == best, sharing) {
            (true, 1) => Tally::Win,
            (true, _) => Tally::Draw,
            (false, _) => Tally::Loss,
        }
    }
}

fn places_of(result: Outcome) -> (u8, u8) {
    match result {
        Outcome::Win => (1, 2),
        Outcome::Loss => (2, 1),
        Outcome::Draw => (1, 1),
    }
}

/// The new ratings of a finished, rated game: what
/// [`Store::finish_game`](crate::store::Store::finish_game) asks for. `seats` are the
/// game's seats with their players' current ratings (`None` for a first game: the
/// system's initial rating). Every seat must have a place in `standings`.
pub fn rate_game(
    system: RatingSystem,
    standings: &Standings,
    seats: &[SeatRating],
) -> Result<Vec<RatingUpdate>, RatingError> {
    for side in &standings.sides {
        if let Some(&seat) = side
            .seats
            .iter()
            .find(|&&s| !seats.iter().any(|r| r.seat == s))
        {
            return Err(RatingError::UnknownSeat(seat));
        }
    }
    if let Some(unplaced) = seats
        .iter()
        .find(|r| !standings.sides.iter().any(|s| s.seats.contains(&r.seat)))
    {
        return Err(RatingError::SeatWithoutPlace(unplaced.seat));
    }
    let current = |seat: u8| -> RatingValue {
        seats
            .iter()
            .find(|r| r.seat == seat)
            .and_then(|r| r.current.as_ref())
            .map_or_else(|| system.initial(), |c| c.value)
    };

    match system {
        RatingSystem::Glicko2 => {
            let [first, second] = &standings.sides[..] else {
                return Err(RatingError::NotOneAgainstOne);
            };
            let (&[a], &[b]) = (&first.seats[..], &second.seats[..]) else {
                return Err(RatingError::NotOneAgainstOne);
            };
            let result = outcome_of(first.place, second.place);
            let (new_a, new_b) =
                glicko2_game(&to_glicko2(current(a)), &to_glicko2(current(b)), result);
            Ok(vec![
                RatingUpdate {
                    seat: a,
                    value: from_glicko2(new_a),
                    tally: standings.tally(first),
                },
                RatingUpdate {
                    seat: b,
                    value: from_glicko2(new_b),
                    tally: standings.tally(second),
                },
            ])
        }
        RatingSystem::WengLin => {
            let teams: Vec<Vec<WengLinRating>> = standings
                .sides
                .iter()
                .map(|side| {
                    side.seats
                        .iter()
                        .map(|&s| to_weng_lin(current(s)))
                        .collect()
                })
                .collect();
            let sides: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
                .iter()
                .zip(&standings.sides)
                .map(|(team, side)| (&team[..], MultiTeamOutcome::new(usize::from(side.place))))
                .collect();
            let new = weng_lin_multi_team(&sides, &WengLinConfig::new());
            let mut updates = Vec::new();
            for (side, new_team) in standings.sides.iter().zip(new) {
                for (&seat, rating) in side.seats.iter().zip(new_team) {
                    updates.push(RatingUpdate {
                        seat,
                        value: from_weng_lin(rating),
                        tally: standings.tally(side),
                    });
                }
            }
            updates.sort_by_key(|u| u.seat);
            Ok(updates)
        }
    }
}

/// The result of the side in `place` against the side in `other`.
fn outcome_of(place: u8, other: u8) -> Outcome {
    match place.cmp(&other) {
        std::cmp::Ordering::Less => Outcome::Win,
        std::cmp::Ordering::Greater => Outcome::Loss,
        std::cmp::Ordering::Equal => Outcome::Draw,
    }
}

/// A doubles pair's rating as players see it.
pub fn pair_display_rating(pair: [WengLinRating; 2]) -> i32 {
    round_to_i32(weng_lin_display(pair_rating(pair).rating))
}

/// Display points per Weng-Lin rating point: equal winning chances for equal display
/// differences in Weng-Lin (Bradley-Terry with `c = sqrt(2) * beta` between settled
/// players) and in Glicko-2 / Elo (400 points for odds of 10 to 1).
fn weng_lin_display_scale() -> f64 {
    400.0 / (std::f64::consts::LN_10 * std::f64::consts::SQRT_2 * WengLinConfig::new().beta)
}

fn weng_lin_display(mu: f64) -> f64 {
    1500.0 + (mu - WengLinRating::new().rating) * weng_lin_display_scale()
}

fn round_to_i32(value: f64) -> i32 {
    // Saturating: ratings live far inside i32; NaN shows as 0.
    value.round() as i32
}

/// Store numbers to Glicko-2; a missing volatility takes the default.
pub fn to_glicko2(value: RatingValue) -> Glicko2Rating {
    Glicko2Rating {
        rating: value.rating,
        deviation: value.deviation,
        volatility: value.volatility.unwrap_or(Glicko2Rating::new().volatility),
    }
}

/// Glicko-2 to store numbers.
pub fn from_glicko2(rating: Glicko2Rating) -> RatingValue {
    RatingValue {
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: Some(rating.volatility),
    }
}

/// Store numbers to Weng-Lin (mu, sigma).
pub fn to_weng_lin(value: RatingValue) -> WengLinRating {
    WengLinRating {
        rating: value.rating,
        uncertainty: value.deviation,
    }
}

/// Weng-Lin to store numbers (no volatility).
pub fn from_weng_lin(rating: WengLinRating) -> RatingValue {
    RatingValue {
        rating: rating.rating,
        deviation: rating.uncertainty,
        volatility: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{GuildId, PlayerRating, UserId};

    fn glicko(rating: f64, deviation: f64) -> Glicko2Rating {
        Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    fn settled(rating: f64) -> WengLinRating {
        WengLinRating {
            rating,
            uncertainty: 2.0,
        }
    }

    /// Seats `0..n` with the given ratings (`None` for a first game).
    fn seats(values: &[Option<RatingValue>]) -> Vec<SeatRating> {
        (0u8..)
            .zip(values)
            .map(|(seat, value)| SeatRating {
                seat,
                user_id: UserId(100 + u64::from(seat)),
                current: value.map(|value| PlayerRating {
                    guild_id: GuildId(1),
                    variant: "test".into(),
                    user_id: UserId(100 + u64::from(seat)),
                    display_name: None,
                    value,
                    games_played: 20,
                    wins: 10,
                    losses: 10,
                    draws: 0,
                    updated_at: 0,
                }),
            })
            .collect()
    }

    fn place(seat: u8, place: u8) -> SeatPlace {
        SeatPlace { seat, place }
    }

    #[test]
    fn glicko2_winner_goes_up_and_loser_down() {
        let (winner, loser) =
            glicko2_game(&Glicko2Rating::new(), &Glicko2Rating::new(), Outcome::Win);
        assert!(winner.rating > 1500.0, "winner {}", winner.rating);
        assert!(loser.rating < 1500.0, "loser {}", loser.rating);
        // Between equals the exchange is symmetric, and both ratings become more certain.
        assert!((winner.rating - 1500.0 - (1500.0 - loser.rating)).abs() < 1e-9);
        assert!(winner.deviation < 350.0 && loser.deviation < 350.0);
    }

    #[test]
    fn glicko2_upset_moves_more_than_the_expected_result() {
        let favourite = glicko(1700.0, 80.0);
        let underdog = glicko(1400.0, 80.0);
        let (underdog_after_upset, _) = glicko2_game(&underdog, &favourite, Outcome::Win);
        let (favourite_after_win, _) = glicko2_game(&favourite, &underdog, Outcome::Win);
        let upset_gain = underdog_after_upset.rating - underdog.rating;
        let expected_gain = favourite_after_win.rating - favourite.rating;
        assert!(expected_gain > 0.0);
        assert!(
            upset_gain > 3.0 * expected_gain,
            "upset +{upset_gain:.1}, expected win +{expected_gain:.1}"
        );
    }

    #[test]
    fn glicko2_draw_between_equals_barely_moves() {
        let (a, b) = glicko2_game(&glicko(1620.0, 70.0), &glicko(1620.0, 70.0), Outcome::Draw);
        assert!((a.rating - 1620.0).abs() < 0.5, "{}", a.rating);
        assert!((b.rating - 1620.0).abs() < 0.5, "{}", b.rating);
    }

    #[test]
    fn glicko2_draw_with_a_stronger_player_is_a_gain() {
        let (weaker, stronger) =
            glicko2_game(&glicko(1450.0, 80.0), &glicko(1750.0, 80.0), Outcome::Draw);
        assert!(weaker.rating > 1450.0);
        assert!(stronger.rating < 1750.0);
    }

    #[test]
    fn glicko2_uncertain_rating_moves_more_than_a_settled_one() {
        let (newcomer, veteran) =
            glicko2_game(&glicko(1500.0, 300.0), &glicko(1500.0, 60.0), Outcome::Win);
        assert!(newcomer.rating - 1500.0 > 10.0 * (1500.0 - veteran.rating));
        assert!(veteran.rating < 1500.0);
    }

    #[test]
    fn four_player_places_come_out_in_order() {
        let after = weng_lin_free_for_all(&[
            (WengLinRating::new(), 3),
            (WengLinRating::new(), 1),
            (WengLinRating::new(), 4),
            (WengLinRating::new(), 2),
        ]);
        let start = WengLinRating::new().rating;
        let (first, second, third, fourth) = (after[1], after[3], after[0], after[2]);
        assert!(first.rating > second.rating);
        assert!(second.rating > third.rating);
        assert!(third.rating > fourth.rating);
        assert!(first.rating > start && second.rating > start);
        assert!(third.rating < start && fourth.rating < start);
    }

    #[test]
    fn four_player_tied_places_move_alike() {
        let after = weng_lin_free_for_all(&[
            (WengLinRating::new(), 1),
            (WengLinRating::new(), 2),
            (WengLinRating::new(), 2),
            (WengLinRating::new(), 4),
        ]);
        assert!((after[1].rating - after[2].rating).abs() < 1e-9);
        assert!(after[0].rating > after[1].rating && after[2].rating > after[3].rating);
    }

    #[test]
    fn four_player_upset_moves_more() {
        // The weakest player wins: a big gain. The strongest player wins: a small one.
        let field = [settled(20.0), settled(25.0), settled(25.0), settled(30.0)];
        let upset =
            weng_lin_free_for_all(&[(field[0], 1), (field[1], 2), (field[2], 3), (field[3], 4)]);
        let expected =
            weng_lin_free_for_all(&[(field[0], 4), (field[1], 2), (field[2], 3), (field[3], 1)]);
        let upset_gain = upset[0].rating - field[0].rating;
        let expected_gain = expected[3].rating - field[3].rating;
        assert!(expected_gain > 0.0);
        assert!(
            upset_gain > 2.0 * expected_gain,
            "{upset_gain} vs {expected_gain}"
        );
    }

    #[test]
    fn doubles_partners_move_together() {
        let south_north = [WengLinRating::new(), settled(25.0)];
        let west_east = [settled(27.0), WengLinRating::new()];
        let (winners, losers) = weng_lin_doubles(south_north, west_east, Outcome::Win);
        assert!(winners
            .iter()
            .zip(south_north)
            .all(|(a, b)| a.rating > b.rating));
        assert!(losers
            .iter()
            .zip(west_east)
            .all(|(a, b)| a.rating < b.rating));
        // The partner whose rating is less certain moves further.
        assert!(winners[0].rating - 25.0 > winners[1].rating - 25.0);
    }

    #[test]
    fn doubles_through_standings_match_the_pair_function() {
        let values = [
            settled(27.0),
            WengLinRating::new(),
            settled(22.0),
            settled(31.0),
        ];
        let seats = seats(&values.map(|v| Some(from_weng_lin(v))));
        let standings = Standings::doubles([0, 2], [1, 3], Outcome::Loss).unwrap();
        let updates = rate_game(RatingSystem::WengLin, &standings, &seats).unwrap();
        let (south_north, west_east) = weng_lin_doubles(
            [values[0], values[2]],
            [values[1], values[3]],
            Outcome::Loss,
        );
        let expected = [south_north[0], west_east[0], south_north[1], west_east[1]];
        for (update, expected) in updates.iter().zip(expected) {
            assert!((update.value.rating - expected.rating).abs() < 1e-9);
            assert!((update.value.deviation - expected.uncertainty).abs() < 1e-9);
        }
    }

    #[test]
    fn doubles_stronger_pair_is_favoured() {
        let strong = [settled(30.0), settled(28.0)];
        let weak = [settled(22.0), settled(24.0)];
        assert!(doubles_win_probability(strong, weak) > 0.8);
        assert!(
            (doubles_win_probability(strong, weak) + doubles_win_probability(weak, strong) - 1.0)
                .abs()
                < 1e-9
        );
        assert_eq!(pair_rating(strong).rating, 29.0);
        assert!(pair_display_rating(strong) > pair_display_rating(weak));
    }

    #[test]
    fn rate_game_two_players_from_first_games() {
        let updates = rate_game(
            RatingSystem::Glicko2,
            &Standings::two_player(Outcome::Loss),
            &seats(&[None, None]),
        )
        .unwrap();
        assert_eq!(updates.len(), 2);
        let (black, white) = (updates[0], updates[1]);
        assert_eq!((black.seat, black.tally), (0, Tally::Loss));
        assert_eq!((white.seat, white.tally), (1, Tally::Win));
        assert!(white.value.rating > 1500.0 && black.value.rating < 1500.0);
        assert!(white.value.volatility.is_some());
    }

    #[test]
    fn rate_game_two_players_uses_current_ratings() {
        let strong = from_glicko2(glicko(1800.0, 60.0));
        let weak = from_glicko2(glicko(1300.0, 60.0));
        let updates = rate_game(
            RatingSystem::Glicko2,
            &Standings::two_player(Outcome::Win),
            &seats(&[Some(strong), Some(weak)]),
        )
        .unwrap();
        // The favourite won: hardly any change.
        assert!(updates[0].value.rating - 1800.0 < 3.0);
        assert!(1300.0 - updates[1].value.rating < 3.0);
    }

    #[test]
    fn rate_game_draw_is_tallied_as_a_draw() {
        let updates = rate_game(
            RatingSystem::Glicko2,
            &Standings::two_player(Outcome::Draw),
            &seats(&[None, None]),
        )
        .unwrap();
        assert!(updates.iter().all(|u| u.tally == Tally::Draw));
    }

    #[test]
    fn rate_game_yonin_singles_by_places() {
        let standings =
            Standings::singles(&[place(0, 2), place(1, 4), place(2, 1), place(3, 3)]).unwrap();
        let updates = rate_game(RatingSystem::WengLin, &standings, &seats(&[None; 4])).unwrap();
        let by_seat: Vec<f64> = updates.iter().map(|u| u.value.rating).collect();
        assert!(by_seat[2] > by_seat[0] && by_seat[0] > by_seat[3] && by_seat[3] > by_seat[1]);
        let tallies: Vec<Tally> = updates.iter().map(|u| u.tally).collect();
        assert_eq!(tallies, [Tally::Loss, Tally::Loss, Tally::Win, Tally::Loss]);
        assert!(updates.iter().all(|u| u.value.volatility.is_none()));
    }

    #[test]
    fn rate_game_yonin_doubles_pairs_share_the_result() {
        let standings = Standings::doubles([1, 3], [0, 2], Outcome::Win).unwrap();
        let updates = rate_game(RatingSystem::WengLin, &standings, &seats(&[None; 4])).unwrap();
        let start = WengLinRating::new().rating;
        for update in &updates {
            let won = update.seat % 2 == 1;
            assert_eq!(update.value.rating > start, won, "seat {}", update.seat);
            assert_eq!(update.tally, if won { Tally::Win } else { Tally::Loss });
        }
        assert_eq!(
            standings.seat_places(),
            [place(0, 2), place(1, 1), place(2, 2), place(3, 1)]
        );
    }

    #[test]
    fn rate_game_shared_first_place_is_a_draw() {
        let standings =
            Standings::singles(&[place(0, 1), place(1, 1), place(2, 3), place(3, 4)]).unwrap();
        let updates = rate_game(RatingSystem::WengLin, &standings, &seats(&[None; 4])).unwrap();
        let tallies: Vec<Tally> = updates.iter().map(|u| u.tally).collect();
        assert_eq!(
            tallies,
            [Tally::Draw, Tally::Draw, Tally::Loss, Tally::Loss]
        );
    }

    #[test]
    fn rate_game_refuses_results_that_do_not_fit_the_game() {
        let four = seats(&[None; 4]);
        let three_placed = Standings::singles(&[place(0, 1), place(1, 2), place(2, 3)]).unwrap();
        assert_eq!(
            rate_game(RatingSystem::WengLin, &three_placed, &four),
            Err(RatingError::SeatWithoutPlace(3))
        );
        let two = seats(&[None, None]);
        let stranger = Standings::singles(&[place(0, 1), place(5, 2)]).unwrap();
        assert_eq!(
            rate_game(RatingSystem::Glicko2, &stranger, &two),
            Err(RatingError::UnknownSeat(5))
        );
        let singles =
            Standings::singles(&[place(0, 1), place(1, 2), place(2, 3), place(3, 4)]).unwrap();
        assert_eq!(
            rate_game(RatingSystem::Glicko2, &singles, &four),
            Err(RatingError::NotOneAgainstOne)
        );
    }

    #[test]
    fn standings_refuse_nonsense() {
        assert_eq!(
            Standings::singles(&[place(0, 1)]),
            Err(RatingError::TooFewSides)
        );
        assert_eq!(
            Standings::singles(&[place(0, 1), place(0, 2)]),
            Err(RatingError::SeatOnTwoSides(0))
        );
        assert_eq!(
            Standings::singles(&[place(0, 0), place(1, 1)]),
            Err(RatingError::ZeroPlace)
        );
        assert_eq!(
            Standings::sides(vec![(vec![], 1), (vec![1], 2)]),
            Err(RatingError::EmptySide)
        );
    }

    #[test]
    fn provisional_until_ten_games_and_a_settled_deviation() {
        let g = RatingSystem::Glicko2;
        assert!(g.is_provisional(0, 350.0));
        assert!(g.is_provisional(9, 60.0));
        assert!(g.is_provisional(30, 150.0));
        assert!(!g.is_provisional(10, 100.0));
        let w = RatingSystem::WengLin;
        assert!(w.is_provisional(3, 3.0));
        assert!(w.is_provisional(12, 7.0));
        assert!(!w.is_provisional(12, 4.0));
        let established = g.established(10, 0);
        assert_eq!(established.min_games, PROVISIONAL_GAMES);
        assert_eq!(
            established.max_deviation,
            Some(GLICKO2_PROVISIONAL_DEVIATION)
        );
    }

    #[test]
    fn ten_four_player_games_settle_a_singles_rating() {
        let mut players = [WengLinRating::new(); 4];
        for game in 0..10 {
            let placed: Vec<(WengLinRating, u8)> = (0u8..)
                .zip(players)
                .map(|(i, r)| (r, (i + game) % 4 + 1))
                .collect();
            let after = weng_lin_free_for_all(&placed);
            players.copy_from_slice(&after);
        }
        assert!(players
            .iter()
            .all(|p| !RatingSystem::WengLin.is_provisional(10, p.uncertainty)));
    }

    #[test]
    fn newcomers_show_1500_in_both_systems() {
        assert_eq!(
            RatingSystem::Glicko2.display(&RatingSystem::Glicko2.initial()),
            1500
        );
        assert_eq!(
            RatingSystem::WengLin.display(&RatingSystem::WengLin.initial()),
            1500
        );
        assert_eq!(RatingSystem::for_seats(2), RatingSystem::Glicko2);
        assert_eq!(RatingSystem::for_seats(4), RatingSystem::WengLin);
    }

    #[test]
    fn weng_lin_display_gap_means_the_same_odds_as_in_glicko() {
        // 400 display points apart: odds of about 10 to 1 between settled players, as in
        // Elo and Glicko-2.
        let gap = 400.0 / weng_lin_display_scale();
        let low = WengLinRating {
            rating: 25.0,
            uncertainty: 0.01,
        };
        let high = WengLinRating {
            rating: 25.0 + gap,
            uncertainty: 0.01,
        };
        let shown = |r: WengLinRating| RatingSystem::WengLin.display(&from_weng_lin(r));
        assert_eq!(shown(high) - shown(low), 400);
        let chance = skillratings::weng_lin::expected_score(&high, &low, &WengLinConfig::new()).0;
        assert!((chance - 10.0 / 11.0).abs() < 0.001, "{chance}");
    }

    #[test]
    fn store_numbers_round_trip() {
        let g = glicko(1612.5, 87.25);
        assert_eq!(to_glicko2(from_glicko2(g)), g);
        let w = settled(31.5);
        assert_eq!(to_weng_lin(from_weng_lin(w)), w);
        let no_volatility = RatingValue {
            rating: 1500.0,
            deviation: 300.0,
            volatility: None,
        };
        assert_eq!(to_glicko2(no_volatility).volatility, 0.06);
    }
}
