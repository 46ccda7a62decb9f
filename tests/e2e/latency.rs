//! How long a player waits for the board: from sending `/move` to the bot's post in the
//! channel carrying the PNG (the move's announcement, stored with the move and posted from
//! the outbox), through the real bot and the fake Discord, for a 9x9 and a 17x17 game.
//! Prints the median and 99th percentile (run with `--nocapture` to see them); asserts
//! only that every post came with a valid image, never a time.

use crate::support;

use std::time::Duration;

use shogiban::engine::Position;
use shogiban::engine::{Game, RuleOptions, Variant};
use support::fixtures::{alice, bob};
use support::table::{median_and_p99, Table};

/// Plays `moves` moves of `variant` (a `/challenge` choice index) between alice and bob,
/// choosing legal moves that do not end the game, and returns each move's latency.
async fn latencies(choice: i64, variant: Variant, moves: usize) -> Vec<Duration> {
    let table = Table::open().await;
    table.start_game(choice, &[&alice(), &bob()]).await;
    let players = [alice(), bob()];
    // The same game alongside, to choose the moves.
    let mut game = Game::new(variant, RuleOptions::defaults(variant));
    let mut samples = Vec::with_capacity(moves);
    for ply in 0..moves {
        let legal = game.legal_moves();
        let chosen = (0..legal.len())
            .map(|k| legal[(ply * 7919 + k * 31) % legal.len()])
            .find(|m| {
                let mut after = game.clone();
                after.play(m).is_ok_and(|report| report.result.is_none())
            })
            .expect("a move that keeps the game going");
        let text = game.position().coordinate(&chosen);
        game.play(&chosen).expect("a legal move");
        let played = table.play(&players[ply % 2], &text).await;
        // The whole board, and for dai dai's 17x17 a close-up of the last move beside it.
        let images = if variant == Variant::DaiDai { 2 } else { 1 };
        assert_eq!(played.answer.pngs().len(), images, "{}", played.content());
        played.answer.pngs()[0].png_size();
        samples.push(played.latency);
    }
    table.close().await;
    samples
}

fn report(what: &str, samples: &[Duration]) {
    let (median, p99) = median_and_p99(samples);
    println!(
        "{what}: {} moves, median {:.1} ms, p99 {:.1} ms (from /move sent to the board posted in the channel)",
        samples.len(),
        median.as_secs_f64() * 1e3,
        p99.as_secs_f64() * 1e3
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn time_from_move_to_board_image() {
    // One after the other, so the two board sizes do not share the processor.
    let standard = latencies(0, Variant::Standard, 60).await;
    report("9x9 (standard)", &standard);
    let daidai = latencies(3, Variant::DaiDai, 40).await;
    report("17x17 (dai dai)", &daidai);
}
