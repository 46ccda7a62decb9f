//! Ids and times the service and store tests share: servers, channels and people, and
//! the hand-set clock's start.

use shogiban::store::{ChannelId, GuildId, UserId};

pub const GUILD: GuildId = GuildId(900_000_000_000_000_001);
pub const OTHER_GUILD: GuildId = GuildId(900_000_000_000_000_002);
pub const CHANNEL: ChannelId = ChannelId(800_000_000_000_000_001);
pub const OTHER_CHANNEL: ChannelId = ChannelId(800_000_000_000_000_002);
pub const THIRD_CHANNEL: ChannelId = ChannelId(800_000_000_000_000_003);
pub const ALICE: UserId = UserId(700_000_000_000_000_001);
pub const BOB: UserId = UserId(700_000_000_000_000_002);
pub const CAROL: UserId = UserId(700_000_000_000_000_003);
pub const DAVE: UserId = UserId(700_000_000_000_000_004);
pub const ERIN: UserId = UserId(700_000_000_000_000_005);
pub const T0: i64 = 1_700_000_000;
pub const HOUR: i64 = 3_600;
pub const DAY: i64 = 86_400;
