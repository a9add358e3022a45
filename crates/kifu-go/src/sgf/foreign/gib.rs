//! Tygem's GIB: a header of `\\[KEY=VALUE\\]` lines, `INI` (the
//! handicap), `STO` (the moves), `GRLT`/`ZIPSU` (the result).

use super::*;

/// `NAME (RANK)` or `NAME`.
fn name_and_rank(raw: &str) -> (String, Option<String>) {
    match raw
        .trim()
        .strip_suffix(')')
        .and_then(|r| r.rsplit_once('('))
    {
        Some((name, rank)) if !name.trim().is_empty() => {
            (name.trim().to_string(), Some(rank.trim().to_string()))
        }
        _ => (raw.trim().to_string(), None),
    }
}

/// A field `KEY:VALUE` of a comma-separated GIB list.
fn field<'a>(list: &'a str, key: &str) -> Option<&'a str> {
    list.split(',')
        .find_map(|f| f.trim().strip_prefix(key)?.strip_prefix(':'))
}

/// GIB's result: GRLT (0 B+n, 1 W+n, 3 B+R, 4 W+R, 7 B+T, 8 W+T) and
/// ZIPSU (the margin in tenths).
fn gib_result(grlt: &str, zipsu: &str) -> Option<String> {
    let margin = zipsu.trim().parse::<f64>().ok().map(|z| z / 10.0);
    Some(match (grlt.trim(), margin) {
        ("0", Some(m)) => format!("B+{}", crate::game::result::format_points(m)),
        ("1", Some(m)) => format!("W+{}", crate::game::result::format_points(m)),
        ("3", _) => "B+R".into(),
        ("4", _) => "W+R".into(),
        ("7", _) => "B+T".into(),
        ("8", _) => "W+T".into(),
        _ => return None,
    })
}

pub(super) fn gib(text: &str, lang: Lang) -> Result<Converted, String> {
    let size = 19;
    let mut t = Tree::new(size, "Tygem", lang);
    // Tygem plays under Korean rules (docs/commands.md).
    t.set("RU", "Korean");
    let mut ended = false;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if let Some(kv) = line.strip_prefix("\\[").and_then(|l| l.strip_suffix("\\]")) {
            let (key, value) = kv.split_once('=').unwrap_or((kv, ""));
            gib_header(&mut t, key, value);
        } else if line.starts_with("INI") {
            let stones = line.split_whitespace().nth(3).and_then(|h| h.parse().ok());
            t.handicap(size, stones.unwrap_or(0), true, n);
        } else if line.starts_with("STO") {
            let f: Vec<&str> = line.split_whitespace().collect();
            let num = |k: usize| f.get(k).and_then(|v| v.parse::<i64>().ok());
            match (num(3), num(4), num(5)) {
                (Some(c), Some(x), Some(y)) if c == 1 || c == 2 => t.play(c == 1, x, y, size, n),
                // The file's last line, cut in the middle: the moves
                // before it are kept, and the cut said.
                _ if text.lines().skip(i + 1).all(|l| l.trim().is_empty()) => {
                    let note = tr!(lang, "foreign.gib_cut", n = n, found = line);
                    t.notes.push(note);
                    t.lossy = true;
                }
                _ => {
                    let want = "STO 0 NUMBER COLOUR X Y";
                    return Err(tr!(
                        lang,
                        "foreign.want_move",
                        n = n,
                        want = want,
                        found = line
                    ));
                }
            }
        } else if line.starts_with("\\GE") {
            ended = true;
        }
    }
    if !ended {
        t.notes.push(tr!(lang, "foreign.gib_no_end"));
        t.lossy = true;
    }
    Ok(t.finish("Tygem GIB"))
}

fn gib_header(t: &mut Tree, key: &str, value: &str) {
    match key {
        "GAMEBLACKNAME" | "GAMEWHITENAME" => {
            let (name, rank) = name_and_rank(value);
            let black = key == "GAMEBLACKNAME";
            t.set(if black { "PB" } else { "PW" }, &name);
            if let Some(r) = rank {
                t.set(if black { "BR" } else { "WR" }, &r);
            }
        }
        "GAMEPLACE" => t.set("PC", value),
        "GAMENAME" => t.set("EV", value),
        "GAMEINFOMAIN" => {
            if let Some(k) = field(value, "GONGJE").and_then(|g| g.parse::<f64>().ok()) {
                t.set("KM", &crate::game::result::format_points(k / 10.0));
            }
            if let Some(re) = field(value, "GRLT")
                .and_then(|g| gib_result(g, field(value, "ZIPSU").unwrap_or("")))
            {
                t.set("RE", &re);
            }
            // GTIME:1200-30-3: main time, then byo-yomi periods of seconds.
            if let Some(time) = field(value, "GTIME") {
                let parts: Vec<&str> = time.split('-').collect();
                if let Some(main) = parts.first().filter(|m| m.parse::<u32>().is_ok()) {
                    t.set("TM", main);
                }
                if let [_, secs, periods] = parts.as_slice() {
                    t.set("OT", &format!("{periods}x{secs} byo-yomi"));
                }
            }
        }
        "GAMETAG" => {
            // Fields may carry tabs before them (Tygem writes "\t\tC2015:...").
            if let Some(c) = value.split(',').find_map(|f| f.trim().strip_prefix('C')) {
                let date: String = c.chars().take(10).collect::<String>().replace(':', "-");
                if date.len() == 10 {
                    t.set("DT", &date);
                }
            }
        }
        _ => {}
    }
}
