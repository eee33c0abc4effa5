// The page's side of the play records (gridlogic.web.records).
//
// When a play begins, startPlay asks the server for a hand-out receipt and keeps it in
// localStorage with the moment it came, so that a play the page keeps across a reload keeps
// its receipt too. When the play ends, recordPlay sends the record: the board, the counts, and
// the time, which is the wall-clock time since the receipt came (the server measures the same
// stretch and refuses a time outside it; it cannot see a hidden tab or a closed one). The write
// waits in localStorage until the server has it, so nothing is lost to a database that is down
// (503), a server that does not answer, or a closed tab: the queue is sent again when a page of
// the site loads, when the browser comes back online, and after RETRY_MS while the page stays
// open, oldest first. A 503 carries the server's receipt of the moment it first saw the write;
// the write keeps it, so the late send is measured to that moment. A refusal (another 4xx) is
// dropped: it would be refused again.
//
// A receipt that comes while the page is offline is one the service worker kept for a puzzle it
// stocked (sw.js): it names the moment the puzzle was stocked ("since", this device's clock), for
// the server handed the puzzle out then, and the time of the record counts from there.
//
// A timed record is a play whose time goes on a leaderboard: a daily puzzle played on its own day,
// that is a puzzle whose seed names the day (daily-YYYY-MM-DD) on which the server handed it out
// (the receipt's handedOut, UTC). The page's clock does not stop for a hidden tab in such a play,
// since the server's does not either (timedRecord).
//
// getJson and sendJson are the records API client of the daily and stats pages.

import { load, save } from "./storage.js";

const QUEUE_KEY = "gridlogic.records.pending";
const RECEIPTS_KEY = "gridlogic.records.receipts";
const WAITING_KEY = "gridlogic.records.puzzles"; // {receipt: puzzle id} of the writes in the queue
const MAX_RECEIPTS = 50; // the plays a page may keep at once, and a few more
export const RETRY_MS = [5_000, 20_000, 60_000, 300_000];

async function call(fetchImpl, method, path, body) {
  let response;
  try {
    response = await fetchImpl(path, {
      method,
      headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, status: 0, data: null, retryAfter: null };
  }
  let data = null;
  try { data = await response.json(); } catch { /* not JSON: the status says enough */ }
  const retryAfter = Number(response.headers.get("Retry-After")) || null;
  return { ok: response.ok, status: response.status, data, retryAfter };
}

function readMap(storage, key) {
  try {
    const value = JSON.parse(storage.load(key) || "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

function readList(storage, key) {
  try {
    const value = JSON.parse(storage.load(key) || "[]");
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

// A recorder over fetch, a wall clock in milliseconds (Date.now in the page: it goes on across
// reloads), a storage {load(key), save(key, value)} and a timer schedule(fn, ms); the page makes
// one, the tests make theirs. scored(puzzleId, score) hears the server's score of each record it
// takes (a play finished offline has no score until then).
export function createRecorder({ fetch: fetchImpl, now, storage, schedule, scored = () => {} }) {
  const asking = new Map(); // puzzle id -> the pending start request
  let queue = readList(storage, QUEUE_KEY);
  let flushing = null;
  let failures = 0;
  let timer = false;

  const persist = () => storage.save(QUEUE_KEY, JSON.stringify(queue));
  // [{id, play, since}]: the receipts of plays not yet recorded, newest last.
  const receipts = () => readList(storage, RECEIPTS_KEY);
  const keepReceipts = (list) => storage.save(RECEIPTS_KEY, JSON.stringify(list.slice(-MAX_RECEIPTS)));

  function later(ms) {
    if (timer) return;
    timer = true;
    schedule(() => { timer = false; flush(); }, ms ?? RETRY_MS[Math.min(failures, RETRY_MS.length) - 1]);
  }

  async function sendAll() {
    while (queue.length > 0) {
      const write = queue[0];
      const answer = await call(fetchImpl, "POST", "/api/records", write);
      if (answer.ok) {
        failures = 0;
        const waiting = readMap(storage, WAITING_KEY);
        const id = waiting[write.play];
        delete waiting[write.play];
        storage.save(WAITING_KEY, JSON.stringify(waiting));
        if (id && answer.data?.score) scored(id, answer.data.score);
      } else if (answer.status === 0 || answer.status === 503 || answer.status === 429) {
        if (answer.data?.receipt && !write.receipt) write.receipt = answer.data.receipt;
        persist();
        failures += 1;
        later(answer.status === 429 && answer.retryAfter ? answer.retryAfter * 1000 : undefined);
        return "pending";
      } else {
        console.warn(`gridlogic: the server refused a record (${answer.status}): ${answer.data?.error ?? "?"}`);
      }
      queue.shift();
      persist();
    }
    return "sent";
  }

  // Sends every waiting write; answers "sent" (none waits any more) or "pending".
  function flush() {
    flushing ??= sendAll().finally(() => { flushing = null; });
    return flushing;
  }

  return {
    // A play of puzzle (as the game API sent it, with its id) begins now, or goes on (resumed:
    // the page kept it across a reload) with the receipt it had, when there is one. A new play's
    // receipt replaces an older one of the same puzzle; without an answer the older one stays (it
    // counts from an earlier moment, so the time it gives is never too short).
    startPlay(puzzle, resumed = false) {
      if (resumed && receipts().some((r) => r.id === puzzle.id)) return Promise.resolve();
      const asked = call(fetchImpl, "POST", "/api/records/start", { id: puzzle.id }).then((answer) => {
        if (answer.ok && answer.data?.play) {
          const since = Number.isFinite(answer.data.since) ? answer.data.since : now();
          keepReceipts([...receipts().filter((r) => r.id !== puzzle.id),
            { id: puzzle.id, play: answer.data.play, since, handedOut: answer.data.handedOut ?? null }]);
        }
      });
      asking.set(puzzle.id, asked);
      return asked;
    },
    // The play ended; stats is play.finish()'s {moves, checks, revealed, log} (hints too, where
    // the page counts them). Answers "sent", "pending", or "unknown" when no receipt ever came.
    async recordPlay(puzzle, board, stats) {
      await asking.get(puzzle.id);
      asking.delete(puzzle.id);
      const handout = receipts().find((r) => r.id === puzzle.id);
      if (!handout) return "unknown";
      keepReceipts(receipts().filter((r) => r.id !== puzzle.id));
      const seconds = Math.max(0, Math.round((now() - handout.since) / 100) / 10);
      queue.push({ play: handout.play, board, seconds, moves: stats.moves, checks: stats.checks,
        hints: stats.hints ?? 0, revealed: stats.revealed, ...logSince(stats.log, handout.since) });
      persist();
      storage.save(WAITING_KEY, JSON.stringify({ ...readMap(storage, WAITING_KEY), [handout.play]: puzzle.id }));
      return flush();
    },
    // The receipt of the play of puzzle (its "play" token), once the start asked for has answered;
    // null when none came. The page shows it with the play's hint and answer requests.
    async receiptOf(puzzle) {
      await asking.get(puzzle.id);
      return receipts().find((r) => r.id === puzzle.id)?.play ?? null;
    },
    flush,
    pending: () => queue.length,
    // Whether the play of puzzle is a timed record (see the module comment).
    timed: (puzzle) => timedRecord(puzzle, receipts().find((r) => r.id === puzzle.id)),
  };
}

// The play's log (play.js: [wall-clock ms, index, value]) as the record sends it: seconds since the
// receipt came (a move made before it counts as made at 0); {} when the play has no log.
export function logSince(log, since) {
  if (!Array.isArray(log)) return {};
  return { log: log.map(([ms, index, value]) => [Math.max(0, Math.round(ms - since)) / 1000, index, value]) };
}

// The day a daily puzzle's seed names ("daily-2026-12-01", or ".2" ... after it), or null.
export function dailyDay(seed) {
  const found = /^daily-(\d{4}-\d{2}-\d{2})(?:\.\d+)?$/.exec(String(seed ?? ""));
  return found ? found[1] : null;
}

// Whether a play of puzzle with receipt ({handedOut: ISO time}) is a timed record: a daily
// puzzle handed out on its own day (UTC).
export function timedRecord(puzzle, receipt) {
  const day = dailyDay(puzzle.seed);
  return Boolean(day && receipt?.handedOut && new Date(receipt.handedOut).toISOString().slice(0, 10) === day);
}

export const getJson = (path) => call(globalThis.fetch.bind(globalThis), "GET", path);
export const sendJson = (method, path, body) => call(globalThis.fetch.bind(globalThis), method, path, body);

// The page's own recorder, made on first use (Node tests import this module without a page).
let pageRecorder = null;
const scoreListeners = [];
function recorder() {
  if (!pageRecorder) {
    pageRecorder = createRecorder({ fetch: globalThis.fetch.bind(globalThis), now: () => Date.now(),
      storage: { load, save }, schedule: (fn, ms) => setTimeout(fn, ms),
      scored: (id, score) => scoreListeners.forEach((listen) => listen(id, score)) });
    globalThis.addEventListener?.("online", () => pageRecorder.flush());
  }
  return pageRecorder;
}

export const startPlay = (puzzle, resumed) => recorder().startPlay(puzzle, resumed);
export const isTimedRecord = (puzzle) => recorder().timed(puzzle);
export const recordPlay = (puzzle, board, stats) => recorder().recordPlay(puzzle, board, stats);
export const flushRecords = () => recorder().flush();
export const receiptOf = (puzzle) => recorder().receiptOf(puzzle);
// listen(puzzleId, score) hears the score the server gave a record sent later (finished offline).
export const onRecordScored = (listen) => { scoreListeners.push(listen); };

// Whatever an earlier page left waiting goes now.
if (globalThis.document) flushRecords();
