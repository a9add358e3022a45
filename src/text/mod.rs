//! Plain-text views of a position for `kifu show`: a diagram with
//! coordinates on all sides and the facts below it. Pure: returns strings.

use std::borrow::Cow;

use crate::game::handicap::star_points;
use crate::game::record::{GameRecord, RulesText};
use crate::game::{Color, Move, Point};
use crate::i18n::{Lang, color_name};
use crate::tr;

fn column_line(size: u8) -> String {
    let mut s = String::from("   ");
    for c in (0..size).map(crate::game::Point::column_letter) {
        s.push(c);
        s.push(' ');
    }
    s.trim_end().to_string()
}

/// Text from a file (names, comments, notes) made safe to print: control
/// characters (C0, ESC, DEL, C1) are shown escaped (`\e`, `\n`, `\x07`,
/// `\u{9b}`), so nothing in a file can move the cursor, clear the screen or
/// set the window title.
pub fn printable(s: &str) -> Cow<'_, str> {
    escape_controls(s, false)
}

/// `printable` for text of several lines: line feeds are kept.
pub fn printable_lines(s: &str) -> Cow<'_, str> {
    escape_controls(s, true)
}

/// Characters that change how a terminal shows what follows them: the
/// controls (C0, DEL, C1) and the bidirectional formatting characters
/// (U+202E reverses a line: "evil" shows as "live").
fn unsafe_char(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A line of JSON with the characters JSON leaves raw but a terminal
/// obeys (C1 controls, bidi formatting) written as `\uXXXX` escapes: the
/// same string to a JSON reader, nothing to a terminal that shows it.
pub fn json_safe(line: String) -> String {
    if !line.chars().any(|c| unsafe_char(c) && (c as u32) >= 0x7f) {
        return line;
    }
    let mut out = String::with_capacity(line.len() + 16);
    for c in line.chars() {
        if unsafe_char(c) && (c as u32) >= 0x7f {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

fn escape_controls(s: &str, keep_lf: bool) -> Cow<'_, str> {
    if !s.chars().any(|c| unsafe_char(c) && !(keep_lf && c == '\n')) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\n' if keep_lf => out.push('\n'),
            '\x1b' => out.push_str("\\e"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x80 && c.is_control() => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if unsafe_char(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The board of the record's current position. With `ascii`, rows hold only
/// `X`, `O`, `.` and spaces; otherwise star points show as `+` and the last
/// move is bracketed like `(X)`.
pub fn diagram(rec: &GameRecord, ascii: bool) -> String {
    let board = rec.board();
    let size = board.size();
    let stars = if ascii { Vec::new() } else { star_points(size) };
    let last = match rec.node(rec.current()).mv {
        Some((_, Move::Play(p))) if !ascii => Some(p),
        _ => None,
    };
    frame(size, last, |p| match board.get(p) {
        Some(Color::Black) => 'X',
        Some(Color::White) => 'O',
        None if stars.contains(&p) => '+',
        None => '.',
    })
}

/// A board of one character per point, with coordinates on all sides and
/// `last` bracketed.
pub fn frame(size: u8, last: Option<Point>, cell: impl Fn(Point) -> char) -> String {
    let mut out = column_line(size);
    out.push('\n');
    for y in 0..size {
        let row = size - y;
        out.push_str(&format!("{row:>2}"));
        for x in 0..size {
            let p = Point::new(x, y);
            let sep = if Some(p) == last {
                '('
            } else if x > 0 && Some(Point::new(x - 1, y)) == last {
                ')'
            } else {
                ' '
            };
            out.push(sep);
            out.push(cell(p));
        }
        let end = if Some(Point::new(size - 1, y)) == last {
            ')'
        } else {
            ' '
        };
        out.push(end);
        out.push_str(&format!("{row}\n"));
    }
    out.push_str(&column_line(size));
    out.push('\n');
    out
}

/// The facts below the diagram: move number, last move, who plays,
/// captures.
pub fn facts(rec: &GameRecord, lang: Lang) -> String {
    let size = rec.size();
    let board = rec.board();
    let last = match rec.node(rec.current()).mv {
        Some((c, Move::Pass)) => format!("{} {}", color_name(lang, c), tr!(lang, "rec.pass")),
        Some((c, mv)) => format!("{} {}", color_name(lang, c), mv.to_gtp(size)),
        None => tr!(lang, "panel.last.none"),
    };
    let mut s = tr!(
        lang,
        "show.facts",
        n = rec.move_number(),
        last = last,
        side = color_name(lang, rec.to_move()),
        b = board.captures(Color::Black),
        w = board.captures(Color::White)
    );
    s.push('\n');
    s
}

/// A player as the header and the panel name them: the name (`?` when
/// unknown) and the rank in brackets, made safe to print.
pub fn player(name: &Option<String>, rank: &Option<String>) -> String {
    let n = name.as_deref().map_or("?".into(), printable);
    match rank {
        Some(r) if !r.is_empty() => format!("{n} ({})", printable(r)),
        _ => n.into_owned(),
    }
}

/// A header with the players, rules and komi. The file's own words for
/// its rules where kifu has no name of its own for them (or in English).
pub fn header(rec: &GameRecord, lang: Lang) -> String {
    let info = &rec.info;
    let who = player;
    let rules = match &info.rules_text {
        RulesText::Kept(t) => tr!(lang, "rules.named", name = printable(t)),
        RulesText::Named if lang == Lang::En => tr!(lang, "rules.named", name = rec.rules.name()),
        _ => rec.rules.title(lang),
    };
    let mut s = tr!(
        lang,
        "show.header",
        black = who(&info.black, &info.black_rank),
        white = who(&info.white, &info.white_rank),
        size = rec.size(),
        rules = rules,
        komi = crate::game::result::format_points(rec.komi())
    );
    if info.handicap > 0 {
        s.push_str(&tr!(lang, "show.handicap", n = info.handicap));
    }
    if let Some(r) = &info.result {
        s.push_str(&tr!(
            lang,
            "show.result",
            result = printable(&r.to_string())
        ));
    }
    s.push('\n');
    s
}

pub mod walkthrough;

/// A number with its noun, singular or plural: "1 move", "2 moves".
pub fn count_of(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Whether the locale (LC_ALL, LC_CTYPE, then LANG: the first set) says
/// UTF-8; `get` reads the environment.
pub fn utf8_locale(get: impl Fn(&str) -> Option<String>) -> bool {
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|k| get(k).filter(|v| !v.is_empty()))
        .unwrap_or_default()
        .to_ascii_lowercase();
    locale.contains("utf-8") || locale.contains("utf8")
}

/// Text for a terminal without UTF-8 (LANG=C): every character outside
/// ASCII written as `\u{...}`, so a name never reaches it as raw bytes.
pub fn ascii_only(s: &str) -> Cow<'_, str> {
    if s.is_ascii() {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        }
    }
    Cow::Owned(out)
}

/// Lines of at most `width` columns (East Asian wide characters count
/// two), for text drawn where ratatui's own wrapping would let a wide
/// character start in the last column. Words break at spaces; a long run
/// of Chinese or Japanese (no spaces) breaks between its characters, never
/// inside a number and never before closing punctuation; a short word
/// (Korean puts spaces between words) moves to the next line whole.
pub fn wrap_columns(text: &str, width: usize) -> Vec<String> {
    use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};
    let width = width.max(2);
    let mut lines = vec![String::new()];
    let mut used = 0;
    let push = |lines: &mut Vec<String>, used: &mut usize, piece: &str| {
        if let Some(l) = lines.last_mut() {
            l.push_str(piece);
            *used += piece.width();
        }
    };
    for word in text.split_whitespace() {
        let w = word.width();
        let sep = usize::from(used > 0);
        let wide = word.chars().any(|c| c.width().unwrap_or(0) > 1);
        if used + sep + w <= width {
            push(&mut lines, &mut used, &" ".repeat(sep));
            push(&mut lines, &mut used, word);
            continue;
        }
        if w <= width && (!wide || w <= width / 3) {
            lines.push(String::new());
            used = 0;
            push(&mut lines, &mut used, word);
            continue;
        }
        if used > 0 {
            push(&mut lines, &mut used, " ");
        }
        for piece in pieces(word) {
            if used > 0 && used + piece.width() > width {
                lines.push(String::new());
                used = 0;
            }
            if piece.width() <= width {
                push(&mut lines, &mut used, &piece);
                continue;
            }
            // A run longer than a line (a path): cut where it must.
            for c in piece.chars() {
                if used + c.width().unwrap_or(0) > width {
                    lines.push(String::new());
                    used = 0;
                }
                push(&mut lines, &mut used, c.encode_utf8(&mut [0; 4]));
            }
        }
    }
    lines
}

/// A word in the pieces a line may break between: each wide character on
/// its own, runs of narrow ones (numbers, Latin words) whole, closing
/// punctuation kept with what it closes.
fn pieces(word: &str) -> Vec<String> {
    use unicode_width::UnicodeWidthChar;
    let closing = |c: char| "，。、：；！？）」』》〉,.:;!?)]".contains(c);
    let mut out: Vec<String> = Vec::new();
    let mut last_wide = true;
    for c in word.chars() {
        let wide = c.width().unwrap_or(0) > 1;
        match out.last_mut() {
            Some(p) if closing(c) || (!wide && !last_wide) => p.push(c),
            _ => out.push(c.to_string()),
        }
        last_wide = wide && !closing(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::wrap_columns;
    use unicode_width::UnicodeWidthStr;

    #[test]
    fn text_wraps_by_columns_in_every_script() {
        let zh = "第五步：归本数为40.5子，黑方贴3.75子，黑方须超过44.25子；黑方52.5子（白方：81 - 52.5 = 28.5）：黑方胜8又1/4子，B+16.5。";
        for width in [20, 33, 40, 64, 80] {
            let lines = wrap_columns(zh, width);
            assert_eq!(lines.concat().replace(' ', ""), zh.replace(' ', ""));
            for l in &lines {
                assert!(l.width() <= width, "{width}: {l}");
                // Never a line that starts with closing punctuation.
                assert!(!l.starts_with(['，', '。', '：', '；', '）']), "{l}");
            }
            // Never a number cut in two.
            let numeric = |c: char| c.is_ascii_digit() || c == '.';
            for pair in lines.windows(2) {
                let cut = pair[0].ends_with(numeric) && pair[1].starts_with(numeric);
                assert!(!cut, "{width}: {pair:?}");
            }
        }
        // Korean words move whole; English as before.
        let ko = wrap_columns("2단계: 흑의 집을 10개씩 센다: 10개 묶음 2개와 나머지 7", 20);
        assert!(ko.iter().all(|l| l.width() <= 20), "{ko:?}");
        assert!(
            ko.iter()
                .any(|l| l.starts_with("센다:") || l.contains(" 센다:")),
            "{ko:?}"
        );
        assert_eq!(wrap_columns("a bb ccc", 4), ["a bb", "ccc"]);
        // A word longer than a line is cut, never left to run past it.
        assert!(
            wrap_columns(&"x".repeat(30), 8)
                .iter()
                .all(|l| l.width() <= 8)
        );
    }
}
