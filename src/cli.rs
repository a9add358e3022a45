//! The command line: argument parsing (clap) and the headless commands.
//! Output goes to the writers given, so tests and main share one path.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use clap::{Args, Parser, Subcommand};

use crate::game::record::GameRecord;
use crate::game::rules::{Rules, parse_rules};
use crate::sgf::{self, LoadedGame};
use crate::{storage, text};

/// The 9x9 sample shown when kifu starts with no file.
const SAMPLE_9X9: &str = include_str!("../samples/9x9-finished.sgf");

#[derive(Parser, Debug)]
#[command(
    name = "kifu",
    version,
    about = "Record games of Go in the terminal and count their result",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// SGF file to open (or to create for a new game)
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub new_game: NewGame,
}

#[derive(Args, Debug, Clone, Default)]
pub struct NewGame {
    /// Board size for a new game (2 to 25)
    #[arg(long)]
    pub size: Option<usize>,
    /// Handicap stones for a new game (fixed placement, 2 to 9)
    #[arg(long)]
    pub handicap: Option<u32>,
    /// Komi for a new game (default: the rules' komi)
    #[arg(long, allow_negative_numbers = true)]
    pub komi: Option<f64>,
    /// Rules for a new game: chinese, japanese, korean, aga, nz, tromp-taylor
    #[arg(long)]
    pub rules: Option<String>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print a position of a game as a text diagram
    Show(ShowArgs),
    /// Read any SGF and write kifu's canonical SGF
    Convert(ConvertArgs),
}

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// Only X, O, . and spaces on the board rows
    #[arg(long)]
    pub ascii: bool,
    /// Show the position after N moves of the main line (default: its end)
    #[arg(long)]
    pub r#move: Option<usize>,
    /// Which game of a collection, from 1
    #[arg(long, default_value_t = 1)]
    pub game: usize,
    pub file: PathBuf,
}

#[derive(Args, Debug)]
pub struct ConvertArgs {
    pub input: PathBuf,
    /// Output file (default: standard output)
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

/// Runs a parsed command line. Returns the exit status.
pub fn run(cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> Result<i32> {
    match cli.command {
        Some(Command::Show(args)) => show(&args, out, err),
        Some(Command::Convert(args)) => convert(&args, out, err),
        None => open(cli.file.as_deref(), &cli.new_game, out, err),
    }
}

fn print_notes(err: &mut dyn Write, path: &Path, notes: &[String]) -> Result<()> {
    for n in notes {
        writeln!(err, "{}: {n}", path.display())?;
    }
    Ok(())
}

fn load_game(path: &Path, game: usize, err: &mut dyn Write) -> Result<LoadedGame> {
    let file = storage::read_sgf(path)?;
    print_notes(err, path, &file.all_notes())?;
    let g = file
        .game(game)
        .map_err(|e| anyhow!("{}: {e}", path.display()))?;
    Ok(LoadedGame {
        record: g.record.clone(),
        notes: g.notes.clone(),
        lossy: g.lossy,
    })
}

/// Goes to the end of the main line, or to move `n` of it.
fn seek(rec: &mut GameRecord, n: Option<usize>) -> Result<()> {
    match n {
        None => {
            rec.to_start();
            rec.to_end();
        }
        Some(n) => {
            rec.to_start();
            let total = rec
                .main_line()
                .iter()
                .filter(|&&id| rec.node(id).mv.is_some())
                .count();
            if !rec.goto_move(n) {
                bail!("there is no move {n}: the main line has {total} moves");
            }
        }
    }
    Ok(())
}

fn show(args: &ShowArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<i32> {
    let mut g = load_game(&args.file, args.game, err)?;
    seek(&mut g.record, args.r#move)?;
    write!(out, "{}", text::header(&g.record))?;
    write!(out, "{}", text::diagram(&g.record, args.ascii))?;
    write!(out, "{}", text::facts(&g.record))?;
    Ok(0)
}

fn convert(args: &ConvertArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<i32> {
    let file = storage::read_sgf(&args.input)?;
    print_notes(err, &args.input, &file.all_notes())?;
    let games: Vec<&GameRecord> = file
        .games
        .iter()
        .filter_map(|g| g.as_ref().ok().map(|l| &l.record))
        .collect();
    if games.is_empty() {
        bail!(
            "{}: no game could be read, nothing written",
            args.input.display()
        );
    }
    let failed = file.games.len() - games.len();
    let sgf_text = sgf::collection_to_sgf(games.iter().copied());
    match &args.output {
        None => out.write_all(sgf_text.as_bytes())?,
        Some(path) => {
            let same = same_file(path, &args.input);
            if same && (file.lossy() || failed > 0) {
                bail!(
                    "{}: kifu had to drop part of this file while reading it, so it will not overwrite it; write to another file with -o",
                    args.input.display()
                );
            }
            storage::write_atomic(path, sgf_text.as_bytes())?;
            writeln!(err, "wrote {}", path.display())?;
        }
    }
    if failed > 0 {
        writeln!(
            err,
            "{}: {failed} of {} games could not be read and were left out",
            args.input.display(),
            file.games.len()
        )?;
        return Ok(1);
    }
    Ok(0)
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// Builds a new game from the command-line options.
pub fn new_game(opts: &NewGame) -> Result<GameRecord> {
    let (rules, rules_text) = match &opts.rules {
        Some(t) => {
            let parsed = parse_rules(t);
            if !parsed.recognized {
                bail!(
                    "--rules {t}: unknown rules; use chinese, japanese, korean, aga, nz, goe or tromp-taylor"
                );
            }
            let name = parsed.rules.name();
            (parsed.rules, name)
        }
        None => (Rules::chinese(), Rules::chinese().name()),
    };
    let size = opts.size.unwrap_or(19);
    let mut rec = GameRecord::new(size, rules).map_err(|e| anyhow!("--size {size}: {e}"))?;
    rec.info.rules_text = Some(rules_text);
    if let Some(k) = opts.komi {
        if !k.is_finite() || k.abs() > 1000.0 {
            bail!("--komi {k}: give the komi in points, like 6.5 or 7.5");
        }
        rec.info.komi = Some(k);
        rec.rules.komi = k;
    }
    if let Some(h) = opts.handicap.filter(|&h| h > 0) {
        rec.set_fixed_handicap(h)
            .with_context(|| format!("--handicap {h}"))?;
    }
    Ok(rec)
}

/// `kifu [FILE]`: until the TUI exists, prints the game (or a sample).
fn open(
    file: Option<&Path>,
    opts: &NewGame,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<i32> {
    let mut rec = match file {
        Some(p) if p.exists() => load_game(p, 1, err)?.record,
        Some(_) => new_game(opts)?,
        None => {
            let file = sgf::read_text(SAMPLE_9X9);
            file.game(1).map_err(|e| anyhow!(e))?.record.clone()
        }
    };
    seek(&mut rec, None)?;
    writeln!(
        out,
        "kifu {}: the board TUI is not built yet; this is the text view.",
        env!("CARGO_PKG_VERSION")
    )?;
    if file.is_none() {
        writeln!(out, "A sample 9x9 game (samples/9x9-finished.sgf):")?;
    }
    write!(out, "{}", text::header(&rec))?;
    write!(out, "{}", text::diagram(&rec, false))?;
    write!(out, "{}", text::facts(&rec))?;
    writeln!(
        out,
        "Try: kifu show FILE, kifu convert FILE -o OUT, kifu --help"
    )?;
    Ok(0)
}
