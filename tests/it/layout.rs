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

#[test]
fn the_readme_layout_names_every_source_file() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(Path::new(root).join("docs/architecture.md")).unwrap();
    let entries = entries(&readme);
    assert!(entries.len() > 10, "no Layout block found: {entries:?}");
    let mut files = Vec::new();
    rust_files(&Path::new(root).join("src"), &mut files);
    let mut missing = Vec::new();
    for f in &files {
        let rel = &f[f.find("src/").unwrap_or(0)..];
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
    let root = env!("CARGO_MANIFEST_DIR");
    let mut files = Vec::new();
    rust_files(&Path::new(root).join("src"), &mut files);
    let mut long = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let rel = &f[f.find("src/").unwrap_or(0)..];
        let lines = text.lines().count();
        if lines > 500 {
            long.push(format!("{rel}: {lines} lines"));
        }
        for (name, n) in function_lengths(&text) {
            if n > 80 && !(rel == "src/sgf/parse.rs" && name == "run") {
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
