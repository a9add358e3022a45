//! Reading what is not a regular file (standard input, a pipe, a FIFO, a
//! device) and lines of a list, every read bounded: memory is reserved
//! as the bytes come (so a limit on memory gives a message, not an
//! abort), binary streams are refused after their first bytes, and a
//! FIFO nobody writes to does not block.

use std::io::{BufRead, Read};
use std::path::Path;

use anyhow::{Context, Result, bail};

use super::MAX_FILE_BYTES;

/// How much of a stream is looked at before reading on.
const PROBE: usize = 1 << 16;

/// The longest line of a list of files (`--files-from`): far past any
/// file name a system takes.
pub const MAX_LIST_LINE: usize = 64 << 10;

/// The most a list of files (`--files-from`) may hold in all: ten million
/// names of a hundred bytes, far past any archive.
pub const MAX_LIST_BYTES: usize = 1 << 30;

/// The longest line typed in line mode or to `kifu follow --plain`: a
/// command, a comment, a pasted game's text.
pub const MAX_TYPED_LINE: usize = 1 << 20;

/// Why the first bytes of a stream cannot be a game record, or None:
/// mostly NUL bytes (more than UTF-16 text holds, half of them), or
/// control bytes no text holds.
fn binary_prefix(b: &[u8], name: &str) -> Option<super::Unreadable> {
    let nul = b.iter().filter(|&&c| c == 0).count();
    let control = b
        .iter()
        .filter(|&&c| c < 0x20 && !matches!(c, 0 | b'\t' | b'\n' | b'\r' | 0x0c | 0x1b))
        .count();
    (nul * 10 > b.len() * 6 || control * 20 > b.len())
        .then(|| super::Unreadable::Binary(name.into(), nul, control, b.len()))
}

/// Everything `r` holds, up to `MAX_FILE_BYTES`; `name` says what it is
/// in the errors.
pub fn read_bounded(r: impl Read, name: &str) -> Result<Vec<u8>> {
    read_at_most(r, name, MAX_FILE_BYTES)
}

/// `read_bounded` with the bound given.
fn read_at_most(mut r: impl Read, name: &str, max: u64) -> Result<Vec<u8>> {
    let mut bytes: Vec<u8> = Vec::new();
    let mut chunk = vec![0u8; PROBE];
    let mut probed = false;
    loop {
        let n = match r.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                return Err(
                    super::Unreadable::Other(name.into(), super::SystemReason::of(&e)).into(),
                );
            }
        };
        if (bytes.len() + n) as u64 > max {
            bail!(super::Unreadable::StreamTooLarge(name.into(), max >> 20));
        }
        bytes
            .try_reserve(n)
            .map_err(|_| super::Unreadable::NoMemory(name.into(), bytes.len() as u64 >> 20))?;
        bytes.extend_from_slice(&chunk[..n]);
        if !probed && bytes.len() >= PROBE {
            probed = true;
            if let Some(why) = binary_prefix(&bytes[..PROBE], name) {
                bail!(why);
            }
        }
    }
    Ok(bytes)
}

/// Opens a file that is not a regular one for reading. A FIFO is opened
/// without waiting for a writer, then read as usual: with no writer it
/// reads as empty, where a plain open would wait for one for ever.
pub fn open_special(path: &Path) -> std::io::Result<std::fs::File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
        if std::fs::metadata(path)?.file_type().is_fifo() {
            let file = std::fs::OpenOptions::new()
                .read(true)
                .custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32)
                .open(path)?;
            let flags = rustix::fs::fcntl_getfl(&file)?;
            rustix::fs::fcntl_setfl(&file, flags - rustix::fs::OFlags::NONBLOCK)?;
            return Ok(file);
        }
    }
    std::fs::File::open(path)
}

/// The next line of `r` without its line end, at most `max` bytes; None
/// at the end. A longer line is an error (a list of files or a GTP
/// command is never so long: what is read is not one).
pub fn bounded_line(
    r: &mut (impl BufRead + ?Sized),
    max: usize,
    line: &mut Vec<u8>,
) -> Result<Option<()>> {
    line.clear();
    let n = Read::take(r, max as u64 + 1)
        .read_until(b'\n', line)
        .context("cannot read")?;
    if n == 0 {
        return Ok(None);
    }
    if line.last() == Some(&b'\n') {
        line.pop();
    } else if line.len() > max {
        bail!("a line longer than {} KiB", max >> 10);
    }
    Ok(Some(()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_streams_are_refused_at_their_first_bytes() {
        // An endless stream of NULs: refused after the probe, not read on.
        let zeros = std::io::repeat(0).take(MAX_FILE_BYTES * 4);
        let e = read_bounded(zeros, "/dev/zero").unwrap_err().to_string();
        assert!(e.contains("binary data"), "{e}");
        // Random bytes: control bytes no text holds.
        let mut x: u32 = 1;
        let noise: Vec<u8> = (0..PROBE * 2)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                x as u8
            })
            .collect();
        assert!(read_bounded(&noise[..], "noise").is_err());
        // UTF-16 text (half its bytes NUL) and plain text pass.
        let utf16: Vec<u8> = "(;GM[1]SZ[19];B[pd])"
            .repeat(PROBE / 10)
            .encode_utf16()
            .flat_map(|u| u.to_le_bytes())
            .collect();
        assert_eq!(
            read_bounded(&utf16[..], "utf16").unwrap().len(),
            utf16.len()
        );
        let text = "(;GM[1];B[aa])\n".repeat(PROBE);
        assert_eq!(
            read_bounded(text.as_bytes(), "text").unwrap().len(),
            text.len()
        );
    }

    #[test]
    fn a_text_stream_past_the_bound_is_refused() {
        let endless = std::io::repeat(b'a').take(5 << 20);
        let e = read_at_most(endless, "a pipe", 4 << 20)
            .unwrap_err()
            .to_string();
        assert!(e.contains("more than kifu reads"), "{e}");
    }

    #[test]
    fn lines_are_bounded() {
        let mut r = std::io::BufReader::new(&b"short\nline two"[..]);
        let mut line = Vec::new();
        assert!(bounded_line(&mut r, 8, &mut line).unwrap().is_some());
        assert_eq!(line, b"short");
        assert!(bounded_line(&mut r, 8, &mut line).unwrap().is_some());
        assert_eq!(line, b"line two");
        assert!(bounded_line(&mut r, 8, &mut line).unwrap().is_none());
        let mut zeros = std::io::BufReader::new(std::io::repeat(0));
        assert!(bounded_line(&mut zeros, 1024, &mut line).is_err());
    }
}
