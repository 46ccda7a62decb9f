//! The engine tools with `--variant yonin` and `--variant yonin-doubles`.

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
fn perft_and_moves_for_both_modes() {
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
fn play_prints_the_position_and_who_answers_a_check() {
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
fn bad_input_names_itself() {
    let (ok, _, err) = shogiban(&["moves", "--variant", "yonin", "--moves", "W: 5g5f"]);
    assert!(!ok);
    assert!(err.contains("S's turn"), "{err}");
    let (ok, _, err) = shogiban(&["moves", "--variant", "yonin", "--position", "9/9 S"]);
    assert!(!ok);
    assert!(err.contains("--position"), "{err}");
}
