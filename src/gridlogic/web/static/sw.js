// gridlogic's service worker: the page installs, opens offline and plays a stock of puzzles kept on
// the device. The server serves this file at /sw.js (its scope is the whole site) with the version
// of the page's files and their names written in below (gridlogic.web.delivery), so a new version
// of the files is a new worker, which fetches them and drops the old ones.
//
// What it keeps (Cache Storage):
//   gridlogic-shell-<version>  the page ("/"), every file under /assets/<version>/, the daily and
//                              stats pages once visited: the page opens without the network
//   gridlogic-answers          puzzles and solutions the page asked for, by their IDs (a puzzle ID
//                              names its puzzle for ever, so they never go stale), the last 200
//   gridlogic-stock            the stock: for each kind of puzzle played last (game, version, size,
//                              difficulty, options; at most STOCK_KINDS kinds) STOCK_PER_KIND puzzles
//                              fetched ahead, each with its solution and the server's hand-out receipt
//
// How requests go:
//   a page (navigation)          the network; without it, the page kept ("/" for any /?...)
//   /assets/<version>/...         kept files first (they never change under their version)
//   /static/... and /api/games    the network, and what was kept when it does not answer
//   GET /api/GAME/puzzle|solution the network (the answer kept by its ID); without it the answer
//                                 kept, and a request without a seed (a new puzzle of a kind) gets a
//                                 stocked puzzle of that kind (or of the same game), marked
//                                 "stocked": true, which leaves the stock
//   POST /api/records/start       the network; without it, the stocked puzzle's receipt, with the
//                                 moment it was stocked ("since", this device's clock): the server
//                                 handed the puzzle out then, and the record's time counts from it
//   anything else                 not touched: the browser's own way (the records' queue in
//                                 records.js waits for the network by itself)
//
// The stock is filled in the background, while the network answers: after each puzzle the page
// shows (it posts {type: "played", puzzle}: that puzzle is kept by its ID too, with its solution
// fetched, so that it reopens, checks and reveals offline; not a daily's, see keepPlayed) and when the page says it is back
// online ("refill"; a filling that finds no network then tries again a few times, see refillBackOnline).
// A stocked puzzle older than STOCK_DAYS is dropped (its receipt would count days).

const VERSION = "__GRIDLOGIC_VERSION__";
const FILES = JSON.parse('__GRIDLOGIC_FILES__');
const SHELL = `gridlogic-shell-${VERSION}`;
const ANSWERS = "gridlogic-answers";
const STOCK = "gridlogic-stock";
const STOCK_DOCUMENT = "/offline/stock.json";
const STOCK_KINDS = 4;
const STOCK_PER_KIND = 3;
const STOCK_DAYS = 3;
const MAX_ANSWERS = 200;
const MAX_TAKEN = 20;
const BACK_ONLINE_RETRY_SECONDS = [1, 2, 4, 8, 16];
// The fields every puzzle answer has (gridlogic.web.api.puzzle_header); other scalar fields are the
// version's options (wrapping, symmetry), arrays and objects its givens.
const HEADER = new Set(["game", "id", "size", "width", "height", "difficulty", "seed", "version", "level", "stocked"]);

const json = (data, status = 200) => new Response(JSON.stringify(data), {
  status, headers: { "Content-Type": "application/json" } });
const idUrl = (game, what, id) => `/api/${encodeURIComponent(game)}/${what}?${new URLSearchParams({ id })}`;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(SHELL);
    await cache.addAll(["/", ...FILES.map((name) => `/assets/${VERSION}/${name}`)]);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("gridlogic-shell-") && name !== SHELL) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type === "played" && message.puzzle) {
    event.waitUntil(keepPlayed(message.puzzle, message.requests ?? [])
      .then(() => notePlayed(message.puzzle)).then(refill));
  }
  else if (message.type === "refill") event.waitUntil(refillBackOnline());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") { event.respondWith(page(request, url)); return; }
  if (request.method === "GET" && url.pathname.startsWith(`/assets/${VERSION}/`)) {
    event.respondWith(keptFirst(request));
    return;
  }
  if (request.method === "GET" && (url.pathname.startsWith("/static/") || url.pathname === "/api/games")) {
    event.respondWith(networkFirst(request, SHELL));
    return;
  }
  const api = /^\/api\/([a-z]+)\/(puzzle|solution)$/.exec(url.pathname);
  if (request.method === "GET" && api) { event.respondWith(answer(request, url, api[1], api[2])); return; }
  if (request.method === "POST" && url.pathname === "/api/records/start") event.respondWith(receipt(request));
});

// --- the page and its files --------------------------------------------------------------------

async function page(request, url) {
  const key = url.pathname === "/" || url.pathname === "/index.html" ? "/" : url.pathname;
  try {
    const response = await fetch(request);
    if (response.ok && ["/", "/daily", "/stats"].includes(key)) {
      const cache = await caches.open(SHELL);
      await cache.put(key, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await caches.match(key, { cacheName: SHELL }) ?? await caches.match(key);
    if (kept) return kept;
    throw error;
  }
}

async function keptFirst(request) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(SHELL)).put(request, response.clone());
  return response;
}

async function networkFirst(request, cacheName) {
  try {
    const response = await fetch(request);
    if (response.ok) await (await caches.open(cacheName)).put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await caches.match(request);
    if (kept) return kept;
    throw error;
  }
}

// --- puzzles and solutions ---------------------------------------------------------------------

async function keepAnswer(game, what, data, requestUrl = null) {
  const cache = await caches.open(ANSWERS);
  await cache.put(idUrl(game, what, data.id), json(data));
  if (requestUrl) await cache.put(requestUrl, json(data));
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ANSWERS))) await cache.delete(old);
}

async function answer(request, url, game, what) {
  const named = url.searchParams.has("seed") || url.searchParams.has("id");
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    // a solution asked for with the play's receipt (play=, use=) is kept by its ID alone
    const byId = url.searchParams.get("id");
    const kept = await caches.match(request, { cacheName: ANSWERS })
      ?? (byId ? await caches.match(idUrl(game, what, byId), { cacheName: ANSWERS }) : undefined);
    if (kept) return kept;
    if (what === "puzzle" && !named) {
      const stocked = await takeFromStock(game, url.searchParams);
      if (stocked) return json({ ...stocked, stocked: true });
    }
    throw error;
  }
  if (response.ok) {
    try {
      const data = await response.clone().json();
      // a puzzle named by its seed or ID is that puzzle for ever; one of any seed is kept by ID only
      if (data?.id) await keepAnswer(game, what, data, named && what === "puzzle" ? request.url : null);
    } catch { /* not JSON: nothing to keep */ }
  }
  return response;
}

// The puzzle the page shows, kept by its ID and by the requests its links make, and its solution
// fetched once (by its ID: a request the page would make for Check or Reveal) — except a daily
// puzzle's: the server notes every answer it hands out, and a daily whose answer was fetched takes
// no leaderboard place (gridlogic.store.plays), so a daily checks and reveals with the network.
const DAILY_SEED = /^daily-\d{4}-\d{2}-\d{2}(\.\d+)?$/;
async function keepPlayed(puzzle, requests) {
  if (!puzzle?.game || !puzzle.id) return;
  await keepAnswer(puzzle.game, "puzzle", puzzle);
  for (const path of requests) {
    if (typeof path === "string" && path.startsWith(`/api/${encodeURIComponent(puzzle.game)}/puzzle?`)) {
      await (await caches.open(ANSWERS)).put(path, json(puzzle));
    }
  }
  const solution = idUrl(puzzle.game, "solution", puzzle.id);
  if (DAILY_SEED.test(String(puzzle.seed ?? "")) || await caches.match(solution, { cacheName: ANSWERS })) return;
  try {
    const response = await fetch(solution);
    if (response.ok) await keepAnswer(puzzle.game, "solution", await response.json());
  } catch { /* offline: kept when the page asks for it online */ }
}

// --- the stock ---------------------------------------------------------------------------------

// The kind of a puzzle answer: {game, version, width, height, difficulty, options}.
function kindOf(puzzle) {
  const options = {};
  for (const [name, value] of Object.entries(puzzle)) {
    if (!HEADER.has(name) && (value === null || typeof value !== "object")) options[name] = value;
  }
  return { game: puzzle.game, version: puzzle.version, width: puzzle.width, height: puzzle.height,
    difficulty: puzzle.difficulty, options };
}
const kindKey = (kind) => JSON.stringify([kind.game, kind.version, kind.width, kind.height, kind.difficulty,
  Object.entries(kind.options).sort()]);

// The API query that asks for any puzzle of a kind.
function kindQuery(kind) {
  const query = { version: String(kind.version), difficulty: kind.difficulty };
  if (kind.width === kind.height) query.size = String(kind.width);
  else Object.assign(query, { width: String(kind.width), height: String(kind.height) });
  for (const [name, value] of Object.entries(kind.options)) query[name] = String(value);
  return new URLSearchParams(query);
}

// Whether a stocked puzzle's kind is what a request's query asks for (what it leaves out is free).
function fits(kind, params) {
  for (const [name, value] of params) {
    if (name === "size") { if (String(kind.width) !== value || String(kind.height) !== value) return false; }
    else if (name === "width" || name === "height" || name === "version" || name === "difficulty") {
      if (String(kind[name]) !== value) return false;
    } else if (name in kind.options && String(kind.options[name]) !== value) return false;
  }
  return true;
}

async function readStock() {
  const kept = await caches.match(STOCK_DOCUMENT, { cacheName: STOCK });
  const stock = kept ? await kept.json() : null;
  return { kinds: stock?.kinds ?? [], entries: stock?.entries ?? [], taken: stock?.taken ?? [] };
}

async function writeStock(stock) {
  await (await caches.open(STOCK)).put(STOCK_DOCUMENT, json(stock));
}

// One change of the stock at a time: each reads it, changes it and writes it back in turn.
let stockQueue = Promise.resolve();
function changeStock(change) {
  const next = stockQueue.then(async () => {
    const stock = await readStock();
    const result = await change(stock);
    await writeStock(stock);
    return result;
  });
  stockQueue = next.catch(() => {});
  return next;
}

// The page showed a puzzle: its kind becomes the newest of the kinds kept in stock.
function notePlayed(puzzle) {
  if (!puzzle?.game || !puzzle.id || String(puzzle.id).split(".")[1] === "import") return Promise.resolve();
  const kind = kindOf(puzzle);
  return changeStock((stock) => {
    stock.kinds = [kind, ...stock.kinds.filter((k) => kindKey(k) !== kindKey(kind))].slice(0, STOCK_KINDS);
    const wanted = new Set(stock.kinds.map(kindKey));
    stock.entries = stock.entries.filter((e) => wanted.has(kindKey(e.kind)));
  });
}

// A stocked puzzle for a request without a seed: of the kind asked for, else of the same game.
function takeFromStock(game, params) {
  return changeStock((stock) => {
    const ofGame = stock.entries.filter((e) => e.kind.game === game);
    const entry = ofGame.find((e) => fits(e.kind, params)) ?? ofGame[0];
    if (!entry) return null;
    stock.entries = stock.entries.filter((e) => e !== entry);
    stock.taken = [...stock.taken, { id: entry.puzzle.id, receipt: entry.receipt, since: entry.since }].slice(-MAX_TAKEN);
    return keepAnswer(game, "puzzle", entry.puzzle)
      .then(() => keepAnswer(game, "solution", entry.solution))
      .then(() => entry.puzzle);
  });
}

async function receipt(request) {
  const body = await request.clone().json().catch(() => null);
  try {
    return await fetch(request);
  } catch (error) {
    const stock = await readStock();
    const found = [...stock.taken, ...stock.entries.map((e) => ({ id: e.puzzle.id, receipt: e.receipt, since: e.since }))]
      .find((e) => e.id === body?.id && e.receipt);
    if (found) return json({ play: found.receipt.play, handedOut: found.receipt.handedOut, since: found.since });
    throw error;
  }
}

// Fills the stock up while the network answers; one filling at a time. Answers "offline" when a
// fetch found no network.
let filling = null;
function refill() {
  filling ??= fill().catch(() => {}).finally(() => { filling = null; });
  return filling;
}

// The page says it is back online. Its "online" event can come before this worker's fetches go
// through: a connection is up before its route answers, and a browser may take a page and its worker
// back online one after the other (Chromium under Playwright's set_offline does: the page, then the
// worker). A filling that finds no network would otherwise leave the stock short until the next
// puzzle shows, so it is tried again after 1, 2, 4, 8 and 16 s, until one reaches the network.
async function refillBackOnline() {
  if (await refill() !== "offline") return;
  for (const seconds of BACK_ONLINE_RETRY_SECONDS) {
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    if (await refill() !== "offline") return;
  }
}

async function fill() {
  const fresh = Date.now() - STOCK_DAYS * 24 * 3600 * 1000;
  const { kinds } = await changeStock((stock) => {
    stock.entries = stock.entries.filter((e) => e.since >= fresh);
    return { kinds: stock.kinds };
  });
  for (const kind of kinds) {
    for (let tries = 0; tries < STOCK_PER_KIND * 2; tries++) {
      const have = (await readStock()).entries.filter((e) => kindKey(e.kind) === kindKey(kind));
      if (have.length >= STOCK_PER_KIND) break;
      const entry = await fetchEntry(kind, new Set(have.map((e) => e.puzzle.id)));
      if (entry === "offline") return "offline";
      if (!entry) {
        // Refused (a busy server's 503 or 429, say): ask again a little later, not at once.
        await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** tries, 8000)));
        continue;
      }
      await changeStock((stock) => {
        if (!stock.kinds.some((k) => kindKey(k) === kindKey(kind))) return;
        if (stock.entries.some((e) => e.puzzle.id === entry.puzzle.id)) return;
        stock.entries.push(entry);
      });
    }
  }
}

// One puzzle of kind for the stock: the puzzle, its solution and a hand-out receipt; null when the
// server refused (busy, say), "offline" when it did not answer.
async function fetchEntry(kind, have) {
  const get = async (path, options) => {
    const response = await fetch(path, { credentials: "same-origin", ...options });
    return response.ok ? response.json() : null;
  };
  try {
    const puzzle = await get(`/api/${encodeURIComponent(kind.game)}/puzzle?${kindQuery(kind)}`);
    if (!puzzle?.id || have.has(puzzle.id)) return null;
    const solution = await get(idUrl(kind.game, "solution", puzzle.id));
    const handOut = await get("/api/records/start", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ id: puzzle.id }) });
    if (!solution) return null;
    return { kind, puzzle, solution, receipt: handOut?.play ? { play: handOut.play, handedOut: handOut.handedOut } : null,
      since: Date.now() };
  } catch {
    return "offline";
  }
}
