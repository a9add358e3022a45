//! Opening the TUI: the new game from the options and the configuration,
//! the file to open, the sessions to recover.

use super::*;

/// The 9x9 sample shown when kifu starts with no file.
const SAMPLE_9X9: &str = include_str!("../../samples/9x9-finished.sgf");

/// Builds a new game from the command-line options.
pub fn new_game(opts: &NewGame) -> Result<GameRecord> {
    new_game_with(opts, &Config::default(), crate::i18n::Lang::En)
}

/// `--rules TEXT` that names no rules kifu knows, in `lang`.
pub(crate) fn unknown_rules(text: &str, lang: crate::i18n::Lang) -> String {
    let names = crate::game::rules::RULE_NAMES;
    crate::tr!(lang, "cli.rules_unknown", text = text, names = names)
}

/// `kifu --print-config`.
pub(crate) fn print_config(out: &mut dyn Write, err: &mut dyn Write) -> Result<i32> {
    let mut problems = Vec::new();
    let config = load_config(&mut problems);
    let lang = crate::settings::language(None, &config, &mut Vec::new());
    for p in crate::settings::said(&problems, lang) {
        writeln!(err, "kifu: {p}")?;
    }
    match storage::config_dir() {
        Some(d) => writeln!(out, "# configuration: {}", d.join("config.toml").display())?,
        None => writeln!(out, "# no configuration directory on this system")?,
    }
    write!(out, "{}", config.to_text())?;
    if config.language.is_none() {
        let lang = crate::settings::language(None, &config, &mut problems);
        writeln!(
            out,
            "# language: {} ({}), from the locale",
            lang.code(),
            lang.native_name()
        )?;
    }
    if let Some(d) = storage::data_dir() {
        writeln!(out, "# data (autosaves): {}", d.display())?;
    }
    Ok(i32::from(!problems.is_empty()))
}

/// Builds a new game from the command-line options, then the
/// configuration's defaults.
pub fn new_game_with(
    opts: &NewGame,
    config: &Config,
    lang: crate::i18n::Lang,
) -> Result<GameRecord> {
    let opts = NewGame {
        size: opts.size.or(config.size),
        handicap: opts.handicap,
        komi: opts.komi.or(config.komi),
        rules: opts.rules.clone().or_else(|| config.rules.clone()),
        black: opts.black.clone(),
        white: opts.white.clone(),
        clock: opts.clock,
    };
    let opts = &opts;
    let rules = match &opts.rules {
        Some(t) => {
            let parsed = parse_rules(t);
            if !parsed.recognized {
                bail!(unknown_rules(t, lang));
            }
            parsed.rules
        }
        None => Rules::chinese(),
    };
    let size = opts.size.unwrap_or(19);
    let komi = match opts.komi {
        Some(k) => Some(
            crate::game::rules::check_komi(k)
                .map_err(|e| anyhow!("--komi {k}: {}", e.words(lang)))?,
        ),
        None => None,
    };
    let start = crate::game::start::GameStart {
        size,
        rules,
        handicap: opts.handicap.unwrap_or(0),
        free: false,
        komi,
    };
    let (mut rec, _) = start.begin().map_err(|e| match e {
        crate::game::start::StartError::Size(e) => anyhow!("--size {size}: {}", e.words(lang)),
        crate::game::start::StartError::Handicap(e) => {
            anyhow!("--handicap {}: {}", start.handicap, e.words(lang))
        }
    })?;
    rec.info.rules_text = crate::game::RulesText::Named;
    rec.info.black = opts.black.clone();
    rec.info.white = opts.white.clone();
    // The program that made the file and the day it was played, as every
    // other program writes them (DT as the SGF specification writes a
    // date: the local calendar day).
    rec.info.date = Some(jiff::Zoned::now().date().to_string());
    rec.node_mut(0).props.push(crate::game::RawProp {
        id: "AP".into(),
        values: vec![format!("kifu:{}", env!("CARGO_PKG_VERSION"))],
    });
    Ok(rec)
}

/// `kifu --recover`: the sessions kifu keeps, newest first.
pub(crate) fn recover(out: &mut dyn Write, lang: crate::i18n::Lang) -> Result<i32> {
    let Some(base) = storage::data_dir() else {
        bail!(crate::tr!(lang, "recover.no_dir"));
    };
    let list = storage::recoverable(&base);
    if list.is_empty() {
        let at = base.display().to_string();
        writeln!(out, "{}", crate::tr!(lang, "recover.none", path = at))?;
        return Ok(0);
    }
    writeln!(out, "{}", crate::tr!(lang, "recover.head"))?;
    for (path, when) in list {
        let age = when.elapsed().map_or(0, |d| d.as_secs());
        let what = match storage::read_sgf_in(&path, lang).ok().and_then(|f| {
            f.game_in(1, lang).ok().map(|g| {
                let mut r = g.record.clone();
                r.to_end();
                let i = &r.info;
                crate::tr!(
                    lang,
                    "recover.game",
                    moves = crate::i18n::counted(lang, r.move_number(), "moves.one", "moves"),
                    black = i.black.as_deref().unwrap_or("?"),
                    white = i.white.as_deref().unwrap_or("?")
                )
            })
        }) {
            Some(w) => w,
            None => crate::tr!(lang, "recover.unreadable"),
        };
        let ago = match age {
            a if a < 3600 => crate::tr!(lang, "recover.min_ago", n = a / 60),
            a if a < 86400 => crate::tr!(lang, "recover.h_ago", n = a / 3600),
            a => crate::tr!(lang, "recover.days_ago", n = a / 86400),
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
pub(crate) fn open(cli: &Cli, out: &mut dyn Write, err: &mut dyn Write) -> Result<i32> {
    let file = cli.file.as_deref();
    let mut noted = Vec::new();
    let config = load_config(&mut noted);
    let lang = crate::settings::language(cli.lang, &config, &mut noted);
    if file.is_some_and(storage::is_stdio) {
        bail!(crate::tr!(lang, "open.stdin"));
    }
    let theme_name = cli.theme.clone().or_else(|| config.theme.clone());
    let theme = resolve_theme(theme_name.as_deref(), &mut noted);
    let mut problems = crate::settings::said(&noted, lang);
    for p in &problems {
        writeln!(err, "kifu: {p}")?;
    }
    use std::io::IsTerminal;
    // A terminal that cannot address the cursor (TERM=dumb: Emacs' shell,
    // some serial lines) gets line mode, not escape sequences it shows raw.
    let dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
    let (mut rec, source) =
        record_to_open(cli, &config, (edits(cli, dumb), lang), &mut problems, err)?;
    let path = save_path((file, lang), source.as_ref(), &mut problems);
    seek(&mut rec, None, lang)?;
    if dumb && !cli.plain && std::io::stdout().is_terminal() {
        writeln!(err, "kifu: {}", crate::tr!(lang, "open.dumb"))?;
    }
    let share = share_at_a_terminal(cli, dumb, lang)?;
    if cli.plain || (dumb && std::io::stdout().is_terminal()) {
        let opening = crate::keeper::Opening::new(path.clone(), source.as_ref(), &rec, lang);
        let options = crate::app::Options {
            path: path.clone(),
            keymap: config.keymap(),
            plain: true,
            sgf_coords: config.coordinates.as_deref() == Some("sgf"),
            lang,
            source,
            engine: false,
            message: problems.first().cloned(),
            started: Some(jiff::Zoned::now()),
        };
        let mut app = crate::app::App::with(rec, options);
        if let Some(tc) = cli.new_game.clock {
            app.start_clock(tc);
        }
        let sample = file.is_none() && !cli.new_game.any();
        let teacher = match share {
            Some(s) => Some(
                crate::share::Teacher::start(&s, lang, &mut problems)
                    .map_err(|why| anyhow!(why))?,
            ),
            None => None,
        };
        return line_mode(app, opening, out, sample, teacher);
    }
    // The board TUI when a person is at a terminal; the text view in a
    // pipe (and in tests).
    if !(std::io::stdin().is_terminal() && std::io::stdout().is_terminal()) {
        let sample = file.is_none() && !cli.new_game.any();
        return text_view(out, (file, sample), &rec, source.as_ref(), lang);
    }
    let engine = engine_for((cli, lang), &config, &mut problems);
    let opts = crate::tui::Options {
        engine,
        theme,
        keymap: config.keymap(),
        plain: false,
        sgf_coords: config.coordinates.as_deref() == Some("sgf"),
        mouse: config.mouse != Some(false),
        problems,
        source,
        clock: cli.new_game.clock,
        lang,
        share,
    };
    crate::tui::run(rec, path, opts)?;
    Ok(0)
}

/// KataGo for count mode: asked for, or configured and not off.
fn engine_for(
    (cli, lang): (&Cli, crate::i18n::Lang),
    config: &Config,
    problems: &mut Vec<String>,
) -> Option<crate::engine::EngineConfig> {
    let wanted = match cli.engine.as_deref() {
        Some("katago") => true,
        Some(_) => false,
        None => config
            .engine
            .as_ref()
            .is_none_or(|e| e.count_mode != Some(false)),
    };
    let engine = wanted.then(|| cli.engine_args.resolve(config)).flatten();
    if wanted && engine.is_none() && cli.engine.is_some() {
        problems.push(crate::tr!(lang, "engine.not_configured"));
    }
    engine
}

/// `--share`'s options, when the board screen is what runs (line mode and
/// the text view have no screen to share).
fn share_at_a_terminal(
    cli: &Cli,
    dumb: bool,
    lang: crate::i18n::Lang,
) -> Result<Option<crate::share::ShareOptions>> {
    use std::io::IsTerminal;
    if let Some(user) = cli.share.together.as_deref() {
        if cli.share.share.is_none() && cli.share.share_tcp.is_none() {
            bail!(crate::tr!(lang, "tg.needs_share"));
        }
        if !user.is_empty() && crate::share::account(crate::share::Account::Name(user)).is_none() {
            bail!(crate::tr!(lang, "tg.no_account", user = user.to_string()));
        }
    }
    let share = super::share_options(&cli.share);
    let board_screen =
        !(cli.plain || dumb) && std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    // Line mode shares too (a screen reader's host); the text view of a
    // pipe does not.
    if share.is_some() && !board_screen && !cli.plain {
        bail!(crate::tr!(lang, "share.board_only"));
    }
    Ok(share)
}

/// Line mode on standard input, with the keeper's autosave and recovery.
fn line_mode(
    mut app: crate::app::App,
    opening: crate::keeper::Opening,
    out: &mut dyn Write,
    sample: bool,
    share: Option<crate::share::Teacher>,
) -> Result<i32> {
    use std::io::IsTerminal;
    let (mut keeper, said) = crate::keeper::Keeper::start(storage::data_dir(), opening);
    let prompt = std::io::stdin().is_terminal();
    let stdin = Box::new(std::io::BufReader::new(std::io::stdin()));
    crate::line::run(
        &mut app,
        &mut keeper,
        said,
        stdin,
        out,
        (prompt, sample),
        share,
    )?;
    keeper.finish();
    Ok(0)
}

/// Where the game is saved. A record of another format is read, never
/// written: the game goes to an SGF beside it (NAME.sgf, or a free name
/// when that exists), and the first message says so.
fn save_path(
    (file, lang): (Option<&Path>, crate::i18n::Lang),
    source: Option<&crate::app::Source>,
    problems: &mut Vec<String>,
) -> Option<PathBuf> {
    match (file, source.and_then(|s| s.format)) {
        (Some(f), Some(format)) => {
            let beside = f.with_extension("sgf");
            let beside = if beside.exists() {
                storage::free_name(&beside)
            } else {
                beside
            };
            problems.insert(
                0,
                crate::tr!(
                    lang,
                    "open.foreign",
                    path = text::printable(&f.display().to_string()),
                    format = format,
                    beside = text::printable(&beside.display().to_string())
                ),
            );
            Some(beside)
        }
        (f, _) => f.map(Path::to_path_buf),
    }
}

/// Whether `kifu FILE` may write the file: line mode and the TUI may; the
/// text view in a pipe only reads it, so it finishes no interrupted save.
fn edits(cli: &Cli, dumb: bool) -> bool {
    use std::io::IsTerminal;
    cli.plain || std::io::stdout().is_terminal() && (dumb || std::io::stdin().is_terminal())
}

/// The game to open: the file's (with what a save must know of the file),
/// a new game for a file that does not exist yet or is empty (nothing to
/// lose), or the sample without a file.
fn record_to_open(
    cli: &Cli,
    config: &Config,
    (edits, lang): (bool, crate::i18n::Lang),
    problems: &mut Vec<String>,
    err: &mut dyn Write,
) -> Result<(GameRecord, Option<crate::app::Source>)> {
    match cli.file.as_deref() {
        Some(p) if p.exists() && !storage::is_blank(p) => {
            // Only the game opened is read: the others stay text.
            // Opened to edit: a save into it that was interrupted is
            // finished first, and said on the screen.
            if let Some(finished) = edits
                .then(|| storage::finish_interrupted_save(p, lang))
                .flatten()
            {
                problems.insert(0, finished);
            }
            let (facts, texts) = storage::split_sgf(p, lang)?;
            let (rec, source, notes) = crate::app::Source::from_texts(facts, texts, cli.game, lang)
                .map_err(|e| anyhow!("{}: {e}", p.display()))?;
            print_notes(err, p, &notes, lang)?;
            Ok((rec, Some(source)))
        }
        Some(_) => Ok((new_game_with(&cli.new_game, config, lang)?, None)),
        // New-game options without a file: that new game, unnamed (the
        // sample is for `kifu` alone).
        None if cli.new_game.any() => Ok((new_game_with(&cli.new_game, config, lang)?, None)),
        None => {
            let file = sgf::read_text(SAMPLE_9X9);
            Ok((file.game(1).map_err(|e| anyhow!(e))?.record.clone(), None))
        }
    }
}

/// Not a terminal: the position as text, and what kifu would do.
fn text_view(
    out: &mut dyn Write,
    (file, sample): (Option<&Path>, bool),
    rec: &GameRecord,
    source: Option<&crate::app::Source>,
    lang: crate::i18n::Lang,
) -> Result<i32> {
    use crate::tr;
    let version = env!("CARGO_PKG_VERSION");
    writeln!(out, "{}", tr!(lang, "tv.intro", version = version))?;
    if file.is_none() && sample {
        writeln!(out, "{}", tr!(lang, "tv.sample"))?;
    } else if file.is_none() {
        writeln!(out, "{}", tr!(lang, "tv.new"))?;
    }
    if let Some(src) = source {
        if src.games.len() > 1 {
            let (i, n) = (src.index + 1, src.games.len());
            writeln!(out, "{}", tr!(lang, "tv.game_of", i = i, n = n))?;
        }
        if let Some(why) = src.why_ask(lang) {
            writeln!(out, "{}", tr!(lang, "tv.asks", why = why))?;
        }
    }
    write!(out, "{}", text::header(rec, lang))?;
    write!(out, "{}", text::diagram(rec, false))?;
    write!(out, "{}", text::facts(rec, lang))?;
    writeln!(out, "{}", tr!(lang, "tv.try"))?;
    Ok(0)
}
