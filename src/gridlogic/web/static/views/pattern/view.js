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

import { handleGridMove, ignoreSpaceKeyup } from "../gridkeys.js";
import { htmlElement } from "../svg.js";

const EMPTY = 0, FILLED = 1, MARKED = 2;
const TAP_SLOP = 10; // pixels a touch may wander and still count as a tap

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

const place = (puzzle, i, t) => t("at.cell", { r: Math.floor(i / puzzle.width) + 1, c: (i % puzzle.width) + 1 });

// Words for a list of cells (mistakes), at most five named.
export function describeItems(puzzle, items, t) {
  const named = items.slice(0, 5).map((i) => place(puzzle, i, t)).join(t("list.join"));
  return items.length > 5 ? t("list.more", { list: named, more: items.length - 5 }) : named;
}

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

export function createView({ puzzle, onAction, t }) {
  const w = puzzle.width, h = puzzle.height;
  const rowClues = puzzle.givens.rowClues, colClues = puzzle.givens.colClues;
  const room = clueRoom(puzzle);
  const element = htmlElement("div", { class: "pattern-grid", role: "group" });
  element.style.setProperty("--w", String(w));
  element.style.setProperty("--row-clue-w", String(room.rowWidth));
  element.style.setProperty("--col-clue-h", String(room.colHeight));
  let board = initialBoard(puzzle);
  let focusIndex = 0, locked = false, tool = tools[0], drag = null;
  let badRows = new Set(), badCols = new Set(), wrong = new Set();

  // A clue: its numbers, one span each, and words for a screen reader before and after them.
  function clueHead(clue, kind) {
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

  element.append(htmlElement("div", { class: "corner" }));
  const colHeads = colClues.map((clue) => clueHead(clue, "col"));
  const rowHeads = [];
  const cells = [];
  for (let r = 0; r < h; r++) {
    rowHeads.push(clueHead(rowClues[r], "row"));
    for (let c = 0; c < w; c++) {
      const cell = htmlElement("button", { type: "button", class: "cell", "data-index": r * w + c,
        tabindex: r * w + c === focusIndex ? 0 : -1 });
      if (c % 5 === 4 && c < w - 1) cell.classList.add("rule-right");
      if (r % 5 === 4 && r < h - 1) cell.classList.add("rule-below");
      element.append(cell);
      cells.push(cell);
    }
  }

  const rowOf = (i) => Math.floor(i / w), colOf = (i) => i % w;

  // The value a stroke writes, decided by the cell it starts on (toggling that cell).
  function strokeValue(i, mark) {
    if (mark) return board[i] === MARKED ? EMPTY : MARKED;
    return board[i] === FILLED ? EMPTY : FILLED;
  }

  function write(indices, value) {
    if (locked) return;
    const next = board.slice();
    let changed = false;
    for (const i of indices) {
      if (next[i] !== value) { next[i] = value; changed = true; }
    }
    if (changed) onAction(next);
  }

  // The cells from the stroke's start to the cell under the pointer, along the row or the
  // column of the start, whichever the pointer has moved further along.
  function run(start, end) {
    const r0 = rowOf(start), c0 = colOf(start), r1 = rowOf(end), c1 = colOf(end);
    const indices = [];
    if (Math.abs(c1 - c0) >= Math.abs(r1 - r0)) {
      for (let c = Math.min(c0, c1); c <= Math.max(c0, c1); c++) indices.push(r0 * w + c);
    } else {
      for (let r = Math.min(r0, r1); r <= Math.max(r0, r1); r++) indices.push(r * w + c0);
    }
    return indices;
  }

  function cellAt(x, y) {
    const hit = document.elementFromPoint(x, y)?.closest?.(".cell");
    return hit && element.contains(hit) ? Number(hit.dataset.index) : null;
  }

  function preview(indices) {
    element.querySelectorAll(".cell.preview").forEach((cell) => cell.classList.remove("preview"));
    for (const i of indices) cells[i].classList.add("preview");
  }

  function moveFocus(i, scroll = true) {
    cells[focusIndex].tabIndex = -1;
    focusIndex = i;
    cells[i].tabIndex = 0;
    cells[i].focus({ preventScroll: !scroll });
  }

  element.addEventListener("pointerdown", (event) => {
    const cell = event.target.closest(".cell");
    if (!cell || locked || drag || (event.button !== 0 && event.button !== 2)) return;
    const i = Number(cell.dataset.index);
    const mark = event.button === 2 || tool === "mark";
    drag = { id: event.pointerId, touch: event.pointerType === "touch", start: i, end: i,
      x: event.clientX, y: event.clientY, value: strokeValue(i, mark) };
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
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) > TAP_SLOP) drag = null;
      return;
    }
    const i = cellAt(event.clientX, event.clientY);
    if (i !== null && i !== drag.end) {
      drag.end = i;
      preview(run(drag.start, drag.end));
    }
  });
  element.addEventListener("pointerup", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const stroke = drag;
    drag = null;
    preview([]);
    if (stroke.touch) {
      if (cellAt(event.clientX, event.clientY) !== stroke.start) return;
      moveFocus(stroke.start, false);
      write([stroke.start], stroke.value);
      return;
    }
    write(run(stroke.start, stroke.end), stroke.value);
  });
  element.addEventListener("pointercancel", () => { drag = null; preview([]); });
  element.addEventListener("contextmenu", (event) => event.preventDefault());
  element.addEventListener("click", (event) => {
    // Pointer presses are handled above; detail 0 is a keyboard or assistive technology.
    const cell = event.target.closest(".cell");
    if (cell && event.detail === 0) write([Number(cell.dataset.index)], strokeValue(Number(cell.dataset.index), false));
  });
  element.addEventListener("keydown", (event) => {
    if (handleGridMove(event, focusIndex, w, h, moveFocus)) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (!event.repeat) write([focusIndex], strokeValue(focusIndex, event.shiftKey));
    } else if (event.key === "x" || event.key === "X") {
      event.preventDefault();
      write([focusIndex], strokeValue(focusIndex, true));
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      write([focusIndex], EMPTY);
    }
  });
  ignoreSpaceKeyup(element);

  function cellLabel(i) {
    const state = [t("pattern.empty"), t("pattern.filled"), t("pattern.marked")][board[i]];
    const mistake = wrong.has(i) ? `, ${t("mistake.short")}` : "";
    return t("pattern.cell", { r: rowOf(i) + 1, c: colOf(i) + 1, state }) + mistake;
  }

  function showClue(parts, k, isRow, done, bad) {
    parts.head.classList.toggle("done", done);
    parts.head.classList.toggle("error", bad);
    parts.before.textContent = t(isRow ? "pattern.rowClue" : "pattern.colClue", { k: k + 1 });
    const states = [done && t("pattern.done"), bad && t("error.pattern.short")].filter(Boolean);
    parts.after.textContent = states.map((s) => `, ${s}`).join("");
  }

  // marks: {errors: liveErrors(...), mistakes: [cell indices] from Check}
  let shownMarks = { errors: [], mistakes: [] };
  function render(next, marks = shownMarks) {
    board = next;
    shownMarks = marks;
    badRows = new Set(marks.errors.find((e) => e.kind === "row")?.items || []);
    badCols = new Set(marks.errors.find((e) => e.kind === "col")?.items || []);
    wrong = new Set(marks.mistakes);
    cells.forEach((cell, i) => {
      cell.classList.toggle("filled", board[i] === FILLED);
      cell.classList.toggle("marked", board[i] === MARKED);
      cell.classList.toggle("mistake", wrong.has(i));
      cell.textContent = board[i] === MARKED ? "×" : "";
      cell.setAttribute("aria-label", cellLabel(i));
    });
    for (let r = 0; r < h; r++) {
      showClue(rowHeads[r], r, true, same(runsOf(rowCells(puzzle, board, r)), rowClues[r]), badRows.has(r));
    }
    for (let c = 0; c < w; c++) {
      showClue(colHeads[c], c, false, same(runsOf(colCells(puzzle, board, c)), colClues[c]), badCols.has(c));
    }
  }

  function relabel() {
    element.setAttribute("aria-label", t("pattern.board", { w, h }));
    render(board);
  }
  relabel();

  return {
    element,
    render,
    setLocked: (value) => {
      locked = value;
      element.classList.toggle("locked", value);
      cells.forEach((cell) => cell.setAttribute("aria-disabled", String(value)));
    },
    setTool: (name) => { tool = name; },
    relabel,
  };
}
