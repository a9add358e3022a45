"""Compares kifu's reading of GIB and NGF files with pysgf 1.0.0's
(KaTrain's parser): the setup stones and the main line must be equal.
Usage: python3 scripts/pysgf-compare.py KIFU FILE...  (pip install pysgf==1.0.0)
Prints one line per file: same, or the first difference."""
import subprocess
import sys

from pysgf import GoGame


def pysgf_line(path):
    root = GoGame.parse_file(path)
    setup = sorted(m.sgf((19, 19)) for m in root.placements if m.player == "B")
    moves, node = [], root
    while node.children:
        node = node.children[0]
        for m in node.moves:
            moves.append(f"{m.player}[{m.sgf((19, 19))}]")
    return setup, moves


def kifu_line(kifu, path):
    sgf = subprocess.run([kifu, "convert", path], capture_output=True, text=True).stdout
    setup = []
    if "AB" in sgf:
        ab = sgf.split("AB", 1)[1]
        while ab.startswith("["):
            point, ab = ab[1:].split("]", 1)
            setup.append(point)
    moves = []
    for part in sgf.split(";")[2:]:
        part = part.strip()
        if part[:2] in ("B[", "W["):
            moves.append(part[0] + "[" + part[2:].split("]", 1)[0] + "]")
    return sorted(setup), moves


def main():
    kifu, files = sys.argv[1], sys.argv[2:]
    bad = 0
    for f in files:
        try:
            want = pysgf_line(f)
        except Exception as e:  # pysgf cannot read it: nothing to compare
            print(f"{f}: pysgf cannot read it ({type(e).__name__})")
            continue
        got = kifu_line(kifu, f)
        if got == want:
            print(f"{f}: same ({len(got[0])} setup stones, {len(got[1])} moves)")
        else:
            bad += 1
            diff = next((i for i, (a, b) in enumerate(zip(got[1], want[1])) if a != b), None)
            print(f"{f}: DIFFERENT setup {got[0]} vs {want[0]}; moves {len(got[1])} vs {len(want[1])}, first difference at {diff}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
