//! The command line: argument parsing (clap) and the headless commands.
//! Output goes to the writers given, so tests and main share one path.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use clap::{Args, Parser, Subcommand};

use crate::config::Config;
use crate::count::Setup;
use crate::count::glyph::View;
use crate::count::session::{DeadStones, Session};
use crate::count::steps::{Chinese, Japanese};
use crate::game::record::GameRecord;
use crate::game::rules::{Rules, parse_rules};
use crate::game::{Color, GameResult, Point};
use crate::settings::{load_config, resolve_theme};
use crate::sgf::{self, LoadedGame};
use crate::{storage, text};

mod score;

/// The 9x9 sample shown when kifu starts with no file.
const SAMPLE_9X9: &str = include_str!("../../samples/9x9-finished.sgf");

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
    /// Theme of the board: default, light, projector, ascii, mono
    #[arg(long)]
    pub theme: Option<String>,
    /// List the built-in themes and exit
    #[arg(long)]
    pub list_themes: bool,
    /// Print the effective configuration (and where it comes from) and exit
    #[arg(long)]
    pub print_config: bool,
    /// Line mode for screen readers and scripts: typed commands and points, every event said as one line (reads a pipe too)
    #[arg(long)]
    pub plain: bool,
    /// Which game of a collection to open, from 1 (a save writes them all)
    #[arg(long, default_value_t = 1)]
    pub game: usize,
    /// List the unsaved and discarded sessions kifu keeps (seven days), to open one with `kifu FILE`
    #[arg(long)]
    pub recover: bool,
    /// Count mode's proposal: katago (its ownership map), or kifu (its own estimate) [default: katago when the configuration's [engine] names it]
    #[arg(long, value_parser = ["katago", "kifu"])]
    pub engine: Option<String>,
    #[command(flatten)]
    pub engine_args: EngineArgs,
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
    /// Count each game's final position, headless
    Score(ScoreArgs),
}

/// Where `kifu score` takes the dead stones from.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeadSource {
    /// From the final node's TB/TW: a stone under the opponent's mark is dead
    Marked,
    /// Estimated by kifu (uncertain groups are listed)
    Auto,
    /// Every stone on the board is alive
    None,
    /// KataGo's ownership map (the engine's paths from --katago and --model or the configuration's [engine]); kifu's own estimate when it fails
    Katago,
}

/// Which walkthrough `kifu show --count` prints.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountMethod {
    /// Area against half the board, one side counted
    Chinese,
    /// Territory with prisoners
    Japanese,
}

#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SideArg {
    Black,
    White,
}

/// How to count: shared by `score` and `show --count`.
#[derive(Args, Debug, Clone, Default)]
pub struct CountOptions {
    /// Rules: chinese, japanese, korean, aga, nz, tromp-taylor (default: the file's RU, else chinese)
    #[arg(long)]
    pub rules: Option<String>,
    /// Komi in points (default: the file's KM, else the rules' komi)
    #[arg(long, allow_negative_numbers = true)]
    pub komi: Option<f64>,
    /// Dead stones: marked (TB/TW), auto or none [default: marked when the final node has TB/TW, else auto]
    #[arg(long, value_enum)]
    pub dead: Option<DeadSource>,
    /// Mark the groups through these points dead instead, e.g. q16,d4 (or SGF: pd,dp)
    #[arg(long, value_delimiter = ',')]
    pub dead_at: Vec<String>,
    #[command(flatten)]
    pub engine: EngineArgs,
}

/// Where KataGo is (else the configuration's `[engine]`).
#[derive(Args, Debug, Clone, Default)]
pub struct EngineArgs {
    /// The katago program
    #[arg(long)]
    pub katago: Option<PathBuf>,
    /// KataGo's network file (.bin.gz)
    #[arg(long)]
    pub model: Option<PathBuf>,
    /// A KataGo analysis config (default: kifu writes one: 1 visit, every core)
    #[arg(long)]
    pub katago_config: Option<PathBuf>,
    /// KataGo's search visits per position (default 1: the network alone)
    #[arg(long)]
    pub katago_visits: Option<u32>,
}

impl EngineArgs {
    /// The engine's configuration: these options, then the configuration
    /// file's `[engine]`; None when neither names KataGo and its network.
    pub fn resolve(&self, config: &Config) -> Option<crate::engine::EngineConfig> {
        let e = config.engine.clone().unwrap_or_default();
        Some(crate::engine::EngineConfig {
            katago: self.katago.clone().or(e.katago)?,
            model: self.model.clone().or(e.model)?,
            config: self.katago_config.clone().or(e.config),
            timeout: std::time::Duration::from_secs_f64(
                e.timeout.unwrap_or(30.0).clamp(0.1, 3600.0),
            ),
            visits: self.katago_visits.or(e.visits).unwrap_or(1),
        })
    }
}

/// Starts KataGo for `--dead katago`, or says why not (kifu's own estimate
/// is used then).
pub(crate) fn start_engine(
    args: &EngineArgs,
    err: &mut dyn Write,
) -> Option<crate::engine::Engine> {
    let mut problems = Vec::new();
    let config = load_config(&mut problems);
    let why = match args.resolve(&config) {
        None => {
            "no KataGo configured (give --katago and --model, or [engine] in the configuration)"
                .to_string()
        }
        Some(cfg) => {
            let work = storage::data_dir()
                .unwrap_or_else(std::env::temp_dir)
                .join("katago");
            match crate::engine::Engine::start(&cfg, &work) {
                Ok(e) => return Some(e),
                Err(e) => e,
            }
        }
    };
    let _ = writeln!(err, "kifu: {why}; kifu's own estimate instead");
    None
}

#[derive(Args, Debug)]
pub struct ScoreArgs {
    #[command(flatten)]
    pub count: CountOptions,
    /// Count the position after N moves of the main line (default: its end)
    #[arg(long)]
    pub r#move: Option<usize>,
    /// Which game of each file, from 1, or all (every game of a collection)
    #[arg(long, default_value = "1")]
    pub game: score::Games,
    /// One JSON object per game per line (JSON Lines; docs/score.schema.json)
    #[arg(long)]
    pub json: bool,
    /// Count on N threads (default: every core)
    #[arg(short = 'j', long = "jobs")]
    pub jobs: Option<usize>,
    /// No progress bar and no notes on standard error
    #[arg(long)]
    pub quiet: bool,
    /// Only the files of shard i of n (a stable hash of each name), e.g. 2/4
    #[arg(long)]
    pub shard: Option<score::Shard>,
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
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
    /// Print the counting walkthrough, step by step
    #[arg(long, value_enum)]
    pub count: Option<CountMethod>,
    /// The side the Chinese walkthrough counts
    #[arg(long, value_enum, default_value = "black")]
    pub side: SideArg,
    /// text (default); svg: with --count one picture per step into the folder -o, else the position; html: one page with both views' steps side by side
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Where svg and html go: a folder for the steps, a file for a page or a position
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// With --format svg and no --count: the move numbers on the stones
    #[arg(long)]
    pub numbers: bool,
    #[command(flatten)]
    pub count_options: CountOptions,
    pub file: PathBuf,
}

/// What `kifu show` writes.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Text,
    Svg,
    Html,
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
        Some(Command::Score(args)) => score::run(&args, out, err),
        None if cli.print_config => print_config(out, err),
        None if cli.recover => recover(out),
        None if cli.list_themes => {
            for name in crate::ui::theme::Theme::names() {
                writeln!(out, "{name}")?;
            }
            Ok(0)
        }
        None => open(&cli, out, err),
    }
}

/// The notes on a file, on stderr: the first ones in full, the rest
/// summarised, every line made safe to print and named after the file.
fn print_notes(err: &mut dyn Write, path: &Path, notes: &[String]) -> Result<()> {
    let name = path.display().to_string();
    for n in sgf::summarize(notes) {
        writeln!(err, "{}: {}", text::printable(&name), text::printable(&n))?;
    }
    Ok(())
}

/// Notes kept while streaming a file (each game's, in order); past this
/// only their number (the summary says how many of each kind).
const MAX_STREAM_NOTES: usize = 10_000;

/// Reads game `game` of a file, streaming: the other games of a collection
/// are read (their notes said) but not kept, so memory follows one game.
fn load_game(path: &Path, game: usize, err: &mut dyn Write) -> Result<LoadedGame> {
    let mut wanted = None;
    let mut notes = Vec::new();
    let facts = storage::read_sgf_each(path, &mut |i, g, _| {
        let more: Vec<String> = match &g {
            Ok(l) => l.notes.clone(),
            Err(e) => vec![format!("{e}: not read")],
        };
        let room = MAX_STREAM_NOTES.saturating_sub(notes.len());
        notes.extend(more.into_iter().take(room));
        if i == game {
            wanted = Some(g);
        }
    })?;
    let mut all = facts.notes;
    all.extend(notes);
    print_notes(err, path, &all)?;
    match wanted {
        Some(Ok(g)) => Ok(g),
        Some(Err(e)) => bail!("{}: {e}", path.display()),
        None => bail!(
            "{}: there is no game {game}: the file holds {} game(s) (use --game 1 to {})",
            path.display(),
            facts.games,
            facts.games
        ),
    }
}

/// Goes to the end of the main line, or to move `n` of it.
pub(crate) fn seek(rec: &mut GameRecord, n: Option<usize>) -> Result<()> {
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
    if args.format != Format::Text {
        return show_pictures(args, &g.record, out, err);
    }
    write!(out, "{}", text::header(&g.record))?;
    write!(out, "{}", text::diagram(&g.record, args.ascii))?;
    write!(out, "{}", text::facts(&g.record))?;
    if let Some(method) = args.count {
        let (c, chinese, japanese) = count_for_show(args, &g.record, err)?;
        writeln!(out, "\nThe count ({}):", c.session.note())?;
        let view = match method {
            CountMethod::Chinese => View::Area,
            CountMethod::Japanese => View::Territory,
        };
        let steps = crate::count::glyph::Steps {
            class: &c.session.class,
            chinese: &chinese,
            japanese: &japanese,
        };
        write!(out, "{}", text::count::map(&steps, view))?;
        writeln!(out, "{}", text::count::legend(&steps, view, 0))?;
        write!(out, "{}", text::count::walkthrough(&steps, view))?;
    }
    Ok(0)
}

/// The count `kifu show` prints or draws: KataGo started when asked for,
/// the estimate's warning said, both walkthroughs.
fn count_for_show(
    args: &ShowArgs,
    rec: &GameRecord,
    err: &mut dyn Write,
) -> Result<(Counted, Chinese, Japanese)> {
    let engine = (args.count_options.dead == Some(DeadSource::Katago))
        .then(|| start_engine(&args.count_options.engine, err))
        .flatten();
    let c = counted(rec, &args.count_options, engine.as_ref())?;
    if let Some(w) = &c.warning {
        writeln!(
            err,
            "kifu: {}: {w}",
            text::printable(&args.file.display().to_string())
        )?;
    }
    let side = match args.side {
        SideArg::Black => Color::Black,
        SideArg::White => Color::White,
    };
    let chinese = Chinese::new(&c.session.class, &c.session.count, side);
    let japanese = Japanese::new(&c.session.class, &c.session.count);
    Ok((c, chinese, japanese))
}

/// `kifu show --format svg|html`: the handout's pictures, written through
/// the save policy.
fn show_pictures(
    args: &ShowArgs,
    rec: &GameRecord,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<i32> {
    let title = handout_title(&args.file, rec);
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
                writeln!(err, "wrote {}", text::printable(&p.display().to_string()))?;
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
            &c.session.note(),
            &GameResult::from_margin(c.session.count.area.margin).to_string(),
        ),
        crate::handout::map_caption(
            View::Territory,
            &c.session.note(),
            &GameResult::from_margin(c.session.count.territory.margin).to_string(),
        ),
    ];
    let maps = [maps[0].as_str(), maps[1].as_str()];
    let files: Vec<(String, String)> = match args.format {
        Format::Html => vec![(
            "handout.html".into(),
            crate::handout::html(&steps, &title, maps),
        )],
        _ => {
            let view = match args.count {
                Some(CountMethod::Japanese) => View::Territory,
                _ => View::Area,
            };
            let map = if view == View::Area { maps[0] } else { maps[1] };
            crate::handout::view_svgs(&steps, view, map)
        }
    };
    let Some(dest) = &args.output else {
        bail!(
            "--format svg with --count and --format html write files: give -o FOLDER (or -o FILE.html)"
        );
    };
    // One page to a file; several pictures into a folder.
    let single = files.len() == 1 && !dest.is_dir();
    if !single {
        std::fs::create_dir_all(dest)
            .with_context(|| format!("cannot create the folder {}", dest.display()))?;
    }
    for (name, contents) in &files {
        let path = if single {
            dest.clone()
        } else {
            dest.join(name)
        };
        storage::write_atomic(&path, contents.as_bytes())?;
    }
    writeln!(
        err,
        "wrote {} file(s) to {}",
        files.len(),
        text::printable(&dest.display().to_string())
    )?;
    Ok(0)
}

/// A handout's title: the players, else the file's name.
fn handout_title(file: &Path, rec: &GameRecord) -> String {
    let i = &rec.info;
    match (&i.black, &i.white) {
        (Some(b), Some(w)) => format!("{b} (Black) vs {w} (White), move {}", rec.move_number()),
        _ => format!(
            "{}, move {}",
            file.file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_default(),
            rec.move_number()
        ),
    }
}

/// A counted position (`count::session`), with what the command says
/// beside it: the estimate's warning, or an engine's failure.
pub(crate) struct Counted {
    pub(crate) warning: Option<String>,
    pub(crate) session: Session,
}

/// Counts the record's current position with the options given: the
/// rules and komi from the options or the file, the dead stones from the
/// session's source (`count::session`, shared with count mode).
pub(crate) fn counted(
    rec: &GameRecord,
    opts: &CountOptions,
    engine: Option<&crate::engine::Engine>,
) -> Result<Counted> {
    let mut rules = rec.rules.clone();
    if let Some(t) = &opts.rules {
        let parsed = parse_rules(t);
        if !parsed.recognized {
            bail!(
                "--rules {t}: unknown rules; use chinese, japanese, korean, aga, nz, goe or tromp-taylor"
            );
        }
        rules = parsed.rules;
    }
    let komi = match (opts.komi, rec.info.komi) {
        (Some(k), _) => {
            crate::game::rules::check_komi(k).map_err(|e| anyhow!("--komi {k}: {e}"))?
        }
        (None, Some(k)) => k,
        (None, None) => rules.komi,
    };
    rules.komi = komi;
    let board = rec.board().clone();
    let size = board.size();
    let marked = sgf::read::territory_marks(rec);
    let mut points = Vec::new();
    for t in &opts.dead_at {
        points.push(Point::parse_any(t, size).map_err(|e| anyhow!("--dead-at {t}: {e}"))?);
    }
    // KataGo's judgment, or why not (then kifu's own estimate).
    let mut engine_failure: Option<String> = None;
    let judged = match (opts.dead, engine) {
        (Some(DeadSource::Katago), Some(e)) if points.is_empty() => {
            match e
                .ownership(&board, &rules, komi, rec.to_move())
                .and_then(|o| {
                    crate::count::ownership::judge(&board, &o)
                        .ok_or_else(|| "KataGo's ownership map does not fit the board".to_string())
                }) {
                Ok(j) => Some(j),
                Err(why) => {
                    engine_failure = Some(format!("{why}; kifu's own estimate instead"));
                    None
                }
            }
        }
        _ => None,
    };
    let dead = if !points.is_empty() {
        DeadStones::Points(&points)
    } else if let Some(j) = judged {
        DeadStones::Judged(j, "KataGo")
    } else {
        match opts.dead {
            Some(DeadSource::Marked) => {
                DeadStones::Marks(marked.as_ref().map(|(b, w)| (b.as_slice(), w.as_slice())))
            }
            Some(DeadSource::None) => DeadStones::None,
            Some(DeadSource::Auto | DeadSource::Katago) => DeadStones::Estimate,
            None if marked.is_some() => {
                DeadStones::Marks(marked.as_ref().map(|(b, w)| (b.as_slice(), w.as_slice())))
            }
            None => DeadStones::Estimate,
        }
    };
    let setup = Setup {
        rules,
        komi,
        handicap: rec.info.handicap,
    };
    let session = Session::new(board, setup, dead);
    // An engine that failed is said once, with the estimate's own word.
    let warning = match (engine_failure, session.warning()) {
        (Some(f), Some(w)) => Some(format!("{f} ({w})")),
        (f, w) => f.or(w),
    };
    Ok(Counted { warning, session })
}

/// `kifu convert`: streams game by game, so a large collection needs the
/// memory of one game; onto its own input only when nothing was dropped.
fn convert(args: &ConvertArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<i32> {
    let mut written = 0usize;
    let mut failed = 0usize;
    let mut notes = Vec::new();
    let mut facts = None;
    let mut run = |w: &mut dyn Write| -> Result<()> {
        let mut io_error = None;
        let f = storage::read_sgf_each(&args.input, &mut |_, g, _| match g {
            Ok(l) => {
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
        let lossy = f.lossy || failed > 0;
        facts = Some(f);
        if written == 0 {
            bail!(
                "{}: no game could be read, nothing written",
                args.input.display()
            );
        }
        if let Some(path) = &args.output
            && lossy
            && storage::same_file(path, &args.input)
        {
            bail!(
                "{}: kifu had to drop part of this file while reading it, so it will not overwrite it; write to another file with -o",
                args.input.display()
            );
        }
        Ok(())
    };
    let result = match &args.output {
        None => run(out),
        Some(path) => storage::write_atomic_with(path, &mut run),
    };
    let mut all = facts.map(|f| f.notes).unwrap_or_default();
    all.extend(notes);
    print_notes(err, &args.input, &all)?;
    result?;
    if let Some(path) = &args.output {
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

/// Builds a new game from the command-line options.
pub fn new_game(opts: &NewGame) -> Result<GameRecord> {
    new_game_with(opts, &Config::default())
}

/// `kifu --print-config`.
fn print_config(out: &mut dyn Write, err: &mut dyn Write) -> Result<i32> {
    let mut problems = Vec::new();
    let config = load_config(&mut problems);
    for p in &problems {
        writeln!(err, "kifu: {p}")?;
    }
    match storage::config_dir() {
        Some(d) => writeln!(out, "# configuration: {}", d.join("config.toml").display())?,
        None => writeln!(out, "# no configuration directory on this system")?,
    }
    write!(out, "{}", config.to_text())?;
    if let Some(d) = storage::data_dir() {
        writeln!(out, "# data (autosaves): {}", d.display())?;
    }
    Ok(i32::from(!problems.is_empty()))
}

/// Builds a new game from the command-line options, then the
/// configuration's defaults.
pub fn new_game_with(opts: &NewGame, config: &Config) -> Result<GameRecord> {
    let opts = NewGame {
        size: opts.size.or(config.size),
        handicap: opts.handicap,
        komi: opts.komi.or(config.komi),
        rules: opts.rules.clone().or_else(|| config.rules.clone()),
    };
    let opts = &opts;
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
        let k = crate::game::rules::check_komi(k).map_err(|e| anyhow!("--komi {k}: {e}"))?;
        rec.info.komi = Some(k);
        rec.rules.komi = k;
    }
    if let Some(h) = opts.handicap.filter(|&h| h > 0) {
        rec.set_fixed_handicap(h)
            .with_context(|| format!("--handicap {h}"))?;
        // A handicap game is played for half a point unless a komi is given.
        if opts.komi.is_none() {
            let k = rec.rules.komi_for_handicap(h);
            rec.rules.komi = k;
            rec.info.komi = Some(k);
        }
    }
    Ok(rec)
}

/// `kifu --recover`: the sessions kifu keeps, newest first.
fn recover(out: &mut dyn Write) -> Result<i32> {
    let Some(base) = storage::data_dir() else {
        bail!("no data directory on this system: set KIFU_DATA_DIR");
    };
    let list = storage::recoverable(&base);
    if list.is_empty() {
        writeln!(
            out,
            "no unsaved or discarded sessions in {}",
            base.display()
        )?;
        return Ok(0);
    }
    writeln!(
        out,
        "Unsaved and discarded sessions (discarded ones are kept 7 days); open one with `kifu FILE`, then save it with :w NAME:"
    )?;
    for (path, when) in list {
        let age = when.elapsed().map_or(0, |d| d.as_secs());
        let what = match storage::read_sgf(&path).ok().and_then(|f| {
            f.game(1).ok().map(|g| {
                let mut r = g.record.clone();
                r.to_end();
                let i = &r.info;
                format!(
                    "{} moves, {} vs {}",
                    r.move_number(),
                    i.black.as_deref().unwrap_or("?"),
                    i.white.as_deref().unwrap_or("?")
                )
            })
        }) {
            Some(w) => w,
            None => "unreadable".into(),
        };
        let ago = match age {
            a if a < 3600 => format!("{} min ago", a / 60),
            a if a < 86400 => format!("{} h ago", a / 3600),
            a => format!("{} days ago", a / 86400),
        };
        writeln!(
            out,
            "  {}  ({ago}; {})",
            text::printable(&path.display().to_string()),
            text::printable(&what)
        )?;
    }
    Ok(0)
}

/// `kifu [FILE]`: the TUI on the game (or a sample), or its text view
/// when not run in a terminal.
fn open(cli: &Cli, out: &mut dyn Write, err: &mut dyn Write) -> Result<i32> {
    let file = cli.file.as_deref();
    let mut problems = Vec::new();
    let config = load_config(&mut problems);
    let theme_name = cli.theme.clone().or_else(|| config.theme.clone());
    let theme = resolve_theme(theme_name.as_deref(), &mut problems);
    for p in &problems {
        writeln!(err, "kifu: {p}")?;
    }
    let mut source = None;
    let mut rec = match file {
        // An empty file has nothing to lose: a new game to save there.
        Some(p) if p.exists() && !storage::is_blank(p) => {
            let f = storage::read_sgf(p)?;
            print_notes(err, p, &f.all_notes())?;
            let g = f
                .game(cli.game)
                .map_err(|e| anyhow!("{}: {e}", p.display()))?;
            let rec = g.record.clone();
            source = Some(crate::app::Source {
                repaired: f.lossy(),
                notes: f.all_notes().len(),
                index: cli.game - 1,
                games: f
                    .games
                    .into_iter()
                    .map(|g| g.ok().map(|l| l.record))
                    .collect(),
                overwrite_ok: false,
            });
            rec
        }
        Some(_) => new_game_with(&cli.new_game, &config)?,
        None => {
            let file = sgf::read_text(SAMPLE_9X9);
            file.game(1).map_err(|e| anyhow!(e))?.record.clone()
        }
    };
    seek(&mut rec, None)?;
    use std::io::IsTerminal;
    if cli.plain {
        let mut app = crate::app::App::new(rec, file.map(Path::to_path_buf));
        app.keymap = config.keymap();
        app.sgf_coords = config.coordinates.as_deref() == Some("sgf");
        app.source = source;
        app.message = problems.first().cloned();
        let mut keeper = crate::tui::Keeper::start(&mut app, storage::data_dir());
        let prompt = std::io::stdin().is_terminal();
        let stdin = std::io::stdin();
        crate::line::run(&mut app, &mut keeper, &mut stdin.lock(), out, prompt)?;
        keeper.finish();
        return Ok(0);
    }
    // The board TUI when a person is at a terminal; the text view in a
    // pipe (and in tests).
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        // KataGo for count mode: asked for, or configured and not off.
        let wanted = match cli.engine.as_deref() {
            Some("katago") => true,
            Some(_) => false,
            None => config
                .engine
                .as_ref()
                .is_none_or(|e| e.count_mode != Some(false)),
        };
        let engine = wanted.then(|| cli.engine_args.resolve(&config)).flatten();
        if wanted && engine.is_none() && cli.engine.is_some() {
            problems.push(
                "--engine katago: give --katago and --model, or [engine] in the configuration; kifu's own estimate instead"
                    .into(),
            );
        }
        let opts = crate::tui::Options {
            engine,
            theme,
            keymap: config.keymap(),
            plain: false,
            sgf_coords: config.coordinates.as_deref() == Some("sgf"),
            problems,
            source,
        };
        crate::tui::run(rec, file.map(Path::to_path_buf), opts)?;
        return Ok(0);
    }
    writeln!(
        out,
        "kifu {}: not a terminal, so this is the text view.",
        env!("CARGO_PKG_VERSION")
    )?;
    if file.is_none() {
        writeln!(out, "A sample 9x9 game (samples/9x9-finished.sgf):")?;
    }
    if let Some(src) = &source {
        if src.games.len() > 1 {
            writeln!(
                out,
                "Game {} of the {} in this file.",
                src.index + 1,
                src.games.len()
            )?;
        }
        if let Some(why) = src.why_ask() {
            writeln!(
                out,
                "This file: {why}; kifu will ask before saving over it."
            )?;
        }
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
