// Pattern's board: n×n cells (0 empty, 1 filled, 2 marked empty ×) with the row clues on the
// left and the column clues on top. A press starts a run; moving along a row or a column
// stretches it; the release writes it. On touch only a tap writes (a drag scrolls the page),
// so scrolling never changes the board.

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

export const initialBoard = (puzzle) => new Array(puzzle.size ** 2).fill(EMPTY);
export const boardFromSolution = (solution) => solution.cells.slice();

// Whether row k (isRow) or column k of board shows the runs of its clue.
function lineDone(puzzle, board, k, isRow) {
  const n = puzzle.size;
  if (isRow) return same(runsOf(board.slice(k * n, k * n + n)), puzzle.rowClues[k]);
  return same(runsOf(Array.from({ length: n }, (_, r) => board[r * n + k])), puzzle.colClues[k]);
}

// The rules: every row and every column shows the runs of its clue.
export function isSolved(puzzle, board) {
  for (let k = 0; k < puzzle.size; k++) {
    if (!lineDone(puzzle, board, k, true) || !lineDone(puzzle, board, k, false)) return false;
  }
  return true;
}

// The check's answer in words: the rows and columns that do not match (0-based in the answer,
// counted from 1 for the player).
export function describeWrong(puzzle, result, t) {
  const oneBased = (list) => list.map((i) => i + 1).join(t("list.join"));
  const parts = [];
  if (result.wrongRows?.length) parts.push(t("wrong.rows", { list: oneBased(result.wrongRows) }));
  if (result.wrongCols?.length) parts.push(t("wrong.cols", { list: oneBased(result.wrongCols) }));
  return parts.join(" ");
}

export function createView({ puzzle, onAction, t }) {
  const n = puzzle.size;
  const rowClues = puzzle.rowClues, colClues = puzzle.colClues;
  const element = htmlElement("div", { class: "pattern-grid", role: "group" });
  element.style.setProperty("--n", String(n));
  element.style.setProperty("--clue-depth", String(Math.max(...colClues.map((c) => c.length))));
  let board = initialBoard(puzzle);
  let focusIndex = 0, locked = false, tool = tools[0], drag = null;
  let wrongRows = new Set(), wrongCols = new Set();

  // A clue: its numbers, one span each, in a div of class "clue row" or "clue col".
  function clueHead(clue, kind) {
    const head = htmlElement("div", { class: `clue ${kind}` });
    for (const k of clue) {
      const number = htmlElement("span");
      number.textContent = String(k);
      head.append(number);
    }
    element.append(head);
    return head;
  }

  element.append(htmlElement("div", { class: "corner" }));
  const colHeads = colClues.map((clue) => clueHead(clue, "col"));
  const rowHeads = [];
  const cells = [];
  for (let r = 0; r < n; r++) {
    rowHeads.push(clueHead(rowClues[r], "row"));
    for (let c = 0; c < n; c++) {
      const cell = htmlElement("button", { type: "button", class: "cell", "data-index": r * n + c,
        tabindex: r * n + c === focusIndex ? 0 : -1 });
      if (c % 5 === 4 && c < n - 1) cell.classList.add("rule-right");
      if (r % 5 === 4 && r < n - 1) cell.classList.add("rule-below");
      element.append(cell);
      cells.push(cell);
    }
  }

  const rowOf = (i) => Math.floor(i / n), colOf = (i) => i % n;

  // The value a stroke writes, decided by the cell it starts on (toggling that cell).
  function strokeValue(i, mark) {
    if (mark) return board[i] === MARKED ? EMPTY : MARKED;
    return board[i] === FILLED ? EMPTY : FILLED;
  }

  function write(indices, value) {
    if (locked) return;
    const next = board.slice();
    let changes = 0;
    for (const i of indices) {
      if (next[i] !== value) { next[i] = value; changes++; }
    }
    if (changes) onAction(next, changes);
  }

  // The cells from the stroke's start to the cell under the pointer, along the row or the
  // column of the start, whichever the pointer has moved further along.
  function run(start, end) {
    const r0 = rowOf(start), c0 = colOf(start), r1 = rowOf(end), c1 = colOf(end);
    const indices = [];
    if (Math.abs(c1 - c0) >= Math.abs(r1 - r0)) {
      for (let c = Math.min(c0, c1); c <= Math.max(c0, c1); c++) indices.push(r0 * n + c);
    } else {
      for (let r = Math.min(r0, r1); r <= Math.max(r0, r1); r++) indices.push(r * n + c0);
    }
    return indices;
  }

  function cellAt(x, y) {
    const hit = document.elementFromPoint(x, y)?.closest?.(".cell");
    return hit && element.contains(hit) ? Number(hit.dataset.index) : null;
  }

  function preview(indices) {
    cells.forEach((cell) => cell.classList.remove("preview"));
    for (const i of indices) cells[i].classList.add("preview");
  }

  function moveFocus(i) {
    cells[focusIndex].tabIndex = -1;
    focusIndex = i;
    cells[i].tabIndex = 0;
    cells[i].focus({ preventScroll: true });
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
      moveFocus(i);
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
      moveFocus(stroke.start);
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
    if (handleGridMove(event, focusIndex, n, moveFocus)) return;
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
    return t("pattern.cell", { r: rowOf(i) + 1, c: colOf(i) + 1, state });
  }

  function render(next) {
    const changed = next !== board;
    board = next;
    if (changed) { wrongRows = new Set(); wrongCols = new Set(); }
    cells.forEach((cell, i) => {
      cell.classList.toggle("filled", board[i] === FILLED);
      cell.classList.toggle("marked", board[i] === MARKED);
      cell.textContent = board[i] === MARKED ? "×" : "";
      cell.setAttribute("aria-label", cellLabel(i));
    });
    for (let k = 0; k < n; k++) {
      const rowDone = lineDone(puzzle, board, k, true), colDone = lineDone(puzzle, board, k, false);
      rowHeads[k].classList.toggle("done", rowDone);
      colHeads[k].classList.toggle("done", colDone);
      rowHeads[k].classList.toggle("wrong", wrongRows.has(k));
      colHeads[k].classList.toggle("wrong", wrongCols.has(k));
      rowHeads[k].setAttribute("aria-label", t("pattern.rowClue",
        { r: k + 1, clue: rowClues[k].join(" "), done: rowDone ? t("pattern.done") : "" }));
      colHeads[k].setAttribute("aria-label", t("pattern.colClue",
        { c: k + 1, clue: colClues[k].join(" "), done: colDone ? t("pattern.done") : "" }));
    }
  }

  function relabel() {
    element.setAttribute("aria-label", t("pattern.board", { n }));
    render(board);
  }
  relabel();

  return {
    element,
    render,
    showWrong: (result) => {
      wrongRows = new Set(result.wrongRows || []);
      wrongCols = new Set(result.wrongCols || []);
      render(board);
    },
    setLocked: (value) => {
      locked = value;
      element.classList.toggle("locked", value);
      cells.forEach((cell) => cell.setAttribute("aria-disabled", String(value)));
    },
    setTool: (name) => { tool = name; },
    relabel,
  };
}
