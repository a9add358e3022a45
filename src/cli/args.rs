//! The command line's arguments (clap): the commands and their options.

use super::*;

#[derive(Parser, Debug)]
#[command(
    name = "kifu",
    version = env!("KIFU_VERSION"),
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
    #[arg(long, value_name = "NAME", value_parser = Offered(theme_names, None), hide_possible_values = true)]
    pub theme: Option<String>,
    /// List the built-in themes and exit
    #[arg(long)]
    pub list_themes: bool,
    /// Print the effective configuration (and where it comes from) and exit
    #[arg(long)]
    pub print_config: bool,
    /// Language of what kifu shows: en, zh-CN, zh-TW, ja, ko, de, fr [default: the
    /// configuration's `language`, else LC_ALL, LC_MESSAGES or LANG, else en]
    #[arg(long, global = true, value_name = "CODE", value_parser = LangCode, hide_possible_values = true)]
    pub lang: Option<crate::i18n::Lang>,
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
    #[command(flatten)]
    pub share: ShareArgs,
}

/// `--name`: a name the host's screen shows whole (a longer one made a
/// `join` line past the share's limit, and the follower was cut off).
fn partner_name(s: &str) -> Result<String, String> {
    let n = s.chars().count();
    if n > 24 {
        return Err(format!("at most 24 characters ({n} given)"));
    }
    if s.chars().any(char::is_control) {
        return Err("no control characters".into());
    }
    Ok(s.to_string())
}

/// A path as given, the empty one too (`--share` alone: clap's own path
/// parser refuses the empty default it is given).
fn any_path(s: &str) -> Result<PathBuf, String> {
    Ok(PathBuf::from(s))
}

/// Sharing the screen with followers (`kifu follow`).
#[derive(Args, Debug, Clone, Default)]
pub struct ShareArgs {
    /// Share what this screen shows with followers (kifu follow): on a Unix socket at ADDRESS, else share.sock in the user's runtime folder (mode 0600)
    #[arg(long, value_name = "ADDRESS", num_args = 0..=1, default_missing_value = "", value_parser = any_path)]
    pub share: Option<PathBuf>,
    /// The share's socket is open to the user's group too (mode 0660: a club account)
    #[arg(long, requires = "share")]
    pub share_group: bool,
    /// Share over TCP at HOST:PORT instead (127.0.0.1:7700; no password: anyone who reaches it can watch)
    #[arg(long, value_name = "HOST:PORT", conflicts_with = "share")]
    pub share_tcp: Option<String>,
    /// Count together: one partner who gives the code kifu shows (kifu follow --together CODE) marks and accepts with you; USER: only this local account may
    #[arg(long, value_name = "USER", num_args = 0..=1, default_missing_value = "")]
    pub together: Option<String>,
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
    #[arg(long, help = concat!("Rules for a new game: ", crate::rule_names!()), value_parser = Offered(rule_words, Some(unknown_rules)), hide_possible_values = true)]
    pub rules: Option<String>,
    /// Black's name, for a new game
    #[arg(long, value_name = "NAME")]
    pub black: Option<String>,
    /// White's name, for a new game
    #[arg(long, value_name = "NAME")]
    pub white: Option<String>,
    /// A game clock: "30m" (absolute), "30m 5x30s" (byo-yomi), "1h 25/10m"
    /// (Canadian), "10m +10s" (Fischer); it starts with the first move
    #[arg(long, value_name = "SPEC", value_parser = clock_spec)]
    pub clock: Option<crate::game::clock::TimeControl>,
}

/// A value parser that offers names to shell completion but takes any
/// text, which the command then reads with its own message (`--theme`
/// takes a user theme's name too). clap's own PossibleValuesParser would
/// refuse those. With a check, a text it refuses is a usage error before
/// any command runs (exit 2, as clap refuses any bad option).
#[derive(Clone)]
struct Offered(
    fn() -> Vec<&'static str>,
    Option<fn(&str) -> Option<String>>,
);

impl clap::builder::TypedValueParser for Offered {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        let text = clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)?;
        match self.1.and_then(|check| check(&text)) {
            None => Ok(text),
            Some(why) => Err(clap::Error::raw(
                clap::error::ErrorKind::InvalidValue,
                format!("{why}\n"),
            )
            .with_cmd(cmd)),
        }
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            (self.0)()
                .into_iter()
                .map(clap::builder::PossibleValue::new),
        ))
    }
}

/// `--rules` takes a rule name, an SGF RU text or KataGo's rule string
/// kifu recognizes; anything else is refused by every command alike.
fn unknown_rules(text: &str) -> Option<String> {
    (!crate::game::rules::parse_rules(text).recognized)
        .then(|| crate::cli::open::unknown_rules(text, crate::i18n::Lang::En))
}

fn rule_words() -> Vec<&'static str> {
    crate::game::rules::RULE_WORDS.to_vec()
}

fn theme_names() -> Vec<&'static str> {
    crate::ui::theme::Theme::names()
}

/// `--lang`: its codes offered to completion, a code read by `lang_code`.
#[derive(Clone)]
struct LangCode;

impl clap::builder::TypedValueParser for LangCode {
    type Value = crate::i18n::Lang;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<crate::i18n::Lang, clap::Error> {
        let text = clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)?;
        lang_code(&text).map_err(|e| {
            clap::Error::raw(
                clap::error::ErrorKind::InvalidValue,
                format!("invalid value for --lang: {e}\n"),
            )
            .with_cmd(cmd)
        })
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            crate::i18n::Lang::ALL
                .into_iter()
                .map(|l| clap::builder::PossibleValue::new(l.code())),
        ))
    }
}

/// `--lang`'s value, or the codes kifu knows.
fn lang_code(text: &str) -> Result<crate::i18n::Lang, String> {
    crate::i18n::Lang::parse(text).ok_or_else(|| {
        format!(
            "kifu does not speak {text:?}: one of {}",
            crate::i18n::Lang::codes()
        )
    })
}

/// `--clock`'s value, or what is expected.
fn clock_spec(text: &str) -> Result<crate::game::clock::TimeControl, String> {
    crate::game::clock::TimeControl::parse(text).map_err(|e| e.to_string())
}

impl NewGame {
    /// Whether any new-game option was given.
    pub fn any(&self) -> bool {
        self.size.is_some()
            || self.handicap.is_some()
            || self.komi.is_some()
            || self.rules.is_some()
            || self.black.is_some()
            || self.white.is_some()
            || self.clock.is_some()
    }
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print a position of a game as a text diagram
    Show(ShowArgs),
    /// Read any SGF and write kifu's canonical SGF
    Convert(ConvertArgs),
    /// Print the game as figures of N moves (HTML to print, SVG, or text), as books print games
    Print(super::print::PrintArgs),
    /// Count each game's final position, headless
    Score(ScoreArgs),
    /// A GTP engine for scoring on standard input and output (final_status_list, final_score; GNU Go's regression files run)
    #[command(
        long_about = "A GTP version 2 engine for scoring, on standard input and output: \
        play (either colour, in any order), the handicap commands, loadsgf, final_status, \
        final_status_list and final_score, as GUIs and referees such as gogui-twogtp send them; \
        GoGui's analyze commands (gogui-analyze_commands: the count drawn on its board, dead \
        and seki stones, the unsure groups with why), printsgf [FILE] (the game with the count \
        written in) and cputime.\n\n\
        Rules: --rules, else the loaded file's RU, else kgs-rules, else Japanese, as GNU Go \
        counts, so its regression files (.tst) run as its harness calls them: \
        cd DIR && kifu gtp < FILE.tst (loadsgf paths are relative to the file).",
        mut_arg("rules", |a| a.help(concat!(
            "Rules: ", crate::rule_names!(),
            " (default: the loaded file's RU, else kgs-rules, else japanese, as GNU Go)"
        )))
    )]
    Gtp(GtpArgs),
    /// Print a shell's completion script (bash, zsh, fish, elvish, powershell)
    Completions(CompletionsArgs),
    /// Print a manual page (roff): kifu man > kifu.1, kifu man score > kifu-score.1
    Man(ManArgs),
    /// Watch a shared screen (kifu --share): the teacher's board, count and walkthrough, in your own language, size and theme
    Follow(FollowArgs),
}

/// `kifu follow [ADDRESS]`.
#[derive(Args, Debug, Clone)]
pub struct FollowArgs {
    /// The share's Unix socket (default: share.sock in the user's runtime folder), or HOST:PORT with --tcp
    pub address: Option<PathBuf>,
    /// ADDRESS is TCP (HOST:PORT)
    #[arg(long)]
    pub tcp: bool,
    /// Line mode for screen readers: each change said once as a line
    #[arg(long)]
    pub plain: bool,
    /// Theme of the board: default, light, projector, ascii, mono
    #[arg(long, value_name = "NAME", value_parser = Offered(theme_names, None), hide_possible_values = true)]
    pub theme: Option<String>,
    /// Count together with the host: the code the host's kifu shows
    #[arg(long, value_name = "CODE")]
    pub together: Option<String>,
    /// With --together: the name the host sees for you, up to 24 characters (else your account's, or your address)
    #[arg(long, value_name = "NAME", requires = "together", value_parser = partner_name)]
    pub name: Option<String>,
}

/// `kifu gtp`: how to count (the rules: --rules, else the loaded file's
/// RU, else kgs-rules, else japanese, GNU Go's).
#[derive(Args, Debug, Clone, Default)]
pub struct GtpArgs {
    #[command(flatten)]
    pub count: CountOptions,
}

/// `kifu man [PAGE]`.
#[derive(Args, Debug, Clone)]
pub struct ManArgs {
    /// A command's own page (without it, kifu's)
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(super::manual::PAGES))]
    pub page: Option<String>,
}

/// `kifu completions SHELL`.
#[derive(Args, Debug, Clone)]
pub struct CompletionsArgs {
    /// The shell
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Where `kifu score` takes the dead stones from.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeadSource {
    /// From the final node's TB/TW: a stone under the opponent's mark is dead
    Marked,
    /// Estimated by kifu: its learned judge, or its rules estimator on a board size the learned judge does not cover (uncertain groups are listed)
    Auto,
    /// kifu's rules estimator (playouts and local reading), the judge before the learned one
    Rules,
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
    #[arg(long, help = concat!("Rules: ", crate::rule_names!(), " (default: the file's RU, else chinese)"), value_parser = Offered(rule_words, Some(unknown_rules)), hide_possible_values = true)]
    pub rules: Option<String>,
    /// Komi in points (default: the file's KM, else the rules' komi)
    #[arg(long, allow_negative_numbers = true)]
    pub komi: Option<f64>,
    /// Dead stones: marked (TB/TW), auto, rules, katago or none [default: marked when the final node has TB/TW, else auto]
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

#[derive(Args, Debug)]
pub struct ScoreArgs {
    #[command(flatten)]
    pub count: CountOptions,
    /// The language of the text summary (the JSON stays English): set from
    /// `--lang`, the configuration and the locale before the command runs.
    #[arg(skip)]
    pub lang: crate::i18n::Lang,
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
    /// No progress bar and no notes on standard error (a file that cannot be counted is still named, with why)
    #[arg(long)]
    pub quiet: bool,
    /// Every note of every game on standard error (else the games that do not look finished are one line at the end)
    #[arg(short, long)]
    pub verbose: bool,
    /// Only the games of shard i of n (a stable hash of each file's name and game number), e.g. 2/4
    #[arg(long, conflicts_with_all = ["shard_index", "shard_count"])]
    pub shard: Option<score::Shard>,
    /// The shard to count, from 0 (array jobs: $SLURM_ARRAY_TASK_ID, $JOB_COMPLETION_INDEX); with --shard-count
    #[arg(long, requires = "shard_count", value_name = "I")]
    pub shard_index: Option<u64>,
    /// How many shards there are; with --shard-index
    #[arg(long, requires = "shard_index", value_name = "N")]
    pub shard_count: Option<u64>,
    /// Write the counted result (RE) and the marks (TB/TW) into each game that looks finished, each file once, through kifu's safe save; a game whose recorded result differs is left as it is
    #[arg(long)]
    pub write: bool,
    /// With --write: say what would be written, write nothing
    #[arg(long, requires = "write")]
    pub dry_run: bool,
    /// With --write: write the count over a recorded result that differs
    #[arg(long, requires = "write")]
    pub force: bool,
    /// Read the paths to count from this file, one per line (- for standard input)
    #[arg(long, value_name = "FILE")]
    pub files_from: Option<PathBuf>,
    /// SGF files and folders to count (a folder: every .sgf below it; collections too: --game all for every game)
    #[arg(required_unless_present = "files_from")]
    pub files: Vec<PathBuf>,
}

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The language of what is shown (from `--lang`, the configuration,
    /// the locale).
    #[arg(skip)]
    pub lang: crate::i18n::Lang,
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
    /// The SGF file to show
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
    /// The SGF file to read (any encoding, repaired where it must be)
    pub input: PathBuf,
    /// Output file (default: standard output)
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Overwrite the input with -o even when reading it dropped something
    #[arg(long)]
    pub force: bool,
}
