#!/usr/bin/env bash
# The learned dead-stone judge, end to end (train/README.md): finished games,
# KataGo's labels, kifu's input planes, training, and the checks. Writes
# crates/kifu-go/src/count/judge/learned/weights.bin and train/log.txt. About an hour on 2 cores.
#
#   train/run.sh            (from the repository's root, next to ../shared)
#
# Environment: SHARED (../shared), WORK (/tmp/kifu-train), GAMES9 (200),
# GAMES13 (120), STEPS (6000).
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${SHARED:-../shared}
WORK=${WORK:-/tmp/kifu-train}
mkdir -p "$WORK"

# KataGo 1.17 (CPU) and its 10-block network; one visit a position, four
# positions at a time so both cores are busy.
eval "$("$SHARED/peers/setup-katago.sh" | tail -1)"
sed -e 's/^numAnalysisThreads = .*/numAnalysisThreads = 4/' \
    -e 's/^numSearchThreads = .*/numSearchThreads = 1/' "$KATAGO_CFG" > "$WORK/label.cfg"
export KATAGO KATAGO_MODEL KATAGO_CFG="$WORK/label.cfg"

# 19x19: the KGS archive's games that end in a counted result. Never the
# development sets (kgs-2017q1-markup, ogs-score-estimator).
mkdir -p "$WORK/kgs"
for f in "$SHARED"/data/kgs-archive/*.tar.gz; do tar xzf "$f" -C "$WORK/kgs"; done
# (grep -l fails on a batch without a match: that is not an error here)
find "$WORK/kgs" -name '*.sgf' | sort | xargs grep -l 'RE\[[BW]+[0-9]' > "$WORK/counted.txt" || true

# 9x9 and 13x13: GNU Go's self-play, finished by two passes.
python3 train/selfplay.py 9 "${GAMES9:-200}" "$WORK/sp9" --seed 0
python3 train/selfplay.py 13 "${GAMES13:-120}" "$WORK/sp13" --seed 100000

cargo build --release --examples
# KataGo's labels of the 8,270 counted KGS finals are kept in
# ../shared/data/kgs-labels (hours of CPU to make): used when present (their
# paths are relative to WORK, where the archive was unpacked above);
# RELABEL=1 makes them again. Labels made here are worth keeping: gzip them
# beside the weights.
LABELS="$SHARED/data/kgs-labels/kgs19.jsonl.gz"
if [ -f "$LABELS" ] && [ -z "${RELABEL:-}" ]; then
  gunzip -c "$LABELS" > "$WORK/kgs19.jsonl"
  echo "labels: $LABELS"
else
  target/release/examples/label "$WORK/kgs19.jsonl" @"$WORK/counted.txt"
fi
target/release/examples/label "$WORK/sp9.jsonl" "$WORK"/sp9/*.sgf
target/release/examples/label "$WORK/sp13.jsonl" "$WORK"/sp13/*.sgf
target/release/examples/planes "$WORK/arrays" "$WORK"/kgs19.jsonl "$WORK"/sp9.jsonl "$WORK"/sp13.jsonl \
  | tee "$WORK/kept.txt"

python3 -m venv "$WORK/venv"
"$WORK/venv/bin/pip" install -q -r train/requirements.txt
"$WORK/venv/bin/python" train/train.py "$WORK/arrays" crates/kifu-go/src/count/judge/learned/weights.bin \
  --steps "${STEPS:-6000}" | tee train/log.txt
# Every weights file traceable to its data: the SHA-256 of the labels it
# was trained on and of the weights written.
{
  echo "labels: sha256 $(sha256sum < "$WORK/kgs19.jsonl" | cut -d' ' -f1) kgs19.jsonl (19x19), $(cat "$WORK"/sp9.jsonl "$WORK"/sp13.jsonl | sha256sum | cut -d' ' -f1) sp9.jsonl + sp13.jsonl"
  echo "weights: sha256 $(sha256sum < crates/kifu-go/src/count/judge/learned/weights.bin | cut -d' ' -f1) crates/kifu-go/src/count/judge/learned/weights.bin"
} | tee -a train/log.txt

# kifu's inference against the training script's, then the held-out tenth.
cargo build --release --examples
target/release/examples/planes --check "$WORK/arrays" crates/kifu-go/src/count/judge/learned/weights.bin.check.json
rm -f crates/kifu-go/src/count/judge/learned/weights.bin.check.json
target/release/examples/planes --heldout "$WORK"/kgs19.jsonl "$WORK"/sp9.jsonl "$WORK"/sp13.jsonl
