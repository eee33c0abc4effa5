// static/keep.js over a stand-in localStorage: plays kept as differences, restored exactly, the
// oldest forgotten, broken data refused, and a full storage making room.

import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import {
  MAX_PLAYS, currentPuzzle, decode, encode, flatten, loadPlay, savePlay, setCurrentPuzzle, unflatten,
} from "../../../src/gridlogic/web/static/keep.js";

afterEach(() => { delete globalThis.localStorage; });

// A localStorage that holds at most `limit` characters in all.
function fakeStorage(limit = Infinity) {
  const items = new Map();
  const used = () => [...items].reduce((sum, [k, v]) => sum + k.length + v.length, 0);
  globalThis.localStorage = {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => {
      const before = items.get(key);
      items.set(key, String(value));
      if (used() > limit) {
        if (before === undefined) items.delete(key); else items.set(key, before);
        throw new Error("QuotaExceededError");
      }
    },
    removeItem: (key) => { items.delete(key); },
  };
  return items;
}

const snapshotOf = (board, undo, redo, more = {}) => ({ board, undo, redo, moves: 3, checks: 1, cleanChecks: 2,
  hints: 1, revealed: false, finished: false, seconds: 12.5, log: [[1000, 0, 1]], ...more });

test("the header's example: a history kept as the differences between boards", () => {
  const encoded = encode(snapshotOf([1, 1], [[0, 0], [1, 0]], []));
  assert.deepEqual([encoded.board, encoded.back, encoded.forward], [[1, 1], [[[1, 0]], [[0, 0]]], []]);
});

test("a play's log comes back as it was, and one that is not a log as none", () => {
  const kept = snapshotOf([1, 1], [[0, 0]], [], { log: [[1000, 0, 1], [1200.5, 1, 1]] });
  assert.deepEqual(decode(JSON.parse(JSON.stringify(encode(kept))), [0, 0]).log, kept.log);
  for (const log of [undefined, "x", [[1000, 2, 1]], [[1000, 0]], [[null, 0, 1]]]) {
    assert.equal(decode(encode({ ...kept, log }), [0, 0]).log, null, JSON.stringify(log));
  }
});

test("boards of arrays and of objects of arrays come back as they were", () => {
  const initial = { horizontal: [0, 0, 0], vertical: [0, 0] };
  assert.deepEqual(flatten({ horizontal: [1, 2, 0], vertical: [0, 1] }), [1, 2, 0, 0, 1]);
  assert.deepEqual(unflatten(initial, [1, 2, 0, 0, 1]), { horizontal: [1, 2, 0], vertical: [0, 1] });
  const board = (h, v) => ({ horizontal: h, vertical: v });
  const snapshot = snapshotOf(board([1, 0, 0], [0, 0]), [board([0, 0, 0], [0, 0])],
    [board([1, 2, 0], [0, 1]), board([1, 1, 0], [0, 0])]);
  assert.deepEqual(decode(JSON.parse(JSON.stringify(encode(snapshot))), initial), snapshot);
  const flat = snapshotOf([3, 1], [[0, 0], [0, 1]], [[3, 3]]);
  assert.deepEqual(decode(encode(flat), [0, 0]), flat);
});

test("anything that is not a kept play of this board's shape is refused", () => {
  const good = encode(snapshotOf([1, 1], [[0, 0]], []));
  assert.ok(decode(good, [0, 0]));
  for (const bad of [null, {}, { ...good, board: [1] }, { ...good, board: [1, "x"] }, { ...good, back: [[[5, 1]]] },
    { ...good, moves: -1 }, { ...good, hints: 1.5 }, { ...good, seconds: Infinity }, { ...good, finished: "yes" }]) {
    assert.equal(decode(bad, [0, 0]), null, JSON.stringify(bad));
  }
});

test("a play kept before hints were counted comes back with none", () => {
  const { hints, ...older } = encode(snapshotOf([1, 1], [[0, 0]], []));
  assert.equal(hints, 1);
  assert.equal(decode(older, [0, 0]).hints, 0);
});

test("a kept play comes back with its result; another puzzle's does not", () => {
  fakeStorage();
  const snapshot = snapshotOf([1, 0], [[0, 0]], [], { finished: true });
  assert.ok(savePlay("g.1.2x1.any.a", snapshot, { score: { score: 90 } }));
  assert.deepEqual(loadPlay("g.1.2x1.any.a", [0, 0]), { snapshot, result: { score: { score: 90 } } });
  assert.equal(loadPlay("g.1.2x1.any.b", [0, 0]), null);
  localStorage.setItem("gridlogic.play.broken", "{not json");
  assert.equal(loadPlay("broken", [0, 0]), null);
});

test("at most MAX_PLAYS plays are kept, the least recently saved forgotten first", () => {
  const items = fakeStorage();
  const snapshot = snapshotOf([1], [], []);
  for (let k = 0; k <= MAX_PLAYS; k++) savePlay(`id${k}`, snapshot);
  assert.equal(loadPlay("id0", [0]), null);
  assert.ok(loadPlay("id1", [0]));
  savePlay("id1", snapshot); // saved again: now the newest
  savePlay("another", snapshot);
  assert.ok(loadPlay("id1", [0]));
  assert.equal(loadPlay("id2", [0]), null);
  assert.equal(JSON.parse(items.get("gridlogic.plays")).length, MAX_PLAYS);
});

test("a full storage forgets old plays to keep the new one", () => {
  fakeStorage(1500);
  const snapshot = snapshotOf(new Array(100).fill(1), [], []);
  let kept = 0;
  for (let k = 0; k < 10; k++) kept += savePlay(`p${k}`, snapshot);
  assert.equal(kept, 10);
  assert.ok(loadPlay("p9", new Array(100).fill(0)));
  assert.equal(loadPlay("p0", new Array(100).fill(0)), null);
});

test("each game's tab remembers its puzzle", () => {
  fakeStorage();
  assert.equal(currentPuzzle("g"), null);
  setCurrentPuzzle("g", "g.1.5x5.any.x");
  assert.equal(currentPuzzle("g"), "g.1.5x5.any.x");
  assert.equal(currentPuzzle("h"), null);
});

test("notes are kept beside the board, step for step, and a play kept without them reads back with the initial notes", () => {
  fakeStorage();
  const notes = { notes: [0, 1], undoNotes: [[0, 0], [0, 0]], redoNotes: [[1, 1]] };
  const snapshot = snapshotOf([1, 1], [[0, 0], [1, 0]], [[1, 2]], notes);
  const encoded = encode(snapshot);
  assert.deepEqual([encoded.notes, encoded.notesBack, encoded.notesForward], [[0, 1], [[[1, 0]], []], [[[0, 1]]]]);
  assert.deepEqual(decode(JSON.parse(JSON.stringify(encoded)), [0, 0], [0, 0]), snapshot);
  // Kept before the game had notes: the initial notes all along the history.
  const older = encode(snapshotOf([1, 1], [[0, 0]], []));
  assert.deepEqual(decode(older, [0, 0], [0, 0]), snapshotOf([1, 1], [[0, 0]], [],
    { notes: [0, 0], undoNotes: [[0, 0]], redoNotes: [] }));
  // Broken notes are dropped, not the play.
  assert.deepEqual(decode({ ...encoded, notes: [0] }, [0, 0], [0, 0]).notes, [0, 0]);
  savePlay("g.1.2x1.any.n", snapshot);
  assert.deepEqual(loadPlay("g.1.2x1.any.n", [0, 0], [0, 0]).snapshot, snapshot);
});
