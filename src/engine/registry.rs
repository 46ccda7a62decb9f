//! The registry of each variant's game rules (`rules_of`): the one place a variant
//! picks them, and so the one place each variant's default options are asked for
//! ([`RuleOptions::defaults`]). It sits above the rules files (`standard/rules.rs`,
//! `yonin/rules.rs`, `daidai/rules.rs`), which read a game's state below them
//! ([`super::state`]), and below the game ([`super::game`]), the one that asks it. A new
//! variant adds a line here, as it adds its position to [`super::variant`].

use super::daidai::rules::DaiDaiRules;
use super::options::RuleOptions;
use super::rules::VariantRules;
use super::standard::rules::StandardRules;
use super::variant_id::Variant;
use super::yonin::rules::YoninRules;

/// The rules of a variant: the one place a variant picks them.
pub(crate) fn rules_of(variant: Variant) -> &'static dyn VariantRules {
    match variant {
        Variant::Standard => &StandardRules,
        Variant::Yonin | Variant::YoninDoubles => &YoninRules,
        Variant::DaiDai => &DaiDaiRules,
    }
}

// The options are defined below the positions (`options.rs`); their defaults are each
// variant's rules' to say, so they are implemented here.
impl RuleOptions {
    /// The options a game of `variant` plays by unless it chooses others.
    pub fn defaults(variant: Variant) -> RuleOptions {
        rules_of(variant).default_options()
    }
}

/// Standard shogi's defaults, which stored options missing a field also read as.
impl Default for RuleOptions {
    fn default() -> Self {
        RuleOptions::defaults(Variant::Standard)
    }
}
