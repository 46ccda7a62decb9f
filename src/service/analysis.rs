//! The evaluation graph of a reviewed game (`computer::analysis`): a line per side (a seat
//! in yonin, a team in doubles, one line from the first seat's side in the two-player
//! variants, its area shaded as lishogi does), the score mapped to winning chances so a won
//! position nears the edge, move numbers across, and the inaccuracies, mistakes and
//! blunders marked on the line with their move numbers below.

use crate::computer::analysis::{graph_value, Judgement, Review};
use crate::render::chart::{self, Axis, Chart, ChartPoint, Ink, Marker, Series, SERIES_COLOURS};

/// The words of an evaluation graph, in the reader's language.
#[derive(Clone, Debug, PartialEq)]
pub struct EvaluationText {
    pub title: String,
    pub subtitle: String,
    /// A label per curve of the review, in its order.
    pub sides: Vec<String>,
}

const INACCURACY: Ink = Ink::opaque(0xD8A100);
const MISTAKE: Ink = Ink::opaque(0xE5680F);
const BLUNDER: Ink = Ink::opaque(0xC8141E);

/// The mark of a judged move: colour and the annotation chess and shogi sites write after
/// a move (`?!`, `?`, `??`).
pub fn judgement_mark(judgement: Judgement) -> (Ink, &'static str) {
    match judgement {
        Judgement::Inaccuracy => (INACCURACY, "?!"),
        Judgement::Mistake => (MISTAKE, "?"),
        Judgement::Blunder => (BLUNDER, "??"),
    }
}

/// The graph of `review`.
pub fn evaluation_chart(review: &Review, text: &EvaluationText) -> Chart {
    let plies = review.moves.len().max(1);
    let single = review.curves.len() == 1;
    let series: Vec<Series> = review
        .curves
        .iter()
        .enumerate()
        .map(|(index, curve)| Series {
            label: text.sides.get(index).cloned().unwrap_or_default(),
            colour: if single {
                Ink::opaque(0x3A3630)
            } else {
                SERIES_COLOURS[index % SERIES_COLOURS.len()]
            },
            points: curve
                .points
                .iter()
                .map(|&(ply, score)| ChartPoint {
                    x: ply as f64,
                    y: graph_value(score),
                    band: None,
                })
                .collect(),
            area_to: single.then_some(0.0),
            dots: false,
        })
        .collect();
    let markers = review
        .moves
        .iter()
        .filter_map(|m| {
            let judgement = m.judgement?;
            let (colour, sign) = judgement_mark(judgement);
            // On the mover's own line: the one holding its seat.
            let (index, curve) = review
                .curves
                .iter()
                .enumerate()
                .find(|(_, c)| c.seats.contains(&m.seat))
                .or_else(|| review.curves.first().map(|c| (0, c)))?;
            let y = curve
                .points
                .iter()
                .find(|(ply, _)| *ply == m.ply)
                .map(|&(_, s)| graph_value(s))
                .unwrap_or_else(|| {
                    let v = graph_value(m.after);
                    if index == 0 || !single {
                        v
                    } else {
                        -v
                    }
                });
            Some(Marker {
                x: m.ply as f64,
                y,
                colour,
                label: if judgement == Judgement::Inaccuracy {
                    String::new()
                } else {
                    format!("{}{sign}", m.ply)
                },
            })
        })
        .collect();
    let step = chart::nice_step(plies as f64, 8.0).max(1.0);
    let mut ticks = Vec::new();
    let mut at = 0.0;
    while at <= plies as f64 + 0.5 {
        ticks.push((at, format!("{}", at as usize)));
        at += step;
    }
    Chart {
        title: text.title.clone(),
        subtitle: text.subtitle.clone(),
        x: Axis {
            min: 0.0,
            max: plies as f64,
            ticks,
        },
        y: Axis {
            min: -1.0,
            max: 1.0,
            ticks: vec![
                (1.0, "100%".into()),
                (0.5, "75%".into()),
                (0.0, "50%".into()),
                (-0.5, "25%".into()),
                (-1.0, "0%".into()),
            ],
        },
        baseline: Some(0.0),
        series,
        markers,
        legend: true,
    }
}
