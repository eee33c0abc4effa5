// static/records.js's recorder against a stand-in server: the hand-out receipt, the record's
// time, the queue kept in storage, a 503's receipt carried into the later send, refusals dropped.

import assert from "node:assert/strict";
import { test } from "node:test";

import { createRecorder, logSince, RETRY_MS } from "../../../src/gridlogic/web/static/records.js";

const PUZZLE = { id: "signal.3.5x5.medium.daily-2026-12-01" };
const STATS = { seconds: 12.3, moves: 40, checks: 1, revealed: false };

// A server answering each path from a list of [status, body] (the last one repeats); a clock the
// test moves; a storage of its own; timers kept for the test to run.
function world(answers) {
  const calls = [];
  const store = new Map();
  const timers = [];
  let clock = 1000;
  const fetch = async (path, options) => {
    calls.push({ path, body: options.body === undefined ? undefined : JSON.parse(options.body) });
    const list = answers[path];
    const [status, body] = list.length > 1 ? list.shift() : list[0];
    if (status === 0) throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(body), { status, headers: status === 429 ? { "Retry-After": "7" } : {} });
  };
  const storage = { load: (key) => store.get(key) ?? null, save: (key, value) => store.set(key, value) };
  const recorder = createRecorder({ fetch, now: () => clock, storage, schedule: (fn, ms) => timers.push({ fn, ms }) });
  return { calls, store, timers, recorder, storage, fetch, advance: (ms) => { clock += ms; } };
}

test("a play's record carries its receipt and the wall-clock time since the receipt came", async () => {
  const w = world({ "/api/records/start": [[200, { play: "R1" }]], "/api/records": [[201, { new: true }]] });
  await w.recorder.startPlay(PUZZLE);
  assert.deepEqual(w.calls[0], { path: "/api/records/start", body: { id: PUZZLE.id } });
  w.advance(30_040); // the tab was hidden for a while: the play's own clock says 12.3 s
  assert.equal(await w.recorder.recordPlay(PUZZLE, [1, 2], STATS), "sent");
  assert.deepEqual(w.calls[1].body, { play: "R1", board: [1, 2], seconds: 30, moves: 40, checks: 1, hints: 0,
    revealed: false });
  assert.equal(w.recorder.pending(), 0);
});

test("a play kept across a reload keeps its receipt; a new play of the same puzzle gets a new one", async () => {
  const w = world({ "/api/records/start": [[200, { play: "R1" }], [200, { play: "R2" }]], "/api/records": [[201, {}]] });
  await w.recorder.startPlay(PUZZLE);
  w.advance(40_000);
  const reloaded = createRecorder({ fetch: w.fetch, now: () => 1000 + 90_000, storage: w.storage, schedule: () => {} });
  await reloaded.startPlay(PUZZLE, true); // the page kept the play: no new hand-out
  assert.equal(w.calls.filter((c) => c.path === "/api/records/start").length, 1);
  await reloaded.recordPlay(PUZZLE, [], { ...STATS, hints: 2 });
  const sent = w.calls.at(-1).body;
  assert.deepEqual([sent.play, sent.seconds, sent.hints], ["R1", 90, 2]);
  await w.recorder.startPlay(PUZZLE, false);
  await w.recorder.startPlay(PUZZLE, true);
  assert.equal(w.calls.filter((c) => c.path === "/api/records/start").length, 2);
  assert.equal(JSON.parse(w.store.get("gridlogic.records.receipts"))[0].play, "R2");
});

test("a 503 keeps the write with the server's receipt and sends both later", async () => {
  const w = world({
    "/api/records/start": [[200, { play: "R1" }]],
    "/api/records": [[503, { error: "down", receipt: "SEEN" }], [0, null], [201, {}]],
  });
  await w.recorder.startPlay(PUZZLE);
  assert.equal(await w.recorder.recordPlay(PUZZLE, [], STATS), "pending");
  assert.equal(w.recorder.pending(), 1);
  assert.equal(JSON.parse(w.store.get("gridlogic.records.pending"))[0].receipt, "SEEN");
  assert.deepEqual(w.timers.map((t) => t.ms), [RETRY_MS[0]]);
  w.timers.shift().fn(); // no answer at all this time: kept, tried again later still
  await w.recorder.flush();
  assert.deepEqual(w.timers.map((t) => t.ms), [RETRY_MS[1]]);
  w.timers.shift().fn();
  assert.equal(await w.recorder.flush(), "sent");
  const sent = w.calls.filter((c) => c.path === "/api/records").map((c) => c.body.receipt);
  assert.deepEqual(sent, [undefined, "SEEN", "SEEN"]);
  assert.equal(w.recorder.pending(), 0);
});

test("a write left waiting by an earlier page is sent by the next one", async () => {
  const first = world({ "/api/records/start": [[200, { play: "R1" }]], "/api/records": [[0, null]] });
  await first.recorder.startPlay(PUZZLE);
  await first.recorder.recordPlay(PUZZLE, [], STATS);
  const calls = [];
  const later = createRecorder({
    fetch: async (path, options) => { calls.push(JSON.parse(options.body)); return new Response("{}", { status: 201 }); },
    now: () => 0, storage: first.storage, schedule: () => {},
  });
  assert.equal(later.pending(), 1);
  assert.equal(await later.flush(), "sent");
  assert.equal(calls[0].play, "R1");
  assert.equal(later.pending(), 0);
});

test("a refusal is dropped, and a 429 waits as long as the server says", async () => {
  const w = world({
    "/api/records/start": [[200, { play: "R1" }]],
    "/api/records": [[429, { error: "too many" }], [400, { error: "not solved" }]],
  });
  const warn = console.warn;
  const warned = [];
  console.warn = (text) => warned.push(text);
  try {
    await w.recorder.startPlay(PUZZLE);
    assert.equal(await w.recorder.recordPlay(PUZZLE, [], STATS), "pending");
    assert.deepEqual(w.timers.map((t) => t.ms), [7000]);
    w.timers.shift().fn();
    assert.equal(await w.recorder.flush(), "sent");
  } finally {
    console.warn = warn;
  }
  assert.equal(w.recorder.pending(), 0);
  assert.match(warned[0], /refused a record \(400\): not solved/);
});

test("the receipt a play's hints and answer show is the one its start brings, once it came", async () => {
  const w = world({ "/api/records/start": [[200, { play: "R1" }], [0, null]] });
  const starting = w.recorder.startPlay(PUZZLE);
  assert.equal(await w.recorder.receiptOf(PUZZLE), "R1"); // waits for the start asked for
  await starting;
  assert.equal(await w.recorder.receiptOf({ id: "never.started" }), null);
  const other = { id: "signal.3.5x5.any.offline" };
  await w.recorder.startPlay(other); // no answer: no receipt
  assert.equal(await w.recorder.receiptOf(other), null);
});

test("without a receipt nothing is sent: the server could not check the play", async () => {
  const w = world({ "/api/records/start": [[0, null]], "/api/records": [[201, {}]] });
  await w.recorder.startPlay(PUZZLE);
  assert.equal(await w.recorder.recordPlay(PUZZLE, [], STATS), "unknown");
  assert.equal(await w.recorder.recordPlay({ id: "never.started" }, [], STATS), "unknown");
  assert.equal(w.calls.filter((c) => c.path === "/api/records").length, 0);
});

test("a timed record is a daily puzzle handed out on its own day", async () => {
  const { dailyDay, timedRecord } = await import("../../../src/gridlogic/web/static/records.js");
  assert.equal(dailyDay("daily-2026-12-01"), "2026-12-01");
  assert.equal(dailyDay("daily-2026-12-01.3"), "2026-12-01");
  assert.equal(dailyDay("x-daily-2026-12-01"), null);
  const daily = { id: "signal.3.5x5.medium.daily-2026-12-01", seed: "daily-2026-12-01" };
  assert.equal(timedRecord(daily, { handedOut: "2026-12-01T23:59:00+00:00" }), true);
  assert.equal(timedRecord(daily, { handedOut: "2026-12-02T00:00:01+00:00" }), false); // the archive's
  assert.equal(timedRecord(daily, undefined), false); // no receipt: not a record at all
  assert.equal(timedRecord({ seed: "anything" }, { handedOut: "2026-12-01T10:00:00+00:00" }), false);
  const w = world({ "/api/records/start": [[200, { play: "R1", handedOut: "2026-12-01T10:00:00+00:00" }]] });
  await w.recorder.startPlay(daily);
  assert.equal(w.recorder.timed(daily), true);
});

test("a receipt kept for a stocked puzzle counts from its moment, and a failed start keeps the older receipt", async () => {
  const w = world({ "/api/records/start": [[200, { play: "S1", handedOut: "2026-12-01T10:00:00+00:00", since: 400 }],
    [0, null]], "/api/records": [[201, { new: true }]] });
  await w.recorder.startPlay(PUZZLE); // answered by the service worker: stocked at 400 on this device's clock
  await w.recorder.startPlay(PUZZLE); // no answer at all: the receipt stays
  w.advance(1000); // now 2000
  await w.recorder.recordPlay(PUZZLE, [1], STATS);
  assert.equal(w.calls.at(-1).body.play, "S1");
  assert.equal(w.calls.at(-1).body.seconds, 1.6); // from 400 to 2000
});

test("the log goes with the record in seconds since the receipt, a move before it at 0", async () => {
  assert.deepEqual(logSince([[900, 3, 1], [2500, 4, 2]], 1000), { log: [[0, 3, 1], [1.5, 4, 2]] });
  assert.deepEqual(logSince(null, 1000), {});
});
