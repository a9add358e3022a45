//! `kifu man [PAGE]`: the manual pages, from the same definitions as
//! `--help` (clap_mangen) and the key table (`app::action::TABLE`), so
//! none of them can drift from what kifu does. `kifu man` is kifu(1) with
//! the keys, count mode, the walkthroughs, ENVIRONMENT, FILES and EXIT
//! STATUS; `kifu man score` is kifu-score(1), and so on for each command.
//! roff is written through the `roff` crate (it escapes what roff would
//! read as requests).

use clap::CommandFactory;
use roff::{Roff, bold, italic, roman};

use super::*;
use crate::app::action::{self, Scope};

/// The commands with a page of their own, as `kifu man NAME` takes them.
pub const PAGES: &[&str] = &[
    "show",
    "convert",
    "print",
    "score",
    "gtp",
    "follow",
    "completions",
    "man",
];

/// Writes page `page` (None: kifu(1)).
pub(crate) fn man(page: Option<&str>, lang: crate::i18n::Lang, out: &mut dyn Write) -> Result<i32> {
    let cmd = Cli::command();
    let Some(name) = page else {
        return top(cmd, out);
    };
    let Some(sub) = cmd.find_subcommand(name) else {
        bail!(crate::tr!(
            lang,
            "man.no_page",
            name = crate::text::printable(name),
            pages = PAGES.join(", ")
        ));
    };
    let sub = sub
        .clone()
        .name(format!("kifu-{name}"))
        .bin_name(format!("kifu {name}"));
    let man = clap_mangen::Man::new(sub).section("1");
    clap_sections(&man, out)?;
    let mut r = Roff::new();
    if name == "score" {
        writing_the_count(&mut r);
    }
    exit_status(&mut r);
    r.control("SH", ["SEE ALSO"]);
    r.text([bold("kifu"), roman("(1)")]);
    out.write_all(r.render().as_bytes())?;
    Ok(0)
}

/// kifu-score(1)'s section on --write.
fn writing_the_count(r: &mut Roff) {
    r.control("SH", ["WRITING THE COUNT"]);
    r.text([roman(
        "With --write, kifu score writes the counted result (RE) and the marks (TB/TW, and \
         seki marks) into each game that looks finished, at the end of its main line, and \
         writes each file once, however many games it holds. The save is kifu's own: a \
         temporary file renamed over the old one (a hard-linked file is written in place \
         behind a journal), under a lock, and refused when the file changed since it was \
         read. A game whose recorded result differs from the count is left as it is unless \
         --force is given; a game kifu could not count keeps its text. A file kifu did not \
         fully understand is not written at all: another server's format, another encoding \
         than UTF-8, a game it could not read or repaired on reading. --dry-run says what \
         would be written. Each file's line on standard error says what was written, and \
         with --json each game's line has a write field.",
    )]);
}

/// kifu(1): clap's sections, then the ones clap cannot know.
fn top(cmd: clap::Command, out: &mut dyn Write) -> Result<i32> {
    let man = clap_mangen::Man::new(cmd);
    clap_sections(&man, out)?;
    let mut r = Roff::new();
    // clap_mangen's list would name kifu-help(1), a page that is not.
    r.control("SH", ["COMMANDS"]);
    for sub in cmd_subcommands() {
        let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
        r.control("TP", []);
        r.text([bold(format!("kifu-{}", sub.get_name())), roman("(1)")]);
        r.text([roman(about)]);
    }
    keys(&mut r);
    count_mode(&mut r);
    environment(&mut r);
    files(&mut r);
    exit_status(&mut r);
    r.control("SH", ["SEE ALSO"]);
    let mut see: Vec<roff::Inline> = Vec::new();
    for (i, p) in PAGES.iter().enumerate() {
        if i > 0 {
            see.push(roman(", "));
        }
        see.push(bold(format!("kifu-{p}")));
        see.push(roman("(1)"));
    }
    see.push(roman(" (each written by "));
    see.push(bold("kifu man NAME"));
    see.push(roman("; scripts/install puts them in place), "));
    see.push(bold("gnugo"));
    see.push(roman("(6)."));
    r.text(see);
    out.write_all(r.render().as_bytes())?;
    man.render_version_section(out)?;
    Ok(0)
}

/// The sections clap knows: title, name, synopsis, description, options.
fn clap_sections(man: &clap_mangen::Man, out: &mut dyn Write) -> Result<()> {
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    Ok(())
}

/// The commands with a page, as clap knows them.
fn cmd_subcommands() -> Vec<clap::Command> {
    let cmd = Cli::command();
    PAGES
        .iter()
        .filter_map(|p| cmd.find_subcommand(p).cloned())
        .collect()
}

/// A tagged paragraph: the tag in bold, then its text.
fn item(r: &mut Roff, tag: &str, text: &str) {
    r.control("TP", []);
    r.text([bold(tag)]);
    r.text([roman(text)]);
}

/// KEYS: every mode's keys, from the table that drives them.
fn keys(r: &mut Roff) {
    r.control("SH", ["KEYS"]);
    r.text([
        roman("The keys of the board, by mode (the help, "),
        bold("?"),
        roman(", shows the same). Each can be changed in the configuration's "),
        italic("[keys]"),
        roman(" tables under the action's name; every action is also a "),
        bold(":"),
        roman("command of that name."),
    ]);
    for scope in Scope::ALL {
        r.control("SS", [scope.name()]);
        for row in action::rows(scope) {
            if scope != Scope::Record && row.scope.len() == Scope::ALL.len() {
                continue; // the shared rows are listed once, under recording
            }
            item(
                r,
                &row.keys.join(", "),
                &format!("{} ({})", row.help, row.name),
            );
        }
    }
    r.control("SS", ["Commands"]);
    item(r, action::COORDINATE_HELP.0, action::COORDINATE_HELP.1);
    for c in action::COMMANDS {
        item(r, c.usage, c.help);
    }
}

/// COUNT MODE and the walkthroughs, in brief (docs/guide.md has more).
fn count_mode(r: &mut Roff) {
    r.control("SH", ["COUNT MODE"]);
    r.text([roman(
        "c enters count mode on the final position. kifu proposes the dead stones (from the \
         players' TB/TW marks when the file has them, else its own judge, or KataGo's with \
         --engine katago) and draws the count. x marks the chain at the cursor dead or alive \
         (X the whole group, = seki), u takes a change back; a typed point (d15 Enter) only \
         moves the cursor there (:Q16 too), and :dead Q16 marks the chain at Q16; v switches between the area \
         view (area against half the board: 180.5 on 19x19, with the compensation of 3.75 \
         stones) and the territory view (territory with prisoners). A group kifu is unsure \
         of is flagged: check those before you trust the result. R writes the count as the \
         game's result, with the marks as TB/TW; c goes back to recording.",
    )]);
    r.control("SH", ["THE WALKTHROUGH"]);
    r.text([roman(
        "In count mode, n (space, Enter) steps through the counting as it is done on a real \
         board, N steps back, 1-6 jump to a step and 0 returns to the map; b counts the \
         other side. The area view's steps: remove the dead stones, count one side's \
         territory in tens, count its stones in tens, compare its area with half the board \
         and the compensation. The territory view's: the dead stones to the prisoners, the \
         prisoners into the territories, each side's territory counted. F5 (or +) shows the \
         board and the caption large, for a projector. kifu show --count chinese|japanese \
         prints a walkthrough as text.",
    )]);
}

fn environment(r: &mut Roff) {
    r.control("SH", ["ENVIRONMENT"]);
    let vars: &[(&str, &str)] = &[
        (
            "NO_COLOR",
            "when set and not empty, no colour: shapes and letters carry every meaning.",
        ),
        (
            "TERM",
            "dumb, vt100, vt102, vt220 and linux get plain ASCII drawing without colour.",
        ),
        (
            "LANG, LC_ALL, LC_MESSAGES, LC_CTYPE",
            "the language of what kifu shows (after --lang and the configuration's language), \
             and whether the terminal takes UTF-8.",
        ),
        (
            "KIFU_CONFIG_DIR",
            "where config.toml and user themes are read; else $XDG_CONFIG_HOME/kifu \
             (~/.config/kifu).",
        ),
        (
            "KIFU_DATA_DIR",
            "where autosaves and discarded sessions are kept; else $XDG_DATA_HOME/kifu \
             (~/.local/share/kifu).",
        ),
        (
            "XDG_CONFIG_HOME, XDG_DATA_HOME",
            "the base folders of the two above when their own variables are not set.",
        ),
        (
            "PATH",
            "where katago is looked for when the configuration's [engine] names it without a \
             path.",
        ),
    ];
    for (name, text) in vars {
        item(r, name, text);
    }
}

fn files(r: &mut Roff) {
    r.control("SH", ["FILES"]);
    let list: &[(&str, &str)] = &[
        (
            "$XDG_CONFIG_HOME/kifu/config.toml",
            "the configuration: theme, language, keys, coordinates, [engine]; kifu \
             --print-config prints it with where each value comes from.",
        ),
        (
            "$XDG_CONFIG_HOME/kifu/themes/NAME.toml",
            "user themes, chosen with --theme NAME.",
        ),
        (
            "$XDG_DATA_HOME/kifu/",
            "autosaves of unsaved games (NAME-HASH.PID.sgf) and discarded sessions, kept \
             seven days; kifu --recover lists them.",
        ),
        (
            "NAME.sgf",
            "the game; saved atomically (a temporary file in the same folder, then a rename). \
             A record of another format (.gib, .ngf, .ugf) is never written over: the game is \
             saved as an SGF file beside it.",
        ),
    ];
    for (name, text) in list {
        item(r, name, text);
    }
}

fn exit_status(r: &mut Roff) {
    r.control("SH", ["EXIT STATUS"]);
    item(r, "0", "everything asked for was done.");
    item(
        r,
        "1",
        "an error: a file that cannot be read or counted (each named on standard error with \
         why), a save that failed.",
    );
    item(r, "2", "a wrong command line.");
}
