//! The catalogues are gettext PO files (`crates/kifu-words/po/`), the
//! format translators' tools read (Poedit, Lokalize, Weblate, msgfmt):
//! each entry's `msgctxt` is kifu's key, its `msgid` the English, its
//! `msgstr` the translation; entries of context `help` translate the key
//! table's help by its English text. They are compiled into the binary
//! (`include_str!`) and read once, at first use.
//!
//! Read here rather than with a PO crate: kifu needs only msgctxt, msgid
//! and msgstr of files it ships and tests (no plurals, no .mo), and the
//! crates for it read files from disk or pull in a parser framework.

/// One entry of a PO file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Entry {
    pub ctxt: String,
    pub id: String,
    pub text: String,
}

/// Which field a string line continues.
#[derive(Clone, Copy)]
enum Field {
    Ctxt,
    Id,
    Text,
}

/// The entries of a PO file (the header, msgid "", left out), or what is
/// wrong with it and on which line.
pub fn parse(source: &str) -> Result<Vec<Entry>, String> {
    let mut out = Vec::new();
    let mut entry = Entry::default();
    let mut field: Option<Field> = None;
    let mut started = false;
    for (n, raw) in source.lines().enumerate() {
        let line = raw.trim();
        let at = |why: &str| format!("line {}: {why}", n + 1);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (keyword, rest) = match line.split_once(' ') {
            Some((k, r)) if !line.starts_with('"') => (k, r.trim()),
            _ => ("", line),
        };
        let value = unquote(rest).ok_or_else(|| at("a string in double quotes expected"))?;
        let next = match keyword {
            "msgctxt" => Field::Ctxt,
            "msgid" => Field::Id,
            "msgstr" => Field::Text,
            "" => {
                let f = field.ok_or_else(|| at("a string with no msgid before it"))?;
                push(&mut entry, f, &value);
                continue;
            }
            other => return Err(at(&format!("unknown keyword {other}"))),
        };
        // A msgctxt, or a msgid with none before it, starts the next entry.
        let starts = matches!(next, Field::Ctxt)
            || (matches!(next, Field::Id) && !matches!(field, Some(Field::Ctxt)));
        if starts && started {
            finish(&mut out, std::mem::take(&mut entry));
        }
        started = true;
        field = Some(next);
        push(&mut entry, next, &value);
    }
    if started {
        finish(&mut out, entry);
    }
    Ok(out)
}

fn push(entry: &mut Entry, field: Field, value: &str) {
    match field {
        Field::Ctxt => entry.ctxt.push_str(value),
        Field::Id => entry.id.push_str(value),
        Field::Text => entry.text.push_str(value),
    }
}

/// Keeps an entry, but not the header (msgid "").
fn finish(out: &mut Vec<Entry>, entry: Entry) {
    if !entry.id.is_empty() {
        out.push(entry);
    }
}

/// A PO string's text: `"..."` with `\\`, `\"`, `\n` and `\t`.
fn unquote(s: &str) -> Option<String> {
    let inner = s.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push(match chars.next()? {
                'n' => '\n',
                't' => '\t',
                '"' => '"',
                '\\' => '\\',
                _ => return None,
            }),
            '"' => return None,
            c => out.push(c),
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_with_context_continuations_and_escapes() {
        let po = "# a comment\nmsgid \"\"\nmsgstr \"\"\n\"Language: de\\n\"\n\n\
                  #. step 1\nmsgctxt \"cn.remove\"\nmsgid \"take \\\"dead\\\" \"\n\"stones\"\n\
                  msgstr \"Steine\\nab\"\n\nmsgctxt \"help\"\nmsgid \"pass\"\nmsgstr \"passen\"\n";
        let e = parse(po).unwrap_or_default();
        assert_eq!(
            e,
            vec![
                Entry {
                    ctxt: "cn.remove".into(),
                    id: "take \"dead\" stones".into(),
                    text: "Steine\nab".into(),
                },
                Entry {
                    ctxt: "help".into(),
                    id: "pass".into(),
                    text: "passen".into(),
                },
            ]
        );
    }

    #[test]
    fn a_broken_file_says_where() {
        assert_eq!(
            parse("msgid \"a\"\nmsgstr \"b").err().as_deref(),
            Some("line 2: a string in double quotes expected")
        );
        assert!(parse("\"orphan\"").is_err());
        assert!(parse("msgfoo \"x\"").is_err());
    }
}
