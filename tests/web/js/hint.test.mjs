// static/hint.js without a page: which board items show a hint's marks, and which hints count.

import assert from "node:assert/strict";
import { test } from "node:test";

import { countsForScore, itemSelectors } from "../../../src/gridlogic/web/static/hint.js";

test("the header's example: a row is its cells, a cell without an element of its own its sides", () => {
  assert.deepEqual(itemSelectors({ kind: "row", index: 1 }, 3, 3),
    [['[data-index="3"]', '[data-index="4"]', '[data-index="5"]']]);
  assert.deepEqual(itemSelectors({ kind: "cell", index: 4 }, 3, 2), [['[data-index="4"]'],
    ['[data-edge="h4"]', '[data-edge="h7"]', '[data-edge="v5"]', '[data-edge="v6"]']]);
});

test("edges are numbered horizontal first, then vertical, or by their number on a board of one list", () => {
  // a 2x1 board: 2 rows of 2 horizontal edges (h0..h3), then 1 row of 3 vertical ones (v0..v2)
  assert.deepEqual(itemSelectors({ kind: "edge", index: 3 }, 2, 1), [['[data-edge="h3"]'], ['[data-edge="3"]']]);
  assert.deepEqual(itemSelectors({ kind: "edge", index: 4 }, 2, 1), [['[data-edge="v0"]'], ['[data-edge="4"]']]);
  assert.deepEqual(itemSelectors({ kind: "edge", index: 6 }, 2, 1), [['[data-edge="v2"]'], ['[data-edge="6"]']]);
});

test("a dot is its own mark, else the edges that meet there; a column is its cells; a tile is itself", () => {
  // the top-left dot of a 2x1 board meets h0 and v0; the middle dot of its bottom row h3, h2 and v1
  assert.deepEqual(itemSelectors({ kind: "vertex", index: 0 }, 2, 1), [['[data-dot="0"]'],
    ['[data-edge="h0"]', '[data-edge="v0"]']]);
  assert.deepEqual(itemSelectors({ kind: "vertex", index: 4 }, 2, 1)[1],
    ['[data-edge="h2"]', '[data-edge="h3"]', '[data-edge="v1"]']);
  assert.deepEqual(itemSelectors({ kind: "column", index: 1 }, 2, 3),
    [['[data-index="1"]', '[data-index="3"]', '[data-index="5"]']]);
  assert.deepEqual(itemSelectors({ kind: "tile", index: 7 }, 4, 4), [['[data-index="7"]']]);
  assert.deepEqual(itemSelectors({ kind: "nothing", index: 0 }, 4, 4), []);
});

test("a step or a mistake counts for the score; solved and stuck are free", () => {
  assert.deepEqual(["step", "mistake", "solved", "stuck"].map((status) => countsForScore({ status })),
    [true, true, false, false]);
});
