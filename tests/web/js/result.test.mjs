// Best times (static/result.js) over a stand-in localStorage, and storage.js when storage fails.

import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { recordBest } from "../../../src/gridlogic/web/static/result.js";
import { load, save } from "../../../src/gridlogic/web/static/storage.js";

afterEach(() => { delete globalThis.localStorage; });

function fakeStorage() {
  const items = new Map();
  globalThis.localStorage = {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => { items.set(key, String(value)); },
  };
  return items;
}

const PUZZLE = { game: "pattern", width: 10, height: 10, difficulty: "hard", seed: "x" };
const KEY = "gridlogic.best.pattern.10.hard";

test("the first time is a new best; only a faster one replaces it", () => {
  const items = fakeStorage();
  assert.deepEqual(recordBest(PUZZLE, 42.5, false), { seconds: 42.5, isNew: true });
  assert.equal(items.get(KEY), "42.5");
  assert.deepEqual(recordBest(PUZZLE, 50, false), { seconds: 42.5, isNew: false });
  assert.deepEqual(recordBest(PUZZLE, 42.5, false), { seconds: 42.5, isNew: false });
  assert.deepEqual(recordBest(PUZZLE, 30.1, false), { seconds: 30.1, isNew: true });
  assert.equal(items.get(KEY), "30.1");
  assert.deepEqual(recordBest({ ...PUZZLE, width: 5, height: 5 }, 99, false), { seconds: 99, isNew: true });
  recordBest({ ...PUZZLE, width: 7, height: 5 }, 80, false);
  assert.equal(items.get("gridlogic.best.pattern.7x5.hard"), "80");
});

test("a revealed play never sets a best time but shows the one there is", () => {
  const items = fakeStorage();
  assert.deepEqual(recordBest(PUZZLE, 1, true), { seconds: null, isNew: false });
  assert.equal(items.has(KEY), false);
  items.set(KEY, "20");
  assert.deepEqual(recordBest(PUZZLE, 1, true), { seconds: 20, isNew: false });
});

test("a stored value that is not a positive number counts as no best time", () => {
  const items = fakeStorage();
  for (const junk of ["", "0", "-3", "soon"]) {
    items.set(KEY, junk);
    assert.deepEqual(recordBest(PUZZLE, 60, false), { seconds: 60, isNew: true }, junk);
  }
});

test("without working storage nothing is kept and nothing throws", () => {
  assert.equal(load("anything"), null); // no localStorage at all
  save("anything", "1");
  globalThis.localStorage = {
    getItem: () => { throw new Error("SecurityError"); },
    setItem: () => { throw new Error("QuotaExceededError"); },
  };
  assert.equal(load("anything"), null);
  save("anything", "1");
  assert.deepEqual(recordBest(PUZZLE, 10, false), { seconds: 10, isNew: true });
});
