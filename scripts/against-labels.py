#!/usr/bin/env python3
"""kifu's automatic dead stones against KataGo's labels on the KGS finals.

    scripts/against-labels.py KIFU LABELS.jsonl.gz ARCHIVE_DIR [OTHER_KIFU]

KIFU: a kifu binary (target/release/kifu). LABELS: kgs19.jsonl.gz of the
shared data (one line per counted final: its file, KataGo's dead stones,
whether they give the recorded result). ARCHIVE_DIR: the folder of the KGS
archive's .tar.gz files. Prints how often `kifu score --dead auto` gives
KataGo's dead stones exactly, over the games whose KataGo count gives the
recorded result, and how often its count gives the recorded result. With
OTHER_KIFU (an older build), also every game the two builds judge
differently: the held-out check of a change to the judges, on games that
were not used to shape it.
"""

import gzip
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path


def labels(path):
    with gzip.open(path, "rt") as f:
        for line in f:
            d = json.loads(line)
            # "kgs/KGS2001/2000-10-16-1.sgf": the archive's own path.
            d["path"] = d["file"].split("/", 1)[1]
            yield d


def extract(archives, wanted, into):
    for tar in sorted(Path(archives).glob("*.tar.gz")):
        with tarfile.open(tar) as t:
            members = [m for m in t.getmembers() if m.name in wanted]
            t.extractall(into, members=members, filter="data")


def judged(kifu, root, paths):
    out = {}
    for i in range(0, len(paths), 500):
        batch = paths[i : i + 500]
        run = subprocess.run(
            [kifu, "score", "--dead", "auto", "--json", *batch],
            cwd=root,
            capture_output=True,
            text=True,
            check=False,
        )
        for line in run.stdout.splitlines():
            d = json.loads(line)
            out[d["file"]] = d
    return out


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    kifu, label_file, archives = sys.argv[1:4]
    other = sys.argv[4] if len(sys.argv) == 5 else None
    games = list(labels(label_file))
    with tempfile.TemporaryDirectory() as root:
        extract(archives, {g["path"] for g in games}, root)
        paths = [g["path"] for g in games]
        new = judged(str(Path(kifu).resolve()), root, paths)
        old = judged(str(Path(other).resolve()), root, paths) if other else {}
    kept = [g for g in games if g["agrees"]]
    same = sum(set(new.get(g["path"], {}).get("dead_gtp", [])) == set(g["dead"]) for g in kept)
    same_re = sum(new.get(g["path"], {}).get("result") == g["recorded"] for g in games)
    print(f"{len(games)} KGS finals labelled by KataGo; {len(kept)} where its dead stones give the recorded result")
    print(f"  kifu's dead stones exactly KataGo's: {same} of {len(kept)}")
    print(f"  kifu's count equals the recorded result: {same_re} of {len(games)}")
    if other:
        changed = 0
        for g in games:
            a = set(old.get(g["path"], {}).get("dead_gtp", []))
            b = set(new.get(g["path"], {}).get("dead_gtp", []))
            if a != b:
                changed += 1
                k = set(g["dead"])
                print(f"  {g['path']}: before as KataGo {a == k}, now {b == k}; RE {g['recorded']}")
        print(f"  games judged differently from the other build: {changed}")


if __name__ == "__main__":
    main()
