//! Writes the sample board images: `cargo run --example gallery [-- OUT_DIR]` (default
//! `docs/`), one PNG per sample scene in `shogiban::render::samples::gallery`.

use std::path::PathBuf;

use anyhow::Context;
use shogiban::render::{render_png, samples};

fn main() -> anyhow::Result<()> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "docs".to_string()),
    );
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    for (stem, scene) in samples::gallery() {
        let png = render_png(&scene)?;
        let path = out.join(format!("board-{stem}.png"));
        std::fs::write(&path, &png).with_context(|| format!("writing {}", path.display()))?;
        println!("{} ({} KB)", path.display(), png.len().div_ceil(1024));
    }
    Ok(())
}
