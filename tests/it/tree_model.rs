//! The game tree against a small reference model: random sequences of the
//! editing keys and commands (moves typed as points, `u`, `]`, `[`, `v`,
//! `V`, comments, `M`, `{`, `}`, `x`, `X`, `U`, save and reopen, kill -9
//! and recover) run on the app through its keys; after every step the SGF
//! kifu would save, read back by sgf-parse, is the model's tree, and the
//! move shown is the model's. The model keeps every node an edit could
//! bring back, so a node kifu lost shows as a difference.
//!
//! `./scripts/test` runs it with a fixed seed; `KIFU_TREE_CASES=10000`
//! (and `KIFU_TREE_SEED=N`, `KIFU_TREE_OPS=200` for longer sequences)
//! runs more.

use kifu::app::key::{KeyCode, KeyEvent, KeyModifiers};
use kifu::app::{Action, App, Outside};
use kifu::game::record::GameRecord;
use kifu::game::rules::Rules;
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

/// The points moves are typed at: no two side by side, so nothing is ever
/// captured and a point is legal when it is empty. Their columns include
/// keys (`p` passes, `j` and `l` move the cursor) that a digit after them
/// turns into a point; few enough that moves meet again.
const POINTS: [&str; 10] = [
    "a1", "e5", "j9", "p15", "t19", "l3", "r11", "g17", "a19", "t1",
];

#[derive(Debug, Clone)]
enum Op {
    Play(usize),
    Undo,
    Forward,
    Back,
    NextVariation,
    PreviousVariation,
    Comment(u8),
    Promote,
    Earlier,
    Later,
    DeleteVariation,
    DeleteRest,
    Undelete,
    SaveReopen,
    Crash,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => (0..POINTS.len()).prop_map(Op::Play),
        3 => Just(Op::Undo),
        3 => Just(Op::Forward),
        2 => Just(Op::Back),
        1 => Just(Op::NextVariation),
        1 => Just(Op::PreviousVariation),
        1 => (0u8..5).prop_map(Op::Comment),
        1 => Just(Op::Promote),
        1 => Just(Op::Earlier),
        1 => Just(Op::Later),
        1 => Just(Op::DeleteVariation),
        1 => Just(Op::DeleteRest),
        2 => Just(Op::Undelete),
        1 => Just(Op::SaveReopen),
        1 => Just(Op::Crash),
    ]
}

/// A node of the model: its move ("B:ee"), comment and children.
#[derive(Debug, Clone, Default)]
struct MNode {
    mv: Option<String>,
    point: Option<&'static str>,
    comment: Option<String>,
    parent: Option<usize>,
    children: Vec<usize>,
}

/// An edit the model can reverse, as the specification says.
#[derive(Debug, Clone)]
enum MEdit {
    /// `u` took `node` out from `parent` at `index`; `redo`: `]` there puts
    /// it back.
    Taken {
        node: usize,
        parent: usize,
        index: usize,
        redo: bool,
    },
    /// `u` stepped back from `from` (it had later moves).
    Stepped { from: usize, parent: usize },
    /// A delete: (node, parent, index) in the order taken out.
    Deleted(Vec<(usize, usize, usize)>),
}

#[derive(Debug, Clone)]
struct Model {
    nodes: Vec<MNode>,
    cur: usize,
    edits: Vec<MEdit>,
}

impl Model {
    fn new() -> Model {
        Model {
            nodes: vec![MNode::default()],
            cur: 0,
            edits: Vec::new(),
        }
    }

    fn path(&self, mut n: usize) -> Vec<usize> {
        let mut p = vec![n];
        while let Some(q) = self.nodes[n].parent {
            p.push(q);
            n = q;
        }
        p.reverse();
        p
    }

    fn index(&self, n: usize) -> usize {
        let p = self.nodes[n].parent.unwrap_or(0);
        self.nodes[p]
            .children
            .iter()
            .position(|&c| c == n)
            .unwrap_or(0)
    }

    /// The move shown as the child taken at each step from the root.
    fn cur_path(&self) -> Vec<usize> {
        self.path(self.cur)
            .into_iter()
            .skip(1)
            .map(|n| self.index(n))
            .collect()
    }

    fn main_end(&self) -> usize {
        let mut n = 0;
        while let Some(&c) = self.nodes[n].children.first() {
            n = c;
        }
        n
    }

    fn detach(&mut self, n: usize) -> (usize, usize, usize) {
        let parent = self.nodes[n].parent.unwrap_or(0);
        let index = self.index(n);
        self.nodes[parent].children.remove(index);
        // The move shown leaves the subtree.
        if self.path(self.cur).contains(&n) {
            self.cur = parent;
        }
        (n, parent, index)
    }

    fn reattach(&mut self, (n, parent, index): (usize, usize, usize)) {
        let kids = &mut self.nodes[parent].children;
        let at = index.min(kids.len());
        kids.insert(at, n);
    }

    fn occupied(&self, point: &str) -> bool {
        self.path(self.cur)
            .iter()
            .any(|&n| self.nodes[n].point == Some(point))
    }

    /// Applies one operation; true when the record changed (the app then
    /// writes its autosave).
    fn apply(&mut self, op: &Op) -> bool {
        match op {
            Op::Play(i) => self.play(POINTS[*i]),
            Op::Undo => self.undo(),
            Op::Forward => self.forward(),
            Op::Back => {
                if let Some(p) = self.nodes[self.cur].parent {
                    self.cur = p;
                }
                false
            }
            Op::NextVariation | Op::PreviousVariation => {
                if let Some(p) = self.nodes[self.cur].parent {
                    let i = self.index(self.cur);
                    let j = match op {
                        Op::NextVariation => i + 1,
                        _ => i.wrapping_sub(1),
                    };
                    if let Some(&s) = self.nodes[p].children.get(j) {
                        self.cur = s;
                    }
                }
                false
            }
            Op::Comment(k) => {
                self.nodes[self.cur].comment = Some(format!("note {k}"));
                true
            }
            Op::Promote => {
                let mut changed = false;
                for n in self.path(self.cur).into_iter().skip(1) {
                    let i = self.index(n);
                    if i > 0 {
                        let p = self.nodes[n].parent.unwrap_or(0);
                        self.nodes[p].children.remove(i);
                        self.nodes[p].children.insert(0, n);
                        changed = true;
                    }
                }
                changed
            }
            Op::Earlier | Op::Later => self.shift(matches!(op, Op::Earlier)),
            Op::DeleteVariation => {
                let v = self
                    .path(self.cur)
                    .into_iter()
                    .skip(1)
                    .rev()
                    .find(|&n| self.index(n) > 0);
                match v {
                    Some(v) => {
                        let cut = self.detach(v);
                        self.edits.push(MEdit::Deleted(vec![cut]));
                        true
                    }
                    None => false,
                }
            }
            Op::DeleteRest => {
                let kids = self.nodes[self.cur].children.clone();
                if kids.is_empty() {
                    return false;
                }
                let cuts = kids.iter().rev().map(|&k| self.detach(k)).collect();
                self.edits.push(MEdit::Deleted(cuts));
                true
            }
            Op::Undelete => self.undelete(),
            Op::SaveReopen | Op::Crash => false,
        }
    }

    fn play(&mut self, point: &'static str) -> bool {
        if self.occupied(point) {
            return false;
        }
        let depth = self.path(self.cur).len();
        let mv = format!(
            "{}:{}",
            if depth % 2 == 1 { "B" } else { "W" },
            sgf_of(point)
        );
        let here = self.cur;
        if let Some(&c) = self.nodes[here]
            .children
            .iter()
            .find(|&&c| self.nodes[c].mv.as_deref() == Some(&mv))
        {
            self.cur = c;
            return false;
        }
        let taken = self.edits.iter().rposition(|e| {
            matches!(e, MEdit::Taken { node, parent, .. }
                if *parent == here && self.nodes[*node].mv.as_deref() == Some(&mv))
        });
        if let Some(i) = taken {
            if let MEdit::Taken {
                node,
                parent,
                index,
                ..
            } = self.edits.remove(i)
            {
                self.reattach((node, parent, index));
                self.cur = node;
            }
            return true;
        }
        let n = self.nodes.len();
        self.nodes.push(MNode {
            mv: Some(mv),
            point: Some(point),
            comment: None,
            parent: Some(here),
            children: Vec::new(),
        });
        self.nodes[here].children.push(n);
        for e in &mut self.edits {
            if let MEdit::Taken { parent, redo, .. } = e
                && *parent == here
            {
                *redo = false;
            }
        }
        self.edits
            .retain(|e| !matches!(e, MEdit::Stepped { parent, .. } if *parent == here));
        self.cur = n;
        true
    }

    fn undo(&mut self) -> bool {
        let Some(parent) = self.nodes[self.cur].parent else {
            return false;
        };
        if !self.nodes[self.cur].children.is_empty() {
            self.edits.push(MEdit::Stepped {
                from: self.cur,
                parent,
            });
            self.cur = parent;
            return false;
        }
        let (node, parent, index) = self.detach(self.cur);
        self.edits.push(MEdit::Taken {
            node,
            parent,
            index,
            redo: true,
        });
        true
    }

    fn forward(&mut self) -> bool {
        let here = self.cur;
        let found = self.edits.iter().rposition(|e| match e {
            MEdit::Taken { parent, redo, .. } => *redo && *parent == here,
            MEdit::Stepped { from, parent } => {
                *parent == here && self.nodes[here].children.contains(from)
            }
            MEdit::Deleted(_) => false,
        });
        match found.map(|i| self.edits.remove(i)) {
            Some(MEdit::Taken {
                node,
                parent,
                index,
                ..
            }) => {
                self.reattach((node, parent, index));
                self.cur = node;
                true
            }
            Some(MEdit::Stepped { from, .. }) => {
                self.cur = from;
                false
            }
            _ => {
                if let Some(&c) = self.nodes[here].children.first() {
                    self.cur = c;
                }
                false
            }
        }
    }

    fn shift(&mut self, earlier: bool) -> bool {
        let b = self
            .path(self.cur)
            .into_iter()
            .skip(1)
            .rev()
            .find(|&n| self.nodes[self.nodes[n].parent.unwrap_or(0)].children.len() > 1);
        let Some(b) = b else {
            return false;
        };
        let p = self.nodes[b].parent.unwrap_or(0);
        let i = self.index(b);
        let j = if earlier {
            i.checked_sub(1)
        } else {
            Some(i + 1)
        };
        match j.filter(|&j| j < self.nodes[p].children.len()) {
            Some(j) => {
                self.nodes[p].children.swap(i, j);
                true
            }
            None => false,
        }
    }

    fn undelete(&mut self) -> bool {
        let found = self
            .edits
            .iter()
            .rposition(|e| matches!(e, MEdit::Deleted(_) | MEdit::Taken { .. }));
        let cuts = match found.map(|i| self.edits.remove(i)) {
            Some(MEdit::Deleted(cuts)) => cuts,
            Some(MEdit::Taken {
                node,
                parent,
                index,
                ..
            }) => vec![(node, parent, index)],
            _ => return false,
        };
        for &cut in cuts.iter().rev() {
            self.reattach(cut);
        }
        if let Some(&(node, parent, _)) = cuts.last() {
            self.cur = if cuts.len() == 1 { node } else { parent };
        }
        true
    }

    /// The tree from the root, as the test compares it.
    fn tree(&self) -> Tree {
        self.tree_from(0)
    }

    fn tree_from(&self, n: usize) -> Tree {
        Tree {
            mv: self.nodes[n].mv.clone(),
            comment: self.nodes[n].comment.clone(),
            kids: self.nodes[n]
                .children
                .iter()
                .map(|&c| self.tree_from(c))
                .collect(),
        }
    }

    /// After a reopen or a recovery: the same tree, no edits to reverse.
    fn forget_edits(&mut self) {
        self.edits.clear();
    }
}

fn sgf_of(gtp: &str) -> String {
    kifu::game::Point::from_gtp(gtp, 19)
        .map(|p| p.to_sgf())
        .unwrap_or_default()
}

/// A tree as compared: each node's move and comment, its children in
/// order.
#[derive(Debug, Clone, PartialEq)]
struct Tree {
    mv: Option<String>,
    comment: Option<String>,
    kids: Vec<Tree>,
}

/// The tree of SGF text as sgf-parse reads it.
fn tree_of_sgf(text: &str) -> Tree {
    use sgf_parse::go::{Move as SMove, Prop};
    fn walk(n: &sgf_parse::SgfNode<Prop>) -> Tree {
        let mv = match n.get_move() {
            Some(Prop::B(SMove::Move(p))) => Some(format!(
                "B:{}{}",
                (b'a' + p.x) as char,
                (b'a' + p.y) as char
            )),
            Some(Prop::W(SMove::Move(p))) => Some(format!(
                "W:{}{}",
                (b'a' + p.x) as char,
                (b'a' + p.y) as char
            )),
            _ => None,
        };
        let comment = n.properties().find_map(|p| match p {
            Prop::C(t) => Some(t.text.clone()),
            _ => None,
        });
        Tree {
            mv,
            comment,
            kids: n.children().map(walk).collect(),
        }
    }
    let games = sgf_parse::go::parse(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    walk(&games[0])
}

fn read(text: &str) -> GameRecord {
    kifu::sgf::read_text(text)
        .game(1)
        .unwrap_or_else(|e| panic!("{e:?}"))
        .record
        .clone()
}

/// The app as a person drives it, with what the keeper would keep: the
/// last autosave written since the last save, and the saved file.
struct Session {
    app: App,
    autosave: Option<String>,
    saved: Option<String>,
}

impl Session {
    fn new() -> Session {
        let rec = GameRecord::new(19, Rules::chinese()).unwrap();
        Session {
            app: App::new(rec, Some("tree.sgf".into())),
            autosave: None,
            saved: None,
        }
    }

    fn key(&mut self, code: KeyCode) {
        let fx = self
            .app
            .update(Action::Key(KeyEvent::new(code, KeyModifiers::NONE)));
        if let Some(text) = fx.autosave {
            self.autosave = Some(text);
        }
    }

    fn typed(&mut self, text: &str) {
        for c in text.chars() {
            self.key(match c {
                '\n' => KeyCode::Enter,
                c => KeyCode::Char(c),
            });
        }
    }

    fn open(&mut self, text: &str, autosave: bool) {
        let mut rec = read(text);
        if autosave {
            kifu::app::go_to_autosaved_place(&mut rec);
        } else {
            rec.to_start();
            rec.to_end();
        }
        self.app = App::new(rec, Some("tree.sgf".into()));
        self.autosave = None;
    }

    fn run(&mut self, op: &Op) {
        match op {
            Op::Play(i) => self.typed(&format!("{}\n", POINTS[*i])),
            Op::Undo => self.typed("u"),
            Op::Forward => self.typed("]"),
            Op::Back => self.typed("["),
            Op::NextVariation => self.typed("v"),
            Op::PreviousVariation => self.typed("V"),
            Op::Comment(k) => self.typed(&format!(":comment note {k}\n")),
            Op::Promote => self.typed("M"),
            Op::Earlier => self.typed("{"),
            Op::Later => self.typed("}"),
            Op::DeleteVariation => self.typed("x"),
            Op::DeleteRest => self.typed("X"),
            Op::Undelete => self.typed("U"),
            Op::SaveReopen => {
                let text = self.app.file_text();
                self.app.update(Action::Outside(Outside::Saved {
                    path: "tree.sgf".into(),
                    failed: None,
                    elsewhere: false,
                }));
                self.saved = Some(text.clone());
                self.open(&text, false);
            }
            Op::Crash => {
                // As the keeper does at the next start: the autosave is
                // offered (and recovered) when it holds another game than
                // the file; else the file opens as it is.
                let base = match &self.saved {
                    Some(s) => read(s),
                    None => GameRecord::new(19, Rules::chinese()).unwrap(),
                };
                let differs = self.autosave.as_deref().is_some_and(|a| {
                    let mut rec = read(a);
                    kifu::app::go_to_autosaved_place(&mut rec);
                    kifu::sgf::to_sgf(&rec) != kifu::sgf::to_sgf(&base)
                });
                match (self.autosave.clone(), self.saved.clone()) {
                    (Some(a), _) if differs => self.open(&a, true),
                    (_, Some(s)) => self.open(&s, false),
                    (_, None) => *self = Session::new(),
                }
            }
        }
        // A letter left pending (`M` is a column) must not meet the next
        // op's digit: settle it as a person's next key would.
        self.key(KeyCode::Esc);
    }
}

/// What the model holds at the last change and the last save, for a
/// crash: the tree and the move shown then.
#[derive(Clone)]
struct Kept {
    changed: Option<Model>,
    saved: Option<Model>,
}

fn check(ops: &[Op]) -> Result<(), TestCaseError> {
    let mut s = Session::new();
    let mut m = Model::new();
    let mut kept = Kept {
        changed: None,
        saved: None,
    };
    for (k, op) in ops.iter().enumerate() {
        s.run(op);
        match op {
            Op::SaveReopen => {
                m.forget_edits();
                m.cur = m.main_end();
                kept.saved = Some(m.clone());
                kept.changed = None;
            }
            Op::Crash => {
                let mut base = kept.saved.clone().unwrap_or_else(Model::new);
                base.cur = base.main_end();
                m = match kept.changed.clone() {
                    Some(c) if c.tree() != base.tree() => c,
                    _ => base,
                };
                m.forget_edits();
                kept.changed = None;
            }
            op => {
                // `p` passes at once and the digit takes the pass back: the
                // autosave is written as things stood before the move.
                if matches!(op, Op::Play(i) if POINTS[*i].starts_with('p')) {
                    kept.changed = Some(m.clone());
                }
                // The autosave follows every change and the move shown.
                let shown = m.cur;
                if m.apply(op) || m.cur != shown {
                    kept.changed = Some(m.clone());
                }
            }
        }
        let sgf = kifu::sgf::to_sgf(s.app.record());
        prop_assert_eq!(
            tree_of_sgf(&sgf),
            m.tree(),
            "after op {} {:?} of {:?}\n{}",
            k,
            op,
            ops,
            sgf
        );
        prop_assert_eq!(
            s.app.record().current_path(),
            m.cur_path(),
            "the move shown after op {} {:?} of {:?}",
            k,
            op,
            ops
        );
    }
    Ok(())
}

/// The longest sequence tried (`KIFU_TREE_OPS`, 60 by default).
fn max_ops() -> usize {
    std::env::var("KIFU_TREE_OPS")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(60)
}

fn config() -> ProptestConfig {
    let cases = std::env::var("KIFU_TREE_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(256);
    let seed = std::env::var("KIFU_TREE_SEED")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(67);
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    /// No sequence of edits loses a node the model keeps, and the move
    /// shown is always the model's.
    #[test]
    fn the_tree_follows_its_reference_model(ops in proptest::collection::vec(op(), 1..max_ops())) {
        check(&ops)?;
    }
}

/// The issue's own sequence: a variation, then the game's own move taken
/// back and put back with `]`.
#[test]
fn forward_puts_back_the_move_taken_back_not_the_variation() {
    let mut s = Session::new();
    s.typed("d4\ne5\n[f5\n:comment what-if F5\n[e5\nu]");
    let sgf = kifu::sgf::to_sgf(s.app.record());
    let tree = tree_of_sgf(&sgf);
    let d4 = &tree.kids[0];
    let moves: Vec<_> = d4
        .kids
        .iter()
        .map(|k| (k.mv.clone(), k.comment.clone()))
        .collect();
    assert_eq!(
        moves,
        [
            (Some("W:eo".to_string()), None),
            (Some("W:fo".to_string()), Some("what-if F5".to_string()))
        ],
        "{sgf}"
    );
    let shown = s.app.record().node(s.app.record().current()).mv;
    assert_eq!(
        shown.map(|(_, m)| m),
        Some(kifu::game::Move::Play(
            kifu::game::Point::from_gtp("E5", 19).unwrap()
        ))
    );
    assert!(
        s.app
            .message()
            .as_deref()
            .unwrap_or("")
            .contains("put back")
    );
}
