//! A key as kifu's state knows it. The terminal loop (`tui`) turns the
//! terminal's key events into these, so the state, its tests and its key
//! table never depend on the terminal crate. The names follow the
//! terminal's (`KeyCode::Char`, `KeyModifiers::CONTROL`) so a reader of
//! either knows the other.

use std::ops::{BitOr, BitOrAssign};

/// Which key: a character (Shift is part of it: `V`), or a named key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KeyCode {
    /// A character, as typed.
    Char(char),
    /// A function key, F1 to F24.
    F(u8),
    /// An arrow to the left.
    Left,
    /// An arrow to the right.
    Right,
    /// An arrow up.
    Up,
    /// An arrow down.
    Down,
    /// Home.
    Home,
    /// End.
    End,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
    /// Enter (Return).
    Enter,
    /// Escape.
    Esc,
    /// Tab.
    Tab,
    /// Shift-Tab.
    BackTab,
    /// Backspace.
    Backspace,
    /// Delete.
    Delete,
    /// Insert.
    Insert,
    /// A key kifu has no use for (media keys, a lone modifier...).
    Other,
}

/// The modifiers held with a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct KeyModifiers(u8);

impl KeyModifiers {
    /// None held.
    pub const NONE: KeyModifiers = KeyModifiers(0);
    /// Shift.
    pub const SHIFT: KeyModifiers = KeyModifiers(1);
    /// Control.
    pub const CONTROL: KeyModifiers = KeyModifiers(2);
    /// Alt (Meta).
    pub const ALT: KeyModifiers = KeyModifiers(4);

    /// Every modifier of `other` is held.
    pub fn contains(self, other: KeyModifiers) -> bool {
        self.0 & other.0 == other.0
    }

    /// Any modifier of `other` is held.
    pub fn intersects(self, other: KeyModifiers) -> bool {
        self.0 & other.0 != 0
    }

    /// Without the modifiers of `other`.
    pub fn remove(&mut self, other: KeyModifiers) {
        self.0 &= !other.0;
    }
}

impl BitOr for KeyModifiers {
    type Output = KeyModifiers;
    fn bitor(self, other: KeyModifiers) -> KeyModifiers {
        KeyModifiers(self.0 | other.0)
    }
}

impl BitOrAssign for KeyModifiers {
    fn bitor_assign(&mut self, other: KeyModifiers) {
        self.0 |= other.0;
    }
}

/// A key pressed, with its modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeyEvent {
    /// Which key.
    pub code: KeyCode,
    /// The modifiers held.
    pub modifiers: KeyModifiers,
}

impl KeyEvent {
    /// A key with modifiers.
    pub const fn new(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent { code, modifiers }
    }
}

impl From<KeyCode> for KeyEvent {
    fn from(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modifiers_combine_and_compare_as_sets() {
        let mut m = KeyModifiers::CONTROL | KeyModifiers::SHIFT;
        assert!(m.contains(KeyModifiers::CONTROL));
        assert!(!m.contains(KeyModifiers::CONTROL | KeyModifiers::ALT));
        assert!(m.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT));
        m.remove(KeyModifiers::SHIFT);
        assert_eq!(m, KeyModifiers::CONTROL);
        m |= KeyModifiers::ALT;
        assert!(!m.intersects(KeyModifiers::SHIFT));
        assert_eq!(KeyEvent::from(KeyCode::Esc).modifiers, KeyModifiers::NONE);
    }
}
