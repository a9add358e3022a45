//! Count mode's panel: the count in the view's terms, the comparison,
//! the running totals of the blocks of ten, the groups kifu is unsure of.

use super::*;
use crate::count::score::stones_by;
use crate::i18n::{Lang, color_name};
use crate::tr;

pub(super) fn count_panel(cs: &CountState, lang: Lang) -> Vec<Line<'static>> {
    let c = &cs.session.count;
    let steps = cs.view.steps();
    let view = cs.view.title(lang);
    let mut lines = vec![
        Line::from(if cs.step_number() > 0 {
            tr!(
                lang,
                "panel.count.step",
                view = view,
                i = cs.step_number(),
                n = steps
            )
        } else {
            tr!(lang, "panel.count", view = view)
        }),
        // The result of the game's own rules first, named.
        Line::from(result_line(cs, lang)),
    ];
    lines.extend(view_lines(cs, lang));
    lines.push(Line::from(tr!(
        lang,
        "panel.dead",
        b = cs.session.class.dead_count(Color::Black),
        w = cs.session.class.dead_count(Color::White),
    )));
    // Advice only where it changes the count.
    let (b, w) = (&c.black, &c.white);
    match cs.view {
        View::Area if c.dame > 0 => {
            lines.push(Line::from(match c.first_to_fill {
                Some(first) => {
                    tr!(
                        lang,
                        "panel.dame",
                        n = c.dame,
                        first = color_name(lang, first)
                    )
                }
                None if c.dame_for_nobody => tr!(lang, "panel.dame.nobody", n = c.dame),
                None => tr!(lang, "panel.dame.marked", n = c.dame),
            }));
        }
        View::Territory if b.to_fill + w.to_fill > 0 => {
            let n = b.to_fill + w.to_fill;
            lines.push(Line::from(if n == 1 {
                tr!(lang, "panel.fill.one")
            } else {
                tr!(lang, "panel.fill", n = n)
            }));
        }
        _ => {}
    }
    lines.extend(running_totals(cs, lang));
    lines.extend(cs.differences(lang).into_iter().map(Line::from));
    lines.extend(unsure_line(cs, lang));
    lines
}

/// "Result under Japanese rules: B+3.5".
pub(super) fn result_line(cs: &CountState, lang: Lang) -> String {
    tr!(
        lang,
        "panel.count.result",
        rules = cs.session.terms.rules.title(lang),
        result = cs.result()
    )
}

/// Presenting: the game's result under its rules, and whether the
/// walkthrough shown counts it or is a comparison (with its own result),
/// so that a class never reads the comparison's result as the game's.
pub(super) fn presented_results(cs: &CountState, lang: Lang) -> Vec<String> {
    let rules = cs.session.terms.rules.title(lang);
    let game = tr!(lang, "present.game", rules = rules, result = cs.result());
    let c = &cs.session.count;
    let (this, view) = match cs.view {
        View::Area => (
            GameResult::from_margin(c.area.margin),
            tr!(lang, "cm.view.area"),
        ),
        View::Territory => (
            GameResult::from_margin(c.territory.margin),
            tr!(lang, "cm.view.territory"),
        ),
    };
    let games_view = match cs.session.terms.rules.scoring {
        crate::game::rules::Scoring::Area => View::Area,
        crate::game::rules::Scoring::Territory => View::Territory,
    };
    let shown = if cs.view == games_view {
        tr!(lang, "present.this", view = view)
    } else {
        tr!(lang, "present.comparison", view = view, result = this)
    };
    vec![game, shown]
}

/// The view's sums: area against half the board, or territory with
/// prisoners and komi; the other view's result as a comparison.
fn view_lines(cs: &CountState, lang: Lang) -> Vec<Line<'static>> {
    use crate::game::result::format_points as f;
    let c = &cs.session.count;
    let (b, w) = (&c.black, &c.white);
    let area_result = GameResult::from_margin(c.area.margin);
    let terr_result = GameResult::from_margin(c.territory.margin);
    match cs.view {
        View::Area => {
            let half = c.area.half;
            // The terms shown are those this count has: dame filled in
            // turn, half the seki points.
            let shared_points = c.seki_liberties + c.dame_shared;
            let n = |v: f64| crate::i18n::number(lang, &f(v));
            let share = n(shared_points as f64 / 2.0);
            let mut head = tr!(lang, "panel.area");
            let filled = c.dame_filled[0] + c.dame_filled[1] > 0;
            if filled {
                head.push_str(&tr!(lang, "panel.area.dame"));
            }
            if shared_points > 0 {
                head.push_str(&tr!(lang, "panel.area.shared"));
            }
            let sum = |name: String, s: &crate::count::score::Side, color: Color, total: f64| {
                let mut t = format!(" {name} {} + {}", s.stones, s.area - s.stones);
                if filled {
                    t.push_str(&format!(" + {}", c.dame_filled[color.index()]));
                }
                if shared_points > 0 {
                    t.push_str(&format!(" + {share}"));
                }
                Line::from(format!("{t} = {}", n(total)))
            };
            vec![
                Line::from(head),
                sum(tr!(lang, "panel.b"), b, Color::Black, c.area.black),
                sum(tr!(lang, "panel.w"), w, Color::White, c.area.white),
                Line::from(crate::i18n::signed(tr!(
                    lang,
                    "panel.area.needs",
                    half = f(half),
                    comp = f(c.area.compensation),
                    target = f(half + c.area.compensation)
                ))),
                Line::from(format!(
                    " {area_result} ({})",
                    stones_by(lang, c.area.margin_stones)
                )),
                Line::from(tr!(lang, "panel.territory.cmp", result = terr_result)),
            ]
        }
        View::Territory => vec![
            Line::from(tr!(lang, "panel.territory")),
            Line::from(tr!(
                lang,
                "panel.territory.b",
                territory = b.territory,
                prisoners = b.prisoners,
                total = f(c.territory.black)
            )),
            Line::from(tr!(
                lang,
                "panel.territory.w",
                territory = w.territory,
                prisoners = w.prisoners,
                komi = f(c.komi),
                total = f(c.territory.white)
            )),
            Line::from(format!(" {terr_result}")),
            Line::from(tr!(lang, "panel.area.cmp", result = area_result)),
        ],
    }
}

/// The running totals of the blocks of ten the step counts (the same
/// blocks the board draws).
fn running_totals(cs: &CountState, lang: Lang) -> Vec<Line<'static>> {
    let blocks = cs.steps().blocks(cs.step);
    let both = blocks.len() > 1;
    blocks
        .into_iter()
        .map(|(c, blocks)| {
            let totals: Vec<String> = blocks
                .iter()
                .enumerate()
                .map(|(i, b)| format!("{}:{}", crate::count::glyph::block_char(i, c), b.total))
                .collect();
            let label = if both {
                color_name(lang, c)
            } else {
                tr!(lang, "panel.running")
            };
            let totals = totals.join(" ");
            Line::from(tr!(lang, "panel.labelled", label = label, values = totals))
        })
        .collect()
}

/// The chains kifu's proposal is unsure of, by their first stone,
/// gathered by reason: "Unsure: E5 D4 (a race); K10 (a seki not proved)".
fn unsure_line(cs: &CountState, lang: Lang) -> Option<Line<'static>> {
    let board = &cs.session.board;
    let size = board.size();
    let mut seen: Vec<Point> = Vec::new();
    let mut by_reason: Vec<(crate::count::Doubt, Vec<String>)> = Vec::new();
    for f in &cs.session.uncertain {
        let chain = board.chain(f.at);
        let Some(first) = chain.iter().min_by_key(|q| (q.y, q.x)).copied() else {
            continue;
        };
        if seen.contains(&first) {
            continue;
        }
        seen.push(first);
        match by_reason.iter_mut().find(|(d, _)| *d == f.why) {
            Some((_, at)) => at.push(first.to_gtp(size)),
            None => by_reason.push((f.why, vec![first.to_gtp(size)])),
        }
    }
    if by_reason.is_empty() {
        return None;
    }
    let items: Vec<String> = by_reason
        .into_iter()
        .map(|(d, at)| {
            let why = crate::i18n::doubt_name(lang, d);
            tr!(lang, "panel.unsure_item", at = at.join(" "), why = why)
        })
        .collect();
    let at = items.join(&tr!(lang, "list.sep"));
    Some(Line::from(tr!(lang, "panel.unsure", at = at)))
}
