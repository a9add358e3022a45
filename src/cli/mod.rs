//! The command line: argument parsing (clap) and the headless commands.
//! Output goes to the writers given, so tests and main share one path.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow, bail};
use clap::{Args, Parser, Subcommand};

use crate::config::Config;
use crate::count::glyph::View;
use crate::count::session::{Counting, Dead, DeadStones, Session};
use crate::count::steps::{Chinese, Japanese};
use crate::game::record::GameRecord;
use crate::game::rules::{Rules, parse_rules};
use crate::game::{Color, GameResult, Point};
use crate::settings::{load_config, resolve_theme};
use crate::sgf::{self, LoadedGame};
use crate::{storage, text};

mod args;
mod convert;
mod counted;
mod gtp;
mod manual;
mod open;
pub mod print;
mod score;
mod show;

pub use args::*;
use convert::convert;
pub(crate) use counted::{Counted, counted, start_engine};
pub use open::{new_game, new_game_with};
use open::{open, print_config, recover};
use show::show;

/// Runs a parsed command line. Returns the exit status.
pub fn run(mut cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> Result<i32> {
    share_or_file(&mut cli);
    // The TUI says the configuration's problems with the others (`open`).
    let mut problems = Vec::new();
    let config = load_config(&mut problems);
    let lang = crate::settings::language(cli.lang, &config, &mut problems);
    if matches!(
        cli.command,
        Some(Command::Show(_) | Command::Score(_) | Command::Print(_))
    ) {
        for p in crate::settings::said(&problems, lang) {
            writeln!(err, "kifu: {p}")?;
        }
    }
    // A file that cannot be read or written is said in the user's
    // language (`storage::said`); other errors as they are.
    dispatch(cli, lang, config, (out, err)).map_err(|e| {
        let known = e.downcast_ref::<storage::Unreadable>().is_some()
            || e.downcast_ref::<storage::Refused>().is_some();
        if known {
            anyhow!(storage::said(&e, lang))
        } else if let Some(full) = output_full(&e) {
            anyhow!(output_failed(full, lang))
        } else {
            e
        }
    })
}

/// A bare full-disk error (no file named in its context) is kifu's own
/// output failing: kifu names every file it writes itself.
fn output_full(e: &anyhow::Error) -> Option<&std::io::Error> {
    let io = e.downcast_ref::<std::io::Error>()?;
    let full = matches!(
        io.kind(),
        std::io::ErrorKind::StorageFull | std::io::ErrorKind::WriteZero
    );
    (e.chain().count() == 1 && full).then_some(io)
}

/// Standard output could not be written: said with the file it goes to
/// when it is redirected to one.
fn output_failed(io: &std::io::Error, lang: crate::i18n::Lang) -> String {
    let why = storage::SystemReason::of(io).words(lang);
    match std::fs::read_link("/proc/self/fd/1")
        .ok()
        .filter(|p| p.is_absolute() && p.is_file())
    {
        Some(p) => crate::tr!(
            lang,
            "output.full_to",
            path = p.display().to_string(),
            why = why
        ),
        None => crate::tr!(lang, "output.full", why = why),
    }
}

/// The command asked for.
fn dispatch(
    cli: Cli,
    lang: crate::i18n::Lang,
    config: Config,
    (out, err): (&mut dyn Write, &mut dyn Write),
) -> Result<i32> {
    match cli.command {
        Some(Command::Show(mut args)) => {
            args.lang = lang;
            show(&args, out, err)
        }
        Some(Command::Convert(args)) => convert(&args, lang, out, err),
        Some(Command::Print(mut args)) => {
            args.lang = lang;
            print::print(&args, out, err)
        }
        Some(Command::Score(mut args)) => {
            args.lang = lang;
            score::run(&args, out, err)
        }
        Some(Command::Gtp(args)) => {
            let stdin = std::io::stdin();
            gtp::gtp(&args.count, &mut stdin.lock(), out, err)
        }
        Some(Command::Completions(args)) => {
            use clap::CommandFactory;
            clap_complete::generate(args.shell, &mut Cli::command(), "kifu", out);
            Ok(0)
        }
        Some(Command::Man(args)) => manual::man(args.page.as_deref(), lang, out),
        Some(Command::Follow(args)) => follow(&args, lang, &config, out, err),
        None if cli.print_config => print_config(out, err),
        None if cli.recover => recover(out, lang),
        None if cli.list_themes => {
            for name in crate::ui::theme::Theme::names() {
                writeln!(out, "{name}")?;
            }
            Ok(0)
        }
        None => open(&cli, out, err),
    }
}

/// `kifu --share game.sgf`: clap takes the file for the share's address
/// (the address is optional); a game file there is the file to open, shared
/// at the default address.
fn share_or_file(cli: &mut Cli) {
    let game_like = |given: &Path| {
        let record = given.extension().and_then(|e| e.to_str()).is_some_and(|e| {
            score::inputs::RECORD_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str())
        });
        record || given.is_file()
    };
    // `--together game.sgf`: the same, the partner's account left out.
    if let Some(user) = cli.share.together.clone()
        && cli.file.is_none()
        && game_like(Path::new(&user))
    {
        cli.file = Some(PathBuf::from(user));
        cli.share.together = Some(String::new());
    }
    let Some(given) = cli.share.share.clone() else {
        return;
    };
    if cli.file.is_none() && game_like(&given) {
        cli.file = Some(given);
        cli.share.share = Some(PathBuf::new());
    }
}

/// How to share, from the command line (None: not shared).
pub(crate) fn share_options(args: &ShareArgs) -> Option<crate::share::ShareOptions> {
    let address = match (&args.share, &args.share_tcp) {
        (_, Some(tcp)) => crate::share::Address::Tcp(tcp.clone()),
        (Some(p), None) => {
            crate::share::Address::unix((!p.as_os_str().is_empty()).then(|| p.clone()))
        }
        (None, None) => return None,
    };
    // An account that is not there invites nobody: no one can join.
    let together = args.together.as_deref().map(|user| {
        let uid = (!user.is_empty()).then(|| {
            crate::share::account(crate::share::Account::Name(user)).map_or(u32::MAX, |(_, u)| u)
        });
        crate::share::Invite::new(uid)
    });
    Some(crate::share::ShareOptions {
        address,
        group: args.share_group,
        together,
    })
}

/// `kifu follow`: the TUI at a terminal, line mode otherwise.
fn follow(
    args: &FollowArgs,
    lang: crate::i18n::Lang,
    config: &Config,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<i32> {
    use std::io::IsTerminal;
    let address = match &args.address {
        Some(a) if args.tcp => crate::share::Address::Tcp(a.display().to_string()),
        None if args.tcp => bail!(crate::tr!(lang, "follow.tcp_address")),
        a => crate::share::Address::unix(a.clone()),
    };
    let mut problems = Vec::new();
    let theme = args.theme.clone().or_else(|| config.theme.clone());
    let theme = resolve_theme(theme.as_deref(), &mut problems);
    for p in crate::settings::said(&problems, lang) {
        writeln!(err, "kifu: {p}")?;
    }
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let opts = crate::share::FollowOptions {
        address,
        lang,
        plain: args.plain || !terminal,
        look: crate::ui::Look::with_theme(theme, |k| std::env::var(k).ok()),
        together: args.together.clone(),
        name: args.name.clone(),
    };
    Ok(crate::share::run_follow(opts, out)?)
}

/// The next batch of a queue the workers share (`score`, `convert`);
/// None once it is closed.
fn next_batch<T>(rx: &std::sync::Mutex<std::sync::mpsc::Receiver<T>>) -> Option<T> {
    rx.lock().ok()?.recv().ok()
}

/// The notes on a file, on stderr: the first ones in full, the rest
/// summarised, every line made safe to print and named after the file.
fn print_notes(
    err: &mut dyn Write,
    path: &Path,
    notes: &[String],
    lang: crate::i18n::Lang,
) -> Result<()> {
    let name = path.display().to_string();
    for n in sgf::summarize(notes, lang) {
        writeln!(err, "{}: {}", text::printable(&name), text::printable(&n))?;
    }
    Ok(())
}

/// Notes kept while streaming a file (each game's, in order); past this
/// only their number (the summary says how many of each kind).
const MAX_STREAM_NOTES: usize = 10_000;

/// Reads game `game` of a file, streaming: the other games of a collection
/// are read (their notes said) but not kept, so memory follows one game.
fn load_game(
    path: &Path,
    game: usize,
    lang: crate::i18n::Lang,
    err: &mut dyn Write,
) -> Result<LoadedGame> {
    let (g, notes) = read_game(path, game, lang)?;
    print_notes(err, path, &notes, lang)?;
    g
}

/// Game `game` (from 1) of a file, and the notes on it: the file's and
/// that game's. Only that game is read and replayed; the others are only
/// split off as text, as the TUI opens a collection (`loadsgf` and `kifu
/// show --game N` on a 100 MB collection need no more memory than its
/// largest game). The outer error: the file cannot be read at all.
pub(crate) fn read_game(
    path: &Path,
    game: usize,
    lang: crate::i18n::Lang,
) -> Result<(Result<LoadedGame>, Vec<String>)> {
    let mut wanted = None;
    let mut notes = Vec::new();
    let facts = storage::split_sgf_each(path, lang, &mut |i, text, split_notes| {
        if i == game {
            notes.extend(split_notes);
            wanted = Some(text.read(i, lang));
        }
    })?;
    let mut all = facts.notes;
    let g = match wanted {
        Some(Ok(g)) => {
            all.extend(notes);
            all.extend(g.notes.iter().cloned());
            Ok(g)
        }
        Some(Err(e)) => {
            all.extend(notes);
            Err(anyhow!("{}: {e}", path.display()))
        }
        None => Err(anyhow!(crate::tr!(
            lang,
            "cli.no_game",
            path = path.display(),
            game = game,
            n = facts.games
        ))),
    };
    Ok((g, all))
}

/// Goes to the end of the main line, or to move `n` of it (the error in
/// `lang`; English where it goes into JSON).
pub(crate) fn seek(rec: &mut GameRecord, n: Option<usize>, lang: crate::i18n::Lang) -> Result<()> {
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
                let moves = crate::i18n::moves(lang, total);
                bail!(crate::tr!(lang, "cli.no_move", n = n, moves = moves));
            }
        }
    }
    Ok(())
}
