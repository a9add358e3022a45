//! `kifu follow`: the teacher's screen on the student's terminal, drawn
//! by the same `ui::draw` in the student's own language, size and theme,
//! or said line by line (`--plain`, for screen readers: each change once).
//! Nothing a follower does reaches the teacher: it only watches.

use std::io::{self, Write};
use std::sync::mpsc;
use std::time::Duration;

use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};

use super::follow::{Connection, Feed, Watched};
use super::follower_line::{FollowOptions, Input, ask, seat_news, waiting};
use super::partner::Seat;
use crate::app::App;
use crate::i18n::Lang;
use crate::tr;
use crate::ui;

/// Follows until the user quits. The exit status.
pub fn run_follow(opts: FollowOptions, out: &mut dyn Write) -> io::Result<i32> {
    let (tx, rx) = mpsc::channel::<Input>();
    let feed_tx = tx.clone();
    let hello = super::Hello {
        lang: Some(opts.lang.code().to_string()),
        join: opts.together.clone(),
        name: opts.name.clone(),
    };
    let feed = Feed::start(opts.address.clone(), hello, move |e| {
        feed_tx.send(Input::Feed(e)).is_ok()
    });
    if opts.plain {
        // Lines typed: `q` or `quit` stops (the end of the input does not:
        // a pipe may only listen).
        std::thread::spawn(move || {
            let mut input = io::stdin().lock();
            let mut bytes = Vec::new();
            // Bounded: a line typed, never a stream (`< /dev/zero`): past
            // a megabyte the input is ignored, the feed still shown.
            while let Ok(Some(())) = crate::storage::stream::bounded_line(
                &mut input,
                crate::storage::stream::MAX_TYPED_LINE,
                &mut bytes,
            ) {
                let l = String::from_utf8_lossy(&bytes).into_owned();
                if tx.send(Input::Line(l)).is_err() {
                    return;
                }
            }
        });
        return super::follower_line::plain(&opts, &rx, &feed, out);
    }
    std::thread::spawn(move || {
        while let Ok(e) = event::read() {
            if tx.send(Input::Event(e)).is_err() {
                return;
            }
        }
    });
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    for sig in [
        signal_hook::consts::SIGHUP,
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGINT,
    ] {
        signal_hook::flag::register(sig, std::sync::Arc::clone(&stop))?;
    }
    let mut terminal = ratatui::try_init()?;
    let result = screen(&opts, &rx, &feed, &mut terminal, &stop);
    ratatui::restore();
    result.map(|()| 0)
}

/// The follower's own state: what it watches, and its own choices.
struct Student {
    watched: Watched,
    /// The student's own presentation choice (None: the teacher's).
    presenting: Option<bool>,
    /// Counting together: the partner's seat.
    seat: Seat,
}

impl Student {
    /// The app to draw: the state shown, in the student's language, with
    /// the follower's status in the panel and, when it matters, on the
    /// message line.
    fn app(&mut self, opts: &FollowOptions) -> Option<App> {
        let lang = opts.lang;
        let at = opts.address.text();
        let built = match self.watched.shown() {
            None => Err(String::new()),
            Some(s) => App::following(s, lang).map_err(|e| e.to_string()),
        };
        // Before the first state (or after one kifu cannot show): an
        // empty board under the status.
        let (mut app, problem) = match built {
            // Another kifu may count the shared marks otherwise: said, so
            // the student knows the figures are this kifu's.
            Ok(a) => {
                let differs = self.watched.shown().is_some_and(|s| !a.counts_as_shown(s));
                (a, differs.then(|| tr!(lang, "follow.differs")))
            }
            Err(e) => (
                App::new(
                    crate::game::record::GameRecord::new(19, Default::default()).ok()?,
                    None,
                ),
                (!e.is_empty()).then(|| tr!(lang, "follow.bad_state", why = e)),
            ),
        };
        app.set_lang(lang);
        let presentation = self.presenting.unwrap_or(app.presentation());
        let status = match (&self.watched.connection, self.watched.place()) {
            (Connection::Live, None) => tr!(lang, "follow.live", at = at.clone()),
            (Connection::Live, Some((i, n))) => {
                tr!(lang, "follow.back", at = at.clone(), i = i, n = n)
            }
            (Connection::Connecting, _) => tr!(lang, "follow.connecting", at = at.clone()),
            (Connection::Ended, _) => tr!(lang, "follow.ended", at = at.clone()),
            (Connection::Waiting(w), _) => waiting(lang, &at, w),
        };
        let live = matches!(
            (&self.watched.connection, self.watched.place()),
            (Connection::Live, None)
        );
        let typed = self.seat.typing.as_ref().map(|t| format!(":{t}"));
        let message = typed
            .or_else(|| self.seat.said.clone())
            .or(problem)
            .or_else(|| (!live).then(|| status.clone()));
        let keys = if self.seat.is_partner() {
            tr!(lang, "follow.partner_keys")
        } else {
            tr!(lang, "follow.keys")
        };
        app.show_followed(presentation, message, vec![status, keys]);
        Some(app)
    }
}

fn screen(
    opts: &FollowOptions,
    rx: &mpsc::Receiver<Input>,
    feed: &Feed,
    terminal: &mut ratatui::DefaultTerminal,
    stop: &std::sync::atomic::AtomicBool,
) -> io::Result<()> {
    let mut student = Student {
        watched: Watched::default(),
        presenting: None,
        seat: Seat::default(),
    };
    let mut redraw = true;
    loop {
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return Ok(());
        }
        if redraw && let Some(app) = student.app(opts) {
            terminal.draw(|f| ui::draw(f, &app, opts.look))?;
        }
        let first = match rx.recv_timeout(Duration::from_millis(200)) {
            Ok(i) => i,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                redraw = false;
                continue;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(()),
        };
        // Everything already waiting is taken before drawing: a follower
        // that fell behind draws the latest state once.
        redraw = false;
        for input in std::iter::once(first).chain(rx.try_iter()) {
            match input {
                Input::Feed(e) => {
                    if let Some(said) = seat_news(&mut student.seat, &e, opts.lang) {
                        student.seat.said = Some(said);
                    }
                    student.watched.on(e);
                    redraw = true;
                }
                Input::Event(Event::Key(k))
                    if k.kind == KeyEventKind::Press
                        && partner_key(&mut student, k.code, feed, opts.lang) =>
                {
                    redraw = true;
                }
                Input::Event(Event::Key(k)) if k.kind == KeyEventKind::Press => {
                    student.seat.said = None;
                    let w = &mut student.watched;
                    match k.code {
                        KeyCode::Char('q') | KeyCode::Esc => return Ok(()),
                        KeyCode::Char('c') if k.modifiers.contains(KeyModifiers::CONTROL) => {
                            return Ok(());
                        }
                        // Ctrl-Z: stopped as the shell expects; the teacher
                        // goes on, and on `fg` this screen is live again.
                        KeyCode::Char('z') if k.modifiers.contains(KeyModifiers::CONTROL) => {
                            crate::screen::suspend(terminal, false)?;
                        }
                        KeyCode::Left | KeyCode::Char('h' | '[') => w.step_back(),
                        KeyCode::Right | KeyCode::Char('l' | ']') => w.step_forward(),
                        KeyCode::End | KeyCode::Enter | KeyCode::Char(' ') => w.go_live(),
                        KeyCode::Char('p') => {
                            let teacher = w.shown().is_some_and(|s| s.presentation);
                            let now = student.presenting.unwrap_or(teacher);
                            student.presenting = Some(!now);
                        }
                        _ => {}
                    }
                    redraw = true;
                }
                Input::Event(Event::Resize(..)) => redraw = true,
                Input::Event(_) | Input::Line(_) => {}
            }
        }
    }
}

/// A partner's key: `:` starts a command (`dead Q16`, `accept`...), `A`
/// accepts; while typing, every key is the command's. False when the key
/// is the follower's own (stepping, presenting, quitting).
fn partner_key(student: &mut Student, code: KeyCode, feed: &Feed, lang: Lang) -> bool {
    let seat = &mut student.seat;
    if !seat.is_partner() {
        return false;
    }
    match (&mut seat.typing, code) {
        (Some(t), KeyCode::Char(c)) if t.len() < 32 => t.push(c),
        (Some(t), KeyCode::Backspace) => {
            t.pop();
        }
        (Some(_), KeyCode::Esc) => seat.typing = None,
        (Some(t), KeyCode::Enter) => {
            let line = std::mem::take(t);
            seat.typing = None;
            let size = student
                .watched
                .shown()
                .and_then(|s| App::following(s, lang).ok())
                .map_or(19, |a| a.record().size());
            seat.said = ask(feed, &line, size, lang);
        }
        (Some(_), _) => {}
        (None, KeyCode::Char(':')) => seat.typing = Some(String::new()),
        (None, KeyCode::Char('A')) => seat.said = ask(feed, "accept", 19, lang),
        (None, _) => return false,
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Action;
    use crate::app::Shown;
    use crate::app::key::{KeyCode, KeyEvent};
    use crate::share::Address;
    use crate::share::follow::FeedEvent;
    use crate::share::follower_line::Said;
    use crate::ui::Look;

    /// A shared count whose figures this kifu does not give (another
    /// version's) is said on the follower's screen; the same figures are not.
    #[test]
    fn a_count_this_kifu_gives_otherwise_is_said() {
        let rec = match crate::sgf::read_text("(;GM[1]SZ[9];B[ee];W[cc];B[];W[])")
            .games
            .into_iter()
            .next()
        {
            Some(Ok(g)) => g.record,
            _ => panic!("the game reads"),
        };
        let mut teacher = App::new(rec, None);
        teacher.update(Action::End);
        teacher.update(Action::Key(KeyEvent::from(KeyCode::Char('c'))));
        let opts = FollowOptions {
            address: Address::Unix("/nowhere".into()),
            lang: Lang::En,
            plain: false,
            look: Look::basic(false, false),
            together: None,
            name: None,
        };
        let said = |shown: Shown| {
            let mut s = Student {
                watched: Watched::default(),
                presenting: None,
                seat: Seat::default(),
            };
            s.watched.on(FeedEvent::Connected);
            s.watched.on(FeedEvent::State(Box::new(shown)));
            s.app(&opts).and_then(|a| a.message().clone())
        };
        let shown = teacher.shown();
        assert_eq!(said(shown.clone()), None);
        let mut other = shown;
        if let Some(c) = other.count.as_mut() {
            c.result = "W+99.5".into();
        }
        let m = said(other).unwrap_or_default();
        assert!(m.contains("counts the shared marks differently"), "{m}");
    }

    /// The plain follower's position line: two sentences joined as the
    /// language joins them, never by a bare space.
    #[test]
    fn the_position_line_joins_its_sentences() {
        let rec = match crate::sgf::read_text("(;GM[1]SZ[9];B[ee];W[cc])")
            .games
            .into_iter()
            .next()
        {
            Some(Ok(g)) => g.record,
            _ => panic!("the game reads"),
        };
        let mut teacher = App::new(rec, None);
        teacher.update(Action::End);
        let shown = teacher.shown();
        let en = Said::default().news(&shown, Lang::En);
        assert!(en[0].contains("to play; Last: "), "{en:?}");
        let zh = Said::default().news(&shown, Lang::ZhCn);
        assert!(zh[0].contains('；'), "{zh:?}");
    }
}
