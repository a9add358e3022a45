//! The terminal's modes while the board is shown: bracketed paste, mouse
//! clicks, and Ctrl-Z.

use std::io;

use ratatui::crossterm::event::{DisableBracketedPaste, EnableBracketedPaste};
use ratatui::crossterm::execute;

/// Clicks reported as buttons only: button-event tracking (1000 and 1002,
/// SGR coordinates 1006), not any-motion tracking (1003, which crossterm's
/// `EnableMouseCapture` also turns on), so that a terminal over SSH still
/// lets the user select text with Shift and does not flood the link with
/// every move of the mouse. Our own command: crossterm has none for it.
struct ButtonMouse(bool);

impl ratatui::crossterm::Command for ButtonMouse {
    fn write_ansi(&self, f: &mut impl std::fmt::Write) -> std::fmt::Result {
        if self.0 {
            f.write_str("\x1b[?1000h\x1b[?1002h\x1b[?1006h")
        } else {
            f.write_str("\x1b[?1006l\x1b[?1002l\x1b[?1000l")
        }
    }

    #[cfg(windows)]
    fn execute_winapi(&self) -> io::Result<()> {
        Ok(())
    }
}

/// The terminal's modes for the board: bracketed paste, and button clicks
/// unless the mouse is off (`on`: set them, else clear them).
pub(crate) fn screen_modes(on: bool, mouse: bool) {
    let mut out = io::stdout();
    if on {
        let _ = execute!(out, EnableBracketedPaste);
        if mouse {
            let _ = execute!(out, ButtonMouse(true));
        }
    } else {
        if mouse {
            let _ = execute!(out, ButtonMouse(false));
        }
        let _ = execute!(out, DisableBracketedPaste);
    }
}

/// Ctrl-Z: the terminal restored, the process stopped as the shell
/// expects (SIGTSTP); on `fg` the screen is set up and drawn again.
pub(crate) fn suspend(terminal: &mut ratatui::DefaultTerminal, mouse: bool) -> io::Result<()> {
    screen_modes(false, mouse);
    ratatui::restore();
    signal_hook::low_level::raise(signal_hook::consts::SIGTSTP)?;
    // Running again (fg).
    *terminal = ratatui::try_init()?;
    screen_modes(true, mouse);
    terminal.clear()?;
    Ok(())
}
