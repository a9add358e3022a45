//! `kifu show`: a position as a text diagram, its count step by step,
//! or the handout's pictures.

use super::*;

pub(crate) fn show(args: &ShowArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<i32> {
    let mut g = load_game(&args.file, args.game, args.lang, err)?;
    seek(&mut g.record, args.r#move, args.lang)?;
    if args.format != Format::Text {
        return show_pictures(args, &g.record, out, err);
    }
    // Without a UTF-8 locale the text is kept to ASCII: names and comments
    // as \u{...}, never raw bytes the terminal would misread.
    let utf8 = text::utf8_locale(|k| std::env::var(k).ok());
    let fit = |s: String| {
        if utf8 {
            s
        } else {
            text::ascii_only(&s).into_owned()
        }
    };
    write!(out, "{}", fit(text::header(&g.record, args.lang)))?;
    write!(out, "{}", text::diagram(&g.record, args.ascii))?;
    write!(out, "{}", fit(text::facts(&g.record, args.lang)))?;
    if let Some(method) = args.count {
        let (c, chinese, japanese) = count_for_show(args, &g.record, err)?;
        let lang = args.lang;
        let note = c.session.note_in(lang);
        writeln!(out, "\n{}", crate::tr!(lang, "show.count", note = note))?;
        let view = match method {
            CountMethod::Chinese => View::Area,
            CountMethod::Japanese => View::Territory,
        };
        let steps = crate::count::glyph::Steps {
            class: &c.session.class,
            chinese: &chinese,
            japanese: &japanese,
        };
        write!(out, "{}", text::walkthrough::map(&steps, view))?;
        writeln!(
            out,
            "{}",
            text::walkthrough::legend(&steps, view, crate::count::glyph::Step::Map, lang)
        )?;
        write!(
            out,
            "{}",
            text::walkthrough::walkthrough(&steps, view, lang)
        )?;
    }
    Ok(0)
}

/// The count `kifu show` prints or draws: KataGo started when asked for,
/// the estimate's warning said, both walkthroughs.
pub(crate) fn count_for_show(
    args: &ShowArgs,
    rec: &GameRecord,
    err: &mut dyn Write,
) -> Result<(Counted, Chinese, Japanese)> {
    let engine = (args.count_options.dead == Some(DeadSource::Katago))
        .then(|| start_engine(&args.count_options.engine, args.lang, err))
        .flatten();
    let c = counted(rec, &args.count_options, (engine.as_ref(), args.lang))?;
    if let Some(w) = &c.warning {
        writeln!(
            err,
            "kifu: {}: {}",
            text::printable(&args.file.display().to_string()),
            // An engine's failure holds its own text: escaped as any
            // text from outside.
            text::printable(w)
        )?;
    }
    let side = match args.side {
        SideArg::Black => Color::Black,
        SideArg::White => Color::White,
    };
    let (chinese, japanese) =
        crate::count::steps::walkthroughs(&c.session.class, &c.session.count, side);
    Ok((c, chinese, japanese))
}

/// `kifu show --format svg|html`: the handout's pictures, written through
/// the save policy.
pub(crate) fn show_pictures(
    args: &ShowArgs,
    rec: &GameRecord,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<i32> {
    let title = handout_title(&args.file, rec, args.lang);
    if args.format == Format::Svg && args.count.is_none() {
        let svg = crate::handout::position_svg(
            rec.board(),
            &if args.numbers {
                crate::handout::move_numbers(rec)
            } else {
                Vec::new()
            },
            &title,
        );
        match &args.output {
            Some(p) => {
                storage::write_atomic(p, svg.as_bytes())?;
                let path = text::printable(&p.display().to_string()).into_owned();
                writeln!(err, "{}", crate::tr!(args.lang, "cli.wrote", path = path))?;
            }
            None => out.write_all(svg.as_bytes())?,
        }
        return Ok(0);
    }
    let (c, chinese, japanese) = count_for_show(args, rec, err)?;
    let steps = crate::count::glyph::Steps {
        class: &c.session.class,
        chinese: &chinese,
        japanese: &japanese,
    };
    let maps = [
        crate::handout::map_caption(
            View::Area,
            &c.session.note_in(args.lang),
            &GameResult::from_margin(c.session.count.area.margin).to_string(),
            args.lang,
        ),
        crate::handout::map_caption(
            View::Territory,
            &c.session.note_in(args.lang),
            &GameResult::from_margin(c.session.count.territory.margin).to_string(),
            args.lang,
        ),
    ];
    let maps = [maps[0].as_str(), maps[1].as_str()];
    let files: Vec<(String, String)> = match args.format {
        Format::Html => vec![(
            "handout.html".into(),
            crate::handout::html(
                &steps,
                &title,
                maps,
                &crate::handout::facts(
                    &c.session.terms,
                    &c.session.count,
                    rec.info.result.as_ref().map(|r| r.to_string()),
                    rec.stones_placed(),
                    args.lang,
                ),
            ),
        )],
        _ => {
            let view = match args.count {
                Some(CountMethod::Japanese) => View::Territory,
                _ => View::Area,
            };
            let map = if view == View::Area { maps[0] } else { maps[1] };
            crate::handout::view_svgs(&steps, view, map, args.lang)
        }
    };
    let Some(dest) = &args.output else {
        bail!(crate::tr!(args.lang, "cli.svg_needs_o"));
    };
    write_files(dest, &files, args.lang, err)
}

/// Writes a handout: one page to a file, several pictures into a folder.
fn write_files(
    dest: &Path,
    files: &[(String, String)],
    lang: crate::i18n::Lang,
    err: &mut dyn Write,
) -> Result<i32> {
    let single = files.len() == 1 && !dest.is_dir();
    if !single {
        storage::make_dir(dest)?;
    }
    for (name, contents) in files {
        let path = if single {
            dest.to_path_buf()
        } else {
            dest.join(name)
        };
        storage::write_atomic(&path, contents.as_bytes())?;
    }
    let dir = text::printable(&dest.display().to_string()).into_owned();
    writeln!(
        err,
        "{}",
        crate::tr!(lang, "cli.wrote_files", n = files.len(), dir = dir)
    )?;
    Ok(0)
}

/// A handout's title: the players, else the file's name.
pub(crate) fn handout_title(file: &Path, rec: &GameRecord, lang: crate::i18n::Lang) -> String {
    let i = &rec.info;
    let n = rec.move_number();
    match (&i.black, &i.white) {
        (Some(b), Some(w)) => crate::tr!(lang, "handout.title", black = b, white = w, n = n),
        _ => {
            let file = file
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_default();
            crate::tr!(lang, "handout.title.file", file = file, n = n)
        }
    }
}
