//! `kifu convert`: a file or collection written back as clean SGF.

use super::*;

/// SGF is never written over a record of another format (GIB, NGF, UGF).
fn refuse_other_format(
    args: &ConvertArgs,
    format: Option<&str>,
    lang: crate::i18n::Lang,
) -> Result<()> {
    if let (Some(path), Some(format)) = (&args.output, format)
        && storage::same_file(path, &args.input)
    {
        let input = args.input.display().to_string();
        let sgf = args.input.with_extension("sgf").display().to_string();
        bail!(crate::tr!(
            lang,
            "convert.other_format",
            path = input,
            format = format,
            sgf = sgf
        ));
    }
    Ok(())
}

/// A game read and written again as kifu's SGF, with what reading it said.
struct Written {
    /// The text outside game trees before the game, written back as it is.
    before: String,
    text: String,
    lossy: bool,
    notes: Vec<String>,
}

impl Written {
    /// The text before the game, then the game.
    fn write(&self, w: &mut dyn Write) -> std::io::Result<()> {
        w.write_all(self.before.as_bytes())?;
        w.write_all(self.text.as_bytes())
    }
}

/// Games handed to a worker at once.
const BATCH: usize = 16;

/// Every game of a file read and written as SGF on every core, handed to
/// `each` in the file's order: one thread decodes and splits the file,
/// the others read (interpret, replay) and write each game. Memory stays
/// bounded: the queues hold a few batches.
fn each_written(
    (input, lang): (&std::path::Path, crate::i18n::Lang),
    each: &mut dyn FnMut(Result<Written, sgf::GameError>),
) -> Result<sgf::FileFacts> {
    use std::sync::mpsc::{channel, sync_channel};
    use std::sync::{Arc, Mutex};
    type Batch = Vec<(usize, sgf::GameText)>;
    type Done = Vec<(usize, Result<Written, sgf::GameError>)>;
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (job_tx, job_rx) = sync_channel::<Batch>(jobs * 2);
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (done_tx, done_rx) = channel::<Done>();
    std::thread::scope(|s| {
        let splitter = s.spawn(move || {
            let mut batch: Batch = Vec::with_capacity(BATCH);
            let mut open = true;
            let facts = storage::split_sgf_each(input, lang, &mut |i, text, _| {
                batch.push((i, text));
                if batch.len() >= BATCH && open {
                    open = job_tx.send(std::mem::take(&mut batch)).is_ok();
                }
            });
            if !batch.is_empty() && open {
                let _ = job_tx.send(batch);
            }
            facts
        });
        for _ in 0..jobs {
            let rx = Arc::clone(&job_rx);
            let tx = done_tx.clone();
            s.spawn(move || {
                while let Some(batch) = super::next_batch(&rx) {
                    let done: Done = batch
                        .into_iter()
                        .map(|(i, text)| {
                            let read = text.read(i, lang).map(|l| Written {
                                before: text.before().to_string(),
                                text: sgf::to_sgf(&l.record),
                                lossy: l.lossy,
                                notes: l.notes,
                            });
                            (i, read)
                        })
                        .collect();
                    if tx.send(done).is_err() {
                        return;
                    }
                }
            });
        }
        drop(job_rx);
        drop(done_tx);
        // In the file's order (games are numbered from 1).
        let mut waiting = std::collections::BTreeMap::new();
        let mut next = 1;
        for (i, g) in done_rx.into_iter().flatten() {
            waiting.insert(i, g);
            while let Some(g) = waiting.remove(&next) {
                each(g);
                next += 1;
            }
        }
        splitter
            .join()
            .unwrap_or_else(|_| Err(anyhow::anyhow!("the reading thread failed")))
    })
}

/// `kifu convert`: streams game by game, so a large collection needs the
/// memory of one game; onto its own input only when nothing was dropped.
pub(crate) fn convert(
    args: &ConvertArgs,
    lang: crate::i18n::Lang,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<i32> {
    let mut written = 0usize;
    let mut failed = 0usize;
    let mut notes = Vec::new();
    let mut facts = None;
    // A game that dropped something on reading (a move's extra values, a
    // point off the board) makes the file lossy too.
    let mut game_lossy = false;
    let mut run = |w: &mut dyn Write| -> Result<()> {
        let mut io_error = None;
        let f = each_written((&args.input, lang), &mut |g| match g {
            Ok(l) => {
                game_lossy |= l.lossy;
                let room = MAX_STREAM_NOTES.saturating_sub(notes.len());
                notes.extend(l.notes.iter().take(room).cloned());
                if io_error.is_none()
                    && let Err(e) = l.write(w)
                {
                    io_error = Some(e);
                }
                written += 1;
            }
            Err(e) => {
                failed += 1;
                notes.push(crate::tr!(lang, "file.not_read", why = e.words(lang)));
            }
        })?;
        if let Some(e) = io_error {
            return Err(e.into());
        }
        w.write_all(f.after.as_bytes())?;
        let lossy = f.lossy || game_lossy || failed > 0;
        let format = f.format;
        facts = Some(f);
        if written == 0 {
            let path = args.input.display().to_string();
            bail!(crate::tr!(lang, "convert.nothing", path = path));
        }
        refuse_other_format(args, format, lang)?;
        if let Some(path) = &args.output
            && lossy
            && !args.force
            && storage::same_file(path, &args.input)
        {
            let path = args.input.display().to_string();
            bail!(crate::tr!(lang, "convert.lossy", path = path));
        }
        Ok(())
    };
    // `-o -` is standard output, as no `-o` is.
    let output = args.output.as_deref().filter(|p| !storage::is_stdio(p));
    let result = match output {
        None => run(out),
        Some(path) => storage::write_atomic_with(path, &mut run),
    };
    let mut all = facts.map(|f| f.notes).unwrap_or_default();
    all.extend(notes);
    print_notes(err, &args.input, &all, lang)?;
    result?;
    said_at_the_end((args, lang), output, (written, failed), err)
}

/// What a conversion that ran says at its end: the file it wrote, the
/// games it left out (then the status is 1).
fn said_at_the_end(
    (args, lang): (&ConvertArgs, crate::i18n::Lang),
    output: Option<&std::path::Path>,
    (written, failed): (usize, usize),
    err: &mut dyn Write,
) -> Result<i32> {
    if let Some(path) = output {
        let path = path.display().to_string();
        let path = text::printable(&path).into_owned();
        writeln!(err, "{}", crate::tr!(lang, "cli.wrote", path = path))?;
    }
    if failed > 0 {
        let (path, n) = (args.input.display().to_string(), written + failed);
        let said = crate::tr!(
            lang,
            "convert.left_out",
            path = path,
            failed = failed,
            n = n
        );
        writeln!(err, "{said}")?;
        return Ok(1);
    }
    Ok(0)
}
