//! Counting a record for `kifu score` and `kifu show --count`: the rules
//! and komi from the options, the dead stones through a counting session,
//! KataGo started when asked for.

use super::*;

/// Starts KataGo for `--dead katago`, or says why not (kifu's own estimate
/// is used then).
pub(crate) fn start_engine(
    args: &EngineArgs,
    lang: crate::i18n::Lang,
    err: &mut dyn Write,
) -> Option<crate::engine::Engine> {
    let mut problems = Vec::new();
    let config = load_config(&mut problems);
    let why = match args.resolve(&config) {
        None => crate::tr!(lang, "engine.none"),
        Some(cfg) => {
            let work = storage::data_dir()
                .unwrap_or_else(std::env::temp_dir)
                .join("katago");
            match crate::engine::Engine::start(&cfg, &work) {
                Ok(e) => return Some(e),
                Err(e) => e.words(lang),
            }
        }
    };
    let _ = writeln!(
        err,
        "kifu: {}",
        crate::tr!(lang, "engine.instead", why = why)
    );
    None
}

/// A counted position (`count::session`), with what the command says
/// beside it: the estimate's warning, or an engine's failure.
pub(crate) struct Counted {
    pub(crate) warning: Option<String>,
    /// The engine's failure alone (kifu's estimate was used instead).
    pub(crate) engine_failure: Option<String>,
    pub(crate) session: Session,
}

/// Counts the record's current position with the options given: the
/// rules and komi from the options or the file, the dead stones from the
/// session's source (`count::session`, shared with count mode).
pub(crate) fn counted(
    rec: &GameRecord,
    opts: &CountOptions,
    (engine, lang): (Option<&crate::engine::Engine>, crate::i18n::Lang),
) -> Result<Counted> {
    let (rules, komi) = rules_and_komi(rec, opts, lang)?;
    let points = dead_at(opts, rec.board().size(), lang)?;
    // KataGo's judgment, or why not (then kifu's own estimate).
    let mut engine_failure: Option<String> = None;
    let judged = match (opts.dead, engine) {
        (Some(DeadSource::Katago), Some(e)) if points.is_empty() => {
            match e.judge(rec.board(), &rules, komi, rec.to_move()) {
                Ok(j) => Some(j),
                Err(why) => {
                    engine_failure =
                        Some(crate::tr!(lang, "engine.instead", why = why.words(lang)));
                    None
                }
            }
        }
        _ => None,
    };
    let dead = if !points.is_empty() {
        Dead::Given(DeadStones::Points(&points))
    } else if let Some(j) = judged {
        Dead::Given(DeadStones::Judged(j, "KataGo"))
    } else {
        match opts.dead {
            Some(DeadSource::Marked) => Dead::File,
            Some(DeadSource::None) => Dead::Given(DeadStones::None),
            Some(DeadSource::Auto | DeadSource::Katago) => Dead::Judge,
            Some(DeadSource::Rules) => Dead::Given(DeadStones::Rules),
            None => Dead::FileOrEstimate,
        }
    };
    // One path with the library's users: `Session::of_record`.
    let how = Counting {
        rules: Some(rules),
        komi: Some(komi),
        dead,
    };
    let session = Session::of_record(rec, how);
    // An engine that failed is said once, with the estimate's own word.
    let warning = match (&engine_failure, session.warning(crate::i18n::Lang::En)) {
        (Some(f), Some(w)) => Some(format!("{f} ({w})")),
        (f, w) => f.clone().or(w),
    };
    Ok(Counted {
        warning,
        engine_failure,
        session,
    })
}

/// The points of `--dead-at`.
fn dead_at(opts: &CountOptions, size: u8, lang: crate::i18n::Lang) -> Result<Vec<Point>> {
    opts.dead_at
        .iter()
        .map(|t| Point::parse_any(t, size).map_err(|e| anyhow!("--dead-at {t}: {}", e.words(lang))))
        .collect()
}

/// The rules and komi of the count: the options', else the file's.
fn rules_and_komi(
    rec: &GameRecord,
    opts: &CountOptions,
    lang: crate::i18n::Lang,
) -> Result<(Rules, f64)> {
    let mut rules = rec.rules.clone();
    if let Some(t) = &opts.rules {
        let parsed = parse_rules(t);
        if !parsed.recognized {
            bail!(super::open::unknown_rules(t, lang));
        }
        rules = parsed.rules;
    }
    let komi = match (opts.komi, rec.info.komi_given.then(|| rec.komi())) {
        (Some(k), _) => crate::game::rules::check_komi(k)
            .map_err(|e| anyhow!("--komi {k}: {}", e.words(lang)))?,
        (None, Some(k)) => k,
        (None, None) => rules.komi,
    };
    rules.komi = komi;
    Ok((rules, komi))
}
