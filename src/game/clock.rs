//! Clock times as recorders write them (`5:00`, `1:02:30`, `45`), in
//! seconds; SGF's time properties are in `sgf::time`.

/// Seconds from `h:mm:ss`, `m:ss` or a number of seconds; None when the
/// text is none of these.
pub fn parse_clock(text: &str) -> Option<f64> {
    let parts: Vec<&str> = text.trim().split(':').collect();
    if parts.len() > 3 || parts.iter().any(|p| p.trim().is_empty()) {
        return None;
    }
    let mut total = 0.0;
    for (i, p) in parts.iter().enumerate() {
        let v: f64 = p.trim().parse().ok()?;
        // Minutes and seconds after a colon are below 60.
        if !v.is_finite() || v < 0.0 || (i > 0 && v >= 60.0) {
            return None;
        }
        total = total * 60.0 + v;
    }
    (total < 1e7).then_some(total)
}

/// Seconds as `m:ss`, or `h:mm:ss` from an hour on.
pub fn format_clock(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_and_write() {
        assert_eq!(parse_clock("5:00"), Some(300.0));
        assert_eq!(parse_clock("1:02:30"), Some(3750.0));
        assert_eq!(parse_clock("45"), Some(45.0));
        assert_eq!(parse_clock("0:59.5"), Some(59.5));
        for bad in ["", "5:60", "a:00", "1:2:3:4", "-5", "5:", "é"] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
        assert_eq!(format_clock(300.0), "5:00");
        assert_eq!(format_clock(3750.0), "1:02:30");
        assert_eq!(format_clock(9.4), "0:09");
    }
}
