#!/usr/bin/env python3
"""Resident memory of one server process while it streams a player's finished
games as NDJSON (`GET /v1/users/{username}/games/export`): the export of 100
games and of 1,000 games by the same server, in the same run. A stream that
holds one record at a time peaks alike for both; one that gathers them all
grows with the count.

    benches/export_memory.py [path/to/owlpost]

The binary (default: target/release/owlpost, else target/debug/owlpost) is
started on a fresh database of its own on the local PostgreSQL (127.0.0.1:5432,
or $OWLPOST_MEMORY_SERVER), on loopback; the games are Fire Wall duels of a
few sealed rounds (`OWLPOST_EXPORT_ROUNDS`, 4) that the second player then
resigns. Figures are printed, nothing is asserted.
Only the standard library is used.
"""

import os
import sys
import threading
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from memory import call, default_binary, resident_mb, serve  # noqa: E402

COUNTS = [int(n) for n in os.environ.get("OWLPOST_EXPORT_GAMES", "100,1000").split(",")]


ROUNDS = int(os.environ.get("OWLPOST_EXPORT_ROUNDS", "4"))
BET = {"command": {"type": "submit_move", "bet": 1, "cards": []}}


def finished_duels(base, tokens, count):
    """`count` duels of a few sealed rounds each, then resigned."""
    for _ in range(count):
        game = call(base, "POST", "/v1/games", {"ruleset": "firewall-duel", "seats": 2}, tokens[0])
        at = f"/v1/games/{game['id']}"
        call(base, "POST", f"{at}/join", {}, tokens[1])
        call(base, "POST", f"{at}/start", {}, tokens[0])
        for _ in range(ROUNDS):
            for token in tokens:
                call(base, "POST", f"{at}/actions", BET, token)
        call(base, "POST", f"{at}/resign", {}, tokens[1])


def export_peak(base, token, pid):
    """Streams the export; returns (lines, bytes, RSS before, peak RSS during) in MB."""
    before = resident_mb(pid)
    peak = [before]
    done = threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], resident_mb(pid))
            time.sleep(0.005)

    sampler = threading.Thread(target=sample)
    sampler.start()
    request = urllib.request.Request(base + "/v1/users/merlin/games/export")
    request.add_header("authorization", f"Bearer {token}")
    lines = size = 0
    try:
        with urllib.request.urlopen(request, timeout=600) as answer:
            for line in answer:
                lines += 1
                size += len(line)
    finally:
        done.set()
        sampler.join()
    return lines, size, before, peak[0]


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else default_binary()
    with serve(binary) as (base, pid):
        tokens = []
        for name in ("merlin", "morgana"):
            user = {"username": name, "password": "a long enough password"}
            call(base, "POST", "/v1/auth/register", user)
            tokens.append(call(base, "POST", "/v1/auth/login", user)["access_token"])
        made = 0
        for count in COUNTS:
            finished_duels(base, tokens, count - made)
            made = count
            lines, size, before, peak = export_peak(base, tokens[0], pid)
            print(
                f"{binary}: export of {lines} games ({size / 1e6:.1f} MB of NDJSON): "
                f"resident {before:.1f} MB before, peak {peak:.1f} MB during "
                f"(+{peak - before:.1f} MB)",
                flush=True,
            )


if __name__ == "__main__":
    main()
