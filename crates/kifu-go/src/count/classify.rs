//! What every point is once the dead stones are off the board: a live
//! stone, territory, a seki eye, dame, or a seki liberty.
//!
//! Empty points (and the points of dead stones) are grouped into regions.
//! A region touching live stones of one colour only is that colour's
//! territory. A region touching both colours is neutral, and the hard
//! question is which of its points are unfilled dame and which are the
//! shared liberties of a seki: a group that merely touches an unfilled dame
//! is not in seki.
//!
//! kifu decides by filling: each neutral point is filled, in a simulation,
//! by a colour that can play there without putting its own stones in atari
//! and without capturing anything, as players fill dame before counting.
//! When nothing more can be filled, the neutral points left are those
//! neither side can fill without self-atari: seki liberties. The groups
//! next to them are in seki, and so are the one-colour regions (eyes) they
//! enclose: those eyes count for area but not as territory (Japanese 1989,
//! art. 8). Players can also mark a group as seki by hand.

use crate::count::Adjacency;
use crate::count::marks::Marks;
use crate::game::{Board, Color, Point};

mod eyes;
mod grid;
mod phases;
use eyes::{ChainLiberties, Scratch, eye_holding, may_turn_seki};
use grid::Grid;
use phases::{fill_dame, find_regions, is_false_eye, seki_eyes, seki_liberties, split_stones};

/// A region bordered by a seki group counts as that group's eye when it is
/// at most this big (a nakade-sized space) or when every group around it is
/// in seki. A large area that merely touches a seki group stays territory.
const MAX_SEKI_EYE: usize = 7;

/// What a point is in a count: a live stone, territory, a seki eye, a
/// point to protect, or neutral.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointClass {
    /// A live stone (also in seki).
    Stone(Color),
    /// Empty, or a dead stone's point, surrounded by one colour.
    Territory(Color),
    /// An eye of a group in seki: area for its owner, not territory.
    SekiEye(Color),
    /// A point of its own territory the owner must fill once the dame are
    /// filled, to keep a group out of atari: area, but not territory.
    Protect(Color),
    /// A neutral point that can be filled: should be, before an area count.
    Dame,
    /// A neutral point neither side can fill without self-atari.
    SekiLiberty,
}

impl PointClass {
    /// Whose area the point is (stones, territory and seki eyes).
    pub fn area_owner(self) -> Option<Color> {
        match self {
            PointClass::Stone(c)
            | PointClass::Territory(c)
            | PointClass::SekiEye(c)
            | PointClass::Protect(c) => Some(c),
            PointClass::Dame | PointClass::SekiLiberty => None,
        }
    }

    /// Neutral: a dame or a liberty shared in seki, nobody's area.
    pub fn is_neutral(self) -> bool {
        matches!(self, PointClass::Dame | PointClass::SekiLiberty)
    }

    /// Every class in the order of its code.
    const BY_CODE: [PointClass; CODES] = [
        PointClass::Stone(Color::Black),
        PointClass::Stone(Color::White),
        PointClass::Territory(Color::Black),
        PointClass::Territory(Color::White),
        PointClass::SekiEye(Color::Black),
        PointClass::SekiEye(Color::White),
        PointClass::Protect(Color::Black),
        PointClass::Protect(Color::White),
        PointClass::Dame,
        PointClass::SekiLiberty,
    ];

    /// The class as a byte under `CODES`: a classification keeps its
    /// points so, and the passes over it tally or pick points by a table
    /// index or a bit mask (a `match` per point was a mispredicted branch,
    /// most of each pass's time).
    pub(crate) fn code(self) -> u8 {
        let (base, c) = match self {
            PointClass::Stone(c) => (0, c),
            PointClass::Territory(c) => (2, c),
            PointClass::SekiEye(c) => (4, c),
            PointClass::Protect(c) => (6, c),
            PointClass::Dame => return 8,
            PointClass::SekiLiberty => return 9,
        };
        base + c.index() as u8
    }

    /// The class of a code (`Dame` for a byte that is none).
    pub(crate) fn from_code(code: u8) -> PointClass {
        Self::BY_CODE
            .get(usize::from(code))
            .copied()
            .unwrap_or(PointClass::Dame)
    }

    /// The bit of this class in a mask of codes (see `Classification::codes`).
    pub(crate) fn bit(self) -> u16 {
        1 << self.code()
    }
}

/// How many class codes there are (`PointClass::code`).
pub(crate) const CODES: usize = 10;

/// Every point of a position classified for counting, the dead stones
/// taken off (from the position and the marks: [`Classification::classify`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Classification {
    size: u8,
    /// Each point's `PointClass::code`.
    class: Vec<u8>,
    /// The dead stone taken off this point, if any.
    dead: Vec<Option<Color>>,
    /// Live stones of groups in seki.
    seki: Vec<bool>,
    /// One-point eyes that are false (informational: counted as usual).
    false_eye: Vec<bool>,
}

fn own_only(c: Color) -> [bool; 2] {
    match c {
        Color::Black => [true, false],
        Color::White => [false, true],
    }
}

/// The points of an eye (at most 12), inline.
type EyePoints<T = usize> = smallvec::SmallVec<[T; 12]>;

struct Region {
    /// Inline up to four (most regions are dame and eyes of a few points:
    /// an allocation each was a tenth of a classification's).
    points: smallvec::SmallVec<[usize; 4]>,
    touches: [bool; 2],
}

/// The regions of a classification, and each live stone's chain
/// (`u32::MAX` for no live stone).
struct Regions {
    list: Vec<Region>,
    chain_of: Vec<u32>,
}

impl Classification {
    /// Classifies every point of `board`, the stones `marks` calls dead
    /// taken off and the groups it calls seki kept with their eyes.
    pub fn classify(board: &Board, marks: &Marks) -> Classification {
        let (plain, regions) = Self::classify_plain(board, marks);
        Self::seki_behind_a_dead_stone(board, marks, plain, &regions)
    }

    /// Dead stones inside an eye of a group in seki are not taken up
    /// (Japanese 1989, the commentary on art. 10, reference figure 17):
    /// with them off, the eye looks larger than it is, and the group could
    /// seem free to fill the shared liberty. So each eye that holds dead
    /// stones (an area of empty points and dead stones enclosed by the
    /// owner's live stones alone) is also read as it stands: the dead
    /// stones' points taking liberties (the owner's stones there, so only
    /// the empty points are liberties). When that shows a seki the plain
    /// reading did not, it is the count: the whole eye a seki eye, its dead
    /// stones no prisoners. Any number of dead stones, any shape.
    fn seki_behind_a_dead_stone(
        board: &Board,
        marks: &Marks,
        plain: Classification,
        regions: &Regions,
    ) -> Classification {
        let n = usize::from(board.size());
        let mut best = plain;
        // The regions holding dead stones, in the order of their first dead
        // stone, as the eyes were always taken (a seki found changes what
        // later eyes see): found over the regions, not the board.
        let mut eyes: smallvec::SmallVec<[(usize, usize, Color); 16]> = regions
            .list
            .iter()
            .enumerate()
            .filter_map(|(id, r)| {
                let first = *r.points.iter().filter(|&&i| best.dead[i].is_some()).min()?;
                Some((first, id, best.dead[first]?))
            })
            .collect();
        eyes.sort_unstable_by_key(|&(first, ..)| first);
        // Made when an eye first needs it (most positions have none).
        let mut scratch: Option<Scratch> = None;
        // Chains' liberties, counted as eyes ask, again after a seki
        // changed the classification.
        let mut liberties = ChainLiberties::new(&regions.chain_of);
        for (_, id, c) in eyes {
            let owner = c.opponent();
            let eye = &regions.list[id].points;
            let Some(lost) = eye_holding(&best, &regions.list[id], owner) else {
                continue;
            };
            if liberties.surely_safe(&best, owner, eye, lost) {
                continue;
            }
            // An eye has at most 12 points (`eye_holding`): kept inline.
            let (mut dead, mut empty) = (EyePoints::new(), EyePoints::new());
            for &i in eye {
                match best.dead[i] {
                    Some(_) => dead.push(i),
                    None => empty.push(i),
                }
            }
            let scratch = scratch.get_or_insert_with(|| Scratch::new(n * n));
            if !may_turn_seki(&best, owner, (&dead, &empty), scratch) {
                continue;
            }
            let Some(out) = Self::read_standing(board, marks, &best, c, (&dead, &empty)) else {
                continue;
            };
            best = out;
            liberties.clear();
        }
        best
    }

    /// The eye of `dead` stones of colour `c` (and `empty` points) read
    /// with the dead stones standing as the owner's: the classification
    /// that gives when it shows a seki `best` did not, the whole eye a seki
    /// eye and its dead stones no prisoners.
    fn read_standing(
        board: &Board,
        marks: &Marks,
        best: &Classification,
        c: Color,
        (dead, empty): (&[usize], &[usize]),
    ) -> Option<Classification> {
        let n = usize::from(board.size());
        let owner = c.opponent();
        let at = |i: usize| Point::new((i % n) as u8, (i / n) as u8);
        let points: EyePoints<Point> = dead.iter().map(|&i| at(i)).collect();
        let mut standing = board.clone();
        let (b, w): (&[Point], &[Point]) = match owner {
            Color::Black => (&points, &[]),
            Color::White => (&[], &points),
        };
        standing.setup(&points, b, w);
        let mut live = marks.clone();
        for &p in &points {
            live.clear(p);
        }
        let (mut out, _) = Self::classify_plain(&standing, &live);
        let new_seki = board
            .points()
            .any(|p| board.get(p) == Some(owner) && out.in_seki(p) && !best.in_seki(p));
        if !new_seki {
            return None;
        }
        for &i in dead.iter().chain(empty) {
            out.class[i] = PointClass::SekiEye(owner).code();
            out.seki[i] = false;
        }
        for &i in dead {
            out.dead[i] = Some(c);
        }
        Some(out)
    }

    /// The classification with every dead stone taken off, in its
    /// phases: the regions, the dame filled as players fill them, the seki
    /// liberties left, the seki eyes, then territory.
    fn classify_plain(board: &Board, marks: &Marks) -> (Classification, Regions) {
        let size = board.size();
        let n = usize::from(size);
        let (dead, alive) = split_stones(board, marks);
        let adj = Adjacency::of_size(n);
        let mut grid = Grid::new(n, adj, alive.clone());
        let (region_of, regions) = find_regions(adj, &grid.kind);
        let candidates: Vec<usize> = regions
            .iter()
            .filter(|r| r.touches == [true, true])
            .flat_map(|r| r.points.iter().copied())
            .collect();
        let protect = fill_dame(&mut grid, &candidates, &regions, &region_of);
        let mut class = vec![PointClass::Dame.code(); n * n];
        let mut seki = vec![false; n * n];
        for (i, a) in alive.iter().enumerate() {
            if let Some(c) = a {
                class[i] = PointClass::Stone(*c).code();
                seki[i] = marks.is_seki_at(i);
            }
        }
        seki_liberties(&mut grid, &candidates, &alive, marks, &mut class, &mut seki);
        let is_eye = seki_eyes(&mut grid, &regions, &alive, &mut seki);
        let mut false_eye = vec![false; n * n];
        for (id, r) in regions.iter().enumerate() {
            let owner = match r.touches {
                [true, false] => Color::Black,
                [false, true] => Color::White,
                _ => continue,
            };
            let c = if is_eye[id] {
                PointClass::SekiEye(owner)
            } else {
                PointClass::Territory(owner)
            };
            for &p in &r.points {
                class[p] = if protect[p] && !is_eye[id] {
                    PointClass::Protect(owner)
                } else {
                    c
                }
                .code();
            }
            if let [p] = r.points[..] {
                false_eye[p] = is_false_eye(&mut grid, &alive, p, owner);
            }
        }
        let out = Classification {
            size,
            class,
            dead,
            seki,
            false_eye,
        };
        let mut chain_of = std::mem::take(&mut grid.chain_id);
        for (c, a) in chain_of.iter_mut().zip(&alive) {
            if a.is_none() {
                *c = u32::MAX;
            }
        }
        let regions = Regions {
            list: regions,
            chain_of,
        };
        (out, regions)
    }

    /// The board's size (lines).
    pub fn size(&self) -> u8 {
        self.size
    }

    fn idx(&self, p: Point) -> Option<usize> {
        p.is_on(self.size)
            .then(|| usize::from(p.y) * usize::from(self.size) + usize::from(p.x))
    }

    /// The class of `p` (a point off the board is dame).
    pub fn at(&self, p: Point) -> PointClass {
        self.idx(p)
            .map_or(PointClass::Dame, |i| PointClass::from_code(self.class[i]))
    }

    /// The dead stone that stood on `p`, if any.
    pub fn dead_at(&self, p: Point) -> Option<Color> {
        self.idx(p).and_then(|i| self.dead[i])
    }

    /// True for a live stone of a group in seki.
    pub fn in_seki(&self, p: Point) -> bool {
        self.idx(p).is_some_and(|i| self.seki[i])
    }

    /// True for an empty point that looks like an eye but is false (it
    /// counts as usual; said in the walkthrough).
    pub fn is_false_eye(&self, p: Point) -> bool {
        self.idx(p).is_some_and(|i| self.false_eye[i])
    }

    /// Every point with its class, top row first.
    pub fn points(&self) -> impl Iterator<Item = (Point, PointClass)> + '_ {
        self.points_with_codes()
            .map(|(p, k)| (p, PointClass::from_code(k)))
    }

    /// Every point with its class's code, top row first.
    fn points_with_codes(&self) -> CodePoints<'_> {
        CodePoints {
            class: &self.class,
            n: self.size,
            x: 0,
            y: 0,
            i: 0,
        }
    }

    /// The classes' codes (`PointClass::code`) in row-major order (index
    /// y * size + x).
    pub(crate) fn codes(&self) -> &[u8] {
        &self.class
    }

    /// The dead stones taken off, in row-major order.
    pub(crate) fn dead_stones(&self) -> &[Option<Color>] {
        &self.dead
    }

    /// How many points have a class for which `f` is true.
    pub fn count_position(&self, f: impl Fn(PointClass) -> bool) -> usize {
        self.class
            .iter()
            .filter(|&&c| f(PointClass::from_code(c)))
            .count()
    }

    /// Dead stones of `color` taken off the board.
    pub fn dead_count(&self, color: Color) -> usize {
        self.dead.iter().filter(|&&d| d == Some(color)).count()
    }

    /// Dead stones of `color` that sit inside a seki eye: under territory
    /// rules they are not prisoners (Japanese 1989, art. 10).
    pub fn dead_in_seki_eyes(&self, color: Color) -> usize {
        self.dead
            .iter()
            .zip(&self.class)
            .filter(|&(&d, &c)| {
                d == Some(color) && matches!(PointClass::from_code(c), PointClass::SekiEye(_))
            })
            .count()
    }

    /// A map of the classes, one character per point, for tests and
    /// diagnostics: `X`/`O` live stones (`#`/`@` in seki), `b`/`w`
    /// territory, `B`/`W` seki eyes, `p` a point to fill in one's own
    /// territory, `.` dame, `s` seki liberty.
    pub fn to_map(&self) -> String {
        let n = usize::from(self.size);
        let mut out = String::with_capacity(n * (2 * n + 1));
        for (i, &c) in self.class.iter().enumerate() {
            let ch = match PointClass::from_code(c) {
                PointClass::Stone(Color::Black) if self.seki[i] => '#',
                PointClass::Stone(Color::White) if self.seki[i] => '@',
                PointClass::Stone(Color::Black) => 'X',
                PointClass::Stone(Color::White) => 'O',
                PointClass::Territory(Color::Black) => 'b',
                PointClass::Territory(Color::White) => 'w',
                PointClass::SekiEye(Color::Black) => 'B',
                PointClass::SekiEye(Color::White) => 'W',
                PointClass::Protect(_) => 'p',
                PointClass::Dame => '.',
                PointClass::SekiLiberty => 's',
            };
            out.push(ch);
            out.push(if (i + 1) % n == 0 { '\n' } else { ' ' });
        }
        out
    }
}

/// Every point of a classification with its class's code, top row first.
struct CodePoints<'a> {
    class: &'a [u8],
    n: u8,
    x: u8,
    y: u8,
    i: usize,
}

impl Iterator for CodePoints<'_> {
    type Item = (Point, u8);

    // A running row and column, not index arithmetic: divisions would cost
    // more than the rest of a count.
    fn next(&mut self) -> Option<(Point, u8)> {
        let c = *self.class.get(self.i)?;
        let p = Point::new(self.x, self.y);
        self.i += 1;
        self.x += 1;
        if self.x == self.n {
            self.x = 0;
            self.y += 1;
        }
        Some((p, c))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.class.len() - self.i.min(self.class.len());
        (left, Some(left))
    }
}
