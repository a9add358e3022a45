//! Keys and pastes: the action of a key in the mode shown, typed points
//! that begin with a command letter, the help's lines.

use super::*;

impl App {
    /// Text pasted (a terminal's bracketed paste): into the command line,
    /// a coordinate or a form field as text, never run as keys.
    pub fn paste(&mut self, text: &str) {
        // One line, no control characters: a paste cannot press Enter.
        // Terminals send a pasted line break as CR.
        let line: String = text
            .split(['\r', '\n'])
            .next()
            .unwrap_or("")
            .chars()
            .filter(|c| !c.is_control())
            .collect();
        match &mut self.mode {
            Mode::Command(t) | Mode::Coordinate(t) => {
                if t.chars().count() + line.chars().count() > MAX_INPUT {
                    // Out of the prompt, so the message shows.
                    self.mode = self.base.clone();
                    self.message = Some(crate::tr!(self.lang, "input.paste_long", n = MAX_INPUT));
                } else {
                    t.push_str(&line);
                }
            }
            Mode::Info(form) => {
                for c in line.chars().take(MAX_INPUT) {
                    form.type_char(c);
                }
            }
            _ => {
                self.message = Some(crate::tr!(self.lang, "input.paste_ignored"));
            }
        }
    }

    /// The mode whose keys apply now (an overlay uses its base's).
    pub fn scope(&self) -> Scope {
        match self.base {
            Mode::Count => Scope::Count,
            Mode::Confirm => Scope::Confirm,
            Mode::PlaceHandicap(..) => Scope::Handicap,
            _ => Scope::Record,
        }
    }

    /// The action of a key in the mode shown (the table, the user's keys
    /// first; letters and digits that are no key start a typed point).
    pub fn action_for(&self, key: &KeyEvent) -> Option<Action> {
        use super::key::KeyCode;
        if let KeyCode::Char(d) = key.code
            && d.is_ascii_digit()
            && self.pending.is_some()
        {
            return Some(Action::Input(d));
        }
        // Ctrl-Z suspends from anywhere, a question or the form included.
        if key.code == KeyCode::Char('z') && key.modifiers.contains(KeyModifiers::CONTROL) {
            return Some(Action::Suspend);
        }
        let plain_char = match key.code {
            KeyCode::Char(c)
                if !key
                    .modifiers
                    .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
            {
                Some(c)
            }
            _ => None,
        };
        match &self.mode {
            Mode::Record | Mode::PlaceHandicap(..) | Mode::Count | Mode::Confirm => {
                action::lookup(&self.keymap, self.scope(), key).or_else(|| match key.code {
                    KeyCode::Esc => Some(Action::Cancel),
                    _ => plain_char
                        .filter(char::is_ascii_alphanumeric)
                        .map(Action::Input),
                })
            }
            Mode::Info(_) => action::form_key(*key),
            Mode::Command(_) | Mode::Coordinate(_) => action::input_key(*key),
            Mode::Legend => Some(Action::Cancel),
            Mode::Help => Some(match key.code {
                KeyCode::Up | KeyCode::PageUp | KeyCode::Char('k') => Action::Up,
                KeyCode::Down | KeyCode::PageDown | KeyCode::Char('j') => Action::Down,
                _ => Action::Cancel,
            }),
            // The questions take letters; any other key is an answer too.
            Mode::Ask(_) => action::input_key(*key).or(Some(Action::Cancel)),
        }
    }

    /// A key pressed: its action, carried out. A command letter that is
    /// also a column of the board (`p`, `q`, `c`, `h`...) acts at once, but
    /// when a digit follows straight away it was the start of a typed point
    /// (`p16`, `q16`): the command is taken back and the point typed.
    pub(super) fn on_key(&mut self, key: KeyEvent) -> Effect {
        use super::key::KeyCode;
        self.pointed = false;
        let Some(action) = self.action_for(&key) else {
            self.pending = None;
            return Effect::None;
        };
        if let Some((letter, snap)) = self.pending.take()
            && let (KeyCode::Char(d), Action::Input(_)) = (key.code, &action)
            && d.is_ascii_digit()
        {
            self.restore(*snap);
            self.mode = Mode::Coordinate(format!("{letter}{d}"));
            return Effect::None;
        }
        // A typed point is a point wherever one can be typed: in recording
        // (a finished game too), on count mode's map, at every step of a
        // walkthrough and presenting. A key that is also a column letter,
        // either case (`q`, `n`, `c`, `M`), acts at once, and a digit that
        // follows takes it back (`q16`, `n3`, `c3`: points).
        let letter = match (key.code, &action) {
            (KeyCode::Char(c), a)
                if !matches!(a, Action::Input(_))
                    && c.is_ascii_alphabetic()
                    && is_column(c.to_ascii_lowercase(), self.record.size())
                    && matches!(self.mode, Mode::Record | Mode::Count)
                    && !key
                        .modifiers
                        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
            {
                Some(c)
            }
            _ => None,
        };
        // A column letter never changes the marks, even for a moment (a
        // projector shows it): on the big boards where a marking key is a
        // column, it starts the point.
        if let Some(c) = letter
            && self.mode == Mode::Count
            && changes_marks(&action)
        {
            self.mode = Mode::Coordinate(c.to_string());
            return Effect::None;
        }
        let Some(letter) = letter else {
            return self.step(action);
        };
        let snap = Box::new(self.snapshot());
        // Quitting cannot be taken back, so `q` asks even for a saved game.
        if action == Action::Quit && !self.must_ask_quit() {
            self.mode = Mode::Ask(Question::Quit);
            self.message = Some(crate::tr!(
                self.lang,
                "ask.quit_or_point",
                col = letter.to_ascii_uppercase()
            ));
            self.pending = Some((letter, snap));
            return Effect::None;
        }
        let effect = self.step(action);
        if effect == Effect::None {
            self.pending = Some((letter, snap));
        }
        effect
    }

    pub(super) fn snapshot(&self) -> Snapshot {
        Snapshot {
            edits: self.edits.clone(),
            clock: self.clock.clone(),
            confirm: self.confirm.clone(),
            resumed: self.resumed,
            record: self.record.clone(),
            cursor: self.cursor,
            mode: self.mode.clone(),
            base: self.base.clone(),
            message: self.message.clone(),
            count: self.count.clone(),
            dirty: self.dirty,
        }
    }

    pub(super) fn restore(&mut self, s: Snapshot) {
        let changed = crate::sgf::to_sgf(&s.record) != crate::sgf::to_sgf(&self.record);
        self.record = s.record;
        self.edits = s.edits;
        self.clock = s.clock;
        self.confirm = s.confirm;
        self.resumed = s.resumed;
        self.cursor = s.cursor;
        self.mode = s.mode;
        self.base = s.base;
        self.message = s.message;
        self.count = s.count;
        self.dirty = s.dirty;
        if changed {
            // The autosave follows the record back.
            self.revision += 1;
        }
    }

    /// The panel's hint, from the live keymap: the first key of help, the
    /// command line and quit in this mode (the user's own first).
    pub fn hint_line(&self) -> String {
        let scope = self.scope();
        let key = |a: Action| {
            self.keymap
                .keys_for(scope, &a)
                .first()
                .map(|k| k.to_string())
                .or_else(|| {
                    action::rows(scope)
                        .find(|r| r.action == a)
                        .and_then(|r| r.keys.first().map(|k| k.to_string()))
                })
                .unwrap_or_default()
        };
        crate::tr!(
            self.lang,
            "hint",
            help = key(Action::Help),
            command = key(Action::Command),
            quit = key(Action::Quit)
        )
    }

    /// The help of the mode shown, as (keys, what they do) lines: the
    /// table's rows (the user's keys first; rows with the same help on one
    /// line), typed points, then the commands.
    pub fn help_lines(&self) -> Vec<(String, String)> {
        let scope = self.scope();
        let lang = self.lang;
        let mut out: Vec<(String, String)> = Vec::new();
        for r in action::rows(scope) {
            let mut keys: Vec<String> = self
                .keymap
                .keys_for(scope, &r.action)
                .into_iter()
                .map(str::to_string)
                .collect();
            keys.extend(r.keys.iter().map(|k| k.to_string()));
            match out.last_mut() {
                Some((k, h)) if *h == crate::i18n::help(lang, r.help) => {
                    k.push(' ');
                    k.push_str(&keys.join(" "));
                }
                _ => out.push((keys.join(" "), crate::i18n::help(lang, r.help).to_string())),
            }
        }
        // The four arrow keys read better as one word.
        for (k, _) in &mut out {
            let words: Vec<&str> = k.split(' ').collect();
            if ["left", "right", "up", "down"]
                .iter()
                .all(|a| words.contains(a))
            {
                let rest: Vec<&str> = words
                    .into_iter()
                    .filter(|w| !["left", "right", "up", "down"].contains(w))
                    .collect();
                *k = format!("arrows {}", rest.join(" "));
            }
        }
        let (k, h) = action::COORDINATE_HELP;
        out.push((k.into(), crate::i18n::help(lang, h).into()));
        out.push((String::new(), String::new()));
        out.push((
            crate::tr!(lang, "help.commands"),
            crate::tr!(lang, "help.enter"),
        ));
        for c in action::COMMANDS {
            out.push((c.usage.into(), crate::i18n::help(lang, c.help).into()));
        }
        out.push((":NAME".into(), crate::tr!(lang, "help.names")));
        out
    }

    pub(super) fn typing(&mut self, action: Action, mut text: String, command: bool) -> Effect {
        let wrap = |t: String| {
            if command {
                Mode::Command(t)
            } else {
                Mode::Coordinate(t)
            }
        };
        match action {
            Action::Input(c) => {
                if text.chars().count() < MAX_INPUT {
                    text.push(c);
                }
                self.mode = wrap(text);
                Effect::None
            }
            Action::Backspace => {
                if text.pop().is_some() || !command {
                    self.mode = if text.is_empty() && !command {
                        self.base.clone()
                    } else {
                        wrap(text)
                    };
                }
                Effect::None
            }
            // The same words as line mode: `:Q16` plays, `:p` is the key p.
            Action::Submit if command => self.command(&text),
            // A typed point in count mode shows the point: marks change
            // only by the marking keys, a click or `:dead Q16`.
            Action::Submit if self.base == Mode::Count => {
                self.show_point(&text);
                Effect::None
            }
            Action::Submit => {
                self.play_text(&text);
                Effect::None
            }
            _ => Effect::None,
        }
    }
}

/// The count-mode actions that change the marks.
fn changes_marks(action: &Action) -> bool {
    matches!(
        action,
        Action::Play | Action::PlayAt(_) | Action::ToggleGroup | Action::ToggleSeki | Action::Undo
    )
}
