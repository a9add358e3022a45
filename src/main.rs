use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = kifu::cli::Cli::parse();
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr().lock();
    match kifu::cli::run(cli, &mut out, &mut err) {
        Ok(0) => ExitCode::SUCCESS,
        Ok(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
        // A reader that stopped early (`kifu show ... | head`) is not an error.
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            use std::io::Write;
            // A bare full-disk error (no file named in its context) is the
            // output failing: kifu names every file it writes itself.
            let full = e.downcast_ref::<std::io::Error>().is_some_and(|io| {
                matches!(
                    io.kind(),
                    std::io::ErrorKind::StorageFull | std::io::ErrorKind::WriteZero
                )
            });
            let msg = if e.chain().count() == 1 && full {
                // Standard output redirected to a file: name it.
                let named = std::fs::read_link("/proc/self/fd/1")
                    .ok()
                    .filter(|p| p.is_absolute() && p.is_file())
                    .map(|p| format!(" to {}", p.display()))
                    .unwrap_or_default();
                format!("cannot write the output{named}: {e}; free some space or write elsewhere")
            } else {
                format!("{e:#}")
            };
            let _ = writeln!(err, "kifu: {}", kifu::text::printable(&msg));
            ExitCode::FAILURE
        }
    }
}
