#!/usr/bin/env node
// boardgame.io 0.50.2 in memory, measured the way benches/load.rs measures
// Owlpost: M concurrent two-player games, closed loop (a move goes out only
// once the previous one's state update has come back), a warm-up, then moves
// counted over a fixed window. Prints one line for load.rs to read:
//   boardgameio games=16 moves_per_second=.. p50_ms=.. p95_ms=.. p99_ms=.. errors=0
//
//   node duels.js [--games 16] [--warmup 2] [--seconds 5]
// (or OWLPOST_BENCH_BGIO_GAMES, OWLPOST_BENCH_WARMUP, OWLPOST_BENCH_SECONDS).
//
// The server runs on this thread with its default in-memory storage and
// socket.io transport, bound to 127.0.0.1 only; the players run on a worker
// thread, so that Node's single event loop is the server's alone, as the
// server would have it in production.
//
// package.json holds koa-compose at 4.1.0: 4.2.0 copies the middleware list
// when the handler is built, and koa-socket-2 builds it before `run` adds the
// lobby routes, so with 4.2.0 every lobby request (create, join) is a 404.

'use strict';

// What a deployment would set: without it every action is logged to stdout
// and every move result is checked for serializability, which is a
// development aid, not the framework's cost.
process.env.NODE_ENV = 'production';

const { Worker, isMainThread, parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');

const GAME_NAME = 'duel';
// A move that the server has not answered after this long counts as an
// error and its game resynchronises (boardgame.io drops refused moves
// silently: without it a refused move would stall its game for good).
const STALL_MS = 5000;

// As trivial as Fire Wall's rules are cheap next to Owlpost's plumbing: one
// move, one player's, changes the state; the turn passes after it. The
// server alone decides (`client: false`), as Owlpost's does, so a client's
// state changes only when the server's update arrives.
const Duel = {
  name: GAME_NAME,
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ wall: 0, moves: 0 }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    push: {
      move: ({ G, playerID }) => {
        G.wall += playerID === '0' ? 1 : -1;
        G.moves += 1;
      },
      client: false,
    },
  },
};

function option(name, envName, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  const raw = at >= 0 ? process.argv[at + 1] : process.env[envName];
  const value = Number(raw);
  return raw !== undefined && raw !== '' && Number.isFinite(value) && value > 0 ? value : fallback;
}

async function serve() {
  const games = Math.round(option('games', 'OWLPOST_BENCH_BGIO_GAMES', 16));
  const warmup = option('warmup', 'OWLPOST_BENCH_WARMUP', 2);
  const seconds = option('seconds', 'OWLPOST_BENCH_SECONDS', 5);

  const { Server } = require('boardgame.io/server');
  // No browser ever connects; an explicit empty list keeps CORS closed and
  // the server quiet about it.
  const server = Server({ games: [Duel], origins: [] });
  // `run` listens on every interface; the socket.io attachment makes
  // `app.listen` a pass-through to its http server, so this pins it to
  // loopback while keeping `run`'s own setup (lobby routes, storage).
  server.app.listen = (port, ready) => server.app.server.listen(port, '127.0.0.1', ready);
  const servers = await server.run({ port: 0 });
  const { port } = servers.appServer.address();

  const worker = new Worker(__filename, {
    workerData: { port, games, warmup, seconds },
  });
  const result = await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the players' thread exited with ${code}`)));
  });
  console.log(
    `boardgameio games=${games} moves_per_second=${result.movesPerSecond.toFixed(1)} ` +
      `p50_ms=${result.p50.toFixed(2)} p95_ms=${result.p95.toFixed(2)} ` +
      `p99_ms=${result.p99.toFixed(2)} errors=${result.errors}`,
  );
  await worker.terminate();
  server.kill(servers);
  // Sockets still closing would keep the loop alive for socket.io's timeouts.
  process.exit(0);
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.round((sorted.length - 1) * p)];
}

// One game: two players, each with its own socket.io connection, moving in
// turn until `stopAt`. Latency is from a move's emission to its player's
// client holding the state that resulted.
async function play(lobby, multiplayer, stopAt, samples, stalls) {
  const { Client } = require('boardgame.io/client');
  const { matchID } = await lobby.createMatch(GAME_NAME, { numPlayers: 2 });
  const seats = [];
  for (const playerID of ['0', '1']) {
    const { playerCredentials } = await lobby.joinMatch(GAME_NAME, matchID, {
      playerID,
      playerName: `player ${playerID}`,
    });
    seats.push(
      Client({
        game: Duel,
        multiplayer,
        matchID,
        playerID,
        credentials: playerCredentials,
        debug: false,
      }),
    );
  }

  let pending = null; // { seat, from, sentAt }
  let movedFrom = -1; // the state a move was last made from
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));

  const step = () => {
    const now = performance.now();
    if (pending) {
      const state = seats[pending.seat].getState();
      if (state && state._stateID > pending.from) {
        samples.push({ done: now, latency: now - pending.sentAt });
        pending = null;
      } else if (now - pending.sentAt > STALL_MS) {
        stalls.push(now);
        pending = null;
        movedFrom = -1;
        seats.forEach((seat) => seat.transport.requestSync());
        return;
      } else {
        return;
      }
    }
    if (now >= stopAt) {
      finish();
      return;
    }
    seats.forEach((seat, index) => {
      const state = seat.getState();
      if (pending || !state || state.ctx.currentPlayer !== seat.playerID) return;
      if (state._stateID <= movedFrom) return;
      movedFrom = state._stateID;
      // Marked before the call: the client notifies its subscribers
      // synchronously inside it.
      pending = { seat: index, from: state._stateID, sentAt: performance.now() };
      seat.moves.push();
    });
  };

  for (const seat of seats) {
    seat.subscribe(step);
    seat.start();
  }
  const watchdog = setInterval(step, 500);
  await finished;
  clearInterval(watchdog);
  for (const seat of seats) seat.stop();
}

async function players() {
  const { port, games, warmup, seconds } = workerData;
  const { LobbyClient } = require('boardgame.io/client');
  const { SocketIO } = require('boardgame.io/multiplayer');
  const base = `http://127.0.0.1:${port}`;
  const lobby = new LobbyClient({ server: base });
  const multiplayer = SocketIO({ server: base });

  const started = performance.now();
  const measuredFrom = started + warmup * 1000;
  const stopAt = measuredFrom + seconds * 1000;
  const samples = [];
  const stalls = [];
  const results = await Promise.allSettled(
    Array.from({ length: games }, () => play(lobby, multiplayer, stopAt, samples, stalls)),
  );
  const broken = results.filter((r) => r.status === 'rejected');
  for (const failure of broken) {
    console.error(`a game broke off: ${failure.reason}`);
  }

  const inWindow = samples.filter((s) => s.done >= measuredFrom && s.done <= stopAt);
  const latencies = inWindow.map((s) => s.latency).sort((a, b) => a - b);
  const stallsInWindow = stalls.filter((t) => t >= measuredFrom && t <= stopAt).length;
  parentPort.postMessage({
    movesPerSecond: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors: stallsInWindow + broken.length,
  });
}

if (isMainThread) {
  serve().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  players().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
