//! A match of the built-in player at level 8 against an outside USI engine in standard
//! shogi, at equal time per move, alternating colours:
//!
//! `cargo run --release --example usi_match -- /usr/games/fairy-stockfish SKILL GAMES MS`
//!
//! Prints each game's result and the built-in player's score.

use std::time::Duration;

use shogiban::computer::usi::{Source, UsiEngine};
use shogiban::computer::{choose, Level, Limits};
use shogiban::engine::{Game, RuleOptions, Seat, Variant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let engine_path = args
        .first()
        .map_or("/usr/games/fairy-stockfish", String::as_str);
    let skill: i32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(0);
    let games: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(4);
    let ms: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(500);
    let mut engine = UsiEngine::new(engine_path, Vec::new()).with_skill(skill);
    let limits = Limits {
        movetime: Some(Duration::from_millis(ms)),
        ..Limits::default()
    };
    let mut points = 0.0;
    for g in 0..games {
        let ours = Seat((g % 2) as u8);
        let mut game = Game::new(Variant::Standard, RuleOptions::defaults(Variant::Standard));
        while let Some(seat) = game.seat_to_move() {
            let choice = if seat == ours {
                choose(&game, Level::MAX, limits).expect("a move")
            } else {
                let (c, source) = engine.choose(&game, Level::MAX, limits).expect("a move");
                if let Source::BuiltIn(why) = source {
                    eprintln!("engine failed: {why}");
                }
                c
            };
            if choice.resign {
                game.resign(seat).expect("resigns");
                break;
            }
            game.play(&choice.mv).expect("legal");
        }
        let result = game.result().expect("over");
        let score = if result.is_draw() || result.is_void() {
            0.5
        } else if result.winners() == vec![ours] {
            1.0
        } else {
            0.0
        };
        points += score;
        println!(
            "game {}: level 8 as {} scored {score} ({} after {} plies)",
            g + 1,
            Variant::Standard.seat_name(ours),
            result.reason.describe(),
            game.history().len()
        );
    }
    println!("level 8 vs skill {skill}: {points}/{games}");
}
