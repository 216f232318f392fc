// Plays Owlpost through the TypeScript types generated from openapi/openapi.json
// (openapi-typescript) and the typed fetch client (openapi-fetch).
//
// Usage: node play.js BASE_URL   (after `tsc --strict`)
//
// Compiled with --strict, so every field read below is one the document
// declares with that type; at run time every answer's status is checked and
// every union is told apart by its discriminator alone.

import createClient from "openapi-fetch";
import type { components, paths } from "./generated/schema.js";

type Schemas = components["schemas"];
type Game = Schemas["Game"];
type Client = ReturnType<typeof createClient<paths>>;

const TURN_LIMIT = 300;
const base = process.argv[2];

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

function answered<T>(result: { data?: T; error?: unknown; response: Response }, status: number): T {
  check(result.response.status === status, `${result.response.url}: ${result.response.status} ${JSON.stringify(result.error)}`);
  check(result.data !== undefined, `${result.response.url}: no body`);
  return result.data;
}

async function player(name: string): Promise<Client> {
  const anonymous = createClient<paths>({ baseUrl: base });
  const body: Schemas["Credentials"] = { username: name, password: "a long enough password" };
  answered(await anonymous.POST("/v1/auth/register", { body }), 201);
  const token = answered(await anonymous.POST("/v1/auth/login", { body }), 200);
  return createClient<paths>({ baseUrl: base, headers: { Authorization: `Bearer ${token.access_token}` } });
}

async function gameOf(client: Client, id: string): Promise<Game> {
  return answered(await client.GET("/v1/games/{id}", { params: { path: { id } } }), 200);
}

async function started(creator: Client, joiner: Client, body: Schemas["CreateGame"]): Promise<string> {
  const created = answered(await creator.POST("/v1/games", { body }), 201);
  check(created.ruleset === body.ruleset, "the game is of the ruleset asked for");
  answered(await joiner.POST("/v1/games/{id}/join", { params: { path: { id: created.id } } }), 200);
  answered(await creator.POST("/v1/games/{id}/start", { params: { path: { id: created.id } } }), 200);
  return created.id;
}

async function act(client: Client, id: string, game: Game, command: Schemas["Action"]["command"]) {
  const body: Schemas["Action"] = { command, expected_version: game.version };
  return answered(await client.POST("/v1/games/{id}/actions", { params: { path: { id } }, body }), 200);
}

async function everyEvent(client: Client, id: string): Promise<number> {
  let after = 0;
  let seen = 0;
  for (;;) {
    const page = answered(await client.GET("/v1/games/{id}/events", { params: { path: { id }, query: { after, limit: 50 } } }), 200);
    for (const recorded of page.events) {
      if (recorded.body.origin === "rules") check(typeof recorded.body.event.type === "string", "a rules event says its type");
    }
    seen += page.events.length;
    after = page.next_after;
    if (!page.has_more) return seen;
  }
}

// Seat 0 pushes as hard as her mana allows, seat 1 holds back: seat 0 wins.
async function fireWallDuel(ann: Client, bob: Client) {
  const id = await started(ann, bob, { ruleset: "firewall-duel", seats: 2 });
  for (let turn = 0; turn < TURN_LIMIT; turn++) {
    for (const [seat, client] of [ann, bob].entries()) {
      const game = await gameOf(client, id);
      check(game.ruleset === "firewall-duel", "a Fire Wall game stays one");
      if (game.status === "finished") {
        check(JSON.stringify(game.outcome?.winners) === "[0]", `seat 0 wins: ${JSON.stringify(game.outcome)}`);
        await everyEvent(client, id);
        const record = answered(await client.GET("/v1/games/{id}/export", { params: { path: { id } } }), 200);
        check(record.ruleset === "firewall-duel" && record.events.length === game.version, "the record holds every event");
        const kinds = record.events.map((e) => (e.kind === "rules" ? `rules:${e.payload.type}` : `platform:${e.payload.type}`));
        check(kinds.some((kind) => kind.endsWith(":game_ended")), `the record ends the duel: ${kinds.slice(-3)}`);
        console.log(`fire wall: the duel ended at version ${game.version}; seat 0 won`);
        return;
      }
      if (!game.awaiting_you || !game.view) continue;
      const mana = game.view.players[seat].mana;
      const wanted = seat === 0 ? Math.min(mana, 6) : 1;
      // A sealed move is told as one choice (a range of bets, the cards in
      // hand), not listed: the bet is picked within the range.
      const sealed = game.legal_command_choices.find((c) => c.type === "submit_move");
      const move = sealed && { type: "submit_move" as const, bet: Math.max(sealed.min_bet, Math.min(wanted, sealed.max_bet)), cards: [] };
      await act(client, id, game, move ?? game.legal_commands[0]);
    }
  }
  throw new Error(`the duel did not end in ${TURN_LIMIT} turns`);
}

// Plays the first of `preferred` listed until a cast opens a response
// window; the other player passes. Returns the version the pass made.
async function firstWindow(ann: Client, bob: Client, id: string, ruleset: Game["ruleset"], preferred: string[]): Promise<number> {
  for (let step = 0; step < TURN_LIMIT; step++) {
    for (const client of [ann, bob]) {
      const game = await gameOf(client, id);
      check(game.ruleset === ruleset, `a ${ruleset} game stays one`);
      if (!game.awaiting_you) continue;
      const commands: { type: string }[] = game.legal_commands;
      if (game.awaiting[0].reason === "response") {
        const pass = game.legal_commands.find((c) => c.type === "pass");
        check(pass !== undefined, "a player asked to answer may pass");
        const result = await act(client, id, game, pass);
        check(result.ruleset === ruleset && result.version > game.version, "the answer is recorded");
        for (const watcher of [ann, bob]) await everyEvent(watcher, id);
        return result.version;
      }
      const index = preferred
        .map((kind) => commands.findIndex((c) => c.type === kind))
        .find((found) => found >= 0);
      await act(client, id, game, game.legal_commands[index ?? 0]);
      break;
    }
  }
  throw new Error(`nobody cast a spell in ${TURN_LIMIT} commands`);
}

async function wizwarWindow(ann: Client, bob: Client) {
  const id = await started(ann, bob, { ruleset: "wizwar", seats: 2, options: { yield_policy: "always" } });
  const game = await gameOf(ann, id);
  check(game.ruleset === "wizwar" && game.view !== undefined && game.view !== null, "a started game has a view");
  const version = await firstWindow(ann, bob, id, "wizwar", ["cast", "end_turn"]);
  console.log(`wizwar: a cast waited for its answer; the answer was taken at version ${version}`);
}

async function wizardsOfWarWindow(ann: Client, bob: Client) {
  const id = await started(ann, bob, { ruleset: "wizards-of-war", seats: 2, options: { yield_policy: "always" } });
  const version = await firstWindow(ann, bob, id, "wizards-of-war", ["cast", "draw_spell", "place_monster", "end_turn"]);
  console.log(`wizards of war: a spell waited for its answer; the answer was taken at version ${version}`);
}

const suffix = Math.random().toString(16).slice(2, 10);
const anonymous = createClient<paths>({ baseUrl: base });
const rulesets = answered(await anonymous.GET("/v1/rulesets"), 200);
console.log(`rulesets: ${rulesets.map((r) => r.id).sort().join(", ")}`);
const ann = await player(`ann${suffix}`);
const bob = await player(`bob${suffix}`);
await fireWallDuel(ann, bob);
await wizwarWindow(ann, bob);
await wizardsOfWarWindow(ann, bob);
