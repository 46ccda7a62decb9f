//! Animated replays: a game drawn as one GIF, a frame per position from the start, each
//! with its last move marked and a caption line under the board, the final position held
//! longer. GIF rather than APNG because chat clients animate GIF. The frames light no
//! "to move" plate: the caption says who moved.
//!
//! Every frame uses the one [`Palette`] made of the renderer's colours, and after the
//! first only the box of pixels that changed is stored, the unchanged ones in it written
//! as the transparent entry (which the LZW coder in [`super::lzw`] passes over quickly).
//! When the file would exceed a size limit, every Nth position is kept (always the first
//! and the last), N chosen from an estimate made on a sample of frame pairs and checked
//! on the finished file, and each caption says so.

use std::borrow::Cow;
use std::sync::Arc;

use tiny_skia::{Pixmap, Rect};

use crate::engine::shogi::EliminationReason;
use crate::engine::{AnyPosition, Game, PlayedMove, Seat};

use super::layout::{Layout, MARGIN};
use super::palette::{ColourIndex, Palette, TRANSPARENT};
use super::panels::draw_caption_band;
use super::position::{position_scene_styled, LastMove};
use super::scene::{BoardWords, PieceStyle, Verdict};
use super::{lzw, render_scene, RenderError};
use crate::engine::Position;

/// Height of the caption band under the board.
const BAND_H: u32 = 44;

/// One position of a replay.
#[derive(Clone, Debug)]
pub struct ReplayFrame {
    pub position: AnyPosition,
    /// The move that led here (none for the start).
    pub last_move: Option<LastMove>,
    /// The caption under the board: the move number and the move, in the reader's
    /// language and notation.
    pub caption: String,
    /// How the game ended for each seat, on the final position of a finished game (empty
    /// elsewhere): drawn instead of the tags of a game going on.
    pub verdicts: Vec<Option<Verdict>>,
}

impl ReplayFrame {
    /// Every position of `game` from its start, each with the move that led to it, the
    /// caption of each made by `caption` from the number of moves played and the last
    /// one (`None` for the start). The record is played again from the start position
    /// under the game's own rules, with yonin players who left by timeout or resignation
    /// leaving at the same point.
    pub fn from_game(
        game: &Game,
        mut caption: impl FnMut(u32, Option<&PlayedMove>) -> String,
    ) -> Result<Vec<ReplayFrame>, RenderError> {
        let start = game.start_position();
        let record_error = |ply: usize, text: &str, reason: String| RenderError::Record {
            ply: ply + 1,
            text: text.to_string(),
            reason,
        };
        let mut replay =
            Game::from_position(game.variant(), game.options().clone(), &start.to_text())
                .map_err(|e| record_error(0, "start position", e.to_string()))?;
        let mut frames = vec![ReplayFrame {
            position: replay.position().clone(),
            last_move: None,
            caption: caption(start.ply(), None),
            verdicts: Vec::new(),
        }];
        for (i, played) in game.history().iter().enumerate() {
            for left in game.eliminations().iter().filter(|e| e.ply as usize == i) {
                let gone = match left.reason {
                    EliminationReason::Timeout => replay.timeout(left.seat),
                    EliminationReason::Resignation => replay.resign(left.seat),
                    EliminationReason::Mate | EliminationReason::NoMove => continue,
                };
                gone.map_err(|e| record_error(i, "a player leaving", e.to_string()))?;
            }
            let before = replay.position().clone();
            let m = replay
                .parse_move(&played.coordinate)
                .map_err(|e| record_error(i, &played.coordinate, e.to_string()))?;
            replay
                .play(&m)
                .map_err(|e| record_error(i, &played.coordinate, e.to_string()))?;
            frames.push(ReplayFrame {
                position: replay.position().clone(),
                last_move: Some(LastMove::new(&before, &m)),
                caption: caption(replay.position().ply(), Some(played)),
                verdicts: Vec::new(),
            });
        }
        Ok(frames)
    }
}

/// Says which positions a shortened replay shows, from the N of "every Nth position".
pub type SkipNote = Arc<dyn Fn(usize) -> String + Send + Sync>;

/// "every 3rd position shown": the English note of a shortened replay.
pub fn english_skip_note(every: usize) -> String {
    let suffix = match (every % 10, every % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("every {every}{suffix} position shown")
}

/// How a replay is drawn.
#[derive(Clone)]
pub struct ReplayOptions {
    /// The seat drawn at the bottom.
    pub seat: Seat,
    /// Players' names by seat; missing ones are shown by seat ("Black", "S").
    pub names: Vec<String>,
    pub piece_style: PieceStyle,
    /// How long each position shows, in milliseconds (GIF counts hundredths of a second).
    pub delay_ms: u32,
    /// How long the final position shows before the replay starts again.
    pub final_delay_ms: u32,
    /// The most bytes the file may take; positions are left out to stay under it.
    pub byte_limit: usize,
    /// The caption note of a shortened replay, in the reader's language.
    pub skip_note: SkipNote,
    /// The tags beside the names, in the reader's language.
    pub words: BoardWords,
}

/// Under Discord's attachment limit for any server (10 MB).
pub const DEFAULT_BYTE_LIMIT: usize = 10_000_000;

impl Default for ReplayOptions {
    fn default() -> ReplayOptions {
        ReplayOptions {
            seat: Seat(0),
            names: Vec::new(),
            piece_style: PieceStyle::Kanji,
            delay_ms: 800,
            final_delay_ms: 4000,
            byte_limit: DEFAULT_BYTE_LIMIT,
            skip_note: Arc::new(english_skip_note),
            words: BoardWords::default(),
        }
    }
}

impl std::fmt::Debug for ReplayOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReplayOptions")
            .field("seat", &self.seat)
            .field("names", &self.names)
            .field("piece_style", &self.piece_style)
            .field("delay_ms", &self.delay_ms)
            .field("final_delay_ms", &self.final_delay_ms)
            .field("byte_limit", &self.byte_limit)
            .field("words", &self.words)
            .finish_non_exhaustive()
    }
}

/// A finished replay.
#[derive(Clone, Debug)]
pub struct Replay {
    pub gif: Vec<u8>,
    /// Positions shown (frames in the file).
    pub frames: usize,
    /// Every how many positions one is shown: 1 when none were left out.
    pub every: usize,
    pub width: u32,
    pub height: u32,
}

/// Draws `frames` as an animated GIF under `options.byte_limit`, leaving out positions if
/// it must (see the module documentation).
pub fn replay_gif(frames: &[ReplayFrame], options: &ReplayOptions) -> Result<Replay, RenderError> {
    let Some(first) = frames.first() else {
        return Err(RenderError::EmptyReplay);
    };
    let mut painter = FramePainter::new(options);
    let (width, height) = {
        let image = painter.paint(first, None)?;
        (image.width(), image.height())
    };
    let size = match (u16::try_from(width), u16::try_from(height)) {
        (Ok(w), Ok(h)) => (w, h),
        _ => return Err(RenderError::TooBigForGif { width, height }),
    };
    let palette = Palette::board();
    let mut index = ColourIndex::new(palette);
    let mut every = choose_every(frames, options, &mut painter, &mut index)?;
    loop {
        let gif = encode(frames, every, size, options, &mut painter, &mut index)?;
        let last_chance = every >= frames.len().saturating_sub(1).max(1);
        if gif.len() <= options.byte_limit {
            return Ok(Replay {
                gif,
                frames: kept(frames.len(), every).len(),
                every,
                width,
                height,
            });
        }
        if last_chance {
            return Err(RenderError::TooLarge {
                limit: options.byte_limit,
                needed: gif.len(),
            });
        }
        // The estimate was short: scale N by how far over the file is.
        let scaled = (every as f64 * gif.len() as f64 / target(options.byte_limit) as f64).ceil();
        every = (scaled as usize).max(every + 1).min(frames.len() - 1);
    }
}

/// What the estimate aims at: a tenth under the limit, for what it cannot see.
fn target(limit: usize) -> usize {
    limit / 10 * 9
}

/// The positions kept when showing every `every`th: the first, each `every`th, the last.
fn kept(count: usize, every: usize) -> Vec<usize> {
    let mut kept: Vec<usize> = (0..count).step_by(every.max(1)).collect();
    if kept.last() != Some(&(count - 1)) {
        kept.push(count - 1);
    }
    kept
}

/// Frame pairs measured for one estimate.
const SAMPLES: usize = 8;

/// The smallest N whose estimated file fits (near enough: the search stops within 15% of
/// the target), from the first frame's size and the mean size of a sample of consecutive
/// frame pairs at each N tried.
fn choose_every(
    frames: &[ReplayFrame],
    options: &ReplayOptions,
    painter: &mut FramePainter,
    index: &mut ColourIndex,
) -> Result<usize, RenderError> {
    let count = frames.len();
    if count <= SAMPLES + 2 {
        return Ok(1);
    }
    let target = target(options.byte_limit);
    // The largest N found too big, the smallest found to fit.
    let (mut over, mut fits): (usize, Option<usize>) = (0, None);
    // The previous round's N and its estimate for the frames after the first.
    let mut measured: Option<(usize, f64)> = None;
    let mut every = 1;
    for _ in 0..12 {
        let (first, rest) = estimate(frames, every, options, painter, index)?;
        if first + rest <= target {
            fits = Some(every);
            if every <= over + 1 || (first + rest) * 100 >= target * 85 {
                return Ok(every);
            }
            every = (over + every) / 2;
            continue;
        }
        over = every;
        if every >= count - 1 {
            return Ok(every);
        }
        let room = target.saturating_sub(first).max(1) as f64;
        let rest = rest as f64;
        // Fewer frames save what each frame costs by itself but not the moves they show,
        // so the frames after the first shrink more slowly than 1/N: fit a power of N to
        // the last two rounds, or scale by 1/N in the first.
        let next = match measured {
            Some((n0, rest0)) if rest0 > rest && every > n0 => {
                let power = (rest0 / rest).ln() / (every as f64 / n0 as f64).ln();
                every as f64 * (rest / room).powf(1.0 / power.max(0.2))
            }
            _ => every as f64 * rest / room,
        };
        measured = Some((every, rest));
        let next = (next.ceil() as usize).clamp(every + 1, count - 1);
        every = match fits {
            Some(fit) if next >= fit => return Ok(fit),
            _ => next,
        };
    }
    Ok(fits.unwrap_or(every))
}

/// The estimated size of the replay of every `every`th position: the first frame's, and
/// that of all the others from a sample of consecutive pairs.
fn estimate(
    frames: &[ReplayFrame],
    every: usize,
    options: &ReplayOptions,
    painter: &mut FramePainter,
    index: &mut ColourIndex,
) -> Result<(usize, usize), RenderError> {
    let positions = kept(frames.len(), every);
    let note = (every > 1).then(|| (options.skip_note)(every));
    let mut coder = FrameCoder::new(index);
    let image = painter.paint(&frames[0], note.as_deref())?;
    let first = coder.block(image).encoded_len();
    let pairs = positions.len() - 1;
    let samples = SAMPLES.min(pairs);
    let mut sampled = 0;
    for s in 0..samples {
        let j = 1 + s * pairs / samples;
        coder.prime(painter.paint(&frames[positions[j - 1]], note.as_deref())?);
        sampled += coder
            .block(painter.paint(&frames[positions[j]], note.as_deref())?)
            .encoded_len();
    }
    Ok((first, sampled * pairs / samples.max(1)))
}

/// Writes the GIF of every `every`th position.
fn encode(
    frames: &[ReplayFrame],
    every: usize,
    (width, height): (u16, u16),
    options: &ReplayOptions,
    painter: &mut FramePainter,
    index: &mut ColourIndex,
) -> Result<Vec<u8>, RenderError> {
    let positions = kept(frames.len(), every);
    let note = (every > 1).then(|| (options.skip_note)(every));
    let table = index.palette().gif_table();
    let mut coder = FrameCoder::new(index);
    let mut encoder = gif::Encoder::new(Vec::new(), width, height, &table)?;
    encoder.set_repeat(gif::Repeat::Infinite)?;
    let centiseconds = |ms: u32| (ms.div_ceil(10)).clamp(2, u32::from(u16::MAX)) as u16;
    for (n, &i) in positions.iter().enumerate() {
        let image = painter.paint(&frames[i], note.as_deref())?;
        let block = coder.block(image);
        let last = n + 1 == positions.len();
        let delay = centiseconds(if last {
            options.final_delay_ms
        } else {
            options.delay_ms
        });
        let frame = gif::Frame {
            delay,
            dispose: gif::DisposalMethod::Keep,
            transparent: block.transparent.then_some(TRANSPARENT),
            left: block.left,
            top: block.top,
            width: block.width,
            height: block.height,
            buffer: Cow::Owned(block.lzw),
            ..gif::Frame::default()
        };
        encoder.write_lzw_pre_encoded_frame(&frame)?;
    }
    Ok(encoder.into_inner()?)
}

/// Draws replay frames: the board as the seat sees it with the caption line in the place
/// yonin boards keep for it, or in a band added under the other boards (an image reused
/// from frame to frame).
struct FramePainter<'a> {
    options: &'a ReplayOptions,
    image: Option<Pixmap>,
}

impl<'a> FramePainter<'a> {
    fn new(options: &'a ReplayOptions) -> FramePainter<'a> {
        FramePainter {
            options,
            image: None,
        }
    }

    fn paint(&mut self, frame: &ReplayFrame, note: Option<&str>) -> Result<&Pixmap, RenderError> {
        let options = self.options;
        let mut scene = position_scene_styled(
            &frame.position,
            options.seat,
            frame.last_move.as_ref(),
            options.piece_style,
        );
        for (player, name) in scene.players.iter_mut().zip(&options.names) {
            player.name.clone_from(name);
        }
        scene.caption = None;
        // No lit "to move" plate: it would change two name bars in every frame, nearly
        // half the file, where the caption already says whose move it was.
        scene.to_move = None;
        scene.words.clone_from(&options.words);
        scene.set_verdicts(&frame.verdicts);
        let mut board = render_scene(&scene);
        if let Some(area) = Layout::new(&scene).caption {
            draw_caption_band(&mut board, area, &frame.caption, note);
            return Ok(self.image.insert(board));
        }
        let (width, height) = (board.width(), board.height() + BAND_H);
        let fits = |image: &Pixmap| image.width() == width && image.height() == height;
        if !self.image.as_ref().is_some_and(fits) {
            self.image = Some(
                Pixmap::new(width, height).ok_or(RenderError::TooBigForGif { width, height })?,
            );
        }
        let Some(image) = self.image.as_mut() else {
            return Err(RenderError::TooBigForGif { width, height });
        };
        // Same width: the board is the top of the frame, row for row.
        let (top, band) = image.data_mut().split_at_mut(board.data().len());
        top.copy_from_slice(board.data());
        for px in band.chunks_exact_mut(4) {
            px.copy_from_slice(&BAND_RGBA);
        }
        // The band takes the board's bottom margin too.
        if let Some(area) = Rect::from_xywh(
            MARGIN,
            board.height() as f32 - MARGIN / 2.0,
            width as f32 - 2.0 * MARGIN,
            BAND_H as f32 - MARGIN / 2.0,
        ) {
            draw_caption_band(image, area, &frame.caption, note);
        }
        Ok(image)
    }
}

/// The band's ground: the image background.
const BAND_RGBA: [u8; 4] = {
    let ink = super::paint::BACKGROUND;
    [ink.0, ink.1, ink.2, 255]
};

/// One frame's image block: where it lies and its LZW codes.
struct Block {
    left: u16,
    top: u16,
    width: u16,
    height: u16,
    transparent: bool,
    lzw: Vec<u8>,
}

impl Block {
    /// Bytes the block takes in the file, headers included.
    fn encoded_len(&self) -> usize {
        // Graphic control extension 8, image descriptor 10, and one length byte per 255.
        self.lzw.len() + self.lzw.len() / 255 + 20
    }
}

/// Turns each image into the block of pixels changed since the previous one, indexed in
/// the palette.
struct FrameCoder<'a, 'p> {
    /// Shared by every coder of one replay: it remembers each colour's entry.
    index: &'a mut ColourIndex<'p>,
    previous: Vec<u8>,
    width: usize,
    indices: Vec<u8>,
}

impl<'a, 'p> FrameCoder<'a, 'p> {
    fn new(index: &'a mut ColourIndex<'p>) -> FrameCoder<'a, 'p> {
        FrameCoder {
            index,
            previous: Vec::new(),
            width: 0,
            indices: Vec::new(),
        }
    }

    /// Takes `image` as the previous frame without coding it.
    fn prime(&mut self, image: &Pixmap) {
        self.previous.clear();
        self.previous.extend_from_slice(image.data());
        self.width = image.width() as usize;
    }

    fn block(&mut self, image: &Pixmap) -> Block {
        let data = image.data();
        let width = image.width() as usize;
        let first = self.previous.len() != data.len() || self.width != width;
        let block = if first {
            self.whole(data, width)
        } else {
            self.changes(data, width)
        };
        self.previous.clear();
        self.previous.extend_from_slice(data);
        self.width = width;
        block
    }

    fn whole(&mut self, data: &[u8], width: usize) -> Block {
        self.indices.clear();
        self.indices.extend(
            data.chunks_exact(4)
                .map(|px| self.index.index(px[0], px[1], px[2])),
        );
        // The commonest entry (the background) makes the longest runs.
        let run = self.indices.first().copied().unwrap_or(0);
        Block {
            left: 0,
            top: 0,
            width: width as u16,
            height: (data.len() / 4 / width) as u16,
            transparent: false,
            lzw: lzw::encode(&self.indices, 8, run),
        }
    }

    fn changes(&mut self, data: &[u8], width: usize) -> Block {
        let row_bytes = width * 4;
        let rows = data
            .chunks_exact(row_bytes)
            .zip(self.previous.chunks_exact(row_bytes));
        let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
        for (y, (now, before)) in rows.enumerate() {
            if now == before {
                continue;
            }
            let same = |x: &usize| now[x * 4..x * 4 + 4] == before[x * 4..x * 4 + 4];
            let first = (0..width).find(|x| !same(x)).unwrap_or(0);
            let last = (first..width).rev().find(|x| !same(x)).unwrap_or(first);
            top = top.min(y);
            bottom = y;
            left = left.min(first);
            right = right.max(last);
        }
        if top == usize::MAX {
            // Nothing changed: one transparent pixel carries the frame's time.
            return Block {
                left: 0,
                top: 0,
                width: 1,
                height: 1,
                transparent: true,
                lzw: lzw::encode(&[TRANSPARENT], 8, TRANSPARENT),
            };
        }
        self.indices.clear();
        for y in top..=bottom {
            let row = y * row_bytes;
            let now = &data[row + left * 4..row + (right + 1) * 4];
            let before = &self.previous[row + left * 4..row + (right + 1) * 4];
            for (px, old) in now.chunks_exact(4).zip(before.chunks_exact(4)) {
                self.indices.push(if px == old {
                    TRANSPARENT
                } else {
                    self.index.index(px[0], px[1], px[2])
                });
            }
        }
        Block {
            left: left as u16,
            top: top as u16,
            width: (right - left + 1) as u16,
            height: (bottom - top + 1) as u16,
            transparent: true,
            lzw: lzw::encode(&self.indices, 8, TRANSPARENT),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skip_notes_say_which_positions() {
        assert_eq!(english_skip_note(2), "every 2nd position shown");
        assert_eq!(english_skip_note(3), "every 3rd position shown");
        assert_eq!(english_skip_note(11), "every 11th position shown");
        assert_eq!(english_skip_note(21), "every 21st position shown");
        assert_eq!(english_skip_note(112), "every 112th position shown");
    }

    #[test]
    fn the_first_and_last_positions_are_always_kept() {
        assert_eq!(kept(10, 1), (0..10).collect::<Vec<_>>());
        assert_eq!(kept(10, 3), [0, 3, 6, 9]);
        assert_eq!(kept(11, 3), [0, 3, 6, 9, 10]);
        assert_eq!(kept(1, 5), [0]);
        assert_eq!(kept(5, 100), [0, 4]);
    }
}
