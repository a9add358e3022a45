//! `kifu score`: counts files, and the games of collections, on every core
//! (`-j` to limit), and writes the results in the order of the input: a
//! reader streams the games game by game into a bounded queue, workers
//! count them, and the results are put back in order before they are
//! written. A progress bar on a terminal; nothing in a pipe or with
//! `--quiet`. `--shard i/n` takes the files of one shard (a stable hash of
//! the name), so any job runner can spread an archive over machines.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, SyncSender, channel, sync_channel};
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
    /// The last job of its file: the progress bar counts the file done.
    ends_file: bool,
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
    let fail = |game: Option<usize>, e: String, notes: Vec<String>| {
        let line = ErrorReport {
            schema: SCHEMA,
            file: name.clone(),
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
        }
    };
    let (i, game) = match job.game {
        Err(e) => return fail(None, e, crate::sgf::summarize(&job.notes, notes_lang(args))),
        Ok((i, text)) => match text.read(i, notes_lang(args)) {
            Err(e) => {
                let why = e.words(notes_lang(args));
                return fail(
                    Some(i),
                    why,
                    crate::sgf::summarize(&job.notes, notes_lang(args)),
                );
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
        Err(e) => return fail(Some(i), format!("{e:#}"), notes),
    };
    let unfinished = count_notes(&c, &rec, args, &mut notes);
    // A flood of notes is summarised, in the JSON as on the terminal.
    let notes = crate::sgf::summarize(&notes, notes_lang(args));
    if args.json {
        let line = serde_json::to_string(&report(&job.file, i, &rec, &c, notes))
            .map(text::json_safe)
            .unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"));
        Done {
            out: line + "\n",
            err: Vec::new(),
            error: None,
            failed: false,
            unfinished,
        }
    } else {
        Done {
            out: text::printable_lines(&score_text(&job.file, &rec, &c, args.lang)).into_owned(),
            err: notes.iter().map(|n| say(n)).collect(),
            error: None,
            failed: false,
            unfinished,
        }
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

/// How many games go to a worker at once: fewer wake-ups and messages
/// than one game each, and still a fair share for every core.
const BATCH: usize = 16;

/// Splits every file into its games' texts and hands those of this shard
/// to the workers in batches (blocking while the workers are behind, so
/// memory stays bounded). The workers read (interpret and replay) and
/// count; this thread only decodes and splits.
fn produce(
    files: &[PathBuf],
    (games, lang): (Games, crate::i18n::Lang),
    shard: Option<Shard>,
    tx: SyncSender<Vec<Job>>,
) {
    let mut seq = 0;
    let mut batch: Vec<Job> = Vec::with_capacity(BATCH);
    let mut send = |file: &Path, game, notes, ends_file: bool, last: bool| {
        if let Some(game) = game {
            batch.push(Job {
                seq,
                file: file.to_path_buf(),
                game,
                notes,
                ends_file,
            });
            seq += 1;
        }
        if (batch.len() >= BATCH || last) && !batch.is_empty() {
            return tx.send(std::mem::take(&mut batch)).is_ok();
        }
        true
    };
    let mine = |file: &Path, game: usize| shard.is_none_or(|s| s.takes(file, game));
    for file in files {
        let mut found = false;
        let mut stop = false;
        // Each game waits for the next: the last of a file goes with
        // `ends_file`, known only once the file is split.
        let mut held: Option<(usize, GameText, Vec<String>)> = None;
        let read = storage::split_sgf_each(file, lang, &mut |i, g, file_notes| {
            if stop || !(games == Games::All || games == Games::One(i)) {
                return;
            }
            found = true;
            if mine(file, i)
                && let Some((k, t, n)) = held.replace((i, g, file_notes))
            {
                stop = !send(file, Some(Ok((k, t))), n, false, false);
            }
        });
        if stop {
            return;
        }
        let missing_follows = read.is_err();
        if let Some((k, t, n)) = held
            && !send(file, Some(Ok((k, t))), n, !missing_follows, false)
        {
            return;
        }
        let missing = match (&read, games) {
            (Err(e), _) => Some(storage::said(e, lang)),
            (Ok(f), Games::One(n)) if !found => {
                let all = f.games;
                Some(crate::tr!(lang, "file.no_game_n", game = n, n = all))
            }
            (Ok(f), Games::All) if f.games == 0 => Some(crate::tr!(lang, "file.no_game")),
            _ => None,
        };
        let key = match games {
            Games::One(n) => n,
            Games::All => 1,
        };
        if let Some(e) = missing.filter(|_| mine(file, key)) {
            // storage's message names the file already.
            let e = e
                .strip_prefix(&format!("{}: ", file.display()))
                .map(str::to_string)
                .unwrap_or(e);
            if !send(file, Some(Err(e)), Vec::new(), true, false) {
                return;
            }
        }
    }
    send(Path::new(""), None, Vec::new(), false, true);
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
    let (done_tx, done_rx) = channel::<Vec<(usize, bool, Done)>>();
    let mut tally = Tally::default();
    let mut result: Result<()> = Ok(());
    std::thread::scope(|s| {
        let games = args.game;
        let files_ref = &files;
        s.spawn(move || produce(files_ref, (games, notes_lang(args)), shard, job_tx));
        for _ in 0..jobs {
            let rx = Arc::clone(&job_rx);
            let tx = done_tx.clone();
            s.spawn(move || worker(&rx, &tx, args, engine));
        }
        // Only the workers hold the queue: when the writer stops (a closed
        // pipe) they end, the queue closes and the reader stops too.
        drop(job_rx);
        drop(done_tx);
        result = write_in_order(done_rx, &bar, &mut tally, (args.quiet, args.lang), out, err);
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

/// Games counted and games that failed, so far, and how many of those
/// counted do not look finished.
#[derive(Default)]
struct Tally {
    counted: usize,
    failed: usize,
    unfinished: usize,
}

/// A worker: counts the batches it takes until the queue closes.
fn worker(
    rx: &Mutex<Receiver<Vec<Job>>>,
    tx: &std::sync::mpsc::Sender<Vec<(usize, bool, Done)>>,
    args: &ScoreArgs,
    engine: Option<&crate::engine::Engine>,
) {
    while let Some(batch) = super::next_batch(rx) {
        let done = batch
            .into_iter()
            .map(|job| (job.seq, job.ends_file, work(job, args, engine)))
            .collect();
        if tx.send(done).is_err() {
            return;
        }
    }
}

/// Writes the results in the input's order (each waits until its turn),
/// the progress bar kept beside them. A closed pipe stops it: the threads
/// end when their channels close.
fn write_in_order(
    done_rx: Receiver<Vec<(usize, bool, Done)>>,
    bar: &indicatif::ProgressBar,
    tally: &mut Tally,
    (quiet, lang): (bool, crate::i18n::Lang),
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<()> {
    let mut waiting: BTreeMap<usize, (bool, Done)> = BTreeMap::new();
    let mut next = 0;
    for (seq, ends_file, done) in done_rx.into_iter().flatten() {
        waiting.insert(seq, (ends_file, done));
        while let Some((ends_file, done)) = waiting.remove(&next) {
            next += 1;
            if done.failed {
                tally.failed += 1;
            } else {
                tally.counted += 1;
            }
            if ends_file {
                bar.inc(1);
            }
            if done.unfinished {
                tally.unfinished += 1;
            }
            bar.set_message(crate::tr!(
                lang,
                "score.progress",
                n = tally.counted,
                failed = tally.failed
            ));
            bar.suspend(|| -> std::io::Result<()> {
                out.write_all(done.out.as_bytes())?;
                if !quiet {
                    for l in &done.err {
                        writeln!(err, "{l}")?;
                    }
                }
                if let Some(e) = &done.error {
                    writeln!(err, "{e}")?;
                }
                Ok(())
            })?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
