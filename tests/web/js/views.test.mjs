// The games' rules as the views carry them (static/views/*.js, the document-free part), the
// registry that finds them, and the rule that the page controller names no game.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import * as loop from "../../../src/gridlogic/web/static/views/loop.js";
import * as pattern from "../../../src/gridlogic/web/static/views/pattern.js";
import * as signal from "../../../src/gridlogic/web/static/views/signal.js";
import { loadView } from "../../../src/gridlogic/web/static/views/index.js";

const STATIC = new URL("../../../src/gridlogic/web/static/", import.meta.url);
const GAMES = { loop, pattern, signal };

// A stand-in for i18n's t: the key and its values, so that a test sees what was asked for.
const t = (key, values = {}) => (Object.keys(values).length ? `${key}${JSON.stringify(values)}` : key);

test("the registry answers each game's module and refuses an unknown game", async () => {
  for (const [name, module] of Object.entries(GAMES)) assert.equal(await loadView(name), module);
  await assert.rejects(loadView("chess"), { message: 'the page has no view for the game "chess"' });
  await assert.rejects(loadView("toString"), /no view/);
});

test("every view module has the surface the page uses", () => {
  for (const [name, module] of Object.entries(GAMES)) {
    assert.ok(Array.isArray(module.tools) && module.tools.length >= 1, name);
    for (const f of ["initialBoard", "boardFromSolution", "isSolved", "describeWrong", "createView"]) {
      assert.equal(typeof module[f], "function", `${name}.${f}`);
    }
  }
});

test("the page controller and the modules it shares with every game name no game", () => {
  for (const file of ["main.js", "play.js", "api.js", "result.js", "storage.js"]) {
    const text = readFileSync(new URL(file, STATIC), "utf8");
    for (const name of Object.keys(GAMES)) {
      assert.doesNotMatch(text, new RegExp(`\\b${name}\\b`, "i"), `${file} names ${name}`);
    }
  }
});

// --- Signal ------------------------------------------------------------------------------------

// A solved 2×2 board: 0 ┐ (right, down), 1 ╴ (left), 2 └ (up, right), 3 ╴ (left); the centre
// tile is 3, and the links 0–1, 0–2, 2–3 make one tree.
const SIGNAL = { game: "signal", size: 2, tiles: [6, 8, 3, 8] };

test("Signal: rotations move each bit one place, and a solved board lights every tile", () => {
  assert.equal(signal.rotateRight(1), 2);
  assert.equal(signal.rotateRight(8), 1);
  assert.equal(signal.rotateLeft(1), 8);
  assert.equal(signal.rotateLeft(signal.rotateRight(5)), 5);
  assert.ok(signal.isSolved(SIGNAL, SIGNAL.tiles));
  assert.deepEqual([...signal.litTiles(SIGNAL.tiles, 2)].sort(), [0, 1, 2, 3]);
});

test("Signal: a pipe end off the board, or pipes that do not meet, are not solved", () => {
  const offBoard = [6, signal.rotateRight(8), 3, 8]; // tile 1 points up, off the board
  assert.equal(signal.isSolved(SIGNAL, offBoard), false);
  assert.deepEqual([...signal.litTiles(offBoard, 2)].sort(), [0, 2, 3]);
  const cycle = [6, 12, 3, 9]; // every end meets one, but four links make a cycle, not a tree
  assert.equal(signal.isSolved(SIGNAL, cycle), false);
});

test("Signal: the start is the given tiles, copied; the check says how many tiles are lit", () => {
  const board = signal.initialBoard(SIGNAL);
  assert.deepEqual(board, SIGNAL.tiles);
  assert.notEqual(board, SIGNAL.tiles);
  assert.deepEqual(signal.boardFromSolution({ tiles: [1, 2, 3, 4] }), [1, 2, 3, 4]);
  assert.equal(signal.describeWrong(SIGNAL, { solved: false, lit: [3, 2] }, t), 'wrong.signal{"lit":2,"total":4}');
  assert.deepEqual(signal.tools, ["cw", "ccw"]);
});

// --- Pattern -----------------------------------------------------------------------------------

// 2×2, rows "■ ." and "■ ■": row clues 1 and 2, column clues 2 and 1.
const PATTERN = { game: "pattern", size: 2, rowClues: [[1], [2]], colClues: [[2], [1]] };

test("Pattern: runs of filled cells, marks counting as empty", () => {
  assert.deepEqual(pattern.runsOf([0, 0, 0]), [0]);
  assert.deepEqual(pattern.runsOf([1, 1, 0, 1]), [2, 1]);
  assert.deepEqual(pattern.runsOf([1, 2, 1, 1, 2]), [1, 2]);
});

test("Pattern: solved when every row and column shows its clue, marks or not", () => {
  assert.ok(pattern.isSolved(PATTERN, [1, 0, 1, 1]));
  assert.ok(pattern.isSolved(PATTERN, [1, 2, 1, 1]));
  assert.equal(pattern.isSolved(PATTERN, [0, 1, 1, 1]), false); // rows right, columns wrong
  assert.equal(pattern.isSolved(PATTERN, pattern.initialBoard(PATTERN)), false);
  assert.deepEqual(pattern.initialBoard(PATTERN), [0, 0, 0, 0]);
  assert.deepEqual(pattern.boardFromSolution({ cells: [1, 0, 1, 1] }), [1, 0, 1, 1]);
});

test("Pattern: the check names the wrong rows and columns counted from 1", () => {
  const words = pattern.describeWrong(PATTERN, { solved: false, wrongRows: [0, 1], wrongCols: [1] }, t);
  assert.equal(words, 'wrong.rows{"list":"1list.join2"} wrong.cols{"list":"2"}');
  assert.equal(pattern.describeWrong(PATTERN, { solved: false, wrongRows: [], wrongCols: [0] }, t),
    'wrong.cols{"list":"1"}');
  assert.equal(pattern.describeWrong(PATTERN, { solved: true, wrongRows: [], wrongCols: [] }, t), "");
});

// --- Loop --------------------------------------------------------------------------------------

// Edges of an n×n Loop board with lines on the four sides of each given cell.
function ringsAround(n, cells) {
  const board = loop.initialBoard({ size: n });
  for (const [r, c] of cells) {
    board.horizontal[r * n + c] = 1;
    board.horizontal[(r + 1) * n + c] = 1;
    board.vertical[r * (n + 1) + c] = 1;
    board.vertical[r * (n + 1) + c + 1] = 1;
  }
  return board;
}

test("Loop: one closed loop that meets every clue is solved; two loops are not", () => {
  const blank = { game: "loop", size: 3, clues: new Array(9).fill(null) };
  assert.ok(loop.isSolved(blank, ringsAround(3, [[0, 0]])));
  assert.equal(loop.isSolved(blank, ringsAround(3, [[0, 0], [2, 2]])), false); // every dot has 2 lines
  assert.equal(loop.isSolved(blank, loop.initialBoard(blank)), false); // no line at all
  const four = { ...blank, clues: [4, 1, null, 1, null, null, null, null, 0] };
  assert.ok(loop.isSolved(four, ringsAround(3, [[0, 0]])));
  const three = { ...blank, clues: [3, null, null, null, null, null, null, null, null] };
  assert.equal(loop.isSolved(three, ringsAround(3, [[0, 0]])), false); // 4 sides against a 3
  assert.equal(loop.cellCount(ringsAround(3, [[0, 0]]), 3, 0, 0), 4);
  assert.equal(loop.cellCount(ringsAround(3, [[0, 0]]), 3, 0, 1), 1);
});

test("Loop: a cross is no line; the board's shape; the check counts the wrong numbers", () => {
  const board = ringsAround(1, [[0, 0]]);
  assert.ok(loop.isSolved({ size: 1, clues: [null] }, board));
  board.horizontal[0] = 2;
  assert.equal(loop.isSolved({ size: 1, clues: [null] }, board), false);
  const empty = loop.initialBoard({ size: 2 });
  assert.deepEqual(empty, { horizontal: [0, 0, 0, 0, 0, 0], vertical: [0, 0, 0, 0, 0, 0] });
  const solution = { horizontal: [1, 0], vertical: [0, 1] };
  const copy = loop.boardFromSolution(solution);
  assert.deepEqual(copy, solution);
  assert.notEqual(copy.horizontal, solution.horizontal);
  assert.equal(loop.describeWrong({ size: 2 }, { solved: false, wrongClues: [0, 3] }, t), 'wrong.clues{"count":2}');
  assert.equal(loop.describeWrong({ size: 2 }, { solved: false, wrongClues: [] }, t), "");
});

test("Loop: a point on the board belongs to its nearest edge", () => {
  assert.deepEqual(loop.edgeAt(0.5, 0.1, 2), { kind: "h", index: 0, distance: 0.1 });
  assert.deepEqual(loop.edgeAt(1.75, 0.5, 2), { kind: "v", index: 2, distance: 0.25 });
  assert.equal(loop.edgeAt(-0.6, 0, 2), null);
});
