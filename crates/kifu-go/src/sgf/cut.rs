//! Where the games of a decoded text are, and what lies outside them: the
//! cut that hands each game over (parsed, or only its span when the text
//! is clean) with the notes found since the previous game and the text
//! outside the game trees, which a save writes back in its place.

use std::borrow::Cow;
use std::sync::Arc;

use super::*;
use crate::tr;

/// How `decoded_each` finds the games: parsed (the games are read there),
/// or, for a text handed on to be read elsewhere, only their spans when
/// the text is clean (`spans.rs`; the parser else).
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Cut {
    Parse,
    Spans,
}

/// What `decoded_each` hands over per game: the parsed trees, which of
/// them, the game's number, the file's notes since the previous game and
/// the text outside game trees just before it (see `GameText::before`).
/// With `Cut::Spans` the trees may be left unparsed: only `span` and `k`
/// are then meaningful.
/// The text handed over is shared (`Arc`): a collection split into its
/// games' texts keeps spans of it, not copies (a 100 MB file costs 100 MB).
pub(super) type EachRaw<'a> =
    dyn FnMut(&Arc<String>, &parse::RawCollection<'_>, usize, usize, Vec<String>, &str) + 'a;

/// Hands over the games of decoded text (any encoding, other servers'
/// formats) as they are parsed.
pub(super) fn decoded_each(
    decoded: decode::Decoded,
    cut: Cut,
    each: &mut EachRaw<'_>,
) -> FileFacts {
    let mut notes = decoded.notes;
    let how = (decoded.encoding, decoded.lang);
    match foreign::convert(&decoded.text, decoded.lang) {
        // Moved into the Arc, not copied.
        None => read_text_each(&Arc::new(decoded.text), how, notes, cut, each),
        Some(Ok(c)) => {
            notes.extend(c.notes);
            let mut facts = read_text_each(&Arc::new(c.sgf), how, notes, cut, each);
            facts.lossy |= c.lossy;
            facts.format = Some(c.format);
            facts
        }
        Some(Err(why)) => FileFacts::refused(decoded.encoding, notes, why),
    }
}

/// The text between `from` and `to` (outside the game trees), when it is
/// more than whitespace, with `?` for each control character kifu never
/// writes (the file counts as changed for them, as in values). After a game
/// (`from` > 0) without its first line break: kifu writes one after every
/// game, so a save gives the same text again.
fn kept_outside(text: &str, from: usize, to: usize) -> Cow<'_, str> {
    let t = text.get(from..to).unwrap_or_default();
    let t = if from == 0 {
        t
    } else {
        t.strip_prefix("\r\n")
            .or_else(|| t.strip_prefix('\n'))
            .unwrap_or(t)
    };
    if t.contains(text::dropped_control) {
        // Each replaced by `?`, not dropped: `(` NUL `;` is not a game
        // tree, and must not become one on the next reading.
        let kept: String = t
            .chars()
            .map(|c| if text::dropped_control(c) { '?' } else { c })
            .collect();
        return Cow::Owned(kept);
    }
    if t.trim().is_empty() {
        Cow::Borrowed("")
    } else {
        Cow::Borrowed(t)
    }
}

/// The note on text outside the trees before game `games + 1`.
fn outside_note(bytes: usize, games: usize, lang: Lang) -> String {
    if games == 0 {
        tr!(lang, "sgf.text_before", n = bytes)
    } else {
        let next = games + 1;
        tr!(lang, "sgf.text_between", n = bytes, a = games, b = next)
    }
}

/// The games of decoded text (its encoding's name, and the notes'
/// language), handed over as `decoded_each` does.
pub(super) fn read_text_each(
    text: &Arc<String>,
    (encoding, lang): (&'static str, Lang),
    mut notes: Vec<String>,
    cut: Cut,
    each: &mut EachRaw<'_>,
) -> FileFacts {
    // Not a game record at all: binary data, or mostly text that is not SGF.
    if let Some(why) = binary_reason(text, lang).or_else(|| mostly_not_sgf(text, lang)) {
        return FileFacts::refused(encoding, notes, why);
    }
    // Control characters in values (a stray BEL, an ESC): dropped when
    // read, never written, so the file counts as changed by a save.
    // Those characters are single bytes below 0x20 (never part of a longer
    // UTF-8 sequence): a scan of bytes finds them as a scan of characters
    // would, several times faster on a collection of 100 MB.
    let controls = count_controls(text, *b"\t\n\r");
    let controls_lossy = controls > 0;
    if controls_lossy {
        let at = text.find(text::dropped_control).unwrap_or(0);
        notes.push(tr!(lang, "sgf.controls", n = controls, at = at));
    }
    // The file's notes so far go with the next game: first the decoding's,
    // then the syntax notes found since the previous game.
    let mut pending = notes.clone();
    let mut count = 0;
    if let Some(spans) = (cut == Cut::Spans)
        .then(|| spans::clean_spans(text))
        .flatten()
    {
        // Clean: the parser would have found these games and no note.
        let mut raw = parse::RawCollection::default();
        raw.games.push(0);
        for span in spans {
            raw.span = span;
            count += 1;
            each(text, &raw, 0, count, std::mem::take(&mut pending), "");
        }
        let not_sgf = (count == 0).then(|| tr!(lang, "sgf.no_tree"));
        return FileFacts {
            encoding,
            notes,
            lossy: controls_lossy,
            games: count,
            not_sgf,
            format: None,
            after: String::new(),
        };
    }
    let (count, lossy, after) = parsed(text, (&mut notes, lang), pending, each);
    FileFacts {
        encoding,
        notes,
        lossy: lossy || controls_lossy,
        games: count,
        not_sgf: (count == 0).then(|| tr!(lang, "sgf.no_tree")),
        format: None,
        after,
    }
}

/// The games of a text that is not clean, parsed (with the parser's
/// repairs and notes, added to `notes`), each handed over with the text
/// outside the trees before it. Gives the number of games, whether
/// something was dropped, and the text after the last game.
fn parsed(
    text: &Arc<String>,
    (notes, lang): (&mut Vec<String>, Lang),
    mut pending: Vec<String>,
    each: &mut EachRaw<'_>,
) -> (usize, bool, String) {
    let (mut count, mut given) = (0, 0);
    // Where the previous game tree ended: the text from there to the next
    // one is outside the trees, kept as it is.
    let mut end = 0;
    let mut outside = Vec::new();
    let raw = parse::parse_each(text, lang, &mut |raw| {
        pending.extend(raw.notes[given..].iter().cloned());
        given = raw.notes.len();
        let before = kept_outside(text, end, raw.span.0);
        if !before.is_empty() {
            outside.push(outside_note(before.len(), count, lang));
        }
        end = raw.span.1;
        for k in 0..raw.games.len() {
            count += 1;
            let before: &str = if k == 0 { &before } else { "" };
            each(text, raw, k, count, std::mem::take(&mut pending), before);
        }
    });
    notes.extend(outside);
    notes.extend(raw.notes.iter().cloned());
    let after = if count == 0 {
        Cow::Borrowed("")
    } else {
        kept_outside(text, end, text.len())
    };
    if !after.is_empty() {
        notes.push(tr!(lang, "sgf.text_after", n = after.len()));
    }
    (count, raw.lossy, after.to_string())
}
