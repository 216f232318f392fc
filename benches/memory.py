#!/usr/bin/env python3
"""Resident memory of one server process: idle right after start on an empty
database, and after 10,000 games were created and each looked at once.

    benches/memory.py [path/to/owlpost ...]

Each binary given (default: target/release/owlpost, else target/debug/owlpost)
is started on a fresh database of its own on the local PostgreSQL
(127.0.0.1:5432, or $OWLPOST_MEMORY_SERVER), on loopback; figures are printed,
nothing is asserted. Pass the binary of an older build beside today's to
compare them ("before" and "after"). Only the standard library is used.
"""

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
import uuid

SERVER = os.environ.get("OWLPOST_MEMORY_SERVER", "postgres://postgres@127.0.0.1:5432")
GAMES = int(os.environ.get("OWLPOST_MEMORY_GAMES", "10000"))


def resident_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(base, method, path, body=None, token=None):
    request = urllib.request.Request(base + path, method=method)
    request.add_header("content-type", "application/json")
    if token:
        request.add_header("authorization", f"Bearer {token}")
    data = json.dumps(body).encode() if body is not None else None
    with urllib.request.urlopen(request, data, timeout=60) as answer:
        return json.loads(answer.read() or b"null")


@contextlib.contextmanager
def serve(binary):
    """A server of `binary` on a fresh database of its own, settled after its
    start: yields (its base address, its process id)."""
    database = f"owlpost_memory_{uuid.uuid4().hex[:12]}"
    subprocess.run(["psql", f"{SERVER}/postgres", "-qc", f'CREATE DATABASE "{database}"'], check=True)
    port = free_port()
    env = dict(
        os.environ,
        DATABASE_URL=f"{SERVER}/{database}",
        OWLPOST_BIND=f"127.0.0.1:{port}",
        OWLPOST_JWT_SECRET="memory benchmark secret, 32 bytes or more",
        OWLPOST_AUTH_PER_MINUTE="100000",
        RUST_LOG="warn",
    )
    server = subprocess.Popen([binary, "serve"], env=env, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                call(base, "GET", "/ready")
                break
            except OSError:
                time.sleep(0.1)
        # Settled: the start-up's own work is done.
        time.sleep(2)
        yield base, server.pid
    finally:
        server.terminate()
        server.wait()
        subprocess.run(
            ["psql", f"{SERVER}/postgres", "-qc", f'DROP DATABASE "{database}" WITH (FORCE)'],
            check=False,
        )


def measure(binary):
    with serve(binary) as (base, pid):
        idle = resident_mb(pid)
        tokens = []
        for name in ("merlin", "morgana"):
            user = {"username": name, "password": "a long enough password"}
            call(base, "POST", "/v1/auth/register", user)
            tokens.append(call(base, "POST", "/v1/auth/login", user)["access_token"])
        for n in range(GAMES):
            game = call(base, "POST", "/v1/games", {"ruleset": "firewall-duel", "seats": 2}, tokens[0])
            call(base, "GET", f"/v1/games/{game['id']}", token=tokens[n % 2])
        busy = resident_mb(pid)
        print(f"{binary}: idle {idle:.0f} MB, after {GAMES} games {busy:.0f} MB", flush=True)


def default_binary():
    """The release build when there is one, else the debug build."""
    return next(
        (p for p in ("target/release/owlpost", "target/debug/owlpost") if os.path.exists(p)),
        "target/debug/owlpost",
    )


def main():
    for binary in sys.argv[1:] or [default_binary()]:
        measure(binary)


if __name__ == "__main__":
    main()
