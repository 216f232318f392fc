"""Plays Owlpost through the Python client generated from openapi/openapi.json.

Usage: python play.py BASE_URL

Only the generated models and functions are used. Every answer is parsed into
its generated model and turned back into JSON, which must equal the JSON the
server sent: a field the client dropped or misread fails the run.
"""

import datetime
import json
import re
import sys
import uuid

from owlpost_client import AuthenticatedClient, Client
from owlpost_client.types import UNSET
from owlpost_client.api.auth import login, register
from owlpost_client.api.games import act, create_game, export_game, get_game, join_game, list_events, start_game
from owlpost_client.api.rulesets import get_ruleset, list_rulesets
from owlpost_client.models import (
    Action,
    Credentials,
    FirewallCommandSubmitMove,
    FirewallCreateGame,
    FirewallCreateGameRuleset,
    FirewallGame,
    JoinGame,
    WizardsOfWarCreateGame,
    WizardsOfWarCreateGameRuleset,
    WizardsOfWarGame,
    WizardsOfWarOptionsRequest,
    WizwarCreateGame,
    WizwarCreateGameRuleset,
    WizwarGame,
    WizwarOptionsRequest,
    YieldPolicy,
)

TURN_LIMIT = 300
TIMESTAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d")


def normalised(value):
    """JSON with every timestamp read as an instant: `Z` and `+00:00` are one time."""
    if isinstance(value, dict):
        return {key: normalised(item) for key, item in value.items()}
    if isinstance(value, list):
        return [normalised(item) for item in value]
    if isinstance(value, str) and TIMESTAMP.match(value):
        return datetime.datetime.fromisoformat(value)
    return value


def parsed(response, status, model=None):
    """The answer's model, after checking its status and that it reads back unchanged."""
    assert response.status_code == status, f"{response.status_code}: {response.content!r}"
    body = response.parsed
    assert body is not None, f"no model for {response.content!r}"
    if model is not None:
        assert isinstance(body, model), f"{type(body).__name__} is not {model.__name__}"
    received = json.loads(response.content)
    again = [item.to_dict() for item in body] if isinstance(body, list) else body.to_dict()
    assert normalised(again) == normalised(received), (
        f"the generated model changed the answer:\n{json.dumps(received, sort_keys=True)}\n"
        f"{json.dumps(again, sort_keys=True)}"
    )
    return body


def player(base_url, name):
    client = Client(base_url=base_url)
    credentials = Credentials(username=name, password="a long enough password")
    parsed(register.sync_detailed(client=client, body=credentials), 201)
    token = parsed(login.sync_detailed(client=client, body=credentials), 200)
    return AuthenticatedClient(base_url=base_url, token=token.access_token)


def game_of(client, game_id, model):
    return parsed(get_game.sync_detailed(game_id, client=client), 200, model)


def started(creator, joiner, body, model, join_body):
    game = parsed(create_game.sync_detailed(client=creator, body=body), 201, model)
    parsed(join_game.sync_detailed(game.id, client=joiner, body=join_body), 200, model)
    parsed(start_game.sync_detailed(game.id, client=creator), 200, model)
    return game.id


def every_event(game_id, client):
    """The whole feed as `client` sees it, page by page, each page read back unchanged."""
    after, seen = 0, 0
    while True:
        page = parsed(list_events.sync_detailed(game_id, client=client, after=after, limit=50), 200)
        seen += len(page.events)
        after = page.next_after
        if not page.has_more:
            assert seen > 0, "a started game has events"
            return seen


def play(client, game_id, command, version):
    action = Action(command=command, expected_version=version)
    return parsed(act.sync_detailed(game_id, client=client, body=action), 200)


def fire_wall_duel(ann, bob):
    """Seat 0 pushes as hard as her mana allows, seat 1 holds back: seat 0 wins."""
    game_id = started(ann, bob, FirewallCreateGame(ruleset=FirewallCreateGameRuleset.FIREWALL_DUEL, seats=2), FirewallGame, JoinGame(seat=1))
    for _ in range(TURN_LIMIT):
        for seat, client in enumerate([ann, bob]):
            game = game_of(client, game_id, FirewallGame)
            if game.status.value == "finished":
                assert game.outcome.winners == [0], game.outcome
                every_event(game_id, client)
                record = parsed(export_game.sync_detailed(game_id, client=client), 200)
                assert len(record.events) == game.version, "the record holds every event"
                print(f"fire wall: the duel ended at version {game.version}; seat 0 won")
                return
            if not game.awaiting_you:
                continue
            mana = game.view.players[seat].mana
            wanted = min(mana, 6) if seat == 0 else 1
            # A sealed move is told as one choice (a range of bets, the cards in
            # hand), not listed: the bet is picked within the range.
            sealed = [c for c in game.legal_command_choices if c.type_.value == "submit_move"]
            if sealed:
                bet = max(sealed[0].min_bet, min(wanted, sealed[0].max_bet))
                command = FirewallCommandSubmitMove.from_dict({"type": "submit_move", "bet": bet, "cards": []})
            else:
                command = game.legal_commands[0]
            play(client, game_id, command, game.version)
    raise AssertionError(f"the duel did not end in {TURN_LIMIT} turns")


def first_window(ann, bob, game_id, model, preferred, still_open):
    """Plays `preferred` commands until a cast opens a response window; the other player passes."""
    for _ in range(TURN_LIMIT):
        games = [(client, game_of(client, game_id, model)) for client in (ann, bob)]
        client, game = next((c, g) for c, g in games if g.awaiting_you)
        if game.awaiting[0].reason.value == "response":
            answer = next(c for c in game.legal_commands if c.type_.value == "pass")
            result = play(client, game_id, answer, game.version)
            assert result.version > game.version
            after = game_of(client, game_id, model)
            assert not still_open(game, after), "the window answered is closed"
            for watcher in (ann, bob):
                every_event(game_id, watcher)
            return result.version
        assert game.legal_commands, "the awaited player has something to do"
        command = next(
            (c for kind in preferred for c in game.legal_commands if c.type_.value == kind),
            game.legal_commands[0],
        )
        play(client, game_id, command, game.version)
    raise AssertionError(f"nobody cast a spell in {TURN_LIMIT} commands")


def wizwar_window(ann, bob):
    options = WizwarOptionsRequest(yield_policy=YieldPolicy.ALWAYS)
    body = WizwarCreateGame(ruleset=WizwarCreateGameRuleset.WIZWAR, seats=2, options=options)
    # Joining without a body takes the first free seat.
    game_id = started(ann, bob, body, WizwarGame, UNSET)
    version = first_window(
        ann, bob, game_id, WizwarGame, ["cast", "end_turn"],
        lambda before, after: after.awaiting_you
        and after.awaiting[0].reason.value == "response"
        and after.view.stack == before.view.stack,
    )
    print(f"wizwar: a cast waited for its answer; the answer was taken at version {version}")


def wizards_of_war_window(ann, bob):
    options = WizardsOfWarOptionsRequest(yield_policy=YieldPolicy.ALWAYS)
    body = WizardsOfWarCreateGame(ruleset=WizardsOfWarCreateGameRuleset.WIZARDS_OF_WAR, seats=2, options=options)
    game_id = started(ann, bob, body, WizardsOfWarGame, UNSET)
    version = first_window(
        ann, bob, game_id, WizardsOfWarGame, ["cast", "draw_spell", "place_monster", "end_turn"],
        lambda before, after: after.awaiting_you
        and after.awaiting[0].reason.value == "response"
        and after.version == before.version,
    )
    print(f"wizards of war: a spell waited for its answer; the answer was taken at version {version}")


def main():
    base_url = sys.argv[1]
    suffix = uuid.uuid4().hex[:8]
    rulesets = parsed(list_rulesets.sync_detailed(client=Client(base_url=base_url)), 200)
    for ruleset in rulesets:
        parsed(get_ruleset.sync_detailed(ruleset.id, client=Client(base_url=base_url)), 200)
    print(f"rulesets: {', '.join(sorted(r.id for r in rulesets))}")
    ann, bob = player(base_url, f"ann{suffix}"), player(base_url, f"bob{suffix}")
    fire_wall_duel(ann, bob)
    wizwar_window(ann, bob)
    wizards_of_war_window(ann, bob)


if __name__ == "__main__":
    main()
