//! The `shogiban` command line: `serve` runs the bot (also what no arguments runs).

use std::process::ExitCode;

use shogiban::discord;

fn main() -> ExitCode {
    let command = std::env::args().nth(1);
    match command.as_deref() {
        None | Some("serve") => serve(),
        Some(other) => {
            eprintln!("shogiban: unknown command {other:?}; try `shogiban serve`");
            ExitCode::from(2)
        }
    }
}

/// Runs the bot with settings from the environment until SIGINT or SIGTERM.
fn serve() -> ExitCode {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();

    let result = discord::Config::from_env()
        .map_err(anyhow::Error::from)
        .and_then(|config| {
            let runtime = tokio::runtime::Runtime::new()?;
            let data = discord::Data::new();
            runtime.block_on(discord::run(config, data, discord::shutdown_signal()))?;
            Ok(())
        });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("shogiban: {error:#}");
            ExitCode::FAILURE
        }
    }
}
