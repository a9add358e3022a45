//! Every threshold kifu's judges read a position by, in one place, each
//! with why it is where it is. The judges' files use them from here;
//! changing one changes kifu's answers (docs/reading.md and
//! docs/learned-judge.md say how each was measured).

// Public for kifu's reports and tools, hidden like the judges' machinery.

/// An open area between the two sides says the game is not over: this many
/// dame points (empty points both sides reach once the judged dead stones
/// are off) that lie in 2x2 squares of dame, two squares at least. A line
/// of dame between two walls has no such square, however long. Over the
/// 398 counted KGS games of the development set, 397 have no such square
/// and one has a single one (4 points); of 62 resigned games that a judge
/// called finished, 34 have one or more.
pub const OPEN_AREA: usize = 6;

/// Few enough points undecided (an eighth of the board) for the game to
/// look over; every judge asks it the same way.
pub fn looks_finished(undecided: usize, size: u8) -> bool {
    undecided * 8 <= usize::from(size) * usize::from(size)
}

// The rules estimator's playouts (estimate.rs, estimate/playouts.rs).

/// A chain is dead when it keeps its points in fewer than this share of
/// playouts; between `UNSURE_LOW` and `UNSURE_HIGH` it is flagged.
pub const DEAD_BELOW: f64 = 0.5;

/// A chain keeping at least this share of playouts, and at most
/// `UNSURE_HIGH`, is flagged: the playouts are split on it.
pub const UNSURE_LOW: f64 = 0.25;

/// The upper end of the flagged shares (`UNSURE_LOW`).
pub const UNSURE_HIGH: f64 = 0.75;

/// A chain that keeps its points in fewer careless playouts than this is
/// dead whatever the careful ones say.
pub const CARELESS_DEAD_BELOW: f64 = 0.2;

/// The playouts that first tell a game plainly not over, the same for
/// every budget (so every budget gives up on the same games).
pub const PROBE: usize = 32;

/// A group keeping a share of the playouts in this range is a coin toss:
/// another batch is played (up to the budget's last).
pub const CLOSE: std::ops::RangeInclusive<f64> = 0.4..=0.6;

/// The fewest empty points of an area judged here: more than any eye
/// space a group can die in (rabbity six, the largest nakade shape, has
/// six points) and than six stones can enclose on their own.
pub const MIN_AREA: usize = 10;

/// The most stones of the enclosed colour: more make a group, which the
/// playouts judge better than a count of points.
pub const MAX_STONES: usize = 6;

// Ownership maps (ownership.rs, learned.rs).

/// A group whose mean ownership is nearer zero than this is uncertain.
pub const UNSURE_BELOW: f64 = 0.5;

// Local searches (estimate/search.rs, estimate/search/walled.rs).

/// The most empty points a search may play on.
pub const MAX_REGION: usize = 8;

/// The most positions one search may visit.
pub const BUDGET: u32 = 4000;

/// The same for the bent-four test, which the estimator asks of more
/// chains: the shape is small, a few hundred positions settle it.
pub const KO_BUDGET: u32 = 500;

/// A chain with this many liberties in so small an area is not captured
/// (the target, or a chain around it).
pub const SAFE_LIBERTIES: usize = 6;

/// The most empty points the group reader plays on, and its budget: it
/// reads a few groups per board, the ones a proposal is least sure of.
pub const READ_REGION: usize = 12;

/// The positions one read of a group may visit (`READ_REGION`).
pub const READ_BUDGET: u32 = 12_000;

/// The budget of one position's reads, all of them (the owner's side of
/// a race apart): what keeps a position's judgment under a few tens of
/// milliseconds whatever its fights.
pub const POSITION_BUDGET: u32 = 6_000;

/// The deepest line a group read follows.
pub const READ_DEPTH: usize = 26;

/// The owner's side of a race both sides win by starting is read only for
/// the groups of such races, and needs more: one budget for all of a
/// position's races.
pub const RACE_BUDGET: u32 = 40_000;

/// A string with more liberties than this is not captured by tactics
/// (GNU Go 3.8, engine/reading.c, `attack()`).
pub const TACTICAL_LIBERTIES: usize = 4;

// Reading (reading.rs).

/// The largest space `walled_in_space` reads.
pub const SPACE_MAX: usize = 12;

/// Liberties that leave a capturer room to make its eyes elsewhere.
pub const ROOM: usize = 6;
