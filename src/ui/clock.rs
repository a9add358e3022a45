//! The clocks on screen: the panel's lines, and the large clock of
//! presentation mode.

use super::*;

/// The clocks: the game clock while it is kept (the side to move marked
/// by a sign, not by colour), else the times the record notes at this
/// move and what the move took.
pub(super) fn clock_lines(app: &App, look: Look) -> Vec<Line<'static>> {
    if let Some(gc) = &app.game_clock() {
        let c = &gc.clock;
        let lang = app.lang();
        let state = app.lang().text(c.state_key());
        let mut lines = vec![Line::from(crate::tr!(lang, "clk.panel", state = state))];
        for side in [Color::Black, Color::White] {
            let mark = match (c.turn == Some(side), look.unicode) {
                (true, true) => "▶",
                (true, false) => ">",
                (false, _) => " ",
            };
            lines.push(Line::from(format!(
                "{mark} {} {}",
                crate::i18n::color_name(lang, side),
                app.side_text(side)
            )));
        }
        return lines;
    }
    let [b, w] = crate::sgf::time::time_at(app.record(), app.record().current());
    if b.left.is_none() && w.left.is_none() {
        return Vec::new();
    }
    let show = |n: crate::sgf::time::Noted| {
        let mut s = n.left.map_or("-".into(), crate::game::clock::format_clock);
        if let Some(k) = n.count {
            s.push_str(&format!(" ({k})"));
        }
        s
    };
    let lang = app.lang();
    let mut lines = vec![Line::from(crate::tr!(
        lang,
        "clk.panel.noted",
        b = show(b),
        w = show(w)
    ))];
    if let Some(t) = app.move_time() {
        let took = crate::game::clock::format_clock(t);
        lines.push(Line::from(crate::tr!(lang, "clk.panel.took", time = took)));
    }
    lines
}

/// Both clocks on one line, while the game clock has not stopped: "Clock
/// > B 29:41  W 30:00" (paused: the word).
pub(super) fn clock_line(app: &App, look: Look) -> Option<Line<'static>> {
    let c = &app.game_clock().as_ref()?.clock;
    c.turn?;
    let mark = if look.unicode { "▶" } else { ">" };
    let side = |s: Color, letter: &str| {
        let m = if c.turn == Some(s) { mark } else { "" };
        format!("{m}{letter} {}", app.side_text(s))
    };
    let lang = app.lang();
    let paused = if c.paused {
        crate::tr!(lang, "clk.line.paused")
    } else {
        String::new()
    };
    let b = side(Color::Black, lang.text("panel.b"));
    let w = side(Color::White, lang.text("panel.w"));
    Some(Line::from(crate::tr!(
        lang,
        "clk.line",
        b = b,
        w = w,
        paused = paused
    )))
}

/// Digits five rows high, three columns wide (`#` marks a block): the
/// presentation clock is read from the back of a room.
const DIGITS: [[&str; 5]; 10] = [
    ["###", "# #", "# #", "# #", "###"],
    ["  #", "  #", "  #", "  #", "  #"],
    ["###", "  #", "###", "#  ", "###"],
    ["###", "  #", "###", "  #", "###"],
    ["# #", "# #", "###", "  #", "  #"],
    ["###", "#  ", "###", "  #", "###"],
    ["###", "#  ", "###", "# #", "###"],
    ["###", "  #", "  #", "  #", "  #"],
    ["###", "# #", "###", "# #", "###"],
    ["###", "# #", "###", "  #", "###"],
];

/// The other characters of a clock reading or a result (`B+1.5`) in the
/// same five rows.
const SIGNS: [(char, [&str; 5]); 5] = [
    (':', [" ", "#", " ", "#", " "]),
    ('.', [" ", " ", " ", " ", "#"]),
    ('+', ["   ", " # ", "###", " # ", "   "]),
    ('B', ["## ", "# #", "## ", "# #", "## "]),
    ('W', ["#   #", "#   #", "# # #", "# # #", " # # "]),
];

/// A clock reading (`29:41`) or a result (`B+1.5`) in large digits:
/// five lines. Other characters are left out.
pub fn big_text(reading: &str, unicode: bool) -> [String; 5] {
    let block = if unicode { "█" } else { "#" };
    let mut rows: [String; 5] = Default::default();
    for ch in reading.chars() {
        let sign = SIGNS.iter().find(|(c, _)| *c == ch).map(|(_, rows)| rows);
        for (r, row) in rows.iter_mut().enumerate() {
            let piece = match (ch.to_digit(10), sign) {
                (Some(d), _) => DIGITS[d as usize][r].to_string(),
                (None, Some(rows)) => rows[r].to_string(),
                (None, None) => continue,
            };
            row.push_str(&piece.replace('#', block));
            row.push(' ');
        }
    }
    rows
}

/// Presentation mode: each side's clock beside the board, Black's on the
/// left and White's on the right as on a clock on the table, in large
/// digits where the margin has room (else one line of text). The side to
/// move is marked by a sign and words, not by colour alone.
pub(super) fn draw_big_clocks(buf: &mut Buffer, app: &App, look: Look, area: Rect, board: Rect) {
    // A stopped clock (the game over) leaves the room to the count.
    let Some(gc) = app
        .game_clock()
        .as_ref()
        .filter(|gc| gc.clock.turn.is_some())
    else {
        return;
    };
    let left = Rect::new(area.x, area.y, board.x.saturating_sub(area.x), board.height);
    let right_x = board.x + board.width;
    let right = Rect::new(
        right_x,
        area.y,
        (area.x + area.width).saturating_sub(right_x),
        board.height,
    );
    for (side, margin) in [(Color::Black, left), (Color::White, right)] {
        if margin.width < 14 || margin.height < 3 {
            continue;
        }
        let c = &gc.clock;
        let seconds = c.side(side).left().ceil();
        let reading = crate::game::clock::format_clock(seconds);
        let big = big_text(&reading, look.unicode);
        let to_move = c.turn == Some(side) && c.flagged.is_none();
        let mark = match (to_move, look.unicode) {
            (true, true) => "▶ ",
            (true, false) => "> ",
            _ => "  ",
        };
        let lang = app.lang();
        let state = if c.flagged == Some(side) {
            format!(" {}", tr_upper(lang, "clk.time_up"))
        } else if to_move && c.paused {
            crate::tr!(lang, "clk.line.paused")
        } else if to_move {
            crate::tr!(lang, "clk.to_move_big")
        } else {
            String::new()
        };
        let name = crate::i18n::color_name(lang, side).to_uppercase();
        let mut lines = vec![Line::from(format!("{mark}{name}{state}"))];
        let width = big[0].chars().count() as u16;
        if width + 3 <= margin.width && margin.height >= 9 {
            lines.push(Line::from(""));
            lines.extend(big.iter().map(|r| Line::from(r.clone())));
        } else {
            lines.push(Line::from(format!("  {reading}")));
        }
        let extra = app.side_text(side);
        let extra = extra
            .strip_prefix(&reading)
            .unwrap_or("")
            .trim()
            .to_string();
        if !extra.is_empty() {
            lines.push(Line::from(format!("  {extra}")));
        }
        // A column clear of the board's coordinates on either side.
        let inner = Rect::new(
            margin.x + 2,
            margin.y + 1,
            margin.width - 3,
            margin.height - 1,
        );
        let mut style = look.role(look.theme.panel);
        if to_move {
            style = style.add_modifier(Modifier::BOLD);
        }
        Paragraph::new(lines).style(style).render_in(inner, buf);
    }
}

/// A word in capitals where the script has them ("TIME UP").
fn tr_upper(lang: crate::i18n::Lang, key: &'static str) -> String {
    lang.text(key).to_uppercase()
}
