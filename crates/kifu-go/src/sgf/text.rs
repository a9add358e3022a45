//! SGF Text escaping: `\` escapes the next character; `\` before a line
//! break is a soft break and disappears.

pub fn unescape(raw: &str) -> String {
    if !raw.contains('\\') {
        return raw.to_string();
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            // A soft line break: `\` + CRLF / LFCR counts as one break.
            Some('\n') => {
                chars.next_if_eq(&'\r');
            }
            Some('\r') => {
                chars.next_if_eq(&'\n');
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// Escapes text for an SGF value. `compose` also escapes `:` (values of
/// composed types such as `LB[pd:label]`).
pub fn escape(text: &str, compose: bool) -> String {
    let mut out = String::with_capacity(text.len() + 4);
    for c in text.chars().filter(|&c| !dropped_control(c)) {
        if c == ']' || c == '\\' || (compose && c == ':') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The control characters kifu never writes (line breaks and tabs it
/// keeps): the C0 controls, DEL and the C1 controls (U+0080 to U+009F,
/// which some terminals obey as escapes). Enough of them would make its
/// own file look like binary data.
pub fn dropped_control(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r')
}

/// A value kept as written, with `?` for each control character kifu
/// never writes (a mark, not nothing: `B[\x1b]` must not become `B[]`, a
/// pass).
pub fn without_controls(v: &str) -> std::borrow::Cow<'_, str> {
    if v.chars().any(dropped_control) {
        std::borrow::Cow::Owned(
            v.chars()
                .map(|c| if dropped_control(c) { '?' } else { c })
                .collect(),
        )
    } else {
        std::borrow::Cow::Borrowed(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_of_special_characters() {
        let s = "a ] b \\ c : d\nnext line";
        assert_eq!(unescape(&escape(s, false)), s);
        assert_eq!(escape("x:y", true), "x\\:y");
        assert_eq!(escape("x:y", false), "x:y");
    }

    #[test]
    fn no_control_character_is_written() {
        let s = "a\u{1b}b\u{7f}c\u{85}d\u{9b}e\tf\ng\u{a0}h";
        assert_eq!(escape(s, false), "abcde\tf\ng\u{a0}h");
        assert_eq!(without_controls("\u{7f}\u{9f}x"), "??x");
    }

    #[test]
    fn soft_line_breaks_vanish() {
        assert_eq!(unescape("long \\\nline"), "long line");
        assert_eq!(unescape("long \\\r\nline"), "long line");
        assert_eq!(unescape("a\\]b"), "a]b");
    }
}
