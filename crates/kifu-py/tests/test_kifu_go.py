"""kifu_go from Python: read, replay, count as `kifu score` does, write
the result back. Run by ./scripts/test (scripts/python-test builds the
wheel in a virtual environment under target/)."""
import json
import os
import pathlib
import subprocess
import unittest

import kifu_go

ROOT = pathlib.Path(__file__).resolve().parents[3]
SAMPLES = ROOT / "samples"
KIFU = os.environ.get("KIFU_BIN", str(ROOT / "target" / "debug" / "kifu"))

SEKI = """(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese]
AB[ea][eb][ec][ed][ee][ef][eg][eh][ei]
AW[fa][fb][fc][fd][fe][ff][fg][fh][fi];B[];W[])"""


class ReadAndReplay(unittest.TestCase):
    def test_a_file_and_its_facts(self):
        games = kifu_go.read(str(SAMPLES / "13x13-variations.sgf"))
        self.assertEqual(len(games), 1)
        g = games[0]
        self.assertEqual(g.size, 13)
        self.assertEqual(g.moves[0], ("B", "K10"))
        self.assertEqual(g.komi, 6.5)
        rows = g.board(move=1)
        self.assertEqual(len(rows), 13)
        self.assertEqual(rows[3][9], "X")  # K10
        self.assertEqual(sum(r.count("X") + r.count("O") for r in g.board(move=0)), 0)

    def test_bytes_and_a_broken_file(self):
        g = kifu_go.read_bytes(SEKI.encode())[0]
        self.assertEqual([m[1] for m in g.moves], [None, None])
        with self.assertRaises(ValueError):
            kifu_go.read_bytes(b"this is not a game")
        with self.assertRaises(OSError):
            kifu_go.read("/nonexistent/game.sgf")
        with self.assertRaises(ValueError):
            g.board(move=99)


class Count(unittest.TestCase):
    def test_both_counts_and_the_rules_given(self):
        g = kifu_go.read_bytes(SEKI.encode())[0]
        c = g.count(dead="none")
        self.assertEqual(c["result"], "B+1.5")
        self.assertEqual(c["area"]["black"], 45.0)
        self.assertEqual(c["area"]["white"], 36.0)
        self.assertEqual(c["dead"], [])
        c = g.count(rules="japanese", komi=6.5, dead="none")
        self.assertEqual(c["territory"]["result"], c["result"])
        with self.assertRaises(ValueError):
            g.count(dead="maybe")
        with self.assertRaises(ValueError):
            g.count(rules="no such rules")

    def test_the_samples_count_as_kifu_score_does(self):
        for name in ["9x9-finished.sgf", "9x9-seki.sgf", "19x19-handicap.sgf"]:
            path = SAMPLES / name
            out = subprocess.run([KIFU, "score", "--json", "--quiet", str(path)],
                                 capture_output=True, text=True, check=False)
            line = json.loads(out.stdout.splitlines()[0])
            c = kifu_go.read(str(path))[0].count()
            self.assertEqual(c["result"], line["result"], name)
            self.assertEqual(sorted(c["dead"]), sorted(line["dead_gtp"]), name)

    def test_the_result_written_back_reads_back(self):
        g = kifu_go.read(str(SAMPLES / "9x9-seki.sgf"))[0]
        c = g.count()
        sgf = g.write_result()
        again = kifu_go.read_bytes(sgf.encode())[0]
        self.assertEqual(again.result, c["result"])
        self.assertEqual(again.count(dead="marked")["result"], c["result"])


@unittest.skipUnless((ROOT.parent / "shared" / "data" / "kgs-2017q1-markup").is_dir(),
                     "skipped: needs ../shared/data")
class SharedKgs(unittest.TestCase):
    def test_the_kgs_2017_games_count_as_kifu_score_does(self):
        folder = ROOT.parent / "shared" / "data" / "kgs-2017q1-markup"
        files = sorted(folder.rglob("*.sgf"))[::20]
        out = subprocess.run([KIFU, "score", "--json", "--quiet", *map(str, files)],
                             capture_output=True, text=True, check=False)
        lines = [json.loads(l) for l in out.stdout.splitlines() if l.strip()]
        by_file = {pathlib.Path(l["file"]).name: l for l in lines if l.get("game", 1) == 1}
        same = 0
        for f in files:
            line = by_file.get(f.name)
            if line is None or "result" not in line:
                continue
            c = kifu_go.read(str(f))[0].count()
            self.assertEqual(c["result"], line["result"], f.name)
            same += 1
        self.assertGreater(same, 80)
        print(f"{same} KGS games: kifu_go's count is kifu score --json's")
        # dead="auto" is kifu score --dead auto: kifu's judge, whatever
        # the file marked.
        out = subprocess.run([KIFU, "score", "--json", "--quiet", "--dead", "auto",
                              *map(str, files)],
                             capture_output=True, text=True, check=False)
        lines = [json.loads(l) for l in out.stdout.splitlines() if l.strip()]
        by_file = {pathlib.Path(l["file"]).name: l for l in lines if l.get("game", 1) == 1}
        judged = 0
        for f in files:
            line = by_file.get(f.name)
            if line is None or "result" not in line:
                continue
            c = kifu_go.read(str(f))[0].count(dead="auto")
            self.assertEqual(c["result"], line["result"], f.name)
            self.assertEqual(sorted(c["dead"]), sorted(line["dead_gtp"]), f.name)
            judged += 1
        self.assertGreater(judged, 80)


if __name__ == "__main__":
    unittest.main()
