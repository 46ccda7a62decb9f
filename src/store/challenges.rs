//! Challenges and the invitees' answers. Accepting a challenge happens in
//! [`Store::create_game`], in the same transaction as the game it starts.

use std::collections::{HashMap, HashSet};

use super::backend::{on, placeholders, Conn, Lock, IN_LIST_CHUNK};

use super::announcements::announce;
use super::people::{ensure_guild, ensure_user};
use super::{
    narrow_opt, parse_json, Announce, Challenge, ChallengeClosure, ChallengeId, ChallengeStatus,
    ChannelId, GuildId, InviteResponse, Invitee, NewChallenge, NewInvitee, SeatMode, Store,
    StoreError, StoreResult, UserId,
};

const CHALLENGE_COLUMNS: &str = "id, guild_id, channel_id, challenger_id, variant, options, \
     seat_mode, challenger_seat, status, created_at, expires_at, resolved_at";

#[derive(sqlx::FromRow)]
struct ChallengeRow {
    id: ChallengeId,
    guild_id: GuildId,
    channel_id: ChannelId,
    challenger_id: UserId,
    variant: String,
    options: String,
    seat_mode: SeatMode,
    challenger_seat: Option<i64>,
    status: ChallengeStatus,
    created_at: i64,
    expires_at: i64,
    resolved_at: Option<i64>,
}

#[derive(sqlx::FromRow)]
struct InviteeRow {
    challenge_id: ChallengeId,
    user_id: UserId,
    display_name: Option<String>,
    seat: Option<i64>,
    response: InviteResponse,
    responded_at: Option<i64>,
}

impl Store {
    /// Records a new open challenge with its invitees (pending, except those listed in
    /// [`NewChallenge::accepted`]), and what it announces, decided from the stored challenge.
    pub async fn create_challenge(
        &self,
        challenge: &NewChallenge,
        announcements: impl Announce<Challenge>,
        now: i64,
    ) -> StoreResult<Challenge> {
        validate_new_challenge(challenge)?;
        let seat_mode = match challenge.challenger_seat {
            Some(_) => SeatMode::Fixed,
            None => SeatMode::Random,
        };

        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        ensure_guild(conn, challenge.guild_id, now).await?;
        ensure_user(conn, challenge.challenger_id, now).await?;
        let id: ChallengeId = on!(conn, c => sqlx::query_scalar(
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, variant, options,
                                     seat_mode, challenger_seat, created_at, expires_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
             RETURNING id",
        )
        .bind(challenge.guild_id)
        .bind(challenge.channel_id)
        .bind(challenge.challenger_id)
        .bind(&challenge.variant)
        .bind(challenge.options.to_string())
        .bind(seat_mode)
        .bind(challenge.challenger_seat.map(i64::from))
        .bind(now)
        .bind(challenge.expires_at)
        .fetch_one(c)
        .await)?;
        for invitee in &challenge.invitees {
            let response = if challenge.accepted.contains(&invitee.user_id) {
                InviteResponse::Accepted
            } else {
                InviteResponse::Pending
            };
            insert_invitee(conn, id, *invitee, response, now).await?;
        }
        let created = load_challenge(conn, id)
            .await?
            .ok_or(StoreError::ChallengeNotFound(id))?;
        announce(conn, announcements, &created, now).await?;
        tx.commit().await?;
        Ok(created)
    }

    /// A challenge by id, whatever its status.
    pub async fn challenge(&self, id: ChallengeId) -> StoreResult<Option<Challenge>> {
        let mut pooled = self.pool.acquire().await?;
        let conn = &mut pooled.conn();
        load_challenge(conn, id).await
    }

    /// The open challenges posted in a channel, oldest first.
    pub async fn open_challenges_in_channel(
        &self,
        channel_id: ChannelId,
    ) -> StoreResult<Vec<Challenge>> {
        let mut pooled = self.pool.acquire().await?;
        let conn = &mut pooled.conn();
        let rows: Vec<ChallengeRow> = on!(conn, c => sqlx::query_as(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges
             WHERE channel_id = $1 AND status = 'open'
             ORDER BY created_at, id"
        ))
        .bind(channel_id)
        .fetch_all(c)
        .await)?;
        with_invitees(conn, rows).await
    }

    /// The open challenges a user has made or been invited to, oldest first.
    pub async fn open_challenges_of_user(&self, user_id: UserId) -> StoreResult<Vec<Challenge>> {
        let mut pooled = self.pool.acquire().await?;
        let conn = &mut pooled.conn();
        let rows: Vec<ChallengeRow> = on!(conn, c => sqlx::query_as(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges
             WHERE status = 'open'
               AND (challenger_id = $1
                    OR id IN (SELECT challenge_id FROM challenge_invitees WHERE user_id = $1))
             ORDER BY created_at, id"
        ))
        .bind(user_id)
        .fetch_all(c)
        .await)?;
        with_invitees(conn, rows).await
    }

    /// Records an invitee's answer (`Accepted` or `Declined`) to an open challenge; an
    /// answer may be changed while the challenge is open.
    pub async fn respond_to_challenge(
        &self,
        id: ChallengeId,
        user_id: UserId,
        response: InviteResponse,
        now: i64,
    ) -> StoreResult<Challenge> {
        if response == InviteResponse::Pending {
            return Err(StoreError::Invalid(
                "an answer to a challenge is accepted or declined, not pending".into(),
            ));
        }
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        conn.lock(Lock::Challenge(id)).await?;
        require_open(conn, id).await?;
        let done = on!(conn, c => sqlx::query(
            "UPDATE challenge_invitees SET response = $1, responded_at = $2
             WHERE challenge_id = $3 AND user_id = $4",
        )
        .bind(response)
        .bind(now)
        .bind(id)
        .bind(user_id)
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        if done == 0 {
            return Err(StoreError::NotInvited {
                challenge_id: id,
                user_id,
            });
        }
        let updated = load_challenge(conn, id)
            .await?
            .ok_or(StoreError::ChallengeNotFound(id))?;
        tx.commit().await?;
        Ok(updated)
    }

    /// Adds a player to an open challenge, for example someone taking up a challenge open
    /// to anyone (`response` then `Accepted`). With a `capacity`, the challenge holds at
    /// most that many invitees: one more is refused with [`StoreError::ChallengeFull`]
    /// (checked under the write lock, so two players racing for the last seat can't both
    /// get it).
    pub async fn add_invitee(
        &self,
        id: ChallengeId,
        invitee: NewInvitee,
        response: InviteResponse,
        capacity: Option<usize>,
        now: i64,
    ) -> StoreResult<Challenge> {
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        // The seats and the capacity are checked, then taken: under the challenge's lock.
        conn.lock(Lock::Challenge(id)).await?;
        let current = load_challenge(conn, id)
            .await?
            .ok_or(StoreError::ChallengeNotFound(id))?;
        if current.status != ChallengeStatus::Open {
            return Err(StoreError::ChallengeNotOpen {
                id,
                status: current.status,
            });
        }
        if invitee.user_id == current.challenger_id
            || current
                .invitees
                .iter()
                .any(|i| i.user_id == invitee.user_id)
        {
            return Err(StoreError::Invalid(format!(
                "user {} is already part of challenge {id}",
                invitee.user_id
            )));
        }
        if capacity.is_some_and(|capacity| current.invitees.len() >= capacity) {
            return Err(StoreError::ChallengeFull(id));
        }
        if invitee.seat.is_some() != (current.seat_mode == SeatMode::Fixed) {
            return Err(StoreError::Invalid(format!(
                "challenge {id} has {} seats: a player joining it must {} a seat",
                current.seat_mode,
                if current.seat_mode == SeatMode::Fixed {
                    "name"
                } else {
                    "not name"
                },
            )));
        }
        if let Some(seat) = invitee.seat {
            let taken = current.challenger_seat == Some(seat)
                || current.invitees.iter().any(|i| i.seat == Some(seat));
            if taken {
                return Err(StoreError::Invalid(format!(
                    "seat {seat} of challenge {id} is taken"
                )));
            }
        }
        ensure_user(conn, invitee.user_id, now).await?;
        insert_invitee(conn, id, invitee, response, now).await?;
        let updated = load_challenge(conn, id)
            .await?
            .ok_or(StoreError::ChallengeNotFound(id))?;
        tx.commit().await?;
        Ok(updated)
    }

    /// Closes an open challenge without a game: declined, cancelled or expired; with what
    /// that announces, decided from the closed challenge.
    pub async fn close_challenge(
        &self,
        id: ChallengeId,
        closure: ChallengeClosure,
        announcements: impl Announce<Challenge>,
        now: i64,
    ) -> StoreResult<Challenge> {
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        conn.lock(Lock::Challenge(id)).await?;
        require_open(conn, id).await?;
        on!(conn, c => sqlx::query("UPDATE challenges SET status = $1, resolved_at = $2 WHERE id = $3")
            .bind(ChallengeStatus::from(closure))
            .bind(now)
            .bind(id)
            .execute(c)
            .await
        .map(|done| done.rows_affected()))?;
        let closed = load_challenge(conn, id)
            .await?
            .ok_or(StoreError::ChallengeNotFound(id))?;
        announce(conn, announcements, &closed, now).await?;
        tx.commit().await?;
        Ok(closed)
    }

    /// Open challenges whose time is up (`expires_at <= now`), soonest first. See
    /// [`Store::expire_due_challenges`] to close them in one step.
    pub async fn challenges_due_to_expire(&self, now: i64) -> StoreResult<Vec<Challenge>> {
        let mut pooled = self.pool.acquire().await?;
        let conn = &mut pooled.conn();
        let rows: Vec<ChallengeRow> = on!(conn, c => sqlx::query_as(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges
             WHERE status = 'open' AND expires_at <= $1
             ORDER BY expires_at, id"
        ))
        .bind(now)
        .fetch_all(c)
        .await)?;
        with_invitees(conn, rows).await
    }

    /// Marks every open challenge whose time is up as expired and returns them, with what
    /// that announces (decided from the expired challenges, in the same transaction), so each
    /// is announced once even if two sweeps run at the same time.
    pub async fn expire_due_challenges(
        &self,
        announcements: impl Announce<[Challenge]>,
        now: i64,
    ) -> StoreResult<Vec<Challenge>> {
        self.expire(None, announcements, now).await
    }

    /// Marks the challenge `id` expired if it is open and its time is up, with what that
    /// announces, in one transaction: the expired challenge, or `None` (and nothing written)
    /// if it was accepted, withdrawn or expired meanwhile, or is not due yet.
    pub async fn expire_challenge(
        &self,
        id: ChallengeId,
        announcements: impl Announce<[Challenge]>,
        now: i64,
    ) -> StoreResult<Option<Challenge>> {
        Ok(self.expire(Some(id), announcements, now).await?.pop())
    }

    /// Expires the open challenges due at `now` (only `only`, if given).
    async fn expire(
        &self,
        only: Option<ChallengeId>,
        announcements: impl Announce<[Challenge]>,
        now: i64,
    ) -> StoreResult<Vec<Challenge>> {
        let mut tx = self.begin_write().await?;
        let conn = &mut tx.conn();
        let one = if only.is_some() { " AND id = $2" } else { "" };
        let sql = format!(
            "UPDATE challenges SET status = 'expired', resolved_at = $1
             WHERE status = 'open' AND expires_at <= $1{one}
             RETURNING {CHALLENGE_COLUMNS}"
        );
        let rows: Vec<ChallengeRow> = on!(conn, c => {
            let mut query = sqlx::query_as(&sql).bind(now);
            if let Some(id) = only {
                query = query.bind(id);
            }
            query.fetch_all(c).await
        })?;
        let mut expired = with_invitees(conn, rows).await?;
        expired.sort_by_key(|c| (c.expires_at, c.id));
        announce(conn, announcements, &expired[..], now).await?;
        tx.commit().await?;
        Ok(expired)
    }
}

fn validate_new_challenge(challenge: &NewChallenge) -> StoreResult<()> {
    let fixed = challenge.challenger_seat.is_some();
    if challenge.invitees.iter().any(|i| i.seat.is_some() != fixed) {
        return Err(StoreError::Invalid(
            "either every participant of a challenge has a seat or none has".into(),
        ));
    }
    let mut users = HashSet::from([challenge.challenger_id]);
    if !challenge.invitees.iter().all(|i| users.insert(i.user_id)) {
        return Err(StoreError::Invalid(
            "a player appears twice in the challenge".into(),
        ));
    }
    let mut seats: HashSet<u8> = challenge.challenger_seat.into_iter().collect();
    if !challenge
        .invitees
        .iter()
        .filter_map(|i| i.seat)
        .all(|s| seats.insert(s))
    {
        return Err(StoreError::Invalid(
            "two participants of the challenge have the same seat".into(),
        ));
    }
    Ok(())
}

async fn insert_invitee(
    conn: &mut Conn<'_>,
    challenge_id: ChallengeId,
    invitee: NewInvitee,
    response: InviteResponse,
    now: i64,
) -> StoreResult<()> {
    ensure_user(conn, invitee.user_id, now).await?;
    let responded_at = (response != InviteResponse::Pending).then_some(now);
    on!(conn, c => sqlx::query(
        "INSERT INTO challenge_invitees (challenge_id, user_id, invite_order, seat, response,
                                         responded_at)
         VALUES ($1, $2,
                 (SELECT COALESCE(MAX(invite_order), 0) + 1 FROM challenge_invitees
                  WHERE challenge_id = $1),
                 $3, $4, $5)",
    )
    .bind(challenge_id)
    .bind(invitee.user_id)
    .bind(invitee.seat.map(i64::from))
    .bind(response)
    .bind(responded_at)
    .execute(c)
    .await
        .map(|done| done.rows_affected()))?;
    Ok(())
}

/// Fails unless the challenge exists and is open.
async fn require_open(conn: &mut Conn<'_>, id: ChallengeId) -> StoreResult<()> {
    let status: Option<ChallengeStatus> = on!(conn, c => sqlx::query_scalar("SELECT status FROM challenges WHERE id = $1")
            .bind(id)
            .fetch_optional(c)
            .await)?;
    match status {
        None => Err(StoreError::ChallengeNotFound(id)),
        Some(ChallengeStatus::Open) => Ok(()),
        Some(status) => Err(StoreError::ChallengeNotOpen { id, status }),
    }
}

pub(super) async fn load_challenge(
    conn: &mut Conn<'_>,
    id: ChallengeId,
) -> StoreResult<Option<Challenge>> {
    let row: Option<ChallengeRow> = on!(conn, c => sqlx::query_as(&format!(
        "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(c)
    .await)?;
    let Some(row) = row else { return Ok(None) };
    Ok(with_invitees(conn, vec![row]).await?.pop())
}

/// Attaches the invitees to challenge rows, keeping the rows' order.
async fn with_invitees(
    conn: &mut Conn<'_>,
    rows: Vec<ChallengeRow>,
) -> StoreResult<Vec<Challenge>> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let mut invitee_rows: Vec<InviteeRow> = Vec::new();
    let mut names: HashMap<UserId, Option<String>> = HashMap::new();
    for chunk in rows.chunks(IN_LIST_CHUNK) {
        let sql = format!(
            "SELECT i.challenge_id, i.user_id, u.display_name, i.seat, i.response, i.responded_at
             FROM challenge_invitees i JOIN users u ON u.id = i.user_id
             WHERE i.challenge_id IN ({})
             ORDER BY i.challenge_id, i.invite_order",
            placeholders(1, chunk.len())
        );
        let found: Vec<InviteeRow> = on!(conn, c => {
            let mut query = sqlx::query_as(&sql);
            for row in chunk {
                query = query.bind(row.id);
            }
            query.fetch_all(c).await
        })?;
        invitee_rows.extend(found);
        let sql = format!(
            "SELECT id, display_name FROM users WHERE id IN ({})",
            placeholders(1, chunk.len())
        );
        let found: Vec<(UserId, Option<String>)> = on!(conn, c => {
            let mut query = sqlx::query_as(&sql);
            for row in chunk {
                query = query.bind(row.challenger_id);
            }
            query.fetch_all(c).await
        })?;
        names.extend(found);
    }
    let mut invitees: HashMap<ChallengeId, Vec<Invitee>> = HashMap::new();
    for row in invitee_rows {
        invitees.entry(row.challenge_id).or_default().push(Invitee {
            user_id: row.user_id,
            display_name: row.display_name,
            seat: narrow_opt("challenge_invitees.seat", row.seat)?,
            response: row.response,
            responded_at: row.responded_at,
        });
    }
    rows.into_iter()
        .map(|row| {
            Ok(Challenge {
                id: row.id,
                guild_id: row.guild_id,
                channel_id: row.channel_id,
                challenger_id: row.challenger_id,
                challenger_name: names.get(&row.challenger_id).cloned().flatten(),
                variant: row.variant,
                options: parse_json("challenges.options", &row.options)?,
                seat_mode: row.seat_mode,
                challenger_seat: narrow_opt("challenges.challenger_seat", row.challenger_seat)?,
                status: row.status,
                created_at: row.created_at,
                expires_at: row.expires_at,
                resolved_at: row.resolved_at,
                invitees: invitees.remove(&row.id).unwrap_or_default(),
            })
        })
        .collect()
}
