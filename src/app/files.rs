//! What the game's files need of the app: the text a save writes, the
//! questions before overwriting, recovery, the engine's answers.

use super::*;

/// The root property in which an autosave keeps the node that was shown
/// (never in a saved file): `KN[52:12=1,30=2]` is the path's length, then
/// each step that does not take the main continuation, as depth=child.
/// Recovery opens there: where play stopped, not at the main line's end.
pub const AUTOSAVE_PLACE: &str = "KN";

/// The root property of an autosave that keeps the game's file as the
/// session last read or wrote it (`Seen::token`): a recovery asks about
/// the file only when it changed since.
pub const AUTOSAVE_SEEN: &str = "KF";

/// The autosave's text of `record`: its SGF with the node shown noted.
pub fn autosave_text(record: &GameRecord) -> String {
    let sgf = crate::sgf::to_sgf(record);
    let path = record.current_path();
    let turns: Vec<String> = path
        .iter()
        .enumerate()
        .filter(|&(_, &i)| i != 0)
        .map(|(d, i)| format!("{d}={i}"))
        .collect();
    let place = format!("{AUTOSAVE_PLACE}[{}:{}]", path.len(), turns.join(","));
    match sgf.strip_prefix("(;") {
        Some(rest) => format!("(;{place}{rest}"),
        None => sgf,
    }
}

/// Takes the noted node out of an autosave's record and goes there (an
/// autosave without one, or whose path the tree lacks: the end of the
/// main line).
pub fn go_to_autosaved_place(record: &mut GameRecord) {
    let root = record.root();
    let noted = record.node(root).prop(AUTOSAVE_PLACE).cloned();
    // The autosave's own properties never reach the game's file.
    record
        .node_mut(root)
        .props
        .retain(|p| p.id != AUTOSAVE_PLACE && p.id != AUTOSAVE_SEEN);
    let path = noted
        .as_ref()
        .and_then(|p| p.values.first())
        .and_then(|v| parse_place(v));
    record.to_start();
    match path {
        Some(path) if record.follow_path(&path) => {}
        _ => record.to_end(),
    }
}

/// `52:12=1,30=2` back to the path (None when it does not read).
fn parse_place(text: &str) -> Option<Vec<usize>> {
    let (len, turns) = text.split_once(':')?;
    let len: usize = len.trim().parse().ok()?;
    // A path no longer than a record can be: a hostile number is refused.
    if len > 1_000_000 {
        return None;
    }
    let mut path = vec![0; len];
    for turn in turns.split(',').filter(|t| !t.is_empty()) {
        let (d, i) = turn.split_once('=')?;
        let (d, i): (usize, usize) = (d.trim().parse().ok()?, i.trim().parse().ok()?);
        *path.get_mut(d)? = i;
    }
    Some(path)
}

impl App {
    /// The engine's answer for `board`: its dead stones become count
    /// mode's proposal, unless the players have marked stones since or the
    /// position changed; a failure is said and kifu's own proposal stays.
    pub(super) fn engine_answer(
        &mut self,
        board: &crate::game::Board,
        answer: Result<crate::count::judge::Judgment, crate::engine::EngineError>,
    ) {
        self.engine_thinking = None;
        let Some(cs) = self.count.as_mut().filter(|c| c.session.board == *board) else {
            return;
        };
        match answer {
            Err(why) => {
                let why = why.words(self.lang);
                self.message = Some(crate::tr!(self.lang, "engine.failed", why = why));
            }
            Ok(_) if !cs.is_untouched_proposal() => {
                self.message = Some(crate::tr!(self.lang, "engine.kept"));
            }
            Ok(j) => {
                cs.take_proposal(j, "KataGo");
                let source = cs.source(self.lang);
                self.message = Some(crate::tr!(self.lang, "cm.source", source = source));
            }
        }
    }

    /// The text a save writes: the game, or every game of the collection it
    /// came from with this one as it is now (the others unchanged).
    pub fn file_text(&self) -> String {
        match &self.source {
            Some(src) if src.holds_more() => src.collection_text(&self.record),
            _ => crate::sgf::to_sgf(&self.record),
        }
    }

    /// The event loop found that a save would replace the file the game
    /// came from, which kifu repaired when reading: ask first.
    pub(super) fn confirm_overwrite(&mut self, path: PathBuf, quit: bool) {
        let why = self
            .source
            .as_ref()
            .and_then(|s| s.why_ask(self.lang))
            .unwrap_or_default();
        let name = path
            .file_name()
            .map(|n| crate::text::printable(&n.to_string_lossy()).into_owned())
            .unwrap_or_default();
        self.message = Some(crate::tr!(
            self.lang,
            "file.ask_overwrite",
            name = name,
            why = why
        ));
        self.mode = Mode::Ask(Question::Overwrite(path, quit));
    }

    /// Whether a save over the file the game was read from must ask first:
    /// kifu repaired it when reading, and the user has not said overwrite.
    pub(super) fn must_confirm(&self) -> bool {
        self.source
            .as_ref()
            .is_some_and(|s| s.lossy() && !s.overwrite_ok)
    }

    /// The game's file, read again as it is on disk (`r` when it changed
    /// there); `kept` says where this session's version went.
    pub(super) fn reloaded(&mut self, record: GameRecord, source: Source, kept: &str) {
        self.record = record;
        self.record.to_end();
        self.source = Some(source);
        let size = self.record.size();
        if !self.cursor.is_on(size) {
            self.cursor = Point::new(size / 2, size / 2);
        }
        self.revision += 1;
        self.dirty = false;
        self.message = Some(crate::tr!(self.lang, "file.reloaded", kept = kept));
    }

    /// Offers an autosaved session for recovery.
    pub(super) fn offer_recovery(&mut self, record: GameRecord, moves: usize) {
        self.recovered = Some(record);
        self.mode = Mode::Ask(Question::Recover);
        self.offer_message(moves);
    }

    pub(super) fn offer_message(&mut self, moves: usize) {
        let moves = crate::i18n::moves(self.lang, moves);
        self.message = Some(crate::tr!(self.lang, "ask.offer", moves = moves));
    }

    pub(super) fn save_to(&mut self, path: Option<PathBuf>, quit: bool) -> Effect {
        // Ctrl-S (or :w) on a game read from its file and not changed since:
        // nothing to write, so the file stays byte for byte as it was.
        // (A record of another format has no SGF yet: it is written.)
        if path.is_none() && !self.dirty && self.source.as_ref().is_some_and(|s| s.format.is_none())
        {
            self.message = Some(crate::tr!(self.lang, "file.unchanged"));
            return if quit { Effect::Quit } else { Effect::None };
        }
        match path.or_else(|| self.path.clone()) {
            Some(p) if quit => Effect::SaveAndQuit(p),
            Some(p) => Effect::Save(p),
            None => {
                self.message = Some(crate::tr!(self.lang, "file.no_name"));
                Effect::None
            }
        }
    }

    /// A save was attempted (`Action::Saved`).
    pub(super) fn saved(&mut self, path: PathBuf, result: Result<(), String>) {
        match result {
            Ok(()) => {
                self.message = Some(crate::tr!(self.lang, "file.saved", path = path.display()));
                self.path = Some(path);
                self.dirty = false;
            }
            Err(e) => self.message = Some(crate::tr!(self.lang, "file.not_saved", e = e)),
        }
    }

    /// `:export print DIR`: the game's main line as printed figures (the
    /// page, each figure's SVG and the text), a hundred moves a figure,
    /// with its variations.
    pub(super) fn export_print(&mut self, dir: &str) -> Effect {
        if dir.is_empty() {
            self.message = Some(crate::tr!(self.lang, "cmd.export_print_usage"));
            return Effect::None;
        }
        let name = self
            .path
            .as_deref()
            .and_then(|p| p.file_name())
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default();
        let title = crate::print::render::title(&self.record, &name, self.lang);
        let files = crate::print::files(
            &self.record,
            (100, true),
            &title,
            self.lang,
            (true, true, true, false),
        );
        Effect::Print(PathBuf::from(dir), files)
    }

    /// `:export DIR`: the handout of the position being counted (every
    /// step of both views as SVG, and the page with both).
    pub(super) fn export(&mut self, dir: &str) -> Effect {
        if dir.is_empty() {
            self.message = Some(crate::tr!(self.lang, "cmd.export_usage"));
            return Effect::None;
        }
        if self.count.is_none() {
            self.enter_count();
        }
        let Some(cs) = self.count.as_ref() else {
            return Effect::None;
        };
        let c = &cs.session.count;
        let lang = self.lang;
        let maps = [
            crate::handout::map_caption(
                count_state::View::Area,
                &cs.source(lang),
                &GameResult::from_margin(c.area.margin).to_string(),
                lang,
            ),
            crate::handout::map_caption(
                count_state::View::Territory,
                &cs.source(lang),
                &GameResult::from_margin(c.territory.margin).to_string(),
                lang,
            ),
        ];
        let i = &self.record.info;
        let n = self.record.move_number();
        let title = match (&i.black, &i.white) {
            (Some(b), Some(w)) => crate::tr!(lang, "handout.title", black = b, white = w, n = n),
            _ => crate::tr!(lang, "handout.title.count", n = n),
        };
        let facts = crate::handout::facts(
            &cs.session.terms,
            &cs.session.count,
            self.record.info.result.as_ref().map(|r| r.to_string()),
            self.record.stones_placed(),
            lang,
        );
        let order = crate::handout::Order {
            class: cs.session.class.clone(),
            chinese: cs.chinese.clone(),
            japanese: cs.japanese.clone(),
            title,
            maps,
            facts,
        };
        Effect::Export(PathBuf::from(dir), Box::new(order))
    }
}
