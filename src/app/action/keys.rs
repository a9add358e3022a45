//! Keys: the names the configuration uses, the keymap built from the table
//! and the configuration's `[keys]`, and the lookup of a pressed key.

use super::*;

/// A key as the configuration names it: a character (`p`, `P`, `#`), or
/// `ctrl-X`, `alt-X`, `f1`..`f12`, `left`, `right`, `up`, `down`, `home`,
/// `end`, `pageup`, `pagedown`, `space`, `enter`, `esc`, `tab`,
/// `backspace`, `delete`, `insert`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeySpec {
    pub code: KeyCode,
    pub mods: KeyModifiers,
}

impl KeySpec {
    pub fn parse(text: &str) -> Result<KeySpec, String> {
        let bad = || {
            format!(
                "{text:?} is not a key; give a character (\"P\"), or ctrl-x, alt-x, f5, up, space, enter, esc..."
            )
        };
        let mut mods = KeyModifiers::NONE;
        let mut rest = text;
        loop {
            let lower = rest.to_ascii_lowercase();
            if let Some(r) = lower.strip_prefix("ctrl-") {
                mods |= KeyModifiers::CONTROL;
                rest = &rest[rest.len() - r.len()..];
            } else if let Some(r) = lower.strip_prefix("alt-") {
                mods |= KeyModifiers::ALT;
                rest = &rest[rest.len() - r.len()..];
            } else {
                break;
            }
        }
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) => {
                // ctrl-S and ctrl-s are the same key.
                if mods.contains(KeyModifiers::CONTROL) {
                    KeyCode::Char(c.to_ascii_lowercase())
                } else {
                    KeyCode::Char(c)
                }
            }
            (None, _) => return Err(bad()),
            _ => match rest.to_ascii_lowercase().as_str() {
                "left" => KeyCode::Left,
                "right" => KeyCode::Right,
                "up" => KeyCode::Up,
                "down" => KeyCode::Down,
                "home" => KeyCode::Home,
                "end" => KeyCode::End,
                "pageup" => KeyCode::PageUp,
                "pagedown" => KeyCode::PageDown,
                "space" => KeyCode::Char(' '),
                "enter" => KeyCode::Enter,
                "esc" => KeyCode::Esc,
                "tab" => KeyCode::Tab,
                "backspace" => KeyCode::Backspace,
                "delete" => KeyCode::Delete,
                "insert" => KeyCode::Insert,
                f => match f.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()) {
                    Some(n) if (1..=24).contains(&n) => KeyCode::F(n),
                    _ => return Err(bad()),
                },
            },
        };
        Ok(KeySpec { code, mods })
    }

    /// Whether a key event is this key. Shift is part of the character
    /// (`V`), so it is not compared for characters.
    pub fn matches(&self, key: &KeyEvent) -> bool {
        let mut mods = key.modifiers;
        let code = match key.code {
            KeyCode::Char(c) => {
                mods.remove(KeyModifiers::SHIFT);
                if mods.contains(KeyModifiers::CONTROL) {
                    KeyCode::Char(c.to_ascii_lowercase())
                } else {
                    KeyCode::Char(c)
                }
            }
            other => other,
        };
        code == self.code && mods == self.mods
    }
}

/// The user's own keys (the configuration's `[keys]` for recording and
/// `[keys.count]` for count mode), tried before kifu's.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Keymap {
    pub user: Vec<(Scope, String, KeySpec, Action)>,
}

impl Keymap {
    /// From name = key pairs of a mode. The error names the entry.
    pub fn add<'a>(
        &mut self,
        scope: Scope,
        table: impl IntoIterator<Item = (&'a String, &'a String)>,
    ) -> Result<(), String> {
        let section = scope.section();
        for (name, key) in table {
            let Some(action) = by_name(scope, name) else {
                let names: Vec<&str> = rows(scope).map(|r| r.name).collect();
                return Err(format!(
                    "{section}.{name}: no such action; use one of {}",
                    names.join(", ")
                ));
            };
            let spec = KeySpec::parse(key).map_err(|e| format!("{section}.{name} = {e}"))?;
            // A shared action (save, help, quit...) keeps its key in
            // every mode, as its row does.
            if shared(&action) {
                for s in Scope::ALL {
                    self.user.push((s, key.clone(), spec, action.clone()));
                }
            } else {
                self.user.push((scope, key.clone(), spec, action));
            }
        }
        Ok(())
    }

    /// Recording keys only (the `[keys]` table).
    pub fn from_table<'a>(
        table: impl IntoIterator<Item = (&'a String, &'a String)>,
    ) -> Result<Keymap, String> {
        let mut k = Keymap::default();
        k.add(Scope::Record, table)?;
        Ok(k)
    }

    /// The user's keys for an action in a mode, as they wrote them.
    pub fn keys_for(&self, scope: Scope, action: &Action) -> Vec<&str> {
        self.user
            .iter()
            .filter(|(s, _, _, a)| *s == scope && a == action)
            .map(|(_, k, _, _)| k.as_str())
            .collect()
    }
}

/// The action of a key in a base mode: the user's keys first, then the
/// table's. None for a key with no action there.
pub fn lookup(keymap: &Keymap, scope: Scope, key: &KeyEvent) -> Option<Action> {
    if let Some((.., a)) = keymap
        .user
        .iter()
        .find(|(s, _, spec, _)| *s == scope && spec.matches(key))
    {
        return Some(a.clone());
    }
    rows(scope)
        .find(|r| {
            r.keys
                .iter()
                .any(|k| KeySpec::parse(k).is_ok_and(|spec| spec.matches(key)))
        })
        .map(|r| r.action.clone())
}

/// The action of a key in the game-information form.
pub fn form_key(key: KeyEvent) -> Option<Action> {
    Some(match key.code {
        KeyCode::Up | KeyCode::BackTab => Action::Up,
        KeyCode::Down | KeyCode::Tab => Action::Down,
        _ => return input_key(key),
    })
}

/// The action of a key while typing (command line or coordinate).
pub fn input_key(key: KeyEvent) -> Option<Action> {
    Some(match key.code {
        KeyCode::Enter => Action::Submit,
        KeyCode::Esc => Action::Cancel,
        KeyCode::Backspace => Action::Backspace,
        KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => Action::Input(c),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_names_parse() {
        let k = |t| KeySpec::parse(t).unwrap();
        let ev = |c, m| KeyEvent::new(c, m);
        assert!(k("ctrl-s").matches(&ev(KeyCode::Char('s'), KeyModifiers::CONTROL)));
        assert!(k("ctrl-S").matches(&ev(KeyCode::Char('s'), KeyModifiers::CONTROL)));
        assert!(k("alt-x").matches(&ev(KeyCode::Char('x'), KeyModifiers::ALT)));
        assert!(k("f5").matches(&ev(KeyCode::F(5), KeyModifiers::NONE)));
        assert!(k("up").matches(&ev(KeyCode::Up, KeyModifiers::NONE)));
        assert!(k("V").matches(&ev(KeyCode::Char('V'), KeyModifiers::SHIFT)));
        assert!(!k("v").matches(&ev(KeyCode::Char('V'), KeyModifiers::SHIFT)));
        assert!(!k("p").matches(&ev(KeyCode::Char('p'), KeyModifiers::CONTROL)));
        for bad in ["", "ctrl-", "f99", "leftt", "pp"] {
            assert!(KeySpec::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_key_of_the_table_is_a_key_and_every_name_is_unique_in_its_mode() {
        for r in TABLE {
            for k in r.keys {
                assert!(KeySpec::parse(k).is_ok(), "{k}");
            }
            assert!(!r.help.is_empty(), "{}", r.name);
        }
        for scope in Scope::ALL {
            let names: Vec<_> = rows(scope).map(|r| r.name).collect();
            let mut unique = names.clone();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(names.len(), unique.len(), "{names:?}");
        }
    }
}
