// Signal's view (static/views/signal/view.js): its rules, what a move costs, what Check calls a
// mistake and each live error appearing and going away; its studio editor (studio.js): random
// networks and the Net game ID a network is sent as; and the texts its view recognises.

import assert from "node:assert/strict";
import { test } from "node:test";

import { gameForText } from "../../../../src/gridlogic/web/static/import.js";
import * as signal from "../../../../src/gridlogic/web/static/views/signal/view.js";
import {
  isTree, neighbour, netId, randomTree, rotate, turned, turnsOf,
} from "../../../../src/gridlogic/web/static/views/signal/studio.js";
import { assertTextsGoTo, seeded } from "../games.mjs";

// A stand-in for i18n's t: the key and its values, so that a test sees what was asked for.
const t = (key, values = {}) => (Object.keys(values).length ? `${key}${JSON.stringify(values)}` : key);
const kinds = (errors) => errors.map((e) => e.kind);
const itemsOf = (errors, kind) => errors.find((e) => e.kind === kind)?.items ?? [];

// A solved 2×2 board: 0 ┐ (right, down), 1 ╴ (left), 2 └ (up, right), 3 ╴ (left); the centre
// tile is 3, and the links 0–1, 0–2, 2–3 make one tree.
const SIGNAL = { game: "signal", width: 2, height: 2, givens: { tiles: [6, 8, 3, 8] } };

test("Signal: rotations move each bit one place, and a solved board lights every tile", () => {
  assert.equal(signal.rotateRight(1), 2);
  assert.equal(signal.rotateRight(8), 1);
  assert.equal(signal.rotateLeft(1), 8);
  assert.equal(signal.rotateLeft(signal.rotateRight(5)), 5);
  assert.ok(signal.isSolved(SIGNAL, SIGNAL.givens.tiles));
  assert.deepEqual([...signal.litTiles(SIGNAL, SIGNAL.givens.tiles)].sort(), [0, 1, 2, 3]);
  assert.deepEqual(signal.links(SIGNAL, SIGNAL.givens.tiles), [[0, 1], [0, 2], [2, 3]]);
});

test("Signal: a pipe end off the board, or pipes that do not meet, are not solved", () => {
  const offBoard = [6, signal.rotateRight(8), 3, 8]; // tile 1 points up, off the board
  assert.equal(signal.isSolved(SIGNAL, offBoard), false);
  assert.deepEqual([...signal.litTiles(SIGNAL, offBoard)].sort(), [0, 2, 3]);
  const cycle = [6, 12, 3, 9]; // every end meets one, but four links make a cycle, not a tree
  assert.equal(signal.isSolved(SIGNAL, cycle), false);
});

test("Signal: the header's example: a closed loop is an error until one tile turns", () => {
  const cycle = [6, 12, 3, 9];
  assert.deepEqual(signal.liveErrors(SIGNAL, cycle), [{ kind: "loop", items: [0, 1, 2, 3] }]);
  const broken = [6, 12, 3, signal.rotateRight(9)]; // ┘ turned to └: its up pipe now points right, off the board
  assert.deepEqual(kinds(signal.liveErrors(SIGNAL, broken)), ["offBoard"]);
  assert.deepEqual(signal.liveErrors(SIGNAL, SIGNAL.givens.tiles), []);
});

test("Signal: only the tiles of a loop are loop errors, not a branch hanging from it", () => {
  // 3×2: the left 2×2 square is a loop; tile 2 (top right) links to it but is on no loop.
  const puzzle = { width: 3, height: 2 };
  const board = [6, 14, 8, 3, 9, 0]; // ┌ ┬ ╴ / └ ┘ .
  assert.deepEqual(itemsOf(signal.liveErrors(puzzle, board), "loop"), [0, 1, 3, 4]);
});

test("Signal: pipes off the board appear and go; a wrapping board has no off-board pipes", () => {
  const puzzle = { width: 3, height: 3, tiles: new Array(9).fill(0) };
  const board = new Array(9).fill(0);
  board[0] = 1; // the top-left tile points up
  assert.deepEqual(signal.liveErrors(puzzle, board), [{ kind: "offBoard", items: [0] }]);
  board[0] = 2; // now right, towards a tile
  assert.deepEqual(signal.liveErrors(puzzle, board), []);
  const wrapping = { ...puzzle, wrapping: true };
  assert.deepEqual(signal.liveErrors(wrapping, [1, 0, 0, 0, 0, 0, 0, 0, 0]), []);
  // Wrapping, the top-left tile's up pipe meets the bottom-left tile's down pipe.
  assert.deepEqual(signal.links(wrapping, [1, 0, 0, 0, 0, 0, 4, 0, 0]), [[6, 0]]);
  assert.equal(signal.neighbour(0, 3, { w: 3, h: 3, wrapping: true }), 2);
  assert.equal(signal.neighbour(0, 3, { w: 3, h: 3, wrapping: false }), -1);
});

test("Signal: a rectangular board's rules and its centre", () => {
  // 3×1: ╶ ─ ╴ is a tree; the centre tile is the middle one.
  const puzzle = { width: 3, height: 1, givens: { tiles: [2, 10, 8] } };
  assert.ok(signal.isSolved(puzzle, puzzle.givens.tiles));
  assert.deepEqual([...signal.litTiles(puzzle, [2, 10, 1])].sort(), [0, 1]);
  assert.deepEqual(signal.extent(puzzle), { width: 3.2, height: 1.2 });
});

test("Signal: a move costs its quarter turns, the shorter way", () => {
  assert.equal(signal.moveCost([1, 2], [2, 2]), 1);
  assert.equal(signal.moveCost([1, 2], [8, 2]), 1);
  assert.equal(signal.moveCost([1, 2], [4, 2]), 2);
  assert.equal(signal.moveCost([5, 15], [5, 15]), 0);
});

test("Signal: Check calls wrong only the tiles of links the answer does not have", () => {
  const solution = SIGNAL.givens.tiles; // links 0–1, 0–2, 2–3
  assert.deepEqual(signal.mistakes(SIGNAL, solution, solution), []);
  // Tile 1 turned to point down, tile 3 turned to point up: they link, the answer does not.
  const board = [6, 4, 3, 1];
  assert.deepEqual(signal.mistakes(SIGNAL, board, solution), [1, 3]);
  // Unlinked tiles, however turned, are unfinished.
  assert.deepEqual(signal.mistakes(SIGNAL, [1, 1, 1, 1], solution), []);
  assert.equal(signal.describeItems(SIGNAL, [1, 3], t), 'at.cell{"r":1,"c":2}list.joinat.cell{"r":2,"c":2}');
});

test("Signal: a fresh board warns of nothing; the player's turned tiles bring the shuffle's loops and pipes in", () => {
  // Given as a loop (┌ ┐ └ ┘) with a pipe off the board nowhere: untouched, no warning.
  const looped = { width: 2, height: 2, givens: { tiles: [6, 12, 3, 9] } };
  assert.deepEqual(signal.liveErrors(looped, looped.givens.tiles), []);
  // A 3×2 board given with a loop on its left square and tile 2 pointing up, off the board.
  const given = { width: 3, height: 2, givens: { tiles: [6, 12, 1, 3, 9, 0] } };
  assert.deepEqual(signal.liveErrors(given, given.givens.tiles), []);
  // Turning tile 2 (still off the board, now to the right) is the player's: its bar shows; the
  // shuffle's loop, which the player did not touch, does not.
  const turnedOff = [6, 12, 2, 3, 9, 0];
  assert.deepEqual(signal.liveErrors(given, turnedOff), [{ kind: "offBoard", items: [2] }]);
  // Turning a tile of the loop and back leaves it untouched; turning one into another loop shows it.
  const square = { width: 2, height: 2, givens: { tiles: [6, 12, 3, 12] } };
  assert.deepEqual(signal.liveErrors(square, [6, 12, 3, 9]), [{ kind: "loop", items: [0, 1, 2, 3] }]);
});

test("Signal: Check marks only the tiles the player turned, never the shuffle's", () => {
  // The answer (SIGNAL) links 0–1, 0–2 and 2–3. On each board below tile 1 points down (4) and
  // tile 3 up (1), so they link, which the answer does not.
  const solution = SIGNAL.givens.tiles, board = [6, 4, 3, 1];
  // Both as given: the shuffle made the link, and nothing the player did is wrong.
  assert.deepEqual(signal.mistakes({ ...SIGNAL, givens: { tiles: [6, 4, 3, 1] } }, board, solution), []);
  // Tile 3 turned (given pointing right), tile 1 as given: only tile 3 is the player's mistake.
  assert.deepEqual(signal.mistakes({ ...SIGNAL, givens: { tiles: [6, 4, 3, 2] } }, board, solution), [3]);
  // Both turned: both are.
  assert.deepEqual(signal.mistakes({ ...SIGNAL, givens: { tiles: [6, 1, 3, 2] } }, board, solution), [1, 3]);
  // A turned tile that links nothing is unfinished.
  assert.deepEqual(signal.mistakes({ ...SIGNAL, givens: { tiles: [6, 4, 3, 1] } }, [9, 4, 3, 1], solution), []);
  assert.equal(signal.turned({ givens: { tiles: [6, 4] } }, [6, 2], 0), false);
  assert.equal(signal.turned({ givens: { tiles: [6, 4] } }, [6, 2], 1), true);
});

test("Signal: the start is the given tiles, copied", () => {
  const board = signal.initialBoard(SIGNAL);
  assert.deepEqual(board, SIGNAL.givens.tiles);
  assert.notEqual(board, SIGNAL.givens.tiles);
  assert.deepEqual(signal.boardFromSolution({ tiles: [1, 2, 3, 4] }), [1, 2, 3, 4]);
  assert.deepEqual(signal.tools, ["cw", "ccw", "lock"]);
  assert.deepEqual(signal.initialNotes(SIGNAL), [0, 0, 0, 0]); // no tile locked at the start
});

test("Signal keeps notes (the locks), none at the start", () => {
  assert.equal(typeof signal.initialNotes, "function");
  assert.deepEqual(signal.initialNotes({ width: 2, height: 1 }), [0, 0]);
});

test("Signal: a board as a JSON list of tile masks is Signal's, whichever game is chosen", async () => {
  await assertTextsGoTo(assert, gameForText, "signal", ["[4, 4, 3, 9]", "signal.1.5x5.any.x"]);
});

// --- the studio editor ---------------------------------------------------------------------------

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
