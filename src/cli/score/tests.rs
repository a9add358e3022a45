//! The producer's jobs: where each file ends.

use super::*;

/// The jobs `produce` hands out for `files`: (file name, ends_file).
fn jobs_of(files: &[PathBuf], games: Games) -> Vec<(String, bool)> {
    let (tx, rx) = sync_channel::<Vec<Job>>(64);
    produce::produce(files, (games, crate::i18n::Lang::En, false), None, tx);
    rx.into_iter()
        .flatten()
        .map(|j| {
            let name = j.file.file_name().map(|n| n.to_string_lossy().into_owned());
            (name.unwrap_or_default(), j.end.is_some())
        })
        .collect()
}

#[test]
fn each_file_ends_once_at_its_last_game() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let write = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap_or_else(|e| panic!("{e}"));
        p
    };
    let files = vec![
        write("two.sgf", "(;GM[1]SZ[9];B[ee])(;GM[1]SZ[9];B[cc])"),
        dir.path().join("missing.sgf"),
        write("one.sgf", "(;GM[1]SZ[9];B[dd])"),
    ];
    let all = jobs_of(&files, Games::All);
    assert_eq!(
        all,
        [
            ("two.sgf".to_string(), false),
            ("two.sgf".to_string(), true),
            ("missing.sgf".to_string(), true),
            ("one.sgf".to_string(), true),
        ]
    );
    // One game asked for: each file's one job ends it.
    let second = jobs_of(&files, Games::One(2));
    assert!(second.iter().all(|(_, ends)| *ends), "{second:?}");
    assert_eq!(second.len(), 3, "{second:?}");
}
