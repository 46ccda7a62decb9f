//! The engine tools on the command line, as a user runs them, for every variant.

use std::process::Command;

fn shogiban(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_shogiban"))
        .args(args)
        .env_remove("DISCORD_TOKEN")
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn perft_prints_the_count_last() {
    let (ok, out, _) = shogiban(&["perft", "--variant", "standard", "--depth", "3"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("25470"));
    let (ok, out, _) = shogiban(&[
        "perft",
        "--variant",
        "standard",
        "--position",
        "7lk/9/8S/9/9/9/9/7L1/8K b P 1",
        "--depth",
        "2",
        "--divide",
    ]);
    assert!(ok);
    assert_eq!(out.lines().count(), 86, "85 moves, then the total");
    assert_eq!(out.lines().last(), Some("639"));
}

#[test]
fn output_read_only_in_part_ends_the_tool_quietly() {
    // The reading end of the pipe is closed before the tool writes, as `| head` leaves it
    // once it has read enough.
    for args in [
        &["moves", "--variant", "standard"][..],
        &["perft", "--depth", "2", "--divide"],
    ] {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let out = Command::new(env!("CARGO_BIN_EXE_shogiban"))
            .args(args)
            .stdout(writer)
            .output()
            .expect("the binary runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn moves_prints_usi_one_per_line() {
    let (ok, out, _) = shogiban(&["moves", "--variant", "standard", "--moves", "7g7f 3c3d"]);
    assert!(ok);
    let moves: Vec<&str> = out.lines().collect();
    assert!(moves.contains(&"8h2b+") && moves.contains(&"8h2b"));
    // Nine pawn pushes, the bishop's eight (two of them with a promotion choice), the
    // rook's six, and sixteen more for the rest of the back two ranks.
    assert_eq!(moves.len(), 39, "{moves:?}");
}

#[test]
fn play_prints_the_position_then_the_turn_or_result() {
    let (ok, out, _) = shogiban(&[
        "play",
        "--variant",
        "standard",
        "--moves",
        "7g7f 3c3d 8h2b+",
    ]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4",
            "white to move"
        ]
    );
    let (ok, out, _) = shogiban(&[
        "play",
        "--position",
        "4k4/9/4P4/9/9/9/9/9/4K4 b G 1",
        "--moves",
        "G*5b",
    ]);
    assert!(ok);
    assert_eq!(out.lines().nth(1), Some("black wins (checkmate)"));
}

#[test]
fn moves_prints_nothing_after_the_game_ended() {
    let (ok, out, _) = shogiban(&[
        "moves",
        "--position",
        "4k4/9/4P4/9/9/9/9/9/4K4 b G 1",
        "--moves",
        "G*5b",
    ]);
    assert!(ok);
    assert_eq!(out, "");
}

#[test]
fn bad_input_names_what_is_wrong() {
    let (ok, _, err) = shogiban(&["moves", "--variant", "chess"]);
    assert!(!ok && err.contains("unknown variant 'chess'"), "{err}");
    let (ok, _, err) = shogiban(&["moves", "--position", "lnsgkgsnl b - 1"]);
    assert!(!ok && err.contains("--position"), "{err}");
    let (ok, _, err) = shogiban(&["play", "--moves", "7g7f 7g7f"]);
    assert!(
        !ok && err.contains("move 2") && err.contains("no piece on 7g"),
        "{err}"
    );
    let (ok, _, err) = shogiban(&["play", "--moves", "7g7f 3c3d P*5e"]);
    assert!(!ok && err.contains("no pawn in hand"), "{err}");
}

#[test]
fn serve_without_a_token_says_what_to_set() {
    let (ok, _, err) = shogiban(&["serve"]);
    assert!(!ok);
    assert!(err.contains("DISCORD_TOKEN"), "{err}");
}

/// `shogiban serve` with a token and `DATABASE_URL`; Discord is a closed local port, so a
/// start that gets past the database stops at the gateway.
fn serve_with_database(url: &str) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_shogiban"))
        .arg("serve")
        .env("DISCORD_TOKEN", "not-a-real-token")
        .env("DISCORD_API_BASE", "http://127.0.0.1:9")
        .env("DATABASE_URL", url)
        .env("RUST_LOG", "info")
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_database_that_cannot_be_opened_is_named_once_for_the_operator() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/missing-folder/games.db", dir.path().display());
    let (ok, err) = serve_with_database(&url);
    assert!(!ok);
    let last = err.lines().last().unwrap_or_default();
    assert!(last.contains("DATABASE_URL="), "names the variable: {err}");
    assert_eq!(
        last.matches("unable to open database file").count(),
        1,
        "cause once: {err}"
    );
    assert!(
        !err.contains("try again"),
        "no words meant for Discord users: {err}"
    );
}

#[test]
fn a_postgres_address_never_shows_its_password() {
    let (ok, err) = serve_with_database("postgres://shogi:hunter2@127.0.0.1:9/games");
    assert!(!ok);
    assert!(!err.contains("hunter2"), "{err}");
    assert!(
        err.contains("postgres://shogi:***@127.0.0.1:9/games"),
        "{err}"
    );
}

/// A database file made by a first start of `serve` (which stops at the closed gateway),
/// in a folder everyone may write.
fn made_database() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    set_mode(dir.path(), 0o777);
    let file = dir.path().join("games.db");
    let (ok, err) = serve_with_database(&format!("sqlite://{}", file.display()));
    assert!(!ok && err.contains("gateway"), "{err}");
    assert!(file.exists());
    (dir, file)
}

fn set_mode(path: &std::path::Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// Checks that `serve` stopped on the database, before Discord, saying so for the operator.
fn refused_at_start_up(ok: bool, err: &str, why: &str) {
    assert!(!ok);
    let last = err.lines().last().unwrap_or_default();
    assert!(
        last.contains("cannot be written") && last.contains("DATABASE_URL="),
        "{err}"
    );
    assert!(last.contains(why), "{why:?} missing: {err}");
    assert!(!err.contains("gateway"), "stops before Discord: {err}");
}

#[test]
fn a_database_opened_read_only_is_found_at_start_up() {
    let (_dir, file) = made_database();
    let (ok, err) = serve_with_database(&format!("sqlite://{}?mode=ro", file.display()));
    refused_at_start_up(ok, &err, "readonly database");
}

#[test]
fn a_database_file_marked_read_only_is_found_at_start_up() {
    // Found from the file's permissions, so also when the bot runs as root, who could
    // write it anyway.
    let (_dir, file) = made_database();
    set_mode(&file, 0o444);
    let (ok, err) = serve_with_database(&format!("sqlite://{}", file.display()));
    refused_at_start_up(ok, &err, "marked read-only (mode 444)");
    assert!(err.contains("games.db"), "names the file: {err}");
}

/// The numeric id of the user running the tests.
fn my_uid() -> String {
    let out = Command::new("id").arg("-u").output().expect("id runs");
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// Whether every user may run the program at `path` (it and every folder above it let
/// others in).
fn runnable_by_anyone(path: &std::path::Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.ancestors().all(|part| {
        part.as_os_str().is_empty()
            || std::fs::metadata(part).is_ok_and(|meta| meta.permissions().mode() & 0o001 != 0)
    })
}

/// `serve` as a user other than the owner of `dir`'s files: run as `nobody` through
/// setpriv (util-linux) when the tests run as root; as the current user otherwise, after
/// `dir` and `file` were made theirs only to read. A program `nobody` cannot reach is
/// copied into `dir` first.
fn serve_as_another_user(dir: &std::path::Path, file: &std::path::Path) -> (bool, String) {
    let url = format!("sqlite://{}", file.display());
    if my_uid() != "0" {
        return serve_with_database(&url);
    }
    let mut binary = std::path::PathBuf::from(env!("CARGO_BIN_EXE_shogiban"));
    if !runnable_by_anyone(&binary) {
        let copy = dir.join("shogiban");
        std::fs::copy(&binary, &copy).unwrap();
        set_mode(&copy, 0o755);
        binary = copy;
    }
    for _ in 0..40 {
        let out = Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(&binary)
            .arg("serve")
            .env("DISCORD_TOKEN", "not-a-real-token")
            .env("DISCORD_API_BASE", "http://127.0.0.1:9")
            .env("DATABASE_URL", &url)
            .env("RUST_LOG", "info")
            .output()
            .expect("setpriv runs (util-linux)");
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        // A copy just written may still be open in a child another test is starting
        // (until that child runs its own program): try again in a moment.
        if err.contains("Text file busy") {
            std::thread::sleep(std::time::Duration::from_millis(50));
            continue;
        }
        return (out.status.success(), err);
    }
    panic!("{} stayed busy", binary.display());
}

#[test]
fn a_database_file_the_bot_may_not_write_is_found_at_start_up() {
    // The file belongs to someone else and only they may write it (mode 644): SQLite opens
    // it read-only, and the write at start-up fails.
    let (dir, file) = made_database();
    if my_uid() != "0" {
        set_mode(&file, 0o444);
    } else {
        set_mode(&file, 0o644);
    }
    let (ok, err) = serve_as_another_user(dir.path(), &file);
    assert!(!ok);
    let last = err.lines().last().unwrap_or_default();
    assert!(last.contains("cannot be written"), "{err}");
    assert!(!err.contains("gateway"), "stops before Discord: {err}");
}

#[test]
fn a_folder_the_bot_may_not_write_is_found_at_start_up() {
    // The file may be written, but SQLite cannot make its -wal and -shm files beside it.
    let (dir, file) = made_database();
    set_mode(&file, 0o666);
    let folder = dir.path().join("games");
    std::fs::create_dir(&folder).unwrap();
    let moved = folder.join("games.db");
    std::fs::rename(&file, &moved).unwrap();
    set_mode(&folder, 0o555);
    let (ok, err) = serve_as_another_user(dir.path(), &moved);
    set_mode(&folder, 0o755);
    assert!(!ok);
    let last = err.lines().last().unwrap_or_default();
    assert!(last.contains("DATABASE_URL="), "{err}");
    assert!(!err.contains("gateway"), "stops before Discord: {err}");
}

#[test]
fn render_writes_a_png_from_the_chosen_seat() {
    let dir = tempfile::tempdir().unwrap();
    let black = dir.path().join("black.png");
    let white = dir.path().join("white.png");
    for (seat, path) in [("black", &black), ("white", &white)] {
        let (ok, _, err) = shogiban(&[
            "render",
            "--variant",
            "standard",
            "--moves",
            "7g7f 3c3d 8h2b+",
            "--seat",
            seat,
            "--out",
            path.to_str().unwrap(),
        ]);
        assert!(ok, "{err}");
    }
    let a = image::open(&black).expect("a PNG").to_rgb8();
    let b = image::open(&white).expect("a PNG").to_rgb8();
    assert_eq!(a.dimensions(), b.dimensions());
    assert_ne!(a.as_raw(), b.as_raw(), "the two seats see different boards");
    let (ok, _, err) = shogiban(&["render", "--seat", "N", "--out", "/dev/null"]);
    assert!(!ok && err.contains("black or white"), "{err}");
}

/// The frames of a GIF file and the size of its canvas.
fn gif_frames(path: &std::path::Path) -> (usize, (u16, u16)) {
    let file = std::fs::read(path).expect("the GIF was written");
    let mut decoder = gif::DecodeOptions::new()
        .read_info(file.as_slice())
        .expect("a GIF");
    let size = (decoder.width(), decoder.height());
    let mut frames = 0;
    while decoder
        .read_next_frame()
        .expect("a frame decodes")
        .is_some()
    {
        frames += 1;
    }
    (frames, size)
}

#[test]
fn replay_writes_an_animated_gif_of_every_position() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("replay.gif");
    // Japanese and Western moves read as in every tool.
    let (ok, _, err) = shogiban(&[
        "replay",
        "--variant",
        "standard",
        "--moves",
        "７六歩 3c3d Bx2b+ 同　銀",
        "--delay",
        "500",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(err.contains("5 frames"), "{err}");
    assert_eq!(gif_frames(&out), (5, (890, 888)));
    // Yonin from W, in the international style.
    let (ok, _, err) = shogiban(&[
        "replay",
        "--variant",
        "yonin",
        "--moves",
        "5g5f 8d7d",
        "--seat",
        "W",
        "--pieces",
        "international",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert_eq!(gif_frames(&out).0, 3);
}

#[test]
fn replay_names_what_is_wrong_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("replay.gif");
    let path = out.to_str().unwrap();
    for (args, says) in [
        (
            vec!["--moves", "7g7f 3c3c 2g2f"],
            "move 2 of --moves ('3c3c')",
        ),
        (vec!["--moves", "7g7f", "--seat", "N"], "black or white"),
        (vec!["--moves", "7g7f", "--delay", "5"], "bad --delay 5"),
        (
            vec!["--moves", "7g7f", "--pieces", "chess"],
            "bad --pieces: unknown piece style 'chess' (choose kanji or international)",
        ),
        (vec!["--moves", ""], "replay needs --moves"),
        (
            vec!["--moves", "7g7f", "--limit", "1000"],
            "over the limit of 1000 bytes",
        ),
    ] {
        let mut all = vec!["replay", "--variant", "standard", "--out", path];
        all.extend(args);
        let (ok, _, err) = shogiban(&all);
        assert!(!ok && err.contains(says), "{all:?}: {err}");
        assert!(!out.exists(), "{all:?} wrote a file");
    }
}

#[test]
fn render_draws_the_international_pieces() {
    let dir = tempfile::tempdir().unwrap();
    let kanji = dir.path().join("kanji.png");
    let international = dir.path().join("international.png");
    for (pieces, path) in [("kanji", &kanji), ("international", &international)] {
        let (ok, _, err) = shogiban(&[
            "render",
            "--moves",
            "7g7f",
            "--pieces",
            pieces,
            "--out",
            path.to_str().unwrap(),
        ]);
        assert!(ok, "{err}");
    }
    let a = image::open(&kanji).expect("a PNG").to_rgb8();
    let b = image::open(&international).expect("a PNG").to_rgb8();
    assert_eq!(a.dimensions(), b.dimensions());
    assert_ne!(a.as_raw(), b.as_raw());
}

// Yonin shogi, singles and doubles.

#[test]
fn yonin_perft_and_moves_for_both_modes() {
    for variant in ["yonin", "yonin-doubles"] {
        let (ok, out, _) = shogiban(&["perft", "--variant", variant, "--depth", "4"]);
        assert!(ok, "{variant}");
        assert_eq!(out.lines().last(), Some("6561"), "{variant}");
        let (ok, out, _) = shogiban(&["moves", "--variant", variant, "--moves", "5g5f"]);
        assert!(ok, "{variant}");
        assert_eq!(out.lines().count(), 9, "W's nine moves");
        assert!(out.lines().any(|m| m == "7e6e"), "{out}");
    }
}

#[test]
fn yonin_play_prints_the_position_and_who_answers_a_check() {
    // S's rook drop checks W, N and E at once: W answers first.
    let (ok, out, err) = shogiban(&[
        "play",
        "--variant",
        "yonin",
        "--position",
        "4nK4/9/9/9/wK7eK/9/9/9/4sK4 S R/-/-/- SWNE 1",
        "--moves",
        "R*5e W:9e9d",
    ]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "4nK4/9/9/wK8/4sR3eK/9/9/9/4sK4 N -/-/-/- SWNE 3",
            "N to move"
        ]
    );
}

#[test]
fn yonin_bad_input_names_itself() {
    let (ok, _, err) = shogiban(&["moves", "--variant", "yonin", "--moves", "W: 5g5f"]);
    assert!(!ok);
    assert!(err.contains("S's turn"), "{err}");
    let (ok, _, err) = shogiban(&["moves", "--variant", "yonin", "--position", "9/9 S"]);
    assert!(!ok);
    assert!(err.contains("--position"), "{err}");
}

#[test]
fn play_reads_japanese_moves_as_records_write_them() {
    // Three golds can reach ４八: 右 alone names the one from ３八.
    let (ok, out, err) = shogiban(&[
        "play",
        "--variant",
        "standard",
        "--position",
        "ln2k2nl/r1s1g1bs1/pppp3pp/4pp3/9/3P5/PPN1PPPPP/1B1SG1GR1/L2KG1SNL b Pp 43",
        "--moves",
        "４八金右",
    ]);
    assert!(ok, "{err}");
    assert_eq!(
        out.lines().next(),
        Some("ln2k2nl/r1s1g1bs1/pppp3pp/4pp3/9/3P5/PPN1PPPPP/1B1SGG1R1/L2KG1SNL w Pp 44"),
        "the gold on 3h went to 4h"
    );
    // 同　銀 holds a full-width space; KIF's origin form names the piece's square.
    let (ok, out, err) = shogiban(&[
        "play",
        "--variant",
        "standard",
        "--moves",
        "７六歩(77) ３四歩(33) ２二角成(88) 同　銀(31)",
    ]);
    assert!(ok, "{err}");
    assert_eq!(
        out.lines().next(),
        Some("lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5"),
        "each side holds a bishop"
    );
}

#[test]
fn think_answers_a_legal_move_and_says_how_it_searched() {
    for variant in ["standard", "yonin", "yonin-doubles", "daidai"] {
        let (ok, out, err) = shogiban(&[
            "think",
            "--variant",
            variant,
            "--level",
            "8",
            "--nodes",
            "2000",
            "--seed",
            "1",
        ]);
        assert!(ok, "{variant}: {err}");
        let chosen = out.trim();
        let (_, legal, _) = shogiban(&["moves", "--variant", variant]);
        assert!(
            legal.lines().any(|m| m == chosen),
            "{variant}: {chosen:?} is not legal"
        );
        for word in ["depth", "score", "nodes", "nps"] {
            assert!(err.contains(word), "{variant}: {err}");
        }
        // Seeded and node-limited, the answer repeats.
        let (_, again, _) = shogiban(&[
            "think",
            "--variant",
            variant,
            "--level",
            "8",
            "--nodes",
            "2000",
            "--seed",
            "1",
        ]);
        assert_eq!(again.trim(), chosen, "{variant}");
    }
    // A mate in one is found from a position given on the command line.
    let (ok, out, _) = shogiban(&["think", "--position", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"]);
    assert!(ok);
    assert_eq!(out.trim(), "G*5b");
    let (ok, _, err) = shogiban(&["think", "--level", "9"]);
    assert!(!ok && err.contains("levels are 1 to 8"), "{err}");
    let (ok, _, err) = shogiban(&[
        "think",
        "--position",
        "4k4/9/4P4/9/9/9/9/9/4K4 b G 1",
        "--moves",
        "G*5b",
    ]);
    assert!(!ok && err.contains("the game is over"), "{err}");
}
