//! Bytes to text: by BOM, then by the `CA` property, then UTF-8 if valid,
//! else by detection (chardetng). Every guess is reported.

use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE};

use crate::i18n::Lang;
use crate::tr;

pub struct Decoded {
    pub text: String,
    /// The encoding used, by its WHATWG name (e.g. "GBK", "Shift_JIS").
    pub encoding: &'static str,
    /// What kifu had to guess or repair, for the user.
    pub notes: Vec<String>,
    /// The language of the notes (and of those the reading adds).
    pub lang: Lang,
}

/// The value of the first `CA[...]` in the raw bytes from the first game
/// tree on (ASCII-compatible encodings only; UTF-16 is found by its BOM or
/// zero bytes first). Text before the first game is not SGF: a `CA[` in it
/// (a note quoting SGF) would decide how the games read, and differently
/// once a save has written them in UTF-8.
fn find_charset(bytes: &[u8]) -> Option<String> {
    let tree = |at: usize| {
        bytes[at + 1..]
            .iter()
            .find(|b| !b.is_ascii_whitespace())
            .is_some_and(|&b| b == b';')
    };
    let mut i = (0..bytes.len())
        .find(|&at| bytes[at] == b'(' && tree(at))
        .unwrap_or(0);
    while let Some(pos) = bytes[i..].windows(3).position(|w| w == b"CA[") {
        let at = i + pos;
        // A property identifier: not preceded by another uppercase letter.
        let standalone = at == 0 || !bytes[at - 1].is_ascii_uppercase();
        if standalone {
            let start = at + 3;
            let end = bytes[start..].iter().position(|&b| b == b']')? + start;
            return Some(
                String::from_utf8_lossy(&bytes[start..end])
                    .trim()
                    .to_string(),
            );
        }
        i = at + 3;
    }
    None
}

/// Labels seen in SGF files that the WHATWG list (encoding_rs) lacks.
fn for_label(label: &str) -> Option<&'static Encoding> {
    let lower = label.trim().to_ascii_lowercase();
    let alias = match lower.as_str() {
        "euc-cn" | "euccn" | "gb-2312" | "cp936" | "gb_2312" => "gbk",
        "shift-jis" | "sjis" | "cp932" => "shift_jis",
        "big-5" | "cp950" => "big5",
        "cp949" | "uhc" => "euc-kr",
        "utf_8" => "utf-8",
        other => other,
    };
    Encoding::for_label(alias.as_bytes())
}

/// UTF-16 without a BOM: SGF starts with `(`, so a zero byte beside it
/// gives the byte order away.
fn sniff_utf16(bytes: &[u8]) -> Option<&'static Encoding> {
    let start = bytes
        .iter()
        .position(|&b| b != 0 && !b.is_ascii_whitespace())?;
    if bytes.len() < 4 {
        return None;
    }
    let zeros_even = bytes
        .iter()
        .step_by(2)
        .take(64)
        .filter(|&&b| b == 0)
        .count();
    let zeros_odd = bytes
        .iter()
        .skip(1)
        .step_by(2)
        .take(64)
        .filter(|&&b| b == 0)
        .count();
    let half = bytes.len().min(128) / 2;
    if zeros_odd * 10 >= half * 8 && start % 2 == 0 {
        Some(UTF_16LE)
    } else if zeros_even * 10 >= half * 8 && start % 2 == 1 {
        Some(UTF_16BE)
    } else {
        None
    }
}

fn strict(enc: &'static Encoding, bytes: &[u8]) -> Option<String> {
    enc.decode_without_bom_handling_and_without_replacement(bytes)
        .map(|c| c.into_owned())
}

fn detect(bytes: &[u8]) -> &'static Encoding {
    let mut det = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Allow);
    det.feed(bytes, true);
    det.guess(None, chardetng::Utf8Detection::Allow)
}

/// `decode` of bytes kifu may keep: plain UTF-8 (no byte order mark, no
/// zero bytes of UTF-16, no other character set named) becomes the text
/// without a copy, so a large collection is in memory once, not twice.
pub fn decode_owned(bytes: Vec<u8>, lang: Lang) -> Decoded {
    let plain = Encoding::for_bom(&bytes).is_none()
        && sniff_utf16(&bytes).is_none()
        && find_charset(&bytes).is_none_or(|l| for_label(&l) == Some(UTF_8));
    if !plain {
        return decode(&bytes, lang);
    }
    match String::from_utf8(bytes) {
        Ok(text) => decoded(text, UTF_8, Vec::new(), lang),
        Err(e) => decode(e.as_bytes(), lang),
    }
}

pub fn decode(bytes: &[u8], lang: Lang) -> Decoded {
    let mut notes = Vec::new();
    if let Some((enc, bom_len)) = Encoding::for_bom(bytes) {
        let (text, had_errors) = enc.decode_without_bom_handling(&bytes[bom_len..]);
        if had_errors {
            notes.push(tr!(lang, "sgf.bad_bytes", enc = enc.name()));
        }
        return decoded(text.into_owned(), enc, notes, lang);
    }
    if let Some(enc) = sniff_utf16(bytes) {
        let (text, _) = enc.decode_without_bom_handling(bytes);
        notes.push(tr!(lang, "sgf.no_bom", enc = enc.name()));
        return decoded(text.into_owned(), enc, notes, lang);
    }
    if let Some(label) = find_charset(bytes) {
        match for_label(&label) {
            Some(enc) => return by_label(bytes, &label, enc, (notes, lang)),
            None if !bytes.is_ascii() => notes.push(tr!(lang, "sgf.ca_unknown", label = label)),
            None => {}
        }
    }
    if let Some(text) = strict(UTF_8, bytes) {
        return decoded(text, UTF_8, notes, lang);
    }
    let guess = detect(bytes);
    let (text, had_errors) = guess.decode_without_bom_handling(bytes);
    let key = if had_errors {
        "sgf.detected_replaced"
    } else {
        "sgf.detected"
    };
    notes.push(tr!(lang, key, enc = guess.name()));
    decoded(text.into_owned(), guess, notes, lang)
}

fn decoded(text: String, enc: &'static Encoding, notes: Vec<String>, lang: Lang) -> Decoded {
    Decoded {
        text,
        encoding: enc.name(),
        notes,
        lang,
    }
}

/// The bytes read by their CA label. The label is often wrong (files
/// re-saved by an editor): then valid UTF-8 is preferred, else detection.
fn by_label(
    bytes: &[u8],
    label: &str,
    enc: &'static Encoding,
    (mut notes, lang): (Vec<String>, Lang),
) -> Decoded {
    if let Some(text) = strict(enc, bytes) {
        return decoded(text, enc, notes, lang);
    }
    if let Some(text) = strict(UTF_8, bytes) {
        notes.push(tr!(lang, "sgf.ca_wrong_utf8", label = label));
        return decoded(text, UTF_8, notes, lang);
    }
    let guess = detect(bytes);
    let (text, _) = guess.decode_without_bom_handling(bytes);
    notes.push(tr!(lang, "sgf.ca_wrong", label = label, enc = guess.name()));
    decoded(text.into_owned(), guess, notes, lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decoding bytes it may keep gives what decoding a borrowed copy gives,
    /// whatever the encoding.
    #[test]
    fn owned_decoding_is_the_same() {
        let (gbk, _, _) = encoding_rs::GBK.encode("(;CA[GB2312]PB[李昌镐])");
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("(;PB[本因坊])");
        let mut utf16 = vec![0xff, 0xfe];
        for u in "(;PB[a])".encode_utf16() {
            utf16.extend(u.to_le_bytes());
        }
        let inputs: Vec<Vec<u8>> = vec![
            "(;CA[UTF-8]PB[李昌镐])".as_bytes().to_vec(),
            "(;PB[李昌镐])".as_bytes().to_vec(),
            "(;CA[utf_8]PB[a])".as_bytes().to_vec(),
            "\u{feff}(;PB[a])".as_bytes().to_vec(),
            "(;CA[klingon]PB[é])".as_bytes().to_vec(),
            "(;CA[Latin1]PB[plain])".as_bytes().to_vec(),
            gbk.into_owned(),
            sjis.into_owned(),
            utf16,
            vec![b'(', b';', 0xff, 0xfe, b')'],
            Vec::new(),
        ];
        for bytes in inputs {
            let (a, b) = (
                decode(&bytes, Lang::En),
                decode_owned(bytes.clone(), Lang::En),
            );
            assert_eq!(
                (a.text, a.encoding, a.notes),
                (b.text, b.encoding, b.notes),
                "{bytes:?}"
            );
        }
    }

    #[test]
    fn utf8_with_and_without_ca() {
        let d = decode("(;CA[UTF-8]PB[李昌镐])".as_bytes(), Lang::En);
        assert_eq!(d.encoding, "UTF-8");
        assert!(d.text.contains("李昌镐"));
        assert!(d.notes.is_empty());
        let d = decode("(;PB[李昌镐])".as_bytes(), Lang::En);
        assert!(d.text.contains("李昌镐"));
    }

    #[test]
    fn gb2312_by_ca() {
        let (bytes, _, _) = encoding_rs::GBK.encode("(;CA[gb2312]PB[古力])");
        let d = decode(&bytes, Lang::En);
        assert_eq!(d.encoding, "GBK");
        assert!(d.text.contains("古力"));
    }

    #[test]
    fn shift_jis_by_ca_and_euc_kr() {
        let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode("(;CA[Shift_JIS]PB[本因坊秀策])");
        assert!(decode(&bytes, Lang::En).text.contains("本因坊秀策"));
        let (bytes, _, _) = encoding_rs::EUC_KR.encode("(;CA[EUC-KR]PB[이세돌])");
        assert!(decode(&bytes, Lang::En).text.contains("이세돌"));
    }

    #[test]
    fn utf16_with_bom_and_without() {
        let text = "(;PB[Honinbo])";
        let mut le = vec![0xFF, 0xFE];
        for u in text.encode_utf16() {
            le.extend_from_slice(&u.to_le_bytes());
        }
        assert_eq!(decode(&le, Lang::En).text, text);
        let be: Vec<u8> = text.encode_utf16().flat_map(|u| u.to_be_bytes()).collect();
        let d = decode(&be, Lang::En);
        assert_eq!(d.text, text);
        assert_eq!(d.notes.len(), 1);
    }

    #[test]
    fn euc_cn_is_gb2312() {
        let (bytes, _, _) = encoding_rs::GBK.encode("(;CA[EUC-CN]PB[聂卫平])");
        let d = decode(&bytes, Lang::En);
        assert!(d.text.contains("聂卫平"));
        assert!(d.notes.is_empty(), "{:?}", d.notes);
    }

    #[test]
    fn wrong_ca_falls_back_to_utf8() {
        let d = decode("(;CA[Big5]PB[藤沢秀行])".as_bytes(), Lang::En);
        // Valid Big5 it is not (UTF-8 bytes); the UTF-8 reading wins.
        assert!(d.text.contains("藤沢秀行"), "{}", d.text);
        assert!(!d.notes.is_empty());
    }

    #[test]
    fn latin1_without_ca_is_detected() {
        let bytes = b"(;PB[J\xf6rg M\xfcller]C[Sch\xf6nes Spiel, sehr sch\xf6n])";
        let d = decode(bytes, Lang::En);
        assert!(d.text.contains("Jörg Müller"), "{}", d.text);
        assert_eq!(d.notes.len(), 1);
    }
}
