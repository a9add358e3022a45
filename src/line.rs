//! Line mode (`kifu --plain`): for screen readers, braille displays and
//! scripts. No alternate screen, no cursor addressing, no colour, no box
//! drawing: a prompt (on a terminal), one typed command or point per line
//! (the TUI's commands and the table's names, with or without the `:`),
//! and every event said as one complete line. It reads a pipe as well, so
//! a recording can be scripted: `kifu --plain game.sgf < moves.txt`.

use crate::tr;
use std::io::{self, BufRead, Write};

use std::cell::RefCell;

use crate::app::{Action, App, Mode, Outside};
use crate::keeper::{Flow, Front, Keeper};
use crate::share::Teacher;
use crate::text::printable;

/// What line mode adds to the commands: reading the board aloud.
const WORDS: &str = "board, row 4, column D, where, cursor D5, left/right/up/down, info, help";

/// Runs line mode until `quit` or the end of the input. The input is read
/// on a thread of its own, so the game clock speaks while nobody types.
pub fn run(
    app: &mut App,
    keeper: &mut Keeper,
    said: Vec<Action>,
    input: Box<dyn BufRead + Send>,
    out: &mut dyn Write,
    (prompt, sample): (bool, bool),
    share: Option<Teacher>,
) -> io::Result<()> {
    let lang = app.lang();
    // The share (`--share`, `:share`): the front closure starts and stops
    // it, the loop publishes and hands on the partner's asks.
    let shared = RefCell::new(share);
    let mut front = |f| line_front(lang, f, &shared);
    for a in said {
        keeper.handle(app, a, &mut front);
    }
    say(out, &intro(app, sample))?;
    if let Some(t) = shared.borrow().as_ref() {
        app.update(Action::Notice(crate::share::started(t, lang)));
    }
    say_message(app, out)?;
    let (lines, from_input) = std::sync::mpsc::channel::<io::Result<Vec<u8>>>();
    read_lines(input, lines);
    let start = std::time::Instant::now();
    let mut number = 0usize;
    let mut prompted = false;
    loop {
        if prompt && !prompted {
            write!(out, "kifu> ")?;
            out.flush()?;
            prompted = true;
        }
        let next = from_input.recv_timeout(std::time::Duration::from_millis(100));
        keeper.handle(
            app,
            Action::Outside(Outside::Tick(start.elapsed())),
            &mut front,
        );
        if share_turn(app, keeper, &shared, &mut front, out)? {
            prompted = false;
        }
        let bytes = match next {
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                // The timekeeper's calls, said as they come.
                if say_message(app, out)? {
                    prompted = false;
                }
                continue;
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => Vec::new(),
            Ok(read) => read?,
        };
        prompted = false;
        number += 1;
        if bytes.is_empty() {
            if app.dirty() {
                say(out, &tr!(lang, "line.end_unsaved"))?;
            }
            return Ok(());
        }
        let line = text_of(&bytes, number, out, lang)?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        say_message(app, out)?;
        if step(app, keeper, text, out, &mut front)? == Flow::Quit {
            return Ok(());
        }
    }
}

/// Reads the input's lines on a thread of their own, each bounded, into
/// `lines` (an error, or an empty line at the end). Detached: a read
/// blocked on a terminal must not keep `quit` waiting.
fn read_lines(
    mut input: Box<dyn io::BufRead + Send>,
    lines: std::sync::mpsc::Sender<io::Result<Vec<u8>>>,
) {
    std::thread::spawn(move || {
        loop {
            let mut bytes = Vec::new();
            // Bounded: a line is typed or pasted, never a stream of bytes
            // (`kifu --plain < /dev/zero` stops at the first megabyte).
            let read = crate::storage::stream::bounded_line(
                &mut input,
                crate::storage::stream::MAX_TYPED_LINE,
                &mut bytes,
            )
            .map_err(|e| {
                let why = format!("standard input: {e:#}: not typed text; line mode stops here");
                io::Error::new(io::ErrorKind::InvalidData, why)
            });
            let end = !matches!(read, Ok(Some(())));
            if !end {
                bytes.push(b'\n');
            }
            if lines.send(read.map(|_| bytes)).is_err() || end {
                return;
            }
        }
    });
}

/// A line's text. Bytes, not a String: a byte that is not UTF-8 is
/// replaced and said, and the rest of the input still runs.
fn text_of(
    bytes: &[u8],
    number: usize,
    out: &mut dyn Write,
    lang: crate::i18n::Lang,
) -> io::Result<String> {
    let line = String::from_utf8_lossy(bytes);
    if matches!(line, std::borrow::Cow::Owned(_)) {
        say(out, &tr!(lang, "line.not_utf8", n = number))?;
    }
    Ok(line.into_owned())
}

/// What line mode does of what only a front end can do: there is no
/// theme, no bell (the calls are said) and no engine; `:share` shares as
/// the board screen does.
fn line_front(
    lang: crate::i18n::Lang,
    f: Front,
    shared: &RefCell<Option<Teacher>>,
) -> Option<Action> {
    match f {
        Front::Theme(_) => Some(Action::Notice(tr!(lang, "line.no_themes"))),
        Front::Share(at) => Some(Action::Notice(crate::share::command(
            &mut shared.borrow_mut(),
            &at,
            lang,
        ))),
        Front::Suspend | Front::Bell | Front::Engine(_) => None,
    }
}

/// The share's turn: the partner's asks to the app (each said: "bob
/// accepted the marks"), then what the app shows to every follower.
/// Whether something was said.
fn share_turn(
    app: &mut App,
    keeper: &mut Keeper,
    shared: &RefCell<Option<Teacher>>,
    front: &mut dyn FnMut(Front) -> Option<Action>,
    out: &mut dyn Write,
) -> io::Result<bool> {
    let asks = crate::share::partner_asks(shared.borrow().as_ref(), app.together().is_some());
    let mut said = false;
    for a in asks {
        keeper.handle(app, Action::Outside(Outside::Partner(a)), front);
        said |= say_message(app, out)?;
    }
    if let Some(t) = shared.borrow_mut().as_mut() {
        t.publish(app.shown());
    }
    Ok(said)
}

/// One line of input: said back as one line per event.
fn step(
    app: &mut App,
    keeper: &mut Keeper,
    text: &str,
    out: &mut dyn Write,
    front: &mut dyn FnMut(Front) -> Option<Action>,
) -> io::Result<Flow> {
    app.update(Action::Said);
    let caption = caption_of(app);
    // Questions (quit? recover? overwrite?) take the first letter.
    let question = matches!(app.mode(), Mode::Ask(_));
    let action = if question {
        Action::Input(text.chars().next().unwrap_or(' '))
    } else {
        if let Some(said) = read_aloud(app, text) {
            say(out, &said)?;
            return Ok(Flow::Continue);
        }
        Action::Run(text.to_string())
    };
    let cursor = app.cursor();
    let (mut flow, _) = keeper.handle(app, action, front);
    if !question && app.message().is_none() && app.cursor() != cursor {
        let at = tr!(
            app.lang(),
            "line.cursor",
            at = app.describe_point(app.cursor())
        );
        flow = match keeper.handle(app, Action::Notice(at), front) {
            (Flow::Quit, _) => Flow::Quit,
            _ => flow,
        };
    }
    say_message(app, out)?;
    // The walkthrough's caption when a step changes.
    let now = caption_of(app);
    if now != caption
        && let Some(c) = now
    {
        say(out, &c)?;
    }
    if matches!(app.mode(), Mode::Info(_)) {
        // The form is the TUI's; here `info` reads the game information.
        say(out, &info(app))?;
        app.update(Action::OverlayShown);
    }
    if matches!(app.mode(), Mode::Help) {
        for (k, h) in app.help_lines() {
            say(out, &format!("{k}  {h}"))?;
        }
        say(out, &tr!(app.lang(), "line.words", words = WORDS))?;
        app.update(Action::OverlayShown);
    }
    Ok(flow)
}

fn caption_of(app: &App) -> Option<String> {
    match (&app.base(), &app.count()) {
        (Mode::Count, Some(cs)) => cs.caption(app.lang()),
        _ => None,
    }
}

/// The words that read the board rather than change it.
fn read_aloud(app: &mut App, text: &str) -> Option<String> {
    let t = text.strip_prefix(':').unwrap_or(text).trim();
    let (word, arg) = t.split_once(' ').unwrap_or((t, ""));
    let arg = arg.trim();
    Some(match (word.to_ascii_lowercase().as_str(), arg) {
        ("board", "") => {
            let mut s = crate::text::diagram(app.record(), true);
            s.push_str(&crate::text::facts(app.record(), app.lang()));
            s.trim_end().to_string()
        }
        ("cursor", p) if !p.is_empty() => {
            match crate::game::Point::parse_any(p, app.record().size()) {
                Ok(q) => {
                    app.update(Action::CursorTo(q));
                    tr!(app.lang(), "line.cursor", at = app.describe_point(q))
                }
                Err(e) => format!("{p}: {}", e.words(app.lang())),
            }
        }
        ("row", r) if !r.is_empty() => match app.describe_line(r) {
            Ok(s) => tr!(app.lang(), "line.row", r = r, text = s),
            Err(e) => e,
        },
        ("column", c) if !c.is_empty() => match app.describe_line(c) {
            Ok(s) => tr!(
                app.lang(),
                "line.column",
                c = c.to_ascii_uppercase(),
                text = s
            ),
            Err(e) => e,
        },
        ("info", "") => info(app),
        _ => return None,
    })
}

/// The first line: what is open (a file, a new game, or the sample kifu
/// shows without a file, called so: its points are taken) and how to go on.
fn intro(app: &App, sample: bool) -> String {
    let rec = app.record();
    let lang = app.lang();
    let or = |o: &Option<String>| o.clone().unwrap_or_else(|| "?".into());
    let file = match &app.path() {
        Some(p) => p.display().to_string(),
        None if sample => tr!(
            lang,
            "line.sample",
            black = or(&rec.info.black),
            white = or(&rec.info.white),
            moves = crate::i18n::moves(lang, rec.move_number())
        ),
        None => tr!(lang, "line.new_game"),
    };
    tr!(
        lang,
        "line.intro",
        file = file,
        size = rec.size(),
        rules = rec.rules.title(lang),
        komi = crate::game::result::format_points(rec.komi()),
        n = rec.move_number(),
        side = crate::i18n::color_name(lang, rec.to_move())
    )
}

fn info(app: &App) -> String {
    let i = &app.record().info;
    let lang = app.lang();
    let or = |o: &Option<String>| o.clone().unwrap_or_else(|| "?".into());
    tr!(
        lang,
        "line.info",
        black = or(&i.black),
        white = or(&i.white),
        rules = app.record().rules.title(lang),
        komi = crate::game::result::format_points(app.record().komi()),
        result = i
            .result
            .as_ref()
            .map_or_else(|| tr!(lang, "panel.last.none"), ToString::to_string)
    )
}

/// Says the message line, if there is one; the app then clears it.
/// Whether there was one.
fn say_message(app: &mut App, out: &mut dyn Write) -> io::Result<bool> {
    let Some(m) = app.message().clone() else {
        return Ok(false);
    };
    say(out, &m)?;
    app.update(Action::Said);
    Ok(true)
}

/// One line out, with nothing in it that could drive a terminal.
fn say(out: &mut dyn Write, text: &str) -> io::Result<()> {
    for l in text.lines() {
        writeln!(out, "{}", printable(l))?;
    }
    out.flush()
}
