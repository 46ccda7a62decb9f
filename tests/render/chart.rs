//! The charts: the rating history's lines, points and shaded intervals land where the
//! values say, the leaderboard's lines are told apart, Japanese and Korean labels are drawn
//! from the embedded fonts, and the PNG is readable at chat width.

use shogiban::engine::Variant;
use shogiban::render::chart::{CHART_HEIGHT, CHART_WIDTH, SERIES_COLOURS};
use shogiban::service::{rating_chart, HistoryPoint, RatingChartText, RatingLine};
use shogiban::store::{GameId, UserId};

const DAY: i64 = 86_400;
const T0: i64 = 1_767_225_600; // 2026-01-01

fn line(variant: Variant, user: u64, ratings: &[(i64, i32, i32)]) -> RatingLine {
    RatingLine {
        variant,
        user_id: UserId(user),
        name: None,
        points: ratings
            .iter()
            .enumerate()
            .map(|(n, &(day, rating, half))| HistoryPoint {
                game_id: GameId(n as i64 + 1),
                at: T0 + day * DAY,
                rating,
                interval: Some((rating - half, rating + half)),
            })
            .collect(),
    }
}

fn pixel(pixmap: &tiny_skia::Pixmap, x: f32, y: f32) -> [u8; 3] {
    let p = pixmap
        .pixel(x.round() as u32, y.round() as u32)
        .expect("inside the image");
    [p.red(), p.green(), p.blue()]
}

fn profile_lines() -> Vec<RatingLine> {
    vec![
        line(
            Variant::Standard,
            1,
            &[
                (0, 1662, 580),
                (3, 1590, 420),
                (10, 1700, 330),
                (24, 1745, 260),
            ],
        ),
        line(Variant::Yonin, 1, &[(5, 1530, 500), (20, 1480, 400)]),
    ]
}

#[test]
fn the_profile_chart_has_a_line_per_variant_a_point_per_game_and_the_band() {
    let text = RatingChartText {
        title: "Rating history · alice".into(),
        subtitle: "Shaded: the rating ± twice its deviation (95% interval)".into(),
        labels: vec!["Shogi 1745".into(), "Yonin shogi 1480".into()],
    };
    let chart = rating_chart(&profile_lines(), &text, true).expect("a chart");
    let (pixmap, geometry) = chart.draw();
    assert_eq!(
        (pixmap.width(), pixmap.height()),
        (CHART_WIDTH, CHART_HEIGHT)
    );
    let points: Vec<usize> = geometry.points.iter().map(Vec::len).collect();
    assert_eq!(points, vec![4, 2]);
    let bands: Vec<usize> = geometry.bands.iter().map(Vec::len).collect();
    assert_eq!(bands, vec![4, 2]);
    let (left, top, right, bottom) = geometry.plot;
    // Later games lie further right, higher ratings higher up, and everything inside.
    let standard = &geometry.points[0];
    assert!(standard.windows(2).all(|w| w[0].0 < w[1].0));
    assert!(standard[3].1 < standard[1].1, "1745 above 1590");
    for &(x, y) in geometry.points.iter().flatten() {
        assert!(x >= left && x <= right && y >= top && y <= bottom);
    }
    // The line's colour on its points; the band tinted with it above and below the line,
    // and plain white beyond the band.
    let colour = SERIES_COLOURS[0];
    let on_line = pixel(&pixmap, standard[2].0, standard[2].1);
    assert_eq!(
        on_line,
        [colour.0, colour.1, colour.2],
        "the line at a point"
    );
    let (x, low, high) = geometry.bands[0][2];
    assert!(
        low - high > 60.0,
        "a 660-point interval is tall: {high}..{low}"
    );
    let in_band = pixel(&pixmap, x, high + 6.0);
    assert_ne!(in_band, [255, 255, 255], "inside the band is shaded");
    assert!(
        in_band[2] > in_band[0],
        "shaded with the line's blue: {in_band:?}"
    );
    let beyond = pixel(&pixmap, x, (high - 12.0).max(top + 2.0));
    if high - 12.0 > top + 2.0 {
        assert!(
            beyond.iter().all(|&c| c >= 0xE0),
            "above the band is the plot's ground (or a grid line): {beyond:?}"
        );
    }
    assert!(geometry.texts.iter().any(|t| t == "Shogi 1745"));
    assert!(geometry.texts.iter().any(|t| t.starts_with("2026-01-")));
    assert!(geometry.missing.is_empty(), "{:?}", geometry.missing);
}

#[test]
fn without_intervals_nothing_is_shaded() {
    let text = RatingChartText {
        title: "Shogi: the top 10 over time".into(),
        subtitle: String::new(),
        labels: vec!["alice 1745".into(), "bob 1480".into()],
    };
    let chart = rating_chart(&profile_lines(), &text, false).expect("a chart");
    let (_, geometry) = chart.draw();
    assert!(geometry.bands.iter().all(Vec::is_empty));
    assert_eq!(geometry.points.len(), 2);
}

#[test]
fn ten_lines_in_ten_colours() {
    let lines: Vec<RatingLine> = (0..10)
        .map(|n| {
            line(
                Variant::Standard,
                n,
                &[(0, 1500, 300), (2, 1500 + 20 * n as i32, 250)],
            )
        })
        .collect();
    let labels = (0..10).map(|n| format!("player{n}")).collect();
    let text = RatingChartText {
        title: "top".into(),
        subtitle: String::new(),
        labels,
    };
    let chart = rating_chart(&lines, &text, false).expect("a chart");
    let colours: std::collections::HashSet<_> = chart.series.iter().map(|s| s.colour).collect();
    assert_eq!(colours.len(), 10);
    let (_, geometry) = chart.draw();
    assert_eq!(geometry.points.len(), 10);
    for n in 0..10 {
        assert!(geometry.texts.contains(&format!("player{n}")), "legend {n}");
    }
}

#[test]
fn japanese_and_korean_labels_are_drawn_from_the_embedded_fonts() {
    // Player names are drawn from the same subset (kana and Latin letters, not every
    // kanji or hangul syllable), so the names here are written in those.
    for (title, subtitle, labels) in [
        (
            "レーティング推移 · たろう",
            "網掛け: レーティング ± 偏差の2倍（95% 区間）",
            ["将棋 1745", "四人将棋 1480"],
        ),
        (
            "레이팅 변화 · alice",
            "음영: 레이팅 ± 편차의 2배 (95% 구간)",
            ["쇼기 1745", "요닌쇼기 1480"],
        ),
    ] {
        let text = RatingChartText {
            title: title.into(),
            subtitle: subtitle.into(),
            labels: labels.iter().map(|l| l.to_string()).collect(),
        };
        let chart = rating_chart(&profile_lines(), &text, true).expect("a chart");
        let (pixmap, geometry) = chart.draw();
        assert!(geometry.texts.iter().any(|t| t == title));
        assert!(
            geometry.missing.is_empty(),
            "{title}: {:?}",
            geometry.missing
        );
        // The title is drawn: dark ink in its row.
        let dark = (0..300)
            .filter(|&x| pixel(&pixmap, x as f32, 26.0).iter().all(|&c| c < 0x60))
            .count();
        assert!(dark > 10, "{title}: {dark} dark pixels in the title row");
    }
}

#[test]
fn the_png_is_small_enough_to_post() {
    let text = RatingChartText {
        title: "Rating history".into(),
        subtitle: String::new(),
        labels: vec!["Shogi".into(), "Yonin shogi".into()],
    };
    let png = rating_chart(&profile_lines(), &text, true)
        .expect("a chart")
        .png()
        .unwrap();
    let decoded = image::load_from_memory(&png).expect("a PNG");
    assert_eq!(
        (decoded.width(), decoded.height()),
        (CHART_WIDTH, CHART_HEIGHT)
    );
    assert!(png.len() < 200_000, "{} bytes", png.len());
}

#[test]
fn nothing_to_draw_without_points() {
    let text = RatingChartText {
        title: String::new(),
        subtitle: String::new(),
        labels: vec![],
    };
    assert!(rating_chart(&[], &text, true).is_none());
}
