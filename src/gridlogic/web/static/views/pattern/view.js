// Pattern's board: width × height cells (0 empty, 1 filled, 2 marked empty ×) with the row clues
// on the left and the column clues on top. A press starts a run; moving along a row or a column
// stretches it; the release writes it. On touch only a tap writes (a drag scrolls or pans the
// board), so scrolling never changes the board. When the board is zoomed past its box the clues
// stay in view (they stick to the box's top and left edges).
//
// What the rules alone can tell while playing (liveErrors): a row or column whose filled and
// marked cells can no longer hold its clue ("row", "col"). For example a 5-cell row with clue
// 3 and cells ■ × ■ . . cannot hold a run of 3 that covers both filled cells, so it is an error;
// clearing the × makes ■ ■ ■ possible again and the error goes. A line that is merely unfinished
// (■ . . . . for that clue) is never an error.

import { htmlElement } from "../../svg.js";
import {
  boardControls, boardElement, boardState, createCells, describeCells, movedBeyondTap,
} from "../grid.js";

const EMPTY = 0, FILLED = 1, MARKED = 2;

// What a tap does (the page's tool switch); the first is the default.
export const tools = ["fill", "mark"];

export function runsOf(line) {
  const runs = [];
  let length = 0;
  for (const value of [...line, EMPTY]) {
    if (value === FILLED) length++;
    else if (length) { runs.push(length); length = 0; }
  }
  return runs.length ? runs : [0];
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

function rowCells(puzzle, board, r) {
  return board.slice(r * puzzle.width, (r + 1) * puzzle.width);
}

function colCells(puzzle, board, c) {
  return Array.from({ length: puzzle.height }, (_, r) => board[r * puzzle.width + c]);
}

// Whether a line (0 unknown, 1 filled, 2 marked empty) can still show the runs of clue: a
// dynamic programme over (runs placed, cells used), from the line's end.
export function lineFits(line, clue) {
  const runs = clue.length === 1 && clue[0] === 0 ? [] : clue;
  const n = line.length;
  // fits[i]: the runs from the current one on fit in line[i..]; first for no runs left.
  let fits = new Array(n + 2).fill(true);
  for (let i = n - 1; i >= 0; i--) fits[i] = fits[i + 1] && line[i] !== FILLED;
  for (let j = runs.length - 1; j >= 0; j--) {
    const length = runs[j], later = fits;
    fits = new Array(n + 2).fill(false);
    let open = 0; // cells from i on that are not marked, up to length
    for (let i = n - 1; i >= 0; i--) {
      open = line[i] === MARKED ? 0 : open + 1;
      let ok = line[i] !== FILLED && fits[i + 1];
      if (!ok && open >= length) {
        const end = i + length;
        ok = end === n ? later[n] : line[end] !== FILLED && later[end + 1];
      }
      fits[i] = ok;
    }
  }
  return fits[0];
}

// Whether pasted text is a Pattern puzzle in another program's format: a Tatham Pattern game ID
// (5x5:2/1.1/..., its clues split by "/"; or a random one, 5x5#seed) or a .non file (its width and
// height lines, and rows or columns). gridlogic.pattern.formats reads both.
export function recognises(text) {
  const stripped = String(text).replace(/^\ufeff/, "").trim();
  if (/^\d+(x\d+)?#/.test(stripped)) return true;
  if (/^\d+(x\d+)?:/.test(stripped)) return stripped.includes("/");
  return /^\s*width\s+\d+\s*$/m.test(stripped) && /^\s*height\s+\d+\s*$/m.test(stripped)
    && /^\s*(rows|columns)\s*$/m.test(stripped);
}

export const initialBoard = (puzzle) => new Array(puzzle.width * puzzle.height).fill(EMPTY);
export const boardFromSolution = (solution) => solution.cells.slice();

// The rules: every row and every column shows the runs of its clue.
export function isSolved(puzzle, board) {
  for (let r = 0; r < puzzle.height; r++) if (!same(runsOf(rowCells(puzzle, board, r)), puzzle.givens.rowClues[r])) return false;
  for (let c = 0; c < puzzle.width; c++) if (!same(runsOf(colCells(puzzle, board, c)), puzzle.givens.colClues[c])) return false;
  return true;
}

// What the rules alone say is wrong now: [{kind: "row"|"col", items: [line indices]}].
export function liveErrors(puzzle, board) {
  const errors = [];
  const rows = [], cols = [];
  for (let r = 0; r < puzzle.height; r++) if (!lineFits(rowCells(puzzle, board, r), puzzle.givens.rowClues[r])) rows.push(r);
  for (let c = 0; c < puzzle.width; c++) if (!lineFits(colCells(puzzle, board, c), puzzle.givens.colClues[c])) cols.push(c);
  if (rows.length) errors.push({ kind: "row", items: rows });
  if (cols.length) errors.push({ kind: "col", items: cols });
  return errors;
}

// The moves a change of board costs: each cell that is filled before and not after, or the other
// way round; marks are notes and free.
export function moveCost(before, after) {
  return after.reduce((sum, value, i) => sum + ((value === FILLED) !== (before[i] === FILLED)), 0);
}

// Check's answer against the solution: filled cells the answer leaves empty and × marks on cells
// it fills. Empty cells are unfinished, never called wrong.
export function mistakes(puzzle, board, solution) {
  const wrong = [];
  board.forEach((value, i) => {
    if ((value === FILLED && solution[i] !== FILLED) || (value === MARKED && solution[i] === FILLED)) wrong.push(i);
  });
  return wrong;
}

// Words for a list of cells (mistakes), at most five named.
export const describeItems = describeCells;

// A live error in words: the lines, counted from 1.
export const describeError = (puzzle, { kind, items }, t) =>
  t(`error.pattern.${kind}`, { list: items.map((k) => k + 1).join(t("list.join")) });

// The clues' room in cells: a number takes about 0.32 of a cell per digit and 0.22 between, a
// column's numbers 0.6 of a cell each, and a met clue's tick one number more.
function clueWidth(clue) {
  return clue.reduce((sum, k) => sum + String(k).length * 0.32 + 0.22, 0.7);
}
const clueRoom = (puzzle) => ({
  rowWidth: Math.max(1, ...puzzle.givens.rowClues.map(clueWidth)),
  colHeight: Math.max(1, ...puzzle.givens.colClues.map((clue) => (clue.length + 1) * 0.6 + 0.25)),
});

// The board's size in cells, its clues included: the page scales a cell to fit.
export function extent(puzzle) {
  const room = clueRoom(puzzle);
  return { width: puzzle.width + room.rowWidth, height: puzzle.height + room.colHeight };
}

// A clue appended to element: its numbers, one span each, and words for a screen reader before and
// after them (showClue fills those).
function clueHead(element, clue, kind) {
  const head = htmlElement("div", { class: `clue ${kind}` });
  const before = htmlElement("span", { class: "sr-only" });
  const after = htmlElement("span", { class: "sr-only" });
  head.append(before);
  for (const k of clue) {
    const number = htmlElement("span", { class: "number" });
    number.textContent = String(k);
    head.append(number);
  }
  head.append(after);
  element.append(head);
  return { head, before, after };
}

// A clue's state: met (a tick), or no longer possible (an error), said in its words too.
function showClue(parts, k, isRow, done, bad, t) {
  parts.head.classList.toggle("done", done);
  parts.head.classList.toggle("error", bad);
  parts.before.textContent = t(isRow ? "pattern.rowClue" : "pattern.colClue", { k: k + 1 });
  const states = [done && t("pattern.done"), bad && t("error.pattern.short")].filter(Boolean);
  parts.after.textContent = states.map((s) => `, ${s}`).join("");
}

// The value a stroke writes, decided by the cell it starts on (toggling that cell).
function strokeValue(board, i, mark) {
  if (mark) return board[i] === MARKED ? EMPTY : MARKED;
  return board[i] === FILLED ? EMPTY : FILLED;
}

// The cells of a board w wide from a stroke's start to the cell under the pointer, along the row
// or the column of the start, whichever the pointer has moved further along.
export function strokeRun(start, end, w) {
  const r0 = Math.floor(start / w), c0 = start % w, r1 = Math.floor(end / w), c1 = end % w;
  const indices = [];
  if (Math.abs(c1 - c0) >= Math.abs(r1 - r0)) {
    for (let c = Math.min(c0, c1); c <= Math.max(c0, c1); c++) indices.push(r0 * w + c);
  } else {
    for (let r = Math.min(r0, r1); r <= Math.max(r0, r1); r++) indices.push(r * w + c0);
  }
  return indices;
}

// A thicker line after every fifth column and row (not at the board's edge), for counting.
function ruleLines(cell, i, w, h) {
  const r = Math.floor(i / w), c = i % w;
  if (c % 5 === 4 && c < w - 1) cell.classList.add("rule-right");
  if (r % 5 === 4 && r < h - 1) cell.classList.add("rule-below");
}

function cellLabel(board, i, w, wrong, t) {
  const state = [t("pattern.empty"), t("pattern.filled"), t("pattern.marked")][board[i]];
  const mistake = wrong.has(i) ? `, ${t("mistake.short")}` : "";
  return t("pattern.cell", { r: Math.floor(i / w) + 1, c: (i % w) + 1, state }) + mistake;
}

// Keys besides the arrows: Enter or Space fills (Shift marks), X marks, Delete or Backspace empties.
export function createView({ puzzle, onAction, t }) {
  const w = puzzle.width, h = puzzle.height;
  const rowClues = puzzle.givens.rowClues, colClues = puzzle.givens.colClues;
  const room = clueRoom(puzzle);
  const element = boardElement("div", { class: "pattern-grid", role: "group" },
    { w, "row-clue-w": room.rowWidth, "col-clue-h": room.colHeight });
  const state = boardState(tools);
  let board = initialBoard(puzzle), drag = null, wrong = new Set();

  function write(indices, value) {
    if (state.locked) return;
    const next = board.slice();
    let changed = false;
    for (const i of indices) {
      if (next[i] !== value) { next[i] = value; changed = true; }
    }
    if (changed) onAction(next);
  }
  function onKey(event, i) {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (!event.repeat) write([i], strokeValue(board, i, event.shiftKey));
    } else if (event.key === "x" || event.key === "X") {
      event.preventDefault();
      write([i], strokeValue(board, i, true));
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      write([i], EMPTY);
    }
  }
  element.append(htmlElement("div", { class: "corner" }));
  const colHeads = colClues.map((clue) => clueHead(element, clue, "col"));
  const rowHeads = [];
  const { cells, moveFocus, indexAt, label } = createCells({ element, w, h, className: "cell", onKey,
    beforeRow: (r) => rowHeads.push(clueHead(element, rowClues[r], "row")),
    decorate: (cell, i) => ruleLines(cell, i, w, h) });
  const cellAt = (x, y) => indexAt(document.elementFromPoint(x, y));
  function preview(indices) {
    element.querySelectorAll(".cell.preview").forEach((cell) => cell.classList.remove("preview"));
    for (const i of indices) cells[i].classList.add("preview");
  }

  // A press starts a stroke on its cell; a mouse or pen stretches it along a row or a column and
  // the release writes it; a touch writes only a tap that ends where it began (a drag scrolls).
  element.addEventListener("pointerdown", (event) => {
    const i = indexAt(event.target);
    if (i === null || state.locked || drag || (event.button !== 0 && event.button !== 2)) return;
    drag = { id: event.pointerId, touch: event.pointerType === "touch", start: i, end: i,
      x: event.clientX, y: event.clientY, value: strokeValue(board, i, event.button === 2 || state.tool === "mark") };
    if (!drag.touch) {
      event.preventDefault(); // no text selection while painting
      element.setPointerCapture(event.pointerId);
      moveFocus(i, false);
      preview([i]);
    }
  });
  element.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    if (drag.touch) {
      if (movedBeyondTap(drag, event)) drag = null;
      return;
    }
    const i = cellAt(event.clientX, event.clientY);
    if (i !== null && i !== drag.end) {
      drag.end = i;
      preview(strokeRun(drag.start, drag.end, w));
    }
  });
  element.addEventListener("pointerup", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const stroke = drag;
    drag = null;
    preview([]);
    if (!stroke.touch) write(strokeRun(stroke.start, stroke.end, w), stroke.value);
    else if (cellAt(event.clientX, event.clientY) === stroke.start) {
      moveFocus(stroke.start, false);
      write([stroke.start], stroke.value);
    }
  });
  element.addEventListener("pointercancel", () => { drag = null; preview([]); });
  element.addEventListener("click", (event) => {
    // Pointer presses are handled above; detail 0 is a keyboard or assistive technology.
    const i = indexAt(event.target);
    if (i !== null && event.detail === 0) write([i], strokeValue(board, i, false));
  });

  // marks: {errors: liveErrors(...), mistakes: [cell indices] from Check}
  let shownMarks = { errors: [], mistakes: [] };
  function render(next, marks = shownMarks) {
    board = next;
    shownMarks = marks;
    const badRows = new Set(marks.errors.find((e) => e.kind === "row")?.items || []);
    const badCols = new Set(marks.errors.find((e) => e.kind === "col")?.items || []);
    wrong = new Set(marks.mistakes);
    cells.forEach((cell, i) => {
      cell.classList.toggle("filled", board[i] === FILLED);
      cell.classList.toggle("marked", board[i] === MARKED);
      cell.classList.toggle("mistake", wrong.has(i));
      cell.textContent = board[i] === MARKED ? "×" : "";
    });
    label((i) => cellLabel(board, i, w, wrong, t));
    for (let r = 0; r < h; r++) {
      showClue(rowHeads[r], r, true, same(runsOf(rowCells(puzzle, board, r)), rowClues[r]), badRows.has(r), t);
    }
    for (let c = 0; c < w; c++) {
      showClue(colHeads[c], c, false, same(runsOf(colCells(puzzle, board, c)), colClues[c]), badCols.has(c), t);
    }
  }

  function relabel() {
    element.setAttribute("aria-label", t("pattern.board", { w, h }));
    render(board);
  }
  relabel();
  return boardControls(state, { element, render, relabel, cells });
}
