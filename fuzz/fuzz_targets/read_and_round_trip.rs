//! Any bytes: read as a file (never a panic), and every game read goes
//! round the writer and the reader to the same text (`sgf::round_trips`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(why) = kifu::sgf::round_trips(data) {
        panic!("{why}");
    }
});
