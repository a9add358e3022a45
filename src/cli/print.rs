//! `kifu print`: the game's main line as figures of N moves, as players
//! print a game to keep it: one HTML page with print CSS (a figure a
//! page), an SVG per figure, or plain text.

use super::*;
use crate::print::{files, render};

/// `kifu print FILE`.
#[derive(Args, Debug, Clone)]
pub struct PrintArgs {
    /// The language of the headings (from `--lang`, the configuration,
    /// the locale).
    #[arg(skip)]
    pub lang: crate::i18n::Lang,
    /// Moves in each figure
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u16).range(1..=1000))]
    pub moves: u16,
    /// Variations off the main line as small figures of their own, after the figure they leave
    #[arg(long)]
    pub variations: bool,
    /// html (default: one page, a figure a page, to print from a browser), svg (a file per figure into the folder -o), txt (ASCII figures and every move in order)
    #[arg(long, value_enum, default_value = "html")]
    pub format: PrintFormat,
    /// The paper the HTML page is laid out for
    #[arg(long, value_enum, default_value = "a4")]
    pub paper: Paper,
    /// Which game of a collection, from 1
    #[arg(long, default_value_t = 1)]
    pub game: usize,
    /// Where it goes: a file for html and txt (default: standard output), a folder for svg
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// The SGF file to print
    pub file: PathBuf,
}

/// What `kifu print` writes.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrintFormat {
    Html,
    Svg,
    Txt,
}

/// The paper of the HTML page.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paper {
    A4,
    Letter,
}

pub(crate) fn print(args: &PrintArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<i32> {
    let lang = args.lang;
    let g = load_game(&args.file, args.game, lang, err)?;
    let name = args
        .file
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let title = render::title(&g.record, &name, lang);
    let which = match args.format {
        PrintFormat::Html => (true, false, false),
        PrintFormat::Svg => (false, true, false),
        PrintFormat::Txt => (false, false, true),
    };
    let made = files(
        &g.record,
        (usize::from(args.moves), args.variations),
        &title,
        lang,
        (which.0, which.1, which.2, args.paper == Paper::Letter),
    );
    match (args.format, &args.output) {
        (PrintFormat::Svg, None) => bail!(crate::tr!(lang, "cli.print_svg_needs_o")),
        (PrintFormat::Svg, Some(dir)) => {
            storage::write_files(dir, &made)?;
            let dir = text::printable(&dir.display().to_string()).into_owned();
            writeln!(
                err,
                "{}",
                crate::tr!(lang, "cli.wrote_files", n = made.len(), dir = dir)
            )?;
        }
        (_, Some(path)) => {
            for (_, contents) in &made {
                storage::write_atomic(path, contents.as_bytes())?;
            }
            let path = text::printable(&path.display().to_string()).into_owned();
            writeln!(err, "{}", crate::tr!(lang, "cli.wrote", path = path))?;
        }
        (_, None) => {
            for (_, contents) in &made {
                out.write_all(contents.as_bytes())?;
            }
        }
    }
    Ok(0)
}
