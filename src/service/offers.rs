//! Agreements between the two players of a two-player game: draw offers and takeback
//! requests. They are stored, so answering works after a restart.
//!
//! A draw offer stands until the other player moves (the offerer may still make their own
//! move); a takeback request only until anyone moves. Either can be declined; offering a
//! draw while the other player's offer stands accepts it.

use crate::engine::{MoveReport, Seat};
use crate::store::{
    AnnouncementId, ChannelId, NewOffer, Offer, OfferKind, StoredAnnouncement, UserId,
};

use super::play::{ended_by, Write};
use super::table::Table;
use super::{
    Announcement, Event, OfferAnswered, OfferDeclined, OfferLapsed, OfferMade, OfferView, Outcome,
    Service, ServiceError, ServiceResult,
};

/// What an offer or request did. Either way, it is announced in the game's channel.
#[derive(Clone, Debug, PartialEq)]
pub enum OfferOutcome {
    /// Recorded; the other player may accept or decline it.
    Made(OfferView),
    /// The other player had already offered the same: agreed, and this is what followed.
    Agreed(Box<Outcome>),
}

impl Service {
    /// Offers a draw in the user's two-player game; accepts the opponent's standing offer
    /// if there is one.
    pub async fn offer_draw(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> ServiceResult<OfferOutcome> {
        let now = self.now();
        let table = self.table_in_channel(channel).await?;
        let seat = agreement_seat(&table, user, OfferKind::Draw)?;
        if let Some(offer) = self.standing_offer(&table, OfferKind::Draw).await? {
            if offer.seat != seat {
                // Answered by a command, not the offer's buttons: its message is edited.
                return self
                    .agree_draw(table, offer, seat, Answered::Elsewhere, now)
                    .await
                    .map(|outcome| OfferOutcome::Agreed(Box::new(outcome)));
            }
            return Err(ServiceError::AlreadyOffered);
        }
        self.make_offer(&table, OfferKind::Draw, seat, user, now)
            .await
    }

    /// Accepts the opponent's standing draw offer with its button (whose message the
    /// click updates): the game ends drawn.
    pub async fn accept_draw(&self, channel: ChannelId, user: UserId) -> ServiceResult<Outcome> {
        self.accept_draw_as(channel, user, Answered::ByButton).await
    }

    /// Accepts the opponent's standing draw offer; `answered` says whether the offer's
    /// message is to be edited.
    pub(super) async fn accept_draw_as(
        &self,
        channel: ChannelId,
        user: UserId,
        answered: Answered,
    ) -> ServiceResult<Outcome> {
        let now = self.now();
        let table = self.table_in_channel(channel).await?;
        let seat = agreement_seat(&table, user, OfferKind::Draw)?;
        let offer = self.offer_to_answer(&table, OfferKind::Draw, seat).await?;
        self.agree_draw(table, offer, seat, answered, now).await
    }

    /// Declines the opponent's standing draw offer with its button.
    pub async fn decline_draw(&self, channel: ChannelId, user: UserId) -> ServiceResult<OfferView> {
        self.decline_offer(channel, user, OfferKind::Draw, Answered::ByButton)
            .await
    }

    /// Asks to take back the user's last move (and the opponent's reply, if they have
    /// answered it), so it is the user's turn again.
    pub async fn request_takeback(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> ServiceResult<OfferView> {
        let now = self.now();
        let table = self.table_in_channel(channel).await?;
        let seat = agreement_seat(&table, user, OfferKind::Takeback)?;
        takeback_plies(&table, seat)?;
        if let Some(offer) = self.standing_offer(&table, OfferKind::Takeback).await? {
            let by = (offer.seat != seat).then(|| table.player(offer.seat));
            return Err(ServiceError::TakebackPending { by });
        }
        match self
            .make_offer(&table, OfferKind::Takeback, seat, user, now)
            .await?
        {
            OfferOutcome::Made(view) => Ok(view),
            OfferOutcome::Agreed(_) => Err(ServiceError::Raced),
        }
    }

    /// Grants the opponent's standing takeback request with its button: their last move
    /// (and any reply) is undone and it is their turn again, with a fresh clock.
    pub async fn accept_takeback(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> ServiceResult<Outcome> {
        self.accept_takeback_as(channel, user, Answered::ByButton)
            .await
    }

    /// Grants the opponent's standing takeback request; `answered` says whether the
    /// request's message is to be edited.
    pub(super) async fn accept_takeback_as(
        &self,
        channel: ChannelId,
        user: UserId,
        answered: Answered,
    ) -> ServiceResult<Outcome> {
        let now = self.now();
        let mut table = self.table_in_channel(channel).await?;
        let seat = agreement_seat(&table, user, OfferKind::Takeback)?;
        let offer = self
            .offer_to_answer(&table, OfferKind::Takeback, seat)
            .await?;
        let plies = takeback_plies(&table, offer.seat)?;
        table.game.takeback(plies as usize)?;
        let report = MoveReport {
            played: None,
            eliminated: Vec::new(),
            result: None,
            next: table.game.seat_to_move(),
        };
        let event = Event::TakeBack {
            plies,
            requested_by: table.player(offer.seat),
        };
        let answered = self.answered(&table, &offer, true, user, answered).await?;
        let write = Write::TakeBack { plies, answered };
        self.settle(table, event, report, write, None, now).await
    }

    /// Declines the opponent's standing takeback request with its button.
    pub async fn decline_takeback(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> ServiceResult<OfferView> {
        self.decline_offer(channel, user, OfferKind::Takeback, Answered::ByButton)
            .await
    }

    /// The stored offers of a game that still stand (none in games of more than two).
    pub(super) async fn standing_offer_rows(&self, table: &Table) -> ServiceResult<Vec<Offer>> {
        if table.variant().seats() != 2 {
            return Ok(Vec::new());
        }
        let offers = self.store().offers(table.id()).await?;
        Ok(offers
            .into_iter()
            .filter(|offer| stands(table, offer))
            .collect())
    }

    /// The announcements of the offers among `standing` (those that stood before a move)
    /// that the move, now played in `table`, lapsed: each names the announcement that
    /// made it, whose message is to lose its buttons.
    pub(super) async fn lapsed_by_move(
        &self,
        table: &Table,
        standing: Vec<Offer>,
    ) -> ServiceResult<Vec<Announcement>> {
        let lapsed: Vec<Offer> = standing
            .into_iter()
            .filter(|offer| !stands(table, offer))
            .collect();
        if lapsed.is_empty() {
            return Ok(Vec::new());
        }
        let said = self.store().announcements_of_game(table.id()).await?;
        Ok(lapsed
            .into_iter()
            .map(|offer| {
                let made = offer_message(&said, &offer);
                Announcement::OfferLapsed(Box::new(OfferLapsed {
                    game_id: table.id(),
                    variant: table.variant(),
                    offer: OfferView {
                        kind: offer.kind,
                        by: table.player(offer.seat),
                    },
                    made,
                }))
            })
            .collect())
    }

    /// The offers of a game that still stand.
    pub(super) async fn standing_offers(&self, table: &Table) -> ServiceResult<Vec<OfferView>> {
        let offers = self.store().offers(table.id()).await?;
        Ok(offers
            .into_iter()
            .filter(|offer| stands(table, offer))
            .map(|offer| OfferView {
                kind: offer.kind,
                by: table.player(offer.seat),
            })
            .collect())
    }

    async fn standing_offer(&self, table: &Table, kind: OfferKind) -> ServiceResult<Option<Offer>> {
        let offers = self.store().offers(table.id()).await?;
        Ok(offers
            .into_iter()
            .find(|offer| offer.kind == kind && stands(table, offer)))
    }

    /// The other player's standing offer of this kind, for `seat` to answer.
    async fn offer_to_answer(
        &self,
        table: &Table,
        kind: OfferKind,
        seat: u8,
    ) -> ServiceResult<Offer> {
        let offers = self.store().offers(table.id()).await?;
        let Some(offer) = offers.into_iter().find(|offer| offer.kind == kind) else {
            return Err(ServiceError::NoOfferToAnswer(kind));
        };
        if !stands(table, &offer) {
            // Kept until replaced, so a late answer learns what became of it.
            return Err(ServiceError::OfferLapsed {
                kind,
                by: table.player(offer.seat),
            });
        }
        if offer.seat == seat {
            return Err(ServiceError::OwnOffer(kind));
        }
        Ok(offer)
    }

    async fn make_offer(
        &self,
        table: &Table,
        kind: OfferKind,
        seat: u8,
        user: UserId,
        now: i64,
    ) -> ServiceResult<OfferOutcome> {
        let offer = NewOffer {
            kind,
            seat,
            user_id: user,
        };
        let view = OfferView {
            kind,
            by: table.player(seat),
        };
        let announcement = Announcement::OfferMade(Box::new(OfferMade {
            game_id: table.id(),
            variant: table.variant(),
            offer: view.clone(),
            players: table.players(),
        }));
        let announcements =
            vec![announcement.stored_in(table.row.channel_id, Some(table.id()), None)?];
        self.store()
            .put_offer(table.row.at_version(), &offer, announcements, now)
            .await?;
        self.announced();
        Ok(OfferOutcome::Made(view))
    }

    async fn agree_draw(
        &self,
        mut table: Table,
        offer: Offer,
        seat: u8,
        answered: Answered,
        now: i64,
    ) -> ServiceResult<Outcome> {
        let by = table.player(seat).user_id;
        let answered = self.answered(&table, &offer, true, by, answered).await?;
        let result = table.game.agree_draw()?;
        let event = Event::DrawAgreed {
            offered_by: table.player(offer.seat),
            accepted_by: table.player(seat),
        };
        let write = Write::Agreement { answered };
        self.settle(table, event, ended_by(result), write, None, now)
            .await
    }

    /// The edit of an offer's message that says how it was answered, when it was not
    /// answered by its own buttons (whose click updates the message).
    async fn answered(
        &self,
        table: &Table,
        offer: &Offer,
        accepted: bool,
        by: UserId,
        answered: Answered,
    ) -> ServiceResult<Vec<Announcement>> {
        if answered == Answered::ByButton {
            return Ok(Vec::new());
        }
        let said = self.store().announcements_of_game(table.id()).await?;
        Ok(vec![Announcement::OfferAnswered(Box::new(OfferAnswered {
            game_id: table.id(),
            variant: table.variant(),
            offer: OfferView {
                kind: offer.kind,
                by: table.player(offer.seat),
            },
            accepted,
            by,
            made: offer_message(&said, offer),
        }))])
    }

    /// Declines the opponent's standing offer of `kind`; `answered` says whether the
    /// offer's message is to be edited.
    pub(super) async fn decline_offer(
        &self,
        channel: ChannelId,
        user: UserId,
        kind: OfferKind,
        answered: Answered,
    ) -> ServiceResult<OfferView> {
        let now = self.now();
        let table = self.table_in_channel(channel).await?;
        let seat = table.seat_of(user)?;
        let offer = self.offer_to_answer(&table, kind, seat).await?;
        let view = OfferView {
            kind,
            by: table.player(offer.seat),
        };
        let announcement = Announcement::OfferDeclined(Box::new(OfferDeclined {
            game_id: table.id(),
            variant: table.variant(),
            offer: view.clone(),
            by: user,
        }));
        let answered = self.answered(&table, &offer, false, user, answered).await?;
        let announcements = std::iter::once(&announcement)
            .chain(&answered)
            .map(|said| said.stored_in(table.row.channel_id, Some(table.id()), None))
            .collect::<Result<Vec<_>, _>>()?;
        let removed = self
            .store()
            .remove_offer(table.id(), kind, announcements, now)
            .await?;
        if !removed {
            // Answered (or withdrawn by a move) a moment ago by someone else.
            return Err(ServiceError::Raced);
        }
        self.announced();
        Ok(view)
    }
}

/// How an offer is being answered, which decides whether its message is to be edited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Answered {
    /// By the offer's own buttons: the click updates the message.
    ByButton,
    /// By a computer, or by a command: the message still shows its buttons, so an
    /// announcement edits it.
    Elsewhere,
}

/// The announcement whose message shows `offer` with its buttons: the latest one made
/// for it (an offer made again replaces the stored one, and its newest message is the one
/// with live buttons).
fn offer_message(said: &[StoredAnnouncement], offer: &Offer) -> Option<AnnouncementId> {
    said.iter().rev().find_map(|stored| {
        let Ok(Announcement::OfferMade(made)) =
            serde_json::from_value::<Announcement>(stored.payload.clone())
        else {
            return None;
        };
        (made.offer.kind == offer.kind && made.offer.by.seat == offer.seat).then_some(stored.id)
    })
}

/// The user's seat in a game where agreements are possible (two players).
fn agreement_seat(table: &Table, user: UserId, kind: OfferKind) -> ServiceResult<u8> {
    let seat = table.seat_of(user)?;
    if table.variant().seats() != 2 {
        return Err(ServiceError::TwoPlayersOnly(kind));
    }
    Ok(seat)
}

/// Whether an offer still stands: a draw offer until someone else moves, a takeback
/// request until anyone moves.
fn stands(table: &Table, offer: &Offer) -> bool {
    let since = usize::try_from(offer.ply).unwrap_or(usize::MAX);
    let Some(moves_since) = table.game.history().get(since..) else {
        return false;
    };
    match offer.kind {
        OfferKind::Draw => moves_since.iter().all(|m| m.seat == Seat(offer.seat)),
        OfferKind::Takeback => moves_since.is_empty(),
    }
}

/// How many plies a takeback for `seat` undoes: back to and including its last move.
fn takeback_plies(table: &Table, seat: u8) -> ServiceResult<u32> {
    let history = table.game.history();
    let back = history
        .iter()
        .rev()
        .position(|m| m.seat == Seat(seat))
        .ok_or_else(|| ServiceError::NothingToTakeBack)?;
    u32::try_from(back + 1).map_err(|_| ServiceError::NothingToTakeBack)
}
