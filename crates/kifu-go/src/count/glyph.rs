//! What every point shows in each view of a count and at each step of its
//! walkthrough: the meaning only. The TUI, the text handout and any later
//! renderer map a `Glyph` to characters or shapes and add nothing, so the
//! three always show the same thing; `Glyph::meaning` is the legend's
//! wording, in one place.

use crate::count::classify::{Classification, PointClass};
use crate::count::steps::{Block, Chinese, Japanese};
use crate::game::{Color, Point};
use crate::i18n::Lang;

/// The two ways of counting a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum View {
    /// Area against half the board (Chinese): stones and territory count.
    Area,
    /// Territory with prisoners (Japanese): empty points and prisoners
    /// count, stones do not.
    Territory,
}

/// Where a walkthrough is: the map, or one of its steps, by name. A step's
/// number (the keys 1-6, "Step 3" in its caption) is its place in its
/// view's walkthrough (`View::walkthrough`), the map being 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Every point's owner: where the dead stones are marked.
    Map,
    /// The dead stones come off the board (area), or join the prisoners
    /// (territory).
    DeadStones,
    /// Area: the counted side's territory in tens.
    AreaTerritory,
    /// Area: its stones in tens.
    AreaStones,
    /// Area: half of the shared points.
    SharedPoints,
    /// Area: the comparison with half the board and the compensation.
    Compare,
    /// Area: the check, counting the other side too.
    Check,
    /// Territory: the prisoners fill the opponent's territory.
    Prisoners,
    /// Territory: what is left, in tens.
    Remaining,
    /// Territory: White adds the komi.
    Komi,
    /// Territory: the totals compared.
    Verdict,
}

impl Step {
    /// The step numbered `n` in `view` (0: the map); None past its last.
    pub fn numbered(view: View, n: usize) -> Option<Step> {
        match n {
            0 => Some(Step::Map),
            n => view.walkthrough().get(n - 1).copied(),
        }
    }

    /// Its number in `view` (0: the map, and a step of the other view).
    pub fn number(self, view: View) -> usize {
        view.walkthrough()
            .iter()
            .position(|&s| s == self)
            .map_or(0, |i| i + 1)
    }

    /// The map and every step of `view`, in order.
    pub fn all(view: View) -> impl Iterator<Item = Step> {
        std::iter::once(Step::Map).chain(view.walkthrough().iter().copied())
    }
}

impl View {
    /// Its walkthrough's steps, in order (the map comes before them).
    pub fn walkthrough(self) -> &'static [Step] {
        match self {
            View::Area => &[
                Step::DeadStones,
                Step::AreaTerritory,
                Step::AreaStones,
                Step::SharedPoints,
                Step::Compare,
                Step::Check,
            ],
            View::Territory => &[
                Step::DeadStones,
                Step::Prisoners,
                Step::Remaining,
                Step::Komi,
                Step::Verdict,
            ],
        }
    }

    /// How many steps its walkthrough has (the map not counted).
    pub fn steps(self) -> usize {
        self.walkthrough().len()
    }

    pub fn name(self) -> &'static str {
        match self {
            View::Area => "area",
            View::Territory => "territory",
        }
    }

    /// The view's name in a language: "area", "数子", "地".
    pub fn title(self, lang: Lang) -> &'static str {
        lang.text(match self {
            View::Area => "view.area",
            View::Territory => "view.territory",
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Glyph {
    /// A live stone drawn plainly (it counts nothing here).
    Stone(Color),
    /// A live stone counted in its side's area (area view).
    CountedStone(Color),
    /// A dead stone: a prisoner of the other side.
    Dead(Color),
    /// An empty point that counts nothing in this step (a dead stone's
    /// point once it is off, a point not yet counted).
    Empty,
    Territory(Color),
    /// An eye of a group in seki: area, not territory.
    SekiEye(Color),
    /// A liberty shared by groups in seki.
    SekiLiberty,
    /// A neutral point to fill before an area count (under territory
    /// rules a dame counts nothing and shows as `Empty`).
    Dame,
    /// A point of one's own area that must be filled to protect a group.
    Protect(Color),
    /// Block `n` (from 0) of ten counted points of `Color`'s.
    Block(usize, Color),
    /// A shared point: half of it counts for each side (area, step 4).
    Shared,
    /// A prisoner of this colour laid in the opponent's territory
    /// (territory view, step 2).
    Prisoner(Color),
    /// Part of the counted side's area, counted in another step.
    Aside,
}

impl Glyph {
    /// What it means, for the legend (one meaning per glyph).
    pub fn meaning(self, lang: Lang) -> &'static str {
        lang.text(match self {
            Glyph::Stone(Color::Black) => "glyph.stone.black",
            Glyph::Stone(Color::White) => "glyph.stone.white",
            Glyph::CountedStone(Color::Black) => "glyph.counted.black",
            Glyph::CountedStone(Color::White) => "glyph.counted.white",
            Glyph::Dead(Color::Black) => "glyph.dead.black",
            Glyph::Dead(Color::White) => "glyph.dead.white",
            Glyph::Empty => "glyph.empty",
            Glyph::Territory(Color::Black) => "glyph.territory.black",
            Glyph::Territory(Color::White) => "glyph.territory.white",
            Glyph::SekiEye(_) => "glyph.seki_eye",
            Glyph::SekiLiberty => "glyph.seki_liberty",
            Glyph::Dame => "glyph.dame",
            Glyph::Protect(_) => "glyph.protect",
            Glyph::Block(_, Color::Black) => "glyph.blocks.black",
            Glyph::Block(_, Color::White) => "glyph.blocks.white",
            Glyph::Shared => "glyph.shared",
            Glyph::Prisoner(Color::Black) => "glyph.prisoner.black",
            Glyph::Prisoner(Color::White) => "glyph.prisoner.white",
            Glyph::Aside => "glyph.aside",
        })
    }

    /// The letter that shows it in plain text (and in the TUI without
    /// colour or Unicode): stones `X O`, dead stones and prisoners `x o`,
    /// territory `b w`, seki eyes `s`, seki liberties `*`, dame `!`, points
    /// to fill `p`, blocks `1-9 a c-n q r t-v y z` (Black's) and `A C-N Q R T-V Y Z` (White's), shared points `=`, the counted side's
    /// other points `-`, empty `.`.
    pub fn letter(self) -> char {
        match self {
            Glyph::Stone(Color::Black) | Glyph::CountedStone(Color::Black) => 'X',
            Glyph::Stone(Color::White) | Glyph::CountedStone(Color::White) => 'O',
            Glyph::Dead(Color::Black) | Glyph::Prisoner(Color::Black) => 'x',
            Glyph::Dead(Color::White) | Glyph::Prisoner(Color::White) => 'o',
            Glyph::Empty => '.',
            Glyph::Territory(Color::Black) => 'b',
            Glyph::Territory(Color::White) => 'w',
            Glyph::SekiEye(_) => 's',
            Glyph::SekiLiberty => '*',
            Glyph::Dame => '!',
            Glyph::Protect(_) => 'p',
            Glyph::Block(i, c) => block_char(i, c),
            Glyph::Shared => '=',
            Glyph::Aside => '-',
        }
    }

    /// Glyphs that share a legend line (all the blocks) share a key.
    pub fn legend_key(self) -> Glyph {
        match self {
            Glyph::Block(_, c) => Glyph::Block(0, c),
            Glyph::SekiEye(_) => Glyph::SekiEye(Color::Black),
            Glyph::Protect(_) => Glyph::Protect(Color::Black),
            g => g,
        }
    }
}

/// Black's block labels: digits, then lower-case letters; White's:
/// upper-case letters. Neither uses a letter that means something else on
/// the board (`b w` territory, `x o` dead stones and prisoners, `X O`
/// stones, `s` seki eyes, `p` points to fill), and the two sides' blocks
/// differ without colour (the territory step draws both).
const BLACK_BLOCKS: &[u8] = b"123456789acdefghijklmnqrtuvyz";
const WHITE_BLOCKS: &[u8] = b"ACDEFGHIJKLMNQRTUVYZ";

/// The character that labels block `i` (from 0) of `c`'s.
pub fn block_char(i: usize, c: Color) -> char {
    let labels = match c {
        Color::Black => BLACK_BLOCKS,
        Color::White => WHITE_BLOCKS,
    };
    labels.get(i).map_or('#', |&l| char::from(l))
}

/// The labels of `c`'s blocks, for the legend.
pub fn block_labels(c: Color) -> &'static str {
    // The labels as runs: what a student reads in the legend, the letters
    // left out named in the meaning ("no b o p s w x").
    match c {
        Color::Black => "1-9 a c-n q r t-v y z",
        Color::White => "A C-N Q R T-V Y Z",
    }
}

/// Everything a walkthrough step reads, borrowed from a count.
#[derive(Clone, Copy)]
pub struct Steps<'a> {
    pub class: &'a Classification,
    pub chinese: &'a Chinese,
    pub japanese: &'a Japanese,
}

fn in_blocks(blocks: &[Block], p: Point) -> Option<usize> {
    blocks.iter().position(|b| b.points.contains(&p))
}

impl<'a> Steps<'a> {
    /// The blocks of ten a step counts, each with the side it counts: the
    /// board draws them and the panel gives their running totals.
    pub fn blocks(&self, step: Step) -> Vec<(Color, &'a [Block])> {
        let (chinese, japanese): (&'a Chinese, &'a Japanese) = (self.chinese, self.japanese);
        match step {
            Step::AreaTerritory => vec![(chinese.side, &chinese.territory_blocks[..])],
            Step::AreaStones => vec![(chinese.side, &chinese.stone_blocks[..])],
            Step::Remaining => [Color::Black, Color::White]
                .into_iter()
                .map(|c| (c, &japanese.remaining_blocks[c.index()][..]))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// What point `p` shows in `view` at `step`.
    pub fn glyph(&self, view: View, step: Step, p: Point) -> Glyph {
        for (c, blocks) in self.blocks(step) {
            if let Some(i) = in_blocks(blocks, p) {
                return Glyph::Block(i, c);
            }
        }
        let class = self.class.at(p);
        let dead = self.class.dead_at(p);
        let stone = |c| match view {
            View::Area => Glyph::CountedStone(c),
            View::Territory => Glyph::Stone(c),
        };
        // After the dead stones' step they are off the board.
        let off = |g: Glyph| if dead.is_some() { Glyph::Empty } else { g };
        let live = |k: PointClass| match k {
            PointClass::Stone(c) => Glyph::Stone(c),
            _ => Glyph::Empty,
        };
        match (view, step) {
            (_, Step::Map) => match (dead, class) {
                (Some(c), _) => Glyph::Dead(c),
                (None, PointClass::Stone(c)) => stone(c),
                (None, PointClass::Territory(c)) => Glyph::Territory(c),
                // Under area counting an eye in seki and a point one must
                // fill are area like any territory; under territory
                // counting they are not territory, and show what they are.
                (None, PointClass::SekiEye(c) | PointClass::Protect(c)) if view == View::Area => {
                    Glyph::Territory(c)
                }
                (None, PointClass::SekiEye(c)) => Glyph::SekiEye(c),
                (None, PointClass::Protect(c)) => Glyph::Protect(c),
                (None, PointClass::SekiLiberty) => Glyph::SekiLiberty,
                (None, PointClass::Dame) => match view {
                    View::Area => Glyph::Dame,
                    View::Territory => Glyph::Empty,
                },
            },
            (_, Step::DeadStones) => match dead {
                Some(c) => Glyph::Dead(c),
                None => live(class),
            },
            // The counted side's territory, counted in step 2: a dead
            // stone's point with it (it was counted as territory there).
            (View::Area, Step::AreaStones)
                if class.area_owner() == Some(self.chinese.side)
                    && !matches!(class, PointClass::Stone(_)) =>
            {
                Glyph::Aside
            }
            (View::Area, Step::SharedPoints) if self.chinese.shared.contains(&p) => Glyph::Shared,
            (View::Area, _) => off(live(class)),
            (View::Territory, Step::Prisoners) => {
                for c in [Color::Black, Color::White] {
                    // Black's territory is filled with White's prisoners:
                    // black stones.
                    if self.japanese.filled[c.index()].contains(&p) {
                        return Glyph::Prisoner(c);
                    }
                }
                off(live(class))
            }
            (View::Territory, _) => off(live(class)),
        }
    }

    /// The glyphs on the board in a view at a step, in board order, each
    /// kind once: the legend of that screen.
    pub fn legend(&self, view: View, step: Step) -> Vec<Glyph> {
        let size = self.class.size();
        let mut out: Vec<Glyph> = Vec::new();
        for y in 0..size {
            for x in 0..size {
                let g = self.glyph(view, step, Point::new(x, y)).legend_key();
                if !out.contains(&g) {
                    out.push(g);
                }
            }
        }
        out
    }
}
