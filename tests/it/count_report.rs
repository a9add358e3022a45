//! Accuracy reports of the counting core against ../shared/data. Ignored
//! by default (they need the shared data); each skips cleanly when its data
//! is absent.
//!
//! cargo test --release --test count_report -- --ignored --nocapture

use crate::common;

use std::path::{Path, PathBuf};

use kifu::count::{Classification, Count, Marks, PointClass, Terms, count_position};
use kifu::game::rules::Scoring;
use kifu::game::{Board, Color, GameRecord, Point};

fn data(rel: &str) -> Option<PathBuf> {
    let d = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(rel);
    d.exists().then_some(d)
}

/// The verified games of the KGS manifest: (file, RU), or None when the
/// manifest cannot be read.
fn verified_games(dir: &Path) -> Option<Vec<(String, String)>> {
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.csv")).ok()?;
    Some(
        manifest
            .lines()
            .skip(1)
            .filter_map(|line| {
                let cols: Vec<&str> = line.split(',').collect();
                (cols.len() >= 7 && cols[6] == "yes")
                    .then(|| (cols[0].to_string(), cols[1].to_string()))
            })
            .collect(),
    )
}

/// The KGS games' folder and its verified games; None, said, when the
/// data is absent or its manifest cannot be read.
fn kgs_games() -> Option<(PathBuf, Vec<(String, String)>)> {
    let Some(dir) = data("kgs-2017q1-markup") else {
        crate::common::skipped("../shared/data/kgs-2017q1-markup is absent");
        return None;
    };
    let Some(verified) = verified_games(&dir) else {
        crate::common::skipped("MANIFEST.csv unreadable");
        return None;
    };
    Some((dir, verified))
}

/// A counted game with its TB and TW points.
type Marked = (GameRecord, Classification, Count, Vec<Point>, Vec<Point>);

/// A snapshot's board rows and its maps by section name.
type Snapshot = (
    Vec<Vec<char>>,
    std::collections::HashMap<String, Vec<Vec<char>>>,
);

/// The end of the main line, counted with the dead stones of its TB/TW.
fn count_marked(path: &Path) -> Result<Marked, String> {
    let file = kifu::storage::read_sgf(path).map_err(|e| e.to_string())?;
    let mut rec = file.game(1)?.record.clone();
    rec.to_start();
    rec.to_end();
    let (tb, tw) = kifu::sgf::territory::territory_marks(&rec).ok_or("no TB/TW")?;
    let board = rec.board().clone();
    let marks = Marks::from_territory(&board, &tb, &tw);
    let terms = Terms::of_record(&rec).with_marked_dame(Some(&(tb.clone(), tw.clone())));
    let (class, c) = count_position(&board, &marks, &terms);
    Ok((rec, class, c, tb, tw))
}

#[test]
#[ignore]
fn kgs_markup_report() {
    let Some((dir, verified)) = kgs_games() else {
        return;
    };
    let (mut games, mut same_re, mut same_map) = (0, 0, 0);
    let mut wrong = Vec::new();
    for (file, ru) in &verified {
        let cols = [file.as_str(), ru.as_str()];
        games += 1;
        let path = dir.join(cols[0]);
        let (rec, class, c, tb, tw) = match count_marked(&path) {
            Ok(v) => v,
            Err(e) => {
                wrong.push(format!("{}: {e}", cols[0]));
                continue;
            }
        };
        let re = rec
            .info
            .result
            .as_ref()
            .map(|r| r.to_string())
            .unwrap_or_default();
        if c.result().to_string() == re {
            same_re += 1;
        } else {
            wrong.push(format!(
                "{} RU[{}] RE[{re}]: kifu {} (seki liberties {}, seki eyes {}+{}, points to fill {}+{})",
                cols[0], cols[1], c.result(), c.seki_liberties, c.black.seki_eyes, c.white.seki_eyes,
                c.black.to_fill, c.white.to_fill
            ));
        }
        // Territory maps: kifu's territory (seki eyes included, as KGS
        // marks them) against TB/TW.
        let board: &Board = rec.board();
        let differs = board.points().any(|p| {
            let kgs = if tb.contains(&p) {
                Some(Color::Black)
            } else if tw.contains(&p) {
                Some(Color::White)
            } else {
                None
            };
            let mine = match class.at(p) {
                PointClass::Territory(o) | PointClass::SekiEye(o) => Some(o),
                _ => None,
            };
            kgs != mine
        });
        if !differs {
            same_map += 1;
        }
    }
    println!("KGS 2017 games with verified_by_recount=yes: {games}");
    println!("  RE reproduced from TB/TW dead stones and kifu's own classification: {same_re}");
    println!("  territory map identical to TB/TW: {same_map}");
    for w in &wrong {
        println!("  differs: {w}");
    }
    assert_eq!(games, 398);
    // The figures docs/counting.md gives; a regression fails.
    assert!(same_re >= 395, "{same_re} of {games}");
    assert!(same_map >= 390, "{same_map} of {games}");

    // docs/rules.md 3.3, the first example: its numbers.
    let j1 = dir.join("KGS-2017_01-19-733-/kgs-19-2017-01-new/2017-01-01-12.sgf");
    let (_, _, c, _, _) = count_marked(&j1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (c.black.territory, c.black.captured, c.black.dead_taken),
        (46, 22, 14)
    );
    assert_eq!(
        (c.white.territory, c.white.captured, c.white.dead_taken),
        (52, 18, 6)
    );
    assert_eq!(c.result().to_string(), "W+0.5");
    assert_eq!((c.black.area, c.white.area, c.dame), (179, 172, 10));
    assert_eq!(
        kifu::game::GameResult::from_margin(c.black.area as f64 - c.white.area as f64 - 6.5)
            .to_string(),
        "B+0.5"
    );
    // J2: Black 84 + 25 + 3, White 100 + 17 + 7 + 0.5.
    let j2 = dir.join("KGS-2017_01-19-733-/kgs-19-2017-01-new/2017-01-01-26.sgf");
    let (_, _, c, _, _) = count_marked(&j2).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.territory.black, 84.0 + 25.0 + 3.0);
    assert_eq!(c.territory.white, 100.0 + 17.0 + 7.0 + 0.5);
}

/// One goscorer snapshot: the board (x o stones, b w dead stones) and its
/// maps, keyed by section name.
fn read_snapshot(text: &str) -> Option<Snapshot> {
    let mut sections = std::collections::HashMap::new();
    let mut name = String::new();
    for line in text.lines() {
        if let Some(n) = line.strip_suffix(':') {
            name = n.to_string();
            sections.insert(name.clone(), Vec::new());
        } else if let Some(rows) = sections.get_mut(&name) {
            rows.push(line.chars().collect::<Vec<char>>());
        }
    }
    let board = sections.get("BOARD")?.clone();
    Some((board, sections))
}

#[test]
#[ignore]
fn goscorer_report() {
    let Some(dir) = data("goscorer/python/expected_test_output") else {
        crate::common::skipped("../shared/data/goscorer is absent");
        return;
    };
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|r| r.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    names.sort();
    let (mut files, mut square, mut same_terr, mut same_seki) = (0, 0, 0, 0);
    let (mut points, mut terr_agree, mut seki_agree) = (0, 0, 0);
    let mut notes = Vec::new();
    for path in names {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Some((rows, maps)) = read_snapshot(&text) else {
            continue;
        };
        files += 1;
        let h = rows.len();
        let w = rows.first().map_or(0, Vec::len);
        // kifu's boards are square: the narrow-board snapshots are left out.
        if h != w || !(2..=25).contains(&h) {
            continue;
        }
        square += 1;
        let diagram: String = rows
            .iter()
            .map(|r| {
                r.iter()
                    .map(|c| match c {
                        'x' => 'X',
                        'o' => 'O',
                        'b' => 'x',
                        'w' => 'o',
                        _ => '.',
                    })
                    .collect::<String>()
                    + "\n"
            })
            .collect();
        let board = Board::from_diagram(&diagram).unwrap_or_else(|e| panic!("{e}"));
        let marks = Marks::from_diagram(&board, &diagram);
        let class = Classification::classify(&board, &marks);
        let (Some(terr), Some(seki)) = (maps.get("TERRITORY"), maps.get("SEKI")) else {
            continue;
        };
        let (mut t_ok, mut s_ok) = (true, true);
        let mut diffs = Vec::new();
        for y in 0..h {
            for x in 0..w {
                let p = Point::new(x as u8, y as u8);
                points += 1;
                let theirs = match terr.get(y).and_then(|r| r.get(x)) {
                    Some('z') => Some(Color::Black),
                    Some('a') => Some(Color::White),
                    _ => None,
                };
                let mine = match class.at(p) {
                    PointClass::Territory(c) => Some(c),
                    _ => None,
                };
                if theirs == mine {
                    terr_agree += 1;
                } else {
                    t_ok = false;
                    diffs.push(p.to_gtp(h as u8));
                }
                let their_seki = matches!(seki.get(y).and_then(|r| r.get(x)), Some('x' | 'o'))
                    && board.get(p).is_some()
                    && !marks.is_dead(p);
                if their_seki == class.in_seki(p) {
                    seki_agree += 1;
                } else {
                    s_ok = false;
                }
            }
        }
        same_terr += usize::from(t_ok);
        same_seki += usize::from(s_ok);
        if !t_ok {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            notes.push(format!("{name}: territory differs at {}", diffs.join(" ")));
        }
    }
    println!("goscorer snapshots: {files}, square boards compared: {square}");
    println!("  territory map identical: {same_terr}; points agreeing: {terr_agree} of {points}");
    println!("  seki stones identical: {same_seki}; points agreeing: {seki_agree} of {points}");
    for n in &notes {
        println!("  {n}");
    }
    // The figure of docs/counting.md: 440 of 441 points on the square boards.
    assert!(square > 0);
    assert!(terr_agree >= 440, "{terr_agree} of {points}");
}

/// Games where the players' own marks are, in kifu's judgment, wrong:
/// dead stones they left on the board. docs/counting.md lists them with the
/// reasons. (file name, a stone of the chain, the reason)
const PLAYERS_MISTAKES: &[(&str, &str, &str)] = &[
    (
        "2017-01-04-35.sgf",
        "Q13",
        "a white stone in atari inside Black's wall, left (O11-O13 beside it marked dead)",
    ),
    (
        "2017-01-15-17.sgf",
        "C14",
        "a white stone in atari inside Black's wall, left",
    ),
    (
        "2017-01-26-3.sgf",
        "D9",
        "two white stones in atari inside Black's area, left",
    ),
    (
        "2017-01-31-2.sgf",
        "*",
        "no dead stones marked at all, nine chains in the other's area",
    ),
    (
        "2017-02-18-44.sgf",
        "F16",
        "Black's 31 stones in seki with three white stones inside them (F12 F11 G11): four shared liberties, no eye on either side; marked dead",
    ),
    (
        "2017-03-02-34.sgf",
        "O2",
        "a black stone in atari in White's area, left",
    ),
    (
        "2017-03-06-10.sgf",
        "B19",
        "three white stones in seki with Black's 20 marked dead",
    ),
    (
        "2017-03-09-1.sgf",
        "J5",
        "a white stone in atari inside Black's area, left",
    ),
    (
        "2017-03-13-22.sgf",
        "E13",
        "a white stone in atari inside Black's area, left",
    ),
    (
        "2017-03-13-3.sgf",
        "S6",
        "two white stones without eye space in Black's area, left",
    ),
];

/// Whether the chain at `p` in `file` is one the players got wrong.
fn players_mistake(file: &str, p: &str) -> bool {
    PLAYERS_MISTAKES
        .iter()
        .any(|(f, at, _)| file.ends_with(f) && (*at == "*" || *at == p))
}

/// What a judge makes of the KGS games, against the players' own marks.
#[derive(Default)]
pub(crate) struct Figures {
    pub(crate) games: usize,
    pub(crate) same_dead: usize,
    pub(crate) same_re: usize,
    march: usize,
    march_dead: usize,
    march_re: usize,
    times: Vec<f64>,
    /// Chains judged otherwise than the players, and how many of those
    /// were flagged; the same without the players' own mistakes.
    pub(crate) wrong_chains: usize,
    pub(crate) wrong_flagged: usize,
    pub(crate) kifus_own: usize,
    pub(crate) unflagged: Vec<String>,
    /// Games whose every chain is judged as the players marked it or is
    /// one of their listed mistakes; and the games with such a mistake
    /// (which no judge that is right about them can match).
    pub(crate) right_aside_mistakes: usize,
    pub(crate) mistake_games: usize,
    /// Chains flagged in all, and the games with a flag that the judge
    /// got right.
    pub(crate) flags: usize,
    pub(crate) flagged_right_games: usize,
    /// Games with any chain flagged.
    pub(crate) flagged_games: usize,
    /// Games with a kill that contradicts itself (`learned::contradictions`).
    pub(crate) contradictions: usize,
    /// Games whose judged count leaves an open area (`judge::open_area`):
    /// all 398 are finished games.
    pub(crate) open: usize,
    wrong: Vec<String>,
    cases: Vec<(Board, Marks, Terms, String)>,
}

/// A judge of final positions, for the reports: the record gives the side
/// to move and the rules.
pub(crate) type JudgeFn<'a> =
    &'a dyn Fn(&Board, &GameRecord) -> kifu::count::judge::estimate::Estimate;

/// Runs `judge` over the verified KGS games; None when the data is absent.
pub(crate) fn kgs_figures(judge: JudgeFn<'_>) -> Option<Figures> {
    let (dir, verified) = kgs_games()?;
    let mut f = Figures::default();
    for (file, _) in &verified {
        let cols = [file.as_str()];
        let Ok((rec, _, _, _, _)) = count_marked(&dir.join(cols[0])) else {
            continue;
        };
        f.games += 1;
        let (tb, tw) = kifu::sgf::territory::territory_marks(&rec).unwrap_or_default();
        let board = rec.board().clone();
        let players = Marks::from_territory(&board, &tb, &tw);
        let t = std::time::Instant::now();
        let mut est = judge(&board, &rec);
        f.times.push(t.elapsed().as_secs_f64() * 1000.0);
        // The flags as the count's session adds them (a group kept alive
        // short of two eyes, in a game that looks finished).
        if est.finished {
            kifu::count::judge::eyespace::flag_short(&board, &est.marks, &mut est.uncertain);
        }
        let terms = Terms::of_record(&rec).with_marked_dame(Some(&(tb.clone(), tw.clone())));
        let (cl, c) = count_position(&board, &est.marks, &terms);
        f.open += usize::from(kifu::count::judge::open_area(&board, &cl));
        let re = rec
            .info
            .result
            .as_ref()
            .map(|r| r.to_string())
            .unwrap_or_default();
        let dead_ok = est.marks.dead_points() == players.dead_points();
        f.same_dead += usize::from(dead_ok);
        f.contradictions += usize::from(
            !kifu::count::judge::learned::contradictions(&board, &est.marks).is_empty(),
        );
        f.same_re += usize::from(c.result().to_string() == re);
        if dead_ok && !est.uncertain.is_empty() {
            f.flagged_right_games += 1;
        }
        f.flagged_games += usize::from(!est.uncertain.is_empty());
        if file.contains("2017_03") {
            f.march += 1;
            f.march_dead += usize::from(dead_ok);
            f.march_re += usize::from(c.result().to_string() == re);
        }
        // Calibration: each chain the judge gets wrong, and whether it
        // said it was unsure of it.
        let mut seen = Vec::new();
        let mut own_wrong = 0;
        f.mistake_games += usize::from(PLAYERS_MISTAKES.iter().any(|(g, _, _)| file.ends_with(g)));
        for p in board.points() {
            if board.get(p).is_none() || seen.contains(&p) {
                continue;
            }
            let chain = board.chain(p);
            seen.extend(chain.iter().copied());
            let flagged = est.uncertain.iter().any(|u| chain.contains(&u.at));
            f.flags += usize::from(flagged);
            if est.marks.is_dead(p) != players.is_dead(p) {
                f.wrong_chains += 1;
                f.wrong_flagged += usize::from(flagged);
                let at = p.to_gtp(board.size());
                let mistake = players_mistake(cols[0], &at);
                f.kifus_own += usize::from(!mistake);
                own_wrong += usize::from(!mistake);
                if !flagged && !mistake {
                    f.unflagged.push(format!("{} {at}", cols[0]));
                }
            }
        }
        f.right_aside_mistakes += usize::from(own_wrong == 0);
        if !dead_ok {
            let ours = est.marks.dead_points();
            let theirs = players.dead_points();
            let extra = ours.iter().filter(|p| !theirs.contains(p)).count();
            let missing = theirs.iter().filter(|p| !ours.contains(p)).count();
            f.wrong.push(format!(
                "{}: {extra} stones called dead that the players kept, {missing} missed; uncertain {}",
                cols[0],
                est.uncertain.len()
            ));
        }
        f.cases.push((board, players, terms, re));
    }
    Some(f)
}

/// Prints a judge's figures on the KGS games.
pub(crate) fn print_figures(name: &str, f: &mut Figures) {
    let Figures {
        games,
        same_dead,
        same_re,
        march,
        march_dead,
        march_re,
        ..
    } = *f;
    let times = &mut f.times;
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    println!(
        "{name} on {games} KGS games: dead stones exactly as marked {same_dead}, count equals RE {same_re}"
    );
    println!(
        "  January and February: {} games, {} dead stones as marked, {} RE; March: {march} games, {march_dead}, {march_re}",
        games - march,
        same_dead - march_dead,
        same_re - march_re
    );
    let p99 = times
        .get(((times.len() as f64 - 1.0) * 0.99).round() as usize)
        .copied()
        .unwrap_or(0.0);
    println!(
        "  time per 19x19 position (debug or release as built): median {median:.1} ms, 99th percentile {p99:.1} ms, max {:.1} ms",
        times.last().copied().unwrap_or(0.0)
    );
    for w in f.wrong.iter().take(40) {
        println!("  {w}");
    }
    println!(
        "  games with a kill that contradicts itself: {}",
        f.contradictions
    );
    println!(
        "  games whose judged count leaves an open area (said unfinished): {}",
        f.open
    );
    println!(
        "  calibration: {} chains judged otherwise than the players, {} of them flagged unsure; {} not the players' mistakes, of which not flagged: {}; {} chains flagged in all; {} games right with a flag",
        f.wrong_chains,
        f.wrong_flagged,
        f.kifus_own,
        f.unflagged.len(),
        f.flags,
        f.flagged_right_games
    );
    for u in &f.unflagged {
        println!("    not flagged: {u}");
    }
    println!(
        "  right by the rules, the players' listed mistakes aside: {} of {games}; games with such a mistake: {} (a judge right about them matches the marks in at most {})",
        f.right_aside_mistakes,
        f.mistake_games,
        games - f.mistake_games
    );
}

/// The rules estimator against the players' own marks on the KGS games
/// (issue 6): the share of games with exactly the dead stones the players
/// marked, and the share whose count then equals RE.
#[test]
#[ignore]
fn estimator_report() {
    let Some(mut f) = kgs_figures(&|board, rec| {
        kifu::count::judge::estimate::estimate(board, None, rec.rules.scoring)
    }) else {
        return;
    };
    print_figures("rules estimator", &mut f);
    let Figures {
        games,
        same_dead,
        same_re,
        ref unflagged,
        ref cases,
        ..
    } = f;
    // The figures of docs/counting.md, as floors: the seed is fixed, so they repeat.
    // (386 and 384 before the judges saw the position alone.)
    assert!(same_dead >= 385, "{same_dead} of {games}");
    assert!(same_re >= 383, "{same_re} of {games}");
    // Every chain the estimator gets wrong, the players' own mistakes
    // aside, is one it said it was unsure of.
    assert!(unflagged.is_empty(), "not flagged: {unflagged:?}");
    // The seed is fixed, so the figures above repeat; but they are one
    // draw. The same games with other seeds (7 more, or KIFU_SEEDS in
    // all) show how much is luck.
    let mut spread = vec![(same_dead, same_re)];
    let seeds: u64 = std::env::var("KIFU_SEEDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(8);
    for salt in 1..seeds {
        let (mut d, mut r) = (0, 0);
        for (board, players, terms, re) in cases.iter() {
            let est = kifu::count::judge::estimate::estimate_seeded(
                board,
                None,
                terms.rules.scoring,
                salt.wrapping_mul(0x2545_f491_4f6c_dd1d),
            );
            d += usize::from(est.marks.dead_points() == players.dead_points());
            let (_, c) = count_position(board, &est.marks, terms);
            r += usize::from(c.result().to_string() == *re);
        }
        spread.push((d, r));
    }
    let mean = |f: fn(&(usize, usize)) -> usize| {
        spread.iter().map(f).sum::<usize>() as f64 / spread.len() as f64
    };
    println!(
        "  over {} seeds: dead stones exactly as marked {}-{} (mean {:.1}), count equals RE {}-{} (mean {:.1})",
        spread.len(),
        spread.iter().map(|x| x.0).min().unwrap_or(0),
        spread.iter().map(|x| x.0).max().unwrap_or(0),
        mean(|x| x.0),
        spread.iter().map(|x| x.1).min().unwrap_or(0),
        spread.iter().map(|x| x.1).max().unwrap_or(0),
        mean(|x| x.1),
    );
}

/// The OGS score estimator's test positions under `judge`: how many, how
/// many with dead stones identical to their removal maps (stone points
/// only; their maps also mark dame), and the names of the others. None
/// when the data is absent.
/// The OGS figures: positions, those judged as their removal maps, the
/// names of the others; chains judged otherwise than the map and how many
/// of those were flagged; positions with any flag.
pub(crate) struct Ogs {
    pub(crate) total: usize,
    pub(crate) same: usize,
    pub(crate) notes: Vec<String>,
    pub(crate) wrong_chains: usize,
    pub(crate) wrong_flagged: usize,
    pub(crate) flagged: usize,
    /// Positions said unfinished (the whole board is a proposal there).
    pub(crate) unfinished: usize,
}

pub(crate) fn ogs_figures(
    judge: &dyn Fn(&Board) -> kifu::count::judge::estimate::Estimate,
) -> Option<Ogs> {
    let positions = common::ogs_positions();
    if positions.is_empty() {
        crate::common::skipped("../shared/data/ogs-score-estimator is absent");
        return None;
    }
    let (mut total, mut same) = (0, 0);
    let (mut wrong_chains, mut wrong_flagged, mut flagged) = (0, 0, 0);
    let mut unfinished = 0;
    let mut notes = Vec::new();
    for (name, board, theirs) in positions {
        total += 1;
        let mut e = judge(&board);
        if e.finished {
            kifu::count::judge::eyespace::flag_short(&board, &e.marks, &mut e.uncertain);
        }
        flagged += usize::from(!e.uncertain.is_empty());
        unfinished += usize::from(!e.finished);
        if std::env::var_os("KIFU_SHOW_FLAGS").is_some() && !e.uncertain.is_empty() {
            let pts: Vec<String> = e
                .uncertain
                .iter()
                .map(|u| {
                    format!(
                        "{}{}{}",
                        u.at.to_gtp(board.size()),
                        if e.marks.is_dead(u.at) { "(dead)" } else { "" },
                        if theirs.contains(&u.at) {
                            "[map dead]"
                        } else {
                            ""
                        }
                    )
                })
                .collect();
            println!(
                "  flagged {name} {}x{} finished={} undecided={}: {}",
                board.size(),
                board.size(),
                e.finished,
                e.undecided,
                pts.join(" ")
            );
        }
        let mut seen = Vec::new();
        for p in board.points() {
            if board.get(p).is_none() || seen.contains(&p) {
                continue;
            }
            let chain = board.chain(p);
            seen.extend(chain.iter().copied());
            if e.marks.is_dead(p) != theirs.contains(&p) {
                wrong_chains += 1;
                if std::env::var_os("KIFU_SHOW_FLAGS").is_some() {
                    println!(
                        "  wrong {name}: {} ({} stones) kifu dead={}",
                        p.to_gtp(board.size()),
                        chain.len(),
                        e.marks.is_dead(p)
                    );
                }
                wrong_flagged += usize::from(e.uncertain.iter().any(|u| chain.contains(&u.at)));
            }
        }
        let against = kifu::count::judge::learned::contradictions(&board, &e.marks);
        if !against.is_empty() {
            println!(
                "  {name}: a kill that contradicts itself at {}",
                against[0].to_gtp(board.size())
            );
        }
        if e.marks.dead_points() == theirs {
            same += 1;
        } else {
            notes.push(name);
        }
    }
    Some(Ogs {
        total,
        same,
        notes,
        wrong_chains,
        wrong_flagged,
        flagged,
        unfinished,
    })
}

/// The OGS score estimator's test positions: the rules estimator's dead
/// stones against their removal maps.
#[test]
#[ignore]
fn ogs_removal_report() {
    // The maps do not say the rules; OGS games default to Japanese.
    let Some(Ogs {
        total, same, notes, ..
    }) = ogs_figures(&|board| {
        kifu::count::judge::estimate::estimate(board, None, Scoring::Territory)
    })
    else {
        return;
    };
    println!(
        "OGS removal maps: {total} positions, the rules estimator's dead stones identical in {same}"
    );
    println!("  different: {}", notes.join(" "));
    // The figure of docs/counting.md (53 before the judges saw the
    // position alone).
    assert!(same >= 52, "{same} of {total}");
}

/// kifu's estimator beside the peers' dead stones (GNU Go's
/// final_status_list dead, @sabaki/deadstones guess()) on the KGS games, on
/// the games every tool answered. The peers' answers come from
/// ../shared/peers run beforehand, one `FILE|dead N coords...` line per
/// game in `$KIFU_PEER_RESULTS/gnugo.txt` and `deadstones.txt`. Every
/// tool's dead stones are counted the same way (kifu's count) for the RE
/// share.
#[test]
#[ignore]
fn peers_report() {
    let (Some(dir), Some(peers)) = (
        data("kgs-2017q1-markup"),
        std::env::var_os("KIFU_PEER_RESULTS").map(PathBuf::from),
    ) else {
        crate::common::skipped("needs ../shared/data and KIFU_PEER_RESULTS");
        return;
    };
    let read = |tool: &str| -> std::collections::HashMap<String, Vec<String>> {
        let text = std::fs::read_to_string(peers.join(format!("{tool}.txt"))).unwrap_or_default();
        text.lines()
            .filter_map(|l| {
                let (file, rest) = l.split_once('|')?;
                let mut words = rest.split_whitespace();
                (words.next()? == "dead").then_some(())?;
                let _count = words.next()?;
                let mut pts: Vec<String> = words.map(str::to_string).collect();
                pts.sort();
                Some((file.to_string(), pts))
            })
            .collect()
    };
    let gnugo = read("gnugo");
    let sabaki = read("deadstones");
    let mut rows = [(0usize, 0usize); 3]; // (same dead, same RE) for kifu, gnugo, deadstones
    let mut games = 0;
    let mut kifu_ms = Vec::new();
    let (mut only_kifu, mut only_gnugo) = (Vec::new(), Vec::new());
    for (file, g) in &gnugo {
        let Some(s) = sabaki.get(file) else { continue };
        let Ok((rec, _, _, _, _)) = count_marked(&dir.join(file)) else {
            continue;
        };
        games += 1;
        let board = rec.board().clone();
        let (tb, tw) = kifu::sgf::territory::territory_marks(&rec).unwrap_or_default();
        let mut players: Vec<String> = Marks::from_territory(&board, &tb, &tw)
            .dead_points()
            .iter()
            .map(|p| p.to_sgf())
            .collect();
        players.sort();
        let terms = Terms::of_record(&rec).with_marked_dame(Some(&(tb.clone(), tw.clone())));
        let re = rec
            .info
            .result
            .as_ref()
            .map(|r| r.to_string())
            .unwrap_or_default();
        let t = std::time::Instant::now();
        let est = kifu::count::judge::estimate::estimate(&board, None, rec.rules.scoring);
        kifu_ms.push(t.elapsed().as_secs_f64() * 1000.0);
        let mut ours: Vec<String> = est.marks.dead_points().iter().map(|p| p.to_sgf()).collect();
        ours.sort();
        match (ours == players, *g == players) {
            (false, true) => only_gnugo.push(file.clone()),
            (true, false) => only_kifu.push(file.clone()),
            _ => {}
        }
        for (k, dead) in [ours, g.clone(), s.clone()].iter().enumerate() {
            let mut m = Marks::new(board.size());
            let pts: Vec<Point> = dead.iter().filter_map(|t| Point::from_sgf(t)).collect();
            // Whole chains, as each tool means them.
            for p in &pts {
                if !m.is_dead(*p) {
                    m.toggle_chain(&board, *p);
                }
            }
            let (_, c) = count_position(&board, &m, &terms);
            rows[k].0 += usize::from(*dead == players);
            rows[k].1 += usize::from(c.result().to_string() == re);
        }
    }
    kifu_ms.sort_by(f64::total_cmp);
    println!("KGS games answered by all three tools: {games}");
    for (name, (d, r)) in ["kifu", "GNU Go 3.8", "@sabaki/deadstones"]
        .iter()
        .zip(rows)
    {
        println!(
            "  {name:<20} dead stones as the players marked: {d:>4}   count equals RE: {r:>4}"
        );
    }
    println!(
        "  kifu median time {:.1} ms",
        kifu_ms.get(kifu_ms.len() / 2).copied().unwrap_or(0.0)
    );
    only_kifu.sort();
    only_gnugo.sort();
    println!("  dead stones right by kifu only, not GNU Go: {only_kifu:?}");
    println!("  dead stones right by GNU Go only, not kifu: {only_gnugo:?}");
}
