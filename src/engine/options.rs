//! A game's rule options: which optional rules it plays by (move limit, declarations,
//! yonin's repetition and resignation rules, dai dai's historical readings). Low in the
//! engine, below the positions that carry some of them ([`super::variant`]) and the rules
//! that read them ([`super::rules`]). Each variant's defaults are its rules' to say:
//! [`RuleOptions::defaults`] and `Default` are implemented in `engine/mod.rs` beside
//! `rules_of`, where every variant's rules are known.

use serde::{Deserialize, Serialize};

use super::daidai;

/// Rule options of a game. Each variant has its defaults ([`RuleOptions::defaults`]);
/// options that do not apply to a variant are ignored by it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RuleOptions {
    /// Plies after which the game ends (standard: 500, a draw; yonin: 300, scored by points).
    pub move_limit: Option<u32>,
    /// Standard shogi: the 27-point impasse declaration is available.
    pub impasse_declaration: bool,
    /// Yonin: the entering-king declaration is available after this many moves.
    pub declaration_after: Option<u32>,
    /// Yonin: resignation only once two players are left.
    pub resignation_needs_two: bool,
    /// Yonin: 4-fold repetition voids the game.
    pub repetition_voids: bool,
    /// Yonin: a perpetual checker must deviate instead of repeating.
    pub perpetual_check_must_deviate: bool,
    /// Yonin original rules: an eliminated player's hand goes to the eliminator.
    pub hand_to_eliminator: bool,
    /// Dai dai shogi: the historical readings (lion dog as a range-3 slider, ...).
    pub daidai: daidai::Rules,
}

impl RuleOptions {
    /// No optional rule in force: no move limit, no declaration, no yonin rule.
    pub(crate) fn none() -> RuleOptions {
        RuleOptions {
            move_limit: None,
            impasse_declaration: false,
            declaration_after: None,
            resignation_needs_two: false,
            repetition_voids: false,
            perpetual_check_must_deviate: false,
            hand_to_eliminator: false,
            daidai: daidai::Rules::default(),
        }
    }
}
