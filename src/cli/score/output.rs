//! The output stage of `kifu score`: the results in the input's order,
//! the progress bar, and `--write`'s one save per file.

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::mpsc::Receiver;

use anyhow::Result;

use super::{Done, Finished, ScoreArgs, report, text, write};

/// Games counted and games that failed, so far, and how many of those
/// counted do not look finished.
#[derive(Default)]
pub(super) struct Tally {
    pub(super) counted: usize,
    pub(super) failed: usize,
    pub(super) unfinished: usize,
}

/// Writes the results in the input's order (each waits until its turn),
/// the progress bar kept beside them. A closed pipe stops it: the threads
/// end when their channels close. With `--write`, a file's lines wait
/// until the file is written, so that they say what was.
pub(super) fn write_in_order(
    done_rx: Receiver<Vec<Finished>>,
    bar: &indicatif::ProgressBar,
    tally: &mut Tally,
    args: &ScoreArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<()> {
    let mut waiting: BTreeMap<usize, (Option<Box<write::FileEnd>>, Done)> = BTreeMap::new();
    let mut next = 0;
    let mut file: Vec<Done> = Vec::new();
    for (seq, end, done) in done_rx.into_iter().flatten() {
        waiting.insert(seq, (end, done));
        while let Some((end, done)) = waiting.remove(&next) {
            next += 1;
            if done.failed {
                tally.failed += 1;
            } else {
                tally.counted += 1;
            }
            if done.unfinished {
                tally.unfinished += 1;
            }
            // The file first, then the games: a frame drawn between the
            // two never shows fewer files done than the games say.
            if end.is_some() {
                bar.inc(1);
            }
            bar.set_message(crate::tr!(
                args.lang,
                "score.progress",
                n = tally.counted,
                failed = tally.failed
            ));
            file.push(done);
            let Some(end) = end else {
                if !args.write {
                    said(bar, &file, args.quiet, out, err)?;
                    file.clear();
                }
                continue;
            };
            if args.write {
                written(&end, &mut file, args, bar, err)?;
            }
            said(bar, &file, args.quiet, out, err)?;
            file.clear();
        }
    }
    Ok(())
}

/// `--write` at a file's end: writes it once (or says why not), and
/// completes its games' lines with what was written.
fn written(
    end: &write::FileEnd,
    file: &mut [Done],
    args: &ScoreArgs,
    bar: &indicatif::ProgressBar,
    err: &mut dyn Write,
) -> Result<()> {
    let writes: Vec<Option<write::GameWrite>> = file.iter_mut().map(|d| d.write.take()).collect();
    let games: Vec<&write::GameWrite> = writes.iter().flatten().collect();
    let outcome = write::finish(end, &games, args.dry_run);
    for (d, w) in file.iter_mut().zip(&writes) {
        let Some(mut r) = d.report.take() else {
            continue;
        };
        let said = w.as_ref().map(|g| g.said.clone()).unwrap_or_default();
        r.write = Some(match said.as_str() {
            "result and marks" if outcome.written => "written: result and marks".into(),
            "result and marks" if args.dry_run => "would write: result and marks".into(),
            "result and marks" => outcome.said.clone(),
            _ => said,
        });
        d.out = report::json_line(&r);
    }
    // Files with nothing to write are named only with --verbose: an
    // archive has thousands.
    let nothing = !outcome.written && games.iter().all(|g| g.new.is_none());
    if (!args.quiet && (!nothing || args.verbose)) || outcome.written {
        let name = text::printable(&end.file.display().to_string()).into_owned();
        bar.suspend(|| writeln!(err, "kifu: {name}: {}", outcome.said))?;
    }
    Ok(())
}

/// A file's lines, its notes and errors.
fn said(
    bar: &indicatif::ProgressBar,
    file: &[Done],
    quiet: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> std::io::Result<()> {
    bar.suspend(|| -> std::io::Result<()> {
        for done in file {
            out.write_all(done.out.as_bytes())?;
            if !quiet {
                for l in &done.err {
                    writeln!(err, "{l}")?;
                }
            }
            if let Some(e) = &done.error {
                writeln!(err, "{e}")?;
            }
        }
        Ok(())
    })
}
