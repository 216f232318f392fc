#!/usr/bin/env python3
"""Owlpost beyond one machine, on loopback: the cluster test (docs/deployment.md).

It starts etcd, two PostgreSQL nodes under Patroni with synchronous replication
(deploy/patroni.yml), three Owlpost servers connecting through the nodes'
multi-host address, and HAProxy in front of them (deploy/haproxy/haproxy.cfg).
Duels are played through the balancer, every move sent with an Idempotency-Key
and sent again with the same key until it is answered. Mid-load it kills the
primary node (Patroni and PostgreSQL, `kill -9`), then one Owlpost server while
it posts a webhook, and brings the dead node back as a replica. Then it checks:

- every acknowledged move is in the log exactly once, and nothing else is;
- every game's log is whole (no gap, the games row at its last event), and
  every finished game's export verifies (`owlpost verify`: hash chain, seed,
  every roll re-run);
- a long-poll on one server is woken by a move made through another;
- every webhook notification is delivered, none twice, each signed;
- the node that died is back as the synchronous replica and holds every
  acknowledged move.

It prints the time without a primary and the moves refused meanwhile.
Standard library only; run by tests/cluster/run, which installs what it needs.
"""

import base64
import hashlib
import hmac
import http.client
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OWLPOST = Path(os.environ.get("OWLPOST_BIN", ROOT / "target" / "debug" / "owlpost"))

# Duels played at once, each by two players of its own.
DUELS = 8
# Moves acknowledged before the primary is killed, and after each step.
MOVES_BEFORE_THE_PRIMARY_DIES = 150
MOVES_BEFORE_A_SERVER_DIES = 100
MOVES_AFTER_THE_SERVER_DIED = 100
# The whole test gives up after this long: it is bounded, whatever happens.
TEST_LIMIT = 420.0
# Patroni's timing for the test: a dead primary is replaced within about
# ttl + loop_wait seconds (the shipped file keeps Patroni's defaults, 30 + 10).
FAST_FAILOVER = {"ttl": 10, "loop_wait": 1, "retry_timeout": 4}
# A client's pause before sending a refused or cut request again.
RETRY_PAUSE = 0.1

STARTED = time.monotonic()


def log(message):
    print(f"[{time.monotonic() - STARTED:6.1f}s] {message}", flush=True)


class Failed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failed(message)


def wait_until(what, predicate, limit=60.0, pause=0.1):
    """Asks `predicate` again until it answers truthy (returned), or fails
    after `limit` seconds: everything the test waits for is bounded."""
    deadline = time.monotonic() + limit
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline or time.monotonic() - STARTED > TEST_LIMIT:
            raise Failed(f"gave up waiting for {what}")
        time.sleep(pause)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http_json(method, address, path, body=None, headers=None, timeout=10.0):
    """(status, headers, parsed body or None); raises OSError when cut."""
    host, port = address.split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=timeout)
    try:
        data = None if body is None else json.dumps(body).encode()
        all_headers = {"content-type": "application/json"} if data is not None else {}
        all_headers.update(headers or {})
        conn.request(method, path, body=data, headers=all_headers)
        response = conn.getresponse()
        raw = response.read()
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        return response.status, dict(response.getheaders()), parsed
    finally:
        conn.close()


def answers(address, path, status=200):
    try:
        return http_json("GET", address, path, timeout=3.0)[0] == status
    except OSError:
        return False


def postgres_bin():
    versions = sorted(
        (p for p in Path("/usr/lib/postgresql").glob("*/bin") if (p / "initdb").exists()),
        key=lambda p: int(p.parent.name),
    )
    check(versions, "no PostgreSQL under /usr/lib/postgresql")
    return versions[-1]


class Processes:
    """Everything the test started, stopped by its own process id at the end."""

    def __init__(self, directory):
        self.directory = directory
        self.started = []

    def start(self, name, argv, env=None, as_postgres=False):
        logfile = open(self.directory / f"{name}.log", "ab")
        options = {}
        if as_postgres and os.geteuid() == 0:
            options = {"user": "postgres", "group": "postgres", "extra_groups": []}
        process = subprocess.Popen(
            argv,
            env={**os.environ, **(env or {})},
            stdout=logfile,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            cwd=self.directory,
            **options,
        )
        self.started.append((name, process))
        return process

    def stop_all(self):
        for _, process in reversed(self.started):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for name, process in reversed(self.started):
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                log(f"{name} did not stop; killing it")
                process.kill()
                process.wait()


def descendants(pid):
    """The process ids below `pid` (PostgreSQL's backends under its postmaster)."""
    children = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def owner_of_local_port(port, candidates):
    """Which of `candidates` (process ids) holds the TCP socket bound to
    127.0.0.1:`port`: the sender of a request the receiver holds."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[1].split(":")[1], 16) == port:
                inodes.add(fields[9])
    for pid in candidates:
        try:
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                try:
                    target = os.readlink(fd)
                except OSError:
                    continue
                if target.startswith("socket:[") and target[8:-1] in inodes:
                    return pid
        except OSError:
            continue
    return None


class Node:
    """One PostgreSQL node under Patroni."""

    def __init__(self, test, name):
        self.test = test
        self.name = name
        self.pg_port = free_port()
        self.api_port = free_port()
        self.data_dir = test.directory / name / "data"
        self.process = None

    @property
    def api(self):
        return f"127.0.0.1:{self.api_port}"

    def start(self):
        home = self.data_dir.parent
        home.mkdir(exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(home, "postgres", "postgres")
        env = {
            "PATRONI_NAME": self.name,
            "PATRONI_ETCD3_HOSTS": self.test.etcd,
            "PATRONI_RESTAPI_LISTEN": self.api,
            "PATRONI_RESTAPI_CONNECT_ADDRESS": self.api,
            "PATRONI_POSTGRESQL_LISTEN": f"127.0.0.1:{self.pg_port}",
            "PATRONI_POSTGRESQL_CONNECT_ADDRESS": f"127.0.0.1:{self.pg_port}",
            "PATRONI_POSTGRESQL_DATA_DIR": str(self.data_dir),
            "PATRONI_POSTGRESQL_BIN_DIR": str(self.test.pg_bin),
            "PATRONI_POSTGRESQL_PGPASS": str(home / "pgpass"),
            "PATRONI_SUPERUSER_PASSWORD": self.test.superuser_password,
            "PATRONI_REPLICATION_PASSWORD": self.test.replication_password,
            "HOME": str(home),
        }
        self.process = self.test.processes.start(
            f"patroni-{self.name}",
            ["patroni", str(ROOT / "deploy" / "patroni.yml")],
            env=env,
            as_postgres=True,
        )

    def status(self):
        try:
            status, _, body = http_json("GET", self.api, "/patroni", timeout=2.0)
            return body if status in (200, 503) else None
        except OSError:
            return None

    def role(self):
        status = self.status()
        return status and status.get("state") == "running" and status.get("role")

    def postmaster(self):
        try:
            return int((self.data_dir / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def kill(self):
        """The node dies at once: Patroni, PostgreSQL and every backend, `kill -9`."""
        doomed = [self.process.pid]
        postmaster = self.postmaster()
        if postmaster:
            doomed += [postmaster] + descendants(postmaster)
        for pid in doomed:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.process.wait()

    def sql(self, query, database="owlpost"):
        return self.test.sql(self.pg_port, query, database)


class Receiver(ThreadingHTTPServer):
    """The players' webhook receiver: checks each signature, answers 204,
    and counts what it answered by `webhook-id`. On request it holds
    the next delivery unanswered, so the test can kill its sender mid-post."""

    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), ReceiverHandler)
        self.secrets = {}
        self.lock = threading.Lock()
        self.answered = {}
        self.bad_signatures = []
        self.hold_next = False
        self.held = None
        self.held_arrived = threading.Event()
        self.release = threading.Event()
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def address(self):
        return f"127.0.0.1:{self.server_address[1]}"

    def hold_the_next_delivery(self):
        with self.lock:
            self.hold_next = True


class ReceiverHandler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_POST(self):
        server = self.server
        body = self.rfile.read(int(self.headers.get("content-length", 0)))
        delivery = self.headers.get("webhook-id")
        player = self.path.rsplit("/", 1)[-1]
        # Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`
        # under the key of the `whsec_<base64 key>` secret.
        timestamp = self.headers.get("webhook-timestamp", "")
        secret = server.secrets.get(player, "")
        key = base64.b64decode(secret.removeprefix("whsec_"))
        expected = "v1," + base64.b64encode(
            hmac.new(key, f"{delivery}.{timestamp}.".encode() + body, hashlib.sha256).digest()
        ).decode()
        signatures = self.headers.get("webhook-signature", "").split(" ")
        if not any(hmac.compare_digest(expected, given) for given in signatures):
            with server.lock:
                server.bad_signatures.append(delivery)
            self.send_response(400)
            self.end_headers()
            return
        with server.lock:
            hold = server.hold_next
            server.hold_next = False
            if hold:
                server.held = (self.client_address[1], delivery)
        if hold:
            server.held_arrived.set()
            server.release.wait(60)
            # Never answered: its sender was killed meanwhile.
            self.close_connection = True
            return
        with server.lock:
            server.answered[delivery] = server.answered.get(delivery, 0) + 1
        self.send_response(204)
        self.end_headers()


class Client:
    """One keep-alive connection to the balancer, as a player's client keeps."""

    def __init__(self, test):
        self.test = test
        self.conn = None

    def request(self, method, path, token=None, body=None, headers=None, timeout=30.0):
        host, port = self.test.balancer.split(":")
        if self.conn is None:
            self.conn = http.client.HTTPConnection(host, int(port), timeout=timeout)
        self.conn.timeout = timeout
        all_headers = dict(headers or {})
        if token:
            all_headers["authorization"] = f"Bearer {token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            all_headers["content-type"] = "application/json"
        try:
            self.conn.request(method, path, body=data, headers=all_headers)
            response = self.conn.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException):
            self.conn.close()
            self.conn = None
            raise ConnectionError(f"{method} {path} was cut")
        if response.getheader("connection", "").lower() == "close":
            self.conn.close()
            self.conn = None
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        return response.status, response, parsed


class Duel(threading.Thread):
    """Two players playing Fire Wall duels through the balancer, one after
    another, until the test says stop; the game in play is resigned then."""

    def __init__(self, test, index, first, second):
        super().__init__(daemon=True)
        self.test = test
        self.index = index
        self.players = [first, second]
        self.client = Client(test)
        self.games = []
        self.failure = None

    def run(self):
        try:
            while not self.test.stopping.is_set():
                game = self.new_game()
                self.games.append(game)
                self.play(game)
        except Exception as error:  # reported by the test, which then fails
            self.failure = f"duel {self.index}: {error!r}"
            self.test.stopping.set()

    def send(self, method, path, player, body=None, headers=None, refusals=None):
        """Sends until answered by a server (not refused for want of a
        database or cut by a server's death); returns (status, body). Each
        refusal is noted in `refusals` when given."""
        while True:
            if time.monotonic() - STARTED > TEST_LIMIT:
                raise Failed(f"{method} {path} was never answered")
            try:
                status, response, body_back = self.client.request(
                    method, path, player["token"], body, headers
                )
            except ConnectionError:
                self.test.count("cut")
                time.sleep(RETRY_PAUSE)
                continue
            if status == 503 and body_back and body_back.get("code") == "database_unavailable":
                check(response.getheader("retry-after"), "a 503 without Retry-After")
                self.test.count("refused" if method == "POST" else "reads_refused")
                if refusals is not None:
                    if not refusals:
                        self.test.count("moves_refused")
                    refusals.append(time.monotonic())
                time.sleep(RETRY_PAUSE)
                continue
            if status in (502, 503, 504):
                self.test.count("cut")
                time.sleep(RETRY_PAUSE)
                continue
            check(status < 500, f"{method} {path} answered {status}: {body_back}")
            return status, body_back

    def table(self, game, player, what, done):
        """A table command (join, start, resign): not idempotent, so a retry
        after a cut may be refused because the first one went through; the
        game then shows it done."""
        status, body = self.send("POST", f"/v1/games/{game}/{what}", player, {})
        if status != 200:
            _, view = self.send("GET", f"/v1/games/{game}", player)
            check(done(view), f"{what} refused: {status} {body}")

    def new_game(self):
        first, second = self.players
        while True:
            status, created = self.send(
                "POST", "/v1/games", first, {"ruleset": "firewall-duel", "seats": 2}
            )
            check(status == 201, f"creating a duel: {status} {created}")
            game = created["id"]
            self.table(game, second, "join", lambda g: g["status"] != "open" or len(
                [s for s in g["seats"] if s.get("user_id")]) == 2)
            self.table(game, first, "start", lambda g: g["status"] != "open")
            return game

    def play(self, game):
        first, second = self.players
        while True:
            for seat, player in enumerate(self.players):
                _, view = self.send("GET", f"/v1/games/{game}?legal=full", player)
                if view["status"] == "finished":
                    return
                if self.test.stopping.is_set():
                    self.table(game, first, "resign", lambda g: g["status"] == "finished")
                    return
                if not view["awaiting_you"]:
                    continue
                self.move(game, seat, player, view)

    def move(self, game, seat, player, view):
        legal = view["legal_commands"]
        check(legal, "a player awaited has something to do")
        mana = view["view"]["players"][seat]["mana"]
        bet = min(mana, 6) if seat == 0 else 1
        command = next(
            (c for c in legal if c.get("type") == "submit_move" and c.get("bet") == bet and c.get("cards") == []),
            legal[0],
        )
        key = str(uuid.uuid4())
        refusals = []
        status, answer = self.send(
            "POST",
            f"/v1/games/{game}/actions",
            player,
            {"command": command},
            {"Idempotency-Key": key},
            refusals,
        )
        check(status == 200, f"a move was refused: {status} {answer}")
        self.test.acknowledged(game, player["id"], key)


class ClusterTest:
    def __init__(self):
        self.directory = Path(tempfile.mkdtemp(prefix="owlpost-cluster-"))
        os.chmod(self.directory, 0o755)
        self.processes = Processes(self.directory)
        self.pg_bin = postgres_bin()
        self.superuser_password = secrets.token_hex(16)
        self.replication_password = secrets.token_hex(16)
        self.owlpost_password = secrets.token_hex(16)
        self.etcd = None
        self.nodes = []
        self.servers = []
        self.balancer = None
        self.receiver = None
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.counts = {"refused": 0, "reads_refused": 0, "moves_refused": 0, "cut": 0}
        self.acks = []
        self.first_ack_after = {}

    # -- bookkeeping -------------------------------------------------------

    def count(self, what):
        with self.lock:
            self.counts[what] += 1

    def acknowledged(self, game, actor, key):
        with self.lock:
            self.acks.append((game, actor, key, time.monotonic()))

    def acks_count(self):
        with self.lock:
            return len(self.acks)

    def snapshot_counts(self):
        with self.lock:
            return dict(self.counts)

    # -- the parts ---------------------------------------------------------

    def sql(self, port, query, database="owlpost"):
        result = subprocess.run(
            [str(self.pg_bin / "psql"), "-X", "-q", "-At", "-F", "|", "-h", "127.0.0.1",
             "-p", str(port), "-U", "postgres", "-d", database, "-v", "ON_ERROR_STOP=1", "-c", query],
            env={**os.environ, "PGPASSWORD": self.superuser_password, "PGCONNECT_TIMEOUT": "5"},
            capture_output=True,
            text=True,
            timeout=60,
        )
        check(result.returncode == 0, f"psql failed: {result.stderr.strip()}")
        return [line.split("|") for line in result.stdout.splitlines() if line]

    def start_etcd(self):
        client, peer = free_port(), free_port()
        self.etcd = f"127.0.0.1:{client}"
        self.processes.start(
            "etcd",
            ["etcd", "--name", "owlpost-etcd", "--data-dir", str(self.directory / "etcd"),
             "--listen-client-urls", f"http://{self.etcd}", "--advertise-client-urls", f"http://{self.etcd}",
             "--listen-peer-urls", f"http://127.0.0.1:{peer}",
             "--initial-advertise-peer-urls", f"http://127.0.0.1:{peer}",
             "--initial-cluster", f"owlpost-etcd=http://127.0.0.1:{peer}",
             "--initial-cluster-state", "new", "--logger", "zap", "--log-level", "warn"],
        )
        wait_until("etcd", lambda: answers(self.etcd, "/health"), 30)

    def primary(self):
        for node in self.nodes:
            if node.role() in ("master", "primary"):
                return node
        return None

    def synchronous_standby(self, primary):
        """The node streaming to `primary` as its synchronous replica, per Patroni."""
        try:
            _, _, cluster = http_json("GET", primary.api, "/cluster", timeout=2.0)
        except OSError:
            return None
        for member in (cluster or {}).get("members", []):
            if member.get("role") == "sync_standby" and member.get("state") in ("running", "streaming"):
                return next((n for n in self.nodes if n.name == member["name"]), None)
        return None

    def start_database(self):
        self.nodes = [Node(self, "node1"), Node(self, "node2")]
        for node in self.nodes:
            node.start()
        primary = wait_until("a primary", self.primary, 120, 0.25)
        wait_until("a synchronous replica", lambda: self.synchronous_standby(primary), 120, 0.25)
        status, _, _ = http_json("PATCH", primary.api, "/config", FAST_FAILOVER)
        check(status == 200, f"Patroni refused the test's timing: {status}")
        primary.sql(
            f"CREATE ROLE owlpost LOGIN PASSWORD '{self.owlpost_password}'", database="postgres"
        )
        primary.sql("CREATE DATABASE owlpost OWNER owlpost", database="postgres")
        log(f"PostgreSQL: {primary.name} primary, the other its synchronous replica")

    def database_url(self):
        hosts = ",".join(f"127.0.0.1:{node.pg_port}" for node in self.nodes)
        return (f"postgres://owlpost:{self.owlpost_password}@{hosts}/owlpost"
                "?target_session_attrs=read-write&connect_timeout=3")

    def start_servers(self):
        secret = secrets.token_hex(32)
        for index in range(3):
            address = f"127.0.0.1:{free_port()}"
            env = {
                "DATABASE_URL": self.database_url(),
                "OWLPOST_BIND": address,
                "OWLPOST_JWT_SECRET": secret,
                "OWLPOST_DATA_DIR": str(self.directory / f"owlpost{index + 1}"),
                "OWLPOST_AUTH_PER_MINUTE": "100000",
                "OWLPOST_WEBHOOKS_TO_PRIVATE_ADDRESSES": "allow",
                "OWLPOST_TRUSTED_PROXIES": "127.0.0.1",
                "RUST_LOG": "info",
            }
            process = self.processes.start(f"owlpost{index + 1}", [str(OWLPOST), "serve"], env=env)
            self.servers.append({"address": address, "process": process, "alive": True})
        for server in self.servers:
            wait_until(f"Owlpost on {server['address']}", lambda: answers(server["address"], "/ready"), 120, 0.2)
        log("three Owlpost servers ready (they migrated the database one at a time)")

    def start_balancer(self):
        self.balancer = f"127.0.0.1:{free_port()}"
        env = {
            "OWLPOST_LB_BIND": self.balancer,
            "OWLPOST_LB_ERRORS": str(ROOT / "deploy" / "haproxy"),
            "OWLPOST_PG_PRIMARY_BIND": f"127.0.0.1:{free_port()}",
        }
        for index, server in enumerate(self.servers):
            env[f"OWLPOST_SERVER_{index + 1}"] = server["address"]
        for index, node in enumerate(self.nodes):
            env[f"OWLPOST_PG_NODE_{index + 1}"] = f"127.0.0.1:{node.pg_port}"
            env[f"OWLPOST_PG_API_PORT_{index + 1}"] = str(node.api_port)
        config = str(ROOT / "deploy" / "haproxy" / "haproxy.cfg")
        checked = subprocess.run(["haproxy", "-c", "-q", "-f", config], env={**os.environ, **env},
                                 capture_output=True, text=True)
        check(checked.returncode == 0, f"haproxy.cfg does not check: {checked.stdout}{checked.stderr}")
        self.processes.start("haproxy", ["haproxy", "-db", "-f", config], env=env)
        wait_until("HAProxy", lambda: answers(self.balancer, "/health"), 30)
        self.primary_address = env["OWLPOST_PG_PRIMARY_BIND"]

    def players(self, count):
        client = Client(self)
        made = []
        for index in range(count):
            name = f"wizard{index}"
            credentials = {"username": name, "password": "a long enough password"}
            status, _, body = client.request("POST", "/v1/auth/register", body=credentials)
            check(status == 201, f"registering {name}: {status} {body}")
            status, _, body = client.request("POST", "/v1/auth/login", body=credentials)
            check(status == 200, f"logging {name} in: {status} {body}")
            player = {"name": name, "id": body["user"]["id"], "token": body["access_token"]}
            status, _, hook = client.request(
                "POST", "/v1/me/webhooks", player["token"],
                {"url": f"http://{self.receiver.address}/hook/{player['id']}"},
            )
            check(status == 201, f"registering {name}'s webhook: {status} {hook}")
            self.receiver.secrets[player["id"]] = hook["secret"]
            made.append(player)
        return made

    # -- the story ---------------------------------------------------------

    def run(self):
        self.start_etcd()
        self.start_database()
        self.start_servers()
        self.start_balancer()
        self.receiver = Receiver()
        players = self.players(2 * DUELS + 2)
        duels = [Duel(self, i, players[2 * i], players[2 * i + 1]) for i in range(DUELS)]
        watcher_a, watcher_b = players[-2], players[-1]
        for duel in duels:
            duel.start()

        def after(moves):
            target = self.acks_count() + moves
            wait_until(f"{moves} more acknowledged moves", lambda: self.acks_count() >= target or self.failed(duels), 180, 0.05)
            self.raise_failures(duels)

        after(MOVES_BEFORE_THE_PRIMARY_DIES)
        old_primary = self.primary()
        check(old_primary and self.synchronous_standby(old_primary), "two nodes in step before the kill")
        before = self.snapshot_counts()
        acks_before = self.acks_count()
        killed_at = time.monotonic()
        old_primary.kill()
        log(f"killed the primary {old_primary.name} (Patroni, PostgreSQL, its backends: kill -9)")
        new_primary = wait_until("a new primary", self.primary, 120, 0.1)
        promoted_at = time.monotonic()
        check(new_primary is not old_primary, "the other node took over")
        first_ack = wait_until(
            "a move acknowledged by the new primary",
            lambda: next((a[3] for a in self.acks[acks_before:] if a[3] > promoted_at), None),
            60, 0.02)
        during = self.snapshot_counts()
        self.failover = {
            "promoted_after": promoted_at - killed_at,
            "without_primary": first_ack - killed_at,
            **{what: during[what] - before[what] for what in during},
        }
        log(f"{new_primary.name} is the primary {promoted_at - killed_at:.1f}s after the kill; "
            f"moves acknowledged again after {first_ack - killed_at:.1f}s")
        old_primary.start()
        log(f"{old_primary.name} restarted: it comes back as a replica")

        after(MOVES_BEFORE_A_SERVER_DIES)
        self.kill_a_server_mid_delivery()
        after(MOVES_AFTER_THE_SERVER_DIED)
        self.long_poll_across_servers(watcher_a, watcher_b)

        self.stopping.set()
        for duel in duels:
            duel.join(timeout=max(1.0, TEST_LIMIT - (time.monotonic() - STARTED)))
            check(not duel.is_alive(), f"duel {duel.index} did not end")
        self.raise_failures(duels)
        log(f"load stopped: {self.acks_count()} moves acknowledged in {sum(len(d.games) for d in duels)} duels")

        self.check_the_log(new_primary, duels)
        self.check_the_exports(duels)
        self.check_the_webhooks(new_primary)
        self.check_the_replica(new_primary, old_primary)
        self.storage = self.measure_storage(new_primary)
        self.report(duels)

    def failed(self, duels):
        return any(d.failure for d in duels)

    def raise_failures(self, duels):
        failures = [d.failure for d in duels if d.failure]
        check(not failures, "; ".join(failures))

    def kill_a_server_mid_delivery(self):
        """Kills (`kill -9`) the Owlpost server whose webhook post the receiver holds."""
        self.receiver.hold_the_next_delivery()
        wait_until("a webhook delivery to hold", self.receiver.held_arrived.is_set, 60, 0.02)
        port, delivery = self.receiver.held
        alive = [s for s in self.servers if s["alive"]]
        pid = owner_of_local_port(port, [s["process"].pid for s in alive])
        check(pid is not None, "the held delivery's sender is one of the servers")
        victim = next(s for s in alive if s["process"].pid == pid)
        os.kill(pid, signal.SIGKILL)
        victim["process"].wait()
        victim["alive"] = False
        self.receiver.release.set()
        self.cut_delivery = delivery
        log(f"killed Owlpost on {victim['address']} (kill -9) while it posted notification {delivery}")

    def long_poll_across_servers(self, first, second):
        """A long-poll on one live server ends with a move made through another."""
        here, there = [s["address"] for s in self.servers if s["alive"]][:2]
        status, _, game = http_json("POST", here, "/v1/games", {"ruleset": "firewall-duel", "seats": 2},
                                    {"authorization": f"Bearer {first['token']}"})
        check(status == 201, f"creating the watched duel: {status}")
        game = game["id"]
        for player, what in ((second, "join"), (first, "start")):
            status, _, body = http_json("POST", here, f"/v1/games/{game}/{what}", {},
                                        {"authorization": f"Bearer {player['token']}"})
            check(status == 200, f"{what}: {status} {body}")
        _, _, view = http_json("GET", here, f"/v1/games/{game}?legal=full",
                               headers={"authorization": f"Bearer {first['token']}"})
        version = view["version"]
        _, _, ready = http_json("GET", here, "/ready")
        waiting_before = ready["waiting_for_changes"]
        answer = {}

        def poll():
            answer["page"] = http_json(
                "GET", here, f"/v1/games/{game}/events?after={version}&wait=30",
                headers={"authorization": f"Bearer {second['token']}"}, timeout=40.0)

        poller = threading.Thread(target=poll)
        poller.start()
        wait_until("the long-poll to wait", lambda: http_json("GET", here, "/ready")[2]["waiting_for_changes"]
                   > waiting_before, 30, 0.02)
        command = next(c for c in view["legal_commands"] if c.get("type") == "submit_move")
        moved_at = time.monotonic()
        status, _, body = http_json("POST", there, f"/v1/games/{game}/actions", {"command": command},
                                    {"authorization": f"Bearer {first['token']}"})
        check(status == 200, f"the move through the other server: {status} {body}")
        poller.join(40)
        status, _, page = answer["page"]
        check(status == 200 and page["events"] and page["events"][0]["seq"] == version + 1,
              f"the long-poll was answered with the move: {status} {page}")
        self.long_poll_answered = time.monotonic() - moved_at
        status, _, _ = http_json("POST", here, f"/v1/games/{game}/resign", {},
                                 {"authorization": f"Bearer {second['token']}"})
        check(status == 200, "the watched duel ends")
        log(f"a long-poll on {here} was answered {self.long_poll_answered * 1000:.0f} ms after a move through {there}")

    # -- the checks --------------------------------------------------------

    def check_the_log(self, primary, duels):
        rows = primary.sql("SELECT game_id, actor, idempotency_key FROM commands WHERE idempotency_key IS NOT NULL")
        stored = {}
        for game, actor, key in rows:
            stored[(game, actor, key)] = stored.get((game, actor, key), 0) + 1
        acknowledged = {}
        for game, actor, key, _ in self.acks:
            acknowledged[(game, actor, key)] = acknowledged.get((game, actor, key), 0) + 1
        twice = [k for k, n in stored.items() if n > 1]
        lost = [k for k in acknowledged if k not in stored]
        unknown = [k for k in stored if k not in acknowledged]
        check(all(n == 1 for n in acknowledged.values()), "each move was acknowledged once")
        check(not twice, f"moves stored twice: {twice[:5]}")
        check(not lost, f"acknowledged moves lost: {lost[:5]}")
        check(not unknown, f"moves stored that nobody was told of: {unknown[:5]}")
        self.lost, self.twice = len(lost), len(twice)
        broken = primary.sql(
            "SELECT g.id, g.version, count(e.seq), coalesce(max(e.seq), 0) FROM games g "
            "LEFT JOIN events e ON e.game_id = g.id GROUP BY g.id, g.version "
            "HAVING count(e.seq) <> g.version OR coalesce(max(e.seq), 0) <> g.version "
            "OR g.last_hash <> (SELECT hash FROM events WHERE game_id = g.id AND seq = g.version)")
        check(not broken, f"logs with a gap or a games row not at their end: {broken[:5]}")
        played = {g for d in duels for g in d.games}
        unfinished = primary.sql("SELECT id FROM games WHERE status <> 'finished'")
        check(not (played & {r[0] for r in unfinished}), "every duel played ended")
        log(f"the log: {len(stored)} moves with their keys, each acknowledged, each once; no gap in any game")

    def check_the_exports(self, duels):
        client = Client(self)
        verified = 0
        for duel in duels:
            for game in duel.games:
                status, _, record = client.request("GET", f"/v1/games/{game}/export", duel.players[0]["token"])
                check(status == 200, f"exporting {game}: {status}")
                path = self.directory / f"{game}.json"
                path.write_text(json.dumps(record))
                result = subprocess.run([str(OWLPOST), "verify", str(path)], capture_output=True, text=True)
                check(result.returncode == 0, f"{game} does not verify: {result.stdout}{result.stderr}")
                verified += 1
        self.verified = verified
        log(f"{verified} exported duels verify (hash chain, seed, every roll)")

    def check_the_webhooks(self, primary):
        def settled():
            rows = primary.sql("SELECT count(*) FILTER (WHERE delivered_at IS NULL AND given_up_at IS NULL), "
                               "count(*) FILTER (WHERE given_up_at IS NOT NULL), count(*) FROM outbox")
            pending, given_up, total = map(int, rows[0])
            check(given_up == 0, f"{given_up} notifications given up")
            return pending == 0 and total
        total = wait_until("every notification delivered (the dead server's claim runs out after a minute)",
                           settled, 150, 0.5)
        outbox = {row[0] for row in primary.sql("SELECT id FROM outbox")}
        with self.receiver.lock:
            answered = dict(self.receiver.answered)
            bad = list(self.receiver.bad_signatures)
        check(not bad, f"badly signed deliveries: {bad[:5]}")
        twice = {d: n for d, n in answered.items() if n > 1}
        check(not twice, f"notifications delivered twice: {twice}")
        missing = outbox - set(answered)
        check(not missing, f"notifications never received: {sorted(missing)[:5]}")
        check(set(answered) <= outbox, "nothing received that the outbox did not hold")
        check(self.cut_delivery in answered, "the delivery cut by the kill came later, from another server")
        self.webhooks = total
        log(f"webhooks: {total} notifications, each received once, signed; the cut one too")

    def check_the_replica(self, primary, old):
        wait_until(f"{old.name} as the synchronous replica again",
                   lambda: self.synchronous_standby(primary) is old, 120, 0.25)
        # A write now, replayed on the replica: then it holds all before it.
        lsn = primary.sql("SELECT pg_current_wal_flush_lsn()", database="postgres")[0][0]
        wait_until("the replica to replay the log", lambda: old.sql(
            f"SELECT pg_last_wal_replay_lsn() >= '{lsn}'::pg_lsn", database="postgres")[0][0] == "t", 60, 0.1)
        keys = {tuple(r) for r in old.sql(
            "SELECT game_id, actor, idempotency_key FROM commands WHERE idempotency_key IS NOT NULL")}
        missing = [a for a in self.acks if (a[0], a[1], a[2]) not in keys]
        check(not missing, f"acknowledged moves missing on the replica: {missing[:5]}")
        log(f"{old.name} is back as the synchronous replica and holds every acknowledged move")

    def measure_storage(self, primary):
        """Rows and bytes each table holds (docs/scale-out.md reads them):
        rows, average row (pg_column_size), and the table with its indexes."""
        tables = ("events", "commands", "games", "seats", "users", "webhooks", "outbox", "snapshots")
        query = " UNION ALL ".join(
            f"SELECT '{t}', count(*), coalesce(avg(pg_column_size(t.*)), 0)::int, "
            f"pg_total_relation_size('{t}') FROM {t} t" for t in tables)
        return {row[0]: tuple(map(int, row[1:])) for row in primary.sql(query)}

    def report(self, duels):
        counts = self.snapshot_counts()
        f = self.failover
        print()
        print("cluster test: PASSED")
        print(f"  duels played                 {sum(len(d.games) for d in duels)} (exports verified: {self.verified})")
        print(f"  moves acknowledged           {self.acks_count()}; lost 0, stored twice 0")
        print(f"  primary killed -> new primary {f['promoted_after']:.1f} s (Patroni ttl {FAST_FAILOVER['ttl']} s)")
        print(f"  time without a primary       {f['without_primary']:.1f} s (kill -> next move acknowledged)")
        print(f"  moves refused meanwhile      {f['moves_refused']} moves, each sent again until acknowledged:"
              f" {f['refused']} answers 503 database_unavailable with Retry-After"
              f" (and {f['reads_refused']} to reads)")
        print(f"  requests cut in all          {counts['cut']} (502/504 or connection lost), each sent again")
        print(f"  webhook notifications        {self.webhooks} delivered, 0 twice, 0 lost")
        print(f"  long-poll across servers     answered {self.long_poll_answered * 1000:.0f} ms after the move")
        print(f"  whole test                   {time.monotonic() - STARTED:.0f} s")
        print("  storage (rows, average row bytes, table and indexes bytes):")
        for table, (rows, average, total) in self.storage.items():
            print(f"    {table:10} {rows:7} rows {average:6} B/row {total:10} B")
        commands = self.storage["commands"][0]
        if commands:
            print(f"    events per command: {self.storage['events'][0] / commands:.2f}")

    def tails(self):
        for logfile in sorted(self.directory.glob("*.log")):
            lines = logfile.read_text(errors="replace").splitlines()[-15:]
            print(f"--- {logfile.name} (last lines)")
            for line in lines:
                print("   ", line[:300])

    def clean_up(self, keep):
        self.stopping.set()
        self.processes.stop_all()
        for node in self.nodes:
            postmaster = node.postmaster()
            if postmaster:
                try:
                    os.kill(postmaster, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        if self.receiver:
            self.receiver.release.set()
            self.receiver.shutdown()
        if keep:
            log(f"kept {self.directory}")
        else:
            shutil.rmtree(self.directory, ignore_errors=True)


def main():
    check(OWLPOST.exists(), f"no {OWLPOST}: build it first (cargo build --bin owlpost)")
    test = ClusterTest()
    ok = False
    try:
        test.run()
        ok = True
    except Exception as failure:  # a check that failed, or the test itself
        print(f"\ncluster test: FAILED: {failure!r}", flush=True)
        test.tails()
    finally:
        test.clean_up(keep=not ok and os.environ.get("OWLPOST_CLUSTER_KEEP") == "1")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
