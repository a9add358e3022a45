//! Pandanet's UGF and UGI: `[Header]` and `[Data]` sections, IGS
//! coordinates (rows from the bottom), `YA` for a pass.

use super::*;

pub(super) fn ugf(text: &str) -> Result<Converted, String> {
    let mut section = String::new();
    let mut size: u8 = 19;
    let mut t = Tree::new(size);
    let mut reviewed = false;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(s) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = s.to_string();
            continue;
        }
        match section.as_str() {
            "Header" => {
                let (key, value) = line.split_once('=').unwrap_or((line, ""));
                let first = value.split(',').next().unwrap_or("").trim();
                match key {
                    "Crypt" if !first.starts_with('0') => {
                        return Err(format!(
                            "line {n}: an encrypted UGF (Crypt={value}): kifu cannot read it; export it from its program without encryption"
                        ));
                    }
                    "CoordinateType" if first != "IGS" => {
                        return Err(format!(
                            "line {n}: expected CoordinateType=IGS, found \"{value}\""
                        ));
                    }
                    "Size" => {
                        size = first.parse().map_err(|_| {
                            format!("line {n}: expected the board size, found \"{value}\"")
                        })?;
                        t.set("SZ", first);
                    }
                    _ => ugf_header(&mut t, key, value, size, n),
                }
            }
            "Data" => {
                let f: Vec<&str> = line.split(',').collect();
                let (Some(at), Some(colour)) = (f.first(), f.get(1)) else {
                    return Err(format!(
                        "line {n}: expected a move \"XY,B1,NUMBER,TIME\", found \"{line}\""
                    ));
                };
                let b = at.as_bytes();
                if b.len() != 2 || !(colour.starts_with('B') || colour.starts_with('W')) {
                    return Err(format!(
                        "line {n}: expected a move \"XY,B1,NUMBER,TIME\", found \"{line}\""
                    ));
                }
                // Pandanet writes a pass as YA.
                if b == b"YA" {
                    t.moves.push_str(if colour.starts_with('B') {
                        ";B[]"
                    } else {
                        ";W[]"
                    });
                    continue;
                }
                let x = i64::from(b[0]) - i64::from(b'A');
                let y = i64::from(size) - 1 - (i64::from(b[1]) - i64::from(b'A'));
                t.play(colour.starts_with('B'), x, y, size, n);
            }
            s if s.starts_with("Review") || s.starts_with("Figure") => reviewed = true,
            _ => {}
        }
    }
    if reviewed {
        t.notes.push(
            "the review (comments and variations of the UGI) is not read: the game's moves are"
                .into(),
        );
    }
    Ok(t.finish("Pandanet UGF"))
}

fn ugf_header(t: &mut Tree, key: &str, value: &str, size: u8, line: usize) {
    let parts: Vec<&str> = value.split(',').map(str::trim).collect();
    let first = parts.first().copied().unwrap_or("");
    match key {
        "PlayerB" | "PlayerW" => {
            let black = key == "PlayerB";
            t.set(if black { "PB" } else { "PW" }, first);
            if let Some(r) = parts.get(1) {
                t.set(if black { "BR" } else { "WR" }, r);
            }
        }
        "Hdcp" => {
            t.handicap(size, first.parse().unwrap_or(0), false, line);
            if let Some(k) = parts.get(1).and_then(|k| k.parse::<f64>().ok()) {
                // Pandanet writes White's komi as a negative number.
                t.set("KM", &crate::game::result::format_points(k.abs()));
            }
        }
        "Rule" => {
            let rules = match first {
                "JPN" => "Japanese",
                "CHN" => "Chinese",
                "KOR" => "Korean",
                other => other,
            };
            t.set("RU", rules);
        }
        "Date" => t.set("DT", &first.replace('/', "-")),
        "Place" => t.set("PC", first),
        "Title" => t.set("EV", &parts.join(" ")),
        "Copyright" => t.set("CP", first),
        "Winner" => {
            if let ("B" | "W", Some(m)) = (first, parts.get(1).copied()) {
                let margin = m
                    .parse::<f64>()
                    .map(crate::game::result::format_points)
                    .unwrap_or_else(|_| m.chars().take(1).collect());
                t.set("RE", &format!("{first}+{margin}"));
            }
        }
        _ => {}
    }
}
