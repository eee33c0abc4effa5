// Pattern's view (static/views/pattern/view.js): its rules, what a move costs, what Check calls a
// mistake and each live error appearing and going away; its studio editor (studio.js): the clues of
// a picture; and the texts its view recognises.

import assert from "node:assert/strict";
import { test } from "node:test";

import { gameForText } from "../../../../src/gridlogic/web/static/import.js";
import * as pattern from "../../../../src/gridlogic/web/static/views/pattern/view.js";
import { cluesOf, runs } from "../../../../src/gridlogic/web/static/views/pattern/studio.js";
import { assertTextsGoTo } from "../games.mjs";

// A stand-in for i18n's t: the key and its values, so that a test sees what was asked for.
const t = (key, values = {}) => (Object.keys(values).length ? `${key}${JSON.stringify(values)}` : key);

// 2×2, rows "■ ." and "■ ■": row clues 1 and 2, column clues 2 and 1.
const PATTERN = { game: "pattern", width: 2, height: 2, givens: { rowClues: [[1], [2]], colClues: [[2], [1]] } };

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

test("Pattern: a rectangular board reads its rows across the width", () => {
  // 3 wide, 1 high: ■ . ■ — row clue 1 1, column clues 1, 0, 1.
  const puzzle = { width: 3, height: 1, givens: { rowClues: [[1, 1]], colClues: [[1], [0], [1]] } };
  assert.ok(pattern.isSolved(puzzle, [1, 0, 1]));
  assert.equal(pattern.isSolved(puzzle, [1, 1, 0]), false);
  assert.equal(pattern.extent(puzzle).width > 3, true);
});

test("Pattern: whether a line can still hold its clue", () => {
  const F = 1, X = 2;
  assert.ok(pattern.lineFits([0, 0, 0, 0, 0], [3]));
  assert.ok(pattern.lineFits([F, 0, 0, 0, 0], [3]));           // unfinished, never an error
  assert.equal(pattern.lineFits([F, X, F, 0, 0], [3]), false); // the header's example
  assert.ok(pattern.lineFits([F, 0, F, 0, 0], [3]));
  assert.equal(pattern.lineFits([F, F, F, F, 0], [3]), false); // a run too long
  assert.equal(pattern.lineFits([0, F, 0, F, 0, F], [1, 1]), false); // too many runs
  assert.ok(pattern.lineFits([0, 0, 0], [0]));
  assert.equal(pattern.lineFits([0, F, 0], [0]), false);
  assert.equal(pattern.lineFits([X, 0, X], [2]), false);       // no room between the marks
  assert.ok(pattern.lineFits([0, 0, X, 0, 0], [2, 2]));
  assert.equal(pattern.lineFits([0, 0, X, 0, X], [2, 2]), false);
  assert.ok(pattern.lineFits([F, F, X, F, F], [2, 2]));
});

test("Pattern: a line that cannot hold its clue is an error until it can", () => {
  const puzzle = { width: 5, height: 1, givens: { rowClues: [[3]], colClues: [[1], [0], [1], [0], [0]] } };
  const board = [1, 2, 1, 0, 0];
  assert.deepEqual(pattern.liveErrors(puzzle, board), [{ kind: "row", items: [0] }]);
  assert.deepEqual(pattern.liveErrors(puzzle, [1, 0, 1, 0, 0]), []);
  const column = [0, 0, 1, 1, 0]; // column 4, whose clue is 0, now holds a filled cell
  assert.deepEqual(pattern.liveErrors(puzzle, column), [{ kind: "col", items: [3] }]);
  assert.equal(pattern.describeError(puzzle, { kind: "col", items: [3] }, t), 'error.pattern.col{"list":"4"}');
});

test("Pattern: filling or emptying a cell costs a move, a mark costs none", () => {
  assert.equal(pattern.moveCost([0, 0, 0], [1, 1, 0]), 2);
  assert.equal(pattern.moveCost([0, 0, 0], [2, 2, 2]), 0);
  assert.equal(pattern.moveCost([1, 2, 0], [2, 1, 0]), 2);
  assert.equal(pattern.moveCost([1, 0], [0, 0]), 1);
});

test("Pattern: Check calls wrong the filled cells the answer leaves empty and the marks on its cells", () => {
  const solution = [1, 0, 1, 1];
  assert.deepEqual(pattern.mistakes(PATTERN, [0, 0, 0, 0], solution), []);
  assert.deepEqual(pattern.mistakes(PATTERN, [1, 0, 0, 0], solution), []); // one right cell: no mistakes
  assert.deepEqual(pattern.mistakes(PATTERN, [1, 1, 0, 0], solution), [1]);
  assert.deepEqual(pattern.mistakes(PATTERN, [2, 2, 0, 2], solution), [0, 3]); // × on filled cells
  assert.equal(pattern.describeItems(PATTERN, [3], t), 'at.cell{"r":2,"c":2}');
  const many = [0, 1, 2, 3, 4, 5, 6];
  assert.match(pattern.describeItems({ width: 7 }, many, t), /^list\.more\{.*"more":2\}$/);
});

test("Pattern: a stroke runs along the row or the column its pointer moved further along", () => {
  // A 5-wide board: from cell 6 (row 1, column 1) to cell 8 is along the row, to cell 16 down the column.
  assert.deepEqual(pattern.strokeRun(6, 8, 5), [6, 7, 8]);
  assert.deepEqual(pattern.strokeRun(6, 16, 5), [6, 11, 16]);
  assert.deepEqual(pattern.strokeRun(8, 10, 5), [5, 6, 7, 8]); // one row down, three left: the row wins
  assert.deepEqual(pattern.strokeRun(6, 6, 5), [6]);
});

test("Pattern keeps no notes", () => {
  assert.equal(pattern.initialNotes, undefined);
});

test("Pattern: a Tatham game ID, a random one or a .non file is Pattern's, whichever game is chosen", async () => {
  await assertTextsGoTo(assert, gameForText, "pattern", [
    "5x5:1/2/3/4/5/1/2/3/4/5",
    "10x10#12345",
    "catalogue \"x\"\nwidth 5\nheight 5\nrows\n1\n2\n3\n4\n5\ncolumns\n1\n2\n3\n4\n5\n",
  ]);
});

// --- the studio editor ---------------------------------------------------------------------------

test("a picture's clues are its runs, [0] for an empty line", () => {
  assert.deepEqual(runs([1, 1, 0, 1]), [2, 1]);
  assert.deepEqual(runs([0, 0]), [0]);
  assert.deepEqual(cluesOf([1, 0, 0, 1], 2, 2), { rows: [[1], [1]], cols: [[1], [1]] });
});
