//! What `kifu score` counts: the files and folders given (every `.sgf`
//! below a folder, in a stable order), the list of `--files-from`, and the
//! games of one shard (`--shard i/n`, `--shard-index I --shard-count N`),
//! split by game so one large collection spreads over every shard.

use std::io::BufRead;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// One shard of `count`, zero-based (`--shard i/n` is `index = i - 1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl std::str::FromStr for Shard {
    type Err = String;
    /// `i/n`, with 1 <= i <= n.
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || {
            format!(
                "{s:?}: give i/n with 1 <= i <= n, like 2/4 (or --shard-index 1 --shard-count 4, from 0)"
            )
        };
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let (i, n) = (
            i.trim().parse::<u64>().map_err(|_| bad())?,
            n.trim().parse::<u64>().map_err(|_| bad())?,
        );
        if i == 0 || n == 0 || i > n {
            return Err(bad());
        }
        Ok(Shard {
            index: i - 1,
            count: n,
        })
    }
}

impl Shard {
    /// `--shard-index I --shard-count N` (from 0, as array jobs number
    /// their tasks); the error says what is expected.
    pub fn zero_based(index: u64, count: u64) -> Result<Shard, String> {
        if count == 0 || index >= count {
            return Err(format!(
                "--shard-index {index} --shard-count {count}: the index goes from 0 to the count less one"
            ));
        }
        Ok(Shard { index, count })
    }

    /// Whether game `game` (from 1; 0 for a file that could not be read)
    /// of `file` belongs to this shard: FNV-1a of the name as given and
    /// the game's number, the same on every machine and run.
    pub fn takes(&self, file: &Path, game: usize) -> bool {
        let key = format!("{}#{}", file.to_string_lossy(), game.max(1));
        let h = key.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        h % self.count == self.index
    }
}

/// The files and the shard the arguments ask for; None (a usage error,
/// said) when the zero-based shard is out of range.
pub fn of(
    args: &crate::cli::ScoreArgs,
    err: &mut dyn std::io::Write,
) -> Result<Option<(Vec<PathBuf>, Option<Shard>)>> {
    let shard = match (args.shard, args.shard_index, args.shard_count) {
        (Some(s), _, _) => Some(s),
        (None, Some(i), Some(n)) => match Shard::zero_based(i, n) {
            Ok(s) => Some(s),
            Err(e) => {
                writeln!(err, "kifu: {e}")?;
                return Ok(None);
            }
        },
        _ => None,
    };
    Ok(Some((
        files(&args.files, args.files_from.as_deref())?,
        shard,
    )))
}

/// The names a folder's game records go by: SGF and the formats of other
/// servers kifu reads (Tygem's GIB, WBaduk's NGF, Pandanet's UGF and UGI).
/// Each is then read by its content, as a single file is.
pub const RECORD_EXTENSIONS: &[&str] = &["sgf", "gib", "ngf", "ugf", "ugi"];

/// Whether a name is a game record's (`RECORD_EXTENSIONS`, any case).
fn is_record(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| RECORD_EXTENSIONS.iter().any(|x| e.eq_ignore_ascii_case(x)))
}

/// Every game record below a folder (`.sgf`, `.gib`, `.ngf`, `.ugf`,
/// `.ugi`), sorted by path (the same order on
/// every machine); symbolic links to files are taken, links to folders not
/// followed (no loops). What cannot be listed or read is named, to be said
/// as that path's error.
fn folder(dir: &Path, out: &mut Vec<PathBuf>) {
    let walk = walkdir::WalkDir::new(dir)
        .follow_links(false)
        .sort_by_file_name();
    for entry in walk {
        match entry {
            // Files and links to them; a broken link too, so its error is
            // said rather than the file silently missed.
            Ok(e) if is_record(e.path()) && !e.path().is_dir() => {
                out.push(e.into_path());
            }
            Ok(_) => {}
            // The path then fails to read, with the system's reason.
            Err(e) => out.extend(e.path().map(Path::to_path_buf)),
        }
    }
}

/// The files to count, in order: each argument (a folder: the `.sgf`
/// records below it), then the lines of `--files-from` (`-`: standard
/// input; blank lines skipped).
pub fn files(args: &[PathBuf], from: Option<&Path>) -> Result<Vec<PathBuf>> {
    let mut listed: Vec<PathBuf> = args.to_vec();
    if let Some(list) = from {
        let reader: Box<dyn BufRead> = if list == Path::new("-") {
            Box::new(std::io::BufReader::new(std::io::stdin()))
        } else {
            // A FIFO is opened without waiting for a writer (with none,
            // the list is empty), as every stream kifu reads.
            Box::new(std::io::BufReader::new(
                crate::storage::stream::open_special(list)
                    .with_context(|| format!("--files-from {}: cannot open it", list.display()))?,
            ))
        };
        let mut reader = reader;
        let mut line = Vec::new();
        let mut number = 0;
        let mut total = 0usize;
        // Each line bounded: a list is names, never a stream of bytes
        // (`--files-from /dev/zero` is refused, not read into memory).
        while crate::storage::stream::bounded_line(
            &mut reader,
            crate::storage::stream::MAX_LIST_LINE,
            &mut line,
        )
        .with_context(|| {
            format!(
                "--files-from {}: line {}: not a list of files",
                list.display(),
                number + 1
            )
        })?
        .is_some()
        {
            number += 1;
            total += line.len() + 1;
            // No file name holds a NUL byte; a list past its bound is no
            // list (`--files-from /dev/urandom` ends here, not in memory).
            if line.contains(&0) || total > crate::storage::stream::MAX_LIST_BYTES {
                anyhow::bail!(
                    "--files-from {}: line {number}: not a list of files ({})",
                    list.display(),
                    if line.contains(&0) {
                        "a NUL byte, which no file name holds"
                    } else {
                        "more than 1 GiB of names"
                    }
                );
            }
            let name = String::from_utf8_lossy(&line);
            let name = name.trim_end_matches('\r');
            if !name.trim().is_empty() {
                listed.push(PathBuf::from(name));
            }
        }
    }
    let mut out = Vec::with_capacity(listed.len());
    for p in listed {
        if p.is_dir() {
            folder(&p, &mut out);
        } else {
            out.push(p);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_read_both_ways() {
        assert_eq!("2/4".parse::<Shard>(), Ok(Shard { index: 1, count: 4 }));
        assert_eq!(Shard::zero_based(0, 4), Ok(Shard { index: 0, count: 4 }));
        assert!(Shard::zero_based(4, 4).is_err());
        assert!(Shard::zero_based(0, 0).is_err());
        for bad in ["0/4", "5/4", "1/0", "x", "1/"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn every_game_is_in_exactly_one_shard() {
        let file = Path::new("archive/kgs2003.sgf");
        let mut sizes = [0usize; 4];
        for game in 1..=4000 {
            let owners: Vec<u64> = (0..4)
                .filter(|&i| Shard::zero_based(i, 4).is_ok_and(|s| s.takes(file, game)))
                .collect();
            assert_eq!(owners.len(), 1, "game {game}");
            sizes[owners[0] as usize] += 1;
        }
        // A stable hash spreads one collection evenly (about 1,000 each).
        assert!(sizes.iter().all(|&s| (900..1100).contains(&s)), "{sizes:?}");
    }

    #[test]
    fn a_folder_gives_its_sgf_files_in_order() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let d = dir.path();
        for f in ["b/2.sgf", "a.SGF", "b/1.sgf", "notes.txt", "c/d/e.sgf"] {
            let p = d.join(f);
            std::fs::create_dir_all(p.parent().unwrap_or(d)).unwrap_or_else(|e| panic!("{e}"));
            std::fs::write(&p, "(;)").unwrap_or_else(|e| panic!("{e}"));
        }
        #[cfg(unix)]
        std::os::unix::fs::symlink("/no/such/file", d.join("c/broken.sgf"))
            .unwrap_or_else(|e| panic!("{e}"));
        #[cfg(unix)]
        std::os::unix::fs::symlink("..", d.join("c/loop.sgf")).unwrap_or_else(|e| panic!("{e}"));
        let list = d.join("list.txt");
        std::fs::write(&list, "x.sgf\n\n  \ny.sgf\r\n").unwrap_or_else(|e| panic!("{e}"));
        let got = files(&[d.to_path_buf()], Some(&list)).unwrap_or_else(|e| panic!("{e}"));
        let names: Vec<String> = got
            .iter()
            .map(|p| p.strip_prefix(d).unwrap_or(p).display().to_string())
            .collect();
        // The broken link is listed (its read fails and is said); the link
        // to a folder is not followed.
        assert_eq!(
            names,
            [
                "a.SGF",
                "b/1.sgf",
                "b/2.sgf",
                "c/broken.sgf",
                "c/d/e.sgf",
                "x.sgf",
                "y.sgf"
            ]
        );
    }
}
