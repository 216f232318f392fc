#!/usr/bin/env python3
"""Makes golden-corpus records by playing games against a running Owlpost build.

The corpus (tests/records/) holds what earlier builds wrote, so that every later
build can be held to it. Nothing in it is written by hand or made again later:
build the old commit, start its server on loopback with a scratch database, and
run this script against it (see tests/records/README.md for the whole recipe).

Python 3, standard library only. Subcommands:

  finished     play games until one ends by the rules and passes the requirements;
               save its export and the expected views at every sequence number
  in-progress  play one game per ruleset up to a stopping point, save the expected
               views and a description, and dump the server's whole database
  compare      ask a server holding the game (a restored dump) for every expected
               answer and report those that differ
  view         print one expected answer (a viewer at a seq) from a views file

The bot picks among the `legal_commands` the server lists, preferring attacks on
the opponent (punches, spells at him, a Lightning Bolt whose path crosses him),
then moves towards him; the rest is random from --seed.
"""

import argparse
import json
import random
import subprocess
import sys
import urllib.error
import urllib.request
from collections import deque

VIEWS_FORMAT = "owlpost-expected-views/1"
PASSWORD_PREFIX = "corpus-password-"


# --------------------------------------------------------------------------- HTTP


class ApiError(Exception):
    def __init__(self, status, body, what):
        super().__init__(f"{what}: HTTP {status}: {body}")
        self.status = status
        self.body = body


class Server:
    """A running Owlpost server, spoken to over loopback HTTP."""

    def __init__(self, base):
        self.base = base.rstrip("/")

    def call(self, method, path, body=None, token=None, ok=(200, 201)):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("content-type", "application/json")
        if token:
            request.add_header("authorization", "Bearer " + token)
        try:
            with urllib.request.urlopen(request, timeout=120) as answer:
                status, raw = answer.status, answer.read()
        except urllib.error.HTTPError as refused:
            status, raw = refused.code, refused.read()
        decoded = json.loads(raw) if raw else None
        if status not in ok:
            raise ApiError(status, decoded, f"{method} {path}")
        return decoded

    def account(self, username):
        """Registers `username` (password derived from it) and logs in."""
        password = PASSWORD_PREFIX + username
        credentials = {"username": username, "password": password}
        self.call("POST", "/v1/auth/register", credentials)
        token = self.call("POST", "/v1/auth/login", credentials)["access_token"]
        return {"username": username, "password": password, "token": token}


# --------------------------------------------------------------------------- bot


def board_blocks(view):
    """Border lines a wizard cannot cross, as (orientation, row, col)."""
    blocked = set()
    for entry in view["board"]["barriers"]:
        line = entry["line"]
        blocked.add((line["orientation"], line["row"], line["col"]))
    return blocked


STEPS = {"north": (-1, 0), "south": (1, 0), "west": (0, -1), "east": (0, 1)}
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}


def line_of(square, direction):
    row, col = square
    return {
        "north": ("horizontal", row, col),
        "south": ("horizontal", row + 1, col),
        "west": ("vertical", row, col),
        "east": ("vertical", row, col + 1),
    }[direction]


def step(view, blocked, square, direction):
    """The next square that way, or None where a barrier or the edge stops it."""
    if line_of(square, direction) in blocked:
        return None
    drow, dcol = STEPS[direction]
    row, col = square[0] + drow, square[1] + dcol
    board = view["board"]
    if not (0 <= row < board["rows"] and 0 <= col < board["cols"]):
        return None
    return (row, col)


def distances_from(view, start):
    """Steps from `start` to every square it can reach past walls (doors count as passable)."""
    blocked = board_blocks_walls(view)
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for direction in STEPS:
            there = step(view, blocked, here, direction)
            if there is not None and there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def board_blocks_walls(view):
    """Walls only: a door may open for its owner or be broken, so a path may go through it."""
    walls = set()
    for entry in view["board"]["barriers"]:
        if entry["barrier"]["kind"] in ("stone_wall", "outer_wall"):
            line = entry["line"]
            walls.add((line["orientation"], line["row"], line["col"]))
    return walls


def bolt_path(view, origin, direction, energy):
    """The squares a Lightning Bolt enters (straight on, turning back off what blocks it)."""
    blocked = board_blocks(view)
    here, heading, path = origin, direction, []
    for _ in range(energy):
        there = step(view, blocked, here, heading)
        if there is None:
            heading = OPPOSITE[heading]
        else:
            here = there
        path.append(here)
    return path


def square_of(value):
    return (value["row"], value["col"])


class Bot:
    """Chooses a command from those listed, by a score with random noise."""

    def __init__(self, rng, catalogue):
        self.rng = rng
        # Card name -> energy value, from the ruleset's reference (Wiz-War).
        self.energy_values = {
            card["name"]: card.get("energy_value") or 0 for card in catalogue
        }
        self.card_types = {card["name"]: card.get("card_type") for card in catalogue}

    def choose(self, game, seat, moves_this_turn):
        commands = game["legal_commands"]
        if not commands:
            return None
        ruleset = game["ruleset"]
        view = game["view"]
        if ruleset in ("wizwar", "wizwar-classic"):
            scorer = self.wizwar_score
        elif ruleset == "wizards-of-war":
            scorer = self.wizards_of_war_score
        else:
            scorer = self.firewall_score
        scored = [
            (scorer(view, seat, command, moves_this_turn) + self.rng.uniform(0, 3), index)
            for index, command in enumerate(commands)
        ]
        scored.sort(reverse=True)
        return commands[scored[0][1]]

    # Wiz-War (8th edition and classic share the command shapes the bot uses).
    def wizwar_score(self, view, seat, command, moves_this_turn):
        kind = command["type"]
        me = next((w for w in view.get("wizards", []) if w["seat"] == seat), None)
        enemies = [w for w in view.get("wizards", []) if w["seat"] != seat and w["alive"]]
        if me is None or not enemies:
            return self.rng.uniform(0, 10)
        here = square_of(me["square"])
        enemy_squares = [square_of(w["square"]) for w in enemies]
        hand = {card["id"]: card["name"] for card in (me.get("hand") or [])}
        if moves_this_turn > 60:
            # A turn that goes on and on: finish it.
            return {"end_move_and_cast": 50, "draw": 50, "end_turn": 40, "pass": 50}.get(kind, -50)
        if kind == "punch":
            target = command["target"]
            if target["kind"] == "wizard" and target["seat"] != seat:
                return 70
            return -40
        if kind == "cast":
            name = hand.get(command["card"], "")
            target = command["target"]
            energy = 1
            if command.get("energy") is not None:
                energy = self.energy_values.get(hand.get(command["energy"], ""), 1) or 1
            if name == "lightning_bolt" and target["kind"] == "direction":
                path = bolt_path(view, here, target["direction"], energy)
                hits = sum(path.count(square) for square in enemy_squares)
                if hits >= 2:
                    return 160
                if hits == 1:
                    return 90 + energy
                return -60
            if target["kind"] == "wizard":
                if target["seat"] == seat:
                    return self.rng.uniform(-10, 8)
                if self.card_types.get(name) == "attack":
                    return 100 + 3 * energy
                return 30
            if target["kind"] in ("caster", "board"):
                return self.rng.uniform(-10, 8)
            return self.rng.uniform(-20, 5)
        if kind in ("use", "use_discarding"):
            target = command["target"]
            if target.get("kind") == "wizard" and target.get("seat") != seat:
                return 95
            return -20
        if kind == "move":
            distances = [distances_from(view, square) for square in enemy_squares]
            now = min(d.get(here, 99) for d in distances)
            there = step(view, set(), here, command["direction"]) or here
            then = min(d.get(there, 99) for d in distances)
            if now == 0:
                return -15
            return 25 if then < now else -8
        if kind == "boost_speed":
            return 4
        if kind == "pick_up":
            return 40 if command["thing"]["kind"] == "treasure" else 12
        if kind == "end_move_and_cast":
            return 0
        if kind == "draw":
            return 20 + command.get("count", 0)
        if kind == "end_turn":
            return -2
        if kind == "discard":
            # A full hand is thinned of cards that cannot hurt the opponent.
            full = me.get("hand_total", 0) >= me.get("hand_limit", 7) - 1
            keeps = any(self.card_types.get(hand.get(c)) in ("attack", "counter")
                        for c in command["cards"])
            return 10 if full and not keeps else -25
        if kind == "pass":
            return 0
        if kind == "play_counter":
            return self.rng.uniform(-6, 6)
        if kind in ("hold_door", "release_door", "end_spell", "drop"):
            return -30
        return self.rng.uniform(-5, 5)

    def wizards_of_war_score(self, view, seat, command, moves_this_turn):
        kind = command["type"]
        units = view.get("units", [])
        enemies = [u for u in units if u["owner"] != seat]
        enemy_squares = [square_of(u["square"]) for u in enemies]
        enemy_wizards = [square_of(u["square"]) for u in enemies if u["kind"].endswith("wizard")]

        def nearest(square, squares):
            return min((abs(square[0] - s[0]) + abs(square[1] - s[1]) for s in squares), default=99)

        if moves_this_turn > 60:
            return {"end_turn": 50, "pass": 50}.get(kind, -50)
        if kind == "attack":
            target = square_of(command["target"])
            return 100 + (20 if target in enemy_wizards else 0)
        if kind == "cast":
            target = command["target"]
            if target["kind"] == "unit":
                return 70 if square_of(target["square"]) in enemy_squares else -30
            if target["kind"] == "area":
                return self.rng.uniform(0, 40)
            return self.rng.uniform(-5, 30)
        if kind == "move":
            unit = next((u for u in units if u["id"] == command["unit"]), None)
            if unit is None:
                return 0
            goal = enemy_wizards or enemy_squares
            now = nearest(square_of(unit["square"]), goal)
            then = nearest(square_of(command["to"]), goal)
            return 20 + 3 * (now - then)
        if kind in ("draw_spell", "summon_instead", "place_monster"):
            return self.rng.uniform(0, 20)
        if kind == "counterspell":
            return self.rng.uniform(-5, 10)
        if kind == "pass":
            return 0
        if kind == "end_turn":
            return -5
        return self.rng.uniform(-5, 5)

    def firewall_score(self, view, seat, command, moves_this_turn):
        # Sealed bets: any listed bet and set of cards, uniformly.
        return self.rng.uniform(0, 10)


# --------------------------------------------------------------------------- games


class Table:
    """One game between registered accounts, played through the server."""

    def __init__(self, server, ruleset, players, spectator, options=None):
        self.server = server
        self.ruleset = ruleset
        self.players = players
        self.spectator = spectator
        body = {"ruleset": ruleset, "seats": len(players)}
        if options is not None:
            body["options"] = options
        game = server.call("POST", "/v1/games", body, players[0]["token"])
        self.id = game["id"]
        for player in players[1:]:
            server.call("POST", f"/v1/games/{self.id}/join", None, player["token"])
        server.call("POST", f"/v1/games/{self.id}/start", None, players[0]["token"])
        self.actions = 0
        self.moves_this_turn = 0
        self.turn_owner = None

    def game(self, seat, full=True):
        query = "?legal=full" if full else ""
        return self.server.call(
            "GET", f"/v1/games/{self.id}{query}", None, self.players[seat]["token"]
        )

    def status(self):
        return self.game(0)["status"]

    def step(self, bot):
        """Plays one command for the first awaited seat; False when nobody is awaited."""
        game = self.game(0)
        if game["status"] != "active" or not game["awaiting"]:
            return False
        for awaited in game["awaiting"]:
            seat = awaited["seat"]
            mine = self.game(seat)
            turn = (mine.get("view") or {}).get("turn")
            # A Wiz-War turn is a seat and a phase; a Fire Wall turn a number.
            owner = (turn.get("seat"), turn.get("number")) if isinstance(turn, dict) else turn
            if owner != self.turn_owner:
                self.turn_owner, self.moves_this_turn = owner, 0
            command = bot.choose(mine, seat, self.moves_this_turn)
            if command is None:
                continue
            self.server.call(
                "POST",
                f"/v1/games/{self.id}/actions",
                {"command": command},
                self.players[seat]["token"],
            )
            self.actions += 1
            self.moves_this_turn += 1
            return True
        return False

    def viewers(self):
        """Who asks for the expected views: each player, and one user with no seat."""
        named = {f"player_{seat}": p for seat, p in enumerate(self.players)}
        named["spectator"] = self.spectator
        return named

    def views(self, commit, extra=None):
        """Every viewer's answer at every seq, as a first answer and JSON patches."""
        version = self.game(0, full=False)["version"]
        viewers = {}
        for name, account in self.viewers().items():
            answers = [
                self.server.call(
                    "GET", f"/v1/games/{self.id}/at/{seq}", None, account["token"]
                )
                for seq in range(1, version + 1)
            ]
            viewers[name] = {
                "username": account["username"],
                "first": answers[0],
                "patches": [diff(a, b) for a, b in zip(answers, answers[1:])],
            }
            # The file must give back exactly what the server answered.
            rebuilt = answers[0]
            for answer, patch in zip(answers[1:], viewers[name]["patches"]):
                rebuilt = apply_patch(rebuilt, patch)
                assert rebuilt == answer, "a patch does not rebuild the answer"
        made = {
            "format": VIEWS_FORMAT,
            "made_by": {"commit": commit, "generator": "tests/records/make/records.py"},
            "game_id": self.id,
            "ruleset": self.ruleset,
            "version": version,
            "viewers": viewers,
        }
        if extra:
            made.update(extra)
        return made


# --------------------------------------------------------------------------- JSON patch


def pointer(path):
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def diff(old, new, path=()):
    """An RFC 6902 patch turning `old` into `new` (replace/add/remove only)."""
    if type(old) is not type(new):
        return [{"op": "replace", "path": pointer(path), "value": new}]
    if isinstance(old, dict):
        ops = []
        for key in sorted(old):
            if key not in new:
                ops.append({"op": "remove", "path": pointer(path + (key,))})
            else:
                ops.extend(diff(old[key], new[key], path + (key,)))
        for key in sorted(new):
            if key not in old:
                ops.append({"op": "add", "path": pointer(path + (key,)), "value": new[key]})
        return ops
    if isinstance(old, list):
        common = min(len(old), len(new))
        ops = []
        for index in range(common):
            ops.extend(diff(old[index], new[index], path + (index,)))
        for index in range(common, len(new)):
            ops.append({"op": "add", "path": pointer(path + (index,)), "value": new[index]})
        for index in reversed(range(common, len(old))):
            ops.append({"op": "remove", "path": pointer(path + (index,))})
        # A list rewritten from the start is told once, not element by element.
        replace = [{"op": "replace", "path": pointer(path), "value": new}]
        if len(json.dumps(ops)) > len(json.dumps(replace)):
            return replace
        return ops
    if old == new:
        return []
    return [{"op": "replace", "path": pointer(path), "value": new}]


def apply_patch(document, patch):
    """Applies an RFC 6902 patch of replace/add/remove operations (a copy is returned)."""
    document = json.loads(json.dumps(document))
    for op in patch:
        parts = [
            p.replace("~1", "/").replace("~0", "~") for p in op["path"].split("/")[1:]
        ]
        if not parts:
            document = op["value"]
            continue
        parent = document
        for part in parts[:-1]:
            parent = parent[int(part)] if isinstance(parent, list) else parent[part]
        last = parts[-1]
        if isinstance(parent, list):
            index = len(parent) if last == "-" else int(last)
            if op["op"] == "add":
                parent.insert(index, op["value"])
            elif op["op"] == "remove":
                del parent[index]
            else:
                parent[index] = op["value"]
        else:
            if op["op"] == "remove":
                del parent[last]
            else:
                parent[last] = op["value"]
    return document


def answer_at(views, viewer, seq):
    answer = views["viewers"][viewer]["first"]
    for patch in views["viewers"][viewer]["patches"][: seq - 1]:
        answer = apply_patch(answer, patch)
    return answer


# --------------------------------------------------------------------------- requirements


def rules_events(record):
    """(seq, payload) of the ruleset's events in an exported record."""
    found = []
    for event in record["events"]:
        if event.get("kind", "rules") == "rules":
            found.append((event["seq"], event["payload"]))
    return found


def punches_at_wizards(record):
    """Punches at a wizard: `punched` at a wizard target (de3d825: it lands at once), or
    `punch_thrown` (later builds: a fist at a wizard goes on the stack and opens a window)."""
    count = 0
    for _, payload in rules_events(record):
        target = payload.get("target") or {}
        if payload.get("type") == "punch_thrown" or (
            payload.get("type") == "punched" and target.get("kind") == "wizard"
        ):
            count += 1
    return count


def bolts(record):
    """Lightning Bolts cast, and how many of them stunned one wizard more than once."""
    cast, twice = 0, 0
    events = rules_events(record)
    for index, (_, payload) in enumerate(events):
        card = payload.get("card") or {}
        if payload.get("type") != "spell_cast" or card.get("name") != "lightning_bolt":
            continue
        cast += 1
        stunned = {}
        # Its effects come before the next cast or the end of the turn.
        for _, later in events[index + 1:]:
            if later.get("type") in ("spell_cast", "turn_ended"):
                break
            if later.get("type") == "wizard_stunned":
                stunned[later["seat"]] = stunned.get(later["seat"], 0) + 1
        if any(n >= 2 for n in stunned.values()):
            twice += 1
    return cast, twice


def qualifies(record, requirements):
    punches = punches_at_wizards(record)
    cast, twice = bolts(record)
    facts = {"punches_at_wizards": punches, "lightning_bolts": cast, "bolts_stunning_twice": twice}
    ok = True
    for requirement in requirements:
        name, _, value = requirement.partition(">=")
        if facts.get(name, 0) < int(value or 1):
            ok = False
    return ok, facts


# --------------------------------------------------------------------------- commands


def make_accounts(server, tag, seats):
    players = [server.account(f"{tag}-s{seat}") for seat in range(seats)]
    spectator = server.account(f"{tag}-spec")
    return players, spectator


def catalogue_of(server, ruleset):
    info = server.call("GET", f"/v1/rulesets/{ruleset}")
    return (info.get("reference") or {}).get("cards") or []


def finished(args):
    server = Server(args.server)
    rng = random.Random(args.seed)
    bot = Bot(rng, catalogue_of(server, args.ruleset))
    for attempt in range(1, args.tries + 1):
        players, spectator = make_accounts(server, f"{args.tag}-{attempt}", args.seats)
        table = Table(server, args.ruleset, players, spectator)
        while table.actions < args.max_actions and table.step(bot):
            pass
        game = table.game(0, full=False)
        if game["status"] != "finished":
            if args.resign_after_cap and game["status"] == "active":
                loser = rng.randrange(args.seats)
                server.call("POST", f"/v1/games/{table.id}/resign", None, players[loser]["token"])
                game = table.game(0, full=False)
            else:
                print(f"try {attempt}: not over after {table.actions} actions", file=sys.stderr)
                continue
        record = server.call("GET", f"/v1/games/{table.id}/export", None, players[0]["token"])
        ok, facts = qualifies(record, args.require)
        print(f"try {attempt}: {game['status']} after {table.actions} actions, "
              f"version {game['version']}, {facts}, outcome {game.get('outcome')}", file=sys.stderr)
        if not ok or game["version"] > args.max_version:
            continue
        write_json(args.record, record)
        extra = {"players": describe_players(table), "bot_seed": args.seed, "attempt": attempt,
                 "facts": facts, "outcome": game.get("outcome")}
        write_json(args.views, table.views(args.commit, extra))
        print(json.dumps({"game_id": table.id, "attempt": attempt, **facts}))
        return 0
    print("no game qualified", file=sys.stderr)
    return 1


def describe_players(table):
    return [
        {"seat": seat, "username": p["username"], "password": p["password"]}
        for seat, p in enumerate(table.players)
    ] + [{"seat": None, "username": table.spectator["username"],
          "password": table.spectator["password"]}]


def punch_ready(table):
    """The awaited seat may punch a wizard now: (seat, that punch command) or None."""
    game = table.game(0, full=False)
    for awaited in game["awaiting"]:
        seat = awaited["seat"]
        for command in table.game(seat)["legal_commands"]:
            target = command.get("target") or {}
            if command["type"] == "punch" and target.get("kind") == "wizard":
                return seat, command
    return None


def in_progress(args):
    """Plays each --game RULESET:STOP to its stop, then dumps the database."""
    server = Server(args.server)
    rng = random.Random(args.seed)
    described = []
    for number, spec in enumerate(args.game, start=1):
        ruleset, _, stop = spec.partition(":")
        bot = Bot(rng, catalogue_of(server, ruleset))
        for attempt in range(1, args.tries + 1):
            players, spectator = make_accounts(server, f"{args.tag}-{number}-{attempt}", 2)
            table = Table(server, ruleset, players, spectator)
            found = None
            while table.actions < args.max_actions:
                if stop == "punch-ready":
                    found = punch_ready(table)
                    if found and table.actions >= args.min_actions:
                        break
                elif stop.startswith("actions="):
                    if table.actions >= int(stop.split("=")[1]):
                        found = True
                        break
                if not table.step(bot):
                    break
            game = table.game(0, full=False)
            if found and game["status"] == "active":
                break
            print(f"{ruleset} try {attempt}: no stop ({game['status']}, {table.actions} actions)",
                  file=sys.stderr)
        else:
            print(f"{ruleset}: never reached {stop}", file=sys.stderr)
            return 1
        entry = {
            "game_id": table.id,
            "ruleset": ruleset,
            "version": game["version"],
            "players": describe_players(table),
            "awaiting": game["awaiting"],
            "stopped_at": stop,
            "views": args.views_prefix + ruleset
            + ("-punch-ready" if stop == "punch-ready" else "") + ".expected-views.json",
        }
        if stop == "punch-ready":
            entry["awaited_seat"], entry["legal_punch"] = found
        write_json(args.out_dir + "/" + entry["views"], table.views(args.commit, {"players": entry["players"]}))
        described.append(entry)
        print(json.dumps({k: entry[k] for k in ("game_id", "ruleset", "version")}), file=sys.stderr)
    dump = subprocess.run(
        ["pg_dump", "--no-owner", "--no-privileges", args.database_url],
        check=True, capture_output=True, text=True,
    ).stdout
    with open(args.out_dir + "/" + args.dump, "w") as out:
        out.write(dump)
    write_json(args.out_dir + "/" + args.describe, {
        "made_by": {"commit": args.commit, "generator": "tests/records/make/records.py",
                    "bot_seed": args.seed},
        "dump": args.dump,
        "games": described,
    })
    return 0


def compare(args):
    """Asks a server (e.g. one holding a restored dump) for every expected answer."""
    server = Server(args.server)
    with open(args.file) as source:
        views = json.load(source)
    accounts = {
        (f"player_{p['seat']}" if p["seat"] is not None else "spectator"): p
        for p in views["players"]
    }
    differing = 0
    for viewer in views["viewers"]:
        account = accounts[viewer]
        credentials = {"username": account["username"], "password": account["password"]}
        token = server.call("POST", "/v1/auth/login", credentials)["access_token"]
        for seq in range(1, views["version"] + 1):
            expected = answer_at(views, viewer, seq)
            got = server.call("GET", f"/v1/games/{views['game_id']}/at/{seq}", None, token)
            if got != expected:
                differing += 1
                if differing <= args.show:
                    print(f"{viewer} at {seq}: {json.dumps(diff(expected, got))[:600]}")
    total = len(views["viewers"]) * views["version"]
    print(f"{total - differing} of {total} answers as expected")
    return 1 if differing else 0


def show_view(args):
    with open(args.file) as source:
        views = json.load(source)
    json.dump(answer_at(views, args.viewer, args.seq), sys.stdout, indent=1, sort_keys=True)
    print()
    return 0


def write_json(path, value):
    with open(path, "w") as out:
        json.dump(value, out, indent=None, sort_keys=True, separators=(",", ":"))
        out.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)

    play = sub.add_parser("finished", help="play until a qualifying game ends; save record and views")
    play.add_argument("--server", required=True, help="e.g. http://127.0.0.1:18600")
    play.add_argument("--commit", required=True, help="the commit the server was built from")
    play.add_argument("--ruleset", required=True)
    play.add_argument("--seats", type=int, default=2)
    play.add_argument("--tag", required=True, help="prefix of the usernames registered")
    play.add_argument("--seed", type=int, default=1, help="the bot's random seed")
    play.add_argument("--tries", type=int, default=50)
    play.add_argument("--max-actions", type=int, default=600)
    play.add_argument("--max-version", type=int, default=800, help="refuse longer games")
    play.add_argument("--resign-after-cap", action="store_true",
                      help="resign a game not over after --max-actions (builds with resign)")
    play.add_argument("--require", action="append", default=[],
                      help="punches_at_wizards>=N, lightning_bolts>=N, bolts_stunning_twice>=N")
    play.add_argument("--record", required=True, help="where to write the export")
    play.add_argument("--views", required=True, help="where to write the expected views")
    play.set_defaults(run=finished)

    keep = sub.add_parser("in-progress", help="play games to a stop, then dump the database")
    keep.add_argument("--server", required=True)
    keep.add_argument("--database-url", required=True, help="the server's database, for pg_dump")
    keep.add_argument("--commit", required=True)
    keep.add_argument("--tag", required=True)
    keep.add_argument("--seed", type=int, default=1)
    keep.add_argument("--tries", type=int, default=30)
    keep.add_argument("--min-actions", type=int, default=0,
                      help="punch-ready: play at least this many actions first")
    keep.add_argument("--max-actions", type=int, default=400)
    keep.add_argument("--game", action="append", required=True,
                      help="RULESET:punch-ready or RULESET:actions=N (repeatable)")
    keep.add_argument("--out-dir", required=True)
    keep.add_argument("--views-prefix", required=True, help="prefix of each game's views file")
    keep.add_argument("--dump", required=True, help="file name of the SQL dump in --out-dir")
    keep.add_argument("--describe", required=True, help="file name of the description in --out-dir")
    keep.set_defaults(run=in_progress)

    check = sub.add_parser("compare", help="compare a server's answers with a views file")
    check.add_argument("--server", required=True)
    check.add_argument("--show", type=int, default=5, help="print this many differences")
    check.add_argument("file")
    check.set_defaults(run=compare)

    show = sub.add_parser("view", help="print the answer a viewer got at a seq")
    show.add_argument("file")
    show.add_argument("viewer", help="player_0, player_1 or spectator")
    show.add_argument("seq", type=int)
    show.set_defaults(run=show_view)

    args = parser.parse_args()
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
