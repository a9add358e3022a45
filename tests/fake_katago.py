#!/usr/bin/env python3
"""A stand-in for `katago analysis` in kifu's tests: reads JSON queries, one
per line, and answers as FAKE_KATAGO says:
  own      every point Black's (ownership 0.9), except the points in
           FAKE_WHITE (GTP, comma separated), White's (-0.9)
  sleep    never answers
  exit     exits at once
  garbage  answers a line that is not JSON
  error    answers every query with an error
"""
import json
import os
import sys
import time

mode = os.environ.get("FAKE_KATAGO", "own")
white = set(p for p in os.environ.get("FAKE_WHITE", "").split(",") if p)
COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

if mode == "exit":
    sys.exit(3)
for line in sys.stdin:
    q = json.loads(line)
    if mode == "sleep":
        time.sleep(3600)
    if mode == "garbage":
        print("hello, I am not KataGo", flush=True)
        continue
    if mode == "error":
        print(json.dumps({"id": q["id"], "error": "a bad query", "field": "rules"}), flush=True)
        continue
    n = q["boardXSize"]
    own = []
    for y in range(n):
        for x in range(n):
            own.append(-0.9 if f"{COLS[x]}{n - y}" in white else 0.9)
    print(json.dumps({"id": q["id"], "isDuringSearch": False, "moveInfos": [], "ownership": own}), flush=True)
