//! A game as the service works on it: the stored row and the engine game rebuilt from its
//! state, with the questions every action asks (who sits where, whose turn it is), and
//! the result as the `games.result` column keeps it ([`StoredResult`], read here alone).

use serde::{Deserialize, Serialize};

use crate::engine::{self, EndReason, Seat, SeatSet, Variant};
use crate::store::{self, ChannelId, GameId, UserId};

use super::{PlayerView, Service, ServiceError, ServiceResult};
use crate::engine::Position;

/// A stored game and its engine state.
pub(super) struct Table {
    pub row: store::Game,
    pub game: engine::Game,
}

impl Table {
    /// Rebuilds the engine game from a stored row.
    pub fn from_row(row: store::Game) -> ServiceResult<Self> {
        let game = engine::Game::from_state(&row.state)
            .map_err(|e| ServiceError::Corrupt(format!("game #{}: {e}", row.id)))?;
        Ok(Self { row, game })
    }

    pub fn variant(&self) -> Variant {
        self.game.variant()
    }

    pub fn id(&self) -> GameId {
        self.row.id
    }

    /// The player in a seat.
    pub fn player(&self, seat: u8) -> PlayerView {
        player_at(&self.row, self.variant(), seat)
    }

    /// Every seat, in order.
    pub fn players(&self) -> Vec<PlayerView> {
        players_of(&self.row, self.variant())
    }

    /// The players in a set of seats.
    pub fn players_in(&self, seats: SeatSet) -> Vec<PlayerView> {
        seats.iter().map(|seat| self.player(seat.0)).collect()
    }

    /// The seat to move, while the game is on.
    pub fn seat_to_move(&self) -> Option<u8> {
        self.game.seat_to_move().map(|seat| seat.0)
    }

    /// The seat a user acts from: the one to move if they hold it (someone playing
    /// themself holds two), else their first.
    pub fn seat_of(&self, user: UserId) -> ServiceResult<u8> {
        let to_move = self.seat_to_move();
        let mut seats = self.row.seats_of(user).peekable();
        let first = *seats.peek().ok_or(ServiceError::NotAPlayer)?;
        Ok(seats.find(|&s| Some(s) == to_move).unwrap_or(first))
    }

    /// The user's seat if it is their turn.
    pub fn turn_of(&self, user: UserId) -> ServiceResult<u8> {
        let seat = self.seat_of(user)?;
        if !self.game.position().alive().contains(Seat(seat)) {
            return Err(ServiceError::Eliminated);
        }
        match self.seat_to_move() {
            Some(to_move) if to_move == seat => Ok(seat),
            Some(to_move) => Err(ServiceError::NotYourTurn {
                to_move: self.player(to_move),
            }),
            None => Err(ServiceError::GameOver(self.id())),
        }
    }

    /// Whether a computer player holds `seat`.
    pub fn is_computer(&self, seat: u8) -> bool {
        super::computer_level(self.player(seat).user_id).is_some()
    }

    /// Display names by seat, for records and pictures.
    pub fn names(&self) -> Vec<String> {
        self.players().iter().map(display_name).collect()
    }
}

/// A player's name, or a stand-in when the bot has not seen it.
pub(super) fn display_name(player: &PlayerView) -> String {
    player
        .name
        .clone()
        .unwrap_or_else(|| format!("user {}", player.user_id))
}

pub(super) fn player_at(row: &store::Game, variant: Variant, seat: u8) -> PlayerView {
    let stored = row.seats.iter().find(|s| s.seat == seat);
    PlayerView {
        seat,
        seat_name: variant.named_seat(Seat(seat)),
        user_id: stored.map_or(UserId(0), |s| s.user_id),
        name: stored.and_then(|s| s.display_name.clone()),
    }
}

pub(super) fn players_of(row: &store::Game, variant: Variant) -> Vec<PlayerView> {
    row.seats
        .iter()
        .map(|s| player_at(row, variant, s.seat))
        .collect()
}

/// The variant a stored game or challenge names.
pub(super) fn parse_variant(text: &str) -> ServiceResult<Variant> {
    text.parse()
        .map_err(|e| ServiceError::Corrupt(format!("stored variant: {e}")))
}

/// The seat a game's boards in its channel are seen from, the same for every move so the
/// board never turns under the players: the challenger's (their first seat), or the first
/// seat (black, S) when the challenger is unknown or does not play.
pub(super) fn channel_seat(row: &store::Game, challenger: Option<UserId>) -> u8 {
    challenger
        .and_then(|challenger| row.seats_of(challenger).next())
        .unwrap_or(0)
}

impl Service {
    /// The seat the channel sees a game's boards from (see [`channel_seat`]).
    pub(super) async fn channel_seat_of(&self, table: &Table) -> ServiceResult<u8> {
        let challenger = match table.row.challenge_id {
            Some(id) => self.store().challenge(id).await?.map(|c| c.challenger_id),
            None => None,
        };
        Ok(channel_seat(&table.row, challenger))
    }

    /// The active game in a channel.
    pub(super) async fn table_in_channel(&self, channel: ChannelId) -> ServiceResult<Table> {
        let row = self
            .store()
            .active_game_in_channel(channel)
            .await?
            .ok_or(ServiceError::NoGameHere)?;
        Table::from_row(row)
    }
}

/// The result as the `games.result` column keeps it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct StoredResult {
    pub reason: EndReason,
    /// Place per seat; `None` for a game without a result.
    pub places: Option<Vec<u8>>,
    /// One line for people.
    pub summary: String,
}

impl StoredResult {
    /// A stored game's result; `None` while it goes on, or for a result that does not read
    /// back.
    pub fn of(row: &store::Game) -> Option<Self> {
        serde_json::from_value(row.result.clone()?).ok()
    }
}
