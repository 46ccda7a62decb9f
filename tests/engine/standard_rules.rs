//! Standard shogi rules, one test per rule, each on a real position where the rule decides.

use shogiban::engine::standard::{self, BLACK, WHITE};
use shogiban::engine::{
    DeclarationFailure, EndReason, Game, GameError, IllegalMove, MoveParseError, Variant,
};

use common::games::{game_at, play_all};
use shogiban::engine::Position;

fn game(sfen: &str) -> Game {
    game_at(Variant::Standard, sfen)
}

/// The rule a refused move names.
fn refusal(game: &Game, text: &str) -> IllegalMove {
    match game.parse_move(text) {
        Err(GameError::Parse(MoveParseError::Illegal { reason, .. })) => reason,
        other => panic!("{text}: expected an illegal-move refusal, got {other:?}"),
    }
}

#[test]
fn pawn_drop_mate_is_refused_but_a_pawn_drop_check_is_fine() {
    // The king on 1a is boxed in by its own lance and the silver on 1c: P*1b would mate.
    let g = game("7lk/9/8S/9/9/9/9/7L1/8K b P 1");
    assert_eq!(refusal(&g, "P*1b"), IllegalMove::Uchifuzume);
    assert!(!g.legal_move_texts().contains(&"P*1b".to_string()));
    // Without the silver guarding 1b the king could take the pawn: the drop is legal.
    let g = game("7lk/9/9/9/9/9/9/7L1/8K b P 1");
    assert!(g.legal_move_texts().contains(&"P*1b".to_string()));
}

#[test]
fn a_pawn_moved_to_give_mate_is_legal() {
    // The same mating pattern made by pushing a pawn: 1c1b is checkmate, not uchifuzume.
    let mut g = game("7lk/9/7SP/9/9/9/9/7L1/8K b - 1");
    play_all(&mut g, "1c1b");
    let r = g.result().expect("mate ends the game");
    assert_eq!(r.reason, EndReason::Checkmate);
    assert_eq!(r.winners(), vec![BLACK]);
}

#[test]
fn nifu_is_refused() {
    let g = game("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    assert_eq!(refusal(&g, "P*5e"), IllegalMove::Nifu);
    // A promoted pawn (tokin) on the file does not count.
    let g2 = game("4k4/9/9/9/9/9/4+P4/9/4K4 b P 1");
    assert!(g2.legal_move_texts().contains(&"P*5e".to_string()));
    assert!(g.legal_move_texts().contains(&"P*4e".to_string()));
}

#[test]
fn a_knight_must_promote_on_the_last_two_ranks() {
    let g = game("4k4/9/9/5N3/9/9/9/9/4K4 b N 1");
    let moves = g.legal_move_texts();
    assert!(moves.contains(&"4d5b+".to_string()));
    assert!(!moves.contains(&"4d5b".to_string()));
    assert!(matches!(refusal(&g, "4d5b"), IllegalMove::DeadPiece { .. }));
    assert!(matches!(refusal(&g, "N*1b"), IllegalMove::DeadPiece { .. }));
    assert!(moves.contains(&"N*1c".to_string()));
}

#[test]
fn pawns_and_lances_must_promote_on_the_last_rank() {
    let g = game("4k4/P8/L8/9/9/9/9/9/4K4 b P 1");
    let moves = g.legal_move_texts();
    assert!(moves.contains(&"9b9a+".to_string()));
    assert!(!moves.contains(&"9b9a".to_string()));
    assert!(matches!(refusal(&g, "P*1a"), IllegalMove::DeadPiece { .. }));
    // Promotion is optional one rank earlier.
    let g = game("4k4/9/P8/9/9/9/9/9/4K4 b - 1");
    let moves = g.legal_move_texts();
    assert!(moves.contains(&"9c9b+".to_string()) && moves.contains(&"9c9b".to_string()));
}

#[test]
fn promotion_needs_the_zone() {
    let g = game(standard::START_SFEN);
    assert_eq!(refusal(&g, "7g7f+"), IllegalMove::OutsideZone);
}

#[test]
fn a_pinned_piece_may_not_expose_the_king() {
    let g = game("4k4/9/9/9/4r4/9/4G4/9/4K4 b - 1");
    assert_eq!(refusal(&g, "5g4f"), IllegalMove::SelfCheck);
    assert!(g.legal_move_texts().contains(&"5g5f".to_string()));
}

#[test]
fn wrong_turn_is_refused_and_changes_nothing() {
    let mut g = game(standard::START_SFEN);
    let before = g.position().to_text();
    assert_eq!(g.play_text_as(WHITE, "3c3d"), Err(GameError::NotYourTurn));
    assert_eq!(g.position().to_text(), before);
    assert!(g.history().is_empty());
}

#[test]
fn checkmate_ends_the_game() {
    let mut g = game("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    let report = g.play(&g.parse_move("G*5b").unwrap()).unwrap();
    let result = report.result.expect("mate");
    assert_eq!(result.reason, EndReason::Checkmate);
    assert_eq!(result.winners(), vec![BLACK]);
    assert_eq!(report.next, None);
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.parse_move("5a4a"), Err(GameError::GameOver));
}

#[test]
fn no_legal_move_loses_without_check() {
    let g = game("+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200");
    let r = g.result().expect("black cannot move");
    assert_eq!(r.reason, EndReason::NoLegalMove);
    assert_eq!(r.winners(), vec![WHITE]);
}

#[test]
fn fourfold_repetition_is_a_draw() {
    let mut g = game(standard::START_SFEN);
    play_all(
        &mut g,
        "5i4h 5a4b 4h5i 4b5a 5i4h 5a4b 4h5i 4b5a 5i4h 5a4b 4h5i",
    );
    assert!(!g.is_over(), "third occurrence does not end the game");
    play_all(&mut g, "4b5a");
    let r = g.result().expect("fourth occurrence");
    assert_eq!(r.reason, EndReason::Repetition);
    assert!(r.is_draw());
}

#[test]
fn perpetual_check_loses() {
    // Black's rook checks on every move while the white king shuffles: on the fourth
    // occurrence the checking side loses.
    let mut g = game("8k/9/9/9/9/9/9/9/R3K4 b - 1");
    play_all(
        &mut g,
        "9i9a 1a1b 9a9b 1b1a 9b9a 1a1b 9a9b 1b1a 9b9a 1a1b 9a9b 1b1a",
    );
    assert!(!g.is_over());
    play_all(&mut g, "9b9a");
    let r = g.result().expect("perpetual check");
    assert_eq!(r.reason, EndReason::PerpetualCheck);
    assert_eq!(r.winners(), vec![WHITE]);
}

const IMPASSE: &str = "+L+NSG1GS+N+L/1R2K2B1/9/9/9/9/9/9/4k4 b 10P 1";

#[test]
fn a_valid_impasse_declaration_wins() {
    let mut g = game(IMPASSE);
    let report = g
        .declare(BLACK)
        .expect("28 points, 10 pieces, king in the zone");
    let r = report.result.unwrap();
    assert_eq!(r.reason, EndReason::Declaration);
    assert_eq!(r.winners(), vec![BLACK]);
}

#[test]
fn an_invalid_impasse_declaration_is_refused_and_the_game_goes_on() {
    // One pawn fewer: 27 points, and Black needs 28.
    let mut g = game("+L+NSG1GS+N+L/1R2K2B1/9/9/9/9/9/9/4k4 b 9P 1");
    match g.declare(BLACK) {
        Err(GameError::Declaration(why)) => assert_eq!(
            why,
            DeclarationFailure::TooFewPoints {
                needed: 28,
                have: 27
            }
        ),
        other => panic!("expected a refused declaration, got {other:?}"),
    }
    assert!(!g.is_over());
    // King outside the zone.
    let mut g = game("+L+NSG1GS+N+L/1R5B1/9/4K4/9/9/9/9/4k4 b 10P 1");
    assert_eq!(
        g.declare(BLACK),
        Err(GameError::Declaration(DeclarationFailure::KingOutsideZone))
    );
    // Only on one's own turn.
    let mut g = game(IMPASSE);
    assert_eq!(g.declare(WHITE).unwrap_err(), GameError::NotYourTurn);
}

#[test]
fn move_500_is_a_draw() {
    let mut g = game("4k4/9/9/9/9/9/9/9/4K4 b - 499");
    play_all(&mut g, "5i4h");
    assert!(!g.is_over());
    play_all(&mut g, "5a4b");
    let r = g.result().expect("move limit");
    assert_eq!(r.reason, EndReason::MoveLimit);
    assert!(r.is_draw());
}

#[test]
fn resignation_and_timeout_lose() {
    let mut g = game(standard::START_SFEN);
    let r = g.resign(WHITE).unwrap().result.unwrap();
    assert_eq!(
        (r.reason, r.winners()),
        (EndReason::Resignation, vec![BLACK])
    );
    let mut g = game(standard::START_SFEN);
    let r = g.timeout(BLACK).unwrap().result.unwrap();
    assert_eq!((r.reason, r.winners()), (EndReason::Timeout, vec![WHITE]));
}

#[test]
fn takeback_restores_the_earlier_position() {
    let mut g = game(standard::START_SFEN);
    play_all(&mut g, "7g7f 3c3d");
    let after_one = {
        let mut h = game(standard::START_SFEN);
        play_all(&mut h, "7g7f");
        h.position().to_text()
    };
    g.takeback(1).unwrap();
    assert_eq!(g.position().to_text(), after_one);
    assert_eq!(g.history().len(), 1);
}

#[test]
fn stored_state_round_trips_and_corruption_is_refused() {
    let mut g = game(standard::START_SFEN);
    play_all(&mut g, "7g7f 3c3d 8h2b+ 3a2b");
    let state = g.to_state();
    let back = Game::from_state(&state).expect("round trip");
    assert_eq!(back.position(), g.position());
    assert_eq!(back.history(), g.history());
    assert!(Game::from_state("{").is_err());
    // A position that does not match the record (the last move undone by hand).
    let mut value: serde_json::Value = serde_json::from_str(&state).unwrap();
    let mut three = game(standard::START_SFEN);
    play_all(&mut three, "7g7f 3c3d 8h2b+");
    value["position"] = three.position().to_text().into();
    assert!(Game::from_state(&value.to_string()).is_err());
    // A position that is not a position at all.
    value["position"] = "lnsgkgsnl/9 b - 1".into();
    assert!(Game::from_state(&value.to_string()).is_err());
}
