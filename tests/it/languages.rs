//! kifu in each language: count mode's screens at 80x24 keep the board
//! where it is and no line runs past the edge (CJK characters are two
//! columns wide), every caption is on screen whole, and snapshots of count
//! mode and of a handout per language.

use kifu::app::{Action, App, Mode};
use kifu::i18n::Lang;
use kifu::ui::layout::Layout;
use kifu::ui::{self, Look};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use unicode_width::UnicodeWidthStr;

use crate::common::{ascii, unicode};

fn seki_game(lang: Lang) -> App {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/9x9-seki.sgf");
    let text = std::fs::read_to_string(path).expect("the sample");
    let file = kifu::sgf::read_text(&text);
    let mut rec = file.game(1).expect("game 1").record.clone();
    rec.to_end();
    let mut a = App::new(rec, None);
    a.set_lang(lang);
    a.update(Action::Count);
    assert_eq!(*a.mode(), Mode::Count);
    a
}

fn buffer(app: &App, look: Look, w: u16, h: u16) -> Buffer {
    let mut term = Terminal::new(TestBackend::new(w, h)).expect("a test terminal");
    term.draw(|f| ui::draw(f, app, look)).expect("drawn");
    term.backend().buffer().clone()
}

/// A row as a person reads it: a wide character's second cell skipped.
fn row(buf: &Buffer, y: u16, from: u16, to: u16) -> String {
    let mut out = String::new();
    let mut x = from;
    while x < to {
        let s = buf[(x, y)].symbol();
        out.push_str(s);
        x += (s.width() as u16).max(1);
    }
    out
}

/// Every screen of a counting lesson, as the keys that reach it: the
/// map, each step of both views, the legend, the help, presenting.
fn lesson() -> Vec<(String, Vec<Action>)> {
    let mut out = Vec::new();
    let area_steps = 6;
    let territory_steps = 5;
    for i in 0..=area_steps {
        out.push((format!("area step {i}"), vec![Action::StepNext; i]));
    }
    for i in 0..=territory_steps {
        let mut keys = vec![Action::SwitchView];
        keys.extend(vec![Action::StepNext; i]);
        out.push((format!("territory step {i}"), keys));
    }
    out.push(("legend".into(), vec![Action::Legend]));
    out.push(("help".into(), vec![Action::Help]));
    out.push((
        "presenting step 2".into(),
        vec![Action::Present, Action::StepNext, Action::StepNext],
    ));
    out
}

fn reach(lang: Lang, keys: &[Action]) -> App {
    let mut a = seki_game(lang);
    for k in keys {
        a.update(k.clone());
    }
    a
}

#[test]
fn no_screen_of_a_lesson_overflows_or_moves_the_board_in_any_language() {
    let (w, h) = (80, 24);
    let area = Rect::new(0, 0, w, h);
    let english: Vec<Buffer> = lesson()
        .iter()
        .map(|(_, keys)| buffer(&reach(Lang::En, keys), unicode(), w, h))
        .collect();
    for lang in Lang::ALL {
        for look in [unicode(), ascii()] {
            for (i, (name, keys)) in lesson().iter().enumerate() {
                let app = &reach(lang, keys);
                let buf = buffer(app, look, w, h);
                let what = format!("{} {name}", lang.code());
                // A wide character never starts in the last column.
                for y in 0..h {
                    assert!(
                        buf[(w - 1, y)].symbol().width() <= 1,
                        "{what}: row {y} runs past the edge: {}",
                        row(&buf, y, 0, w)
                    );
                    assert!(
                        row(&buf, y, 0, w).width() <= usize::from(w),
                        "{what}: row {y}"
                    );
                    // A wide character's second cell is blank: drawn over
                    // (an overlay's border), the terminal would keep
                    // showing the character instead.
                    for x in 0..w - 1 {
                        if buf[(x, y)].symbol().width() > 1 {
                            let next = buf[(x + 1, y)].symbol();
                            assert!(
                                next.is_empty() || next == " ",
                                "{what}: row {y}: {next:?} drawn over the right half of {:?}",
                                buf[(x, y)].symbol()
                            );
                        }
                    }
                }
                // An overlay's left border is whole: a wide character left
                // of it would cover it on the terminal.
                if let Some(x0) = (0..w).find(|&x| ["┌", "+"].contains(&buf[(x, 0)].symbol())) {
                    for y in 1..h {
                        let edge = buf[(x0, y)].symbol();
                        if ["└", "+"].contains(&edge) {
                            break;
                        }
                        assert!(edge != " ", "{what}: row {y}: the overlay's border is gone");
                        if x0 > 0 {
                            assert!(buf[(x0 - 1, y)].symbol().width() <= 1, "{what}: row {y}");
                        }
                    }
                }
                // The board's cells are the same as in English (the
                // overlays cover it alike in every language's frame).
                let size = app.record().size();
                let lay = Layout::shown(
                    area,
                    size,
                    app.presentation(),
                    kifu::ui::presenting_count(app),
                )
                .expect("a layout at 80x24");
                if look == unicode() && !matches!(app.mode(), Mode::Legend | Mode::Help) {
                    for y in lay.board.y..lay.board.bottom() {
                        assert_eq!(
                            row(&buf, y, lay.board.x, lay.board.right()),
                            row(&english[i], y, lay.board.x, lay.board.right()),
                            "{what}: the board moved on row {y}"
                        );
                    }
                }
                // The step's caption is on screen whole.
                if let Some(caption) = app.count().as_ref().and_then(|c| c.caption(lang)) {
                    let shown: String = (lay.status.y..lay.status.bottom())
                        .map(|y| row(&buf, y, lay.status.x, lay.status.right()))
                        .collect::<String>()
                        .split_whitespace()
                        .collect();
                    let want: String = caption.split_whitespace().collect();
                    if !matches!(app.mode(), Mode::Legend | Mode::Help) {
                        assert!(
                            shown.contains(&want),
                            "{what}: caption cut: {caption}\n{shown}"
                        );
                    }
                }
            }
        }
    }
}

/// What the screen shows, one line per row (wide characters once).
fn screen(app: &App, w: u16, h: u16) -> String {
    let buf = buffer(app, unicode(), w, h);
    let mut out = String::new();
    for y in 0..h {
        out.push_str(row(&buf, y, 0, w).trim_end());
        out.push('\n');
    }
    out
}

#[test]
fn count_mode_in_each_language() {
    for lang in Lang::ALL {
        let mut a = seki_game(lang);
        a.update(Action::StepNext);
        a.update(Action::StepNext);
        let area = screen(&a, 80, 24);
        a.update(Action::Cancel);
        a.update(Action::SwitchView);
        a.update(Action::StepNext);
        a.update(Action::StepNext);
        let territory = screen(&a, 80, 24);
        insta::assert_snapshot!(
            format!("count_mode_{}", lang.code()),
            format!("{area}\n{territory}")
        );
    }
}

/// The territory count's last step in each language, its half point as
/// that language writes it (15目半 in Japanese and Chinese, 15집 반 in
/// Korean, 15,5 in German; the SGF result B+15.5 as it is).
#[test]
fn the_territory_result_in_each_language() {
    for lang in Lang::ALL {
        let mut a = seki_game(lang);
        a.update(Action::SwitchView);
        for _ in 0..5 {
            a.update(Action::StepNext);
        }
        let territory = screen(&a, 80, 24);
        insta::assert_snapshot!(format!("territory_result_{}", lang.code()), territory);
    }
}

#[test]
fn a_handout_in_each_language() {
    for lang in Lang::ALL {
        let a = seki_game(lang);
        let cs = a.count().as_ref().expect("counting");
        let steps = cs.steps();
        let svg = kifu::handout::view_svgs(&steps, kifu::count::glyph::View::Area, "map", lang)
            .into_iter()
            .nth(2)
            .map(|(_, svg)| svg)
            .expect("step 2");
        assert!(svg.contains(&format!("xml:lang=\"{}\"", lang.code())));
        assert!(svg.contains(kifu::handout::font_stack(lang)));
        // Only the words: the drawing is the same in every language.
        let words: Vec<&str> = svg
            .split("<text")
            .skip(1)
            .filter(|t| t.contains("class=\"caption\"") || t.contains("class=\"legend\""))
            .filter_map(|t| t.split_once('>').map(|(_, r)| r))
            .filter_map(|t| t.split_once("</text>").map(|(l, _)| l))
            .collect();
        insta::assert_snapshot!(format!("handout_{}", lang.code()), words.join("\n"));
    }
}

#[test]
fn the_cli_speaks_the_language_asked_for() {
    let sample = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/9x9-seki.sgf");
    let show = |args: &[&str], env: &[(&str, &str)]| {
        let mut c = crate::common::kifu();
        c.args(["show", "--count", "chinese"])
            .args(args)
            .arg(&sample);
        for (k, v) in env {
            c.env(k, v);
        }
        let out = c.output().expect("kifu runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert!(show(&["--lang", "zh-CN"], &[]).contains("第一步：提掉死子"));
    assert!(show(&[], &[("LC_MESSAGES", "de_DE.UTF-8")]).contains("Schritt 1: Die toten Steine"));
    assert!(show(&[], &[("LC_ALL", "ja_JP.UTF-8")]).contains("ステップ1"));
    // C, or a language kifu does not speak: English, no error.
    assert!(show(&[], &[("LC_MESSAGES", "C")]).contains("Step 1: take the dead stones"));
    assert!(show(&[], &[("LC_MESSAGES", "it_IT.UTF-8")]).contains("Step 1:"));
    assert!(show(&[], &[("LC_MESSAGES", "fr_FR.UTF-8")]).contains("Étape 1 : "));
    // --lang wins over the locale.
    assert!(show(&["--lang", "ko"], &[("LC_ALL", "de_DE.UTF-8")]).contains("1단계"));
    // Without a UTF-8 locale: English, and said.
    let out = crate::common::kifu()
        .env("LANG", "C")
        .args(["show", "--lang", "ja", "--count", "chinese"])
        .arg(&sample)
        .output()
        .expect("kifu runs");
    assert!(String::from_utf8_lossy(&out.stdout).contains("Step 1:"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("needs a UTF-8 locale"));
    // An unknown --lang is a usage error that lists the codes.
    let out = crate::common::kifu()
        .args(["show", "--lang", "xx"])
        .arg(&sample)
        .output()
        .expect("kifu runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("en, zh-CN, zh-TW, ja, ko, de"));
    // kifu score's summary speaks it; its JSON stays English.
    let summary = crate::common::kifu()
        .env("LANG", "C.UTF-8")
        .args(["score", "--lang", "de"])
        .arg(&sample)
        .output()
        .expect("kifu runs");
    let text = String::from_utf8_lossy(&summary.stdout);
    assert!(
        text.contains("Ergebnis (chinesische Regeln): B+16.5"),
        "{text}"
    );
    assert!(text.contains("Steine auf dem Brett"), "{text}");
    let json = crate::common::kifu()
        .env("LANG", "C.UTF-8")
        .args(["score", "--lang", "ja", "--json"])
        .arg(&sample)
        .output()
        .expect("kifu runs");
    let line = String::from_utf8_lossy(&json.stdout);
    assert!(line.contains("\"result\""), "{line}");
    assert!(!line.contains("死に石"), "{line}");
}

/// A terminal blanks the other half of a wide character that something is
/// drawn over, in its default colours: every cell of a row with CJK text is
/// sent again, so a new step never leaves gaps on the board's colour.
#[test]
fn rows_with_wide_characters_are_sent_whole_each_frame() {
    let (w, h) = (160, 50);
    let keys = [Action::Present, Action::StepNext, Action::StepNext];
    let before = buffer(&reach(Lang::ZhCn, &keys), unicode(), w, h);
    let mut more = keys.to_vec();
    more.extend(vec![Action::StepNext; 3]);
    let app = reach(Lang::ZhCn, &more);
    let after = buffer(&app, unicode(), w, h);
    // The caption's column beside the board: where wide characters are.
    let right = Layout::shown(
        ratatui::layout::Rect::new(0, 0, w, h),
        app.record().size(),
        true,
        true,
    )
    .map_or(w, |l| l.status.right());
    let sent: Vec<(u16, u16)> = before
        .diff(&after)
        .iter()
        .map(|&(x, y, _)| (x, y))
        .collect();
    let mut checked = 0;
    for y in 0..h {
        let wide: Vec<u16> = (0..w)
            .filter(|&x| after[(x, y)].symbol().width() > 1)
            .collect();
        let Some(&first) = wide.first() else { continue };
        // From the first wide character on, each cell that starts a
        // character is sent.
        let mut x = first;
        while x < right {
            assert!(sent.contains(&(x, y)), "row {y}: column {x} not sent");
            x += (after[(x, y)].symbol().width() as u16).max(1);
            checked += 1;
        }
    }
    assert!(checked > 0, "no row with Chinese text");
}

/// Every language has the help of every key and command, and nothing else.
#[test]
fn every_language_has_the_help_of_every_key_and_command() {
    use kifu::app::action::{COMMANDS, COORDINATE_HELP, TABLE};
    use kifu::i18n::{Lang, help, help_table};
    let mut english: Vec<&str> = TABLE.iter().map(|r| r.help).collect();
    english.extend(COMMANDS.iter().map(|c| c.help));
    english.push(COORDINATE_HELP.1);
    english.sort_unstable();
    english.dedup();
    for lang in Lang::ALL.into_iter().filter(|&l| l != Lang::En) {
        let mut mine: Vec<&str> = help_table(lang).iter().map(|(k, _)| *k).collect();
        mine.sort_unstable();
        assert_eq!(mine, english, "{}", lang.code());
        for e in &english {
            assert_ne!(help(lang, e), *e, "{}: {e} not translated", lang.code());
        }
    }
}

/// Korean joins a whole number and its fraction with 와 after a vowel and
/// 과 after a consonant, as the number is read (14 십사: 와; 13 십삼: 과).
#[test]
fn korean_and_follows_the_numbers_last_sound() {
    use kifu::count::score::stones_amount;
    assert_eq!(stones_amount(Lang::Ko, 14.25), "14와 1/4자");
    assert_eq!(stones_amount(Lang::Ko, 13.25), "13과 1/4자");
    assert_eq!(stones_amount(Lang::Ko, 10.75), "10과 3/4자");
    assert_eq!(stones_amount(Lang::Ko, 2.5), "2와 1/2자");
    assert_eq!(stones_amount(Lang::En, 14.25), "14 1/4 stones");
}

/// The catalogues are PO files as gettext's own tools read them:
/// `msgfmt --check` passes on each (skipped without gettext).
#[test]
fn gettext_reads_the_catalogues() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/kifu-words/po");
    let Ok(files) = std::fs::read_dir(&dir) else {
        panic!("no {}", dir.display());
    };
    if std::process::Command::new("msgfmt")
        .arg("--version")
        .output()
        .is_err()
    {
        crate::common::skipped("msgfmt (gettext) is not installed");
        return;
    }
    let mut n = 0;
    for f in files.flatten() {
        let path = f.path();
        let out = std::process::Command::new("msgfmt")
            .args(["--check", "-o", "/dev/null"])
            .arg(&path)
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(
            out.status.success() && out.stderr.is_empty(),
            "{}: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        n += 1;
    }
    assert_eq!(
        n,
        Lang::ALL.len(),
        "kifu.pot and one file per other language"
    );
}

/// English words that no sentence of another language holds (the key
/// letters and command words such as `y/n`, `:w`, `quit` or `Space`
/// aside, and the loanwords German uses too: Komi, Cursor).
const ENGLISH: &[&str] = &[
    "the", "is", "are", "not", "with", "this", "that", "of", "and", "give", "yet", "no", "here",
    "there", "file", "move", "moves", "save", "saved", "anyway", "unknown", "command", "stones",
    "point", "points", "changed", "game", "empty", "black", "white", "wins", "result", "rules",
    "handicap", "clock", "time",
];

/// Words of `ENGLISH` that a language writes too (French: "5 points",
/// "handicap"): in its sentences they are not English.
fn shared_words(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::Fr => &["point", "points", "handicap"],
        _ => &[],
    }
}

/// The English catalogue's text, cut at its placeholders: the pieces of
/// three words or more (a translation never holds one).
fn english_pieces() -> &'static [String] {
    static PIECES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    PIECES.get_or_init(|| {
        let mut out: Vec<String> = Lang::En
            .table()
            .iter()
            .flat_map(|(_, t)| t.split(['{', '}']).step_by(2))
            .map(str::trim)
            .filter(|p| {
                p.split_whitespace()
                    .filter(|w| w.chars().any(char::is_alphabetic))
                    .count()
                    >= 3
            })
            .map(str::to_string)
            .collect();
        out.sort();
        out.dedup();
        out
    })
}

/// The English of a message in `lang`, if any: a piece of the English
/// catalogue's text, or English words; a command word (`:clock`,
/// `--game`) is not English prose.
fn english_in(text: &str, lang: Lang) -> Vec<String> {
    // A command's usage (`:stones black`, `:w [FILE]`) is what is typed.
    let text = &kifu::app::action::COMMANDS
        .iter()
        .fold(text.to_string(), |t, c| t.replace(c.usage, " "));
    let mut out: Vec<String> = english_pieces()
        .iter()
        .filter(|p| text.contains(p.as_str()))
        .cloned()
        .collect();
    let mut word = String::new();
    let mut command = false;
    let mut before = ' ';
    for c in text.chars().chain([' ']) {
        if c.is_ascii_alphabetic() {
            if word.is_empty() {
                command = before == ':' || before == '-';
            }
            word.push(c);
        } else {
            let w = word.to_ascii_lowercase();
            if !command
                && ENGLISH.contains(&w.as_str())
                && !shared_words(lang).contains(&w.as_str())
            {
                out.push(word.clone());
            }
            word.clear();
        }
        before = c;
    }
    out
}

/// Recording, the `:` commands and their errors, the questions, the form,
/// count mode, the clock: every message kifu writes on these paths is in
/// the language asked for, with no English sentence in it.
#[test]
fn no_english_on_the_message_line_in_another_language() {
    use crate::common::command;
    let paths: &[&str] = &[
        "D4",
        "Z99",
        "pass",
        "undo",
        "undo",
        "goto 99",
        "goto x",
        "goto 1",
        "result W+R",
        "result nonsense",
        "resign",
        "w",
        "q",
        "n",
        "frobnicate",
        "fix",
        "fix 99 D4",
        "clock",
        "count",
        "view",
        "record",
        "result",
        "play",
        "theme",
        "dead Z99",
        "share off",
        "clock banana",
        "clock 30m 0x30s",
        "clock 30m 25/",
        "clock 0m +5s",
        "clock 30m 5x30s",
        "clock",
        "clock 5:00",
        "clock x y",
        "D5",
        "clock",
        "comment a good move",
        "comment",
        "gc a club game",
        "gc",
    ];
    let mut found = Vec::new();
    for lang in Lang::ALL.into_iter().filter(|&l| l != Lang::En) {
        let mut a = App::new(
            kifu::game::record::GameRecord::new(9, kifu::game::rules::Rules::japanese())
                .expect("a board"),
            None,
        );
        a.set_lang(lang);
        for p in paths {
            a.update(kifu::app::Action::Said);
            command(&mut a, p);
            if let Some(m) = &a.message() {
                let words = english_in(m, lang);
                if !words.is_empty() {
                    found.push(format!("{} :{p}: {m} {words:?}", lang.code()));
                }
            }
        }
        // Keys: the form, count mode, the questions, saving without a name.
        let keys = [
            Action::Paste("D4".into()),
            Action::Info,
            Action::Cancel,
            Action::Play,
            Action::Count,
            Action::SwitchView,
            Action::StepNext,
            Action::Legend,
            Action::Cancel,
            Action::Record,
            Action::Save,
            Action::Quit,
            Action::Input('n'),
            Action::Undo,
            Action::Undo,
            Action::Undo,
        ];
        for k in keys {
            a.update(kifu::app::Action::Said);
            let said = format!("{k:?}");
            a.update(k);
            if let Some(m) = &a.message() {
                let words = english_in(m, lang);
                if !words.is_empty() {
                    found.push(format!("{} {said}: {m} {words:?}", lang.code()));
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The game-information form in each language: its labels, notes and
/// keys on the screen, and what it says of a wrong value.
#[test]
fn the_form_speaks_each_language() {
    let mut found = Vec::new();
    for lang in Lang::ALL.into_iter().filter(|&l| l != Lang::En) {
        let mut a = App::new(
            kifu::game::record::GameRecord::new(9, kifu::game::rules::Rules::chinese())
                .expect("a board"),
            None,
        );
        a.set_lang(lang);
        a.update(Action::Info);
        for line in crate::common::screen(&a, crate::common::unicode(), 80, 24).lines() {
            let words = english_in(line, lang);
            if !words.is_empty() {
                found.push(format!("{} form: {line} {words:?}", lang.code()));
            }
        }
        // Each field in turn made wrong, then the form applied.
        for down in 0..14 {
            let mut b = App::new(a.record().clone(), None);
            b.set_lang(lang);
            b.update(Action::Info);
            for _ in 0..down {
                b.update(Action::Down);
            }
            for c in "zz?".chars() {
                b.update(Action::Input(c));
            }
            b.update(Action::Submit);
            if let Some(m) = &b.message() {
                let words = english_in(m, lang);
                if !words.is_empty() {
                    found.push(format!("{} field {down}: {m} {words:?}", lang.code()));
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Line mode in each language: what it says for recording, reading the
/// board aloud, the commands and their errors, count mode and saving holds
/// no English prose (its command words aside).
#[test]
fn line_mode_speaks_each_language() {
    let input = "D4\nQ16\nZ5\nrow 4\nrow 99\ncolumn D\ncolumn 7x\ncursor E5\nwhere\ninfo\n\
                 comment hello\ncomment\ngc a game\ngc\npass\nundo\n\
                 count\nv\nn\nn\nrecord\ngoto 1\ngoto 99\nclock\nfix\nresult x\nw\nquit\ny\n";
    let mut found = Vec::new();
    for lang in Lang::ALL.into_iter().filter(|&l| l != Lang::En) {
        let data = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let out = crate::common::kifu()
            .env("KIFU_DATA_DIR", data.path())
            .args(["--plain", "--size", "9", "--lang", lang.code()])
            .write_stdin(input)
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(text.lines().count() > 15, "{}: {text}", lang.code());
        for line in text.lines() {
            let words = english_in(line, lang);
            if !words.is_empty() {
                found.push(format!("{}: {line} {words:?}", lang.code()));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// `kifu show`'s errors on standard error in the language asked for.
#[test]
fn kifu_show_says_its_errors_in_the_language_asked_for() {
    let sample = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/9x9-seki.sgf");
    let said = |lang: &str, args: &[&str]| {
        let out = crate::common::kifu()
            .args(["show", "--lang", lang])
            .args(args)
            .arg(&sample)
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(!out.status.success());
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let de = said("de", &["--move", "99"]);
    assert!(de.contains("es gibt keinen Zug 99"), "{de}");
    let english = english_in(&de, Lang::De);
    assert!(english.is_empty(), "{english:?} in {de}");
    let ja = said("ja", &["--game", "5"]);
    assert!(ja.contains("5 局目はない"), "{ja}");
    assert!(english_in(&ja, Lang::Ja).is_empty(), "{ja}");
}

/// A game's repairs said in the language asked for (`kifu show`, `kifu
/// score`), with the file's values as it wrote them; `kifu score --json`
/// keeps them English, as the rest of its JSON.
#[test]
fn a_games_repairs_are_said_in_the_language_asked_for() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let file = dir.path().join("odd.sgf");
    std::fs::write(&file, "(;GM[1]SZ[9]KM[abc]HA[x];B[ee];W[zz];B[ee])")
        .unwrap_or_else(|e| panic!("{e}"));
    let stderr = |args: &[&str]| {
        let out = crate::common::kifu()
            .args(args)
            .arg(&file)
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        // The file's path aside: a temporary folder's random name may
        // spell an English word (.tmpp1Yet5).
        let path = file.to_string_lossy();
        String::from_utf8_lossy(&out.stderr).replace(path.as_ref(), "")
    };
    let de = stderr(&["show", "--lang", "de"]);
    assert!(de.contains("KM[abc] ist keine Zahl"), "{de}");
    assert!(de.contains("HA[x] ist keine Zahl"), "{de}");
    assert!(de.contains("regelwidrig"), "{de}");
    let english = english_in(&de, Lang::De);
    assert!(english.is_empty(), "{english:?} in {de}");
    let zh = stderr(&["score", "--lang", "zh-CN"]);
    assert!(zh.contains("KM[abc] 不是数字"), "{zh}");
    let out = crate::common::kifu()
        .args(["score", "--json", "--lang", "fr"])
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let json = String::from_utf8_lossy(&out.stdout);
    assert!(json.contains("KM[abc] is not a number"), "{json}");
    // The file's own notes too: text outside the games, a cut file.
    std::fs::write(&file, "Hallo\n(;GM[1]SZ[9];B[ee];W[").unwrap_or_else(|e| panic!("{e}"));
    let de = stderr(&["show", "--lang", "de"]);
    assert!(de.contains("Bytes Text vor der ersten Partie"), "{de}");
    assert!(de.contains("abgeschnitten"), "{de}");
    let english = english_in(&de, Lang::De);
    assert!(english.is_empty(), "{english:?} in {de}");
    let fr = stderr(&["show", "--lang", "fr"]);
    assert!(
        fr.contains("octets de texte avant la première partie"),
        "{fr}"
    );
    // Another server's record: Tygem's GIB, cut before its end.
    let gib = "\\HS\n\\[GAMEBLACKNAME=a\\]\n\\[GAMEWHITENAME=b\\]\n\\HE\n\\GS\nSTO 0 1 1 3 3\n";
    std::fs::write(&file, gib).unwrap_or_else(|e| panic!("{e}"));
    let ko = stderr(&["show", "--lang", "ko"]);
    assert!(ko.contains("Tygem GIB 기보로 읽었습니다"), "{ko}");
    assert!(ko.contains("\\GE 없이 끝납니다"), "{ko}");
    // A file that is not there, or a folder.
    let missing = dir.path().join("missing.sgf");
    let out = crate::common::kifu()
        .args(["score", "--lang", "zh-CN"])
        .arg(&missing)
        .arg(dir.path())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let zh = String::from_utf8_lossy(&out.stderr);
    assert!(zh.contains("没有这个文件"), "{zh}");
    let out = crate::common::kifu()
        .args(["show", "--lang", "de"])
        .arg(dir.path())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let de = String::from_utf8_lossy(&out.stderr);
    assert!(de.contains("ist ein Ordner"), "{de}");
}

/// A save kifu refuses (a read-only file) is said in the user's language
/// in the TUI, with what to do; the file stays as it was.
#[test]
fn a_refused_save_is_said_in_the_language_asked_for() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("ro.sgf");
    std::fs::write(&path, "(;GM[1]SZ[9];B[ee])").unwrap_or_else(|e| panic!("{e}"));
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444))
        .unwrap_or_else(|e| panic!("{e}"));
    // (kifu reads the mode bits first: refused even for root.)
    for (lang, want) in [(Lang::De, "schreibgeschützt"), (Lang::Ja, "読み取り専用")] {
        let rec = kifu::game::record::GameRecord::new(9, kifu::game::rules::Rules::japanese())
            .unwrap_or_else(|e| panic!("{e}"));
        let mut a = App::new(rec, Some(path.clone()));
        a.set_lang(lang);
        let data = dir.path().join(format!("data-{}", lang.code()));
        let mut k = crate::common::keeper(&mut a, Some(data));
        crate::common::through(&mut k, &mut a, Action::Play);
        crate::common::through(&mut k, &mut a, Action::Save);
        let m = a.message().clone().unwrap_or_default();
        assert!(m.contains(want), "{m}");
        assert!(english_in(&m, lang).is_empty(), "{m}");
    }
    let kept = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(kept, "(;GM[1]SZ[9];B[ee])");
}

/// The check itself: a piece of the English catalogue is caught even when
/// none of its words is on the list of English words.
#[test]
fn english_in_catches_a_piece_of_the_english_catalogue() {
    let unlisted = english_pieces()
        .iter()
        .find(|p| {
            p.split(|c: char| !c.is_ascii_alphabetic())
                .all(|w| !ENGLISH.contains(&w.to_ascii_lowercase().as_str()))
        })
        .unwrap_or_else(|| panic!("every piece has a listed word"));
    let m = format!("Hinweis: {unlisted}");
    assert!(!english_in(&m, Lang::De).is_empty(), "{m}");
    assert!(english_in("KM[x] ist keine Zahl: wie geschrieben behalten", Lang::De).is_empty());
}

/// A failed save said in the user's language: kifu's own words for what
/// it was doing, the system's for why.
#[test]
fn a_failed_save_says_what_failed_in_the_language_asked_for() {
    let disk = std::io::Error::new(std::io::ErrorKind::StorageFull, "No space left on device");
    let path = std::path::PathBuf::from("/club/g.sgf");
    let e = anyhow::Error::new(disk).context(kifu::storage::Unwritable::DiskFull(path));
    let de = kifu::storage::said(&e, Lang::De);
    assert!(
        de.starts_with("/club/g.sgf nicht gesichert (ist die Platte voll?)"),
        "{de}"
    );
    assert!(de.ends_with("kein Platz mehr auf dem Datenträger"), "{de}");
    assert_eq!(english_in(&de, Lang::De), Vec::<String>::new());
    let en = kifu::storage::said(&e, Lang::En);
    assert!(en.ends_with(": no space left on the disk"), "{en}");
    // A reason kifu has no words for stays the system's own.
    let odd = std::io::Error::other("Stale file handle");
    let e = anyhow::Error::new(odd).context(kifu::storage::Unwritable::Create("/x".into()));
    assert!(kifu::storage::said(&e, Lang::Ja).ends_with("Stale file handle"));
}

/// Why KataGo gave no judgment, every reason, in each language: kifu's
/// words; what the system or KataGo said stays as it came.
#[test]
fn the_engines_failures_are_said_in_each_language() {
    use kifu::engine::EngineError as E;
    use kifu::storage::SystemReason;
    let denied = || SystemReason::of(&std::io::Error::from(std::io::ErrorKind::PermissionDenied));
    let all = [
        E::NotOnPath("katago".into()),
        E::NotAt("/opt/katago".into()),
        E::NoNetwork("/opt/net.bin.gz".into()),
        E::NoWorkFolder("/data/katago".into(), denied()),
        E::CannotStart("/opt/katago".into(), denied()),
        E::NoPipes,
        E::StoppedListening(SystemReason::of(&std::io::Error::from(
            std::io::ErrorKind::BrokenPipe,
        ))),
        E::Exited,
        E::Silent(2.5),
        E::GivenUp(2.5, 3),
        E::LineTooLong(4),
        E::Unreadable("<html>".into()),
        E::Refused("x".into()),
        E::NotNumbers,
        E::MapDoesNotFit,
        E::NotUsable,
    ];
    let mut found = Vec::new();
    for lang in Lang::ALL.into_iter().filter(|&l| l != Lang::En) {
        for e in &all {
            let said = e.words(lang);
            let words = english_in(&said, lang);
            if !words.is_empty() || said == e.to_string() {
                found.push(format!("{} {e:?}: {said} {words:?}", lang.code()));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
    assert_eq!(
        E::Silent(2.5).words(Lang::Fr),
        "KataGo n'a pas répondu en 2,5 s"
    );
}

/// Every screen a person meets, drawn whole at 80x24 and at a projector's
/// 160x50 in each language: recording with the clock running, the form,
/// the questions, the help, count mode's steps in both views, the legend,
/// presenting. No row holds English (the English catalogue's text or an
/// English word).
#[test]
fn no_screen_shows_english_in_another_language() {
    use crate::common::command;
    use kifu::game::clock::TimeControl;
    type Screen = Box<dyn Fn(Lang) -> App>;
    let mut screens: Vec<(String, Screen)> = Vec::new();
    for (name, keys) in lesson() {
        screens.push((name, Box::new(move |lang| reach(lang, &keys))));
    }
    let recording = |lang: Lang| {
        let mut a = App::new(
            kifu::game::record::GameRecord::new(9, kifu::game::rules::Rules::japanese())
                .expect("a board"),
            None,
        );
        a.set_lang(lang);
        a.start_clock(TimeControl::parse("30m 5x30s").expect("a control"));
        for p in ["D4", "E5", "F6"] {
            command(&mut a, p);
        }
        a
    };
    screens.push(("recording, the clock running".into(), Box::new(recording)));
    screens.push((
        "a move's comment and the game's".into(),
        Box::new(move |lang| {
            let mut a = recording(lang);
            // The players' own words are theirs: signs here.
            command(&mut a, "comment ★");
            command(&mut a, "gc ☆☆");
            a.update(Action::Start);
            command(&mut a, "comment ○");
            a
        }),
    ));
    for (name, keys) in [
        ("the form", vec![Action::Info]),
        ("the quit question", vec![Action::Quit]),
        ("save without a name", vec![Action::Save]),
        ("the help", vec![Action::Help]),
        ("count mode", vec![Action::Count]),
        ("confirmation play", vec![Action::Play]),
    ] {
        screens.push((
            format!("recording: {name}"),
            Box::new(move |lang| {
                let mut a = recording(lang);
                for k in &keys {
                    a.update(k.clone());
                }
                a
            }),
        ));
    }
    let mut found = Vec::new();
    for lang in Lang::ALL.into_iter().filter(|&l| l != Lang::En) {
        for (name, make) in &screens {
            let app = make(lang);
            for (w, h) in [(80, 24), (160, 50)] {
                let buf = buffer(&app, unicode(), w, h);
                for y in 0..h {
                    let text = row(&buf, y, 0, w);
                    let words = english_in(&text, lang);
                    if !words.is_empty() {
                        found.push(format!(
                            "{} {name} {w}x{h} row {y}: {} {words:?}",
                            lang.code(),
                            text.trim_end()
                        ));
                    }
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// A configuration file kifu cannot use, and a theme that does not exist,
/// said in the language the configuration or `--lang` asks for.
#[test]
fn the_settings_problems_are_said_in_the_language_asked_for() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.path().join("config.toml"), "size = 40\n").unwrap_or_else(|e| panic!("{e}"));
    let sample = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/9x9-seki.sgf");
    let out = crate::common::kifu()
        .env("KIFU_CONFIG_DIR", dir.path())
        .args(["show", "--lang", "de"])
        .arg(&sample)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("size = 40: Bretter gehen von 2 bis 25; die Voreinstellungen gelten"),
        "{err}"
    );
    assert!(english_in(&err, Lang::De).is_empty(), "{err}");
    // The configuration's own language, and a theme it names that does not exist.
    std::fs::write(
        dir.path().join("config.toml"),
        "language = \"ja\"\ntheme = \"nope\"\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = crate::common::kifu()
        .env("KIFU_CONFIG_DIR", dir.path())
        .env("LANG", "C.UTF-8")
        .args(["follow", "--plain", "/nonexistent/share.sock"])
        .timeout(std::time::Duration::from_secs(3))
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("テーマ nope：そのテーマはありません"), "{err}");
    // A language the configuration names that kifu does not speak: said
    // in the locale's.
    std::fs::write(dir.path().join("config.toml"), "language = \"xx\"\n")
        .unwrap_or_else(|e| panic!("{e}"));
    let out = crate::common::kifu()
        .env("KIFU_CONFIG_DIR", dir.path())
        .env("LC_ALL", "fr_FR.UTF-8")
        .arg("show")
        .arg(&sample)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("language = \"xx\" dans la configuration : kifu parle"),
        "{err}"
    );
    assert!(english_in(&err, Lang::Fr).is_empty(), "{err}");
}

/// Standard input that is not a game record, said in the language asked
/// for: standard input by its name there, and why.
#[test]
fn standard_input_that_is_no_record_is_said_in_the_language_asked_for() {
    let binary = vec![0u8; 70_000];
    for (lang, want) in [
        (
            Lang::De,
            "die Standardeingabe: keine SGF-Partie (Binärdaten:",
        ),
        (Lang::ZhCn, "标准输入：不是 SGF 棋谱（二进制数据："),
    ] {
        let out = crate::common::kifu()
            .args(["show", "--lang", lang.code(), "-"])
            .write_stdin(binary.clone())
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(want), "{}: {err}", lang.code());
        assert!(english_in(&err, lang).is_empty(), "{err}");
        assert!(!out.status.success());
    }
}

/// kifu run without a terminal (`kifu game.sgf | less`): the text view in
/// each language. FILE and OUT are the usage's names for what is typed.
#[test]
fn the_text_view_speaks_each_language() {
    let sample = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/9x9-seki.sgf");
    for lang in Lang::ALL.into_iter().filter(|&l| l != Lang::En) {
        for args in [vec![sample.display().to_string()], vec![]] {
            let out = crate::common::kifu()
                .args(["--lang", lang.code()])
                .args(&args)
                .output()
                .unwrap_or_else(|e| panic!("{e}"));
            let text = String::from_utf8_lossy(&out.stdout)
                .replace("FILE", "")
                .replace("OUT", "");
            assert!(text.lines().count() > 10, "{text}");
            let words = english_in(&text, lang);
            assert!(words.is_empty(), "{}: {words:?}\n{text}", lang.code());
        }
    }
}

/// `kifu --recover` with nothing to recover and `kifu score` with nothing
/// to count, in the language asked for.
#[test]
fn recover_and_score_with_nothing_speak_the_language_asked_for() {
    let data = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = crate::common::kifu()
        .env("KIFU_DATA_DIR", data.path())
        .args(["--lang", "de", "--recover"])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.starts_with("keine ungesicherten oder verworfenen Sitzungen in"),
        "{said}"
    );
    let out = crate::common::kifu()
        .args(["score", "--lang", "ja"])
        .arg(data.path())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("数えるものがありません"), "{err}");
    assert!(english_in(&err, Lang::Ja).is_empty(), "{err}");
}

/// Every catalogue written with its language's punctuation, all seven:
/// in Chinese and Japanese no ASCII colon or semicolon used as
/// punctuation beside their text (a command's `:word`, a time's `5:00`
/// and a host's `主机:端口` are not punctuation: text follows them at
/// once); in German and French no decimal point where they write a comma
/// (a result as SGF writes it, `B+3.5`, and an address are not numbers
/// said); and a sentence keeps its full stop in every language.
#[test]
fn each_catalogue_uses_its_language_s_punctuation() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/kifu-words/po");
    let cjk =
        |c: char| ('\u{3040}'..='\u{30ff}').contains(&c) || ('\u{3400}'..='\u{9fff}').contains(&c);
    let mut wrong = Vec::new();
    for lang in ["en", "zh-CN", "zh-TW", "ja", "ko", "de", "fr"] {
        let file = if lang == "en" {
            "kifu.pot".to_string()
        } else {
            format!("{lang}.po")
        };
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let (mut ctx, mut id) = ("", "");
        for line in text.lines() {
            if let Some(c) = line.strip_prefix("msgctxt ") {
                ctx = c;
            }
            if let Some(i) = line
                .strip_prefix("msgid \"")
                .and_then(|m| m.strip_suffix('"'))
            {
                id = i;
            }
            let Some(msg) = line
                .strip_prefix("msgstr \"")
                .and_then(|m| m.strip_suffix('"'))
            else {
                continue;
            };
            // English is the msgid itself.
            let msg = if lang == "en" { id } else { msg };
            if msg.is_empty() {
                continue;
            }
            let chars: Vec<char> = msg.chars().collect();
            for (i, &c) in chars.iter().enumerate() {
                let before = i.checked_sub(1).map(|j| chars[j]);
                let after = chars.get(i + 1).copied();
                let punct = matches!(c, ':' | ';')
                    && !after.is_some_and(|a| a.is_ascii_alphanumeric() || cjk(a))
                    && before.is_some_and(|b| cjk(b) || b == '}');
                if punct && matches!(lang, "zh-CN" | "zh-TW" | "ja") {
                    wrong.push(format!("{lang} {ctx}: ASCII {c:?} in {msg:?}"));
                }
                let decimal = c == '.'
                    && before.is_some_and(|b| b.is_ascii_digit())
                    && after.is_some_and(|a| a.is_ascii_digit());
                if decimal && matches!(lang, "de" | "fr") {
                    // Not a result as SGF writes it, nor an address.
                    let word: String = chars[..i]
                        .iter()
                        .rev()
                        .take_while(|c| !c.is_whitespace() && **c != '(')
                        .collect();
                    let address = chars[i + 1..]
                        .iter()
                        .take_while(|c| c.is_ascii_digit())
                        .count()
                        < 3
                        && chars[i + 1..].iter().find(|c| !c.is_ascii_digit()) == Some(&'.');
                    if !word.contains('+') && !address && !word.contains('.') {
                        wrong.push(format!("{lang} {ctx}: a decimal point in {msg:?}"));
                    }
                }
            }
            // A sentence keeps its full stop.
            if id.ends_with('.') && !id.ends_with("..") {
                let ends = ['.', '。', '．', '!', ')', '）', '?'];
                if !msg.chars().last().is_some_and(|l| ends.contains(&l)) {
                    wrong.push(format!("{lang} {ctx}: no full stop in {msg:?}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// `kifu show` in Chinese and Japanese joins its legend and labels with
/// the language's own punctuation, not ASCII "; " and ": ".
#[test]
fn show_speaks_chinese_and_japanese_punctuation() {
    let cjk =
        |c: char| ('\u{3040}'..='\u{30ff}').contains(&c) || ('\u{3400}'..='\u{9fff}').contains(&c);
    for lang in ["zh-CN", "zh-TW", "ja"] {
        for view in ["chinese", "japanese"] {
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
                .args(["show", "--count", view, "--lang", lang])
                .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/9x9-seki.sgf"))
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&out.stdout);
            for line in text.lines() {
                let chars: Vec<char> = line.chars().collect();
                for w in chars.windows(2) {
                    assert!(
                        !(cjk(w[0]) && matches!(w[1], ';' | ':') && !line.contains("http")),
                        "{lang} {view}: {line:?}"
                    );
                }
            }
        }
    }
}

/// The HTML page's headings in Chinese and Japanese use the language's
/// colon.
#[test]
fn the_page_s_headings_speak_chinese_and_japanese_punctuation() {
    let dir = tempfile::tempdir().unwrap();
    for lang in ["zh-CN", "zh-TW", "ja"] {
        let page = dir.path().join(format!("{lang}.html"));
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args([
                "show", "--count", "chinese", "--format", "html", "--lang", lang, "-o",
            ])
            .arg(&page)
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/9x9-seki.sgf"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let html = std::fs::read_to_string(&page).unwrap();
        for h in html.split("<h2>").skip(1) {
            let heading = h.split('<').next().unwrap_or("");
            assert!(!heading.contains(": "), "{lang}: {heading}");
        }
    }
}

/// An error names its file once, in every language (Chinese and
/// Japanese messages join the name with their own colon).
#[test]
fn an_error_names_its_file_once_in_every_language() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("binary.sgf");
    std::fs::write(&file, [0u8, 1, 2, 3, 0xff, 0xfe, 0, 0, 7, 8]).unwrap();
    let name = file.display().to_string();
    for lang in ["en", "zh-CN", "zh-TW", "ja", "ko", "de", "fr"] {
        for cmd in ["score", "show"] {
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
                .args([cmd, "--lang", lang])
                .arg(&file)
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(err.matches(name.as_str()).count(), 1, "{lang} {cmd}: {err}");
        }
    }
}

/// The game form writes the komi as the panel does in German and French
/// (7,5), and takes a komi typed with a decimal comma.
#[test]
fn the_form_writes_and_takes_a_decimal_comma() {
    use kifu::game::record::GameRecord;
    use kifu::game::rules::Rules;
    let mut a = App::new(GameRecord::new(9, Rules::japanese()).unwrap(), None);
    a.set_lang(Lang::De);
    a.update(Action::Info);
    let komi = |a: &App| match &a.mode() {
        Mode::Info(f) => f
            .fields
            .iter()
            .find(|(k, _)| k.label(Lang::En) == "Komi")
            .map(|(_, v)| v.clone())
            .unwrap_or_default(),
        _ => String::new(),
    };
    assert_eq!(komi(&a), "6,5");
    crate::common::select(&mut a, "Komi");
    for _ in 0..10 {
        a.update(Action::Backspace);
    }
    for c in "5,5".chars() {
        a.update(Action::Input(c));
    }
    a.update(Action::Submit);
    assert_eq!(a.record().komi(), 5.5, "{:?}", a.message());
}
