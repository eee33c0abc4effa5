// The games' rules as the views carry them (static/views/*.js, the document-free part): the rules,
// what a move costs, what Check calls a mistake, and each live error appearing and going away;
// the registry that finds the modules, and the rule that the page controller names no game.

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
const kinds = (errors) => errors.map((e) => e.kind);
const itemsOf = (errors, kind) => errors.find((e) => e.kind === kind)?.items ?? [];

test("the registry loads each game's module on demand and refuses an unknown game", async () => {
  for (const [name, module] of Object.entries(GAMES)) assert.equal(await loadView(name), module);
  await assert.rejects(loadView("chess"), { message: 'the page has no view for the game "chess"' });
  await assert.rejects(loadView("toString"), /no view/);
});

test("every view module has the surface the page uses", () => {
  for (const [name, module] of Object.entries(GAMES)) {
    assert.ok(Array.isArray(module.tools) && module.tools.length >= 1, name);
    for (const f of ["initialBoard", "boardFromSolution", "isSolved", "moveCost", "liveErrors", "mistakes",
      "describeItems", "describeError", "extent", "createView"]) {
      assert.equal(typeof module[f], "function", `${name}.${f}`);
    }
  }
});

test("the page controller and the modules it shares with every game name no game", () => {
  for (const file of ["main.js", "play.js", "api.js", "result.js", "storage.js", "keep.js", "settings.js", "offline.js",
    "records.js", "sw.js"]) {
    const text = readFileSync(new URL(file, STATIC), "utf8");
    for (const name of Object.keys(GAMES)) {
      assert.doesNotMatch(text, new RegExp(`\\b${name}\\b`, "i"), `${file} names ${name}`);
    }
  }
});

// --- Signal ------------------------------------------------------------------------------------

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

// --- Pattern -----------------------------------------------------------------------------------

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

// --- Loop --------------------------------------------------------------------------------------

// Edges of a w×h Loop board with lines on the four sides of each given cell.
function ringsAround(w, h, cells) {
  const board = loop.initialBoard({ width: w, height: h });
  for (const [r, c] of cells) {
    board.horizontal[r * w + c] = 1;
    board.horizontal[(r + 1) * w + c] = 1;
    board.vertical[r * (w + 1) + c] = 1;
    board.vertical[r * (w + 1) + c + 1] = 1;
  }
  return board;
}
const blank = (w, h) => ({ game: "loop", width: w, height: h, givens: { clues: new Array(w * h).fill(null) } });

test("Loop: one closed loop that meets every clue is solved; two loops are not", () => {
  assert.ok(loop.isSolved(blank(3, 3), ringsAround(3, 3, [[0, 0]])));
  assert.equal(loop.isSolved(blank(3, 3), ringsAround(3, 3, [[0, 0], [2, 2]])), false);
  assert.equal(loop.isSolved(blank(3, 3), loop.initialBoard(blank(3, 3))), false); // no line at all
  const four = { ...blank(3, 3), givens: { clues: [4, 1, null, 1, null, null, null, null, 0] } };
  assert.ok(loop.isSolved(four, ringsAround(3, 3, [[0, 0]])));
  const three = { ...blank(3, 3), givens: { clues: [3, null, null, null, null, null, null, null, null] } };
  assert.equal(loop.isSolved(three, ringsAround(3, 3, [[0, 0]])), false); // 4 sides against a 3
  assert.equal(loop.cellCount(ringsAround(3, 3, [[0, 0]]), blank(3, 3), 0, 0), 4);
  assert.equal(loop.cellCount(ringsAround(3, 3, [[0, 0]]), blank(3, 3), 0, 1), 1);
});

test("Loop: a rectangular board: edges by width, and a loop around it", () => {
  const puzzle = blank(3, 2);
  const empty = loop.initialBoard(puzzle);
  assert.equal(empty.horizontal.length, 9);
  assert.equal(empty.vertical.length, 8);
  const board = ringsAround(3, 2, [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]]);
  // Inner edges got two lines each: erase them to leave the outline.
  board.horizontal.fill(0, 3, 6);
  board.vertical[1] = board.vertical[2] = board.vertical[5] = board.vertical[6] = 0;
  assert.ok(loop.isSolved(puzzle, board));
  assert.deepEqual(loop.edgeAt(2.5, 2.1, 3, 2), { kind: "h", index: 8, distance: 0.10000000000000009 });
});

test("Loop: the header's example: a 3 ringed by four lines is over and a loop until a side goes", () => {
  const puzzle = { ...blank(2, 2), givens: { clues: [3, null, null, null] } };
  const ring = ringsAround(2, 2, [[0, 0]]);
  const errors = loop.liveErrors(puzzle, ring);
  assert.deepEqual(kinds(errors), ["over", "loop"]);
  assert.deepEqual(itemsOf(errors, "over"), [0]);
  assert.deepEqual(itemsOf(errors, "loop").sort(), ["h0", "h2", "v0", "v1"]);
  ring.vertical[1] = 0; // erase the right side
  assert.deepEqual(loop.liveErrors(puzzle, ring), []);
});

test("Loop: a dot with three lines is an error until one goes", () => {
  const puzzle = blank(2, 2);
  const board = loop.initialBoard(puzzle);
  // The middle dot (1, 1) is dot 4; its edges: up v1, right h3, down v4, left h2.
  board.vertical[1] = board.horizontal[3] = board.vertical[4] = 1;
  assert.deepEqual(itemsOf(loop.liveErrors(puzzle, board), "branch"), [4]);
  board.vertical[4] = 0;
  assert.deepEqual(itemsOf(loop.liveErrors(puzzle, board), "branch"), []);
  board.horizontal[2] = board.vertical[4] = 1; // four lines
  assert.deepEqual(itemsOf(loop.liveErrors(puzzle, board), "branch"), [4]);
});

test("Loop: a line whose end has no way on is a dead end until an edge there opens", () => {
  const puzzle = blank(2, 2);
  const board = loop.initialBoard(puzzle);
  board.horizontal[0] = 1; // from the corner dot 0 to dot 1
  assert.deepEqual(loop.liveErrors(puzzle, board), []); // unfinished
  board.vertical[0] = 2; // the corner's only other edge is crossed out
  assert.deepEqual(loop.liveErrors(puzzle, board), [{ kind: "deadEnd", items: [0] }]);
  board.vertical[0] = 0;
  assert.deepEqual(loop.liveErrors(puzzle, board), []);
});

test("Loop: a number that can no longer be met is an error until an edge opens", () => {
  const puzzle = { ...blank(1, 1), givens: { clues: [3] } };
  const board = loop.initialBoard(puzzle);
  board.horizontal[0] = board.horizontal[1] = 2; // two sides crossed out: at most 2 lines left
  assert.deepEqual(itemsOf(loop.liveErrors(puzzle, board), "blocked"), [0]);
  board.horizontal[1] = 0;
  assert.deepEqual(itemsOf(loop.liveErrors(puzzle, board), "blocked"), []);
});

test("Loop: a closed loop is an error while other lines remain, and not when it is the answer", () => {
  const puzzle = blank(3, 3);
  const board = ringsAround(3, 3, [[0, 0]]);
  assert.deepEqual(loop.liveErrors(puzzle, board), []); // solved: one loop, no clues
  board.horizontal[11] = 1; // a stray line elsewhere
  assert.deepEqual(kinds(loop.liveErrors(puzzle, board)), ["loop"]);
  board.horizontal[11] = 0;
  assert.deepEqual(loop.liveErrors(puzzle, board), []);
  const unmet = { ...puzzle, givens: { clues: [null, null, null, null, null, null, null, null, 2] } };
  assert.deepEqual(kinds(loop.liveErrors(unmet, board)), ["loop"]); // the 2 is not met yet
});

test("Loop: drawing or erasing a line costs a move, a cross costs none", () => {
  const a = { horizontal: [0, 0], vertical: [0, 0] };
  assert.equal(loop.moveCost(a, { horizontal: [1, 0], vertical: [0, 1] }), 2);
  assert.equal(loop.moveCost(a, { horizontal: [2, 2], vertical: [2, 0] }), 0);
  assert.equal(loop.moveCost({ horizontal: [1, 0], vertical: [0, 0] }, { horizontal: [2, 0], vertical: [0, 0] }), 1);
});

test("Loop: Check calls wrong the lines the answer lacks and the crosses on its lines", () => {
  const puzzle = blank(1, 1);
  const solution = ringsAround(1, 1, [[0, 0]]);
  assert.deepEqual(loop.mistakes(puzzle, loop.initialBoard(puzzle), solution), []); // empty: no mistakes
  const board = { horizontal: [1, 2], vertical: [0, 0] };
  assert.deepEqual(loop.mistakes(puzzle, board, solution), ["h1"]);
  const other = blank(2, 1);
  const answer = ringsAround(2, 1, [[0, 0]]);
  const drawn = { horizontal: [1, 1, 0, 0], vertical: [1, 0, 1] }; // h1 and v2 are not in the answer
  assert.deepEqual(loop.mistakes(other, drawn, answer), ["h1", "v2"]);
  assert.equal(loop.describeItems(other, ["v2"], t), 'at.edge{"r":1,"c":3,"dir":"dir.2"}');
});

test("Loop: what the cursor's dot says: its edges, the numbers around it", () => {
  const puzzle = { ...blank(2, 1), givens: { clues: [2, null] } };
  const board = { horizontal: [1, 0, 0, 0], vertical: [0, 2, 0] };
  const say = (key, values = {}) => [key, ...Object.values(values)].join(":");
  assert.equal(loop.describeDot(puzzle, board, 0, 1, say), [
    "loop.dot:1:2",
    "loop.side:dir.0:loop.state.edge", "loop.side:dir.1:loop.state.open",
    "loop.side:dir.2:loop.state.cross", "loop.side:dir.3:loop.state.line",
    "loop.cells:loop.cellAround:loop.where.downLeft:loop.clue:2:1list.joinloop.cellAround:loop.where.downRight:loop.noClue",
  ].join(" "));
});

test("Loop: a point on the board belongs to its nearest edge; the board's shape", () => {
  assert.deepEqual(loop.edgeAt(0.5, 0.1, 2), { kind: "h", index: 0, distance: 0.1 });
  assert.deepEqual(loop.edgeAt(1.75, 0.5, 2), { kind: "v", index: 2, distance: 0.25 });
  assert.equal(loop.edgeAt(-0.6, 0, 2), null);
  assert.deepEqual(loop.initialBoard({ width: 2, height: 2 }), { horizontal: [0, 0, 0, 0, 0, 0], vertical: [0, 0, 0, 0, 0, 0] });
  const solution = { horizontal: [1, 0], vertical: [0, 1] };
  const copy = loop.boardFromSolution(solution);
  assert.deepEqual(copy, solution);
  assert.notEqual(copy.horizontal, solution.horizontal);
  assert.deepEqual(loop.extent({ width: 5, height: 3 }), { width: 6, height: 4 });
});

test("Loop: a 0 is shown met only once its sides are marked × or the loop is complete; a 1 once it has its line", () => {
  // 3×3 with a 0 in the bottom-right cell and a 1 in the top-middle one.
  const puzzle = { ...blank(3, 3), givens: { clues: [null, 1, null, null, null, null, null, null, 0] } };
  const fresh = loop.initialBoard(puzzle);
  assert.equal(loop.clueShownMet(puzzle, fresh, 8), false); // nothing done yet
  assert.equal(loop.clueShownMet(puzzle, fresh, 1), false);
  const crossed = loop.initialBoard(puzzle);
  // the 0's sides: top h8, bottom h11, left v10, right v11
  crossed.horizontal[8] = crossed.horizontal[11] = 2;
  crossed.vertical[10] = 2;
  assert.equal(loop.clueShownMet(puzzle, crossed, 8), false); // three of four
  crossed.vertical[11] = 2;
  assert.equal(loop.clueShownMet(puzzle, crossed, 8), true);
  const ring = ringsAround(3, 3, [[0, 0]]); // a ring round the top-left cell: the 1 has one line
  assert.equal(loop.clueShownMet(puzzle, ring, 1), true);
  assert.equal(loop.clueShownMet(puzzle, ring, 8), true); // the loop is complete: every number is met
  assert.equal(loop.clueShownMet(puzzle, ring, 0), false); // no number there
});

test("Loop: shading is a note per cell that a tap cycles, none, inside, outside, and a right click back", () => {
  assert.deepEqual(loop.tools, ["line", "mark", "shade"]);
  assert.deepEqual(loop.initialNotes(blank(3, 2)), [0, 0, 0, 0, 0, 0]);
  assert.deepEqual([0, 1, 2].map((v) => loop.nextShade(v)), [1, 2, 0]);
  assert.deepEqual([0, 1, 2].map((v) => loop.nextShade(v, true)), [2, 0, 1]);
  const puzzle = { ...blank(2, 2), givens: { clues: [1, null, null, null] } };
  const words = loop.describeDot(puzzle, loop.initialBoard(puzzle), 1, 1, t, [1, 0, 0, 2]);
  // the up-left cell (the 1) is shaded inside, the down-right one outside, the others not at all
  assert.equal(words.split("list.join").map((part) => part.match(/loop\.shade\.\d/)?.[0] ?? null).join(),
    "loop.shade.1,,,loop.shade.2");
});

test("every view that keeps notes says so with initialNotes, and only Pattern keeps none", () => {
  assert.equal(typeof signal.initialNotes, "function");
  assert.equal(typeof loop.initialNotes, "function");
  assert.equal(pattern.initialNotes, undefined);
});
