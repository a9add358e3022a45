use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = kifu::cli::Cli::parse();
    let mut out = std::io::stdout().lock();
    // Not locked for the whole run: a worker thread's panic message (the
    // scorer's threads) would wait for the lock forever, and kifu hang
    // instead of failing.
    let mut err = std::io::stderr();
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
            // Said in the user's language by cli::run where kifu knows why.
            let msg = format!("{e:#}");
            let _ = writeln!(err, "kifu: {}", kifu::text::printable(&msg));
            ExitCode::FAILURE
        }
    }
}
