#!/usr/bin/env python3
"""Finished 9x9 and 13x13 games for the dead-stone judge: GNU Go plays
itself at a low level until both pass, after a few random opening moves
(so games differ); the result is GNU Go's own count (final_score), written
as RE, which the labelling step checks KataGo's dead stones against.

  train/selfplay.py SIZE GAMES OUT_DIR [--seed S] [--level L]

Half the games are under Chinese rules (komi 7.5), half under Japanese
(komi 6.5). Deterministic for a seed (GNU Go's own --seed is set too).
"""
import argparse
import os
import random
import subprocess
import sys

GNUGO = os.environ.get("GNUGO", "/usr/games/gnugo")
LETTERS = "ABCDEFGHJKLMNOPQRST"


class Gtp:
    def __init__(self, args):
        self.p = subprocess.Popen([GNUGO, "--mode", "gtp"] + args,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if line == "":
                raise RuntimeError("gnugo exited on " + cmd)
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.strip())
        first = lines[0]
        if first.startswith("?"):
            raise RuntimeError(cmd + ": " + first)
        return (first[1:].strip() + "\n" + "\n".join(lines[1:])).strip()

    def close(self):
        try:
            self.ask("quit")
        except Exception:
            pass
        self.p.wait()


def sgf_point(v, size):
    """GTP vertex to SGF coordinates ('' for a pass)."""
    v = v.upper()
    if v == "PASS":
        return ""
    x = LETTERS.index(v[0])
    y = size - int(v[1:])
    return chr(97 + x) + chr(97 + y)


def game(size, seed, level):
    rng = random.Random(seed)
    chinese = seed % 2 == 0
    komi = 7.5 if chinese else 6.5
    g = Gtp(["--level", str(level), "--seed", str(seed + 1),
             "--chinese-rules" if chinese else "--japanese-rules"])
    try:
        g.ask("boardsize %d" % size)
        g.ask("clear_board")
        g.ask("komi %s" % komi)
        moves = []
        colour = "B"
        # A few random opening moves away from the edge, so games differ.
        for _ in range(rng.randint(2, 6)):
            for _try in range(20):
                x, y = rng.randint(2, size - 3), rng.randint(2, size - 3)
                v = "%s%d" % (LETTERS[x], y + 1)
                try:
                    g.ask("play %s %s" % (colour, v))
                except RuntimeError:
                    continue
                moves.append((colour, v))
                colour = "W" if colour == "B" else "B"
                break
        passes = 0
        while passes < 2 and len(moves) < size * size * 3:
            v = g.ask("genmove %s" % colour)
            if v.upper() == "RESIGN":
                return None
            passes = passes + 1 if v.upper() == "PASS" else 0
            moves.append((colour, v))
            colour = "W" if colour == "B" else "B"
        if passes < 2:
            return None
        score = g.ask("final_score")
    finally:
        g.close()
    if not (score.startswith("B+") or score.startswith("W+")):
        return None
    body = "".join(";%s[%s]" % (c, sgf_point(v, size)) for c, v in moves)
    return "(;GM[1]FF[4]SZ[%d]KM[%s]RU[%s]PB[GNU Go]PW[GNU Go]RE[%s]%s)\n" % (
        size, komi, "Chinese" if chinese else "Japanese", score, body)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("size", type=int)
    ap.add_argument("games", type=int)
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--level", type=int, default=1)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    made = 0
    for i in range(a.games):
        seed = a.seed + i
        path = os.path.join(a.out, "gnugo-%d-%05d.sgf" % (a.size, seed))
        if os.path.exists(path):
            made += 1
            continue
        text = game(a.size, seed, a.level)
        if text:
            with open(path, "w") as f:
                f.write(text)
            made += 1
    print("%d of %d games finished by two passes" % (made, a.games), file=sys.stderr)


if __name__ == "__main__":
    main()
