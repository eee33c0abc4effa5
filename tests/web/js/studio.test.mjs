// The studio's editors (static/studio/*.js): what they compute without a browser — clues of a
// picture, the studio link's encoding, the server's edge numbering, random loops and networks,
// and the Net game ID a network is sent as.

import assert from "node:assert/strict";
import { test } from "node:test";

import { cellEdges, edgeCount, loopState, randomLoop } from "../../../src/gridlogic/web/static/studio/loop.js";
import { cluesOf, decodeCells, encodeCells, runs } from "../../../src/gridlogic/web/static/studio/pattern.js";
import {
  isTree, neighbour, netId, randomTree, rotate, turned, turnsOf,
} from "../../../src/gridlogic/web/static/studio/signal.js";

// A small seeded generator, so that a failure can be repeated.
function seeded(seed) {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

test("a picture's clues are its runs, [0] for an empty line", () => {
  assert.deepEqual(runs([1, 1, 0, 1]), [2, 1]);
  assert.deepEqual(runs([0, 0]), [0]);
  assert.deepEqual(cluesOf([1, 0, 0, 1], 2, 2), { rows: [[1], [1]], cols: [[1], [1]] });
});

test("the studio link's cells come back as they went, four a hex digit", () => {
  const cells = [1, 0, 1, 1, 0, 0, 0, 1, 1];
  assert.equal(encodeCells(cells), "b18");
  assert.deepEqual(decodeCells("b18", 9), cells);
  assert.equal(decodeCells("b1", 9), null);
  assert.equal(decodeCells("b1x", 9), null);
});

test("a cell's edges are numbered as the server numbers them", () => {
  // gridlogic.loop.board's example: on a 2×2 board the loop round the top-left cell is
  // horizontal edges 0 and 2 and vertical edges 6 and 7.
  assert.deepEqual([...cellEdges(2, 2, 0)].sort((a, b) => a - b), [0, 2, 6, 7]);
  const edges = new Array(edgeCount(2, 2)).fill(0);
  for (const e of [0, 2, 6]) edges[e] = 1;
  assert.equal(loopState(2, 2, edges), "open");
  edges[7] = 1;
  assert.equal(loopState(2, 2, edges), "ok");
  assert.equal(loopState(2, 2, edges.map(() => 0)), "empty");
});

test("a random loop is one closed loop", () => {
  for (let seed = 1; seed <= 200; seed++) {
    const [w, h] = [2 + (seed % 9), 2 + (seed % 7)];
    assert.equal(loopState(w, h, randomLoop(w, h, seeded(seed))), "ok", `seed ${seed}, ${w}x${h}`);
  }
});

test("a random network is a tree over every tile, wrapping or not", () => {
  for (let seed = 1; seed <= 100; seed++) {
    const [w, h, wrapping] = [3 + (seed % 6), 3 + (seed % 5), seed % 2 === 0];
    assert.ok(isTree(randomTree(w, h, wrapping, seeded(seed)), w, h, wrapping), `seed ${seed}`);
  }
  assert.equal(neighbour(2, 1, 3, 3, true), 0);
  assert.equal(neighbour(2, 1, 3, 3, false), -1);
});

test("a network goes to the server as a Net game ID of its turned tiles", () => {
  const fromNet = [0, 2, 1, 3, 8, 10, 9, 11, 4, 6, 5, 7, 12, 14, 13, 15];  // Net's mask -> ours
  const masks = [2, 12, 4, 6, 15, 9, 1, 3, 8];
  const id = netId(masks, 3, 3, false, 5);
  assert.match(id, /^3x3:[0-9a-f]{9}$/);
  [...id.slice(4)].forEach((digit, i) => {
    assert.equal(fromNet[parseInt(digit, 16)], turned(masks[i], turnsOf(i, 5)));
  });
  assert.equal(netId([2, 8], 2, 1, false, 1).slice(0, 4), "2x1:");
  assert.equal(rotate(1), 2);
  assert.equal(rotate(8), 1);
});
