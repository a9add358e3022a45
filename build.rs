//! `kifu --version` names the commit it was built from, when it was built
//! from a git checkout ("kifu 0.2.0 (commit 203e98e)"); from a source
//! package, the version alone.

use std::process::Command;

fn main() {
    let version = env!("CARGO_PKG_VERSION");
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let long = match git(&["rev-parse", "--short=7", "HEAD"]) {
        Some(commit) if !commit.is_empty() => format!("{version} (commit {commit})"),
        _ => version.to_string(),
    };
    println!("cargo:rustc-env=KIFU_VERSION={long}");
    // Again when the commit changes (HEAD moves, or the branch it names).
    if std::path::Path::new(".git/HEAD").exists() {
        println!("cargo:rerun-if-changed=.git/HEAD");
    }
    if let Some(head) = std::fs::read_to_string(".git/HEAD")
        .ok()
        .and_then(|h| h.strip_prefix("ref: ").map(|r| r.trim().to_string()))
    {
        // A packed ref has no file of its own: HEAD's change is enough then.
        let path = format!(".git/{head}");
        if std::path::Path::new(&path).exists() {
            println!("cargo:rerun-if-changed={path}");
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
