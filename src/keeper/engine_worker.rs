//! KataGo in the background for count mode: part of the effects runner
//! below both front ends (the TUI's event loop asks it and reads its
//! answers between keys).

use std::sync::Arc;

use crate::storage;

/// KataGo in the background: started on the first position and kept; its
/// answers come back on a channel the event loop reads between keys, so
/// the keys never wait for it.
pub struct EngineWorker {
    config: crate::engine::EngineConfig,
    engine: Arc<std::sync::OnceLock<Result<crate::engine::Engine, crate::engine::EngineError>>>,
    pub answers: std::sync::mpsc::Receiver<(
        crate::game::Board,
        Result<crate::count::judge::Judgment, crate::engine::EngineError>,
    )>,
    tx: std::sync::mpsc::Sender<(
        crate::game::Board,
        Result<crate::count::judge::Judgment, crate::engine::EngineError>,
    )>,
    pub asked: Option<std::time::Instant>,
}

impl EngineWorker {
    pub fn new(config: crate::engine::EngineConfig) -> EngineWorker {
        let (tx, answers) = std::sync::mpsc::channel();
        EngineWorker {
            config,
            engine: Arc::new(std::sync::OnceLock::new()),
            answers,
            tx,
            asked: None,
        }
    }

    pub fn ask(&mut self, req: crate::app::EngineRequest) {
        let (cell, tx, cfg) = (
            Arc::clone(&self.engine),
            self.tx.clone(),
            self.config.clone(),
        );
        self.asked = Some(std::time::Instant::now());
        std::thread::spawn(move || {
            let engine = cell.get_or_init(|| {
                let work = storage::data_dir()
                    .unwrap_or_else(std::env::temp_dir)
                    .join("katago");
                crate::engine::Engine::start(&cfg, &work)
            });
            let answer = match engine {
                Ok(e) => e.judge(&req.board, &req.rules, req.komi, req.to_move),
                Err(e) => Err(e.clone()),
            };
            let _ = tx.send((req.board, answer));
        });
    }
}

/// Leaving the TUI ends the engine and what it started, even while a
/// position is still with it.
impl Drop for EngineWorker {
    fn drop(&mut self) {
        if let Some(Ok(e)) = self.engine.get() {
            e.shutdown();
        }
    }
}
