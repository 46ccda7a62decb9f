//! Line charts as PNGs, drawn with the board's own stack (tiny-skia and the embedded Noto
//! CJK text font): the rating history of `/profile` and the leaderboard (lines with a
//! shaded interval), and the evaluation graph of a game's analysis (areas around a middle
//! line, with marks on chosen moves). A [`Chart`] is a plain description; the caller gives
//! every word it shows, so the charts speak whatever language the caller writes.

use chrono::{DateTime, Datelike};
use tiny_skia::{Path, PathBuilder, Pixmap, Transform};

use super::fonts::{Align, TextLine};
pub use super::paint::Ink;
use super::paint::{circle, fill, fill_rect, rect, stroke};
use super::RenderError;

/// Chat width: Discord shows an image about 550 px wide, so text is drawn large enough to
/// stay readable at about three quarters of this size.
pub const CHART_WIDTH: u32 = 760;
pub const CHART_HEIGHT: u32 = 430;

const BACKGROUND: Ink = Ink::opaque(0xFBFAF7);
const PLOT_BACKGROUND: Ink = Ink::opaque(0xFFFFFF);
const GRID: Ink = Ink::opaque(0xE2DED6);
const AXIS: Ink = Ink::opaque(0x8E8A84);
const TEXT: Ink = Ink::opaque(0x2B2823);
const SOFT_TEXT: Ink = Ink::opaque(0x5E5950);

/// Ten colours told apart on a white ground (the leaderboard's top ten).
pub const SERIES_COLOURS: [Ink; 10] = [
    Ink::opaque(0x1F77B4),
    Ink::opaque(0xD62728),
    Ink::opaque(0x2CA02C),
    Ink::opaque(0xFF7F0E),
    Ink::opaque(0x9467BD),
    Ink::opaque(0x8C564B),
    Ink::opaque(0xE377C2),
    Ink::opaque(0x17BECF),
    Ink::opaque(0xBCBD22),
    Ink::opaque(0x7F7F7F),
];

const TITLE_EM: f32 = 24.0;
const TICK_EM: f32 = 17.0;
const LEGEND_EM: f32 = 17.0;
const MARGIN: f32 = 14.0;
const LEGEND_WIDTH: f32 = 200.0;

/// One point of a line; `band` is the interval shaded around it (low, high).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChartPoint {
    pub x: f64,
    pub y: f64,
    pub band: Option<(f64, f64)>,
}

/// One line of a chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Its name in the legend (empty: not listed).
    pub label: String,
    pub colour: Ink,
    pub points: Vec<ChartPoint>,
    /// Fill the area between the line and this value (the evaluation graph).
    pub area_to: Option<f64>,
    /// Draw a dot on every point (when there are few).
    pub dots: bool,
}

/// A mark on the plot: a ring at (x, y) in the series' colour, with a short label under
/// the plot (a blunder's move number).
#[derive(Clone, Debug, PartialEq)]
pub struct Marker {
    pub x: f64,
    pub y: f64,
    pub colour: Ink,
    pub label: String,
}

/// An axis: its range and the ticks labelled on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    pub min: f64,
    pub max: f64,
    pub ticks: Vec<(f64, String)>,
}

/// A line chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    pub title: String,
    /// A line under the title (a note on what is shaded, the engine setting).
    pub subtitle: String,
    pub x: Axis,
    pub y: Axis,
    /// A horizontal line drawn stronger than the grid (the evaluation's 0).
    pub baseline: Option<f64>,
    pub series: Vec<Series>,
    pub markers: Vec<Marker>,
    /// Whether the legend column is drawn (series labels, at the right).
    pub legend: bool,
}

/// Where things landed on the image, in pixels: what the tests check against the pixels.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChartGeometry {
    /// The plot area: left, top, right, bottom.
    pub plot: (f32, f32, f32, f32),
    /// Per series, its points.
    pub points: Vec<Vec<(f32, f32)>>,
    /// Per series, per point with a band, (x, y low, y high).
    pub bands: Vec<Vec<(f32, f32, f32)>>,
    /// Every text drawn, in order.
    pub texts: Vec<String>,
    /// Characters of those texts that no embedded font has (drawn as boxes).
    pub missing: Vec<char>,
    pub markers: Vec<(f32, f32)>,
}

impl Chart {
    /// Paints the chart; also says where each part landed.
    pub fn draw(&self) -> (Pixmap, ChartGeometry) {
        let mut pixmap =
            Pixmap::new(CHART_WIDTH, CHART_HEIGHT).expect("the chart size is not zero");
        pixmap.fill(BACKGROUND.color());
        let mut geometry = ChartGeometry::default();
        let (w, h) = (CHART_WIDTH as f32, CHART_HEIGHT as f32);

        // Title and subtitle.
        let mut top = MARGIN + TITLE_EM / 2.0;
        text(
            &mut pixmap,
            &mut geometry,
            &self.title,
            MARGIN,
            top,
            TITLE_EM,
            Align::Left,
            TEXT,
            w - 2.0 * MARGIN,
        );
        top += TITLE_EM * 0.6;
        if !self.subtitle.is_empty() {
            top += TICK_EM * 0.9;
            text(
                &mut pixmap,
                &mut geometry,
                &self.subtitle,
                MARGIN,
                top,
                TICK_EM * 0.9,
                Align::Left,
                SOFT_TEXT,
                w - 2.0 * MARGIN,
            );
            top += TICK_EM * 0.5;
        }
        let y_label_width = self
            .y
            .ticks
            .iter()
            .map(|(_, label)| TextLine::new(label).width() * TICK_EM)
            .fold(0.0, f32::max);
        let left = MARGIN + y_label_width + 8.0;
        let right = if self.legend {
            w - MARGIN - LEGEND_WIDTH
        } else {
            w - MARGIN - 10.0
        };
        let plot_top = top + 16.0;
        let marker_rows = if self.markers.is_empty() {
            0.0
        } else {
            TICK_EM * 1.3
        };
        let bottom = h - MARGIN - TICK_EM * 1.4 - marker_rows;
        geometry.plot = (left, plot_top, right, bottom);
        if let Some(area) = rect(left, plot_top, right - left, bottom - plot_top) {
            fill_rect(&mut pixmap, area, PLOT_BACKGROUND);
        }
        let span = |axis: &Axis| {
            if axis.max > axis.min {
                axis.max - axis.min
            } else {
                1.0
            }
        };
        let px = |x: f64| left + ((x - self.x.min) / span(&self.x)) as f32 * (right - left);
        let py = |y: f64| bottom - ((y - self.y.min) / span(&self.y)) as f32 * (bottom - plot_top);

        // Grid and tick labels.
        for (y, label) in &self.y.ticks {
            let at = py(*y);
            if let Some(line) = segment(left, at, right, at) {
                stroke(&mut pixmap, &line, GRID, 1.0, Transform::identity());
            }
            text(
                &mut pixmap,
                &mut geometry,
                label,
                left - 6.0,
                at,
                TICK_EM,
                Align::Right,
                SOFT_TEXT,
                f32::MAX,
            );
        }
        for (x, label) in &self.x.ticks {
            let at = px(*x);
            if let Some(line) = segment(at, plot_top, at, bottom) {
                stroke(&mut pixmap, &line, GRID, 1.0, Transform::identity());
            }
            let align = if at - left < 30.0 {
                Align::Left
            } else if right - at < 30.0 {
                Align::Right
            } else {
                Align::Centre
            };
            text(
                &mut pixmap,
                &mut geometry,
                label,
                at,
                bottom + TICK_EM * 0.85,
                TICK_EM,
                align,
                SOFT_TEXT,
                f32::MAX,
            );
        }
        if let Some(base) = self.baseline {
            if let Some(line) = segment(left, py(base), right, py(base)) {
                stroke(&mut pixmap, &line, AXIS, 1.5, Transform::identity());
            }
        }

        // Bands first, then areas, then lines, so no line hides under a band.
        for series in &self.series {
            let banded: Vec<(f32, f32, f32)> = series
                .points
                .iter()
                .filter_map(|p| p.band.map(|(lo, hi)| (px(p.x), py(lo), py(hi))))
                .collect();
            if let Some(band) = band_path(&banded) {
                fill(
                    &mut pixmap,
                    &band,
                    series.colour.alpha(48),
                    Transform::identity(),
                );
            }
            geometry.bands.push(banded);
        }
        for series in &self.series {
            let points: Vec<(f32, f32)> =
                series.points.iter().map(|p| (px(p.x), py(p.y))).collect();
            if let (Some(to), Some(first), Some(last)) =
                (series.area_to, points.first(), points.last())
            {
                let mut pb = PathBuilder::new();
                pb.move_to(first.0, py(to));
                for &(x, y) in &points {
                    pb.line_to(x, y);
                }
                pb.line_to(last.0, py(to));
                pb.close();
                if let Some(area) = pb.finish() {
                    fill(
                        &mut pixmap,
                        &area,
                        series.colour.alpha(70),
                        Transform::identity(),
                    );
                }
            }
            geometry.points.push(points);
        }
        for (series, points) in self.series.iter().zip(&geometry.points) {
            if let Some(line) = polyline(points) {
                stroke(
                    &mut pixmap,
                    &line,
                    series.colour,
                    2.5,
                    Transform::identity(),
                );
            }
            if series.dots || points.len() == 1 {
                for &(x, y) in points {
                    if let Some(dot) = circle(x, y, 3.5) {
                        fill(&mut pixmap, &dot, series.colour, Transform::identity());
                    }
                }
            }
        }
        // Plot frame.
        if let Some(frame) =
            rect(left, plot_top, right - left, bottom - plot_top).map(PathBuilder::from_rect)
        {
            stroke(&mut pixmap, &frame, AXIS, 1.0, Transform::identity());
        }

        // Markers: a ring on the line and the label under the axis labels.
        let mut last_label_right = f32::MIN;
        for marker in &self.markers {
            let (x, y) = (px(marker.x), py(marker.y));
            if let Some(ring) = circle(x, y, 6.0) {
                fill(&mut pixmap, &ring, PLOT_BACKGROUND, Transform::identity());
                stroke(
                    &mut pixmap,
                    &ring,
                    marker.colour,
                    3.0,
                    Transform::identity(),
                );
            }
            geometry.markers.push((x, y));
            let line = TextLine::new(&marker.label);
            let half = line.width() * TICK_EM * 0.45;
            // Labels that would overlap the previous one are left to the list below the
            // image; the ring still marks the move.
            if x - half > last_label_right + 4.0 {
                text(
                    &mut pixmap,
                    &mut geometry,
                    &marker.label,
                    x,
                    bottom + TICK_EM * 2.2,
                    TICK_EM * 0.9,
                    Align::Centre,
                    marker.colour,
                    f32::MAX,
                );
                last_label_right = x + half;
            }
        }

        // Legend.
        if self.legend {
            let mut y = plot_top + LEGEND_EM * 0.6;
            for series in self.series.iter().filter(|s| !s.label.is_empty()) {
                if y > bottom {
                    break;
                }
                let x = right + 16.0;
                if let Some(swatch) = rect(x, y - 3.0, 22.0, 6.0) {
                    fill_rect(&mut pixmap, swatch, series.colour);
                }
                text(
                    &mut pixmap,
                    &mut geometry,
                    &series.label,
                    x + 30.0,
                    y,
                    LEGEND_EM,
                    Align::Left,
                    TEXT,
                    LEGEND_WIDTH - 48.0,
                );
                y += LEGEND_EM * 1.6;
            }
        }
        (pixmap, geometry)
    }

    /// The chart as PNG bytes.
    pub fn png(&self) -> Result<Vec<u8>, RenderError> {
        super::encode_png(&self.draw().0)
    }
}

#[allow(clippy::too_many_arguments)]
fn text(
    pixmap: &mut Pixmap,
    geometry: &mut ChartGeometry,
    words: &str,
    x: f32,
    y: f32,
    em: f32,
    align: Align,
    ink: Ink,
    max_width: f32,
) {
    if words.is_empty() {
        return;
    }
    let line = TextLine::fitted(words, max_width / em);
    line.draw(pixmap, x, y, em, align, ink.color());
    geometry.texts.push(words.to_owned());
    let fonts = super::fonts::fonts();
    geometry.missing.extend(words.chars().filter(|&c| {
        !c.is_whitespace()
            && !c.is_control()
            && [c, super::fonts::fold_to_latin(c).unwrap_or(c)]
                .iter()
                .all(|&c| {
                    fonts.glyph(super::fonts::FontRole::Text, c).is_none()
                        && fonts.glyph(super::fonts::FontRole::Piece, c).is_none()
                })
    }));
}

fn segment(x0: f32, y0: f32, x1: f32, y1: f32) -> Option<Path> {
    let mut pb = PathBuilder::new();
    pb.move_to(x0, y0);
    pb.line_to(x1, y1);
    pb.finish()
}

fn polyline(points: &[(f32, f32)]) -> Option<Path> {
    let (first, rest) = points.split_first()?;
    if rest.is_empty() {
        return None;
    }
    let mut pb = PathBuilder::new();
    pb.move_to(first.0, first.1);
    for &(x, y) in rest {
        pb.line_to(x, y);
    }
    pb.finish()
}

/// The shaded interval: along the high edge, back along the low one. A single point gets
/// a bar a few pixels wide, so its interval still shows.
fn band_path(band: &[(f32, f32, f32)]) -> Option<Path> {
    let mut pb = PathBuilder::new();
    match band {
        [] => return None,
        [(x, lo, hi)] => {
            let r = rect(x - 5.0, hi.min(*lo), 10.0, (lo - hi).abs().max(1.0))?;
            return Some(PathBuilder::from_rect(r));
        }
        [first, ..] => {
            pb.move_to(first.0, first.2);
            for &(x, _, hi) in &band[1..] {
                pb.line_to(x, hi);
            }
            for &(x, lo, _) in band.iter().rev() {
                pb.line_to(x, lo);
            }
            pb.close();
        }
    }
    pb.finish()
}

/// Round steps for an axis over `span` with about `wanted` intervals: 1, 2, 2.5 or 5
/// times a power of ten.
pub fn nice_step(span: f64, wanted: f64) -> f64 {
    let raw = (span / wanted.max(1.0)).max(f64::MIN_POSITIVE);
    let power = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 2.5, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|step| *step >= raw)
        .unwrap_or(10.0 * power)
}

/// A value axis from `low` to `high` widened to round ticks, each labelled as a whole
/// number.
pub fn value_axis(low: f64, high: f64, wanted: f64) -> Axis {
    let (low, high) = if high - low < 1.0 {
        (low - 50.0, high + 50.0)
    } else {
        (low, high)
    };
    let step = nice_step(high - low, wanted);
    let min = (low / step).floor() * step;
    let max = (high / step).ceil() * step;
    let mut ticks = Vec::new();
    let mut at = min;
    while at <= max + step / 2.0 {
        ticks.push((at, format!("{}", at.round() as i64)));
        at += step;
    }
    Axis { min, max, ticks }
}

/// A time axis over UNIX seconds `from..=to` with dates (`2026-11-27`, understood in every
/// language) on whole days, weeks or months.
pub fn date_axis(from: i64, to: i64) -> Axis {
    const DAY: i64 = 86_400;
    let (from, to) = if to - from < DAY {
        (from - DAY / 2, to + DAY / 2)
    } else {
        let pad = (to - from) / 30;
        (from - pad, to + pad)
    };
    let days = (to - from) as f64 / DAY as f64;
    let step_days: i64 = [1i32, 2, 7, 14, 30, 61, 91, 182, 365, 730]
        .into_iter()
        .find(|step| days / f64::from(*step) <= 5.0)
        .map_or(1461, i64::from);
    let mut ticks = Vec::new();
    let first_day = from.div_euclid(DAY) + 1;
    let mut day = first_day;
    while day * DAY <= to {
        let secs = day * DAY;
        if let Some(date) = DateTime::from_timestamp(secs, 0) {
            let date = date.date_naive();
            // Months and longer: tick on the first of a month.
            let on_step = if step_days >= 30 {
                let months = i64::from(date.year()) * 12 + i64::from(date.month0());
                date.day() == 1 && months % (step_days / 30) == 0
            } else {
                (day - first_day) % step_days == 0
            };
            if on_step {
                ticks.push((
                    secs as f64,
                    format!("{:04}-{:02}-{:02}", date.year(), date.month(), date.day()),
                ));
            }
        }
        day += 1;
    }
    Axis {
        min: from as f64,
        max: to as f64,
        ticks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_round() {
        assert_eq!(nice_step(100.0, 5.0), 20.0);
        assert_eq!(nice_step(430.0, 5.0), 100.0);
        assert_eq!(nice_step(12.0, 5.0), 2.5);
    }

    #[test]
    fn value_axes_cover_the_values() {
        let axis = value_axis(1387.0, 1642.0, 5.0);
        assert!(axis.min <= 1387.0 && axis.max >= 1642.0);
        assert_eq!(axis.ticks.first().unwrap().1, "1300");
        assert!(axis.ticks.len() <= 8);
    }

    #[test]
    fn date_axes_label_days_inside_the_range() {
        // 2025-11-01 to 2025-11-27.
        let axis = date_axis(1_761_955_200, 1_764_201_600);
        assert!(
            !axis.ticks.is_empty() && axis.ticks.len() <= 6,
            "{:?}",
            axis.ticks
        );
        for (at, label) in &axis.ticks {
            assert!(*at >= axis.min && *at <= axis.max);
            assert!(label.starts_with("2025-11-"), "{label}");
        }
    }
}
