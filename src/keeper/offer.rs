//! An earlier session's autosave, offered back for recovery.

use std::path::Path;

use super::Keeper;
use crate::app::{self, Action, Offer};
use crate::{sgf, storage};

impl Keeper {
    /// An earlier session's autosave, offered when it holds something the
    /// file does not (one that holds the same is simply removed).
    pub(super) fn offer(
        &mut self,
        autosave: &Path,
        game: &str,
        said: &mut Vec<Action>,
    ) -> Option<Offer> {
        let read = storage::read_sgf_in(autosave, self.lang)
            .map_err(|e| storage::said(&e, self.lang))
            .and_then(|f| f.game_in(1, self.lang).map(|g| g.record.clone()));
        let mut rec = match read {
            Ok(rec) => rec,
            Err(why) => {
                // Said, and put aside (not offered again, kept a week).
                let kept = self
                    .base
                    .as_deref()
                    .and_then(|b| storage::discard_autosave(b, autosave).ok());
                let lang = self.lang;
                said.push(Action::Notice(match kept {
                    Some(p) => crate::tr!(
                        lang,
                        "autosave.unreadable_kept",
                        why = why,
                        path = p.display().to_string()
                    ),
                    None => crate::tr!(
                        lang,
                        "autosave.unreadable_left",
                        why = why,
                        path = autosave.display().to_string()
                    ),
                }));
                return None;
            }
        };
        self.offered_seen = rec
            .node(rec.root())
            .prop(app::AUTOSAVE_SEEN)
            .and_then(|p| p.values.first())
            .and_then(|t| storage::Seen::from_token(t));
        app::go_to_autosaved_place(&mut rec);
        if sgf::to_sgf(&rec) == game {
            let _ = storage::remove_autosave(autosave);
            return None;
        }
        let moves = rec.place(rec.main_line_end()).move_number;
        self.offered = Some(autosave.to_path_buf());
        Some(Offer {
            record: rec,
            moves,
            put_away: 0,
        })
    }
}
