//! Writes the sample board images: `cargo run --example gallery [-- OUT_DIR]` (default
//! `docs/`), one PNG per sample scene in `shogiban::render::samples::gallery`, and the
//! close-ups of `samples::close_ups`, and the pages of the dai dai piece reference.

use std::path::PathBuf;

use anyhow::Context;
use shogiban::render::{
    daidai_reference, encode_png, render_crop, render_png, samples, ReferenceText,
};

fn main() -> anyhow::Result<()> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "docs".to_string()),
    );
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    for (stem, scene) in samples::gallery() {
        let png = render_png(&scene)?;
        write(&out.join(format!("board-{stem}.png")), &png)?;
    }
    for (stem, scene) in samples::close_ups() {
        let image = render_crop(&scene).context("a close-up sample has a last move")?;
        write(&out.join(format!("crop-{stem}.png")), &encode_png(&image)?)?;
    }
    for (i, page) in daidai_reference(&ReferenceText::default())?
        .iter()
        .enumerate()
    {
        write(&out.join(format!("daidai-pieces-{}.png", i + 1)), &page.png)?;
    }
    Ok(())
}

fn write(path: &std::path::Path, png: &[u8]) -> anyhow::Result<()> {
    std::fs::write(path, png).with_context(|| format!("writing {}", path.display()))?;
    println!("{} ({} KB)", path.display(), png.len().div_ceil(1024));
    Ok(())
}
