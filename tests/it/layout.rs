//! docs/architecture.md names every source file: a file added under src/
//! without a word there fails here.

use std::path::Path;

/// The Layout block's entries: a head (`src/count/` or `src/tui.rs`) and
/// its text, continuation lines included.
fn entries(readme: &str) -> Vec<(String, String)> {
    let start = readme.find("## Layout\n\n```\n").map(|i| i + 15);
    let block = start
        .and_then(|a| readme[a..].find("```").map(|b| &readme[a..a + b]))
        .unwrap_or("");
    let mut out: Vec<(String, String)> = Vec::new();
    for line in block.lines() {
        if line.starts_with(' ') {
            if let Some(last) = out.last_mut() {
                last.1.push(' ');
                last.1.push_str(line.trim());
            }
        } else if let Some((head, rest)) = line.split_once(' ') {
            out.push((head.to_string(), rest.trim().to_string()));
        }
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<String>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p.to_string_lossy().replace('\\', "/"));
        }
    }
}

/// The sources of the workspace, by their path from its root: the
/// application's `src/` and each crate's under `crates/`.
fn workspace_sources() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    for e in std::fs::read_dir(root.join("crates"))
        .into_iter()
        .flatten()
        .flatten()
    {
        rust_files(&e.path().join("src"), &mut files);
    }
    let prefix = format!("{}/", root.to_string_lossy().replace('\\', "/"));
    let mut files: Vec<String> = files
        .iter()
        .map(|f| f.strip_prefix(&prefix).unwrap_or(f).to_string())
        .collect();
    files.sort();
    files
}

#[test]
fn the_readme_layout_names_every_source_file() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(Path::new(root).join("docs/architecture.md")).unwrap();
    let entries = entries(&readme);
    assert!(entries.len() > 10, "no Layout block found: {entries:?}");
    let files = workspace_sources();
    assert!(
        files.iter().any(|f| f.starts_with("crates/kifu-go/src/")),
        "{files:?}"
    );
    let mut missing = Vec::new();
    for f in &files {
        let rel = f.as_str();
        let (dir, name) = rel.rsplit_once('/').unwrap_or(("", rel));
        let named = entries.iter().any(|(head, text)| {
            head == rel || text.contains(rel) || (head == &format!("{dir}/") && text.contains(name))
        });
        if !named {
            missing.push(rel.to_string());
        }
    }
    missing.sort();
    assert!(
        missing.is_empty(),
        "docs/architecture.md misses: {missing:?}"
    );
}

/// Every function's length in lines, from a `fn` line to the closing
/// brace at the same indentation (the code is rustfmt-formatted).
fn function_lengths(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        let sig = trimmed
            .trim_start_matches("pub ")
            .trim_start_matches("pub(crate) ")
            .trim_start_matches("pub(super) ")
            .trim_start_matches("const ");
        let Some(rest) = sig.strip_prefix("fn ") else {
            continue;
        };
        if line.trim_end().ends_with(';') {
            continue;
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let close = format!("{indent}}}");
        let end = lines[i + 1..]
            .iter()
            .position(|l| l.trim_end() == close)
            .map_or(lines.len(), |k| i + 1 + k);
        out.push((name, end - i + 1));
    }
    out
}

/// Files and functions small enough to read: no file under src/ over 500
/// lines but the board, no function over 80 lines but the parser's loop.
#[test]
fn source_files_and_functions_stay_small() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut long = Vec::new();
    for rel in &workspace_sources() {
        let text = std::fs::read_to_string(root.join(rel)).unwrap();
        let rel = rel.as_str();
        let lines = text.lines().count();
        if lines > 500 {
            long.push(format!("{rel}: {lines} lines"));
        }
        for (name, n) in function_lengths(&text) {
            if n > 80 && !(rel.ends_with("src/sgf/parse.rs") && name == "run") {
                long.push(format!("{rel}: fn {name}, {n} lines"));
            }
        }
    }
    assert!(long.is_empty(), "too long: {long:?}");
}

#[test]
fn function_lengths_are_measured_to_the_closing_brace() {
    let text = "fn a() {\n    1;\n}\n\n    pub(crate) fn b(\n        x: u8,\n    ) -> u8 {\n        x\n    }\n";
    assert_eq!(
        function_lengths(text),
        vec![("a".to_string(), 3), ("b".to_string(), 5)]
    );
}

/// The module path of a source file: `src/count/steps/blocks.rs` is
/// `count::steps::blocks`, a `mod.rs` its folder.
fn module_of(rel: &str) -> Vec<String> {
    let in_crate = rel.find("src/").map_or(rel, |i| &rel[i..]);
    let mut parts: Vec<String> = in_crate
        .trim_start_matches("src/")
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// Which files each file names through `crate::` and `super::` paths
/// (test code left out): the graph the layers are read from.
/// Within one crate (`src/` of the application, or `crates/NAME/src/`):
/// `crate::` names that crate's files only.
fn imports_of(
    crate_src: &str,
) -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files: Vec<String> = workspace_sources()
        .into_iter()
        .filter(|f| f.starts_with(crate_src))
        .collect();
    let by_module: std::collections::BTreeMap<Vec<String>, String> =
        files.iter().map(|f| (module_of(f), f.clone())).collect();
    let resolve = |parts: &[String]| -> Option<String> {
        (1..=parts.len())
            .rev()
            .find_map(|k| by_module.get(&parts[..k]).cloned())
    };
    let mut out = std::collections::BTreeMap::new();
    for f in files.iter().filter(|f| !f.ends_with("tests.rs")) {
        let text = std::fs::read_to_string(root.join(f)).unwrap_or_default();
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        let me = module_of(f);
        let mut to = std::collections::BTreeSet::new();
        for word in ["crate::", "super::"] {
            for (at, _) in code.match_indices(word) {
                let before = code[..at].chars().last();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let path: String = code[at + word.len()..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                let mut parts: Vec<String> = if word == "crate::" {
                    Vec::new()
                } else {
                    me[..me.len().saturating_sub(1)].to_vec()
                };
                parts.extend(path.split("::").filter(|s| !s.is_empty()).map(String::from));
                if let Some(q) = resolve(&parts).filter(|q| q != f) {
                    to.insert(q);
                }
            }
        }
        out.insert(f.clone(), to);
    }
    out
}

/// The floors of the house: no two files import each other, even through
/// others; no top-level module does; and the rules, the counting and SGF
/// (`game`, `count`, `sgf`) never name the application above them. The
/// crates keep the floors between them (kifu-words below kifu-go below
/// kifu); this keeps the rooms within each.
#[test]
fn no_import_loop_and_no_arrow_up_from_the_rules() {
    let mut graph = imports_of("src/");
    graph.extend(imports_of("crates/kifu-go/src/"));
    graph.extend(imports_of("crates/kifu-words/src/"));
    assert!(
        graph.contains_key("crates/kifu-go/src/count/classify.rs"),
        "{:?}",
        graph.keys().collect::<Vec<_>>()
    );
    let top = |f: &str| {
        module_of(f)
            .first()
            .cloned()
            .unwrap_or_else(|| "lib".into())
    };
    // Loops: a file that reaches itself again.
    let reach = |from: &str, key: &dyn Fn(&str) -> String| -> Vec<String> {
        let start = key(from);
        let mut seen = std::collections::BTreeSet::new();
        let mut todo: Vec<String> = graph
            .iter()
            .filter(|(f, _)| key(f) == start)
            .flat_map(|(_, to)| to.iter().cloned())
            .filter(|t| key(t) != start)
            .collect();
        let mut back = Vec::new();
        while let Some(f) = todo.pop() {
            if !seen.insert(f.clone()) {
                continue;
            }
            for t in graph.get(&f).into_iter().flatten() {
                if key(t) == start {
                    back.push(format!("{} -> ... -> {f} -> {t}", start));
                } else {
                    todo.push(t.clone());
                }
            }
        }
        back
    };
    let mut loops = Vec::new();
    for f in graph.keys() {
        loops.extend(reach(f, &|x: &str| x.to_string()));
        loops.extend(reach(f, &|x: &str| top(x)));
    }
    loops.sort();
    loops.dedup();
    assert!(loops.is_empty(), "import loops:\n{}", loops.join("\n"));
    let above = [
        "app", "ui", "tui", "cli", "keeper", "storage", "line", "engine", "handout", "config",
        "settings",
    ];
    let mut up = Vec::new();
    for (f, to) in &graph {
        if ["game", "count", "sgf"].contains(&top(f).as_str()) {
            for t in to.iter().filter(|t| above.contains(&top(t).as_str())) {
                up.push(format!("{f} -> {t}"));
            }
        }
    }
    assert!(
        up.is_empty(),
        "the rules import the application:\n{}",
        up.join("\n")
    );
}

/// The state changes, the front ends translate: nothing under src/app
/// names the terminal crate (keys arrive as `app::key`, converted by the
/// terminal loop), so the state and its tests run with no terminal.
#[test]
fn the_state_never_imports_the_terminal() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let naming: Vec<String> = workspace_sources()
        .into_iter()
        .filter(|f| f.starts_with("src/app/"))
        .filter(|f| {
            std::fs::read_to_string(root.join(f))
                .unwrap_or_default()
                .contains("crossterm")
        })
        .collect();
    assert!(naming.is_empty(), "the state names crossterm: {naming:?}");
}
