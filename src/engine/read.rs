//! The reader of KataGo's answers: one thread per engine, each answer to
//! the position waiting for it, every line bounded.

use super::*;

/// What the reader thread shares with the engine.
pub(super) struct Reader {
    pub(super) waiters: Waiters,
    pub(super) broken: Arc<Mutex<Option<EngineError>>>,
    pub(super) progress: Arc<Mutex<Instant>>,
    pub(super) silences: Arc<AtomicU32>,
}

/// The reader: each answer to its waiter; on the end of the output or an
/// answer kifu cannot read, every waiter is told why.
/// The longest line kifu reads from the engine: an answer for a 25x25
/// board with its ownership map is well under this; a line longer is an
/// engine gone wrong, not an answer to wait for (memory stays bounded).
const MAX_ENGINE_LINE: u64 = 4 << 20;

pub(super) fn read_answers(mut out: impl BufRead, reader: &Reader) {
    let (waiters, broken) = (&reader.waiters, &*reader.broken);
    let fail_all = |why: EngineError| {
        if let Ok(mut b) = broken.lock() {
            *b = Some(why.clone());
        }
        if let Ok(mut w) = waiters.lock() {
            for (_, tx) in w.drain() {
                let _ = tx.send(Err(why.clone()));
            }
        }
    };
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match (&mut out)
            .take(MAX_ENGINE_LINE + 1)
            .read_until(b'\n', &mut bytes)
        {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if bytes.len() as u64 > MAX_ENGINE_LINE {
            fail_all(EngineError::LineTooLong(MAX_ENGINE_LINE >> 20));
            return;
        }
        let line = String::from_utf8_lossy(&bytes);
        let line = line.trim_end();
        let v: serde_json::Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(_) => {
                let shown: String = line.chars().take(60).collect();
                fail_all(EngineError::Unreadable(
                    crate::text::printable(&shown).into_owned(),
                ));
                return;
            }
        };
        let Some(id) = v.get("id").and_then(|i| i.as_str()) else {
            continue;
        };

        let answer = if let Some(e) = v.get("error").and_then(|e| e.as_str()) {
            Err(EngineError::Refused(crate::text::printable(e).into_owned()))
        } else {
            match v.get("ownership").and_then(|o| o.as_array()) {
                Some(o) => o
                    .iter()
                    .map(|x| x.as_f64().ok_or(EngineError::NotNumbers))
                    .collect(),
                None => continue, // a progress report without ownership
            }
        };
        // An answer (not an acknowledgement): the engine is at work.
        if let Ok(mut p) = reader.progress.lock() {
            *p = Instant::now();
        }
        reader.silences.store(0, Ordering::Relaxed);
        if let Ok(mut w) = waiters.lock()
            && let Some(tx) = w.remove(id)
        {
            let _ = tx.send(answer);
        }
    }
    fail_all(EngineError::Exited);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An engine that writes without ever ending a line: kifu stops after
    /// `MAX_ENGINE_LINE` bytes and says so, instead of reading until memory
    /// runs out; an answer on its own line still reaches its waiter.
    #[test]
    fn a_line_without_an_end_is_bounded() {
        let reader = Reader {
            waiters: Arc::new(Mutex::new(HashMap::new())),
            broken: Arc::new(Mutex::new(None)),
            progress: Arc::new(Mutex::new(Instant::now())),
            silences: Arc::new(AtomicU32::new(2)),
        };
        let (tx, rx) = std::sync::mpsc::channel();
        if let Ok(mut w) = reader.waiters.lock() {
            w.insert("q1".to_string(), tx);
        }
        let endless = std::io::repeat(b'x').take(MAX_ENGINE_LINE * 2);
        read_answers(BufReader::new(endless), &reader);
        let why = reader.broken.lock().map(|b| b.clone()).unwrap_or_default();
        assert_eq!(why, Some(EngineError::LineTooLong(MAX_ENGINE_LINE >> 20)));
        assert!(
            EngineError::LineTooLong(4)
                .to_string()
                .contains("without an end")
        );
        assert!(matches!(rx.try_recv(), Ok(Err(_))), "the waiter is told");

        if let Ok(mut b) = reader.broken.lock() {
            *b = None;
        }
        let (tx, rx) = std::sync::mpsc::channel();
        if let Ok(mut w) = reader.waiters.lock() {
            w.insert("q2".to_string(), tx);
        }
        let answer = b"{\"id\":\"q2\",\"ownership\":[0.5,-0.5]}\n".to_vec();
        read_answers(BufReader::new(&answer[..]), &reader);
        assert_eq!(rx.try_recv().ok(), Some(Ok(vec![0.5, -0.5])));
        assert_eq!(
            reader.silences.load(Ordering::Relaxed),
            0,
            "an answer resets"
        );
    }
}
