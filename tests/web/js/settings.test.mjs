// The page's links (static/settings.js): what a URL asks the API for, a puzzle's own link, the
// defaults of a new puzzle, and the seed rule. Old links carry no version and must stay so.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  defaultQuery, latestOf, linkQuery, linkRequest, seedProblem, versionOf,
} from "../../../src/gridlogic/web/static/settings.js";

const GAME = {
  name: "g", version: 4, unversioned: 3,
  versions: [
    { number: 3, presets: [4, 5, 6], sides: [4, 5, 6], rectangular: false, defaultSize: 4, difficulties: ["any", "hard"], options: [] },
    { number: 4, presets: [5, 9], sides: [3, 4, 5, 6, 7, 8, 9], rectangular: true, defaultSize: 5,
      difficulties: ["easy", "hard"], options: [{ name: "wrapping", values: [false, true], help: "edges wrap" }] },
  ],
};

test("an old link's query goes to the API as it is: no version is added", () => {
  assert.deepEqual(linkRequest("?game=g&size=5&seed=x&difficulty=hard"),
    { game: "g", query: [["size", "5"], ["seed", "x"], ["difficulty", "hard"]] });
  assert.deepEqual(linkRequest("?id=g.3.5x5.hard.x"), { game: "g", query: [["id", "g.3.5x5.hard.x"]] });
  assert.deepEqual(linkRequest(""), { game: null, query: [] });
  // Repeated or unknown parameters stay, so that the API can say what is wrong with them.
  assert.deepEqual(linkRequest("?game=g&size=5&size=6&colour=red").query, [["size", "5"], ["size", "6"], ["colour", "red"]]);
});

test("a puzzle's own link names its version, its size, its options and its seed", () => {
  const square = { game: "g", id: "g.3.5x5.hard.x", width: 5, height: 5, difficulty: "hard", version: 3, seed: "a b&c" };
  assert.deepEqual(linkQuery(square, versionOf(GAME, 3)),
    { game: "g", size: "5", difficulty: "hard", version: "3", seed: "a b&c" });
  const wide = { game: "g", width: 7, height: 5, difficulty: "easy", version: 4, seed: "s", wrapping: true };
  assert.deepEqual(linkQuery(wide, versionOf(GAME, 4)),
    { game: "g", width: "7", height: "5", difficulty: "easy", version: "4", wrapping: "true", seed: "s" });
  assert.equal(new URLSearchParams(linkQuery(square, versionOf(GAME, 3))).toString(),
    "game=g&size=5&difficulty=hard&version=3&seed=a+b%26c");
});

test("a new puzzle asks for the latest version with its defaults", () => {
  assert.equal(latestOf(GAME).number, 4);
  assert.deepEqual(defaultQuery(GAME, "seed1"), { version: "4", size: "5", difficulty: "easy", seed: "seed1" });
  assert.equal(versionOf(GAME, 9), null);
});

test("a seed is 1 to 80 UTF-16 units", () => {
  assert.equal(seedProblem(""), "seed.empty");
  assert.equal(seedProblem("x".repeat(80)), null);
  assert.equal(seedProblem("x".repeat(81)), "seed.tooLong");
  assert.equal(seedProblem("😀".repeat(40)), null);
  assert.equal(seedProblem("😀".repeat(41)), "seed.tooLong");
});
