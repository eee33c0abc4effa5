// Loop's view (static/views/loop/view.js): its rules, what a move costs, what Check calls a
// mistake, each live error appearing and going away, and what the keyboard's cursor says; its
// studio editor (studio.js): the server's edge numbering and random loops; and the texts its view
// recognises.

import assert from "node:assert/strict";
import { test } from "node:test";

import { gameForText } from "../../../../src/gridlogic/web/static/import.js";
import * as loop from "../../../../src/gridlogic/web/static/views/loop/view.js";
import { cellEdges, edgeCount, loopState, randomLoop } from "../../../../src/gridlogic/web/static/views/loop/studio.js";
import { assertTextsGoTo, seeded } from "../games.mjs";

// A stand-in for i18n's t: the key and its values, so that a test sees what was asked for.
const t = (key, values = {}) => (Object.keys(values).length ? `${key}${JSON.stringify(values)}` : key);
const kinds = (errors) => errors.map((e) => e.kind);
const itemsOf = (errors, kind) => errors.find((e) => e.kind === kind)?.items ?? [];

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

test("Loop keeps notes (the shading), none at the start", () => {
  assert.equal(typeof loop.initialNotes, "function");
});

test("Loop: a puzz.link URL or a Loopy game ID is Loop's, whichever game is chosen", async () => {
  await assertTextsGoTo(assert, gameForText, "loop", [
    "https://puzz.link/p?slither/3/3/gddb",
    "http://pzv.jp/p.html?slither/5/5/kak520cjd",
    "slither/3/3/gddb",
    "7x7t0:02b2a3b3a1a2c2b",
    "loop.1.5x5.any.x",
  ]);
});

// --- the studio editor ---------------------------------------------------------------------------

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
