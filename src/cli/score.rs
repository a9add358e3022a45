//! `kifu score`: counts files, and the games of collections, on every core
//! (`-j` to limit), and writes the results in the order of the input: a
//! reader streams the games game by game into a bounded queue, workers
//! count them, and the results are put back in order before they are
//! written. A progress bar on a terminal; nothing in a pipe or with
//! `--quiet`. `--shard i/n` takes the files of one shard (a stable hash of
//! the name), so any job runner can spread an archive over machines.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel, sync_channel};
use std::sync::{Arc, Mutex};

use anyhow::Result;
use serde::Serialize;

use super::{Counted, ScoreArgs, counted, seek};
use crate::count::score::Side;
use crate::count::session::{Judge, Source};
use crate::game::record::GameRecord;
use crate::game::result::Margin;
use crate::game::result::format_points;
use crate::game::rules::Scoring;
use crate::game::{GameResult, Point};
use crate::sgf::GameText;
use crate::{storage, text};

/// The version of the JSON Lines format (`docs/score.schema.json`).
pub(crate) mod inputs;
mod report;
pub use inputs::Shard;
use report::{ErrorReport, report, score_text};

pub const SCHEMA: &str = "kifu-score/1";

/// Which games of each file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Games {
    One(usize),
    All,
}

impl std::str::FromStr for Games {
    type Err = String;
    fn from_str(s: &str) -> Result<Games, String> {
        if s == "all" {
            return Ok(Games::All);
        }
        match s.parse::<usize>() {
            Ok(n) if n > 0 => Ok(Games::One(n)),
            _ => Err(format!("{s:?}: a game number from 1, or all")),
        }
    }
}

/// A game (or a file) to count.
struct Job {
    seq: usize,
    file: PathBuf,
    /// The game's number and its text, read by the worker; or, for a
    /// file that could not be read at all (or lacks the game asked for),
    /// the reason.
    game: Result<(usize, GameText), String>,
    notes: Vec<String>,
    /// On the last job of its file: the progress bar counts the file
    /// done, and `--write` writes it.
    end: Option<Box<write::FileEnd>>,
}

/// What the output stage writes for a job.
struct Done {
    /// To standard output.
    out: String,
    /// Notes, to standard error one line each (the file named); not with
    /// `--quiet`.
    err: Vec<String>,
    /// Why the file or game could not be counted, with its name: always
    /// said on standard error, `--quiet` and `--json` too.
    error: Option<String>,
    failed: bool,
    /// The game does not look finished (said once for all of them at the
    /// end, unless `--verbose`).
    unfinished: bool,
    /// `--write`: the game's text, old and new.
    write: Option<write::GameWrite>,
    /// `--write --json`: the game's line, written once its file is
    /// decided (it says what was written).
    report: Option<Box<report::Report>>,
}

/// The language of a game's notes: the user's, but English in the JSON
/// (a format that scripts read).
fn notes_lang(args: &ScoreArgs) -> crate::i18n::Lang {
    if args.json {
        crate::i18n::Lang::En
    } else {
        args.lang
    }
}

fn work(job: Job, args: &ScoreArgs, engine: Option<&crate::engine::Engine>) -> Done {
    let name = job.file.display().to_string();
    let say = |s: &str| format!("{}: {}", text::printable(&name), text::printable(s));
    let fail = |game, e, notes| failed(&name, game, e, notes, args);
    // The game's text as the file holds it, for `--write`.
    let kept = match (&job.game, args.write) {
        (Ok((_, t)), true) => Some(write::Kept::of(t)),
        _ => None,
    };
    let keep = |said: String, block: Option<String>| kept.as_ref().map(|k| k.keep(said, block));
    let (i, game) = match job.game {
        Err(e) => return fail(None, e, crate::sgf::summarize(&job.notes, notes_lang(args))),
        Ok((i, text)) => match text.read(i, notes_lang(args)) {
            Err(e) => {
                let why = e.words(notes_lang(args));
                let notes = crate::sgf::summarize(&job.notes, notes_lang(args));
                let mut done = fail(Some(i), why.clone(), notes);
                done.write = keep(
                    format!("not read: {why}"),
                    Some(format!(
                        "game {i} could not be read, and a save would drop it"
                    )),
                );
                return done;
            }
            Ok(g) => (i, g),
        },
    };
    let mut notes = job.notes;
    notes.extend(game.notes.iter().cloned());
    let mut rec = game.record;
    let c = match seek(&mut rec, args.r#move, crate::i18n::Lang::En)
        .and_then(|()| counted(&rec, &args.count, (engine, notes_lang(args))))
    {
        Ok(c) => c,
        Err(e) => {
            let mut done = fail(Some(i), format!("{e:#}"), notes);
            done.write = keep("not counted: left as it is".into(), None);
            return done;
        }
    };
    let write = kept
        .as_ref()
        .map(|k| k.plan((i, game.lossy), &rec, &c, args));
    let unfinished = count_notes(&c, &rec, args, &mut notes);
    // A flood of notes is summarised, in the JSON as on the terminal.
    let notes = crate::sgf::summarize(&notes, notes_lang(args));
    let (out, err, held) = if args.json {
        let r = report(&job.file, i, &rec, &c, notes);
        // With --write the line waits for its file's save.
        if args.write {
            (String::new(), Vec::new(), Some(Box::new(r)))
        } else {
            (report::json_line(&r), Vec::new(), None)
        }
    } else {
        let summary = score_text(&job.file, &rec, &c, args.lang);
        (
            text::printable_lines(&summary).into_owned(),
            notes.iter().map(|n| say(n)).collect(),
            None,
        )
    };
    Done {
        out,
        err,
        error: None,
        failed: false,
        unfinished,
        write,
        report: held,
    }
}

/// The line of a file or game that could not be counted.
fn failed(
    name: &str,
    game: Option<usize>,
    e: String,
    notes: Vec<String>,
    args: &ScoreArgs,
) -> Done {
    let say = |s: &str| format!("{}: {}", text::printable(name), text::printable(s));
    let line = ErrorReport {
        schema: SCHEMA,
        file: name.to_string(),
        game,
        error: e.clone(),
        notes: notes.clone(),
    };
    Done {
        out: if args.json {
            serde_json::to_string(&line)
                .map_or_else(|_| String::new(), |l| text::json_safe(l) + "\n")
        } else {
            String::new()
        },
        err: if args.json {
            Vec::new()
        } else {
            notes.iter().map(|n| say(n)).collect()
        },
        error: Some(format!("kifu: {}", say(&e))),
        failed: true,
        unfinished: false,
        write: None,
        report: None,
    }
}

/// The notes of a counted game, besides reading's: the warning when the
/// game does not look finished (in JSON, with --verbose; else only counted,
/// for the one line at the end; never for a game that ended without a
/// count), and how the dame were counted (JSON: the text has its line).
/// True when the game counts among the unfinished.
fn count_notes(c: &Counted, rec: &GameRecord, args: &ScoreArgs, notes: &mut Vec<String>) -> bool {
    let unfinished = !c.session.finished;
    let decided = rec.info.result.as_ref().is_some_and(|r| {
        matches!(
            r,
            GameResult::Win(_, Margin::Resign | Margin::Time | Margin::Forfeit)
        )
    });
    let say = args.json || (args.verbose && !decided);
    match &c.warning {
        Some(w) if say || !unfinished => notes.push(w.clone()),
        // The engine's failure is said whatever the position.
        _ => notes.extend(c.engine_failure.clone()),
    }
    if args.json
        && let Some(t) = c.session.count.dame_text(crate::i18n::Lang::En)
    {
        notes.push(t);
    }
    // Which judge, when it is not the one asked for (the text says it
    // where the game is shown: show --count, count mode).
    if args.json && c.session.source == Source::Estimated(Judge::RulesForSize) {
        notes.push(c.session.note());
    }
    unfinished && !decided
}

/// Standard output is a pipe (or a socket): another program reads it.
fn stdout_is_pipe() -> bool {
    rustix::fs::fstat(std::io::stdout()).is_ok_and(|st| {
        let kind = rustix::fs::FileType::from_raw_mode(st.st_mode);
        matches!(
            kind,
            rustix::fs::FileType::Fifo | rustix::fs::FileType::Socket
        )
    })
}

fn progress_bar(files: usize, show: bool, lang: crate::i18n::Lang) -> indicatif::ProgressBar {
    if !show {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(files as u64);
    // The bar takes what the terminal's width leaves: one line always. The
    // catalogue's line keeps indicatif's own placeholders ({pos}, {eta}).
    let template = format!("{{wide_bar}} {}", lang.text("score.bar"));
    let style = indicatif::ProgressStyle::with_template(&template)
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
    bar.set_style(style.progress_chars("#>-"));
    bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    bar
}

/// `kifu score`.
pub fn run(args: &ScoreArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<i32> {
    let Some((files, shard)) = inputs::of(args, err)? else {
        return Ok(2);
    };
    if files.is_empty() {
        writeln!(err, "kifu: {}", crate::tr!(args.lang, "score.nothing"))?;
        return Ok(1);
    }
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    use std::io::IsTerminal;
    // The bar only on a terminal, and not when standard output is a pipe:
    // a pager such as `less` draws on the same terminal, and the bar would
    // cover its prompt. (Into a file, the bar shows.)
    let show = !args.quiet && std::io::stderr().is_terminal() && !stdout_is_pipe();
    // KataGo, started once and shared by the workers (their positions
    // reach it together, and it batches them).
    let engine = (args.count.dead == Some(super::DeadSource::Katago))
        .then(|| super::start_engine(&args.count.engine, args.lang, err))
        .flatten();
    let engine = engine.as_ref();
    let bar = progress_bar(files.len(), show, args.lang);
    let (job_tx, job_rx) = sync_channel::<Vec<Job>>(jobs * 2);
    let job_rx: Arc<Mutex<Receiver<Vec<Job>>>> = Arc::new(Mutex::new(job_rx));
    let (done_tx, done_rx) = channel::<Vec<Finished>>();
    let mut tally = output::Tally::default();
    let mut result: Result<()> = Ok(());
    std::thread::scope(|s| {
        let games = args.game;
        let files_ref = &files;
        let how = (games, notes_lang(args), args.write);
        s.spawn(move || produce::produce(files_ref, how, shard, job_tx));
        for _ in 0..jobs {
            let rx = Arc::clone(&job_rx);
            let tx = done_tx.clone();
            s.spawn(move || worker(&rx, &tx, args, engine));
        }
        // Only the workers hold the queue: when the writer stops (a closed
        // pipe) they end, the queue closes and the reader stops too.
        drop(job_rx);
        drop(done_tx);
        result = output::write_in_order(done_rx, &bar, &mut tally, args, out, err);
    });
    bar.finish_and_clear();
    result?;
    // One line for every game that does not look finished (a note a game
    // would be a flood on an archive); --verbose and the JSON say which.
    if tally.unfinished > 0 && !args.json && !args.verbose && !args.quiet {
        let said = crate::tr!(
            args.lang,
            "score.games_unfinished",
            n = tally.unfinished,
            of = tally.counted
        );
        writeln!(err, "kifu: {said}")?;
    }
    if tally.failed > 0 {
        if args.files.len() > 1 || tally.counted > 0 {
            let key = if args.game == Games::All {
                "score.games_failed"
            } else {
                "score.files_failed"
            };
            let (n, of) = (tally.failed, tally.failed + tally.counted);
            writeln!(err, "kifu: {}", crate::tr!(args.lang, key, n = n, of = of))?;
        }
        return Ok(1);
    }
    Ok(0)
}

/// A worker: counts the batches it takes until the queue closes.
fn worker(
    rx: &Mutex<Receiver<Vec<Job>>>,
    tx: &std::sync::mpsc::Sender<Vec<Finished>>,
    args: &ScoreArgs,
    engine: Option<&crate::engine::Engine>,
) {
    while let Some(batch) = super::next_batch(rx) {
        let done = batch
            .into_iter()
            .map(|mut job| {
                let end = job.end.take();
                (job.seq, end, work(job, args, engine))
            })
            .collect();
        if tx.send(done).is_err() {
            return;
        }
    }
}

mod output;
mod produce;
#[cfg(test)]
mod tests;
mod write;

/// A job's place in the input, the end of its file when it is the
/// last, and what became of it.
type Finished = (usize, Option<Box<write::FileEnd>>, Done);
