// @ts-check
// The Owlpost web client: plain JavaScript over the public /v1 API, no build step.
// Pages are chosen by the address's fragment (#/, #/games/ID, #/replay/ID) so the
// server serves one document for all of them.
//
// The test suite type-checks this file against the TypeScript types generated from
// openapi/openapi.json (tests/clients/tsconfig.web.json): `Schemas`, `Game`,
// `FirewallGame`, `WizwarGame`, `WizardsOfWarGame` and `FeedEvent` below are the
// spec's (tests/clients/web.d.ts names them), so a spec change the page does not
// follow fails a test.

/**
 * A game page's state: the game as last read and its events so far.
 * @typedef {{
 *   gameId: string, game: Game, events: FeedEvent[],
 *   chosenCard: number | null, chosenUnit: number | null, controller: AbortController,
 * }} GameState
 */

/**
 * What a page shows of one ruleset's game (`RULES` below).
 * @typedef {{
 *   seats: (game: any) => Node,
 *   hand: (state: GameState) => Node,
 *   actions: (state: GameState) => Node,
 *   boardClicked?: (state: GameState, event: MouseEvent) => void,
 *   markTargets?: (state: GameState) => void,
 * }} RulesPage
 */

const SESSION_KEY = "owlpost.session";
// Renew an access token this long before it expires (a quarter of its life if shorter).
const RENEW_BEFORE_MS = 60 * 1000;
// A long-poll asks the server to hold the request this long (it allows up to 60 s).
const LONG_POLL_SECONDS = 25;
const FEED_PAGE = 500;

// ---------------------------------------------------------------- session and API

/**
 * The signed-in session, kept in `localStorage` so that it outlives the tab and
 * the browser and is shared by every tab of this site: a short-lived access token,
 * when to renew it (`renewAt`, in ms, shortly before it expires) and the refresh
 * token that renews it.
 * @typedef {{ token: string, renewAt: number, refreshToken: string, user: Schemas["User"] }} Session
 */

/** @returns {Session | null} */
function storedSession() {
  try {
    const value = JSON.parse(localStorage.getItem(SESSION_KEY) || "null");
    return value && value.refreshToken ? value : null;
  } catch {
    return null;
  }
}

/** @type {Session | null} */
let session = storedSession();

/** @param {Session | null} value */
function saveSession(value) {
  session = value;
  if (value) localStorage.setItem(SESSION_KEY, JSON.stringify(value));
  else localStorage.removeItem(SESSION_KEY);
}

/**
 * @param {Schemas["Token"]} token
 * @returns {Session}
 */
function sessionFrom(token) {
  const lifetime = token.expires_in * 1000;
  return {
    token: token.access_token,
    renewAt: Date.now() + lifetime - Math.min(RENEW_BEFORE_MS, lifetime / 4),
    refreshToken: token.refresh_token,
    user: token.user,
  };
}

// Another tab renewed the tokens, signed in or signed out: follow it.
window.addEventListener("storage", (event) => {
  if (event.key !== SESSION_KEY && event.key !== null) return;
  const wasSignedIn = session !== null;
  session = storedSession();
  if (wasSignedIn !== (session !== null)) route();
});


/** @type {Promise<boolean> | null} */
let renewing = null;

/**
 * Exchanges the refresh token `spent` for new tokens; whether the session is
 * still signed in. A refresh token is good for one exchange (the server signs
 * out a session whose token comes twice), so tabs take turns under one lock
 * and each first looks whether another tab has already renewed it.
 * @param {string} spent
 * @returns {Promise<boolean>}
 */
function renewSession(spent) {
  if (!renewing) {
    renewing = oneTabAtATime(async () => {
      const stored = storedSession();
      if (!stored) {
        signedOut();
        return false;
      }
      if (stored.refreshToken !== spent) {
        session = stored;
        return true;
      }
      const response = await fetch("/v1/auth/refresh", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ refresh_token: spent }),
      });
      if (response.status === 401) {
        signedOut();
        return false;
      }
      if (!response.ok) throw new ApiProblem(response.status, await response.json().catch(() => null));
      /** @type {Schemas["Token"]} */
      const token = await response.json();
      saveSession(sessionFrom(token));
      return true;
    }).finally(() => { renewing = null; });
  }
  return renewing;
}

/**
 * Runs `work` while no other tab of this site runs work under the same lock
 * (Web Locks; where the page is not served securely there are none, and tabs
 * renewing at the very same moment could sign each other out).
 * @template T
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
async function oneTabAtATime(work) {
  if (navigator.locks) return await navigator.locks.request("owlpost.renew-session", work);
  return work();
}

/** The access token to send now, renewed first when it is about to expire. */
async function accessToken() {
  if (session && Date.now() >= session.renewAt) {
    await renewSession(session.refreshToken);
  }
  return session ? session.token : null;
}

// The session ended (signed out elsewhere, or renewing failed): back to the sign-in page.
function signedOut() {
  saveSession(null);
  if (location.hash === "#/" || location.hash === "") route();
  else location.hash = "#/";
}

class ApiProblem extends Error {
  constructor(status, body) {
    super((body && body.detail) || `the server answered ${status}`);
    this.status = status;
    this.code = body && body.code;
  }
}

/**
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {{ signal?: AbortSignal }} [options]
 * @returns {Promise<any>} the answer's JSON, read as the spec's type by each caller
 */
async function api(method, path, body, options = {}) {
  const answer = await send(method, path, body, options);
  // An access token may expire between the look at its time and the server's
  // (a sleeping laptop, a wrong clock): renew it and ask once more.
  if (answer.status === 401 && answer.code === "token_expired" && answer.renewWith
      && await renewSession(answer.renewWith)) {
    return unpack(await send(method, path, body, options));
  }
  return unpack(answer);
}

/**
 * @param {string} method
 * @param {string} path
 * @param {unknown} body
 * @param {{ signal?: AbortSignal }} options
 */
async function send(method, path, body, options) {
  /** @type {Record<string, string>} */
  const headers = {};
  const token = await accessToken();
  // The refresh token of the tokens sent: if they are refused as expired and
  // another request has renewed them meanwhile, its renewal is used.
  const renewWith = session ? session.refreshToken : null;
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
  const text = await response.text();
  let parsed = null;
  try { parsed = text ? JSON.parse(text) : null; } catch { parsed = null; }
  return { ok: response.ok, status: response.status, code: parsed && parsed.code, parsed, renewWith };
}

/** @param {{ ok: boolean, status: number, parsed: any }} answer */
function unpack(answer) {
  if (!answer.ok) {
    if (answer.status === 401 && session) signedOut();
    throw new ApiProblem(answer.status, answer.parsed);
  }
  return answer.parsed;
}

// The board is the server's picture of the game as the viewer may see it; the page
// never draws one of its own.
async function boardPicture(gameId, at) {
  const query = at ? `?at=${at}` : "";
  try {
    const response = await fetch(`/v1/games/${gameId}/board.svg${query}`, {
      headers: { authorization: `Bearer ${await accessToken()}` },
    });
    if (!response.ok || !(response.headers.get("content-type") || "").includes("svg")) return null;
    const text = await response.text();
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    const svg = doc.documentElement;
    if (svg.nodeName !== "svg") return null;
    svg.querySelectorAll("script").forEach((s) => s.remove());
    return document.importNode(svg, true);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- small DOM helpers

function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null) continue;
    if (key.startsWith("data-")) element.setAttribute(key, String(value));
    else if (value === false) continue;
    else if (key.startsWith("on")) element.addEventListener(key.slice(2), value);
    else if (key === "className") element.className = value;
    else element.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

function page(...children) {
  const root = document.getElementById("page");
  root.replaceChildren(...children);
  return root;
}

function flash(message, kind = "error") {
  const box = document.getElementById("flash");
  box.textContent = message;
  box.className = kind;
  box.hidden = !message;
}

function cardCount(count) {
  return `${count} card${count === 1 ? "" : "s"}`;
}

function humanize(snake) {
  const text = String(snake).replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function when(iso) {
  if (!iso) return "";
  const date = new Date(iso);
  const minutes = Math.round((date.getTime() - Date.now()) / 60000);
  const relative = Math.abs(minutes) < 90
    ? `${Math.abs(minutes)} min`
    : Math.abs(minutes) < 48 * 60 ? `${Math.round(Math.abs(minutes) / 60)} h` : `${Math.round(Math.abs(minutes) / 1440)} days`;
  return `${date.toLocaleString()} (${minutes >= 0 ? "in " + relative : relative + " ago"})`;
}

// Runs an action from a control: errors become the flash message, never a broken page.
async function attempt(action) {
  flash("");
  try {
    await action();
  } catch (error) {
    if (error.name === "AbortError") return;
    flash(error.message || String(error));
  }
}

// ---------------------------------------------------------------- rulesets

/** @type {Schemas["RulesetInfo"][] | null} */
let rulesetsCache = null;
/** @returns {Promise<Schemas["RulesetInfo"][]>} */
async function rulesets() {
  if (!rulesetsCache) rulesetsCache = await api("GET", "/v1/rulesets");
  return rulesetsCache;
}
function rulesetName(id) {
  const found = (rulesetsCache || []).find((r) => r.id === id);
  return found ? found.name : id;
}

// ---------------------------------------------------------------- routing

let leavePage = () => {};

function route() {
  leavePage();
  leavePage = () => {};
  flash("");
  renderNav();
  const hash = location.hash.replace(/^#\/?/, "");
  const [section, id] = hash.split("/");
  if (!session) return signInPage();
  if (section === "games" && id) return gamePage(id);
  if (section === "replay" && id) return replayPage(id);
  if (section === "players" && id) return playerPage(decodeURIComponent(id));
  if (section === "archive") return archivePage();
  return lobbyPage();
}

function renderNav() {
  const nav = document.getElementById("nav");
  if (!session) {
    nav.replaceChildren(h("a", { href: "/docs/" }, "API docs"));
    return;
  }
  nav.replaceChildren(
    h("a", { href: "#/" }, "Lobby"),
    h("a", { href: "#/archive", id: "nav-archive" }, "Archive"),
    h("a", { href: "/docs/" }, "API docs"),
    h("span", { id: "signed-in-as" }, `Signed in as ${session.user.username}`),
    h("button", {
      className: "link", id: "log-out",
      // Signed out here whatever the server says: at worst its session expires unused.
      onclick: () => attempt(async () => {
        await api("POST", "/v1/auth/logout").catch(() => null);
        signedOut();
      }),
    }, "Log out"),
    h("button", {
      className: "link", id: "sign-out-everywhere",
      title: "Sign out on every device and browser (your personal access tokens keep working)",
      onclick: () => attempt(async () => {
        await api("POST", "/v1/auth/logout-everywhere");
        signedOut();
      }),
    }, "Sign out everywhere"),
  );
}

// ---------------------------------------------------------------- sign in

function signInPage() {
  const username = h("input", { id: "username", name: "username", autocomplete: "username", required: true, minlength: 3, maxlength: 32 });
  const password = h("input", { id: "password", name: "password", type: "password", autocomplete: "current-password", required: true, minlength: 8 });
  const logIn = async () => {
    /** @type {Schemas["Token"]} */
    const token = await api("POST", "/v1/auth/login", { username: username.value, password: password.value });
    saveSession(sessionFrom(token));
    route();
  };
  const form = h("form", { className: "panel", onsubmit: (e) => { e.preventDefault(); attempt(logIn); } },
    h("label", {}, "Username", username),
    h("label", {}, "Password", password),
    h("div", { className: "row" },
      h("button", { id: "log-in", type: "submit" }, "Log in"),
      h("button", {
        id: "sign-up", type: "button", className: "secondary",
        onclick: () => attempt(async () => {
          await api("POST", "/v1/auth/register", { username: username.value, password: password.value });
          await logIn();
        }),
      }, "Sign up")),
  );
  page(h("section", { className: "signin", id: "sign-in" },
    h("h1", {}, "Owlpost"),
    h("p", { className: "muted" }, "Wizard duels by post: make a move today, read the answer tomorrow."),
    form));
  username.focus();
}

// ---------------------------------------------------------------- lobby

async function lobbyPage() {
  const root = page(h("p", { className: "muted" }, "Loading your games…"));
  /** @type {Schemas["GameList"]} */
  let mine;
  /** @type {Schemas["GameList"]} */
  let inbox;
  /** @type {Schemas["OpenGameList"]} */
  let open;
  /** @type {Schemas["Me"]} */
  let me;
  try {
    await rulesets();
    [mine, inbox, open, me] = await Promise.all([
      api("GET", "/v1/me/games"),
      api("GET", "/v1/me/inbox"),
      api("GET", "/v1/games?status=open&limit=50"),
      api("GET", "/v1/me"),
    ]);
  } catch (error) {
    root.replaceChildren(h("p", {}, error.message));
    return;
  }
  root.replaceChildren(
    h("main", { id: "lobby" },
      h("h1", {}, "Lobby"),
      h("div", { className: "grid2" },
        h("div", {},
          myGamesPanel(mine, inbox),
          openGamesPanel(open)),
        h("div", {},
          createGamePanel(),
          vacationPanel(me)))));
}

/**
 * The caller's vacation days: start a vacation, or end the one running.
 * @param {Schemas["Me"]} me
 */
function vacationPanel(me) {
  const vacation = me.vacation;
  const days = h("input", { id: "vacation-days", type: "number", min: 1, max: Math.max(1, vacation.days_left), value: 1 });
  const current = vacation.current;
  return h("section", { className: "panel", id: "vacation" },
    h("h2", {}, "Vacation"),
    h("p", { id: "vacation-days-left" }, `${vacation.days_left} of ${vacation.days_per_year} vacation days left this year.`),
    current
      ? h("div", {},
        h("p", { id: "vacation-current" }, `You are on vacation until ${when(current.until)}: the deadlines of your games that await you stand still.`),
        h("button", {
          id: "end-vacation",
          onclick: () => attempt(async () => {
            await api("DELETE", "/v1/me/vacation");
            route();
          }),
        }, "End my vacation now"))
      : h("form", {
        id: "vacation-form",
        onsubmit: (/** @type {Event} */ event) => {
          event.preventDefault();
          attempt(async () => {
            await api("POST", "/v1/me/vacation", { days: Number(days.value) });
            route();
          });
        },
      },
      h("label", {}, "Days ", days),
      h("button", { type: "submit", id: "start-vacation" }, "Start a vacation")));
}

/**
 * @param {Schemas["GameList"]} mine
 * @param {Schemas["GameList"]} inbox
 */
function myGamesPanel(mine, inbox) {
  const waiting = inbox.games.filter((game) => game.awaiting_you).length;
  const unread = (/** @type {number} */ count) => count === 0 ? "" : ` · ${count} new message${count > 1 ? "s" : ""}`;
  const rows = mine.games.map((game) => h("tr", { className: game.awaiting_you ? "awaiting" : "", "data-game": game.id },
    h("td", {}, h("a", { href: `#/games/${game.id}` }, rulesetName(game.ruleset))),
    h("td", {}, statusBadge(game.status, game.awaiting_you), h("span", { className: "unread" }, unread(game.unread_messages))),
    h("td", {}, game.deadline ? when(game.deadline) : h("span", { className: "muted" }, "—")),
    h("td", {}, h("a", { href: `#/replay/${game.id}` }, "Replay"))));
  return h("section", { className: "panel", id: "my-games" },
    h("h2", {}, "Your games"),
    h("p", { id: "inbox-count" }, waiting === 0 ? "No game waits for you." : `${waiting} game${waiting > 1 ? "s" : ""} wait${waiting > 1 ? "" : "s"} for you.`),
    mine.games.length === 0
      ? h("p", { className: "muted" }, "You play in no game yet: join one below or create one.")
      : h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "State"), h("th", {}, "Deadline"), h("th", {}, ""))), h("tbody", {}, rows)));
}

/**
 * @param {Schemas["GameStatus"]} status
 * @param {boolean} awaitingYou
 */
function statusBadge(status, awaitingYou) {
  if (status === "active" && awaitingYou) return h("span", { className: "badge you" }, "Your move");
  if (status === "active") return h("span", { className: "badge" }, "Playing");
  if (status === "open") return h("span", { className: "badge" }, "Waiting for players");
  return h("span", { className: "badge over" }, humanize(status));
}

/** @param {Schemas["OpenGameList"]} open */
function openGamesPanel(open) {
  const rows = open.games.map((game) => {
    const substitute = game.substitute_for;
    if (substitute !== null && substitute !== undefined) {
      return h("tr", { "data-game": game.id, "data-substitute-for": substitute },
        h("td", {}, rulesetName(game.ruleset)),
        h("td", {}, playerLink(game.created_by)),
        h("td", {}, `seat ${substitute} open for a substitute`),
        h("td", {}, h("button", {
          className: "take-seat", "data-game": game.id,
          onclick: () => attempt(async () => {
            await api("POST", `/v1/games/${game.id}/join`, { seat: substitute });
            location.hash = `#/games/${game.id}`;
          }),
        }, `Take seat ${substitute}`)));
    }
    const own = game.created_by === session.user.username;
    return h("tr", { "data-game": game.id },
      h("td", {}, rulesetName(game.ruleset)),
      h("td", {}, playerLink(game.created_by),
        game.created_by_rating == null ? "" : h("span", { className: "muted rating" }, ` ${Math.round(game.created_by_rating)}`)),
      h("td", {}, `${game.free_seats} of ${game.seats} free`),
      h("td", {}, own
        ? h("a", { href: `#/games/${game.id}` }, "Open")
        : h("button", {
          className: "join", "data-game": game.id,
          onclick: () => attempt(async () => {
            await api("POST", `/v1/games/${game.id}/join`);
            location.hash = `#/games/${game.id}`;
          }),
        }, "Join")));
  });
  return h("section", { className: "panel", id: "open-games" },
    h("div", { className: "row", style: "display:flex;justify-content:space-between;align-items:center" },
      h("h2", {}, "Open games"),
      h("button", { className: "secondary", id: "refresh-lobby", onclick: () => route() }, "Refresh")),
    open.games.length === 0
      ? h("p", { className: "muted" }, "No game is waiting for players.")
      : h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Created by"), h("th", {}, "Seats"), h("th", {}, ""))), h("tbody", {}, rows)));
}

function createGamePanel() {
  const choose = h("select", { id: "create-ruleset", name: "ruleset" },
    rulesetsCache.map((r) => h("option", { value: r.id }, r.name)));
  const seats = h("input", { id: "create-seats", type: "number", name: "seats" });
  const hours = h("input", { id: "create-hours", type: "number", min: 1, max: 720, placeholder: "no deadline" });
  const whenGone = h("select", { id: "create-when-gone", name: "when_gone" },
    h("option", { value: "" }, "the server plays his timeout moves to the end"),
    h("option", { value: "computer" }, "after 3 missed deadlines in a row, the computer takes his seat"),
    h("option", { value: "resign" }, "after 3 missed deadlines in a row, he resigns"),
    h("option", { value: "substitute" }, "after 3 missed deadlines in a row, his seat is offered to a substitute"));
  const computers = h("select", { id: "create-computers", name: "computers" },
    h("option", { value: "" }, "none: wait for players in the lobby"),
    h("option", { value: "heuristic" }, "the computer takes the other seats"),
    h("option", { value: "random" }, "the computer takes the other seats, playing at random"));
  const spectators = h("input", { id: "create-spectators", type: "checkbox", name: "spectators", checked: true });
  const description = h("p", { className: "muted" });
  const optionsBox = h("div", { id: "create-options" });
  const show = () => {
    const ruleset = rulesetsCache.find((r) => r.id === choose.value);
    description.textContent = ruleset.description;
    seats.min = ruleset.min_seats;
    seats.max = ruleset.max_seats;
    seats.value = ruleset.min_seats;
    optionsBox.replaceChildren(...ruleset.options.map(optionControl));
  };
  choose.addEventListener("change", show);
  const form = h("form", {
    className: "panel", id: "create-game",
    onsubmit: (e) => {
      e.preventDefault();
      attempt(async () => {
        const options = {};
        for (const control of optionsBox.querySelectorAll("[data-option]")) {
          const value = readOption(control);
          if (value !== undefined) options[control.dataset.option] = value;
        }
        /** @type {Schemas["CreateGame"]} */
        const body = /** @type {Schemas["CreateGame"]} */ ({
          ruleset: choose.value, seats: Number(seats.value), options, spectators: spectators.checked,
        });
        if (hours.value) {
          body.time_control = { move_seconds: Number(hours.value) * 3600 };
          if (whenGone.value) {
            const then = /** @type {Schemas["GoneThen"]} */ (whenGone.value);
            body.time_control.when_gone = { after_missed_deadlines: 3, then };
          }
        }
        if (computers.value) {
          const strength = /** @type {Schemas["Strength"]} */ (computers.value);
          body.computer_players = Array(Number(seats.value) - 1).fill(strength);
        }
        /** @type {Game} */
        const game = await api("POST", "/v1/games", body);
        location.hash = `#/games/${game.id}`;
      });
    },
  },
  h("h2", {}, "Create a game"),
  h("label", {}, "Game ", choose),
  description,
  h("label", {}, "Players ", seats),
  h("label", {}, "Hours per move ", hours),
  h("label", {}, "A player who stops playing: ", whenGone),
  h("label", {}, "Play against the computer ", computers),
  h("label", { className: "inline" }, spectators, " Let others watch while it is played"),
  h("h3", {}, "Options"),
  optionsBox,
  h("div", { className: "row" }, h("button", { type: "submit", id: "create" }, "Create and take the first seat")));
  show();
  return form;
}

// An option's control follows the type of its default value. The spec types
// each option's default as its value, so an option is told apart by it: what
// the controls need is read before, and no branch reads the option itself.
/** @param {Schemas["RulesetOption"]} option */
function optionControl(option) {
  const { name, description, default: value } = option;
  const id = `option-${name}`;
  const label = humanize(name);
  const help = h("div", { className: "muted", style: "font-size:0.82rem" }, description);
  if (typeof value === "boolean") {
    return h("div", {}, h("label", { className: "inline" },
      h("input", { type: "checkbox", id, "data-option": name, "data-kind": "boolean", checked: value }), label), help);
  }
  if (typeof value === "number") {
    return h("div", {}, h("label", {}, `${label} `, h("input", { type: "number", id, "data-option": name, "data-kind": "number", value })), help);
  }
  if (typeof value === "string") {
    return h("div", {}, h("label", {}, `${label} `, h("input", { id, "data-option": name, "data-kind": "string", value })), help);
  }
  return h("div", {}, h("label", {}, `${label} (JSON)`,
    h("textarea", { id, rows: 2, cols: 36, "data-option": name, "data-kind": "json" }, JSON.stringify(value))), help);
}

function readOption(control) {
  switch (control.dataset.kind) {
    case "boolean": return control.checked;
    case "number": return control.value === "" ? undefined : Number(control.value);
    case "string": return control.value === "" ? undefined : control.value;
    default:
      if (control.value.trim() === "") return undefined;
      try { return JSON.parse(control.value); } catch { throw new Error(`${humanize(control.dataset.option)} is not valid JSON`); }
  }
}

// ---------------------------------------------------------------- feed and words

/**
 * @param {string} gameId
 * @returns {Promise<FeedEvent[]>}
 */
async function wholeFeed(gameId) {
  /** @type {FeedEvent[]} */
  const events = [];
  let after = 0;
  for (;;) {
    /** @type {Schemas["EventPage"]} */
    const pageOfEvents = await api("GET", `/v1/games/${gameId}/events?after=${after}&limit=${FEED_PAGE}`);
    events.push(...pageOfEvents.events);
    after = pageOfEvents.next_after;
    if (!pageOfEvents.has_more) return events;
  }
}

/**
 * A seat's player, saying when it is a computer player.
 * @param {Schemas["SeatInfo"]} seat
 */
function seatLabel(seat) {
  if (!seat.username) return "a free seat";
  let label = seat.username;
  if (seat.computer === "random") label = `${seat.username} (computer, random moves)`;
  else if (seat.computer) label = `${seat.username} (computer)`;
  if (seat.replaced && seat.replaced.length) label += ` (replaced ${seat.replaced.join(", ")})`;
  if (seat.open_for_substitute) label += " (gone: seat open for a substitute)";
  if (seat.on_vacation_until) label += ` (on vacation until ${when(seat.on_vacation_until)})`;
  return label;
}

/**
 * @param {Game} game
 * @param {number} seat
 */
function seatName(game, seat) {
  const info = game && game.seats && game.seats[seat];
  return (info && info.username) || `Seat ${seat}`;
}

// A sentence for an event: the server's own when it sends one, else one made here.
/**
 * @param {FeedEvent} event
 * @param {Game} game
 */
function eventText(event, game) {
  if (event.text) return event.text;
  const body = event.body;
  if (body.origin === "hidden") return "Something happened out of your sight.";
  /** @type {Record<string, any>} */
  const e = body.event || {};
  const who = e.seat !== undefined && e.seat !== null ? seatName(game, e.seat) : null;
  switch (e.type) {
    case "game_created": return `The game was created for ${e.seats} players.`;
    case "player_joined": return `${e.username} took seat ${e.seat}.`;
    case "player_left": return `${who} left the table.`;
    case "game_started": return "The game started.";
    case "game_cancelled": return "The game was called off.";
    case "game_ended": return "The game is over.";
    case "player_resigned": return `${who} resigned.`;
    case "revision_agreed": return `${who} agrees to play on under revision ${e.to} of the rules.`;
    case "rules_revised": return `The game moves from revision ${e.from} to revision ${e.to} of the rules.`;
    default: {
      const details = [];
      for (const [key, value] of Object.entries(e)) {
        if (["type", "seat"].includes(key) || value === null || value === false || typeof value === "object") continue;
        details.push(value === true ? key.replaceAll("_", " ") : `${key.replaceAll("_", " ")} ${value}`);
      }
      const sentence = humanize(e.type || "event") + (details.length ? ` (${details.join(", ")})` : "");
      return who ? `${who}: ${sentence}` : sentence;
    }
  }
}

/**
 * @param {FeedEvent} event
 * @param {Game} game
 */
function logItem(event, game) {
  const hidden = event.body.origin === "hidden";
  return h("li", { "data-seq": event.seq, className: hidden ? "hidden-event" : "" },
    h("span", { className: "seq" }, event.seq),
    h("span", { className: "words" }, eventText(event, game)));
}

// ---------------------------------------------------------------- game page

/** @param {string} gameId */
async function gamePage(gameId) {
  await rulesets().catch(() => []);
  /** @type {GameState} */
  const state = {
    gameId,
    game: null,
    events: [],
    chosenCard: null,
    chosenUnit: null,
    controller: new AbortController(),
  };
  const main = h("main", { id: "game", "data-game": gameId });
  page(main);
  leavePage = () => state.controller.abort();
  try {
    state.game = await api("GET", `/v1/games/${gameId}`, undefined, { signal: state.controller.signal });
    state.events = await wholeFeed(gameId);
  } catch (error) {
    main.replaceChildren(h("p", {}, error.message));
    return;
  }
  await renderGame(state);
  follow(state);
}

// Follows the game live: a long-poll on the feed; whenever the game has moved
// past what the page shows, the game is read again. The re-read is not waited
// for: a slow picture or a lost answer never holds the next poll back, and a
// page left behind catches up at the next answer of the feed (it tells the
// game's version even when it brings no event).
/** @param {GameState} state */
async function follow(state) {
  const { signal } = state.controller;
  let failures = 0;
  while (!signal.aborted) {
    const after = state.events.length ? state.events[state.events.length - 1].seq : 0;
    try {
      /** @type {Schemas["EventPage"]} */
      const next = await api("GET", `/v1/games/${state.gameId}/events?after=${after}&limit=${FEED_PAGE}&wait=${LONG_POLL_SECONDS}`, undefined, { signal });
      failures = 0;
      addEvents(state, next.events);
      if (!state.game || next.version > state.game.version) refresh(state).catch(() => {});
    } catch (error) {
      if (signal.aborted) return;
      // An open game one does not play started, and its creator lets only its players watch.
      if (error instanceof ApiProblem && error.code === "spectators_not_allowed") {
        flash(error.message);
        return;
      }
      failures += 1;
      // The server is away: try again, less often the longer it stays away.
      await new Promise((resolve) => setTimeout(resolve, Math.min(30000, 1000 * 2 ** failures)));
    }
  }
}

/** @param {GameState} state */
async function refresh(state) {
  const game = await api("GET", `/v1/games/${state.gameId}`, undefined, { signal: state.controller.signal });
  // The long-poll and the re-read after one's own move race: an answer older
  // than the game already shown must not draw the page back in time.
  if (state.game && game.version < state.game.version) return;
  state.game = game;
  await renderGame(state);
}

// Sends commands, then reads the game again: the answer's body is not relied on.
/**
 * @param {GameState} state
 * @param {Schemas["RulesCommand"][]} commands
 */
async function play(state, commands) {
  await attempt(async () => {
    /** @type {Schemas["Action"]} */
    const body = commands.length === 1 ? { command: commands[0] } : { commands };
    body.expected_version = state.game.version;
    await api("POST", `/v1/games/${state.gameId}/actions`, body);
    state.chosenCard = null;
    state.chosenUnit = null;
    await catchUp(state);
  });
}

/**
 * @param {GameState} state
 * @param {"join" | "start" | "leave" | "cancel" | "resign" | "abandon" | "revise" | "pause" | "resume" | "takeback" | "takeback/agree"} what
 */
async function tableCommand(state, what) {
  await attempt(async () => {
    await api("POST", `/v1/games/${state.gameId}/${what}`);
    await catchUp(state);
  });
}

/** @param {GameState} state */
async function catchUp(state) {
  const after = state.events.length ? state.events[state.events.length - 1].seq : 0;
  /** @type {Schemas["EventPage"]} */
  const next = await api("GET", `/v1/games/${state.gameId}/events?after=${after}&limit=${FEED_PAGE}`);
  addEvents(state, next.events);
  await refresh(state);
}

// The long-poll and the re-read after one's own move may bring the same events.
/**
 * @param {GameState} state
 * @param {FeedEvent[]} events
 */
function addEvents(state, events) {
  const last = state.events.length ? state.events[state.events.length - 1].seq : 0;
  state.events.push(...events.filter((event) => event.seq > last));
}

// Values typed into a form survive the redraw a move of the other player causes.
function keptValues(root) {
  const kept = new Map();
  root.querySelectorAll("[data-keep]").forEach((input) => {
    kept.set(input.dataset.keep, input.type === "checkbox" ? input.checked : input.value);
  });
  return kept;
}
function restoreValues(root, kept) {
  root.querySelectorAll("[data-keep]").forEach((input) => {
    if (!kept.has(input.dataset.keep)) return;
    if (input.type === "checkbox") input.checked = kept.get(input.dataset.keep);
    else input.value = kept.get(input.dataset.keep);
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

let renderSerial = 0;
/** @param {GameState} state */
async function renderGame(state) {
  const serial = ++renderSerial;
  const game = state.game;
  const main = document.getElementById("game");
  if (!main) return;
  const picture = game.view ? await boardPicture(game.id) : null;
  if (serial !== renderSerial || !document.body.contains(main)) return;
  const kept = keptValues(main);
  const rules = RULES[game.ruleset] || GENERIC;
  if (rules === WIZWAR) wizwarRulesetId = game.ruleset;
  const players = game.seats.map((seat) => seatLabel(seat)).join(" vs ");

  const board = h("div", { id: "board", className: "panel" });
  board.append(picture || h("p", { className: "muted", id: "no-picture" }, "The board picture could not be loaded; reload the page to try again."));
  board.addEventListener("click", (event) => (rules.boardClicked || boardClicked)(state, event));

  main.dataset.version = String(game.version);
  main.dataset.status = game.status;
  main.dataset.awaitingYou = String(game.awaiting_you);
  main.replaceChildren(
    h("h1", {}, `${rulesetName(game.ruleset)} · ${players}`),
    statusLine(game),
    rulesRevisionLine(state),
    h("div", { className: "grid2" },
      h("div", {},
        game.view ? board : null,
        game.view ? h("section", { className: "panel", id: "seats" }, h("h2", {}, "Players"), rules.seats(game)) : tablePanel(state),
        game.view && game.your_seat !== null && game.your_seat !== undefined ? h("section", { className: "panel", id: "hand" }, h("h2", {}, "Your hand"), rules.hand(state)) : null),
      h("div", {},
        game.status === "active" ? h("section", { className: "panel", id: "actions" }, h("h2", {}, "Your move"), rules.actions(state), tableActions(state)) : null,
        h("section", { className: "panel" },
          h("div", { style: "display:flex;justify-content:space-between;align-items:center" },
            h("h2", {}, "What happened"),
            h("a", { href: `#/replay/${game.id}`, id: "open-replay" }, "Replay")),
          h("ol", { className: "log", id: "log", reversed: true }, [...state.events].reverse().map((e) => logItem(e, game)))),
        conversationPanel(state))));
  restoreValues(main, kept);
  (rules.markTargets || markTargets)(state);
}

// ---------------------------------------------------------------- table talk

// The messages the caller may read, oldest first, and a box to write to the
// table or to one player (seated players, until the game ends). Messages are
// shown as text, never as markup.
/** @param {GameState} state */
function conversationPanel(state) {
  const game = state.game;
  const messages = state.events.filter((event) => event.body.origin === "platform" && event.body.event.type === "message_written");
  const seated = game.your_seat !== null && game.your_seat !== undefined;
  const talking = seated && (game.status === "open" || game.status === "active");
  return h("section", { className: "panel", id: "conversation" },
    h("h2", {}, "Conversation"),
    messages.length
      ? h("ol", { className: "talk", id: "messages" }, messages.map((event) => messageItem(state, event)))
      : h("p", { className: "muted", id: "no-messages" }, "No messages yet."),
    talking ? messageForm(state) : null);
}

/**
 * @param {GameState} state
 * @param {FeedEvent} event
 */
function messageItem(state, event) {
  const game = state.game;
  /** @type {Record<string, any>} */
  const e = event.body.origin === "platform" ? event.body.event : {};
  const mine = e.from === game.your_seat;
  const to = e.to === null || e.to === undefined ? null : e.to;
  const heading = to === null ? seatName(game, e.from) : `${seatName(game, e.from)} to ${seatName(game, to)} alone`;
  return h("li", { "data-seq": event.seq, className: `message${mine ? " mine" : ""}${to === null ? "" : " private"}` },
    h("span", { className: "from" }, heading),
    h("span", { className: "message-text" }, e.text),
    !mine && game.status !== "finished"
      ? h("button", { className: "link mute", title: "Hide this player's messages from you", onclick: () => mute(state, e.from) }, "mute")
      : null);
}

/** @param {GameState} state */
function messageForm(state) {
  const game = state.game;
  const others = game.seats
    .map((seat, index) => ({ seat, index }))
    .filter(({ seat, index }) => index !== game.your_seat && seat.username);
  const to = h("select", { id: "message-to", "data-keep": "message-to" },
    h("option", { value: "" }, "Everyone at the table"),
    others.map(({ seat, index }) => h("option", { value: String(index) }, `${seat.username} alone`)));
  const text = h("textarea", { id: "message-text", "data-keep": "message-text", maxlength: "1000", rows: "2", placeholder: "Write to the table" });
  return h("form", {
    id: "message-form",
    className: "row",
    onsubmit: (/** @type {SubmitEvent} */ event) => {
      event.preventDefault();
      writeMessage(state, /** @type {HTMLTextAreaElement} */ (text), /** @type {HTMLSelectElement} */ (to));
    },
  }, to, text, h("button", { type: "submit", id: "send-message" }, "Send"));
}

/**
 * @param {GameState} state
 * @param {HTMLTextAreaElement} text
 * @param {HTMLSelectElement} to
 */
async function writeMessage(state, text, to) {
  if (!text.value.trim()) return;
  await attempt(async () => {
    /** @type {Schemas["WriteMessage"]} */
    const body = { text: text.value };
    if (to.value !== "") body.to = Number(to.value);
    await api("POST", `/v1/games/${state.gameId}/messages`, body);
    text.value = "";
    await catchUp(state);
  });
}

/**
 * @param {GameState} state
 * @param {number} seat
 */
async function mute(state, seat) {
  await attempt(async () => {
    await api("POST", `/v1/games/${state.gameId}/mute/${seat}`);
    state.events = await wholeFeed(state.gameId);
    await refresh(state);
  });
}

/** @param {Game} game */
function statusLine(game) {
  let text;
  let kind = "";
  if (game.status === "open") {
    const free = game.seats.filter((seat) => !seat.user_id).length;
    text = free ? `Waiting for ${free} more player${free > 1 ? "s" : ""} to join.` : "Every seat is taken: the game can start.";
  } else if (game.status === "active") {
    const waiting = game.awaiting.map((a) => (a.seat === game.your_seat ? "you" : seatName(game, a.seat)) + ` (${humanize(a.reason).toLowerCase()})`);
    text = game.awaiting_you ? `Your move — the game waits for ${waiting.join(", ")}.` : `Waiting for ${waiting.join(", ")}.`;
    kind = game.awaiting_you ? "you" : "";
  } else if (game.status === "finished") {
    const winners = game.outcome ? game.outcome.winners.map((seat) => seatName(game, seat)) : [];
    text = `The game is over. ${game.outcome ? game.outcome.summary.replace(/\.*$/, ".") : ""} ${winners.length ? "Winner: " + winners.join(", ") + "." : "Nobody won."}`;
    kind = "over";
  } else {
    text = "The game was called off.";
    kind = "over";
  }
  return h("div", { className: `status-line ${kind}`, id: "status" },
    text,
    game.deadline ? h("div", { className: "muted", id: "deadline" }, `Deadline: ${when(game.deadline)}`) : null);
}

// Which revision of its rules the game is played under, what the newer ones
// changed, and (when it is behind) the players' agreement to move on.
/** @param {GameState} state */
function rulesRevisionLine(state) {
  const game = state.game;
  const revision = game.rules_revision;
  const info = (rulesetsCache || []).find((r) => r.id === game.ruleset);
  const newer = info ? info.revisions.filter((r) => r.number > revision.number) : [];
  const behind = revision.newest > revision.number;
  const seated = game.your_seat !== null && game.your_seat !== undefined;
  const agreed = revision.agreed_to_newest.map((seat) => (seat === game.your_seat ? "you" : seatName(game, seat)));
  const youAgreed = seated && revision.agreed_to_newest.includes(game.your_seat);
  return h("div", { className: "muted", id: "rules-revision", "data-revision": revision.number, "data-newest": revision.newest },
    behind
      ? `Played under revision ${revision.number} of the rules; the newest is revision ${revision.newest}.`
      : `Played under revision ${revision.number} of the rules, the newest.`,
    behind && agreed.length ? ` Agreed to move to it: ${agreed.join(", ")}.` : "",
    behind && newer.length
      ? h("details", { id: "newer-rules" },
        h("summary", {}, "What the newer rules change"),
        h("ul", {}, newer.flatMap((r) => r.changes.map((change) => h("li", {}, `Revision ${r.number} (${r.date}): ${change}`)))))
      : null,
    behind && seated && game.status === "active" && !youAgreed
      ? h("button", { className: "secondary", id: "revise", onclick: () => tableCommand(state, "revise") }, `Agree to play on under revision ${revision.newest}`)
      : null);
}

/** @param {GameState} state */
function tablePanel(state) {
  const game = state.game;
  const seated = game.your_seat !== null && game.your_seat !== undefined;
  const full = game.seats.every((seat) => seat.user_id);
  const buttons = [];
  if (game.status === "open" && seated) {
    buttons.push(h("button", { id: "start", disabled: !full, onclick: () => tableCommand(state, "start") }, "Start the game"));
    buttons.push(h("button", { className: "secondary", id: "leave", onclick: () => tableCommand(state, "leave") }, "Leave"));
    buttons.push(h("button", { className: "danger", id: "cancel", onclick: () => tableCommand(state, "cancel") }, "Call off"));
  } else if (game.status === "open") {
    buttons.push(h("button", { id: "join", onclick: () => tableCommand(state, "join") }, "Take a seat"));
  }
  return h("section", { className: "panel", id: "table" },
    h("h2", {}, "The table"),
    h("ul", {}, game.seats.map((seat) => h("li", { "data-seat": seat.seat, "data-computer": seat.computer || "" }, `Seat ${seat.seat}: `, seat.username ? seatLabel(seat) : h("span", { className: "muted" }, "free")))),
    h("div", { className: "row" }, buttons));
}

/** @param {GameState} state */
function tableActions(state) {
  const game = state.game;
  if (game.your_seat === null || game.your_seat === undefined) return null;
  const pause = game.pause;
  const pausing = game.status !== "active" ? null
    : pause.paused
      ? h("div", { className: "row", id: "paused" },
        h("p", {}, "The game is paused by every player's agreement: nobody is awaited and no deadline runs."),
        h("button", { id: "resume", onclick: () => tableCommand(state, "resume") }, "Resume the game"))
      : h("div", { className: "row" },
        pause.agreed.length ? h("p", { className: "muted", id: "pause-asked" }, `Asked to pause: ${pause.agreed.map((seat) => seatName(game, seat)).join(", ")}.`) : null,
        pause.agreed.includes(game.your_seat) ? null
          : h("button", { className: "secondary", id: "pause", onclick: () => tableCommand(state, "pause") }, "Agree to pause"));
  // Whether the last move may be taken back the server judges: a refusal shows its reason.
  const takeback = game.takeback;
  const takingBack = game.status !== "active" || pause.paused ? null
    : !takeback
      ? h("div", { className: "row" },
        h("button", { className: "secondary", id: "takeback", onclick: () => tableCommand(state, "takeback") }, "Take back my last move"))
      : takeback.asked_by === game.your_seat
        ? h("p", { className: "muted", id: "takeback-asked" }, "You asked to take back your last move; the others may agree.")
        : h("div", { className: "row", id: "takeback-asked" },
          h("p", {}, `${seatName(game, takeback.asked_by)} asks to take back the last move.`),
          takeback.agreed.includes(game.your_seat) ? null
            : h("button", { id: "takeback-agree", onclick: () => tableCommand(state, "takeback/agree") }, "Agree"));
  return h("div", {}, pausing, takingBack, h("details", { style: "margin-top:1rem" },
    h("summary", { className: "muted" }, "Give up"),
    h("div", { className: "row" },
      h("button", { className: "danger", id: "resign", onclick: () => { if (confirm("Resign this game?")) tableCommand(state, "resign"); } }, "Resign"),
      h("button", { className: "secondary", id: "abandon", onclick: () => tableCommand(state, "abandon") }, "Agree to abandon"))));
}

// A click on the board: the chosen card's command aimed at what was clicked.
function boardClicked(state, event) {
  const hit = event.target.closest("[data-wizard], [data-square]");
  if (!hit) return;
  if (state.chosenCard === null) {
    const step = stepOnto(state.game, hit);
    if (step) play(state, [step]);
    return;
  }
  const commands = commandsOfCard(state.game, state.chosenCard).filter((command) => aimsAt(command, hit));
  if (commands.length === 1) play(state, commands);
  else if (commands.length > 1) flash(`Several commands aim there; choose one in the list.`, "info");
}

function aimsAt(command, element) {
  const target = command.target;
  if (!target) return false;
  // Pictures name a wizard `seat-N`, as the server's board picture does.
  if (element.dataset.wizard !== undefined && target.kind === "wizard") return `seat-${target.seat}` === element.dataset.wizard;
  if (element.dataset.square && target.kind === "square") return element.dataset.square === `r${target.square.row}c${target.square.col}`;
  return false;
}

// Without a chosen card, a click on a square next to one's wizard steps there.
function stepOnto(game, element) {
  const found = (element.dataset.square || "").match(/^r(\d+)c(\d+)$/);
  const wizards = game.view && game.view.wizards;
  if (!found || !wizards || game.your_seat === null || game.your_seat === undefined) return null;
  const here = wizards[game.your_seat].square;
  const rows = Number(found[1]) - here.row;
  const cols = Number(found[2]) - here.col;
  const direction = { "-1,0": "north", "1,0": "south", "0,1": "east", "0,-1": "west" }[`${rows},${cols}`];
  return game.legal_commands.find((command) => command.type === "move" && command.direction === direction) || null;
}

function markTargets(state) {
  const board = document.getElementById("board");
  if (!board) return;
  board.classList.toggle("targeting", state.chosenCard !== null);
  const commands = state.chosenCard === null ? [] : commandsOfCard(state.game, state.chosenCard);
  board.querySelectorAll("[data-wizard], [data-square]").forEach((element) => {
    const reachable = state.chosenCard === null
      ? stepOnto(state.game, element) !== null
      : commands.some((command) => aimsAt(command, element));
    if (reachable) element.classList.add("targetable");
  });
}

function commandsOfCard(game, card) {
  return game.legal_commands.filter((command) => command.card === card);
}

// ---------------------------------------------------------------- generic rules

function commandLabel(command, game) {
  const parts = [humanize(command.type)];
  for (const [key, value] of Object.entries(command)) {
    if (key === "type" || value === null) continue;
    parts.push(`${key.replaceAll("_", " ")}: ${typeof value === "object" ? JSON.stringify(value) : value}`);
  }
  return parts.join(" · ");
}

/** @type {RulesPage} */
const GENERIC = {
  seats: (game) => h("pre", {}, JSON.stringify(game.view, null, 1)),
  hand: () => h("p", { className: "muted" }, "See the players above."),
  actions: (state) => h("div", {},
    choiceForms(state),
    hasChoices(state.game) && state.game.legal_commands.length === 0 ? null : commandButtons(state, state.game.legal_commands, (c) => commandLabel(c, state.game))),
};

function commandButtons(state, commands, label) {
  if (commands.length === 0) return h("p", { className: "muted", id: "nothing-to-do" }, "Nothing to do now: the game waits for someone else.");
  return h("div", { className: "commands" }, commands.map((command) => h("button", {
    className: "secondary command", "data-command-type": command.type,
    onclick: () => play(state, [command]),
  }, label(command))));
}

// ---------------------------------------------------------------- families of commands

// The server tells a family of commands that would multiply (a bet times every
// set of cards) as one choice in `legal_command_choices`, not command by
// command. Its fields follow one convention, so a form can be read off any of
// them: `min_X` and `max_X` bound a number sent as `X`; a list `X_targets` is
// what `X` may name; any other list is a set to pick from, sent under its own
// name; any other field only describes. A ruleset may only put words on the
// fields (`words` below).
function choiceParts(choice) {
  const ranges = [];
  const sets = [];
  const targets = [];
  for (const [key, value] of Object.entries(choice)) {
    const bound = key.match(/^(min|max)_(.+)$/);
    if (bound) {
      if (bound[1] === "min" && `max_${bound[2]}` in choice) ranges.push({ name: bound[2], min: value, max: choice[`max_${bound[2]}`] });
    } else if (Array.isArray(value) && key.endsWith("_targets")) {
      targets.push({ name: key.slice(0, -"_targets".length), items: value });
    } else if (Array.isArray(value)) {
      sets.push({ name: key, items: value });
    }
  }
  return { ranges, sets, targets };
}

/** @param {Game} game */
function hasChoices(game) {
  return (game.legal_command_choices || []).length > 0;
}

/**
 * @param {GameState} state
 * @param {Record<string, any>} [wordsByType]
 */
function choiceForms(state, wordsByType = {}) {
  return (state.game.legal_command_choices || []).map((choice) => choiceForm(state, choice, wordsByType[choice.type] || {}));
}

// `words` (all optional): the form's `id`, `title`, `note` and `send` (the
// button's words) and `sendId`; `label(name, part)` and `item(name, value)`
// in words; `start(range)`, the number first offered; `targetWhen(name,
// draft)`, whether the command as chosen so far must name a target (without
// it a target is offered whenever there is one, and may be left out).
function choiceForm(state, choice, words) {
  const { ranges, sets, targets } = choiceParts(choice);
  const id = words.id || `choice-${choice.type}`;
  const label = (name, part) => (words.label && words.label(name, part)) || (part.min !== undefined ? `${humanize(name)} (${part.min} to ${part.max}) ` : `${humanize(name)}: `);
  const item = (name, value) => (words.item ? words.item(name, value) : typeof value === "object" ? JSON.stringify(value) : String(value));
  const numbers = ranges.map((range) => ({
    range,
    input: h("input", {
      type: "number", name: range.name, id: `${id}-${range.name}`, min: range.min, max: range.max,
      value: words.start ? words.start(range) : range.min, required: true, "data-keep": `${id}-${range.name}`,
    }),
  }));
  const picks = sets.map((set) => ({
    set,
    boxes: set.items.map((value) => h("label", { className: "inline card-choice" },
      h("input", { type: "checkbox", name: set.name, value: JSON.stringify(value), "data-keep": `${id}-${set.name}-${JSON.stringify(value)}` }),
      item(set.name, value))),
  }));
  const aims = targets.map((target) => {
    const select = h("select", { name: target.name, id: `${id}-${target.name}`, "data-keep": `${id}-${target.name}` },
      words.targetWhen ? null : h("option", { value: "" }, "—"),
      target.items.map((value) => h("option", { value: JSON.stringify(value) }, item(target.name, value))));
    return { target, select, row: h("label", { hidden: true, "data-target": target.name }, label(target.name, target), select) };
  });
  const draft = () => {
    const command = { type: choice.type };
    for (const { range, input } of numbers) command[range.name] = Number(input.value);
    for (const { set } of picks) {
      command[set.name] = [...form.querySelectorAll(`input[type=checkbox][name="${set.name}"]:checked`)].map((box) => JSON.parse(box.value));
    }
    return command;
  };
  const aimed = (target, command) => target.items.length > 0 && (words.targetWhen ? words.targetWhen(target.name, command) : true);
  const form = h("form", {
    id, className: "choice", "data-choice": choice.type,
    // The server judges the values: its refusal says more than the browser's tooltip.
    novalidate: true,
    onsubmit: (e) => {
      e.preventDefault();
      const command = draft();
      for (const { target, select } of aims) {
        if (aimed(target, command) && select.value !== "") command[target.name] = JSON.parse(select.value);
      }
      play(state, [command]);
    },
    onchange: () => {
      const command = draft();
      for (const { target, row } of aims) row.hidden = !aimed(target, command);
    },
  },
  h("h3", {}, words.title || humanize(choice.type)),
  numbers.map(({ range, input }) => h("label", {}, label(range.name, range), input)),
  picks.map(({ set, boxes }) => (boxes.length ? h("div", { "data-set": set.name }, h("div", { className: "muted" }, label(set.name, set)), boxes) : null)),
  aims.map(({ row }) => row),
  h("div", { className: "row" }, h("button", { type: "submit", id: words.sendId || `${id}-send` }, words.send || "Send")),
  words.note ? h("p", { className: "muted" }, words.note) : null);
  for (const { target, row } of aims) row.hidden = !aimed(target, draft());
  return form;
}

// ---------------------------------------------------------------- Fire Wall duel

// A list from a ruleset's reference material (each ruleset's has its own schema, e.g. `FirewallReference`).
/**
 * @param {string} rulesetId
 * @param {string} key
 * @returns {any[]}
 */
function referenceList(rulesetId, key) {
  const ruleset = (rulesetsCache || []).find((r) => r.id === rulesetId);
  /** @type {Record<string, any>} */
  const reference = (ruleset && ruleset.reference) || {};
  return reference[key] || [];
}

/** @param {number} number */
function firewallSpell(number) {
  const spells = referenceList("firewall-duel", "spells");
  return spells.find((spell) => spell.number === number) || { number, name: `Spell ${number}`, text: "" };
}

function spellCard(number, extra = {}) {
  const spell = firewallSpell(number);
  return h("div", { className: "card", "data-card": number, title: spell.text, ...extra },
    h("span", { className: "num" }, `#${number}`),
    h("span", { className: "title" }, spell.name),
    h("span", { className: "text" }, spell.text));
}

/** @type {RulesPage} */
const FIREWALL = {
  /** @param {FirewallGame} game */
  seats(game) {
    return h("div", { className: "seats" }, game.view.players.map((player) => h("div", {
      className: `seat s${player.seat}`, "data-seat": player.seat, "data-submitted": player.submitted, "data-mana": player.mana,
    },
    h("div", { className: "name" }, seatName(game, player.seat), player.seat === game.your_seat ? " (you)" : ""),
    h("dl", {},
      h("dt", {}, "Mana"), h("dd", {}, player.mana),
      h("dt", {}, "Flagstone"), h("dd", {}, game.view.bridge.wizards[player.seat]),
      h("dt", {}, "Hand"), h("dd", {}, cardCount(player.hand_count)),
      h("dt", {}, "Stock"), h("dd", {}, cardCount(player.deck_count)),
      h("dt", {}, "This turn"), h("dd", { className: "submitted" }, player.submitted ? "move sealed" : game.status === "active" ? "thinking…" : "—"),
      h("dt", {}, "Discarded"), h("dd", {}, player.discard.length ? player.discard.map((n) => firewallSpell(n).name).join(", ") : "—")))));
  },
  hand(state) {
    const game = /** @type {FirewallGame} */ (state.game);
    const me = game.view.players[game.your_seat];
    if (!me || !me.hand) return h("p", { className: "muted" }, "Hidden.");
    return h("div", { className: "hand" }, me.hand.map((number) => spellCard(number)));
  },
  actions(state) {
    const game = /** @type {FirewallGame} */ (state.game);
    const view = game.view;
    const me = view.players[game.your_seat];
    const legal = game.legal_commands;
    const types = new Set([...legal, ...(game.legal_command_choices || [])].map((c) => c.type));
    const parts = [];
    if (me && me.submitted && me.sealed_bet !== null && me.sealed_bet !== undefined) {
      parts.push(h("p", { id: "sealed" }, `Your move is sealed: a bet of ${me.sealed_bet}`,
        me.sealed_cards && me.sealed_cards.length ? ` with ${me.sealed_cards.map((n) => firewallSpell(n).name).join(", ")}` : "", "."));
    }
    parts.push(...choiceForms(state, { submit_move: SEALED_MOVE_WORDS }));
    if (types.has("choose_recycle") && view.pending_choice && view.pending_choice.kind === "recycle") {
      const choice = view.pending_choice;
      const bet = h("input", { type: "number", id: "recycle-bet", min: choice.min, max: choice.max, value: choice.bet, "data-keep": "recycle" });
      parts.push(h("form", { id: "recycle-form", onsubmit: (e) => { e.preventDefault(); play(state, [{ type: "choose_recycle", bet: Number(bet.value) }]); } },
        h("h3", {}, "Recycle"), h("label", {}, `Your new bet (${choice.min} to ${choice.max}) `, bet), h("button", { type: "submit" }, "Change the bet")));
    }
    if (types.has("choose_larceny") && view.pending_choice && view.pending_choice.kind === "larceny") {
      const choice = view.pending_choice;
      // `apply` names the stolen spells by their numbers, as the command does.
      const boxes = choice.stolen.map((stolen) =>
        h("label", { className: "inline" }, h("input", { type: "checkbox", name: "apply", value: stolen.spell }), firewallSpell(stolen.spell).name));
      parts.push(h("form", {
        id: "larceny-form",
        onsubmit: (e) => {
          e.preventDefault();
          const apply = [...e.target.querySelectorAll("input[name=apply]:checked")].map((box) => Number(box.value));
          play(state, [{ type: "choose_larceny", apply }]);
        },
      }, h("h3", {}, "Larceny: apply which stolen spells?"), boxes, h("button", { type: "submit" }, "Apply")));
    }
    if (types.has("arrange_deck")) {
      const sample = legal.find((c) => c.type === "arrange_deck");
      const order = h("input", { id: "deck-order", size: 40, value: sample.order.join(", "), "data-keep": "order" });
      parts.push(h("form", {
        id: "arrange-form",
        onsubmit: (e) => { e.preventDefault(); play(state, [{ type: "arrange_deck", order: order.value.split(/[ ,]+/).filter(Boolean).map(Number) }]); },
      }, h("h3", {}, "Order your stock (top card first)"), order, " ", h("button", { type: "submit" }, "Seal the order")));
    }
    const handled = ["submit_move", "choose_recycle", "choose_larceny", "arrange_deck"];
    const others = legal.filter((c) => !handled.includes(c.type));
    if (others.length) parts.push(commandButtons(state, others, (c) => commandLabel(c, game)));
    if (parts.length === 0 || (!game.awaiting_you && !types.size)) parts.push(h("p", { className: "muted", id: "nothing-to-do" }, "Nothing to do now: the game waits for the other wizard."));
    return h("div", {}, parts);
  },
};

// The Clone spell, which copies one of the opponent's spells of the last turn.
const CLONE = 2;

const SEALED_MOVE_WORDS = {
  id: "sealed-bet",
  title: "Seal your move",
  label: (name, part) => ({ bet: `Bet (${part.min} to ${part.max} mana) `, cards: "Spells to cast with it:", clone: "Clone copies " })[name],
  item: (name, number) => firewallSpell(number).name,
  start: (range) => Math.max(range.min, Math.min(5, range.max)),
  targetWhen: (name, draft) => name === "clone" && draft.cards.includes(CLONE),
  send: "Seal the move",
  sendId: "seal-move",
  note: "Your opponent sees only that you sealed a move; both are revealed together.",
};

// ---------------------------------------------------------------- Wiz-War

// The ruleset of the Wiz-War game shown (`wizwar` or `wizwar-classic`):
// its own reference holds its card catalogue.
let wizwarRulesetId = "wizwar";
function wizwarCatalogue() {
  return referenceList(wizwarRulesetId, "cards");
}
function wizwarCardInfo(name) {
  return wizwarCatalogue().find((card) => card.name === name) || { title: humanize(name), description: "" };
}

// Every card the viewer may see, by id: hands, items, spells, the stack, piles.
function cardNames(view) {
  const names = new Map();
  const visit = (value) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      if (typeof value.id === "number" && typeof value.name === "string") names.set(value.id, value.name);
      Object.values(value).forEach(visit);
    }
  };
  visit(view);
  return names;
}

function cardTitle(view, id) {
  const name = cardNames(view).get(id);
  return name ? wizwarCardInfo(name).title : `card ${id}`;
}

/**
 * @param {Schemas["WizwarSpellTarget"]} target
 * @param {WizwarGame} game
 */
function targetWords(target, game) {
  if (!target) return "";
  switch (target.kind) {
    case "caster": return "yourself";
    case "wizard": return target.seat === game.your_seat ? "yourself" : seatName(game, target.seat);
    case "line": return lineName(target.line);
    case "square": return `the square ${boardSquare(target.square)}`;
    case "object": case "spell": return cardTitle(game.view, target.card);
    case "treasure": return `treasure ${target.treasure}`;
    case "direction": return target.direction;
    case "board": return "the whole labyrinth";
    case "sector": return `sector ${target.slot}`;
    default: return humanize(/** @type {{ kind: string }} */ (target).kind);
  }
}

/**
 * @param {WizwarAnyCommand} command
 * @param {WizwarGame} game
 */
function wizwarCommandWords(command, game) {
  const view = game.view;
  const card = "card" in command ? cardTitle(view, command.card) : null;
  switch (command.type) {
    case "move": return `Step ${command.direction}`;
    case "boost_speed": return `Boost speed with ${card}`;
    case "cast": return `Cast ${card} at ${targetWords(command.target, game)}${command.energy ? ` (${wizwarRulesetId === "wizwar-classic" ? "number" : "energy"} ${command.energy})` : ""}`;
    case "choose_sector": return `Choose the ${command.sector} sector face down`;
    case "use": return `Use ${card} on ${targetWords(command.target, game)}`;
    case "use_discarding": return `Use ${card} on ${targetWords(command.target, game)}, discarding ${cardTitle(view, command.discard)}`;
    case "play_counter": return `Counter with ${card}`;
    case "end_spell": return `End ${card}`;
    case "discard": return `Discard ${command.cards.map((id) => cardTitle(view, id)).join(", ")}`;
    case "draw": return `Draw ${command.count} card${command.count === 1 ? "" : "s"}`;
    case "punch": return `Punch ${targetWords(command.target, game)}`;
    case "pick_up": case "drop": {
      const thing = command.thing;
      const what = thing.kind === "item" ? cardTitle(view, thing.card) : `treasure ${thing.treasure}`;
      return `${command.type === "drop" ? "Drop" : "Pick up"} ${what}`;
    }
    case "pass": return "Pass: let it happen";
    case "end_move_and_cast": return "Finish moving and casting";
    case "end_turn": return "End the turn without drawing";
    case "set_yield_policy": return `Yield policy: ${humanize(command.policy)}`;
    case "offer_deal": {
      const gives = (command.give || []).map((id) => cardTitle(view, id)).join(", ") || "nothing";
      const asks = (command.ask || []).map((name) => wizwarCardInfo(name).title).join(", ") || "nothing";
      return `Offer ${seatName(game, command.to)} ${gives} for ${asks}`;
    }
    case "accept_deal": return "Accept the deal";
    case "decline_deal": {
      const deal = /** @type {Partial<WizwarClassicView>} */ (view).deal;
      return deal && deal.from === game.your_seat ? "Withdraw your deal" : "Decline the deal";
    }
    default: return commandLabel(command, game);
  }
}

/** @type {Record<Schemas["YieldPolicy"], string>} */
const YIELD_POLICIES = {
  always: "Stop me at every spell",
  when_targeted: "Stop me when a spell aims at me or my things",
  when_i_can_counter: "Stop me only when I hold a counter that applies (reveals that I do)",
  never: "Never stop me: pass for me",
};

/** @type {RulesPage} */
const WIZWAR = {
  /** @param {WizwarGame} game */
  seats(game) {
    const view = game.view;
    const classic = wizwarRulesetId === "wizwar-classic";
    return h("div", { className: "seats" }, view.wizards.map((wizard) => h("div", { className: `seat s${wizard.seat}`, "data-seat": wizard.seat, "data-life": wizard.life },
      h("div", { className: "name" }, seatName(game, wizard.seat), wizard.seat === game.your_seat ? " (you)" : "", view.turn && view.turn.seat === wizard.seat ? " — on turn" : ""),
      h("dl", {},
        h("dt", {}, "Life"), h("dd", {}, wizard.alive ? wizard.life : "dead"),
        h("dt", {}, "Square"), h("dd", {}, boardSquare(wizard.square)),
        classic ? null : [h("dt", {}, "Victory points"), h("dd", {}, wizard.victory_points)],
        h("dt", {}, "Hand"), h("dd", {}, classic ? `${cardCount(wizard.hand_size)} of ${wizard.hand_limit}` : cardCount(wizard.hand_size)),
        wizard.stun_tokens ? (classic
          ? [h("dt", {}, "Loses"), h("dd", {}, wizard.stun_tokens === 1 ? "his next turn" : `his next ${wizard.stun_tokens} turns`)]
          : [h("dt", {}, "Stunned"), h("dd", {}, `${wizard.stun_tokens} tokens`)]) : null,
        wizard.carried_items.length ? [h("dt", {}, "Carries"), h("dd", {}, wizard.carried_items.map((c) => wizwarCardInfo(c.name).title).join(", "))] : null,
        wizard.maintained_spells.length ? [h("dt", {}, "Maintains"), h("dd", {}, wizard.maintained_spells.map((c) => wizwarCardInfo(c.name).title).join(", "))] : null,
        h("dt", {}, "Answers"), h("dd", { className: "yield-policy" }, humanize(wizard.yield_policy))))));
  },
  hand(state) {
    const game = /** @type {WizwarGame} */ (state.game);
    const me = game.view.wizards[game.your_seat];
    if (!me || !me.hand) return h("p", { className: "muted" }, "Hidden.");
    if (me.hand.length === 0) return h("p", { className: "muted" }, "No cards.");
    return h("div", { className: "hand" }, me.hand.map((card) => {
      const info = wizwarCardInfo(card.name);
      const playable = commandsOfCard(game, card.id).length > 0;
      const content = [h("span", { className: "title" }, info.title), h("span", { className: "text" }, info.description)];
      if (!playable) return h("div", { className: "card", "data-card": card.id, title: info.description }, content);
      return h("button", {
        className: `card${state.chosenCard === card.id ? " chosen" : ""}`, "data-card": card.id, title: info.description,
        onclick: () => { state.chosenCard = state.chosenCard === card.id ? null : card.id; renderGame(state); },
      }, content);
    }));
  },
  actions(state) {
    const game = /** @type {WizwarGame} */ (state.game);
    const view = game.view;
    // The classic edition's own part of its view (an 8th-edition view has neither).
    const classic = /** @type {Partial<WizwarClassicView>} */ (view);
    const legal = /** @type {WizwarAnyCommand[]} */ (game.legal_commands);
    const parts = [];
    const top = view.stack.length ? view.stack[view.stack.length - 1] : null;
    if (top) {
      const responding = top.responders.length ? seatName(game, top.responders[0]) : "nobody";
      const mine = top.responders[0] === game.your_seat;
      parts.push(h("div", { className: `panel window`, id: "window", "data-responder": top.responders[0] },
        h("h3", {}, "Counter-spell window"),
        h("p", {}, `${seatName(game, top.seat)} casts ${wizwarCardInfo(top.card.name).title} at ${top.target.kind === "caster" || (top.target.kind === "wizard" && top.target.seat === top.seat) ? "himself" : targetWords(top.target, game)} (energy ${top.energy}).`),
        h("p", { className: "muted" }, mine ? "You may answer with a counter spell, or let it happen." : `Waiting for ${responding} to answer.`),
        mine ? commandButtons(state, legal.filter((c) => c.type === "play_counter" || c.type === "pass"), (c) => wizwarCommandWords(c, game)) : null));
    }
    if (classic.sector_choice) {
      // Classic setup: the sectors are chosen face down, all revealed together.
      const seats = classic.sector_choice.seats;
      const choosing = legal.filter((c) => c.type === "choose_sector");
      parts.push(h("div", { className: "window panel", id: "sector-choice" },
        h("h3", {}, "Choose your sector"),
        h("p", { className: "muted" }, "Each player chooses a sector face down; all are revealed together, then the board is laid."),
        h("ul", {}, seats.map((seat) => h("li", { "data-seat": seat.seat, "data-chosen": seat.chosen },
          seat.chosen
            ? (seat.sector ? `${seatName(game, seat.seat)} chose the ${seat.sector} sector.` : `${seatName(game, seat.seat)} has chosen.`)
            : `${seatName(game, seat.seat)} is still choosing.`))),
        choosing.length ? h("div", { className: "commands" }, choosing.map((command) => h("button", {
          className: "secondary command", "data-command-type": command.type, "data-sector": command.sector,
          onclick: () => play(state, [command]),
        }, wizwarCommandWords(command, game)))) : null));
    }
    if (view.choice) parts.push(h("p", { className: "window panel", id: "choice" }, `A choice is asked: ${humanize(view.choice.kind)}.`));
    if (classic.deal) {
      const deal = classic.deal;
      const terms = deal.give
        ? `: ${deal.give.map((c) => wizwarCardInfo(c.name).title).join(", ") || "nothing"} for ${deal.ask.map((name) => wizwarCardInfo(name).title).join(", ") || "nothing"}`
        : "";
      parts.push(h("p", { className: "window panel", id: "deal" }, `${seatName(game, deal.from)} offers ${seatName(game, deal.to)} a deal${terms}.`));
    }

    if (state.chosenCard !== null) {
      const commands = commandsOfCard(game, state.chosenCard).filter((c) => !(top && c.type === "play_counter"));
      parts.push(h("div", { id: "card-commands" },
        h("h3", {}, `${cardTitle(view, state.chosenCard)}: choose its target, here or on the board`),
        commandButtons(state, commands, (c) => wizwarCommandWords(c, game)),
        h("button", { className: "link", onclick: () => { state.chosenCard = null; renderGame(state); } }, "Choose another card")));
    } else if (legal.some((c) => "card" in c && c.type !== "play_counter")) {
      parts.push(h("p", { className: "muted" }, "Choose a card of your hand to play it."));
    }

    const moves = legal.filter((c) => c.type === "move");
    if (moves.length) {
      parts.push(h("h3", {}, `Move${view.turn ? ` (${view.turn.movement_left} left)` : ""}`),
        h("div", { className: "muted" }, "With the compass, or click a highlighted square beside your wizard."),
        h("div", { className: "compass" }, ["north", "west", "east", "south"].map((direction) => {
          const command = moves.find((c) => c.direction === direction);
          return h("button", {
            className: `secondary ${direction}`, disabled: !command, "data-command-type": "move", "data-direction": direction, title: `Step ${direction}`,
            onclick: () => command && play(state, [command]),
          }, { north: "N", west: "W", east: "E", south: "S" }[direction]);
        })));
    }
    const others = legal.filter((c) => !("card" in c) && !["move", "pass", "set_yield_policy", "discard", "choose_sector"].includes(c.type));
    if (others.length) parts.push(h("h3", {}, "Other moves"), commandButtons(state, others, (c) => wizwarCommandWords(c, game)));
    const discards = legal.filter((c) => c.type === "discard");
    if (discards.length) {
      parts.push(h("details", { id: "discards", open: view.turn && view.turn.phase !== "move_and_cast" },
        h("summary", {}, "Discard a card"),
        commandButtons(state, discards, (c) => wizwarCommandWords(c, game))));
    }
    parts.push(...choiceForms(state));
    if (legal.length === 0 && !hasChoices(game)) parts.push(h("p", { className: "muted", id: "nothing-to-do" }, "Nothing to do now: the game waits for someone else."));
    if (game.your_seat !== null && game.your_seat !== undefined) parts.push(yieldPolicyForm(state));
    return h("div", {}, parts);
  },
};

/** @param {GameState} state */
function yieldPolicyForm(state) {
  const game = /** @type {WizwarGame} */ (state.game);
  // Classic setup: no wizard stands before the board is laid.
  const me = game.view.wizards.find((wizard) => wizard.seat === game.your_seat);
  if (!me) return null;
  const current = me.yield_policy;
  const select = h("select", { id: "yield-policy" }, Object.entries(YIELD_POLICIES).map(([value, words]) => h("option", { value, selected: value === current }, words)));
  return h("form", {
    id: "yield-form",
    onsubmit: (e) => { e.preventDefault(); play(state, [{ type: "set_yield_policy", policy: select.value }]); },
  }, h("h3", {}, "When spells are cast"), select, " ", h("button", { type: "submit", className: "secondary", id: "set-yield-policy" }, "Keep this"));
}

// ---------------------------------------------------------------- Wizards of War

function wowSpellTitle(spell) {
  const spells = referenceList("wizards-of-war", "spells");
  const found = spells.find((entry) => entry.spell === spell);
  return found ? found.title : humanize(spell);
}

// Squares as the server's sentences and the pictures' edges name them, in
// every game: the column's letter from A in the west, the row's number from
// 1 in the north ("C1" is row 0, column 2).
/** @param {{ row: number, col: number } | null | undefined} square */
function boardSquare(square) {
  return square ? `${String.fromCharCode(65 + square.col)}${square.row + 1}` : "?";
}

// A Wiz-War border line as the feed names it: "the line between E3 and E4".
/** @param {{ orientation: string, row: number, col: number }} line */
function lineName(line) {
  const { row, col } = line;
  if (line.orientation === "horizontal") {
    return row === 0 ? `the north edge of ${boardSquare({ row, col })}`
      : `the line between ${boardSquare({ row: row - 1, col })} and ${boardSquare({ row, col })}`;
  }
  return col === 0 ? `the west edge of ${boardSquare({ row, col })}`
    : `the line between ${boardSquare({ row, col: col - 1 })} and ${boardSquare({ row, col })}`;
}

// A kind of unit in a sentence: "evil wizard", "lizardman".
/** @param {string} kind */
function wowKind(kind) {
  return String(kind).replaceAll("_", " ");
}

/**
 * @param {WizardsOfWarGame} game
 * @param {number} id
 */
function wowUnit(game, id) {
  const unit = game.view.units.find((u) => u.id === id);
  return unit ? `${wowKind(unit.kind)} on ${boardSquare(unit.square)}` : `unit ${id}`;
}

/** @param {Schemas["WizardsOfWarSpellTarget"]} target */
function wowTarget(target) {
  switch (target.kind) {
    case "area": return `on ${boardSquare(target.anchor)}${target.orientation === "vertical" ? " (vertical)" : ""}`;
    case "unit": return `at ${boardSquare(target.square)}`;
    case "square": return `onto ${boardSquare(target.square)}`;
    default: return "on yourself";
  }
}

/**
 * @param {Schemas["WizardsOfWarCommand"]} command
 * @param {WizardsOfWarGame} game
 */
function wowCommandWords(command, game) {
  const card = (id) => wowSpellTitle((game.view.players[game.your_seat].hand || []).concat(game.view.lasting_spells.map((l) => l.card)).find((c) => c.id === id)?.spell || "spell");
  switch (command.type) {
    case "move": return `Move the ${wowUnit(game, command.unit)} to ${boardSquare(command.to)}`;
    case "attack": return `The ${wowUnit(game, command.unit)} attacks ${boardSquare(command.target)}`;
    case "cast": return `Cast ${card(command.card)} ${wowTarget(command.target)}`;
    case "counterspell": return command.against.kind === "cast" ? "Counterspell the spell being cast" : `Counterspell ${card(command.against.card)} in play`;
    case "place_monster": return `Place the monster on ${boardSquare(command.square)}`;
    // A pass with no spell being cast lets a moment to counterspell go.
    case "pass": return game.view.casting ? "Let the spell be" : "Let the lasting spells be";
    default: return commandLabel(command, game);
  }
}

// On the board: a click on one of your units chooses it, and a click on a
// square (or an enemy there) moves it there or attacks; with no unit chosen, a
// click on a square places the monster waiting to be placed.
function wowSquareOf(element) {
  const at = element.closest("[data-col][data-row]");
  return at ? { col: Number(at.dataset.col), row: Number(at.dataset.row) } : null;
}

/**
 * @param {WizardsOfWarGame} game
 * @param {number | null} unit
 * @param {Schemas["WizardsOfWarSquare"] | null} square
 */
function wowCommandsAt(game, unit, square) {
  const same = (a, b) => a && b && a.col === b.col && a.row === b.row;
  return game.legal_commands.filter((c) => unit === null
    ? c.type === "place_monster" && same(c.square, square)
    : ((c.type === "move" && c.unit === unit && same(c.to, square)) || (c.type === "attack" && c.unit === unit && same(c.target, square))));
}

/**
 * @param {WizardsOfWarGame} game
 * @param {number} unit
 */
function wowUnitChoosable(game, unit) {
  return game.legal_commands.some((c) => (c.type === "move" || c.type === "attack") && c.unit === unit);
}

// The square a cast aims at: the unit's or empty square, a tile's anchor,
// or (a spell on oneself) the caster's wizard's square.
/**
 * @param {WizardsOfWarGame} game
 * @param {Schemas["WizardsOfWarSpellTarget"]} target
 * @returns {Schemas["WizardsOfWarSquare"] | null}
 */
function wowCastSquare(game, target) {
  switch (target.kind) {
    case "area": return target.anchor;
    case "unit": case "square": return target.square;
    default: {
      const wizard = game.view.units.find((u) => u.id === game.your_seat);
      return wizard ? wizard.square : null;
    }
  }
}

// The casts of spell card `card` aimed at `square` (a tile may lie two ways).
/**
 * @param {WizardsOfWarGame} game
 * @param {number} card
 * @param {Schemas["WizardsOfWarSquare"] | null} square
 */
function wowCastsAt(game, card, square) {
  return game.legal_commands.filter((c) => {
    if (c.type !== "cast" || c.card !== card || !square) return false;
    const aim = wowCastSquare(game, c.target);
    return aim && aim.col === square.col && aim.row === square.row;
  });
}

/**
 * @param {WizardsOfWarGame} game
 * @param {number} card
 */
function wowCastable(game, card) {
  return game.legal_commands.some((c) => c.type === "cast" && c.card === card);
}

/** @type {RulesPage} */
const WIZARDS_OF_WAR = {
  boardClicked(state, event) {
    const game = /** @type {WizardsOfWarGame} */ (state.game);
    const target = /** @type {Element} */ (event.target);
    const unitElement = /** @type {HTMLElement | null} */ (target.closest(".unit[data-unit]"));
    const unit = unitElement ? Number(unitElement.dataset.unit) : null;
    if (state.chosenCard !== null) {
      const casts = wowCastsAt(game, state.chosenCard, wowSquareOf(target));
      if (casts.length === 1) play(state, casts);
      else if (casts.length > 1) flash("The tile may lie either way there: choose one in the list.", "info");
      return;
    }
    if (unit !== null && unit === state.chosenUnit) {
      state.chosenUnit = null;
      renderGame(state);
      return;
    }
    const square = wowSquareOf(target);
    const commands = square ? wowCommandsAt(game, state.chosenUnit, square) : [];
    if (commands.length === 1) play(state, commands);
    else if (commands.length > 1) flash("Several commands aim there; choose one in the list.", "info");
    else if (unit !== null && wowUnitChoosable(game, unit)) {
      state.chosenUnit = unit;
      renderGame(state);
    }
  },
  markTargets(state) {
    const game = /** @type {WizardsOfWarGame} */ (state.game);
    const board = document.getElementById("board");
    if (!board) return;
    if (state.chosenCard !== null) {
      board.classList.add("targeting");
      board.querySelectorAll(".square[data-col], .unit[data-unit]").forEach((element) => {
        if (state.chosenCard !== null && wowCastsAt(game, state.chosenCard, wowSquareOf(element)).length) element.classList.add("targetable");
      });
      return;
    }
    board.classList.toggle("targeting", state.chosenUnit !== null);
    board.querySelectorAll(".unit[data-unit]").forEach((element) => {
      const unit = Number(/** @type {HTMLElement} */ (element).dataset.unit);
      if (unit === state.chosenUnit) element.classList.add("chosen");
      else if (state.chosenUnit === null && wowUnitChoosable(game, unit)) element.classList.add("targetable");
    });
    // An enemy on a square the chosen unit may attack is highlighted too.
    board.querySelectorAll(".square[data-col], .unit[data-unit]").forEach((element) => {
      if (wowCommandsAt(game, state.chosenUnit, wowSquareOf(element)).length) element.classList.add("targetable");
    });
  },
  /** @param {WizardsOfWarGame} game */
  seats(game) {
    const turn = game.view.turn;
    return h("div", { className: "seats" }, game.view.players.map((player) => h("div", {
      className: `seat s${player.seat}`, "data-seat": player.seat, "data-life": player.life,
    },
    h("div", { className: "name" }, seatName(game, player.seat), player.seat === game.your_seat ? " (you)" : ""),
    h("dl", {},
      h("dt", {}, "Life"), h("dd", {}, `${player.life} (${player.skulls} skull${player.skulls === 1 ? "" : "s"})`),
      h("dt", {}, "Spells"), h("dd", {}, cardCount(player.hand_count)),
      h("dt", {}, "Turn die"), h("dd", {}, turn && turn.seat === player.seat && turn.face ? humanize(turn.face) : "—")))));
  },
  hand(state) {
    const game = /** @type {WizardsOfWarGame} */ (state.game);
    const me = game.view.players[game.your_seat];
    if (!me || !me.hand) return h("p", { className: "muted" }, "Hidden.");
    if (me.hand.length === 0) return h("p", { className: "muted" }, "No spell yet.");
    // A spell that may be cast now is a button: choose it, then click its
    // target on the board (or choose it in the list of moves).
    return h("div", { className: "hand" }, me.hand.map((card) => {
      const title = h("span", { className: "title" }, wowSpellTitle(card.spell));
      if (!wowCastable(game, card.id)) return h("div", { className: "card", "data-card": card.id }, title);
      return h("button", {
        className: `card${state.chosenCard === card.id ? " chosen" : ""}`, "data-card": card.id,
        onclick: () => { state.chosenCard = state.chosenCard === card.id ? null : card.id; state.chosenUnit = null; renderGame(state); },
      }, title);
    }));
  },
  actions(state) {
    const game = /** @type {WizardsOfWarGame} */ (state.game);
    const me = game.view.players[game.your_seat];
    const casting = game.view.casting;
    const select = h("select", { id: "yield-policy" }, Object.entries(YIELD_POLICIES).map(([value, words]) => h("option", { value, selected: me && value === me.yield_policy }, words)));
    const chosen = state.chosenCard === null ? [] : game.legal_commands.filter((c) => c.type === "cast" && c.card === state.chosenCard);
    return h("div", {},
      casting ? h("p", { id: "casting" }, `${seatName(game, casting.seat)} casts ${wowSpellTitle(casting.card.spell)} ${wowTarget(casting.target)}.`) : null,
      chosen.length
        ? h("div", { id: "chosen-spell" },
          h("p", { className: "muted" }, "Click a highlighted square on the board, or choose here."),
          commandButtons(state, chosen, (c) => wowCommandWords(c, game)),
          h("button", { className: "link", onclick: () => { state.chosenCard = null; renderGame(state); } }, "Choose another spell"))
        : null,
      choiceForms(state),
      chosen.length || (hasChoices(game) && game.legal_commands.length === 0) ? null : commandButtons(state, game.legal_commands, (c) => wowCommandWords(c, game)),
      me ? h("form", {
        id: "yield-form",
        onsubmit: (e) => { e.preventDefault(); play(state, [{ type: "set_yield_policy", policy: select.value }]); },
      }, h("h3", {}, "When spells are cast"), select, " ", h("button", { type: "submit", className: "secondary", id: "set-yield-policy" }, "Keep this")) : null);
  },
};

// The classic edition plays on the Wiz-War page (same engine, same views).
/** @type {Record<string, RulesPage>} */
const RULES = { "firewall-duel": FIREWALL, wizwar: WIZWAR, "wizwar-classic": WIZWAR, "wizards-of-war": WIZARDS_OF_WAR };

// ---------------------------------------------------------------- replay viewer

async function replayPage(gameId) {
  await rulesets().catch(() => []);
  const main = h("main", { id: "replay", "data-game": gameId });
  page(main, h("p", { className: "muted" }, "Loading the game's record…"));
  let events;
  let now;
  try {
    [events, now] = await Promise.all([wholeFeed(gameId), api("GET", `/v1/games/${gameId}`)]);
  } catch (error) {
    page(h("p", {}, error.message));
    return;
  }
  const last = events.length;
  const views = new Map();
  const slider = h("input", { type: "range", id: "replay-slider", min: 1, max: last, value: last, "aria-label": "Step" });
  const label = h("span", { className: "step-label", id: "replay-step" });
  const board = h("div", { id: "board", className: "panel" });
  const seats = h("section", { className: "panel", id: "seats" });
  const log = h("ol", { className: "log", id: "log" }, events.map((e) => logItem(e, now)));
  const current = h("p", { id: "replay-event", className: "status-line" });
  let shown = 0;
  let serial = 0;

  const show = async (step) => {
    step = Math.max(1, Math.min(last, step));
    shown = step;
    const mine = ++serial;
    slider.value = step;
    label.textContent = `Event ${step} of ${last}`;
    main.dataset.step = step;
    const event = events[step - 1];
    current.textContent = eventText(event, now);
    log.querySelectorAll("li").forEach((item) => {
      const seq = Number(item.dataset.seq);
      item.classList.toggle("current", seq === step);
      item.classList.toggle("future", seq > step);
    });
    const item = log.querySelector(`li[data-seq="${step}"]`);
    if (item) item.scrollIntoView({ block: "nearest" });
    try {
      if (!views.has(step)) views.set(step, await api("GET", `/v1/games/${gameId}/at/${step}`));
      const game = views.get(step);
      const picture = game.view ? await boardPicture(gameId, step) : null;
      if (mine !== serial) return;
      const rules = RULES[game.ruleset] || GENERIC;
      if (rules === WIZWAR) wizwarRulesetId = game.ruleset;
      board.replaceChildren(picture || h("p", { className: "muted" }, game.view ? "The board picture could not be loaded." : "The game has not started at this point."));
      seats.replaceChildren(h("h2", {}, "Players"), game.view ? rules.seats(game) : h("ul", {}, game.seats.map((seat) => h("li", {}, `Seat ${seat.seat}: ${seat.username || "free"}`))));
      main.dataset.loadedStep = step;
    } catch (error) {
      flash(error.message);
    }
  };

  slider.addEventListener("input", () => show(Number(slider.value)));
  const button = (id, text, step) => h("button", { id, className: "secondary", onclick: () => show(step()) }, text);
  main.append(
    h("h1", {}, `Replay · ${rulesetName(now.ruleset)} · ${now.seats.map((seat) => seat.username || "free").join(" vs ")}`),
    h("p", {}, h("a", { href: `#/games/${gameId}` }, "Back to the game")),
    h("div", { className: "panel replay-controls" },
      button("replay-first", "« First", () => 1),
      button("replay-prev", "◀ Back", () => shown - 1),
      slider,
      button("replay-next", "Forward ▶", () => shown + 1),
      button("replay-last", "Last »", () => last),
      label),
    current,
    h("div", { className: "grid2" },
      h("div", {}, board, seats),
      h("section", { className: "panel" }, h("h2", {}, "What happened"), log)));
  page(main);
  const keys = (event) => {
    if (event.target instanceof HTMLInputElement) return;
    if (event.key === "ArrowLeft") show(shown - 1);
    if (event.key === "ArrowRight") show(shown + 1);
  };
  document.addEventListener("keydown", keys);
  leavePage = () => document.removeEventListener("keydown", keys);
  await show(last);
}

// ---------------------------------------------------------------- start

window.addEventListener("hashchange", route);
route();

// ---------------------------------------------------------------- archive and players

function playerLink(username) {
  return h("a", { href: `#/players/${encodeURIComponent(username)}`, className: "player-link", "data-player": username }, username);
}

function finishedRows(games) {
  return games.map((game) => h("tr", { "data-game": game.id },
    h("td", {}, rulesetName(game.ruleset)),
    h("td", {}, ...game.players.flatMap((p, i) => [i ? ", " : "", playerLink(p.username), p.won ? " ★" : ""])),
    h("td", {}, humanize(game.ending)),
    h("td", {}, when(game.finished_at)),
    h("td", {}, h("a", { href: `#/replay/${game.id}`, className: "replay" }, "Replay"))));
}

function finishedTable(id, games) {
  return h("table", { id },
    h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Players"), h("th", {}, "Ending"), h("th", {}, "Finished"), h("th", {}, ""))),
    h("tbody", {}, finishedRows(games)));
}

async function archivePage() {
  const root = page(h("p", { className: "muted" }, "Loading the archive…"));
  await rulesets();
  const ruleset = h("select", { id: "archive-ruleset" }, h("option", { value: "" }, "Any game"),
    rulesetsCache.map((r) => h("option", { value: r.id }, r.name)));
  const player = h("input", { id: "archive-player", placeholder: "any player" });
  const ending = h("select", { id: "archive-ending" }, h("option", { value: "" }, "Any ending"),
    ["won", "drawn", "abandoned"].map((e) => h("option", { value: e }, humanize(e))));
  const from = h("input", { id: "archive-from", type: "date" });
  const to = h("input", { id: "archive-to", type: "date" });
  const body = h("tbody", {});
  const more = h("button", { className: "secondary", id: "archive-more", hidden: true }, "More");
  let cursor = null;
  const query = () => {
    const q = new URLSearchParams({ status: "finished", limit: "20" });
    if (ruleset.value) q.set("ruleset", ruleset.value);
    if (player.value.trim()) q.set("player", player.value.trim());
    if (ending.value) q.set("ending", ending.value);
    if (from.value) q.set("from", new Date(from.value).toISOString());
    if (to.value) q.set("to", new Date(to.value).toISOString());
    if (cursor) q.set("cursor", cursor);
    return q;
  };
  const load = async (fresh) => {
    if (fresh) { cursor = null; body.replaceChildren(); }
    const found = await api("GET", `/v1/games?${query()}`);
    body.append(...finishedRows(found.games));
    cursor = found.next_cursor ?? null;
    more.hidden = !cursor;
  };
  more.onclick = () => attempt(() => load(false));
  const form = h("form", { className: "panel row", id: "archive-filters", onsubmit: (e) => { e.preventDefault(); attempt(() => load(true)); } },
    ruleset, player, ending, h("label", {}, "From", from), h("label", {}, "To", to),
    h("button", { type: "submit", id: "archive-search" }, "Search"));
  root.replaceChildren(h("main", { id: "archive" },
    h("h1", {}, "Archive"),
    form,
    h("section", { className: "panel" },
      h("table", { id: "archive-games" },
        h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Players"), h("th", {}, "Ending"), h("th", {}, "Finished"), h("th", {}, ""))),
        body),
      more)));
  await attempt(() => load(true));
}

async function playerPage(username) {
  const root = page(h("p", { className: "muted" }, "Loading…"));
  let player;
  try {
    await rulesets();
    player = await api("GET", `/v1/users/${encodeURIComponent(username)}`);
  } catch (error) {
    root.replaceChildren(h("p", {}, error.message));
    return;
  }
  const ratingOf = (ruleset) => player.ratings.find((r) => r.ruleset === ruleset);
  const records = player.records.map((r) => {
    const rating = ratingOf(r.ruleset);
    return h("tr", { "data-ruleset": r.ruleset, "data-played": r.played, "data-won": r.won },
      h("td", {}, rulesetName(r.ruleset)),
      h("td", {}, String(r.played)),
      h("td", {}, String(r.won)),
      h("td", {}, rating ? `${Math.round(rating.rating)} ± ${Math.round(rating.deviation)}` : "—"));
  });
  const history = player.rating_history.map((c) => h("li", {},
    `${rulesetName(c.ruleset)}: ${Math.round(c.rating)} `, h("span", { className: "muted" }, when(c.at))));
  root.replaceChildren(h("main", { id: "player", "data-username": player.username },
    h("h1", {}, player.username),
    h("p", { className: "muted" }, `Playing since ${when(player.joined_at)}`),
    h("section", { className: "panel", id: "player-records" },
      h("h2", {}, "Record and ratings"),
      records.length === 0 ? h("p", { className: "muted" }, "No finished game yet.")
        : h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Played"), h("th", {}, "Won"), h("th", {}, "Rating"))), h("tbody", {}, records)),
      history.length === 0 ? "" : h("ol", { id: "rating-history" }, history)),
    h("section", { className: "panel", id: "player-current" },
      h("h2", {}, "Playing now"),
      player.current_games.length === 0 ? h("p", { className: "muted" }, "Nothing.")
        : h("ul", {}, player.current_games.map((g) => h("li", {}, h("a", { href: `#/games/${g.id}` }, rulesetName(g.ruleset)))))),
    h("section", { className: "panel", id: "recent-results" },
      h("h2", {}, "Latest results"),
      player.recent_results.length === 0 ? h("p", { className: "muted" }, "No finished game yet.")
        : finishedTable("player-results", player.recent_results))));
}
