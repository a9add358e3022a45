//! `kifu convert`: a file or collection written back as clean SGF.

use super::*;

/// SGF is never written over a record of another format (GIB, NGF, UGF).
fn refuse_other_format(args: &ConvertArgs, format: Option<&str>) -> Result<()> {
    if let (Some(path), Some(format)) = (&args.output, format)
        && storage::same_file(path, &args.input)
    {
        bail!(
            "{}: a {format} record; kifu writes SGF, so it will not write over it: give the SGF its own name (-o {})",
            args.input.display(),
            args.input.with_extension("sgf").display()
        );
    }
    Ok(())
}

/// `kifu convert`: streams game by game, so a large collection needs the
/// memory of one game; onto its own input only when nothing was dropped.
pub(crate) fn convert(args: &ConvertArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<i32> {
    let mut written = 0usize;
    let mut failed = 0usize;
    let mut notes = Vec::new();
    let mut facts = None;
    // A game that dropped something on reading (a move's extra values, a
    // point off the board) makes the file lossy too.
    let mut game_lossy = false;
    let mut run = |w: &mut dyn Write| -> Result<()> {
        let mut io_error = None;
        let f = storage::read_sgf_each(&args.input, &mut |_, g, _| match g {
            Ok(l) => {
                game_lossy |= l.lossy;
                let room = MAX_STREAM_NOTES.saturating_sub(notes.len());
                notes.extend(l.notes.iter().take(room).cloned());
                if io_error.is_none()
                    && let Err(e) = w.write_all(sgf::to_sgf(&l.record).as_bytes())
                {
                    io_error = Some(e);
                }
                written += 1;
            }
            Err(e) => {
                failed += 1;
                notes.push(format!("{e}: not read"));
            }
        })?;
        if let Some(e) = io_error {
            return Err(e.into());
        }
        let lossy = f.lossy || game_lossy || failed > 0;
        let format = f.format;
        facts = Some(f);
        if written == 0 {
            bail!(
                "{}: no game could be read, nothing written",
                args.input.display()
            );
        }
        refuse_other_format(args, format)?;
        if let Some(path) = &args.output
            && lossy
            && !args.force
            && storage::same_file(path, &args.input)
        {
            bail!(
                "{}: kifu had to drop part of this file while reading it (the notes above say what), so it will not overwrite it; write to another file with -o, or give --force to overwrite it anyway",
                args.input.display()
            );
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
    print_notes(err, &args.input, &all)?;
    result?;
    if let Some(path) = output {
        writeln!(
            err,
            "wrote {}",
            text::printable(&path.display().to_string())
        )?;
    }
    if failed > 0 {
        writeln!(
            err,
            "{}: {failed} of {} games could not be read and were left out",
            args.input.display(),
            written + failed
        )?;
        return Ok(1);
    }
    Ok(0)
}
