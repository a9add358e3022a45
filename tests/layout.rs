//! The README's Layout names every source file: a file added under src/
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
    let readme = std::fs::read_to_string(Path::new(root).join("README.md")).unwrap();
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
    assert!(missing.is_empty(), "README Layout misses: {missing:?}");
}
