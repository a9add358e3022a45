#!/usr/bin/env python3
"""kifu_go against sgfmill on the same files, in one run: parse each file
and replay its main line to the final board (sgfmill: Sgf_game.from_bytes,
get_main_sequence, boards.Board.play; kifu_go: read_bytes, board()).
Prints files, seconds and files a second for each, best of three.

    python scripts/python-bench.py FILE_OR_FOLDER...   (kifu_go and sgfmill installed)
"""
import pathlib
import sys
import time

import kifu_go
from sgfmill import boards, sgf


def files(args):
    for a in args:
        p = pathlib.Path(a)
        yield from (sorted(p.rglob("*.sgf")) if p.is_dir() else [p])


def with_sgfmill(data):
    game = sgf.Sgf_game.from_bytes(data)
    board = boards.Board(game.get_size())
    for node in game.get_main_sequence():
        colour, move = node.get_move()
        if colour and move:
            try:
                board.play(move[0], move[1], colour)
            except ValueError:
                pass
    return board


def with_kifu(data):
    return kifu_go.read_bytes(data)[0].board()


def timed(f, blobs):
    best = None
    for _ in range(3):
        start = time.perf_counter()
        for b in blobs:
            try:
                f(b)
            except Exception:  # a file one of them refuses: both go on
                pass
        took = time.perf_counter() - start
        best = took if best is None else min(best, took)
    return best


def main():
    blobs = [p.read_bytes() for p in files(sys.argv[1:])]
    print(f"{len(blobs)} files, parse and replay the main line, best of three:")
    for name, f in [("sgfmill", with_sgfmill), ("kifu_go", with_kifu)]:
        t = timed(f, blobs)
        print(f"  {name:8} {t:7.3f} s  {len(blobs) / t:8.0f} files/s")


if __name__ == "__main__":
    main()
