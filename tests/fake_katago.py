#!/usr/bin/env python3
"""A stand-in for `katago analysis` in kifu's tests: reads JSON queries, one
per line, and answers as FAKE_KATAGO says:
  own      every point Black's (ownership 0.9), except the points in
           FAKE_WHITE (GTP, comma separated), White's (-0.9)
  sleep    never answers
  exit     exits at once
  garbage  answers a line that is not JSON
  error    answers every query with an error
  escape   the same, the error's text holding terminal escapes
  slow     answers after FAKE_DELAY seconds each, one at a time
  stuck    never answers the FAKE_STUCK-th query (from 1), the rest at once
  spawn    starts a child of its own (`sleep 600`, its pid written to
           FAKE_PIDFILE), then answers as `own`
Lines with an "action" (KataGo's terminate) are acknowledged, not counted.
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
if mode == "spawn":
    import subprocess
    child = subprocess.Popen(["sleep", "600"])
    with open(os.environ["FAKE_PIDFILE"], "w") as f:
        f.write(str(child.pid))
queries = 0
for line in sys.stdin:
    q = json.loads(line)
    if "action" in q:
        print(json.dumps({"id": q["id"], "action": q["action"]}), flush=True)
        continue
    queries += 1
    if mode == "slow":
        time.sleep(float(os.environ.get("FAKE_DELAY", "0.5")))
    if mode == "stuck" and queries == int(os.environ.get("FAKE_STUCK", "1")):
        continue
    if mode == "sleep":
        time.sleep(3600)
    if mode == "garbage":
        print("hello, I am not KataGo", flush=True)
        continue
    if mode == "error":
        print(json.dumps({"id": q["id"], "error": "a bad query", "field": "rules"}), flush=True)
        continue
    if mode == "escape":
        # An error whose text would set the terminal's title if printed raw.
        print(json.dumps({"id": q["id"], "error": "bad\u001b]0;pwned\u0007query"}), flush=True)
        continue
    n = q["boardXSize"]
    own = []
    for y in range(n):
        for x in range(n):
            own.append(-0.9 if f"{COLS[x]}{n - y}" in white else 0.9)
    print(json.dumps({"id": q["id"], "isDuringSearch": False, "moveInfos": [], "ownership": own}), flush=True)
