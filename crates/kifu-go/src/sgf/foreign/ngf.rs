//! WBaduk/CyberORO's NGF: fixed header lines (or the older `GI` lines),
//! then `PM` move lines.

use super::*;

/// A rank as WBaduk writes it (`9DP`, `5D*`, `3K`) in SGF's way.
fn ngf_rank(r: &str) -> String {
    r.trim_end_matches('*')
        .replace("DP", "p")
        .replace('K', "k")
        .replace('D', "d")
}

pub(super) fn ngf(lines: &[&str], lang: Lang) -> Result<Converted, String> {
    let line = |i: usize| lines.get(i).map_or("", |l| l.trim());
    let size: u8 = line(1)
        .parse()
        .map_err(|_| tr!(lang, "foreign.want_size", n = 2, found = line(1)))?;
    let mut t = Tree::new(size, "WBaduk", lang);
    // WBaduk (CyberORO) plays under Korean rules (docs/commands.md).
    t.set("RU", "Korean");
    for (i, (name_id, rank_id)) in [(2, ("PW", "WR")), (3, ("PB", "BR"))] {
        let words: Vec<&str> = line(i).split_whitespace().collect();
        if let Some(name) = words.first() {
            t.set(name_id, name);
        }
        if words.len() > 1
            && let Some(r) = words.last()
        {
            t.set(rank_id, &ngf_rank(r));
        }
    }
    let handicap: u32 = line(5).parse().unwrap_or(0);
    t.handicap(size, handicap, true, 6);
    if let Ok(k) = line(7).parse::<f64>() {
        // WBaduk writes the komi without its half point in even games.
        let k = if handicap == 0 && k == k.floor() {
            k + 0.5
        } else {
            k
        };
        t.set("KM", &crate::game::result::format_points(k));
    }
    let date = line(8).get(0..8).unwrap_or("");
    if date.len() == 8 && date.bytes().all(|b| b.is_ascii_digit()) {
        t.set(
            "DT",
            &format!("{}-{}-{}", &date[0..4], &date[4..6], &date[6..8]),
        );
    }
    if let Some(re) = ngf_result(line(10)) {
        t.set("RE", &re);
    }
    for (i, raw) in lines.iter().enumerate() {
        let l = raw.trim().as_bytes();
        if l.len() >= 7 && l.starts_with(b"PM") {
            match l[4] {
                b'B' | b'W' => {
                    let x = i64::from(l[5]) - i64::from(b'B');
                    let y = i64::from(l[6]) - i64::from(b'B');
                    t.play(l[4] == b'B', x, y, size, i + 1);
                }
                _ => {
                    let want = "PM NUMBER B|W XY";
                    let found = raw.trim();
                    return Err(tr!(
                        lang,
                        "foreign.want_move",
                        n = i + 1,
                        want = want,
                        found = found
                    ));
                }
            }
        }
    }
    Ok(t.finish("WBaduk NGF"))
}

/// The result line ("Black win by resign", "White lose 3.5") as SGF's RE.
fn ngf_result(line: &str) -> Option<String> {
    let result = line.to_lowercase();
    let w = if result.contains("black win") || result.contains("white lose") {
        'B'
    } else if result.contains("white win") || result.contains("black lose") {
        'W'
    } else {
        return None;
    };
    let margin = if result.contains("resign") {
        Some("R".to_string())
    } else if result.contains("time") {
        Some("T".to_string())
    } else {
        result
            .split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .find_map(|s| s.parse::<f64>().ok())
            .map(crate::game::result::format_points)
    };
    Some(format!("{w}+{}", margin.unwrap_or_default()))
}

/// The older NGF layout, each header line marked `GI`: the event, two
/// player lines (which is which it does not say: kept in the game
/// comment), the date, the size, the handicap; then the moves.
pub(super) fn ngf_gi(lines: &[&str], lang: Lang) -> Result<Converted, String> {
    let head: Vec<&str> = lines
        .iter()
        .map_while(|l| l.strip_prefix("GI"))
        .map(str::trim)
        .collect();
    let size = head
        .iter()
        .skip(3)
        .find_map(|h| h.parse::<u8>().ok().filter(|n| (2..=25).contains(n)))
        .ok_or_else(|| tr!(lang, "foreign.gi_size"))?;
    let mut t = Tree::new(size, "WBaduk", lang);
    // WBaduk (CyberORO) plays under Korean rules (docs/commands.md).
    t.set("RU", "Korean");
    t.set("EV", head.first().copied().unwrap_or(""));
    let players: Vec<&str> = head.iter().skip(1).take(2).copied().collect();
    t.set("GC", &format!("Players: {}", players.join("; ")));
    if let Some(d) = head
        .iter()
        .find(|h| h.contains('-') && h.starts_with(|c: char| c.is_ascii_digit()))
    {
        t.set("DT", d);
    }
    t.notes.push(tr!(lang, "foreign.ngf_gi"));
    for (i, raw) in lines.iter().enumerate() {
        let l = raw.trim().as_bytes();
        if l.len() >= 7 && l.starts_with(b"PM") && matches!(l[4], b'B' | b'W') {
            let x = i64::from(l[5]) - i64::from(b'B');
            let y = i64::from(l[6]) - i64::from(b'B');
            t.play(l[4] == b'B', x, y, size, i + 1);
        }
    }
    Ok(t.finish("WBaduk NGF"))
}
