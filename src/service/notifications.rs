//! How players are told it is their turn, as each chose with `/settings notifications`: a
//! mention in the channel (the default), a direct message as well, no mention (quiet), or
//! one direct message a day listing the games waiting for them (the digest). The direct
//! messages are announcements like any other, stored with the change that calls for them.

use crate::store::{self, ChannelId, GameId, NotificationMode, UserId, WorkKind};

use super::announce::Announcement;
use super::image::{BoardPicture, NumberedMove};
use super::table::Table;
use super::work;
use super::{BoardView, Digest, DigestGame, Event, Outcome, Service, ServiceResult, TurnMessage};

/// A digest comes once a day, at the time of day the player chose it.
pub const DIGEST_PERIOD: i64 = 86_400;

/// A player's notification setting, as they are shown it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotificationView {
    pub mode: NotificationMode,
    /// With the digest: when the next one comes (the same time every day).
    pub digest_at: Option<i64>,
}

/// When a digest due at `due_at` comes next: the same time of day, on the first day after
/// `now` (a bot stopped for days sends one digest, not one per missed day).
pub fn next_digest_after(due_at: i64, now: i64) -> i64 {
    let missed = (now - due_at).max(0) / DIGEST_PERIOD;
    due_at + (missed + 1) * DIGEST_PERIOD
}

/// The direct message telling the first player of a new game that it is their turn.
pub(super) fn turn_message_at_start(view: &BoardView) -> Option<Announcement> {
    let player = view.to_move.clone()?;
    Some(Announcement::TurnMessage(Box::new(TurnMessage {
        game_id: view.game_id,
        guild_id: view.guild_id,
        channel_id: view.channel_id,
        variant: view.variant,
        picture: BoardPicture {
            seat: player.seat,
            ..view.picture.clone()
        },
        player,
        ply: view.ply,
        last_move: None,
        last_played: None,
        deadline_at: view.deadline_at,
        bank_left: view.bank_left,
    })))
}

fn view_of(setting: Option<store::NotificationSetting>) -> NotificationView {
    match setting {
        Some(setting) => NotificationView {
            mode: setting.mode,
            digest_at: setting.digest_next_at,
        },
        None => NotificationView {
            mode: NotificationMode::default(),
            digest_at: None,
        },
    }
}

impl Service {
    /// A player's notification setting.
    pub async fn notifications(&self, user: UserId) -> ServiceResult<NotificationView> {
        Ok(view_of(self.store().notification_setting(user).await?))
    }

    /// Sets how a player is told it is their turn. The digest comes every day at the time
    /// of day it was first chosen, the first a day after; choosing it again keeps its time.
    pub async fn set_notifications(
        &self,
        user: UserId,
        mode: NotificationMode,
    ) -> ServiceResult<NotificationView> {
        let now = self.now();
        let setting = self
            .store()
            .set_notification_mode(user, mode, now + DIGEST_PERIOD, now)
            .await?;
        self.schedule_changed();
        Ok(view_of(Some(setting)))
    }

    /// Those of `users` who asked not to be mentioned when it is their turn (quiet, or the
    /// digest instead).
    pub async fn unmentioned(&self, users: &[UserId]) -> ServiceResult<Vec<UserId>> {
        let mut quiet = Vec::new();
        for &user in users {
            if super::computer_level(user).is_some() {
                continue;
            }
            let mode = self.notifications(user).await?.mode;
            if matches!(mode, NotificationMode::Quiet | NotificationMode::Digest) {
                quiet.push(user);
            }
        }
        Ok(quiet)
    }

    /// Whether `user` asked for a direct message on their turn.
    pub(super) async fn wants_turn_message(&self, user: UserId) -> ServiceResult<bool> {
        if super::computer_level(user).is_some() {
            return Ok(false);
        }
        Ok(self.notifications(user).await?.mode == NotificationMode::Dm)
    }

    /// The direct message telling the player at `seat` that it is their turn after
    /// `outcome`, if they asked for one.
    pub(super) async fn turn_message(
        &self,
        table: &Table,
        seat: u8,
        outcome: &Outcome,
    ) -> ServiceResult<Option<Announcement>> {
        let player = table.player(seat);
        let Some(picture) = &outcome.picture else {
            return Ok(None);
        };
        if !self.wants_turn_message(player.user_id).await? {
            return Ok(None);
        }
        let last_move = match &outcome.event {
            Event::Move { readable, .. } => Some(readable.clone()),
            _ => None,
        };
        let last_played = match &outcome.event {
            Event::Move { by, .. } => outcome.event_move().map(|text| NumberedMove {
                ply: outcome.ply,
                seat: by.seat,
                text,
            }),
            _ => None,
        };
        Ok(Some(Announcement::TurnMessage(Box::new(TurnMessage {
            game_id: outcome.game_id,
            guild_id: outcome.guild_id,
            channel_id: outcome.channel_id,
            variant: outcome.variant,
            player,
            ply: outcome.ply,
            last_move,
            last_played,
            deadline_at: outcome.deadline_at,
            bank_left: outcome.bank_left,
            picture: BoardPicture {
                seat,
                ..picture.clone()
            },
        }))))
    }

    /// The last message posted about a game in its channel: the board a direct message
    /// links to.
    pub async fn game_board_message(
        &self,
        game: GameId,
        channel: ChannelId,
    ) -> ServiceResult<Option<store::MessageId>> {
        Ok(self.store().last_game_message(game, channel).await?)
    }

    /// Sends the digests due at `now`: each lists the games where it is the player's turn
    /// (none is sent when there are none) and moves the digest to the next day in the same
    /// write. Each is claimed first, so that of several processes only one makes it.
    /// Returns how many were sent.
    pub(super) async fn send_due_digests(&self, now: i64) -> ServiceResult<usize> {
        let mut sent = 0;
        for due in self.store().due_digests(now).await? {
            let Some(due_at) = due.digest_next_at else {
                continue;
            };
            let user = due.user_id;
            let send = self.send_digest(user, due_at, now);
            match self
                .once(WorkKind::Digest, work::item_of(user.0), now, send)
                .await
            {
                Ok(Some(())) => sent += 1,
                Ok(None) => {}
                Err(error) if error.is_unavailable() => return Err(error),
                Err(error) => tracing::error!(%user, %error, "digest not sent"),
            }
        }
        Ok(sent)
    }

    /// Sends `user`'s digest due at `due_at` if it still is (read afresh): `Some` if one
    /// was sent, `None` if it was not due any more or listed no game.
    async fn send_digest(&self, user: UserId, due_at: i64, now: i64) -> ServiceResult<Option<()>> {
        let still_due = self
            .store()
            .notification_setting(user)
            .await?
            .is_some_and(|s| {
                s.mode == NotificationMode::Digest && s.digest_next_at == Some(due_at)
            });
        if !still_due {
            return Ok(None);
        }
        let games = self.digest_games(user).await?;
        let announcements = if games.is_empty() {
            Vec::new()
        } else {
            let digest = Announcement::Digest(Box::new(Digest {
                user_id: user,
                games,
            }));
            // A player's direct messages queue under their own id (Discord's ids never
            // repeat across users and channels), apart from every channel's posts.
            vec![digest.stored_in(ChannelId(user.0), None, None)?]
        };
        let next_at = next_digest_after(due_at, now);
        let stored = self
            .store()
            .send_digest(user, due_at, next_at, &announcements, now)
            .await?;
        if !stored || announcements.is_empty() {
            return Ok(None);
        }
        self.announced();
        Ok(Some(()))
    }

    /// The games where it is `user`'s turn, the soonest deadline first.
    async fn digest_games(&self, user: UserId) -> ServiceResult<Vec<DigestGame>> {
        let mut games = Vec::new();
        for row in self.store().active_games_of_user(user, None).await? {
            let table = Table::from_row(row)?;
            let Some(seat) = table.seat_to_move() else {
                continue;
            };
            if table.player(seat).user_id != user {
                continue;
            }
            games.push(DigestGame {
                game_id: table.row.id,
                guild_id: table.row.guild_id,
                channel_id: table.row.channel_id,
                variant: table.variant(),
                ply: table.row.ply,
                opponents: table
                    .players()
                    .into_iter()
                    .filter(|p| p.user_id != user)
                    .collect(),
                deadline_at: table.row.deadline_at,
                bank_left: super::clocks::bank_shown(&table.row, seat),
            });
        }
        games.sort_by_key(|game| (game.deadline_at.unwrap_or(i64::MAX), game.game_id.0));
        Ok(games)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_late_digest_keeps_its_time_of_day_and_comes_once() {
        let due = 1_800_000_000;
        assert_eq!(next_digest_after(due, due), due + DIGEST_PERIOD);
        assert_eq!(next_digest_after(due, due + 3_600), due + DIGEST_PERIOD);
        // Down for three days and a bit: the next comes at the same time tomorrow.
        assert_eq!(
            next_digest_after(due, due + 3 * DIGEST_PERIOD + 60),
            due + 4 * DIGEST_PERIOD
        );
    }
}
